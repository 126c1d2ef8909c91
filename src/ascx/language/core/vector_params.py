"""The parameter structs of the data-rearranging vector ops (pyasc's ``asc.GatherRepeatParams``, ...)
and ``asc.VdeqInfo``, the sixteen dequantisation parameter sets of ``set_deq_scale``.

Each is built where the kernel constructs it, as ``ParamsStruct`` builds the data-copy structs: every
field converted to its C++ type, the Python values kept for the checks of the APIs that take it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, element_operand, integer_operand
from ascx.language.core.dtype import bit, float32, int16
from ascx.language.core.enums import TransposeType
from ascx.language.core.params import ParamsStruct
from ascx.language.core.values import Handle
from ascx.language.records import records

record = records(__name__, "basic/vector_data")


@record(
    forms=("asc.GatherRepeatParams(dst_blk_stride=1, dst_rep_stride=8)",),
    cpp=("AscendC::GatherRepeatParams p{dstBlkStride, dstRepStride};  // uint8_t, uint16_t",),
    title="asc.GatherRepeatParams",
)
class GatherRepeatParams(ParamsStruct):
    """``gatherb``'s strides of ``dst``: between blocks and between repeats, in 32-byte blocks."""

    __slots__ = ()
    KIND = ir.ParamsKind.GATHER_REPEAT

    def __init__(self, dst_blk_stride: Any = 1, dst_rep_stride: Any = 8) -> None:
        self._build(dict(dst_blk_stride=dst_blk_stride, dst_rep_stride=dst_rep_stride))


@record(
    forms=("asc.BrcbRepeatParams(dst_blk_stride=1, dst_rep_stride=8)",),
    cpp=("AscendC::BrcbRepeatParams p{dstBlkStride, dstRepStride};  // uint16_t each",),
    title="asc.BrcbRepeatParams",
)
class BrcbRepeatParams(ParamsStruct):
    """``brcb``'s strides of ``dst``: between blocks and between repeats, in 32-byte blocks."""

    __slots__ = ()
    KIND = ir.ParamsKind.BRCB_REPEAT

    def __init__(self, dst_blk_stride: Any = 1, dst_rep_stride: Any = 8) -> None:
        self._build(dict(dst_blk_stride=dst_blk_stride, dst_rep_stride=dst_rep_stride))


@record(
    forms=("asc.GatherMaskParams(src0_block_stride=1, repeat_times=1, src0_repeat_stride=0, src1_repeat_stride=0)",),
    cpp=(
        "AscendC::GatherMaskParams p{src0BlockStride, repeatTimes, src0RepeatStride, src1RepeatStride};"
        "  // uint8_t, uint16_t, uint16_t, uint8_t",
    ),
    title="asc.GatherMaskParams",
)
class GatherMaskParams(ParamsStruct):
    """``gather_mask``'s source block stride, repeat count and repeat strides."""

    __slots__ = ()
    KIND = ir.ParamsKind.GATHER_MASK

    def __init__(
        self,
        src0_block_stride: Any = 1,
        repeat_times: Any = 1,
        src0_repeat_stride: Any = 0,
        src1_repeat_stride: Any = 0,
    ) -> None:
        self._build(
            dict(
                src0_block_stride=src0_block_stride,
                repeat_times=repeat_times,
                src0_repeat_stride=src0_repeat_stride,
                src1_repeat_stride=src1_repeat_stride,
            )
        )


def transpose_type_message(got: object) -> str:
    return f"TransposeParamsExt: transpose_type must be an asc.TransposeType, got {describe(got)}"


@record(
    forms=(
        "asc.TransposeParamsExt(n_size=0, c_size=0, h_size=0, w_size=0, "
        "transpose_type=asc.TransposeType.TRANSPOSE_ND2ND_B16)",
    ),
    cpp=("AscendC::TransposeParamsExt p{nSize, cSize, hSize, wSize, transposeType};  // uint16_t each, TransposeType",),
    rules=(f'``transpose_type`` is an ``asc.TransposeType``: "{transpose_type_message(11)}".',),
    title="asc.TransposeParamsExt",
)
class TransposeParamsExt(ParamsStruct):
    """``transpose``'s sizes and conversion."""

    __slots__ = ()
    KIND = ir.ParamsKind.TRANSPOSE_EXT

    def __init__(
        self,
        n_size: Any = 0,
        c_size: Any = 0,
        h_size: Any = 0,
        w_size: Any = 0,
        transpose_type: Any = TransposeType.TRANSPOSE_ND2ND_B16,
    ) -> None:
        if not isinstance(transpose_type, TransposeType):
            raise ApiTypeError(transpose_type_message(transpose_type))
        self._build(
            dict(n_size=n_size, c_size=c_size, h_size=h_size, w_size=w_size, transpose_type=int(transpose_type))
        )

    @property
    def transpose_type(self) -> TransposeType:
        return TransposeType(self.values["transpose_type"])


