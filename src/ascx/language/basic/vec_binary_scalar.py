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
    dtype_rule,
    extent_operands,
    on_chip_rule,
    same_dtype,
    tensor_param,
    vector_forms,
    vector_tensor,
)
from ascx.language.basic.vec_fused import MASK_FORM_PARAMS
from ascx.language.core.api_errors import ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import element_operand
from ascx.language.core.dtype import DataType, float16, int16, int32, uint16, uint32
from ascx.language.core.forms import Param, bind, is_number
from ascx.language.core.params import UnaryRepeatParams
from ascx.language.reference import records

record = records(__name__, "basic/vector_binary_scalar")

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


def shift_message(api: str, dtype: DataType, bits: object) -> str:
    return f"{api}: {dtype} elements shift by 0 to {dtype.bitwidth} bits, got {bits}"


def shift_record(name: str, cpp: str, how: str) -> dict[str, Any]:
    """The record fields of the shift ``name`` (C++ ``cpp``), which computes ``how``."""
    return {
        "summary": f"Element-wise ``{how}``: unsigned types shift logically, signed ones arithmetically.",
        "forms": (
            f"asc.{name}(dst, src, scalar, count, is_set_mask=True)",
            f"asc.{name}(dst, src, scalar, mask, repeat_times, repeat_params, is_set_mask=True)",
        ),
        "cpp": (
            f"template <typename T, bool isSetMask = true> void {cpp}(const LocalTensor<T>& dst, const LocalTensor<T>& "
            "src, const T& scalarValue, const int32_t& count);",
            f"template <typename T, bool isSetMask = true> void {cpp}(..., const T& scalarValue, uint64_t mask / "
            "uint64_t mask[], const uint8_t repeatTime, const UnaryRepeatParams& repeatParams);",
        ),
        "params": (("scalar", "the number of bits, converted to the tensors' type"), *MASK_FORM_PARAMS),
        "rules": (
            dtype_rule(name, "src", SHIFT_TYPES, float16),
            f'A constant shift is at most the width: "{shift_message(name, int16, 17)}".',
            on_chip_rule(name, "src"),
        ),
    }


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
            raise ApiValueError(shift_message(name, s.dtype, bits))
        value = element_operand(builder, bits, s.dtype, api=name, param="scalar")
        optional, flags = extent_operands(builder, name, form, bound)
        properties = {"kind": ir.BinaryScalarKindAttr(kind)}
        builder.insert(ir.VecBinaryScalarOp.of([d.ssa, s.ssa, value], optional, properties, flags))

    op.__name__ = op.__qualname__ = name
    return op


shift_left = record.document(
    _shift("shift_left", ir.BinaryScalarKind.SHIFT_LEFT),
    **shift_record("shift_left", "ShiftLeft", "dst = src << scalar"),
)
shift_right = record.document(
    _shift("shift_right", ir.BinaryScalarKind.SHIFT_RIGHT),
    **shift_record("shift_right", "ShiftRight", "dst = src >> scalar"),
)
