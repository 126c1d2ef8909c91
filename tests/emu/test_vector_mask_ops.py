"""The mask registers on the CPU emulation: the vector mask in normal and counter mode (``set_vector_mask``,
``set_mask_count``/``set_mask_norm``, ``reset_mask``, and the vector ops called with ``is_set_mask=False``),
``CMPMASK`` (``compare`` into it, ``get_cmp_mask``, ``set_cmp_mask`` and the ``select`` forms that read it),
and ``bilinear_interpolation``; against numpy, bit for bit."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import numpy as np
import pytest
from tests.emu.gm_kernels import SCRATCH, run

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

Load = Callable[[str], ModuleType]
RNG = np.random.default_rng(5)
N = 256


def blocks_apart(count: int, lanes: int, block_stride: int, rep_stride: int, per_block: int) -> np.ndarray:
    """Indices of the first ``count`` lanes (over repeats of ``lanes``) with the given strides (blocks)."""
    return np.array(
        [
            (i // lanes) * rep_stride * per_block
            + ((i % lanes) // per_block) * block_stride * per_block
            + i % per_block
            for i in range(count)
        ]
    )


def test_counter_mode_counts_elements_across_repeats(kernel_module: Load) -> None:
    """float16: 130 elements = one full repeat of 128 and 2 of the next, the call's repeat count ignored;
    the destination of adds is strided (blocks 2 apart); the count form of muls reads the count too."""
    x = RNG.uniform(-4, 4, N).astype(np.float16)
    y = RNG.uniform(-4, 4, N).astype(np.float16)
    body = """
    asc.set_mask_count()
    asc.set_vector_mask(130, dtype=asc.float16, mode=asc.MaskMode.COUNTER)
    asc.add(z0, x, y, 0, 1, asc.BinaryRepeatParams(), False)
    asc.adds(z1, x, 2.0, 0, 1, asc.UnaryRepeatParams(2, 1, 16, 8), False)
    asc.muls(z2, x, 3.0, 1, False)
    asc.sub(z3, x, y, [70, 0], 1, asc.BinaryRepeatParams())
    asc.set_mask_norm()
    asc.reset_mask()
    asc.mul(z4, x, y, 0, 2, asc.BinaryRepeatParams(), False)
    """
    outs = {f"z{i}": np.full(2 * N, -1, np.float16) for i in range(5)}
    got = run(kernel_module, body, {"x": x, "y": y}, outs)
    want = outs["z0"].copy()
    want[:130] = x[:130] + y[:130]
    np.testing.assert_array_equal(got["z0"], want)
    want = outs["z1"].copy()
    want[blocks_apart(130, 128, 2, 16, 16)] = x[:130] + np.float16(2.0)
    np.testing.assert_array_equal(got["z1"], want)
    want = outs["z2"].copy()
    want[:130] = x[:130] * np.float16(3.0)
    np.testing.assert_array_equal(got["z2"], want)
    want = outs["z3"].copy()
    want[:70] = x[:70] - y[:70]  # the bit-mask form's word 0 is the count in counter mode
    np.testing.assert_array_equal(got["z3"], want)
    want = outs["z4"].copy()
    want[:N] = x * y  # normal mode again, every lane
    np.testing.assert_array_equal(got["z4"], want)


@pytest.mark.parametrize("mask", [6, 8])
def test_a_continuous_mask_in_counter_mode_is_written_as_lane_bits(kernel_module: Load, mask: int) -> None:
    """float16 in counter mode: a continuous mask given to the op is written to the register as its lane bits
    (CANN's SetMask), whose word 0 is then the element count: ``2**mask - 1`` elements, across repeats
    (docs/emulation.md#coverage found this form never ran)."""
    x = RNG.uniform(-4, 4, N).astype(np.float16)
    y = RNG.uniform(-4, 4, N).astype(np.float16)
    body = f"""
    asc.set_mask_count()
    asc.add(z0, x, y, {mask}, 1, asc.BinaryRepeatParams())
    asc.set_mask_norm()
    asc.reset_mask()
    """
    outs = {"z0": np.full(2 * N, -1, np.float16)}
    got = run(kernel_module, body, {"x": x, "y": y}, outs)
    count = 2**mask - 1
    want = outs["z0"].copy()
    want[:count] = x[:count] + y[:count]
    np.testing.assert_array_equal(got["z0"], want)


@pytest.mark.parametrize("mask", [65, 100, 127])
def test_a_continuous_mask_past_64_lanes_reaches_the_second_word(kernel_module: Load, mask: int) -> None:
    """float16: 128 lanes a repeat, lanes 64-127 in the mask's second word; a continuous mask past 64, given
    to the op (``add``, ``abs``) or set beforehand (``set_vector_mask`` then ``sub`` with ``is_set_mask=False``),
    selects the first ``mask`` lanes of each of 2 repeats (issue 32: a one-test mutant of that word)."""
    x = RNG.uniform(-4, 4, N).astype(np.float16)
    y = RNG.uniform(-4, 4, N).astype(np.float16)
    body = f"""
    asc.add(z0, x, y, {mask}, 2, asc.BinaryRepeatParams())
    asc.abs(z1, x, {mask}, 2, asc.UnaryRepeatParams())
    asc.set_vector_mask({mask}, dtype=asc.float16, mode=asc.MaskMode.NORMAL)
    asc.sub(z2, x, y, 0, 2, asc.BinaryRepeatParams(), False)
    asc.reset_mask()
    """
    outs = {f"z{i}": np.zeros(N, np.float16) for i in range(3)}
    got = run(kernel_module, body, {"x": x, "y": y}, outs)
    picked = np.array([r * 128 + j for r in range(2) for j in range(mask)])
    for name, value in (("z0", x + y), ("z1", np.abs(x)), ("z2", x - y)):
        want = np.zeros(N, np.float16)
        want[picked] = value[picked]
        np.testing.assert_array_equal(got[name], want, err_msg=name)


@pytest.mark.parametrize("count", [1, 127, 129, 256])
def test_counter_mode_runs_as_many_repeats_as_the_count_needs(kernel_module: Load, count: int) -> None:
    """float16 in counter mode: ``count`` elements take ``ceil(count / 128)`` repeats whatever the call's repeat
    count says, in a binary, a unary and a tensor-scalar op, contiguous and with the destination's blocks 2
    apart (issue 32: a one-test mutant of that count)."""
    x = RNG.uniform(-4, 4, N).astype(np.float16)
    y = RNG.uniform(-4, 4, N).astype(np.float16)
    body = f"""
    asc.set_mask_count()
    asc.set_vector_mask({count}, dtype=asc.float16, mode=asc.MaskMode.COUNTER)
    asc.mul(z0, x, y, 0, 1, asc.BinaryRepeatParams(), False)
    asc.exp(z1, x, 0, 1, asc.UnaryRepeatParams(), False)
    asc.maxs(z2, x, 0.0, 0, 1, asc.UnaryRepeatParams(), False)
    asc.adds(z3, x, 2.0, 0, 1, asc.UnaryRepeatParams(2, 1, 16, 8), False)
    asc.set_mask_norm()
    asc.reset_mask()
    """
    outs = {f"z{i}": np.full(2 * N, -1, np.float16) for i in range(4)}
    got = run(kernel_module, body, {"x": x, "y": y}, outs)
    want = np.full(2 * N, -1, np.float16)
    want[blocks_apart(count, 128, 2, 16, 16)] = x[:count] + np.float16(2.0)  # blocks 2 apart, repeats 16 blocks
    np.testing.assert_array_equal(got["z3"], want, err_msg="z3")
    for name, value in (("z0", x * y), ("z2", np.maximum(x, np.float16(0)))):
        want = np.full(2 * N, -1, np.float16)
        want[:count] = value[:count]
        np.testing.assert_array_equal(got[name], want, err_msg=name)
    np.testing.assert_allclose(got["z1"][:count], np.exp(x[:count].astype(np.float32)), rtol=2e-3)
    np.testing.assert_array_equal(got["z1"][count:], np.float16(-1))


def test_normal_mode_masks_set_outside_the_op(kernel_module: Load) -> None:
    x = RNG.uniform(-4, 4, N).astype(np.float16)
    y = RNG.uniform(-4, 4, N).astype(np.float16)
    body = """
    asc.set_vector_mask(0x1, 0xFF00, dtype=asc.float16, mode=asc.MaskMode.NORMAL)
    asc.add(z0, x, y, 0, 2, asc.BinaryRepeatParams(), False)
    asc.set_vector_mask(20, dtype=asc.float16, mode=asc.MaskMode.NORMAL)
    asc.sub(z1, x, y, 0, 2, asc.BinaryRepeatParams(), False)
    asc.reset_mask()
    """
    outs = {f"z{i}": np.zeros(N, np.float16) for i in range(2)}
    got = run(kernel_module, body, {"x": x, "y": y}, outs)
    lanes = [*range(8, 16), 64]
    picked = np.array([r * 128 + j for r in range(2) for j in lanes])
    want = np.zeros(N, np.float16)
    want[picked] = x[picked] + y[picked]
    np.testing.assert_array_equal(got["z0"], want)
    picked = np.array([r * 128 + j for r in range(2) for j in range(20)])
    want = np.zeros(N, np.float16)
    want[picked] = x[picked] - y[picked]
    np.testing.assert_array_equal(got["z1"], want)


def test_compare_into_cmpmask_then_get_cmp_mask(kernel_module: Load) -> None:
    """One repeat: 128 bits for float16; 64 for float32 (the other 64 are 0); masked-off lanes give 0."""
    x = RNG.uniform(-4, 4, N).astype(np.float16)
    y = RNG.uniform(-4, 4, N).astype(np.float16)
    xf = RNG.uniform(-4, 4, 64).astype(np.float32)
    yf = RNG.uniform(-4, 4, 64).astype(np.float32)
    body = """
    asc.compare(x, y, asc.CMPMODE.LT, 128, asc.BinaryRepeatParams())
    asc.get_cmp_mask(b0)
    asc.compare(xf, yf, asc.CMPMODE.GE, [0xFFFFFFFF], asc.BinaryRepeatParams())
    asc.get_cmp_mask(b1)
    """
    outs = {"b0": np.zeros(128, np.uint8), "b1": np.zeros(128, np.uint8)}
    got = run(kernel_module, body, {"x": x, "y": y, "xf": xf, "yf": yf}, outs)
    np.testing.assert_array_equal(got["b0"][:16], np.packbits(x[:128] < y[:128], bitorder="little"))
    bits = (xf >= yf) & (np.arange(64) < 32)
    np.testing.assert_array_equal(
        got["b1"][:16], np.packbits(np.concatenate([bits, np.zeros(64, bool)]), bitorder="little")
    )
    np.testing.assert_array_equal(got["b0"][16:], 0)


def test_select_by_cmpmask(kernel_module: Load) -> None:
    """VSEL_CMPMASK_SPR: the same 128 bits for every repeat; VSEL_TENSOR_TENSOR_MODE: the bits at the address
    CMPMASK holds, consumed across repeats; the tensor-scalar form: the scalar in CMPMASK."""
    x = RNG.uniform(-4, 4, N).astype(np.float16)
    y = RNG.uniform(-4, 4, N).astype(np.float16)
    sel = RNG.integers(0, 2, N).astype(bool)
    bits = np.packbits(sel, bitorder="little")
    scalar = np.zeros(16, np.float16)
    scalar[0] = 7.5
    body = f"""
    params = asc.BinaryRepeatParams()
    asc.set_cmp_mask(bits)
    asc.select(z0, x, y, repeat_times=2, repeat_params=params, sel_mode=asc.SelMode.VSEL_CMPMASK_SPR)
    where = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, {SCRATCH}, 4)
    where.set_value(0, bits.get_phy_addr())
    asc.set_cmp_mask(where)
    asc.select(z1, x, y, 2, params, asc.SelMode.VSEL_TENSOR_TENSOR_MODE)
    asc.set_cmp_mask(scalar)
    asc.select(z2, bits, x, repeat_times=2, repeat_params=params)
    """
    outs = {f"z{i}": np.zeros(N, np.float16) for i in range(3)}
    got = run(kernel_module, body, {"x": x, "y": y, "bits": bits, "scalar": scalar}, outs)
    same = np.concatenate([sel[:128], sel[:128]])
    np.testing.assert_array_equal(got["z0"], np.where(same, x, y))
    np.testing.assert_array_equal(got["z1"], np.where(sel, x, y))
    np.testing.assert_array_equal(got["z2"], np.where(sel, x, np.float16(7.5)))


def test_bilinear_interpolation_follows_cann_s_worked_example(kernel_module: Load) -> None:
    """CANN's example: src0 1..512, offsets 0, 32, ... (bytes), src1 2..33, two horizontal and two vertical
    repeats, mask 128, v_r_offset 128: dst row v sums the weighted gathers of its two horizontal repeats."""
    src0 = np.arange(1, 513, dtype=np.float16) / 64
    offsets = np.arange(32, dtype=np.uint32) * 32
    src1 = np.arange(2, 34, dtype=np.float16) / 8
    tmp_bytes = (512 + 32) * 32
    body = f"""
    tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, {SCRATCH}, {tmp_bytes})
    asc.bilinear_interpolation(z0, src0, offsets, src1, 128, 2, False, 1, 128, 2, tmp)
    asc.bilinear_interpolation(z1, src0, offsets, src1, [0xFFFF, 0], 2, True, 1, 128, 2, tmp)
    """
    outs = {"z0": np.zeros(N, np.float16), "z1": np.full(N, 3, np.float16)}
    got = run(kernel_module, body, {"src0": src0, "offsets": offsets, "src1": src1}, outs)
    gathered = src0.reshape(4, 128)  # the offsets are consecutive blocks
    fixed = np.array([gathered[i] * src1[i] for i in range(4)], np.float16)
    per_block = np.array([gathered[i] * np.repeat(src1[i * 8 : i * 8 + 8], 16) for i in range(4)], np.float16)
    np.testing.assert_array_equal(got["z0"], np.concatenate([fixed[0] + fixed[1], fixed[2] + fixed[3]]))
    want = np.full(N, 3, np.float16)
    want[0:16] = (per_block[0] + per_block[1])[:16]
    want[128:144] = (per_block[2] + per_block[3])[:16]
    np.testing.assert_array_equal(got["z1"], want)


BINARY_MASKED = {
    "add": np.add,
    "sub": np.subtract,
    "mul": np.multiply,
    "div": np.divide,
    "max": np.maximum,
    "min": np.minimum,
}
"""Binary ops whose mask forms (continuous and bit mask) the emulation coverage report listed as never run."""


def _lanes_of(mask: int | list[int], lanes: int) -> list[int]:
    if isinstance(mask, int):
        return list(range(mask))
    return [j for j in range(lanes) if mask[j // 64] >> (j % 64) & 1]


@pytest.mark.differential
@pytest.mark.parametrize("mask", [100, [0x00FF00FF00FF00FF, 0xF0F0F0F0F0F0F000]], ids=["continuous", "bits"])
def test_binary_ops_in_both_mask_forms_write_only_the_masked_lanes(kernel_module: Load, mask: int | list[int]) -> None:
    """Each op over two repeats of 128 half lanes writes exactly the lanes its mask selects, as numpy computes
    them, and leaves the other lanes as they were (zero)."""
    x = RNG.uniform(1, 4, N).astype(np.float16)
    y = RNG.uniform(1, 4, N).astype(np.float16)
    body = "\n".join(
        f"    asc.{name}(z{i}, x, y, {mask}, 2, asc.BinaryRepeatParams())" for i, name in enumerate(BINARY_MASKED)
    )
    outs = {f"z{i}": np.zeros(N, np.float16) for i in range(len(BINARY_MASKED))}
    got = run(kernel_module, f"\n{body}\n", {"x": x, "y": y}, outs)
    picked = np.array([r * 128 + j for r in range(2) for j in _lanes_of(mask, 128)])
    for i, (name, function) in enumerate(BINARY_MASKED.items()):
        want = np.zeros(N, np.float16)
        want[picked] = function(x[picked], y[picked])
        np.testing.assert_array_equal(got[f"z{i}"], want, err_msg=name)


UNARY_MASKED = {
    "abs": ("asc.abs(z{i}, x, {mask}, 2, asc.UnaryRepeatParams())", np.abs),
    "reciprocal": ("asc.reciprocal(z{i}, x, {mask}, 2, asc.UnaryRepeatParams())", np.reciprocal),
    "adds": ("asc.adds(z{i}, x, 1.5, {mask}, 2, asc.UnaryRepeatParams())", lambda v: v + np.float16(1.5)),
    "muls": ("asc.muls(z{i}, x, 2.0, {mask}, 2, asc.UnaryRepeatParams())", lambda v: v * np.float16(2.0)),
    "maxs": ("asc.maxs(z{i}, x, 0.5, {mask}, 2, asc.UnaryRepeatParams())", lambda v: np.maximum(v, np.float16(0.5))),
    "mins": ("asc.mins(z{i}, x, 0.5, {mask}, 2, asc.UnaryRepeatParams())", lambda v: np.minimum(v, np.float16(0.5))),
}
"""Unary and tensor-scalar ops whose mask forms the emulation coverage report listed as never run (exact ops:
reciprocal is checked against numpy's half reciprocal within 1 ULP below)."""


@pytest.mark.differential
@pytest.mark.parametrize("mask", [100, [0x00FF00FF00FF00FF, 0xF0F0F0F0F0F0F000]], ids=["continuous", "bits"])
def test_unary_and_scalar_ops_in_both_mask_forms_write_only_the_masked_lanes(
    kernel_module: Load, mask: int | list[int]
) -> None:
    """Each op over two repeats of 128 half lanes writes exactly the lanes its mask selects, as numpy computes
    them, and leaves the other lanes zero."""
    x = RNG.uniform(-4, 4, N).astype(np.float16)
    x[np.abs(x) < 0.25] = np.float16(0.25)  # reciprocal stays finite
    body = "\n".join(f"    {call.format(i=i, mask=mask)}" for i, (call, _) in enumerate(UNARY_MASKED.values()))
    outs = {f"z{i}": np.zeros(N, np.float16) for i in range(len(UNARY_MASKED))}
    got = run(kernel_module, f"\n{body}\n", {"x": x}, outs)
    picked = np.array([r * 128 + j for r in range(2) for j in _lanes_of(mask, 128)])
    unpicked = np.setdiff1d(np.arange(N), picked)
    for i, (name, (_, function)) in enumerate(UNARY_MASKED.items()):
        result = got[f"z{i}"]
        assert not result[unpicked].any(), name
        want = function(x[picked]).astype(np.float16)
        if name == "reciprocal":
            np.testing.assert_allclose(result[picked], want, rtol=2.0**-10, err_msg=name)
        else:
            np.testing.assert_array_equal(result[picked], want, err_msg=name)