@record(
    forms=(
        "asc.TransDataTo5HDParams(dst_high_half=False, src_high_half=False, repeat_times=1, dst_rep_stride=0, "
        "src_rep_stride=0)",
    ),
    cpp=(
        "AscendC::TransDataTo5HDParams p{dstHighHalf, srcHighHalf, repeatTimes, dstRepStride, srcRepStride};"
        "  // bool, bool, uint8_t, uint16_t, uint16_t",
    ),
    title="asc.TransDataTo5HDParams",
)
class TransDataTo5HDParams(ParamsStruct):
    """``trans_data_to_5hd``'s halves (8-bit data), repeat count and repeat strides (in 32-byte blocks)."""

    __slots__ = ()
    KIND = ir.ParamsKind.TRANS_DATA_TO_5HD

    def __init__(
        self,
        dst_high_half: Any = False,
        src_high_half: Any = False,
        repeat_times: Any = 1,
        dst_rep_stride: Any = 0,
        src_rep_stride: Any = 0,
    ) -> None:
        self._build(
            dict(
                dst_high_half=dst_high_half,
                src_high_half=src_high_half,
                repeat_times=repeat_times,
                dst_rep_stride=dst_rep_stride,
                src_rep_stride=src_rep_stride,
            )
        )


@record(
    forms=("asc.CopyRepeatParams(dst_stride=0, src_stride=0, dst_repeat_size=0, src_repeat_size=0)",),
    cpp=("AscendC::CopyRepeatParams p{dstStride, srcStride, dstRepeatSize, srcRepeatSize};  // uint16_t each",),
    notes=("The defaults are pyasc's (zeros); C++'s default constructor gives 1, 1, 8, 8.",),
    title="asc.CopyRepeatParams",
)
class CopyRepeatParams(ParamsStruct):
    """``copy``'s strides: between blocks and between repeats, in 32-byte blocks."""

    __slots__ = ()
    KIND = ir.ParamsKind.COPY_REPEAT

    def __init__(
        self, dst_stride: Any = 0, src_stride: Any = 0, dst_repeat_size: Any = 0, src_repeat_size: Any = 0
    ) -> None:
        self._build(
            dict(
                dst_stride=dst_stride,
                src_stride=src_stride,
                dst_repeat_size=dst_repeat_size,
                src_repeat_size=src_repeat_size,
            )
        )


VDEQ_TENSOR_SIZE = 16
"""CANN's ``VDEQ_TENSOR_SIZE``: the parameter sets of a vector dequantisation, one per element of a
32-byte block of ``int16_t``; ``set_deq_scale`` writes them into a 128-byte tensor."""


VDEQ_MISSING = "VdeqInfo requires scale / offset / sign_mode"
"""pyasc's messages."""
VDEQ_LENGTHS = "VdeqInfo expects exactly 16 elements per field"


def sign_mode_message(got: object) -> str:
    return f"VdeqInfo: sign_mode holds bools, got {describe(got)}"


@record(
    forms=("asc.VdeqInfo(scale=[...16 floats], offset=[...16 ints], sign_mode=[...16 bools])",),
    cpp=("AscendC::VdeqInfo v(v_scale, v_offset, v_sign_mode);  // arrays of 16 float, int16_t and bool",),
    rules=(f'pyasc\'s messages: "{VDEQ_MISSING}"; "{VDEQ_LENGTHS}"; ascx: "{sign_mode_message(1)}".',),
    title="asc.VdeqInfo",
    page="basic/vector_fused",
)
class VdeqInfo(Handle):
    """Sixteen quantization parameter sets for ``set_deq_scale(vdeq, info)``."""

    __slots__ = ("values",)

    def __init__(self, scale: Any = None, offset: Any = None, sign_mode: Any = None) -> None:
        api = "VdeqInfo"
        builder = active(api)
        if scale is None or offset is None or sign_mode is None:
            raise ApiValueError(VDEQ_MISSING)
        lists: list[Sequence[object]] = []
        for name, value in (("scale", scale), ("offset", offset), ("sign_mode", sign_mode)):
            if not isinstance(value, list | tuple):
                raise ApiTypeError(
                    f"VdeqInfo: {name} must be a list of {VDEQ_TENSOR_SIZE} values, got {describe(value)}"
                )
            lists.append(cast("Sequence[object]", value))
        if any(len(values) != VDEQ_TENSOR_SIZE for values in lists):
            raise ApiValueError(VDEQ_LENGTHS)
        operands: list[SSAValue] = []
        operands += [element_operand(builder, v, float32, api=api, param="scale") for v in lists[0]]
        operands += [integer_operand(builder, v, int16, api=api, param="offset") for v in lists[1]]
        for v in lists[2]:
            if not isinstance(v, bool):
                raise ApiTypeError(sign_mode_message(v))
            operands.append(integer_operand(builder, v, bit, api=api, param="sign_mode"))
        super().__init__(builder.insert(ir.VdeqInfoOp(operands)).result)
        self.values = (tuple(lists[0]), tuple(lists[1]), tuple(lists[2]))


__all__ = [
    "BrcbRepeatParams",
    "CopyRepeatParams",
    "GatherMaskParams",
    "GatherRepeatParams",
    "TransDataTo5HDParams",
    "TransposeParamsExt",
    "VdeqInfo",
]
