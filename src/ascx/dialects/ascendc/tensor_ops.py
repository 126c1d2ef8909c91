"""Ops on tensors and addresses: ``LocalTensor`` declarations, views, element access, queries,
``ReinterpretCast``, L2 cache hints, address arithmetic and ``ShapeInfo``.

Integer operands that C++ converts implicitly (offsets, sizes, indices) accept any integer type;
the language layer gives Python constants the C++ parameter type.
"""

from __future__ import annotations

from enum import auto
from typing import ClassVar

from xdsl.dialects.builtin import IntegerType
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, SpacedOpaqueSyntaxAttribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    base,
    irdl_attr_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import MemoryAllocEffect, MemoryReadEffect, MemoryWriteEffect, Pure
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from ascx.dialects.ascendc.basic_enums import CacheMode, CacheModeAttr, CacheRwMode, CacheRwModeAttr
from ascx.dialects.ascendc.basic_types import ShapeInfoType
from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import Pipe, TPosition, TPositionAttr
from ascx.dialects.ascendc.int_constraints import SIGNLESS_I32
from ascx.dialects.ascendc.traits import ExecutesOn, TensorAccess
from ascx.dialects.ascendc.types import (
    ElementType,
    GlobalTensorType,
    GMAddrType,
    LocalTensorType,
    TensorType,
    tensor_element_type,
)

AnyInteger = base(IntegerType)
"""An integer of any width and signedness (C++ converts it to the parameter type)."""


@op_definition
class LocalTensorOp(IRDLOperation):
    """``AscendC::LocalTensor<T> t(AscendC::TPosition::<pos>, addr, tileSize);``: a tensor at a fixed
    on-chip address (pyasc's ``asc.LocalTensor(dtype, pos, addr, tile_size)``).

    Example: ``%t = ascendc.local_tensor vecin, %addr, %size : ui32, ui32 -> !ascendc.local_tensor<f16>``
    """

    name = "ascendc.local_tensor"
    position = prop_def(TPositionAttr)
    addr = operand_def(AnyInteger)
    tile_size = operand_def(AnyInteger)
    result = result_def(LocalTensorType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryAllocEffect())
    assembly_format = (
        "$position `,` $addr `,` $tile_size attr-dict `:` type($addr) `,` type($tile_size) `->` type($result)"
    )

    def __init__(self, element_type: Attribute, position: TPosition, addr: SSAValue, tile_size: SSAValue):
        super().__init__(
            operands=[addr, tile_size],
            properties={"position": TPositionAttr(position)},
            result_types=[LocalTensorType(element_type)],
        )

    def verify_(self) -> None:
        if self.position.data == TPosition.GM:
            raise VerifyException("a LocalTensor cannot be at position gm")


@op_definition
class DeclareLocalTensorOp(IRDLOperation):
    """``AscendC::LocalTensor<T> t;``: a tensor without memory, for ``alloc_tensor(t)``/``deque(t)``.

    Example: ``%t = ascendc.local_tensor.declare : !ascendc.local_tensor<f16>``
    """

    name = "ascendc.local_tensor.declare"
    result = result_def(LocalTensorType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryAllocEffect())
    assembly_format = "attr-dict `:` type($result)"

    def __init__(self, element_type: Attribute):
        super().__init__(result_types=[LocalTensorType(element_type)])


@op_definition
class SubTensorOp(IRDLOperation):
    """``t[offset]``: the view of a tensor that starts ``offset`` elements further on.

    Example: ``%v = ascendc.sub_tensor %t[%off : i32] : !ascendc.global_tensor<f16>``
    """

    name = "ascendc.sub_tensor"
    T: ClassVar = VarConstraint("T", TensorType)
    source = operand_def(T)
    offset = operand_def(AnyInteger)
    result = result_def(T)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())
    assembly_format = "$source `[` $offset `:` type($offset) `]` attr-dict `:` type($source)"

    def __init__(self, source: SSAValue, offset: SSAValue):
        super().__init__(operands=[source, offset], result_types=[source.type])


@op_definition
class GMAddrOffsetOp(IRDLOperation):
    """``addr + offset``: the global-memory address ``offset`` elements further on.

    Example: ``%p = ascendc.gm_addr.offset %x, %off : !ascendc.gm_addr<f16>, i32``
    """

    name = "ascendc.gm_addr.offset"
    T: ClassVar = VarConstraint("T", base(GMAddrType))
    addr = operand_def(T)
    offset = operand_def(AnyInteger)
    result = result_def(T)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())
    assembly_format = "$addr `,` $offset attr-dict `:` type($addr) `,` type($offset)"

    def __init__(self, addr: SSAValue, offset: SSAValue):
        super().__init__(operands=[addr, offset], result_types=[addr.type])


@op_definition
class GetValueOp(IRDLOperation):
    """``t.GetValue(index)``: one element, read by the scalar unit.

    Example: ``%v = ascendc.get_value %t[%i : ui32] : !ascendc.local_tensor<f16> -> f16``
    """

    name = "ascendc.get_value"
    tensor = operand_def(TensorType)
    index = operand_def(AnyInteger)
    result = result_def(ElementType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), TensorAccess(reads=("tensor",)), MemoryReadEffect())
    assembly_format = "$tensor `[` $index `:` type($index) `]` attr-dict `:` type($tensor) `->` type($result)"

    def __init__(self, tensor: SSAValue, index: SSAValue):
        super().__init__(operands=[tensor, index], result_types=[tensor_element_type(tensor.type)])

    def verify_(self) -> None:
        if self.result.type != tensor_element_type(self.tensor.type):
            raise VerifyException(f"result type {self.result.type} is not the element type of {self.tensor.type}")


