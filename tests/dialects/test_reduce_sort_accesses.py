"""The per-repeat reductions, the sort and region-proposal ops and the scalar-unit ops declare their
pipe and the tensors they read and write (docs/sync-model.md#which-pipe-runs-what): a merge reads each
of its queues, a full sort writes its scratch tensor, the scalar ops touch no tensor."""

from __future__ import annotations

from pathlib import Path

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import SSAValue
from xdsl.parser import Parser

from ascx.dialects import ascendc as ir, make_context

MODULE = Path(__file__).resolve().parents[1] / "filecheck" / "dialects" / "ascendc" / "reduce_sort_roundtrip.mlir"


def _module() -> ModuleOp:
    text = MODULE.read_text()
    return Parser(make_context(), text[: text.index("\n\n// CHECK")]).parse_module()


def _names(values: list[SSAValue]) -> list[str]:
    return [v.name_hint or "?" for v in values]


def _pipe(pipe: ir.Pipe | None) -> str:
    return "none" if pipe is None else pipe.ir


def test_what_the_reduction_sort_and_scalar_ops_declare() -> None:
    facts = [
        (op.name, _pipe(ir.issued_pipe(op)), *map(_names, ir.tensor_accesses(op)))
        for op in _module().walk()
        if isinstance(op, (*ir.REDUCE_OPS, *ir.SORT_OPS, *ir.SCALAR_UNIT_OPS))
    ]
    assert facts == [
        ("ascendc.vec.whole_reduce_sum", "pipe_v", ["a"], ["c"]),
        ("ascendc.vec.whole_reduce", "pipe_v", ["a"], ["c"]),
        ("ascendc.vec.whole_reduce", "pipe_v", ["w"], ["w"]),
        ("ascendc.vec.block_reduce", "pipe_v", ["a"], ["c"]),
        ("ascendc.vec.block_reduce", "pipe_v", ["w"], ["w"]),
        ("ascendc.vec.block_reduce", "pipe_v", ["a"], ["c"]),
        ("ascendc.vec.pair_reduce_sum", "pipe_v", ["a"], ["c"]),
        ("ascendc.vec.repeat_reduce_sum", "pipe_v", ["a"], ["c"]),
        ("ascendc.vec.sort32", "pipe_v", ["a", "u"], ["c"]),
        ("ascendc.vec.sort", "pipe_v", ["a", "u"], ["c", "b"]),
        ("ascendc.vec.mrg_sort_counts", "pipe_v", ["a", "?", "b", "?"], ["c"]),
        ("ascendc.vec.mrg_sort_counts", "pipe_v", ["a", "b"], ["c"]),
        ("ascendc.mrg_sort4_info", "pipe_s", [], []),
        ("ascendc.vec.mrg_sort", "pipe_v", ["a", "?", "b"], ["c"]),
        ("ascendc.vec.mrg_sort4", "pipe_v", ["a", "?", "b", "?"], ["c"]),
        ("ascendc.vec.rp_sort16", "pipe_v", ["a"], ["c"]),
        ("ascendc.vec.proposal", "pipe_v", ["a"], ["c"]),
        ("ascendc.vec.proposal", "pipe_v", ["c"], ["b"]),
        ("ascendc.get_sort_len", "pipe_s", [], []),
        ("ascendc.get_sort_offset", "pipe_s", [], []),
        ("ascendc.get_mrg_sort_result", "pipe_s", [], []),
        ("ascendc.scalar_cast", "pipe_s", [], []),
        ("ascendc.scalar_cast", "pipe_s", [], []),
        ("ascendc.scalar_cast", "pipe_s", [], []),
        ("ascendc.to_float", "pipe_s", [], []),
        ("ascendc.scalar_bits", "pipe_s", [], []),
        ("ascendc.scalar_bits", "pipe_s", [], []),
        ("ascendc.scalar_bits", "pipe_s", [], []),
        ("ascendc.scalar_bits", "pipe_s", [], []),
    ]
