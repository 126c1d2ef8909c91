"""Matmul methods that configure the next computation: inputs, bias, shapes, quantisation, workspace.

Each op calls one method of the Matmul object that its first operand names; the C++ spelling of
every op is in ``ascx.target.emit_matmul``.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerType, Signedness
from xdsl.ir import SSAValue
from xdsl.irdl import (
    IRDLOperation,
    base,
    operand_def,
    opt_operand_def,
    result_def,
    traits_def,
)
from xdsl.utils.exceptions import VerifyException

from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.int_constraints import SIGNLESS_I1, SIGNLESS_I32
from ascx.dialects.ascendc.matmul_modes import NotInMixDualMaster
from ascx.dialects.ascendc.matmul_ops import MatmulMethodOp, verify_tensor_role
from ascx.dialects.ascendc.traits import ExecutesOn, MatmulAccess, MatmulMethod, MatmulRole
from ascx.dialects.ascendc.types import (
    UI64,
    GlobalTensorType,
    GMAddrType,
    MatmulObjType,
    MatrixOffsetType,
    TensorType,
    float_type,
    tensor_element_type,
)

UI8 = IntegerType(8, Signedness.UNSIGNED)
AddressLike = base(GMAddrType) | base(GlobalTensorType)
"""A GM address: a kernel pointer argument, or a GlobalTensor (its ``GetPhyAddr()``)."""
DataPointer = base(GMAddrType) | base(GlobalTensorType) | base(IntegerType)
"""What ``SetSelfDefineData`` takes: an address, a GlobalTensor, or an integer."""


class _SetScalarOp(MatmulMethodOp):
    matmul = operand_def(MatmulObjType)
    value = operand_def()
    assembly_format = "$matmul `,` $value attr-dict `:` type($value)"
    ROLE: ClassVar[str]

    def __init__(self, matmul: SSAValue, value: SSAValue):
        super().__init__(operands=[matmul, value])

    def verify_(self) -> None:
        decl = self.declaration
        declared = (decl.a_type if self.ROLE == "A" else decl.b_type).element_type
        if float_type(self.value.type) is None or self.value.type != declared:
            raise VerifyException(
                f"scalar of type {self.value.type} does not match the {self.ROLE} MatmulType element type {declared}"
            )


@op_definition
class MatmulSetScalarAOp(_SetScalarOp):
    """``mm.SetTensorA(scalar)``: every element of A is ``scalar`` (of A's element type).

    Example: ``ascendc.matmul.set_scalar_a %mm, %v : f16``
    """

    name = "ascendc.matmul.set_scalar_a"
    ROLE: ClassVar[str] = "A"
    traits = traits_def(
        NotInMixDualMaster("set_tensor_a with a scalar", inputs=True),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("SetTensorA", MatmulRole.SETTER),
    )


@op_definition
class MatmulSetScalarBOp(_SetScalarOp):
    """``mm.SetTensorB(scalar)``: every element of B is ``scalar`` (of B's element type)."""

    name = "ascendc.matmul.set_scalar_b"
    ROLE: ClassVar[str] = "B"
    traits = traits_def(
        NotInMixDualMaster("set_tensor_b with a scalar", inputs=True),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("SetTensorB", MatmulRole.SETTER),
    )


@op_definition
class MatmulSetBiasOp(MatmulMethodOp):
    """``mm.SetBias(t)``: a GlobalTensor for a GM bias, a LocalTensor otherwise.

    Example: ``ascendc.matmul.set_bias %mm, %bias : !ascendc.global_tensor<f32>``
    """

    name = "ascendc.matmul.set_bias"
    matmul = operand_def(MatmulObjType)
    tensor = operand_def(TensorType)
    traits = traits_def(
        NotInMixDualMaster("set_bias with a LocalTensor", "tensor", inputs=True),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("SetBias", MatmulRole.SETTER),
        MatmulAccess(reads=("tensor",)),
    )
    assembly_format = "$matmul `,` $tensor attr-dict `:` type($tensor)"

    def __init__(self, matmul: SSAValue, tensor: SSAValue):
        super().__init__(operands=[matmul, tensor])

    def verify_(self) -> None:
        verify_tensor_role(self.tensor, self.declaration.bias_type, "bias")


@op_definition
class MatmulDisableBiasOp(MatmulMethodOp):
    """``mm.DisableBias()``."""

    name = "ascendc.matmul.disable_bias"
    matmul = operand_def(MatmulObjType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MatmulMethod("DisableBias", MatmulRole.SETTER))
    assembly_format = "$matmul attr-dict"

    def __init__(self, matmul: SSAValue):
        super().__init__(operands=[matmul])


@op_definition
class MatmulSetSelfDefineDataOp(MatmulMethodOp):
    """``mm.SetSelfDefineData(<uint64_t>)`` from an address, a GlobalTensor's address, or an integer.

    Example: ``ascendc.matmul.set_self_define_data %mm, %ptr : !ascendc.gm_addr<ui8>``
    """

    name = "ascendc.matmul.set_self_define_data"
    matmul = operand_def(MatmulObjType)
    data = operand_def(DataPointer)
    traits = traits_def(
        NotInMixDualMaster("set_self_define_data"),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("SetSelfDefineData", MatmulRole.SETTER),
    )
    assembly_format = "$matmul `,` $data attr-dict `:` type($data)"

    def __init__(self, matmul: SSAValue, data: SSAValue):
        super().__init__(operands=[matmul, data])


@op_definition
class MatmulSetUserDefInfoOp(MatmulMethodOp):
    """``mm.SetUserDefInfo(reinterpret_cast<uint64_t>(ptr))``: user tiling data in GM.

    Example: ``ascendc.matmul.set_user_def_info %mm, %ptr : !ascendc.gm_addr<ui8>``
    """

    name = "ascendc.matmul.set_user_def_info"
    matmul = operand_def(MatmulObjType)
    pointer = operand_def(AddressLike)
    traits = traits_def(
        NotInMixDualMaster("set_user_def_info"),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("SetUserDefInfo", MatmulRole.SETTER),
    )
    assembly_format = "$matmul `,` $pointer attr-dict `:` type($pointer)"

    def __init__(self, matmul: SSAValue, pointer: SSAValue):
        super().__init__(operands=[matmul, pointer])


@op_definition
class MatmulSetSparseIndexOp(MatmulMethodOp):
    """``mm.SetSparseIndex(index)``: the sparse-matrix index of B (cube-only, MDL config).

    Example: ``ascendc.matmul.set_sparse_index %mm, %index : !ascendc.global_tensor<ui8>``
    """

    name = "ascendc.matmul.set_sparse_index"
    matmul = operand_def(MatmulObjType)
    index = operand_def(GlobalTensorType)
    traits = traits_def(
        ExecutesOn(Pipe.PIPE_S), MatmulMethod("SetSparseIndex", MatmulRole.SETTER), MatmulAccess(reads=("index",))
    )
    assembly_format = "$matmul `,` $index attr-dict `:` type($index)"

    def __init__(self, matmul: SSAValue, index: SSAValue):
        super().__init__(operands=[matmul, index])

    def verify_(self) -> None:
        if tensor_element_type(self.index.type) != UI8:
            raise VerifyException("the sparse index must be a GlobalTensor of ui8")


@op_definition
class MatmulSetHF32Op(MatmulMethodOp):
    """``mm.SetHF32(enableHF32, transMode)``.

    Example: ``ascendc.matmul.set_hf32 %mm, %true, %c1``
    """

    name = "ascendc.matmul.set_hf32"
    matmul = operand_def(MatmulObjType)
    enable = operand_def(SIGNLESS_I1)
    trans_mode = operand_def(SIGNLESS_I32)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MatmulMethod("SetHF32", MatmulRole.SETTER))
    assembly_format = "$matmul `,` $enable `,` $trans_mode attr-dict"

    def __init__(self, matmul: SSAValue, enable: SSAValue, trans_mode: SSAValue):
        super().__init__(operands=[matmul, enable, trans_mode])


@op_definition
class MatmulSetTailOp(MatmulMethodOp):
    """``mm.SetTail(tailM, tailN, tailK)``; -1 keeps the current value."""

    name = "ascendc.matmul.set_tail"
    matmul = operand_def(MatmulObjType)
    tail_m = operand_def(SIGNLESS_I32)
    tail_n = operand_def(SIGNLESS_I32)
    tail_k = operand_def(SIGNLESS_I32)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MatmulMethod("SetTail", MatmulRole.SETTER))
    assembly_format = "$matmul `,` $tail_m `,` $tail_n `,` $tail_k attr-dict"

    def __init__(self, matmul: SSAValue, tail_m: SSAValue, tail_n: SSAValue, tail_k: SSAValue):
        super().__init__(operands=[matmul, tail_m, tail_n, tail_k])


