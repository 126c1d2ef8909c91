"""The reference of the library functions beyond Matmul: one record per function, rendered both as the
docstring of the Python function and as its page under ``docs/reference/adv/`` (with an example kernel
and the Ascend C ascx emits for it, produced when the page is generated).

    python -m ascx.cli.api_docs        # regenerate every page

``tests/docs/test_adv_lib_pages.py`` checks that the pages are up to date, that every function of
``asc.adv`` beyond Matmul has one, and that every example compiles to a call of the documented C++.
The C++ prototypes are CANN 9.1's (``adv_api``), the sizes and rules those of CANN's documentation
(``docs/zh/api``) and host code for Atlas A2.
"""

from __future__ import annotations

import inspect
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ascx.language.adv.tmp_sizes import math_tmp_size

KERNEL_HEAD = "import ascx as asc\nfrom ascx.runtime.jit import MockTensor, MockValue\n"


@dataclass(frozen=True)
class Flavor:
    """The kernel an example runs in: its parameters, set-up, the statements after the call, and the
    arguments it is compiled for."""

    params: str
    setup: str
    after: str
    args: str


_GM = """x_global = asc.GlobalTensor()
x_global.set_global_buffer(x)
y_global = asc.GlobalTensor()
y_global.set_global_buffer(y)
"""

FLAVORS: dict[str, Flavor] = {
    "half": Flavor(
        "x: asc.GlobalAddress, y: asc.GlobalAddress",
        _GM
        + """src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 1024)
dst = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 2048, 1024)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 4096, 8192)
asc.data_copy(src, x_global, 1024)""",
        "asc.data_copy(y_global, dst, 1024)",
        "MockTensor(asc.float16), MockTensor(asc.float16)",
    ),
    "binary": Flavor(
        "x: asc.GlobalAddress, y: asc.GlobalAddress",
        _GM
        + """src0 = asc.LocalTensor({t}, asc.TPosition.VECIN, 0, 1024)
src1 = asc.LocalTensor({t}, asc.TPosition.VECIN, 4096, 1024)
dst = asc.LocalTensor({t}, asc.TPosition.VECOUT, 8192, 1024)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 12288, 8192)
asc.data_copy(src0, x_global, 1024)
asc.data_copy(src1, x_global[1024:], 1024)""",
        "asc.data_copy(y_global, dst, 1024)",
        "MockTensor({t}), MockTensor({t})",
    ),
    "axpy": Flavor(
        "x: asc.GlobalAddress, y: asc.GlobalAddress",
        _GM
        + """src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 1024)
dst = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4096, 1024)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 4096)
asc.data_copy(src, x_global, 1024)
asc.data_copy(dst, y_global, 1024)""",
        "asc.data_copy(y_global, dst, 1024)",
        "MockTensor(asc.float16), MockTensor(asc.float32)",
    ),
    "softmax": Flavor(
        "x: asc.GlobalAddress, y: asc.GlobalAddress, tiling: asc.adv.SoftmaxTiling",
        _GM
        + """src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 4096)
dst = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 8192, 4096)
row_sum = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 16384, 256)
row_max = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 17408, 256)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 18432, 8192)
asc.data_copy(src, x_global, 4096)""",
        "asc.data_copy(y_global, dst, 4096)",
        "MockTensor(asc.float16), MockTensor(asc.float16), asc.adv.SoftmaxTiling",
    ),
    "rmsnorm": Flavor(
        "x: asc.GlobalAddress, y: asc.GlobalAddress, tiling: asc.adv.RmsNormTiling, epsilon: float",
        _GM
        + """src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 4096)
gamma = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 8192, 256)
dst = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 16384, 4096)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 24576, 8192)
asc.data_copy(src, x_global, 4096)
asc.data_copy(gamma, x_global[4096:], 256)""",
        "asc.data_copy(y_global, dst, 4096)",
        "MockTensor(asc.float16), MockTensor(asc.float16), asc.adv.RmsNormTiling, MockValue(asc.float32)",
    ),
    "quant": Flavor(
        "x: asc.GlobalAddress, y: asc.GlobalAddress, scale: float",
        _GM
        + """src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 1024)
dst = asc.LocalTensor(asc.int8, asc.TPosition.VECOUT, 4096, 1024)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 2048)
asc.data_copy(src, x_global, 1024)""",
        "asc.data_copy(y_global, dst, 1024)",
        "MockTensor(asc.float16), MockTensor(asc.int8), MockValue(asc.float32)",
    ),
    "sort": Flavor(
        "x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress",
        _GM
        + """z_global = asc.GlobalTensor()
z_global.set_global_buffer(z)
records = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 512)
values = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4096, 256)
indices = asc.LocalTensor(asc.uint32, asc.TPosition.VECOUT, 8192, 256)
asc.data_copy(records, x_global, 512)""",
        "asc.data_copy(y_global, values, 256)\nasc.data_copy(z_global, indices, 256)",
        "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.uint32)",
    ),
}


