"""Ops that declare and configure kernel objects: the pipe, GlobalTensors, TCubeTiling, properties."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import (
    IntegerAttr,
    IntegerType,
    StringAttr,
    i32,
)
from xdsl.ir import (
    Attribute,
    SSAValue,
)
from xdsl.irdl import (
    IRDLOperation,
    base,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import MemoryAllocEffect, MemoryReadEffect, MemoryWriteEffect, Pure
from xdsl.utils.exceptions import VerifyException

from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.int_constraints import SIGNLESS_I32
from ascx.dialects.ascendc.traits import ExecutesOn
from ascx.dialects.ascendc.types import (
    CubeTilingType,
    GlobalTensorType,
    GMAddrType,
    GMStructAddrType,
    PipeType,
    integer_type,
)


@op_definition
class PipeOp(IRDLOperation):
    """Declares the kernel's ``AscendC::TPipe``."""

    name = "ascendc.pipe"
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    result = result_def(PipeType)
    assembly_format = "attr-dict"

    def __init__(self):
        super().__init__(result_types=[PipeType()])


@op_definition
class PropertyOp(IRDLOperation):
    """A hardware constant of the ``AscendC`` namespace, e.g. ``ascendc.property TOTAL_L1_SIZE : i32``."""

    name = "ascendc.property"
    KNOWN: ClassVar[frozenset[str]] = frozenset({"TOTAL_L1_SIZE", "TOTAL_L0C_SIZE", "ONE_BLK_SIZE", "DEFAULT_C0_SIZE"})
    property_name = prop_def(StringAttr, prop_name="name")
    result = result_def(base(IntegerType))
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())
    assembly_format = "$name attr-dict `:` type($result)"

    def __init__(self, name: str, result_type: Attribute):
        super().__init__(properties={"name": StringAttr(name)}, result_types=[result_type])

    def verify_(self) -> None:
        if self.property_name.data not in self.KNOWN:
            raise VerifyException(
                f"unknown property '{self.property_name.data}'; known: {', '.join(sorted(self.KNOWN))}"
            )


@op_definition
class GlobalTensorOp(IRDLOperation):
    """Declares an ``AscendC::GlobalTensor<T>``."""

    name = "ascendc.global_tensor"
    result = result_def(GlobalTensorType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryAllocEffect())
    assembly_format = "attr-dict `:` type($result)"

    def __init__(self, element_type: Attribute):
        super().__init__(result_types=[GlobalTensorType(element_type)])


@op_definition
class SetGlobalBufferOp(IRDLOperation):
    """``tensor.SetGlobalBuffer(addr[, size])``: points a GlobalTensor at global memory."""

    name = "ascendc.global_tensor.set_global_buffer"
    tensor = operand_def(GlobalTensorType)
    addr = operand_def(GMAddrType)
    size = opt_operand_def(base(IntegerType))
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryWriteEffect())
    assembly_format = "$tensor `,` $addr (`,` $size^)? attr-dict `:` type($tensor) `,` type($addr) (`,` type($size)^)?"

    def __init__(self, tensor: SSAValue, addr: SSAValue, size: SSAValue | None = None):
        super().__init__(operands=[tensor, addr, size])

    def verify_(self) -> None:
        assert isinstance(self.tensor.type, GlobalTensorType)
        assert isinstance(self.addr.type, GMAddrType)
        if self.tensor.type.element_type != self.addr.type.element_type:
            raise VerifyException(
                f"address element type {self.addr.type.element_type} does not match "
                f"the tensor element type {self.tensor.type.element_type}"
            )


TILING_FIELDS: tuple[str, ...] = (
    "usedCoreNum", "M", "N", "Ka", "Kb", "singleCoreM", "singleCoreN", "singleCoreK", "baseM", "baseN",
    "baseK", "depthA1", "depthB1", "stepM", "stepN", "isBias", "transLength", "iterateOrder", "shareMode",
    "shareL1Size", "shareL0CSize", "shareUbSize", "batchM", "batchN", "singleBatchM", "singleBatchN",
    "stepKa", "stepKb", "depthAL1CacheUB", "depthBL1CacheUB", "dbL0A", "dbL0B", "dbL0C", "ALayoutInfoB",
    "ALayoutInfoS", "ALayoutInfoN", "ALayoutInfoG", "ALayoutInfoD", "BLayoutInfoB", "BLayoutInfoS",
    "BLayoutInfoN", "BLayoutInfoG", "BLayoutInfoD", "CLayoutInfoB", "CLayoutInfoS1", "CLayoutInfoN",
    "CLayoutInfoG", "CLayoutInfoS2", "BatchNum", "mxTypePara",
)  # fmt: skip
"""The 50 ``int32_t`` members of ``TCubeTiling`` (C++ names), in declaration order."""


