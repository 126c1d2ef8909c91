"""Every ``ascendc`` op declares the pipe its work is issued to and the tensors it reads and writes
(docs/sync-model.md#which-pipe-runs-what), so the sync analyses need no per-op cases; this checks the declarations
and what they answer for the ops of the core, framework and basic APIs."""

from __future__ import annotations

from pathlib import Path

import pytest
from xdsl.dialects.builtin import ModuleOp, f16
from xdsl.ir import Operation, SSAValue
from xdsl.parser import Parser

from ascx.dialects import ascendc as ir, make_context
from ascx.dialects.ascendc.traits import MatmulAccess

FILE_LEVEL = {"ascendc.include", "ascendc.define", "ascendc.kernel_task_type"}
"""Preprocessor directives of the file and the kernel type declaration: not executed by a core."""

MODULES = Path(__file__).resolve().parents[1] / "filecheck" / "dialects" / "ascendc"


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


def _module(name: str) -> ModuleOp:
    text = (MODULES / name).read_text()
    return Parser(make_context(), text[: text.index("\n// CHECK")]).parse_module()


def _names(values: list[SSAValue]) -> list[str]:
    return [v.name_hint or "?" for v in values]


def _facts(name: str, prefixes: tuple[str, ...]) -> list[tuple[str, str, list[str], list[str]]]:
    facts: list[tuple[str, str, list[str], list[str]]] = []
    for op in _module(name).walk():
        if op.name.startswith(prefixes):
            pipe = ir.issued_pipe(op)
            reads, writes = ir.tensor_accesses(op)
            facts.append((op.name, pipe.ir if pipe is not None else "None", _names(reads), _names(writes)))
    return facts