@dataclass(frozen=True)
class LibDoc:
    """The reference of one library function."""

    name: str
    summary: str
    cpp: tuple[str, ...]
    """The C++ prototypes the calls resolve to."""
    params: tuple[tuple[str, str], ...]
    rules: tuple[str, ...]
    """Constraints, with the exact messages of their errors."""
    precision: str
    """What the emulation computes, and how exactly."""
    example: tuple[str, str]
    """(flavor, the call), compiled in the flavor's kernel."""
    notes: tuple[str, ...] = ()
    element: str = "asc.float16"
    """The element type of a ``binary`` example."""

    def target(self) -> Callable[..., Any]:
        import ascx.language.adv as adv

        return getattr(adv, self.name)


# --- the records -----------------------------------------------------------------------------------------

_FLOAT_ONLY_REUSE = ("cos", "sin", "exp", "digamma", "lgamma")
_COUNT_ONLY = ("ceil", "floor", "round", "digamma", "lgamma", "exp")
_IN_PLACE = ("round", "trunc")

_MATH: dict[str, tuple[str, str]] = {
    "acos": ("arccos(x), element by element; the input must lie in [-1, 1] (else the result is NaN)", "std::acos"),
    "acosh": ("arccosh(x); the input must be at least 1", "std::acosh"),
    "asin": ("arcsin(x); the input must lie in [-1, 1]", "std::asin"),
    "asinh": ("arcsinh(x)", "std::asinh"),
    "atan": ("arctan(x)", "std::atan"),
    "atanh": ("arctanh(x); the input must lie in (-1, 1)", "std::atanh"),
    "ceil": ("the smallest integer not below x (rounding towards +inf)", "std::ceil"),
    "cos": ("cos(x); CANN documents inputs in [-65504, 65504]", "std::cos"),
    "cosh": ("cosh(x)", "std::cosh"),
    "digamma": ("digamma(x) = d/dx ln Gamma(x), NaN at the poles 0, -1, -2, ...", "a double-precision series"),
    "erf": ("the error function erf(x)", "std::erf"),
    "erfc": ("the complementary error function erfc(x) = 1 - erf(x)", "std::erfc"),
    "floor": ("the largest integer not above x (rounding towards -inf)", "std::floor"),
    "frac": ("the fractional part x - trunc(x) (its sign is x's)", "x - std::trunc(x)"),
    "lgamma": ("ln |Gamma(x)|", "std::lgamma"),
    "log": ("the natural logarithm ln(x)", "std::log"),
    "round": ("x rounded to the nearest integer, ties to even (Round(2.5) = 2, Round(3.5) = 4)", "ties to even"),
    "sign": ("the sign of x: 1, -1, or 0 for zeros and NaN", "exact"),
    "sin": ("sin(x); CANN documents inputs in [-65504, 65504]", "std::sin"),
    "sinh": ("sinh(x)", "std::sinh"),
    "tan": ("tan(x); CANN documents inputs in (-65504, 65504)", "std::tan"),
    "tanh": ("tanh(x)", "std::tanh"),
    "trunc": ("x rounded towards zero", "std::trunc"),
}
_EXACT = ("ceil", "floor", "round", "sign", "trunc", "frac")


def _minimums(name: str) -> str:
    if name == "log":
        return "none: ``Log`` takes no temporary buffer"
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


