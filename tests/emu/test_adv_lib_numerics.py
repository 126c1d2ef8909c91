"""SoftMax, RmsNorm, AscendQuant, Concat and Extract on the CPU emulation against numpy, with their
tilings passed as kernel arguments (filled by ``asc.lib.host``) or built in the kernel.

Tolerances: each function is bit-exact with a numpy model of its documented float32 (or, for AscendQuant,
half) steps (``ascx.testing.adv_numerics``), and within a stated relative error of the float64 result:
softmax 2e-6 (float32) / 1e-3 (half, the rounding of the output), its sums and maxima likewise; rmsnorm
4e-6 / 1e-3; quant within one integer step of round(x * scale + offset) in float64.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ascx as asc
from ascx.analysis.report import SyncError
from ascx.emu.launch import EmulationError
from ascx.lib import host
from ascx.testing import adv_numerics as an

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

LAST_BITS = (
    "the clean-room SoftMax rounds its float32 steps in an order of its own (docs/reference/adv/README.md"
    "#precision-on-the-emulation), CANN's reduces each row with its vector reduction tree"
)
HALF_ROUNDING = (
    "CANN's half SoftMax rounds its float32 results to half with CAST_ROUND (vconv_f322f16a: ties away from "
    "zero), the clean-room one to nearest even, and their float32 steps differ in the last bits (see the float32 "
    "case): 2 of the 1024 results differ by one half ULP (a tie, and a value next to a midpoint), at most a "
    "relative 2^-10"
)
KERNEL_TILED_HALF = (
    "as test_softmax_over_the_last_axis[half]: CANN's half SoftMax rounds its float32 results to half with "
    "CAST_ROUND (ties away from zero), the clean-room one to nearest even, after float32 steps that differ in the "
    "last bits: a few results differ by one half ULP, at most a relative 2^-10"
)
HALF_FLOAT32_STATS = (
    "CANN's half SoftMax with float32 sum and max tensors stops at its tensor index check (operator[]: 'offset "
    "is 192, which can not be larger than data len 192') on this 24 x 64 case: the host tiling's reduceK is 16 "
    "(its one data type size is the source's), CANN reads row r's statistics at r * reduceK, and float32 ones "
    "hold 8 a block; the kernel-side tiling (reduceK 8) runs on both (test_softmax_with_a_tiling_softmax_tiling_"
    "func_filled)"
)
SOFTMAX_BODY = """
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
yg = asc.GlobalTensor()
yg.set_global_buffer(y)
sg = asc.GlobalTensor()
sg.set_global_buffer(s)
mg = asc.GlobalTensor()
mg.set_global_buffer(mx)
src = asc.LocalTensor({t}, asc.TPosition.VECIN, 0, {size})
dst = asc.LocalTensor({t}, asc.TPosition.VECOUT, 32768, {size})
sums = asc.LocalTensor({st}, asc.TPosition.VECOUT, 65536, {stats})
maxes = asc.LocalTensor({st}, asc.TPosition.VECOUT, 69632, {stats})
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 73728, {tmp_bytes})
asc.data_copy(src, xg, {size})
src.set_shape_info(asc.ShapeInfo(asc.array(asc.int32, ({m}, {k}))))  # CANN's SoftMax takes the shape from it
asc.adv.softmax(dst, sums, maxes, src, tiling, tmp)
asc.data_copy(yg, dst, {size})
asc.data_copy(sg, sums, {stats})
asc.data_copy(mg, maxes, {stats})
"""
SOFTMAX_PARAMS = ", ".join(
    [*(f"{name}: asc.GlobalAddress" for name in ("x", "y", "s", "mx")), "tiling: asc.adv.SoftmaxTiling"]
)
NAMES = {np.float16: "asc.float16", np.float32: "asc.float32"}


@pytest.mark.parametrize(
    ("dtype", "stats_dtype", "shape"),
    [
        pytest.param(
            np.float32, np.float32, (16, 64), id="float32", marks=pytest.mark.differential_rtol(3e-6, LAST_BITS)
        ),
        pytest.param(
            np.float16, np.float16, (8, 128), id="half", marks=pytest.mark.differential_rtol(1e-3, HALF_ROUNDING)
        ),
        pytest.param(
            np.float16,
            np.float32,
            (24, 64),
            id="half-float32-stats",
            marks=pytest.mark.clean_room_only(HALF_FLOAT32_STATS),
        ),
    ],
)
def test_softmax_over_the_last_axis(tmp_path: Path, dtype: type, stats_dtype: type, shape: tuple[int, int]) -> None:
    m, k = shape
    type_size = np.dtype(dtype).itemsize
    tmp_bytes = 3 * host.get_soft_max_min_tmp_size(list(shape), type_size)  # 3 rows at a time
    tiling = asc.adv.SoftmaxTiling()
    host.soft_max_tiling_func(list(shape), type_size, tmp_bytes, tiling)
    assert tiling.split_m == 3
    block = 32 // np.dtype(stats_dtype).itemsize
    body = SOFTMAX_BODY.format(
        t=NAMES[dtype], st=NAMES[stats_dtype], size=m * k, stats=m * block, tmp_bytes=tmp_bytes, m=m, k=k
    )
    kernel = an.load_kernel(tmp_path, body, SOFTMAX_PARAMS)
    x = np.random.default_rng(1).normal(0, 3, (m, k)).astype(dtype)
    y = np.zeros_like(x)
    sums = np.zeros((m, block), dtype=stats_dtype)
    maxes = np.zeros((m, block), dtype=stats_dtype)
    kernel[1](x, y, sums, maxes, tiling)
    dst, total, hi = an.softmax_model(x)
    assert np.array_equal(y, dst.astype(dtype))
    assert np.array_equal(sums, np.repeat(total, block, axis=1).astype(stats_dtype))
    assert np.array_equal(maxes, np.repeat(hi, block, axis=1).astype(stats_dtype))
    exact = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True).astype(np.float64))
    reference = exact / exact.sum(axis=1, keepdims=True)
    tolerance = 2e-6 if dtype is np.float32 else 1e-3
    assert an.relative_error(y, reference) <= tolerance
    assert an.relative_error(sums[:, :1], exact.sum(axis=1, keepdims=True)) <= (
        2e-6 if stats_dtype is np.float32 else 1e-3
    )


TILING_IN_KERNEL = """
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
src = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 512)
sums = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4096, 64)
maxes = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, {maxes}, 64)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, {tmp})
tiling = asc.adv.SoftmaxTiling(src_m=8, src_k=64, split_m={split})
asc.data_copy(src, xg, 512)
src.set_shape_info(asc.ShapeInfo(asc.array(asc.int32, (8, 64))))
asc.adv.softmax(src, sums, maxes, src, tiling, tmp)  # the call under test
asc.data_copy(xg, src, 512)
"""


@pytest.mark.clean_room_only(
    "the kernel builds its SoftmaxTiling from src_m, src_k and split_m alone; CANN's SoftMax also reads the "
    "fields SoftMaxTilingFunc fills (splitSize, reduceSize, rangeM, tailM, ...), 0 here, and computes something "
    "else (docs/emulation.md#what-the-differential-check-found)"
)
def test_softmax_with_a_kernel_built_tiling_in_place(tmp_path: Path) -> None:
    kernel = an.load_kernel(tmp_path, TILING_IN_KERNEL.format(tmp=1024, split=1, maxes=4352), "x: asc.GlobalAddress")
    x = np.random.default_rng(2).normal(0, 1, (8, 64)).astype(np.float32)
    expected = an.softmax_model(x)[0]
    kernel[1](x)
    assert np.array_equal(x, expected)


SHAPE_INFO_IN_KERNEL = """
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
src = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 512)
sums = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4096, 64)
maxes = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4352, 64)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 1024)
asc.data_copy(src, xg, 512)
shape = asc.adv.SoftmaxShapeInfo(src_m=m, src_k=64, ori_src_m=m, ori_src_k=64)
asc.adv.softmax(src, sums, maxes, src, asc.adv.SoftmaxTiling(), tmp, softmax_shape_info=shape)
asc.data_copy(xg, src, 512)
"""


@pytest.mark.differential_rtol(3e-6, LAST_BITS)
def test_softmax_computes_on_the_shape_a_softmax_shape_info_gives(tmp_path: Path) -> None:
    """A zero tiling, no ShapeInfo on the tensor, the rows set at run time: both backends take the shape from
    the SoftMaxShapeInfo and recompute the tiling on the device for it; rows past ``m`` stay as they were."""
    kernel = an.load_kernel(tmp_path, SHAPE_INFO_IN_KERNEL, "x: asc.GlobalAddress, m: int")
    x = np.random.default_rng(3).normal(0, 2, (8, 64)).astype(np.float32)
    expected = x.copy()
    expected[:6] = an.softmax_model(x[:6])[0]
    kernel[1](x, 6)
    assert np.array_equal(x, expected)


def test_softmax_temporary_buffer_smaller_than_the_tiling_fails_at_run_time(tmp_path: Path) -> None:
    kernel = an.load_kernel(tmp_path, TILING_IN_KERNEL.format(tmp=1024, split=4, maxes=4352), "x: asc.GlobalAddress")
    with pytest.raises(EmulationError) as caught:
        kernel[1](np.zeros(512, dtype=np.float32))
    message = str(caught.value)
    assert "SoftMax: the temporary buffer has 1024 bytes, but the tiling's splitM rows needs at least 1152" in message
    source = Path(kernel.fn.__code__.co_filename)
    line = next(i for i, text in enumerate(source.read_text().splitlines(), 1) if "the call under test" in text)
    assert f"{source.name}:{line}:" in message


def test_softmax_with_one_tensor_for_sum_and_max_is_an_error(tmp_path: Path) -> None:
    """Found by the differential check: CANN's SoftMax rejects sumTensor and maxTensor that are one tensor (the
    same start and size: its high-level API check TensorReuseLoopCheck); the clean-room one wrote both into it."""
    kernel = an.load_kernel(tmp_path, TILING_IN_KERNEL.format(tmp=1024, split=1, maxes=4096), "x: asc.GlobalAddress")
    with pytest.raises(EmulationError) as caught:
        kernel[1](np.zeros(512, dtype=np.float32))
    assert caught.value.message.split(": ", 2)[2] == (
        "SoftMax: the input Tensor (sumTensor) and (maxTensor) cannot be reused, their start address is 4096, tensor "
        "size is 256 (CANN's SoftMax checks that they are two tensors)"
    )


KERNEL_SIDE_TILING = """
tg = asc.GlobalTensor()
tg.set_global_buffer(t)
shape = asc.adv.SoftmaxShapeInfo(m, k, ori_m, k)
tiling = asc.adv.SoftmaxTiling()
ok = asc.adv.softmax_tiling_func(work, shape, tiling, {size1}, {size2}, {basic}, {nz})
if ok:
    tg.set_value(16, 1)
