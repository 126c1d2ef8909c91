"""Ops of the framework: declaring queues and buffers, giving them memory, the queue protocol
(``AllocTensor``/``EnQue``/``DeQue``/``FreeTensor``), ``TBuf`` tensors and the pipe's event ids.

Queue bookkeeping runs on the scalar unit; the events a queue implies are the subject of the sync
passes (docs/sync-model.md#queues), which find the queue of a tensor through these ops.
"""

from __future__ import annotations

from enum import auto

from xdsl.dialects.builtin import IntegerType
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, SpacedOpaqueSyntaxAttribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    base,
    irdl_attr_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import MemoryAllocEffect, MemoryReadEffect, MemoryWriteEffect
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from ascx.dialects.ascendc.basic_enums import HardEvent, HardEventAttr
from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import Pipe, TPosition, TPositionAttr
from ascx.dialects.ascendc.fwk_types import (
    BufferType,
    FrameworkObjectType,
    QueueType,
    TBufPoolType,
    TBufType,
    TQueBindType,
    TQueType,
)
from ascx.dialects.ascendc.int_constraints import SIGNLESS_I1, SIGNLESS_I32
from ascx.dialects.ascendc.tensor_ops import AnyInteger
from ascx.dialects.ascendc.traits import ExecutesOn
from ascx.dialects.ascendc.types import LocalTensorType, PipeType

_QUEUE_POSITIONS = frozenset(
    {TPosition.VECIN, TPosition.VECOUT, TPosition.A1, TPosition.A2, TPosition.B1, TPosition.B2}
    | {TPosition.C1, TPosition.C2, TPosition.CO1, TPosition.CO2, TPosition.TSCM}
)
"""Positions a ``TQue`` may have (``VECCALC`` scratch memory is a ``TBuf``; GM is not on chip)."""


@op_definition
class DeclareOp(IRDLOperation):
    """Declares a queue, buffer or buffer pool: ``AscendC::TQue<AscendC::TPosition::VECIN, 2> q;``.

    Example: ``%q = ascendc.declare : !ascendc.tque<vecin, 2>``
    """

    name = "ascendc.declare"
    result = result_def(FrameworkObjectType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryAllocEffect())
    assembly_format = "attr-dict `:` type($result)"

    def __init__(self, object_type: Attribute):
        super().__init__(result_types=[object_type])

    def verify_(self) -> None:
        t = self.result.type
        if isinstance(t, TQueType) and t.position.data not in _QUEUE_POSITIONS:
            raise VerifyException(f"a TQue cannot be at position {t.position.data.ir}")
        if isinstance(t, TQueType | TQueBindType) and t.depth.data < 0:
            raise VerifyException("a queue depth cannot be negative")
        if isinstance(t, TQueBindType | TBufType | TBufPoolType) and TPosition.GM in _positions(t):
            raise VerifyException(f"{t} cannot be at position gm")


def _positions(t: Attribute) -> tuple[TPosition, ...]:
    if isinstance(t, TQueBindType):
        return (t.src.data, t.dst.data)
    assert isinstance(t, TQueType | TBufType | TBufPoolType)
    return (t.position.data,)


@op_definition
class InitBufferOp(IRDLOperation):
    """``owner.InitBuffer(queue, num, len)`` / ``owner.InitBuffer(buf, len)``: gives a queue ``num``
    buffers of ``len`` bytes (or a ``TBuf`` one buffer), from the pipe or from a buffer pool.

    Example: ``ascendc.init_buffer %pipe, %q num %n len %l : !ascendc.pipe, !ascendc.tque<vecin, 2>, ui8, ui32``
    """

    name = "ascendc.init_buffer"
    owner = operand_def(base(PipeType) | base(TBufPoolType))
    buffer = operand_def(BufferType)
    num = opt_operand_def(AnyInteger)
    length = operand_def(AnyInteger)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryWriteEffect())

    def __init__(self, owner: SSAValue, buffer: SSAValue, num: SSAValue | None, length: SSAValue):
        super().__init__(operands=[owner, buffer, num, length])

    def verify_(self) -> None:
        is_buf = isinstance(self.buffer.type, TBufType)
        if is_buf and self.num is not None:
            raise VerifyException("a TBuf has one buffer: InitBuffer takes no buffer count for it")
        if not is_buf and self.num is None:
            raise VerifyException("InitBuffer of a queue needs the number of buffers")

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.owner)
        printer.print_string(", ")
        printer.print_operand(self.buffer)
        if self.num is not None:
            printer.print_string(" num ")
            printer.print_operand(self.num)
        printer.print_string(" len ")
        printer.print_operand(self.length)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_list([o.type for o in self.operands], printer.print_attribute)

    @classmethod
    def parse(cls, parser: Parser) -> InitBufferOp:
        owner = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        buffer = parser.parse_unresolved_operand()
        num = parser.parse_unresolved_operand() if parser.parse_optional_keyword("num") else None
        parser.parse_keyword("len")
        length = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        unresolved = [owner, buffer, *([num] if num is not None else []), length]
        types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        if len(types) != len(unresolved):
            parser.raise_error(f"expected {len(unresolved)} operand types, got {len(types)}")
        values = [parser.resolve_operand(u, t) for u, t in zip(unresolved, types, strict=True)]
        op = cls(values[0], values[1], values[2] if num is not None else None, values[-1])
        op.attributes.update(attributes)
        return op