def _math_doc(name: str) -> LibDoc:
    what, how = _MATH[name]
    cpp_name = name.capitalize()
    head = f"template <typename T, bool isReuseSource = false>\nvoid {cpp_name}(const LocalTensor<T>& dstTensor, "
    forms = [
        head
        + "const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount);",
        head + "const LocalTensor<T>& srcTensor, const uint32_t calCount);",
    ]
    if name not in _COUNT_ONLY:
        forms += [
            head + "const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer);",
            head + "const LocalTensor<T>& srcTensor);",
        ]
    if name == "log":
        forms = [forms[1], forms[3]]
    reuse = (
        "``isReuseSource``: with a float32 source the library may overwrite ``src`` and needs less temporary space; "
        "it has no effect for half"
        if name in _FLOAT_ONLY_REUSE
        else "``isReuseSource``: reserved by CANN (pass False); True warns, as CANN's kernel check does"
    )
    rules = [
        f'``src`` and ``dst`` are half or float32 LocalTensors of one type: "{name}: src has data type int16; {name} '
        'supports float16, float32"; "dst has data type float32, but src has float16; they must match".',
        f"A temporary buffer of known size holds at least CANN's minimum, {_minimums(name)} (CANN: \"the reserved "
        f'temporary space must not be smaller than the minimum"): "{name}: temp_buffer has 256 bytes, but '
        f'{cpp_name} of float16 needs at least N bytes".',
        f'A known count does not exceed the operands: "{name}: count 512 exceeds the 256 elements of dst".',
        f'Operands at known addresses start at multiples of 32 bytes: "{name}: src starts at byte 16 of the unified '
        f'buffer; {name} needs its operands 32-byte aligned".',
        reuse + ".",
    ]
    if name in _COUNT_ONLY:
        rules.append(f'CANN declares {cpp_name} only with ``calCount``: "{name}: count is required: CANN declares '
                     f'{cpp_name} only with calCount".')  # fmt: skip
    if name == "log":
        rules.append("CANN's Log takes no temporary buffer: \"log: CANN's Log takes no temporary buffer\".")
    overlap = (
        "``src`` and ``dst`` may be the same tensor"
        if name in _IN_PLACE
        else "``src`` and ``dst`` may not overlap, nor may ``temp_buffer`` overlap either (CANN); the emulation fails "
        "the run when they do"
    )
    rules.append(overlap + ".")
    if name in _EXACT:
        precision = "Exact (0 ULP): the result is an integer or a difference of the input's own bits."
    else:
        precision = (
            f"f(x) of the input in double precision ({how}), rounded to float32, then to the output type with "
            "round-to-nearest-even: within 0.5 ULP of f(x) for float32 and 0.5 ULP + 2^-13 for half; measured "
            "0 ULP from numpy's float64 result rounded the same way."
        )
    call = f"asc.adv.{name}(dst, src, 1024, tmp)" if name != "log" else "asc.adv.log(dst, src, 1024)"
    return LibDoc(
        name,
        f"``{cpp_name}``: {what}.",
        tuple(forms),
        (
            ("dst", "the result, a LocalTensor of ``src``'s type (half or float32)"),
            ("src", "the input"),
            ("count", "how many elements (all of ``src`` when None); a constant or a runtime integer"),
            ("temp_buffer", "a uint8 LocalTensor for intermediate values; None lets the library use reserved space"),
            ("is_reuse_source", "compile-time bool, the ``isReuseSource`` template argument"),
        ),
        tuple(rules),
        precision,
        ("half", call),
    )


