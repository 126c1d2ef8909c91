"""pyasc's ``asc.LocalMemAllocator``: static tensor programming — tensors placed one after another in
one physical memory, without ``TPipe`` or queues.

``LocalMemAllocator(hard)`` declares ``AscendC::LocalMemAllocator<AscendC::Hardware::X>``;
``alloc(pos, dtype, tile_size)`` returns the next ``tile_size`` elements as a tensor at ``pos``
(``Alloc<pos, T, tileSize>()`` for a compile-time size, ``Alloc<pos, T>(tileSize)`` for a run-time
one).  CANN allows one allocator per memory at a time, and ``pos`` must lie in the allocator's
memory; ascx checks both, and, while the sizes are known, that every tensor starts 32-byte aligned
and ends inside the memory.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ascx.dialects import ascendc as ir
from ascx.dialects.ascendc.allocator_ops import HARDWARE_OF
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.checks import is_instance
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.cube_enums import Hardware
from ascx.language.core.dtype import DataType, float16, float32, int32, uint32
from ascx.language.core.enums import TPosition
from ascx.language.core.tensor import LocalTensor
from ascx.language.core.values import Handle, RuntimeScalar
from ascx.language.records import records

record = records(__name__, "basic/cube_data_movement")

CAPACITY: dict[Hardware, int] = {
    Hardware.UB: 192 * 1024,
    Hardware.L1: 512 * 1024,
    Hardware.L0A: 64 * 1024,
    Hardware.L0B: 64 * 1024,
    Hardware.L0C: 128 * 1024,
    Hardware.BIAS: 1024,
    Hardware.FIXBUF: 2048,
}
"""Bytes of each on-chip memory on dav-c220."""

ALIGNMENT = 32
"""On-chip tensors start at a multiple of 32 bytes."""

ADDRESSES = "tensor_byte_addresses"
"""``kernel_state`` key: the byte address of each tensor an allocator gave out (by SSA value)."""
ON_CHIP = ", ".join(h.name for h in CAPACITY)
"""The memories an allocator allocates: ``UB, L1, ...``."""


def hard_message(shown: str) -> str:
    return f"LocalMemAllocator: hard must be an on-chip asc.Hardware ({ON_CHIP}), got {shown}"


def one_allocator_message(hardware: Hardware) -> str:
    return f"LocalMemAllocator: only one LocalMemAllocator can exist at Hardware.{hardware.name} at a time"


def mismatch_message(api: str, position: TPosition, where: str, hardware: Hardware) -> str:
    return (
        f"{api}: position {position.name} is {where}, but this allocator allocates "
        f"Hardware.{hardware.name} (logic pos and hardware pos not matched)"
    )


def tile_text(count: int, dtype: DataType, position: TPosition) -> str:
    return f"the tile of {count} {dtype} elements at {position.name}"


def misaligned_message(api: str, start: int, last: str) -> str:
    return f"{api}: the tensor would start at byte {start}, which is not {ALIGNMENT}-byte aligned ({last} ended there)"


def beyond_message(api: str, count: int, dtype: DataType, start: int, hardware: Hardware) -> str:
    end = start + count * dtype.sizeof()
    return (
        f"{api}: {count} {dtype} elements from byte {start} end at byte {end}, beyond the {CAPACITY[hardware]} "
        f"bytes of {hardware.name}"
    )


@dataclass
class _Head:
    """Where the next allocation starts, while every size so far was known."""

    at: int | None = 0
    last: str = ""


_ALLOC = "LocalMemAllocator.alloc"


@record(
    forms=("asc.LocalMemAllocator(hard=asc.Hardware.UB)",),
    cpp=("AscendC::LocalMemAllocator<AscendC::Hardware::L1> a;",),
    params=(("hard", f"an on-chip ``asc.Hardware``: {ON_CHIP}"),),
    rules=(f'"{one_allocator_message(Hardware.L1)}"; "{hard_message("Hardware.GM")}".',),
    title="asc.LocalMemAllocator",
)
class LocalMemAllocator(Handle):
    """Static tensor programming without ``TPipe``: an allocator hands out consecutive tensors of one physical
    memory (``hard``), from its start. One allocator per memory at a time."""

    __slots__ = ("_head", "hardware")

    def __init__(self, hard: Any = Hardware.UB) -> None:
        builder = active("LocalMemAllocator")
        if not is_instance(hard, Hardware) or hard in (Hardware.GM, Hardware.MAX):
            shown = f"Hardware.{Hardware(hard).name}" if is_instance(hard, Hardware) else describe(hard)
            raise ApiValueError(hard_message(shown))
        self.hardware = Hardware(hard)
        taken: set[Hardware] = builder.kernel_state.setdefault("local_mem_allocators", set())
        if self.hardware in taken:
            raise ApiValueError(
                one_allocator_message(self.hardware),
                "allocate every tensor of this memory from the first allocator",
            )
        taken.add(self.hardware)
        self._head = _Head()
        super().__init__(builder.insert(ir.LocalMemAllocatorOp(ir.Hardware[self.hardware.name])).result)

    @record(
        forms=("address = allocator.get_cur_addr()",),
        cpp=("uint32_t address = a.GetCurAddr();",),
        title="LocalMemAllocator.get_cur_addr",
    )
    def get_cur_addr(self) -> RuntimeScalar:
        """The byte address the next allocation starts at."""
        builder = active("LocalMemAllocator.get_cur_addr")
        op = builder.insert(ir.LocalMemAllocatorGetCurAddrOp(self.ssa))
        return RuntimeScalar(op.result, uint32, origin="an allocator's current address")

    @record(
        forms=("tensor = allocator.alloc(pos, data_type, tile_size)",),
        cpp=(
            "AscendC::LocalTensor<T> t = a.Alloc<pos, T, tileSize>();  // a constant tile_size",
            "AscendC::LocalTensor<T> t = a.Alloc<pos, T>(tileSize);  // a runtime tile_size",
        ),
        rules=(
            f'"{mismatch_message(_ALLOC, TPosition.A2, "in L0A", Hardware.L1)}"; '
            f'"{misaligned_message(_ALLOC, 20, tile_text(10, float16, TPosition.A1))}"; '
            f'"{beyond_message(_ALLOC, 20000, float32, 0, Hardware.L0A)}".',
        ),
        title="LocalMemAllocator.alloc",
    )
    def alloc(self, pos: Any, data_type: Any, tile_size: Any) -> LocalTensor:
        """The next ``tile_size`` elements of the allocator's memory, as a LocalTensor at ``pos``; a constant
        size is a template argument."""
        api = _ALLOC
        builder = active(api)
        position = self._position(pos, api)
        if not is_instance(data_type, DataType):
            raise ApiTypeError(f"{api}: data_type must be a DataType, got {describe(data_type)}")
        size: int | Any
        if isinstance(tile_size, int) and not isinstance(tile_size, bool):
            if tile_size <= 0:
                raise ApiValueError(f"{api}: tile_size must be positive, got {tile_size}")
            size = int(tile_size)
        else:
            size = integer_operand(builder, tile_size, int32, api=api, param="tile_size")
        start = self._claim(position, data_type, size if isinstance(size, int) else None, api)
        op = builder.insert(ir.LocalMemAllocatorAllocOp(self.ssa, ir.TPosition[position.name], data_type.to_ir(), size))
        if start is not None:
            addresses: dict[Any, int] = builder.kernel_state.setdefault(ADDRESSES, {})
            addresses[op.result] = start
        return LocalTensor.wrap(op.result, data_type, position)

    def _position(self, pos: Any, api: str) -> TPosition:
        if not is_instance(pos, TPosition) or TPosition(pos) in (TPosition.GM, TPosition.MAX):
            shown = f"TPosition.{TPosition(pos).name}" if is_instance(pos, TPosition) else describe(pos)
            raise ApiTypeError(f"{api}: pos must be an on-chip asc.TPosition, got {shown}")
        position = TPosition(pos)
        memory = HARDWARE_OF.get(ir.TPosition[position.name])
        if memory is None or memory.name != self.hardware.name:
            where = f"in {memory.name}" if memory is not None else "not in an allocator's memory"
            raise ApiValueError(
                mismatch_message(api, position, where, self.hardware),
                "allocate it from a LocalMemAllocator of that memory",
            )
        return position

    def _claim(self, position: TPosition, dtype: DataType, count: int | None, api: str) -> int | None:
        """The tensor's byte address when known; advances the head."""
        head = self._head
        start = head.at
        if start is not None and start % ALIGNMENT:
            raise ApiValueError(
                misaligned_message(api, start, head.last),
                f"make the previous tile a multiple of {ALIGNMENT} bytes",
            )
        if count is None or start is None:
            head.at = None
            return start
        end = start + count * dtype.sizeof()
        if end > CAPACITY[self.hardware]:
            raise ApiValueError(beyond_message(api, count, dtype, start, self.hardware), "use smaller tiles")
        head.at = end
        head.last = tile_text(count, dtype, position)
        return start


__all__ = ["LocalMemAllocator"]