@op_definition
class AllocTensorOp(IRDLOperation):
    """``q.AllocTensor<T>()``: a free buffer of the queue, as a tensor.

    Example: ``%t = ascendc.alloc_tensor %q : !ascendc.tque<vecin, 2> -> !ascendc.local_tensor<f16>``
    """

    name = "ascendc.alloc_tensor"
    queue = operand_def(QueueType)
    result = result_def(LocalTensorType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryAllocEffect())
    assembly_format = "$queue attr-dict `:` type($queue) `->` type($result)"

    def __init__(self, queue: SSAValue, element_type: Attribute):
        super().__init__(operands=[queue], result_types=[LocalTensorType(element_type)])


def _user_positions(src: TPosition | None, dst: TPosition | None) -> dict[str, Attribute]:
    if src is None or dst is None:
        return {}
    return {"src_user_pos": TPositionAttr(src), "dst_user_pos": TPositionAttr(dst)}


def _verify_user_positions(op: EnqueOp | DequeOp) -> None:
    if (op.src_user_pos is None) != (op.dst_user_pos is None):
        raise VerifyException("src_user_pos and dst_user_pos are given together")


@op_definition
class EnqueOp(IRDLOperation):
    """``q.EnQue(t)`` (or ``q.EnQue<src, dst>(t)``): hands a filled tensor to the queue's consumer.

    Example: ``ascendc.enque %q, %t : !ascendc.tque<vecin, 2>, !ascendc.local_tensor<f16>``
    """

    name = "ascendc.enque"
    queue = operand_def(QueueType)
    tensor = operand_def(LocalTensorType)
    src_user_pos = opt_prop_def(TPositionAttr)
    dst_user_pos = opt_prop_def(TPositionAttr)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryWriteEffect())
    assembly_format = (
        "$queue `,` $tensor (`from` $src_user_pos^ `to` $dst_user_pos)? attr-dict `:` type($queue) `,` type($tensor)"
    )

    def __init__(
        self,
        queue: SSAValue,
        tensor: SSAValue,
        src_user_pos: TPosition | None = None,
        dst_user_pos: TPosition | None = None,
    ):
        super().__init__(operands=[queue, tensor], properties=_user_positions(src_user_pos, dst_user_pos))

    def verify_(self) -> None:
        _verify_user_positions(self)


@op_definition
class DequeOp(IRDLOperation):
    """``q.DeQue<T>()`` (or ``q.DeQue<src, dst, T>()``): the earliest enqueued tensor.

    Example: ``%t = ascendc.deque %q : !ascendc.tque<vecin, 2> -> !ascendc.local_tensor<f16>``
    """

    name = "ascendc.deque"
    queue = operand_def(QueueType)
    src_user_pos = opt_prop_def(TPositionAttr)
    dst_user_pos = opt_prop_def(TPositionAttr)
    result = result_def(LocalTensorType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryReadEffect())
    assembly_format = "$queue (`from` $src_user_pos^ `to` $dst_user_pos)? attr-dict `:` type($queue) `->` type($result)"

    def __init__(
        self,
        queue: SSAValue,
        element_type: Attribute,
        src_user_pos: TPosition | None = None,
        dst_user_pos: TPosition | None = None,
    ):
        super().__init__(
            operands=[queue],
            properties=_user_positions(src_user_pos, dst_user_pos),
            result_types=[LocalTensorType(element_type)],
        )

    def verify_(self) -> None:
        _verify_user_positions(self)


