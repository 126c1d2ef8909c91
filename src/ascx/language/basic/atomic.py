"""The atomic mode of later copies to global memory: ``set_atomic_add``, ``set_atomic_max``,
``set_atomic_min``, ``set_atomic_type`` and ``set_atomic_none``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.core.api_errors import ApiTypeError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe
from ascx.language.core.dtype import DataType, bfloat16, float16, float32, int8, int16, int32

ATOMIC_TYPES = (float32, float16, int16, int32, int8, bfloat16)
"""The data types GM atomics combine (Atlas A2)."""


def _set_atomic(name: str, kind: ir.AtomicKind) -> Callable[[Any], None]:
    def op(dtype: Any) -> None:
        builder = active(name)
        if not isinstance(dtype, DataType):
            raise ApiTypeError(f"{name}: dtype must be a data type (e.g. asc.float32), got {describe(dtype)}")
        if dtype not in ATOMIC_TYPES:
            supported = ", ".join(str(t) for t in ATOMIC_TYPES)
            raise ApiTypeError(f"{name}: atomics do not support {dtype}; supported: {supported}")
        builder.insert(ir.SetAtomicOp(kind, dtype.to_ir()))

    op.__name__ = op.__qualname__ = name
    return op


set_atomic_add = _set_atomic("set_atomic_add", ir.AtomicKind.ADD)
set_atomic_max = _set_atomic("set_atomic_max", ir.AtomicKind.MAX)
set_atomic_min = _set_atomic("set_atomic_min", ir.AtomicKind.MIN)
set_atomic_type = _set_atomic("set_atomic_type", ir.AtomicKind.TYPE)


def set_atomic_none() -> None:
    """``AscendC::SetAtomicNone()``: later copies to global memory overwrite again."""
    active("set_atomic_none").insert(ir.SetAtomicOp(ir.AtomicKind.NONE))


__all__ = ["set_atomic_add", "set_atomic_max", "set_atomic_min", "set_atomic_none", "set_atomic_type"]
