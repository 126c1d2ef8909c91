"""The library's math functions on the CPU emulation against numpy (emulation header
``adv_api/math/math_functions.h``).

Tolerances, as the documented precision gives them:
- one-source functions: the float32 value of f(x), rounded to the output type, within 1 ULP of numpy's
  float64 f(x) rounded the same way (the double-precision libraries may differ in the last double bit);
  the exact functions (ceil, floor, trunc, round, frac, sign) 0 ULP; every result within 0.5 ULP of the
  exact value for float32 and 0.5 ULP plus the float32 step for half;
- exp with a Taylor expansion: bit-exact with CANN's float32 algorithm (``exp_taylor_model``), and the
  relative error of the expansion itself bounded by its Taylor remainder;
- power: within 1 ULP of pow() in float64 rounded; int32 exact with wrap-around; xor exact;
- axpy: bit-exact with its two float32 steps.
"""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from ascx.dialects.ascendc.adv_ops import MathFunction
from ascx.emu.launch import EmulationError
from ascx.testing import adv_numerics as an

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

DTYPES = [np.float16, np.float32]


CANN_LESS_ACCURATE: dict[tuple[str, type], tuple[float, int]] = {
    ("acos", np.float32): (7e-5, 918),
    ("acosh", np.float32): (1.2e-7, 1),
    ("asin", np.float32): (7e-5, 909),
    ("asinh", np.float32): (5.4e-7, 7),
    ("atan", np.float32): (3.2e-7, 3),
    ("atanh", np.float32): (1.6e-5, 238),
    ("cos", np.float32): (2.1e-7, 3),
    ("cosh", np.float32): (6.5e-7, 8),
    ("digamma", np.float32): (6.9e-6, 67),
    ("erf", np.float32): (2.4e-7, 4),
    ("erfc", np.float32): (2e-6, 29),
    ("lgamma", np.float32): (3.6e-5, 342),
    ("sin", np.float32): (1.2e-7, 2),
    ("sinh", np.float32): (5.1e-7, 8),
    ("tan", np.float32): (3.8e-7, 5),
    ("tanh", np.float32): (3.2e-6, 29),
    ("acos", np.float16): (9.7e-4, 1),
    ("asin", np.float16): (9.6e-4, 1),
    ("digamma", np.float16): (1.7e-3, 2),
}
"""The differential check's measured divergence of CANN's math functions from the clean-room ones: (the
largest relative difference, the most ULPs) on this module's inputs. CANN computes them with its own
float32 algorithms (series, polynomial fits, sums of logarithms), which round more than once; the clean-room
ones are within 1 ULP of the correctly rounded value (this module's numpy assertions), and CANN's results
are the same number of ULPs from numpy's. Every other function and type agrees bit for bit
(docs/emulation.md#what-the-differential-check-found)."""
LGAMMA_HALF_AT_ONE = (
    "lgamma(1) is 0: the clean-room result is exact, while CANN's half Lgamma computes lgamma(x + 4) - "
    "log(x (x + 1) (x + 2) (x + 3)) in float32 and leaves -2^-21 there (two float32 ulps of log(24) = 3.18), a "
    "relative difference of 1 on that element; every other element agrees bit for bit"
)


def _differential_tolerance(name: str, dtype: type) -> list[pytest.MarkDecorator]:
    if name == "lgamma" and dtype is np.float16:
        return [pytest.mark.differential_rtol(1.0, LGAMMA_HALF_AT_ONE)]
    if (name, dtype) not in CANN_LESS_ACCURATE:
        return []
    rtol, ulps = CANN_LESS_ACCURATE[(name, dtype)]
    reason = (
        f"CANN's {name} on {dtype.__name__} is less accurate than the clean-room one (within 1 ULP of the "
        f"correctly rounded value): up to {ulps} ULP from it, a relative {rtol:g}"
    )
    return [pytest.mark.differential_rtol(rtol, reason)]


