"""The element-wise math functions of the high-level library: ``asc.adv.acos`` ... ``asc.adv.trunc``,
``exp`` with its Taylor expansion, ``power``, ``xor`` and ``axpy`` (``AscendC::Acos`` ... ``AscendC::Axpy``).

Every function takes pyasc's arguments: the tensors, ``count`` (how many elements, all of ``src`` when
None), ``temp_buffer`` (a ``uint8`` tensor for intermediate values; without one the library uses memory
the framework reserves) and ``is_reuse_source`` (a template flag).  The references are in
``docs/reference/adv/``.
"""

from __future__ import annotations

from typing import Any

from xdsl.dialects.builtin import IntegerAttr, i64
from xdsl.ir import Attribute

from ascx.dialects.ascendc.adv_ops import (
    AdvAxpyOp,
    AdvBinaryMathOp,
    AdvMathOp,
    BinaryMathFunction,
    BinaryMathFunctionAttr,
    MathFunction,
    MathFunctionAttr,
)
from ascx.language.adv.tmp_sizes import math_tmp_size, power_tmp_size, xor_tmp_size
from ascx.language.adv.utils import (
    check_aligned,
    check_count,
    check_tmp_size,
    count_operand,
    dtype_of,
    lib_tensor,
    require_dtype,
    require_same_dtype,
    reserved_flag,
    template_flag,
    tmp_operand,
)
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, element_operand
from ascx.language.core.dtype import float16, float32, int16, int32, uint16
from ascx.language.core.values import Handle

FLOATS = (float16, float32)

FLOAT_REUSE = frozenset(
    {MathFunction.COS, MathFunction.SIN, MathFunction.EXP, MathFunction.DIGAMMA, MathFunction.LGAMMA}
)
"""The functions whose ``isReuseSource`` takes effect (for float inputs); CANN reserves it for the rest."""


def _tmp_hint(name: str) -> str:
    return (
        f"size it with asc.lib.host.get_{name}_max_min_tmp_size(shape, type_size, is_reuse_source) "
        "(the minimum is enough, more may be faster)"
    )


def _unary(
    function: MathFunction,
    dst: Any,
    src: Any,
    count: Any,
    buffer: Any,
    is_reuse_source: Any,
    taylor_expand_level: int | None = None,
) -> None:
    api = str(function)
    builder = active(api)
    d = lib_tensor(dst, api, "dst")
    s = lib_tensor(src, api, "src")
    require_dtype(api, s, "src", FLOATS)
    require_same_dtype(api, ("src", s), ("dst", d))
    reuse = template_flag(is_reuse_source, api, "is_reuse_source")
    tmp = tmp_operand(buffer, api)
    if tmp is not None and not function.takes_tmp:
        raise ApiValueError(
            f"{api}: CANN's {function.cpp} takes no temporary buffer", f"drop temp_buffer: {function.cpp} needs none"
        )
    if count is None and function.needs_count:
        raise ApiValueError(f"{api}: count is required: CANN declares {function.cpp} only with calCount")
    n = count_operand(builder, count, api) if count is not None else None
    check_count(api, count, ("dst", d), ("src", s))
    check_aligned(api, ("dst", d), ("src", s), *((("temp_buffer", tmp),) if tmp is not None else ()))
    type_size = dtype_of(s).sizeof()
    _, minimum = math_tmp_size(api, 1, type_size, reuse and type_size == 4)
    if taylor_expand_level == 0:
        minimum = 0  # Exp without the expansion is the vector instruction: the buffer is not used
    check_tmp_size(api, tmp, minimum, f"{function.cpp} of {dtype_of(s)}", _tmp_hint(api))
    if function not in FLOAT_REUSE:
        reserved_flag(builder, reuse, api, "is_reuse_source")
    properties: dict[str, Attribute] = {"function": MathFunctionAttr(function)}
    if taylor_expand_level is not None:
        properties["taylor_expand_level"] = IntegerAttr(taylor_expand_level, i64)
    op = AdvMathOp.of(
        [d.ssa, s.ssa], {"count": n, "tmp": tmp.ssa if tmp is not None else None}, properties,
        ["reuse_source"] if reuse else [],
    )  # fmt: skip
    builder.insert(op)


def _binary(function: BinaryMathFunction, dst: Any, src0: Any, src1: Any, count: Any, buffer: Any, reuse: Any) -> None:
    api = str(function)
    builder = active(api)
    d = lib_tensor(dst, api, "dst")
    a = lib_tensor(src0, api, "src0")
    b = lib_tensor(src1, api, "src1")
    allowed = (float16, float32, int32) if function is BinaryMathFunction.POWER else (int16, uint16)
    require_dtype(api, a, "src0", allowed)
    require_same_dtype(api, ("src0", a), ("src1", b), ("dst", d))
    flag = template_flag(reuse, api, "is_reuse_source")
    tmp = tmp_operand(buffer, api)
    n = count_operand(builder, count, api) if count is not None else None
    check_count(api, count, ("dst", d), ("src0", a), ("src1", b))
    check_aligned(api, ("dst", d), ("src0", a), ("src1", b), *((("temp_buffer", tmp),) if tmp is not None else ()))
    dtype = dtype_of(a)
    if function is BinaryMathFunction.POWER:
        _, minimum = power_tmp_size(1, dtype.sizeof(), dtype == int32)
    else:
        _, minimum = xor_tmp_size(1, dtype.sizeof())
    check_tmp_size(api, tmp, minimum, f"{function.cpp} of {dtype}", _tmp_hint(api))
    reserved_flag(builder, flag, api, "is_reuse_source")
    op = AdvBinaryMathOp.of(
        [d.ssa, a.ssa, b.ssa], {"count": n, "tmp": tmp.ssa if tmp is not None else None},
        {"function": BinaryMathFunctionAttr(function)}, ["reuse_source"] if flag else [],
    )  # fmt: skip
    builder.insert(op)


