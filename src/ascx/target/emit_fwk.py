"""Printers of the framework: queue and buffer declarations, ``InitBuffer``, the queue protocol,
``TBuf`` tensors, event ids and pipe lifecycle calls."""

from __future__ import annotations

from ascx.dialects import ascendc as ir
from ascx.target.printer import AscendCPrinter, cpp_type, emits, position, scalar_type


def _element(t: object) -> str:
    assert isinstance(t, ir.LocalTensorType)
    return scalar_type(t.element_type)


@emits(ir.DeclareOp)
def _declare(p: AscendCPrinter, op: ir.DeclareOp) -> None:
    p.line(f"{cpp_type(op.result.type)} {p.names.get(op.result)};")


@emits(ir.InitBufferOp)
def _init_buffer(p: AscendCPrinter, op: ir.InitBufferOp) -> None:
    counts = [p.expr(op.num)] if op.num is not None else []
    p.call(op.owner, "InitBuffer", p.expr(op.buffer), *counts, p.expr(op.length))


@emits(ir.AllocTensorOp)
def _alloc_tensor(p: AscendCPrinter, op: ir.AllocTensorOp) -> None:
    t = op.result.type
    p.line(f"{cpp_type(t)} {p.names.get(op.result)} = {p.expr(op.queue)}.AllocTensor<{_element(t)}>();")


def _user_positions(op: ir.EnqueOp | ir.DequeOp) -> list[str]:
    if op.src_user_pos is None or op.dst_user_pos is None:
        return []
    return [position(op.src_user_pos.data), position(op.dst_user_pos.data)]


@emits(ir.EnqueOp)
def _enque(p: AscendCPrinter, op: ir.EnqueOp) -> None:
    p.call(op.queue, "EnQue", p.expr(op.tensor), template=", ".join(_user_positions(op)))


@emits(ir.DequeOp)
def _deque(p: AscendCPrinter, op: ir.DequeOp) -> None:
    t = op.result.type
    template = ", ".join([*_user_positions(op), _element(t)])
    p.line(f"{cpp_type(t)} {p.names.get(op.result)} = {p.expr(op.queue)}.DeQue<{template}>();")


@emits(ir.FreeTensorOp)
def _free_tensor(p: AscendCPrinter, op: ir.FreeTensorOp) -> None:
    p.call(op.queue, "FreeTensor", p.expr(op.tensor))


@emits(ir.QueueQueryOp)
def _queue_query(p: AscendCPrinter, op: ir.QueueQueryOp) -> None:
    p.line(f"{cpp_type(op.result.type)} {p.names.get(op.result)} = {p.expr(op.queue)}.{op.query.data.cpp}();")


@emits(ir.TBufGetOp)
def _tbuf_get(p: AscendCPrinter, op: ir.TBufGetOp) -> None:
    t = op.result.type
    args = p.expr(op.length) if op.length is not None else ""
    p.line(f"{cpp_type(t)} {p.names.get(op.result)} = {p.expr(op.buffer)}.Get<{_element(t)}>({args});")


@emits(ir.TBufGetWithOffsetOp)
def _tbuf_get_with_offset(p: AscendCPrinter, op: ir.TBufGetWithOffsetOp) -> None:
    t = op.result.type
    call = f"{p.expr(op.buffer)}.GetWithOffset<{_element(t)}>({p.expr(op.size)}, {p.expr(op.offset)})"
    p.line(f"{cpp_type(t)} {p.names.get(op.result)} = {call};")


def _event(event: ir.HardEvent) -> str:
    return f"AscendC::HardEvent::{event.name}"


@emits(ir.EventIdOp)
def _event_id(p: AscendCPrinter, op: ir.EventIdOp) -> None:
    method = "AllocEventID" if op.action.data is ir.EventIdAction.ALLOC else "FetchEventID"
    p.line(f"int32_t {p.names.get(op.result)} = {p.expr(op.pipe)}.{method}<{_event(op.event.data)}>();")


@emits(ir.ReleaseEventIdOp)
def _release_event_id(p: AscendCPrinter, op: ir.ReleaseEventIdOp) -> None:
    p.call(op.pipe, "ReleaseEventID", p.expr(op.event_id), template=_event(op.event.data))


@emits(ir.LifecycleOp)
def _lifecycle(p: AscendCPrinter, op: ir.LifecycleOp) -> None:
    p.call(op.target, op.call.data.cpp)


@emits(ir.InitBufPoolOp)
def _init_buf_pool(p: AscendCPrinter, op: ir.InitBufPoolOp) -> None:
    args = [p.expr(op.pool), p.expr(op.length)] + ([p.expr(op.share)] if op.share is not None else [])
    p.line(f"bool {p.names.get(op.result)} = {p.expr(op.owner)}.InitBufPool({', '.join(args)});")
