"""``LocalTensor::GetPhyAddr``: a tensor's byte address in its on-chip memory, which ``TransDataTo5HD``'s
address forms and ``SetCmpMask`` (for ``VSEL_TENSOR_TENSOR_MODE``) take."""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerType, Signedness
from xdsl.ir import SSAValue
from xdsl.irdl import IRDLOperation, operand_def, opt_operand_def, result_def, traits_def
from xdsl.traits import Pure

from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.tensor_ops import AnyInteger
from ascx.dialects.ascendc.traits import ExecutesOn
from ascx.dialects.ascendc.types import LocalTensorType

_UI64 = IntegerType(64, Signedness.UNSIGNED)


@op_definition
class PhyAddrOp(IRDLOperation):
    """``t.GetPhyAddr()`` or ``t.GetPhyAddr(offset)``: the byte address of the tensor (or of its element
    ``offset``) in its memory, a ``uint64_t``.

    Example: ``%a = ascendc.local_tensor.phy_addr %t : !ascendc.local_tensor<f16> -> ui64``
    """

    name = "ascendc.local_tensor.phy_addr"
    tensor = operand_def(LocalTensorType)
    offset = opt_operand_def(AnyInteger)
    result = result_def(_UI64)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())
    assembly_format = "$tensor (`[` $offset^ `:` type($offset) `]`)? attr-dict `:` type($tensor) `->` type($result)"

    def __init__(self, tensor: SSAValue, offset: SSAValue | None = None):
        super().__init__(operands=[tensor, [offset] if offset is not None else []], result_types=[_UI64])


__all__ = ["PhyAddrOp"]
