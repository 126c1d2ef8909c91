"""The atomic mode of later copies to global memory: ``set_atomic_add``, ``set_atomic_max``,
``set_atomic_min``, ``set_atomic_type`` and ``set_atomic_none``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.operands import type_list
from ascx.language.core.api_errors import ApiTypeError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe
from ascx.language.core.dtype import DataType, bfloat16, float16, float32, int8, int16, int32, uint8
from ascx.language.records import records

record = records(__name__, "basic/atomic")

ATOMIC_TYPES = (float32, float16, int16, int32, int8, bfloat16)
"""The data types GM atomics combine (Atlas A2)."""


def atomic_type_message(api: str, dtype: DataType) -> str:
    return f"{api}: atomics do not support {dtype}; supported: {type_list(ATOMIC_TYPES)}"


def _set_atomic(name: str, kind: ir.AtomicKind) -> Callable[[Any], None]:
    def op(dtype: Any) -> None:
        builder = active(name)
        if not isinstance(dtype, DataType):
            raise ApiTypeError(f"{name}: dtype must be a data type (e.g. asc.float32), got {describe(dtype)}")
        if dtype not in ATOMIC_TYPES:
            raise ApiTypeError(atomic_type_message(name, dtype))
        builder.insert(ir.SetAtomicOp(kind, dtype.to_ir()))

    op.__name__ = op.__qualname__ = name
    return op


def atomic_record(name: str, cpp: str) -> dict[str, Any]:
    """The record fields of ``set_atomic_<kind>(dtype)``, ``AscendC::<cpp><T>()``."""
    return {
        "forms": (f"asc.{name}(dtype)",),
        "cpp": (f"template <typename T> void {cpp}();",),
        "rules": (
            f'The data type is required and one of {type_list(ATOMIC_TYPES)}: "{atomic_type_message(name, uint8)}".',
        ),
    }


set_atomic_add = record.document(
    _set_atomic("set_atomic_add", ir.AtomicKind.ADD),
    **atomic_record("set_atomic_add", "SetAtomicAdd"),
    summary="Later copies to global memory add to the data there.",
)
set_atomic_max = record.document(
    _set_atomic("set_atomic_max", ir.AtomicKind.MAX),
    **atomic_record("set_atomic_max", "SetAtomicMax"),
    summary="Later copies keep the maximum.",
)
set_atomic_min = record.document(
    _set_atomic("set_atomic_min", ir.AtomicKind.MIN),
    **atomic_record("set_atomic_min", "SetAtomicMin"),
    summary="Later copies keep the minimum.",
)
set_atomic_type = record.document(
    _set_atomic("set_atomic_type", ir.AtomicKind.TYPE),
    **atomic_record("set_atomic_type", "SetAtomicType"),
    summary="Set the data type of the atomic operation.",
)


@record(forms=("asc.set_atomic_none()",), cpp=("void SetAtomicNone();",))
def set_atomic_none() -> None:
    """Later copies overwrite again."""
    active("set_atomic_none").insert(ir.SetAtomicOp(ir.AtomicKind.NONE))


__all__ = ["set_atomic_add", "set_atomic_max", "set_atomic_min", "set_atomic_none", "set_atomic_type"]
