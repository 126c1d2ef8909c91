"""Memory regions of tensor values and whether two of them overlap (docs/sync-model.md#regions-and-aliasing).

A region is a base plus an offset.  Bases: a kernel argument (a GM buffer, reached through
``set_global_buffer`` and ``gm_addr.offset``), a queue tensor (its ``alloc_tensor`` or ``deque``
result), a ``TBuf``, or a raw ``LocalTensor`` (a byte address in the memory of its position: UB, L1,
L0A, L0B, L0C or the bias table).  Views (``t[k:]``, ``reinterpret_cast``) are traced to their base
through any chain.  Overlap is ``definite``, ``may`` or ``none``; distinct kernel arguments never
alias (``assume_gm_args_noalias``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from xdsl.dialects import arith, scf
from xdsl.ir import Operation, OpResult, SSAValue

from ascx.analysis.dataflow import constant_int
from ascx.analysis.spelling import value_name
from ascx.dialects.ascendc.allocator_ops import HARDWARE_OF
from ascx.dialects.ascendc.fwk_ops import TBufGetOp, TBufGetWithOffsetOp
from ascx.dialects.ascendc.object_ops import SetGlobalBufferOp
from ascx.dialects.ascendc.tensor_ops import GMAddrOffsetOp, LocalTensorOp, ReinterpretCastOp, SubTensorOp

Overlap = Literal["definite", "may", "none"]


@dataclass(frozen=True)
class GMBase:
    """A GM buffer: the kernel argument (or unbound GlobalTensor) it starts from."""

    address: SSAValue


Offset = int | tuple[SSAValue | int, ...]
"""A constant element offset, or the SSA values that make up a run-time one (compared by identity) and, last,
the sum of the constants added to them when it is not 0 (``t[k:]`` and ``t[k + 64:]`` start at different
offsets)."""


def offset_values(offset: Offset) -> tuple[SSAValue, ...]:
    """The run-time values of an offset (none for a constant one)."""
    return () if isinstance(offset, int) else tuple(v for v in offset if isinstance(v, SSAValue))


@dataclass(frozen=True)
class Region:
    """Where a tensor value points: ``base`` identifies the buffer, ``offset`` the start in it."""

    base: object
    offset: Offset
    name: str
    extent: tuple[int, int] | None = None
    """The byte range ``[start, end)`` of a raw ``LocalTensor`` (or a view of one) when its address and
    size are constants; None otherwise.  A view at a run-time offset gets its base's whole range."""
    exact: bool = True
    """Whether ``extent`` starts where the view starts (False: somewhere inside it)."""

    def overlap(self, other: Region, *, gm_args_noalias: bool = True) -> Overlap:
        if self.extent is not None and other.extent is not None and self.base == other.base:
            return extent_overlap(self.extent, self.exact, other.extent, other.exact)
        if self.base != other.base:
            if not gm_args_noalias and _is_gm(self.base) and _is_gm(other.base):
                return "may"
            return "none"
        if self.offset == other.offset:
            return "definite"
        return "may"


def _is_gm(base: object) -> bool:
    return isinstance(base, GMBase)


def extent_overlap(a: tuple[int, int], a_exact: bool, b: tuple[int, int], b_exact: bool) -> Overlap:
    """Overlap of two byte ranges of one UB base; inexact ranges (views at run-time offsets) only bound
    where the view lies, so they overlap at most "may"."""
    if a[0] >= b[1] or b[0] >= a[1]:
        return "none"
    return "definite" if a_exact and b_exact else "may"


def _combine(a: Offset, b: Offset) -> Offset:
    if isinstance(a, int) and isinstance(b, int):
        return a + b
    if a == 0:
        return b
    if b == 0:
        return a
    left = (a,) if isinstance(a, int) else a
    right = (b,) if isinstance(b, int) else b
    values = tuple(v for v in (*left, *right) if isinstance(v, SSAValue))
    constant = sum(v for v in (*left, *right) if isinstance(v, int))
    return (*values, constant) if constant else values


def _offset_of(value: SSAValue) -> Offset:
    constant = constant_int(value)
    if constant is not None:
        return constant
    owner = value.owner
    if isinstance(owner, arith.ExtSIOp | arith.ExtUIOp | arith.IndexCastOp):
        return _offset_of(owner.input)
    return (value,)


