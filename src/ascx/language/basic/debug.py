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
from ascx.language.core.dtype import bit, float32, int32, uint32
from ascx.language.core.shape_info import ShapeInfo
from ascx.language.core.values import GlobalAddress, RuntimeScalar


def printf(desc: Any, *params: Any) -> None:
    """``AscendC::printf(format, args...)``: C's printf on the device.  A Python ``str`` argument is
    spliced into the format in place of the next ``%s``; numbers and runtime scalars are printed."""
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
        raise ApiTypeError(f"printf: the format has {len(pieces) - 1} %s but {strings} str arguments")
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
        f"printf: cannot print {describe(value)}", "print numbers and runtime scalars; use dump_tensor for tensors"
    )


def dump_tensor(tensor: Any, desc: Any, dump_size: Any, shape_info: Any = None) -> None:
    """``AscendC::DumpTensor(tensor, desc, dumpSize[, shapeInfo])``: prints ``dump_size`` elements,
    labelled with the number ``desc``."""
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


def dump_acc_chk_point(tensor: Any, index: Any, count_off: Any, dump_size: Any) -> None:
    """``AscendC::DumpAccChkPoint(tensor, index, countOff, dumpSize)``: prints ``dump_size`` elements of
    ``tensor`` from element ``count_off``, labelled with the number ``index``."""
    api = "dump_acc_chk_point"
    builder = active(api)
    t = any_tensor(tensor, api, "tensor")
    label = integer_operand(builder, index, uint32, api=api, param="index")
    offset = integer_operand(builder, count_off, uint32, api=api, param="count_off")
    size = integer_operand(builder, dump_size, uint32, api=api, param="dump_size")
    dtype = t.dtype
    if dtype is not None and isinstance(dump_size, int) and dump_size * dtype.sizeof() > DUMP_ACC_CHK_POINT_BYTES:
        raise ApiValueError(
            f"{api}: {dump_size} {dtype} elements are {dump_size * dtype.sizeof()} bytes, more than the 30 KiB a "
            "checkpoint prints (CANN prints nothing then)"
        )
    if dtype is not None and isinstance(count_off, int) and _in_unified_buffer(t):
        if (count_off * dtype.sizeof()) % UB_ALIGN_BYTES:
            raise ApiValueError(
                f"{api}: count_off {count_off} puts the dump at byte {count_off * dtype.sizeof()} of a "
                "unified-buffer tensor, which is not 32-byte aligned",
                f"use a multiple of {UB_ALIGN_BYTES // dtype.sizeof()} elements",
            )
    builder.insert(sys_ir.DumpAccChkPointOp(t.ssa, label, offset, size))


def _in_unified_buffer(tensor: Any) -> bool:
    from ascx.language.basic.operands import VECTOR_POSITIONS
    from ascx.language.core.tensor import LocalTensor

    return isinstance(tensor, LocalTensor) and tensor.position in VECTOR_POSITIONS


def print_time_stamp(desc_id: Any) -> None:
    """``AscendC::PrintTimeStamp(descId)``: records a time stamp labelled ``desc_id`` (in builds with
    ``ASCENDC_TIME_STAMP_ON``; otherwise it does nothing)."""
    builder = active("print_time_stamp")
    builder.insert(
        sys_ir.PrintTimeStampOp(integer_operand(builder, desc_id, uint32, api="print_time_stamp", param="desc_id"))
    )


def metrics_prof_start() -> None:
    """``AscendC::MetricsProfStart()``: starts the profiler's metrics collection (for the NPU profiler;
    nothing on the emulation)."""
    active("metrics_prof_start").insert(sys_ir.CoreControlOp(sys_ir.CoreControl.METRICS_PROF_START))


def metrics_prof_stop() -> None:
    """``AscendC::MetricsProfStop()``: stops the profiler's metrics collection."""
    active("metrics_prof_stop").insert(sys_ir.CoreControlOp(sys_ir.CoreControl.METRICS_PROF_STOP))


__all__ = ["dump_acc_chk_point", "dump_tensor", "metrics_prof_start", "metrics_prof_stop", "print_time_stamp", "printf"]