UNARY_CASES = [
    pytest.param(name, dtype, id=f"{name}-{dtype.__name__}", marks=_differential_tolerance(name, dtype))
    for name in sorted(an.UNARY)
    for dtype in DTYPES
]


@pytest.mark.parametrize(("name", "dtype"), UNARY_CASES)
def test_one_source_function(tmp_path: Path, name: str, dtype: type) -> None:
    x, z = an.run_unary(tmp_path, dtype, [name])[name]
    reference = an.unary_reference(name, x)
    limit = 0 if an.UNARY[name].exact else 1
    assert int(an.ulp_distance(z, reference).max()) <= limit
    bound = 0.5 if dtype is np.float32 else 0.5 + 2.0**-13  # float32 rounding, then half rounding
    assert an.ulp_error(z, an.unary_exact(name, x)) <= bound


@pytest.mark.differential_rtol(
    CANN_LESS_ACCURATE[("acos", np.float32)][0],
    "CANN's float32 acos, digamma and lgamma are less accurate than the clean-room ones (see "
    "CANN_LESS_ACCURATE; acos the most, a relative 7e-5); round and sign agree bit for bit",
)
def test_special_values(tmp_path: Path) -> None:
    results = an.run_unary(tmp_path, np.float32, ["acos", "round", "sign", "digamma", "lgamma"])
    _, acos = results["acos"]
    assert acos[:3].tolist() == pytest.approx([math.pi, math.pi / 2, 0.0], abs=1e-7)
    _, rounded = results["round"]
    assert rounded[:5].tolist() == [-0.0, 0.0, 2.0, 2.0, -2.0]  # ties to even
    _, signs = results["sign"]
    assert signs[:2].tolist() == [0.0, 0.0]
    _, digamma = results["digamma"]
    euler = 0.5772156649015329
    assert digamma[:2].tolist() == pytest.approx([-euler, -euler - 2 * math.log(2)], rel=1e-6)
    _, lgamma = results["lgamma"]
    assert lgamma[:3].tolist() == pytest.approx([0.0, 0.0, math.log(math.pi) / 2], abs=1e-6)


EXP_BODY = (
    an.pipe_reserving(12288)
    + """
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
zg = asc.GlobalTensor()
zg.set_global_buffer(z)
a = asc.LocalTensor({t}, asc.TPosition.VECIN, 0, 256)
c = asc.LocalTensor({t}, asc.TPosition.VECOUT, 4096, 256)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 4096)
asc.data_copy(a, xg, 256)
asc.adv.exp(c, a, 256, 0, tmp)
asc.data_copy(zg, c, 256)
asc.adv.exp(c, a, 256, 3)
asc.data_copy(zg[256:], c, 256)
asc.adv.exp(c, a, 256, 12, tmp, True)
asc.data_copy(zg[512:], c, 256)
"""
)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
def test_exp_taylor_expansion(tmp_path: Path, dtype: type) -> None:
    t = "asc.float16" if dtype is np.float16 else "asc.float32"
    kernel = an.load_kernel(tmp_path, EXP_BODY.format(t=t), "x: asc.GlobalAddress, z: asc.GlobalAddress")
    x = np.random.default_rng(7).uniform(-8, 8, an.N).astype(dtype)
    z = np.zeros(3 * an.N, dtype=dtype)
    kernel[1](x, z)
    plain, level3, level12 = z.reshape(3, an.N)
    assert int(an.ulp_distance(plain, an.round_like(np.exp(x.astype(np.float64)), dtype)).max()) <= 1
    assert np.array_equal(level3, an.exp_taylor_model(x, 3))
    assert np.array_equal(level12, an.exp_taylor_model(x, 12))
    exact = np.exp(x.astype(np.float64))
    assert an.relative_error(level3, exact) <= math.e / math.factorial(4) + 1e-3  # the Taylor remainder
    assert an.relative_error(level12, exact) <= (2e-6 if dtype is np.float32 else 1e-3)