@op_definition
class MatmulSetBatchNumOp(MatmulMethodOp):
    """``mm.SetBatchNum(batchA, batchB)`` (cube-only batch Matmul)."""

    name = "ascendc.matmul.set_batch_num"
    matmul = operand_def(MatmulObjType)
    batch_a = operand_def(SIGNLESS_I32)
    batch_b = operand_def(SIGNLESS_I32)
    traits = traits_def(
        NotInMixDualMaster("set_batch_num"), ExecutesOn(Pipe.PIPE_S), MatmulMethod("SetBatchNum", MatmulRole.SETTER)
    )
    assembly_format = "$matmul `,` $batch_a `,` $batch_b attr-dict"

    def __init__(self, matmul: SSAValue, batch_a: SSAValue, batch_b: SSAValue):
        super().__init__(operands=[matmul, batch_a, batch_b])


@op_definition
class MatmulSetWorkspaceOp(MatmulMethodOp):
    """``mm.SetWorkspace(tensor)`` or ``mm.SetWorkspace(addr, size)``: where asynchronous results go.

    Example: ``ascendc.matmul.set_workspace %mm, %ws : !ascendc.global_tensor<f32>``
    """

    name = "ascendc.matmul.set_workspace"
    matmul = operand_def(MatmulObjType)
    workspace = operand_def(AddressLike)
    size = opt_operand_def(SIGNLESS_I32)
    traits = traits_def(
        NotInMixDualMaster("set_workspace"),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("SetWorkspace", MatmulRole.WORKSPACE),
        MatmulAccess(writes=("workspace",)),
    )
    assembly_format = "$matmul `,` $workspace (`,` $size^)? attr-dict `:` type($workspace)"

    def __init__(self, matmul: SSAValue, workspace: SSAValue, size: SSAValue | None = None):
        super().__init__(operands=[matmul, workspace, size])

    def verify_(self) -> None:
        is_address = isinstance(self.workspace.type, GMAddrType)
        if is_address and self.size is None:
            raise VerifyException("set_workspace: size is required when addr is a GM address")
        if not is_address and self.size is not None:
            raise VerifyException("set_workspace: a GlobalTensor workspace takes no size")


