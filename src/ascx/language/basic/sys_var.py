"""Where the running core is: block and sub-block indices and counts, and which kind of core it is."""

from __future__ import annotations

from ascx.dialects import ascendc as ir
from ascx.language.core.builder import active
from ascx.language.core.dtype import DataType, bit, int32, int64
from ascx.language.core.values import RuntimeScalar


def _sys_var(var: ir.SysVar, dtype: DataType, api: str) -> RuntimeScalar:
    builder = active(api)
    op = builder.insert(ir.SysVarOp(var, dtype.to_ir()))
    value = RuntimeScalar(op.result, dtype, origin=f"the core's {str(var).replace('_', ' ')} ({api}())")
    value.provisional_name(str(var))
    return value


def get_block_idx() -> RuntimeScalar:
    """``AscendC::GetBlockIdx()``: this core's block index (``int32``)."""
    return _sys_var(ir.SysVar.BLOCK_IDX, int32, "get_block_idx")


def get_block_num() -> RuntimeScalar:
    """``AscendC::GetBlockNum()``: the number of blocks launched (``int32``)."""
    return _sys_var(ir.SysVar.BLOCK_NUM, int32, "get_block_num")


def get_sub_block_idx() -> RuntimeScalar:
    """``AscendC::GetSubBlockIdx()``: this vector core's index within its group (``int64``)."""
    return _sys_var(ir.SysVar.SUB_BLOCK_IDX, int64, "get_sub_block_idx")


def get_sub_block_num() -> RuntimeScalar:
    """``AscendC::GetSubBlockNum()``: the number of vector cores per group (``int64``)."""
    return _sys_var(ir.SysVar.SUB_BLOCK_NUM, int64, "get_sub_block_num")


def ascend_is_aic() -> RuntimeScalar:
    """True on a cube core (``g_coreType == AscendC::AIC``)."""
    builder = active("ascend_is_aic")
    op = builder.insert(ir.AscendIsAicOp())
    return RuntimeScalar(op.result, bit, origin="the core type (ascend_is_aic())")


def ascend_is_aiv() -> RuntimeScalar:
    """True on a vector core (``g_coreType == AscendC::AIV``)."""
    builder = active("ascend_is_aiv")
    op = builder.insert(ir.AscendIsAivOp())
    return RuntimeScalar(op.result, bit, origin="the core type (ascend_is_aiv())")
