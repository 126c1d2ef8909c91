"""``AscendC::LocalMemAllocator<hard>``: static tensor programming without ``TPipe`` — an allocator
hands out consecutive tensors of one physical memory, from its start.

Example::

    %a = ascendc.local_mem_allocator l1 : !ascendc.local_mem_allocator<l1>
    %t = ascendc.local_mem_allocator.alloc %a a1 size 512
        : !ascendc.local_mem_allocator<l1> -> !ascendc.local_tensor<f16>
    %u = ascendc.local_mem_allocator.alloc %a b1 dynamic %n
        : !ascendc.local_mem_allocator<l1>, i32 -> !ascendc.local_tensor<f16>
    %x = ascendc.local_mem_allocator.get_cur_addr %a : !ascendc.local_mem_allocator<l1> -> ui32
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IntAttr, IntegerType, Signedness
from xdsl.ir import Attribute, ParametrizedAttribute, SpacedOpaqueSyntaxAttribute, SSAValue, TypeAttribute
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.traits import MemoryAllocEffect, MemoryReadEffect
from xdsl.utils.exceptions import VerifyException

from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enum_attr import IrEnumAttribute, parse_ir_enum
from ascx.dialects.ascendc.enums import Pipe, TPosition, TPositionAttr
from ascx.dialects.ascendc.tensor_ops import AnyInteger
from ascx.dialects.ascendc.traits import ExecutesOn
from ascx.dialects.ascendc.types import LocalTensorType
from ascx.enums import Hardware as Hardware


@irdl_attr_definition
class HardwareAttr(IrEnumAttribute[Hardware], SpacedOpaqueSyntaxAttribute):
    """A ``Hardware``; prints as ``#ascendc<hardware l1>``."""

    name = "ascendc.hardware"


HARDWARE_OF: dict[TPosition, Hardware] = {
    TPosition.A1: Hardware.L1,
    TPosition.B1: Hardware.L1,
    TPosition.C1: Hardware.L1,
    TPosition.TSCM: Hardware.L1,
    TPosition.A2: Hardware.L0A,
    TPosition.B2: Hardware.L0B,
    TPosition.CO1: Hardware.L0C,
    TPosition.C2: Hardware.BIAS,
    TPosition.VECIN: Hardware.UB,
    TPosition.VECOUT: Hardware.UB,
    TPosition.VECCALC: Hardware.UB,
    TPosition.CO2: Hardware.GM,
    TPosition.GM: Hardware.GM,
}
"""``GetPhyType(pos)`` on dav-c220: the memory each position is in."""


@irdl_attr_definition
class LocalMemAllocatorType(ParametrizedAttribute, TypeAttribute):
    """``AscendC::LocalMemAllocator<AscendC::Hardware::L1>``, e.g. ``!ascendc.local_mem_allocator<l1>``."""

    name = "ascendc.local_mem_allocator"
    hardware: HardwareAttr

    def __init__(self, hardware: Hardware):
        super().__init__(HardwareAttr(hardware))

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(self.hardware.data.ir)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            return (HardwareAttr(parse_ir_enum(parser, Hardware)),)