@op_definition
class MatmulSetQuantScalarOp(MatmulMethodOp):
    """``mm.SetQuantScalar(q)``: one ``uint64_t`` quantisation parameter."""

    name = "ascendc.matmul.set_quant_scalar"
    matmul = operand_def(MatmulObjType)
    quant_scalar = operand_def(UI64)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MatmulMethod("SetQuantScalar", MatmulRole.SETTER))
    assembly_format = "$matmul `,` $quant_scalar attr-dict"

    def __init__(self, matmul: SSAValue, quant_scalar: SSAValue):
        super().__init__(operands=[matmul, quant_scalar])


@op_definition
class MatmulSetQuantVectorOp(MatmulMethodOp):
    """``mm.SetQuantVector(t)``: per-channel quantisation parameters (``uint64_t`` elements)."""

    name = "ascendc.matmul.set_quant_vector"
    matmul = operand_def(MatmulObjType)
    quant_vector = operand_def(TensorType)
    traits = traits_def(
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("SetQuantVector", MatmulRole.SETTER),
        MatmulAccess(reads=("quant_vector",)),
    )
    assembly_format = "$matmul `,` $quant_vector attr-dict `:` type($quant_vector)"

    def __init__(self, matmul: SSAValue, quant_vector: SSAValue):
        super().__init__(operands=[matmul, quant_vector])

    def verify_(self) -> None:
        if tensor_element_type(self.quant_vector.type) != UI64:
            raise VerifyException("the quant vector must have ui64 elements")


@op_definition
class MatmulGetOffsetCOp(MatmulMethodOp):
    """``MatrixOffset r = mm.GetOffsetC();`` (cube-only)."""

    name = "ascendc.matmul.get_offset_c"
    matmul = operand_def(MatmulObjType)
    result = result_def(MatrixOffsetType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MatmulMethod("GetOffsetC", MatmulRole.QUERY))
    assembly_format = "$matmul attr-dict"

    def __init__(self, matmul: SSAValue):
        super().__init__(operands=[matmul], result_types=[MatrixOffsetType()])


@op_definition
class MatrixOffsetOp(IRDLOperation):
    """``MatrixOffset v{offset, row, col, height, width};``"""

    name = "ascendc.matrix_offset"
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    offset = operand_def(SIGNLESS_I32)
    row = operand_def(SIGNLESS_I32)
    col = operand_def(SIGNLESS_I32)
    height = operand_def(SIGNLESS_I32)
    width = operand_def(SIGNLESS_I32)
    result = result_def(MatrixOffsetType)
    assembly_format = "$offset `,` $row `,` $col `,` $height `,` $width attr-dict"

    def __init__(self, *values: SSAValue):
        super().__init__(operands=list(values), result_types=[MatrixOffsetType()])


__all__ = [
    "MatmulDisableBiasOp",
    "MatmulGetOffsetCOp",
    "MatmulSetBatchNumOp",
    "MatmulSetBiasOp",
    "MatmulSetHF32Op",
    "MatmulSetQuantScalarOp",
    "MatmulSetQuantVectorOp",
    "MatmulSetScalarAOp",
    "MatmulSetScalarBOp",
    "MatmulSetSelfDefineDataOp",
    "MatmulSetSparseIndexOp",
    "MatmulSetTailOp",
    "MatmulSetUserDefInfoOp",
    "MatmulSetWorkspaceOp",
    "MatrixOffsetOp",
]
