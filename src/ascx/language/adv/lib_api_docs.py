"""The reference of the library functions beyond Matmul: one record per function, declared beside the
function in its family module (``lib_record = library_records(__name__)``, ``@lib_record(...)``), rendered
both as the docstring of the Python function and as its page under ``docs/reference/adv/`` (with an example
kernel and the Ascend C ascx emits for it, produced when the page is generated).  This module holds the
mechanism, the example kernels (``FLAVORS``) and the rendering; ``MODULES`` lists the family modules.

    python -m ascx.cli.api_docs        # regenerate every page

``tests/docs/test_adv_lib_pages.py`` checks that the pages are up to date, that every function of
``asc.adv`` beyond Matmul has one, and that every example compiles to a call of the documented C++.
The C++ prototypes are CANN 9.1's (``adv_api``), the sizes and rules those of CANN's documentation
(``docs/zh/api``) and host code for Atlas A2.
"""

from __future__ import annotations

import importlib
import inspect
import textwrap
import warnings
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ascx.errors import AscxWarning
from ascx.language.adv.lib_records import (
    MODULES as MODULES,
    RECORDS as RECORDS,
    LibDoc as LibDoc,
    LibraryRecords as LibraryRecords,
    library_records as library_records,
)

KERNEL_HEAD = "import ascx as asc\nfrom ascx.runtime.jit import MockTensor, MockValue\n"


@dataclass(frozen=True)
class Flavor:
    """The kernel an example runs in: its parameters, set-up, the statements after the call, and the
    arguments it is compiled for."""

    params: str
    setup: str
    after: str
    args: str


_GM = """x_global = asc.GlobalTensor()
x_global.set_global_buffer(x)
y_global = asc.GlobalTensor()
y_global.set_global_buffer(y)
"""

