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
import pytest

import ascx as asc
from ascx.runtime.jit import MockTensor, MockValue
from ascx.testing import line_of, without_excerpts

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

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
            head, *notes = without_excerpts(str(w.message))
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
    """Parts of 2048 elements every 1024: blocks b and b + 1 share 1024 elements, of y (written, then read)
    and of x (read, then written: the blocks run in any order)."""
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
        "k.py:21: GM `x_gm` written here may be accessed by another block without inter-block synchronization [XC-7]",
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
        "k.py:21: GM `x_gm` written here may be accessed by another block without inter-block synchronization [XC-7]",
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
        "of its block's part, which is not bounded by the stride 2048 of the block index: only the loops' "
        "run-time ends bound it (`i` below `n`), and the kernel does not relate them to the stride",
        "k.py:21: GM `x_gm` written here may be accessed by another block without inter-block synchronization [XC-7]",
        "k.py:13:5: note: accessed here at another block-dependent offset",
        "k.py:21:5: note: the blocks' parts are not proved disjoint: `asc.data_copy` ends at element i * 256 + 256 "
        "of its block's part, which is not bounded by the stride 2048 of the block index: only the loops' "
        "run-time ends bound it (`i` below `n`), and the kernel does not relate them to the stride",
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
    assert (
        "k.py:36:5: note: the blocks' parts are not proved disjoint: `asc.data_copy_pad` ends at element 2304 of "
        "its block's part, past the stride 2048 of the block index"
    ) in diagnostics(kernel_module, body.format(tiles=9))


# --- parts whose sizes are run-time values (docs/rules/cross-core.md#disjoint-block-slices) ---------------

ROWS_KERNEL = """
import ascx as asc


@asc.jit
def copy_scaled(qin, qout, src, dst, count, scale: float):
    a = qin.alloc_tensor(asc.float32)
    asc.data_copy_pad(a, src, asc.DataCopyExtParams(1, count * 4, 0, 0, 0),
                      asc.DataCopyPadExtParams(asc.float32, False, 0, 0, 0.0))
    qin.enque(a)
    b = qin.deque(asc.float32)
    c = qout.alloc_tensor(asc.float32)
    asc.muls(c, b, scale, count)
    qout.enque(c)
    qin.free_tensor(b)
    d = qout.deque(asc.float32)
    asc.data_copy_pad(dst, d, asc.DataCopyExtParams(1, count * 4, 0, 0, 0))
    qout.free_tensor(d)


@asc.jit
def k(x: asc.GlobalAddress, y: asc.GlobalAddress, per_block: int, tail: int, row_len: int, tile: int,
      cores: int) -> None:
    pipe = asc.TPipe()
    qin = asc.TQue(asc.TPosition.VECIN, 1)
    qout = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qin, 1, 1024)
    pipe.init_buffer(qout, 1, 1024)
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    b = asc.get_block_idx()
    # the body follows
{body}
"""

ROWS_ARGS = (MockTensor(asc.float32), MockTensor(asc.float32), *[MockValue(asc.int32)] * 5)

LAST_BLOCK_TAIL = """
rows = per_block if b != {tail_block} else tail
x_gm.set_global_buffer(x + b * per_block * row_len, rows * row_len)
y_gm.set_global_buffer(y + b * per_block * row_len, rows * row_len)
for r in range(rows):
    copy_scaled(qin, qout, x_gm[r * row_len:], y_gm[r * row_len:], row_len, 2.0)
for r in range(rows):
    copy_scaled(qin, qout, y_gm[r * row_len:], x_gm[r * row_len:], row_len, 3.0)
"""
"""rms_norm_single_row's parts (ops-nn): ``per_block`` rows per block, the last block its own count."""

ACTIVE_BLOCKS_TILES = """
x_gm.set_global_buffer(x)
y_gm.set_global_buffer(y)
if b >= cores:
    return
rows = tail if b == cores - 1 else per_block
for r in range({rows}):
    base = (b * per_block + r) * row_len
    for i in range(row_len // tile):
        copy_scaled(qin, qout, x_gm[base + i * tile:], y_gm[base + i * tile:], tile, 2.0)
    if row_len % tile != 0:
        copy_scaled(qin, qout, x_gm[base + row_len // tile * tile:], y_gm[base + row_len // tile * tile:],
                    row_len % tile, 2.0)
"""
"""quantize's parts (ops-nn): blocks from ``cores`` on return at once, the last active block takes ``tail``
rows, each row in tiles with a shorter last one (``row_len // tile`` full tiles, ``row_len % tile`` left)."""


