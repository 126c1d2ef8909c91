"""The family pages of ``asc.language.fwk``: the pipe, queues and buffers, whose records stand beside their
APIs (rendered by ``ascx.language.reference``)."""

from __future__ import annotations

from ascx.language.reference import Family

_F = "ascx.language.fwk"

PIPE = Family(
    "fwk/pipe",
    "The pipe: `TPipe`",
    """
    A kernel has one `TPipe`.  It gives queues and buffers their on-chip memory (`init_buffer`) and
    owns the event ids of each `HardEvent` (docs/sync-model.md#flags-and-event-ids).  `asc.get_tpipe_ptr()` returns it
    wherever a device function needs it.
    """,
    (f"{_F}.tpipe",),
    """
    @asc.jit
    def kernel(n: int) -> None:
        pipe = asc.TPipe()
        queue = asc.TQue(asc.TPosition.VECIN, 2)
        scratch = asc.TBuf(asc.TPosition.VECCALC)
        pool = asc.TBufPool(asc.TPosition.VECCALC, 2)
        pipe.init_buffer(queue, 2, 1024)
        asc.get_tpipe_ptr().init_buffer(scratch, n * 4)
        ok = pipe.init_buf_pool(pool, 8192)
        event = pipe.alloc_event_id(asc.HardEvent.V_MTE3)
        asc.set_flag(asc.HardEvent.V_MTE3, event)
        asc.wait_flag(asc.HardEvent.V_MTE3, event)
        pipe.release_event_id(event, asc.HardEvent.V_MTE3)
        fetched = pipe.fetch_event_id(asc.HardEvent.MTE2_V)
        pipe.init()
        pipe.reset()
        pipe.destroy()
    """,
    "(MockValue(asc.int32),)",
)

QUEUES = Family(
    "fwk/queues",
    "Queues: `TQue` and `TQueBind`",
    """
    A queue hands tensors from a producer pipe to a consumer pipe.  `alloc_tensor` takes a free
    buffer, `enque` passes the filled tensor on, `deque` receives the earliest one and
    `free_tensor` returns the buffer.  The events these calls imply follow the queue's positions
    (docs/sync-model.md#queues): a VECIN queue orders MTE2 (the copy in) before V, a VECOUT queue V
    before MTE3 (the copy out).  Tensors remember their queue, so `data_copy` can check that a copy
    goes the way its queue orders.
    """,
    (f"{_F}.tque",),
    """
    @asc.jit
    def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
        xg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        yg = asc.GlobalTensor()
        yg.set_global_buffer(y)
        pipe = asc.TPipe()
        q_in = asc.TQue(asc.TPosition.VECIN, 2)
        q_out = asc.TQue(asc.TPosition.VECOUT, 2)
        through = asc.TQueBind(asc.TPosition.VECIN, asc.TPosition.VECOUT, 1)
        pipe.init_buffer(q_in, 2, 512)
        pipe.init_buffer(q_out, 2, 512)
        pipe.init_buffer(through, 1, 512)
        a = q_in.alloc_tensor(asc.float16)
        asc.data_copy(a, xg, 256)
        q_in.enque(a)
        a = q_in.deque(asc.float16)
        b = q_out.alloc_tensor(asc.float16)
        asc.exp(b, a, 256)
        q_out.enque(b)
        q_in.free_tensor(a)
        b = q_out.deque(asc.float16)
        asc.data_copy(yg, b, 256)
        q_out.free_tensor(b)
        t = asc.LocalTensor(asc.float16)
        through.alloc_tensor(t)
        asc.data_copy(t, xg, 256)
        through.enque(t, asc.TPosition.VECIN, asc.TPosition.VECOUT)
        u = through.deque(asc.float16, asc.TPosition.VECIN, asc.TPosition.VECOUT)
        asc.data_copy(yg, u, 256)
        through.free_tensor(u)
        count = q_in.get_tensor_count_in_que()
        idle = q_in.has_idle_buffer()
        queued = q_in.has_tensor_in_que()
        vacant = q_in.vacant_in_que()
    """,
    "(MockTensor(asc.float16), MockTensor(asc.float16))",
)

BUFFERS = Family(
    "fwk/buffers",
    "Buffers: `TBuf` and `TBufPool`",
    """
    A `TBuf` is one buffer of scratch memory with no queue events: `get` returns it as a tensor,
    always the same memory, so the kernel orders its uses itself.  A `TBufPool` is a region of
    the pipe's memory that queues and buffers can be given memory from, and that `reset` frees for
    reuse.
    """,
    (f"{_F}.tbuf",),
    """
    @asc.jit
    def kernel(n: int) -> None:
        pipe = asc.TPipe()
        buf = asc.TBuf(asc.TPosition.VECCALC)
        pipe.init_buffer(buf, 4096)
        whole = buf.get(asc.float32)
        first = buf.get(asc.float16, 256)
        slot = buf.get_with_offset(128, 1024, asc.int32)
        pool = asc.TBufPool(asc.TPosition.VECCALC, 2)
        ok = pipe.init_buf_pool(pool, 8192)
        inner = asc.TBufPool(asc.TPosition.VECCALC, 2)
        ok2 = pool.init_buf_pool(inner, 2048)
        scratch = asc.TBuf(asc.TPosition.VECCALC)
        pool.init_buffer(scratch, len=512)
        pool.reset()
    """,
    "(MockValue(asc.int32),)",
)

FAMILIES = (PIPE, QUEUES, BUFFERS)
