"""The data-rearranging vector ops, the mask registers and the fused ops: the C++ of the call forms the
filecheck tests (``tests/filecheck/api/vector_{data,fused,mask}.py``) leave out, and every trace-time
check with its exact message at the call's line (``ascx.testing.snippets.SNIPPET_KERNEL``: ``a``/``b``
float16 VECIN, ``c`` float16 VECOUT, ``g32``/``i16``/``m8`` float32/int16/uint8 VECCALC tensors, ``n`` a
runtime int32, ``f`` a runtime float32; statements add the tensors they need).

The messages of the checks pyasc 1.1.1 makes (``check_type``, ``check_type_gather_mask``,
``check_type_transpose``, ``check_type_5hd``, the scatter offsets) are pyasc's; the others name the CANN
rule they enforce (Atlas A2).
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from ascx.errors import AscxWarning
from ascx.testing.snippets import snippet_error, snippet_lines

O32 = "o32 = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 16384, 256); "
U64 = "u64 = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, 24576, 16); "

EMITS: dict[str, tuple[str, list[str]]] = {
    "gather_keywords": (
        O32 + "asc.gather(c, a, o32, src_base=0, mask=[n, 0], repeat_times=1, dst_rep_stride=8)",
        [
            "AscendC::LocalTensor<uint32_t> o32(AscendC::TPosition::VECIN, 16384, 256);",
            "uint64_t mask[] = {static_cast<uint64_t>(n), 0};",
            "AscendC::Gather(c, a, o32, 0, mask, 1, 8);",
        ],
    ),
    "scatter_keywords": (
        O32 + "asc.scatter(c, a, o32, dst_base=0, mask=128, repeat_times=1, src_rep_stride=8)",
        [
            "AscendC::LocalTensor<uint32_t> o32(AscendC::TPosition::VECIN, 16384, 256);",
            "AscendC::Scatter(c, a, o32, 0, 128, 1, 8);",
        ],
    ),
    "copy_keywords": (
        "asc.copy(dst=c, src=a, mask=64, repeat_time=4, repeat_params=asc.CopyRepeatParams(1, 1, 8, 8), is_set_mask=True)",
        ["AscendC::CopyRepeatParams v{1, 1, 8, 8};", "AscendC::Copy<half, true>(c, a, 64, 4, v);"],
    ),
    "gather_mask_keywords": (
        "asc.gather_mask(c, a, 2, False, 0, params=asc.GatherMaskParams(src0_block_stride=1, repeat_times=1, src0_repeat_stride=0, src1_repeat_stride=0), gather_mask_mode=asc.GatherMaskMode.DEFAULT)",
        [
            "AscendC::GatherMaskParams v{1, 1, 0, 0};",
            "uint64_t rsvd_cnt = 0;",
            "AscendC::GatherMask<half>(c, a, 2, false, 0, v, rsvd_cnt);",
        ],
    ),
    "gather_mask_runtime_reduce_mode": (
        "asc.gather_mask(c, a, 7, n > 0, n, asc.GatherMaskParams())",
        [
            "bool v = n > 0;",
            "AscendC::GatherMaskParams v_1{1, 1, 0, 0};",
            "uint64_t rsvd_cnt = 0;",
            "AscendC::GatherMask<half>(c, a, 7, v, n, v_1, rsvd_cnt);",
        ],
    ),
    "transpose_params_runtime_sizes": (
        "t = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 20480, 9216); "
        "asc.transpose(c, a, t, asc.TransposeParamsExt(1, n, 16, 16, asc.TransposeType.TRANSPOSE_NHWC2NCHW))",
        [
            "AscendC::LocalTensor<uint8_t> t(AscendC::TPosition::VECCALC, 20480, 9216);",
            "AscendC::TransposeParamsExt v{1, static_cast<uint16_t>(n), 16, 16, AscendC::TransposeType::TRANSPOSE_NHWC2NCHW};",
            "AscendC::Transpose(c, a, t, v);",
        ],
    ),
    "five_hd_addresses_with_an_explicit_dtype": (
        U64 + "asc.trans_data_to_5hd([n] * 16, [n] * 16, asc.TransDataTo5HDParams(), dtype=asc.int16)",
        [
            "AscendC::LocalTensor<uint64_t> u64(AscendC::TPosition::VECCALC, 24576, 16);",
            "AscendC::TransDataTo5HDParams v{false, false, 1, 0, 0};",
            "uint64_t dst_addrs[16] = {static_cast<uint64_t>(n), "
            + ", ".join(["static_cast<uint64_t>(n)"] * 15)
            + "};",
            "uint64_t src_addrs[16] = {static_cast<uint64_t>(n), "
            + ", ".join(["static_cast<uint64_t>(n)"] * 15)
            + "};",
            "AscendC::TransDataTo5HD<int16_t>(dst_addrs, src_addrs, v);",
        ],
    ),
    "get_phy_addr_with_an_offset": (
        "address = c.get_phy_addr(16)",
        ["uint64_t address = (uint64_t)c.GetPhyAddr(16);"],
    ),
    "set_deq_scale_keywords": (
        "asc.set_deq_scale(scale=f, offset=n, sign_mode=False)",
        ["AscendC::SetDeqScale(f, n, false);"],
    ),
    "cast_deq_keywords": (
        "asc.cast_deq(m8, i16, mask=[n, 0], repeat_times=1, repeat_params=asc.UnaryRepeatParams(), is_set_mask=False, is_vec_deq=False, half_block=False)",
        [
            "AscendC::UnaryRepeatParams v{1, 1, 8, 8};",
            "uint64_t mask[] = {static_cast<uint64_t>(n), 0};",
            "AscendC::CastDeq<uint8_t, int16_t, false, false, false>(m8, i16, mask, 1, v);",
        ],
    ),
    "shift_right_runtime_scalar": (
        "asc.shift_right(i16, i16, n, 128)",
        ["int16_t v = static_cast<int16_t>(n);", "AscendC::ShiftRight<int16_t, true>(i16, i16, v, 128);"],
    ),
}

REJECTS: dict[str, tuple[str, str]] = {
    "set_vector_mask_dtype": (
        "asc.set_vector_mask(128, dtype=3, mode=asc.MaskMode.NORMAL)",
        "TypeError: set_vector_mask: dtype must be an asc data type (asc.float16, ...), got the int 3",
    ),
    "set_vector_mask_mode": (
        "asc.set_vector_mask(128, dtype=asc.float16, mode=1)",
        "TypeError: set_vector_mask: mode must be an asc.MaskMode, got the int 1",
    ),
    "set_vector_mask_counter_high": (
        "asc.set_vector_mask(5, 128, dtype=asc.float16, mode=asc.MaskMode.COUNTER)",
        "ValueError: set_vector_mask: in counter mode mask_high must be 0, got 5",
    ),
    "set_vector_mask_32bit_high": (
        "asc.set_vector_mask(1, 0xFF, dtype=asc.float32, mode=asc.MaskMode.NORMAL)",
        "ValueError: set_vector_mask: a repeat of float32 has 64 lanes, so mask_high must be 0, got 1",
    ),
    "add_relu_int32": (
        "i32 = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 32768, 128); asc.add_relu(i32, i32, i32, 128)",
        "TypeError: Invalid dst data type, got int32, expect {'src': ['float16', 'float32', 'int16'], 'dst': ['float16', 'float32', 'int16']}",
    ),
    "add_relu_types_differ": (
        "asc.add_relu(g32, a, b, 128)",
        "TypeError: Src0, src1 and dst must be same type. (add_relu: src0 float16, src1 float16, dst float32)",
    ),
    "sub_relu_sources_differ": (
        "asc.sub_relu(c, a, i16, 128)",
        "TypeError: Src0 and src1 must be same type. (sub_relu: src0 float16, src1 int16)",
    ),
    "add_relu_cast_pair": (
        "i8 = asc.LocalTensor(asc.int8, asc.TPosition.VECCALC, 36864, 256); asc.add_relu_cast(i8, g32, g32, 128)",
        "TypeError: add_relu_cast: float32 into int8 is not supported; add_relu_cast supports float16 -> int8, int16 -> int8, float32 -> float16",
    ),
    "mul_cast_dst": (
        "asc.mul_cast(c, a, b, 256)",
        "TypeError: Invalid dst data type, got float16, expect {'src': ['float16'], 'dst': ['int8', 'uint8']}",
    ),
    "mul_cast_no_set_mask": (
        "i8 = asc.LocalTensor(asc.int8, asc.TPosition.VECCALC, 36864, 256); asc.mul_cast(i8, a, b, 128, 2, asc.BinaryRepeatParams(), False)",
        "TypeError: mul_cast(): no form takes (LocalTensor, LocalTensor, LocalTensor, int, int, BinaryRepeatParams, bool); the forms are:\n  mul_cast(dst, src0, src1, mask: int, repeat_times: int, repeat_params: BinaryRepeatParams)\n  mul_cast(dst, src0, src1, mask: list[int], repeat_times: int, repeat_params: BinaryRepeatParams)\n  mul_cast(dst, src0, src1, count: int)",
    ),
    "add_deq_relu_src": (
        "asc.add_deq_relu(c, a, b, 256)",
        "TypeError: Invalid src0 data type, got float16, expect {'src': ['int32'], 'dst': ['float16']}",
    ),
    "fused_mul_add_int16": (
        "asc.fused_mul_add(i16, i16, i16, 256)",
        "TypeError: Invalid dst data type, got int16, expect {'src': ['float16', 'float32'], 'dst': ['float16', 'float32']}",
    ),
    "mul_add_dst_pair": (
        "asc.mul_add_dst(c, g32, g32, 128)",
        "TypeError: mul_add_dst: float32 into float16 is not supported; mul_add_dst supports float16 -> float16, float32 -> float32, float16 -> float32",
    ),
    "axpy_pair": (
        "asc.axpy(c, g32, 1.0, 128)",
        "TypeError: axpy: float32 into float16 is not supported; axpy supports float16 -> float16, float32 -> float32, float16 -> float32",
    ),
    "axpy_half_float_mask": (
        "asc.axpy(g32, a, 1.0, 128, 1, asc.UnaryRepeatParams())",
        "ValueError: axpy: a repeat of float16 into float32 takes at most 64 elements, got mask 128",
    ),
    "shift_float": (
        "asc.shift_left(c, a, 1, 256)",
        "TypeError: shift_left: src has data type float16; shift_left supports int16, uint16, int32, uint32",
    ),
    "shift_too_far": (
        "asc.shift_right(i16, i16, 17, 256)",
        "ValueError: shift_right: int16 elements shift by 0 to 16 bits, got 17",
    ),
    "cast_deq_pair": (
        "i8 = asc.LocalTensor(asc.int8, asc.TPosition.VECCALC, 36864, 256); asc.cast_deq(i8, a, 256)",
        "TypeError: cast_deq: float16 into int8 is not supported; cast_deq supports int16 -> int8, int16 -> uint8, int32 -> float16",
    ),
    "cast_deq_unaligned": (
        "i8 = asc.LocalTensor(asc.int8, asc.TPosition.VECCALC, 36864, 256); asc.cast_deq(i8[16], i16, 128)",
        "ValueError: cast_deq: dst starts at byte 36880 of the unified buffer, which is not 32-byte aligned",
    ),
    "set_deq_scale_vdeq_type": (
        "asc.set_deq_scale(m8, asc.VdeqInfo([1.0] * 16, [0] * 16, [True] * 16))",
        "TypeError: set_deq_scale: vdeq holds 64-bit parameter sets and must be uint64, got uint8",
    ),
    "set_deq_scale_vdeq_small": (
        "v8 = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, 24576, 8); asc.set_deq_scale(v8, asc.VdeqInfo([1.0] * 16, [0] * 16, [True] * 16))",
        "ValueError: set_deq_scale: vdeq holds 64 bytes, but a table of 16 parameter sets needs 128",
    ),
    "set_deq_scale_offset": (
        "asc.set_deq_scale(1.0, 300, True)",
        "ValueError: set_deq_scale: the offset is a 9-bit signed integer (-256 to 255), got 300",
    ),
    "vdeq_info_length": (
        "asc.VdeqInfo([1.0] * 8, [0] * 16, [True] * 16)",
        "ValueError: VdeqInfo expects exactly 16 elements per field",
    ),
    "vdeq_info_missing": (
        "asc.VdeqInfo([1.0] * 16)",
        "ValueError: VdeqInfo requires scale / offset / sign_mode",
    ),
    "vdeq_info_sign_mode": (
        "asc.VdeqInfo([1.0] * 16, [0] * 16, [1] * 16)",
        "TypeError: VdeqInfo: sign_mode holds bools, got the int 1",
    ),
    "compare_register_int": (
        "i32 = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 32768, 128); asc.compare(i32, i32, asc.CMPMODE.LT, 64, asc.BinaryRepeatParams())",
        "TypeError: compare: src0 has data type int32; compare supports float16, float32",
    ),
    "get_cmp_mask_64bit": (
        "u64 = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, 24576, 16); asc.get_cmp_mask(u64)",
        "TypeError: get_cmp_mask: dst must have 8-, 16- or 32-bit elements, got uint64",
    ),
    "get_cmp_mask_small": (
        "t8 = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 20480, 64); asc.get_cmp_mask(t8)",
        "ValueError: get_cmp_mask: dst holds 64 bytes, but GetCmpMask needs 128",
    ),
    "set_cmp_mask_unaligned": (
        "asc.set_cmp_mask(m8[8])",
        "ValueError: set_cmp_mask: src starts at byte 8200 of the unified buffer, which is not 16-byte aligned",
    ),
    "select_register_scalar_mode": (
        "asc.select(c, a, b, 2, asc.BinaryRepeatParams(), asc.SelMode.VSEL_TENSOR_SCALAR_MODE)",
        "ValueError: select: without a mask, VSEL_TENSOR_SCALAR_MODE takes (dst, sel_mask, src0, repeat_times, repeat_params), the scalar in CMPMASK",
    ),
    "select_register_float_mask": (
        "asc.select(c, a, b, 2, asc.BinaryRepeatParams())",
        "TypeError: select: sel_mask must be an unsigned integer tensor (uint8 ... uint64), got float16",
    ),
    "gather_offsets_type": (
        "asc.gather(c, a, i16, 0, 128)",
        "TypeError: Invalid src_offset data type, got int16, expect uint32.",
    ),
    "gather_uint8": (
        O32 + "asc.gather(m8, m8, o32, 0, 128)",
        "TypeError: gather: src has data type uint8; gather supports int16, uint16, float16, bfloat16, int32, uint32, float32",
    ),
    "gather_base_unaligned": (
        O32 + "asc.gather(c, a, o32, 3, 128)",
        "ValueError: gather: src_base 3 is not a multiple of sizeof(float16) = 2 bytes",
    ),
    "gather_too_many_repeats": (
        O32 + "asc.gather(c, a, o32, 0, 40000)",
        "ValueError: gather: count 40000 needs 312 repeats of 128 elements, more than 255",
    ),
    "gather_unaligned": (
        O32 + "asc.gather(c[8], a, o32, 0, 128)",
        "ValueError: gather: dst starts at byte 1040 of the unified buffer, which is not 32-byte aligned",
    ),
    "gatherb_half": (
        O32 + "asc.gatherb(c, a, o32, 1, asc.GatherRepeatParams())",
        "TypeError: gatherb: src0 has data type float16; gatherb supports uint16, uint32",
    ),
    "scatter_offsets_type": (
        "asc.scatter(c, a, i16, 0, 128)",
        "TypeError: Invalid dst_offset data type, got int16, expect uint32.",
    ),
    "brcb_zero_block_stride": (
        "asc.brcb(c, a, 1, asc.BrcbRepeatParams(0, 8))",
        "ValueError: brcb: dst_blk_stride must not be 0 (CANN leaves it undefined)",
    ),
    "brcb_uint8": (
        "asc.brcb(m8, m8, 1, asc.BrcbRepeatParams())",
        "TypeError: brcb: src0 has data type uint8; brcb supports int16, uint16, float16, bfloat16, int32, uint32, float32",
    ),
    "copy_repeat_size": (
        "asc.copy(c, a, 128, 1, asc.CopyRepeatParams(1, 1, 5000, 8))",
        "ValueError: copy: dst_repeat_size is at most 4095 blocks, got 5000",
    ),
    "copy_no_set_mask_literal": (
        "asc.copy(c, a, 128, 1, asc.CopyRepeatParams(), 1)",
        "TypeError: copy(): no form takes (LocalTensor, LocalTensor, int, int, CopyRepeatParams, int); the forms are:\n  copy(dst, src, mask: list[int], repeat_time: int, repeat_params: CopyRepeatParams, is_set_mask: bool = True)\n  copy(dst, src, mask: int, repeat_time: int, repeat_params: CopyRepeatParams, is_set_mask: bool = True)",
    ),
    "gather_mask_dst_type": (
        "asc.gather_mask(m8, m8, 1, False, 0, asc.GatherMaskParams())",
        "TypeError: Invalid dst data type for GatherMask: uint8. Supported types: half, uint16, int16, float, uint32, int32",
    ),
    "gather_mask_types_differ": (
        "asc.gather_mask(c, g32, 1, False, 0, asc.GatherMaskParams())",
        "TypeError: dst and src0 must have same data type. Got dst=float16, src0=float32",
    ),
    "gather_mask_pattern_type": (
        "asc.gather_mask(g32, g32, m8, False, 0, asc.GatherMaskParams())",
        "TypeError: For dst data type float32, src1_pattern must be uint32. Got uint8",
    ),
    "gather_mask_builtin_range": (
        "asc.gather_mask(c, a, 8, False, 0, asc.GatherMaskParams())",
        "ValueError: Built-in src1_pattern must be between 1 and 7. Got 8",
    ),
    "gather_mask_counter_zero": (
        "asc.gather_mask(c, a, 1, True, 0, asc.GatherMaskParams())",
        "ValueError: gather_mask: with reduce_mode=True (counter mode) mask is the number of elements, from 1 to 2**32 - 1; got 0",
    ),
    "transpose_types_differ": (
        "asc.transpose(c, i16)",
        "TypeError: For transpose, dst and src tensor must have the same dtype, got dst: float16, src: int16",
    ),
    "transpose_float32": (
        "asc.transpose(g32, g32)",
        "TypeError: transpose: src has data type float32; transpose supports int16, uint16, float16",
    ),
    "transpose_tmp_type": (
        "asc.transpose(c, a, i16, asc.TransposeParamsExt(1, 16, 16, 16, asc.TransposeType.TRANSPOSE_NCHW2NHWC))",
        "TypeError: shared_tmp_buffer must have dtype uint8, got int16",
    ),
    "transpose_type_unsupported": (
        "t8 = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 20480, 64); asc.transpose(c, a, t8, asc.TransposeParamsExt(1, 16, 16, 16, asc.TransposeType.TRANSPOSE_NZ2ND_0213))",
        "ValueError: transpose: CANN does not support TRANSPOSE_NZ2ND_0213; the supported types are TRANSPOSE_TYPE_NONE, TRANSPOSE_ND2ND_B16, TRANSPOSE_NCHW2NHWC, TRANSPOSE_NHWC2NCHW",
    ),
    "transpose_b16_half": (
        "t8 = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 20480, 64); asc.transpose(c, a, t8, asc.TransposeParamsExt(1, 1, 16, 16, asc.TransposeType.TRANSPOSE_ND2ND_B16))",
        "TypeError: transpose: src has data type float16; transpose supports uint16",
    ),
    "transpose_b16_shape": (
        "u16 = asc.LocalTensor(asc.uint16, asc.TPosition.VECCALC, 28672, 256); t8 = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 20480, 64); asc.transpose(u16, u16, t8, asc.TransposeParamsExt(1, 1, 8, 16, asc.TransposeType.TRANSPOSE_ND2ND_B16))",
        "ValueError: transpose: TRANSPOSE_ND2ND_B16 transposes 16x16 blocks; h_size must be 16, got 8",
    ),
    "transpose_c_size": (
        "t8 = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 20480, 64); asc.transpose(c, a, t8, asc.TransposeParamsExt(1, 5000, 1, 16, asc.TransposeType.TRANSPOSE_NCHW2NHWC))",
        "ValueError: transpose: c_size is at most 4095, got 5000",
    ),
    "transpose_hw_alignment": (
        "t8 = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 20480, 64); asc.transpose(c, a, t8, asc.TransposeParamsExt(1, 2, 3, 5, asc.TransposeType.TRANSPOSE_NCHW2NHWC))",
        "ValueError: transpose: h_size * w_size * sizeof(float16) = 30 bytes is not a multiple of 32",
    ),
    "transpose_tmp_small": (
        "t8 = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 20480, 64); asc.transpose(c, a, t8, asc.TransposeParamsExt(1, 2, 2, 8, asc.TransposeType.TRANSPOSE_NHWC2NCHW))",
        "ValueError: transpose: shared_tmp_buffer holds 64 bytes, but TRANSPOSE_NHWC2NCHW with c_size 2 needs 2560",
    ),
    "transpose_type_int": (
        "asc.TransposeParamsExt(1, 2, 2, 8, 11)",
        "TypeError: TransposeParamsExt: transpose_type must be an asc.TransposeType, got the int 11",
    ),
    "five_hd_tensor_type": (
        "asc.trans_data_to_5hd(c, a, asc.TransDataTo5HDParams())",
        "TypeError: For trans_data_to_5hd with LocalTensor inputs, dtype must be uint64.",
    ),
    "five_hd_lengths": (
        "asc.trans_data_to_5hd([c, c], [a], asc.TransDataTo5HDParams())",
        "ValueError: For trans_data_to_5hd, dst_list and src_list must have the same length.",
    ),
    "five_hd_sixteen": (
        "asc.trans_data_to_5hd([c, c], [a, a], asc.TransDataTo5HDParams())",
        "ValueError: trans_data_to_5hd: TransDataTo5HD takes 16 destinations and sources, got 2",
    ),
    "five_hd_mixed": (
        "asc.trans_data_to_5hd([c] * 15 + [i16], [a] * 16, asc.TransDataTo5HDParams())",
        "TypeError: For trans_data_to_5hd, all tensors in dst_list and src_list must have the same dtype.",
    ),
    "five_hd_unaligned": (
        "asc.trans_data_to_5hd([c[1]] * 16, [a] * 16, asc.TransDataTo5HDParams())",
        "ValueError: trans_data_to_5hd: dst_list[0] starts at byte 1026 of the unified buffer, which is not 32-byte aligned",
    ),
    "five_hd_unknown_addresses": (
        "asc.trans_data_to_5hd([n] * 16, [n] * 16, asc.TransDataTo5HDParams())",
        "TypeError: trans_data_to_5hd: cannot tell the element type of the data: addresses whose tensors ascx cannot see",
    ),
    "five_hd_strings": (
        "asc.trans_data_to_5hd(['x'] * 16, ['y'] * 16, asc.TransDataTo5HDParams())",
        "TypeError: For trans_data_to_5hd, address lists must contain only RuntimeInt.",
    ),
    "five_hd_high_half_b16": (
        "asc.trans_data_to_5hd([c] * 16, [a] * 16, asc.TransDataTo5HDParams(True, False, 1, 0, 0))",
        "ValueError: trans_data_to_5hd: dst_high_half and src_high_half apply to int8 and uint8 data only; the data is float16",
    ),
    "bilinear_type": (
        O32
        + "t8 = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 20480, 64); asc.bilinear_interpolation(g32, g32, o32, g32, 64, 1, False, 1, 128, 1, t8)",
        "TypeError: Invalid dst data type, got float32, expect {'src': ['float16'], 'dst': ['float16']}",
    ),
    "bilinear_offsets": (
        "t8 = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 20480, 64); asc.bilinear_interpolation(c, a, i16, b, 128, 1, False, 1, 128, 1, t8)",
        "TypeError: bilinear_interpolation: src0_offset holds byte offsets and must be uint32, got int16",
    ),
    "bilinear_tmp_type": (
        O32 + "asc.bilinear_interpolation(c, a, o32, b, 128, 1, False, 1, 128, 1, i16)",
        "TypeError: bilinear_interpolation: shared_tmp_buffer must be uint8, got int16",
    ),
    "bilinear_h_repeat": (
        O32
        + "t8 = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 20480, 64); asc.bilinear_interpolation(c, a, o32, b, 128, 0, False, 1, 128, 1, t8)",
        "ValueError: bilinear_interpolation: h_repeat is from 1 to 255, got 0",
    ),
    "bilinear_v_r_offset": (
        O32
        + "t8 = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 20480, 64); asc.bilinear_interpolation(c, a, o32, b, 128, 1, False, 1, 100, 1, t8)",
        "ValueError: bilinear_interpolation: v_r_offset is from 128 to 65534, got 100",
    ),
    "bilinear_tmp_small": (
        O32
        + "t8 = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 20480, 64); asc.bilinear_interpolation(c, a, o32, b, 128, 1, False, 1, 128, 1, t8)",
        "ValueError: bilinear_interpolation: shared_tmp_buffer holds 64 bytes, but src0.get_size() * 32 + src1.get_size() * 32 needs 16384",
    ),
}


@pytest.mark.parametrize("name", sorted(EMITS))
def test_emits(tmp_path: Path, name: str) -> None:
    statement, cpp = EMITS[name]
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="scatter: Atlas A2", category=AscxWarning)
        assert snippet_lines(tmp_path, statement) == cpp


@pytest.mark.parametrize("name", sorted(REJECTS))
def test_rejects(tmp_path: Path, name: str) -> None:
    statement, message = REJECTS[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AscxWarning)
        error, line = snippet_error(tmp_path, statement)
    assert error.message == message
    assert error.location is not None
    assert error.location.line == line


def test_scatter_warns_at_the_call(tmp_path: Path) -> None:
    """Atlas A2 has no Scatter instruction: the call compiles (CANN accepts it) and warns where it is."""
    with pytest.warns(AscxWarning, match=r"scatter: Atlas A2 \(dav-c220\) has no Scatter instruction") as caught:
        snippet_lines(tmp_path, O32 + "asc.scatter(c, a, o32, 0, 128)")
    assert any(str(w.filename).endswith(".py") and w.lineno > 1 for w in caught)