def _rows_diagnostics(load: Load, body: str) -> list[str]:
    module = load(ROWS_KERNEL.format(body=textwrap.indent(textwrap.dedent(body).strip("\n"), "    ")))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module.k.compile(*ROWS_ARGS)
    lines: list[str] = []
    for w in caught:
        if issubclass(w.category, asc.AscxWarning) and "[XC-7]" in str(w.message):
            head, *notes = without_excerpts(str(w.message))
            lines.append(f"k.py:{w.lineno}: {head}")
            lines += [re.sub(r"^\S+?\.py:", "k.py:", n) for n in notes]
    return lines


def _xc7_on_x_and_y(reason: str) -> list[str]:
    """The XC-7 warnings of a rows kernel whose two copies (line 20 writing, line 11 reading) leave ``y_gm`` and
    ``x_gm`` not proved disjoint, for ``reason``."""
    lines: list[str] = []
    for name in ("y_gm", "x_gm"):
        lines += [
            f"k.py:20: GM `{name}` written here may be accessed by another block without inter-block synchronization "
            "[XC-7]",
            "k.py:11:5: note: accessed here at another block-dependent offset",
            f"k.py:20:5: note: the blocks' parts are not proved disjoint: {reason}",
        ]
    return lines


def _rows_run(load: Load, body: str, blocks: int, *args: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    module = load(ROWS_KERNEL.format(body=textwrap.indent(textwrap.dedent(body).strip("\n"), "    ")))
    rng = np.random.default_rng(5)
    x0 = rng.standard_normal(64 * 40).astype(np.float32)
    x, y = x0.copy(), np.zeros_like(x0)
    module.k[blocks](x, y, *args)
    return x0, x, y


def test_the_last_block_may_take_more_rows(kernel_module: Load) -> None:
    """The parts are ``per_block`` rows each, but the last block's count is its own (``tail``, which the host
    computes): no block comes after the last, so it may run past its part.  Run with a tail longer than
    ``per_block``."""
    body = LAST_BLOCK_TAIL.format(tail_block="asc.get_block_num() - 1")
    assert _rows_diagnostics(kernel_module, body) == []
    x0, x, y = _rows_run(kernel_module, body, 3, 2, 3, 40, 0, 0)  # rows 2, 2 and 3 of 40 floats
    rows = 7 * 40
    np.testing.assert_array_equal(y[:rows], x0[:rows] * np.float32(2.0))
    np.testing.assert_array_equal(x[:rows], x0[:rows] * np.float32(2.0) * np.float32(3.0))
    np.testing.assert_array_equal(y[rows:], 0)


def test_a_longer_first_block_is_xc7(kernel_module: Load) -> None:
    """The same with the odd count on block 0: its rows past ``per_block`` are block 1's."""
    body = LAST_BLOCK_TAIL.format(tail_block="0")
    assert _rows_diagnostics(kernel_module, body) == [
        "k.py:20: GM `y_gm` written here may be accessed by another block without inter-block synchronization [XC-7]",
        "k.py:11:5: note: accessed here at another block-dependent offset",
        "k.py:20:5: note: the blocks' parts are not proved disjoint: `asc.data_copy_pad` ends at element r * row_len "
        "+ row_len of its block's part, which is not bounded by the stride per_block * row_len of the block index: "
        "only the loops' run-time ends bound it (`r` below `rows`), and the kernel does not relate them to the stride",
        "k.py:20: GM `x_gm` written here may be accessed by another block without inter-block synchronization [XC-7]",
        "k.py:11:5: note: accessed here at another block-dependent offset",
        "k.py:20:5: note: the blocks' parts are not proved disjoint: `asc.data_copy_pad` ends at element r * row_len "
        "+ row_len of its block's part, which is not bounded by the stride per_block * row_len of the block index: "
        "only the loops' run-time ends bound it (`r` below `rows`), and the kernel does not relate them to the stride",
    ]


def test_active_blocks_and_tiles_of_a_row(kernel_module: Load) -> None:
    """Rows ``b * per_block + r`` for ``r`` below the block's count, blocks from ``cores`` on idle, each row in
    full tiles and a tail: ``(row_len // tile) * tile + row_len % tile`` is ``row_len`` (C's division), so
    each row ends where the next begins."""
    body = ACTIVE_BLOCKS_TILES.format(rows="rows")
    assert _rows_diagnostics(kernel_module, body) == []
    x0, _, y = _rows_run(kernel_module, body, 4, 2, 1, 40, 16, 3)  # rows 2, 2, 1 of 40 = 16 + 16 + 8; block 3 idle
    rows = 5 * 40
    np.testing.assert_array_equal(y[:rows], x0[:rows] * np.float32(2.0))
    np.testing.assert_array_equal(y[rows:], 0)


def test_rows_not_bounded_by_the_stride_are_xc7(kernel_module: Load) -> None:
    """The loop runs to ``tail`` on every block, a count the stride ``per_block * row_len`` does not bound."""
    body = ACTIVE_BLOCKS_TILES.format(rows="tail")
    found = _rows_diagnostics(kernel_module, body)
    assert found[:2] == [
        "k.py:20: GM `y_gm` written here may be accessed by another block without inter-block synchronization [XC-7]",
        "k.py:20:5: note: accessed here at another block-dependent offset",
    ]
    # the full tiles' copy and the tail's are two calls of one device function at one line; whichever pair is
    # the warning, the other is a note of it with its reason (one buffer, one warning)
    assert (
        "k.py:20:5: note: `y_gm` is also written here and accessed at line 20, not proved disjoint either: "
        "`asc.data_copy_pad` ends at element i * tile + r * row_len + tile of its block's part, which is not bounded "
        "by the stride per_block * row_len of the block index: only the loops' run-time ends bound it (`i` below "
        "`(row_len // tile)`, `r` below `tail`), and the kernel does not relate them to the stride"
    ) in found


def test_a_stride_chosen_by_the_block_is_not_affine(kernel_module: Load) -> None:
    """Block 0 takes two rows and the others one, every ``b * rows`` rows: block 0's second row is block 1's
    (the stride itself depends on the block index, and the parts overlap)."""
    body = """
    rows = 2 if b == 0 else 1
    x_gm.set_global_buffer(x + b * rows * row_len, rows * row_len)
    y_gm.set_global_buffer(y + b * rows * row_len, rows * row_len)
    for r in range(rows):
        copy_scaled(qin, qout, x_gm[r * row_len:], y_gm[r * row_len:], row_len, 2.0)
    for r in range(rows):
        copy_scaled(qin, qout, y_gm[r * row_len:], x_gm[r * row_len:], row_len, 3.0)
    """
    assert _rows_diagnostics(kernel_module, body) == [
        "k.py:20: GM `y_gm` written here may be accessed by another block without inter-block synchronization [XC-7]",
        "k.py:11:5: note: accessed here at another block-dependent offset",
        "k.py:20:5: note: the blocks' parts are not proved disjoint: the block index steps its offset by "
        "row_len or row_len * 2 elements, depending on the block",
        "k.py:20: GM `x_gm` written here may be accessed by another block without inter-block synchronization [XC-7]",
        "k.py:11:5: note: accessed here at another block-dependent offset",
        "k.py:20:5: note: the blocks' parts are not proved disjoint: the block index steps its offset by "
        "row_len or row_len * 2 elements, depending on the block",
    ]


FORMER_TAIL = """
if b < cores:
    rows = per_block
    first = b * per_block
else:
    rows = tail
    first = cores * per_block + (b - cores) * tail
x_gm.set_global_buffer(x + first * row_len)
y_gm.set_global_buffer(y + {second}first * row_len)
for r in range(rows):
    copy_scaled(qin, qout, x_gm[r * row_len:], y_gm[r * row_len:], row_len, 2.0)
for r in range(rows):
    copy_scaled(qin, qout, y_gm[r * row_len:], x_gm[r * row_len:], row_len, 3.0)
"""
"""The former/tail split of Huawei's operators: ``cores`` blocks of ``per_block`` rows, then blocks of ``tail``
rows; ``{second}`` shifts y's parts for the negative case."""


def test_a_former_tail_split_is_proved(kernel_module: Load) -> None:
    """Each arm has one stride, and its condition orders the parts (a former block ends by ``cores * per_block``,
    where the first tail block starts): proved with no relation between ``per_block`` and ``tail``
    (docs/rules/cross-core.md#a-stride-per-arm).  Run with 2 former blocks of 3 rows and 2 tail blocks of 2."""
    body = FORMER_TAIL.format(second="")
    assert _rows_diagnostics(kernel_module, body) == []
    x0, x, y = _rows_run(kernel_module, body, 4, 3, 2, 40, 0, 2)
    rows = 10 * 40
    np.testing.assert_array_equal(y[:rows], x0[:rows] * np.float32(2.0))
    np.testing.assert_array_equal(x[:rows], x0[:rows] * np.float32(2.0) * np.float32(3.0))
    np.testing.assert_array_equal(y[rows:], 0)


def test_former_tail_parts_that_meet_are_xc7(kernel_module: Load) -> None:
    """The tail blocks start one row early (``cores * per_block - 1``): the last former block's last row is the
    first tail block's first."""
    body = FORMER_TAIL.format(second="").replace("first = cores * per_block +", "first = cores * per_block - 1 +")
    reason = (
        "the block index steps its offset by per_block * "
        "row_len or row_len * tail elements, depending on the block, and the arms' parts are not proved to stay apart"
    )
    assert _rows_diagnostics(kernel_module, body) == _xc7_on_x_and_y(reason)


BIG_SMALL = """
if b < cores:
    rows = {big}
    first = b * {big}
else:
    rows = per_block
    first = b * per_block + cores
x_gm.set_global_buffer(x + first * row_len)
y_gm.set_global_buffer(y + first * row_len)
for r in range(rows):
    copy_scaled(qin, qout, x_gm[r * row_len:], y_gm[r * row_len:], row_len, 2.0)
for r in range(rows):
    copy_scaled(qin, qout, y_gm[r * row_len:], x_gm[r * row_len:], row_len, 3.0)
"""
"""softmax_v2's big/small split (ops-nn): the first ``cores`` blocks take ``{big}`` rows, the others
``per_block``, after the big ones' extra rows."""


def test_a_big_small_split_is_proved_when_the_kernel_relates_the_lengths(kernel_module: Load) -> None:
    """The big blocks take ``per_block + 1`` rows, written in the kernel: the big parts end by ``cores *
    (per_block + 1)``, where the first small part starts.  Run with 2 big blocks of 3 rows and 2 small of 2."""
    body = BIG_SMALL.format(big="(per_block + 1)")
    assert _rows_diagnostics(kernel_module, body) == []
    x0, x, y = _rows_run(kernel_module, body, 4, 2, 0, 40, 0, 2)
    rows = 10 * 40
    np.testing.assert_array_equal(y[:rows], x0[:rows] * np.float32(2.0))
    np.testing.assert_array_equal(x[:rows], x0[:rows] * np.float32(2.0) * np.float32(3.0))
    np.testing.assert_array_equal(y[rows:], 0)


def test_a_big_small_split_from_two_host_lengths_is_xc7(kernel_module: Load) -> None:
    """The big blocks' length is another argument (``tail`` here, ``big_tile_length`` in softmax_v2): the parts
    meet only if the host makes it ``per_block + 1``, which XC-7 does not assume
    (docs/rules/cross-core.md#what-xc-7-takes-on-trust)."""
    reason = (
        "the block index steps its offset by per_block * "
        "row_len or row_len * tail elements, depending on the block, and the arms' parts are not proved to stay apart"
    )
    assert _rows_diagnostics(kernel_module, BIG_SMALL.format(big="tail")) == _xc7_on_x_and_y(reason)


BOUND_IN_ARMS = """
if b < cores:
    x_gm.set_global_buffer(x + b * per_block * row_len, per_block * row_len)
    y_gm.set_global_buffer(y + b * per_block * row_len, per_block * row_len)
    rows = per_block
else:
    x_gm.set_global_buffer(x + (cores * per_block + (b - cores) * tail{shift}) * row_len, tail * row_len)
    y_gm.set_global_buffer(y + (cores * per_block + (b - cores) * tail{shift}) * row_len, tail * row_len)
    rows = tail
for r in range(rows):
    copy_scaled(qin, qout, x_gm[r * row_len:], y_gm[r * row_len:], row_len, 2.0)
for r in range(rows):
    copy_scaled(qin, qout, y_gm[r * row_len:], x_gm[r * row_len:], row_len, 3.0)
"""
"""The former/tail split as CANN's samples write it: each arm binds the tensors to its blocks' parts."""


def test_bindings_in_the_arms_of_a_former_tail_split_are_proved(kernel_module: Load) -> None:
    """Two bindings, one per arm, with a stride each: the former parts end where the tail parts begin
    (docs/rules/cross-core.md#a-stride-per-arm).  Run with 2 former blocks of 3 rows and 2 tail blocks of 2."""
    body = BOUND_IN_ARMS.format(shift="")
    assert _rows_diagnostics(kernel_module, body) == []
    x0, x, y = _rows_run(kernel_module, body, 4, 3, 2, 40, 0, 2)
    rows = 10 * 40
    np.testing.assert_array_equal(y[:rows], x0[:rows] * np.float32(2.0))
    np.testing.assert_array_equal(x[:rows], x0[:rows] * np.float32(2.0) * np.float32(3.0))
    np.testing.assert_array_equal(y[rows:], 0)


def test_bindings_in_arms_that_meet_are_xc7(kernel_module: Load) -> None:
    """The tail parts start a row early: the last former block's last row is the first tail block's first."""
    reason = (
        "its bindings step with the block index by different strides, and the arms' parts are not proved to stay apart"
    )
    assert _rows_diagnostics(kernel_module, BOUND_IN_ARMS.format(shift=" - 1")) == _xc7_on_x_and_y(reason)