@op_definition
class SetValueOp(IRDLOperation):
    """``t.SetValue(index, value)``: writes one element from the scalar unit.

    Example: ``ascendc.set_value %t[%i : ui32], %v : !ascendc.local_tensor<f16>, f16``
    """

    name = "ascendc.set_value"
    tensor = operand_def(TensorType)
    index = operand_def(AnyInteger)
    value = operand_def(ElementType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), TensorAccess(writes=("tensor",)), MemoryWriteEffect())
    assembly_format = "$tensor `[` $index `:` type($index) `]` `,` $value attr-dict `:` type($tensor) `,` type($value)"

    def __init__(self, tensor: SSAValue, index: SSAValue, value: SSAValue):
        super().__init__(operands=[tensor, index, value])

    def verify_(self) -> None:
        if self.value.type != tensor_element_type(self.tensor.type):
            raise VerifyException(f"value type {self.value.type} is not the element type of {self.tensor.type}")


class TensorQuery(StrEnum):
    """What ``ascendc.tensor_query`` asks a tensor."""

    GET_SIZE = auto()
    GET_POSITION = auto()
    GET_LENGTH = auto()

    @property
    def cpp(self) -> str:
        return "".join(part.capitalize() for part in str(self).split("_"))


@irdl_attr_definition
class TensorQueryAttr(EnumAttribute[TensorQuery], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.tensor_query"


@op_definition
class TensorQueryOp(IRDLOperation):
    """``t.GetSize()``, ``t.GetPosition()``, ``t.GetLength()``.

    Example: ``%n = ascendc.tensor_query get_size %t : !ascendc.local_tensor<f16> -> i32``
    """

    name = "ascendc.tensor_query"
    query = prop_def(TensorQueryAttr)
    tensor = operand_def(TensorType)
    result = result_def(AnyInteger)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())
    assembly_format = "$query $tensor attr-dict `:` type($tensor) `->` type($result)"

    def __init__(self, query: TensorQuery, tensor: SSAValue, result_type: Attribute):
        super().__init__(operands=[tensor], properties={"query": TensorQueryAttr(query)}, result_types=[result_type])

    def verify_(self) -> None:
        if isinstance(self.tensor.type, GlobalTensorType) and self.query.data is not TensorQuery.GET_SIZE:
            raise VerifyException(f"a GlobalTensor has no {self.query.data.cpp}()")


@op_definition
class ReinterpretCastOp(IRDLOperation):
    """``t.ReinterpretCast<U>()``: the same memory seen with another element type.

    Example: ``%u = ascendc.reinterpret_cast %t : !ascendc.local_tensor<f16> -> !ascendc.local_tensor<i16>``
    """

    name = "ascendc.reinterpret_cast"
    source = operand_def(LocalTensorType)
    result = result_def(LocalTensorType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())
    assembly_format = "$source attr-dict `:` type($source) `->` type($result)"

    def __init__(self, source: SSAValue, element_type: Attribute):
        super().__init__(operands=[source], result_types=[LocalTensorType(element_type)])


@op_definition
class SetL2CacheHintOp(IRDLOperation):
    """``g.SetL2CacheHint<rwMode>(mode)``: how the L2 cache treats a GlobalTensor's data.

    Example: ``ascendc.set_l2_cache_hint %g cache_mode_normal, rw : !ascendc.global_tensor<f16>``
    """

    name = "ascendc.set_l2_cache_hint"
    tensor = operand_def(GlobalTensorType)
    mode = prop_def(CacheModeAttr)
    rw_mode = prop_def(CacheRwModeAttr)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "$tensor $mode `,` $rw_mode attr-dict `:` type($tensor)"

    def __init__(self, tensor: SSAValue, mode: CacheMode, rw_mode: CacheRwMode):
        super().__init__(
            operands=[tensor], properties={"mode": CacheModeAttr(mode), "rw_mode": CacheRwModeAttr(rw_mode)}
        )


@op_definition
class ShapeInfoOp(IRDLOperation):
    """``AscendC::ShapeInfo s(dims, shape);``: a shape of ``len(dims)`` dimensions (format ND); with no
    dimensions, ``AscendC::ShapeInfo s;``.

    Example: ``%s = ascendc.shape_info %d0, %d1 : ui32, ui32``
    """

    name = "ascendc.shape_info"
    dims = var_operand_def(AnyInteger)
    result = result_def(ShapeInfoType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryAllocEffect())
    assembly_format = "$dims attr-dict `:` type($dims)"

    def __init__(self, dims: list[SSAValue]):
        super().__init__(operands=[dims], result_types=[ShapeInfoType()])

    def verify_(self) -> None:
        if not 0 <= len(self.dims) <= 8:
            raise VerifyException(f"a ShapeInfo has up to 8 dimensions, got {len(self.dims)}")


@op_definition
class GetShapeSizeOp(IRDLOperation):
    """``AscendC::GetShapeSize(shapeInfo)``: the number of elements of a shape.

    Example: ``%n = ascendc.get_shape_size %s : i32``
    """

    name = "ascendc.get_shape_size"
    shape_info = operand_def(ShapeInfoType)
    result = result_def(SIGNLESS_I32)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryReadEffect())
    assembly_format = "$shape_info attr-dict `:` type($result)"

    def __init__(self, shape_info: SSAValue):
        super().__init__(operands=[shape_info], result_types=[IntegerType(32)])


__all__ = [
    "AnyInteger",
    "DeclareLocalTensorOp",
    "GMAddrOffsetOp",
    "GetShapeSizeOp",
    "GetValueOp",
    "LocalTensorOp",
    "ReinterpretCastOp",
    "SetL2CacheHintOp",
    "SetValueOp",
    "ShapeInfoOp",
    "SubTensorOp",
    "TensorQuery",
    "TensorQueryAttr",
    "TensorQueryOp",
]
