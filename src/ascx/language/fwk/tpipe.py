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
from ascx.language.core.values import Handle, RuntimeScalar
from ascx.language.fwk.budget import align32, claim
from ascx.language.fwk.tbuf import TBuf, TBufPool
from ascx.language.fwk.tque import TQueBind

_PIPE_KEY = "tpipe"


class TPipe(Handle):
    """``AscendC::TPipe``."""

    __slots__ = ()

    def __init__(self) -> None:
        builder = active("TPipe")
        if _PIPE_KEY in builder.kernel_state:
            raise RuntimeError("TPipe instance is already created, use get_tpipe_ptr() to obtain it")
        super().__init__(builder.insert(ir.PipeOp()).result)
        builder.kernel_state[_PIPE_KEY] = self

    def init_buffer(self, *args: Any, **kwargs: Any) -> None:
        """``InitBuffer(que, num, len)``: ``num`` buffers of ``len`` bytes for a queue; or
        ``InitBuffer(buf, len)`` for a ``TBuf`` (pyasc calls this ``len`` argument ``num``)."""
        init_buffer(self, "TPipe.init_buffer", args, kwargs, buf_size_name="num")

    def init_buf_pool(self, buf_pool: Any, len: Any = 0, share_buf: Any = None) -> RuntimeScalar:
        """``InitBufPool(pool, len[, shareBuf])``: gives a buffer pool ``len`` bytes; True on success."""
        return init_buf_pool(self, "TPipe.init_buf_pool", buf_pool, len, share_buf)

    def _event_id(self, action: ir.EventIdAction, event: Any) -> RuntimeScalar:
        api = f"TPipe.{action.value}_event_id"
        builder = active(api)
        op = builder.insert(ir.EventIdOp(action, hard_event(event, api), self.ssa))
        return RuntimeScalar(op.result, int32, origin=f"an event id from {api}")

    def alloc_event_id(self, event: Any = HardEvent.V_S) -> RuntimeScalar:
        """``AllocEventID<E>()``: an event id reserved until ``release_event_id``."""
        return self._event_id(ir.EventIdAction.ALLOC, event)

    def fetch_event_id(self, event: Any = HardEvent.V_S) -> RuntimeScalar:
        """``FetchEventID<E>()``: an id that is free now, not reserved (two overlapping users may get
        the same id)."""
        return self._event_id(ir.EventIdAction.FETCH, event)

    def release_event_id(self, id: Any, event: Any = HardEvent.V_S) -> None:
        """``ReleaseEventID<E>(id)``: returns an id from ``alloc_event_id`` to the pool."""
        builder = active("TPipe.release_event_id")
        operand = integer_operand(builder, id, int32, api="TPipe.release_event_id", param="id")
        builder.insert(ir.ReleaseEventIdOp(hard_event(event, "TPipe.release_event_id"), self.ssa, operand))

    def _lifecycle(self, call: ir.Lifecycle) -> None:
        builder = active(f"TPipe.{call.value}")
        builder.insert(ir.LifecycleOp(call, self.ssa))

    def init(self) -> None:
        """``Init()``."""
        self._lifecycle(ir.Lifecycle.INIT)

    def reset(self) -> None:
        """``Reset()``: releases every buffer and event id."""
        self._lifecycle(ir.Lifecycle.RESET)

    def destroy(self) -> None:
        """``Destroy()``: releases the pipe's resources."""
        self._lifecycle(ir.Lifecycle.DESTROY)

    def get_base_addr(self, logic_pos: Any = None) -> Any:
        """pyasc's ``GetBaseAddr``: CANN declares ``TPipe::GetBaseAddr`` in its CPU debug build only."""
        from ascx.language.core.tensor_metadata import not_for_the_npu

        del logic_pos
        not_for_the_npu(
            "TPipe.get_base_addr",
            "CANN has TPipe::GetBaseAddr only in its CPU debug build (ASCENDC_CPU_DEBUG): a kernel for the NPU "
            "cannot call it",
            "a tensor's on-chip address is tensor.get_phy_addr()",
        )


def get_tpipe_ptr() -> TPipe:
    """The kernel's ``TPipe`` (pyasc's ``GetTPipePtr()``)."""
    builder = active("get_tpipe_ptr")
    pipe = builder.kernel_state.get(_PIPE_KEY)
    if not isinstance(pipe, TPipe):
        raise RuntimeError("TPipe instance is not initialized, use TPipe() to create it")
    return pipe


def hard_event(value: object, api: str) -> ir.HardEvent:
    """A ``HardEvent`` argument; plain ints are refused because C++ numbers events per architecture."""
    if isinstance(value, HardEvent):
        return ir.HardEvent[value.name]
    hint = f"write asc.HardEvent.{HardEvent(value).name}" if isinstance(value, int) and value in list(HardEvent) else ""
    raise ApiTypeError(
        f"{api}: the event must be an asc.HardEvent, got {describe(value)}",
        *((hint,) if hint else ()),
    )


def _positive(value: object, api: str, param: str) -> None:
    if isinstance(value, int) and value < 1:
        raise ApiValueError(f"{api}: {param} must be at least 1, got {value}")


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
        return f"TBufPool(TPosition.{pool.position.name}, {pool.buf_id_size})"

    for name, pool in (("buf_pool", buf_pool), ("share_buf", share_buf)):
        if (pool.position, pool.buf_id_size) != (owner.position, owner.buf_id_size):
            raise ApiTypeError(
                f"{api}: with share_buf, {name} must be a {spelled(owner)} like the pool it is carved "
                f"from, got a {spelled(pool)} (only TPipe.init_buf_pool shares between pools of different types)"
            )


def init_buf_pool(owner: Handle, api: str, buf_pool: Any, length: Any, share_buf: Any) -> RuntimeScalar:
    """``owner.InitBufPool(pool, len[, shareBuf])`` for a pipe or a buffer pool."""
    builder: IRBuilder = active(api)
    if not isinstance(buf_pool, TBufPool):
        raise ApiTypeError(f"{api}: buf_pool must be a TBufPool, got {describe(buf_pool)}")
    if share_buf is not None and not isinstance(share_buf, TBufPool):
        raise ApiTypeError(f"{api}: share_buf must be a TBufPool, got {describe(share_buf)}")
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
