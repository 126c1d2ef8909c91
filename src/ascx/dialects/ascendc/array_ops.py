"""Scalar arrays of a kernel (pyasc's ``asc.array``: ``int32_t a[3];``) and verbatim C++ (pyasc's
``asc.inline``).

An array is a local variable of the scalar unit: its loads and stores are scalar code (``PIPE_S``),
with memory effects so that generic passes keep them in order.  Verbatim C++ is taken to run on the
scalar unit too.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IntAttr, StringAttr, UnitAttr
from xdsl.ir import Attribute, ParametrizedAttribute, SSAValue, TypeAttribute
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    operand_def,
    opt_prop_def,
    param_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.traits import MemoryAllocEffect, MemoryReadEffect, MemoryWriteEffect
from xdsl.utils.exceptions import VerifyException

from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.tensor_ops import AnyInteger
from ascx.dialects.ascendc.traits import ExecutesOn
from ascx.dialects.ascendc.types import ElementType


@irdl_attr_definition
class ArrayType(ParametrizedAttribute, TypeAttribute):
    """A C array of ``size`` scalars: ``!ascendc.array<i32, 3>`` is ``int32_t a[3]``."""

    name = "ascendc.array"
    element_type: Attribute = param_def(ElementType)
    size: IntAttr

    def __init__(self, element_type: Attribute, size: int):
        super().__init__(element_type, IntAttr(size))

    def print_parameters(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_attribute(self.element_type)
            printer.print_string(f", {self.size.data}")

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            element = parser.parse_type()
            parser.parse_punctuation(",")
            size = parser.parse_integer(allow_boolean=False, allow_negative=False)
        return (element, IntAttr(size))

    def verify(self) -> None:
        if self.size.data < 1:
            raise VerifyException(f"an array has at least one element, got {self.size.data}")


@op_definition
class ArrayOp(IRDLOperation):
    """``T a[N];`` followed by ``a[i] = values[i];`` for each initial value (none, or one per element).

    Example: ``%a = ascendc.array %c1, %c2 : i32, i32 -> !ascendc.array<i32, 2>``
    """

    name = "ascendc.array"
    values = var_operand_def()
    result = result_def(ArrayType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryAllocEffect(), MemoryWriteEffect())
    assembly_format = "$values attr-dict `:` type($values) `->` type($result)"

    def __init__(self, array_type: ArrayType, values: Sequence[SSAValue] = ()):
        super().__init__(operands=[values], result_types=[array_type])

    def verify_(self) -> None:
        assert isinstance(self.result.type, ArrayType)
        array = self.result.type
        if self.values and len(self.values) != array.size.data:
            raise VerifyException(f"an array of {array.size.data} elements gets {len(self.values)} initial values")
        for value in self.values:
            if value.type != array.element_type:
                raise VerifyException(f"an initial value of {array} is a {value.type}")


@op_definition
class ArrayLoadOp(IRDLOperation):
    """``T v = a[index];``

    Example: ``%v = ascendc.array.load %a[%i] : !ascendc.array<i32, 3>, i32 -> i32``
    """

    name = "ascendc.array.load"
    array = operand_def(ArrayType)
    index = operand_def(AnyInteger)
    result = result_def()
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryReadEffect())
    assembly_format = "$array `[` $index `]` attr-dict `:` type($array) `,` type($index) `->` type($result)"

    def __init__(self, array: SSAValue, index: SSAValue):
        assert isinstance(array.type, ArrayType)
        super().__init__(operands=[array, index], result_types=[array.type.element_type])

    def verify_(self) -> None:
        assert isinstance(self.array.type, ArrayType)
        if self.result.type != self.array.type.element_type:
            raise VerifyException(f"a load of {self.array.type} gives a {self.array.type.element_type}")


@op_definition
class ArrayStoreOp(IRDLOperation):
    """``a[index] = value;``

    Example: ``ascendc.array.store %v, %a[%i] : i32, !ascendc.array<i32, 3>, i32``
    """

    name = "ascendc.array.store"
    value = operand_def()
    array = operand_def(ArrayType)
    index = operand_def(AnyInteger)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryWriteEffect())
    assembly_format = "$value `,` $array `[` $index `]` attr-dict `:` type($value) `,` type($array) `,` type($index)"

    def __init__(self, value: SSAValue, array: SSAValue, index: SSAValue):
        super().__init__(operands=[value, array, index])

    def verify_(self) -> None:
        assert isinstance(self.array.type, ArrayType)
        if self.value.type != self.array.type.element_type:
            raise VerifyException(f"{self.array.type} stores {self.array.type.element_type}, got {self.value.type}")


@op_definition
class VerbatimOp(IRDLOperation):
    """C++ written by the kernel's author (pyasc's ``asc.inline``): ``code`` with each ``{}`` replaced by
    the C++ expression of the next argument.  With ``file_scope`` it stands before the kernel function
    (the tracer moves it to the module).  Its effects are unknown to ascx.

    Example: ``ascendc.verbatim "int y = {};" (%n) : i32``
    """

    name = "ascendc.verbatim"
    code = prop_def(StringAttr)
    file_scope = opt_prop_def(UnitAttr)
    args = var_operand_def()
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "$code (`file_scope` $file_scope^)? `(` $args `)` attr-dict `:` type($args)"

    def __init__(self, code: str, args: Sequence[SSAValue] = (), *, file_scope: bool = False):
        properties: dict[str, Attribute] = {"code": StringAttr(code)}
        if file_scope:
            properties["file_scope"] = UnitAttr()
        super().__init__(operands=[args], properties=properties)

    def verify_(self) -> None:
        holes = self.code.data.count("{}")
        if holes != len(self.args):
            raise VerifyException(f"the code has {holes} {{}} for {len(self.args)} arguments")
        if self.file_scope is not None and self.args:
            raise VerifyException("C++ before the kernel function cannot use the kernel's values")


ARRAY_OPS = (ArrayOp, ArrayLoadOp, ArrayStoreOp, VerbatimOp)
ARRAY_ATTRS = (ArrayType,)
