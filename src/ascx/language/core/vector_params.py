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


class GatherRepeatParams(ParamsStruct):
    """``AscendC::GatherRepeatParams``: the destination's block stride within a repeat and its repeat
    stride, in 32-byte blocks, for ``gatherb``."""

    __slots__ = ()
    KIND = ir.ParamsKind.GATHER_REPEAT
    NAMES = ("dst_blk_stride", "dst_rep_stride")

    def __init__(self, dst_blk_stride: Any = 1, dst_rep_stride: Any = 8) -> None:
        self._build(dict(dst_blk_stride=dst_blk_stride, dst_rep_stride=dst_rep_stride))


class BrcbRepeatParams(ParamsStruct):
    """``AscendC::BrcbRepeatParams``: the destination's block and repeat strides, in 32-byte blocks,
    for ``brcb``."""

    __slots__ = ()
    KIND = ir.ParamsKind.BRCB_REPEAT
    NAMES = ("dst_blk_stride", "dst_rep_stride")

    def __init__(self, dst_blk_stride: Any = 1, dst_rep_stride: Any = 8) -> None:
        self._build(dict(dst_blk_stride=dst_blk_stride, dst_rep_stride=dst_rep_stride))


class GatherMaskParams(ParamsStruct):
    """``AscendC::GatherMaskParams``: ``src0``'s block and repeat strides (32-byte blocks), the repeat
    count and the pattern tensor's repeat stride, for ``gather_mask``."""

    __slots__ = ()
    KIND = ir.ParamsKind.GATHER_MASK
    NAMES = ("src0_block_stride", "repeat_times", "src0_repeat_stride", "src1_repeat_stride")

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


class TransposeParamsExt(ParamsStruct):
    """``AscendC::TransposeParamsExt``: the shape (N, C, H, W) and the layout change of ``transpose``'s
    extended form."""

    __slots__ = ()
    KIND = ir.ParamsKind.TRANSPOSE_EXT
    NAMES = ("n_size", "c_size", "h_size", "w_size", "transpose_type")

    def __init__(
        self,
        n_size: Any = 0,
        c_size: Any = 0,
        h_size: Any = 0,
        w_size: Any = 0,
        transpose_type: Any = TransposeType.TRANSPOSE_ND2ND_B16,
    ) -> None:
        if not isinstance(transpose_type, TransposeType):
            raise ApiTypeError(
                f"TransposeParamsExt: transpose_type must be an asc.TransposeType, got {describe(transpose_type)}"
            )
        self._build(
            dict(n_size=n_size, c_size=c_size, h_size=h_size, w_size=w_size, transpose_type=int(transpose_type))
        )

    @property
    def transpose_type(self) -> TransposeType:
        return TransposeType(self.values["transpose_type"])


class TransDataTo5HDParams(ParamsStruct):
    """``AscendC::TransDataTo5HDParams``: which half of each destination and source block holds the
    8-bit data, the repeat count and the repeat strides (32-byte blocks) of ``trans_data_to_5hd``."""

    __slots__ = ()
    KIND = ir.ParamsKind.TRANS_DATA_TO_5HD
    NAMES = ("dst_high_half", "src_high_half", "repeat_times", "dst_rep_stride", "src_rep_stride")

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


class CopyRepeatParams(ParamsStruct):
    """``AscendC::CopyRepeatParams``: the block strides within a repeat and the repeat strides (32-byte
    blocks) of ``copy``'s destination and source."""

    __slots__ = ()
    KIND = ir.ParamsKind.COPY_REPEAT
    NAMES = ("dst_stride", "src_stride", "dst_repeat_size", "src_repeat_size")

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


class VdeqInfo(Handle):
    """``AscendC::VdeqInfo``: sixteen dequantisation parameter sets (scale, offset, sign mode) for
    ``set_deq_scale(vdeq, vdeq_info)``; built from three arrays, as CANN's constructor takes them."""

    __slots__ = ("values",)

    def __init__(self, scale: Any = None, offset: Any = None, sign_mode: Any = None) -> None:
        api = "VdeqInfo"
        builder = active(api)
        if scale is None or offset is None or sign_mode is None:
            raise ApiValueError("VdeqInfo requires scale / offset / sign_mode")
        lists: list[Sequence[object]] = []
        for name, value in (("scale", scale), ("offset", offset), ("sign_mode", sign_mode)):
            if not isinstance(value, list | tuple):
                raise ApiTypeError(
                    f"VdeqInfo: {name} must be a list of {VDEQ_TENSOR_SIZE} values, got {describe(value)}"
                )
            lists.append(cast("Sequence[object]", value))
        if any(len(values) != VDEQ_TENSOR_SIZE for values in lists):
            raise ApiValueError("VdeqInfo expects exactly 16 elements per field")
        operands: list[SSAValue] = []
        operands += [element_operand(builder, v, float32, api=api, param="scale") for v in lists[0]]
        operands += [integer_operand(builder, v, int16, api=api, param="offset") for v in lists[1]]
        for v in lists[2]:
            if not isinstance(v, bool):
                raise ApiTypeError(f"VdeqInfo: sign_mode holds bools, got {describe(v)}")
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
