"""pyasc 1.1.1's unit-test kernels for the data-rearranging vector ops, the mask registers and the fused
ops (``python/test/unit/language/basic``: ``test_common_api``, ``test_vector_binary``,
``test_vector_cmpsel``, ``test_vector_scalar``, ``test_vector_ternary``, ``test_vector_unary``), written
fresh for ascx: each compiles, with pyasc's calls (call shapes, keywords and values; tensors all at
address 0 as in pyasc), and prints the C++ below, which CANN's headers accept on the vector core
(``../shared/tools/cann-typecheck``).  Synchronisation lines (ascx inserts barriers between the aliased
tensors) and tensor declarations are left out of the comparison.

Where ascx's C++ differs from what ``../shared/tools/pyasc-ref emit`` prints for the pyasc form:

- ``Select(dst, src0, src1, repeat, params)`` in CMPMASK mode names ``<T, SELMODE::...>``: pyasc omits
  them and CANN cannot deduce the mode.
- ``get_phy_addr()`` prints ``(uint64_t)t.GetPhyAddr()``: pyasc assigns the ``__ubuf__`` pointer to a
  ``uint64_t``, which C++ rejects.
- ``cast_deq`` prints its template flags from pyasc's declared defaults (``is_vec_deq=True``,
  ``half_block=True``, also CANN's); pyasc's printer ignores them and prints ``false, false``.
- ``gather_mask`` initialises the count it writes (``uint64_t rsvd_cnt = 0;``) and leaves CANN's default
  ``GatherMaskMode`` unnamed; ``get_gather_mask_remain_count`` is CANN's ``int64_t`` (pyasc: ``uint64_t``).
- ``mul_cast``'s mask forms name ``<dst, src, is_set_mask>`` as its siblings do (pyasc deduces them).

Three of pyasc's kernels break a CANN rule and are rejected as written (``REJECTED``; each reference page
names the rule): the NCHW-to-NHWC transpose's 512-byte work buffer (CANN: 9216 bytes for ``c_size``
16), the bilinear interpolation's 512-byte work buffer (CANN: ``src0.GetSize() * 32 + src1.GetSize() *
32`` bytes) and the 5HD tensor lists of sub-tensors ``x[1]`` ... ``x[15]`` (CANN: each 32-byte aligned).
The kernels above use buffers of the documented size and sub-tensors 16 elements apart.
"""

from __future__ import annotations

import textwrap
import warnings
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

import ascx as asc

PRELUDE = "import ascx as asc\nALL = 2**64 - 1\n@asc.jit\n"
SKIPPED = ("AscendC::PipeBarrier", "AscendC::SetFlag", "AscendC::WaitFlag", "AscendC::LocalTensor<")

