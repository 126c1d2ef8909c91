"""Types of the framework objects: queues, buffers and buffer pools.

Their template arguments are type parameters, written the way C++ writes them:
``!ascendc.tque<vecin, 2>`` is ``AscendC::TQue<AscendC::TPosition::VECIN, 2>``.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IntAttr
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import base, irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from ascx.dialects.ascendc.enum_attr import parse_ir_enum
from ascx.dialects.ascendc.enums import TPosition, TPositionAttr


def _print(printer: Printer, *items: str) -> None:
    with printer.in_angle_brackets():
        printer.print_string(", ".join(items))


def _parse(parser: AttrParser, kinds: str) -> list[Attribute]:
    """Parse ``<item, ...>`` where ``kinds`` says, per item, ``p`` (a position) or ``i`` (an integer)."""
    values: list[Attribute] = []
    with parser.in_angle_brackets():
        for index, kind in enumerate(kinds):
            if index:
                parser.parse_punctuation(",")
            if kind == "p":
                values.append(TPositionAttr(parse_ir_enum(parser, TPosition)))
            else:
                values.append(IntAttr(parser.parse_integer(allow_boolean=False, allow_negative=False)))
    return values


@irdl_attr_definition
class TQueType(ParametrizedAttribute, TypeAttribute):
    """``AscendC::TQue<pos, depth>``: a queue of tensors at ``pos``, e.g. ``!ascendc.tque<vecin, 2>``."""

    name = "ascendc.tque"
    position: TPositionAttr
    depth: IntAttr

    def __init__(self, position: TPosition, depth: int):
        super().__init__(TPositionAttr(position), IntAttr(depth))

    def print_parameters(self, printer: Printer) -> None:
        _print(printer, self.position.data.ir, str(self.depth.data))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        return _parse(parser, "pi")


@irdl_attr_definition
class TQueBindType(ParametrizedAttribute, TypeAttribute):
    """``AscendC::TQueBind<src, dst, depth>``: a queue that binds two positions,
    e.g. ``!ascendc.tque_bind<vecin, vecout, 1>``."""

    name = "ascendc.tque_bind"
    src: TPositionAttr
    dst: TPositionAttr
    depth: IntAttr

    def __init__(self, src: TPosition, dst: TPosition, depth: int):
        super().__init__(TPositionAttr(src), TPositionAttr(dst), IntAttr(depth))

    def print_parameters(self, printer: Printer) -> None:
        _print(printer, self.src.data.ir, self.dst.data.ir, str(self.depth.data))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        return _parse(parser, "ppi")


@irdl_attr_definition
class TBufType(ParametrizedAttribute, TypeAttribute):
    """``AscendC::TBuf<pos>``: one scratch buffer without queue events, e.g. ``!ascendc.tbuf<veccalc>``."""

    name = "ascendc.tbuf"
    position: TPositionAttr

    def __init__(self, position: TPosition):
        super().__init__(TPositionAttr(position))

    def print_parameters(self, printer: Printer) -> None:
        _print(printer, self.position.data.ir)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        return _parse(parser, "p")


@irdl_attr_definition
class TBufPoolType(ParametrizedAttribute, TypeAttribute):
    """``AscendC::TBufPool<pos, bufIDSize>``: a pool that hands out sub-buffers,
    e.g. ``!ascendc.tbuf_pool<veccalc, 4>``."""

    name = "ascendc.tbuf_pool"
    position: TPositionAttr
    buf_id_size: IntAttr

    def __init__(self, position: TPosition, buf_id_size: int):
        super().__init__(TPositionAttr(position), IntAttr(buf_id_size))

    def print_parameters(self, printer: Printer) -> None:
        _print(printer, self.position.data.ir, str(self.buf_id_size.data))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        return _parse(parser, "pi")


QueueType = base(TQueType) | base(TQueBindType)
"""A queue: ``TQue`` or ``TQueBind``."""

BufferType = base(TQueType) | base(TQueBindType) | base(TBufType)
"""What ``InitBuffer`` gives memory to."""

FrameworkObjectType = base(TQueType) | base(TQueBindType) | base(TBufType) | base(TBufPoolType)
"""Every object ``ascendc.declare`` declares."""


def queue_positions(t: Attribute) -> tuple[TPosition, TPosition]:
    """The (source, destination) positions of a queue or buffer type (the same for ``TQue``/``TBuf``)."""
    match t:
        case TQueBindType():
            return t.src.data, t.dst.data
        case TQueType() | TBufType() | TBufPoolType():
            return t.position.data, t.position.data
        case _:
            raise ValueError(f"{t} is not a queue or buffer type")


__all__ = ["BufferType", "QueueType", "TBufPoolType", "TBufType", "TQueBindType", "TQueType", "queue_positions"]