def _exp_doc() -> LibDoc:
    return LibDoc(
        "exp",
        "``Exp``: e^x, element by element, with the vector instruction or a Taylor expansion of "
        "``taylor_expand_level`` terms of the fractional part.",
        (
            "template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>\nvoid Exp(const "
            "LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const LocalTensor<uint8_t>& sharedTmpBuffer, "
            "const uint32_t calCount);",
            "template <typename T, uint8_t taylorExpandLevel, bool isReuseSource = false>\nvoid Exp(const "
            "LocalTensor<T>& dstLocal, const LocalTensor<T>& srcLocal, const uint32_t calCount);",
        ),
        (
            ("dst", "the result, of ``src``'s type (half or float32)"),
            ("src", "the input"),
            ("count", "how many elements (required)"),
            ("taylor_expand_level", "compile-time int in [0, 255]: 0 uses the Exp instruction; CANN recommends 10-15"),
            ("temp_buffer", "a uint8 LocalTensor; unused with level 0"),
            ("is_reuse_source", "compile-time bool; with a float32 source the library may overwrite ``src``"),
        ),
        (
            '``taylor_expand_level`` is a template argument: "exp: taylor_expand_level must be a compile-time int in '
            '[0, 255] (it is a template argument of the C++ call), got a runtime int32 value"; "exp: '
            'taylor_expand_level must be an int in [0, 255], got the int 256".',
            "With a Taylor level, a temporary buffer of known size holds CANN's minimum: 4 repeats (1024 bytes) for "
            'half, 3 for float32, 2 for float32 with ``is_reuse_source``: "exp: temp_buffer has 256 bytes, but Exp of '
            'float32 needs at least 768 bytes".',
            "The rules of the other math functions on types, counts, alignment and overlap.",
        ),
        "Level 0: e^x of the input in double, rounded to float32, then to the output type (0 ULP from numpy). "
        "Level k > 0: CANN's algorithm step by step in float32 (x = n + f, n = floor(x); e^n times 1 + f + f^2/2! + "
        "... + f^k/k!, every product and sum rounded to float32), bit-exact with a numpy model of those steps; its "
        "relative error is the Taylor remainder (below e/(k+1)!, 0.11 for k = 3, 2e-7 in float32 for k = 12).",
        ("half", "asc.adv.exp(dst, src, 1024, 12, tmp)"),
    )


def _binary_doc(name: str, what: str, types: str, element: str, minimum: str, precision: str) -> LibDoc:
    cpp_name = name.capitalize()
    head = f"template <typename T, bool isReuseSource = false>\nvoid {cpp_name}(const LocalTensor<T>& dstTensor, "
    operands = "const LocalTensor<T>& src0Tensor, const LocalTensor<T>& src1Tensor"
    return LibDoc(
        name,
        f"``{cpp_name}``: {what}.",
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
            f'The three tensors are {types} of one type: "{name}: src0 has data type ...; {name} supports {types}".',
            f'A temporary buffer of known size holds at least {minimum}: "{name}: temp_buffer has 256 bytes, but '
            f'{cpp_name} of ... needs at least N bytes".',
            "``dst`` may not overlap a source, and without a count the sources have one size (the emulation fails "
            "the run otherwise).",
        ),
        precision,
        ("binary", f"asc.adv.{name}(dst, src0, src1, 1024, tmp)"),
        element=element,
    )


def _records() -> tuple[LibDoc, ...]:
    docs = [_math_doc(name) for name in sorted(_MATH)]
    docs.append(_exp_doc())
    docs.append(
        _binary_doc(
            "power",
            "src0 raised to the power src1, element by element",
            "float16, float32, int32",
            "asc.float16",
            "2048 bytes for half, 1280 for float32, 1536 for int32",
            "Floats: pow() of the inputs in double, rounded to float32, then to the output type (negative bases with "
            "integral exponents keep their sign): within 1 ULP of numpy, measured 0. int32: exact, wrapping around; a "
            "negative exponent gives 0 unless the base is 1 or -1.",
        )
    )
    docs.append(
        _binary_doc(
            "xor",
            "the bitwise exclusive or of src0 and src1",
            "int16, uint16",
            "asc.int16",
            "256 bytes",
            "Exact.",
        )
    )
    docs += [_axpy_doc(), _softmax_doc(), _rmsnorm_doc(), _quant_doc(), _concat_doc(), _extract_doc()]
    return tuple(sorted(docs, key=lambda d: d.name))