FLAVORS: dict[str, Flavor] = {
    "half": Flavor(
        "x: asc.GlobalAddress, y: asc.GlobalAddress",
        _GM
        + """src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 1024)
dst = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 2048, 1024)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 4096, 8192)
asc.data_copy(src, x_global, 1024)""",
        "asc.data_copy(y_global, dst, 1024)",
        "MockTensor(asc.float16), MockTensor(asc.float16)",
    ),
    "binary": Flavor(
        "x: asc.GlobalAddress, y: asc.GlobalAddress",
        _GM
        + """src0 = asc.LocalTensor({t}, asc.TPosition.VECIN, 0, 1024)
src1 = asc.LocalTensor({t}, asc.TPosition.VECIN, 4096, 1024)
dst = asc.LocalTensor({t}, asc.TPosition.VECOUT, 8192, 1024)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 12288, 8192)
asc.data_copy(src0, x_global, 1024)
asc.data_copy(src1, x_global[1024:], 1024)""",
        "asc.data_copy(y_global, dst, 1024)",
        "MockTensor({t}), MockTensor({t})",
    ),
    "axpy": Flavor(
        "x: asc.GlobalAddress, y: asc.GlobalAddress",
        _GM
        + """src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 1024)
dst = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4096, 1024)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 4096)
asc.data_copy(src, x_global, 1024)
asc.data_copy(dst, y_global, 1024)""",
        "asc.data_copy(y_global, dst, 1024)",
        "MockTensor(asc.float16), MockTensor(asc.float32)",
    ),
    "softmax": Flavor(
        "x: asc.GlobalAddress, y: asc.GlobalAddress, tiling: asc.adv.SoftmaxTiling",
        _GM
        + """src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 4096)
dst = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 8192, 4096)
row_sum = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 16384, 256)
row_max = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 17408, 256)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 18432, 8192)
asc.data_copy(src, x_global, 4096)""",
        "asc.data_copy(y_global, dst, 4096)",
        "MockTensor(asc.float16), MockTensor(asc.float16), asc.adv.SoftmaxTiling",
    ),
    "softmax_flash_v2": Flavor(
        "x: asc.GlobalAddress, y: asc.GlobalAddress, tiling: asc.adv.SoftmaxTiling",
        _GM
        + """src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 4096)
dst = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 8192, 4096)
row_sum = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 16384, 256)
row_max = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 17408, 256)
exp_max = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 18432, 512)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 19456, 16384)
asc.data_copy(src, x_global, 4096)""",
        "asc.data_copy(y_global, dst, 4096)",
        "MockTensor(asc.float16), MockTensor(asc.float16), asc.adv.SoftmaxTiling",
    ),
    "log_softmax": Flavor(
        "x: asc.GlobalAddress, y: asc.GlobalAddress, tiling: asc.adv.LogSoftmaxTiling",
        _GM
        + """src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 4096)
dst = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 8192, 4096)
row_sum = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 256)
row_max = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 17408, 256)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 18432, 8192)
asc.data_copy(src, x_global, 4096)
src.set_shape_info(asc.ShapeInfo(asc.array(asc.int32, (16, 256))))""",
        "asc.data_copy(y_global, dst, 4096)",
        "MockTensor(asc.float16), MockTensor(asc.float16), asc.adv.LogSoftmaxTiling",
    ),
    "softmax_shape": Flavor(
        "x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress",
        _GM
        + """z_global = asc.GlobalTensor()
z_global.set_global_buffer(z)
pipe = asc.TPipe()
dst = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, 4096)
row_max = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 16384, 128)
asc.data_copy(dst, x_global, 4096)
asc.data_copy(row_max, z_global, 128)""",
        "asc.data_copy(y_global, dst, 4096)",
        "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32)",
    ),
    "softmax_flash": Flavor(
        "x: asc.GlobalAddress, y: asc.GlobalAddress, tiling: asc.adv.SoftmaxTiling",
        _GM
        + """src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 4096)
dst = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 8192, 4096)
row_sum = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 16384, 256)
row_max = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 17408, 256)
exp_max = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 18432, 512)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 19456, 16384)
asc.data_copy(src, x_global, 4096)""",
        "asc.data_copy(y_global, dst, 4096)",
        "MockTensor(asc.float16), MockTensor(asc.float16), asc.adv.SoftmaxTiling",
    ),
    "rmsnorm": Flavor(
        "x: asc.GlobalAddress, y: asc.GlobalAddress, tiling: asc.adv.RmsNormTiling, epsilon: float",
        _GM
        + """src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 4096)
gamma = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 8192, 256)
dst = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 16384, 4096)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 24576, 8192)
asc.data_copy(src, x_global, 4096)
asc.data_copy(gamma, x_global[4096:], 256)""",
        "asc.data_copy(y_global, dst, 4096)",
        "MockTensor(asc.float16), MockTensor(asc.float16), asc.adv.RmsNormTiling, MockValue(asc.float32)",
    ),
    "layernorm": Flavor(
        "x: asc.GlobalAddress, y: asc.GlobalAddress, tiling: asc.adv.LayerNormTiling, epsilon: float",
        _GM
        + """src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 4096)
gamma = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 8192, 256)
beta = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 8704, 256)
dst = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 16384, 4096)
mean = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 24576, 16)
variance = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 24608, 16)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 32768, 8192)
asc.data_copy(src, x_global, 4096)
asc.data_copy(gamma, x_global[4096:], 256)
asc.data_copy(beta, x_global[4352:], 256)""",
        "asc.data_copy(y_global, dst, 4096)",
        "MockTensor(asc.float16), MockTensor(asc.float16), asc.adv.LayerNormTiling, MockValue(asc.float32)",
    ),
    "deepnorm": Flavor(
        "x: asc.GlobalAddress, y: asc.GlobalAddress, tiling: asc.adv.DeepNormTiling, alpha: float, epsilon: float",
        _GM
        + """src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 4096)
gx = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 8192, 4096)
beta = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 16384, 256)
gamma = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 16896, 256)
dst = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 24576, 4096)
mean = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 32768, 16)
rstd = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 32800, 16)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 40960, 8192)
asc.data_copy(src, x_global, 4096)
asc.data_copy(gx, x_global[4096:], 4096)
asc.data_copy(beta, x_global[8192:], 256)
asc.data_copy(gamma, x_global[8448:], 256)""",
        "asc.data_copy(y_global, dst, 4096)",
        "MockTensor(asc.float16), MockTensor(asc.float16), asc.adv.DeepNormTiling, MockValue(asc.float32), "
        "MockValue(asc.float32)",
    ),
    "quant": Flavor(
        "x: asc.GlobalAddress, y: asc.GlobalAddress, scale: float",
        _GM
        + """src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 1024)
dst = asc.LocalTensor(asc.int8, asc.TPosition.VECOUT, 4096, 1024)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 2048)
asc.data_copy(src, x_global, 1024)""",
        "asc.data_copy(y_global, dst, 1024)",
        "MockTensor(asc.float16), MockTensor(asc.int8), MockValue(asc.float32)",
    ),
    "sort": Flavor(
        "x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress",
        _GM
        + """z_global = asc.GlobalTensor()
z_global.set_global_buffer(z)
records = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 512)
values = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4096, 256)
indices = asc.LocalTensor(asc.uint32, asc.TPosition.VECOUT, 8192, 256)
asc.data_copy(records, x_global, 512)""",
        "asc.data_copy(y_global, values, 256)\nasc.data_copy(z_global, indices, 256)",
        "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.uint32)",
    ),
}


@cache
def docs() -> tuple[LibDoc, ...]:
    """Every record, module by module (:data:`MODULES`), each module's in definition order."""
    found: list[LibDoc] = []
    for module in MODULES:
        importlib.import_module(module)
        found += RECORDS[module].entries
    return tuple(found)


def __getattr__(name: str) -> Any:
    # ``DOCS`` and ``DOCS_BY_NAME`` are read when first asked for: the family modules import this one to
    # declare their records, so it cannot import them when it is imported.
    if name == "DOCS":
        return docs()
    if name == "DOCS_BY_NAME":
        return {doc.name: doc for doc in docs()}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --- rendering -------------------------------------------------------------------------------------------


