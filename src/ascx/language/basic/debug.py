"""Debug output from the device: ``printf`` and ``dump_tensor``.  A kernel that uses them gets the
``dump_addr`` parameter and the dump set-up (``ascx-kernel-prologue``); the output appears only in
builds with ``ASCENDC_DUMP`` defined."""

from __future__ import annotations

from typing import Any

from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.language.basic.operands import any_tensor
from ascx.language.core.api_errors import ApiTypeError
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
