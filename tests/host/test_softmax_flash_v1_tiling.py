"""The host side of SoftmaxFlash, CANN's deprecated online softmax (``asc.lib.host``): CANN's Atlas A2 formulas
for the temporary-buffer sizes and the tiling, at points computed by hand from them, CANN's checks, and the
tiling's invariants over a sweep."""

from __future__ import annotations

import itertools

import pytest

import ascx as asc
from ascx.language.adv.tmp_sizes import softmax_flash_row_floats
from ascx.lib import host
from ascx.lib.host import TilingError


@pytest.mark.parametrize(
    ("shape", "size", "update", "minimum", "maximum"),
    [
        ([16, 64], 4, False, (8 + 64 + 64) * 4, 16 * 136 * 4),  # SoftMax's row: a stats block, the row, 64
        ([16, 64], 4, True, (4 * 8 + 2 * 64) * 4, 16 * 160 * 4),  # four stats blocks and two rows
        ([2, 8, 128], 2, True, (4 * 16 + 2 * 128) * 4, 16 * 320 * 4),  # the rows are the leading axes' product
        ([16, 128], 2, False, (16 + 128 + 64) * 4, 16 * 208 * 4),
    ],
)
def test_tmp_sizes_at_points_computed_by_hand(
    shape: list[int], size: int, update: bool, minimum: int, maximum: int
) -> None:
    assert host.get_soft_max_flash_min_tmp_size(shape, size, update) == minimum
    assert host.get_soft_max_flash_max_tmp_size(shape, size, update, False) == maximum


def test_a_tiling_at_a_point_computed_by_hand() -> None:
    tiling = asc.adv.SoftmaxTiling()
    # 8192 floats of 544 a row (4 * 8 + 2 * 256): 15 rows a step, a multiple of 8: 8, so 5 steps and 4 rows left
    host.soft_max_flash_tiling_func([44, 256], 4, 32768, tiling, True)
    assert (
        tiling.pack()
        == asc.adv.SoftmaxTiling(
            44, 256, 44 * 256, 44, 8, 44 * 8, 8, 256, 8 * 256, 8, 8, 8 * 8, 5, 4, 4 * 256, 4 * 8
        ).pack()
    )


def test_a_basic_block_shape_steps_in_divisors_of_the_rows() -> None:
    """CANN's host function adjusts to the basic-block shape whenever the input has it (rows of 8, a last axis
    of 64s), whatever the kernel's isBasicBlock."""
    tiling = asc.adv.SoftmaxTiling()
    # 30 rows of (8 + 512 + 64) floats fit; whole 8s that divide 64 rows: 24 -> 16; 16 * 512 < 64 * 256
    host.soft_max_flash_tiling_func([64, 512], 4, 30 * 584 * 4, tiling)
    assert (tiling.split_m, tiling.range_m, tiling.tail_m) == (16, 4, 0)
    host.soft_max_flash_tiling_func([64, 1024], 4, 10**7, tiling)
    assert (tiling.split_m, tiling.range_m) == (8, 8)  # below 64 * 256 elements a step


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda t: host.soft_max_flash_tiling_func([4, 10], 2, 1024, t, True),
            ValueError,
            "[SoftMaxFlashTilingFunc] The shape LastAxis data size must be 32-byte aligned!",
        ),
        (
            lambda t: host.get_soft_max_flash_min_tmp_size([4, 16], 8, True),
            ValueError,
            "[GetSoftMaxFlashMinTmpSize] Type size 8 is unsupported! Support typesize is 2 4.",
        ),
        (
            lambda t: host.get_soft_max_flash_max_tmp_size([0, 16], 2, True),
            ValueError,
            "[GetSoftMaxFlashMaxTmpSize] Input shape size should be greater than 0!",
        ),
        (
            lambda t: host.soft_max_flash_tiling_func([4, 16], 2, 0, t, True),
            ValueError,
            "[SoftMaxFlashTilingFunc] The localWorkSpaceSize should be greater than 0!",
        ),
        (
            lambda t: host.soft_max_flash_tiling_func([4, 64], 4, 100, t, True),
            TilingError,
            "SoftMaxFlashTilingFunc: 100 bytes of temporary buffer hold no row of 64 elements "
            "(GetSoftMaxFlashMinTmpSize: 640)",
        ),
        (
            lambda t: host.soft_max_flash_tiling_func([4, 64], 4, 1024, asc.adv.RmsNormTiling(), True),
            TypeError,
            "SoftMaxFlashTilingFunc fills a host asc.adv.SoftmaxTiling",
        ),
    ],
)
def test_cann_s_checks(call: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error) as caught:
        call(asc.adv.SoftmaxTiling())  # type: ignore[operator]
    assert getattr(caught.value, "message", str(caught.value)).startswith(message)


@pytest.mark.parametrize(("size", "update"), [(2, False), (2, True), (4, False), (4, True)])
def test_tiling_invariants_over_a_sweep(size: int, update: bool) -> None:
    """Every row in one step or the tail; a step's rows fit the buffer (the host's per-row formula); fewer rows
    than all are a multiple of 8; the minimum buffer makes a tiling, the maximum one processes every row at once
    (but for basic-block shapes of 64 * 256 elements and more, which step in fewer)."""
    for m, k in itertools.product((1, 7, 8, 24, 64, 100), (16, 64, 128, 320, 1024)):
        row = softmax_flash_row_floats(k, size, update) * 4
        minimum = host.get_soft_max_flash_min_tmp_size([m, k], size, update)
        maximum = host.get_soft_max_flash_max_tmp_size([m, k], size, update)
        assert (minimum, maximum) == (row, m * row)
        for work in (minimum, (minimum + maximum) // 2, maximum, 3 * maximum):
            tiling = asc.adv.SoftmaxTiling()
            host.soft_max_flash_tiling_func([m, k], size, work, tiling, update)
            rows = tiling.split_m
            assert tiling.range_m * rows + tiling.tail_m == m
            assert 0 < rows * row <= work
            basic_shape = m % 8 == 0 and k % 64 == 0
            # a basic-block shape halves its rows below 64 * 256 elements a step: 24 rows of 1024 step in 12
            assert rows == m or rows % 8 == 0 or rows < 8 or (basic_shape and m % rows == 0)
            if work >= maximum and not (basic_shape and m * k >= 64 * 256):
                assert rows == m
