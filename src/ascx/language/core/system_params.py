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

ONE_BLK_SIZE = 32
"""Bytes of a data block; ``SliceInfo``'s default ``burst_len`` (and ``end_index`` one less)."""
IA_REGISTERS = range(4)
"""The exception registers ``CheckLocalMemoryIA`` arms (``enableBit``)."""
IA_ADDRESSES = range(65536)
"""``startAddr`` and ``endAddr`` count 32-byte units of the UB, 0 to 65535."""


class CheckLocalMemoryIAParam(ParamsStruct):
    """``AscendC::CheckLocalMemoryIAParam``: which exception register (``enable_bit``, 0 to 3), the UB
    range ``(start_addr, end_addr]`` in 32-byte units, the kinds of access to trap, and whether the
    register is armed (``is_enable``)."""

    __slots__ = ()
    KIND = ir.ParamsKind.CHECK_LOCAL_MEMORY_IA
    NAMES = (
        "enable_bit",
        "start_addr",
        "end_addr",
        "is_scalar_read",
        "is_scalar_write",
        "is_vector_read",
        "is_vector_write",
        "is_mte_read",
        "is_mte_write",
        "is_enable",
    )

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
        api = "CheckLocalMemoryIAParam"
        if isinstance(enable_bit, int) and not isinstance(enable_bit, bool) and enable_bit not in IA_REGISTERS:
            raise ApiValueError(f"{api}: enable_bit selects exception register 0 to 3, got {enable_bit}")
        for name, value in (("start_addr", start_addr), ("end_addr", end_addr)):
            if isinstance(value, int) and not isinstance(value, bool) and value not in IA_ADDRESSES:
                raise ApiValueError(f"{api}: {name} counts 32-byte units, 0 to 65535, got {value}")
        if (
            isinstance(start_addr, int)
            and isinstance(end_addr, int)
            and not isinstance(start_addr, bool)
            and end_addr < start_addr
        ):
            raise ApiValueError(f"{api}: the range (start_addr, end_addr] is empty: {start_addr} > {end_addr}")
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


class SliceInfo(ParamsStruct):
    """``AscendC::SliceInfo``: one dimension of a sliced copy: elements ``start_index`` to ``end_index``,
    ``stride`` apart, in bursts of ``burst_len`` elements, of a dimension of ``shape_value`` elements
    (``end_index`` defaults to 31 and ``burst_len`` to 32, CANN's defaults)."""

    __slots__ = ()
    KIND = ir.ParamsKind.SLICE_INFO
    NAMES = ("start_index", "end_index", "stride", "burst_len", "shape_value")

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
