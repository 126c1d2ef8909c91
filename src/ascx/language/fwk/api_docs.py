"""Reference records of ``asc.language.fwk``: the pipe, queues and buffers (rendered by
``ascx.language.reference``)."""

from __future__ import annotations

from ascx.language.reference import ApiEntry, Family

_P = "ascx.language.fwk.tpipe"
_Q = "ascx.language.fwk.tque"
_B = "ascx.language.fwk.tbuf"

_BUDGET = (
    "Sizes known at trace time must fit the chip: the queues and buffers of VECIN, VECOUT and VECCALC share the "
    "196608-byte unified buffer, those of A1/B1/C1/TSCM the 524288-byte L1 buffer (each buffer rounded up to 32 "
    "bytes): \"TPipe.init_buffer: 'qout' needs 65600 bytes, but only 65536 of the 196608 bytes of the unified "
    "buffer (UB) are left ('qin' has 131072)\"."
)

PIPE = Family(
    "fwk/pipe",
    "The pipe: `TPipe`",
    """
    A kernel has one `TPipe`.  It gives queues and buffers their on-chip memory (`init_buffer`) and
    owns the event ids of each `HardEvent` (docs/sync-model.md#flags-and-event-ids).  `asc.get_tpipe_ptr()` returns it
    wherever a device function needs it.
    """,
    (
        ApiEntry(
            f"{_P}:TPipe",
            "Declare the kernel's pipe.",
            ("pipe = asc.TPipe()",),
            ("AscendC::TPipe pipe;",),
            rules=('One per kernel: "TPipe instance is already created, use get_tpipe_ptr() to obtain it".',),
            title="asc.TPipe",
        ),
        ApiEntry(
            f"{_P}:TPipe.init_buffer",
            "Give a queue ``num`` buffers of ``len`` bytes, or a ``TBuf`` one buffer of ``len`` bytes.",
            (
                "pipe.init_buffer(que, num, len)",
                "pipe.init_buffer(buf, num)  # pyasc's name for the length",
                "pipe.init_buffer(buf=buf, len=len)",
            ),
            (
                "template <class T> bool InitBuffer(T& que, uint8_t num, uint32_t len);",
                "template <TPosition pos> bool InitBuffer(TBuf<pos>& buf, uint32_t len);",
            ),
            (
                ("que", "a ``TQue`` or ``TQueBind``"),
                ("num", "buffers; 2 is double buffering"),
                ("len", "bytes per buffer"),
                ("buf", "a ``TBuf``"),
            ),
            (
                'Constant counts and lengths are at least 1: "TPipe.init_buffer: num must be at least 1, got 0".',
                _BUDGET,
            ),
            ("pyasc rejects a ``TQueBind``; ascx accepts it (C++ does).",),
        ),
        ApiEntry(
            f"{_P}:TPipe.init_buf_pool",
            "Give a buffer pool ``len`` bytes (shared with another pool when ``share_buf`` is given); true on success.",
            ("ok = pipe.init_buf_pool(buf_pool, len)", "ok = pipe.init_buf_pool(buf_pool, len, share_buf)"),
            (
                "template <class T> bool InitBufPool(T& bufPool, uint32_t len);",
                "template <class T, class U> bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf);",
            ),
            rules=('"TPipe.init_buf_pool: buf_pool must be a TBufPool, got a TBuf".',),
        ),
        ApiEntry(
            f"{_P}:TPipe.alloc_event_id",
            "An event id of ``event`` reserved until ``release_event_id``.",
            ("event_id = pipe.alloc_event_id(event=asc.HardEvent.V_S)",),
            ("template <HardEvent evt> TEventID AllocEventID();",),
            rules=(
                'Events are ``asc.HardEvent`` members (C++ numbers them per architecture): "TPipe.alloc_event_id: the event '
                'must be an asc.HardEvent, got the int 4".',
            ),
        ),
        ApiEntry(
            f"{_P}:TPipe.fetch_event_id",
            "An event id of ``event`` that is free now, without reserving it (two overlapping users may get the same id).",
            ("event_id = pipe.fetch_event_id(event=asc.HardEvent.V_S)",),
            ("template <HardEvent evt> TEventID FetchEventID();",),
        ),
        ApiEntry(
            f"{_P}:TPipe.release_event_id",
            "Return an id from ``alloc_event_id``.",
            ("pipe.release_event_id(id, event=asc.HardEvent.V_S)",),
            ("template <HardEvent evt> void ReleaseEventID(TEventID id);",),
            notes=("The id comes first, as in pyasc.",),
        ),
        ApiEntry(f"{_P}:TPipe.init", "Initialise the pipe.", ("pipe.init()",), ("void Init();",)),
        ApiEntry(f"{_P}:TPipe.reset", "Release every buffer and event id.", ("pipe.reset()",), ("void Reset();",)),
        ApiEntry(f"{_P}:TPipe.destroy", "Release the pipe's resources.", ("pipe.destroy()",), ("void Destroy();",)),
        ApiEntry(
            f"{_P}:get_tpipe_ptr",
            "The kernel's ``TPipe`` (the same object, the same C++ variable).",
            ("pipe = asc.get_tpipe_ptr()",),
            ("// refers to the declared pipe",),
            rules=('"TPipe instance is not initialized, use TPipe() to create it".',),
        ),
    ),
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

_QUEUE_FORMS = "``TQue``/``TQueBind``"

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
    (
        ApiEntry(
            f"{_Q}:TQue",
            "A queue at one position with room for ``depth`` enqueued tensors; ``depth`` is required.",
            ("q = asc.TQue(pos, depth)",),
            ("AscendC::TQue<AscendC::TPosition::POS, depth> q;",),
            (
                ("pos", "compile-time: VECIN, VECOUT, A1, B1, A2, B2, C1, C2, CO1, CO2"),
                ("depth", "a compile-time int, at least 1"),
            ),
            (
                '"TQue: depth is required (C++ has no default)"; "TQue: a queue cannot be at position VECCALC" (scratch memory is a '
                '``TBuf``); a runtime depth: "TQue: depth must be a compile-time int, got a runtime int32 value".',
            ),
            title="asc.TQue",
        ),
        ApiEntry(
            f"{_Q}:TQueBind",
            "A queue between two positions, such as VECIN to VECOUT for data copied in and straight out.",
            ("q = asc.TQueBind(src, dst, depth)",),
            ("AscendC::TQueBind<AscendC::TPosition::SRC, AscendC::TPosition::DST, depth> q;",),
            rules=('"TQueBind: src cannot be GM: a queue holds on-chip buffers".',),
            title="asc.TQueBind",
        ),
        ApiEntry(
            f"{_Q}:TQueBind.alloc_tensor",
            "A free buffer of the queue as a tensor; given a tensor declared with ``LocalTensor(dtype)``, fills it in place.",
            ("t = q.alloc_tensor(dtype)", "q.alloc_tensor(t)"),
            ("template <typename T> LocalTensor<T> AllocTensor();",),
            rules=('"TQue.alloc_tensor: expected a data type (e.g. asc.float16), got the int 3".',),
            title="q.alloc_tensor",
        ),
        ApiEntry(
            f"{_Q}:TQueBind.enque",
            "Pass a filled tensor to the queue's consumer.",
            ("q.enque(t)", "q.enque(t, src_user_pos, dst_user_pos)"),
            (
                "template <typename T> bool EnQue(const LocalTensor<T>& tensor);",
                "template <TPosition srcUserPos, TPosition dstUserPos, typename T> bool EnQue(const LocalTensor<T>& tensor);",
            ),
            rules=('"TQue.enque: give both src_user_pos and dst_user_pos, or neither".',),
            title="q.enque",
        ),
        ApiEntry(
            f"{_Q}:TQueBind.deque",
            "The earliest enqueued tensor; given a declared tensor, fills it in place.",
            ("t = q.deque(dtype)", "q.deque(t)", "t = q.deque(dtype, src_user_pos, dst_user_pos)"),
            (
                "template <typename T> LocalTensor<T> DeQue();",
                "template <TPosition srcUserPos, TPosition dstUserPos, typename T> LocalTensor<T> DeQue();",
            ),
            title="q.deque",
        ),
        ApiEntry(
            f"{_Q}:TQueBind.free_tensor",
            "Return a tensor's buffer to the queue.",
            ("q.free_tensor(t)",),
            ("template <typename T> void FreeTensor(LocalTensor<T>& tensor);",),
            title="q.free_tensor",
        ),
        ApiEntry(
            f"{_Q}:TQueBind.get_tensor_count_in_que",
            "How many tensors are enqueued (``int32``).",
            ("count = q.get_tensor_count_in_que()",),
            ("int32_t GetTensorCountInQue();",),
            title="q.get_tensor_count_in_que",
        ),
        ApiEntry(
            f"{_Q}:TQueBind.has_idle_buffer",
            "Whether ``alloc_tensor`` would find a free buffer.",
            ("idle = q.has_idle_buffer()",),
            ("bool HasIdleBuffer();",),
            title="q.has_idle_buffer",
        ),
        ApiEntry(
            f"{_Q}:TQueBind.has_tensor_in_que",
            "Whether a tensor is enqueued.",
            ("queued = q.has_tensor_in_que()",),
            ("bool HasTensorInQue();",),
            title="q.has_tensor_in_que",
        ),
        ApiEntry(
            f"{_Q}:TQueBind.vacant_in_que",
            "Whether another tensor can be enqueued.",
            ("vacant = q.vacant_in_que()",),
            ("bool VacantInQue();",),
            title="q.vacant_in_que",
        ),
    ),
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
    (
        ApiEntry(
            f"{_B}:TBuf",
            "One buffer of scratch memory at ``pos`` (VECCALC by default).",
            ("buf = asc.TBuf(pos=asc.TPosition.VECCALC)",),
            ("AscendC::TBuf<AscendC::TPosition::POS> buf;",),
            rules=('"TBuf: a buffer cannot be at position GM".',),
            notes=("pyasc also declares an unused ``TQueBind`` for every ``TBuf``; ascx does not.",),
            title="asc.TBuf",
        ),
        ApiEntry(
            f"{_B}:TBuf.get",
            "The buffer as a tensor of ``dtype``: all of it, or its first ``len`` elements.",
            ("t = buf.get(dtype)", "t = buf.get(dtype, len)"),
            ("template <typename T> LocalTensor<T> Get();", "template <typename T> LocalTensor<T> Get(uint32_t len);"),
            title="buf.get",
        ),
        ApiEntry(
            f"{_B}:TBuf.get_with_offset",
            "``size`` elements of ``dtype`` from byte ``buf_offset`` of the buffer.",
            ("t = buf.get_with_offset(size, buf_offset, dtype)",),
            ("template <typename T> LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset);",),
            rules=('A constant offset is 32-byte aligned: "buf_offset must be align to 32B, got 100".',),
            title="buf.get_with_offset",
        ),
        ApiEntry(
            f"{_B}:TBufPool",
            "A pool of on-chip memory at ``pos`` that hands out buffers to at most ``buf_id_size`` queues and buffers.",
            ("pool = asc.TBufPool(pos=asc.TPosition.VECCALC, buf_id_size=4)",),
            ("AscendC::TBufPool<AscendC::TPosition::POS, bufIDSize> pool;",),
            title="asc.TBufPool",
        ),
        ApiEntry(
            f"{_B}:TBufPool.init_buffer",
            "Give a queue or a buffer memory from the pool (the forms of ``TPipe.init_buffer``).",
            ("pool.init_buffer(que, num, len)", "pool.init_buffer(buf, len)"),
            (
                "template <class T> bool InitBuffer(T& que, uint8_t num, uint32_t len);",
                "template <TPosition pos> bool InitBuffer(TBuf<pos>& buf, uint32_t len);",
            ),
            title="pool.init_buffer",
        ),
        ApiEntry(
            f"{_B}:TBufPool.init_buf_pool",
            "Carve a nested pool out of this one.",
            ("ok = pool.init_buf_pool(buf_pool, len)", "ok = pool.init_buf_pool(buf_pool, len, share_buf)"),
            (
                "template <class T> bool InitBufPool(T& bufPool, uint32_t len);",
                "template <class T, class U> bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf);",
            ),
            rules=(
                "With `share_buf`, `buf_pool` and `share_buf` must have this pool's position and `buf_id_size` "
                '(C++ lets only a pool of the same type read their state): "TBufPool.init_buf_pool: with share_buf, '
                "buf_pool must be a TBufPool(TPosition.VECCALC, 2) like the pool it is carved from, got a "
                'TBufPool(TPosition.VECCALC, 1) (only TPipe.init_buf_pool shares between pools of different types)".',
            ),
            title="pool.init_buf_pool",
        ),
        ApiEntry(
            f"{_B}:TBufPool.reset",
            "Free every buffer given out of the pool.",
            ("pool.reset()",),
            ("void Reset();",),
            title="pool.reset",
        ),
    ),
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
