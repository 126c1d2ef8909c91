"""``bilinear_interpolation`` (``AscendC::BilinearInterpolation``): gather 32-byte blocks of ``src0`` at the
byte offsets in ``src0_offset``, weight them by ``src1`` and sum ``h_repeat`` of them into each of ``v_repeat``
destination rows ``v_r_offset`` elements apart (pyasc lists it in ``asc.language.basic.vec_binary``)."""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.layout import bytes_message, placement, require_aligned, require_bytes
from ascx.language.basic.operands import mask_operand, vector_tensor
from ascx.language.basic.vec_fused import TypeRule, type_message
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.dtype import bit, float16, float32, int16, uint8, uint16, uint32
from ascx.language.core.values import RuntimeScalar
from ascx.language.records import records

record = records(__name__, "basic/vector_fused")
RULE = TypeRule((float16,), (float16,))
API = "bilinear_interpolation"
WORK = "src0.get_size() * 32 + src1.get_size() * 32"
"""CANN's size of the work buffer, in bytes."""


def offsets_message(got: object) -> str:
    return f"{API}: src0_offset holds byte offsets and must be uint32, got {got}"


def tmp_message(got: object) -> str:
    return f"{API}: shared_tmp_buffer must be uint8, got {got}"


def range_message(name: str, low: int, high: int, value: int) -> str:
    return f"{API}: {name} is from {low} to {high}, got {value}"


def _in_range(api: str, name: str, value: object, low: int, high: int) -> None:
    if isinstance(value, int) and not isinstance(value, bool) and not low <= value <= high:
        raise ApiValueError(range_message(name, low, high, value))


@record(
    forms=(
        "asc.bilinear_interpolation(dst, src0, src0_offset, src1, mask, h_repeat, repeat_mode, dst_blk_stride, "
        "v_r_offset, v_repeat, shared_tmp_buffer)",
    ),
    cpp=(
        "template <typename T> void BilinearInterpolation(const LocalTensor<T>& dst, const LocalTensor<T>& src0, "
        "const LocalTensor<uint32_t>& src0Offset, const LocalTensor<T>& src1, uint64_t mask / uint64_t mask[], "
        "uint8_t hRepeat, bool repeatMode, uint16_t dstBlkStride, uint16_t vROffset, uint8_t vRepeat, "
        "const LocalTensor<uint8_t>& sharedTmpBuffer);",
    ),
    params=(
        ("src0_offset", "``uint32`` byte offsets of the 32-byte blocks of ``src0``"),
        ("repeat_mode", "False: one weight of ``src1`` per repeat; True: one per block"),
        ("v_r_offset", "the element offset between the ``v_repeat`` repeats that are summed"),
        ("shared_tmp_buffer", "a ``uint8`` work tensor"),
    ),
    rules=(
        f'float16 only (pyasc\'s check): "{type_message("dst", float32, RULE)}".',
        f'Offsets and buffer: "{offsets_message(int16)}"; "{tmp_message(int16)}".',
        f'Ranges: "{range_message("h_repeat", 1, 255, 0)}"; "{range_message("v_r_offset", 128, 65534, 100)}".',
        f"The work buffer holds ``{WORK}`` bytes, CANN's size: "
        f'"{bytes_message(API, "shared_tmp_buffer", 512, WORK, 32768)}".',
    ),
    notes=("pyasc's unit kernel passes a 512-byte buffer for 512-element sources and is rejected.",),
)
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
    """Bilinear interpolation: blocks of ``src0`` at the byte offsets ``src0_offset``, weighted by ``src1`` and
    summed ``v_repeat`` at a time."""
    api = "bilinear_interpolation"
    builder = active(api)
    d = vector_tensor(dst, api, "dst")
    a = vector_tensor(src0, api, "src0")
    o = vector_tensor(src0_offset, api, "src0_offset")
    b = vector_tensor(src1, api, "src1")
    tmp = vector_tensor(shared_tmp_buffer, api, "shared_tmp_buffer")
    for tensor, role in ((d, "dst"), (a, "src0"), (b, "src1")):
        if tensor.dtype not in RULE.src:
            raise ApiTypeError(type_message(role, tensor.dtype, RULE))
    if o.dtype != uint32:
        raise ApiTypeError(offsets_message(o.dtype))
    if tmp.dtype != uint8:
        raise ApiTypeError(tmp_message(tmp.dtype))
    for tensor, name in ((d, "dst"), (a, "src0"), (o, "src0_offset"), (b, "src1")):
        require_aligned(api, tensor, name)
    _in_range(api, "h_repeat", h_repeat, 1, 255)
    _in_range(api, "v_repeat", v_repeat, 1, 255)
    _in_range(api, "v_r_offset", v_r_offset, 128, 65534)
    if isinstance(v_r_offset, int) and v_r_offset * 2 % 32 != 0:
        raise ApiValueError(f"{api}: v_r_offset * sizeof(float16) must be a multiple of 32 bytes, got {v_r_offset}")
    sizes = placement(a).size, placement(b).size
    if sizes[0] is not None and sizes[1] is not None:
        require_bytes(api, tmp, "shared_tmp_buffer", (sizes[0] + sizes[1]) * 32, WORK)
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
