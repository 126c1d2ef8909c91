"""Where a ``LocalTensor`` value lives, as the IR says it: the position of the op that made it
(``ascendc.local_tensor``, a queue's ``alloc_tensor``/``deque``, a ``TBuf``'s ``get``, a
``LocalMemAllocator``'s ``alloc``), through views and reinterpretations.

Ops whose pipe depends on where a tensor is (``InitConstValue`` runs on MTE2 into L1 and on MTE1
into L0A/L0B) and verifiers of position rules ask here; the answer is None when the IR does not
say (a tensor declared without memory).
"""

from __future__ import annotations

from xdsl.ir import Attribute, Operation, SSAValue

from ascx.dialects.ascendc.enums import Pipe, TPosition

L1_POSITIONS = frozenset({TPosition.A1, TPosition.B1, TPosition.C1, TPosition.TSCM})
UB_POSITIONS = frozenset({TPosition.VECIN, TPosition.VECOUT, TPosition.VECCALC})


def tensor_position(value: SSAValue) -> TPosition | None:
    """The position of the LocalTensor ``value``, or None when the IR does not say."""
    from ascx.dialects.ascendc.fwk_types import queue_positions

    while True:
        owner = value.owner
        if not isinstance(owner, Operation):
            return None
        name = owner.name
        if name in ("ascendc.sub_tensor", "ascendc.reinterpret_cast"):
            value = owner.operands[0]
            continue
        if name in ("ascendc.local_tensor", "ascendc.local_mem_allocator.alloc"):
            attr: Attribute | None = owner.properties.get("position")
            data = getattr(attr, "data", None)
            return data if isinstance(data, TPosition) else None
        if name in ("ascendc.alloc_tensor", "ascendc.deque", "ascendc.tbuf.get", "ascendc.tbuf.get_with_offset"):
            src, dst = queue_positions(owner.operands[0].type)
            return dst if src is TPosition.GM else src
        return None


def local_copy_pipe(dst: SSAValue, src: SSAValue) -> Pipe:
    """The pipe of a ``DataCopy`` within the core, by where its tensors are: UB to L1 on MTE3, L1 to the
    bias table (``C2``) on MTE1 (the cube data path), within UB on V."""
    src_position, dst_position = tensor_position(src), tensor_position(dst)
    if src_position in UB_POSITIONS and dst_position in L1_POSITIONS:
        return Pipe.PIPE_MTE3
    if src_position in L1_POSITIONS and dst_position is TPosition.C2:
        return Pipe.PIPE_MTE1
    return Pipe.PIPE_V
