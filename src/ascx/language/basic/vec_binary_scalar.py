"""Element-wise tensor-scalar vector ops: ``adds``, ``muls``, ``maxs``, ``mins``, ``leaky_relu``
(``AscendC::Adds<T, isSetMask>`` ...); the scalar has the tensors' data type.  ``shift_left`` and
``shift_right`` shift each element by a scalar number of bits: unsigned types logically, signed ones
arithmetically (a left shift keeps the sign bit)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.operands import (
    ARITHMETIC,
    FLOATS,
    MASK_PARAMS,
    SAME_SRC_DST,
    check_dtype,
    dtype_rule,
    extent_operands,
    on_chip_rule,
    same_dtype,
    same_dtype_message,
    tensor_param,
    vector_forms,
    vector_rules,
    vector_tensor,
)
from ascx.language.basic.vec_gather import MASK_PARAM
from ascx.language.core.api_errors import ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import element_operand
from ascx.language.core.dtype import DataType, float16, int16, int32, uint8, uint16, uint32
from ascx.language.core.forms import Param, bind, is_number
from ascx.language.core.params import UnaryRepeatParams
from ascx.language.records import records

record = records(__name__, "basic/vector_binary_scalar")

FORMS = vector_forms(
    [tensor_param("dst"), tensor_param("src"), Param("scalar", is_number, "int | float")],
    UnaryRepeatParams,
    count_set_mask=True,
)

BINARY_SCALAR: dict[str, tuple[DataType, ...]] = {
    "adds": ARITHMETIC, "muls": ARITHMETIC, "maxs": ARITHMETIC, "mins": ARITHMETIC, "leaky_relu": FLOATS,
}  # fmt: skip
"""The data types of each op (CANN's documentation, Atlas A2)."""


def _forms(name: str, cpp: str) -> dict[str, Any]:
    """The forms and C++ of the tensor-scalar op ``name`` (``AscendC::<cpp>``)."""
    return dict(
        forms=(
            f"asc.{name}(dst, src, scalar, count, is_set_mask=True)",
            f"asc.{name}(dst, src, scalar, mask, repeat_times, repeat_params, is_set_mask=True)",
        ),
        cpp=(
            f"template <typename T, bool isSetMask = true> void {cpp}(const LocalTensor<T>& dst, "
            "const LocalTensor<T>& src, const T& scalarValue, const int32_t& count);",
            f"template <typename T, bool isSetMask = true> void {cpp}(const LocalTensor<T>& dst, "
            "const LocalTensor<T>& src, const T& scalarValue, uint64_t mask / const uint64_t mask[], "
            "const uint8_t repeatTimes, const UnaryRepeatParams& repeatParams);",
        ),
    )


def _fields(name: str, cpp: str) -> dict[str, Any]:
    """The record of the tensor-scalar op ``name``."""
    valid = BINARY_SCALAR[name]
    agree = same_dtype_message(name, SAME_SRC_DST, ("src", valid[0]), ("dst", valid[1]))
    return dict(
        **_forms(name, cpp),
        params=(("scalar", "a number or a runtime scalar"), *MASK_PARAMS, ("repeat_params", "a ``UnaryRepeatParams``")),
        rules=(
            dtype_rule(name, "src", valid, uint8, f'dst and src agree: "{agree}"'),
            "A float scalar for an integer tensor: \"muls: scalar 3.7 must be an integer: the tensor's data type is "
            'int16".',
            *vector_rules(name),
        ),
    )


def _binary_scalar(name: str, kind: ir.BinaryScalarKind, meaning: str) -> Callable[..., None]:
    def op(dst: Any, src: Any, scalar: Any, *args: Any, **kwargs: Any) -> None:
        builder = active(name)
        form, bound = bind(name, FORMS, (dst, src, scalar, *args), kwargs)
        d = vector_tensor(bound["dst"], name, "dst")
        s = vector_tensor(bound["src"], name, "src")
        check_dtype(name, s, "src", BINARY_SCALAR[name])
        same_dtype(name, SAME_SRC_DST, ("src", s), ("dst", d))
        assert s.dtype is not None
        value = element_operand(builder, bound["scalar"], s.dtype, api=name, param="scalar")
        optional, flags = extent_operands(builder, name, form, bound)
        properties = {"kind": ir.BinaryScalarKindAttr(kind)}
        builder.insert(ir.VecBinaryScalarOp.of([d.ssa, s.ssa, value], optional, properties, flags))

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"Element-wise ``{meaning}``; the scalar is converted to the tensors' type."
    return op


adds = record.document(
    _binary_scalar("adds", ir.BinaryScalarKind.ADDS, "dst = src + scalar"), **_fields("adds", "Adds")
)
muls = record.document(
    _binary_scalar("muls", ir.BinaryScalarKind.MULS, "dst = src * scalar"), **_fields("muls", "Muls")
)
maxs = record.document(
    _binary_scalar("maxs", ir.BinaryScalarKind.MAXS, "dst = max(src, scalar)"), **_fields("maxs", "Maxs")
)
mins = record.document(
    _binary_scalar("mins", ir.BinaryScalarKind.MINS, "dst = min(src, scalar)"), **_fields("mins", "Mins")
)
leaky_relu = record.document(
    _binary_scalar("leaky_relu", ir.BinaryScalarKind.LEAKY_RELU, "dst = src if src >= 0 else src * scalar"),
    **_fields("leaky_relu", "LeakyRelu"),
)

SHIFT_TYPES = (int16, uint16, int32, uint32)


def shift_message(api: str, dtype: DataType, bits: object) -> str:
    return f"{api}: {dtype} elements shift by 0 to {dtype.bitwidth} bits, got {bits}"


def _shift_fields(name: str, cpp: str) -> dict[str, Any]:
    """The record of the shift ``name``."""
    return dict(
        forms=_forms(name, cpp)["forms"],
        cpp=(
            f"template <typename T, bool isSetMask = true> void {cpp}(const LocalTensor<T>& dst, const LocalTensor<T>& "
            "src, const T& scalarValue, const int32_t& count);",
            f"template <typename T, bool isSetMask = true> void {cpp}(..., const T& scalarValue, uint64_t mask / "
            "uint64_t mask[], const uint8_t repeatTime, const UnaryRepeatParams& repeatParams);",
        ),
        params=(
            ("scalar", "the number of bits, converted to the tensors' type"),
            MASK_PARAM,
            ("repeat_times", "repeats of 256 bytes (``uint8_t``)"),
            ("is_set_mask", "compile-time; False when the mask register is already set (``set_vector_mask``)"),
        ),
        rules=(
            dtype_rule(name, "src", SHIFT_TYPES, float16),
            f'A constant shift is at most the width: "{shift_message(name, int16, 17)}".',
            on_chip_rule(name, "src"),
        ),
    )


def _shift(name: str, kind: ir.BinaryScalarKind, how: str) -> Callable[..., None]:
    def op(dst: Any, src: Any, scalar: Any, *args: Any, **kwargs: Any) -> None:
        builder = active(name)
        form, bound = bind(name, FORMS, (dst, src, scalar, *args), kwargs)
        d = vector_tensor(bound["dst"], name, "dst")
        s = vector_tensor(bound["src"], name, "src")
        check_dtype(name, s, "src", SHIFT_TYPES)
        same_dtype(name, SAME_SRC_DST, ("src", s), ("dst", d))
        assert s.dtype is not None
        bits = bound["scalar"]
        if isinstance(bits, int | float) and not 0 <= bits <= s.dtype.bitwidth:
            raise ApiValueError(shift_message(name, s.dtype, bits))
        value = element_operand(builder, bits, s.dtype, api=name, param="scalar")
        optional, flags = extent_operands(builder, name, form, bound)
        properties = {"kind": ir.BinaryScalarKindAttr(kind)}
        builder.insert(ir.VecBinaryScalarOp.of([d.ssa, s.ssa, value], optional, properties, flags))

    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"Element-wise ``{how}``: unsigned types shift logically, signed ones arithmetically."
    return op


shift_left = record.document(
    _shift("shift_left", ir.BinaryScalarKind.SHIFT_LEFT, "dst = src << scalar"),
    **_shift_fields("shift_left", "ShiftLeft"),
)
shift_right = record.document(
    _shift("shift_right", ir.BinaryScalarKind.SHIFT_RIGHT, "dst = src >> scalar"),
    **_shift_fields("shift_right", "ShiftRight"),
)


__all__ = ["adds", "leaky_relu", "maxs", "mins", "muls", "shift_left", "shift_right"]
