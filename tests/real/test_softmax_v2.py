"""Softmax over the last axis in three passes separated by ``SyncAll``: pass 0 writes each row's maximum
(``ReduceMax``) to a workspace, pass 1 reads it back with ``GetValue``, subtracts it, exponentiates and
writes the row sum (``ReduceSum``), pass 2 recomputes ``exp(x - max)`` and divides by the broadcast sum.
Rows are split over blocks (one bigger block), tiles of ``core_tile_x1`` rows with a tail; every row
moves through depth-2 queues with ``DataCopyPad``. The other branch (softmax over a non-last axis,
partial sums added into the workspace with atomics) is traced too, at run time not taken here.

Origin: hicann/ops-nn, experimental/activation/softmax_v2/op_kernel/softmax_v2.h, softmax_v2.cpp and
softmax_v2_tiling_data.h, commit 5db915191a95d075ded8e6788f1deb1ce2b6e9d3 (class ``NsSoftmaxV2::SoftmaxV2``:
``Init``, ``CopyIn``, ``Compute``, ``CopyOut``, ``Process``; kernel ``softmax_v2``).

Changes the translation needed:
- The class's methods are device functions; its members are locals passed to them (the queues and
  buffers as a tuple ``q``).
- ``SoftmaxV2TilingData``'s scalar fields arrive as kernel parameters (uint32 as Python ints: int32 in
  the kernel); its array ``dimarr`` is a small int32 global tensor read with ``get_value``.
- The template is instantiated for ``T = float``.
- The unused member ``DataCopyPadExtParams``/``DataCopyExtParams`` objects and ``sum`` are left out; the
  locals of the same names are constructor calls.
- Sizes: 13 rows of 64 floats over 3 blocks (5, 4, 4 rows), 2-row tiles: tails of 1 and 2 rows.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import ascx as asc
from ascx.runtime.jit import MockTensor, MockValue
from ascx.testing import without_excerpts

BUFFER_NUM = 2


@asc.jit
def copy_in(progress, row, circle, t, q, g):
    dim, dim_num, lastdimnum, rowsss, core_tile_x1, rows, partnum, sumspacerows = t
    in_queue_x, in_queue_s, in_queue_m, out_queue_z, out_queue_s, out_queue_m, temp0, temp1 = q  # noqa: RUF059
    x_gm, s_gm, z_gm, m_gm = g  # noqa: RUF059
    if circle == 0 or circle == 1:
        x_local = in_queue_x.alloc_tensor(asc.float32)
        copy_params = asc.DataCopyExtParams(1, lastdimnum * asc.float32.sizeof(), 0, 0, 0)
        pad_params = asc.DataCopyPadExtParams(asc.float32, True, 0, 0, 0.0)
        asc.data_copy_pad(x_local, x_gm[(progress * core_tile_x1 + row) * lastdimnum :], copy_params, pad_params)
        in_queue_x.enque(x_local)
        if dim == dim_num - 1:
            hangshu = progress * core_tile_x1 + row + rowsss
            m_localin = in_queue_m.alloc_tensor(asc.float32)
            copy_params = asc.DataCopyExtParams(1, asc.float32.sizeof(), 0, 0, 0)
            pad_params = asc.DataCopyPadExtParams(asc.float32, True, 0, 0, 0.0)
            asc.data_copy_pad(m_localin, m_gm[hangshu:], copy_params, pad_params)
            in_queue_m.enque(m_localin)
        else:
            hangshu = rowsss + progress * core_tile_x1 + row
            parts = rows // partnum
            inparts = sumspacerows // partnum
            elepartnum = hangshu // parts
            eleinparts = hangshu % inparts
            m_localin = in_queue_m.alloc_tensor(asc.float32)
            copy_params = asc.DataCopyExtParams(1, lastdimnum * asc.float32.sizeof(), 0, 0, 0)
            pad_params = asc.DataCopyPadExtParams(asc.float32, True, 0, 0, 0.0)
            asc.data_copy_pad(
                m_localin, m_gm[elepartnum * lastdimnum * inparts + lastdimnum * eleinparts :], copy_params, pad_params
            )
            in_queue_m.enque(m_localin)
    else:
        x_local = in_queue_x.alloc_tensor(asc.float32)
        copy_params = asc.DataCopyExtParams(1, lastdimnum * asc.float32.sizeof(), 0, 0, 0)
        pad_params = asc.DataCopyPadExtParams(asc.float32, True, 0, 0, 0.0)
        asc.data_copy_pad(x_local, x_gm[(progress * core_tile_x1 + row) * lastdimnum :], copy_params, pad_params)
        in_queue_x.enque(x_local)
        if dim == dim_num - 1:
            hangshu = progress * core_tile_x1 + row + rowsss
            s_localin = in_queue_s.alloc_tensor(asc.float32)
            copy_params = asc.DataCopyExtParams(1, asc.float32.sizeof(), 0, 0, 0)
            pad_params = asc.DataCopyPadExtParams(asc.float32, True, 0, 0, 0.0)
            asc.data_copy_pad(s_localin, s_gm[hangshu:], copy_params, pad_params)
            m_localin = in_queue_m.alloc_tensor(asc.float32)
            asc.data_copy_pad(m_localin, m_gm[hangshu:], copy_params, pad_params)
            in_queue_m.enque(m_localin)
            in_queue_s.enque(s_localin)
        else:
            hangshu = rowsss + progress * core_tile_x1 + row
            parts = rows // partnum
            inparts = sumspacerows // partnum
            elepartnum = hangshu // parts
            eleinparts = hangshu % inparts
            s_localin = in_queue_s.alloc_tensor(asc.float32)
            copy_params = asc.DataCopyExtParams(1, lastdimnum * asc.float32.sizeof(), 0, 0, 0)
            pad_params = asc.DataCopyPadExtParams(asc.float32, True, 0, 0, 0.0)
            asc.data_copy_pad(
                s_localin, s_gm[elepartnum * lastdimnum * inparts + lastdimnum * eleinparts :], copy_params, pad_params
            )
            m_localin = in_queue_m.alloc_tensor(asc.float32)
            asc.data_copy_pad(
                m_localin, m_gm[elepartnum * lastdimnum * inparts + lastdimnum * eleinparts :], copy_params, pad_params
            )
            in_queue_m.enque(m_localin)
            in_queue_s.enque(s_localin)


@asc.jit
def copy_out(progress, row, circle, t, q, g):
    dim, dim_num, lastdimnum, rowsss, core_tile_x1, rows, partnum, sumspacerows = t
    in_queue_x, in_queue_s, in_queue_m, out_queue_z, out_queue_s, out_queue_m, temp0, temp1 = q  # noqa: RUF059
    x_gm, s_gm, z_gm, m_gm = g  # noqa: RUF059
    if circle == 0:
        if dim == dim_num - 1:
            m_localout = out_queue_m.deque(asc.float32)
            copy_params2 = asc.DataCopyExtParams(1, asc.float32.sizeof(), 0, 0, 0)
            asc.data_copy_pad(m_gm[progress * core_tile_x1 + row + rowsss :], m_localout, copy_params2)
            out_queue_m.free_tensor(m_localout)
        else:
            hangshu = rowsss + progress * core_tile_x1 + row
            parts = rows // partnum
            inparts = sumspacerows // partnum
            elepartnum = hangshu // parts
            eleinparts = hangshu % inparts
            m_localout = out_queue_m.deque(asc.float32)
            copy_params2 = asc.DataCopyExtParams(1, lastdimnum * asc.float32.sizeof(), 0, 0, 0)
            asc.data_copy_pad(
                m_gm[elepartnum * lastdimnum * inparts + lastdimnum * eleinparts :], m_localout, copy_params2
            )
            out_queue_m.free_tensor(m_localout)
    elif circle == 1:
        if dim == dim_num - 1:
            s_localout = out_queue_s.deque(asc.float32)
            temp = temp1.get(asc.float32)
            asc.reduce_sum(s_localout, s_localout, temp, lastdimnum)
            copy_params2 = asc.DataCopyExtParams(1, asc.float32.sizeof(), 0, 0, 0)
            asc.data_copy_pad(s_gm[progress * core_tile_x1 + row + rowsss :], s_localout, copy_params2)
            out_queue_s.free_tensor(s_localout)
        else:
            hangshu = rowsss + progress * core_tile_x1 + row
            parts = rows // partnum
            inparts = sumspacerows // partnum
            elepartnum = hangshu // parts
            eleinparts = hangshu % inparts
            s_localout = out_queue_s.deque(asc.float32)
            copy_params2 = asc.DataCopyExtParams(1, lastdimnum * asc.float32.sizeof(), 0, 0, 0)
            asc.set_atomic_add(asc.float32)
            asc.data_copy_pad(
                s_gm[elepartnum * lastdimnum * inparts + lastdimnum * eleinparts :], s_localout, copy_params2
            )
            asc.set_atomic_none()
            out_queue_s.free_tensor(s_localout)
    else:
        zlocal = out_queue_z.deque(asc.float32)
        copy_params2 = asc.DataCopyExtParams(1, asc.float32.sizeof() * lastdimnum, 0, 0, 0)
        asc.data_copy_pad(z_gm[(progress * core_tile_x1 + row) * lastdimnum :], zlocal, copy_params2)
        out_queue_z.free_tensor(zlocal)


@asc.jit
def compute(circle, t, q):
    dim, dim_num, lastdimnum, rowsss, core_tile_x1, rows, partnum, sumspacerows = t  # noqa: RUF059
    in_queue_x, in_queue_s, in_queue_m, out_queue_z, out_queue_s, out_queue_m, temp0, temp1 = q  # noqa: RUF059
    if circle == 0:
        if dim == dim_num - 1:
            x_local = in_queue_x.deque(asc.float32)
            m_localin = in_queue_m.deque(asc.float32)
            m_localout = out_queue_m.alloc_tensor(asc.float32)
            temp = temp0.get(asc.float32)
            asc.reduce_max(m_localout, x_local, temp, lastdimnum)
            in_queue_x.free_tensor(x_local)
            in_queue_m.free_tensor(m_localin)
            out_queue_m.enque(m_localout)
        else:
            x_local = in_queue_x.deque(asc.float32)
            m_localin = in_queue_m.deque(asc.float32)
            m_localout = out_queue_m.alloc_tensor(asc.float32)
            asc.max(m_localout, x_local, m_localin, lastdimnum)
            in_queue_x.free_tensor(x_local)
            in_queue_m.free_tensor(m_localin)
            out_queue_m.enque(m_localout)
    elif circle == 1:
        if dim == dim_num - 1:
            x_local = in_queue_x.deque(asc.float32)
            m_localin = in_queue_m.deque(asc.float32)
            s_localout = out_queue_s.alloc_tensor(asc.float32)
            max_ = m_localin.get_value(0)
            max_t = -max_
            asc.adds(x_local, x_local, max_t, lastdimnum)
            asc.exp(s_localout, x_local, lastdimnum)
            in_queue_x.free_tensor(x_local)
            in_queue_m.free_tensor(m_localin)
            out_queue_s.enque(s_localout)
        else:
            x_local = in_queue_x.deque(asc.float32)
            m_localin = in_queue_m.deque(asc.float32)
            s_localout = out_queue_s.alloc_tensor(asc.float32)
            asc.sub(x_local, x_local, m_localin, lastdimnum)
            asc.exp(s_localout, x_local, lastdimnum)
            in_queue_x.free_tensor(x_local)
            in_queue_m.free_tensor(m_localin)
            out_queue_s.enque(s_localout)
    else:
        if dim == dim_num - 1:
            x_local = in_queue_x.deque(asc.float32)
            s_localin = in_queue_s.deque(asc.float32)
            m_localin = in_queue_m.deque(asc.float32)
            z_local = out_queue_z.alloc_tensor(asc.float32)
            max_ = m_localin.get_value(0)
            max_t = -max_
            asc.adds(x_local, x_local, max_t, lastdimnum)
            asc.exp(x_local, x_local, lastdimnum)
            temp = s_localin.get_value(0)
            asc.duplicate(s_localin, temp, lastdimnum)
            asc.div(z_local, x_local, s_localin, lastdimnum)
            in_queue_x.free_tensor(x_local)
            in_queue_s.free_tensor(s_localin)
            in_queue_m.free_tensor(m_localin)
            out_queue_z.enque(z_local)
        else:
            x_local = in_queue_x.deque(asc.float32)
            s_localin = in_queue_s.deque(asc.float32)
            m_localin = in_queue_m.deque(asc.float32)
            z_local = out_queue_z.alloc_tensor(asc.float32)
            asc.sub(x_local, x_local, m_localin, lastdimnum)
            asc.exp(x_local, x_local, lastdimnum)
            asc.div(z_local, x_local, s_localin, lastdimnum)
            in_queue_x.free_tensor(x_local)
            in_queue_s.free_tensor(s_localin)
            in_queue_m.free_tensor(m_localin)
            out_queue_z.enque(z_local)


@asc.jit
def softmax_v2(
    x: asc.GlobalAddress,
    z: asc.GlobalAddress,
    workspace: asc.GlobalAddress,
    dimarr_gm: asc.GlobalAddress,
    small_tile_times: int,
    big_tile_times: int,
    small_tail_num: int,
    big_tail_num: int,
    big_core_num: int,
    small_tile_length: int,
    big_tile_length: int,
    core_tile_x1: int,
    dim: int,
    dim_num: int,
    partnum: int,
    sumspace: int,
    sumspacerows: int,
    rows: int,
) -> None:
    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    in_queue_s = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    in_queue_m = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_queue_z = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    out_queue_s = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    out_queue_m = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    temp0 = asc.TBuf(asc.TPosition.VECCALC)
    temp1 = asc.TBuf(asc.TPosition.VECCALC)
    x_gm = asc.GlobalTensor()
    s_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    m_gm = asc.GlobalTensor()

    # Init
    dimarr = asc.GlobalTensor()
    dimarr.set_global_buffer(dimarr_gm)
    lastdimnum = dimarr.get_value(dim_num - 1)
    if asc.get_block_idx() < big_core_num:
        block_length = big_tile_length
        tile_num = big_tile_times
        tail_num = big_tail_num
        rowsss = block_length * asc.get_block_idx()
    else:
        block_length = small_tile_length
        tile_num = small_tile_times
        tail_num = small_tail_num
        rowsss = block_length * asc.get_block_idx() + big_core_num
    if asc.get_block_idx() < big_core_num:
        x_gm.set_global_buffer(x + block_length * asc.get_block_idx() * lastdimnum, block_length * lastdimnum)
        s_gm.set_global_buffer(workspace, sumspace)
        m_gm.set_global_buffer(workspace + sumspace, sumspace)
        z_gm.set_global_buffer(z + block_length * asc.get_block_idx() * lastdimnum, block_length * lastdimnum)
    else:
        x_gm.set_global_buffer(
            x + (block_length * asc.get_block_idx() + big_core_num) * lastdimnum, block_length * lastdimnum
        )
        s_gm.set_global_buffer(workspace, sumspace)
        m_gm.set_global_buffer(workspace + sumspace, sumspace)
        z_gm.set_global_buffer(
            z + (block_length * asc.get_block_idx() + big_core_num) * lastdimnum, block_length * lastdimnum
        )

    pipe.init_buffer(in_queue_x, BUFFER_NUM, lastdimnum * asc.float32.sizeof())
    pipe.init_buffer(out_queue_z, BUFFER_NUM, lastdimnum * asc.float32.sizeof())
    pipe.init_buffer(in_queue_s, BUFFER_NUM, lastdimnum * asc.float32.sizeof())
    pipe.init_buffer(out_queue_s, BUFFER_NUM, lastdimnum * asc.float32.sizeof())
    pipe.init_buffer(in_queue_m, BUFFER_NUM, lastdimnum * asc.float32.sizeof())
    pipe.init_buffer(out_queue_m, BUFFER_NUM, lastdimnum * asc.float32.sizeof())
    pipe.init_buffer(temp0, lastdimnum * asc.float32.sizeof())
    pipe.init_buffer(temp1, lastdimnum * asc.float32.sizeof())

    t = (dim, dim_num, lastdimnum, rowsss, core_tile_x1, rows, partnum, sumspacerows)
    q = (in_queue_x, in_queue_s, in_queue_m, out_queue_z, out_queue_s, out_queue_m, temp0, temp1)
    g = (x_gm, s_gm, z_gm, m_gm)

    # Process
    for k in range(3):
        loop_count = tile_num
        process_num = core_tile_x1
        for i in range(loop_count - 1):
            for j in range(process_num):
                copy_in(i, j, k, t, q, g)
                compute(k, t, q)
                copy_out(i, j, k, t, q, g)
        process_num = tail_num
        for j in range(process_num):
            copy_in(loop_count - 1, j, k, t, q, g)
            compute(k, t, q)
            copy_out(loop_count - 1, j, k, t, q, g)
        asc.sync_all()


ROWS, COLS, CORES = 13, 64, 3


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The kernel's C++, for the CANN type-check (``ascx.testing.cann_kernels``)."""
    f32, i32 = MockTensor(asc.float32), MockTensor(asc.int32)
    yield "softmax_v2", softmax_v2.compile(f32, f32, f32, i32, *[MockValue(asc.int32)] * 14).source