tg.set_value(0, tiling.src_m)
tg.set_value(1, tiling.src_k)
tg.set_value(2, tiling.src_size)
tg.set_value(3, tiling.out_max_m)
tg.set_value(4, tiling.out_max_k)
tg.set_value(5, tiling.out_max_size)
tg.set_value(6, tiling.split_m)
tg.set_value(7, tiling.split_k)
tg.set_value(8, tiling.split_size)
tg.set_value(9, tiling.reduce_m)
tg.set_value(10, tiling.reduce_k)
tg.set_value(11, tiling.reduce_size)
tg.set_value(12, tiling.range_m)
tg.set_value(13, tiling.tail_m)
tg.set_value(14, tiling.tail_split_size)
tg.set_value(15, tiling.tail_reduce_size)
"""


@pytest.mark.parametrize(
    ("size1", "size2", "basic", "nz", "shapes"),
    [
        (2, 2, False, False, [(16, 64, 16, 3000), (10, 32, 10, 2000), (40, 128, 40, 9000), (1, 2048, 1, 20000)]),
        (2, 4, False, False, [(16, 64, 16, 3000), (24, 64, 20, 1000), (64, 256, 64, 100000)]),
        (4, 4, False, False, [(64, 64, 64, 1000), (9, 1024, 9, 300), (8, 64, 8, 72)]),
        (2, 2, True, False, [(64, 128, 64, 30000), (16, 512, 16, 50000), (12, 256, 12, 4000)]),
        (4, 4, True, False, [(32, 64, 32, 4096), (16, 1024, 16, 2304), (64, 512, 64, 100000)]),
        (2, 4, False, True, [(16, 64, 16, 1000), (32, 128, 30, 2000)]),
    ],
)
def test_softmax_tiling_func_fills_cann_s_kernel_side_tiling(
    tmp_path: Path, size1: int, size2: int, basic: bool, nz: bool, shapes: list[tuple[int, int, int, int]]
) -> None:
    """SoftMaxTilingFunc in the kernel (runtime shape and space) fills the 16 fields of an independent model of
    CANN's kernel-side formula (``an.softmax_tiling_func_model``), on both backends, and returns true."""
    body = KERNEL_SIDE_TILING.format(size1=size1, size2=size2, basic=basic, nz=nz)
    kernel = an.load_kernel(tmp_path, body, "t: asc.GlobalAddress, m: int, k: int, ori_m: int, work: int")
    for m, k, ori_m, work in shapes:
        fields = np.zeros(17, np.int32)
        kernel[1](fields, m, k, ori_m, work)
        expected = an.softmax_tiling_func_model(work, (m, k, ori_m), size1, size2, basic, nz)
        assert list(fields) == [*expected, 1], (m, k, ori_m, work)