@op_definition
class LocalMemAllocatorOp(IRDLOperation):
    """``AscendC::LocalMemAllocator<hard> a;``: an allocator of one memory, starting at its first byte."""

    name = "ascendc.local_mem_allocator"
    hardware = prop_def(HardwareAttr)
    result = result_def(LocalMemAllocatorType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "$hardware attr-dict `:` type($result)"

    def __init__(self, hardware: Hardware):
        super().__init__(
            properties={"hardware": HardwareAttr(hardware)}, result_types=[LocalMemAllocatorType(hardware)]
        )

    def verify_(self) -> None:
        if self.hardware.data is Hardware.GM:
            raise VerifyException("a LocalMemAllocator allocates on-chip memory, not GM")
        if self.result.type != LocalMemAllocatorType(self.hardware.data):
            raise VerifyException(f"the result type must be {LocalMemAllocatorType(self.hardware.data)}")


@op_definition
class LocalMemAllocatorAllocOp(IRDLOperation):
    """``a.Alloc<pos, T, tileSize>()`` (a compile-time size) or ``a.Alloc<pos, T>(tileSize)``: the next
    ``tileSize`` elements of the allocator's memory, as a tensor at ``pos``."""

    name = "ascendc.local_mem_allocator.alloc"
    allocator = operand_def(LocalMemAllocatorType)
    position = prop_def(TPositionAttr)
    static_size = opt_prop_def(IntAttr)
    tile_size = opt_operand_def(AnyInteger)
    result = result_def(LocalTensorType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryAllocEffect())

    def __init__(self, allocator: SSAValue, position: TPosition, element_type: Attribute, size: int | SSAValue) -> None:
        static = IntAttr(size) if isinstance(size, int) else None
        dynamic = size if isinstance(size, SSAValue) else None
        properties: dict[str, Attribute] = {"position": TPositionAttr(position)}
        if static is not None:
            properties["static_size"] = static
        super().__init__(
            operands=[allocator, dynamic], properties=properties, result_types=[LocalTensorType(element_type)]
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.allocator)
        printer.print_string(f" {self.position.data.ir}")
        if self.static_size is not None:
            printer.print_string(f" size {self.static_size.data}")
        if self.tile_size is not None:
            printer.print_string(" dynamic ")
            printer.print_operand(self.tile_size)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_list([o.type for o in self.operands], printer.print_attribute)
        printer.print_string(" -> ")
        printer.print_attribute(self.result.type)

    @classmethod
    def parse(cls, parser: Parser) -> LocalMemAllocatorAllocOp:
        allocator = parser.parse_unresolved_operand()
        position = parse_ir_enum(parser, TPosition)
        size: int | None = parser.parse_integer() if parser.parse_optional_keyword("size") else None
        tile = parser.parse_unresolved_operand() if parser.parse_optional_keyword("dynamic") else None
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        allocator_type = parser.parse_type()
        tile_type = parser.parse_type() if parser.parse_optional_punctuation(",") else None
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        if not isinstance(result_type, LocalTensorType):
            parser.raise_error("an allocation gives a !ascendc.local_tensor")
        resolved = parser.resolve_operand(allocator, allocator_type)
        if tile is not None:
            if tile_type is None:
                parser.raise_error("the run-time tile size needs its type")
            amount: int | SSAValue = parser.resolve_operand(tile, tile_type)
        elif size is not None:
            amount = size
        else:
            parser.raise_error("an allocation has a compile-time `size` or a `dynamic` tile size")
        op = cls(resolved, position, result_type.element_type, amount)
        op.attributes.update(attributes)
        return op

    def verify_(self) -> None:
        if (self.static_size is None) == (self.tile_size is None):
            raise VerifyException("an allocation has either a compile-time size or a run-time tile_size")
        allocator_type = self.allocator.type
        assert isinstance(allocator_type, LocalMemAllocatorType)
        hardware = allocator_type.hardware.data
        wanted = HARDWARE_OF.get(self.position.data)
        if wanted is not hardware:
            raise VerifyException(
                f"position {self.position.data.ir} is in {None if wanted is None else wanted.ir} memory, but the "
                f"allocator allocates {hardware.ir}"
            )


@op_definition
class LocalMemAllocatorGetCurAddrOp(IRDLOperation):
    """``a.GetCurAddr()``: the byte address the next allocation starts at (``uint32_t``)."""

    name = "ascendc.local_mem_allocator.get_cur_addr"
    allocator = operand_def(LocalMemAllocatorType)
    result = result_def(IntegerType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryReadEffect())
    assembly_format = "$allocator attr-dict `:` type($allocator) `->` type($result)"

    def __init__(self, allocator: SSAValue):
        super().__init__(operands=[allocator], result_types=[IntegerType(32, Signedness.UNSIGNED)])


ALLOCATOR_OPS = (LocalMemAllocatorOp, LocalMemAllocatorAllocOp, LocalMemAllocatorGetCurAddrOp)
ALLOCATOR_ATTRS = (HardwareAttr, LocalMemAllocatorType)


__all__ = [
    "Hardware",
    "HardwareAttr",
    "LocalMemAllocatorAllocOp",
    "LocalMemAllocatorGetCurAddrOp",
    "LocalMemAllocatorOp",
    "LocalMemAllocatorType",
]