def acos(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.ACOS, dst, src, count, temp_buffer, is_reuse_source)


def acosh(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.ACOSH, dst, src, count, temp_buffer, is_reuse_source)


def asin(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.ASIN, dst, src, count, temp_buffer, is_reuse_source)


def asinh(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.ASINH, dst, src, count, temp_buffer, is_reuse_source)


def atan(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.ATAN, dst, src, count, temp_buffer, is_reuse_source)


def atanh(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.ATANH, dst, src, count, temp_buffer, is_reuse_source)


def ceil(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.CEIL, dst, src, count, temp_buffer, is_reuse_source)


def cos(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.COS, dst, src, count, temp_buffer, is_reuse_source)


def cosh(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.COSH, dst, src, count, temp_buffer, is_reuse_source)


def digamma(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.DIGAMMA, dst, src, count, temp_buffer, is_reuse_source)


def erf(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.ERF, dst, src, count, temp_buffer, is_reuse_source)


def erfc(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.ERFC, dst, src, count, temp_buffer, is_reuse_source)


def exp(
    dst: Any, src: Any, count: Any, taylor_expand_level: Any, temp_buffer: Any = None, is_reuse_source: Any = False
) -> None:
    if isinstance(taylor_expand_level, Handle) or isinstance(taylor_expand_level, bool):
        raise ApiTypeError(
            "exp: taylor_expand_level must be a compile-time int in [0, 255] (it is a template argument of the "
            f"C++ call), got {describe(taylor_expand_level)}"
        )
    if not isinstance(taylor_expand_level, int) or not 0 <= taylor_expand_level <= 255:
        raise ApiValueError(
            f"exp: taylor_expand_level must be an int in [0, 255], got {describe(taylor_expand_level)}",
            "0 uses the vector Exp instruction; CANN recommends 10 to 15 terms for the Taylor expansion",
        )
    _unary(MathFunction.EXP, dst, src, count, temp_buffer, is_reuse_source, taylor_expand_level)


def floor(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.FLOOR, dst, src, count, temp_buffer, is_reuse_source)


def frac(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.FRAC, dst, src, count, temp_buffer, is_reuse_source)


def lgamma(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.LGAMMA, dst, src, count, temp_buffer, is_reuse_source)


def log(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.LOG, dst, src, count, temp_buffer, is_reuse_source)


def round(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.ROUND, dst, src, count, temp_buffer, is_reuse_source)


def sign(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.SIGN, dst, src, count, temp_buffer, is_reuse_source)


def sin(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.SIN, dst, src, count, temp_buffer, is_reuse_source)


def sinh(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.SINH, dst, src, count, temp_buffer, is_reuse_source)


def tan(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.TAN, dst, src, count, temp_buffer, is_reuse_source)


def tanh(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.TANH, dst, src, count, temp_buffer, is_reuse_source)


def trunc(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    _unary(MathFunction.TRUNC, dst, src, count, temp_buffer, is_reuse_source)


def power(
    dst: Any, src0: Any, src1: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False
) -> None:
    _binary(BinaryMathFunction.POWER, dst, src0, src1, count, temp_buffer, is_reuse_source)


def xor(
    dst: Any, src0: Any, src1: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False
) -> None:
    _binary(BinaryMathFunction.XOR, dst, src0, src1, count, temp_buffer, is_reuse_source)


def axpy(
    dst: Any, src: Any, scalar: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False
) -> None:
    api = "axpy"
    builder = active(api)
    d = lib_tensor(dst, api, "dst")
    s = lib_tensor(src, api, "src")
    require_dtype(api, s, "src", FLOATS)
    require_dtype(api, d, "dst", FLOATS)
    if d.dtype != s.dtype and not (d.dtype == float32 and s.dtype == float16):
        raise ApiTypeError(
            f"axpy: dst has data type {d.dtype} and src {s.dtype}; Axpy takes both half, both float32, "
            "or a float32 dst with a half src"
        )
    flag = template_flag(is_reuse_source, api, "is_reuse_source")
    tmp = tmp_operand(temp_buffer, api)
    if count is None or tmp is None:
        missing = " and ".join(n for n, v in (("count", count), ("temp_buffer", tmp)) if v is None)
        raise ApiValueError(
            f"axpy: {missing} is required: CANN declares Axpy only with a temporary buffer and a count",
            "pass count=... and temp_buffer=... (asc.lib.host.get_axpy_max_min_tmp_size gives its size)",
        )
    value = element_operand(builder, scalar, dtype_of(s), api=api, param="scalar")
    n = count_operand(builder, count, api)
    check_count(api, count, ("dst", d), ("src", s))
    check_aligned(api, ("dst", d), ("src", s), ("temp_buffer", tmp))
    _, minimum = math_tmp_size(api, 1, dtype_of(s).sizeof())
    check_tmp_size(api, tmp, minimum, f"Axpy of {dtype_of(s)}", _tmp_hint(api))
    reserved_flag(builder, flag, api, "is_reuse_source")
    op = AdvAxpyOp.of([d.ssa, s.ssa, value], {"count": n, "tmp": tmp.ssa}, flags=["reuse_source"] if flag else [])
    builder.insert(op)


__all__ = [
    "acos",
    "acosh",
    "asin",
    "asinh",
    "atan",
    "atanh",
    "axpy",
    "ceil",
    "cos",
    "cosh",
    "digamma",
    "erf",
    "erfc",
    "exp",
    "floor",
    "frac",
    "lgamma",
    "log",
    "power",
    "round",
    "sign",
    "sin",
    "sinh",
    "tan",
    "tanh",
    "trunc",
    "xor",
]
