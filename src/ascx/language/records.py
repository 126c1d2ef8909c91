"""Declaring an API's reference record beside it: ``record = records(__name__, "basic/vector_data")`` at
the top of a family module, ``@record(forms=..., cpp=..., rules=...)`` above each API.  A small module,
imported by every family module: the pages, their examples and their rendering are
``ascx.language.reference``'s, imported only where pages are made (docs/extending.md#adding-an-api).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ascx.language.docstrings import docstrings_wanted


@dataclass(frozen=True)
class ApiEntry:
    """The reference of one API."""

    target: str
    """Where the API lives: ``"ascx.language.basic.vec_binary:add"`` or ``"...tpipe:TPipe.init_buffer"``."""
    summary: str
    forms: tuple[str, ...]
    """The Python call forms, as a kernel writes them."""
    cpp: tuple[str, ...]
    """The C++ the call becomes (prototypes or call shapes)."""
    params: tuple[tuple[str, str], ...] = ()
    rules: tuple[str, ...] = ()
    """Constraints, with the exact messages of their errors."""
    notes: tuple[str, ...] = ()
    title: str = ""
    """How the page names the API, when not its path (``GlobalTensor[offset:]``)."""
    page: str = ""
    """The family page the record belongs to, when declared beside its API (:class:`ModuleRecords`)."""
    example: str = ""
    """Statements that call the API, added at the end of the family's example kernel (they use the
    tensors the family's kernel declares), so that a new API of a family brings its own call."""

    @property
    def name(self) -> str:
        """How kernels spell the API: ``asc.add``, ``TPipe.init_buffer``."""
        if self.title:
            return self.title
        path = self.target.split(":")[1]
        return path if "." in path else f"asc.{path}"

    @property
    def anchor(self) -> str:
        return re.sub(r"[^a-z0-9_-]", "", self.name.lower().replace(".", "-"))

    def resolve(self) -> Any:
        """The Python object the record documents."""
        module_name, path = self.target.split(":")
        obj: Any = importlib.import_module(module_name)
        for part in path.split("."):
            obj = getattr(obj, part)
        return obj


RECORDS: dict[str, ModuleRecords] = {}
"""Module name -> the records declared in it (filled as the modules are imported)."""

_T = TypeVar("_T")


@dataclass
class ModuleRecords:
    """The reference records of the APIs one module defines, each declared beside its API::

        record = records(__name__, "basic/vector_data")

        @record(forms=("asc.gather(dst, src, src_offset, src_base, count)",), cpp=(...), rules=(...))
        def gather(...) -> None:
            \"\"\"Element ``i`` of ``dst`` is the element of ``src`` at byte ``src_base + src_offset[i]``.\"\"\"

    The API's own docstring is the record's summary; declaring the record gives the API its whole
    docstring (forms, C++, parameters, rules) at once, so ``help()`` and editors that ask the running
    object see it from the first import.  ``document`` does the same for an API built by a factory
    (``add = record.document(_binary("add", ...), summary=..., forms=...)``).
    """

    module: str
    page: str
    """The family page of the module's records, unless a record names another."""
    entries: list[ApiEntry] = field(default_factory=lambda: list[ApiEntry]())

    def __call__(
        self,
        forms: Sequence[str],
        cpp: Sequence[str],
        params: Sequence[tuple[str, str]] = (),
        rules: Sequence[str] = (),
        notes: Sequence[str] = (),
        *,
        summary: str = "",
        title: str = "",
        page: str = "",
        example: str = "",
    ) -> Callable[[_T], _T]:
        def declare(api: _T) -> _T:
            return self.document(
                api, forms, cpp, params, rules, notes, summary=summary, title=title, page=page, example=example
            )

        return declare

    def document(
        self,
        api: _T,
        forms: Sequence[str],
        cpp: Sequence[str],
        params: Sequence[tuple[str, str]] = (),
        rules: Sequence[str] = (),
        notes: Sequence[str] = (),
        *,
        summary: str = "",
        title: str = "",
        page: str = "",
        example: str = "",
    ) -> _T:
        """Record ``api`` (a function, class or property getter of this module) and give it its docstring.  A
        class's record goes before those of its methods (a class decorator runs after the class body)."""
        declared: Any = api
        target = f"{self.module}:{declared.__qualname__}"
        if any(entry.target == target for entry in self.entries):
            raise ValueError(f"{target} has two records")
        entry = ApiEntry(
            target,
            summary or summary_of(api),
            tuple(forms),
            tuple(cpp),
            tuple(params),
            tuple(rules),
            tuple(notes),
            title,
            page or self.page,
            example,
        )
        members = [i for i, known in enumerate(self.entries) if known.target.startswith(f"{target}.")]
        self.entries.insert(members[0] if isinstance(api, type) and members else len(self.entries), entry)
        if docstrings_wanted():  # a tool that skips docstrings (``skip_docstrings``) leaves them off here too
            function: Any = getattr(declared, "__func__", declared)
            function.__doc__ = render_docstring(entry, entry.page)
        return api


def records(module: str, page: str) -> ModuleRecords:
    """The records of ``module`` (its ``__name__``), by default on the family page ``page``."""
    if module in RECORDS:
        raise ValueError(f"{module} declares its records twice")
    RECORDS[module] = ModuleRecords(module, page)
    return RECORDS[module]


def summary_of(api: object) -> str:
    """An API's own docstring as a record's summary: its paragraphs, each on one line."""
    doc = vars(api).get("__doc__") if isinstance(api, type) else getattr(api, "__doc__", None)
    if not isinstance(doc, str) or not doc.strip():
        raise ValueError(f"{getattr(api, '__qualname__', api)} has a record but no docstring to summarise it")
    return "\n\n".join(" ".join(part.split("\n")) for part in cleandoc(doc).split("\n\n"))


def render_docstring(entry: ApiEntry, slug: str) -> str:
    lines = [entry.summary, "", "Forms::", ""]
    lines += [f"    {form}" for form in entry.forms]
    lines += ["", "C++::", ""]
    lines += [f"    {p}" for p in entry.cpp]
    if entry.params:
        lines += ["", "Parameters:"]
        lines += [f"    {name}: {text}" for name, text in entry.params]
    if entry.rules:
        lines += ["", "Rules:"]
        lines += [f"    - {rule}" for rule in entry.rules]
    lines += ["", f"Reference: docs/reference/{slug}.md#{entry.anchor}"]
    return "\n".join(lines)


def cleandoc(doc: str) -> str:
    """``inspect.cleandoc`` without importing ``inspect``: the first line stripped, the others dedented by
    their common indentation, blank lines at both ends dropped."""
    lines = doc.expandtabs().split("\n")
    rest = [line for line in lines[1:] if line.strip()]
    margin = min((len(line) - len(line.lstrip()) for line in rest), default=0)
    out = [lines[0].strip(), *(line[margin:].rstrip() for line in lines[1:])]
    while out and not out[0]:
        out.pop(0)
    while out and not out[-1]:
        out.pop()
    return "\n".join(out)
