"""SoftMaxTilingFunc, the kernel-side tiling function of SoftMax, runs on the scalar unit and touches no tensor
(docs/sync-model.md#which-pipe-runs-what): it reads a SoftMaxShapeInfo and writes a SoftMaxTiling, both kernel
structs, so it has memory effects (it is not folded away or moved past a read of the tiling) but no tensor
accesses for the sync passes."""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser
from xdsl.traits import MemoryWriteEffect

from ascx.dialects import ascendc as ir, make_context

MODULE = "\n".join(
    [
        "%c4 = ascendc.constant 4 : ui32",
        '%tiling = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">',
        '%shape = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxShapeInfo">',
        "%ok = ascendc.adv.softmax_tiling_func %c4, %shape, %tiling, %c4, %c4 basic_block : (ui32, "
        '!ascendc.lib_tiling<"SoftMaxShapeInfo">, !ascendc.lib_tiling<"SoftMaxTiling">, ui32, ui32) -> i1',
    ]
)


def test_softmax_tiling_func_runs_on_the_scalar_unit_and_writes_its_tiling() -> None:
    module = Parser(make_context(), MODULE).parse_module()
    assert isinstance(module, ModuleOp)
    ops = [op for op in module.walk() if op.name == "ascendc.adv.softmax_tiling_func"]
    assert len(ops) == 1
    op = ops[0]
    assert ir.issued_pipe(op).ir == "pipe_s"  # type: ignore[union-attr]
    assert [list(a) for a in ir.tensor_accesses(op)] == [[], []]
    assert op.has_trait(MemoryWriteEffect)
