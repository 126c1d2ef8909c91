"""Where the running core is (block and sub-block indices and counts, which kind of core it is, the
task ratio) and the system values: the system counter, the program counter, the architecture
version, the data block size; ``trap``."""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.dialects.ascendc import system_api_ops as sys_ir
from ascx.language.core.builder import active
from ascx.language.core.convert import integer_operand
from ascx.language.core.dtype import DataType, bit, int32, int64, uint32
from ascx.language.core.values import RuntimeScalar
from ascx.language.records import records

record = records(__name__, "basic/system")


def _sys_var(var: ir.SysVar, dtype: DataType, api: str) -> RuntimeScalar:
    builder = active(api)
    op = builder.insert(ir.SysVarOp(var, dtype.to_ir()))
    value = RuntimeScalar(op.result, dtype, origin=f"the core's {str(var).replace('_', ' ')} ({api}())")
    value.provisional_name(str(var))
    return value


def sys_var_record(name: str, cpp: str) -> dict[str, Any]:
    """The record fields of a system value read with ``AscendC::<cpp>()``."""
    return {"forms": (f"value = asc.{name}()",), "cpp": (f"int64_t {cpp}();",)}


@record(**sys_var_record("get_block_idx", "GetBlockIdx"))
def get_block_idx() -> RuntimeScalar:
    """This core's block index (``int32``)."""
    return _sys_var(ir.SysVar.BLOCK_IDX, int32, "get_block_idx")


@record(**sys_var_record("get_block_num", "GetBlockNum"))
def get_block_num() -> RuntimeScalar:
    """The number of blocks launched (``int32``)."""
    return _sys_var(ir.SysVar.BLOCK_NUM, int32, "get_block_num")


@record(**sys_var_record("get_sub_block_idx", "GetSubBlockIdx"))
def get_sub_block_idx() -> RuntimeScalar:
    """This vector core's index within its group (``int64``)."""
    return _sys_var(ir.SysVar.SUB_BLOCK_IDX, int64, "get_sub_block_idx")


@record(**sys_var_record("get_sub_block_num", "GetSubBlockNum"))
def get_sub_block_num() -> RuntimeScalar:
    """The number of vector cores per group (``int64``)."""
    return _sys_var(ir.SysVar.SUB_BLOCK_NUM, int64, "get_sub_block_num")


@record(forms=("if asc.ascend_is_aic(): ...",), cpp=("g_coreType == AscendC::AIC",))
def ascend_is_aic() -> RuntimeScalar:
    """True on a cube core."""
    builder = active("ascend_is_aic")
    op = builder.insert(ir.AscendIsAicOp())
    return RuntimeScalar(op.result, bit, origin="the core type (ascend_is_aic())")


@record(forms=("if asc.ascend_is_aiv(): ...",), cpp=("g_coreType == AscendC::AIV",))
def ascend_is_aiv() -> RuntimeScalar:
    """True on a vector core."""
    builder = active("ascend_is_aiv")
    op = builder.insert(ir.AscendIsAivOp())
    return RuntimeScalar(op.result, bit, origin="the core type (ascend_is_aiv())")


@record(forms=("ratio = asc.get_task_ratio()",), cpp=("int64_t GetTaskRatio();",), page="basic/system_control")
def get_task_ratio() -> RuntimeScalar:
    """How many cores of this kind the task has per logical AI core (``int64``): 2 on a vector core of a MIX
    1:2 kernel, otherwise 1."""
    return _sys_var(ir.SysVar.TASK_RATIO, int64, "get_task_ratio")


@record(
    forms=("size = asc.get_data_block_size_in_bytes()",),
    cpp=("constexpr int16_t GetDataBlockSizeInBytes();",),
    page="basic/system_control",
)
def get_data_block_size_in_bytes() -> RuntimeScalar:
    """The bytes of a data block: 32 (``int32``)."""
    return _sys_var(ir.SysVar.DATA_BLOCK_SIZE_IN_BYTES, int32, "get_data_block_size_in_bytes")


def _counter(counter: sys_ir.SystemCounter, api: str, origin: str) -> RuntimeScalar:
    op = active(api).insert(sys_ir.SystemCounterOp(counter))
    value = RuntimeScalar(op.result, int64, origin=f"{origin} ({api}())")
    value.provisional_name(str(counter))
    return value


@record(
    forms=("cycle = asc.get_system_cycle()",),
    cpp=("int64_t GetSystemCycle();",),
    notes=("On the emulation it follows the host's steady clock at 50 MHz and always advances.",),
    page="basic/system_control",
)
def get_system_cycle() -> RuntimeScalar:
    """The system counter (``int64``): 50 counts a microsecond on the 910B.  It is read on the scalar pipe:
    to time another pipe's work, put a ``pipe_barrier`` of that pipe before it."""
    return _counter(sys_ir.SystemCounter.SYSTEM_CYCLE, "get_system_cycle", "the system counter")


@record(
    forms=("pc = asc.get_program_counter()",),
    cpp=("int64_t GetProgramCounter();",),
    notes=("On the emulation: the kernel's Python source line being run.",),
    page="basic/system_control",
)
def get_program_counter() -> RuntimeScalar:
    """Where the program is (``int64``)."""
    return _counter(sys_ir.SystemCounter.PROGRAM_COUNTER, "get_program_counter", "the program counter")


@record(
    forms=("version = asc.get_arch_version(core_version)",),
    cpp=("void GetArchVersion(uint32_t& coreVersion);",),
    notes=("pyasc's returns nothing, so the version is lost; ascx returns it.",),
    page="basic/system_control",
)
def get_arch_version(core_version: Any) -> RuntimeScalar:
    """The AI core's architecture version, hexadecimal coded (``uint32``; ``0x220`` on the 910B): written into
    a ``uint32_t`` variable initialised with ``core_version``, which ascx returns."""
    api = "get_arch_version"
    builder = active(api)
    initial = integer_operand(builder, core_version, uint32, api=api, param="core_version")
    op = builder.insert(sys_ir.GetArchVersionOp(initial))
    value = RuntimeScalar(op.result, uint32, origin="the architecture version (get_arch_version())")
    value.provisional_name("core_version")
    return value


@record(forms=("asc.trap()",), cpp=("void Trap();",), page="basic/system_control")
def trap() -> None:
    """Stop the AI core: an exception for the host.  On the emulation the run fails at the call with
    "Trap() stopped the kernel"."""
    active("trap").insert(sys_ir.CoreControlOp(sys_ir.CoreControl.TRAP))


__all__ = [
    "ascend_is_aic",
    "ascend_is_aiv",
    "get_arch_version",
    "get_block_idx",
    "get_block_num",
    "get_data_block_size_in_bytes",
    "get_program_counter",
    "get_sub_block_idx",
    "get_sub_block_num",
    "get_system_cycle",
    "get_task_ratio",
    "trap",
]
