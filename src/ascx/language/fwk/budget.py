"""On-chip memory budgets: a kernel cannot give its queues and buffers more memory than the chip has.

Sizes known at trace time are added up per memory as ``init_buffer`` calls give them out (each
buffer rounded up to 32 bytes, as ``InitBuffer`` does); the call that overflows a memory is an
error.  Fixed-address ``LocalTensor`` declarations must end inside their memory.  The capacities
are those of Atlas A2 training/inference parts (dav-c220): a 192 KiB unified buffer (UB) shared by
``VECIN``/``VECOUT``/``VECCALC``, a 512 KiB L1 buffer shared by ``A1``/``B1``/``C1``/``TSCM``, 64 KiB
of L0A (``A2``) and of L0B (``B2``), 128 KiB of L0C (``CO1``) and the 1 KiB bias table (``C2``).
Sizes only known at run time are not counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ascx.language.core.api_errors import ApiValueError
from ascx.language.core.builder import IRBuilder
from ascx.language.core.dtype import DataType
from ascx.language.core.enums import TPosition

UB_BYTES = 192 * 1024
L1_BYTES = 512 * 1024
L0A_BYTES = L0B_BYTES = 64 * 1024
L0C_BYTES = 128 * 1024
BIAS_TABLE_BYTES = 1024


@dataclass(frozen=True)
class Memory:
    name: str
    capacity: int


UNIFIED_BUFFER = Memory("the unified buffer (UB)", UB_BYTES)
L1_BUFFER = Memory("the L1 buffer", L1_BYTES)
L0A_BUFFER = Memory("L0A", L0A_BYTES)
L0B_BUFFER = Memory("L0B", L0B_BYTES)
L0C_BUFFER = Memory("L0C", L0C_BYTES)
BIAS_TABLE = Memory("the bias table (BT)", BIAS_TABLE_BYTES)

MEMORY_OF: dict[TPosition, Memory] = {
    TPosition.VECIN: UNIFIED_BUFFER,
    TPosition.VECOUT: UNIFIED_BUFFER,
    TPosition.VECCALC: UNIFIED_BUFFER,
    TPosition.A1: L1_BUFFER,
    TPosition.B1: L1_BUFFER,
    TPosition.C1: L1_BUFFER,
    TPosition.TSCM: L1_BUFFER,
    TPosition.A2: L0A_BUFFER,
    TPosition.B2: L0B_BUFFER,
    TPosition.CO1: L0C_BUFFER,
    TPosition.C2: BIAS_TABLE,
}


def align32(nbytes: int) -> int:
    """``nbytes`` rounded up to a multiple of 32 (the on-chip block size)."""
    return (nbytes + 31) // 32 * 32


@dataclass
class Usage:
    """What the kernel has given out of one memory so far: (owner, bytes) per ``init_buffer``."""

    claims: list[tuple[str, int]] = field(default_factory=list[tuple[str, int]])

    @property
    def used(self) -> int:
        return sum(n for _, n in self.claims)


def _usage(builder: IRBuilder, memory: Memory) -> Usage:
    usages: dict[str, Usage] = builder.kernel_state.setdefault("memory_usage", {})
    return usages.setdefault(memory.name, Usage())


def overflow_message(api: str, owner: str, nbytes: int, memory: Memory, claims: Sequence[tuple[str, int]]) -> str:
    """The message of a claim of ``nbytes`` that ``memory`` cannot give after ``claims``."""
    if not claims:
        return f"{api}: {owner} needs {nbytes} bytes, more than the {memory.capacity} bytes of {memory.name}"
    given = ", ".join(f"{name} has {n}" for name, n in claims)
    left = memory.capacity - sum(n for _, n in claims)
    return (
        f"{api}: {owner} needs {nbytes} bytes, but only {left} of the {memory.capacity} bytes of {memory.name} "
        f"are left ({given})"
    )


def claim(builder: IRBuilder, position: TPosition, nbytes: int, owner: str, api: str) -> None:
    """Give ``nbytes`` (already rounded) of ``position``'s memory to ``owner``; an error when it does not fit."""
    memory = MEMORY_OF.get(position)
    if memory is None:
        return
    usage = _usage(builder, memory)
    if usage.used + nbytes > memory.capacity:
        raise ApiValueError(
            overflow_message(api, owner, nbytes, memory, usage.claims),
            "use smaller tiles or fewer buffers (num=1 instead of double buffering)",
        )
    usage.claims.append((owner, nbytes))


def beyond_message(end: int, memory: Memory) -> str:
    return f"LocalTensor: the tensor ends at byte {end}, beyond the {memory.capacity} bytes of {memory.name}"


def check_fixed_tensor(
    builder: IRBuilder, position: TPosition, addr: object, tile_size: object, dtype: DataType
) -> None:
    """A ``LocalTensor(dtype, pos, addr, tile_size)`` with known address and size must end inside its memory."""
    memory = MEMORY_OF.get(position)
    if memory is None or not isinstance(addr, int) or not isinstance(tile_size, int):
        return
    end = addr + tile_size * dtype.sizeof()
    if end > memory.capacity:
        raise ApiValueError(
            beyond_message(end, memory),
            "check addr and tile_size (tile_size counts elements, addr bytes)",
        )