KERNELS: dict[str, tuple[str, list[str]]] = {
    "copy": (
        """
            def k() -> None:
                dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                src = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                strides = asc.CopyRepeatParams(1, 1, 8, 8)
                asc.copy(dst=dst, src=src, mask=64, repeat_time=4, repeat_params=strides, is_set_mask=True)
                asc.copy(dst=dst, src=src, mask=[ALL, ALL], repeat_time=1, repeat_params=strides, is_set_mask=True)
        """,
        [
            "AscendC::CopyRepeatParams strides{1, 1, 8, 8};",
            "AscendC::Copy<half, true>(dst, src, 64, 4, strides);",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::Copy<half, true>(dst, src, mask, 1, strides);",
        ],
    ),
    "gatherb": (
        """
            def k() -> None:
                src = asc.LocalTensor(dtype=asc.uint16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                offsets = asc.LocalTensor(dtype=asc.uint32, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                dst = asc.LocalTensor(dtype=asc.uint16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                asc.gatherb(dst, src, offsets, repeat_times=1, repeat_params=asc.GatherRepeatParams(dst_blk_stride=1, dst_rep_stride=8))
        """,
        [
            "AscendC::GatherRepeatParams v{1, 8};",
            "AscendC::Gatherb(dst, src, offsets, 1, v);",
        ],
    ),
    "gather": (
        """
            def k() -> None:
                dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                offsets = asc.LocalTensor(dtype=asc.uint32, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                src = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                asc.gather(dst, src, offsets, src_base=0, count=512)
                asc.gather(dst, src, offsets, src_base=0, mask=512, repeat_times=1, dst_rep_stride=8)
                asc.gather(dst, src, offsets, src_base=0, mask=[ALL, ALL], repeat_times=1, dst_rep_stride=8)
        """,
        [
            "AscendC::Gather(dst, src, offsets, 0, 512);",
            "AscendC::Gather(dst, src, offsets, 0, 512, 1, 8);",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::Gather(dst, src, offsets, 0, mask, 1, 8);",
        ],
    ),
    "scatter": (
        """
            def k() -> None:
                dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=128)
                offsets = asc.LocalTensor(dtype=asc.uint32, pos=asc.TPosition.VECIN, addr=0, tile_size=128)
                src = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=128)
                asc.scatter(dst, src, offsets, dst_base=0, count=128)
                asc.scatter(dst, src, offsets, dst_base=0, mask=128, repeat_times=1, src_rep_stride=8)
                asc.scatter(dst, src, offsets, dst_base=0, mask=[ALL, ALL], repeat_times=1, src_rep_stride=8)
        """,
        [
            "AscendC::Scatter(dst, src, offsets, 0, 128);",
            "AscendC::Scatter(dst, src, offsets, 0, 128, 1, 8);",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::Scatter(dst, src, offsets, 0, mask, 1, 8);",
        ],
    ),
    "brcb": (
        """
            def k() -> None:
                src = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                asc.brcb(dst, src, repeat_times=1, repeat_params=asc.BrcbRepeatParams(1, 8))
        """,
        [
            "AscendC::BrcbRepeatParams v{1, 8};",
            "AscendC::Brcb(dst, src, 1, v);",
        ],
    ),
    "reset_mask": (
        """
            def k() -> None:
                asc.reset_mask()
        """,
        [
            "AscendC::ResetMask();",
        ],
    ),
    "set_mask_count": (
        """
            def k() -> None:
                asc.set_mask_count()
        """,
        [
            "AscendC::SetMaskCount();",
        ],
    ),
    "set_mask_norm": (
        """
            def k() -> None:
                asc.set_mask_norm()
        """,
        [
            "AscendC::SetMaskNorm();",
        ],
    ),
    "set_vector_mask": (
        """
            def k() -> None:
                asc.set_vector_mask(128, dtype=asc.float16, mode=asc.MaskMode.COUNTER)
                asc.set_vector_mask(ALL, ALL, dtype=asc.float16, mode=asc.MaskMode.NORMAL)
        """,
        [
            "AscendC::SetVectorMask<half, AscendC::MaskMode::COUNTER>(128);",
            "AscendC::SetVectorMask<half, AscendC::MaskMode::NORMAL>(18446744073709551615ULL, 18446744073709551615ULL);",
        ],
    ),
    "set_deq_scale": (
        """
            def k() -> None:
                asc.set_deq_scale(1.0)
                asc.set_deq_scale(1.0, 5, False)
                table = asc.LocalTensor(dtype=asc.uint64, pos=asc.TPosition.VECIN, addr=0, tile_size=16)
                asc.set_deq_scale(table, asc.VdeqInfo([1.0] * 16, [5] * 16, [False] * 16))
        """,
        [
            "AscendC::SetDeqScale(half(1.0));",
            "AscendC::SetDeqScale(1.0f, 5, false);",
            "float v_scale[16] = {1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f, 1.0f};",
            "int16_t v_offset[16] = {5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5};",
            "bool v_sign_mode[16] = {false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false};",
            "AscendC::VdeqInfo v(v_scale, v_offset, v_sign_mode);",
            "AscendC::SetDeqScale(table, v);",
        ],
    ),
    "transpose": (
        """
            def k() -> None:
                src = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                asc.transpose(dst, src)
                shape = asc.TransposeParamsExt(n_size=1, c_size=16, h_size=4, w_size=4,
                                               transpose_type=asc.TransposeType.TRANSPOSE_NCHW2NHWC)
                work = asc.LocalTensor(dtype=asc.uint8, pos=asc.TPosition.VECCALC, addr=0, tile_size=9216)
                asc.transpose(dst, src, work, shape)
        """,
        [
            "AscendC::Transpose(dst, src);",
            "AscendC::TransposeParamsExt shape{1, 16, 4, 4, AscendC::TransposeType::TRANSPOSE_NCHW2NHWC};",
            "AscendC::Transpose(dst, src, work, shape);",
        ],
    ),
    "trans_data_to_5hd": (
        """
            def k() -> None:
                src = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                src_list = asc.LocalTensor(dtype=asc.uint64)
                dst_list = asc.LocalTensor(dtype=asc.uint64)
                src_addr = src[0].get_phy_addr()
                src_list.set_value(0, src_addr)
                dst_addr = dst[0].get_phy_addr()
                dst_list.set_value(0, dst_addr)
                params = asc.TransDataTo5HDParams(dst_high_half=False, src_high_half=False, repeat_times=16,
                                                  dst_rep_stride=16, src_rep_stride=1)
                asc.trans_data_to_5hd(dst_list, src_list, params)
                dst_views = [dst[0], dst[16], dst[32], dst[48], dst[64], dst[80], dst[96], dst[112],
                             dst[128], dst[144], dst[160], dst[176], dst[192], dst[208], dst[224], dst[240]]
                src_views = [src[0], src[16], src[32], src[48], src[64], src[80], src[96], src[112],
                             src[128], src[144], src[160], src[176], src[192], src[208], src[224], src[240]]
                asc.trans_data_to_5hd(dst_views, src_views, params)
                asc.trans_data_to_5hd([dst_addr] * 16, [src_addr] * 16, params)
        """,
        [
            "uint64_t src_addr = (uint64_t)v.GetPhyAddr();",
            "src_list.SetValue(0, src_addr);",
            "uint64_t dst_addr = (uint64_t)v_1.GetPhyAddr();",
            "dst_list.SetValue(0, dst_addr);",
            "AscendC::TransDataTo5HDParams params{false, false, 16, 16, 1};",
            "AscendC::TransDataTo5HD<half>(dst_list, src_list, params);",
            "AscendC::TransDataTo5HD<half>(dst_list_1, src_list_1, params);",
            "uint64_t dst_addrs[16] = {dst_addr, dst_addr, dst_addr, dst_addr, dst_addr, dst_addr, dst_addr, dst_addr, dst_addr, dst_addr, dst_addr, dst_addr, dst_addr, dst_addr, dst_addr, dst_addr};",
            "uint64_t src_addrs[16] = {src_addr, src_addr, src_addr, src_addr, src_addr, src_addr, src_addr, src_addr, src_addr, src_addr, src_addr, src_addr, src_addr, src_addr, src_addr, src_addr};",
            "AscendC::TransDataTo5HD<half>(dst_addrs, src_addrs, params);",
        ],
    ),
    "add_relu": (
        """
            def k() -> None:
                a = asc.LocalTensor(dtype=asc.int16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                b = asc.LocalTensor(dtype=asc.int16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                out = asc.LocalTensor(dtype=asc.int16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                asc.add_relu(out, a, b, count=512)
                strides = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
                asc.add_relu(out, a, b, mask=512, repeat_times=1, repeat_params=strides)
                asc.add_relu(out, a, b, mask=[ALL, ALL], repeat_times=1, repeat_params=strides)
        """,
        [
            "AscendC::AddRelu(out, a, b, 512);",
            "AscendC::BinaryRepeatParams strides{1, 1, 1, 8, 8, 8};",
            "AscendC::AddRelu<int16_t, true>(out, a, b, 512, 1, strides);",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::AddRelu<int16_t, true>(out, a, b, mask, 1, strides);",
        ],
    ),
    "add_relu_cast": (
        """
            def k() -> None:
                a = asc.LocalTensor(dtype=asc.int16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                b = asc.LocalTensor(dtype=asc.int16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                out = asc.LocalTensor(dtype=asc.int8, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                asc.add_relu_cast(out, a, b, count=512)
                strides = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
                asc.add_relu_cast(out, a, b, mask=512, repeat_times=1, repeat_params=strides)
                asc.add_relu_cast(out, a, b, mask=[ALL, ALL], repeat_times=1, repeat_params=strides)
        """,
        [
            "AscendC::AddReluCast(out, a, b, 512);",
            "AscendC::BinaryRepeatParams strides{1, 1, 1, 8, 8, 8};",
            "AscendC::AddReluCast<int8_t, int16_t, true>(out, a, b, 512, 1, strides);",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::AddReluCast<int8_t, int16_t, true>(out, a, b, mask, 1, strides);",
        ],
    ),
    "add_deq_relu": (
        """
            def k() -> None:
                a = asc.LocalTensor(dtype=asc.int32, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                b = asc.LocalTensor(dtype=asc.int32, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                out = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                asc.add_deq_relu(out, a, b, count=512)
                strides = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
                asc.add_deq_relu(out, a, b, mask=512, repeat_times=1, repeat_params=strides)
                asc.add_deq_relu(out, a, b, mask=[ALL, ALL], repeat_times=1, repeat_params=strides)
        """,
        [
            "AscendC::AddDeqRelu(out, a, b, 512);",
            "AscendC::BinaryRepeatParams strides{1, 1, 1, 8, 8, 8};",
            "AscendC::AddDeqRelu<half, int32_t, true>(out, a, b, 512, 1, strides);",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::AddDeqRelu<half, int32_t, true>(out, a, b, mask, 1, strides);",
        ],
    ),
    "sub_relu": (
        """
            def k() -> None:
                a = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                b = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                out = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                asc.sub_relu(out, a, b, count=512)
                strides = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
                asc.sub_relu(out, a, b, mask=512, repeat_times=1, repeat_params=strides)
                asc.sub_relu(out, a, b, mask=[ALL, ALL], repeat_times=1, repeat_params=strides)
        """,
        [
            "AscendC::SubRelu(out, a, b, 512);",
            "AscendC::BinaryRepeatParams strides{1, 1, 1, 8, 8, 8};",
            "AscendC::SubRelu<half, true>(out, a, b, 512, 1, strides);",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::SubRelu<half, true>(out, a, b, mask, 1, strides);",
        ],
    ),
    "sub_relu_cast": (
        """
            def k() -> None:
                a = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                b = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                out = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                asc.sub_relu_cast(out, a, b, count=512)
                strides = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
                asc.sub_relu_cast(out, a, b, mask=512, repeat_times=1, repeat_params=strides)
                asc.sub_relu_cast(out, a, b, mask=[ALL, ALL], repeat_times=1, repeat_params=strides)
        """,
        [
            "AscendC::SubReluCast(out, a, b, 512);",
            "AscendC::BinaryRepeatParams strides{1, 1, 1, 8, 8, 8};",
            "AscendC::SubReluCast<half, float, true>(out, a, b, 512, 1, strides);",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::SubReluCast<half, float, true>(out, a, b, mask, 1, strides);",
        ],
    ),
    "mul_add_dst": (
        """
            def k() -> None:
                a = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                b = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                out = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                asc.mul_add_dst(out, a, b, count=512)
                strides = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
                asc.mul_add_dst(out, a, b, mask=512, repeat_times=1, repeat_params=strides)
                asc.mul_add_dst(out, a, b, mask=[ALL, ALL], repeat_times=1, repeat_params=strides)
        """,
        [
            "AscendC::MulAddDst(out, a, b, 512);",
            "AscendC::BinaryRepeatParams strides{1, 1, 1, 8, 8, 8};",
            "AscendC::MulAddDst<float, float, true>(out, a, b, 512, 1, strides);",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::MulAddDst<float, float, true>(out, a, b, mask, 1, strides);",
        ],
    ),
    "mul_cast": (
        """
            def k() -> None:
                a = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                b = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                out = asc.LocalTensor(dtype=asc.int8, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                asc.mul_cast(out, a, b, count=512)
                strides = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
                asc.mul_cast(out, a, b, mask=512, repeat_times=1, repeat_params=strides)
                asc.mul_cast(out, a, b, mask=[ALL, ALL], repeat_times=1, repeat_params=strides)
        """,
        [
            "AscendC::MulCast(out, a, b, 512);",
            "AscendC::BinaryRepeatParams strides{1, 1, 1, 8, 8, 8};",
            "AscendC::MulCast<int8_t, half, true>(out, a, b, 512, 1, strides);",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::MulCast<int8_t, half, true>(out, a, b, mask, 1, strides);",
        ],
    ),
    "fused_mul_add": (
        """
            def k() -> None:
                a = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                b = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                out = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                asc.fused_mul_add(out, a, b, count=512)
                strides = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
                asc.fused_mul_add(out, a, b, mask=512, repeat_times=1, repeat_params=strides)
                asc.fused_mul_add(out, a, b, mask=[ALL, ALL], repeat_times=1, repeat_params=strides)
        """,
        [
            "AscendC::FusedMulAdd(out, a, b, 512);",
            "AscendC::BinaryRepeatParams strides{1, 1, 1, 8, 8, 8};",
            "AscendC::FusedMulAdd<half, true>(out, a, b, 512, 1, strides);",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::FusedMulAdd<half, true>(out, a, b, mask, 1, strides);",
        ],
    ),
    "fused_mul_add_relu": (
        """
            def k() -> None:
                a = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                b = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                out = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                asc.fused_mul_add_relu(out, a, b, count=512)
                strides = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
                asc.fused_mul_add_relu(out, a, b, mask=512, repeat_times=1, repeat_params=strides)
                asc.fused_mul_add_relu(out, a, b, mask=[ALL, ALL], repeat_times=1, repeat_params=strides)
        """,
        [
            "AscendC::FusedMulAddRelu(out, a, b, 512);",
            "AscendC::BinaryRepeatParams strides{1, 1, 1, 8, 8, 8};",
            "AscendC::FusedMulAddRelu<half, true>(out, a, b, 512, 1, strides);",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::FusedMulAddRelu<half, true>(out, a, b, mask, 1, strides);",
        ],
    ),
    "bilinear_interpolation": (
        """
            def k() -> None:
                src0 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                offsets = asc.LocalTensor(dtype=asc.uint32, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                src1 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                work = asc.LocalTensor(dtype=asc.uint8, pos=asc.TPosition.VECIN, addr=0, tile_size=32768)
                asc.bilinear_interpolation(dst, src0, offsets, src1, 128, 2, False, 1, 128, 2, work)
                asc.bilinear_interpolation(dst, src0, offsets, src1, [ALL, ALL], 2, False, 1, 128, 2, work)
        """,
        [
            "AscendC::BilinearInterpolation(dst, src0, offsets, src1, 128, 2, false, 1, 128, 2, work);",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::BilinearInterpolation(dst, src0, offsets, src1, mask, 2, false, 1, 128, 2, work);",
        ],
    ),
    "compare": (
        """
            def k() -> None:
                a = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                b = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                bits = asc.LocalTensor(dtype=asc.uint8, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                asc.compare(bits, a, b, cmp_mode=asc.CMPMODE.LT, count=512)
                strides = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
                asc.compare(bits, a, b, cmp_mode=asc.CMPMODE.LT, mask=512, repeat_times=1, repeat_params=strides)
                asc.compare(bits, a, b, cmp_mode=asc.CMPMODE.LT, mask=[ALL, ALL], repeat_times=1, repeat_params=strides)
                asc.compare(a, b, cmp_mode=asc.CMPMODE.LT, mask=512, repeat_params=strides)
                asc.compare(a, b, cmp_mode=asc.CMPMODE.LT, mask=[ALL, ALL], repeat_params=strides)
        """,
        [
            "AscendC::Compare(bits, a, b, AscendC::CMPMODE::LT, 512);",
            "AscendC::BinaryRepeatParams strides{1, 1, 1, 8, 8, 8};",
            "AscendC::Compare(bits, a, b, AscendC::CMPMODE::LT, 512, 1, strides);",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::Compare(bits, a, b, AscendC::CMPMODE::LT, mask, 1, strides);",
            "AscendC::Compare(a, b, AscendC::CMPMODE::LT, 512, strides);",
            "uint64_t mask_1[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::Compare(a, b, AscendC::CMPMODE::LT, mask_1, strides);",
        ],
    ),
    "compare_scalar": (
        """
            def k() -> None:
                a = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                bits = asc.LocalTensor(dtype=asc.uint8, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                asc.compare_scalar(bits, a, 1, cmp_mode=asc.CMPMODE.LT, count=512)
                strides = asc.UnaryRepeatParams(1, 1, 8, 8)
                asc.compare_scalar(bits, a, 1, cmp_mode=asc.CMPMODE.LT, mask=512, repeat_times=1, repeat_params=strides)
                asc.compare_scalar(bits, a, 1, cmp_mode=asc.CMPMODE.LT, mask=[ALL, ALL], repeat_times=1, repeat_params=strides)
        """,
        [
            "AscendC::CompareScalar(bits, a, half(1.0), AscendC::CMPMODE::LT, 512);",
            "AscendC::UnaryRepeatParams strides{1, 1, 8, 8};",
            "AscendC::CompareScalar(bits, a, half(1.0), AscendC::CMPMODE::LT, 512, 1, strides);",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::CompareScalar(bits, a, half(1.0), AscendC::CMPMODE::LT, mask, 1, strides);",
        ],
    ),
    "select_count": (
        """
            def k() -> None:
                a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 512)
                where = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 0, 512)
                out = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 0, 512)
                b = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 512)
                asc.select(out, where, a, 0.0, sel_mode=asc.SelMode.VSEL_TENSOR_SCALAR_MODE, count=512)
                asc.select(out, where, a, b, sel_mode=asc.SelMode.VSEL_CMPMASK_SPR, count=512)
        """,
        [
            "AscendC::Select(out, where, a, half(0.0), AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, 512);",
            "AscendC::Select(out, where, a, b, AscendC::SELMODE::VSEL_CMPMASK_SPR, 512);",
        ],
    ),
    "select_scalar": (
        """
            def k() -> None:
                a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 512)
                where = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 0, 512)
                out = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 0, 512)
                strides = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
                mode = asc.SelMode.VSEL_TENSOR_SCALAR_MODE
                asc.select(out, where, a, 0.0, sel_mode=mode, mask=[ALL, ALL], repeat_times=1, repeat_params=strides)
                asc.select(out, where, a, 0.0, sel_mode=mode, mask=512, repeat_times=1, repeat_params=strides)
                asc.select(out, where, a, repeat_times=1, repeat_params=strides)
        """,
        [
            "AscendC::BinaryRepeatParams strides{1, 1, 1, 8, 8, 8};",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::Select(out, where, a, half(0.0), AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, mask, 1, strides);",
            "AscendC::Select(out, where, a, half(0.0), AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, 512, 1, strides);",
            "AscendC::Select(out, where, a, 1, strides);",
        ],
    ),
    "select_tensor": (
        """
            def k() -> None:
                a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 512)
                where = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 0, 512)
                out = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 0, 512)
                b = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 512)
                strides = asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8)
                mode = asc.SelMode.VSEL_CMPMASK_SPR
                asc.select(out, where, a, b, sel_mode=mode, mask=[ALL, ALL], repeat_times=1, repeat_params=strides)
                asc.select(out, where, a, b, sel_mode=mode, mask=512, repeat_times=1, repeat_params=strides)
                asc.select(out, a, b, repeat_times=1, repeat_params=strides, sel_mode=mode)
        """,
        [
            "AscendC::BinaryRepeatParams strides{1, 1, 1, 8, 8, 8};",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::Select(out, where, a, b, AscendC::SELMODE::VSEL_CMPMASK_SPR, mask, 1, strides);",
            "AscendC::Select(out, where, a, b, AscendC::SELMODE::VSEL_CMPMASK_SPR, 512, 1, strides);",
            "AscendC::Select<half, AscendC::SELMODE::VSEL_CMPMASK_SPR>(out, a, b, 1, strides);",
        ],
    ),
    "get_cmp_mask": (
        """
            def k() -> None:
                bits = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                asc.get_cmp_mask(bits)
        """,
        [
            "AscendC::GetCmpMask(bits);",
        ],
    ),
    "set_cmp_mask": (
        """
            def k() -> None:
                bits = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                asc.set_cmp_mask(bits)
        """,
        [
            "AscendC::SetCmpMask(bits);",
        ],
    ),
    "shift_left": (
        """
            def k() -> None:
                a = asc.LocalTensor(dtype=asc.int16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                out = asc.LocalTensor(dtype=asc.int16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                asc.shift_left(out, a, 1, count=512)
                strides = asc.UnaryRepeatParams(1, 1, 8, 8)
                asc.shift_left(out, a, 1, mask=512, repeat_times=1, repeat_params=strides)
                asc.shift_left(out, a, 1, mask=[ALL, ALL], repeat_times=1, repeat_params=strides)
        """,
        [
            "AscendC::ShiftLeft<int16_t, true>(out, a, 1, 512);",
            "AscendC::UnaryRepeatParams strides{1, 1, 8, 8};",
            "AscendC::ShiftLeft<int16_t, true>(out, a, 1, 512, 1, strides);",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::ShiftLeft<int16_t, true>(out, a, 1, mask, 1, strides);",
        ],
    ),
    "shift_right": (
        """
            def k() -> None:
                a = asc.LocalTensor(dtype=asc.int16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                out = asc.LocalTensor(dtype=asc.int16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                asc.shift_right(out, a, 1, count=512)
                strides = asc.UnaryRepeatParams(1, 1, 8, 8)
                asc.shift_right(out, a, 1, mask=512, repeat_times=1, repeat_params=strides)
                asc.shift_right(out, a, 1, mask=[ALL, ALL], repeat_times=1, repeat_params=strides)
        """,
        [
            "AscendC::ShiftRight<int16_t, true>(out, a, 1, 512);",
            "AscendC::UnaryRepeatParams strides{1, 1, 8, 8};",
            "AscendC::ShiftRight<int16_t, true>(out, a, 1, 512, 1, strides);",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::ShiftRight<int16_t, true>(out, a, 1, mask, 1, strides);",
        ],
    ),
    "axpy": (
        """
            def k() -> None:
                a = asc.LocalTensor(dtype=asc.half, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                out = asc.LocalTensor(dtype=asc.half, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                asc.axpy(out, a, 2, count=512)
                strides = asc.UnaryRepeatParams(1, 1, 8, 8)
                asc.axpy(out, a, 2, mask=512, repeat_times=1, repeat_params=strides)
                asc.axpy(out, a, 2, mask=[ALL, ALL], repeat_times=1, repeat_params=strides)
        """,
        [
            "AscendC::Axpy(out, a, half(2.0), 512);",
            "AscendC::UnaryRepeatParams strides{1, 1, 8, 8};",
            "AscendC::Axpy<half, half, true>(out, a, half(2.0), 512, 1, strides);",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::Axpy<half, half, true>(out, a, half(2.0), mask, 1, strides);",
        ],
    ),
    "cast_deq": (
        """
            def k() -> None:
                a = asc.LocalTensor(dtype=asc.int16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                out = asc.LocalTensor(dtype=asc.int8, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                asc.cast_deq(out, a, count=512)
                strides = asc.UnaryRepeatParams(1, 1, 8, 8)
                asc.cast_deq(out, a, mask=512, repeat_times=1, repeat_params=strides)
                asc.cast_deq(out, a, mask=[ALL, ALL], repeat_times=1, repeat_params=strides)
        """,
        [
            "AscendC::CastDeq<int8_t, int16_t, true, true>(out, a, 512);",
            "AscendC::UnaryRepeatParams strides{1, 1, 8, 8};",
            "AscendC::CastDeq<int8_t, int16_t, true, true, true>(out, a, 512, 1, strides);",
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::CastDeq<int8_t, int16_t, true, true, true>(out, a, mask, 1, strides);",
        ],
    ),
    "gather_mask": (
        """
            def k() -> None:
                src = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                params = asc.GatherMaskParams(src0_block_stride=1, repeat_times=1, src0_repeat_stride=0, src1_repeat_stride=0)
                kept = asc.gather_mask(dst, src, 2, False, 0, params, asc.GatherMaskMode.DEFAULT)
        """,
        [
            "AscendC::GatherMaskParams params{1, 1, 0, 0};",
            "uint64_t rsvd_cnt = 0;",
            "AscendC::GatherMask<half>(dst, src, 2, false, 0, params, rsvd_cnt);",
        ],
    ),
    "get_gather_mask_remain_count": (
        """
            def k() -> None:
                left = asc.get_gather_mask_remain_count()
        """,
        [
            "int64_t remain_count = AscendC::GetGatherMaskRemainCount();",
        ],
    ),
}

