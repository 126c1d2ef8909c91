"""The vector op families (``add`` ... ``select``): the exact C++ of every call form, and every check
with its exact message at the call's line.

Each statement runs in ``ascx.testing.snippets.SNIPPET_KERNEL``: ``a``/``b`` are float16 VECIN
tensors, ``c`` a float16 VECOUT tensor, ``g32``/``i16``/``m8`` float32/int16/uint8 VECCALC
tensors, ``n`` a runtime int32 and ``f`` a runtime float32.  pyasc 1.1.1 emits the same calls
(``../shared/tools/pyasc-ref emit``), with its own constant names and two differences: a mask form
spells ``isSetMask`` ``true``/``false`` where pyasc writes ``1``/``0``, and the ``Compare``/``Select``
mask forms without ``isSetMask`` name their template arguments (pyasc cannot express them).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ascx.testing.snippets import snippet_error, snippet_lines

EMITS: dict[str, tuple[str, list[str]]] = {
    "create_vec_index_count": (
        "asc.create_vec_index(i16, 0, 256)",
        ["AscendC::CreateVecIndex<int16_t>(i16, 0, 256);"],
    ),
    "create_vec_index_mask": (
        "asc.create_vec_index(g32, f, 64, 2, 1, 8)",
        ["AscendC::CreateVecIndex<float>(g32, f, 64, 2, 1, 8);"],
    ),
    "create_vec_index_mask_list_runtime_first": (
        "asc.create_vec_index(c, n, [n, 0], 1, 1, 8)",
        [
            "half v = static_cast<half>(n);",
            "uint64_t mask[] = {static_cast<uint64_t>(n), 0};",
            "AscendC::CreateVecIndex<half>(c, v, mask, 1, 1, 8);",
        ],
    ),
    "add_count": (
        "asc.add(c, a, b, 256)",
        ["AscendC::Add(c, a, b, 256);"],
    ),
    "sub_count_runtime": (
        "asc.sub(c, a, b, count=n)",
        ["AscendC::Sub(c, a, b, n);"],
    ),
    "add_count_ignores_set_mask": (
        "asc.add(c, a, b, 256, False)",
        ["AscendC::Add(c, a, b, 256);"],
    ),
    "add_mask": (
        "asc.add(c, a, b, 128, 2, asc.BinaryRepeatParams())",
        ["AscendC::BinaryRepeatParams v{1, 1, 1, 8, 8, 8};", "AscendC::Add<half, true>(c, a, b, 128, 2, v);"],
    ),
    "add_mask_no_set_mask": (
        "asc.add(c, a, b, 128, 2, asc.BinaryRepeatParams(1, 1, 1, 8, 8, 8), False)",
        ["AscendC::BinaryRepeatParams v{1, 1, 1, 8, 8, 8};", "AscendC::Add<half, false>(c, a, b, 128, 2, v);"],
    ),
    "mul_mask_keywords": (
        "asc.mul(c, a, b, mask=n, repeat_times=1, repeat_params=asc.BinaryRepeatParams(1, 2, 3, 4, 5, 6), is_set_mask=True)",
        ["AscendC::BinaryRepeatParams v{1, 2, 3, 4, 5, 6};", "AscendC::Mul<half, true>(c, a, b, n, 1, v);"],
    ),
    "sub_mask_list": (
        "asc.sub(c, a, b, [0xFFFFFFFFFFFFFFFF, 0xFFFF], 2, asc.BinaryRepeatParams())",
        [
            "AscendC::BinaryRepeatParams v{1, 1, 1, 8, 8, 8};",
            "uint64_t mask[] = {18446744073709551615ULL, 65535};",
            "AscendC::Sub<half, true>(c, a, b, mask, 2, v);",
        ],
    ),
    "sub_mask_list_runtime": (
        "asc.sub(c, a, b, [n, 0], 2, asc.BinaryRepeatParams(), False)",
        [
            "AscendC::BinaryRepeatParams v{1, 1, 1, 8, 8, 8};",
            "uint64_t mask[] = {static_cast<uint64_t>(n), 0};",
            "AscendC::Sub<half, false>(c, a, b, mask, 2, v);",
        ],
    ),
    "div": (
        "asc.div(c, a, b, 128)",
        ["AscendC::Div(c, a, b, 128);"],
    ),
    "max": (
        "asc.max(c, a, b, 128)",
        ["AscendC::Max(c, a, b, 128);"],
    ),
    "min": (
        "asc.min(c, a, b, 128)",
        ["AscendC::Min(c, a, b, 128);"],
    ),
    "bitwise_and": (
        "asc.bitwise_and(i16, i16, i16, 256)",
        ["AscendC::And(i16, i16, i16, 256);"],
    ),
    "bitwise_or": (
        "asc.bitwise_or(i16, i16, i16, 256)",
        ["AscendC::Or(i16, i16, i16, 256);"],
    ),
    "adds": (
        "asc.adds(c, a, 2.0, 256)",
        ["AscendC::Adds<half, true>(c, a, half(2.0), 256);"],
    ),
    "muls_runtime_count": (
        "asc.muls(c, a, 0.5, count=n)",
        ["AscendC::Muls<half, true>(c, a, half(0.5), n);"],
    ),
    "maxs_int_scalar": (
        "asc.maxs(c, a, 0, 128)",
        ["AscendC::Maxs<half, true>(c, a, half(0.0), 128);"],
    ),
    "mins_runtime_scalar": (
        "asc.mins(c, a, f, 128)",
        ["half v = static_cast<half>(f);", "AscendC::Mins<half, true>(c, a, v, 128);"],
    ),
    "leaky_relu": (
        "asc.leaky_relu(c, a, 0.1, count=256)",
        ["AscendC::LeakyRelu<half, true>(c, a, half(0.0999755859375), 256);"],
    ),
    "adds_no_set_mask": (
        "asc.adds(c, a, 1, 256, False)",
        ["AscendC::Adds<half, false>(c, a, half(1.0), 256);"],
    ),
    "adds_float32_int_scalar": (
        "asc.adds(g32, g32, n, 128)",
        ["float v = static_cast<float>(n);", "AscendC::Adds<float, true>(g32, g32, v, 128);"],
    ),
    "muls_int16": (
        "asc.muls(i16, i16, 3, 256)",
        ["AscendC::Muls<int16_t, true>(i16, i16, 3, 256);"],
    ),
    "adds_mask": (
        "asc.adds(c, a, 2.0, 128, 2, asc.UnaryRepeatParams())",
        ["AscendC::UnaryRepeatParams v{1, 1, 8, 8};", "AscendC::Adds<half, true>(c, a, half(2.0), 128, 2, v);"],
    ),
    "maxs_mask_list": (
        "asc.maxs(c, a, 2.0, [n, 0], 2, asc.UnaryRepeatParams(2, 3, 4, 5))",
        [
            "AscendC::UnaryRepeatParams v{2, 3, 4, 5};",
            "uint64_t mask[] = {static_cast<uint64_t>(n), 0};",
            "AscendC::Maxs<half, true>(c, a, half(2.0), mask, 2, v);",
        ],
    ),
    "abs": (
        "asc.abs(c, a, 256)",
        ["AscendC::Abs(c, a, 256);"],
    ),
    "exp_runtime_count": (
        "asc.exp(c, a, count=n)",
        ["AscendC::Exp(c, a, n);"],
    ),
    "ln": (
        "asc.ln(c, a, 256)",
        ["AscendC::Ln(c, a, 256);"],
    ),
    "sqrt": (
        "asc.sqrt(c, a, 256)",
        ["AscendC::Sqrt(c, a, 256);"],
    ),
    "rsqrt": (
        "asc.rsqrt(c, a, 256)",
        ["AscendC::Rsqrt(c, a, 256);"],
    ),
    "reciprocal": (
        "asc.reciprocal(c, a, 256)",
        ["AscendC::Reciprocal(c, a, 256);"],
    ),
    "relu": (
        "asc.relu(c, a, 256)",
        ["AscendC::Relu(c, a, 256);"],
    ),
    "bitwise_not": (
        "asc.bitwise_not(i16, i16, 256)",
        ["AscendC::Not(i16, i16, 256);"],
    ),
    "exp_mask": (
        "asc.exp(c, a, 128, 2, asc.UnaryRepeatParams())",
        ["AscendC::UnaryRepeatParams v{1, 1, 8, 8};", "AscendC::Exp<half, true>(c, a, 128, 2, v);"],
    ),
    "abs_mask_no_set_mask": (
        "asc.abs(c, a, 128, 2, asc.UnaryRepeatParams(), False)",
        ["AscendC::UnaryRepeatParams v{1, 1, 8, 8};", "AscendC::Abs<half, false>(c, a, 128, 2, v);"],
    ),
    "relu_mask_list": (
        "asc.relu(c, a, [n, 0], 2, asc.UnaryRepeatParams())",
        [
            "AscendC::UnaryRepeatParams v{1, 1, 8, 8};",
            "uint64_t mask[] = {static_cast<uint64_t>(n), 0};",
            "AscendC::Relu<half, true>(c, a, mask, 2, v);",
        ],
    ),
    "cast_up": (
        "asc.cast(g32, a, asc.RoundMode.CAST_NONE, 256)",
        ["AscendC::Cast<float, half>(g32, a, AscendC::RoundMode::CAST_NONE, 256);"],
    ),
    "cast_down_runtime": (
        "asc.cast(c, g32, asc.RoundMode.CAST_RINT, count=n)",
        ["AscendC::Cast<half, float>(c, g32, AscendC::RoundMode::CAST_RINT, n);"],
    ),
    "cast_mask": (
        "asc.cast(g32, a, asc.RoundMode.CAST_FLOOR, 64, 4, asc.UnaryRepeatParams(1, 1, 8, 4))",
        [
            "AscendC::UnaryRepeatParams v{1, 1, 8, 4};",
            "AscendC::Cast<float, half, true>(g32, a, AscendC::RoundMode::CAST_FLOOR, 64, 4, v);",
        ],
    ),
    "cast_mask_list": (
        "asc.cast(g32, a, asc.RoundMode.CAST_TRUNC, [n, 0], 4, asc.UnaryRepeatParams(1, 1, 8, 4), False)",
        [
            "AscendC::UnaryRepeatParams v{1, 1, 8, 4};",
            "uint64_t mask[] = {static_cast<uint64_t>(n), 0};",
            "AscendC::Cast<float, half, false>(g32, a, AscendC::RoundMode::CAST_TRUNC, mask, 4, v);",
        ],
    ),
    "duplicate": (
        "asc.duplicate(c, 1.5, 256)",
        ["AscendC::Duplicate(c, half(1.5), 256);"],
    ),
    "duplicate_runtime_count": (
        "asc.duplicate(g32, 0, count=n)",
        ["AscendC::Duplicate(g32, 0.0f, n);"],
    ),
    "duplicate_runtime_scalar": (
        "asc.duplicate(g32, f, 256)",
        ["AscendC::Duplicate(g32, f, 256);"],
    ),
    "duplicate_int16_runtime": (
        "asc.duplicate(i16, n, 256)",
        ["int16_t v = static_cast<int16_t>(n);", "AscendC::Duplicate(i16, v, 256);"],
    ),
    "duplicate_int16_literal": (
        # Duplicate(const LocalTensor<T>&, const T&, const int32_t&): an int literal deduces T = int.
        "asc.duplicate(i16, 0, 256)",
        ["AscendC::Duplicate<int16_t>(i16, 0, 256);"],
    ),
    "duplicate_mask": (
        "asc.duplicate(c, 2.0, 128, 2, 1, 8)",
        ["AscendC::Duplicate<half, true>(c, half(2.0), 128, 2, 1, 8);"],
    ),
    "duplicate_mask_list": (
        "asc.duplicate(c, 2.0, [n, 0], 2, 1, 8, False)",
        [
            "uint64_t mask[] = {static_cast<uint64_t>(n), 0};",
            "AscendC::Duplicate<half, false>(c, half(2.0), mask, 2, 1, 8);",
        ],
    ),
    "reduce_sum": (
        "asc.reduce_sum(c, a, b, 256)",
        ["AscendC::ReduceSum(c, a, b, 256);"],
    ),
    "reduce_max": (
        "asc.reduce_max(c, a, b, 256)",
        ["AscendC::ReduceMax(c, a, b, 256, false);"],
    ),
    "reduce_min_runtime": (
        "asc.reduce_min(c, a, b, count=n)",
        ["AscendC::ReduceMin(c, a, b, n, false);"],
    ),
    "reduce_max_index": (
        "asc.reduce_max(c, a, b, 256, True)",
        ["AscendC::ReduceMax(c, a, b, 256, true);"],
    ),
    "reduce_sum_mask": (
        "asc.reduce_sum(c, a, b, 128, 2, 8)",
        ["AscendC::ReduceSum(c, a, b, 128, 2, 8);"],
    ),
    "reduce_max_mask_index": (
        "asc.reduce_max(c, a, b, 128, 2, 8, True)",
        ["AscendC::ReduceMax(c, a, b, 128, 2, 8, true);"],
    ),
    "reduce_min_mask_list": (
        "asc.reduce_min(c, a, b, [n, 0], 2, 8)",
        ["uint64_t mask[] = {static_cast<uint64_t>(n), 0};", "AscendC::ReduceMin(c, a, b, mask, 2, 8, false);"],
    ),
    "compare": (
        "asc.compare(m8, a, b, asc.CMPMODE.LT, 256)",
        ["AscendC::Compare(m8, a, b, AscendC::CMPMODE::LT, 256);"],
    ),
    "compare_runtime": (
        "asc.compare(m8, a, b, asc.CMPMODE.GT, count=n)",
        ["AscendC::Compare(m8, a, b, AscendC::CMPMODE::GT, n);"],
    ),
    "compare_ne": (
        "asc.compare(m8, a, b, asc.CMPMODE.NE, 256)",
        ["AscendC::Compare(m8, a, b, AscendC::CMPMODE::NE, 256);"],
    ),
    "compare_mask": (
        "asc.compare(m8, a, b, asc.CMPMODE.LE, 128, 2, asc.BinaryRepeatParams())",
        [
            "AscendC::BinaryRepeatParams v{1, 1, 1, 8, 8, 8};",
            "AscendC::Compare(m8, a, b, AscendC::CMPMODE::LE, 128, 2, v);",
        ],
    ),
    "compare_mask_list_no_set_mask": (
        "asc.compare(m8, a, b, asc.CMPMODE.EQ, [n, 0], 2, asc.BinaryRepeatParams(), False)",
        [
            "AscendC::BinaryRepeatParams v{1, 1, 1, 8, 8, 8};",
            "uint64_t mask[] = {static_cast<uint64_t>(n), 0};",
            "AscendC::Compare<half, uint8_t, false>(m8, a, b, AscendC::CMPMODE::EQ, mask, 2, v);",
        ],
    ),
    "compare_scalar": (
        "asc.compare_scalar(m8, a, 1.0, asc.CMPMODE.GE, 256)",
        ["AscendC::CompareScalar(m8, a, half(1.0), AscendC::CMPMODE::GE, 256);"],
    ),
    "compare_scalar_mask": (
        "asc.compare_scalar(m8, a, f, asc.CMPMODE.NE, 128, 2, asc.UnaryRepeatParams())",
        [
            "AscendC::UnaryRepeatParams v{1, 1, 8, 8};",
            "half v_1 = static_cast<half>(f);",
            "AscendC::CompareScalar(m8, a, v_1, AscendC::CMPMODE::NE, 128, 2, v);",
        ],
    ),
    "select_tensors": (
        "asc.select(c, m8, a, b, asc.SelMode.VSEL_TENSOR_TENSOR_MODE, 256)",
        ["AscendC::Select(c, m8, a, b, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, 256);"],
    ),
    "select_scalar": (
        "asc.select(c, m8, a, 1.0, asc.SelMode.VSEL_TENSOR_SCALAR_MODE, count=n)",
        ["AscendC::Select(c, m8, a, half(1.0), AscendC::SELMODE::VSEL_TENSOR_SCALAR_MODE, n);"],
    ),
    "select_mask": (
        "asc.select(c, m8, a, b, asc.SelMode.VSEL_TENSOR_TENSOR_MODE, 128, 2, asc.BinaryRepeatParams())",
        [
            "AscendC::BinaryRepeatParams v{1, 1, 1, 8, 8, 8};",
            "AscendC::Select(c, m8, a, b, AscendC::SELMODE::VSEL_TENSOR_TENSOR_MODE, 128, 2, v);",
        ],
    ),
    "select_mask_list_no_set_mask": (
        "asc.select(c, m8, a, b, asc.SelMode.VSEL_CMPMASK_SPR, [0xFF, 0], 2, asc.BinaryRepeatParams(), False)",
        [
            "AscendC::BinaryRepeatParams v{1, 1, 1, 8, 8, 8};",
            "uint64_t mask[] = {255, 0};",
            "AscendC::Select<half, uint8_t, false>(c, m8, a, b, AscendC::SELMODE::VSEL_CMPMASK_SPR, mask, 2, v);",
        ],
    ),
}

REJECTS: dict[str, tuple[str, str]] = {
    "global_tensor_operand": (
        "asc.add(c, a, xg, 256)",
        "TypeError: add: src1 is a GlobalTensor, but vector ops work on LocalTensors in the unified buffer",
    ),
    "float_count": (
        "asc.add(c, a, b, 1.5)",
        "TypeError: add(): no form takes (LocalTensor, LocalTensor, LocalTensor, float); the forms are:\n  add(dst, src0, src1, mask: int, repeat_times: int, repeat_params: BinaryRepeatParams, is_set_mask: bool = True)\n  add(dst, src0, src1, mask: list[int], repeat_times: int, repeat_params: BinaryRepeatParams, is_set_mask: bool = True)\n  add(dst, src0, src1, count: int, is_set_mask: bool = True)",
    ),
    "dst_type_differs": (
        "asc.add(g32, a, b, 256)",
        "TypeError: Src0, src1 and dst must be same type. (add: src0 float16, src1 float16, dst float32)",
    ),
    "src_types_differ": (
        "asc.add(c, a, g32, 256)",
        "TypeError: Src0 and src1 must be same type. (add: src0 float16, src1 float32)",
    ),
    "add_uint8": (
        "asc.add(m8, m8, m8, 256)",
        "TypeError: Invalid dst data type, got uint8, expect {'src': ['float16', 'float32', 'int16', 'int32'], 'dst': ['float16', 'float32', 'int16', 'int32']}",
    ),
    "div_int16": (
        "asc.div(i16, i16, i16, 256)",
        "TypeError: Invalid dst data type, got int16, expect {'src': ['float16', 'float32'], 'dst': ['float16', 'float32']}",
    ),
    "bitwise_and_float": (
        "asc.bitwise_and(c, a, b, 256)",
        "TypeError: Invalid dst data type, got float16, expect {'src': ['int16', 'uint16'], 'dst': ['int16', 'uint16']}",
    ),
    "unary_count_has_no_set_mask": (
        "asc.abs(c, a, 256, False)",
        "TypeError: abs(): no form takes (LocalTensor, LocalTensor, int, bool); the forms are:\n  abs(dst, src, mask: int, repeat_times: int, repeat_params: UnaryRepeatParams, is_set_mask: bool = True)\n  abs(dst, src, mask: list[int], repeat_times: int, repeat_params: UnaryRepeatParams, is_set_mask: bool = True)\n  abs(dst, src, count: int)",
    ),
    "exp_int16": (
        "asc.exp(i16, i16, 256)",
        "TypeError: exp: src has data type int16; exp supports float16, float32",
    ),
    "unary_types_differ": (
        "asc.exp(c, g32, 256)",
        "TypeError: Src and dst must be same type. (exp: src float32, dst float16)",
    ),
    "adds_extra_argument": (
        "asc.adds(c, a, 1.5, 256, 7)",
        "TypeError: adds(): no form takes (LocalTensor, LocalTensor, float, int, int); the forms are:\n  adds(dst, src, scalar: int | float, mask: int, repeat_times: int, repeat_params: UnaryRepeatParams, is_set_mask: bool = True)\n  adds(dst, src, scalar: int | float, mask: list[int], repeat_times: int, repeat_params: UnaryRepeatParams, is_set_mask: bool = True)\n  adds(dst, src, scalar: int | float, count: int, is_set_mask: bool = True)",
    ),
    "muls_float_scalar_on_int": (
        "asc.muls(i16, i16, 3.7, 256)",
        "TypeError: muls: scalar 3.7 must be an integer: the tensor's data type is int16",
    ),
    "leaky_relu_int16": (
        "asc.leaky_relu(i16, i16, 1, 256)",
        "TypeError: leaky_relu: src has data type int16; leaky_relu supports float16, float32",
    ),
    "cast_same_type": (
        "asc.cast(c, a, asc.RoundMode.CAST_NONE, 256)",
        "ValueError: cast: dst and src are both float16; Cast converts between data types",
    ),
    "cast_int_round_mode": (
        "asc.cast(g32, a, 1, 256)",
        "TypeError: cast: round_mode must be an asc.RoundMode, got the int 1",
    ),
    "create_vec_index_uint8": (
        "asc.create_vec_index(m8, 0, 256)",
        "TypeError: create_vec_index: dst has data type uint8; create_vec_index supports float16, int16, float32, int32",
    ),
    "create_vec_index_beyond_int16": (
        "asc.create_vec_index(i16, 32760, 128)",
        "ValueError: create_vec_index: the values run from 32760 to 32887, beyond the range of int16",
    ),
    "create_vec_index_global": (
        "asc.create_vec_index(xg, 0, 256)",
        "TypeError: create_vec_index: dst is a GlobalTensor, but vector ops work on LocalTensors in the unified buffer",
    ),
    "create_vec_index_unaligned": (
        "t = asc.LocalTensor(asc.int16, asc.TPosition.VECCALC, 16, 64); asc.create_vec_index(t, 0, 64)",
        "ValueError: create_vec_index: dst starts at byte 16 of the unified buffer, which is not 32-byte aligned",
    ),
    "create_vec_index_no_form": (
        "asc.create_vec_index(i16, 0, 128, 2)",
        "TypeError: create_vec_index(): no form takes (LocalTensor, int, int, int); the forms are:\n"
        "  create_vec_index(dst, first_value: int | float, mask: int, repeat_time: int, dst_blk_stride: int, "
        "dst_rep_stride: int)\n"
        "  create_vec_index(dst, first_value: int | float, mask: list[int], repeat_time: int, dst_blk_stride: int, "
        "dst_rep_stride: int)\n"
        "  create_vec_index(dst, first_value: int | float, count: int)",
    ),
    "duplicate_uint8": (
        "asc.duplicate(m8, 1, 256)",
        "TypeError: duplicate: dst has data type uint8; duplicate supports float16, float32, int16, uint16, int32, uint32",
    ),
    "reduce_tmp_type": (
        "asc.reduce_sum(c, a, g32, 256)",
        "TypeError: Src, dst and shared_tmp_buffer must be same type. (reduce_sum: src float16, dst float16, "
        "shared_tmp_buffer float32)",
    ),
    "reduce_int16": (
        "asc.reduce_sum(i16, i16, i16, 256)",
        "TypeError: reduce_sum: src has data type int16; reduce_sum supports float16, float32",
    ),
    "reduce_sum_has_no_index": (
        "asc.reduce_sum(c, a, b, 256, True)",
        "TypeError: reduce_sum(): no form takes (LocalTensor, LocalTensor, LocalTensor, int, bool); the forms are:\n  reduce_sum(dst, src, shared_tmp_buffer, mask: int, repeat_time: int, src_rep_stride: int)\n  reduce_sum(dst, src, shared_tmp_buffer, mask: list[int], repeat_time: int, src_rep_stride: int)\n  reduce_sum(dst, src, shared_tmp_buffer, count: int)",
    ),
    "compare_dst_not_uint8": (
        "asc.compare(c, a, b, asc.CMPMODE.LT, 256)",
        "TypeError: compare: dst holds one bit per element and must be uint8, got float16",
    ),
    "compare_int_mode": (
        "asc.compare(m8, a, b, 3, 256)",
        "TypeError: compare: cmp_mode must be an asc.CMPMODE, got the int 3",
    ),
    "select_float_mask": (
        "asc.select(c, a, a, b, asc.SelMode.VSEL_TENSOR_TENSOR_MODE, 256)",
        "TypeError: select: sel_mask must be an unsigned integer tensor (uint8 ... uint64), got float16",
    ),
    "select_int_mode": (
        "asc.select(c, m8, a, b, 2, 256)",
        "TypeError: select: sel_mode must be an asc.SelMode, got the int 2",
    ),
    "zero_count": (
        "asc.add(c, a, b, 0)",
        "ValueError: add: count must be positive, got 0",
    ),
    "repeat_too_large": (
        "asc.add(c, a, b, 128, 300, asc.BinaryRepeatParams())",
        "ValueError: add: repeat_times 300 does not fit uint8",
    ),
    "wrong_repeat_params": (
        "asc.add(c, a, b, 128, 2, asc.UnaryRepeatParams())",
        "TypeError: add(): no form takes (LocalTensor, LocalTensor, LocalTensor, int, int, UnaryRepeatParams); the forms are:\n  add(dst, src0, src1, mask: int, repeat_times: int, repeat_params: BinaryRepeatParams, is_set_mask: bool = True)\n  add(dst, src0, src1, mask: list[int], repeat_times: int, repeat_params: BinaryRepeatParams, is_set_mask: bool = True)\n  add(dst, src0, src1, count: int, is_set_mask: bool = True)",
    ),
    "three_word_mask": (
        "asc.add(c, a, b, [1, 2, 3], 2, asc.BinaryRepeatParams())",
        "TypeError: add(): no form takes (LocalTensor, LocalTensor, LocalTensor, list[int, int, int], int, BinaryRepeatParams); the forms are:\n  add(dst, src0, src1, mask: int, repeat_times: int, repeat_params: BinaryRepeatParams, is_set_mask: bool = True)\n  add(dst, src0, src1, mask: list[int], repeat_times: int, repeat_params: BinaryRepeatParams, is_set_mask: bool = True)\n  add(dst, src0, src1, count: int, is_set_mask: bool = True)",
    ),
    "tensor_outside_ub": (
        "t = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256); asc.add(t, a, b, 256)",
        "ValueError: add: dst is at position A1, but vector ops work on the unified buffer (VECIN, VECOUT, VECCALC)",
    ),
}


@pytest.mark.parametrize("name", sorted(EMITS))
def test_emits(tmp_path: Path, name: str) -> None:
    statement, cpp = EMITS[name]
    assert snippet_lines(tmp_path, statement) == cpp


@pytest.mark.parametrize("name", sorted(REJECTS))
def test_rejects(tmp_path: Path, name: str) -> None:
    statement, message = REJECTS[name]
    error, line = snippet_error(tmp_path, statement)
    assert error.message == message
    assert error.location is not None
    assert error.location.line == line
