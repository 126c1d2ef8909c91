"""Declaring a library function's reference record beside it (``lib_record = library_records(__name__)``,
``@lib_record(...)``): a small module the family modules import; ``ascx.language.adv.lib_api_docs`` renders
the pages, and is imported at a declaration only to give the function its docstring."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ascx.language.docstrings import docstrings_wanted
from ascx.language.records import summary_of


@dataclass(frozen=True)
class LibDoc:
    """The reference of one library function."""

    name: str
    summary: str
    cpp: tuple[str, ...]
    """The C++ prototypes the calls resolve to."""
    params: tuple[tuple[str, str], ...]
    rules: tuple[str, ...]
    """Constraints, with the exact messages of their errors."""
    precision: str
    """What the emulation computes, and how exactly."""
    example: tuple[str, str]
    """(flavor, the call), compiled in the flavor's kernel."""
    notes: tuple[str, ...] = ()
    element: str = "asc.float16"
    """The element type of a ``binary`` example."""
    module: str = ""
    """The module that defines the function and declares the record."""

    def target(self) -> Callable[..., Any]:
        import ascx.language.adv as adv

        return getattr(adv, self.name)


# --- the records -----------------------------------------------------------------------------------------

MODULES = (
    "ascx.language.adv.math",
    "ascx.language.adv.activation",
    "ascx.language.adv.online_softmax",
    "ascx.language.adv.softmax_variants",
    "ascx.language.adv.normalization",
    "ascx.language.adv.quantization",
    "ascx.language.adv.sort",
)
"""The family modules whose functions have records (declared beside them, :func:`library_records`), in the
order of the pages in the index."""

RECORDS: dict[str, LibraryRecords] = {}
"""Module name -> the records declared in it (filled as the modules are imported)."""

_F = TypeVar("_F", bound=Callable[..., Any])


@dataclass
class LibraryRecords:
    """The records of the library functions one module defines, each declared beside its function::

        lib_record = library_records(__name__)

        @lib_record(cpp=(...), params=(...), rules=(...), precision="...", example=("half", "asc.adv.f(...)"))
        def f(dst: Any, src: Any, ...) -> None:
            \"\"\"``F``: what it computes.\"\"\"

    The function's own docstring is the record's summary (unless ``summary`` is given); declaring the record
    gives the function its whole docstring (:func:`render_docstring`) at once.  ``document`` does the same
    for a function whose record is built by a helper (``lib_record.document(acos, ...)``).
    """

    module: str
    entries: list[LibDoc] = field(default_factory=lambda: list[LibDoc]())

    def __call__(
        self,
        cpp: Sequence[str],
        params: Sequence[tuple[str, str]],
        rules: Sequence[str],
        precision: str,
        example: tuple[str, str],
        notes: Sequence[str] = (),
        *,
        summary: str = "",
        element: str = "asc.float16",
    ) -> Callable[[_F], _F]:
        def declare(function: _F) -> _F:
            return self.document(
                function, cpp, params, rules, precision, example, notes, summary=summary, element=element
            )

        return declare

    def document(
        self,
        function: _F,
        cpp: Sequence[str],
        params: Sequence[tuple[str, str]],
        rules: Sequence[str],
        precision: str,
        example: tuple[str, str],
        notes: Sequence[str] = (),
        *,
        summary: str = "",
        element: str = "asc.float16",
    ) -> _F:
        """Record ``function`` (a function of this module, named as ``asc.adv`` exports it) and give it its
        docstring."""
        name = function.__name__
        if any(doc.name == name for doc in self.entries):
            raise ValueError(f"{self.module}:{name} has two records")
        doc = LibDoc(
            name,
            summary or summary_of(function),
            tuple(cpp),
            tuple(params),
            tuple(rules),
            precision,
            example,
            tuple(notes),
            element,
            self.module,
        )
        self.entries.append(doc)
        if docstrings_wanted():  # a tool that skips docstrings (``skip_docstrings``) leaves them off here too
            from ascx.language.adv.lib_api_docs import render_docstring

            function.__doc__ = render_docstring(doc)
        return function


def library_records(module: str) -> LibraryRecords:
    """The records of the library functions of ``module`` (its ``__name__``, one of :data:`MODULES`)."""
    if module in RECORDS:
        raise ValueError(f"{module} declares its records twice")
    RECORDS[module] = LibraryRecords(module)
    return RECORDS[module]
