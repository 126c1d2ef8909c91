"""Ops that make tensors: ``LocalTensor`` declarations and sub-tensor views of either kind."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import I64, IntegerType, Signedness
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    VarConstraint,
    irdl_op_definition,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import MemoryAllocEffect, Pure
from xdsl.utils.exceptions import VerifyException

from ascx.dialects.ascendc.enums import TPosition, TPositionAttr
from ascx.dialects.ascendc.types import LocalTensorType, TensorType

UI32 = IntegerType(32, Signedness.UNSIGNED)


@irdl_op_definition
class LocalTensorOp(IRDLOperation):
    """``AscendC::LocalTensor<T> t(AscendC::TPosition::<pos>, addr, tileSize);``: a tensor at a fixed
    on-chip address (pyasc's ``asc.LocalTensor(dtype, pos, addr, tile_size)``).

    Example: ``%t = ascendc.local_tensor vecin, %addr, %size : !ascendc.local_tensor<f16>``
    """

    name = "ascendc.local_tensor"
    position = prop_def(TPositionAttr)
    addr = operand_def(UI32)
    tile_size = operand_def(UI32)
    result = result_def(LocalTensorType)
    traits = traits_def(MemoryAllocEffect())
    assembly_format = "$position `,` $addr `,` $tile_size attr-dict `:` type($result)"

    def __init__(self, element_type: Attribute, position: TPosition, addr: SSAValue, tile_size: SSAValue):
        super().__init__(
            operands=[addr, tile_size],
            properties={"position": TPositionAttr(position)},
            result_types=[LocalTensorType(element_type)],
        )

    def verify_(self) -> None:
        if self.position.data == TPosition.GM:
            raise VerifyException("a LocalTensor cannot be at position gm")


@irdl_op_definition
class SubTensorOp(IRDLOperation):
    """``t[offset]``: the view of a tensor that starts ``offset`` elements further on.

    Example: ``%v = ascendc.sub_tensor %t[%off] : !ascendc.global_tensor<f16>``
    """

    name = "ascendc.sub_tensor"
    T: ClassVar = VarConstraint("T", TensorType)
    source = operand_def(T)
    offset = operand_def(I64)
    result = result_def(T)
    traits = traits_def(Pure())
    assembly_format = "$source `[` $offset `]` attr-dict `:` type($source)"

    def __init__(self, source: SSAValue, offset: SSAValue):
        super().__init__(operands=[source, offset], result_types=[source.type])
