"""Every ``ascendc`` op declares the pipe its work is issued to and the tensors it reads and writes
(sync-model spec §1.3), so the sync analyses need no per-op cases; this checks the declarations
and what they answer for the ops of the core, framework and basic APIs."""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp, f16
from xdsl.ir import Operation, SSAValue
from xdsl.parser import Parser

from ascx.dialects import ascendc as ir
from ascx.dialects import make_context
from ascx.dialects.ascendc.traits import MatmulAccess

FILE_LEVEL = {"ascendc.include", "ascendc.define"}
"""Preprocessor directives of the file: not executed by a core."""

MODULE = Path(__file__).resolve().parents[1] / "filecheck" / "dialects" / "ascendc" / "basic_roundtrip.mlir"


def test_every_op_in_a_kernel_declares_its_pipe() -> None:
    missing = [op.name for op in ir.AscendC.operations if op.get_trait(ir.ExecutesOn) is None]
    assert sorted(missing) == sorted(FILE_LEVEL)


@pytest.mark.parametrize("op_type", list(ir.AscendC.operations), ids=lambda op: op.name)
def test_accesses_name_operands(op_type: type[Operation]) -> None:
    trait = op_type.get_trait(ir.TensorAccess)
    if trait is None:
        return
    operands = {name for name, _ in op_type.get_irdl_definition().operands}  # pyright: ignore[reportAttributeAccessIssue, reportUnknownMemberType, reportUnknownVariableType]
    assert set(trait.reads) | set(trait.writes) <= operands


def _module() -> ModuleOp:
    text = MODULE.read_text()
    return Parser(make_context(), text[: text.index("\n\n// CHECK")]).parse_module()


def _names(values: list[SSAValue]) -> list[str]:
    return [v.name_hint or "?" for v in values]


def _facts() -> list[tuple[str, str, list[str], list[str]]]:
    facts: list[tuple[str, str, list[str], list[str]]] = []
    for op in _module().walk():
        if op.name.startswith(("ascendc.vec.", "ascendc.data_copy", "ascendc.get_value", "ascendc.set_value")):
            pipe = ir.issued_pipe(op)
            reads, writes = ir.tensor_accesses(op)
            facts.append((op.name, str(pipe), _names(reads), _names(writes)))
    return facts


def test_what_the_basic_ops_declare() -> None:
    assert _facts() == [
        ("ascendc.data_copy", "pipe_mte2", ["xg"], ["a"]),
        ("ascendc.vec.binary", "pipe_v", ["a2", "a2"], ["c"]),
        ("ascendc.vec.binary", "pipe_v", ["a2", "a2"], ["c"]),
        ("ascendc.vec.binary", "pipe_v", ["a2", "a2"], ["c"]),
        ("ascendc.vec.binary_scalar", "pipe_v", ["a2"], ["c"]),
        ("ascendc.vec.binary_scalar", "pipe_v", ["a2"], ["c"]),
        ("ascendc.vec.unary", "pipe_v", ["a2"], ["c"]),
        ("ascendc.vec.unary", "pipe_v", ["a2"], ["c"]),
        ("ascendc.vec.cast", "pipe_v", ["a2"], ["t32"]),
        ("ascendc.vec.duplicate", "pipe_v", [], ["c"]),
        ("ascendc.vec.duplicate", "pipe_v", [], ["c"]),
        ("ascendc.vec.reduce", "pipe_v", ["a2"], ["c", "tmp"]),
        ("ascendc.vec.reduce", "pipe_v", ["a2"], ["c", "tmp"]),
        ("ascendc.vec.compare", "pipe_v", ["a2", "a2"], ["m8"]),
        ("ascendc.vec.compare_scalar", "pipe_v", ["a2"], ["m8"]),
        ("ascendc.vec.select", "pipe_v", ["m8", "a2"], ["c"]),  # src1 is a scalar here
        ("ascendc.data_copy", "pipe_mte3", ["c2"], ["?"]),
        ("ascendc.data_copy_pad", "pipe_mte3", ["c2"], ["xg"]),
        ("ascendc.data_copy_pad", "pipe_mte2", ["xg"], ["t"]),
        ("ascendc.get_value", "pipe_s", ["t2"], []),
        ("ascendc.set_value", "pipe_s", [], ["t2"]),
    ]


def test_a_copy_between_local_tensors_runs_on_the_vector_pipe() -> None:
    a = ir.DeclareLocalTensorOp(f16)
    b = ir.DeclareLocalTensorOp(f16)
    count = ir.ConstantOp(256, ir.UI64)
    assert ir.issued_pipe(ir.DataCopyOp(a.result, b.result, count.result)) is ir.Pipe.PIPE_V


@pytest.mark.parametrize("event", list(ir.HardEvent), ids=str)
def test_flags_are_issued_to_the_pipes_their_event_names(event: ir.HardEvent) -> None:
    source, target = str(event).split("_")
    event_id = ir.ConstantOp(0, ir.UI64).result
    assert ir.issued_pipe(ir.SetFlagOp(event, event_id)) is ir.Pipe(f"pipe_{source}")
    assert ir.issued_pipe(ir.WaitFlagOp(event, event_id)) is ir.Pipe(f"pipe_{target}")


def test_barriers_and_cross_core_flags_run_on_their_pipe() -> None:
    flag = ir.ConstantOp(1, ir.UI64).result
    assert ir.issued_pipe(ir.PipeBarrierOp(ir.Pipe.PIPE_MTE3)) is ir.Pipe.PIPE_MTE3
    assert ir.issued_pipe(ir.CrossCoreSetFlagOp(flag, 2, ir.Pipe.PIPE_FIX)) is ir.Pipe.PIPE_FIX
    assert ir.issued_pipe(ir.CrossCoreWaitFlagOp(flag, 0, ir.Pipe.PIPE_V)) is ir.Pipe.PIPE_V


def test_matmul_accesses_are_the_libraries() -> None:
    """Matmul calls hand tensors to the library (the AIC in a MIX kernel): issued by the scalar
    unit, with their accesses marked as the library's (sync-model spec §1.3, §1.8)."""
    assert ir.MatmulSetTensorAOp.get_trait(ir.ExecutesOn) == ir.ExecutesOn(ir.Pipe.PIPE_S)
    assert isinstance(ir.MatmulSetTensorAOp.get_trait(ir.TensorAccess), MatmulAccess)
