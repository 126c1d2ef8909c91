"""The reference of the Matmul API: one record per method of ``asc.adv.Matmul`` (and per function of
``asc.adv`` that serves it), declared beside the method in its module (``matmul_record =
matmul_records(__name__)``, ``@matmul_record(...)``), rendered both as the docstring of the Python method
and as its page under ``docs/reference/matmul/``.  This module holds the mechanism, the example kernels
(the flavors) and the rendering; ``MODULES`` lists the modules that declare records.

    python -m ascx.cli.api_docs     # regenerate every page

``tests/docs/test_matmul_pages.py`` checks that the pages are up to date, that every public Matmul
method has one, and that every example compiles.  The C++ prototypes are those of CANN 9.1 (the
MIX client's), not pyasc's documentation, which has errors.
"""

from __future__ import annotations

import importlib
import inspect
import textwrap
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from ascx.language.adv.matmul_records import (
    MODULES as MODULES,
    RECORDS as RECORDS,
    ApiDoc as ApiDoc,
    MatmulRecords as MatmulRecords,
    matmul_records as matmul_records,
)

KERNEL_HEAD = """import ascx as asc
from ascx.runtime.jit import MockTensor

F16 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
"""

_ARGS = "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.uint8)"

_EXTRA: dict[str, tuple[str, str]] = {
    "quant": (", quant_vector: asc.GlobalAddress", ", MockTensor(asc.uint64)"),
}
"""Flavors with parameters beyond the common four: (parameter list, compile arguments)."""

_FLAVORS: dict[str, tuple[str, str, str]] = {
    # name: (decorator options, declarations, compile arguments of the common four)
    "gm": (
        "",
        """c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(F16, F16, c_type)""",
        _ARGS,
    ),
    "ub": (
        "",
        """c_type = asc.adv.MatmulType(asc.TPosition.VECIN, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(F16, F16, c_type)""",
        _ARGS,
    ),
    "batch": (
        "",
        """batch = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, layout=asc.LayoutMode.BSNGD)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, layout=asc.LayoutMode.BSNGD)
    mm = asc.adv.Matmul(batch, batch, c_type, matmul_config=asc.adv.MatmulConfig(is_n_batch=True))""",
        _ARGS,
    ),
    "cube": (
        "(matmul_cube_only=True)",
        """c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(F16, F16, c_type, matmul_config=asc.adv.get_mdl_config())""",
        _ARGS,
    ),
    "quant": (
        "",
        """c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(F16, F16, c_type)""",
        _ARGS,
    ),
    "static": (
        "",
        """c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    static = asc.adv.get_matmul_api_tiling(asc.adv.get_mdl_config(), F16, F16, c_type)
    mm = asc.adv.Matmul(F16, F16, c_type, matmul_config=static)""",
        _ARGS,
    ),
    "cube_batch": (
        "(matmul_cube_only=True)",
        """batch = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, layout=asc.LayoutMode.BSNGD)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(batch, batch, c_type)""",
        _ARGS,
    ),
}


def render_example(flavor: str, body: str) -> str:
    """A complete kernel: the Matmul of ``flavor``, registered with a tiling, then ``body``."""
    options, declarations, arguments = _FLAVORS[flavor]
    extra_params, extra_args = _EXTRA.get(flavor, ("", ""))
    arguments += extra_args
    body = textwrap.dedent(body).strip("\n")
    if not body.endswith("mm.end()"):
        body += "\nmm.end()"  # a complete kernel releases its Matmul object
    lines = textwrap.indent(body, "    ")
    return f"""{KERNEL_HEAD}

@asc.jit{options}
def kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress{extra_params}) -> None:
    pipe = asc.TPipe()
    {declarations}
    tiling = asc.adv.TCubeTiling(m=512, n=512, k_a=512, k_b=512, base_m=128, base_n=256, base_k=64,
                                 single_core_m=256, single_core_n=256, single_core_k=256)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    a_global = asc.GlobalTensor()
    a_global.set_global_buffer(a)
    b_global = asc.GlobalTensor()
    b_global.set_global_buffer(b)
    c_global = asc.GlobalTensor()
    c_global.set_global_buffer(c, 512 * 512)
{lines}


ARGS = ({arguments})
print(kernel.compile(*ARGS).source)
"""