def _axpy_doc() -> LibDoc:
    return LibDoc(
        "axpy",
        "``Axpy``: ``dst += src * scalar``, element by element, in float32 (more precise than the vector Axpy).",
        (
            "template <typename T, typename U, bool isReuseSource = false>\nvoid Axpy(const LocalTensor<T>& dstTensor, "
            "const LocalTensor<U>& srcTensor, const U scalarValue, const LocalTensor<uint8_t>& sharedTmpBuffer, "
            "const uint32_t calCount);",
        ),
        (
            ("dst", "the accumulator: half with a half ``src``, float32 with a half or float32 ``src``"),
            ("src", "the tensor multiplied"),
            ("scalar", "a number or a runtime scalar, converted to ``src``'s type"),
            ("count", "how many elements (required by CANN)"),
            ("temp_buffer", "a uint8 LocalTensor (required by CANN); 1024 bytes at least for a half ``src``"),
            ("is_reuse_source", "compile-time bool; reserved by CANN"),
        ),
        (
            'CANN declares only the form with a temporary buffer and a count: "axpy: temp_buffer is required: CANN '
            "declares Axpy only with a temporary buffer and a count\" (pyasc's defaults of None cannot compile).",
            '"axpy: dst has data type float16 and src float32; Axpy takes both half, both float32, or a float32 dst '
            'with a half src".',
            "The rules of the other math functions on counts, the minimum buffer, alignment and overlap.",
        ),
        "src * scalar and dst + that, each rounded to float32, then dst rounded to its type: bit-exact with numpy's "
        "float32 steps.",
        ("axpy", "asc.adv.axpy(dst, src, 0.5, 1024, tmp)"),
    )


def _softmax_doc() -> LibDoc:
    t = "template <typename T, bool isReuseSource = false, bool isBasicBlock = false, bool isDataFormatNZ = false>\n"
    return LibDoc(
        "softmax",
        "``SoftMax``: softmax over the last axis of a ``[src_m, src_k]`` input, with each row's sum and maximum "
        "broadcast over one 32-byte block of ``sum`` and ``max``. The shape is ``src``'s when it has one "
        "(``src.set_shape_info(...)``: the last axis is ``src_k``, the product of the others ``src_m``), else the "
        "tiling's; when the two differ, CANN recomputes the tiling on the device for the shape and the temporary "
        "space at hand (so a zero ``SoftmaxTiling`` with the shape set, as in pyasc's own softmax test, works), "
        "and so does the emulation.",
        (
            t + "void SoftMax(const LocalTensor<T>& dstTensor, const LocalTensor<T>& sumTensor, const LocalTensor<T>& "
            "maxTensor, const LocalTensor<T>& srcTensor, const LocalTensor<uint8_t>& sharedTmpBuffer, const "
            "SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {});",
            t + "void SoftMax(const LocalTensor<half>& dstTensor, const LocalTensor<float>& sumTensor, const "
            "LocalTensor<float>& maxTensor, const LocalTensor<half>& srcTensor, const LocalTensor<uint8_t>& "
            "sharedTmpBuffer, const SoftMaxTiling& tiling, const SoftMaxShapeInfo& softmaxShapeInfo = {});",
            "(and the same two without sharedTmpBuffer)",
        ),
        (
            ("dst", "the result, of ``src``'s type (half or float32); may be ``src``"),
            ("sum", "the row sums, one 32-byte block per row; of ``src``'s type, or float32 for a half ``src``"),
            ("max", "the row maxima, like ``sum``"),
            ("src", "the input, ``src_m`` rows of ``src_k`` elements, the rows 32-byte aligned"),
            (
                "tiling",
                "a ``SoftmaxTiling`` (filled by ``asc.lib.host.soft_max_tiling_func``, or built in the kernel)",
            ),
            ("temp_buffer", "a uint8 LocalTensor; the tiling's ``split_m`` rows of it are used at a time"),
            ("reuse_source", "compile-time bool; reserved by CANN"),
            ("basic_block", "compile-time bool: the shape is a basic block (faster)"),
            ("data_format_nz", "compile-time bool: the input is in the NZ layout (not emulated)"),
        ),
        (
            "``src_k`` of a tiling built in the kernel is 32-byte aligned: \"softmax: the tiling's src_k 10 is not "
            '32-byte aligned for float16; SoftMax needs the last axis 32-byte aligned".',
            "A temporary buffer of known size holds one row (GetSoftMaxMinTmpSize, (32/sizeof(T) + src_k + 64) * 4 "
            'bytes): "softmax: temp_buffer has 256 bytes, but SoftMax of rows of 128 float16 needs at least 832 '
            "bytes\"; at run time it holds the tiling's ``split_m`` rows (one row of the shape when the tiling is "
            "recomputed for ``src``'s shape).",
            '"softmax: the tiling\'s shape [4, 128] has 512 elements, more than the 256 of src"; "softmax: sum and '
            'max have data type int16 for a float16 src; they hold the type of src, or float32 for a half src".',
            "``basic_block=True`` needs ``src_k`` a multiple of 64 in [256 / sizeof(T), 2048) and ``src_m`` a "
            'multiple of 8: "softmax: basic_block=True needs ...".',
            '"softmax: tiling must be a SoftmaxTiling, got a RmsNormTiling"; "softmax: the SoftmaxTiling was built '
            'outside the kernel".',
            "``temp_buffer`` may not overlap an operand; ``dst`` and ``src`` have the same size (the emulation fails "
            "the run otherwise).",
        ),
        "In float32 (half inputs widened): the row maximum (exact), x - max, e^(x - max), the row sum accumulated "
        "in order and the division, each rounded to float32; dst rounded to its type. Bit-exact with numpy's float32 "
        "steps; within 2e-6 (float32) / 1e-3 (half) relative error of float64.",
        ("softmax", "asc.adv.softmax(dst, row_sum, row_max, src, tiling, tmp)"),
        notes=("pyasc 1.1.1 drops ``temp_buffer`` from the call it emits; ascx passes it, as CANN declares.",),
    )


