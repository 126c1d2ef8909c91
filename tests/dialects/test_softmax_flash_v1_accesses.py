"""SoftmaxFlash (CANN's deprecated online softmax) declares the vector pipe and what it reads and writes
(docs/sync-model.md#which-pipe-runs-what): its isUpdate is a run-time bool operand, so the previous step's stats
are read, and expMax written, unless it is the constant false; the temporary buffer is written."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import SSAValue
from xdsl.parser import Parser

from ascx.dialects import ascendc as ir, make_context

HALF = "!ascendc.local_tensor<f16>"
FLOAT = "!ascendc.local_tensor<f32>"
NAMES = ("dst", "sum", "max", "src", "emax", "isum", "imax")


def _type(name: str) -> str:
    return HALF if name in ("dst", "src", "emax") else FLOAT


def _call(update: str, tmp: bool = False) -> str:
    names = ", ".join(f"%{n}" for n in NAMES)
    types = ", ".join([HALF, FLOAT, FLOAT, HALF, HALF, FLOAT, FLOAT, '!ascendc.lib_tiling<"SoftMaxTiling">', "i1"])
    extra, tmp_type = (" tmp %t", ", !ascendc.local_tensor<ui8>") if tmp else ("", "")
    return f"ascendc.adv.softmax_flash {names}, %tiling, %{update}{extra} : ({types}{tmp_type})"


MODULE = "\n".join(
    [
        "%c0 = ascendc.constant 0 : ui32",
        "%c256 = ascendc.constant 256 : ui32",
        *(f"%{n} = ascendc.local_tensor vecin, %c0, %c256 : ui32, ui32 -> {_type(n)}" for n in NAMES),
        "%t = ascendc.local_tensor veccalc, %c0, %c256 : ui32, ui32 -> !ascendc.local_tensor<ui8>",
        '%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">',
        "%false = arith.constant false",
        "%true = arith.constant true",
        "%n = ascendc.constant 1 : i32",
        "%flag = arith.cmpi sgt, %n, %n : i32",
        _call("false", tmp=True),
        _call("true"),
        _call("flag"),
    ]
)


def _names(values: list[SSAValue]) -> list[str]:
    return [v.name_hint or "?" for v in values]


def test_what_softmax_flash_reads_and_writes() -> None:
    module = Parser(make_context(), MODULE).parse_module()
    assert isinstance(module, ModuleOp)
    facts = [
        (ir.issued_pipe(op).ir, *map(_names, ir.tensor_accesses(op)))  # type: ignore[union-attr]
        for op in module.walk()
        if op.name == "ascendc.adv.softmax_flash"
    ]
    assert facts == [
        ("pipe_v", ["src"], ["dst", "sum", "max", "t"]),
        ("pipe_v", ["src", "isum", "imax"], ["dst", "sum", "max", "emax"]),
        ("pipe_v", ["src", "isum", "imax"], ["dst", "sum", "max", "emax"]),
    ]