def test_what_the_basic_ops_declare() -> None:
    prefixes = ("ascendc.vec.", "ascendc.data_copy", "ascendc.get_value", "ascendc.set_value")
    assert _facts("basic_roundtrip.mlir", prefixes) == [
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


def test_what_the_data_fused_and_mask_ops_declare() -> None:
    """The data-rearranging, fused and mask-register ops: a register op runs on the pipe that reads
    the register (SetVectorMask, SetCmpMask on the vector pipe; SetDeqScale on the scalar unit, a
    table it writes through a tensor is a write of that tensor); an op that reads a table or
    addresses through a register or an address list names those tensors (witness operands)."""
    prefixes = ("ascendc.vec.", "ascendc.set_", "ascendc.get_", "ascendc.reset_mask")
    assert _facts("vector_data_roundtrip.mlir", prefixes) == [
        ("ascendc.vec.gather", "pipe_v", ["a", "off"], ["c"]),
        ("ascendc.vec.gather", "pipe_v", ["a", "off"], ["c"]),
        ("ascendc.vec.gather", "pipe_v", ["f32t", "off"], ["f32t"]),
        ("ascendc.vec.gatherb", "pipe_v", ["u", "off"], ["u"]),
        ("ascendc.vec.scatter", "pipe_v", ["a", "off"], ["c"]),
        ("ascendc.vec.scatter", "pipe_v", ["a", "off"], ["c"]),
        ("ascendc.vec.brcb", "pipe_v", ["a"], ["c"]),
        ("ascendc.vec.copy", "pipe_v", ["a"], ["c"]),
        ("ascendc.vec.copy", "pipe_v", ["a"], ["c"]),
        ("ascendc.vec.gather_mask", "pipe_v", ["a", "p16"], ["c"]),
        ("ascendc.vec.gather_mask", "pipe_v", ["a"], ["c"]),  # a built-in pattern: no pattern tensor
        ("ascendc.get_gather_mask_remain_count", "pipe_s", [], []),
        ("ascendc.vec.transpose", "pipe_v", ["a"], ["c"]),
        ("ascendc.vec.transpose", "pipe_v", ["a"], ["c", "tmp"]),
        ("ascendc.vec.trans_data_to_5hd_list", "pipe_v", ["?"] * 16, ["?"] * 16),  # sixteen sub-tensors each
        ("ascendc.vec.trans_data_to_5hd_addr", "pipe_v", ["a"], ["c"]),
        ("ascendc.set_value", "pipe_s", [], ["da"]),
        ("ascendc.set_value", "pipe_s", [], ["sa"]),
        ("ascendc.vec.trans_data_to_5hd", "pipe_v", ["da", "sa", "a"], ["c"]),
        ("ascendc.vec.fused", "pipe_v", ["a", "b"], ["c"]),
        ("ascendc.vec.fused", "pipe_v", ["a", "b"], ["c"]),
        ("ascendc.vec.fused", "pipe_v", ["a", "b"], ["i8"]),
        ("ascendc.vec.fused", "pipe_v", ["a", "b"], ["i8"]),
        ("ascendc.vec.fused", "pipe_v", ["a", "b"], ["i8"]),
        ("ascendc.vec.fused", "pipe_v", ["a", "b"], ["i8"]),
        ("ascendc.set_deq_scale", "pipe_s", [], []),
        ("ascendc.vec.fused", "pipe_v", ["i32", "i32"], ["c"]),
        ("ascendc.vec.fused", "pipe_v", ["i32", "i32"], ["c"]),
        ("ascendc.vec.ternary", "pipe_v", ["a", "b", "c"], ["c"]),
        ("ascendc.vec.ternary", "pipe_v", ["a", "b", "c"], ["c"]),
        ("ascendc.vec.ternary", "pipe_v", ["a", "b", "w"], ["w"]),
        ("ascendc.vec.ternary", "pipe_v", ["a", "b", "c"], ["c"]),
        ("ascendc.vec.axpy", "pipe_v", ["a", "w"], ["w"]),
        ("ascendc.vec.axpy", "pipe_v", ["a", "c"], ["c"]),
        ("ascendc.vec.binary_scalar", "pipe_v", ["u16"], ["u16"]),
        ("ascendc.vec.binary_scalar", "pipe_v", ["i16"], ["i16"]),
        ("ascendc.set_deq_scale", "pipe_s", [], []),
        ("ascendc.vec.cast_deq", "pipe_v", ["i16"], ["i8"]),
        ("ascendc.set_deq_scale_table", "pipe_s", [], ["vdeq"]),
        ("ascendc.vec.cast_deq", "pipe_v", ["i16", "vdeq"], ["i8"]),  # the table DEQSCALE points at
        ("ascendc.vec.cast_deq", "pipe_v", ["i32"], ["c"]),
        ("ascendc.vec.bilinear_interpolation", "pipe_v", ["a", "off", "b"], ["c", "tmp"]),
        ("ascendc.vec.bilinear_interpolation", "pipe_v", ["a", "off", "b"], ["c", "tmp"]),
        ("ascendc.set_mask_mode", "pipe_v", [], []),
        ("ascendc.set_vector_mask", "pipe_v", [], []),
        ("ascendc.vec.binary", "pipe_v", ["a", "b"], ["c"]),
        ("ascendc.set_mask_mode", "pipe_v", [], []),
        ("ascendc.set_vector_mask", "pipe_v", [], []),
        ("ascendc.reset_mask", "pipe_v", [], []),
        ("ascendc.vec.compare_cmpmask", "pipe_v", ["a", "b"], []),
        ("ascendc.vec.compare_cmpmask", "pipe_v", ["a", "b"], []),
        ("ascendc.get_cmp_mask", "pipe_v", [], ["m"]),
        ("ascendc.set_cmp_mask", "pipe_v", ["m"], []),
        ("ascendc.vec.select_cmpmask", "pipe_v", ["a", "b"], ["c"]),
        ("ascendc.set_value", "pipe_s", [], ["where"]),
        ("ascendc.set_cmp_mask", "pipe_v", ["where"], []),
        ("ascendc.vec.select_cmpmask", "pipe_v", ["a", "b", "m"], ["c"]),  # the mask tensor CMPMASK points at
        ("ascendc.vec.select_scalar_cmpmask", "pipe_v", ["m", "a"], ["c"]),
    ]


def test_a_copy_between_local_tensors_runs_on_the_vector_pipe() -> None:
    a = ir.DeclareLocalTensorOp(f16)
    b = ir.DeclareLocalTensorOp(f16)
    count = ir.ConstantOp(256, ir.UI64)
    assert ir.issued_pipe(ir.DataCopyOp(a.result, b.result, count.result)) is ir.Pipe.PIPE_V


@pytest.mark.parametrize("event", list(ir.HardEvent), ids=lambda event: event.ir)
def test_flags_are_issued_to_the_pipes_their_event_names(event: ir.HardEvent) -> None:
    source, target = event.name.split("_")
    event_id = ir.ConstantOp(0, ir.UI64).result
    assert ir.issued_pipe(ir.SetFlagOp(event, event_id)) is ir.Pipe[f"PIPE_{source}"]
    assert ir.issued_pipe(ir.WaitFlagOp(event, event_id)) is ir.Pipe[f"PIPE_{target}"]


def test_barriers_and_cross_core_flags_run_on_their_pipe() -> None:
    flag = ir.ConstantOp(1, ir.UI64).result
    assert ir.issued_pipe(ir.PipeBarrierOp(ir.Pipe.PIPE_MTE3)) is ir.Pipe.PIPE_MTE3
    assert ir.issued_pipe(ir.CrossCoreSetFlagOp(flag, 2, ir.Pipe.PIPE_FIX)) is ir.Pipe.PIPE_FIX
    assert ir.issued_pipe(ir.CrossCoreWaitFlagOp(flag, 0, ir.Pipe.PIPE_V)) is ir.Pipe.PIPE_V


def test_matmul_accesses_are_the_libraries() -> None:
    """Matmul calls hand tensors to the library (the AIC in a MIX kernel): issued by the scalar
    unit, with their accesses marked as the library's (docs/matmul-protocol.md#on-the-pipes)."""
    assert ir.MatmulSetTensorAOp.get_trait(ir.ExecutesOn) == ir.ExecutesOn(ir.Pipe.PIPE_S)
    assert isinstance(ir.MatmulSetTensorAOp.get_trait(ir.TensorAccess), MatmulAccess)
