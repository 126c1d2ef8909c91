"""What the library APIs know at trace time about their arguments: constants, and where a local tensor
lives and how large it is, found through the SSA chain that made it.

A fixed-address ``LocalTensor(dtype, pos, addr, tile_size)`` knows both from its constants; a tensor of a
queue or a ``TBuf`` knows its size from the ``init_buffer`` that gave the buffer its memory (when exactly one
did, with a constant length); views at constant offsets and ``reinterpret_cast`` keep what their source
knows.  Anything else is unknown (None), and checks that need it are left to the emulation at run time.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith
from xdsl.dialects.builtin import FloatAttr, IntegerAttr
from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.language.core.dtype import DataType
from ascx.language.core.values import RuntimeScalar


def constant_number(value: SSAValue) -> int | float | None:
    """The value of a constant (``arith.constant`` or ``ascendc.constant``), or None."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp | ir.ConstantOp):
        attr = owner.value
        if isinstance(attr, IntegerAttr):
            return int(attr.value.data)
        if isinstance(attr, FloatAttr):
            return float(attr.value.data)
    return None


def known_int(value: object) -> int | None:
    """A Python int, or a runtime scalar that is an integer constant; None otherwise."""
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, RuntimeScalar) and value.dtype.is_int():
        number = constant_number(value.ssa)
        return int(number) if number is not None else None
    return None


@dataclass(frozen=True)
class Extent:
    """Where a local tensor starts in its memory (bytes) and how many bytes it has; None when unknown."""

    start: int | None
    size: int | None


def _element_bytes(value: SSAValue) -> int:
    t = value.type
    assert isinstance(t, ir.LocalTensorType)
    return DataType.from_ir(t.element_type).sizeof()


def _buffer_length(buffer: SSAValue) -> int | None:
    """The bytes one buffer of a queue or ``TBuf`` has, when exactly one ``init_buffer`` gave them."""
    lengths = {
        constant_number(use.operation.length)
        for use in buffer.uses
        if isinstance(use.operation, ir.InitBufferOp) and use.operation.buffer is buffer
    }
    if len(lengths) != 1:
        return None
    (length,) = lengths
    return int(length) if isinstance(length, int) else None


def tensor_extent(value: SSAValue) -> Extent:
    """What is known of the local tensor ``value``."""
    owner = value.owner
    match owner:
        case ir.LocalTensorOp():
            addr, size = constant_number(owner.addr), constant_number(owner.tile_size)
            return Extent(
                int(addr) if isinstance(addr, int) else None,
                int(size) * _element_bytes(value) if isinstance(size, int) else None,
            )
        case ir.AllocTensorOp() | ir.DequeOp():
            return Extent(None, _buffer_length(owner.queue))
        case ir.TBufGetOp():
            if owner.length is not None:
                length = constant_number(owner.length)
                return Extent(None, int(length) * _element_bytes(value) if isinstance(length, int) else None)
            return Extent(None, _buffer_length(owner.buffer))
        case ir.TBufGetWithOffsetOp():
            size = constant_number(owner.size)
            return Extent(None, int(size) * _element_bytes(value) if isinstance(size, int) else None)
        case ir.ReinterpretCastOp():
            return tensor_extent(owner.source)
        case ir.SubTensorOp():
            base = tensor_extent(owner.source)
            offset = constant_number(owner.offset)
            if not isinstance(offset, int):
                return Extent(None, None)
            shift = offset * _element_bytes(value)
            return Extent(
                None if base.start is None else base.start + shift,
                None if base.size is None else max(base.size - shift, 0),
            )
        case _:
            return Extent(None, None)