@op_definition
class FreeTensorOp(IRDLOperation):
    """``q.FreeTensor(t)``: returns the tensor's buffer to the queue.

    Example: ``ascendc.free_tensor %q, %t : !ascendc.tque<vecin, 2>, !ascendc.local_tensor<f16>``
    """

    name = "ascendc.free_tensor"
    queue = operand_def(QueueType)
    tensor = operand_def(LocalTensorType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryWriteEffect())
    assembly_format = "$queue `,` $tensor attr-dict `:` type($queue) `,` type($tensor)"

    def __init__(self, queue: SSAValue, tensor: SSAValue):
        super().__init__(operands=[queue, tensor])


class QueueQuery(StrEnum):
    """What ``ascendc.queue_query`` asks a queue; ``cpp`` is the method, ``returns_bool`` its type."""

    GET_TENSOR_COUNT_IN_QUE = auto()
    HAS_IDLE_BUFFER = auto()
    HAS_TENSOR_IN_QUE = auto()
    VACANT_IN_QUE = auto()

    @property
    def cpp(self) -> str:
        return "".join(part.capitalize() for part in str(self).split("_"))

    @property
    def returns_bool(self) -> bool:
        return self is not QueueQuery.GET_TENSOR_COUNT_IN_QUE


@irdl_attr_definition
class QueueQueryAttr(EnumAttribute[QueueQuery], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.queue_query"


@op_definition
class QueueQueryOp(IRDLOperation):
    """``q.GetTensorCountInQue()``, ``q.HasIdleBuffer()``, ``q.HasTensorInQue()``, ``q.VacantInQue()``.

    Example: ``%n = ascendc.queue_query get_tensor_count_in_que %q : !ascendc.tque<vecin, 2> -> i32``
    """

    name = "ascendc.queue_query"
    query = prop_def(QueueQueryAttr)
    queue = operand_def(QueueType)
    result = result_def(base(IntegerType))
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryReadEffect())
    assembly_format = "$query $queue attr-dict `:` type($queue) `->` type($result)"

    def __init__(self, query: QueueQuery, queue: SSAValue):
        result = IntegerType(1) if query.returns_bool else IntegerType(32)
        super().__init__(operands=[queue], properties={"query": QueueQueryAttr(query)}, result_types=[result])

    def verify_(self) -> None:
        wanted = IntegerType(1) if self.query.data.returns_bool else IntegerType(32)
        if self.result.type != wanted:
            raise VerifyException(f"{self.query.data.cpp}() returns {wanted}, not {self.result.type}")


@op_definition
class TBufGetOp(IRDLOperation):
    """``buf.Get<T>()`` / ``buf.Get<T>(len)``: the buffer's memory (or its first ``len`` elements) as a tensor.

    Example: ``%t = ascendc.tbuf.get %buf len %n : !ascendc.tbuf<veccalc>, ui32 -> !ascendc.local_tensor<f32>``
    """

    name = "ascendc.tbuf.get"
    buffer = operand_def(TBufType)
    length = opt_operand_def(AnyInteger)
    result = result_def(LocalTensorType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryAllocEffect())
    assembly_format = "$buffer (`len` $length^)? attr-dict `:` type($buffer) (`,` type($length)^)? `->` type($result)"

    def __init__(self, buffer: SSAValue, element_type: Attribute, length: SSAValue | None = None):
        super().__init__(operands=[buffer, length], result_types=[LocalTensorType(element_type)])


@op_definition
class TBufGetWithOffsetOp(IRDLOperation):
    """``buf.GetWithOffset<T>(size, offset)``: ``size`` elements from byte ``offset`` of the buffer.

    Example: ``%t = ascendc.tbuf.get_with_offset %buf, %size, %off : ui32, ui32, !ascendc.tbuf<veccalc>
    -> !ascendc.local_tensor<f32>``
    """

    name = "ascendc.tbuf.get_with_offset"
    buffer = operand_def(TBufType)
    size = operand_def(AnyInteger)
    offset = operand_def(AnyInteger)
    result = result_def(LocalTensorType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryAllocEffect())
    assembly_format = (
        "$buffer `,` $size `,` $offset attr-dict `:` type($size) `,` type($offset) `,` type($buffer) `->` type($result)"
    )

    def __init__(self, buffer: SSAValue, element_type: Attribute, size: SSAValue, offset: SSAValue):
        super().__init__(operands=[buffer, size, offset], result_types=[LocalTensorType(element_type)])


class EventIdAction(StrEnum):
    """How ``ascendc.event_id`` obtains an id from the pipe's pool (docs/sync-model.md#flags-and-event-ids)."""

    ALLOC = auto()
    FETCH = auto()