def test_softmax_tiling_func_differs_from_the_host_one(tmp_path: Path) -> None:
    """The kernel-side and host functions on one shape and buffer: the kernel's space is in floats, its
    statistics block follows data_type_size2, and a float source's row has no copy of the row."""
    body = KERNEL_SIDE_TILING.format(size1=4, size2=4, basic=False, nz=False)
    kernel = an.load_kernel(tmp_path, body, "t: asc.GlobalAddress, m: int, k: int, ori_m: int, work: int")
    fields = np.zeros(17, np.int32)
    kernel[1](fields, 64, 64, 64, 4096 // 4)
    host_made = asc.adv.SoftmaxTiling()
    host.soft_max_tiling_func([64, 64], 4, 4096, host_made)
    assert (int(fields[6]), host_made.split_m) == (8, 7)  # 1024 floats: 72 a row in the kernel, 136 on the host


def test_softmax_tiling_func_without_a_row_of_space_fails_at_run_time(tmp_path: Path) -> None:
    body = KERNEL_SIDE_TILING.format(size1=2, size2=2, basic=False, nz=False)
    kernel = an.load_kernel(tmp_path, body, "t: asc.GlobalAddress, m: int, k: int, ori_m: int, work: int")
    with pytest.raises(EmulationError) as caught:
        kernel[1](np.zeros(17, np.int32), 8, 64, 8, 100)
    assert "SoftMaxTilingFunc: 100 floats of temporary space hold no row of the shape [8, 64] (oriSrcM 8; a row " in (
        str(caught.value)
    )


def test_cann_s_softmax_tiling_func_asserts_as_the_emulation_fails(
    tmp_path: Path, cann_emulator: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same kernel on the CANN backend alone: CANN's own assertion stops it (under ``both`` the clean-room
    backend, run first, stops it before)."""
    monkeypatch.setenv("ASCX_EMULATOR", "cann")
    body = KERNEL_SIDE_TILING.format(size1=2, size2=2, basic=False, nz=False)
    kernel = an.load_kernel(tmp_path, body, "t: asc.GlobalAddress, m: int, k: int, ori_m: int, work: int")
    with pytest.raises(EmulationError) as caught:
        kernel[1](np.zeros(17, np.int32), 8, 64, 8, 100)
    assert "CANN's SoftMaxTilingFunc" in str(caught.value)
    assert "softmax need min tmpbuffer is not enough." in str(caught.value)


SOFTMAX_KERNEL_TILED = """
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
yg = asc.GlobalTensor()
yg.set_global_buffer(y)
sg = asc.GlobalTensor()
sg.set_global_buffer(s)
src = asc.LocalTensor({t}, asc.TPosition.VECIN, 0, {size})
dst = asc.LocalTensor({t}, asc.TPosition.VECOUT, 16384, {size})
sums = asc.LocalTensor({st}, asc.TPosition.VECOUT, 32768, {stats})
maxes = asc.LocalTensor({st}, asc.TPosition.VECOUT, 36864, {stats})
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 40960, {tmp_bytes})
asc.data_copy(src, xg, {size})
shape = asc.adv.SoftmaxShapeInfo(m, {k}, m, {k})
tiling = asc.adv.SoftmaxTiling()
asc.adv.softmax_tiling_func({tmp_bytes} // 4, shape, tiling, {size1}, {size2}, {basic})
asc.adv.softmax(dst, sums, maxes, src, tiling, tmp, basic_block={basic}, softmax_shape_info=shape)
asc.data_copy(yg, dst, {size})
asc.data_copy(sg, sums, {stats})
"""


@pytest.mark.parametrize(
    ("dtype", "stats_dtype", "shape", "tmp_bytes"),
    [
        pytest.param(
            np.float32, np.float32, (16, 64), 3 * 72 * 4, id="float32",
            marks=pytest.mark.differential_rtol(3e-6, LAST_BITS),
        ),
        pytest.param(
            np.float16, np.float16, (8, 128), 3 * 208 * 4, id="half",
            marks=pytest.mark.differential_rtol(1e-3, KERNEL_TILED_HALF),
        ),
        pytest.param(
            np.float16, np.float32, (24, 64), 5 * 136 * 4, id="half-float32-stats",
            marks=pytest.mark.differential_rtol(1e-3, KERNEL_TILED_HALF),
        ),
        pytest.param(
            np.float32, np.float32, (32, 64), 8 * 72 * 4, id="float32-basic-block",
            marks=pytest.mark.differential_rtol(3e-6, LAST_BITS),
        ),
    ],
)  # fmt: skip
def test_softmax_with_a_tiling_softmax_tiling_func_filled(
    tmp_path: Path, dtype: type, stats_dtype: type, shape: tuple[int, int], tmp_bytes: int
) -> None:
    """The shape's rows known only at run time, the tiling filled in the kernel for the temporary buffer (3, 5 or
    8 rows a step, the row CANN's kernel-side size, less than GetSoftMaxMinTmpSize's for a float source; the
    32 x 64 float32 case as a basic block), then SoftMax on it: bit-exact with numpy's float32 steps
    (``an.softmax_model``) on the clean-room backend, within SoftMax's stated tolerance of CANN's."""
    m, k = shape
    block = 32 // np.dtype(stats_dtype).itemsize
    body = SOFTMAX_KERNEL_TILED.format(
        t=NAMES[dtype], st=NAMES[stats_dtype], size=m * k, stats=m * block, tmp_bytes=tmp_bytes, k=k,
        size1=np.dtype(dtype).itemsize, size2=np.dtype(stats_dtype).itemsize, basic=m == 32,
    )  # fmt: skip
    params = "x: asc.GlobalAddress, y: asc.GlobalAddress, s: asc.GlobalAddress, m: int"
    kernel = an.load_kernel(tmp_path, body, params)
    x = np.random.default_rng(4).normal(0, 3, (m, k)).astype(dtype)
    y = np.zeros_like(x)
    sums = np.zeros((m, block), dtype=stats_dtype)
    kernel[1](x, y, sums, m)
    dst, total, _ = an.softmax_model(x)
    assert np.array_equal(y, dst.astype(dtype))
    assert np.array_equal(sums, np.repeat(total, block, axis=1).astype(stats_dtype))


RMSNORM_BODY = """
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
gg = asc.GlobalTensor()
gg.set_global_buffer(g)
yg = asc.GlobalTensor()
yg.set_global_buffer(y)
src = asc.LocalTensor({t}, asc.TPosition.VECIN, 0, {size})
gamma = asc.LocalTensor({t}, asc.TPosition.VECIN, 32768, {h})
dst = asc.LocalTensor({t}, asc.TPosition.VECOUT, 40960, {size})
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 81920, {tmp_bytes})
asc.data_copy(src, xg, {size})
asc.data_copy(gamma, gg, {h})
asc.adv.rmsnorm(dst, src, gamma, {eps}, tiling, tmp)
asc.data_copy(yg, dst, {size})
"""
RMS_PARAMS = "x: asc.GlobalAddress, g: asc.GlobalAddress, y: asc.GlobalAddress, tiling: asc.adv.RmsNormTiling"


@pytest.mark.clean_room_only(
    "CANN's RmsNorm (rmsnorm_common_impl.h) and ReduceSum fetch event IDs from the kernel's "
    "TPipe (GetTPipePtr()->FetchEventID) and this kernel has none: a null dereference there "
    "(docs/emulation.md#what-the-differential-check-found)"
)
@pytest.mark.parametrize(
    ("dtype", "shape", "original_h"), [(np.float32, (2, 4, 64), 60), (np.float16, (1, 9, 128), 128)]
)
def test_rmsnorm_with_gamma_and_epsilon(
    tmp_path: Path, dtype: type, shape: tuple[int, int, int], original_h: int
) -> None:
    b, s, h = shape
    type_size = np.dtype(dtype).itemsize
    _, minimum = host.get_rms_norm_max_min_tmp_size(list(shape), type_size)
    tmp_bytes = 2 * minimum
    tiling = asc.adv.RmsNormTiling()
    assert host.get_rms_norm_tiling_info(list(shape), [b, s, original_h], tmp_bytes, type_size, tiling)
    eps = 1e-5
    body = RMSNORM_BODY.format(t=NAMES[dtype], size=b * s * h, h=h, tmp_bytes=tmp_bytes, eps=eps)
    kernel = an.load_kernel(tmp_path, body, RMS_PARAMS)
    rng = np.random.default_rng(3)
    x = rng.normal(0, 2, (b * s, h)).astype(dtype)
    x[:, original_h:] = 0  # the padding of H
    gamma = rng.uniform(0.5, 1.5, h).astype(dtype)
    y = np.zeros_like(x)
    kernel[1](x, gamma, y, tiling)
    eps_t = float(np.array(eps, dtype=dtype))
    expected = an.rmsnorm_model(x, gamma, eps_t, tiling.reciprocal_of_h_length).astype(dtype)
    assert np.array_equal(y, expected)
    x64 = x.astype(np.float64)
    reference = x64 / np.sqrt((x64**2).sum(axis=1, keepdims=True) / original_h + eps_t) * gamma.astype(np.float64)
    assert an.relative_error(y, reference) <= (4e-6 if dtype is np.float32 else 1e-3)


# --- LayerNorm -------------------------------------------------------------------------------------------

LAYERNORM_BODY = """
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
gg = asc.GlobalTensor()
gg.set_global_buffer(g)
yg = asc.GlobalTensor()
yg.set_global_buffer(y)
mg = asc.GlobalTensor()
mg.set_global_buffer(mv)
src = asc.LocalTensor({t}, asc.TPosition.VECIN, 0, {size})
gamma = asc.LocalTensor({t}, asc.TPosition.VECIN, 65536, {h})
beta = asc.LocalTensor({t}, asc.TPosition.VECIN, 73728, {h})
dst = asc.LocalTensor({t}, asc.TPosition.VECOUT, 32768, {size})
mean = asc.LocalTensor({t}, asc.TPosition.VECOUT, 81920, {rows})
variance = asc.LocalTensor({t}, asc.TPosition.VECOUT, 86016, {rows})
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 90112, {tmp_bytes})
asc.data_copy(src, xg, {size})
asc.data_copy(gamma, gg, {h})
asc.data_copy(beta, gg[{h}:], {h})
asc.adv.layernorm(dst, mean, variance, src, gamma, beta, {eps}, tiling, tmp{reuse})
asc.data_copy(yg, dst, {size})
asc.data_copy(mg, mean, {rows})
asc.data_copy(mg[{rows}:], variance, {rows})
"""
LAYERNORM_PARAMS = (
    "x: asc.GlobalAddress, g: asc.GlobalAddress, y: asc.GlobalAddress, mv: asc.GlobalAddress, "
    "tiling: asc.adv.LayerNormTiling"
)


@pytest.mark.parametrize(
    ("dtype", "shape", "tmp_scale", "reuse"),
    [
        (np.float32, (2, 4, 64), 1, False),  # one row per round, 8 rounds
        (np.float32, (1, 9, 200), 3, False),  # h = 3 * 64 + 8: the partial block; 3 rows per round
        (np.float32, (1, 5, 40), 2, True),  # h < 64; src reused; a tail round
        (np.float16, (1, 9, 128), 4, False),  # rounds of 4 rows and a tail of 1
        (np.float16, (2, 3, 96), 7, False),  # every row in one round
    ],
    ids=["f32-rows", "f32-partial-block", "f32-reuse-tail", "f16-tail", "f16-one-round"],
)
def test_layernorm_with_mean_and_variance(
    tmp_path: Path, dtype: type, shape: tuple[int, int, int], tmp_scale: int, reuse: bool
) -> None:
    b, s, h = shape
    rows = b * s
    type_size = np.dtype(dtype).itemsize
    _, minimum = host.get_layer_norm_max_min_tmp_size([b, s, h, h], type_size, reuse)
    tmp_bytes = -(-(minimum + (tmp_scale - 1) * 3 * h * 4) // 32) * 32
    tiling = asc.adv.LayerNormTiling()
    host.get_layer_norm_nd_tiling_info([b, s, h, h], tmp_bytes, type_size, reuse, tiling)
    eps = 1e-5
    body = LAYERNORM_BODY.format(
        t=NAMES[dtype], size=rows * h, h=h, rows=-(-rows // 16) * 16, tmp_bytes=tmp_bytes, eps=eps,
        reuse=", reuse_source=True" if reuse else "",
    )  # fmt: skip
    kernel = an.load_kernel(tmp_path, body, LAYERNORM_PARAMS)
    rng = np.random.default_rng(5)
    x = rng.normal(1.5, 2, (rows, h)).astype(dtype)
    gamma_beta = np.concatenate([rng.uniform(0.5, 1.5, h), rng.uniform(-1, 1, h)]).astype(dtype)
    y = np.zeros_like(x)
    stats = np.zeros(2 * -(-rows // 16) * 16, dtype=dtype)
    kernel[1](x, gamma_beta, y, stats, tiling)
    eps_t = float(np.array(eps, dtype=dtype))
    out, mean, variance = an.layernorm_model(x, gamma_beta[:h], gamma_beta[h:], eps_t, tiling.last_dim_value_back)
    padded = len(stats) // 2
    assert np.array_equal(y, out.astype(dtype))
    assert np.array_equal(stats[:rows], mean.astype(dtype))
    assert np.array_equal(stats[padded : padded + rows], variance.astype(dtype))
    x64 = x.astype(np.float64)
    mean64 = x64.mean(axis=1, keepdims=True)
    var64 = ((x64 - mean64) ** 2).mean(axis=1, keepdims=True)
    g64, b64 = gamma_beta[:h].astype(np.float64), gamma_beta[h:].astype(np.float64)
    reference = (x64 - mean64) / np.sqrt(var64 + eps_t) * g64 + b64
    y_bound, stats_bound = (1e-5, 1e-6) if dtype is np.float32 else (2e-3, 1e-3)
    # relative to max(|exact|, 1): adding beta cancels, so results near 0 keep the error of the terms
    assert np.max(np.abs(y.astype(np.float64) - reference) / np.maximum(np.abs(reference), 1)) <= y_bound
    assert an.relative_error(stats[:rows], mean64[:, 0]) <= stats_bound
    assert an.relative_error(stats[padded : padded + rows], var64[:, 0]) <= stats_bound


def _layernorm_kernel(tmp_path: Path, shape: tuple[int, int, int], tmp_bytes: int, kernel_tmp: int, body: str) -> Any:
    """The LayerNorm kernel (float32) with a temporary buffer of ``kernel_tmp`` bytes and the tiling for
    ``tmp_bytes``, its body edited by ``body`` (the call's line replaced)."""
    b, s, h = shape
    text = LAYERNORM_BODY.format(
        t="asc.float32", size=b * s * h, h=h, rows=16, tmp_bytes=kernel_tmp, eps=1e-5, reuse=""
    ).replace("asc.adv.layernorm(dst, mean, variance, src, gamma, beta, 1e-05, tiling, tmp)\n", body)
    return an.load_kernel(tmp_path, text, LAYERNORM_PARAMS)


def _layernorm_args(shape: tuple[int, int, int], tmp_bytes: int) -> tuple[Any, ...]:
    b, s, h = shape
    tiling = asc.adv.LayerNormTiling()
    host.get_layer_norm_nd_tiling_info([b, s, h, h], tmp_bytes, 4, False, tiling)
    rng = np.random.default_rng(8)
    x = rng.normal(0, 1, (b * s, h)).astype(np.float32)
    gamma_beta = np.concatenate([rng.uniform(0.5, 1.5, h), rng.uniform(-1, 1, h)]).astype(np.float32)
    return x, gamma_beta, np.zeros_like(x), np.zeros(32, dtype=np.float32), tiling


CALL = "asc.adv.layernorm(dst, mean, variance, src, gamma, beta, 1e-05, tiling, tmp)  # the call under test\n"


def test_layernorm_temporary_buffer_smaller_than_the_tiling_fails_at_run_time(tmp_path: Path) -> None:
    kernel = _layernorm_kernel(tmp_path, (1, 5, 40), 1024, 544, CALL)
    with pytest.raises(EmulationError) as caught:
        kernel[1](*_layernorm_args((1, 5, 40), 1024))
    assert caught.value.message.split(": ", 2)[2] == (
        "LayerNorm: the temporary buffer has 544 bytes, fewer than the tiling's tmpBufSize 256 float32 elements"
    )


def test_layernorm_mean_overlapping_variance_fails_at_run_time(tmp_path: Path) -> None:
    call = CALL.replace("mean, variance, src", "mean, mean, src")
    kernel = _layernorm_kernel(tmp_path, (1, 5, 40), 1024, 1024, call)
    with pytest.raises(EmulationError) as caught:
        kernel[1](*_layernorm_args((1, 5, 40), 1024))
    assert caught.value.message.split(": ", 2)[2] == (
        "LayerNorm: outputMean (bytes [81920, 81940) of UB) overlaps outputVariance (bytes [81920, 81940)); CANN "
        "does not support it"
    )


def test_layernorm_a_tiling_reused_after_a_tail_processes_tail_sized_rounds(tmp_path: Path) -> None:
    """CANN's LayerNorm takes its tiling by reference and leaves the tail's bshCurLength and bsCurLength in it:
    a second call with the same struct processes one row per round (rows 0 and 2) and the tail (row 4) of this
    [1, 5, 40] input with rounds of two rows, and leaves rows 1 and 3 of its output as they were."""
    second = CALL.replace("(dst,", "(dst2,")
    call = CALL + "dst2 = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 40960, 200)\n"
    call += "asc.data_copy(dst2, yg[200:], 200)\n" + second + "asc.data_copy(yg[200:], dst2, 200)\n"
    shape = (1, 5, 40)
    kernel = _layernorm_kernel(tmp_path, shape, 1024, 1024, call)
    x, gamma_beta, _, stats, tiling = _layernorm_args(shape, 1024)
    y = np.zeros((10, 40), dtype=np.float32)
    kernel[1](x, gamma_beta, y, stats, tiling)
    out, _, _ = an.layernorm_model(x, gamma_beta[:40], gamma_beta[40:], float(np.float32(1e-5)), 1 / 40)
    assert np.array_equal(y[:5], out)
    assert np.array_equal(y[5:][[0, 2, 4]], out[[0, 2, 4]])
    assert not y[5:][[1, 3]].any()


# --- DeepNorm --------------------------------------------------------------------------------------------

DEEPNORM_BODY = """
{pipe}
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
gg = asc.GlobalTensor()
gg.set_global_buffer(g)
yg = asc.GlobalTensor()
yg.set_global_buffer(y)
mg = asc.GlobalTensor()
mg.set_global_buffer(mv)
src = asc.LocalTensor({t}, asc.TPosition.VECIN, 0, {size})
gx = asc.LocalTensor({t}, asc.TPosition.VECIN, 32768, {size})
beta = asc.LocalTensor({t}, asc.TPosition.VECIN, 65536, {h})
gamma = asc.LocalTensor({t}, asc.TPosition.VECIN, 73728, {h})
dst = asc.LocalTensor({t}, asc.TPosition.VECOUT, 81920, {size})
mean = asc.LocalTensor({t}, asc.TPosition.VECOUT, 114688, {rows})
rstd = asc.LocalTensor({t}, asc.TPosition.VECOUT, 118784, {rows})
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 122880, {tmp_bytes})
asc.data_copy(src, xg, {size})
asc.data_copy(gx, xg[{size}:], {size})
asc.data_copy(beta, gg, {h})
asc.data_copy(gamma, gg[{h}:], {h})
asc.data_copy(mean, mg, {rows})  # the padding past b * s rows: what the kernel copies out, DeepNorm does not write
asc.data_copy(rstd, mg[{rows}:], {rows})
asc.adv.deepnorm(dst, mean, rstd, src, gx, beta, gamma, {alpha}, {eps}, tiling, tmp{flags})
asc.data_copy(yg, dst, {size})
asc.data_copy(mg, mean, {rows})
asc.data_copy(mg[{rows}:], rstd, {rows})
"""
DEEPNORM_PARAMS = (
    "x: asc.GlobalAddress, g: asc.GlobalAddress, y: asc.GlobalAddress, mv: asc.GlobalAddress, "
    "tiling: asc.adv.DeepNormTiling"
)


@pytest.mark.parametrize(
    ("dtype", "shape", "original_h", "tmp_scale", "reuse", "basic"),
    [
        (np.float32, (2, 4, 64), 64, 1, False, False),  # one row per round
        (np.float32, (1, 9, 200), 197, 3, False, False),  # padded H: sums over 197, two tree levels
        (np.float32, (1, 5, 40), 40, 2, True, False),  # src reused; a tail round
        (np.float16, (1, 9, 128), 128, 4, False, False),  # rounds of 4 rows and a tail of 1
        (np.float32, (2, 8, 128), 128, 16, False, True),  # basic block: rounds of 8 rows
        (np.float16, (1, 16, 192), 192, 100, False, True),  # basic block, every row in one round
    ],
    ids=["f32-rows", "f32-padded", "f32-reuse-tail", "f16-tail", "f32-basic", "f16-basic"],
)
def test_deepnorm_with_mean_and_variance(
    tmp_path: Path, dtype: type, shape: tuple[int, int, int], original_h: int, tmp_scale: int, reuse: bool, basic: bool
) -> None:
    b, s, h = shape
    rows = b * s
    type_size = np.dtype(dtype).itemsize
    maximum, minimum = host.get_deep_norm_max_min_tmp_size([b, s, h], type_size, reuse, basic)
    tmp_bytes = min(-(-(minimum + (tmp_scale - 1) * 3 * h * 4) // 32) * 32, maximum)
    tiling = asc.adv.DeepNormTiling()
    assert host.get_deep_norm_tiling_info([b, s, h], [b, s, original_h], tmp_bytes, type_size, reuse, basic, tiling)
    padded = -(-rows // 16) * 16
    flags = (", reuse_source=True" if reuse else "") + (", basic_block=True" if basic else "")
    body = DEEPNORM_BODY.format(
        pipe=an.pipe_reserving(122880 + tmp_bytes), t=NAMES[dtype], size=rows * h, h=h, rows=padded,
        tmp_bytes=tmp_bytes, alpha=0.75, eps=1e-5, flags=flags,
    )  # fmt: skip
    kernel = an.load_kernel(tmp_path, body, DEEPNORM_PARAMS)
    rng = np.random.default_rng(6)
    x = rng.normal(1.5, 2, (rows, h)).astype(dtype)
    gx = rng.normal(0, 1, (rows, h)).astype(dtype)
    x[:, original_h:] = 0
    gx[:, original_h:] = 0
    beta_gamma = np.concatenate([rng.uniform(-1, 1, h), rng.uniform(0.5, 1.5, h)]).astype(dtype)
    y = np.zeros_like(x)
    stats = np.zeros(2 * padded, dtype=dtype)
    kernel[1](np.concatenate([x.ravel(), gx.ravel()]), beta_gamma, y, stats, tiling)
    eps_t, alpha_t = float(np.array(1e-5, dtype=dtype)), float(np.array(0.75, dtype=dtype))
    out, mean, variance = an.deepnorm_model(
        x, gx, beta_gamma[h:], beta_gamma[:h], alpha_t, eps_t, tiling.last_dim_value_back, original_h, basic
    )
    assert np.array_equal(y, out.astype(dtype))
    assert np.array_equal(stats[:rows], mean.astype(dtype))
    assert np.array_equal(stats[padded : padded + rows], variance.astype(dtype))
    x1 = alpha_t * x.astype(np.float64) + gx.astype(np.float64)
    mean64 = x1[:, :original_h].mean(axis=1, keepdims=True)
    var64 = ((x1[:, :original_h] - mean64) ** 2).mean(axis=1, keepdims=True)
    g64, b64 = beta_gamma[h:].astype(np.float64), beta_gamma[:h].astype(np.float64)
    reference = ((x1 - mean64) / np.sqrt(var64 + eps_t) * g64 + b64)[:, :original_h]
    y_bound, stats_bound = (1e-5, 1e-6) if dtype is np.float32 else (2e-3, 1e-3)
    got = y[:, :original_h].astype(np.float64)
    assert np.max(np.abs(got - reference) / np.maximum(np.abs(reference), 1)) <= y_bound
    assert an.relative_error(stats[:rows], mean64[:, 0]) <= stats_bound
    assert an.relative_error(stats[padded : padded + rows], var64[:, 0]) <= stats_bound


def test_deepnorm_dst_sharing_src_without_reuse_fails_at_run_time(tmp_path: Path) -> None:
    body = DEEPNORM_BODY.format(
        pipe=an.pipe_reserving(126976), t="asc.float32", size=512, h=64, rows=16, tmp_bytes=4096, alpha=0.75,
        eps=1e-5, flags="",
    ).replace("asc.adv.deepnorm(dst,", "asc.adv.deepnorm(src[0:],")  # fmt: skip
    kernel = an.load_kernel(tmp_path, body, DEEPNORM_PARAMS)
    tiling = asc.adv.DeepNormTiling()
    assert host.get_deep_norm_tiling_info([1, 8, 64], [1, 8, 64], 4096, 4, False, False, tiling)
    with pytest.raises(EmulationError) as caught:
        kernel[1](
            np.zeros(1024, np.float32),
            np.ones(128, np.float32),
            np.zeros(512, np.float32),
            np.zeros(32, np.float32),
            tiling,
        )
    assert caught.value.message.split(": ", 2)[2] == (
        "DeepNorm: dstLocal (bytes [0, 2048) of UB) overlaps srcLocal (CANN: without isReuseSrc they may not share "
        "memory) (bytes [0, 2048)); CANN does not support it"
    )


def test_deepnorm_a_tiling_reused_after_a_tail_processes_tail_sized_rounds(tmp_path: Path) -> None:
    """As LayerNorm's: a second call with the DeepNormTiling the first left the tail's lengths in processes
    rows 0, 2 and 4 of this [1, 5, 64] input (rounds of two rows and a tail of one) and leaves rows 1 and 3."""
    call = "asc.adv.deepnorm(dst, mean, rstd, src, gx, beta, gamma, 0.75, 1e-05, tiling, tmp)\n"
    second = call.replace("(dst,", "(dst2,")
    extra = "dst2 = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 98304, 320)\n"
    extra += "asc.data_copy(dst2, yg[320:], 320)\n" + second + "asc.data_copy(yg[320:], dst2, 320)\n"
    body = DEEPNORM_BODY.format(
        pipe=an.pipe_reserving(126976), t="asc.float32", size=320, h=64, rows=16, tmp_bytes=2048, alpha=0.75,
        eps=1e-5, flags="",
    ).replace(call, call + extra)  # fmt: skip
    kernel = an.load_kernel(tmp_path, body, DEEPNORM_PARAMS)
    tiling = asc.adv.DeepNormTiling()
    assert host.get_deep_norm_tiling_info([1, 5, 64], [1, 5, 64], 2048, 4, False, False, tiling)
    assert (tiling.loop_round, tiling.bs_cur_length, tiling.mean_var_tail_size) == (2, 2, 1)
    rng = np.random.default_rng(9)
    x, gx = rng.normal(0, 1, (5, 64)).astype(np.float32), rng.normal(0, 1, (5, 64)).astype(np.float32)
    beta_gamma = np.concatenate([rng.uniform(-1, 1, 64), rng.uniform(0.5, 1.5, 64)]).astype(np.float32)
    y = np.zeros((10, 64), dtype=np.float32)
    kernel[1](np.concatenate([x.ravel(), gx.ravel()]), beta_gamma, y, np.zeros(32, np.float32), tiling)
    c = tiling.last_dim_value_back
    out, _, _ = an.deepnorm_model(x, gx, beta_gamma[64:], beta_gamma[:64], 0.75, float(np.float32(1e-5)), c, 64, False)
    assert np.array_equal(y[:5], out)
    assert np.array_equal(y[5:][[0, 2, 4]], out[[0, 2, 4]])
    assert not y[5:][[1, 3]].any()


QUANT_BODY = """
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
qg = asc.GlobalTensor()
qg.set_global_buffer(q)
src = asc.LocalTensor({t}, asc.TPosition.VECIN, 0, 256)
dst = asc.LocalTensor(asc.int8, asc.TPosition.VECOUT, 4096, 256)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 1024)
asc.data_copy(src, xg, 256)
asc.adv.quant(dst, src, scale, 3.0, 256, tmp)
asc.data_copy(qg, dst, 256)
asc.adv.quant(dst, src, scale, 3.0, config=asc.adv.QuantConfig(128, 0, 0, 512), temp_buffer=tmp, count=64)
asc.data_copy(qg[256:], dst, 256)
"""


@pytest.mark.parametrize("dtype", [np.float16, np.float32], ids=lambda d: d.__name__)
def test_quant_with_scale_and_offset(tmp_path: Path, dtype: type) -> None:
    body = QUANT_BODY.format(t=NAMES[dtype])
    kernel = an.load_kernel(tmp_path, body, "x: asc.GlobalAddress, q: asc.GlobalAddress, scale: float")
    x = np.random.default_rng(4).uniform(-40, 40, 256).astype(dtype)
    x[:6] = [0.25, 0.75, -0.25, 100, -100, 0.125]  # ties to even after scaling, saturation
    q = np.zeros(512, dtype=np.int8)
    kernel[1](x, q, 2.0)
    expected = an.quant_model(x, 2.0, 3.0)
    assert np.array_equal(q[:256], expected)
    assert q[:6].tolist() == [4, 4, 2, 127, -128, 3]
    assert np.array_equal(q[256:384], expected[:128])  # the config's calc_count replaces count
    assert np.array_equal(q[384:], expected[128:])  # untouched since the first call
    exact = np.clip(np.rint(x.astype(np.float64) * 2.0 + 3.0), -128, 127)
    assert int(np.abs(q[:256].astype(np.int64) - exact).max()) <= 1


QUANT_FORMS_BODY = (
    an.pipe_reserving(16384)
    + """
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
qg = asc.GlobalTensor()
qg.set_global_buffer(q)
src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
dst = asc.LocalTensor(asc.int8, asc.TPosition.VECOUT, 4096, 256)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 1024)
asc.data_copy(src, xg, 256)
asc.adv.quant(dst, src, scale, 3.0, temp_buffer=tmp)
asc.data_copy(qg, dst, 256)
asc.adv.quant(dst, src, scale, -2.0, 256)
asc.data_copy(qg[256:], dst, 256)
asc.adv.quant(dst, src, scale, 1.0)
asc.data_copy(qg[512:], dst, 256)
"""
)


def test_quant_without_a_count_or_a_temporary_buffer(tmp_path: Path) -> None:
    """AscendQuant's other three forms: the whole tensor with a temporary buffer, a count without one (the
    buffer from the pipe's stack), the whole tensor without one; each as numpy's model computes it."""
    kernel = an.load_kernel(tmp_path, QUANT_FORMS_BODY, "x: asc.GlobalAddress, q: asc.GlobalAddress, scale: float")
    x = np.random.default_rng(6).uniform(-40, 40, 256).astype(np.float16)
    q = np.zeros(768, dtype=np.int8)
    kernel[1](x, q, 2.0)
    for row, offset in enumerate((3.0, -2.0, 1.0)):
        assert np.array_equal(q[256 * row : 256 * (row + 1)], an.quant_model(x, 2.0, offset)), offset


def _with_and_without_tmp(tmp_path: Path, body: str, call: str, params: str, *args: Any) -> list[np.ndarray]:
    """Run ``body`` (with a TPipe whose buffers cover its tensors) as it is and with ``call``'s temporary
    buffer argument removed; the output arrays of each run (``args`` copied for each)."""
    outputs: list[np.ndarray] = []
    for variant, text in enumerate((body, body.replace(call + ", tmp", call))):
        assert variant == 0 or text != body, "the call with its temporary buffer is not in the body"
        copies = [a.copy() if isinstance(a, np.ndarray) else a for a in args]
        directory = tmp_path / str(variant)
        directory.mkdir()
        an.load_kernel(directory, text, params)[1](*copies)
        outputs.extend(c for c in copies[2:] if isinstance(c, np.ndarray))
    return outputs


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(
            "rmsnorm",
            marks=pytest.mark.clean_room_only(
                "in a kernel with a TPipe CANN's RmsNorm differs from the clean-room one in the last bit of most "
                "outputs (measured: 328 of 512 float32 elements), which the clean-room numpy model matches"
            ),
        ),
        pytest.param(
            "layernorm",
            marks=pytest.mark.clean_room_only(
                "in a kernel with a TPipe CANN's LayerNorm writes the mean and variance rows past b * s (the "
                "padding to 16 rows), which the clean-room one leaves alone (measured: 16 of 32 elements)"
            ),
        ),
        "deepnorm",
    ],
)
def test_the_norms_without_a_temporary_buffer_compute_the_same(tmp_path: Path, name: str) -> None:
    """RmsNorm, LayerNorm and DeepNorm called without a temporary buffer (theirs from the pipe's stack): the
    same bits as with one, float32."""
    rng = np.random.default_rng(8)
    b, s, h = 2, 4, 64
    rows = b * s
    x = rng.normal(1.5, 2, (rows, h)).astype(np.float32)
    if name == "rmsnorm":
        _, tmp_bytes = host.get_rms_norm_max_min_tmp_size([b, s, h], 4)
        tiling: Any = asc.adv.RmsNormTiling()
        assert host.get_rms_norm_tiling_info([b, s, h], [b, s, h], tmp_bytes, 4, tiling)
        body = (
            an.pipe_reserving(81920 + tmp_bytes)
            + "\n"
            + RMSNORM_BODY.format(t="asc.float32", size=rows * h, h=h, tmp_bytes=tmp_bytes, eps=1e-5)
        )
        gamma = rng.uniform(0.5, 1.5, h).astype(np.float32)
        args = (x, gamma, np.zeros_like(x), tiling)
        got = _with_and_without_tmp(tmp_path, body, "gamma, 1e-05, tiling", RMS_PARAMS, *args)
    elif name == "layernorm":
        _, tmp_bytes = host.get_layer_norm_max_min_tmp_size([b, s, h, h], 4, False)
        tiling = asc.adv.LayerNormTiling()
        host.get_layer_norm_nd_tiling_info([b, s, h, h], tmp_bytes, 4, False, tiling)
        body = (
            an.pipe_reserving(90112 + tmp_bytes)
            + "\n"
            + LAYERNORM_BODY.format(
                t="asc.float32", size=rows * h, h=h, rows=16, tmp_bytes=tmp_bytes, eps=1e-5, reuse=""
            )
        )
        gamma_beta = np.concatenate([rng.uniform(0.5, 1.5, h), rng.uniform(-1, 1, h)]).astype(np.float32)
        args = (x, gamma_beta, np.zeros_like(x), np.zeros(32, np.float32), tiling)
        got = _with_and_without_tmp(tmp_path, body, "beta, 1e-05, tiling", LAYERNORM_PARAMS, *args)
    else:
        _, tmp_bytes = host.get_deep_norm_max_min_tmp_size([b, s, h], 4, False, False)
        tiling = asc.adv.DeepNormTiling()
        assert host.get_deep_norm_tiling_info([b, s, h], [b, s, h], tmp_bytes, 4, False, False, tiling)
        body = DEEPNORM_BODY.format(
            pipe=an.pipe_reserving(122880 + tmp_bytes), t="asc.float32", size=rows * h, h=h, rows=16,
            tmp_bytes=tmp_bytes, alpha=0.75, eps=1e-05, flags="",
        )  # fmt: skip
        gx = rng.normal(0, 1, (rows, h)).astype(np.float32)
        beta_gamma = np.concatenate([rng.uniform(-1, 1, h), rng.uniform(0.5, 1.5, h)]).astype(np.float32)
        args = (np.concatenate([x.ravel(), gx.ravel()]), beta_gamma, np.zeros_like(x), np.zeros(32, np.float32), tiling)
        got = _with_and_without_tmp(tmp_path, body, "0.75, 1e-05, tiling", DEEPNORM_PARAMS, *args)
    half = len(got) // 2
    assert got[0].any()
    for with_tmp, without in zip(got[:half], got[half:], strict=True):
        assert np.array_equal(with_tmp.view(np.uint8), without.view(np.uint8))


SORT_BODY = """
rg = asc.GlobalTensor()
rg.set_global_buffer(records)
vg = asc.GlobalTensor()
vg.set_global_buffer(values)
ig = asc.GlobalTensor()
ig.set_global_buffer(indices)
sorted_local = asc.LocalTensor({t}, asc.TPosition.VECIN, 0, {elements})
value_local = asc.LocalTensor({t}, asc.TPosition.VECOUT, 8192, 64)
index_local = asc.LocalTensor(asc.uint32, asc.TPosition.VECOUT, 16384, 64)
concat_local = asc.LocalTensor({t}, asc.TPosition.VECCALC, 24576, {elements})
asc.data_copy(sorted_local, rg, {elements})
asc.adv.concat(concat_local, sorted_local, value_local, 1)
asc.adv.extract(value_local, index_local, concat_local, 2)
asc.data_copy(vg, value_local, 64)
asc.data_copy(ig, index_local, 64)
"""


@pytest.mark.clean_room_only("the CANN backend's intrinsic layer does not emulate vreducev2 (Extract) yet")
@pytest.mark.parametrize("dtype", [np.float16, np.float32], ids=lambda d: d.__name__)
def test_concat_then_extract_splits_sort_records(tmp_path: Path, dtype: type) -> None:
    """Sort's records on Atlas A2: 8 bytes, the value in the low bytes and the uint32 index in the high four;
    concat makes its destination the source (so extract reads the records through it)."""
    elements = 64 * 8 // np.dtype(dtype).itemsize
    body = SORT_BODY.format(t=NAMES[dtype], elements=elements)
    kernel = an.load_kernel(
        tmp_path, body, "records: asc.GlobalAddress, values: asc.GlobalAddress, indices: asc.GlobalAddress"
    )
    rng = np.random.default_rng(5)
    value = rng.normal(0, 10, 64).astype(dtype)
    index = rng.permutation(64).astype(np.uint32)
    raw = np.zeros((64, 8), dtype=np.uint8)
    raw[:, : np.dtype(dtype).itemsize] = value.view(np.uint8).reshape(64, -1)
    raw[:, 4:] = index.view(np.uint8).reshape(64, 4)
    records = raw.reshape(-1).view(dtype)
    values = np.zeros(64, dtype=dtype)
    indices = np.zeros(64, dtype=np.uint32)
    kernel[1](records, values, indices)
    assert np.array_equal(values, value)
    assert np.array_equal(indices, index)


SORT_FLOW = """
sg = asc.GlobalTensor()
sg.set_global_buffer(scores)
ig = asc.GlobalTensor()
ig.set_global_buffer(index_in)
vg = asc.GlobalTensor()
vg.set_global_buffer(values)
og = asc.GlobalTensor()
og.set_global_buffer(order)
score_local = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
index_local = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 1024, 64)
concat_local = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 2048, 64)
sorted_local = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 4096, 128)
tmp = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 8192, 128)
value_local = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 12288, 64)
order_local = asc.LocalTensor(asc.uint32, asc.TPosition.VECOUT, 16384, 64)
asc.data_copy(score_local, sg, 64)
asc.data_copy(index_local, ig, 64)
asc.adv.concat(concat_local, score_local, tmp, 4)
asc.sort(sorted_local, concat_local, index_local, tmp, 2, True)
asc.adv.extract(value_local, order_local, sorted_local, 2)
asc.data_copy(vg, value_local, 64)
asc.data_copy(og, order_local, 64)
"""


@pytest.mark.clean_room_only("the CANN backend's intrinsic layer does not emulate vbitsort (Sort) yet")
def test_concat_sort_extract_sorts_with_indices(tmp_path: Path) -> None:
    """The library's data preparation around the basic ``sort``: scores in, sorted scores and their indices
    out, largest first."""
    params = ", ".join(f"{name}: asc.GlobalAddress" for name in ("scores", "index_in", "values", "order"))
    kernel = an.load_kernel(tmp_path, SORT_FLOW, params)
    scores = np.random.default_rng(6).permutation(64).astype(np.float32) / 4
    index = np.arange(64, dtype=np.uint32)
    values = np.zeros(64, np.float32)
    order = np.zeros(64, np.uint32)
    kernel[1](scores, index, values, order)
    expected = np.argsort(-scores, kind="stable")
    assert np.array_equal(order, expected.astype(np.uint32))
    assert np.array_equal(values, scores[expected])


# --- SoftMax's variants: SimpleSoftMax -------------------------------------------------------------------

SIMPLE_SOFTMAX_BODY = """{pipe}
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
yg = asc.GlobalTensor()
yg.set_global_buffer(y)
sg = asc.GlobalTensor()
sg.set_global_buffer(s)
mg = asc.GlobalTensor()
mg.set_global_buffer(mx)
src = asc.LocalTensor({t}, asc.TPosition.VECIN, 0, {size})
dst = asc.LocalTensor({t}, asc.TPosition.VECOUT, 32768, {size})
sums = asc.LocalTensor({st}, asc.TPosition.VECIN, 65536, {stats})
maxes = asc.LocalTensor({st}, asc.TPosition.VECIN, 69632, {stats})
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 73728, {tmp_bytes})
asc.data_copy(src, xg, {size})
asc.data_copy(sums, sg, {stats})
asc.data_copy(maxes, mg, {stats})
src.set_shape_info(asc.ShapeInfo(asc.array(asc.int32, ({m}, {k}))))
asc.adv.simple_softmax(dst, sums, maxes, src, tiling, {tmp_arg}{flags})
asc.data_copy(yg, dst, {size})
"""


def _simple_softmax_run(
    tmp_path: Path,
    dtype: type,
    stats_dtype: type,
    shape: tuple[int, int],
    *,
    with_tmp: bool = True,
    flags: str = "",
    rows: int = 3,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """SimpleSoftMax of a normal(0, 3) input with the float32 sums and maxima of ``softmax_model`` (stored in
    ``stats_dtype``), the tiling filled by the host for a temporary buffer of ``rows`` rows: (x, y, the sums and
    the maxima as stored, one per row)."""
    m, k = shape
    type_size = np.dtype(dtype).itemsize
    tmp_bytes = rows * host.get_soft_max_min_tmp_size(list(shape), type_size)
    tiling = asc.adv.SoftmaxTiling()
    host.soft_max_tiling_func(list(shape), type_size, tmp_bytes, tiling)
    block = 32 // np.dtype(stats_dtype).itemsize
    if block != 32 // type_size:
        # the host SoftMaxTilingFunc takes one data type size (src's); CANN's kernel-side SoftMaxTilingFunc
        # sizes the statistics' blocks by their own type, and SimpleSoftMax reads row r's at r * reduceK
        tiling.out_max_k, tiling.out_max_size = block, m * block
        tiling.reduce_k, tiling.reduce_size = block, int(tiling.split_m) * block
        tiling.tail_reduce_size = int(tiling.tail_m) * block
    body = SIMPLE_SOFTMAX_BODY.format(
        t=NAMES[dtype], st=NAMES[stats_dtype], size=m * k, stats=m * block, tmp_bytes=tmp_bytes, m=m, k=k,
        tmp_arg="tmp" if with_tmp else "None", flags=flags,
        pipe="" if with_tmp else "\npipe = asc.TPipe()  # CANN takes the temporary space from the pipe's stack buffer",
    )  # fmt: skip
    kernel = an.load_kernel(tmp_path, body, SOFTMAX_PARAMS)
    x = np.random.default_rng(7).normal(0, 3, (m, k)).astype(dtype)
    _, total, hi = an.softmax_model(x)
    sums = np.repeat(total.astype(stats_dtype), block, axis=1)
    maxes = np.repeat(hi.astype(stats_dtype), block, axis=1)
    y = np.zeros_like(x)
    kernel[1](x, y, sums, maxes, tiling)
    return x, y, sums[:, :1], maxes[:, :1]


@pytest.mark.parametrize(
    ("dtype", "stats_dtype", "shape", "with_tmp"),
    [
        pytest.param(np.float32, np.float32, (16, 64), True, id="float32"),
        pytest.param(np.float32, np.float32, (8, 256), False, id="float32-no-tmp"),
        pytest.param(np.float16, np.float16, (8, 128), True, id="half"),
        pytest.param(np.float16, np.float32, (24, 64), True, id="half-float32-stats"),
    ],
)
def test_simple_softmax_with_given_sums_and_maxima(
    tmp_path: Path, dtype: type, stats_dtype: type, shape: tuple[int, int], with_tmp: bool
) -> None:
    """Bit-exact with CANN's float32 steps (``an.simple_softmax_model``) on both backends; within 2e-6 (float32)
    / 1e-3 (half) of the float64 softmax when the sums and maxima are softmax's own."""
    x, y, total, hi = _simple_softmax_run(tmp_path, dtype, stats_dtype, shape, with_tmp=with_tmp)
    assert np.array_equal(y, an.simple_softmax_model(x, total, hi))
    exact = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True).astype(np.float64))
    reference = exact / exact.sum(axis=1, keepdims=True)
    assert an.relative_error(y, reference) <= (2e-6 if dtype is np.float32 else 1e-3)


def test_simple_softmax_basic_block(tmp_path: Path) -> None:
    """``basic_block=True`` on a basic-block shape and tiling ([8, 128] half, the 8 rows at once, no tail rows:
    ``is_basic_block_in_soft_max``): the same values."""
    x, y, total, hi = _simple_softmax_run(
        tmp_path, np.float16, np.float16, (8, 128), flags=", basic_block=True", rows=8
    )
    assert np.array_equal(y, an.simple_softmax_model(x, total, hi))


def test_half_round_away_rounds_ties_away_from_zero() -> None:
    """The reference rounding of the half results: 1 + 2^-11 (a tie) rounds up, -(1 + 2^-11) down, 1 + 2^-12
    to 1, and 1 + 3 * 2^-11 (a tie whose even neighbour is above) up too."""
    x = np.array([1 + 2**-11, -(1 + 2**-11), 1 + 2**-12, 1 + 3 * 2**-11, 65520.0], dtype=np.float32)
    got = an.half_round_away(x)
    assert got.tolist() == [1 + 2**-10, -(1 + 2**-10), 1.0, 1 + 2 * 2**-10, np.inf]


SIMPLE_SOFTMAX_CHECKS = """
src = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 512)
sums = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 4096, 64)
maxes = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 4352, 64)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 8192)
asc.duplicate(src, 0.0, 512)
asc.duplicate(sums, 1.0, 64)
asc.duplicate(maxes, 0.0, 64)
{setup}
tiling = asc.adv.SoftmaxTiling(src_m=8, src_k=64, split_m=8, reduce_k={reduce_k})
asc.adv.simple_softmax(src, sums, maxes, src, tiling, tmp)  # the call under test
"""


@pytest.mark.clean_room_only(
    "a run-time check of the clean-room emulation: CANN documents each row's block of the statistics as one "
    "value and does not check it (it reads lane j % 8 for the element j)"
)
def test_simple_softmax_statistics_block_of_several_values_fails(tmp_path: Path) -> None:
    body = SIMPLE_SOFTMAX_CHECKS.format(setup="maxes.set_value(19, 2.0)", reduce_k=8)
    kernel = an.load_kernel(tmp_path, body, "x: asc.GlobalAddress")
    with pytest.raises(EmulationError) as caught:
        kernel[1](np.zeros(1, dtype=np.float32))
    assert caught.value.message.split(": ", 2)[2] == (
        "SimpleSoftMax: the block of row 2 of inMaxTensor holds different values (element 3 is 2, element 0 0); "
        "each row's 32-byte block holds one value"
    )


@pytest.mark.clean_room_only(
    "a run-time check of the clean-room emulation: CANN's SimpleSoftMax reads row r's statistics at r * reduceK "
    "and computes with the wrong rows' values"
)
def test_simple_softmax_tiling_for_another_statistics_type_fails(tmp_path: Path) -> None:
    kernel = an.load_kernel(tmp_path, SIMPLE_SOFTMAX_CHECKS.format(setup="", reduce_k=16), "x: asc.GlobalAddress")
    with pytest.raises(EmulationError) as caught:
        kernel[1](np.zeros(1, dtype=np.float32))
    assert "SimpleSoftMax: the tiling's reduceK is 16, but inSumTensor (one 32-byte block per row) and inMaxTensor" in (
        caught.value.message
    )


SIMPLE_SHAPE_INFO = """
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
sg = asc.GlobalTensor()
sg.set_global_buffer(s)
mg = asc.GlobalTensor()
mg.set_global_buffer(mx)
src = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 512)
sums = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 4096, 64)
maxes = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 4352, 64)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 1024)
asc.data_copy(src, xg, 512)
asc.data_copy(sums, sg, 64)
asc.data_copy(maxes, mg, 64)
shape = asc.adv.SoftmaxShapeInfo(src_m=m, src_k=64, ori_src_m=m, ori_src_k=64)
asc.adv.simple_softmax(src, sums, maxes, src, asc.adv.SoftmaxTiling(), tmp, softmax_shape_info=shape)
asc.data_copy(xg, src, 512)
"""


def test_simple_softmax_computes_on_the_shape_a_softmax_shape_info_gives(tmp_path: Path) -> None:
    """A zero tiling, no ShapeInfo on the tensor, the rows set at run time: both backends take the shape from
    the SoftMaxShapeInfo and recompute the tiling on the device for it (for float32 statistics: reduceK 8);
    rows past ``m`` stay as they were. Bit for bit on both backends."""
    params = "x: asc.GlobalAddress, s: asc.GlobalAddress, mx: asc.GlobalAddress, m: int"
    kernel = an.load_kernel(tmp_path, SIMPLE_SHAPE_INFO, params)
    x = np.random.default_rng(4).normal(0, 2, (8, 64)).astype(np.float32)
    _, total, hi = an.softmax_model(x)
    expected = x.copy()
    expected[:6] = an.simple_softmax_model(x[:6], total[:6], hi[:6])
    kernel[1](x, np.repeat(total, 8, axis=1), np.repeat(hi, 8, axis=1), 6)
    assert np.array_equal(x, expected)


# --- SoftMax's variants: LogSoftMax ----------------------------------------------------------------------

LOG_SOFTMAX_BODY = """
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
yg = asc.GlobalTensor()
yg.set_global_buffer(y)
sg = asc.GlobalTensor()
sg.set_global_buffer(s)
mg = asc.GlobalTensor()
mg.set_global_buffer(mx)
src = asc.LocalTensor({t}, asc.TPosition.VECIN, 0, {size})
dst = asc.LocalTensor({t}, asc.TPosition.VECOUT, 32768, {size})
sums = asc.LocalTensor({t}, asc.TPosition.VECOUT, 65536, {stats})
maxes = asc.LocalTensor({t}, asc.TPosition.VECOUT, 69632, {stats})
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 73728, {tmp_bytes})
asc.data_copy(src, xg, {size})
src.set_shape_info(asc.ShapeInfo(asc.array(asc.int32, ({m}, {k}))))  # LogSoftMax takes the shape from it
asc.adv.log_softmax(dst, sums, maxes, src, tiling, tmp)
asc.data_copy(yg, dst, {size})
asc.data_copy(sg, sums, {stats})
asc.data_copy(mg, maxes, {stats})
"""
LOG_SOFTMAX_PARAMS = ", ".join(
    [*(f"{name}: asc.GlobalAddress" for name in ("x", "y", "s", "mx")), "tiling: asc.adv.LogSoftmaxTiling"]
)


def _log_softmax_run(tmp_path: Path, dtype: type, shape: tuple[int, int], seed: int = 8) -> tuple[np.ndarray, ...]:
    """LogSoftMax of a normal(0, 3) input with a temporary buffer of 3 rows: (x, y, sums, maxes)."""
    m, k = shape
    type_size = np.dtype(dtype).itemsize
    tmp_bytes = 3 * host.get_log_soft_max_min_tmp_size(list(shape), type_size)
    tiling = asc.adv.LogSoftmaxTiling()
    host.log_soft_max_tiling_func(list(shape), type_size, tmp_bytes, tiling)
    block = 32 // type_size
    body = LOG_SOFTMAX_BODY.format(t=NAMES[dtype], size=m * k, stats=m * block, tmp_bytes=tmp_bytes, m=m, k=k)
    kernel = an.load_kernel(tmp_path, body, LOG_SOFTMAX_PARAMS)
    x = np.random.default_rng(seed).normal(0, 3, (m, k)).astype(dtype)
    y = np.zeros_like(x)
    sums = np.zeros((m, block), dtype=dtype)
    maxes = np.zeros((m, block), dtype=dtype)
    kernel[1](x, y, sums, maxes, tiling)
    return x, y, sums, maxes


@pytest.mark.parametrize(
    ("dtype", "shape"),
    [
        pytest.param(np.float32, (16, 64), id="float32"),
        pytest.param(np.float32, (8, 256), id="float32-k256"),
        pytest.param(np.float32, (4, 40), id="float32-k40"),
        pytest.param(np.float32, (4, 1024), id="float32-k1024"),
        pytest.param(np.float16, (8, 128), id="half"),
        pytest.param(np.float16, (4, 80), id="half-k80"),
    ],
)
def test_log_softmax_over_the_last_axis(tmp_path: Path, dtype: type, shape: tuple[int, int]) -> None:
    """Bit-exact with ``an.log_softmax_model`` (CANN's float32 steps and order of the row sum) on both backends,
    and within 2e-6 (float32) / 1e-3 (half) of the float64 log10 softmax. The lengths take each of CANN's
    reduction paths (below 64, [64, 128), [128, 512), 512 and more, a tail) and its other Ln/Muls path for rows
    of 192 elements or more."""
    x, y, sums, maxes = _log_softmax_run(tmp_path, dtype, shape)
    dst, total, hi = an.log_softmax_model(x)
    block = sums.shape[1]
    assert np.array_equal(y, dst)
    assert np.array_equal(sums, np.repeat(total, block, axis=1))
    assert np.array_equal(maxes, np.repeat(hi, block, axis=1))
    exact = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True).astype(np.float64))
    reference = np.log10(exact / exact.sum(axis=1, keepdims=True))
    assert an.relative_error(y, reference) <= (2e-6 if dtype is np.float32 else 1e-3)


