"""Data movement: ``DataCopy`` and ``DataCopyPad`` between global memory and on-chip buffers, and
the parameter structs they (and the vector ops' mask forms) take.

The pipe of a copy follows its direction (docs/sync-model.md#which-pipe-runs-what): GM → UB on MTE2,
UB → GM on MTE3, UB → UB on the vector pipe; within the core, UB → L1 on MTE3 and L1 → the bias
table on MTE1.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerType
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    base,
    operand_def,
    opt_operand_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import MemoryReadEffect, MemoryWriteEffect, Pure
from xdsl.utils.exceptions import VerifyException

from ascx.dialects.ascendc.basic_types import ParamsKind, ParamsType
from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.positions import local_copy_pipe
from ascx.dialects.ascendc.tensor_ops import AnyInteger
from ascx.dialects.ascendc.traits import ExecutesOn, TensorAccess
from ascx.dialects.ascendc.types import GlobalTensorType, LocalTensorType, TensorType, tensor_element_type


def copy_pipe(dst: Attribute, src: Attribute) -> Pipe:
    """The pipe that moves data from a tensor of type ``src`` to one of type ``dst``."""
    if isinstance(src, GlobalTensorType):
        return Pipe.PIPE_MTE2
    if isinstance(dst, GlobalTensorType):
        return Pipe.PIPE_MTE3
    return Pipe.PIPE_V


def _verify_copy(dst: SSAValue, src: SSAValue) -> None:
    if isinstance(dst.type, GlobalTensorType) and isinstance(src.type, GlobalTensorType):
        raise VerifyException("a copy has an on-chip end: GlobalTensor to GlobalTensor is not a DataCopy")
    if tensor_element_type(dst.type) != tensor_element_type(src.type):
        raise VerifyException(
            f"source element type {tensor_element_type(src.type)} does not match "
            f"the destination element type {tensor_element_type(dst.type)}"
        )


@op_definition
class DataCopyOp(IRDLOperation):
    """``AscendC::DataCopy(dst, src, count)`` (``count`` elements) or ``AscendC::DataCopy(dst, src,
    params)`` with a ``DataCopyParams`` (blocks of 32 bytes).

    Example: ``ascendc.data_copy %dst, %src, %n : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, i32``
    """

    name = "ascendc.data_copy"
    dst = operand_def(TensorType)
    src = operand_def(TensorType)
    size = operand_def(AnyInteger | base(ParamsType))
    traits = traits_def(
        ExecutesOn(), TensorAccess(reads=("src",), writes=("dst",)), MemoryReadEffect(), MemoryWriteEffect()
    )
    assembly_format = "$dst `,` $src `,` $size attr-dict `:` type($dst) `,` type($src) `,` type($size)"

    def __init__(self, dst: SSAValue, src: SSAValue, size: SSAValue):
        super().__init__(operands=[dst, src, size])

    def issued_pipe(self) -> Pipe:
        pipe = copy_pipe(self.dst.type, self.src.type)
        return local_copy_pipe(self.dst, self.src) if pipe is Pipe.PIPE_V else pipe

    def verify_(self) -> None:
        _verify_copy(self.dst, self.src)
        if isinstance(self.size.type, ParamsType) and self.size.type.params_kind is not ParamsKind.DATA_COPY:
            raise VerifyException(f"DataCopy takes a count or a DataCopyParams, not {self.size.type}")


@op_definition
class DataCopyPadOp(IRDLOperation):
    """``AscendC::DataCopyPad(dst, src, copyParams[, padParams])``: a copy whose block length is in
    bytes, padding each block to 32 bytes on chip (the pad parameters exist for GM → UB only).

    Example: ``ascendc.data_copy_pad %dst, %src, %p pad %pad : !ascendc.local_tensor<f16>,
    !ascendc.global_tensor<f16>, !ascendc.params<data_copy_ext>, !ascendc.params<data_copy_pad_ext, f16>``
    """

    name = "ascendc.data_copy_pad"
    dst = operand_def(TensorType)
    src = operand_def(TensorType)
    params = operand_def(ParamsType)
    pad = opt_operand_def(ParamsType)
    traits = traits_def(
        ExecutesOn(), TensorAccess(reads=("src",), writes=("dst",)), MemoryReadEffect(), MemoryWriteEffect()
    )
    assembly_format = (
        "$dst `,` $src `,` $params (`pad` $pad^)? attr-dict `:` type($dst) `,` type($src) `,` type($params) "
        "(`,` type($pad)^)?"
    )

    def __init__(self, dst: SSAValue, src: SSAValue, params: SSAValue, pad: SSAValue | None = None):
        super().__init__(operands=[dst, src, params, pad])

    def issued_pipe(self) -> Pipe:
        return copy_pipe(self.dst.type, self.src.type)

    def verify_(self) -> None:
        _verify_copy(self.dst, self.src)
        assert isinstance(self.params.type, ParamsType)
        kind = self.params.type.params_kind
        if kind not in (ParamsKind.DATA_COPY, ParamsKind.DATA_COPY_EXT):
            raise VerifyException(f"DataCopyPad takes a DataCopyParams or DataCopyExtParams, not {self.params.type}")
        if self.pad is None:
            return
        if not (isinstance(self.dst.type, LocalTensorType) and isinstance(self.src.type, GlobalTensorType)):
            raise VerifyException("padding parameters apply to a GM -> UB copy only")
        assert isinstance(self.pad.type, ParamsType)
        wanted = ParamsKind.DATA_COPY_PAD if kind is ParamsKind.DATA_COPY else ParamsKind.DATA_COPY_PAD_EXT
        if self.pad.type.params_kind is not wanted:
            raise VerifyException(f"{self.params.type.layout.cpp_name} pairs with {ParamsType(wanted).layout.cpp_name}")


@op_definition
class ParamsOp(IRDLOperation):
    """A parameter struct built from its fields in declaration order: ``AscendC::DataCopyParams p{...};``.

    Example: ``%p = ascendc.params %c, %l, %s, %d : ui16, ui16, ui16, ui16 -> !ascendc.params<data_copy>``
    """

    name = "ascendc.params"
    fields = var_operand_def()
    result = result_def(ParamsType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())
    assembly_format = "$fields attr-dict `:` type($fields) `->` type($result)"

    def __init__(self, params_type: ParamsType, fields: list[SSAValue]):
        super().__init__(operands=[fields], result_types=[params_type])

    def verify_(self) -> None:
        assert isinstance(self.result.type, ParamsType)
        wanted = self.result.type.field_types()
        if len(self.fields) != len(wanted):
            raise VerifyException(
                f"{self.result.type.layout.cpp_name} has {len(wanted)} fields, got {len(self.fields)} values"
            )
        for (name, _), field_type, value in zip(self.result.type.layout.fields, wanted, self.fields, strict=True):
            value_type: Attribute = value.type
            if value_type != field_type and not (
                isinstance(value_type, IntegerType) and isinstance(field_type, IntegerType)
            ):
                raise VerifyException(f"field {name} is {field_type}, got a {value_type} value")


__all__ = ["DataCopyOp", "DataCopyPadOp", "ParamsOp", "copy_pipe"]
