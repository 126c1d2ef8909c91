"""``asc.TPipe``: the kernel's pipe, which gives queues and buffers their memory and owns the
pools of event ids (docs/sync-model.md#flags-and-event-ids).  A kernel has one; ``asc.get_tpipe_ptr()`` returns it.
"""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.dtype import bit, int32, uint8, uint32
from ascx.language.core.enums import HardEvent
from ascx.language.core.forms import Form, Param, bind, instance_of, is_int
from ascx.language.core.tensor_metadata import CPU_ONLY, cpu_debug_only, not_for_the_npu, not_for_the_npu_message
from ascx.language.core.values import Handle, RuntimeScalar
from ascx.language.fwk.budget import L1_BYTES, UB_BYTES, UNIFIED_BUFFER, align32, claim, overflow_message
from ascx.language.fwk.tbuf import TBuf, TBufPool, pool_spelled, share_message
from ascx.language.fwk.tque import TQueBind
from ascx.language.records import records

record = records(__name__, "fwk/pipe")
_PIPE_KEY = "tpipe"
PIPE_EXISTS = "TPipe instance is already created, use get_tpipe_ptr() to obtain it"
NO_PIPE = "TPipe instance is not initialized, use TPipe() to create it"
BASE_ADDR_CPU_ONLY = cpu_debug_only("TPipe::GetBaseAddr")


def positive_message(api: str, param: str, value: int) -> str:
    return f"{api}: {param} must be at least 1, got {value}"


def pool_message(api: str, param: str, got: str) -> str:
    return f"{api}: {param} must be a TBufPool, got {got}"


def hard_event_message(api: str, got: str) -> str:
    return f"{api}: the event must be an asc.HardEvent, got {got}"


_OVERFLOW = overflow_message("TPipe.init_buffer", "'qout'", 65600, UNIFIED_BUFFER, [("'qin'", 131072)])
BUDGET_RULE = (
    "Sizes known at trace time must fit the chip: the queues and buffers of VECIN, VECOUT and VECCALC share the "
    f"{UB_BYTES}-byte unified buffer, those of A1/B1/C1/TSCM the {L1_BYTES}-byte L1 buffer (each buffer rounded up "
    f'to 32 bytes): "{_OVERFLOW}".'
)
"""The rule of the on-chip budget (``ascx.language.fwk.budget``)."""


