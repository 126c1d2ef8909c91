"""Runtime scalar values (docs/tracing.md#two-kinds-of-value): integer constants take the type of the
runtime operand with C++'s wrap-around, ``min``/``max``/``abs``/``math.sqrt`` compute on the scalar unit
(docs/tracing.md#runtime-scalar-functions), and ``range`` bounds become the loop's ``int32`` as pyasc
makes them.  Each case checks the emitted C++ exactly and runs on the emulation against Python's (or
numpy's) arithmetic; ``cann_check_kernels`` hands the kernels to the CANN type-check (tests/cann).
"""

from __future__ import annotations

import math
import textwrap
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import ascx as asc
from ascx.runtime.jit import MockTensor, MockValue
from ascx.testing.kernels import line_of, load_kernel_source

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

KernelModule = Callable[[str], ModuleType]


def body(source: str) -> str:
    """The statements of the kernel function in emitted C++, dedented."""
    return textwrap.dedent(source.split(") {\n", 1)[1].rsplit("}", 1)[0])


def expected(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


# -- integer constants wrap around into the operand's type (issue 31, point 3) -------------------------

WRAP = """
@asc.jit
def k(out: asc.GlobalAddress, nbytes: int) -> None:
    o = asc.GlobalTensor()
    o.set_global_buffer(out, 8)
    o.set_value(0, (nbytes + 31) & ~31)
    o.set_value(1, nbytes * -1)
    o.set_value(2, nbytes + 0xFFFFFFFF)
    o.set_value(3, nbytes ^ -2147483648)
    o.set_value(4, ~nbytes)
"""
WRAP_ARGS = (MockTensor(asc.uint32), MockValue(asc.uint32))


def test_constants_take_the_unsigned_type_of_the_operand_with_wrap_around(kernel_module: KernelModule) -> None:
    source = kernel_module(WRAP).k.compile(*WRAP_ARGS).source
    assert body(source) == expected(
        """
        AscendC::GlobalTensor<uint32_t> o;
        o.SetGlobalBuffer(out, 8);
        uint32_t v = nbytes + 31;
        uint32_t v_1 = v & 4294967264U;
        o.SetValue(0, v_1);
        uint32_t v_2 = nbytes * 4294967295U;
        o.SetValue(1, v_2);
        uint32_t v_3 = nbytes + 4294967295U;
        o.SetValue(2, v_3);
        uint32_t v_4 = nbytes ^ 2147483648U;
        o.SetValue(3, v_4);
        uint32_t v_5 = nbytes ^ 4294967295U;
        o.SetValue(4, v_5);
        """
    )


def test_wrapped_constants_compute_what_cpp_computes(kernel_module: KernelModule) -> None:
    module = kernel_module(WRAP)
    for nbytes in (0, 1, 31, 33, 2**31, 2**32 - 1):
        out = np.zeros(8, dtype=np.uint32)
        module.k[1](out, np.uint32(nbytes))
        n = np.uint32(nbytes)
        with np.errstate(over="ignore"):
            want = [(n + np.uint32(31)) & ~np.uint32(31), n * np.uint32(2**32 - 1), n + np.uint32(2**32 - 1)]
        want += [n ^ np.uint32(2**31), ~n]
        np.testing.assert_array_equal(out[:5], np.array(want, dtype=np.uint32), err_msg=f"nbytes={nbytes}")


def test_signed_constants_wrap_into_int32(kernel_module: KernelModule) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(out: asc.GlobalAddress, n: int) -> None:
            o = asc.GlobalTensor()
            o.set_global_buffer(out, 8)
            o.set_value(0, n & 0xFFFFFFF0)
        """
    )
    assert body(module.k.compile(MockTensor(asc.int32), 3).source) == expected(
        """
        AscendC::GlobalTensor<int32_t> o;
        o.SetGlobalBuffer(out, 8);
        int32_t v = n & -16;
        o.SetValue(0, v);
        """
    )
    out = np.zeros(8, dtype=np.int32)
    module.k[1](out, -7)
    assert out[0] == -7 & 0xFFFFFFF0 - 2**32


# -- min, max and abs of runtime scalars (issue 31, point 10) -----------------------------------------

EXTREMES = """
@asc.jit
def k(ints: asc.GlobalAddress, floats: asc.GlobalAddress, a: int, b: int, f: float) -> None:
    i = asc.GlobalTensor()
    i.set_global_buffer(ints, 8)
    g = asc.GlobalTensor()
    g.set_global_buffer(floats, 8)
    i.set_value(0, min(a, b))
    i.set_value(1, max(a, b, 3))
    i.set_value(2, abs(a))
    g.set_value(0, min(f, a))
    g.set_value(1, max((f, 0.5)))
    g.set_value(2, abs(f))
"""
EXTREMES_ARGS = (MockTensor(asc.int32), MockTensor(asc.float32), 1, 2, 1.0)


def test_min_max_abs_print_comparisons_and_conditional_expressions(kernel_module: KernelModule) -> None:
    source = kernel_module(EXTREMES).k.compile(*EXTREMES_ARGS).source
    assert body(source) == expected(
        """
        AscendC::GlobalTensor<int32_t> i;
        i.SetGlobalBuffer(ints, 8);
        AscendC::GlobalTensor<float> g;
        g.SetGlobalBuffer(floats, 8);
        bool v = b < a;
        int32_t v_1 = v ? b : a;
        i.SetValue(0, v_1);
        bool v_2 = b > a;
        int32_t v_3 = v_2 ? b : a;
        bool v_4 = 3 > v_3;
        int32_t v_5 = v_4 ? 3 : v_3;
        i.SetValue(1, v_5);
        bool v_6 = a < 0;
        int32_t v_7 = 0 - a;
        int32_t v_8 = v_6 ? v_7 : a;
        i.SetValue(2, v_8);
        float v_9 = static_cast<float>(a);
        bool v_10 = v_9 < f;
        float v_11 = v_10 ? v_9 : f;
        g.SetValue(0, v_11);
        bool v_12 = 0.5f > f;
        float v_13 = v_12 ? 0.5f : f;
        g.SetValue(1, v_13);
        bool v_14 = f < 0.0f;
        float v_15 = -f;
        float v_16 = v_14 ? v_15 : f;
        g.SetValue(2, v_16);
        """
    )


def test_min_max_abs_compute_what_python_computes(kernel_module: KernelModule) -> None:
    module = kernel_module(EXTREMES)
    for a, b, f in ((1, 2, 0.25), (-5, -9, -2.5), (7, 7, 9.0), (0, 4, -3.0)):
        ints = np.zeros(8, dtype=np.int32)
        floats = np.zeros(8, dtype=np.float32)
        module.k[1](ints, floats, a, b, np.float32(f))
        assert list(ints[:3]) == [min(a, b), max(a, b, 3), abs(a)], (a, b, f)
        assert list(floats[:3]) == [min(f, float(a)), max(f, 0.5), abs(f)], (a, b, f)


REJECTED = {
    "min(u, n)": (
        "library-error",
        "TypeError: min() mixes uint32 and int32 values; cast one of them so both have the same signedness",
    ),
    "(n > 0) == u": (
        "library-error",
        "TypeError: '==' mixes int1 and uint32 values; cast one of them so both have the same signedness",
    ),
    "max(n, 2.5)": (
        "library-error",
        "TypeError: max(): the float 2.5 cannot be converted to int32; cast the runtime value first",
    ),
    "min(n, 4, key=abs)": ("library-error", "TypeError: min() with key= is not supported on runtime values"),
    "math.exp(f)": (
        "needs-compile-time",
        "math.exp() has no scalar form in Ascend C; on runtime scalars ascx computes math.sqrt, abs, min and max",
    ),
}
HINTS = {"math.exp(f)": ("compute it on a LocalTensor with asc.exp, or on compile-time values",)}


@pytest.mark.parametrize("expression", sorted(REJECTED))
def test_what_the_scalar_unit_cannot_compute_is_a_located_error(kernel_module: KernelModule, expression: str) -> None:
    module = kernel_module(
        f"""
        import math

        @asc.jit
        def k(x: asc.GlobalAddress, n: int, f: float, u: int) -> None:
            g = asc.GlobalTensor()
            g.set_global_buffer(x, 8)
            y = {expression}  # here
            g.set_value(0, y)
        """
    )
    with pytest.raises(asc.KernelError) as info:
        module.k.compile(MockTensor(asc.float32), 1, 1.0, MockValue(asc.uint32))
    assert (info.value.kind, info.value.message) == REJECTED[expression]
    assert info.value.location is not None
    assert info.value.location.line == line_of(module, "# here")
    assert list(info.value.hints) == list(HINTS.get(expression, ()))


# -- math.sqrt on the scalar unit: RMSNorm's reciprocal (issue 24, idiom 6) ------------------------------

RMS_NORM = """
import math

@asc.jit
def k(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int, eps: float) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 64)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y, 64)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
    asc.data_copy(ub, xg, 64)
    sum_sq = 0.0
    for i in range(n):
        v = ub.get_value(i)
        sum_sq = sum_sq + v * v
    rstd = 1.0 / math.sqrt(sum_sq / n + eps)
    asc.muls(ub, ub, rstd, 64)
    asc.data_copy(yg, ub, 64)