def _rmsnorm_doc() -> LibDoc:
    return LibDoc(
        "rmsnorm",
        "``RmsNorm``: ``dst = src / sqrt(mean(src^2) + epsilon) * gamma`` over the last axis of a ``[b, s, h]`` "
        "input, the mean taken with the tiling's ``1 / original_h_length``.",
        (
            "template <typename T, bool isBasicBlock = false>\nvoid RmsNorm(const LocalTensor<T>& dstLocal, const "
            "LocalTensor<T>& srcLocal, const LocalTensor<T>& gammaLocal, const LocalTensor<uint8_t>& sharedTmpBuffer, "
            "const T epsilon, const RmsNormTiling& tiling);",
            "template <typename T, bool isBasicBlock = false>\nvoid RmsNorm(const LocalTensor<T>& dstLocal, const "
            "LocalTensor<T>& srcLocal, const LocalTensor<T>& gammaLocal, const T epsilon, const RmsNormTiling& "
            "tiling);",
        ),
        (
            ("dst", "the result, of ``src``'s type (half or float32); may not overlap ``gamma``"),
            ("src", "the input, ``b * s`` rows of ``h`` elements (``h`` 32-byte aligned, padded with zeros)"),
            ("gamma", "the scale, ``h`` elements of ``src``'s type"),
            ("epsilon", "a number or a runtime scalar, converted to ``src``'s type"),
            (
                "tiling",
                "a ``RmsNormTiling`` (filled by ``asc.lib.host.get_rms_norm_tiling_info``, or built in the kernel)",
            ),
            ("temp_buffer", "a uint8 LocalTensor; the tiling's ``main_bs_length`` rows of it are used at a time"),
            ("basic_block", "compile-time bool: the shape is a basic block"),
        ),
        (
            "\"rmsnorm: the tiling's h_length 60 is not 32-byte aligned for float16; RmsNorm needs the last axis "
            '32-byte aligned".',
            "A temporary buffer of known size holds one row ((h * 2 + 8) * 4 bytes for half, (h + 8) * 4 for float32): "
            '"rmsnorm: temp_buffer has 256 bytes, but RmsNorm of rows of 64 float16 needs at least 544 bytes".',
            '"rmsnorm: gamma has 128 elements, fewer than the tiling\'s h_length 256"; the shape fits ``src`` and '
            "``dst``.",
            "``basic_block=True`` needs ``h`` a multiple of 64 below 2048 and ``b * s`` a multiple of 8.",
            "``temp_buffer`` may not overlap an operand, nor ``dst`` ``gamma`` (the emulation fails the run).",
        ),
        "In float32: the squares, their sum (in order), times 1/original_h, + epsilon, the square root, its "
        "reciprocal and the two products each rounded to float32; dst rounded to its type. Bit-exact with numpy's "
        "float32 steps; within 4e-6 (float32) / 1e-3 (half) relative error of float64.",
        ("rmsnorm", "asc.adv.rmsnorm(dst, src, gamma, epsilon, tiling, tmp)"),
    )


