"""Element-wise tensor-scalar vector ops: ``adds``, ``muls``, ``maxs``, ``mins``, ``leaky_relu``
(``AscendC::Adds<T, isSetMask>`` ...); the scalar has the tensors' data type.  ``shift_left`` and
``shift_right`` shift each element by a scalar number of bits: unsigned types logically, signed ones
arithmetically (a left shift keeps the sign bit)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.dtype_rules import BINARY_SCALAR
from ascx.language.basic.operands import (
    check_dtype,
    extent_operands,
    same_dtype,
    tensor_param,
    vector_forms,
    vector_tensor,
)
from ascx.language.core.api_errors import ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import element_operand
from ascx.language.core.dtype import int16, int32, uint16, uint32
from ascx.language.core.forms import Param, bind, is_number
from ascx.language.core.params import UnaryRepeatParams

FORMS = vector_forms(
    [tensor_param("dst"), tensor_param("src"), Param("scalar", is_number, "int | float")],
    UnaryRepeatParams,
    count_set_mask=True,
)


def _binary_scalar(name: str, kind: ir.BinaryScalarKind) -> Callable[..., None]:
    def op(dst: Any, src: Any, scalar: Any, *args: Any, **kwargs: Any) -> None:
        builder = active(name)
        form, bound = bind(name, FORMS, (dst, src, scalar, *args), kwargs)
        d = vector_tensor(bound["dst"], name, "dst")
        s = vector_tensor(bound["src"], name, "src")
        check_dtype(name, s, "src", BINARY_SCALAR[name])
        same_dtype(name, "Src and dst must be same type.", ("src", s), ("dst", d))
        assert s.dtype is not None
        value = element_operand(builder, bound["scalar"], s.dtype, api=name, param="scalar")
        optional, flags = extent_operands(builder, name, form, bound)
        properties = {"kind": ir.BinaryScalarKindAttr(kind)}
        builder.insert(ir.VecBinaryScalarOp.of([d.ssa, s.ssa, value], optional, properties, flags))

    op.__name__ = op.__qualname__ = name
    return op


adds = _binary_scalar("adds", ir.BinaryScalarKind.ADDS)
muls = _binary_scalar("muls", ir.BinaryScalarKind.MULS)
maxs = _binary_scalar("maxs", ir.BinaryScalarKind.MAXS)
mins = _binary_scalar("mins", ir.BinaryScalarKind.MINS)
leaky_relu = _binary_scalar("leaky_relu", ir.BinaryScalarKind.LEAKY_RELU)

SHIFT_TYPES = (int16, uint16, int32, uint32)


def _shift(name: str, kind: ir.BinaryScalarKind) -> Callable[..., None]:
    def op(dst: Any, src: Any, scalar: Any, *args: Any, **kwargs: Any) -> None:
        builder = active(name)
        form, bound = bind(name, FORMS, (dst, src, scalar, *args), kwargs)
        d = vector_tensor(bound["dst"], name, "dst")
        s = vector_tensor(bound["src"], name, "src")
        check_dtype(name, s, "src", SHIFT_TYPES)
        same_dtype(name, "Src and dst must be same type.", ("src", s), ("dst", d))
        assert s.dtype is not None
        bits = bound["scalar"]
        width = s.dtype.bitwidth
        if isinstance(bits, int | float) and not 0 <= bits <= width:
            raise ApiValueError(f"{name}: {s.dtype} elements shift by 0 to {width} bits, got {bits}")
        value = element_operand(builder, bits, s.dtype, api=name, param="scalar")
        optional, flags = extent_operands(builder, name, form, bound)
        properties = {"kind": ir.BinaryScalarKindAttr(kind)}
        builder.insert(ir.VecBinaryScalarOp.of([d.ssa, s.ssa, value], optional, properties, flags))

    op.__name__ = op.__qualname__ = name
    return op


shift_left = _shift("shift_left", ir.BinaryScalarKind.SHIFT_LEFT)
shift_right = _shift("shift_right", ir.BinaryScalarKind.SHIFT_RIGHT)


__all__ = ["adds", "leaky_relu", "maxs", "mins", "muls", "shift_left", "shift_right"]