"""
RMS_NORM_ARGS = (MockTensor(asc.float32), MockTensor(asc.float32), 64, 1e-6)


def test_sqrt_of_a_runtime_value_prints_the_scalar_sqrt(kernel_module: KernelModule) -> None:
    source = kernel_module(RMS_NORM).k.compile(*RMS_NORM_ARGS).source
    lines = body(source).splitlines()
    start = lines.index("float v_2 = static_cast<float>(n);")
    assert lines[start : start + 5] == [
        "float v_2 = static_cast<float>(n);",
        "float v_3 = sum_sq / v_2;",
        "float v_4 = v_3 + eps;",
        "float v_5 = sqrt(v_4);",
        "float rstd = 1.0f / v_5;",
    ]


def test_rms_norm_with_a_scalar_sqrt_matches_numpy(kernel_module: KernelModule) -> None:
    x = np.random.default_rng(3).standard_normal(64).astype(np.float32)
    y = np.zeros(64, dtype=np.float32)
    kernel_module(RMS_NORM).k[1](x, y, 64, np.float32(1e-6))
    want = x / np.sqrt(np.mean(x.astype(np.float64) ** 2) + 1e-6)
    np.testing.assert_allclose(y, want, rtol=1e-5)


def test_sqrt_of_an_integer_computes_in_float32(kernel_module: KernelModule) -> None:
    module = kernel_module(
        """
        import math

        @asc.jit
        def k(out: asc.GlobalAddress, n: int) -> None:
            o = asc.GlobalTensor()
            o.set_global_buffer(out, 8)
            o.set_value(0, math.sqrt(n))
        """
    )
    assert body(module.k.compile(MockTensor(asc.float32), 3).source) == expected(
        """
        AscendC::GlobalTensor<float> o;
        o.SetGlobalBuffer(out, 8);
        float v = static_cast<float>(n);
        float v_1 = sqrt(v);
        o.SetValue(0, v_1);
        """
    )
    out = np.zeros(8, dtype=np.float32)
    module.k[1](out, 10)
    assert out[0] == np.float32(math.sqrt(10))


# -- range bounds become int32 as in pyasc (issue 31, point 4) --------------------------------------------

LOOP = """
@asc.jit
def k(out: asc.GlobalAddress, n: int) -> None:
    o = asc.GlobalTensor()
    o.set_global_buffer(out, 16)
    for i in range(n):  # the loop
        o.set_value(i, 1)
