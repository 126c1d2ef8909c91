"""The element-wise math functions of the high-level library: ``asc.adv.acos`` ... ``asc.adv.trunc``,
``exp`` with its Taylor expansion, ``power``, ``xor`` and ``axpy`` (``AscendC::Acos`` ... ``AscendC::Axpy``).

Every function takes pyasc's arguments: the tensors, ``count`` (how many elements, all of ``src`` when
None), ``temp_buffer`` (a ``uint8`` tensor for intermediate values; without one the library uses memory
the framework reserves) and ``is_reuse_source`` (a template flag).  The references are in
``docs/reference/adv/``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

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
from ascx.language.adv.lib_records import library_records
from ascx.language.adv.tmp_sizes import math_tmp_size, power_tmp_size, xor_tmp_size
from ascx.language.adv.utils import (
    aligned_message,
    check_aligned,
    check_count,
    check_tmp_size,
    count_message,
    count_operand,
    dtype_message,
    dtype_of,
    lib_tensor,
    require_dtype,
    require_same_dtype,
    reserved_flag,
    same_dtype_message,
    template_flag,
    tmp_operand,
    tmp_size_message,
)
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, element_operand
from ascx.language.core.dtype import float16, float32, int16, int32, uint16
from ascx.language.core.values import Handle

lib_record = library_records(__name__)

FLOATS = (float16, float32)
POWER_TYPES = (float16, float32, int32)
XOR_TYPES = (int16, uint16)

FLOAT_REUSE = frozenset(
    {MathFunction.COS, MathFunction.SIN, MathFunction.EXP, MathFunction.DIGAMMA, MathFunction.LGAMMA}
)
"""The functions whose ``isReuseSource`` takes effect (for float inputs); CANN reserves it for the rest."""


def _tmp_hint(name: str) -> str:
    return (
        f"size it with asc.lib.host.get_{name}_max_min_tmp_size(shape, type_size, is_reuse_source) "
        "(the minimum is enough, more may be faster)"
    )


def _no_tmp_message(function: MathFunction) -> str:
    """The message of a temporary buffer passed to a function CANN declares without one (``Log``)."""
    return f"{function}: CANN's {function.cpp} takes no temporary buffer"


def _count_required_message(function: MathFunction) -> str:
    """The message of a call without ``count`` to a function CANN declares only with ``calCount``."""
    return f"{function}: count is required: CANN declares {function.cpp} only with calCount"


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
        raise ApiValueError(_no_tmp_message(function), f"drop temp_buffer: {function.cpp} needs none")
    if count is None and function.needs_count:
        raise ApiValueError(_count_required_message(function))
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
    allowed = POWER_TYPES if function is BinaryMathFunction.POWER else XOR_TYPES
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


# --- the records -------------------------------------------------------------------------------------------

_F = TypeVar("_F", bound=Callable[..., Any])

EXACT = ""
"""``how`` of a function whose result is exact (an integer, or a difference of the input's own bits)."""

_UNARY_PARAMS = (
    ("dst", "the result, a LocalTensor of ``src``'s type (half or float32)"),
    ("src", "the input"),
    ("count", "how many elements (all of ``src`` when None); a constant or a runtime integer"),
    ("temp_buffer", "a uint8 LocalTensor for intermediate values; None lets the library use reserved space"),
    ("is_reuse_source", "compile-time bool, the ``isReuseSource`` template argument"),
)


def _minimums(function: MathFunction) -> str:
    name = str(function)
    if not function.takes_tmp:
        return f"none: ``{function.cpp}`` takes no temporary buffer"
    half, single = math_tmp_size(name, 1, 2)[1], math_tmp_size(name, 1, 4)[1]
    text = (
        f"{half} bytes for half, {single or 'none'} for float32"
        if single
        else f"{half} bytes for half, none for float32"
    )
    reuse = math_tmp_size(name, 1, 4, True)[1]
    if reuse != single:
        text += f" ({reuse} with ``is_reuse_source``)"
    return text


def _math_record(how: str, *, in_place: bool = False) -> Callable[[_F], _F]:
    """The record of a function of one source tensor (its docstring the summary): ``how`` the emulation
    computes f(x) in double precision (``"std::acos"``), or :data:`EXACT`; ``in_place`` when ``src`` and
    ``dst`` may be the same tensor."""

    def declare(api: _F) -> _F:
        function = MathFunction(api.__name__)
        name, cpp_name = str(function), function.cpp
        head = f"template <typename T, bool isReuseSource = false>\nvoid {cpp_name}(const LocalTensor<T>& dstTensor, "
        with_tmp = "const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer"
        forms = [
            head + with_tmp + ", const uint32_t calCount);",
            head + "const LocalTensor<T>& srcTensor, const uint32_t calCount);",
        ]
        if not function.needs_count:
            forms += [head + with_tmp + ");", head + "const LocalTensor<T>& srcTensor);"]
        if not function.takes_tmp:
            forms = [forms[1], forms[3]]
        reuse = (
            "``isReuseSource``: with a float32 source the library may overwrite ``src`` and needs less temporary "
            "space; it has no effect for half"
            if function in FLOAT_REUSE
            else "``isReuseSource``: reserved by CANN (pass False); True warns, as CANN's kernel check does"
        )
        rules = [
            "``src`` and ``dst`` are half or float32 LocalTensors of one type: "
            f'"{dtype_message(name, "src", int16, FLOATS)}"; '
            f'"{same_dtype_message(name, "dst", float32, "src", float16)}".',
            f"A temporary buffer of known size holds at least CANN's minimum, {_minimums(function)} (CANN: \"the "
            f'reserved temporary space must not be smaller than the minimum"): '
            f'"{tmp_size_message(name, 256, f"{cpp_name} of float16", "N")}".',
            f'A known count does not exceed the operands: "{count_message(name, 512, 256, "dst")}".',
            f'Operands at known addresses start at multiples of 32 bytes: "{aligned_message(name, "src", 16)}".',
            reuse + ".",
        ]  # fmt: skip
        if function.needs_count:
            rules.append(f'CANN declares {cpp_name} only with ``calCount``: "{_count_required_message(function)}".')
        if not function.takes_tmp:
            rules.append(f'CANN\'s {cpp_name} takes no temporary buffer: "{_no_tmp_message(function)}".')
        rules.append(
            "``src`` and ``dst`` may be the same tensor."
            if in_place
            else "``src`` and ``dst`` may not overlap, nor may ``temp_buffer`` overlap either (CANN); the emulation "
            "fails the run when they do."
        )
        if how == EXACT:
            precision = "Exact (0 ULP): the result is an integer or a difference of the input's own bits."
        else:
            precision = (
                f"f(x) of the input in double precision ({how}), rounded to float32, then to the output type with "
                "round-to-nearest-even: within 0.5 ULP of f(x) for float32 and 0.5 ULP + 2^-13 for half; measured "
                "0 ULP from numpy's float64 result rounded the same way."
            )
        tmp = ", tmp" if function.takes_tmp else ""
        return lib_record.document(
            api, forms, _UNARY_PARAMS, rules, precision, ("half", f"asc.adv.{name}(dst, src, 1024{tmp})")
        )

    return declare


def _binary_minimums(function: BinaryMathFunction) -> str:
    if function is BinaryMathFunction.XOR:
        return f"{xor_tmp_size(1, 2)[1]} bytes"
    half, single, integer = (power_tmp_size(1, size, is_int)[1] for size, is_int in ((2, False), (4, False), (4, True)))
    return f"{half} bytes for half, {single} for float32, {integer} for int32"


def _binary_record(precision: str, element: str) -> Callable[[_F], _F]:
    """The record of a function of two source tensors (its docstring the summary); ``element`` is the element
    type of its example."""

    def declare(api: _F) -> _F:
        function = BinaryMathFunction(api.__name__)
        name, cpp_name = str(function), function.cpp
        types = ", ".join(str(t) for t in (POWER_TYPES if function is BinaryMathFunction.POWER else XOR_TYPES))
        minimum = _binary_minimums(function)
        head = f"template <typename T, bool isReuseSource = false>\nvoid {cpp_name}(const LocalTensor<T>& dstTensor, "
        operands = "const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor"
        return lib_record.document(
            api,
            (
                f"{head}{operands}, const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount);",
                f"{head}{operands}, const uint32_t calCount);",
                f"{head}{operands}, const LocalTensor<uint8_t>& sharedTmpBuffer);",
                f"{head}{operands});",
            ),
            (
                ("dst", f"the result, of the sources' type ({types})"),
                ("src0", "the first operand"),
                ("src1", "the second operand"),
                ("count", "how many elements (all of ``src0`` when None)"),
                ("temp_buffer", "a uint8 LocalTensor for intermediate values, or None"),
                ("is_reuse_source", "compile-time bool; reserved by CANN"),
            ),
            (
                f'The three tensors are {types} of one type: "{dtype_message(name, "src0", "...", [types])}".',
                f"A temporary buffer of known size holds at least {minimum}: "
                f'"{tmp_size_message(name, 256, f"{cpp_name} of ...", "N")}".',
                "``dst`` may not overlap a source, and without a count the sources have one size (the emulation "
                "fails the run otherwise).",
            ),
            precision,
            ("binary", f"asc.adv.{name}(dst, src0, src1, 1024, tmp)"),
            element=element,
        )

    return declare


# --- the functions -----------------------------------------------------------------------------------------


@_math_record("std::acos")
def acos(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Acos``: arccos(x), element by element; the input must lie in [-1, 1] (else the result is NaN)."""
    _unary(MathFunction.ACOS, dst, src, count, temp_buffer, is_reuse_source)


@_math_record("std::acosh")
def acosh(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Acosh``: arccosh(x); the input must be at least 1."""
    _unary(MathFunction.ACOSH, dst, src, count, temp_buffer, is_reuse_source)


@_math_record("std::asin")
def asin(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Asin``: arcsin(x); the input must lie in [-1, 1]."""
    _unary(MathFunction.ASIN, dst, src, count, temp_buffer, is_reuse_source)


@_math_record("std::asinh")
def asinh(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Asinh``: arcsinh(x)."""
    _unary(MathFunction.ASINH, dst, src, count, temp_buffer, is_reuse_source)


@_math_record("std::atan")
def atan(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Atan``: arctan(x)."""
    _unary(MathFunction.ATAN, dst, src, count, temp_buffer, is_reuse_source)


@_math_record("std::atanh")
def atanh(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Atanh``: arctanh(x); the input must lie in (-1, 1)."""
    _unary(MathFunction.ATANH, dst, src, count, temp_buffer, is_reuse_source)


@_math_record(EXACT)
def ceil(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Ceil``: the smallest integer not below x (rounding towards +inf)."""
    _unary(MathFunction.CEIL, dst, src, count, temp_buffer, is_reuse_source)


@_math_record("std::cos")
def cos(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Cos``: cos(x); CANN documents inputs in [-65504, 65504]."""
    _unary(MathFunction.COS, dst, src, count, temp_buffer, is_reuse_source)


@_math_record("std::cosh")
def cosh(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Cosh``: cosh(x)."""
    _unary(MathFunction.COSH, dst, src, count, temp_buffer, is_reuse_source)


@_math_record("a double-precision series")
def digamma(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Digamma``: digamma(x) = d/dx ln Gamma(x), NaN at the poles 0, -1, -2, ...."""
    _unary(MathFunction.DIGAMMA, dst, src, count, temp_buffer, is_reuse_source)


@_math_record("std::erf")
def erf(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Erf``: the error function erf(x)."""
    _unary(MathFunction.ERF, dst, src, count, temp_buffer, is_reuse_source)


@_math_record("std::erfc")
def erfc(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Erfc``: the complementary error function erfc(x) = 1 - erf(x)."""
    _unary(MathFunction.ERFC, dst, src, count, temp_buffer, is_reuse_source)


def _taylor_level_type_message(got: str) -> str:
    """The message of a ``taylor_expand_level`` not known at compile time (``got`` as ``describe`` puts it)."""
    return (
        "exp: taylor_expand_level must be a compile-time int in [0, 255] (it is a template argument of the "
        f"C++ call), got {got}"
    )


def _taylor_level_range_message(got: str) -> str:
    """The message of a ``taylor_expand_level`` that is not an int in [0, 255]."""
    return f"exp: taylor_expand_level must be an int in [0, 255], got {got}"


@lib_record(
    cpp=(
        "template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>\nvoid Exp(const "
        "LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const LocalTensor<uint8_t>& sharedTmpBuffer, "
        "const uint32_t calCount);",
        "template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>\nvoid Exp(const "
        "LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t calCount);",
    ),
    params=(
        ("dst", "the result, of ``src``'s type (half or float32)"),
        ("src", "the input"),
        ("count", "how many elements (required)"),
        ("taylor_expand_level", "compile-time int in [0, 255]: 0 uses the Exp instruction; CANN recommends 10-15"),
        ("temp_buffer", "a uint8 LocalTensor; unused with level 0"),
        ("is_reuse_source", "compile-time bool; with a float32 source the library may overwrite ``src``"),
    ),
    rules=(
        f'``taylor_expand_level`` is a template argument: "{_taylor_level_type_message("a runtime int32 value")}"; '
        f'"{_taylor_level_range_message("the int 256")}".',
        "With a Taylor level, a temporary buffer of known size holds CANN's minimum: 4 repeats (1024 bytes) for "
        "half, 3 for float32, 2 for float32 with ``is_reuse_source``: "
        f'"{tmp_size_message("exp", 256, "Exp of float32", math_tmp_size("exp", 1, 4)[1])}".',
        "The rules of the other math functions on types, counts, alignment and overlap.",
    ),
    precision="Level 0: e^x of the input in double, rounded to float32, then to the output type (0 ULP from numpy). "
    "Level k > 0: CANN's algorithm step by step in float32 (x = n + f, n = floor(x); e^n times 1 + f + f^2/2! + "
    "... + f^k/k!, every product and sum rounded to float32), bit-exact with a numpy model of those steps; its "
    "relative error is the Taylor remainder (below e/(k+1)!, 0.11 for k = 3, 2e-7 in float32 for k = 12).",
    example=("half", "asc.adv.exp(dst, src, 1024, 12, tmp)"),
)
def exp(
    dst: Any, src: Any, count: Any, taylor_expand_level: Any, temp_buffer: Any = None, is_reuse_source: Any = False
) -> None:
    """``Exp``: e^x, element by element, with the vector instruction or a Taylor expansion of
    ``taylor_expand_level`` terms of the fractional part."""
    if isinstance(taylor_expand_level, Handle) or isinstance(taylor_expand_level, bool):
        raise ApiTypeError(_taylor_level_type_message(describe(taylor_expand_level)))
    if not isinstance(taylor_expand_level, int) or not 0 <= taylor_expand_level <= 255:
        raise ApiValueError(
            _taylor_level_range_message(describe(taylor_expand_level)),
            "0 uses the vector Exp instruction; CANN recommends 10 to 15 terms for the Taylor expansion",
        )
    _unary(MathFunction.EXP, dst, src, count, temp_buffer, is_reuse_source, taylor_expand_level)


@_math_record(EXACT)
def floor(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Floor``: the largest integer not above x (rounding towards -inf)."""
    _unary(MathFunction.FLOOR, dst, src, count, temp_buffer, is_reuse_source)


@_math_record(EXACT)
def frac(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Frac``: the fractional part x - trunc(x) (its sign is x's)."""
    _unary(MathFunction.FRAC, dst, src, count, temp_buffer, is_reuse_source)


@_math_record("std::lgamma")
def lgamma(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Lgamma``: ln |Gamma(x)|."""
    _unary(MathFunction.LGAMMA, dst, src, count, temp_buffer, is_reuse_source)


@_math_record("std::log")
def log(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Log``: the natural logarithm ln(x)."""
    _unary(MathFunction.LOG, dst, src, count, temp_buffer, is_reuse_source)


@_math_record(EXACT, in_place=True)
def round(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Round``: x rounded to the nearest integer, ties to even (Round(2.5) = 2, Round(3.5) = 4)."""
    _unary(MathFunction.ROUND, dst, src, count, temp_buffer, is_reuse_source)


@_math_record(EXACT)
def sign(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Sign``: the sign of x: 1, -1, or 0 for zeros and NaN."""
    _unary(MathFunction.SIGN, dst, src, count, temp_buffer, is_reuse_source)


@_math_record("std::sin")
def sin(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Sin``: sin(x); CANN documents inputs in [-65504, 65504]."""
    _unary(MathFunction.SIN, dst, src, count, temp_buffer, is_reuse_source)


@_math_record("std::sinh")
def sinh(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Sinh``: sinh(x)."""
    _unary(MathFunction.SINH, dst, src, count, temp_buffer, is_reuse_source)


@_math_record("std::tan")
def tan(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Tan``: tan(x); CANN documents inputs in (-65504, 65504)."""
    _unary(MathFunction.TAN, dst, src, count, temp_buffer, is_reuse_source)


@_math_record("std::tanh")
def tanh(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Tanh``: tanh(x)."""
    _unary(MathFunction.TANH, dst, src, count, temp_buffer, is_reuse_source)


@_math_record(EXACT, in_place=True)
def trunc(dst: Any, src: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False) -> None:
    """``Trunc``: x rounded towards zero."""
    _unary(MathFunction.TRUNC, dst, src, count, temp_buffer, is_reuse_source)


@_binary_record(
    "Floats: pow() of the inputs in double, rounded to float32, then to the output type (negative bases with "
    "integral exponents keep their sign): within 1 ULP of numpy, measured 0. int32: exact, wrapping around; a "
    "negative exponent gives 0 unless the base is 1 or -1.",
    "asc.float16",
)
def power(
    dst: Any, src0: Any, src1: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False
) -> None:
    """``Power``: src0 raised to the power src1, element by element."""
    _binary(BinaryMathFunction.POWER, dst, src0, src1, count, temp_buffer, is_reuse_source)


@_binary_record("Exact.", "asc.int16")
def xor(
    dst: Any, src0: Any, src1: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False
) -> None:
    """``Xor``: the bitwise exclusive or of src0 and src1."""
    _binary(BinaryMathFunction.XOR, dst, src0, src1, count, temp_buffer, is_reuse_source)


def _axpy_missing_message(missing: str) -> str:
    """The message of an ``axpy`` call without a count or a temporary buffer (``missing``: which)."""
    return f"axpy: {missing} is required: CANN declares Axpy only with a temporary buffer and a count"


def _axpy_types_message(dst: object, src: object) -> str:
    """The message of ``axpy`` operand types CANN does not pair."""
    return (
        f"axpy: dst has data type {dst} and src {src}; Axpy takes both half, both float32, or a float32 dst with "
        "a half src"
    )


@lib_record(
    cpp=(
        "template <typename T, typename U, bool isReuseSource = false>\nvoid Axpy(const LocalTensor<T>& dstTensor, "
        "const LocalTensor<U>& srcTensor, const U scalarValue, const LocalTensor<uint8_t>& sharedTmpBuffer, "
        "const uint32_t calCount);",
    ),
    params=(
        ("dst", "the accumulator: half with a half ``src``, float32 with a half or float32 ``src``"),
        ("src", "the tensor multiplied"),
        ("scalar", "a number or a runtime scalar, converted to ``src``'s type"),
        ("count", "how many elements (required by CANN)"),
        ("temp_buffer", "a uint8 LocalTensor (required by CANN); 1024 bytes at least for a half ``src``"),
        ("is_reuse_source", "compile-time bool; reserved by CANN"),
    ),
    rules=(
        "CANN declares only the form with a temporary buffer and a count: "
        f'"{_axpy_missing_message("temp_buffer")}" (pyasc\'s defaults of None cannot compile).',
        f'"{_axpy_types_message(float16, float32)}".',
        "The rules of the other math functions on counts, the minimum buffer, alignment and overlap.",
    ),
    precision="src * scalar and dst + that, each rounded to float32, then dst rounded to its type: bit-exact with "
    "numpy's float32 steps.",
    example=("axpy", "asc.adv.axpy(dst, src, 0.5, 1024, tmp)"),
)
def axpy(
    dst: Any, src: Any, scalar: Any, count: Any = None, temp_buffer: Any = None, is_reuse_source: Any = False
) -> None:
    """``Axpy``: ``dst += src * scalar``, element by element, in float32 (more precise than the vector Axpy)."""
    api = "axpy"
    builder = active(api)
    d = lib_tensor(dst, api, "dst")
    s = lib_tensor(src, api, "src")
    require_dtype(api, s, "src", FLOATS)
    require_dtype(api, d, "dst", FLOATS)
    if d.dtype != s.dtype and not (d.dtype == float32 and s.dtype == float16):
        raise ApiTypeError(_axpy_types_message(d.dtype, s.dtype))
    flag = template_flag(is_reuse_source, api, "is_reuse_source")
    tmp = tmp_operand(temp_buffer, api)
    if count is None or tmp is None:
        missing = " and ".join(n for n, v in (("count", count), ("temp_buffer", tmp)) if v is None)
        raise ApiValueError(
            _axpy_missing_message(missing),
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
