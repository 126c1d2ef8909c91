"""``data_copy_pad`` between GM and UB on the CPU emulation, against a numpy model of CANN's DataCopyPad
page (GM->VECIN/VECOUT and VECIN/VECOUT->GM):

- GM to UB: ``block_count`` blocks of ``block_len`` bytes, ``src_stride`` bytes apart in GM, each land in a
  32-byte aligned row of UB (``round_up(block_len + (left + right) * sizeof(T), 32)`` bytes, rows
  ``dst_stride`` 32-byte units apart), ``left_padding`` elements in. Outside the data, the row holds the
  dummy: with both paddings 0 it repeats the block's first element; otherwise the pad value register
  (``is_pad`` loads ``padding_value`` into it; without ``is_pad`` it keeps what ``set_pad_value`` put there).
- UB to GM: the same rows read back, their dummy dropped: block b starts at byte
  ``b * (round_up(block_len, 32) + src_stride * 32)`` of UB and lands ``block_len + dst_stride`` bytes apart.

The kernels fill UB from ``y`` (a sentinel) first, so the observer also sees what a copy leaves alone.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from ascx.testing.kernels import load_kernel_source

pytestmark = [pytest.mark.filterwarnings("ignore:verify_sync=False"), pytest.mark.differential]

Load = Callable[[str], ModuleType]

IN_KERNEL = """
@asc.jit(insert_sync=False, verify_sync=False)
def k(x: asc.GlobalAddress, y: asc.GlobalAddress, bc: int, bl: int, ss: int, ds: int, left: int, right: int,
      value: {value_type}, count: int) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    u = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, count)
    asc.data_copy(u, yg, count)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    {set_pad_value}
    asc.data_copy_pad(u, xg, {params}, {pad})
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(yg, u, count)
"""


def in_kernel(dtype: str, *, ext: bool, is_pad: bool, set_pad_value: bool) -> str:
    value_type = "float" if dtype.startswith("float") else "int"
    if ext:
        params = "asc.DataCopyExtParams(bc, bl, ss, ds, 0)"
        pad = f"asc.DataCopyPadExtParams(asc.{dtype}, {is_pad}, left, right, value)"
    else:
        params = "asc.DataCopyParams(bc, bl, ss, ds)"
        pad = f"asc.DataCopyPadParams({is_pad}, left, right, 0)"  # CANN: a uint64_t, 0 only
    return IN_KERNEL.format(
        value_type=value_type,
        params=params,
        pad=pad,
        set_pad_value="asc.set_pad_value(value)" if set_pad_value else "",
    )


OUT_KERNEL = """
@asc.jit(insert_sync=False, verify_sync=False)
def k(x: asc.GlobalAddress, y: asc.GlobalAddress, bc: int, bl: int, ss: int, ds: int, count: int) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    u = asc.LocalTensor(x.dtype, asc.TPosition.VECOUT, 0, count)
    asc.data_copy(u, xg, count)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy_pad(yg, u, asc.{params})
