"""The data-rearranging vector ops on the CPU emulation, against numpy: ``gather``, ``gatherb``,
``scatter`` (a no-op on Atlas A2), ``brcb``, ``copy``, ``gather_mask``, ``transpose`` and
``trans_data_to_5hd``.  Data movement is exact: every comparison is bit for bit."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from tests.emu.gm_kernels import SCRATCH, run

import ascx as asc

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

Load = Callable[[str], ModuleType]
RNG = np.random.default_rng(7)


def lane_indices(repeats: int, lanes: int, active: int, rep_stride: int, per_block: int) -> np.ndarray:
    """Flat indices of the first ``active`` lanes of each repeat, repeats ``rep_stride`` blocks apart."""
    return np.array([r * rep_stride * per_block + j for r in range(repeats) for j in range(active)])


# --- gather, gatherb, scatter ------------------------------------------------------------------------


@pytest.mark.clean_room_only("the CANN backend's intrinsic layer does not emulate vgather (Gather) yet")
@pytest.mark.parametrize("dtype", [np.float16, np.float32])
def test_gather_count_and_mask_forms(kernel_module: Load, dtype: Any) -> None:
    n = 256
    size = np.dtype(dtype).itemsize
    lanes = 256 // size
    x = RNG.uniform(-8, 8, n + 16).astype(dtype)
    perm = RNG.permutation(n).astype(np.uint32)
    body = f"""
    asc.gather(z0, x, off, 0, 200)
    asc.gather(z1, x, off, {4 * size}, 60, 2, 16)
    asc.gather(z2, x, off, 0, [0x5, 0], 1, 8)
    """
    outs = {f"z{i}": np.full(2 * n, -1, dtype) for i in range(3)}
    got = run(kernel_module, body, {"x": x, "off": perm * size}, outs)
    want = outs["z0"].copy()
    want[:200] = x[perm[:200]]
    np.testing.assert_array_equal(got["z0"], want)
    want = outs["z1"].copy()
    lanes_used = np.array([r * lanes + j for r in range(2) for j in range(60)])  # offsets: lane by lane
    want[lane_indices(2, lanes, 60, 16, 32 // size)] = x[perm[lanes_used] + 4]
    np.testing.assert_array_equal(got["z1"], want)
    want = outs["z2"].copy()
    want[[0, 2]] = x[perm[[0, 2]]]
    np.testing.assert_array_equal(got["z2"], want)


def test_gatherb_moves_32_byte_blocks(kernel_module: Load) -> None:
    x = np.arange(512, dtype=np.uint16)
    blocks = RNG.permutation(32)[:16].astype(np.uint32)
    body = """
    asc.gatherb(z, x, off, 2, asc.GatherRepeatParams(2, 16))
    """
    off = np.zeros(64, np.uint32)
    off[:16] = blocks * 32
    got = run(kernel_module, body, {"x": x, "off": off}, {"z": np.zeros(512, np.uint16)})["z"]
    want = np.zeros(512, np.uint16)
    for b, block in enumerate(blocks):
        r, j = divmod(b, 8)
        at = (r * 16 + j * 2) * 16
        want[at : at + 16] = x[block * 16 : block * 16 + 16]
    np.testing.assert_array_equal(got, want)


@pytest.mark.clean_room_only("CANN's Scatter asserts on Atlas A2: Scatter is not supported on current device.")
def test_scatter_does_nothing_on_atlas_a2(kernel_module: Load) -> None:
    x = np.arange(128, dtype=np.float16)
    off = (np.arange(128, dtype=np.uint32)[::-1] * 2).copy()
    body = """
    asc.scatter(z, x, off, 0, 128)
    asc.scatter(z, x, off, 0, 128, 1, 8)
    asc.scatter(z, x, off, 0, [0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF], 1, 8)
    """
    with pytest.warns(asc.AscxWarning, match="has no Scatter instruction"):
        got = run(kernel_module, body, {"x": x, "off": off}, {"z": np.full(128, 3, np.float16)})["z"]
    np.testing.assert_array_equal(got, np.full(128, 3, np.float16))  # the count and both mask forms alike


# --- brcb, copy --------------------------------------------------------------------------------------


@pytest.mark.parametrize("dtype", [np.float32, np.int16])
def test_brcb_fills_a_block_with_each_element(kernel_module: Load, dtype: Any) -> None:
    per_block = 32 // np.dtype(dtype).itemsize
    x = np.arange(16, dtype=dtype) + 1
    pad = np.zeros(256 // np.dtype(dtype).itemsize, dtype)
    pad[:16] = x
    body = "asc.brcb(z, x, 2, asc.BrcbRepeatParams(1, 10))"
    z = np.zeros(20 * per_block, dtype)
    got = run(kernel_module, body, {"x": pad}, {"z": z})["z"]
    want = z.copy()
    for v in range(16):
        r, j = divmod(v, 8)
        at = (r * 10 + j) * per_block
        want[at : at + per_block] = x[v]
    np.testing.assert_array_equal(got, want)


def test_copy_with_a_mask_and_strides(kernel_module: Load) -> None:
    x = np.arange(512, dtype=np.float16)
    body = """
    asc.copy(z0, x, 40, 2, asc.CopyRepeatParams(2, 1, 16, 8))
    asc.copy(z1, x, [0xFF, 0x1], 1, asc.CopyRepeatParams(1, 1, 8, 8))
    """
    outs = {"z0": np.zeros(512, np.float16), "z1": np.zeros(512, np.float16)}
    got = run(kernel_module, body, {"x": x}, outs)
    want = np.zeros(512, np.float16)
    for r in range(2):
        for j in range(40):
            block, lane = divmod(j, 16)
            want[r * 16 * 16 + block * 2 * 16 + lane] = x[r * 8 * 16 + block * 16 + lane]
    np.testing.assert_array_equal(got["z0"], want)
    want = np.zeros(512, np.float16)
    picked = [*range(8), 64]
    want[picked] = x[picked]
    np.testing.assert_array_equal(got["z1"], want)


# --- gather_mask -------------------------------------------------------------------------------------

PATTERNS = {
    1: lambda j: j % 2 == 0,
    2: lambda j: j % 2 == 1,
    3: lambda j: j % 4 == 0,
    4: lambda j: j % 4 == 1,
    5: lambda j: j % 4 == 2,
    6: lambda j: j % 4 == 3,
    7: lambda j: True,
}


@pytest.mark.clean_room_only("the CANN backend's intrinsic layer does not emulate vreducev2 (GatherMask) yet")
def test_gather_mask_built_in_patterns_and_counts(kernel_module: Load) -> None:
    """float32: 64 elements a repeat, two repeats 8 blocks apart; the counts go to a uint64 GM tensor."""
    x = RNG.uniform(-4, 4, 128).astype(np.float32)
    lines = []
    for p in PATTERNS:
        lines.append(f"n = asc.gather_mask(z{p}, x, {p}, False, 0, asc.GatherMaskParams(1, 2, 8, 0))")
        lines.append(f"counts_gm.set_value({p}, n)")
    lines.append("remain_gm.set_value(0, asc.get_gather_mask_remain_count())")
    outs = {f"z{p}": np.zeros(128, np.float32) for p in PATTERNS}
    gm = {"counts": np.zeros(8, np.uint64), "remain": np.zeros(4, np.int64)}
    got = run(kernel_module, "\n".join(lines), {"x": x}, outs, gm=gm)
    for p, keep in PATTERNS.items():
        selected = np.array([x[i] for i in range(128) if keep(i % 64)], np.float32)
        np.testing.assert_array_equal(got[f"z{p}"][: selected.size], selected)
        np.testing.assert_array_equal(got[f"z{p}"][selected.size :], 0)
        assert got["counts"][p] == selected.size
    assert got["remain"][0] == 128  # the count of the last one (pattern 7)


@pytest.mark.clean_room_only("the CANN backend's intrinsic layer does not emulate vreducev2 (GatherMask) yet")
def test_gather_mask_with_a_pattern_tensor_in_counter_mode(kernel_module: Load) -> None:
    """float16: the pattern's bits per element, the same pattern for both repeats (src1_repeat_stride 0);
    reduce_mode=True keeps the first 70 elements of each repeat."""
    x = np.arange(256, dtype=np.float16)
    bits = RNG.integers(0, 2, 128).astype(bool)
    pattern = np.packbits(bits, bitorder="little").view(np.uint16)
    pat = np.zeros(16, np.uint16)
    pat[: pattern.size] = pattern
    body = """
    asc.gather_mask(z, x, pat, True, 70, asc.GatherMaskParams(1, 2, 8, 0))
    """
    got = run(kernel_module, body, {"x": x, "pat": pat}, {"z": np.zeros(256, np.float16)})["z"]
    kept = [x[r * 128 + j] for r in range(2) for j in range(70) if bits[j]]
    np.testing.assert_array_equal(got[: len(kept)], np.array(kept, np.float16))
    np.testing.assert_array_equal(got[len(kept) :], 0)


# --- transpose, trans_data_to_5hd --------------------------------------------------------------------


@pytest.mark.clean_room_only("the CANN backend's intrinsic layer does not emulate vtranspose (Transpose) yet")
def test_transpose_16x16(kernel_module: Load) -> None:
    x = np.arange(256, dtype=np.uint16) * 3
    body = f"""
    asc.transpose(z0, x)
    tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, {SCRATCH}, 64)
    asc.transpose(z1, x, tmp, asc.TransposeParamsExt(1, 1, 16, 16, asc.TransposeType.TRANSPOSE_ND2ND_B16))
    """
    got = run(kernel_module, body, {"x": x}, {"z0": np.zeros(256, np.uint16), "z1": np.zeros(256, np.uint16)})
    np.testing.assert_array_equal(got["z0"], x.reshape(16, 16).T.reshape(-1))
    np.testing.assert_array_equal(got["z1"], x.reshape(16, 16).T.reshape(-1))


@pytest.mark.clean_room_only(
    "the CANN backend's intrinsic layer does not emulate the VA registers and scatter_vnchwconv (TransDataTo5HD) yet"
)
@pytest.mark.parametrize(("dtype", "n", "c", "h", "w"), [(np.float16, 2, 3, 2, 16), (np.int8, 1, 4, 4, 8)])
def test_transpose_between_nchw_and_nhwc(kernel_module: Load, dtype: Any, n: int, c: int, h: int, w: int) -> None:
    size = n * c * h * w
    x = (np.arange(size) % 100).astype(dtype)
    h0 = 32 if np.dtype(dtype).itemsize == 1 else 16
    tmp = (2 * c + 1) * h0 * 32
    body = f"""
    tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, {SCRATCH}, {tmp})
    asc.transpose(z0, x, tmp, asc.TransposeParamsExt({n}, {c}, {h}, {w}, asc.TransposeType.TRANSPOSE_NCHW2NHWC))
    asc.transpose(z1, x, tmp, asc.TransposeParamsExt({n}, {c}, {h}, {w}, asc.TransposeType.TRANSPOSE_NHWC2NCHW))
    """
    got = run(kernel_module, body, {"x": x}, {"z0": np.zeros(size, dtype), "z1": np.zeros(size, dtype)})
    np.testing.assert_array_equal(got["z0"], x.reshape(n, c, h, w).transpose(0, 2, 3, 1).reshape(-1))
    np.testing.assert_array_equal(got["z1"], x.reshape(n, h, w, c).transpose(0, 3, 1, 2).reshape(-1))


FIVE_HD = """
params = asc.TransDataTo5HDParams(False, False, 16, 16, 1)
for j in asc.static_range(2):
    base = j * 16 * 256
    dst_list = [z0[base + 16 * 0], z0[base + 16 * 1], z0[base + 16 * 2], z0[base + 16 * 3], z0[base + 16 * 4],
                z0[base + 16 * 5], z0[base + 16 * 6], z0[base + 16 * 7], z0[base + 16 * 8], z0[base + 16 * 9],
                z0[base + 16 * 10], z0[base + 16 * 11], z0[base + 16 * 12], z0[base + 16 * 13], z0[base + 16 * 14],
                z0[base + 16 * 15]]
    src_list = [x[base + 256 * 0], x[base + 256 * 1], x[base + 256 * 2], x[base + 256 * 3], x[base + 256 * 4],
                x[base + 256 * 5], x[base + 256 * 6], x[base + 256 * 7], x[base + 256 * 8], x[base + 256 * 9],
                x[base + 256 * 10], x[base + 256 * 11], x[base + 256 * 12], x[base + 256 * 13], x[base + 256 * 14],
                x[base + 256 * 15]]
    asc.trans_data_to_5hd(dst_list, src_list, params)
    da = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, SCRATCH + j * 256, 16)
    sa = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, SCRATCH + j * 256 + 128, 16)
    for i in asc.range(16):
        da.set_value(i, z1[base + 16 * i].get_phy_addr())
        sa.set_value(i, x[base + 256 * i].get_phy_addr())
    asc.trans_data_to_5hd(da, sa, params)