@irdl_attr_definition
class EventIdActionAttr(EnumAttribute[EventIdAction], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.event_id_action"


@op_definition
class EventIdOp(IRDLOperation):
    """``pipe.AllocEventID<E>()`` (reserved until released) or ``pipe.FetchEventID<E>()`` (not reserved).

    Example: ``%id = ascendc.event_id alloc v_mte3 %pipe : i32``
    """

    name = "ascendc.event_id"
    action = prop_def(EventIdActionAttr)
    event = prop_def(HardEventAttr)
    pipe = operand_def(PipeType)
    result = result_def(SIGNLESS_I32)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryAllocEffect())
    assembly_format = "$action $event $pipe attr-dict `:` type($result)"

    def __init__(self, action: EventIdAction, event: HardEvent, pipe: SSAValue):
        super().__init__(
            operands=[pipe],
            properties={"action": EventIdActionAttr(action), "event": HardEventAttr(event)},
            result_types=[IntegerType(32)],
        )


@op_definition
class ReleaseEventIdOp(IRDLOperation):
    """``pipe.ReleaseEventID<E>(id)``: returns an id taken by ``AllocEventID`` to the pool.

    Example: ``ascendc.release_event_id v_mte3 %pipe, %id : i32``
    """

    name = "ascendc.release_event_id"
    event = prop_def(HardEventAttr)
    pipe = operand_def(PipeType)
    event_id = operand_def(AnyInteger)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryWriteEffect())
    assembly_format = "$event $pipe `,` $event_id attr-dict `:` type($event_id)"

    def __init__(self, event: HardEvent, pipe: SSAValue, event_id: SSAValue):
        super().__init__(operands=[pipe, event_id], properties={"event": HardEventAttr(event)})


class Lifecycle(StrEnum):
    """The argument-less lifecycle calls of a pipe or a buffer pool."""

    INIT = auto()
    RESET = auto()
    DESTROY = auto()

    @property
    def cpp(self) -> str:
        return str(self).capitalize()


@irdl_attr_definition
class LifecycleAttr(EnumAttribute[Lifecycle], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.lifecycle"


@op_definition
class LifecycleOp(IRDLOperation):
    """``pipe.Init()``, ``pipe.Reset()``, ``pipe.Destroy()``, ``pool.Reset()``.

    Example: ``ascendc.lifecycle destroy %pipe : !ascendc.pipe``
    """

    name = "ascendc.lifecycle"
    call = prop_def(LifecycleAttr)
    target = operand_def(base(PipeType) | base(TBufPoolType))
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryWriteEffect())
    assembly_format = "$call $target attr-dict `:` type($target)"

    def __init__(self, call: Lifecycle, target: SSAValue):
        super().__init__(operands=[target], properties={"call": LifecycleAttr(call)})

    def verify_(self) -> None:
        if isinstance(self.target.type, TBufPoolType) and self.call.data is not Lifecycle.RESET:
            raise VerifyException(f"a TBufPool has no {self.call.data.cpp}()")


@op_definition
class InitBufPoolOp(IRDLOperation):
    """``owner.InitBufPool(pool, len[, shareBuf])``: carves a buffer pool of ``len`` bytes out of the
    pipe (or of another pool); returns whether it succeeded.

    Example: ``%ok = ascendc.init_buf_pool %pipe, %pool, %len : !ascendc.pipe, !ascendc.tbuf_pool<veccalc, 4>, ui32``
    """

    name = "ascendc.init_buf_pool"
    owner = operand_def(base(PipeType) | base(TBufPoolType))
    pool = operand_def(TBufPoolType)
    length = operand_def(AnyInteger)
    share = opt_operand_def(TBufPoolType)
    result = result_def(SIGNLESS_I1)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryAllocEffect())
    assembly_format = (
        "$owner `,` $pool `,` $length (`share` $share^)? attr-dict "
        "`:` type($owner) `,` type($pool) `,` type($length) (`,` type($share)^)?"
    )

    def __init__(self, owner: SSAValue, pool: SSAValue, length: SSAValue, share: SSAValue | None = None):
        super().__init__(operands=[owner, pool, length, share], result_types=[IntegerType(1)])


__all__ = [
    "AllocTensorOp",
    "DeclareOp",
    "DequeOp",
    "EnqueOp",
    "EventIdAction",
    "EventIdActionAttr",
    "EventIdOp",
    "FreeTensorOp",
    "InitBufPoolOp",
    "InitBufferOp",
    "Lifecycle",
    "LifecycleAttr",
    "LifecycleOp",
    "QueueQuery",
    "QueueQueryAttr",
    "QueueQueryOp",
    "ReleaseEventIdOp",
    "TBufGetOp",
    "TBufGetWithOffsetOp",
]