@cache
def docs() -> tuple[ApiDoc, ...]:
    """Every record, module by module (:data:`MODULES`), each module's in definition order."""
    found: list[ApiDoc] = []
    for module in MODULES:
        importlib.import_module(module)
        found += RECORDS[module].entries
    return tuple(found)


def __getattr__(name: str) -> Any:
    # ``DOCS`` and ``DOCS_BY_NAME`` are read when first asked for: the Matmul modules import this one to
    # declare their records, so it cannot import them when it is imported.
    if name == "DOCS":
        return docs()
    if name == "DOCS_BY_NAME":
        return {doc.name: doc for doc in docs()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _target(doc: ApiDoc) -> Callable[..., Any]:
    from ascx.language import adv

    if doc.owner == "Matmul":
        return getattr(adv.Matmul, doc.name)
    return getattr(adv, doc.name)


def signature(doc: ApiDoc) -> str:
    """``name(param, param=default, ...)``: the Python call, keyword names and defaults as pyasc has them."""
    parameters = inspect.signature(_target(doc)).parameters.values()
    shown: list[str] = []
    for p in parameters:
        if p.name == "self":
            continue
        if p.kind is inspect.Parameter.VAR_POSITIONAL:
            shown.append(f"*{p.name}")
        elif p.kind is inspect.Parameter.VAR_KEYWORD:
            shown.append(f"**{p.name}")
        elif p.default is inspect.Parameter.empty:
            shown.append(p.name)
        else:
            shown.append(f"{p.name}={_default(p.default)}")
    return f"{doc.name}({', '.join(shown)})"


def _default(value: object) -> str:
    from enum import Enum

    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    return repr(value)


def render_docstring(doc: ApiDoc) -> str:
    """The docstring of the API: summary, C++, parameters, rules."""
    lines = [doc.summary, "", "C++::", ""]
    lines += [f"    {p}" for p in doc.cpp]
    if doc.params:
        lines += ["", "Parameters:"]
        lines += [f"    {name}: {text}" for name, text in doc.params]
    if doc.rules:
        lines += ["", "Rules:"]
        lines += [f"    - {rule}" for rule in doc.rules]
    lines += ["", f"Reference: docs/reference/matmul/{doc.name}.md"]
    return "\n".join(lines)


def render_page(doc: ApiDoc) -> str:
    """The Markdown page of the API."""
    shown = list(doc.overloads) or [signature(doc)]
    out = [f"# `{doc.title}`", "", doc.summary, "", "```python", *shown, "```", "", "## C++", "", "```c++"]
    out += list(doc.cpp)
    out += ["```", ""]
    if doc.params:
        out += ["## Parameters", "", "| Parameter | |", "|---|---|"]
        out += [f"| `{name}` | {text} |" for name, text in doc.params]
        out += [""]
    if doc.rules:
        out += ["## Rules", ""]
        out += [f"- {rule}" for rule in doc.rules]
        out += [""]
    flavor, body = doc.example
    if body:
        out += ["## Example", "", "```python", render_example(flavor, body).rstrip("\n"), "```", ""]
    if doc.notes:
        out += ["## Notes", ""]
        out += [f"- {note}" for note in doc.notes]
        out += [""]
    kind = "method" if doc.owner == "Matmul" else "function"
    out += [
        f"Generated from the record beside the {kind} in `{doc.module}`; see also [the Matmul overview](../matmul.md).",
        "",
    ]
    return "\n".join(out)


def render_index() -> str:
    out = [
        "# Matmul API reference",
        "",
        "One page per API, generated from the record beside its method or function.",
        "",
    ]
    out += [f"- [`{doc.title}`]({doc.name}.md): {doc.summary.split('. ')[0].rstrip('.')}." for doc in docs()]
    return "\n".join(out) + "\n"


def pages() -> dict[str, str]:
    """File name -> text of every page, the index included."""
    result = {f"{doc.name}.md": render_page(doc) for doc in docs()}
    result["README.md"] = render_index()
    return result


def write_pages(directory: Path) -> None:
    """Write every page into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in pages().items():
        (directory / name).write_text(text)