LOG_SHAPE_INFO = """
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
yg = asc.GlobalTensor()
yg.set_global_buffer(y)
src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 1024)
dst = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 4096, 1024)
sums = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 8192, 128)
maxes = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 8448, 128)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 16384, 2048)
asc.data_copy(src, xg, 1024)
asc.data_copy(dst, yg, 1024)
{shape_on_src}
shape = asc.adv.SoftmaxShapeInfo(src_m=m, src_k=128, ori_src_m=m, ori_src_k=128)
asc.adv.log_softmax({dst}, sums, maxes, src, asc.adv.LogSoftmaxTiling(), tmp, softmax_shape_info=shape)  # under test
asc.data_copy(yg, dst, 1024)
"""
SRC_SHAPE = "src.set_shape_info(asc.ShapeInfo(asc.array(asc.int32, (8, 128))))"


def test_log_softmax_computes_on_the_shape_a_softmax_shape_info_gives(tmp_path: Path) -> None:
    """A zero tiling and the rows set at run time: both backends compute rows [0, m) of the [8, 128] half input
    (CANN's kernel computes its own tiling for the shape and the temporary buffer); the other rows of dst stay
    as they were. Bit for bit on both backends."""
    body = LOG_SHAPE_INFO.format(shape_on_src=SRC_SHAPE, dst="dst")
    kernel = an.load_kernel(tmp_path, body, "x: asc.GlobalAddress, y: asc.GlobalAddress, m: int")
    x = np.random.default_rng(9).normal(0, 3, (8, 128)).astype(np.float16)
    y = np.full((8, 128), 7.0, dtype=np.float16)
    kernel[1](x, y, 5)
    expected = np.full((8, 128), 7.0, dtype=np.float16)
    expected[:5] = an.log_softmax_model(x[:5])[0]
    assert np.array_equal(y, expected)


