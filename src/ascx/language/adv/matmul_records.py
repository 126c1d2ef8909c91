"""Declaring a Matmul method's reference record beside it (``matmul_record = matmul_records(__name__)``,
``@matmul_record(...)``): a small module the Matmul modules import; ``ascx.language.adv.api_docs`` renders
the pages, and is imported at a declaration only to give the method its docstring."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ascx.language.docstrings import docstrings_wanted
from ascx.language.records import summary_of


@dataclass(frozen=True)
class ApiDoc:
    """The reference of one API."""

    name: str
    summary: str
    cpp: tuple[str, ...]
    """The C++ prototypes the call resolves to."""
    params: tuple[tuple[str, str], ...] = ()
    rules: tuple[str, ...] = ()
    """Constraints, with the exact messages of their errors."""
    example: tuple[str, str] = ("gm", "")
    """(flavor, statements after the common set-up); an empty body means no example."""
    notes: tuple[str, ...] = ()
    owner: str = "Matmul"
    """``Matmul`` for methods, ``asc.adv`` for functions."""
    overloads: tuple[str, ...] = ()
    """The Python signatures of an overloaded API (otherwise read from the function)."""
    module: str = ""
    """The module that defines the method or function and declares the record."""

    @property
    def title(self) -> str:
        return f"Matmul.{self.name}" if self.owner == "Matmul" else f"asc.adv.{self.name}"


MODULES = (
    "ascx.language.adv.matmul",
    "ascx.language.adv.matmul_inputs",
    "ascx.language.adv.matmul_results",
    "ascx.language.adv.static_tiling",
)
"""The modules whose methods and functions have records (declared beside them, :func:`matmul_records`), in
the order of the pages in the index."""

RECORDS: dict[str, MatmulRecords] = {}
"""Module name -> the records declared in it (filled as the modules are imported)."""

_F = TypeVar("_F", bound=Callable[..., Any])


@dataclass
class MatmulRecords:
    """The records of the Matmul methods (and ``asc.adv`` functions) one module defines, each declared beside
    its method::

        matmul_record = matmul_records(__name__)

        class MatmulInputs(MatmulBase):
            @matmul_record(cpp=("void DisableBias();",), example=("gm", "mm.disable_bias()"))
            def disable_bias(self) -> None:
                \"\"\"Compute without a bias.\"\"\"

    The method's own docstring is the record's summary (unless ``summary`` is given); declaring the record
    gives the method its whole docstring (:func:`render_docstring`) at once.  A method (a function defined in
    a class) is documented as ``Matmul.<name>``, a module-level function as ``asc.adv.<name>``.
    """

    module: str
    entries: list[ApiDoc] = field(default_factory=lambda: list[ApiDoc]())

    def __call__(
        self,
        cpp: Sequence[str],
        params: Sequence[tuple[str, str]] = (),
        rules: Sequence[str] = (),
        example: tuple[str, str] = ("gm", ""),
        notes: Sequence[str] = (),
        *,
        summary: str = "",
        overloads: Sequence[str] = (),
    ) -> Callable[[_F], _F]:
        def declare(function: _F) -> _F:
            return self.document(function, cpp, params, rules, example, notes, summary=summary, overloads=overloads)

        return declare

    def document(
        self,
        function: _F,
        cpp: Sequence[str],
        params: Sequence[tuple[str, str]] = (),
        rules: Sequence[str] = (),
        example: tuple[str, str] = ("gm", ""),
        notes: Sequence[str] = (),
        *,
        summary: str = "",
        overloads: Sequence[str] = (),
    ) -> _F:
        """Record ``function`` (a method of a Matmul class, or a function of ``asc.adv``, of this module) and
        give it its docstring."""
        name = function.__name__
        if any(doc.name == name for doc in self.entries):
            raise ValueError(f"{self.module}:{name} has two records")
        doc = ApiDoc(
            name,
            summary or summary_of(function),
            tuple(cpp),
            tuple(params),
            tuple(rules),
            example,
            tuple(notes),
            "Matmul" if "." in function.__qualname__ else "asc.adv",
            tuple(overloads),
            self.module,
        )
        self.entries.append(doc)
        if docstrings_wanted():  # a tool that skips docstrings (``skip_docstrings``) leaves them off here too
            from ascx.language.adv.api_docs import render_docstring

            function.__doc__ = render_docstring(doc)
        return function


def matmul_records(module: str) -> MatmulRecords:
    """The records of the Matmul methods and functions of ``module`` (its ``__name__``, one of :data:`MODULES`)."""
    if module in RECORDS:
        raise ValueError(f"{module} declares its records twice")
    RECORDS[module] = MatmulRecords(module)
    return RECORDS[module]
