"""System values (``GetBlockIdx()`` and friends), the core-type test of AIV code, and the debug
output ops ``printf``/``DumpTensor`` with the dump set-up the kernel prologue adds for them.
"""

from __future__ import annotations

from enum import auto

from xdsl.dialects.builtin import BoolAttr, IntegerType, StringAttr
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, SpacedOpaqueSyntaxAttribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    base,
    irdl_attr_definition,
    operand_def,
    opt_operand_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import OpTrait, Pure
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from ascx.dialects.ascendc.basic_types import ShapeInfoType
from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.int_constraints import SIGNLESS_I1
from ascx.dialects.ascendc.tensor_ops import AnyInteger
from ascx.dialects.ascendc.traits import ExecutesOn, TensorAccess
from ascx.dialects.ascendc.types import GMAddrType, TensorType, float_type


class SysVar(StrEnum):
    """The block and sub-block indices and counts of the running core, the task ratio (vector or cube
    cores per logical AI core) and the data block size (32 bytes)."""

    BLOCK_IDX = auto()
    BLOCK_NUM = auto()
    SUB_BLOCK_IDX = auto()
    SUB_BLOCK_NUM = auto()
    TASK_RATIO = auto()
    DATA_BLOCK_SIZE_IN_BYTES = auto()

    @property
    def cpp(self) -> str:
        return "Get" + "".join(part.capitalize() for part in str(self).split("_"))


@irdl_attr_definition
class SysVarAttr(EnumAttribute[SysVar], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.sys_var"


@op_definition
class SysVarOp(IRDLOperation):
    """``AscendC::GetBlockIdx()``, ``GetBlockNum()``, ``GetSubBlockIdx()``, ``GetSubBlockNum()``.

    Example: ``%b = ascendc.sys_var block_idx : i32``
    """

    name = "ascendc.sys_var"
    var = prop_def(SysVarAttr)
    result = result_def(base(IntegerType))
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())
    assembly_format = "$var attr-dict `:` type($result)"

    def __init__(self, var: SysVar, result_type: Attribute):
        super().__init__(properties={"var": SysVarAttr(var)}, result_types=[result_type])


@op_definition
class AscendIsAivOp(IRDLOperation):
    """True on a vector core (``g_coreType == AscendC::AIV``)."""

    name = "ascendc.ascend_is_aiv"
    result = result_def(SIGNLESS_I1)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())
    assembly_format = "attr-dict"

    def __init__(self):
        super().__init__(result_types=[IntegerType(1)])


class DebugOutput(OpTrait):
    """The op writes to the debug dump buffer: the kernel needs the ``dump_addr`` parameter and
    ``InitDump`` (added by ``ascx-kernel-prologue``)."""


@op_definition
class PrintfOp(IRDLOperation):
    """``AscendC::printf("format", args...)``: prints from the device (only when built with dumping).

    Example: ``ascendc.printf "n=%d\\n"(%n) : i32``
    """

    name = "ascendc.printf"
    format = prop_def(StringAttr)
    args = var_operand_def()
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), DebugOutput())
    assembly_format = "$format `(` $args `)` attr-dict `:` type($args)"

    def __init__(self, fmt: str, args: list[SSAValue]):
        super().__init__(operands=[args], properties={"format": StringAttr(fmt)})

    def verify_(self) -> None:
        for arg in self.args:
            if not isinstance(arg.type, IntegerType | GMAddrType) and float_type(arg.type) is None:
                raise VerifyException(f"printf cannot print a value of type {arg.type}")


@op_definition
class DumpTensorOp(IRDLOperation):
    """``AscendC::DumpTensor(tensor, desc, dumpSize[, shapeInfo])``: dumps ``dumpSize`` elements.

    Example: ``ascendc.dump_tensor %t, %desc, %size : !ascendc.local_tensor<f16>, ui32, ui32``
    """

    name = "ascendc.dump_tensor"
    tensor = operand_def(TensorType)
    desc = operand_def(AnyInteger)
    dump_size = operand_def(AnyInteger)
    shape_info = opt_operand_def(ShapeInfoType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), TensorAccess(reads=("tensor",)), DebugOutput())
    assembly_format = (
        "$tensor `,` $desc `,` $dump_size (`shape` $shape_info^)? attr-dict "
        "`:` type($tensor) `,` type($desc) `,` type($dump_size)"
    )

    def __init__(self, tensor: SSAValue, desc: SSAValue, dump_size: SSAValue, shape_info: SSAValue | None = None):
        super().__init__(operands=[tensor, desc, dump_size, shape_info])


@op_definition
class InitDumpOp(IRDLOperation):
    """``AscendC::InitDump(mix, dumpAddr, size)`` inside ``#if defined ASCENDC_DUMP``: sets up the
    dump buffer that ``printf`` and ``DumpTensor`` write (one MiB per core).

    Example: ``ascendc.init_dump %dump_addr : !ascendc.gm_addr<ui8>``
    """

    name = "ascendc.init_dump"
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    addr = operand_def(GMAddrType)
    mix = prop_def(BoolAttr)
    assembly_format = "$addr `mix` $mix attr-dict `:` type($addr)"

    def __init__(self, addr: SSAValue, mix: bool):
        super().__init__(operands=[addr], properties={"mix": BoolAttr.from_bool(mix)})


__all__ = ["AscendIsAivOp", "DebugOutput", "DumpTensorOp", "InitDumpOp", "PrintfOp", "SysVar", "SysVarAttr", "SysVarOp"]