@op_definition
class CubeTilingOp(IRDLOperation):
    """Declares a zero-initialised kernel-local ``TCubeTiling``."""

    name = "ascendc.cube_tiling"
    result = result_def(CubeTilingType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryAllocEffect())
    assembly_format = "attr-dict"

    def __init__(self):
        super().__init__(result_types=[CubeTilingType()])


@op_definition
class CubeTilingSetOp(IRDLOperation):
    """``tiling.<field> = value;`` for one ``TCubeTiling`` member (C++ name).

    Example: ``ascendc.cube_tiling.set %tiling "baseM", %c128 : i32``
    """

    name = "ascendc.cube_tiling.set"
    tiling = operand_def(CubeTilingType)
    field = prop_def(StringAttr)
    value = operand_def(SIGNLESS_I32)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryWriteEffect())
    assembly_format = "$tiling $field `,` $value attr-dict"

    def __init__(self, tiling: SSAValue, field: str, value: SSAValue):
        super().__init__(operands=[tiling, value], properties={"field": StringAttr(field)})

    def verify_(self) -> None:
        if self.field.data not in TILING_FIELDS:
            raise VerifyException(f"'{self.field.data}' is not a TCubeTiling field")


@op_definition
class CubeTilingGetOp(IRDLOperation):
    """Reads one ``TCubeTiling`` member (C++ name): ``int32_t x = tiling.<field>;``.

    Example: ``%m = ascendc.cube_tiling.get %tiling "M" : i32``
    """

    name = "ascendc.cube_tiling.get"
    tiling = operand_def(CubeTilingType)
    field = prop_def(StringAttr)
    result = result_def(SIGNLESS_I32)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryReadEffect())
    assembly_format = "$tiling $field attr-dict `:` type($result)"

    def __init__(self, tiling: SSAValue, field: str):
        super().__init__(operands=[tiling], properties={"field": StringAttr(field)}, result_types=[i32])

    def verify_(self) -> None:
        if self.field.data not in TILING_FIELDS:
            raise VerifyException(f"'{self.field.data}' is not a TCubeTiling field")


@op_definition
class CubeTilingLoadOp(IRDLOperation):
    """Copies a ``TCubeTiling`` from global memory into a new kernel-local struct.

    This is how a ``TCubeTiling`` kernel parameter (a ``__gm__ TCubeTiling*``) becomes the value
    that ``register_matmul`` and ``init`` receive.  The local copy is not ``const``: the AIC side
    of a MIX kernel passes it to ``Init(TCubeTiling*)``.

    Example: ``%tiling = ascendc.cube_tiling.load %tiling_gm : !ascendc.gm_struct_addr<!ascendc.cube_tiling>``
    """

    name = "ascendc.cube_tiling.load"
    addr = operand_def(GMStructAddrType)
    result = result_def(CubeTilingType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryAllocEffect(), MemoryReadEffect())
    assembly_format = "$addr attr-dict `:` type($addr)"

    def __init__(self, addr: SSAValue):
        super().__init__(operands=[addr], result_types=[CubeTilingType()])


@op_definition
class ConstantOp(IRDLOperation):
    """An unsigned integer constant (``arith.constant`` only makes signless integers).

    Example: ``%c5 = ascendc.constant 5 : ui32``
    """

    name = "ascendc.constant"
    value = prop_def(IntegerAttr)
    result = result_def(base(IntegerType))
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())

    def __init__(self, value: int, result_type: IntegerType):
        super().__init__(properties={"value": IntegerAttr(value, result_type)}, result_types=[result_type])

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {self.value.value.data} : ")
        printer.print_attribute(self.result.type)
        printer.print_op_attributes(self.attributes)

    @classmethod
    def parse(cls, parser: Parser) -> ConstantOp:
        value = parser.parse_integer(allow_boolean=False)
        parser.parse_punctuation(":")
        parsed = parser.parse_type()
        result_type = integer_type(parsed)
        if result_type is None:
            parser.raise_error(f"ascendc.constant needs an integer type, got {parsed}")
        op = cls(value, result_type)
        attributes: dict[str, Attribute] = parser.parse_optional_attr_dict()
        op.attributes.update(attributes)
        return op

    def verify_(self) -> None:
        if self.value.type != self.result.type:
            raise VerifyException(f"value type {self.value.type} does not match the result type {self.result.type}")


__all__ = [
    "TILING_FIELDS",
    "ConstantOp",
    "CubeTilingGetOp",
    "CubeTilingLoadOp",
    "CubeTilingOp",
    "CubeTilingSetOp",
    "GlobalTensorOp",
    "PipeOp",
    "PropertyOp",
    "SetGlobalBufferOp",
]