POWER_BODY = (
    an.pipe_reserving(16384)
    + """
ag = asc.GlobalTensor()
ag.set_global_buffer(a)
bg = asc.GlobalTensor()
bg.set_global_buffer(b)
zg = asc.GlobalTensor()
zg.set_global_buffer(z)
x = asc.LocalTensor({t}, asc.TPosition.VECIN, 0, 256)
y = asc.LocalTensor({t}, asc.TPosition.VECIN, 2048, 256)
c = asc.LocalTensor({t}, asc.TPosition.VECOUT, 4096, 256)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 8192)
asc.data_copy(x, ag, 256)
asc.data_copy(y, bg, 256)
asc.adv.{fn}(c, x, y, 256, tmp)
asc.data_copy(zg, c, 256)
asc.adv.{fn}(c, x, y)
asc.data_copy(zg[256:], c, 256)
asc.adv.{fn}(c, x, y, temp_buffer=tmp)
asc.data_copy(zg[512:], c, 256)
asc.adv.{fn}(c, x, y, 256)
asc.data_copy(zg[768:], c, 256)
"""
)
PARAMS3 = "a: asc.GlobalAddress, b: asc.GlobalAddress, z: asc.GlobalAddress"


def _run_binary(tmp_path: Path, fn: str, t: str, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The results of the count form with a temporary buffer and of the whole-tensor form without one; the
    other two forms (whole tensor with the buffer, count without) must give the same bits."""
    kernel = an.load_kernel(tmp_path, POWER_BODY.format(t=t, fn=fn), PARAMS3)
    z = np.zeros(4 * an.N, dtype=a.dtype)
    kernel[1](a, b, z)
    rows = z.reshape(4, an.N)
    for form in (2, 3):
        assert np.array_equal(rows[form].view(np.uint8), rows[0].view(np.uint8)), f"form {form} differs"
    return rows[:2]


@pytest.mark.parametrize(
    "dtype",
    [
        pytest.param(np.float16, id="float16"),
        pytest.param(
            np.float32,
            id="float32",
            marks=pytest.mark.differential_rtol(
                4e-7,
                "CANN's float32 Power (exp(b * ln|a|) in float32 steps) is up to 3 ULP from the correctly rounded "
                "value, the clean-room one within 1: a relative 3.5e-7 between them",
            ),
        ),
    ],
)
def test_power_of_floats(tmp_path: Path, dtype: type) -> None:
    rng = np.random.default_rng(3)
    base = rng.uniform(0.1, 4, an.N)
    base[:8] = [-2, -2, -3, 0, 0, 1, 2, -0.5]
    exponent = rng.uniform(-3, 3, an.N)
    exponent[:8] = [2, 3, 0.5, 0, 2, 100, -1, 3]
    a, b = base.astype(dtype), exponent.astype(dtype)
    t = "asc.float16" if dtype is np.float16 else "asc.float32"
    with_tmp, without = _run_binary(tmp_path, "power", t, a, b)
    with np.errstate(all="ignore"):
        reference = an.round_like(np.power(a.astype(np.float64), b.astype(np.float64)), dtype)
    assert int(an.ulp_distance(with_tmp, reference).max()) <= 1
    assert np.array_equal(with_tmp, without, equal_nan=True)
    assert np.isnan(with_tmp[2])  # a negative base to a fractional power


def test_power_of_int32_wraps(tmp_path: Path) -> None:
    rng = np.random.default_rng(4)
    a = rng.integers(-20, 20, an.N).astype(np.int32)
    b = rng.integers(0, 12, an.N).astype(np.int32)
    a[:4], b[:4] = [2, -1, 5, 3], [31, -3, -1, 40]
    result, _ = _run_binary(tmp_path, "power", "asc.int32", a, b)

    def wrapped_power(base: int, exponent: int) -> int:
        if exponent < 0:
            return base if abs(base) == 1 and exponent % 2 else (1 if abs(base) == 1 else 0)
        return (pow(base, exponent, 1 << 32) + (1 << 31)) % (1 << 32) - (1 << 31)

    assert result.tolist() == [wrapped_power(v, e) for v, e in zip(a.tolist(), b.tolist(), strict=True)]


@pytest.mark.parametrize("dtype", [np.int16, np.uint16], ids=lambda d: d.__name__)
def test_xor_is_exact(tmp_path: Path, dtype: type) -> None:
    rng = np.random.default_rng(5)
    info = np.iinfo(dtype)
    a = rng.integers(info.min, info.max, an.N, endpoint=True).astype(dtype)
    b = rng.integers(info.min, info.max, an.N, endpoint=True).astype(dtype)
    t = "asc.int16" if dtype is np.int16 else "asc.uint16"
    with_tmp, without = _run_binary(tmp_path, "xor", t, a, b)
    assert np.array_equal(with_tmp, a ^ b)
    assert np.array_equal(without, a ^ b)


AXPY_BODY = (
    an.pipe_reserving(5120)
    + """
dg = asc.GlobalTensor()
dg.set_global_buffer(d)
sg = asc.GlobalTensor()
sg.set_global_buffer(s)
d_local = asc.LocalTensor({td}, asc.TPosition.VECOUT, 0, 256)
s_local = asc.LocalTensor({ts}, asc.TPosition.VECIN, 2048, 256)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 4096, 1024)
asc.data_copy(d_local, dg, 256)
asc.data_copy(s_local, sg, 256)
asc.adv.axpy(d_local, s_local, 1.75, 256, tmp)
asc.data_copy(dg, d_local, 256)
"""
)


@pytest.mark.parametrize(
    ("dst_dtype", "src_dtype"), [(np.float16, np.float16), (np.float32, np.float32), (np.float32, np.float16)]
)
def test_axpy_in_two_float32_steps(tmp_path: Path, dst_dtype: type, src_dtype: type) -> None:
    names = {np.float16: "asc.float16", np.float32: "asc.float32"}
    body = AXPY_BODY.format(td=names[dst_dtype], ts=names[src_dtype])
    kernel = an.load_kernel(tmp_path, body, "d: asc.GlobalAddress, s: asc.GlobalAddress")
    rng = np.random.default_rng(6)
    d = rng.uniform(-10, 10, an.N).astype(dst_dtype)
    s = rng.uniform(-10, 10, an.N).astype(src_dtype)
    expected = (d.astype(np.float32) + (s.astype(np.float32) * np.float32(src_dtype(1.75)))).astype(dst_dtype)
    kernel[1](d, s)
    assert np.array_equal(d, expected)


SMALL_TMP_BODY = """
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 65536, 256)
c = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 69632, 256)
pipe = asc.TPipe()
buf = asc.TBuf(asc.TPosition.VECCALC)
pipe.init_buffer(buf, n)
tmp = buf.get(asc.uint8)
asc.data_copy(a, xg, 256)
asc.adv.acos(c, a, 256, tmp)  # the call under test
"""


def test_a_temporary_buffer_too_small_fails_at_run_time_with_the_line(tmp_path: Path) -> None:
    kernel = an.load_kernel(tmp_path, SMALL_TMP_BODY, "x: asc.GlobalAddress, n: int")
    x = np.zeros(an.N, dtype=np.float16)
    kernel[1](x, 1536)  # GetAcosMaxMinTmpSize's minimum for half
    with pytest.raises(EmulationError) as caught:
        kernel[1](x, 1024)
    message = str(caught.value)
    assert "Acos: the temporary buffer has 1024 bytes, but this data type needs at least 1536" in message
    source = Path(kernel.fn.__code__.co_filename)
    line = next(i for i, text in enumerate(source.read_text().splitlines(), 1) if "the call under test" in text)
    assert f"{source.name}:{line}" in message


OVERLAP_BODY = (
    an.pipe_reserving(512)
    + """
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
asc.data_copy(a, xg, 256)
asc.adv.{fn}(a, a, 256)
asc.data_copy(xg, a, 256)
"""
)


def test_in_place_where_cann_allows_it(tmp_path: Path) -> None:
    kernel = an.load_kernel(tmp_path, OVERLAP_BODY.format(fn="trunc"), "x: asc.GlobalAddress")
    x = np.array([1.5, -2.5] * 128, dtype=np.float16)
    kernel[1](x)
    assert x[:2].tolist() == [1.0, -2.0]


def test_in_place_where_cann_does_not(tmp_path: Path) -> None:
    kernel = an.load_kernel(tmp_path, OVERLAP_BODY.format(fn="sin"), "x: asc.GlobalAddress")
    with pytest.raises(EmulationError, match=r"Sin: dstTensor \(bytes \[0, 512\) of UB\) overlaps srcTensor"):
        kernel[1](np.zeros(an.N, dtype=np.float16))


FORMS = {
    "count, temp_buffer": "asc.adv.{name}(c, a, {n}, tmp)",
    "count": "asc.adv.{name}(c, a, {n})",
    "whole, temp_buffer": "asc.adv.{name}(c, a, temp_buffer=tmp)",
    "whole": "asc.adv.{name}(c, a)",
}
"""The four call forms of a one-source function: CANN's calCount and whole-tensor overloads, each with and
without a shared temporary buffer (``Log`` takes no buffer; six functions have only the calCount forms)."""


def _declares(name: str, form: str) -> bool:
    """Whether CANN declares ``form`` of the function ``name`` (MathFunction.needs_count, takes_tmp)."""
    function = MathFunction[name.upper()]
    return ("temp_buffer" not in form or function.takes_tmp) and ("count" in form or not function.needs_count)


@pytest.mark.differential_rtol(
    CANN_LESS_ACCURATE[("acos", np.float32)][0],
    "CANN's float32 acos, digamma and lgamma are less accurate than the clean-room ones (see CANN_LESS_ACCURATE)",
)
def test_every_call_form_of_a_one_source_function(tmp_path: Path) -> None:
    """Each function in each of its forms computes what its count-and-buffer form computes, bit for bit, and so
    stays within the 1 ULP of numpy that test_one_source_function checks (the emulation coverage report listed
    the forms without a buffer and the whole-tensor forms as never run: docs/emulation.md#coverage)."""
    calls = [(name, form) for name in sorted(an.UNARY) for form in FORMS if _declares(name, form)]
    body = [
        "xg = asc.GlobalTensor()",
        "xg.set_global_buffer(x)",
        "zg = asc.GlobalTensor()",
        "zg.set_global_buffer(z)",
        *an.pipe_reserving(24576).splitlines(),
        f"a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, {an.N})",
        f"c = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4096, {an.N})",
        "tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 16384)",
    ]
    for row, (name, form) in enumerate(calls):
        body.append(f"asc.data_copy(a, xg[{row * an.N}:], {an.N})")
        body.append(FORMS[form].format(name=name, n=an.N))
        body.append(f"asc.data_copy(zg[{row * an.N}:], c, {an.N})")
    kernel = an.load_kernel(tmp_path, "\n".join(body), "x: asc.GlobalAddress, z: asc.GlobalAddress")
    x = np.concatenate([an.unary_inputs(name, np.float32) for name, _ in calls])
    z = np.zeros_like(x)
    kernel[1](x, z)
    results = {call: z[row * an.N : (row + 1) * an.N] for row, call in enumerate(calls)}
    for name, form in calls:
        first = "count, temp_buffer" if _declares(name, "count, temp_buffer") else "count"
        assert results[(name, form)].tobytes() == results[(name, first)].tobytes(), (name, form)
        reference = an.unary_reference(name, an.unary_inputs(name, np.float32))
        limit = 0 if an.UNARY[name].exact else 1
        assert int(an.ulp_distance(results[(name, form)], reference).max()) <= limit, (name, form)
