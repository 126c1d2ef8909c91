"""Parameter structs of the system and slice APIs: ``CheckLocalMemoryIAParam`` and ``SliceInfo``.

As the other parameter structs (``ascx.language.core.params``), constructing one in a kernel builds
it (``AscendC::SliceInfo s{...};``) with every field converted to its C++ type, and keeps the Python
values for the checks of the APIs that take it.
"""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.core.api_errors import ApiValueError
from ascx.language.core.params import ParamsStruct
from ascx.language.records import records

record = records(__name__, "basic/system_control")

ONE_BLK_SIZE = 32
"""Bytes of a data block; ``SliceInfo``'s default ``burst_len`` (and ``end_index`` one less)."""
IA_REGISTERS = range(4)
"""The exception registers ``CheckLocalMemoryIA`` arms (``enableBit``)."""
IA_ADDRESSES = range(65536)
"""``startAddr`` and ``endAddr`` count 32-byte units of the UB, 0 to 65535."""


def ia_register_message(got: int) -> str:
    return f"CheckLocalMemoryIAParam: enable_bit selects exception register 0 to 3, got {got}"


def ia_address_message(param: str, got: int) -> str:
    return f"CheckLocalMemoryIAParam: {param} counts 32-byte units, 0 to 65535, got {got}"


def ia_range_message(start: int, end: int) -> str:
    return f"CheckLocalMemoryIAParam: the range (start_addr, end_addr] is empty: {start} > {end}"


@record(
    forms=(
        "asc.CheckLocalMemoryIAParam(enable_bit=0, start_addr=0, end_addr=0, is_scalar_read=False, "
        "is_scalar_write=False, is_vector_read=False, is_vector_write=False, is_mte_read=False, "
        "is_mte_write=False, is_enable=False)",
    ),
    cpp=(
        "struct CheckLocalMemoryIAParam { uint8_t enableBit; uint32_t startAddr; uint32_t endAddr; "
        "bool isScalarRead; ... bool isEnable; };",
    ),
    rules=(f'"{ia_register_message(4)}"; "{ia_address_message("end_addr", 70000)}"; "{ia_range_message(9, 3)}".',),
    title="asc.CheckLocalMemoryIAParam",
)
class CheckLocalMemoryIAParam(ParamsStruct):
    """The set-up of ``check_local_memory_ia``: which exception register, the UB range ``(start_addr,
    end_addr]`` in 32-byte units, the kinds of access to trap, and whether the register is armed."""

    __slots__ = ()
    KIND = ir.ParamsKind.CHECK_LOCAL_MEMORY_IA

    def __init__(
        self,
        enable_bit: Any = 0,
        start_addr: Any = 0,
        end_addr: Any = 0,
        is_scalar_read: Any = False,
        is_scalar_write: Any = False,
        is_vector_read: Any = False,
        is_vector_write: Any = False,
        is_mte_read: Any = False,
        is_mte_write: Any = False,
        is_enable: Any = False,
    ) -> None:
        if isinstance(enable_bit, int) and not isinstance(enable_bit, bool) and enable_bit not in IA_REGISTERS:
            raise ApiValueError(ia_register_message(enable_bit))
        for name, value in (("start_addr", start_addr), ("end_addr", end_addr)):
            if isinstance(value, int) and not isinstance(value, bool) and value not in IA_ADDRESSES:
                raise ApiValueError(ia_address_message(name, value))
        if (
            isinstance(start_addr, int)
            and isinstance(end_addr, int)
            and not isinstance(start_addr, bool)
            and end_addr < start_addr
        ):
            raise ApiValueError(ia_range_message(start_addr, end_addr))
        self._build(
            dict(
                enable_bit=enable_bit,
                start_addr=start_addr,
                end_addr=end_addr,
                is_scalar_read=is_scalar_read,
                is_scalar_write=is_scalar_write,
                is_vector_read=is_vector_read,
                is_vector_write=is_vector_write,
                is_mte_read=is_mte_read,
                is_mte_write=is_mte_write,
                is_enable=is_enable,
            )
        )


@record(
    forms=("asc.SliceInfo(start_index=0, end_index=None, stride=0, burst_len=None, shape_value=0)",),
    cpp=(
        "struct SliceInfo { uint32_t startIndex; uint32_t endIndex = 31; uint32_t stride; "
        "uint32_t burstLen = 32; uint32_t shapeValue; };",
    ),
    notes=("``end_index`` defaults to 31 and ``burst_len`` to 32, as in CANN.",),
    title="asc.SliceInfo",
)
class SliceInfo(ParamsStruct):
    """One dimension of a sliced copy: elements ``start_index`` to ``end_index``, ``stride`` apart, in bursts
    of ``burst_len`` elements, of a dimension of ``shape_value`` elements."""

    __slots__ = ()
    KIND = ir.ParamsKind.SLICE_INFO

    def __init__(
        self,
        start_index: Any = 0,
        end_index: Any = None,
        stride: Any = 0,
        burst_len: Any = None,
        shape_value: Any = 0,
    ) -> None:
        self._build(
            dict(
                start_index=start_index,
                end_index=ONE_BLK_SIZE - 1 if end_index is None else end_index,
                stride=stride,
                burst_len=ONE_BLK_SIZE if burst_len is None else burst_len,
                shape_value=shape_value,
            )
        )


__all__ = ["CheckLocalMemoryIAParam", "SliceInfo"]