"""

_MODULES: dict[str, ModuleType] = {}


@pytest.fixture
def kernel_module(tmp_path_factory: pytest.TempPathFactory) -> Load:
    def load(source: str) -> ModuleType:
        if source not in _MODULES:
            _MODULES[source] = load_kernel_source(tmp_path_factory.mktemp("pad"), source)
        return _MODULES[source]

    return load


def round_up(n: int, to: int) -> int:
    return -(-n // to) * to


def pad_gm_to_ub(
    ub: np.ndarray, gm: np.ndarray, bc: int, bl: int, ss: int, ds: int, left: int, right: int, register: bytes
) -> None:
    """The model of GM -> UB (the module docstring); ``register``: the pad value register's bytes."""
    size = ub.itemsize
    unit = min(size, 4)
    row = round_up(bl + (left + right) * size, 32)
    to = ub.view(np.uint8)
    src = gm.view(np.uint8)
    for b in range(bc):
        block = src[b * (bl + ss) : b * (bl + ss) + bl]
        fill = register[:unit] if left + right > 0 else bytes(block[:unit])
        line = to[b * (row + ds * 32) : b * (row + ds * 32) + row]
        line[:] = np.frombuffer(fill * (row // unit), np.uint8)
        line[left * size : left * size + bl] = block


def pad_ub_to_gm(gm: np.ndarray, ub: np.ndarray, bc: int, bl: int, ss: int, ds: int) -> None:
    """The model of UB -> GM (the module docstring)."""
    to = gm.view(np.uint8)
    src = ub.view(np.uint8)
    step = round_up(bl, 32) + ss * 32
    for b in range(bc):
        to[b * (bl + ds) : b * (bl + ds) + bl] = src[b * step : b * step + bl]


def value_bytes(dtype: type, value: float) -> bytes:
    return np.array([value], dtype).tobytes()


# (dtype, (block_count, block_len, src_stride, dst_stride, left, right), padding value)
IN_CASES = {
    # CANN's page, example 2: 47 bytes, GM blocks 1 byte apart, rows one block apart (int8: bytes)
    "int8_47_bytes_strided": (np.int8, (3, 47, 1, 1, 0, 0), 5),
    # the dummy of unpadded rows repeats each block's first element
    "half_unaligned_rows": (np.float16, (4, 20, 0, 0, 0, 0), 2.5),
    "float_unaligned_rows_gaps": (np.float32, (3, 36, 8, 2, 0, 0), -1.0),
    # paddings: left, right and the dummy hold the padding value
    "half_left_and_right": (np.float16, (3, 20, 2, 0, 3, 2), 9.0),
    "float_right_only_aligned": (np.float32, (2, 24, 0, 1, 0, 2), 7.0),
    "int32_left_only": (np.int32, (5, 12, 4, 0, 1, 0), -3),
    # 64-bit elements move as 32-bit pairs: the dummy repeats the block's first 32 bits
    "int64_unaligned_rows": (np.int64, (3, 40, 0, 0, 0, 0), 0),
    # an aligned row: nothing padded, the destination's bytes beside it untouched
    "half_aligned": (np.float16, (2, 64, 0, 1, 0, 0), 1.0),
}


def dtype_name(dtype: type) -> str:
    return np.dtype(dtype).name


@pytest.mark.parametrize("ext", [True, False], ids=["ext", "plain"])
@pytest.mark.parametrize("is_pad", [True, False], ids=["is_pad", "no_pad"])
@pytest.mark.parametrize("case", sorted(IN_CASES))
def test_gm_to_ub_matches_the_model(kernel_module: Load, case: str, is_pad: bool, ext: bool) -> None:
    """With ``is_pad`` the register takes the padding value (0 in the plain form); without, it keeps the
    launcher's reset value (0)."""
    dtype, params, value = IN_CASES[case]
    count = 2048 // np.dtype(dtype).itemsize
    rng = np.random.default_rng(11)
    x = rng.integers(-100, 100, count).astype(dtype)
    y = np.full(count, 77, dtype)
    kernel_module(in_kernel(dtype_name(dtype), ext=ext, is_pad=is_pad, set_pad_value=False)).k[1](
        x, y, *params, value, count
    )
    expected = np.full(count, 77, dtype)
    register = value_bytes(dtype, value) if is_pad and ext else bytes(8)
    pad_gm_to_ub(expected, x, *params, register + bytes(8))
    assert np.array_equal(y, expected)


@pytest.mark.parametrize(("dtype", "value"), [(np.float32, 6.5), (np.int32, -9)], ids=["float32", "int32"])
def test_set_pad_value_pads_a_copy_without_is_pad(kernel_module: Load, dtype: type, value: float) -> None:
    """CANN's SetPadValue page: ``set_pad_value`` then a copy with ``is_pad`` false and a right padding."""
    count = 2048 // np.dtype(dtype).itemsize
    x = np.arange(count).astype(dtype)
    y = np.full(count, 77, dtype)
    params = (3, 28, 0, 0, 0, 1)
    source = in_kernel(dtype_name(dtype), ext=True, is_pad=False, set_pad_value=True)
    kernel_module(source).k[1](x, y, *params, value, count)
    expected = np.full(count, 77, dtype)
    pad_gm_to_ub(expected, x, *params, value_bytes(dtype, value))
    assert np.array_equal(y, expected)
    assert expected[7] == value  # the right padding of row 0 (28 bytes of data, then the padding)


def test_a_dummy_repeats_the_first_element_of_each_block(kernel_module: Load) -> None:
    """The case issue 31 found, spelled out: 20 halves in, both paddings 0, ``is_pad`` with 9: the 12
    elements after each row's data repeat that row's first element, not 9."""
    x = np.arange(1, 513).astype(np.float16)
    y = np.zeros(512, np.float16)
    kernel_module(in_kernel("float16", ext=True, is_pad=True, set_pad_value=False)).k[1](
        x, y, 2, 40, 0, 0, 0, 0, 9.0, 512
    )
    assert list(y[:32]) == [*range(1, 21), *[1] * 12]
    assert list(y[32:64]) == [*range(21, 41), *[21] * 12]


# (dtype, (block_count, block_len, src_stride, dst_stride))
OUT_CASES = {
    # CANN's page: 47 bytes per block, UB rows one block apart, GM blocks one byte apart
    "int8_47_bytes": (np.int8, (3, 47, 1, 1)),
    # two 20-byte blocks: the second is read at byte 32 of UB (the 32-byte row), lands at byte 20 of GM
    "float_20_bytes_dense": (np.float32, (2, 20, 0, 0)),
    "half_unaligned_rows_gaps": (np.float16, (4, 34, 1, 6)),
    "int32_aligned": (np.int32, (3, 64, 2, 4)),
    "int64_unaligned": (np.int64, (3, 40, 0, 8)),
}


@pytest.mark.parametrize("ext", [True, False], ids=["ext", "plain"])
@pytest.mark.parametrize("case", sorted(OUT_CASES))
def test_ub_to_gm_matches_the_model(kernel_module: Load, case: str, ext: bool) -> None:
    dtype, params = OUT_CASES[case]
    count = 2048 // np.dtype(dtype).itemsize
    x = np.random.default_rng(5).integers(-100, 100, count).astype(dtype)
    y = np.full(count, 77, dtype)
    form = "DataCopyExtParams(bc, bl, ss, ds, 0)" if ext else "DataCopyParams(bc, bl, ss, ds)"
    kernel_module(OUT_KERNEL.format(params=form)).k[1](x, y, *params, count)
    expected = np.full(count, 77, dtype)
    pad_ub_to_gm(expected, x, *params)
    assert np.array_equal(y, expected)


def test_two_20_byte_blocks_leave_their_32_byte_rows(kernel_module: Load) -> None:
    """Issue 32's mutant spelled out: the second of two 20-byte float blocks starts at element 8 of UB
    (its row is 32 bytes), and lands at element 5 of GM."""
    x = np.arange(512, dtype=np.float32)
    y = np.full(512, -1, np.float32)
    kernel_module(OUT_KERNEL.format(params="DataCopyExtParams(bc, bl, ss, ds, 0)")).k[1](x, y, 2, 20, 0, 0, 512)
    assert list(y[:11]) == [0, 1, 2, 3, 4, 8, 9, 10, 11, 12, -1]


STRIDED_KERNEL = """
@asc.jit(insert_sync=False, verify_sync=False)
def k(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    u = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 512)
    f = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4096, 512)
    asc.data_copy(u, yg, 512)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(u, xg, asc.DataCopyParams(3, 2, 1, 3){enhanced})
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(f, u, asc.DataCopyParams(1, 64){enhanced})
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(yg, f, 512)
    asc.data_copy(zg, f, asc.DataCopyParams(3, 2, 3, 1){enhanced})
"""


@pytest.mark.parametrize(
    "enhanced",
    [
        "",
        pytest.param(
            ", asc.DataCopyEnhancedParams()",
            marks=pytest.mark.clean_room_only(
                "CANN's dav_c220 DataCopy with DataCopyEnhancedParams between local tensors does not build on the "
                "CANN backend: its implementation calls copy_matrix_cbuf_to_cc, which the intrinsic layer lacks"
            ),
        ),
    ],
    ids=["plain", "enhanced"],
)
def test_data_copy_params_between_gm_and_ub_in_32_byte_units(tmp_path: Path, enhanced: str) -> None:
    """``data_copy`` with DataCopyParams(3, 2, src_stride, dst_stride) between GM and UB, float32: 3 blocks of
    2 units (16 floats), a gap of src_stride units after each block in the source and dst_stride in the
    destination; in, UB to UB whole, then back out, so the blocks land where they started.  The forms with
    (the normal) DataCopyEnhancedParams copy alike."""
    kernel = load_kernel_source(tmp_path, STRIDED_KERNEL.format(enhanced=enhanced)).k
    x = np.arange(128, dtype=np.float32)
    y = np.full(512, -1, np.float32)
    z = np.full(128, -2, np.float32)
    kernel[1](x, y, z)
    want_ub = np.full(512, -1, np.float32)
    want_z = np.full(128, -2, np.float32)
    for b in range(3):
        block = x[b * 24 : b * 24 + 16]  # source blocks 16 + 8 floats apart (a gap of one unit)
        want_ub[b * 40 : b * 40 + 16] = block  # UB rows 16 + 24 floats apart (three units)
        want_z[b * 24 : b * 24 + 16] = block
    np.testing.assert_array_equal(y, want_ub)
    np.testing.assert_array_equal(z, want_z)