"""


@pytest.mark.parametrize(
    ("dtype", "consequence"),
    [
        (asc.uint32, "a value above 2147483647 becomes negative"),
        (asc.int64, "a value outside int32's range is truncated to its low 32 bits"),
        (asc.uint64, "a value outside int32's range is truncated to its low 32 bits"),
    ],
)
def test_a_bound_that_int32_may_not_hold_is_converted_with_a_warning(
    kernel_module: KernelModule, dtype: asc.DataType, consequence: str
) -> None:
    module = kernel_module(LOOP)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        source = module.k.compile(MockTensor(asc.int32), MockValue(dtype)).source
    assert [(str(w.message), w.lineno) for w in caught] == [
        (
            f"the stop of range() is 'n', a {dtype} value; the loop counts in int32, as in pyasc, so {consequence}: "
            "write n.cast(asc.int32) to convert it explicitly",
            line_of(module, "# the loop"),
        )
    ]
    assert "int32_t v = static_cast<int32_t>(n);\nfor (int32_t i = 0; i < v; i += 1) {" in body(source)


def test_the_warning_on_an_unnamed_bound_says_how_to_cast_it(kernel_module: KernelModule) -> None:
    module = kernel_module(LOOP.replace("range(n)", "range(n + 1)"))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module.k.compile(MockTensor(asc.int32), MockValue(asc.uint32))
    assert [str(w.message) for w in caught] == [
        "the stop of range() is a uint32 value; the loop counts in int32, as in pyasc, so a value above 2147483647 "
        "becomes negative: call .cast(asc.int32) on it to convert it explicitly"
    ]


def test_a_uint32_bound_runs_its_trip_count(kernel_module: KernelModule) -> None:
    out = np.zeros(16, dtype=np.int32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        kernel_module(LOOP).k[1](out, np.uint32(5))
    assert list(out) == [1] * 5 + [0] * 11


@pytest.mark.parametrize("dtype", [asc.uint16, asc.int8, asc.int32])
def test_a_bound_that_int32_holds_is_converted_silently(kernel_module: KernelModule, dtype: asc.DataType) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        kernel_module(LOOP).k.compile(MockTensor(asc.int32), MockValue(dtype))


def test_an_explicit_cast_of_the_bound_says_it_is_meant(kernel_module: KernelModule) -> None:
    module = kernel_module(LOOP.replace("range(n)", "range(n.cast(asc.int32))"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        source = module.k.compile(MockTensor(asc.int32), MockValue(asc.uint32)).source
    assert "int32_t v = static_cast<int32_t>(n);" in body(source)


@pytest.mark.parametrize(
    ("bound", "message"),
    [
        (
            "3_000_000_000",
            "ValueError: the stop of range() 3000000000 does not fit int32, the type a runtime loop counts in",
        ),
        ("f", "TypeError: the stop of range() must be an integer, got a runtime float32 value"),
    ],
)
def test_a_bound_that_cannot_be_int32_is_a_located_error(kernel_module: KernelModule, bound: str, message: str) -> None:
    module = kernel_module(
        f"""
        @asc.jit
        def k(out: asc.GlobalAddress, f: float) -> None:
            o = asc.GlobalTensor()
            o.set_global_buffer(out, 16)
            for i in range({bound}):  # here
                o.set_value(0, 1)
        """
    )
    with pytest.raises(asc.KernelError) as info:
        module.k.compile(MockTensor(asc.int32), 1.0)
    assert info.value.message == message
    assert info.value.location is not None
    assert info.value.location.line == line_of(module, "# here")


# -- signed and unsigned operands: pyasc's type, else C++'s conversions, warned (issue 31, point 4) ------------

MIXED = """
@asc.jit
def k(out: asc.GlobalAddress, n: int, u: int, w: int, h: int, s: int) -> None:
    o = asc.GlobalTensor()
    o.set_global_buffer(out, 8)
    o.set_value(0, n * u)  # int32 * uint32
    o.set_value(1, (u - n).cast(asc.int64))  # uint32 - int32
    o.set_value(2, u + w)  # uint32 + int64
    o.set_value(3, h & s)  # uint16 & int16
    o.set_value(4, n == u - 1)  # int32 == uint32
    o.set_value(5, (u < n).cast(asc.int64))  # uint32 < int32