REJECTED: dict[str, tuple[str, str, str]] = {
    "transpose_nchw2nhwc_small_buffer": (
        """
            def k() -> None:
                src = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                shape = asc.TransposeParamsExt(n_size=1, c_size=16, h_size=4, w_size=4,
                                               transpose_type=asc.TransposeType.TRANSPOSE_NCHW2NHWC)
                work = asc.LocalTensor(dtype=asc.uint8, pos=asc.TPosition.VECCALC, addr=0, tile_size=512)
                asc.transpose(dst, src, work, shape)
        """,
        "ValueError: transpose: shared_tmp_buffer holds 512 bytes, but TRANSPOSE_NCHW2NHWC with c_size 16 needs 9216",
        "asc.transpose(dst, src, work, shape)",
    ),
    "trans_data_to_5hd_unaligned_views": (
        """
            def k() -> None:
                src = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                params = asc.TransDataTo5HDParams(dst_high_half=False, src_high_half=False, repeat_times=16,
                                                  dst_rep_stride=16, src_rep_stride=1)
                dst_views = [dst[0], dst[1], dst[2], dst[3], dst[4], dst[5], dst[6], dst[7],
                             dst[8], dst[9], dst[10], dst[11], dst[12], dst[13], dst[14], dst[15]]
                src_views = [src[0], src[1], src[2], src[3], src[4], src[5], src[6], src[7],
                             src[8], src[9], src[10], src[11], src[12], src[13], src[14], src[15]]
                asc.trans_data_to_5hd(dst_views, src_views, params)
        """,
        "ValueError: trans_data_to_5hd: dst_list[1] starts at byte 2 of the unified buffer, which is not 32-byte aligned",
        "asc.trans_data_to_5hd(dst_views, src_views, params)",
    ),
    "bilinear_interpolation_small_buffer": (
        """
            def k() -> None:
                src0 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                offsets = asc.LocalTensor(dtype=asc.uint32, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                src1 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
                work = asc.LocalTensor(dtype=asc.uint8, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
                asc.bilinear_interpolation(dst, src0, offsets, src1, 128, 2, False, 1, 128, 2, work)
        """,
        "ValueError: bilinear_interpolation: shared_tmp_buffer holds 512 bytes, but "
        "src0.get_size() * 32 + src1.get_size() * 32 needs 32768",
        "asc.bilinear_interpolation(dst, src0, offsets, src1, 128, 2, False, 1, 128, 2, work)",
    ),
}


