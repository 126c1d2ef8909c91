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
import textwrap
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ascx.errors import AscxWarning
from ascx.language.records import (
    RECORDS as RECORDS,
    ApiEntry as ApiEntry,
    ModuleRecords as ModuleRecords,
    records as records,
    render_docstring as render_docstring,
    summary_of as summary_of,
)

KERNEL_HEAD = "import ascx as asc\nfrom ascx.runtime.jit import MockTensor, MockValue\n"


@dataclass(frozen=True)
class Family:
    """A page: related APIs, and an example kernel that calls them."""

    slug: str
    """The page's path under ``docs/reference`` without ``.md``: ``"basic/vector_binary"``."""
    title: str
    intro: str
    modules: tuple[str, ...]
    """The modules whose records (declared beside their APIs, ``ascx.language.records``) make up the page,
    in page order; a module's records for other pages are left out."""
    example: str
    """A kernel file (after ``KERNEL_HEAD``) defining ``@asc.jit def kernel``; the records' ``example``
    statements are added at its end."""
    example_args: str
    """The arguments ``kernel.compile`` gets, as a Python expression."""
    records: str = ""
    """The module that holds the family, when not ``ascx.language.<first part of slug>.api_docs``."""

    @property
    def entries(self) -> tuple[ApiEntry, ...]:
        """The page's records: those of ``modules``, each module's in definition order."""
        found: list[ApiEntry] = []
        for module in self.modules:
            importlib.import_module(module)
            found += [entry for entry in RECORDS[module].entries if entry.page == self.slug]
        return tuple(found)


def example_source(family: Family) -> str:
    """The family's example kernel, with the example calls of its records at the end of the kernel's body."""
    kernel = textwrap.dedent(family.example).strip("\n")
    last = kernel.splitlines()[-1]
    indent = last[: len(last) - len(last.lstrip())]
    calls = [
        textwrap.indent(textwrap.dedent(entry.example).strip("\n"), indent) for entry in family.entries if entry.example
    ]
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


def write_pages(reference_dir: Path) -> None:
    for name, text in pages().items():
        path = reference_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