def _quant_doc() -> LibDoc:
    t = (
        "template <typename T, bool isReuseSource = false, const AscendQuantConfig& config = "
        "ASCEND_QUANT_DEFAULT_CFG>\n"
    )
    return LibDoc(
        "quant",
        "``AscendQuant`` (per tensor): ``dst = round(src * scale + offset)`` as int8.",
        (
            t + "void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const "
            "LocalTensor<uint8_t>& sharedTmpBuffer, const float scale, const float offset, const uint32_t calCount);",
            t + "void AscendQuant(const LocalTensor<int8_t>& dstTensor, const LocalTensor<T>& srcTensor, const float "
            "scale, const float offset, const uint32_t calCount);",
            "(and the same two without calCount)",
        ),
        (
            ("dst", "the int8 result"),
            ("src", "the input, half or float32"),
            ("scale", "a number or a runtime scalar (float in C++)"),
            ("offset", "a number or a runtime scalar (float in C++)"),
            ("count", "how many elements (all of ``src`` when None), a multiple of 32"),
            ("temp_buffer", "a uint8 LocalTensor of at least 512 bytes, or None"),
            ("reuse_source", "compile-time bool; reserved by CANN"),
            (
                "config",
                "an ``asc.adv.QuantConfig(calc_count, offset_count, scale_count, work_local_size)``, compile-time",
            ),
        ),
        (
            '"quant: dst has data type float16; AscendQuant writes int8".',
            '"quant: count 48 is not a multiple of 32; AscendQuant needs the data of its int8 output 32-byte aligned".',
            '"quant: temp_buffer has 256 bytes, but AscendQuant needs at least 512 bytes".',
            "The config's counts are template arguments (compile-time ``uint32_t``); ``work_local_size`` fits the "
            "buffer; with ``calc_count`` and ``work_local_size`` both non-zero, ``calc_count`` replaces the count and "
            '``work_local_size`` is at least 64 (CANN divides by it): "quant: QuantConfig.work_local_size 32 is too '
            'small: ...".',
        ),
        "As CANN documents: src, scale and offset converted to half; src * scale and + offset each rounded to half; "
        "rounded to the nearest integer (ties to even) and saturated to [-128, 127]. Bit-exact with numpy's half "
        "steps; within one integer step of the float64 result.",
        ("quant", "asc.adv.quant(dst, src, scale, 0.5, 1024, tmp)"),
        notes=(
            "pyasc 1.1.1 converts scale and offset to the source type before the call; ascx passes float32, the type "
            "of CANN's parameters (AscendQuant converts them to half itself).",
        ),
    )


def _concat_doc() -> LibDoc:
    return LibDoc(
        "concat",
        "``Concat``: prepare ``src`` for ``Sort``; on Atlas A2 ``dst`` comes to refer to ``src``'s memory.",
        (
            "template <typename T>\nvoid Concat(LocalTensor<T>& concat, const LocalTensor<T>& src, const "
            "LocalTensor<T>& tmp, const int32_t repeatTime);",
        ),
        (
            ("dst", "the tensor that comes to refer to ``src`` (half or float32)"),
            ("src", "the scores to sort"),
            ("tmp", "a tensor of ``src``'s type (unused on Atlas A2; ``GetConcatTmpSize`` is 0)"),
            ("repeat_time", "in [0, 255], 16 elements per repeat"),
        ),
        (
            '"concat: tmp has data type float32, but src has float16; they must match"; "concat: repeat_time 256 is '
            'outside [0, 255]"; operands 32-byte aligned.',
        ),
        "No data moves (CANN: ``concat = src``).",
        ("sort", "asc.adv.concat(records, records, values, 1)"),
    )


def _extract_doc() -> LibDoc:
    return LibDoc(
        "extract",
        "``Extract``: split ``Sort``'s (value, index) records into values and uint32 indices.",
        (
            "template <typename T>\nvoid Extract(const LocalTensor<T>& dstValue, const LocalTensor<uint32_t>& "
            "dstIndex, const LocalTensor<T>& sorted, const int32_t repeatTime);",
        ),
        (
            ("dst_value", "the values, of ``src``'s type (half or float32)"),
            ("dst_index", "the indices, uint32"),
            ("src", "the records: 8 bytes each, the value in the low bytes, the index in bytes 4-7"),
            ("repeat_time", "in [0, 255], 32 records per repeat"),
        ),
        (
            '"extract: dst_index has data type int16; extract supports uint32"; "extract: repeat_time 256 is outside '
            '[0, 255]"; operands 32-byte aligned.',
        ),
        "Exact (the bits of the values and indices are copied).",
        ("sort", "asc.adv.extract(values, indices, records, 8)"),
    )


