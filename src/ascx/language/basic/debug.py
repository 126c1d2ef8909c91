"""Debug output from the device: ``printf``, ``dump_tensor`` and ``dump_acc_chk_point``.  A kernel that
uses them gets the ``dump_addr`` parameter and the dump set-up (``ascx-kernel-prologue``); the output
appears only in builds with ``ASCENDC_DUMP`` defined.  Also the profiling marks ``print_time_stamp``
and ``metrics_prof_start``/``metrics_prof_stop``."""

from __future__ import annotations

from typing import Any

from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.dialects.ascendc import system_api_ops as sys_ir
from ascx.language.basic.operands import any_tensor
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.dtype import DataType, bit, float16, float32, int32, uint32
from ascx.language.core.shape_info import ShapeInfo
from ascx.language.core.values import GlobalAddress, RuntimeScalar
from ascx.language.records import records

record = records(__name__, "basic/debug")
PROFILING = "basic/profiling"
"""The page of the checkpoint and profiling APIs."""


def format_strings_message(wanted: int, got: int) -> str:
    return f"printf: the format has {wanted} %s but {got} str arguments"


def unprintable_message(got: str) -> str:
    """The message for an argument ``printf`` cannot print; ``got`` describes it (``describe``)."""
    return f"printf: cannot print {got}"


@record(
    forms=("asc.printf(format, *args)",),
    cpp=("template <class... Args> void printf(__gm__ const char* fmt, Args&&... args);",),
    params=(
        ("format", "a str; escaped for C++ (a Python newline becomes ``\\n``)"),
        ("args", "numbers, runtime scalars, addresses, and str for ``%s``"),
    ),
    rules=(f'"{format_strings_message(2, 1)}"; "{unprintable_message("a LocalTensor")}" (use ``dump_tensor``).',),
    notes=("pyasc writes the format unescaped, so a Python newline breaks the C++ literal.",),
)
def printf(desc: Any, *params: Any) -> None:
    """C's ``printf`` on the device; a Python ``str`` argument is spliced into the format in place of the next
    ``%s``."""
    builder = active("printf")
    if not isinstance(desc, str):
        raise ApiTypeError(f"printf: the format must be a str, got {describe(desc)}")
    pieces = desc.split("%s")
    text, args, strings = pieces[0], list[SSAValue](), 0
    for param in params:
        if isinstance(param, str):
            if strings + 1 >= len(pieces):
                raise ApiTypeError("printf: more str arguments than %s in the format")
            strings += 1
            text += param + pieces[strings]
            continue
        args.append(_printf_argument(builder, param))
    if strings + 1 != len(pieces):
        raise ApiTypeError(format_strings_message(len(pieces) - 1, strings))
    builder.insert(ir.PrintfOp(text, args))


def _printf_argument(builder: Any, value: object) -> SSAValue:
    if isinstance(value, RuntimeScalar | GlobalAddress):
        return value.ssa
    if isinstance(value, bool):
        return builder.constant(value, bit.to_ir())
    if isinstance(value, int):
        return builder.constant(value, int32.to_ir())
    if isinstance(value, float):
        return builder.constant(value, float32.to_ir())
    raise ApiTypeError(
        unprintable_message(describe(value)), "print numbers and runtime scalars; use dump_tensor for tensors"
    )


@record(
    forms=("asc.dump_tensor(tensor, desc, dump_size, shape_info=None)",),
    cpp=(
        "template <typename T> void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize);",
        "template <typename T> void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize, "
        "const ShapeInfo& shapeInfo);",
    ),
    # integer_operand (core/convert.py) raises the quoted message
    rules=('"dump_tensor: desc must be an integer, got the float 1.5".',),
)
def dump_tensor(tensor: Any, desc: Any, dump_size: Any, shape_info: Any = None) -> None:
    """Print ``dump_size`` elements of a tensor, labelled with the number ``desc``."""
    builder = active("dump_tensor")
    t = any_tensor(tensor, "dump_tensor", "tensor")
    label = integer_operand(builder, desc, uint32, api="dump_tensor", param="desc")
    size = integer_operand(builder, dump_size, uint32, api="dump_tensor", param="dump_size")
    if shape_info is not None and not isinstance(shape_info, ShapeInfo):
        raise ApiTypeError(f"'shape_info' argument must be ShapeInfo, got {type(shape_info).__name__}")
    shape = shape_info.ssa if shape_info is not None else None
    builder.insert(ir.DumpTensorOp(t.ssa, label, size, shape))


DUMP_ACC_CHK_POINT_BYTES = 30 * 1024
"""A ``DumpAccChkPoint`` prints at most 30 KiB; more is not printed at all (CANN)."""
UB_ALIGN_BYTES = 32
"""A tensor in the unified buffer starts on a 32-byte boundary."""