@pytest.mark.clean_room_only(
    "run-time checks of the clean-room emulation: CANN's LogSoftMax reads src's ShapeInfo unchecked when it has "
    "none, and computes in place although it documents dst and src as not overlapping"
)
def test_log_softmax_needs_a_shape_and_separate_dst(tmp_path: Path) -> None:
    params = "x: asc.GlobalAddress, y: asc.GlobalAddress, m: int"
    no_shape = an.load_kernel(tmp_path, LOG_SHAPE_INFO.format(shape_on_src="", dst="dst"), params)
    x = np.zeros((8, 128), dtype=np.float16)
    with pytest.raises(EmulationError) as caught:
        no_shape[1](x, x.copy(), 0)
    assert caught.value.message.split(": ", 2)[2] == (
        "LogSoftMax: src has no ShapeInfo and softmaxShapeInfo gives no shape; LogSoftMax takes its shape from one "
        "of them (not from the tiling)"
    )
    in_place = an.load_kernel(tmp_path, LOG_SHAPE_INFO.format(shape_on_src=SRC_SHAPE, dst="src"), params)
    with pytest.raises(EmulationError) as caught:
        in_place[1](x, x.copy(), 8)
    assert caught.value.message.split(": ", 2)[2] == (
        "LogSoftMax: dst (bytes [0, 2048) of UB) overlaps src (bytes [0, 2048)); CANN does not support it"
    )