"""


@pytest.mark.clean_room_only(
    "the CANN backend's intrinsic layer does not emulate the VA registers and scatter_vnchwconv (TransDataTo5HD) yet"
)
def test_trans_data_to_5hd_converts_nchw_to_nc1hwc0(kernel_module: Load) -> None:
    """float16 NCHW (1, 32, 16, 16) into NC1HWC0 (1, 2, 16, 16, 16), by the tensor-list form and by the
    form of two uint64 tensors of addresses (pyasc's generalisation tests)."""
    x = RNG.uniform(-8, 8, 32 * 256).astype(np.float16)
    outs = {"z0": np.zeros(x.size, np.float16), "z1": np.zeros(x.size, np.float16)}
    got = run(kernel_module, FIVE_HD.replace("SCRATCH", str(SCRATCH)), {"x": x}, outs)
    want = x.reshape(1, 2, 16, 16, 16).transpose(0, 1, 3, 4, 2).reshape(-1)
    np.testing.assert_array_equal(got["z0"], want)
    np.testing.assert_array_equal(got["z1"], want)


@pytest.mark.clean_room_only(
    "the CANN backend's intrinsic layer does not emulate the VA registers and scatter_vnchwconv (TransDataTo5HD) yet"
)
@pytest.mark.parametrize(("dtype", "high"), [(np.int8, False), (np.uint8, True), (np.float32, False)])
def test_trans_data_to_5hd_on_8_and_32_bit_data(kernel_module: Load, dtype: Any, high: bool) -> None:
    """One repeat (strides 0): b8 on the selected 16-byte halves; b32 into pairs of blocks."""
    per_block = 32 // np.dtype(dtype).itemsize
    x = (np.arange(16 * per_block) % 120).astype(dtype)
    z = np.zeros(16 * per_block, dtype)
    dst = ", ".join(f"z[{per_block * i}].get_phy_addr()" for i in range(16))
    src = ", ".join(f"x[{per_block * i}].get_phy_addr()" for i in range(16))
    body = f"""
    params = asc.TransDataTo5HDParams({high}, {high}, 1, 0, 0)
    asc.trans_data_to_5hd([{dst}], [{src}], params)
    """
    got = run(kernel_module, body, {"x": x}, {"z": z})["z"].reshape(16, per_block)
    blocks = x.reshape(16, per_block)
    want = np.zeros((16, per_block), dtype)
    if per_block == 32:
        half = 16 if high else 0
        want[:, half : half + 16] = blocks[:, half : half + 16].T
    else:
        for i in range(8):
            want[2 * i] = blocks[0:8, i]
            want[2 * i + 1] = blocks[8:16, i]
    np.testing.assert_array_equal(got, want)