def _compile(kernel_module: Callable[[str], ModuleType], body: str) -> str:
    module = kernel_module(PRELUDE + textwrap.dedent(body).strip("\n") + "\n")
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="scatter: Atlas A2", category=asc.AscxWarning)
        return module.k.compile().source


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_pyasc_unit_kernel(kernel_module: Callable[[str], ModuleType], name: str) -> None:
    body, calls = KERNELS[name]
    source = _compile(kernel_module, body)
    inside = source[source.index("{\n") + 2 : source.rindex("}")]
    lines = [line.strip() for line in inside.splitlines() if line.strip()]
    assert [line for line in lines if not line.startswith(SKIPPED)] == calls


@pytest.mark.parametrize("name", sorted(REJECTED))
def test_pyasc_unit_kernel_breaking_a_cann_rule(kernel_module: Callable[[str], ModuleType], name: str) -> None:
    body, message, statement = REJECTED[name]
    module = kernel_module(PRELUDE + textwrap.dedent(body).strip("\n") + "\n")
    with pytest.raises(asc.KernelError) as caught:
        module.k.compile()
    assert caught.value.message == message
    assert caught.value.location is not None
    assert module.__file__ is not None
    assert Path(module.__file__).read_text().splitlines()[caught.value.location.line - 1].strip() == statement