# --- SoftMax's variants: AdjustSoftMaxRes ----------------------------------------------------------------

ADJUST_BODY = """
pipe = asc.TPipe()  # CANN's AdjustSoftMaxRes takes an event id from it
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
mg = asc.GlobalTensor()
mg.set_global_buffer(mx)
fg = asc.GlobalTensor()
fg.set_global_buffer(flag)
res = asc.LocalTensor({t1}, asc.TPosition.VECIN, 0, {size})
maxes = asc.LocalTensor({t2}, asc.TPosition.VECIN, 32768, {stats})
found_flag = asc.LocalTensor(asc.int32, asc.TPosition.VECOUT, 40960, 8)
asc.data_copy(res, xg, {size})
asc.data_copy(maxes, mg, {stats})
asc.duplicate(found_flag, 0, 8)
shape = asc.adv.SoftmaxShapeInfo({m}, {k}, {m}, {k})
found = asc.adv.adjust_softmax_res(res, maxes, {bits}, {to}, shape, step_size_mode={mode})
if found:
    asc.duplicate(found_flag, 1, 8)
asc.data_copy(xg, res, {size})
asc.data_copy(fg, found_flag, 8)
"""


@pytest.mark.parametrize(
    ("t1", "t2", "mode", "matching"),
    [
        pytest.param(np.float32, np.float32, 0, (1, 5), id="float-float"),
        pytest.param(np.float16, np.float32, 0, (0, 7), id="half-float"),
        pytest.param(np.float16, np.float16, 0, (3,), id="half-half"),
        pytest.param(np.float32, np.float32, 1, (2, 6), id="float-step1"),
        pytest.param(np.float32, np.float16, 0, (), id="no-match"),
    ],
)
def test_adjust_softmax_res_resets_the_rows_whose_maximum_matches(
    tmp_path: Path, t1: type, t2: type, mode: int, matching: tuple[int, ...]
) -> None:
    """Rows whose maximum has the bits of -FLT_MAX (half: of -65504, 0xFBFF) become ``to``; the result says
    whether any did. Exact on both backends."""
    m, k = 8, 64
    per_row = 1 if mode else 32 // np.dtype(t2).itemsize
    sentinel = np.finfo(t2).min
    bits = int(np.array(sentinel, dtype=t2).view(np.uint32 if t2 is np.float32 else np.uint16))
    maxima = np.random.default_rng(10).normal(0, 1, m).astype(t2)
    maxima[list(matching)] = sentinel
    mx = np.repeat(maxima[:, None], per_row, axis=1)
    stats = mx.size + (-mx.size) % (32 // np.dtype(t2).itemsize)
    mx = np.concatenate([mx.ravel(), np.zeros(stats - mx.size, dtype=t2)])
    body = ADJUST_BODY.format(
        t1=NAMES[t1], t2=NAMES[t2], size=m * k, stats=stats, m=m, k=k, bits=hex(bits), to=-2.5, mode=mode
    )
    kernel = an.load_kernel(tmp_path, body, "x: asc.GlobalAddress, mx: asc.GlobalAddress, flag: asc.GlobalAddress")
    x = np.random.default_rng(11).normal(0, 1, (m, k)).astype(t1)
    expected = x.copy()
    expected[list(matching)] = -2.5
    flag = np.full(8, 7, dtype=np.int32)
    kernel[1](x, mx, flag)
    assert np.array_equal(x, expected)
    assert flag.tolist() == [1 if matching else 0] * 8


def test_adjust_softmax_res_needs_a_tpipe(tmp_path: Path) -> None:
    """A kernel without a TPipe is rejected at compile time (rule XC-9: CANN's AdjustSoftMaxRes takes an event
    id from it; on the emulation, both backends fail the call)."""
    body = ADJUST_BODY.replace("pipe = asc.TPipe()", "").format(
        t1="asc.float32", t2="asc.float32", size=512, stats=64, m=8, k=64, bits=0, to=0.0, mode=0
    )
    kernel = an.load_kernel(tmp_path, body, "x: asc.GlobalAddress, mx: asc.GlobalAddress, flag: asc.GlobalAddress")
    with pytest.raises(SyncError) as caught:
        kernel[1](np.zeros(512, np.float32), np.zeros(64, np.float32), np.zeros(8, np.int32))
    assert (
        "`asc.adv.adjust_softmax_res` (CANN's AdjustSoftMaxRes) needs a TPipe: CANN's implementation takes its "
        "event ids from the kernel's TPipe (GetTPipePtr()->FetchEventID), and this kernel creates none [XC-9]"
    ) in str(caught.value)


def test_simple_softmax_without_a_temporary_buffer_needs_a_tpipe(tmp_path: Path) -> None:
    """Found by the differential check: CANN's SimpleSoftMax without a sharedTmpBuffer pops the TPipe's stack
    buffer (GetTPipePtr() is null in a kernel without one); the clean-room emulation fails such a call too."""
    body = SIMPLE_SOFTMAX_BODY.format(
        pipe="", t="asc.float32", st="asc.float32", size=512, stats=64, tmp_bytes=1024, m=8, k=64, tmp_arg="None",
        flags="",
    )  # fmt: skip
    kernel = an.load_kernel(tmp_path, body, SOFTMAX_PARAMS)
    tiling = asc.adv.SoftmaxTiling()
    host.soft_max_tiling_func([8, 64], 4, 1024, tiling)
    x = np.zeros((8, 64), np.float32)
    with pytest.raises(EmulationError) as caught:
        kernel[1](x, x.copy(), np.ones((8, 8), np.float32), np.zeros((8, 8), np.float32), tiling)
    assert "TPipe" in str(caught.value)
