"""Ops of the kernel ABI: file-level includes and defines, and the Matmul kernel prologue."""

from __future__ import annotations

from xdsl.dialects.builtin import (
    IntegerAttr,
    IntegerType,
    StringAttr,
    i64,
)
from xdsl.ir import (
    SSAValue,
)
from xdsl.irdl import (
    IRDLOperation,
    operand_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure

from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import (
    KernelTypeAttr,
    Pipe,
    PipeAttr,
)
from ascx.dialects.ascendc.int_constraints import SIGNLESS_I1
from ascx.dialects.ascendc.traits import ExecutesOn
from ascx.dialects.ascendc.types import (
    UI64,
    GMAddrType,
)


@op_definition
class IncludeOp(IRDLOperation):
    """``#include "<header>"`` at the top of the emitted file.

    Example: ``ascendc.include "kernel_operator.h"``
    """

    name = "ascendc.include"
    header = prop_def(StringAttr)
    assembly_format = "$header attr-dict"

    def __init__(self, header: str):
        super().__init__(properties={"header": StringAttr(header)})


@op_definition
class DefineOp(IRDLOperation):
    """``#define <macro>`` at the top of the emitted file.

    Example: ``ascendc.define "ASCENDC_CUBE_ONLY"``
    """

    name = "ascendc.define"
    macro = prop_def(StringAttr)
    assembly_format = "$macro attr-dict"

    def __init__(self, macro: str):
        super().__init__(properties={"macro": StringAttr(macro)})


@op_definition
class KernelTaskTypeOp(IRDLOperation):
    """``KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_<T>);``: the kernel declares its type, first in its body,
    where CANN does not infer it from the code (``MIX_AIC_1_1``, ``MIX_AIV_1_0``).

    Example: ``ascendc.kernel_task_type #ascendc<kernel_type mix_aic_1_1>``
    """

    name = "ascendc.kernel_task_type"
    kernel_type = prop_def(KernelTypeAttr)
    assembly_format = "$kernel_type attr-dict"

    def __init__(self, kernel_type: KernelTypeAttr):
        super().__init__(properties={"kernel_type": kernel_type})


@op_definition
class SetFftsBaseAddrOp(IRDLOperation):
    """``set_ffts_base_addr(*addr)``: the first statement of a kernel that uses Matmul."""

    name = "ascendc.set_ffts_base_addr"
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    addr = operand_def(GMAddrType(UI64))
    assembly_format = "$addr attr-dict"

    def __init__(self, addr: SSAValue):
        super().__init__(operands=[addr])


@op_definition
class AscendIsAicOp(IRDLOperation):
    """True on the cube core (``g_coreType == AscendC::AIC``)."""

    name = "ascendc.ascend_is_aic"
    result = result_def(SIGNLESS_I1)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())
    assembly_format = "attr-dict"

    def __init__(self):
        super().__init__(result_types=[IntegerType(1)])


@op_definition
class FftsCrossCoreSyncOp(IRDLOperation):
    """``ffts_cross_core_sync(<pipe>, <config>)``: a raw cross-core synchronisation intrinsic.

    Example: ``ascendc.ffts_cross_core_sync pipe_mte3, 3873``
    """

    name = "ascendc.ffts_cross_core_sync"
    traits = traits_def(ExecutesOn())
    pipe = prop_def(PipeAttr)
    config = prop_def(IntegerAttr.constr(i64))
    assembly_format = "$pipe `,` $config attr-dict"

    def __init__(self, pipe: Pipe, config: int):
        super().__init__(properties={"pipe": PipeAttr(pipe), "config": IntegerAttr(config, i64)})

    def issued_pipe(self) -> Pipe:
        return self.pipe.data


__all__ = ["AscendIsAicOp", "DefineOp", "FftsCrossCoreSyncOp", "IncludeOp", "KernelTaskTypeOp", "SetFftsBaseAddrOp"]
