"""What a trace knows about where a LocalTensor lies: its start in its memory and its size, when the
kernel gave them as constants (``asc.LocalTensor(dtype, pos, addr, tile_size)`` and constant views of
it).  The APIs that CANN documents with alignment or size rules check them when they are known.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.language.core.api_errors import ApiValueError
from ascx.language.core.builder import IRBuilder
from ascx.language.core.dtype import DataType
from ascx.language.core.tensor import LocalTensor


def constant_int(value: SSAValue) -> int | None:
    """The value of an integer constant, or None."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp | ir.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def constant_value(value: object) -> int | None:
    """A compile-time int argument (not a bool), or None for runtime values."""
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)
    return None


@dataclass(frozen=True)
class Placement:
    """A tensor's start (bytes into its memory) and size (elements), each None when not constant."""

    start: int | None
    size: int | None


def placement(tensor: LocalTensor) -> Placement:
    """Where ``tensor`` lies, as far as constants tell."""
    return _placement(tensor.ssa)


def _element_bytes(value: SSAValue) -> int:
    t = value.type
    assert isinstance(t, ir.LocalTensorType)
    return DataType.from_ir(t.element_type).sizeof()


def _placement(value: SSAValue) -> Placement:
    owner = value.owner
    if isinstance(owner, ir.LocalTensorOp):
        return Placement(constant_int(owner.addr), constant_int(owner.tile_size))
    if isinstance(owner, ir.SubTensorOp) and isinstance(owner.source.type, ir.LocalTensorType):
        base = _placement(owner.source)
        offset = constant_int(owner.offset)
        if offset is None:
            return Placement(None, None)
        start = base.start + offset * _element_bytes(value) if base.start is not None else None
        size = base.size - offset if base.size is not None else None
        return Placement(start, size)
    if isinstance(owner, ir.ReinterpretCastOp):
        base = _placement(owner.source)
        size = base.size * _element_bytes(owner.source) // _element_bytes(value) if base.size is not None else None
        return Placement(base.start, size)
    return Placement(None, None)


def aligned_message(api: str, param: str, start: int, alignment: int = 32) -> str:
    return f"{api}: {param} starts at byte {start} of the unified buffer, which is not {alignment}-byte aligned"


def aligned_rule(api: str, param: str = "dst") -> str:
    """The record's rule for :func:`require_aligned`, quoting its message."""
    return (
        "Each tensor starts on a 32-byte boundary of the unified buffer (CANN's address rule): "
        f'"{aligned_message(api, param, 1040)}".'
    )


def require_aligned(api: str, tensor: LocalTensor, param: str, alignment: int = 32) -> None:
    """CANN's rule that an operand starts on an ``alignment``-byte boundary, when its start is constant."""
    start = placement(tensor).start
    if start is not None and start % alignment != 0:
        raise ApiValueError(
            aligned_message(api, param, start, alignment),
            f"place {param} at a multiple of {alignment} bytes",
        )


def bytes_message(api: str, param: str, have: int, why: str, needed: int) -> str:
    return f"{api}: {param} holds {have} bytes, but {why} needs {needed}"


def require_bytes(api: str, tensor: LocalTensor, param: str, needed: int, why: str) -> None:
    """That ``tensor`` holds at least ``needed`` bytes, when its size is constant."""
    size = placement(tensor).size
    if size is None:
        return
    assert tensor.dtype is not None
    have = size * tensor.dtype.sizeof()
    if have < needed:
        raise ApiValueError(bytes_message(api, param, have, why, needed))


# --- addresses -----------------------------------------------------------------------------------------
#
# APIs that take addresses rather than tensors (TransDataTo5HD's address forms, the Select that reads its
# bits at the address in CMPMASK) name the tensors behind the addresses as extra operands, so that the sync
# analyses see the accesses; these find them.


def stored_addresses(tensor: SSAValue) -> list[SSAValue]:
    """The values the kernel stored into a tensor of addresses (``t.set_value(i, addr)``) so far."""
    return [
        use.operation.value
        for use in tensor.uses
        if isinstance(use.operation, ir.SetValueOp) and use.operation.tensor is tensor
    ]


def address_roots(builder: IRBuilder, addresses: list[SSAValue]) -> list[SSAValue]:
    """The tensors the addresses were taken from (``x.get_phy_addr()``), each followed back to the tensor its
    views start from, once each, when they can be used at the insertion point."""
    roots: list[SSAValue] = []
    for address in addresses:
        owner = address.owner
        if not isinstance(owner, ir.PhyAddrOp):
            continue
        value: SSAValue = owner.tensor
        while isinstance(value.owner, ir.SubTensorOp | ir.ReinterpretCastOp):
            value = value.owner.source
        if value not in roots and builder.dominates(value):
            roots.append(value)
    return roots
