"""The cube-level API (``mmad``, ``load_data`` and its forms, ``fixpipe``, the ND/NZ ``data_copy`` forms,
``init_const_value``, the cube settings, AIPP, ``LocalMemAllocator``): the exact C++ of every form, and
every check with its exact message at the call's line (the kernel is ``ascx.testing.cube_snippets``).

The forms and keywords are pyasc 1.1.1's; the C++ is what CANN's headers accept (struct fields in the
constructor's order and types, templated structs with their element type, enumerations by name),
which differs from what pyasc prints in the cases the reference pages list.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from ascx.testing.cube_snippets import cube_snippet_error, cube_snippet_lines, cube_snippet_source

EMITS: dict[str, tuple[str, list[str]]] = {
    "mmad_defaults_zero_init": (
        "asc.mmad(c1, a2, b2, asc.MmadParams(16, 16, 16))",
        ["AscendC::MmadParams v{16, 16, 16, 0, false, true};", "AscendC::Mmad(c1, a2, b2, v);"],
    ),
    "mmad_empty_params": (
        "asc.mmad(c1, a2, b2, asc.MmadParams())",
        ["AscendC::MmadParams v{0, 0, 0, 0, false, true};", "AscendC::Mmad(c1, a2, b2, v);"],
    ),
    "mmad_unit_flag_accumulate_runtime_n": (
        "asc.mmad(c1, a2, b2, params=asc.MmadParams(m=32, n=n, k=16, unit_flag=3, cmatrix_source=False, cmatrix_init_val=False))",
        ["AscendC::MmadParams v{32, static_cast<uint16_t>(n), 16, 3, false, false};", "AscendC::Mmad(c1, a2, b2, v);"],
    ),
    "mmad_bias_table": (
        "asc.mmad(c1, a2, b2, bias, asc.MmadParams(16, 16, 16, cmatrix_init_val=False))",
        ["AscendC::MmadParams v{16, 16, 16, 0, false, false};", "AscendC::Mmad(c1, a2, b2, bias, v);"],
    ),
    "mmad_legacy_is_bias": (
        "asc.mmad(c1, a2, b2, asc.MmadParams(16, 16, 16, is_bias=True))",
        ["AscendC::MmadParams v{16, 16, 16, true, 0, false, false, false};", "AscendC::Mmad(c1, a2, b2, v);"],
    ),
    "mmad_int8": (
        "asc.mmad(i1, s2, sb2, asc.MmadParams(16, 16, 32))",
        ["AscendC::MmadParams v{16, 16, 32, 0, false, true};", "AscendC::Mmad(i1, s2, sb2, v);"],
    ),
    "mmad_float32": (
        "asc.mmad(c1, f2, fb2, asc.MmadParams(16, 16, 8))",
        ["AscendC::MmadParams v{16, 16, 8, 0, false, true};", "AscendC::Mmad(c1, f2, fb2, v);"],
    ),
    "mmad_with_sparse": (
        "asc.mmad_with_sparse(i1, s2, sb2, asc.MmadParams(m=20, n=20, k=20, is_bias=False, fm_offset=0, en_ssparse=False, en_winograd_a=False, en_winograd_b=False))",
        [
            "AscendC::MmadParams v{20, 20, 20, false, 0, false, false, false};",
            "AscendC::MmadWithSparse(i1, s2, sb2, v);",
        ],
    ),
    "load_data_pyasc_ints_for_bools": (
        "asc.load_data(a2, a1, asc.LoadData2DParams(0, 4, 0, 0, 0, 0, 0))",
        ["AscendC::LoadData2DParams v{0, 4, 0, 0, 0, false, 0};", "AscendC::LoadData(a2, a1, v);"],
    ),
    "load_data_transpose_runtime_repeat": (
        "asc.load_data(b2, b1, asc.LoadData2DParams(repeat_times=n, src_stride=2, if_transpose=True))",
        ["AscendC::LoadData2DParams v{0, static_cast<uint8_t>(n), 2, 0, 0, true, 0};", "AscendC::LoadData(b2, b1, v);"],
    ),
    "load_data_gm_to_l0a": (
        "asc.load_data(a2, xg, asc.LoadData2DParams(1, 2))",
        ["AscendC::LoadData2DParams v{1, 2, 0, 0, 0, false, 0};", "AscendC::LoadData(a2, xg, v);"],
    ),
    "load_data_gm_to_l1_decreasing": (
        "asc.load_data(a1, xg, asc.LoadData2DParams(6, 4, 2, addr_mode=1))",
        ["AscendC::LoadData2DParams v{6, 4, 2, 0, 0, false, 1};", "AscendC::LoadData(a1, xg, v);"],
    ),
    "load_data_3d_v2": (
        "asc.load_data(a2, a1, asc.LoadData3DParamsV2((0, 0, 0, 0), 16, 16, 16, 16, 16, 0, 0, 1, 1, 3, 3, 1, 1, False, 0, False, False, False))",
        [
            "uint8_t pad_list[4] = {0, 0, 0, 0};",
            "AscendC::LoadData3DParamsV2<half> v{pad_list, 16, 16, 16, 16, 16, 0, 0, 1, 1, 3, 3, 1, 1, false, false, half(0.0), false, false, false};",
            "AscendC::LoadData(a2, a1, v);",
        ],
    ),
    "load_data_3d_v2_pro": (
        "asc.load_data(a2, a1, asc.LoadData3DParamsV2Pro(16, False, False, False, False, False, 0, 0x10101010101))",
        [
            "AscendC::LoadData3DParamsV2Pro v{16, false, false, false, false, false, 0, 1103823438081};",
            "AscendC::LoadData(a2, a1, v);",
        ],
    ),
    "load_data_with_transpose": (
        "asc.load_data_with_transpose(b2, b1, asc.LoadData2dTransposeParams(0, 4, 1, 0, 0, 0))",
        ["AscendC::LoadData2dTransposeParams v{0, 4, 1, 0, 0, 0};", "AscendC::LoadDataWithTranspose(b2, b1, v);"],
    ),
    "load_data_with_sparse": (
        "sb1 = asc.LocalTensor(asc.int8, asc.TPosition.B1, 45056, 1024); "
        "asc.load_data_with_sparse(sb2, sb1, idx, asc.LoadData2DParams(0, 2, 1))",
        [
            "AscendC::LocalTensor<int8_t> sb1(AscendC::TPosition::B1, 45056, 1024);",
            "AscendC::LoadData2DParams v{0, 2, 1, 0, 0, false, 0};",
            "AscendC::LoadDataWithSparse(sb2, sb1, idx, v);",
        ],
    ),
    "init_const_value_literal_takes_tensor_type": (
        "asc.init_const_value(a1, asc.InitConstValueParams(repeat_times=1, block_num=2, dst_gap=0, init_value=3))",
        ["AscendC::InitConstValueParams<half> v{1, 2, 0, half(3.0)};", "AscendC::InitConstValue(a1, v);"],
    ),
    "init_const_value_runtime_float": (
        "asc.init_const_value(f2, asc.InitConstValueParams(1, 2, 0, f))",
        ["AscendC::InitConstValueParams<float> v{1, 2, 0, f};", "AscendC::InitConstValue(f2, v);"],
    ),
    "set_load_data_boundary": (
        "asc.set_load_data_boundary(1024)",
        ["AscendC::SetLoadDataBoundary(1024);"],
    ),
    "set_load_data_padding_value_int": (
        "asc.set_load_data_padding_value(10)",
        ["AscendC::SetLoadDataPaddingValue(10);"],
    ),
    "set_load_data_padding_value_float": (
        "asc.set_load_data_padding_value(2.0)",
        ["AscendC::SetLoadDataPaddingValue(2.0f);"],
    ),
    "set_load_data_repeat_constructor_order": (
        "asc.set_load_data_repeat(asc.LoadDataRepeatParam(repeat_time=4, repeat_stride=8, repeat_mode=0))",
        ["AscendC::LoadDataRepeatParam v{8, 4, 0};", "AscendC::SetLoadDataRepeat(v);"],
    ),
    "fixpipe_f322f16_row_major": (
        "asc.fixpipe(yg, c1, asc.FixpipeParamsV220(16, 16, 16, 16, asc.QuantModes.F322F16))",
        [
            "AscendC::FixpipeParamsV220 v{16, 16, 16, 16, false, QuantMode_t::F322F16, 0, 1, 0, 0, 0, false};",
            "AscendC::Fixpipe<half, float, AscendC::CFG_ROW_MAJOR>(yg, c1, v);",
        ],
    ),
    "fixpipe_nz_relu_keywords": (
        "asc.fixpipe(zg, c1, asc.FixpipeParamsV220(n_size=32, m_size=16, src_stride=16, dst_stride=32, relu_en=True), asc.FixpipeConfig.cfg_nz())",
        [
            "AscendC::FixpipeParamsV220 v{32, 16, 16, 32, true, QuantMode_t::NoQuant, 0, 1, 0, 0, 0, false};",
            "AscendC::Fixpipe<float, float, AscendC::CFG_NZ>(zg, c1, v);",
        ],
    ),
    "fixpipe_config_factory_as_pyasc_default": (
        "asc.fixpipe(zg, c1, asc.FixpipeParamsV220(32, 16, 16, 32), config=asc.FixpipeConfig.cfg_nz)",
        [
            "AscendC::FixpipeParamsV220 v{32, 16, 16, 32, false, QuantMode_t::NoQuant, 0, 1, 0, 0, 0, false};",
            "AscendC::Fixpipe<float, float, AscendC::CFG_NZ>(zg, c1, v);",
        ],
    ),
    "fixpipe_cbuf_workspace": (
        "asc.fixpipe(qg, c1, ws, asc.FixpipeParamsV220(16, 16, 16, 16, asc.QuantModes.VQF322B8_PRE))",
        [
            "AscendC::FixpipeParamsV220 v{16, 16, 16, 16, false, QuantMode_t::VQF322B8_PRE, 0, 1, 0, 0, 0, false};",
            "AscendC::Fixpipe<int8_t, float, AscendC::CFG_ROW_MAJOR>(qg, c1, ws, v);",
        ],
    ),
    "fixpipe_to_l1": (
        "asc.fixpipe(f1, c1, asc.FixpipeParamsV220(16, 16, 16, 2))",
        [
            "AscendC::FixpipeParamsV220 v{16, 16, 16, 2, false, QuantMode_t::NoQuant, 0, 1, 0, 0, 0, false};",
            "AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(f1, c1, v);",
        ],
    ),
    "set_fix_pipe_pre_quant_flag": (
        "asc.set_fix_pipe_pre_quant_flag(11)",
        ["AscendC::SetFixpipePreQuantFlag(11);"],
    ),
    "set_hf32_mode": (
        "asc.set_hf32_mode(True)",
        ["AscendC::SetHF32Mode(true);"],
    ),
    "set_hf32_trans_mode": (
        "asc.set_hf32_trans_mode(False)",
        ["AscendC::SetHF32TransMode(false);"],
    ),
    "set_mm_layout_transform_runtime": (
        "asc.set_mm_layout_transform(n > 0)",
        ["bool v = n > 0;", "AscendC::SetMMLayoutTransform(v);"],
    ),
    "set_pad_value_default_max": (
        "asc.set_pad_value(37)",
        ["AscendC::SetPadValue<int32_t, AscendC::TPosition::MAX>(37);"],
    ),
    "set_pad_value_vecin": (
        "asc.set_pad_value(37, asc.TPosition.VECIN)",
        ["AscendC::SetPadValue<int32_t, AscendC::TPosition::VECIN>(37);"],
    ),
    "set_pad_value_runtime_float": (
        "asc.set_pad_value(f, pos=asc.TPosition.VECOUT)",
        ["AscendC::SetPadValue<float, AscendC::TPosition::VECOUT>(f);"],
    ),
    "data_copy_nd2nz_gm_to_l1": (
        "asc.data_copy(a1, xg, asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0))",
        ["AscendC::Nd2NzParams v{1, 32, 32, 0, 32, 32, 1, 0};", "AscendC::DataCopy(a1, xg, v);"],
    ),
    "data_copy_nd2nz_ub_to_tscm": (
        "asc.data_copy(t, u, intri_params=asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0))",
        ["AscendC::Nd2NzParams v{1, 32, 32, 0, 32, 32, 1, 0};", "AscendC::DataCopy(t, u, v);"],
    ),
    "data_copy_pad_nd2nz_ext": (
        "asc.data_copy_pad(t, u, asc.DataCopyExtParams(3, 192, 1, 64, 0), asc.Nd2NzParams(1, 3, 96, 0, 128, 7, 2, 0))",
        [
            "AscendC::DataCopyExtParams v{3, 192, 1, 64, 0};",
            "AscendC::Nd2NzParams v_1{1, 3, 96, 0, 128, 7, 2, 0};",
            "AscendC::DataCopyPad(t, u, v, v_1);",
        ],
    ),
    "data_copy_pad_nd2nz_plain_keywords": (
        "asc.data_copy_pad(t, u, data_copy_params=asc.DataCopyParams(2, 64, 0, 0), "
        "nd2nz_params=asc.Nd2NzParams(1, 2, 32, 0, 32, 2, 1, 0))",
        [
            "AscendC::DataCopyParams v{2, 64, 0, 0};",
            "AscendC::Nd2NzParams v_1{1, 2, 32, 0, 32, 2, 1, 0};",
            "AscendC::DataCopyPad(t, u, v, v_1);",
        ],
    ),
    "data_copy_pad_nd2nz_runtime_rows": (
        "asc.data_copy_pad(t, u, asc.DataCopyExtParams(n, 64, 0, 0, 0), asc.Nd2NzParams(1, n, 32, 0, 32, n, 1, 0))",
        [
            "AscendC::DataCopyExtParams v{static_cast<uint16_t>(n), 64, 0, 0, 0};",
            "AscendC::Nd2NzParams v_1{1, static_cast<uint16_t>(n), 32, 0, 32, static_cast<uint16_t>(n), 1, 0};",
            "AscendC::DataCopyPad(t, u, v, v_1);",
        ],
    ),
    "data_copy_nz2nd_full": (
        "asc.data_copy(yg, u, asc.Nz2NdParamsFull(1, 32, 32, 1, 32, 32, 1))",
        ["AscendC::Nz2NdParamsFull v{1, 32, 32, 1, 32, 32, 1};", "AscendC::DataCopy(yg, u, v);"],
    ),
    "data_copy_co12dst_gm": (
        "asc.data_copy(yg, c1, asc.DataCopyCO12DstParams(16, 16, 16, 16, asc.QuantModes.F322F16, 1, False, True))",
        [
            "AscendC::DataCopyCO12DstParams v{16, 16, 16, 16, QuantMode_t::F322F16, 1, false, true};",
            "AscendC::DataCopy(yg, c1, v);",
        ],
    ),
    "data_copy_co12dst_l1": (
        "asc.data_copy(f1, c1, asc.DataCopyCO12DstParams(16, 16, 2, 16))",
        [
            "AscendC::DataCopyCO12DstParams v{16, 16, 2, 16, QuantMode_t::NoQuant, 0, false, false};",
            "AscendC::DataCopy(f1, c1, v);",
        ],
    ),
    "data_copy_enhanced_defaults": (
        "asc.data_copy(a1, xg, asc.DataCopyParams(1, 8), asc.DataCopyEnhancedParams())",
        [
            "AscendC::DataCopyParams v{1, 8, 0, 0};",
            "AscendC::DataCopyEnhancedParams v_1{AscendC::BlockMode::BLOCK_MODE_NORMAL, AscendC::DeqScale::DEQ_NONE, 0, 0, false, pad_t::PAD_NONE, 0};",
            "AscendC::DataCopy(a1, xg, v, v_1);",
        ],
    ),
    "data_copy_enhanced_all_enums": (
        "asc.data_copy(u, xg, asc.DataCopyParams(1, 8), enhanced_params=asc.DataCopyEnhancedParams(asc.BlockMode.BLOCK_MODE_MATRIX, asc.DeqScale.DEQ8, 3, 0, True, asc.pad_t.PAD_MODE2, 0))",
        [
            "AscendC::DataCopyParams v{1, 8, 0, 0};",
            "AscendC::DataCopyEnhancedParams v_1{AscendC::BlockMode::BLOCK_MODE_MATRIX, AscendC::DeqScale::DEQ8, 3, 0, true, pad_t::PAD_MODE2, 0};",
            "AscendC::DataCopy(u, xg, v, v_1);",
        ],
    ),
    "local_mem_allocator_l1": (
        "l1 = asc.LocalMemAllocator(asc.Hardware.L1); t1 = l1.alloc(asc.TPosition.A1, asc.float16, 512); t2 = l1.alloc(asc.TPosition.B1, asc.float32, n); addr = l1.get_cur_addr()",
        [
            "AscendC::LocalMemAllocator<AscendC::Hardware::L1> l1;",
            "AscendC::LocalTensor<half> t1 = l1.Alloc<AscendC::TPosition::A1, half, 512>();",
            "AscendC::LocalTensor<float> t2 = l1.Alloc<AscendC::TPosition::B1, float>(n);",
            "uint32_t addr = l1.GetCurAddr();",
        ],
    ),
    "local_mem_allocator_ub_default": (
        "ub = asc.LocalMemAllocator(); v = ub.alloc(asc.TPosition.VECCALC, asc.int32, 64)",
        [
            "AscendC::LocalMemAllocator<AscendC::Hardware::UB> ub;",
            "AscendC::LocalTensor<int32_t> v = ub.Alloc<AscendC::TPosition::VECCALC, int32_t, 64>();",
        ],
    ),
    "set_aipp_functions_one_image": (
        "cfg = asc.AippParams(asc.int8, swap_params=asc.AippSwapParams(is_swap_rb=True)); asc.set_aipp_functions(ug, asc.AippInputFormat.RGB888_U8, cfg)",
        [
            "AscendC::AippPaddingParams<int8_t> padding_params{0, 0, 0, 0, 0};",
            "AscendC::AippSwapParams swap_params{true, false, false};",
            "AscendC::AippSingleLineParams single_line_params{false};",
            "AscendC::AippDataTypeConvParams dtc_params{0, 0, 0, half(0.0), half(0.0), half(0.0), half(1.0), half(1.0), half(1.0), 0};",
            "AscendC::AippChannelPaddingParams<int8_t> c_padding_params{0, 0};",
            "AscendC::AippColorSpaceConvParams csc_params{false, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};",
            "AscendC::AippParams<int8_t> cfg{padding_params, swap_params, single_line_params, dtc_params, c_padding_params, csc_params};",
            "AscendC::SetAippFunctions(ug, AscendC::AippInputFormat::RGB888_U8, cfg);",
        ],
    ),
    "set_aipp_functions_yuv420sp": (
        "cfg = asc.AippParams(dtype=asc.float16, dtc_params=asc.AippDataTypeConvParams(dtc_mean_ch0=128)); asc.set_aipp_functions(ug, ug, asc.AippInputFormat.YUV420SP_U8, cfg)",
        [
            "AscendC::AippPaddingParams<half> padding_params{0, half(0.0), half(0.0), half(0.0), half(0.0)};",
            "AscendC::AippSwapParams swap_params{false, false, false};",
            "AscendC::AippSingleLineParams single_line_params{false};",
            "AscendC::AippDataTypeConvParams dtc_params{128, 0, 0, half(0.0), half(0.0), half(0.0), half(1.0), half(1.0), half(1.0), 0};",
            "AscendC::AippChannelPaddingParams<half> c_padding_params{0, half(0.0)};",
            "AscendC::AippColorSpaceConvParams csc_params{false, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};",
            "AscendC::AippParams<half> cfg{padding_params, swap_params, single_line_params, dtc_params, c_padding_params, csc_params};",
            "AscendC::SetAippFunctions(ug, ug, AscendC::AippInputFormat::YUV420SP_U8, cfg);",
        ],
    ),
    "load_image_to_local": (
        "asc.load_image_to_local(a1, asc.LoadImageToLocalParams(2, 2, 0, 0, 2, 0, 0, 0, 0))",
        ["AscendC::LoadImageToLocalParams v{2, 2, 0, 0, 2, 0, 0, 0, 0};", "AscendC::LoadImageToLocal(a1, v);"],
    ),
}

REJECTS: dict[str, tuple[str, str]] = {
    "mmad_params_constructors_mixed": (
        "asc.mmad(c1, a2, b2, asc.MmadParams(16, 16, 16, is_bias=True, unit_flag=2))",
        "TypeError: MmadParams: is_bias and unit_flag belong to different constructors of AscendC::MmadParams",
    ),
    "mmad_dst_not_l0c": (
        "asc.mmad(a2, a2, b2, asc.MmadParams(16, 16, 16))",
        "ValueError: mmad: dst is at position A2, but mmad takes it in L0C (CO1)",
    ),
    "mmad_fm_not_l0a": (
        "asc.mmad(c1, a1, b2, asc.MmadParams(16, 16, 16))",
        "ValueError: mmad: fm is at position A1, but mmad takes it in L0A (A2)",
    ),
    "mmad_filter_not_l0b": (
        "asc.mmad(c1, a2, a2, asc.MmadParams(16, 16, 16))",
        "ValueError: mmad: filter is at position A2, but mmad takes it in L0B (B2)",
    ),
    "mmad_fm_filter_types_differ": (
        "asc.mmad(c1, a2, sb2, asc.MmadParams(16, 16, 16))",
        "TypeError: mmad: fm is float16 but filter is int8; mmad does not convert",
    ),
    "mmad_type_combination": (
        "asc.mmad(i1, a2, b2, asc.MmadParams(16, 16, 16))",
        "TypeError: mmad: float16 x float16 -> int32 is not a cube data type combination; on dav-c220 (Atlas A2) Mmad computes int8 x int8 -> int32, float16 x float16 -> float32, float32 x float32 -> float32, bfloat16 x bfloat16 -> float32",
    ),
    "mmad_int8_to_float": (
        "asc.mmad(c1, s2, sb2, asc.MmadParams(16, 16, 16))",
        "TypeError: mmad: int8 x int8 -> float32 is not a cube data type combination; on dav-c220 (Atlas A2) Mmad computes int8 x int8 -> int32, float16 x float16 -> float32, float32 x float32 -> float32, bfloat16 x bfloat16 -> float32",
    ),
    "mmad_fm_alignment": (
        "asc.mmad(c1, odd, b2, asc.MmadParams(16, 16, 16))",
        "ValueError: mmad: fm starts at byte 32 of A2, which is not 512-byte aligned",
    ),
    "mmad_m_range": (
        "asc.mmad(c1, a2, b2, asc.MmadParams(4096, 16, 16))",
        "ValueError: mmad: MmadParams.m is 4096, outside [0, 4095]",
    ),
    "mmad_unit_flag": (
        "asc.mmad(c1, a2, b2, asc.MmadParams(16, 16, 16, unit_flag=1))",
        "ValueError: mmad: unit_flag is 1; it is 0 (off), 2 (keep the unit flag) or 3 (reset it)",
    ),
    "mmad_bias_position": (
        "asc.mmad(c1, a2, b2, a1, asc.MmadParams(16, 16, 16))",
        "ValueError: mmad: bias is at position A1, but mmad takes it in C2, CO1",
    ),
    "mmad_bias_type": (
        "asc.mmad(c1, a2, b2, i1, asc.MmadParams(16, 16, 16))",
        "TypeError: mmad: bias is int32 but dst is float32; mmad does not convert",
    ),
    "mmad_no_form": (
        "asc.mmad(c1, a2, b2, 3)",
        "TypeError: mmad(): no form takes (LocalTensor, LocalTensor, LocalTensor, int); the forms are:\n  mmad(dst, fm, filter, params: MmadParams)\n  mmad(dst, fm, filter, bias: LocalTensor, params: MmadParams)",
    ),
    "mmad_global_dst": (
        "asc.mmad(zg, a2, b2, asc.MmadParams(16, 16, 16))",
        "TypeError: mmad: dst is a GlobalTensor, but mmad takes a LocalTensor here",
    ),
    "mmad_with_sparse_types": (
        "asc.mmad_with_sparse(c1, a2, b2, asc.MmadParams(16, 16, 16))",
        "TypeError: mmad_with_sparse: dst is float32; mmad_with_sparse supports int32",
    ),
    "load_data_2d_v2_not_on_dav_c220": (
        "asc.load_data(a2, a1, asc.LoadData2DParamsV2(0, 0, 16, 16, 0, 0, False, 0))",
        "TypeError: load_data: LoadData2DParamsV2 is not supported on dav-c220 (Atlas A2): CANN documents LoadData (2D matrix load V2) for other SoCs only",
    ),
    "load_data_3d_v1_not_on_dav_c220": (
        "asc.load_data(a2, a1, asc.LoadData3DParamsV1((0, 0, 0, 0), 16, 16))",
        "TypeError: load_data: LoadData3DParamsV1 is not supported on dav-c220 (Atlas A2): CANN documents LoadData (3D load) v1 for other SoCs only",
    ),
    "load_data_3d_from_gm": (
        "asc.load_data(a2, xg, asc.LoadData3DParamsV2())",
        "TypeError: load_data: a 3D load reads a feature map in L1 (A1/B1), not a GlobalTensor",
    ),
    "load_data_dst_position": (
        "asc.load_data(u, a1, asc.LoadData2DParams(0, 1))",
        "ValueError: load_data: dst is at position VECIN, but load_data takes it in L0A/L0B (A2, B2)",
    ),
    "load_data_src_position": (
        "asc.load_data(a2, u, asc.LoadData2DParams(0, 1))",
        "ValueError: load_data: src is at position VECIN, but load_data takes it in L1 (A1, B1, C1, TSCM)",
    ),
    "load_data_l1_to_l1": (
        "asc.load_data(a1, b1, asc.LoadData2DParams(0, 1))",
        "ValueError: load_data: dst is at position A1, but load_data takes it in L0A/L0B (A2, B2)",
    ),
    "load_data_repeat_fits_uint8": (
        "asc.load_data(a2, b1, asc.LoadData2DParams(0, 300))",
        "ValueError: LoadData2DParams: repeat_times 300 does not fit uint8",
    ),
    "load_data_transpose_from_gm": (
        "asc.load_data(a2, xg, asc.LoadData2DParams(0, 1, if_transpose=True))",
        "ValueError: load_data: if_transpose applies to loads from L1 into L0A/L0B only, not from GM",
    ),
    "load_data_transpose_16_bit_only": (
        "asc.load_data(s2, s1, asc.LoadData2DParams(0, 1, if_transpose=True))",
        "TypeError: load_data: if_transpose transposes 16-bit fractals only, but the tensors are int8",
    ),
    "load_data_decreasing_only_gm_to_l1": (
        "asc.load_data(a2, a1, asc.LoadData2DParams(0, 1, addr_mode=1))",
        "ValueError: load_data: addr_mode 1 (decreasing) applies to loads from GM into L1 only",
    ),
    "load_data_addr_mode_range": (
        "asc.load_data(a2, a1, asc.LoadData2DParams(0, 1, addr_mode=2))",
        "ValueError: load_data: addr_mode is 2; it is 0 (increasing) or 1 (decreasing)",
    ),
    "load_data_dst_alignment": (
        "asc.load_data(odd, a1, asc.LoadData2DParams(0, 1))",
        "ValueError: load_data: dst starts at byte 32 of A2, which is not 512-byte aligned",
    ),
    "load_data_types_differ": (
        "asc.load_data(f2, a1, asc.LoadData2DParams(0, 1))",
        "TypeError: load_data: dst is float32 but src is float16; load_data does not convert",
    ),
    "load_data_bool_field": (
        "asc.load_data(a2, a1, asc.LoadData2DParams(0, 1, if_transpose=2))",
        "TypeError: LoadData2DParams: if_transpose must be a bool, got the int 2",
    ),
    "load_data_3d_pad_list": (
        "asc.load_data(a2, a1, asc.LoadData3DParamsV2(pad_list=(0, 0, 0)))",
        "TypeError: LoadData3DParamsV2: pad_list must be a tuple of 4 integers, got a tuple",
    ),
    "load_data_3d_pad_value_type": (
        "asc.load_data(a2, a1, asc.LoadData3DParamsV2(pad_value=f))",
        "TypeError: load_data: LoadData3DParamsV2 holds a float32 pad_value, but the tensors are float16",
    ),
    "load_data_no_form": (
        "asc.load_data(a2, a1, 4)",
        "TypeError: load_data(): no form takes (LocalTensor, LocalTensor, int); the forms are:\n  load_data(dst, src, params: LoadData2DParams)\n  load_data(dst, src, params: LoadData2DParamsV2)\n  load_data(dst, src, params: LoadData3DParamsV1)\n  load_data(dst, src, params: LoadData3DParamsV2)\n  load_data(dst, src, params: LoadData3DParamsV2Pro)",
    ),
    "load_data_with_transpose_v2_not_on_dav_c220": (
        "asc.load_data_with_transpose(b2, b1, asc.LoadData2dTransposeParamsV2(0, 4))",
        "TypeError: load_data_with_transpose: LoadData2dTransposeParamsV2 is not supported on dav-c220 (Atlas A2): CANN documents it for the Ascend 950 only",
    ),
    "load_data_with_transpose_from_gm": (
        "asc.load_data_with_transpose(b2, xg, asc.LoadData2dTransposeParams(0, 4))",
        "TypeError: load_data_with_transpose: src is a GlobalTensor, but load_data_with_transpose takes a LocalTensor here",
    ),
    "load_data_with_transpose_dst_position": (
        "asc.load_data_with_transpose(a1, b1, asc.LoadData2dTransposeParams(0, 4))",
        "ValueError: load_data_with_transpose: dst is at position A1, but load_data_with_transpose takes it in L0A/L0B (A2, B2)",
    ),
    "load_data_with_transpose_decreasing": (
        "asc.load_data_with_transpose(b2, b1, asc.LoadData2dTransposeParams(4, 4, 1, addr_mode=1))",
        "ValueError: load_data_with_transpose: addr_mode 1 (decreasing) is not applied on dav-c220 (Atlas A2): "
        "CANN's LoadDataWithTranspose counts the squares up (addr_cal_mode inc) whatever addr_mode says",
    ),
    "load_data_with_transpose_addr_mode": (
        "asc.load_data_with_transpose(b2, b1, asc.LoadData2dTransposeParams(0, 4, addr_mode=3))",
        "ValueError: load_data_with_transpose: addr_mode is 3; it is 0 (increasing) or 1 (decreasing)",
    ),
    "load_data_with_sparse_src_position": (
        "asc.load_data_with_sparse(sb2, s1, idx, asc.LoadData2DParams(0, 1))",
        "ValueError: load_data_with_sparse: src is at position A1, but load_data_with_sparse takes it in B1",
    ),
    "load_data_with_sparse_types": (
        "asc.load_data_with_sparse(b2, b1, idx, asc.LoadData2DParams(0, 1))",
        "TypeError: load_data_with_sparse: dst is float16; load_data_with_sparse supports int8",
    ),
    "init_const_value_position": (
        "asc.init_const_value(u, asc.InitConstValueParams(1, 1, 0, 0))",
        "ValueError: init_const_value: dst is at position VECIN, but init_const_value takes it in A1, A2, B1, B2, C1, TSCM",
    ),
    "init_const_value_type": (
        "asc.init_const_value(s1, asc.InitConstValueParams(1, 1, 0, 0))",
        "TypeError: init_const_value: dst is int8; init_const_value supports int16, uint16, float16, bfloat16, int32, uint32, float32",
    ),
    "init_const_value_value_type": (
        "asc.init_const_value(a1, asc.InitConstValueParams(1, 1, 0, f))",
        "TypeError: init_const_value: InitConstValueParams holds a float32 init_value, but the tensors are float16",
    ),
    "init_const_value_repeat_range": (
        "asc.init_const_value(a1, asc.InitConstValueParams(40000, 1, 0, 0))",
        "ValueError: init_const_value: InitConstValueParams.repeat_times is 40000, outside [0, 32767]",
    ),
    "init_const_value_not_a_number": (
        'asc.init_const_value(a1, asc.InitConstValueParams(1, 1, 0, "x"))',
        "TypeError: InitConstValueParams: init_value must be a number, got a str",
    ),
    "set_load_data_padding_value_not_a_number": (
        'asc.set_load_data_padding_value("x")',
        "TypeError: set_load_data_padding_value: pad_value must be a number, got a str",
    ),
    "set_load_data_repeat_mode": (
        "asc.set_load_data_repeat(asc.LoadDataRepeatParam(repeat_mode=2))",
        "ValueError: set_load_data_repeat: repeat_mode is 2; it is 0 or 1",
    ),
    "set_load_data_repeat_not_params": (
        "asc.set_load_data_repeat(3)",
        "TypeError: set_load_data_repeat: param must be an asc.LoadDataRepeatParam, got the int 3",
    ),
    "fixpipe_needs_quant_pre": (
        "asc.fixpipe(yg, c1, asc.FixpipeParamsV220(16, 16, 16, 16))",
        "ValueError: fixpipe: quant_pre NoQuant does not convert float32 to float16",
    ),
    "fixpipe_src_position": (
        "asc.fixpipe(yg, a1, asc.FixpipeParamsV220(16, 16, 16, 16))",
        "ValueError: fixpipe: src is at position A1, but fixpipe takes it in L0C (CO1)",
    ),
    "fixpipe_to_ub_not_on_dav_c220": (
        "asc.fixpipe(u, c1, asc.FixpipeParamsV220(16, 16, 16, 16))",
        "ValueError: fixpipe: dst is at position VECIN, but Fixpipe from L0C to UB is not supported on dav-c220 (Atlas A2)",
    ),
    "fixpipe_conversion": (
        "asc.fixpipe(wg, c1, asc.FixpipeParamsV220(16, 16, 16, 16))",
        "TypeError: fixpipe: Fixpipe does not convert float32 to int32; from float32 it writes bfloat16, float16, float32, int8, uint8 on dav-c220 (Atlas A2)",
    ),
    "fixpipe_column_major_not_on_dav_c220": (
        "asc.fixpipe(yg, c1, asc.FixpipeParamsV220(16, 16, 16, 16, asc.QuantModes.F322F16), asc.FixpipeConfig(asc.CO2Layout.COLUMN_MAJOR))",
        "ValueError: fixpipe: CO2Layout.COLUMN_MAJOR (NZ to DN) is not supported on dav-c220 (Atlas A2): CANN documents it for the Ascend 950 only",
    ),
    "fixpipe_vector_quant_needs_workspace": (
        "asc.fixpipe(qg, c1, asc.FixpipeParamsV220(16, 16, 16, 16, asc.QuantModes.VQF322B8_PRE))",
        "ValueError: fixpipe: quant_pre VQF322B8_PRE takes its factors from a cbuf_workspace",
    ),
    "fixpipe_workspace_needs_vector_quant": (
        "asc.fixpipe(qg, c1, ws, asc.FixpipeParamsV220(16, 16, 16, 16, asc.QuantModes.QF322B8_PRE))",
        "ValueError: fixpipe: cbuf_workspace gives per-channel factors, which quant_pre QF322B8_PRE does not use",
    ),
    "fixpipe_workspace_position": (
        "asc.fixpipe(zg, c1, a1, asc.FixpipeParamsV220(16, 16, 16, 16))",
        "ValueError: fixpipe: cbuf_workspace is at position A1, but fixpipe takes it in C1",
    ),
    "fixpipe_dst_stride_zero": (
        "asc.fixpipe(zg, c1, asc.FixpipeParamsV220(16, 16, 16, 0))",
        "ValueError: fixpipe: dst_stride must not be 0 (ND: elements per row; NZ: 32-byte blocks between Z blocks)",
    ),
    "fixpipe_src_stride_overlap": (
        "asc.fixpipe(zg, c1, asc.FixpipeParamsV220(16, 30, 16, 16))",
        "ValueError: fixpipe: src_stride 16 is less than m_size 30 rounded up to 16 (32): the Z blocks of the NZ source would overlap",
    ),
    "fixpipe_nz2nd_m_range": (
        "asc.fixpipe(zg, c1, asc.FixpipeParamsV220(16, 9000, 9008, 16))",
        "ValueError: fixpipe: FixpipeParamsV220.m_size is 9000, outside [0, 8192]",
    ),
    "fixpipe_unit_flag": (
        "asc.fixpipe(zg, c1, asc.FixpipeParamsV220(16, 16, 16, 16, unit_flag=1))",
        "ValueError: fixpipe: unit_flag is 1; it is 0 (off), 2 (keep the unit flag) or 3 (reset it)",
    ),
    "fixpipe_channel_split_nd": (
        "asc.fixpipe(zg, c1, asc.FixpipeParamsV220(16, 16, 16, 16, is_channel_split=True))",
        "ValueError: fixpipe: is_channel_split cannot be combined with NZ to ND (use CO2Layout.NZ)",
    ),
    "fixpipe_channel_split_types": (
        "asc.fixpipe(yg, c1, asc.FixpipeParamsV220(16, 16, 16, 16, asc.QuantModes.F322F16, is_channel_split=True), asc.FixpipeConfig.cfg_nz())",
        "ValueError: fixpipe: is_channel_split needs float32 source and destination, not float32 -> float16",
    ),
    "fixpipe_quant_pre_enum": (
        "asc.fixpipe(zg, c1, asc.FixpipeParamsV220(16, 16, 16, 16, quant_pre=asc.CO2Layout.NZ))",
        "TypeError: FixpipeParamsV220: quant_pre must be an asc.QuantModes, got CO2Layout.NZ",
    ),
    "fixpipe_no_form": (
        "asc.fixpipe(zg, c1, asc.FixpipeParamsV220(16, 16, 16, 16), asc.CO2Layout.NZ)",
        "TypeError: fixpipe(): no form takes (GlobalTensor, LocalTensor, FixpipeParamsV220, CO2Layout); the forms are:\n  fixpipe(dst, src, params: FixpipeParamsV220, config: FixpipeConfig = FixpipeConfig(CO2Layout.ROW_MAJOR))\n  fixpipe(dst, src, cbuf_workspace: LocalTensor, params: FixpipeParamsV220, config: FixpipeConfig = FixpipeConfig(CO2Layout.ROW_MAJOR))",
    ),
    "fixpipe_config_layout": (
        "asc.FixpipeConfig(1)",
        "TypeError: FixpipeConfig: layout must be an asc.CO2Layout, got the int 1",
    ),
    "set_fix_pipe_pre_quant_flag_bool": (
        "asc.set_fix_pipe_pre_quant_flag(True)",
        "TypeError: set_fix_pipe_pre_quant_flag: config must be an integer, got the bool True",
    ),
    "set_hf32_mode_not_bool": (
        "asc.set_hf32_mode(2)",
        "TypeError: set_hf32_mode: hf32_mode must be a bool, got the int 2",
    ),
    "set_pad_value_position": (
        "asc.set_pad_value(3, asc.TPosition.A1)",
        "ValueError: set_pad_value(): pos must be one of [TPosition.MAX, TPosition.VECIN, TPosition.VECOUT]",
    ),
    "set_pad_value_not_a_number": (
        'asc.set_pad_value("x")',
        "TypeError: set_pad_value: padding_value must be a number, got a str",
    ),
    "data_copy_nd2nz_to_gm": (
        "asc.data_copy(zg, xg, asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0))",
        "TypeError: data_copy: Nd2NzParams copy into L1; dst is a GlobalTensor",
    ),
    "data_copy_nd2nz_to_ub": (
        "asc.data_copy(u, xg, asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0))",
        "ValueError: data_copy: dst is at position VECIN, but data_copy takes it in L1 (A1, B1, C1, TSCM)",
    ),
    "data_copy_nd2nz_from_ub_needs_tscm": (
        "asc.data_copy(a1, u, asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0))",
        "ValueError: data_copy: dst is at position A1, but data_copy takes it in TSCM",
    ),
    "data_copy_nd2nz_from_ub_one_matrix": (
        "asc.data_copy(t, u, asc.Nd2NzParams(2, 32, 32, 0, 32, 32, 1, 0))",
        "ValueError: data_copy: a UB -> L1 ND to NZ copy moves one matrix: nd_num must be 1, got 2",
    ),
    "data_copy_nd2nz_types_differ": (
        "asc.data_copy(f1, xg, asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0))",
        "TypeError: data_copy: dst is float32 but src is float16; a copy does not convert",
    ),
    "data_copy_nd2nz_src_d_value_range": (
        "asc.data_copy(a1, xg, asc.Nd2NzParams(1, 32, 32, 0, 0, 32, 1, 0))",
        "ValueError: data_copy: Nd2NzParams.src_d_value is 0, outside [1, 65535]",
    ),
    "data_copy_nd2nz_c0_stride_range": (
        "asc.data_copy(a1, xg, asc.Nd2NzParams(1, 32, 32, 0, 32, 0, 1, 0))",
        "ValueError: data_copy: Nd2NzParams.dst_nz_c0_stride is 0, outside [1, 16384]",
    ),
    "data_copy_nd2nz_nd_num_range": (
        "asc.data_copy(a1, xg, asc.Nd2NzParams(5000, 32, 32, 0, 32, 32, 1, 0))",
        "ValueError: data_copy: Nd2NzParams.nd_num is 5000, outside [0, 4095]",
    ),
    "data_copy_pad_nd2nz_dst_in_ub": (
        "asc.data_copy_pad(u, u, asc.DataCopyExtParams(2, 64, 0, 0, 0), asc.Nd2NzParams(1, 2, 32, 0, 32, 2, 1, 0))",
        "ValueError: data_copy_pad: dst is at position VECIN, but data_copy_pad takes it in TSCM",
    ),
    "data_copy_pad_nd2nz_dst_in_a1": (
        "asc.data_copy_pad(a1, u, asc.DataCopyExtParams(2, 64, 0, 0, 0), asc.Nd2NzParams(1, 2, 32, 0, 32, 2, 1, 0))",
        "ValueError: data_copy_pad: dst is at position A1, but data_copy_pad takes it in TSCM",
    ),
    "data_copy_pad_nd2nz_dst_in_gm": (
        "asc.data_copy_pad(xg, u, asc.DataCopyExtParams(2, 64, 0, 0, 0), asc.Nd2NzParams(1, 2, 32, 0, 32, 2, 1, 0))",
        "TypeError: data_copy_pad: dst is a GlobalTensor, but data_copy_pad takes a LocalTensor here",
    ),
    "data_copy_pad_nd2nz_src_in_l1": (
        "asc.data_copy_pad(t, a1, asc.DataCopyExtParams(2, 64, 0, 0, 0), asc.Nd2NzParams(1, 2, 32, 0, 32, 2, 1, 0))",
        "ValueError: data_copy_pad: src is at position A1, but data_copy_pad takes it in VECIN, VECOUT, VECCALC",
    ),
    "data_copy_pad_nd2nz_src_in_gm": (
        "asc.data_copy_pad(t, xg, asc.DataCopyExtParams(2, 64, 0, 0, 0), asc.Nd2NzParams(1, 2, 32, 0, 32, 2, 1, 0))",
        "TypeError: data_copy_pad: with Nd2NzParams, src is a LocalTensor in UB (VECIN/VECOUT); got a GlobalTensor",
    ),
    "data_copy_pad_nd2nz_types_differ": (
        "asc.data_copy_pad(asc.LocalTensor(asc.float32, asc.TPosition.TSCM, 0, 64), u, asc.DataCopyExtParams(2, 64, 0, 0, 0), asc.Nd2NzParams(1, 2, 32, 0, 32, 2, 1, 0))",
        "TypeError: data_copy_pad: dst is float32 but src is float16; a copy does not convert",
    ),
    "data_copy_pad_nd2nz_eight_byte_type": (
        "asc.data_copy_pad(asc.LocalTensor(asc.int64, asc.TPosition.TSCM, 0, 64), "
        "asc.LocalTensor(asc.int64, asc.TPosition.VECIN, 0, 64), asc.DataCopyExtParams(2, 64, 0, 0, 0), asc.Nd2NzParams(1, 2, 32, 0, 32, 2, 1, 0))",
        "TypeError: data_copy_pad: the data type is int64; data_copy_pad supports int8, uint8, int16, uint16, int32, "
        "uint32, float16, bfloat16, float32",
    ),
    "data_copy_pad_nd2nz_src_unaligned": (
        "asc.data_copy_pad(t, asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 16, 64), asc.DataCopyExtParams(2, 64, 0, 0, 0), asc.Nd2NzParams(1, 2, 32, 0, 32, 2, 1, 0))",
        "ValueError: data_copy_pad: src starts at byte 16 of VECIN, which is not 32-byte aligned",
    ),
    "data_copy_pad_nd2nz_dst_unaligned": (
        "asc.data_copy_pad(asc.LocalTensor(asc.float16, asc.TPosition.TSCM, 48, 64), u, asc.DataCopyExtParams(2, 64, 0, 0, 0), asc.Nd2NzParams(1, 2, 32, 0, 32, 2, 1, 0))",
        "ValueError: data_copy_pad: dst starts at byte 48 of TSCM, which is not 32-byte aligned",
    ),
    "data_copy_pad_nd2nz_block_count_zero": (
        "asc.data_copy_pad(t, u, asc.DataCopyExtParams(0, 64, 0, 0, 0), asc.Nd2NzParams(1, 2, 32, 0, 32, 2, 1, 0))",
        "ValueError: data_copy_pad: DataCopyExtParams.block_count is 0, outside [1, 4095]",
    ),
    "data_copy_pad_nd2nz_block_count_range": (
        "asc.data_copy_pad(t, u, asc.DataCopyParams(4096, 64, 0, 0), asc.Nd2NzParams(1, 2, 32, 0, 32, 2, 1, 0))",
        "ValueError: data_copy_pad: DataCopyParams.block_count is 4096, outside [1, 4095]",
    ),
    "data_copy_pad_nd2nz_block_len_zero": (
        "asc.data_copy_pad(t, u, asc.DataCopyParams(2, 0, 0, 0), asc.Nd2NzParams(1, 2, 32, 0, 32, 2, 1, 0))",
        "ValueError: data_copy_pad: DataCopyParams.block_len is 0, outside [1, 65535]",
    ),
    "data_copy_pad_nd2nz_block_len_range": (
        "asc.data_copy_pad(t, u, asc.DataCopyExtParams(1, 2097152, 0, 0, 0), asc.Nd2NzParams(1, 2, 32, 0, 32, 2, 1, 0))",
        "ValueError: data_copy_pad: DataCopyExtParams.block_len is 2097152, outside [1, 2097151]",
    ),
    "data_copy_pad_nd2nz_block_len_whole_elements": (
        "asc.data_copy_pad(t, u, asc.DataCopyExtParams(2, 63, 0, 0, 0), asc.Nd2NzParams(1, 2, 32, 0, 32, 2, 1, 0))",
        "ValueError: data_copy_pad: DataCopyExtParams.block_len is 63 bytes, not a multiple of sizeof(float16) = 2",
    ),
    "data_copy_pad_nd2nz_one_matrix": (
        "asc.data_copy_pad(t, u, asc.DataCopyExtParams(2, 64, 0, 0, 0), asc.Nd2NzParams(2, 2, 32, 0, 32, 2, 1, 0))",
        "ValueError: data_copy_pad: a UB -> L1 ND to NZ copy moves one matrix: nd_num must be 1, got 2",
    ),
    "data_copy_pad_nd2nz_n_stride_range": (
        "asc.data_copy_pad(t, u, asc.DataCopyExtParams(2, 64, 0, 0, 0), asc.Nd2NzParams(1, 2, 32, 0, 32, 2, 0, 0))",
        "ValueError: data_copy_pad: Nd2NzParams.dst_nz_n_stride is 0, outside [1, 16384]",
    ),
    "data_copy_pad_nd2nz_pad_params_instead": (
        "asc.data_copy_pad(t, u, asc.DataCopyExtParams(2, 64, 0, 0, 0), asc.DataCopyPadExtParams(asc.float16))",
        "TypeError: data_copy_pad: pad_params apply to copies from global memory only",
    ),
    "data_copy_nz2nd_to_local": (
        "asc.data_copy(u, yg, asc.Nz2NdParamsFull(1, 32, 32, 1, 32, 32, 1))",
        "TypeError: data_copy: Nz2NdParamsFull copy from UB to GM; dst must be a GlobalTensor",
    ),
    "data_copy_nz2nd_src_position": (
        "asc.data_copy(yg, a1, asc.Nz2NdParamsFull(1, 32, 32, 1, 32, 32, 1))",
        "ValueError: data_copy: src is at position A1, but data_copy takes it in VECIN, VECOUT, VECCALC",
    ),
    "data_copy_nz2nd_d_value_multiple_of_16": (
        "asc.data_copy(yg, u, asc.Nz2NdParamsFull(1, 32, 20, 1, 32, 32, 1))",
        "ValueError: data_copy: Nz2NdParamsFull.d_value must be a multiple of 16, got 20",
    ),
    "data_copy_nz2nd_matrix_stride_range": (
        "asc.data_copy(yg, u, asc.Nz2NdParamsFull(1, 32, 32, 0, 32, 32, 1))",
        "ValueError: data_copy: Nz2NdParamsFull.src_nd_matrix_stride is 0, outside [1, 512]",
    ),
    "data_copy_co12dst_src_position": (
        "asc.data_copy(yg, a1, asc.DataCopyCO12DstParams(16, 16, 16, 16))",
        "ValueError: data_copy: src is at position A1, but data_copy takes it in L0C (CO1)",
    ),
    "data_copy_co12dst_to_ub_not_on_dav_c220": (
        "asc.data_copy(u, c1, asc.DataCopyCO12DstParams(16, 16, 16, 16))",
        "ValueError: data_copy: dst is at position VECIN, but DataCopy from L0C to UB is not supported on dav-c220 (Atlas A2)",
    ),
    "data_copy_co12dst_needs_quant_pre": (
        "asc.data_copy(yg, c1, asc.DataCopyCO12DstParams(16, 16, 16, 16))",
        "ValueError: data_copy: quant_pre NoQuant does not convert float32 to float16",
    ),
    "data_copy_co12dst_relu_pre": (
        "asc.data_copy(yg, c1, asc.DataCopyCO12DstParams(16, 16, 16, 16, asc.QuantModes.F322F16, 2))",
        "ValueError: data_copy: relu_pre is 2; it is 0 (off) or 1 (ReLU)",
    ),
    "data_copy_enhanced_gm_to_gm": (
        "asc.data_copy(xg, yg, asc.DataCopyParams(1, 8), asc.DataCopyEnhancedParams())",
        "TypeError: data_copy: both dst and src are GlobalTensors; a copy moves data between global memory and a LocalTensor",
    ),
    "data_copy_enhanced_types_differ": (
        "asc.data_copy(a1, zg, asc.DataCopyParams(1, 8), asc.DataCopyEnhancedParams())",
        "TypeError: data_copy: dst is float16 but src is float32; a copy does not convert",
    ),
    "data_copy_enhanced_enum_field": (
        "asc.data_copy(a1, xg, asc.DataCopyParams(1, 8), asc.DataCopyEnhancedParams(block_mode=asc.DeqScale.DEQ))",
        "TypeError: DataCopyEnhancedParams: block_mode must be an asc.BlockMode, got DeqScale.DEQ",
    ),
    "data_copy_enhanced_enum_value": (
        "asc.data_copy(a1, xg, asc.DataCopyParams(1, 8), asc.DataCopyEnhancedParams(block_mode=9))",
        "ValueError: DataCopyEnhancedParams: block_mode 9 is not an asc.BlockMode",
    ),
    "mmad_params_constructors_mixed_2": (
        "asc.MmadParams(16, 16, 16, fm_offset=1, cmatrix_source=True)",
        "TypeError: MmadParams: fm_offset and cmatrix_source belong to different constructors of AscendC::MmadParams",
    ),
    "local_mem_allocator_gm": (
        "asc.LocalMemAllocator(asc.Hardware.GM)",
        "ValueError: LocalMemAllocator: hard must be an on-chip asc.Hardware (UB, L1, L0A, L0B, L0C, BIAS, FIXBUF), got Hardware.GM",
    ),
    "local_mem_allocator_not_hardware": (
        "asc.LocalMemAllocator(3)",
        "ValueError: LocalMemAllocator: hard must be an on-chip asc.Hardware (UB, L1, L0A, L0B, L0C, BIAS, FIXBUF), got the int 3",
    ),
    "local_mem_allocator_one_per_memory": (
        "l = asc.LocalMemAllocator(asc.Hardware.L1); m = asc.LocalMemAllocator(asc.Hardware.L1)",
        "ValueError: LocalMemAllocator: only one LocalMemAllocator can exist at Hardware.L1 at a time",
    ),
    "local_mem_allocator_position_memory": (
        "l = asc.LocalMemAllocator(asc.Hardware.L1); t1 = l.alloc(asc.TPosition.A2, asc.float16, 64)",
        "ValueError: LocalMemAllocator.alloc: position A2 is in L0A, but this allocator allocates Hardware.L1 (logic pos and hardware pos not matched)",
    ),
    "local_mem_allocator_alignment": (
        "l = asc.LocalMemAllocator(asc.Hardware.L1); t1 = l.alloc(asc.TPosition.A1, asc.float16, 10); t2 = l.alloc(asc.TPosition.B1, asc.float16, 16)",
        "ValueError: LocalMemAllocator.alloc: the tensor would start at byte 20, which is not 32-byte aligned (the tile of 10 float16 elements at A1 ended there)",
    ),
    "local_mem_allocator_capacity": (
        "l = asc.LocalMemAllocator(asc.Hardware.L0A); t1 = l.alloc(asc.TPosition.A2, asc.float32, 20000)",
        "ValueError: LocalMemAllocator.alloc: 20000 float32 elements from byte 0 end at byte 80000, beyond the 65536 bytes of L0A",
    ),
    "local_mem_allocator_tile_size": (
        "l = asc.LocalMemAllocator(asc.Hardware.L1); t1 = l.alloc(asc.TPosition.A1, asc.float16, 0)",
        "ValueError: LocalMemAllocator.alloc: tile_size must be positive, got 0",
    ),
    "local_mem_allocator_data_type": (
        "l = asc.LocalMemAllocator(asc.Hardware.L1); t1 = l.alloc(asc.TPosition.A1, 3, 16)",
        "TypeError: LocalMemAllocator.alloc: data_type must be a DataType, got the int 3",
    ),
    "local_mem_allocator_gm_position": (
        "l = asc.LocalMemAllocator(asc.Hardware.L1); t1 = l.alloc(asc.TPosition.GM, asc.float16, 16)",
        "TypeError: LocalMemAllocator.alloc: pos must be an on-chip asc.TPosition, got TPosition.GM",
    ),
    "aipp_params_type": (
        "asc.AippParams(asc.float32)",
        "TypeError: AippParams dtype must be asc.int8 or asc.float16, but got float32",
    ),
    "set_aipp_functions_image_type": (
        "cfg = asc.AippParams(asc.int8); asc.set_aipp_functions(xg, asc.AippInputFormat.RGB888_U8, cfg)",
        "TypeError: set_aipp_functions: src0 holds float16, but AippInputFormat.RGB888_U8 images are uint8",
    ),
    "set_aipp_functions_yuv420sp_two_planes": (
        "cfg = asc.AippParams(asc.int8); asc.set_aipp_functions(ug, asc.AippInputFormat.YUV420SP_U8, cfg)",
        "TypeError: set_aipp_functions: a YUV420SP_U8 image has two planes: pass src0 (Y) and src1 (UV)",
    ),
    "set_aipp_functions_one_plane": (
        "cfg = asc.AippParams(asc.int8); asc.set_aipp_functions(ug, ug, asc.AippInputFormat.RGB888_U8, cfg)",
        "TypeError: set_aipp_functions: src1 is the UV plane of a YUV420SP_U8 image; a RGB888_U8 image has one",
    ),
    "aipp_params_part_type": (
        "cfg = asc.AippParams(asc.int8, swap_params=asc.AippPaddingParams()); asc.set_aipp_functions(ug, asc.AippInputFormat.RGB888_U8, cfg)",
        "TypeError: AippParams: swap_params must be an asc.AippSwapParams, got AippPaddingParams",
    ),
    "load_image_to_local_position": (
        "asc.load_image_to_local(u, asc.LoadImageToLocalParams())",
        "ValueError: load_image_to_local: dst is at position VECIN, but load_image_to_local takes it in L1 (A1, B1, C1, TSCM)",
    ),
    "load_image_to_local_type": (
        "asc.load_image_to_local(f1, asc.LoadImageToLocalParams())",
        "TypeError: load_image_to_local: dst is float32; load_image_to_local supports int8, float16",
    ),
    "load_image_to_local_horiz_size": (
        "asc.load_image_to_local(a1, asc.LoadImageToLocalParams(horiz_size=1))",
        "ValueError: load_image_to_local: LoadImageToLocalParams.horiz_size is 1, outside [2, 4095]",
    ),
    "load_image_to_local_pad_size": (
        "asc.load_image_to_local(a1, asc.LoadImageToLocalParams(top_pad_size=33))",
        "ValueError: load_image_to_local: LoadImageToLocalParams.top_pad_size is 33, outside [0, 32]",
    ),
}


@pytest.mark.parametrize("name", sorted(EMITS))
def test_emits(tmp_path: Path, name: str) -> None:
    statement, cpp = EMITS[name]
    assert cube_snippet_lines(tmp_path, statement) == cpp


@pytest.mark.parametrize("name", sorted(REJECTS))
def test_rejects(tmp_path: Path, name: str) -> None:
    statement, message = REJECTS[name]
    error, line = cube_snippet_error(tmp_path, statement)
    assert error.message == message
    assert error.location is not None
    assert error.location.line == line


@pytest.mark.parametrize(
    ("statement", "hint"),
    [
        ("asc.load_data(a2, a1, asc.LoadData2DParamsV2(0, 0, 16, 16, 0, 0, False, 0))", "use asc.LoadData2DParams"),
        ("asc.mmad(c1, odd, b2, asc.MmadParams(16, 16, 16))", "place it at a multiple of 512 bytes"),
        (
            "asc.data_copy_pad(t, xg, asc.DataCopyExtParams(2, 64, 0, 0, 0), asc.Nd2NzParams(1, 2, 32, 0, 32, 2, 1, 0))",
            "copy GM -> L1 in the NZ layout with asc.data_copy(dst, src, nd2nz_params)",
        ),
        (
            "asc.data_copy_pad(t, u, asc.DataCopyExtParams(2, 63, 0, 0, 0), asc.Nd2NzParams(1, 2, 32, 0, 32, 2, 1, 0))",
            "block_len counts bytes: give whole elements",
        ),
        ("asc.fixpipe(yg, c1, asc.FixpipeParamsV220(16, 16, 16, 16))", "use QuantModes.F322F16"),
        (
            "asc.fixpipe(qg, c1, asc.FixpipeParamsV220(16, 16, 16, 16, asc.QuantModes.VQF322B8_PRE))",
            "call asc.fixpipe(dst, src, cbuf_workspace, params, config)",
        ),
        (
            "asc.load_data(s2, s1, asc.LoadData2DParams(0, 1, if_transpose=True))",
            "use asc.load_data_with_transpose for 8- and 32-bit types",
        ),
        (
            "asc.load_data_with_transpose(b2, b1, asc.LoadData2dTransposeParams(4, 4, 1, addr_mode=1))",
            "count up from the first square: start_index at the lowest square, addr_mode 0",
        ),
        (
            "l = asc.LocalMemAllocator(asc.Hardware.L1); m = asc.LocalMemAllocator(asc.Hardware.L1)",
            "allocate every tensor of this memory from the first allocator",
        ),
    ],
)
def test_hints(tmp_path: Path, statement: str, hint: str) -> None:
    error, _ = cube_snippet_error(tmp_path, statement)
    assert hint in error.hints


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The cube kernel with each ``EMITS`` statement, for the CANN type-check (``ascx.testing.cann_kernels``)."""
    for name, (statement, _) in sorted(EMITS.items()):
        yield name, cube_snippet_source(directory, statement)
