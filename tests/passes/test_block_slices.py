"""XC-7 and per-block GM slices (issue 24, idiom 5; docs/rules/cross-core.md#disjoint-block-slices): a
buffer that each block reaches through ``set_global_buffer(y + get_block_idx() * stride ...)`` and only
touches inside ``[0, stride)`` is proved disjoint between blocks; slices that overlap, or an access past
the stride, are still XC-7, with a note that says why the proof failed."""

from __future__ import annotations

import re
import textwrap
import warnings
from collections.abc import Callable
from types import ModuleType

import numpy as np

import ascx as asc
from ascx.runtime.jit import MockTensor, MockValue
from ascx.testing import line_of

Load = Callable[[str], ModuleType]

KERNEL = """
import ascx as asc

TILE = 256


@asc.jit
def tile_pass(qin, qout, src, dst, scale: float):
    a = qin.alloc_tensor(asc.float32)
    asc.data_copy(a, src, TILE)
    qin.enque(a)
    b = qin.deque(asc.float32)
    c = qout.alloc_tensor(asc.float32)
    asc.muls(c, b, scale, TILE)
    qout.enque(c)
    qin.free_tensor(b)
    d = qout.deque(asc.float32)
    asc.data_copy(dst, d, TILE)
    qout.free_tensor(d)


@asc.jit
def pad_out(qin, qout, src, dst):
    a = qin.alloc_tensor(asc.float32)
    asc.data_copy(a, src, TILE)
    qin.enque(a)
    b = qin.deque(asc.float32)
    c = qout.alloc_tensor(asc.float32)
    asc.muls(c, b, 2.0, TILE)
    qout.enque(c)
    qin.free_tensor(b)
    d = qout.deque(asc.float32)
    asc.data_copy_pad(dst, d, asc.DataCopyExtParams(1, TILE * 4, 0, 0, 0))
    qout.free_tensor(d)


@asc.jit
def k(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    pipe = asc.TPipe()
    qin = asc.TQue(asc.TPosition.VECIN, 2)
    qout = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(qin, 2, TILE * 4)
    pipe.init_buffer(qout, 2, TILE * 4)
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    # the body follows
{body}
"""

ARGS = (MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32))

TWO_PASSES = """
for i in range({tiles}):
    tile_pass(qin, qout, x_gm[i * TILE:], y_gm[i * TILE:], 2.0)
for i in range({tiles}):
    tile_pass(qin, qout, y_gm[i * TILE:], x_gm[i * TILE:], 3.0)
"""
"""y = 2x in each block's part, then x = 3y read back from the same part."""


def _load(load: Load, body: str) -> tuple[ModuleType, int]:
    module = load(KERNEL.format(body=textwrap.indent(textwrap.dedent(body).strip("\n"), "    ")))
    return module, line_of(module, "# the body follows") + 1


def diagnostics(load: Load, body: str) -> list[str]:
    """Every line of the compile's XC-7 warnings, notes included (the copies are in ``tile_pass``: line 13
    reads ``src``, line 21 writes ``dst``)."""
    module, _ = _load(load, body)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module.k.compile(*ARGS)
    lines: list[str] = []
    for w in caught:
        if issubclass(w.category, asc.AscxWarning) and "[XC-7]" in str(w.message):
            head, *notes = str(w.message).splitlines()
            lines.append(f"k.py:{w.lineno}: {head}")
            lines += [re.sub(r"^\S+?\.py:", "k.py:", n) for n in notes]
    return lines


