"""The framework objects: ``TPipe``, ``TQue``/``TQueBind``, ``TBuf``, ``TBufPool``, the queue
protocol and the pipe's event ids; the exact C++ of every call and every check with its exact
message at the call's line (the kernel is ``ascx.testing.snippets``, whose pipe already has the
queues ``qin`` (VECIN, depth 2), ``qout`` (VECOUT, depth 2) and the buffer ``buf`` (VECCALC)).

The C++ calls are pyasc 1.1.1's, except that ascx does not declare the extra ``TQueBind`` pyasc
emits for every ``TBuf``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ascx.testing.snippets import snippet_error, snippet_lines

EMITS: dict[str, tuple[str, list[str]]] = {
    "tbuf_as_a_queue": (
        "pipe.init_buffer(buf, 1024); t = buf.alloc_tensor(asc.uint8); buf.enque(t); t2 = buf.deque(asc.float32); "
        "buf.free_tensor(t2); buf.free_tensor(t)",
        [
            "pipe.InitBuffer(buf, 1024);",
            "AscendC::LocalTensor<uint8_t> t = buf.Get<uint8_t>();",
            "AscendC::LocalTensor<float> t2 = buf.Get<float>();",
        ],
    ),
    "queue_protocol": (
        "t = qin.alloc_tensor(asc.float16); asc.data_copy(t, xg, 256); qin.enque(t); t2 = qin.deque(asc.float16); qin.free_tensor(t2)",
        [
            "AscendC::LocalTensor<half> t = qin.AllocTensor<half>();",
            "AscendC::DataCopy(t, xg, 256);",
            "qin.EnQue(t);",
            "AscendC::LocalTensor<half> t2 = qin.DeQue<half>();",
            "qin.FreeTensor(t2);",
        ],
    ),
    "init_buffer_queue": (
        "pipe.init_buffer(qin, 2, 512)",
        ["pipe.InitBuffer(qin, 2, 512);"],
    ),
    "init_buffer_keywords_runtime": (
        "pipe.init_buffer(que=qin, num=2, len=n * 2)",
        ["int32_t v = n * 2;", "pipe.InitBuffer(qin, 2, v);"],
    ),
    "init_buffer_tbuf": (
        "pipe.init_buffer(buf, 1024)",
        ["pipe.InitBuffer(buf, 1024);"],
    ),
    "init_buffer_tbuf_len_keyword": (
        "pipe.init_buffer(buf=buf, len=1024)",
        ["pipe.InitBuffer(buf, 1024);"],
    ),
    "tbuf_get": (
        "t = buf.get(asc.float32); u = buf.get(asc.float32, 128); w = buf.get_with_offset(64, 256, asc.int32)",
        [
            "AscendC::LocalTensor<float> t = buf.Get<float>();",
            "AscendC::LocalTensor<float> u = buf.Get<float>(128);",
            "AscendC::LocalTensor<int32_t> w = buf.GetWithOffset<int32_t>(64, 256);",
        ],
    ),
    "tque_bind": (
        "q = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 1); pipe.init_buffer(q, 1, 256)",
        [
            "AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> q;",
            "pipe.InitBuffer(q, 1, 256);",
        ],
    ),
    "tque_bind_through": (
        "q = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 1); t = q.alloc_tensor(asc.float16); asc.data_copy(t, xg, 256); q.enque(t); u = q.deque(asc.float16); asc.data_copy(yg, u, 256); q.free_tensor(u)",
        [
            "AscendC::TQueBind<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, 1> q;",
            "AscendC::LocalTensor<half> t = q.AllocTensor<half>();",
            "AscendC::DataCopy(t, xg, 256);",
            "q.EnQue(t);",
            "AscendC::LocalTensor<half> u = q.DeQue<half>();",
            "AscendC::DataCopy(yg, u, 256);",
            "q.FreeTensor(u);",
        ],
    ),
    "alloc_event_id": (
        "e = pipe.alloc_event_id(asc.HardEvent.V_MTE3); asc.set_flag(asc.HardEvent.V_MTE3, e); asc.wait_flag(asc.HardEvent.V_MTE3, e); pipe.release_event_id(e, asc.HardEvent.V_MTE3)",
        [
            "int32_t e = pipe.AllocEventID<AscendC::HardEvent::V_MTE3>();",
            "AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(e);",
            "AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(e);",
            "pipe.ReleaseEventID<AscendC::HardEvent::V_MTE3>(e);",
        ],
    ),
    "fetch_event_id": (
        "e = pipe.fetch_event_id(asc.HardEvent.MTE2_V)",
        ["int32_t e = pipe.FetchEventID<AscendC::HardEvent::MTE2_V>();"],
    ),
    "event_id_default": (
        "e = pipe.fetch_event_id()",
        ["int32_t e = pipe.FetchEventID<AscendC::HardEvent::V_S>();"],
    ),
    "lifecycle": (
        "pipe.init(); pipe.reset(); pipe.destroy()",
        ["pipe.Init();", "pipe.Reset();", "pipe.Destroy();"],
    ),
    "get_tpipe_ptr": (
        "p2 = asc.get_tpipe_ptr(); p2.init_buffer(buf, 64)",
        ["pipe.InitBuffer(buf, 64);"],
    ),
    "tbuf_pool": (
        "pool = asc.TBufPool(asc.TPosition.VECCALC, 2); ok = pipe.init_buf_pool(pool, 4096); pool.init_buffer(buf, len=512); pool.reset()",
        [
            "AscendC::TBufPool<AscendC::TPosition::VECCALC, 2> pool;",
            "bool ok = pipe.InitBufPool(pool, 4096);",
            "pool.InitBuffer(buf, 512);",
            "pool.Reset();",
        ],
    ),
    "tbuf_pool_nested": (
        "pool = asc.TBufPool(); inner = asc.TBufPool(); ok = pipe.init_buf_pool(pool, 4096); ok2 = pool.init_buf_pool(inner, 1024, pool)",
        [
            "AscendC::TBufPool<AscendC::TPosition::VECCALC, 4> pool;",
            "AscendC::TBufPool<AscendC::TPosition::VECCALC, 4> inner;",
            "bool ok = pipe.InitBufPool(pool, 4096);",
            "bool ok2 = pool.InitBufPool(inner, 1024, pool);",
        ],
    ),
    "queue_queries": (
        "cnt = qin.get_tensor_count_in_que(); h = qin.has_idle_buffer(); h2 = qin.has_tensor_in_que(); v = qin.vacant_in_que()",
        [
            "int32_t cnt = qin.GetTensorCountInQue();",
            "bool h = qin.HasIdleBuffer();",
            "bool h2 = qin.HasTensorInQue();",
            "bool v = qin.VacantInQue();",
        ],
    ),
    "alloc_into_declared": (
        "t = asc.LocalTensor(asc.float16); qin.alloc_tensor(t); asc.data_copy(t, xg, 256)",
        ["AscendC::LocalTensor<half> t = qin.AllocTensor<half>();", "AscendC::DataCopy(t, xg, 256);"],
    ),
    "deque_into_declared": (
        "t = asc.LocalTensor(asc.float16); qout.deque(t); asc.data_copy(yg, t, 256)",
        ["AscendC::LocalTensor<half> t = qout.DeQue<half>();", "AscendC::DataCopy(yg, t, 256);"],
    ),
    "user_positions": (
        "t = qin.alloc_tensor(asc.float16); qin.enque(t, asc.TPosition.VECIN, asc.TPosition.VECOUT); t2 = qin.deque(asc.float16, asc.TPosition.VECIN, asc.TPosition.VECOUT)",
        [
            "AscendC::LocalTensor<half> t = qin.AllocTensor<half>();",
            "qin.EnQue<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT>(t);",
            "AscendC::LocalTensor<half> t2 = qin.DeQue<AscendC::TPosition::VECIN, AscendC::TPosition::VECOUT, half>();",
        ],
    ),
    "ub_exactly_full": (
        "pipe.init_buffer(qin, 2, 65536); pipe.init_buffer(qout, 2, 32768)",
        ["pipe.InitBuffer(qin, 2, 65536);", "pipe.InitBuffer(qout, 2, 32768);"],
    ),
}

REJECTS: dict[str, tuple[str, str]] = {
    "tbuf_alloc_tensor_form": (
        "t = buf.get(asc.float16); buf.alloc_tensor(t)",
        "TypeError: TBuf.alloc_tensor: CANN's TBuf declares AllocTensor<T>() and DeQue<T>() only, no tensor form",
    ),
    "tbuf_free_not_a_tensor": (
        "buf.free_tensor(3)",
        "TypeError: TBuf.free_tensor: expected a LocalTensor, got the int 3",
    ),
    "tque_without_depth": (
        "q = asc.TQue(asc.TPosition.VECIN)",
        "TypeError: TQue: depth is required (C++ has no default)",
    ),
    "tque_veccalc": (
        "q = asc.TQue(asc.TPosition.VECCALC, 2)",
        "ValueError: TQue: a queue cannot be at position VECCALC",
    ),
    "tque_gm": (
        "q = asc.TQue(asc.TPosition.GM, 2)",
        "ValueError: TQue: a queue cannot be at position GM",
    ),
    "tque_runtime_depth": (
        "q = asc.TQue(asc.TPosition.VECIN, n)",
        "TypeError: TQue: depth must be a compile-time int, got a runtime int32 value",
    ),
    "tque_zero_depth": (
        "q = asc.TQue(asc.TPosition.VECIN, 0)",
        "ValueError: TQue: depth must be at least 1, got 0",
    ),
    "tque_int_position": (
        "q = asc.TQue(3.5, 2)",
        "TypeError: TQue: pos must be an asc.TPosition, got the float 3.5",
    ),
    "tque_bind_gm": (
        "q = asc.TQueBind(asc.TPosition.GM, asc.TPosition.VECOUT, 1)",
        "ValueError: TQueBind: src cannot be GM: a queue holds on-chip buffers",
    ),
    "second_pipe": (
        "p = asc.TPipe()",
        "RuntimeError: TPipe instance is already created, use get_tpipe_ptr() to obtain it",
    ),
    "init_buffer_over_ub": (
        "pipe.init_buffer(qin, 2, 100000)",
        "ValueError: TPipe.init_buffer: 'qin' needs 200000 bytes, more than the 196608 bytes of the unified buffer (UB)",
    ),
    "init_buffer_ub_full": (
        "pipe.init_buffer(qin, 2, 65536); pipe.init_buffer(qout, 2, 32769)",
        "ValueError: TPipe.init_buffer: 'qout' needs 65600 bytes, but only 65536 of the 196608 bytes of the unified buffer (UB) are left ('qin' has 131072)",
    ),
    "init_buffer_tbuf_counts": (
        "pipe.init_buffer(qin, 2, 65536); pipe.init_buffer(buf, 65536); pipe.init_buffer(qout, 1, 32)",
        "ValueError: TPipe.init_buffer: 'qout' needs 32 bytes, but only 0 of the 196608 bytes of the unified buffer (UB) are left ('qin' has 131072, 'buf' has 65536)",
    ),
    "init_buffer_zero_num": (
        "pipe.init_buffer(qin, 0, 512)",
        "ValueError: TPipe.init_buffer: num must be at least 1, got 0",
    ),
    "init_buffer_missing_len": (
        "pipe.init_buffer(qin, 2)",
        "TypeError: TPipe.init_buffer(): no form takes (TQue, int); the forms are:\n  TPipe.init_buffer(que: TQue, num: int, len: int)\n  TPipe.init_buffer(buf: TBuf, num: int)\n  TPipe.init_buffer(buf: TBuf, len: int)",
    ),
    "init_buffer_tbuf_with_num": (
        "pipe.init_buffer(buf, 1024, 2)",
        "TypeError: TPipe.init_buffer(): no form takes (TBuf, int, int); the forms are:\n  TPipe.init_buffer(que: TQue, num: int, len: int)\n  TPipe.init_buffer(buf: TBuf, num: int)\n  TPipe.init_buffer(buf: TBuf, len: int)",
    ),
    "init_buffer_of_tensor": (
        "pipe.init_buffer(c, 1, 2)",
        "TypeError: TPipe.init_buffer(): no form takes (LocalTensor, int, int); the forms are:\n  TPipe.init_buffer(que: TQue, num: int, len: int)\n  TPipe.init_buffer(buf: TBuf, num: int)\n  TPipe.init_buffer(buf: TBuf, len: int)",
    ),
    "event_as_int": (
        "e = pipe.alloc_event_id(4)",
        "TypeError: TPipe.alloc_event_id: the event must be an asc.HardEvent, got the int 4",
    ),
    "tbuf_offset_unaligned": (
        "t = buf.get_with_offset(64, 100, asc.int32)",
        "ValueError: buf_offset must be align to 32B, got 100",
    ),
    "tbuf_get_not_dtype": (
        "t = buf.get(3)",
        "TypeError: TBuf.get: expected a data type (e.g. asc.float16), got the int 3",
    ),
    "enque_not_tensor": (
        "qin.enque(xg)",
        "TypeError: TQue.enque: expected a LocalTensor, got a GlobalTensor",
    ),
    "enque_one_user_position": (
        "t = qin.alloc_tensor(asc.float16); qin.enque(t, asc.TPosition.VECIN)",
        "TypeError: TQue.enque: give both src_user_pos and dst_user_pos, or neither",
    ),
    "tbuf_pool_gm": (
        "pool = asc.TBufPool(asc.TPosition.GM)",
        "ValueError: TBufPool: a buffer pool cannot be at position GM",
    ),
    "tbuf_pool_not_pool": (
        "ok = pipe.init_buf_pool(buf, 64)",
        "TypeError: TPipe.init_buf_pool: buf_pool must be a TBufPool, got a TBuf",
    ),
    "tbuf_pool_share_other_type": (
        "pool = asc.TBufPool(asc.TPosition.VECCALC, 2); inner = asc.TBufPool(asc.TPosition.VECCALC, 1); ok = pool.init_buf_pool(inner, 1024, pool)",
        "TypeError: TBufPool.init_buf_pool: with share_buf, buf_pool must be a TBufPool(TPosition.VECCALC, 2) like the pool it is carved from, got a TBufPool(TPosition.VECCALC, 1) (only TPipe.init_buf_pool shares between pools of different types)",
    ),
    "tbuf_pool_share_other_share": (
        "pool = asc.TBufPool(asc.TPosition.VECCALC, 2); inner = asc.TBufPool(asc.TPosition.VECCALC, 2); other = asc.TBufPool(asc.TPosition.VECIN, 2); ok = pool.init_buf_pool(inner, 1024, other)",
        "TypeError: TBufPool.init_buf_pool: with share_buf, share_buf must be a TBufPool(TPosition.VECCALC, 2) like the pool it is carved from, got a TBufPool(TPosition.VECIN, 2) (only TPipe.init_buf_pool shares between pools of different types)",
    ),
}


@pytest.mark.parametrize("name", sorted(EMITS))
def test_emits(tmp_path: Path, name: str) -> None:
    statement, cpp = EMITS[name]
    assert snippet_lines(tmp_path, statement) == cpp


@pytest.mark.parametrize("name", sorted(REJECTS))
def test_rejects(tmp_path: Path, name: str) -> None:
    statement, message = REJECTS[name]
    error, line = snippet_error(tmp_path, statement)
    assert error.message == message
    assert error.location is not None
    assert error.location.line == line


@pytest.mark.parametrize(
    ("statement", "hint"),
    [
        ("q = asc.TQue(asc.TPosition.VECCALC, 2)", "scratch memory is asc.TBuf(asc.TPosition.VECCALC)"),
        ("e = pipe.alloc_event_id(4)", "write asc.HardEvent.MTE2_V"),
        ("pipe.init_buffer(qin, 2, 100000)", "use smaller tiles or fewer buffers (num=1 instead of double buffering)"),
        (
            "q = asc.TQue(asc.TPosition.VECIN, n)",
            "annotate the kernel parameter as asc.ConstExpr[int] to pass depth from the host",
        ),
    ],
)
def test_hints(tmp_path: Path, statement: str, hint: str) -> None:
    error, _ = snippet_error(tmp_path, statement)
    assert error.hints == [hint]
