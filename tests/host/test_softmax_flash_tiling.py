"""The host side of SoftmaxFlashV2 (``asc.lib.host``): CANN's Atlas A2 formulas for the temporary-buffer sizes
and the tiling, at points computed by hand from them, CANN's checks, and the tiling's invariants over a sweep."""

from __future__ import annotations

import itertools

import pytest

import ascx as asc
from ascx.language.adv.tmp_sizes import softmax_flash_v2_row_floats
from ascx.lib import host
from ascx.lib.host import TilingError


@pytest.mark.parametrize(
    ("shape", "size1", "size2", "basic", "brc", "minimum", "maximum"),
    [
        ([16, 64], 2, 4, False, False, (2 * 8 + 64 + 64) * 4, 16 * 144 * 4),
        ([2, 8, 64], 2, 4, False, False, 144 * 4, 16 * 144 * 4),  # the rows are the product of the leading axes
        ([16, 64], 4, 4, False, False, (8 + 64) * 4, 16 * 72 * 4),
        ([16, 64], 2, 2, False, False, (2 * 16 + 64 + 64) * 4, 16 * 160 * 4),
        ([16, 128], 2, 2, True, False, 8 * (16 + 128 + 64) * 4, 16 * 208 * 4),
        ([16, 1024], 4, 4, True, False, 8 * (8 + 128) * 4, 8 * 136 * 4),  # 1024: 64 floats more, 8 rows a step
        ([12, 128], 2, 4, True, False, 8 * (8 + 128 + 64) * 4, 12 * (2 * 8 + 128 + 64) * 4),  # rows not whole 8s
        ([32, 64], 2, 4, False, True, 144 * 16 * 4, 32 * 144 * 4),  # isFlashOutputBrc: the rows of a half block
        ([32, 64], 2, 2, True, True, 8 * 144 // 8 * 16 * 4, 32 * 144 * 4),
    ],
)
def test_tmp_sizes_at_points_computed_by_hand(
    shape: list[int], size1: int, size2: int, basic: bool, brc: bool, minimum: int, maximum: int
) -> None:
    assert host.get_soft_max_flash_v2_min_tmp_size(shape, size1, size2, True, basic, brc) == minimum
    assert host.get_soft_max_flash_v2_min_tmp_size(shape, size1, size2, False, basic, brc) == minimum
    assert host.get_soft_max_flash_v2_max_tmp_size(shape, size1, size2, True, basic, brc) == maximum


def test_a_tiling_at_a_point_computed_by_hand() -> None:
    tiling = asc.adv.SoftmaxTiling()
    # 8192 floats of 336 a row (16 + 256 + 64): 24 rows a step, a multiple of 8, so 2 steps and 16 rows left
    host.soft_max_flash_v2_tiling_func([64, 256], 2, 4, 32768, tiling, True)
    assert (
        tiling.pack()
        == asc.adv.SoftmaxTiling(
            64, 256, 64 * 256, 64, 8, 64 * 8, 24, 256, 24 * 256, 24, 8, 24 * 8, 2, 16, 16 * 256, 16 * 8
        ).pack()
    )


def test_a_basic_block_tiling_steps_in_divisors_of_the_rows() -> None:
    tiling = asc.adv.SoftmaxTiling()
    # 30 rows fit; whole 8s that divide 64 rows: 24 -> 16; 16 * 512 < 64 * 256
    host.soft_max_flash_v2_tiling_func([64, 512], 4, 4, 30 * 72 * 4, tiling, False, True)
    assert (tiling.split_m, tiling.range_m, tiling.tail_m) == (16, 4, 0)
    host.soft_max_flash_v2_tiling_func([64, 1024], 4, 4, 10**6, tiling, False, True)
    assert (tiling.split_m, tiling.range_m) == (8, 8)  # below 64 * 256 elements a step


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda t: host.soft_max_flash_v2_tiling_func([4, 10], 2, 4, 1024, t, True),
            ValueError,
            "[SoftMaxFlashV2TilingFunc] The shape LastAxis data size must be 32-byte aligned!",
        ),
        (
            lambda t: host.get_soft_max_flash_v2_min_tmp_size([4, 16], 2, 8, True),
            ValueError,
            "[GetSoftMaxFlashV2MinTmpSize] Type size 8 is unsupported! Support typesize is 2 4.",
        ),
        (
            lambda t: host.get_soft_max_flash_v2_max_tmp_size([0, 16], 2, 4, True),
            ValueError,
            "[GetSoftMaxFlashV2MaxTmpSize] Input shape size should be greater than 0!",
        ),
        (
            lambda t: host.soft_max_flash_v2_tiling_func([4, 16], 2, 4, 0, t, True),
            ValueError,
            "[SoftMaxFlashV2TilingFunc] The localWorkSpaceSize should be greater than 0!",
        ),
        (
            lambda t: host.soft_max_flash_v2_tiling_func([4, 64], 2, 4, 100, t, True),
            TilingError,
            "SoftMaxFlashV2TilingFunc: 100 bytes of temporary buffer hold no row of 64 elements "
            "(GetSoftMaxFlashV2MinTmpSize: 576)",
        ),
        (
            lambda t: host.soft_max_flash_v2_tiling_func([64, 256], 2, 4, 12 * 336 * 4, t, True, False, True),
            TilingError,
            "SoftMaxFlashV2TilingFunc: When dataTypeSize1(2) is float(or half), softmaxFlashTiling.reduceM(12) must "
            "be a multiple of 8(or 16), Adjust the input parameter -> localWorkSpaceSize.",
        ),
        (
            lambda t: host.soft_max_flash_v2_tiling_func([4, 64], 2, 4, 1024, asc.adv.RmsNormTiling(), True),
            TypeError,
            "SoftMaxFlashV2TilingFunc fills a host asc.adv.SoftmaxTiling",
        ),
    ],
)
def test_cann_s_checks(call: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as caught:
        call(asc.adv.SoftmaxTiling())  # type: ignore[operator]
    assert getattr(caught.value, "message", str(caught.value)).startswith(message)


@pytest.mark.parametrize(("size1", "size2", "basic"), [(2, 2, False), (2, 4, False), (4, 4, False), (2, 4, True)])
def test_tiling_invariants_over_a_sweep(size1: int, size2: int, basic: bool) -> None:
    """Every row in one step or the tail; a step's rows fit the buffer (the host's per-row formula); fewer rows
    than all are a multiple of 8; the minimum buffer makes a tiling, and the maximum one processes every row
    at once (a basic block: as many as a step may take)."""
    for m, k in itertools.product((1, 7, 8, 24, 64, 100), (16, 64, 128, 320, 1024)):
        if basic and (k % 64 or m % 8):
            continue
        k = k if k * size1 % 32 == 0 else 32
        row = softmax_flash_v2_row_floats(k, size1, size2, basic and k % 64 == 0 and m % 8 == 0) * 4
        minimum = host.get_soft_max_flash_v2_min_tmp_size([m, k], size1, size2, True, basic)
        maximum = host.get_soft_max_flash_v2_max_tmp_size([m, k], size1, size2, True, basic)
        for work in (minimum, (minimum + maximum) // 2, maximum, 3 * maximum):
            tiling = asc.adv.SoftmaxTiling()
            host.soft_max_flash_v2_tiling_func([m, k], size1, size2, work, tiling, True, basic)
            rows = tiling.split_m
            assert rows >= 1
            assert rows * row <= work
            assert tiling.range_m * rows + tiling.tail_m == m
            assert rows == m or rows <= 8 or rows % 8 == 0
            if basic:
                assert (tiling.tail_m, rows % 8) == (0, 0)
                assert rows * k < 64 * 256
            if work >= maximum and not basic:
                assert rows == m