def run(load: Load, body: str, blocks: int, n: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    module, _ = _load(load, body)
    rng = np.random.default_rng(7)
    x0 = rng.standard_normal(blocks * n).astype(np.float32)
    x, y = x0.copy(), np.zeros_like(x0)
    module.k[blocks](x, y, n)
    return x0, x, y


def test_sized_slices_are_disjoint(kernel_module: Load) -> None:
    """The idiom: ``set_global_buffer(y + get_block_idx() * block_len, block_len)``."""
    body = """
    x_gm.set_global_buffer(x + asc.get_block_idx() * 2048, 2048)
    y_gm.set_global_buffer(y + asc.get_block_idx() * 2048, 2048)
    """
    body = textwrap.dedent(body).strip("\n") + TWO_PASSES.format(tiles=8)
    assert diagnostics(kernel_module, body) == []
    x0, x, y = run(kernel_module, body, 4, 2048)
    np.testing.assert_array_equal(y, x0 * np.float32(2.0))
    np.testing.assert_array_equal(x, x0 * np.float32(2.0) * np.float32(3.0))


def test_unsized_slices_through_scalar_arithmetic(kernel_module: Load) -> None:
    """No size: the extent is each copy's count at its loop's offsets; the stride is computed in steps."""
    body = """
    b = asc.get_block_idx()
    tiles = 8
    start = b * tiles
    start = start * TILE
    x_gm.set_global_buffer(x + start)
    y_gm.set_global_buffer(y + start)
    """
    body = textwrap.dedent(body).strip("\n") + TWO_PASSES.format(tiles="tiles")
    assert diagnostics(kernel_module, body) == []
    x0, x, y = run(kernel_module, body, 3, 2048)
    np.testing.assert_array_equal(y, x0 * np.float32(2.0))
    np.testing.assert_array_equal(x, x0 * np.float32(6.0))


def test_runtime_stride_with_the_same_size(kernel_module: Load) -> None:
    """``set_global_buffer(y + b * n, n)``: the stride and the size cancel, whatever n is."""
    body = """
    x_gm.set_global_buffer(x + asc.get_block_idx() * n, n)
    y_gm.set_global_buffer(y + asc.get_block_idx() * n, n)
    """
    body = textwrap.dedent(body).strip("\n") + TWO_PASSES.format(tiles="n // TILE")
    assert diagnostics(kernel_module, body) == []
    x0, x, y = run(kernel_module, body, 2, 1024)
    np.testing.assert_array_equal(y, x0 * np.float32(2.0))
    np.testing.assert_array_equal(x, x0 * np.float32(6.0))


def test_overlapping_slices_are_xc7(kernel_module: Load) -> None:
    """Parts of 2048 elements every 1024: blocks b and b + 1 share 1024 elements."""
    body = """
    x_gm.set_global_buffer(x + asc.get_block_idx() * 1024, 2048)
    y_gm.set_global_buffer(y + asc.get_block_idx() * 1024, 2048)
    """
    body = textwrap.dedent(body).strip("\n") + TWO_PASSES.format(tiles=8)
    assert diagnostics(kernel_module, body) == [
        "k.py:21: GM `y_gm` written here may be accessed by another block without inter-block synchronization [XC-7]",
        "k.py:13:5: note: accessed here at another block-dependent offset",
        "k.py:21:5: note: the blocks' parts are not proved disjoint: `asc.data_copy` ends at element 2048 of its "
        "block's part, past the stride 1024 of the block index",
    ]


def test_a_write_past_the_stride_is_xc7(kernel_module: Load) -> None:
    """Nine tiles of 256 in parts of 2048: the last tile is the next block's first."""
    body = """
    x_gm.set_global_buffer(x + asc.get_block_idx() * 2048)
    y_gm.set_global_buffer(y + asc.get_block_idx() * 2048)
    """
    body = textwrap.dedent(body).strip("\n") + TWO_PASSES.format(tiles=9)
    assert diagnostics(kernel_module, body) == [
        "k.py:21: GM `y_gm` written here may be accessed by another block without inter-block synchronization [XC-7]",
        "k.py:13:5: note: accessed here at another block-dependent offset",
        "k.py:21:5: note: the blocks' parts are not proved disjoint: `asc.data_copy` ends at element 2304 of its "
        "block's part, past the stride 2048 of the block index",
    ]


def test_an_unbounded_loop_is_not_proved(kernel_module: Load) -> None:
    """The tile index runs to a run-time n and no size bounds the part: the proof says what it lacks."""
    body = """
    x_gm.set_global_buffer(x + asc.get_block_idx() * 2048)
    y_gm.set_global_buffer(y + asc.get_block_idx() * 2048)
    """
    body = textwrap.dedent(body).strip("\n") + TWO_PASSES.format(tiles="n")
    assert diagnostics(kernel_module, body) == [
        "k.py:21: GM `y_gm` written here may be accessed by another block without inter-block synchronization [XC-7]",
        "k.py:13:5: note: accessed here at another block-dependent offset",
        "k.py:21:5: note: the blocks' parts are not proved disjoint: `asc.data_copy` ends at element i * 256 + 256 "
        "of its block's part, which is not bounded by the stride 2048 of the block index: the range of `i` is "
        "not known",
    ]


def test_one_block_of_data_copy_pad(kernel_module: Load) -> None:
    """A one-block ``data_copy_pad`` touches its ``blockLen`` bytes: 8 tiles of 256 floats fit parts of 2048,
    9 do not."""
    body = """
    x_gm.set_global_buffer(x + asc.get_block_idx() * 2048)
    y_gm.set_global_buffer(y + asc.get_block_idx() * 2048)
    for i in range({tiles}):
        pad_out(qin, qout, x_gm[i * TILE:], y_gm[i * TILE:])
    for i in range({tiles}):
        tile_pass(qin, qout, y_gm[i * TILE:], x_gm[i * TILE:], 3.0)
    """
    assert diagnostics(kernel_module, body.format(tiles=8)) == []
    x0, x, y = run(kernel_module, body.format(tiles=8), 2, 2048)
    np.testing.assert_array_equal(y, x0 * np.float32(2.0))
    np.testing.assert_array_equal(x, x0 * np.float32(6.0))
    assert diagnostics(kernel_module, body.format(tiles=9))[2] == (
        "k.py:36:5: note: the blocks' parts are not proved disjoint: `asc.data_copy_pad` ends at element 2304 of "
        "its block's part, past the stride 2048 of the block index"
    )