DOCS: tuple[LibDoc, ...] = _records()
DOCS_BY_NAME = {doc.name: doc for doc in DOCS}


# --- rendering -------------------------------------------------------------------------------------------


def signature(doc: LibDoc) -> str:
    """``asc.adv.name(a, b, c=None, ...)``: pyasc's parameters and defaults."""
    shown = [
        p.name if p.default is inspect.Parameter.empty else f"{p.name}={p.default!r}"
        for p in inspect.signature(doc.target()).parameters.values()
    ]
    one_line = f"asc.adv.{doc.name}({', '.join(shown)})"
    if len(one_line) <= 120:
        return one_line
    return f"asc.adv.{doc.name}(\n    {', '.join(shown)}\n)"  # as ruff formats it


def render_docstring(doc: LibDoc) -> str:
    lines = [doc.summary, "", "C++::", ""]
    lines += [f"    {line}" for proto in doc.cpp for line in proto.splitlines()]
    lines += ["", "Parameters:"]
    lines += [f"    {name}: {text}" for name, text in doc.params]
    lines += ["", "Rules:"]
    lines += [f"    - {rule}" for rule in doc.rules]
    lines += ["", f"Precision: {doc.precision}", "", f"Reference: docs/reference/adv/{doc.name}.md"]
    return "\n".join(lines)


def example_source(doc: LibDoc) -> str:
    flavor_name, call = doc.example
    flavor = FLAVORS[flavor_name]
    body = "\n".join([flavor.setup.format(t=doc.element), call, flavor.after])
    return (
        f"{KERNEL_HEAD}\n\n@asc.jit\ndef kernel({flavor.params}) -> None:\n{textwrap.indent(body, '    ')}\n\n\n"
        f"ARGS = ({flavor.args.format(t=doc.element)})\n"
    )


def compile_example(doc: LibDoc) -> str:
    import linecache

    source = example_source(doc)
    filename = f"<docs/reference/adv/{doc.name}.md>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    scope: dict[str, Any] = {"__name__": f"ascx_reference_adv_{doc.name}"}
    exec(compile(source, filename, "exec"), scope)
    return scope["kernel"].compile(*scope["ARGS"]).source


def render_page(doc: LibDoc) -> str:
    out = [f"# `asc.adv.{doc.name}`", "", doc.summary, "", "```python", signature(doc), "```", "", "## C++", ""]
    out += ["```c++", *doc.cpp, "```", "", "## Parameters", "", "| Parameter | |", "|---|---|"]
    out += [f"| `{name}` | {text} |" for name, text in doc.params]
    out += ["", "## Rules", ""]
    out += [f"- {rule}" for rule in doc.rules]
    out += ["", "## Precision on the emulation", "", doc.precision, ""]
    out += ["## Example", "", "```python", example_source(doc).rstrip("\n"), "```", ""]
    out += ["ascx emits:", "", "```c++", compile_example(doc).rstrip("\n"), "```", ""]
    if doc.notes:
        out += ["## Notes", ""]
        out += [f"- {note}" for note in doc.notes]
        out += [""]
    out += ["Generated from `ascx.language.adv.lib_api_docs`; see also [the library overview](README.md).", ""]
    return "\n".join(out)


def render_index() -> str:
    from ascx.language.adv.lib_api_overview import OVERVIEW

    out = [OVERVIEW.rstrip("\n"), "", "## The functions", ""]
    out += [f"- [`asc.adv.{doc.name}`]({doc.name}.md): {doc.summary.split('. ')[0].rstrip('.')}." for doc in DOCS]
    return "\n".join(out) + "\n"


def pages() -> dict[str, str]:
    """File name -> text of every page, the index included."""
    result = {f"{doc.name}.md": render_page(doc) for doc in DOCS}
    result["README.md"] = render_index()
    return result


def apply_docstrings() -> None:
    """Give every documented function its docstring from its record (when ``asc.adv`` is imported)."""
    for doc in DOCS:
        doc.target().__doc__ = render_docstring(doc)


def write_pages(directory: Path) -> None:
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in pages().items():
        (directory / name).write_text(text)