@record(
    forms=("pipe = asc.TPipe()",),
    cpp=("AscendC::TPipe pipe;",),
    rules=(f'One per kernel: "{PIPE_EXISTS}".',),
    title="asc.TPipe",
)
class TPipe(Handle):
    """Declare the kernel's pipe."""

    __slots__ = ()

    def __init__(self) -> None:
        builder = active("TPipe")
        if _PIPE_KEY in builder.kernel_state:
            raise RuntimeError(PIPE_EXISTS)
        super().__init__(builder.insert(ir.PipeOp()).result)
        builder.kernel_state[_PIPE_KEY] = self

    @record(
        forms=(
            "pipe.init_buffer(que, num, len)",
            "pipe.init_buffer(buf, num)  # pyasc's name for the length",
            "pipe.init_buffer(buf=buf, len=len)",
        ),
        cpp=(
            "template <class T> bool InitBuffer(T& que, uint8_t num, uint32_t len);",
            "template <TPosition pos> bool InitBuffer(TBuf<pos>& buf, uint32_t len);",
        ),
        params=(
            ("que", "a ``TQue`` or ``TQueBind``"),
            ("num", "buffers; 2 is double buffering"),
            ("len", "bytes per buffer"),
            ("buf", "a ``TBuf``"),
        ),
        rules=(
            f'Constant counts and lengths are at least 1: "{positive_message("TPipe.init_buffer", "num", 0)}".',
            BUDGET_RULE,
        ),
        notes=("pyasc rejects a ``TQueBind``; ascx accepts it (C++ does).",),
    )
    def init_buffer(self, *args: Any, **kwargs: Any) -> None:
        """Give a queue ``num`` buffers of ``len`` bytes, or a ``TBuf`` one buffer of ``len`` bytes."""
        init_buffer(self, "TPipe.init_buffer", args, kwargs, buf_size_name="num")

    @record(
        forms=("ok = pipe.init_buf_pool(buf_pool, len)", "ok = pipe.init_buf_pool(buf_pool, len, share_buf)"),
        cpp=(
            "template <class T> bool InitBufPool(T& bufPool, uint32_t len);",
            "template <class T, class U> bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf);",
        ),
        rules=(f'"{pool_message("TPipe.init_buf_pool", "buf_pool", "a TBuf")}".',),
    )
    def init_buf_pool(self, buf_pool: Any, len: Any = 0, share_buf: Any = None) -> RuntimeScalar:
        """Give a buffer pool ``len`` bytes (shared with another pool when ``share_buf`` is given); true on
        success."""
        return init_buf_pool(self, "TPipe.init_buf_pool", buf_pool, len, share_buf)

    def _event_id(self, action: ir.EventIdAction, event: Any) -> RuntimeScalar:
        api = f"TPipe.{action.value}_event_id"
        builder = active(api)
        op = builder.insert(ir.EventIdOp(action, hard_event(event, api), self.ssa))
        return RuntimeScalar(op.result, int32, origin=f"an event id from {api}")

    @record(
        forms=("event_id = pipe.alloc_event_id(event=asc.HardEvent.V_S)",),
        cpp=("template <HardEvent evt> TEventID AllocEventID();",),
        rules=(
            "Events are ``asc.HardEvent`` members (C++ numbers them per architecture): "
            f'"{hard_event_message("TPipe.alloc_event_id", describe(4))}".',
        ),
    )
    def alloc_event_id(self, event: Any = HardEvent.V_S) -> RuntimeScalar:
        """An event id of ``event`` reserved until ``release_event_id``."""
        return self._event_id(ir.EventIdAction.ALLOC, event)

    @record(
        forms=("event_id = pipe.fetch_event_id(event=asc.HardEvent.V_S)",),
        cpp=("template <HardEvent evt> TEventID FetchEventID();",),
    )
    def fetch_event_id(self, event: Any = HardEvent.V_S) -> RuntimeScalar:
        """An event id of ``event`` that is free now, without reserving it (two overlapping users may get the
        same id)."""
        return self._event_id(ir.EventIdAction.FETCH, event)

    @record(
        forms=("pipe.release_event_id(id, event=asc.HardEvent.V_S)",),
        cpp=("template <HardEvent evt> void ReleaseEventID(TEventID id);",),
        notes=("The id comes first, as in pyasc.",),
    )
    def release_event_id(self, id: Any, event: Any = HardEvent.V_S) -> None:
        """Return an id from ``alloc_event_id``."""
        builder = active("TPipe.release_event_id")
        operand = integer_operand(builder, id, int32, api="TPipe.release_event_id", param="id")
        builder.insert(ir.ReleaseEventIdOp(hard_event(event, "TPipe.release_event_id"), self.ssa, operand))

    def _lifecycle(self, call: ir.Lifecycle) -> None:
        builder = active(f"TPipe.{call.value}")
        builder.insert(ir.LifecycleOp(call, self.ssa))

    @record(forms=("pipe.init()",), cpp=("void Init();",))
    def init(self) -> None:
        """Initialise the pipe."""
        self._lifecycle(ir.Lifecycle.INIT)

    @record(forms=("pipe.reset()",), cpp=("void Reset();",))
    def reset(self) -> None:
        """Release every buffer and event id."""
        self._lifecycle(ir.Lifecycle.RESET)

    @record(forms=("pipe.destroy()",), cpp=("void Destroy();",))
    def destroy(self) -> None:
        """Release the pipe's resources."""
        self._lifecycle(ir.Lifecycle.DESTROY)

    @record(
        forms=("pipe.get_base_addr(logic_pos=None)",),
        cpp=(),
        rules=(f'"{not_for_the_npu_message("TPipe.get_base_addr", BASE_ADDR_CPU_ONLY)}".',),
        summary=f"pyasc's ``GetBaseAddr``. {CPU_ONLY}",
        title="TPipe.get_base_addr",
        page="core/tensor_metadata",
    )
    def get_base_addr(self, logic_pos: Any = None) -> Any:
        """pyasc's ``GetBaseAddr``: CANN declares ``TPipe::GetBaseAddr`` in its CPU debug build only."""
        del logic_pos
        not_for_the_npu(
            "TPipe.get_base_addr",
            BASE_ADDR_CPU_ONLY,
            "a tensor's on-chip address is tensor.get_phy_addr()",
        )


@record(
    forms=("pipe = asc.get_tpipe_ptr()",),
    cpp=("// refers to the declared pipe",),
    rules=(f'"{NO_PIPE}".',),
)
def get_tpipe_ptr() -> TPipe:
    """The kernel's ``TPipe`` (the same object, the same C++ variable)."""
    builder = active("get_tpipe_ptr")
    pipe = builder.kernel_state.get(_PIPE_KEY)
    if not isinstance(pipe, TPipe):
        raise RuntimeError(NO_PIPE)
    return pipe


