"""The reductions with one result per repeat (``whole_reduce_*``, ``block_reduce_*``, ``pair_reduce_sum``,
``repeat_reduce_sum``), the sort and region-proposal family and the scalar-unit ops: the exact C++ of
every call form, and every check with its exact message at the call's line.

Each statement runs in ``ascx.testing.snippets.SNIPPET_KERNEL`` (``a``/``b`` float16 VECIN tensors of
256 elements at bytes 0 and 512, ``c`` float16 VECOUT at 1024, ``g32``/``i16``/``m8`` VECCALC tensors,
``n`` a runtime int32, ``f`` a runtime float32); ``u`` is a uint32 tensor and ``h`` a float16 tensor of
512 elements when a statement declares them.  pyasc 1.1.1 emits the same calls (``../shared/tools/
pyasc-ref emit``) except where the reference pages say otherwise: ascx names ``<T, isSetMask>`` on
the mask forms (pyasc drops ``isSetMask``), builds ``MrgSortSrcList<T>`` with CANN's four-tensor
constructor (pyasc's two-tensor braces do not compile) and declares each mask array once.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import ascx as asc
from ascx.testing.kernels import line_of, load_kernel_source
from ascx.testing.snippets import SNIPPET_ARGS, SNIPPET_KERNEL, snippet_error, snippet_lines

EMITS: dict[str, tuple[str, list[str]]] = {
    "tbuf_view_at_a_block": (
        "pipe.init_buffer(buf, 1024); t = buf.get(asc.float16); asc.whole_reduce_sum(c, t[16:], 128, 1, 1, 1, 8)",
        [
            "pipe.InitBuffer(buf, 1024);",
            "AscendC::LocalTensor<half> t = buf.Get<half>();",
            "AscendC::LocalTensor<half> v = t[16];",
            "AscendC::WholeReduceSum<half, true>(c, v, 128, 1, 1, 1, 8);",
        ],
    ),
    "whole_reduce_sum": (
        "asc.whole_reduce_sum(c, a, 128, 2, 1, 1, 8)",
        ["AscendC::WholeReduceSum<half, true>(c, a, 128, 2, 1, 1, 8);"],
    ),
    "whole_reduce_sum_counter_mode": (
        # counter mode counts the elements of all repeats: 256 is not checked against one repeat's 128 lanes
        "asc.set_mask_count(); asc.whole_reduce_sum(c, a, 256, 2, 1, 1, 8); asc.set_mask_norm()",
        [
            "AscendC::SetMaskCount();",
            "AscendC::WholeReduceSum<half, true>(c, a, 256, 2, 1, 1, 8);",
            "AscendC::SetMaskNorm();",
        ],
    ),
    "whole_reduce_sum_keywords": (
        "asc.whole_reduce_sum(c, a, mask=128, repeat_time=4, dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8)",
        ["AscendC::WholeReduceSum<half, true>(c, a, 128, 4, 1, 1, 8);"],
    ),
    "whole_reduce_sum_mask_list_no_set_mask": (
        "asc.whole_reduce_sum(c, a, [n, 0], 2, 1, 1, 8, False)",
        [
            "uint64_t mask[] = {static_cast<uint64_t>(n), 0};",
            "AscendC::WholeReduceSum<half, false>(c, a, mask, 2, 1, 1, 8);",
        ],
    ),
    "whole_reduce_max": (
        "asc.whole_reduce_max(c, a, 128, 2, 1, 1, 8)",
        ["AscendC::WholeReduceMax<half, true>(c, a, 128, 2, 1, 1, 8, AscendC::ReduceOrder::ORDER_VALUE_INDEX);"],
    ),
    "whole_reduce_max_index_value": (
        "asc.whole_reduce_max(c, a, 128, 2, 1, 1, 8, asc.ReduceOrder.ORDER_INDEX_VALUE)",
        ["AscendC::WholeReduceMax<half, true>(c, a, 128, 2, 1, 1, 8, AscendC::ReduceOrder::ORDER_INDEX_VALUE);"],
    ),
    "whole_reduce_min_only_index": (
        "asc.whole_reduce_min(g32, g32, 64, 2, 1, 1, 8, order=asc.ReduceOrder.ORDER_ONLY_INDEX, is_set_mask=False)",
        ["AscendC::WholeReduceMin<float, false>(g32, g32, 64, 2, 1, 1, 8, AscendC::ReduceOrder::ORDER_ONLY_INDEX);"],
    ),
    "whole_reduce_min_runtime": (
        "asc.whole_reduce_min(c, a, n, n, n, n, n, asc.ReduceOrder.ORDER_ONLY_VALUE)",
        ["AscendC::WholeReduceMin<half, true>(c, a, n, n, n, n, n, AscendC::ReduceOrder::ORDER_ONLY_VALUE);"],
    ),
    "block_reduce_sum": (
        "asc.block_reduce_sum(c, a, 2, 128, 1, 1, 8)",
        ["AscendC::BlockReduceSum<half, true>(c, a, 2, 128, 1, 1, 8);"],
    ),
    "block_reduce_max_mask_list": (
        "asc.block_reduce_max(c, a, repeat=1, mask=[0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFF], dst_rep_stride=8, src_blk_stride=1, src_rep_stride=8)",
        [
            "uint64_t mask[] = {18446744073709551615ULL, 18446744073709551615ULL};",
            "AscendC::BlockReduceMax<half, true>(c, a, 1, mask, 8, 1, 8);",
        ],
    ),
    "block_reduce_min_no_set_mask": (
        "asc.block_reduce_min(g32, g32, 1, 64, 1, 1, 8, False)",
        ["AscendC::BlockReduceMin<float, false>(g32, g32, 1, 64, 1, 1, 8);"],
    ),
    "block_reduce_mask_zero": (
        "asc.block_reduce_sum(c, a, 1, 0, 1, 1, 8)",
        ["AscendC::BlockReduceSum<half, true>(c, a, 1, 0, 1, 1, 8);"],
    ),
    "pair_reduce_sum": (
        "asc.pair_reduce_sum(c, a, 2, 128, 1, 1, 8)",
        ["AscendC::PairReduceSum<half, true>(c, a, 2, 128, 1, 1, 8);"],
    ),
    "pair_reduce_sum_mask_list": (
        "asc.pair_reduce_sum(c, a, repeat_time=2, mask=[n, n], dst_rep_stride=1, src_blk_stride=1, src_rep_stride=8, is_set_mask=False)",
        [
            "uint64_t mask[] = {static_cast<uint64_t>(n), static_cast<uint64_t>(n)};",
            "AscendC::PairReduceSum<half, false>(c, a, 2, mask, 1, 1, 8);",
        ],
    ),
    "repeat_reduce_sum": (
        "asc.repeat_reduce_sum(c, a, 4, 128, 0, 1, 8, 8)",
        ["AscendC::RepeatReduceSum<half, true>(c, a, 4, 128, 0, 1, 8, 8);"],
    ),
    "repeat_reduce_sum_no_set_mask": (
        "asc.repeat_reduce_sum(c, a, repeat_time=1, mask=64, dst_blk_stride=0, src_blk_stride=1, dst_rep_stride=1, src_rep_stride=8, is_set_mask=False)",
        ["AscendC::RepeatReduceSum<half, false>(c, a, 1, 64, 0, 1, 1, 8);"],
    ),
    "reduce_sum_many_repeats": (
        "asc.reduce_sum(c, a, b, 128, 300, 0)",
        ["AscendC::ReduceSum(c, a, b, 128, 300, 0);"],
    ),
    "sort32": (
        "u = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 12288, 128); asc.sort32(c, a, u, 4)",
        ["AscendC::LocalTensor<uint32_t> u(AscendC::TPosition::VECCALC, 12288, 128);", "AscendC::Sort32(c, a, u, 4);"],
    ),
    "sort32_runtime": (
        "u = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 12288, 128); asc.sort32(g32, g32, u, repeat_time=n)",
        [
            "AscendC::LocalTensor<uint32_t> u(AscendC::TPosition::VECCALC, 12288, 128);",
            "AscendC::Sort32(g32, g32, u, n);",
        ],
    ),
    "sort": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); u = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 12288, 128); asc.sort(h, a, u, b, 4)",
        [
            "AscendC::LocalTensor<half> h(AscendC::TPosition::VECCALC, 16384, 512);",
            "AscendC::LocalTensor<uint32_t> u(AscendC::TPosition::VECCALC, 12288, 128);",
            "AscendC::Sort<half, false>(h, a, u, b, 4);",
        ],
    ),
    "sort_full": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); u = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 12288, 128); asc.sort(h, a, u, b, 4, True)",
        [
            "AscendC::LocalTensor<half> h(AscendC::TPosition::VECCALC, 16384, 512);",
            "AscendC::LocalTensor<uint32_t> u(AscendC::TPosition::VECCALC, 12288, 128);",
            "AscendC::Sort<half, true>(h, a, u, b, 4);",
        ],
    ),
    "mrg_sort_counts": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); asc.mrg_sort(h, asc.MrgSortSrcList(asc.float16, a, b, c, a[128:]), [16, 16, 16, 16], [0, 0, 0, 0], 15, 1)",
        [
            "AscendC::LocalTensor<half> h(AscendC::TPosition::VECCALC, 16384, 512);",
            "AscendC::LocalTensor<half> v = a[128];",
            "uint16_t element_count_list[] = {16, 16, 16, 16};",
            "uint32_t sorted_num[] = {0, 0, 0, 0};",
            "AscendC::MrgSort<half, false>(h, AscendC::MrgSortSrcList<half>(a, b, c, v), element_count_list, sorted_num, 15, 1);",
        ],
    ),
    "mrg_sort_two_queues_suspension": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); asc.mrg_sort(h, asc.MrgSortSrcList(asc.float16, a, b), [n, n, 0, 0], [0, 0, 0, 0], valid_bit=3, repeat_time=1, is_exhausted_suspension=True)",
        [
            "AscendC::LocalTensor<half> h(AscendC::TPosition::VECCALC, 16384, 512);",
            "uint16_t element_count_list[] = {static_cast<uint16_t>(n), static_cast<uint16_t>(n), 0, 0};",
            "uint32_t sorted_num[] = {0, 0, 0, 0};",
            "AscendC::MrgSort<half, true>(h, AscendC::MrgSortSrcList<half>(a, b, AscendC::LocalTensor<half>(), AscendC::LocalTensor<half>()), element_count_list, sorted_num, 3, 1);",
        ],
    ),
    "mrg_sort_three_queues": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); asc.mrg_sort(h, asc.MrgSortSrcList(asc.float16, a, b, c), [8, 8, 8, 0], [0, 0, 0, 0], 7, 1)",
        [
            "AscendC::LocalTensor<half> h(AscendC::TPosition::VECCALC, 16384, 512);",
            "uint16_t element_count_list[] = {8, 8, 8, 0};",
            "uint32_t sorted_num[] = {0, 0, 0, 0};",
            "AscendC::MrgSort<half, false>(h, AscendC::MrgSortSrcList<half>(a, b, c, AscendC::LocalTensor<half>()), element_count_list, sorted_num, 7, 1);",
        ],
    ),
    "mrg_sort_info": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); info = asc.MrgSort4Info([16, 16, 16, 16], False, 15, 1); asc.mrg_sort(h, asc.MrgSortSrcList(asc.float16, a, b, c, a[128:]), info)",
        [
            "AscendC::LocalTensor<half> h(AscendC::TPosition::VECCALC, 16384, 512);",
            "uint16_t info_lengths[] = {16, 16, 16, 16};",
            "AscendC::MrgSort4Info info{info_lengths, false, 15, 1};",
            "AscendC::LocalTensor<half> v = a[128];",
            "AscendC::MrgSort(h, AscendC::MrgSortSrcList<half>(a, b, c, v), info);",
        ],
    ),
    "mrg_sort_info_runtime": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); info = asc.MrgSort4Info([n, n, 0, 0], if_exhausted_suspension=True, valid_bit=3); asc.mrg_sort(h, asc.MrgSortSrcList(asc.float16, a, b), params=info)",
        [
            "AscendC::LocalTensor<half> h(AscendC::TPosition::VECCALC, 16384, 512);",
            "uint16_t info_lengths[] = {static_cast<uint16_t>(n), static_cast<uint16_t>(n), 0, 0};",
            "AscendC::MrgSort4Info info{info_lengths, true, 3, 1};",
            "AscendC::MrgSort(h, AscendC::MrgSortSrcList<half>(a, b, AscendC::LocalTensor<half>(), AscendC::LocalTensor<half>()), info);",
        ],
    ),
    "mrg_sort4": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); info = asc.MrgSort4Info([16, 16, 16, 16]); asc.mrg_sort4(h, asc.MrgSortSrcList(asc.float16, a, b, c, a[128:]), info)",
        [
            "AscendC::LocalTensor<half> h(AscendC::TPosition::VECCALC, 16384, 512);",
            "uint16_t info_lengths[] = {16, 16, 16, 16};",
            "AscendC::MrgSort4Info info{info_lengths, false, 15, 1};",
            "AscendC::LocalTensor<half> v = a[128];",
            "AscendC::MrgSort4(h, AscendC::MrgSortSrcList<half>(a, b, c, v), info);",
        ],
    ),
    "rp_sort16": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); asc.rp_sort16(h, a, 2)",
        ["AscendC::LocalTensor<half> h(AscendC::TPosition::VECCALC, 16384, 512);", "AscendC::RpSort16(h, a, 2);"],
    ),
    "proposal_concat": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); asc.proposal_concat(h, a, 2, 4)",
        [
            "AscendC::LocalTensor<half> h(AscendC::TPosition::VECCALC, 16384, 512);",
            "AscendC::ProposalConcat(h, a, 2, 4);",
        ],
    ),
    "proposal_extract": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); asc.proposal_extract(c, h, repeat_time=2, mode_number=5)",
        [
            "AscendC::LocalTensor<half> h(AscendC::TPosition::VECCALC, 16384, 512);",
            "AscendC::ProposalExtract(c, h, 2, 5);",
        ],
    ),
    "get_sort_len": (
        "r = asc.get_sort_len(100)",
        ["uint32_t r = AscendC::GetSortLen<float>(100);"],
    ),
    "get_sort_offset_half_runtime": (
        "r = asc.get_sort_offset(n, asc.float16)",
        ["uint32_t r = AscendC::GetSortOffset<half>(n);"],
    ),
    "get_mrg_sort_result": (
        "m1, m2, m3, m4 = asc.get_mrg_sort_result()",
        ["uint16_t m1;", "uint16_t m2;", "uint16_t m3;", "uint16_t m4;", "AscendC::GetMrgSortResult(m1, m2, m3, m4);"],
    ),
    "scalar_cast_int32": (
        "r = asc.scalar_cast(f, asc.int32, asc.RoundMode.CAST_ROUND)",
        ["int32_t r = AscendC::ScalarCast<float, int32_t, AscendC::RoundMode::CAST_ROUND>(f);"],
    ),
    "scalar_cast_constant": (
        "r = asc.scalar_cast(2.5, asc.int32, asc.RoundMode.CAST_FLOOR)",
        ["int32_t r = AscendC::ScalarCast<float, int32_t, AscendC::RoundMode::CAST_FLOOR>(2.5f);"],
    ),
    "scalar_cast_half": (
        "r = asc.scalar_cast(f, asc.float16, asc.RoundMode.CAST_ODD)",
        ["half r = AscendC::ScalarCast<float, half, AscendC::RoundMode::CAST_ODD>(f);"],
    ),
    "scalar_cast_bfloat16": (
        "r = asc.scalar_cast(f, asc.bfloat16, asc.RoundMode.CAST_RINT)",
        ["bfloat16_t r = AscendC::Cast(f);"],
    ),
    "to_float": (
        "bt = asc.LocalTensor(asc.bfloat16, asc.TPosition.VECIN, 8192, 16); r = asc.to_float(bt.get_value(n))",
        [
            "AscendC::LocalTensor<bfloat16_t> bt(AscendC::TPosition::VECIN, 8192, 16);",
            "bfloat16_t v = bt.GetValue(n);",
            "float r = AscendC::ToFloat(v);",
        ],
    ),
    "to_float_of_scalar_cast": (
        "r = asc.to_float(asc.scalar_cast(f, asc.bfloat16, asc.RoundMode.CAST_RINT))",
        ["bfloat16_t v = AscendC::Cast(f);", "float r = AscendC::ToFloat(v);"],
    ),
    "scalar_cast_from_int": (
        "r = asc.scalar_cast(n, asc.int32, asc.RoundMode.CAST_RINT)",
        [
            "float v = static_cast<float>(n);",
            "int32_t r = AscendC::ScalarCast<float, int32_t, AscendC::RoundMode::CAST_RINT>(v);",
        ],
    ),
    "scalar_get_sff_value": (
        "r = asc.scalar_get_sff_value(n, 1)",
        ["int64_t r = AscendC::ScalarGetSFFValue<1>(n);"],
    ),
    "scalar_get_sff_value_constant": (
        "r = asc.scalar_get_sff_value(28, 0)",
        ["int64_t r = AscendC::ScalarGetSFFValue<0>(28);"],
    ),
    "scalar_get_count_of_value": (
        "r = asc.scalar_get_count_of_value(n, 0)",
        ["int64_t r = AscendC::ScalarGetCountOfValue<0>(n);"],
    ),
    "scalar_count_leading_zero": (
        "r = asc.scalar_count_leading_zero(0x0FFFFFFFFFFFFFFF)",
        ["int64_t r = AscendC::ScalarCountLeadingZero(1152921504606846975);"],
    ),
    "count_bits_cnt_same_as_sign_bit": (
        "r = asc.count_bits_cnt_same_as_sign_bit(-1)",
        ["int64_t r = AscendC::CountBitsCntSameAsSignBit(-1);"],
    ),
}

REJECTS: dict[str, tuple[str, str]] = {
    "mrg_sort4_params_not_info": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); asc.mrg_sort4(h, asc.MrgSortSrcList(asc.float16, a, b), 5)",
        "TypeError: mrg_sort4: params must be an asc.MrgSort4Info, got the int 5",
    ),
    "mrg_sort_list_dtype_not_a_datatype": (
        "q = asc.MrgSortSrcList('half', a, b)",
        "TypeError: MrgSortSrcList: dtype must be a DataType, got a str",
    ),
    "mrg_sort_list_source_not_a_tensor": (
        "q = asc.MrgSortSrcList(asc.float16, a, 1)",
        "TypeError: MrgSortSrcList: src2 must be a LocalTensor, got the int 1",
    ),
    "mrg_sort_counts_not_a_list": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); asc.mrg_sort(h, asc.MrgSortSrcList(asc.float16, a, b), 5, [0, 0, 0, 0], 3, 1)",
        "TypeError: mrg_sort(): no form takes (LocalTensor, MrgSortSrcList, int, list[int, int, int, int], int, int); the forms are:\n  mrg_sort(dst, sort_list, element_count_list: List[int], sorted_num: List[int], valid_bit: int, repeat_time: int, is_exhausted_suspension: bool = False)\n  mrg_sort(dst, sort_list, params: MrgSort4Info)",
    ),
    "mrg_sort_queue_at_a1": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); t = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256); asc.mrg_sort(h, asc.MrgSortSrcList(asc.float16, a, t), [16, 16, 0, 0], [0, 0, 0, 0], 3, 1)",
        "ValueError: mrg_sort: sort_list.src2 is at position A1, but vector ops work on the unified buffer (VECIN, VECOUT, VECCALC)",
    ),
    "mrg_sort4_info_lengths_not_a_list": (
        "info = asc.MrgSort4Info(16)",
        "TypeError: MrgSort4Info: element_lengths must be a list of 4 queue lengths, got the int 16",
    ),
    "sort32_global_tensor": (
        "u = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 12288, 128); asc.sort32(c, xg, u, 1)",
        "TypeError: sort32: src0 is a GlobalTensor, but vector ops work on LocalTensors in the unified buffer",
    ),
    "whole_reduce_sum_is_set_mask_runtime": (
        "asc.whole_reduce_sum(c, a, 128, 1, 1, 1, 8, n > 0)",
        "TypeError: whole_reduce_sum(): no form takes (LocalTensor, LocalTensor, int, int, int, int, int, runtime int1); the forms are:\n  whole_reduce_sum(dst, src, mask: int, repeat_time: int, dst_rep_stride: int, src_blk_stride: int, src_rep_stride: int, is_set_mask: bool = True)\n  whole_reduce_sum(dst, src, mask: list[int], repeat_time: int, dst_rep_stride: int, src_blk_stride: int, src_rep_stride: int, is_set_mask: bool = True)",
    ),
    "scalar_cast_string": (
        "r = asc.scalar_cast('2.5', asc.int32, asc.RoundMode.CAST_ROUND)",
        "TypeError: scalar_cast: value_in must be a number, got '2.5'",
    ),
    "tbuf_view_misaligned": (
        "pipe.init_buffer(buf, 1024); t = buf.get(asc.float16); asc.whole_reduce_sum(c, t[4:], 128, 1, 1, 1, 8)",
        "ValueError: whole_reduce_sum: src starts 8 bytes past a 32-byte boundary; the source of a vector instruction is 32-byte aligned",
    ),
    "queue_view_misaligned": (
        "pipe.init_buffer(qout, 2, 1024); t = qout.alloc_tensor(asc.float32); asc.block_reduce_max(t[2:], g32, 1, 64, 1, 1, 8)",
        "ValueError: block_reduce_max: dst starts 8 bytes past a 32-byte boundary; BlockReduceMax writes 8 results per repeat to a 32-byte aligned address",
    ),
    "whole_reduce_sum_int16": (
        "asc.whole_reduce_sum(i16, i16, 128, 1, 1, 1, 8)",
        "TypeError: whole_reduce_sum: src has data type int16; whole_reduce_sum supports float16, float32",
    ),
    "whole_reduce_max_two_types": (
        "asc.whole_reduce_max(g32, a, 64, 1, 1, 1, 8)",
        "TypeError: whole_reduce_max: dst has data type float32 but src has float16; whole_reduce_max works on one data type",
    ),
    "whole_reduce_sum_mask_past_a_repeat": (
        "asc.whole_reduce_sum(g32, g32, 128, 1, 1, 1, 8)",
        "ValueError: whole_reduce_sum: mask 128 is more than the 64 elements of one repeat of float32",
    ),
    "block_reduce_mask_512": (
        "asc.block_reduce_max(c, a, repeat=1, mask=512, dst_rep_stride=8, src_blk_stride=1, src_rep_stride=8)",
        "ValueError: block_reduce_max: mask 512 is more than the 128 elements of one repeat of float16",
    ),
    "block_reduce_mask_negative": (
        "asc.block_reduce_min(c, a, 1, -1, 8, 1, 8)",
        "ValueError: block_reduce_min: mask -1 is negative",
    ),
    "pair_reduce_repeat_256": (
        "asc.pair_reduce_sum(c, a, 256, 128, 1, 1, 8)",
        "ValueError: pair_reduce_sum: repeat_time 256 is outside [0, 255]",
    ),
    "whole_reduce_stride_past_uint16": (
        "asc.whole_reduce_sum(c, a, 128, 1, 1, 1, 65536)",
        "ValueError: whole_reduce_sum: src_rep_stride 65536 is outside [0, 65535]",
    ),
    "repeat_reduce_dst_blk_stride_negative": (
        "asc.repeat_reduce_sum(c, a, 1, 128, -1, 1, 1, 8)",
        "ValueError: repeat_reduce_sum: dst_blk_stride -1 is outside [0, 65535]",
    ),
    "whole_reduce_max_order_int": (
        "asc.whole_reduce_max(c, a, 128, 1, 1, 1, 8, 1)",
        "TypeError: whole_reduce_max(): no form takes (LocalTensor, LocalTensor, int, int, int, int, int, int); the forms are:\n  whole_reduce_max(dst, src, mask: int, repeat_time: int, dst_rep_stride: int, src_blk_stride: int, src_rep_stride: int, order: ReduceOrder = <ReduceOrder.ORDER_VALUE_INDEX: 0>, is_set_mask: bool = True)\n  whole_reduce_max(dst, src, mask: list[int], repeat_time: int, dst_rep_stride: int, src_blk_stride: int, src_rep_stride: int, order: ReduceOrder = <ReduceOrder.ORDER_VALUE_INDEX: 0>, is_set_mask: bool = True)",
    ),
    "repeat_reduce_sum_mask_list": (
        "asc.repeat_reduce_sum(c, a, 1, [n, n], 0, 1, 1, 8)",
        "TypeError: repeat_reduce_sum(): no form takes (LocalTensor, LocalTensor, int, list[runtime int32, runtime int32], int, int, int, int); the forms are:\n  repeat_reduce_sum(dst, src, repeat_time: int, mask: int, dst_blk_stride: int, src_blk_stride: int, dst_rep_stride: int, src_rep_stride: int, is_set_mask: bool = True)",
    ),
    "whole_reduce_global_tensor": (
        "asc.whole_reduce_sum(c, xg, 128, 1, 1, 1, 8)",
        "TypeError: whole_reduce_sum: src is a GlobalTensor, but vector ops work on LocalTensors in the unified buffer",
    ),
    "whole_reduce_max_dst_misaligned": (
        "asc.whole_reduce_max(c[1:], a, 128, 1, 1, 1, 8)",
        "ValueError: whole_reduce_max: dst starts 2 bytes past a 4-byte boundary; WholeReduceMax with ORDER_VALUE_INDEX writes 4-byte results",
    ),
    "whole_reduce_min_only_index_misaligned": (
        "asc.whole_reduce_min(c[1:], a, 128, 1, 1, 1, 8, asc.ReduceOrder.ORDER_ONLY_INDEX)",
        "ValueError: whole_reduce_min: dst starts 2 bytes past a 4-byte boundary; WholeReduceMin with ORDER_ONLY_INDEX writes 4-byte results",
    ),
    "whole_reduce_sum_src_misaligned": (
        "asc.whole_reduce_sum(c, a[8:], 128, 1, 1, 1, 8)",
        "ValueError: whole_reduce_sum: src starts 16 bytes past a 32-byte boundary; the source of a vector instruction is 32-byte aligned",
    ),
    "block_reduce_dst_misaligned": (
        "asc.block_reduce_sum(g32[4:], g32, 1, 64, 1, 1, 8)",
        "ValueError: block_reduce_sum: dst starts 16 bytes past a 32-byte boundary; BlockReduceSum writes 8 results per repeat to a 32-byte aligned address",
    ),
    "pair_reduce_dst_misaligned": (
        "asc.pair_reduce_sum(c[8:], a, 1, 128, 1, 1, 8)",
        "ValueError: pair_reduce_sum: dst starts 16 bytes past a 32-byte boundary; PairReduceSum writes to a 32-byte aligned address",
    ),
    "reduce_sum_mask_past_a_repeat": (
        "asc.reduce_sum(c, a, b, 129, 1, 8)",
        "ValueError: reduce_sum: mask 129 is more than the 128 elements of one repeat of float16",
    ),
    "reduce_max_stride_past_uint16": (
        "asc.reduce_max(c, a, b, 128, 1, 65536)",
        "ValueError: reduce_max: src_rep_stride 65536 is outside [0, 65535]",
    ),
    "reduce_min_tmp_misaligned": (
        "asc.reduce_min(c, a, b[8:], 256)",
        "ValueError: reduce_min: shared_tmp_buffer starts 16 bytes past a 32-byte boundary; ReduceMin reads and writes 32-byte aligned operands",
    ),
    "reduce_max_index_dst_misaligned": (
        "asc.reduce_max(c[1:], a, b, 256, True)",
        "ValueError: reduce_max: dst starts 2 bytes past a 4-byte boundary; ReduceMax writes the value and its index to a 4-byte aligned address",
    ),
    "sort32_int32_indices": (
        "v = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 12288, 128); asc.sort32(c, a, v, 1)",
        "TypeError: sort32: src1 has data type int32; sort32 takes the indices as uint32",
    ),
    "sort32_int16_scores": (
        "u = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 12288, 128); asc.sort32(i16, i16, u, 1)",
        "TypeError: sort32: src0 has data type int16; sort32 supports float16, float32",
    ),
    "sort32_repeat_256": (
        "u = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 12288, 128); asc.sort32(c, a, u, 256)",
        "ValueError: sort32: repeat_time 256 is outside [0, 255]",
    ),
    "sort32_src0_misaligned": (
        "u = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 12288, 128); asc.sort32(c, a[8:], u, 1)",
        "ValueError: sort32: src0 starts 16 bytes past a 32-byte boundary; Sort32 takes 32-byte aligned operands",
    ),
    "sort_full_runtime": (
        "u = asc.LocalTensor(asc.uint32, asc.TPosition.VECCALC, 12288, 128); asc.sort(c, a, u, b, 1, n > 0)",
        "TypeError: The 'is_full_sort' argument must be a boolean literal (True or False), but got a runtime int1 value of type RuntimeScalar. This parameter must be a compile-time constant.",
    ),
    "mrg_sort_list_not_a_list": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); asc.mrg_sort(h, [a, b], [16, 16, 0, 0], [0, 0, 0, 0], 3, 1)",
        "TypeError: mrg_sort: sort_list must be an asc.MrgSortSrcList, got a list",
    ),
    "mrg_sort_valid_bit_5": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); asc.mrg_sort(h, asc.MrgSortSrcList(asc.float16, a, b, c, a[128:]), [16, 16, 16, 16], [0, 0, 0, 0], 5, 1)",
        "ValueError: mrg_sort: valid_bit 5 is not 3, 7 or 15 (the first 2, 3 or 4 queues)",
    ),
    "mrg_sort_valid_bit_past_the_queues": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); asc.mrg_sort(h, asc.MrgSortSrcList(asc.float16, a, b), [16, 16, 16, 16], [0, 0, 0, 0], 15, 1)",
        "ValueError: mrg_sort: valid_bit 15 merges 4 queues but sort_list has 2",
    ),
    "mrg_sort_count_past_4095": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); asc.mrg_sort(h, asc.MrgSortSrcList(asc.float16, a, b), [4096, 16, 0, 0], [0, 0, 0, 0], 3, 1)",
        "ValueError: mrg_sort: element_count_list 4096 is outside [0, 4095]",
    ),
    "mrg_sort_three_counts": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); asc.mrg_sort(h, asc.MrgSortSrcList(asc.float16, a, b), [16, 16, 0], [0, 0, 0, 0], 3, 1)",
        "ValueError: mrg_sort: element_count_list has 4 elements (one per queue), got 3",
    ),
    "mrg_sort_suspension_runtime": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); asc.mrg_sort(h, asc.MrgSortSrcList(asc.float16, a, b), [16, 16, 0, 0], [0, 0, 0, 0], 3, 1, n > 0)",
        "TypeError: The 'is_exhausted_suspension' argument must be a boolean literal (True or False), but got a runtime int1 value of type RuntimeScalar. This parameter must be a compile-time constant.",
    ),
    "mrg_sort_list_dtype": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); asc.mrg_sort(h, asc.MrgSortSrcList(asc.float32, a, b), [16, 16, 0, 0], [0, 0, 0, 0], 3, 1)",
        "TypeError: MrgSortSrcList: src1 has data type float16 but the list is of float32",
    ),
    "mrg_sort_dst_dtype": (
        "asc.mrg_sort(g32, asc.MrgSortSrcList(asc.float16, a, b), [16, 16, 0, 0], [0, 0, 0, 0], 3, 1)",
        "TypeError: mrg_sort: sort_list is of float16 but dst is float32; mrg_sort works on one data type",
    ),
    "mrg_sort_src4_without_src3": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); asc.mrg_sort(h, asc.MrgSortSrcList(asc.float16, a, b, None, c), [16, 16, 0, 0], [0, 0, 0, 0], 3, 1)",
        "ValueError: MrgSortSrcList: src4 is given without src3",
    ),
    "mrg_sort_queue_misaligned": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); asc.mrg_sort(h, asc.MrgSortSrcList(asc.float16, a, b[2:]), [16, 16, 0, 0], [0, 0, 0, 0], 3, 1)",
        "ValueError: mrg_sort: sort_list.src2 starts 4 bytes past an 8-byte boundary; MrgSort reads queues of 8-byte structures from 8-byte aligned addresses",
    ),
    "mrg_sort_params_not_info": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); asc.mrg_sort(h, asc.MrgSortSrcList(asc.float16, a, b), 5)",
        "TypeError: mrg_sort(): no form takes (LocalTensor, MrgSortSrcList, int); the forms are:\n  mrg_sort(dst, sort_list, element_count_list: List[int], sorted_num: List[int], valid_bit: int, repeat_time: int, is_exhausted_suspension: bool = False)\n  mrg_sort(dst, sort_list, params: MrgSort4Info)",
    ),
    "mrg_sort4_info_two_lengths": (
        "info = asc.MrgSort4Info([16, 16])",
        "ValueError: MrgSort4Info: element_lengths has 4 queue lengths, got 2",
    ),
    "mrg_sort4_info_valid_bit": (
        "info = asc.MrgSort4Info([16, 16, 16, 16], valid_bit=1)",
        "ValueError: MrgSort4Info: valid_bit 1 is not 3, 7 or 15 (the first 2, 3 or 4 queues)",
    ),
    "mrg_sort4_info_suspension_int": (
        "info = asc.MrgSort4Info([16, 16, 16, 16], 1)",
        "TypeError: MrgSort4Info: if_exhausted_suspension must be a bool, got the int 1",
    ),
    "mrg_sort4_info_repeat_256": (
        "info = asc.MrgSort4Info([16, 16, 16, 16], repeat_times=256)",
        "ValueError: MrgSort4Info: repeat_times 256 is outside [0, 255]",
    ),
    "mrg_sort4_dst_misaligned": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); info = asc.MrgSort4Info([16, 16, 0, 0], valid_bit=3); asc.mrg_sort4(h[4:], asc.MrgSortSrcList(asc.float16, a, b), info)",
        "ValueError: mrg_sort4: dst starts 8 bytes past a 16-byte boundary; MrgSort4 takes 16-byte aligned float16 proposals",
    ),
    "proposal_mode_6": (
        "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512); asc.proposal_concat(h, a, 1, 6)",
        "ValueError: proposal_concat: mode_number 6 is outside [0, 5]",
    ),
    "rp_sort16_int16": (
        "asc.rp_sort16(i16, i16, 1)",
        "TypeError: rp_sort16: src has data type int16; rp_sort16 supports float16, float32",
    ),
    "get_sort_len_int_dtype": (
        "r = asc.get_sort_len(8, asc.int32)",
        "TypeError: get_sort_len: dtype must be asc.float16 or asc.float32, got int32",
    ),
    "get_sort_offset_float": (
        "r = asc.get_sort_offset(1.5)",
        "TypeError: get_sort_offset: elem_offset must be an integer, got the float 1.5",
    ),
    "to_float_of_a_float": (
        "r = asc.to_float(f)",
        "TypeError: to_float: value must be a runtime bfloat16 value (CANN's ToFloat(const bfloat16_t&)), got "
        "a runtime float32 value",
    ),
    "to_float_of_a_python_number": (
        "r = asc.to_float(1.5)",
        "TypeError: to_float: value must be a runtime bfloat16 value (CANN's ToFloat(const bfloat16_t&)), got "
        "the float 1.5",
    ),
    "scalar_cast_int64": (
        "r = asc.scalar_cast(f, asc.int64, asc.RoundMode.CAST_RINT)",
        "TypeError: Unsupported target dtype: int64",
    ),
    "scalar_cast_half_rint": (
        "r = asc.scalar_cast(f, asc.float16, asc.RoundMode.CAST_RINT)",
        "ValueError: scalar_cast: float32 to float16 rounds with CAST_ODD, not CAST_RINT",
    ),
    "scalar_cast_int32_trunc": (
        "r = asc.scalar_cast(f, asc.int32, asc.RoundMode.CAST_TRUNC)",
        "ValueError: scalar_cast: float32 to int32 rounds with CAST_ROUND, CAST_CEIL, CAST_FLOOR, CAST_RINT, not CAST_TRUNC",
    ),
    "scalar_cast_mode_int": (
        "r = asc.scalar_cast(f, asc.int32, 1)",
        "TypeError: scalar_cast: round_mode must be an asc.RoundMode, got the int 1",
    ),
    "scalar_get_sff_value_runtime_count": (
        "r = asc.scalar_get_sff_value(n, n)",
        "TypeError: count_value must be a Python int (compile-time constant).",
    ),
    "scalar_get_count_of_value_2": (
        "r = asc.scalar_get_count_of_value(n, 2)",
        "ValueError: count_value must be 0 or 1.",
    ),
    "scalar_count_leading_zero_negative": (
        "r = asc.scalar_count_leading_zero(-1)",
        "ValueError: scalar_count_leading_zero: value_in -1 does not fit uint64",
    ),
    "count_bits_float": (
        "r = asc.count_bits_cnt_same_as_sign_bit(1.5)",
        "TypeError: count_bits_cnt_same_as_sign_bit: value_in must be an integer, got the float 1.5",
    ),
}


@pytest.mark.parametrize("name", sorted(EMITS))
def test_emits(tmp_path: Path, name: str) -> None:
    statement, cpp = EMITS[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", asc.AscxWarning)
        assert snippet_lines(tmp_path, statement) == cpp


@pytest.mark.parametrize("name", sorted(REJECTS))
def test_rejects(tmp_path: Path, name: str) -> None:
    statement, message = REJECTS[name]
    error, line = snippet_error(tmp_path, statement)
    assert error.message == message
    assert error.location is not None
    assert error.location.line == line


@pytest.mark.parametrize(
    ("statement", "hint"),
    [
        ("r = asc.to_float(f)", "convert other types with asc.scalar_cast or a numeric cast"),
        ("r = asc.to_float(1.5)", "a Python number is a float already: use it as it is"),
    ],
)
def test_to_float_hints(tmp_path: Path, statement: str, hint: str) -> None:
    error, _ = snippet_error(tmp_path, statement)
    assert error.hints == [hint]


A2_UNSUPPORTED = {
    "rp_sort16": ("asc.rp_sort16(h, a, 2)", "RpSort16"),
    "proposal_concat": ("asc.proposal_concat(h, a, 2, 4)", "ProposalConcat"),
    "proposal_extract": ("asc.proposal_extract(c, h, 2, 4)", "ProposalExtract"),
    "mrg_sort4": (
        "asc.mrg_sort4(h, asc.MrgSortSrcList(asc.float16, a, b), asc.MrgSort4Info([16, 16, 0, 0], valid_bit=3))",
        "MrgSort4",
    ),
}


@pytest.mark.parametrize("name", sorted(A2_UNSUPPORTED))
def test_region_proposal_apis_warn_that_the_910b_rejects_them(tmp_path: Path, name: str) -> None:
    """CANN compiles these four for the Ascend 910B family and fails when they run: a located warning."""
    statement, cpp = A2_UNSUPPORTED[name]
    declare = "h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 16384, 512)\n    "
    module = load_kernel_source(tmp_path, SNIPPET_KERNEL.format(statement=declare + statement))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module.k.compile(*SNIPPET_ARGS)
    found = [w for w in caught if issubclass(w.category, asc.AscxWarning) and str(w.message).startswith(f"{name}:")]
    assert [str(w.message) for w in found] == [
        f"{name}: CANN supports {cpp} on the Atlas inference and training products only; on the Ascend 910B "
        f"family it compiles and fails when it runs (the CPU emulation runs {cpp} as documented)"
    ]
    assert found[0].filename == module.__file__
    assert found[0].lineno == line_of(module, "# the statement under test")