"""
MIXED_ARGS = (
    MockTensor(asc.int64),
    MockValue(asc.int32),
    MockValue(asc.uint32),
    MockValue(asc.int64),
    MockValue(asc.uint16),
    MockValue(asc.int16),
)
PYASC = "the type of the left operand, as in pyasc"
CPP = "as C++'s usual arithmetic conversions do (pyasc compiles no arithmetic on unsigned values)"


def test_signed_and_unsigned_operands_convert_as_pyasc_or_cpp_with_warnings(kernel_module: KernelModule) -> None:
    """A signed left operand decides the type (pyasc's rule); an unsigned one leaves it to C++'s usual arithmetic
    conversions; a conversion that can change a value is warned about at its operator."""
    module = kernel_module(MIXED)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        source = module.k.compile(*MIXED_ARGS).source
    assert [(str(w.message), w.lineno) for w in caught] == [
        (
            f"'*' mixes int32 and uint32 values: 'u' (uint32) is converted to int32, {PYASC}, so a value above "
            "2147483647 becomes negative: write u.cast(asc.int32) to convert it explicitly",
            line_of(module, "# int32 * uint32"),
        ),
        (
            f"'-' mixes uint32 and int32 values: 'n' (int32) is converted to uint32, {CPP}, so a negative value "
            "wraps around to a large positive one: write n.cast(asc.uint32) to convert it explicitly",
            line_of(module, "# uint32 - int32"),
        ),
        (
            f"'==' mixes int32 and uint32 values: the uint32 operand is converted to int32, {PYASC}, so a value "
            "above 2147483647 becomes negative: call .cast(asc.int32) on it to convert it explicitly",
            line_of(module, "# int32 == uint32"),
        ),
        (
            f"'<' mixes uint32 and int32 values: 'n' (int32) is converted to uint32, {CPP}, so a negative value "
            "wraps around to a large positive one: write n.cast(asc.uint32) to convert it explicitly",
            line_of(module, "# uint32 < int32"),
        ),
    ]
    assert body(source) == expected(
        """
        AscendC::GlobalTensor<int64_t> o;
        o.SetGlobalBuffer(out, 8);
        int32_t v = static_cast<int32_t>(u);
        int32_t v_1 = n * v;
        int64_t v_2 = static_cast<int64_t>(v_1);
        o.SetValue(0, v_2);
        uint32_t v_3 = static_cast<uint32_t>(n);
        uint32_t v_4 = u - v_3;
        int64_t v_5 = static_cast<int64_t>(v_4);
        o.SetValue(1, v_5);
        int64_t v_6 = static_cast<int64_t>(u);
        int64_t v_7 = v_6 + w;
        o.SetValue(2, v_7);
        int32_t v_8 = static_cast<int32_t>(h);
        int32_t v_9 = static_cast<int32_t>(s);
        int32_t v_10 = v_8 & v_9;
        int64_t v_11 = static_cast<int64_t>(v_10);
        o.SetValue(3, v_11);
        uint32_t v_12 = u - 1;
        int32_t v_13 = static_cast<int32_t>(v_12);
        bool v_14 = n == v_13;
        int64_t v_15 = static_cast<int64_t>(v_14);
        o.SetValue(4, v_15);
        uint32_t v_16 = static_cast<uint32_t>(n);
        bool v_17 = u < v_16;
        int64_t v_18 = static_cast<int64_t>(v_17);
        o.SetValue(5, v_18);
        """
    )


@pytest.mark.parametrize(("n", "u", "w", "h", "s"), [(-3, 5, -10, 65535, -2), (7, 4000000000, 1 << 40, 3, -32768)])
def test_signed_and_unsigned_operands_compute_what_the_cpp_computes(
    kernel_module: KernelModule, n: int, u: int, w: int, h: int, s: int
) -> None:
    module = kernel_module(MIXED)
    out = np.zeros(8, np.int64)
    values = (np.int32(n), np.uint32(u), np.int64(w), np.uint16(h), np.int16(s))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        module.k[1](out, *values)
    i32, u32 = np.int32(n), np.uint32(u)
    with np.errstate(over="ignore"):
        assert list(out[:6]) == [
            int(i32 * u32.astype(np.int32)),  # int32, as pyasc
            int(u32 - i32.astype(np.uint32)),  # uint32, as C++
            u + w,  # int64 holds every uint32
            h & s,  # both promoted to int
            int(n == int((u32 - np.uint32(1)).astype(np.int32))),
            int(u < int(i32.astype(np.uint32))),
        ]


# -- the CANN type-check of every kernel above (tests/cann) ------------------------------------------------

CANN_KERNELS: dict[str, tuple[str, tuple[object, ...]]] = {
    "wrap": (WRAP, WRAP_ARGS),
    "extremes": (EXTREMES, EXTREMES_ARGS),
    "rms_norm": (RMS_NORM, RMS_NORM_ARGS),
    "mixed_signedness": (MIXED, MIXED_ARGS),
    "uint32_loop": (
        LOOP.replace("range(n)", "range(n.cast(asc.int32))"),
        (MockTensor(asc.int32), MockValue(asc.uint32)),
    ),
}


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The kernels of this module, for the CANN type-check of the test suite."""
    for name, (source, args) in sorted(CANN_KERNELS.items()):
        yield f"test_scalar_values::{name}", load_kernel_source(directory, source).k.compile(*args).source