def hard_event(value: object, api: str) -> ir.HardEvent:
    """A ``HardEvent`` argument; plain ints are refused because C++ numbers events per architecture."""
    if isinstance(value, HardEvent):
        return ir.HardEvent[value.name]
    hint = f"write asc.HardEvent.{HardEvent(value).name}" if isinstance(value, int) and value in list(HardEvent) else ""
    raise ApiTypeError(
        hard_event_message(api, describe(value)),
        *((hint,) if hint else ()),
    )


def _positive(value: object, api: str, param: str) -> None:
    if isinstance(value, int) and value < 1:
        raise ApiValueError(positive_message(api, param, value))


def init_buffer(owner: Handle, api: str, args: tuple[Any, ...], kwargs: dict[str, Any], *, buf_size_name: str) -> None:
    """``owner.InitBuffer(...)`` for a pipe or a buffer pool."""
    builder = active(api)
    other = "len" if buf_size_name == "num" else "num"
    queue = instance_of(TQueBind)
    forms = [
        Form("queue", (Param("que", queue, "TQue"), Param("num", is_int, "int"), Param("len", is_int, "int"))),
        Form("buf", (Param("buf", instance_of(TBuf), "TBuf"), Param(buf_size_name, is_int, "int"))),
        Form("buf", (Param("buf", instance_of(TBuf), "TBuf"), Param(other, is_int, "int"))),
    ]
    form, bound = bind(api, forms, args, kwargs)
    if form == "queue":
        que: TQueBind = bound["que"]  # pyright: ignore[reportAssignmentType]
        num, length = bound["num"], bound["len"]
        _positive(num, api, "num")
        _positive(length, api, "len")
        operands = (integer_operand(builder, num, uint8, api=api, param="num"),)
        target, position = que, que.src
    else:
        buf: TBuf = bound["buf"]  # pyright: ignore[reportAssignmentType]
        num, length = 1, bound.get(buf_size_name, bound.get(other))
        _positive(length, api, "len")
        operands = ()
        target, position = buf, buf.position
    size = integer_operand(builder, length, uint32, api=api, param="len")
    if isinstance(owner, TPipe) and isinstance(num, int) and isinstance(length, int):
        claim(builder, position, num * align32(length), target.describe(), api)
    builder.insert(ir.InitBufferOp(owner.ssa, target.ssa, operands[0] if operands else None, size))


def _same_pool_type(api: str, owner: TBufPool, buf_pool: TBufPool, share_buf: TBufPool) -> None:
    """``pool.InitBufPool(bufPool, len, shareBuf)`` reads the private state of both pools, which in C++
    only a pool of the very same ``TBufPool<pos, bufIDSize>`` type may (``TPipe.InitBufPool`` may
    share between any two pools)."""

    def spelled(pool: TBufPool) -> str:
        return pool_spelled(pool.position, pool.buf_id_size)

    for name, pool in (("buf_pool", buf_pool), ("share_buf", share_buf)):
        if (pool.position, pool.buf_id_size) != (owner.position, owner.buf_id_size):
            raise ApiTypeError(share_message(api, name, spelled(owner), spelled(pool)))


def init_buf_pool(owner: Handle, api: str, buf_pool: Any, length: Any, share_buf: Any) -> RuntimeScalar:
    """``owner.InitBufPool(pool, len[, shareBuf])`` for a pipe or a buffer pool."""
    builder: IRBuilder = active(api)
    if not isinstance(buf_pool, TBufPool):
        raise ApiTypeError(pool_message(api, "buf_pool", describe(buf_pool)))
    if share_buf is not None and not isinstance(share_buf, TBufPool):
        raise ApiTypeError(pool_message(api, "share_buf", describe(share_buf)))
    if isinstance(owner, TBufPool) and share_buf is not None:
        _same_pool_type(api, owner, buf_pool, share_buf)
    _positive(length, api, "len")
    size = integer_operand(builder, length, uint32, api=api, param="len")
    if isinstance(owner, TPipe) and isinstance(length, int) and share_buf is None:
        claim(builder, buf_pool.position, align32(length), buf_pool.describe(), api)
    share = share_buf.ssa if share_buf is not None else None
    op = builder.insert(ir.InitBufPoolOp(owner.ssa, buf_pool.ssa, size, share))
    return RuntimeScalar(op.result, bit, origin="the result of InitBufPool")


__all__ = ["TPipe", "get_tpipe_ptr"]
