"""Where a LocalTensor starts, as far as the kernel shows it at trace time, for the start-address
alignment rules of the vector APIs.

A tensor at a constant address (``asc.LocalTensor(dtype, pos, addr, tile_size)``) starts at that byte;
queue and ``TBuf`` buffers start at a 32-byte boundary (the pipe lays buffers out in 32-byte units);
a view ``t[k:]`` at a constant ``k`` starts ``k * sizeof(T)`` bytes after ``t``.  Anything else (a
runtime offset or address) is unknown, and no rule is checked.
"""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.language.core.api_errors import ApiValueError
from ascx.language.core.tensor import LocalTensor

BUFFER_ALIGNMENT = 32
"""The alignment of queue and ``TBuf`` buffers."""


def _constant(value: SSAValue) -> int | None:
    owner = value.owner
    if isinstance(owner, arith.ConstantOp | ir.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def _element_bytes(value: SSAValue) -> int:
    element = ir.tensor_element_type(value.type)
    return max(1, getattr(element, "bitwidth", 8) // 8)


def start_residue(tensor: LocalTensor, alignment: int) -> int | None:
    """The start byte of ``tensor`` modulo ``alignment`` (a divisor of 32 or a multiple of it when the
    address is a constant), or None when the kernel does not show it."""
    value = tensor.ssa
    shift = 0
    while True:
        owner = value.owner
        if isinstance(owner, ir.SubTensorOp):
            offset = _constant(owner.offset)
            if offset is None:
                return None
            shift += offset * _element_bytes(owner.source)
            value = owner.source
        elif isinstance(owner, ir.ReinterpretCastOp):
            value = owner.source
        else:
            break
    owner = value.owner
    if isinstance(owner, ir.LocalTensorOp):
        address = _constant(owner.addr)
        return None if address is None else (address + shift) % alignment
    if isinstance(owner, ir.TBufGetWithOffsetOp):
        offset = _constant(owner.offset)
        if offset is None or BUFFER_ALIGNMENT % alignment != 0:
            return None
        return (offset + shift) % alignment
    if isinstance(owner, ir.AllocTensorOp | ir.DequeOp | ir.TBufGetOp) and BUFFER_ALIGNMENT % alignment == 0:
        return shift % alignment
    return None


def _article(number: int) -> str:
    return "an" if str(number).startswith("8") or number in (11, 18) else "a"


def alignment_message(api: str, param: str, residue: int, alignment: int, why: str) -> str:
    return f"{api}: {param} starts {residue} bytes past {_article(alignment)} {alignment}-byte boundary; {why}"


def check_alignment(api: str, param: str, tensor: LocalTensor, alignment: int, why: str) -> None:
    """An error when ``tensor`` is known to start off an ``alignment``-byte boundary; ``why`` says which
    CANN rule asks for it."""
    residue = start_residue(tensor, alignment)
    if residue:
        raise ApiValueError(
            alignment_message(api, param, residue, alignment, why),
            f"start {param} at a multiple of {alignment} bytes",
        )