def signature(doc: LibDoc) -> str:
    """``asc.adv.name(a, b, c=None, ...)``: pyasc's parameters and defaults."""
    shown = [
        p.name if p.default is inspect.Parameter.empty else f"{p.name}={p.default!r}"
        for p in inspect.signature(doc.target()).parameters.values()
    ]
    return _ruff_call(f"asc.adv.{doc.name}", ", ".join(shown), "")


def render_docstring(doc: LibDoc) -> str:
    lines = [doc.summary, "", "C++::", ""]
    lines += [f"    {line}" for proto in doc.cpp for line in proto.splitlines()]
    lines += ["", "Parameters:"]
    lines += [f"    {name}: {text}" for name, text in doc.params]
    lines += ["", "Rules:"]
    lines += [f"    - {rule}" for rule in doc.rules]
    lines += ["", f"Precision: {doc.precision}", "", f"Reference: docs/reference/adv/{doc.name}.md"]
    return "\n".join(lines)


def _items(text: str) -> list[str]:
    """The comma-separated items of ``text`` at bracket depth 0."""
    items: list[str] = []
    depth, start = 0, 0
    for index, char in enumerate(text):
        depth += char in "([{"
        depth -= char in ")]}"
        if char == "," and depth == 0:
            items.append(text[start:index].strip())
            start = index + 1
    return [*items, text[start:].strip()] if text[start:].strip() else items


def _ruff_call(head: str, inner: str, tail: str) -> str:
    """``head(inner)tail`` laid out as ruff formats a call or a definition: on one line, else the arguments on
    one indented line, else one per line with a trailing comma."""
    if len(f"{head}({inner}){tail}") <= 120:
        return f"{head}({inner}){tail}"
    if len(f"    {inner}") <= 120:
        return f"{head}(\n    {inner}\n){tail}"
    return f"{head}(\n" + "".join(f"    {item},\n" for item in _items(inner)) + f"){tail}"


def _ruff_tuple(head: str, inner: str) -> str:
    """``head(inner)``, a tuple literal, as ruff formats it: on one line, else one item per line."""
    if len(f"{head}({inner})") <= 120:
        return f"{head}({inner})"
    return f"{head}(\n" + "".join(f"    {item},\n" for item in _items(inner)) + ")"


def example_source(doc: LibDoc) -> str:
    flavor_name, call = doc.example
    flavor = FLAVORS[flavor_name]
    body = "\n".join([flavor.setup.format(t=doc.element), call, flavor.after])
    return (
        f"{KERNEL_HEAD}\n\n@asc.jit\n{_ruff_call('def kernel', flavor.params, ' -> None:')}\n"
        f"{textwrap.indent(body, '    ')}\n\n\n{_ruff_tuple('ARGS = ', flavor.args.format(t=doc.element))}\n"
    )


def compile_example(doc: LibDoc) -> str:
    import linecache

    source = example_source(doc)
    filename = f"<docs/reference/adv/{doc.name}.md>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    scope: dict[str, Any] = {"__name__": f"ascx_reference_adv_{doc.name}"}
    exec(compile(source, filename, "exec"), scope)
    with warnings.catch_warnings():
        # the example of an API CANN deprecates shows the call; its warning is documented in the rules
        warnings.filterwarnings("ignore", message=r"\w+: CANN marks \w+ deprecated", category=AscxWarning)
        return scope["kernel"].compile(*scope["ARGS"]).source


def render_page(doc: LibDoc) -> str:
    out = [f"# `asc.adv.{doc.name}`", "", doc.summary, "", "```python", signature(doc), "```", "", "## C++", ""]
    out += ["```c++", *doc.cpp, "```", "", "## Parameters", "", "| Parameter | |", "|---|---|"]
    out += [f"| `{name}` | {text} |" for name, text in doc.params]
    out += ["", "## Rules", ""]
    out += [f"- {rule}" for rule in doc.rules]
    out += ["", "## Precision on the emulation", "", doc.precision, ""]
    out += ["## Example", "", "```python", example_source(doc).rstrip("\n"), "```", ""]
    out += ["ascx emits:", "", "```c++", compile_example(doc).rstrip("\n"), "```", ""]
    if doc.notes:
        out += ["## Notes", ""]
        out += [f"- {note}" for note in doc.notes]
        out += [""]
    out += [
        f"Generated from the record beside the function in `{doc.module}`; see also [the library overview](README.md).",
        "",
    ]
    return "\n".join(out)


def render_index() -> str:
    from ascx.language.adv.lib_api_overview import OVERVIEW

    out = [OVERVIEW.rstrip("\n"), "", "## The functions", ""]
    out += [f"- [`asc.adv.{doc.name}`]({doc.name}.md): {doc.summary.split('. ')[0].rstrip('.')}." for doc in docs()]
    return "\n".join(out) + "\n"


def pages() -> dict[str, str]:
    """File name -> text of every page, the index included."""
    result = {f"{doc.name}.md": render_page(doc) for doc in docs()}
    result["README.md"] = render_index()
    return result


def write_pages(directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in pages().items():
        (directory / name).write_text(text)