def chk_point_size_message(api: str, dump_size: int, dtype: DataType) -> str:
    return (
        f"{api}: {dump_size} {dtype} elements are {dump_size * dtype.sizeof()} bytes, more than the "
        f"{DUMP_ACC_CHK_POINT_BYTES // 1024} KiB a checkpoint prints (CANN prints nothing then)"
    )


def chk_point_offset_message(api: str, count_off: int, dtype: DataType) -> str:
    return (
        f"{api}: count_off {count_off} puts the dump at byte {count_off * dtype.sizeof()} of a unified-buffer "
        f"tensor, which is not {UB_ALIGN_BYTES}-byte aligned"
    )


@record(
    forms=("asc.dump_acc_chk_point(tensor, index, count_off, dump_size)",),
    cpp=(
        "template <typename T> void DumpAccChkPoint(const LocalTensor<T>& tensor, uint32_t index, "
        "uint32_t countOff, uint32_t dumpSize);",
        "template <typename T> void DumpAccChkPoint(const GlobalTensor<T>& tensor, uint32_t index, "
        "uint32_t countOff, uint32_t dumpSize);",
    ),
    rules=(
        f"A checkpoint prints at most {DUMP_ACC_CHK_POINT_BYTES // 1024} KiB: "
        f'"{chk_point_size_message("dump_acc_chk_point", 20000, float16)}".',
        f"In the unified buffer the offset keeps {UB_ALIGN_BYTES}-byte alignment: "
        f'"{chk_point_offset_message("dump_acc_chk_point", 3, float16)}".',
    ),
    page=PROFILING,
)
def dump_acc_chk_point(tensor: Any, index: Any, count_off: Any, dump_size: Any) -> None:
    """Print ``dump_size`` elements of ``tensor`` from element ``count_off``, labelled with the number
    ``index``."""
    api = "dump_acc_chk_point"
    builder = active(api)
    t = any_tensor(tensor, api, "tensor")
    label = integer_operand(builder, index, uint32, api=api, param="index")
    offset = integer_operand(builder, count_off, uint32, api=api, param="count_off")
    size = integer_operand(builder, dump_size, uint32, api=api, param="dump_size")
    dtype = t.dtype
    if dtype is not None and isinstance(dump_size, int) and dump_size * dtype.sizeof() > DUMP_ACC_CHK_POINT_BYTES:
        raise ApiValueError(chk_point_size_message(api, dump_size, dtype))
    if dtype is not None and isinstance(count_off, int) and _in_unified_buffer(t):
        if (count_off * dtype.sizeof()) % UB_ALIGN_BYTES:
            raise ApiValueError(
                chk_point_offset_message(api, count_off, dtype),
                f"use a multiple of {UB_ALIGN_BYTES // dtype.sizeof()} elements",
            )
    builder.insert(sys_ir.DumpAccChkPointOp(t.ssa, label, offset, size))


def _in_unified_buffer(tensor: Any) -> bool:
    from ascx.language.basic.operands import VECTOR_POSITIONS
    from ascx.language.core.tensor import LocalTensor

    return isinstance(tensor, LocalTensor) and tensor.position in VECTOR_POSITIONS


@record(forms=("asc.print_time_stamp(desc_id)",), cpp=("void PrintTimeStamp(uint32_t descId);",), page=PROFILING)
def print_time_stamp(desc_id: Any) -> None:
    """Record a time stamp labelled ``desc_id`` (in builds with ``ASCENDC_TIME_STAMP_ON``; otherwise nothing)."""
    builder = active("print_time_stamp")
    builder.insert(
        sys_ir.PrintTimeStampOp(integer_operand(builder, desc_id, uint32, api="print_time_stamp", param="desc_id"))
    )


@record(forms=("asc.metrics_prof_start()",), cpp=("void MetricsProfStart();",), page=PROFILING)
def metrics_prof_start() -> None:
    """Start the profiler's metrics collection."""
    active("metrics_prof_start").insert(sys_ir.CoreControlOp(sys_ir.CoreControl.METRICS_PROF_START))


@record(forms=("asc.metrics_prof_stop()",), cpp=("void MetricsProfStop();",), page=PROFILING)
def metrics_prof_stop() -> None:
    """Stop the profiler's metrics collection."""
    active("metrics_prof_stop").insert(sys_ir.CoreControlOp(sys_ir.CoreControl.METRICS_PROF_STOP))


__all__ = ["dump_acc_chk_point", "dump_tensor", "metrics_prof_start", "metrics_prof_stop", "print_time_stamp", "printf"]