def _expected_warnings() -> set[tuple[int, str]]:
    """What ascx reports about the kernel, each at its line: XC-7 (a lint) on the workspace and on the output,
    one warning per buffer (docs/rules/cross-core.md#xc-7), because the blocks' parts are disjoint only by
    relations of the host's tiling that the kernel never states, and XC-7 does not assume relations between
    kernel arguments (docs/rules/cross-core.md#what-xc-7-takes-on-trust).

    - A block's rows are ``rowsss + progress * core_tile_x1 + row`` for ``progress`` below ``tile_num`` and ``row``
      below ``core_tile_x1`` or ``tail_num``; they stay inside its ``block_length`` rows only because the host
      makes ``(tile_num - 1) * core_tile_x1 + tail_num`` equal ``block_length``.
    - The big blocks start at ``big_tile_length * b``, the small ones at ``small_tile_length * b + big_core_num``:
      the parts meet without overlapping only because the host makes the big blocks one row longer.
    - The workspace (``s_gm`` and ``m_gm`` are two halves of it) is one buffer: its accesses are one warning.
    The phases around ``sync_all`` pair nothing: the writes of ``circle == 0`` and the reads of ``circle == 1``
    exclude each other within an iteration, and ``sync_all`` orders the iterations."""
    here = Path(__file__)
    source = here.read_text().splitlines()

    def line(marker: str, after: int = 0) -> int:
        return next(number for number, text in enumerate(source, 1) if marker in text and number > after)

    copy_out_ = line("def copy_out(")
    write_m = line("asc.data_copy_pad(m_gm[", copy_out_)
    write_m_atomic = line("asc.data_copy_pad(", write_m)
    write_s = line("asc.data_copy_pad(s_gm[", copy_out_)
    write_s_atomic = line("asc.data_copy_pad(", write_s)
    read = line("asc.data_copy_pad(m_localin, m_gm[hangshu:]")
    read_other = line("asc.data_copy_pad(", read)
    write_z = line("asc.data_copy_pad(z_gm[")

    loop = (
        "`asc.data_copy_pad` ends at element core_tile_x1 * i + big_core_num + j + 1 of its block's part, which is not "
        "bounded by the stride small_tile_length of the block index: only the loops' run-time ends bound it (`i` "
        "below `tile_num - 1`, `j` below `core_tile_x1`), and the kernel does not relate them to the stride"
    )
    tail = (
        "`asc.data_copy_pad` ends at element core_tile_x1 * small_tile_times + big_core_num + core_tile_x1 * -1 + j + "
        "1 of its block's part, which is not bounded by the stride small_tile_length of the block index: only the "
        "loops' run-time ends bound it (`j` below `tail_num`), and the kernel does not relate them to the stride"
    )

    def also(written: int, name: str, accessed: int, why: str | None) -> str:
        return (
            f"{here}:{written}:13: note: `{name}` is also written here and accessed at line {accessed}, not proved "
            "disjoint either" + (f": {why}" if why else "")
        )

    # the full tiles' rows (`loop`) and the tail's (`tail`) are two calls of copy_in/copy_out at one line; the
    # other-axis branch's rows (`//`, `%`) have no affine offset, so no reason beyond "not proved"
    return {
        (
            write_m,
            "GM `m_gm` written here may be accessed by another block without inter-block synchronization [XC-7]\n"
            f"{here}:{read}:13: note: accessed here at another block-dependent offset\n"
            f"{here}:{write_m}:13: note: the blocks' parts are not proved disjoint: {loop}\n"
            + "\n".join(
                also(*case)
                for case in (
                    (write_m, "m_gm", read, tail),
                    (write_m, "m_gm", write_m, loop),
                    (write_m_atomic, "m_gm", read_other, None),
                    (write_m_atomic, "m_gm", write_m_atomic, None),
                    (write_s, "s_gm", read, loop),
                    (write_s, "s_gm", read, tail),
                    (write_s, "s_gm", write_s, loop),
                    (write_s_atomic, "s_gm", read_other, None),
                    (write_s_atomic, "s_gm", write_s_atomic, None),
                )
            ),
        ),
        (
            write_z,
            "GM `z_gm` written here may be accessed by another block without inter-block synchronization [XC-7]\n"
            f"{here}:{write_z}:9: note: accessed here at another block-dependent offset\n"
            f"{here}:{write_z}:9: note: the blocks' parts are not proved disjoint: its bindings step with the block "
            "index by different strides, and the arms' parts are not proved to stay apart",
        ),
    }


def test_softmax_v2() -> None:
    rng = np.random.default_rng(31)
    x = rng.standard_normal((ROWS, COLS)).astype(np.float32) * 3
    z = np.full_like(x, np.nan)
    workspace = np.zeros(2 * ROWS, np.float32)
    dimarr = np.array([ROWS, COLS, 0, 0], np.int32)
    # tiling: block 0 takes 5 rows (tiles 2, 2, 1), blocks 1 and 2 take 4 (tiles 2, 2)
    with pytest.warns(asc.AscxWarning) as record:
        softmax_v2[CORES](
            x, z, workspace, dimarr, 2, 3, 2, 1, 1, 4, 5, 2, 1, 2, 1, ROWS, 1, ROWS,
        )  # fmt: skip
    assert {(w.lineno, "\n".join(without_excerpts(str(w.message)))) for w in record} == _expected_warnings()
    shifted = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
    # float32 exp, reduction and division on the vector unit: a few ulps
    np.testing.assert_allclose(z, shifted / shifted.sum(axis=1, keepdims=True), rtol=2e-6, atol=1e-7)