def base_value(region: Region) -> SSAValue | None:
    """The SSA value a region's base is (a queue tensor's ``alloc_tensor`` or ``deque`` result), if it is one."""
    base = region.base
    if isinstance(base, tuple) and len(base) == 2 and base[0] == "value":  # pyright: ignore[reportUnknownArgumentType]
        value: object = base[1]  # pyright: ignore[reportUnknownVariableType]
        return value if isinstance(value, SSAValue) else None  # pyright: ignore[reportUnknownVariableType]
    return None


def _element_bytes(value: SSAValue) -> int | None:
    element = getattr(value.type, "element_type", None)
    bits = getattr(element, "bitwidth", None)
    return bits // 8 if isinstance(bits, int) and bits >= 8 else None


GMBaseCache = dict[SSAValue, tuple[object, "Offset"]]
"""GlobalTensor -> its buffer and offset, for callers that ask about many views of one tensor."""


def region_of(value: SSAValue, gm_cache: GMBaseCache | None = None) -> Region:
    """The region ``value`` (a GlobalTensor or LocalTensor) points at.  ``gm_cache`` remembers the buffer
    behind each GlobalTensor (finding it scans the tensor's uses, which grow with the kernel)."""
    name = value_name(value)
    offset: Offset = 0
    shift: int | None = 0
    """The constant byte offset of the view from its base (None when it is not constant)."""
    while True:
        owner = value.owner
        if isinstance(owner, SubTensorOp):
            element_offset = _offset_of(owner.offset)
            offset = _combine(offset, element_offset)
            size = _element_bytes(owner.source)
            if shift is not None and isinstance(element_offset, int) and size is not None:
                shift += element_offset * size
            else:
                shift = None
            value = owner.source
        elif isinstance(owner, ReinterpretCastOp):
            value = owner.source
        else:
            break
    base, base_offset = _base_of(value, gm_cache)
    return Region(base, _combine(base_offset, offset), name, _extent(value, shift), shift is not None)


def alternatives(value: SSAValue) -> tuple[SSAValue, ...] | None:
    """The tensors ``value`` may be when a runtime ``if`` chose it (``x = ping if c else pong``: the
    ``scf.if`` yields one tensor per arm), through views and nested choices; None for any other value.
    An access through such a value may access each of them (docs/sync-model.md#regions-and-aliasing)."""
    base = value
    while isinstance(base.owner, SubTensorOp | ReinterpretCastOp):
        base = base.owner.source
    owner = base.owner
    if not isinstance(owner, scf.IfOp) or not isinstance(base, OpResult):
        return None
    found: list[SSAValue] = []
    for region in (owner.true_region, owner.false_region):
        if not region.blocks:
            continue
        terminator = region.block.last_op
        if not isinstance(terminator, scf.YieldOp):
            continue
        chosen = terminator.operands[base.index]
        nested = alternatives(chosen)
        found.extend(nested if nested is not None else (chosen,))
    return tuple(dict.fromkeys(found))


def _extent(value: SSAValue, shift: int | None) -> tuple[int, int] | None:
    owner = value.owner
    if not isinstance(owner, LocalTensorOp):
        return None
    address, count, size = constant_int(owner.addr), constant_int(owner.tile_size), _element_bytes(value)
    if address is None or count is None or size is None:
        return None
    return address + (shift or 0), address + count * size


def _base_of(value: SSAValue, gm_cache: GMBaseCache | None = None) -> tuple[object, Offset]:
    owner = value.owner
    if isinstance(owner, TBufGetOp | TBufGetWithOffsetOp):
        return ("tbuf", owner.buffer), 0
    if isinstance(owner, LocalTensorOp):
        address = constant_int(owner.addr)
        memory = HARDWARE_OF[owner.position.data]  # one address in two memories is two places
        return (memory, None), address if address is not None else (owner.addr,)
    if isinstance(owner, Operation) and owner.name == "ascendc.global_tensor":
        if gm_cache is None:
            return _gm_base(value)
        found = gm_cache.get(value)
        if found is None:
            found = gm_cache[value] = _gm_base(value)
        return found
    return ("value", value), 0


def _gm_base(tensor: SSAValue) -> tuple[object, Offset]:
    """The kernel argument behind a GlobalTensor (through its ``set_global_buffer``)."""
    for use in tensor.uses:
        if isinstance(use.operation, SetGlobalBufferOp) and use.index == 0:
            address = use.operation.addr
            offset: Offset = 0
            while isinstance(address.owner, GMAddrOffsetOp):
                offset = _combine(offset, _offset_of(address.owner.offset))
                address = address.owner.addr
            return GMBase(address), offset
    return GMBase(tensor), 0
