"""SoftmaxFlashV2 declares the vector pipe and what it reads and writes by its flags and types
(docs/sync-model.md#which-pipe-runs-what): the previous step's stats are read, and expMax written, only with
is_update; CANN's float basic-block code also writes x - max into src (without is_update) and
expMax * inExpSum into in_exp_sum (with it); the temporary buffer is written. Its kernel-side tiling function
runs on the scalar unit and touches no tensor."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import SSAValue
from xdsl.parser import Parser

from ascx.dialects import ascendc as ir, make_context

HALF = "!ascendc.local_tensor<f16>"
FLOAT = "!ascendc.local_tensor<f32>"


def _tensors(prefix: str, data: str) -> str:
    lines: list[str] = []
    for name, t in (("dst", data), ("sum", FLOAT), ("max", FLOAT), ("src", data), ("emax", data)):
        lines.append(f"%{prefix}{name} = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> {t}")
    for name in ("isum", "imax"):
        lines.append(f"%{prefix}{name} = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> {FLOAT}")
    return "\n".join(lines)


def _call(prefix: str, data: str, flags: str, tmp: bool = False) -> str:
    names = ", ".join(f"%{prefix}{n}" for n in ("dst", "sum", "max", "src", "emax", "isum", "imax"))
    types = ", ".join([data, FLOAT, FLOAT, data, data, FLOAT, FLOAT, '!ascendc.lib_tiling<"SoftMaxTiling">'])
    extra = " tmp %t" if tmp else ""
    tmp_type = ", !ascendc.local_tensor<ui8>" if tmp else ""
    return f"ascendc.adv.softmax_flash_v2 {names}, %tiling{extra} {flags} : ({types}{tmp_type})"


MODULE = "\n".join(
    [
        "%c0 = ascendc.constant 0 : ui32",
        "%c256 = ascendc.constant 256 : ui32",
        _tensors("h", HALF),
        _tensors("f", FLOAT),
        "%t = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<ui8>",
        '%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">',
        '%shape = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxShapeInfo">',
        _call("h", HALF, "", tmp=True),
        _call("h", HALF, "is_update basic_block"),
        _call("f", FLOAT, "basic_block"),
        _call("f", FLOAT, "is_update basic_block"),
        "%c2 = ascendc.constant 2 : ui32",
        "%made = ascendc.adv.softmax_flash_v2_tiling %shape, %c2, %c2, %c256 is_update : "
        '!ascendc.lib_tiling<"SoftMaxShapeInfo">, ui32, ui32, ui32 -> !ascendc.lib_tiling<"SoftMaxTiling">',
    ]
)


def _names(values: list[SSAValue]) -> list[str]:
    return [v.name_hint or "?" for v in values]


def test_what_softmax_flash_v2_reads_and_writes() -> None:
    module = Parser(make_context(), MODULE).parse_module()
    assert isinstance(module, ModuleOp)
    facts = [
        (ir.issued_pipe(op).ir, *map(_names, ir.tensor_accesses(op)))  # type: ignore[union-attr]
        for op in module.walk()
        if op.name.startswith("ascendc.adv.softmax_flash_v2")
    ]
    assert facts == [
        ("pipe_v", ["hsrc"], ["hdst", "hsum", "hmax", "t"]),
        ("pipe_v", ["hsrc", "hisum", "himax"], ["hdst", "hsum", "hmax", "hemax"]),
        ("pipe_v", ["fsrc"], ["fdst", "fsum", "fmax", "fsrc"]),
        ("pipe_v", ["fsrc", "fisum", "fimax"], ["fdst", "fsum", "fmax", "femax", "fisum"]),
        ("pipe_s", [], []),
    ]
