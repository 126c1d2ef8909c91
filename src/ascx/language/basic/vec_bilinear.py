"""``bilinear_interpolation`` (``AscendC::BilinearInterpolation``): gather 32-byte blocks of ``src0`` at the
byte offsets in ``src0_offset``, weight them by ``src1`` and sum ``h_repeat`` of them into each of ``v_repeat``
destination rows ``v_r_offset`` elements apart (pyasc lists it in ``asc.language.basic.vec_binary``)."""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.layout import placement, require_aligned, require_bytes
from ascx.language.basic.operands import mask_operand, vector_tensor
from ascx.language.basic.vec_fused import TypeRule
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.dtype import bit, float16, uint8, uint16, uint32
from ascx.language.core.values import RuntimeScalar

RULE = TypeRule((float16,), (float16,))


def _in_range(api: str, name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, int) and not isinstance(value, bool) and not low <= value <= high:
        raise ApiValueError(f"{api}: {name} is from {low} to {high}, got {value}")


def bilinear_interpolation(
    dst: Any,
    src0: Any,
    src0_offset: Any,
    src1: Any,
    mask: Any,
    h_repeat: Any,
    repeat_mode: Any,
    dst_blk_stride: Any,
    v_r_offset: Any,
    v_repeat: Any,
    shared_tmp_buffer: Any,
) -> None:
    """``AscendC::BilinearInterpolation(dst, src0, src0Offset, src1, mask, hRepeat, repeatMode, dstBlkStride,
    vROffset, vRepeat, sharedTmpBuffer)``."""
    api = "bilinear_interpolation"
    builder = active(api)
    d = vector_tensor(dst, api, "dst")
    a = vector_tensor(src0, api, "src0")
    o = vector_tensor(src0_offset, api, "src0_offset")
    b = vector_tensor(src1, api, "src1")
    tmp = vector_tensor(shared_tmp_buffer, api, "shared_tmp_buffer")
    for tensor, role in ((d, "dst"), (a, "src0"), (b, "src1")):
        if tensor.dtype not in RULE.src:
            raise ApiTypeError(f"Invalid {role} data type, got {tensor.dtype}, expect {RULE.render()}")
    if o.dtype != uint32:
        raise ApiTypeError(f"{api}: src0_offset holds byte offsets and must be uint32, got {o.dtype}")
    if tmp.dtype != uint8:
        raise ApiTypeError(f"{api}: shared_tmp_buffer must be uint8, got {tmp.dtype}")
    for tensor, name in ((d, "dst"), (a, "src0"), (o, "src0_offset"), (b, "src1")):
        require_aligned(api, tensor, name)
    _in_range(api, "h_repeat", h_repeat, 1, 255)
    _in_range(api, "v_repeat", v_repeat, 1, 255)
    _in_range(api, "v_r_offset", v_r_offset, 128, 65534)
    if isinstance(v_r_offset, int) and v_r_offset * 2 % 32 != 0:
        raise ApiValueError(f"{api}: v_r_offset * sizeof(float16) must be a multiple of 32 bytes, got {v_r_offset}")
    sizes = placement(a).size, placement(b).size
    if sizes[0] is not None and sizes[1] is not None:
        why = "src0.get_size() * 32 + src1.get_size() * 32"
        require_bytes(api, tmp, "shared_tmp_buffer", (sizes[0] + sizes[1]) * 32, why)
    if not isinstance(repeat_mode, bool) and not (isinstance(repeat_mode, RuntimeScalar) and repeat_mode.dtype == bit):
        raise ApiTypeError(f"{api}: repeat_mode must be a bool, got {describe(repeat_mode)}")
    optional = {
        "mask": mask_operand(builder, mask, api),
        "h_repeat": integer_operand(builder, h_repeat, uint8, api=api, param="h_repeat"),
        "repeat_mode": integer_operand(builder, repeat_mode, bit, api=api, param="repeat_mode"),
        "dst_blk_stride": integer_operand(builder, dst_blk_stride, uint16, api=api, param="dst_blk_stride"),
        "v_r_offset": integer_operand(builder, v_r_offset, uint16, api=api, param="v_r_offset"),
        "v_repeat": integer_operand(builder, v_repeat, uint8, api=api, param="v_repeat"),
    }
    builder.insert(ir.VecBilinearInterpolationOp.of([d.ssa, a.ssa, o.ssa, b.ssa, tmp.ssa], optional))


__all__ = ["bilinear_interpolation"]
