"""How many bytes an asynchronous ``Iterate<false>`` writes into its workspace, and how large the
workspace a kernel gives it is, when both are compile-time constants
(docs/matmul-protocol.md#asynchronous-iteration-and-the-workspace, MM-19).

Bytes written: ``ceil(singleCoreM / baseM) * ceil(singleCoreN / baseN) * baseM * baseN * sizeof(C)``
(every block of the single-core tile, tails rounded up to whole blocks).  The workspace's size is the
``size`` of ``set_workspace(addr, size)`` or of the GlobalTensor's ``set_global_buffer(addr, size)``,
counted in elements of C (the docs disagree on elements or bytes; elements is the larger reading,
so a workspace reported too small is too small either way).
"""

from __future__ import annotations

from xdsl.ir import Operation, SSAValue

from ascx.analysis.dataflow import constant_int
from ascx.dialects.ascendc.matmul_attrs import MatmulTypeAttr
from ascx.dialects.ascendc.matmul_ops import MatmulCreateOp, RegisterMatmulOp
from ascx.dialects.ascendc.object_ops import CubeTilingSetOp, SetGlobalBufferOp

_FIELDS = ("singleCoreM", "singleCoreN", "baseM", "baseN")


def _element_bytes(matmul: SSAValue) -> int | None:
    owner = matmul.owner
    if not isinstance(owner, MatmulCreateOp):
        return None
    c_type = owner.c_type
    assert isinstance(c_type, MatmulTypeAttr)
    bits = getattr(c_type.element_type, "bitwidth", None)
    return bits // 8 if isinstance(bits, int) and bits >= 8 else None


def _tiling_of(matmul: SSAValue) -> SSAValue | None:
    for use in matmul.uses:
        op = use.operation
        if isinstance(op, RegisterMatmulOp) and op.tilings:
            index = list(op.objects).index(matmul) if matmul in op.objects else -1
            if 0 <= index < len(op.tilings):
                return op.tilings[index]
    return None


def _constant_fields(tiling: SSAValue) -> dict[str, int]:
    fields: dict[str, int] = {}
    for use in tiling.uses:
        op = use.operation
        if isinstance(op, CubeTilingSetOp) and op.field.data in _FIELDS:
            value = constant_int(op.value)
            if value is None:
                fields.pop(op.field.data, None)
                return {}
            fields[op.field.data] = value
    return fields


def bytes_written(matmul: SSAValue) -> tuple[int, Operation] | None:
    """The workspace bytes an asynchronous iterate of ``matmul`` writes, and the tiling op they come from."""
    tiling = _tiling_of(matmul)
    size = _element_bytes(matmul)
    if tiling is None or size is None or not isinstance(tiling.owner, Operation):
        return None
    fields = _constant_fields(tiling)
    if len(fields) != len(_FIELDS) or fields["baseM"] <= 0 or fields["baseN"] <= 0:
        return None
    blocks = -(-fields["singleCoreM"] // fields["baseM"]) * -(-fields["singleCoreN"] // fields["baseN"])
    return blocks * fields["baseM"] * fields["baseN"] * size, tiling.owner


def workspace_bytes(set_workspace: Operation, matmul: SSAValue) -> int | None:
    """The workspace's size in bytes (elements of C times their size), when it is a constant."""
    size = _element_bytes(matmul)
    if size is None:
        return None
    if len(set_workspace.operands) > 2:
        count = constant_int(set_workspace.operands[2])
        return count * size if count is not None else None
    tensor = set_workspace.operands[1]
    for use in tensor.uses:
        op = use.operation
        if isinstance(op, SetGlobalBufferOp) and use.index == 0 and len(op.operands) > 2:
            count = constant_int(op.operands[2])
            return count * size if count is not None else None
    return None
