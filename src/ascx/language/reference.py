"""API reference pages per family: one record per API, rendered both as the docstring of the Python
object and as a section of its family's page under ``docs/reference/`` (the Matmul API has one page
per method, from the records beside its methods that ``ascx.language.adv.api_docs`` collects).

    python -m ascx.cli.api_docs        # regenerate every page

A family page ends with an example kernel that calls the family's APIs and the Ascend C that ascx
emits for it, produced when the page is generated; ``tests/docs/test_api_family_pages.py`` checks
that every page is up to date, that every public API has a record, and that the example's C++
calls every C++ function the records name.
"""

from __future__ import annotations

import importlib
import inspect
import re
import textwrap
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from ascx.errors import AscxWarning
from ascx.language.docstrings import docstrings_wanted
from ascx.lazy_exports import lazy_names

KERNEL_HEAD = "import ascx as asc\nfrom ascx.runtime.jit import MockTensor, MockValue\n"


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
        """The Python object the record documents, read as a kernel reads it: through its family
        package (``asc.language.basic.add``) when the package exports it, so the package's
        docstrings are applied first (``document_package``)."""
        module_name, path = self.target.split(":")
        package = importlib.import_module(".".join(module_name.split(".")[:3]))
        exported = path.split(".")[0]
        if exported in lazy_names(package):
            getattr(package, exported)
        obj: Any = importlib.import_module(module_name)
        for part in path.split("."):
            obj = getattr(obj, part)
        return obj


@dataclass(frozen=True)
class Family:
    """A page: related APIs, and an example kernel that calls them."""

    slug: str
    """The page's path under ``docs/reference`` without ``.md``: ``"basic/vector_binary"``."""
    title: str
    intro: str
    listed: tuple[ApiEntry, ...]
    """Records kept apart from their APIs (being moved beside them, into ``modules``)."""
    example: str
    """A kernel file (after ``KERNEL_HEAD``) defining ``@asc.jit def kernel``."""
    example_args: str
    """The arguments ``kernel.compile`` gets, as a Python expression."""
    records: str = ""
    """The module that holds the records, when not ``ascx.language.<first part of slug>.api_docs``."""
    modules: tuple[str, ...] = ()
    """The modules whose records (declared beside their APIs, :func:`records`) make up the page, in page
    order; a module's records for other pages are left out."""

    @property
    def entries(self) -> tuple[ApiEntry, ...]:
        """The page's records: the listed ones, then those of ``modules`` in definition order."""
        found = list(self.listed)
        for module in self.modules:
            importlib.import_module(module)
            found += [entry for entry in RECORDS[module].entries if entry.page == self.slug]
        return tuple(found)


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
            textwrap.dedent(example).strip("\n"),
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
    return "\n\n".join(" ".join(part.split("\n")) for part in inspect.cleandoc(doc).split("\n\n"))


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


def example_source(family: Family) -> str:
    """The family's example kernel, with the example calls of its records at the end of the kernel's body."""
    kernel = textwrap.dedent(family.example).strip("\n")
    last = kernel.splitlines()[-1]
    indent = last[: len(last) - len(last.lstrip())]
    calls = [textwrap.indent(entry.example, indent) for entry in family.entries if entry.example]
    return KERNEL_HEAD + "\n\n" + "\n".join([kernel, *calls]) + "\n"


def compile_example(family: Family) -> str:
    """The Ascend C of the family's example kernel."""
    scope: dict[str, Any] = {"__name__": f"ascx_reference_{family.slug.replace('/', '_')}"}
    source = example_source(family)
    filename = f"<docs/reference/{family.slug}.md>"
    import linecache

    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    exec(compile(source, filename, "exec"), scope)
    args = eval(family.example_args, scope)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AscxWarning)  # what an example warns about is the page's to say
        return scope["kernel"].compile(*args).source


def render_page(family: Family) -> str:
    out = [f"# {family.title}", "", textwrap.dedent(family.intro).strip(), ""]
    out += [f"- [`{e.name}`](#{e.anchor}): {e.summary.split('. ')[0].rstrip('.')}." for e in family.entries]
    out += [""]
    for entry in family.entries:
        out += [f'<a id="{entry.anchor}"></a>', "", f"## `{entry.name}`", "", entry.summary, ""]
        out += ["```python", *entry.forms, "```", "", "```c++", *entry.cpp, "```", ""]
        if entry.params:
            out += ["| Parameter | |", "|---|---|"]
            out += [f"| `{name}` | {text} |" for name, text in entry.params]
            out += [""]
        if entry.rules:
            out += ["Rules:", ""]
            out += [f"- {rule}" for rule in entry.rules]
            out += [""]
        if entry.notes:
            out += ["Notes:", ""]
            out += [f"- {note}" for note in entry.notes]
            out += [""]
    out += ["## Example", "", "```python", example_source(family).rstrip("\n"), "```", ""]
    out += ["ascx emits:", "", "```c++", compile_example(family).rstrip("\n"), "```", ""]
    out += [f"Generated from `{_records_module(family)}`; see also [all API families](../api.md).", ""]
    return "\n".join(out)


def render_index(families: tuple[Family, ...]) -> str:
    """``docs/reference/api.md``: every family page, with the APIs it documents."""
    out = [
        "# The kernel API, by family",
        "",
        "One page per family, generated from the records in `ascx.language.{core,fwk,basic}.api_docs` "
        "(`python -m ascx.cli.api_docs`); the Matmul API has [one page per method](matmul/README.md).",
        "",
    ]
    for family in families:
        names = ", ".join(f"`{e.name}`" for e in family.entries)
        out.append(f"- [{family.title}]({family.slug}.md): {names}")
    return "\n".join(out) + "\n"


def _records_module(family: Family) -> str:
    return family.records or f"ascx.language.{family.slug.split('/')[0]}.api_docs"


def all_families() -> tuple[Family, ...]:
    from ascx.language.basic.api_docs import FAMILIES as BASIC
    from ascx.language.core.api_docs import FAMILIES as CORE
    from ascx.language.fwk.api_docs import FAMILIES as FWK

    return (*CORE, *FWK, *BASIC)


def pages() -> dict[str, str]:
    """Path under ``docs/reference`` -> text, for every family page."""
    families = all_families()
    result = {f"{family.slug}.md": render_page(family) for family in families}
    result["api.md"] = render_index(families)
    return result


def document_package(package: str) -> None:
    """Give the APIs defined in ``package`` their docstrings from the records of every family.

    A family package (``ascx.language.core``, ``basic``, ``fwk``) calls this before it imports its
    first name on demand (``ascx.lazy_exports``), so documenting costs nothing until the package is
    used, and only imports what that package defines."""
    if not docstrings_wanted():
        return
    prefix = f"{package}."
    for family in all_families():
        for entry in family.listed:
            if entry.target.startswith(prefix):
                target: Callable[..., Any] = entry.resolve()
                function = getattr(target, "__func__", target)
                function.__doc__ = render_docstring(entry, family.slug)


def write_pages(reference_dir: Path) -> None:
    for name, text in pages().items():
        path = reference_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
