"""pyasc 1.1.1's unit-test kernels of the cube-level API, written fresh for ascx: ``test_mm.py``,
``test_fixpipe.py``, ``core/test_local_mem_allocator.py`` and the cube parts of ``test_common_api.py``
(AIPP, ``load_image_to_local``, the ND/NZ ``data_copy`` forms, ``data_copy_pad`` into L1) and ``test_data_copy.py``
(``set_pad_value``).

``ACCEPTED``: the kernels ascx compiles as pyasc wrote them, with the C++ of their calls.

``REJECTED``: the calls of pyasc's kernels that ascx rejects on purpose, each with its located error:
pyasc's tests exercise call shapes on tensors at positions or of types CANN does not accept (vector
buffers as L0 operands, float16 results of Mmad, int8/float16 images), or with parameter structs
CANN documents for other SoCs than dav-c220 (Atlas A2).  ``ADJUSTED`` has each such kernel with the
positions, types and structs CANN accepts, calls otherwise pyasc's.  docs/reference/pyasc_rejections.md
lists every difference with the rule behind it.
"""

from __future__ import annotations

import re
import textwrap
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

import ascx as asc
from ascx.errors import KernelError
from ascx.runtime.jit import MockTensor, MockValue
from ascx.runtime.sync_outcome import UNCHECKED
from ascx.testing.kernels import line_of, load_kernel_source

HEAD = "import numpy as np\nimport ascx as asc\n"

ACCEPTED: dict[str, tuple[str, tuple[object, ...], list[str]]] = {
    "test_mm.test_init_const_value": (
        """
        @asc.jit
        def k() -> None:
            dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A1, addr=0, tile_size=128)
            params = asc.InitConstValueParams(repeat_times=1, block_num=2, dst_gap=0, init_value=np.float16(2.2))
            asc.init_const_value(dst, params)
        """,
        (),
        [
            "AscendC::LocalTensor<half> dst(AscendC::TPosition::A1, 0, 128);",
            # np.float16(2.2) is 2.19921875: the literal is the float16's exact value
            "AscendC::InitConstValueParams<half> params{1, 2, 0, half(2.19921875)};",
            "AscendC::InitConstValue(dst, params);",
        ],
    ),
    "test_mm.test_load_data_with_sparse": (
        """
        @asc.jit
        def k() -> None:
            dst = asc.LocalTensor(dtype=asc.int8, pos=asc.TPosition.B2, addr=0, tile_size=512)
            src = asc.LocalTensor(dtype=asc.int8, pos=asc.TPosition.B1, addr=0, tile_size=512)
            idx = asc.LocalTensor(dtype=asc.uint8, pos=asc.TPosition.B1, addr=0, tile_size=512)
            params = asc.LoadData2DParams(repeat_times=1, src_stride=0, if_transpose=False)
            asc.load_data_with_sparse(dst, src, idx, params)
        """,
        (),
        [
            "AscendC::LocalTensor<int8_t> dst(AscendC::TPosition::B2, 0, 512);",
            "AscendC::LocalTensor<int8_t> src(AscendC::TPosition::B1, 0, 512);",
            "AscendC::LocalTensor<uint8_t> idx(AscendC::TPosition::B1, 0, 512);",
            "AscendC::LoadData2DParams params{0, 1, 0, 0, 0, false, 0};",
            "AscendC::LoadDataWithSparse(dst, src, idx, params);",
        ],
    ),
    "test_mm.test_mmad_with_sparse": (
        """
        @asc.jit
        def k() -> None:
            dst = asc.LocalTensor(dtype=asc.int32, pos=asc.TPosition.CO1, addr=0, tile_size=400)
            fm = asc.LocalTensor(dtype=asc.int8, pos=asc.TPosition.A2, addr=0, tile_size=400)
            filter = asc.LocalTensor(dtype=asc.int8, pos=asc.TPosition.B2, addr=0, tile_size=400)
            params = asc.MmadParams(
                m=20, n=20, k=20, is_bias=False, fm_offset=0, en_ssparse=False, en_winograd_a=False, en_winograd_b=False
            )
            asc.mmad_with_sparse(dst, fm, filter, params)
        """,
        (),
        [
            "AscendC::LocalTensor<int32_t> dst(AscendC::TPosition::CO1, 0, 400);",
            "AscendC::LocalTensor<int8_t> fm(AscendC::TPosition::A2, 0, 400);",
            "AscendC::LocalTensor<int8_t> filter(AscendC::TPosition::B2, 0, 400);",
            "AscendC::MmadParams params{20, 20, 20, false, 0, false, false, false};",
            "AscendC::MmadWithSparse(dst, fm, filter, params);",
        ],
    ),
    "test_mm.test_set_load_data_boundary": (
        """
        @asc.jit
        def k():
            asc.set_load_data_boundary(1024)
        """,
        (),
        ["AscendC::SetLoadDataBoundary(1024);"],
    ),
    "test_mm.test_set_load_data_padding_value": (
        """
        @asc.jit
        def k() -> None:
            asc.set_load_data_padding_value(10)
            asc.set_load_data_padding_value(2.0)
        """,
        (),
        ["AscendC::SetLoadDataPaddingValue(10);", "AscendC::SetLoadDataPaddingValue(2.0f);"],
    ),
    "test_mm.test_set_load_data_repeat": (
        """
        @asc.jit
        def k():
            static_param = asc.LoadDataRepeatParam(repeat_time=4, repeat_stride=8, repeat_mode=0)
            asc.set_load_data_repeat(static_param)
        """,
        (),
        # C++'s field order is repeatStride, repeatTime, repeatMode (pyasc prints {4, 8, 0})
        ["AscendC::LoadDataRepeatParam static_param{8, 4, 0};", "AscendC::SetLoadDataRepeat(static_param);"],
    ),
    "test_fixpipe.test_set_fix_pipe_pre_quant_flag_kernel": (
        """
        @asc.jit
        def k():
            deq_scalar = 11
            asc.set_fix_pipe_pre_quant_flag(deq_scalar)
        """,
        (),
        ["AscendC::SetFixpipePreQuantFlag(11);"],
    ),
    "test_local_mem_allocator.test_init": (
        """
        @asc.jit
        def k() -> None:
            allocator = asc.LocalMemAllocator(hard=asc.Hardware.UB)
        """,
        (),
        ["AscendC::LocalMemAllocator<AscendC::Hardware::UB> allocator;"],
    ),
    "test_local_mem_allocator.test_get_cur_addr": (
        """
        @asc.jit
        def k() -> None:
            allocator = asc.LocalMemAllocator()
            addr = allocator.get_cur_addr()
        """,
        (),
        ["AscendC::LocalMemAllocator<AscendC::Hardware::UB> allocator;", "uint32_t addr = allocator.GetCurAddr();"],
    ),
    "test_local_mem_allocator.test_alloc_const": (
        """
        @asc.jit
        def k() -> None:
            allocator = asc.LocalMemAllocator()
            tensor = allocator.alloc(asc.TPosition.VECIN, asc.float32, 32)
        """,
        (),
        [
            "AscendC::LocalMemAllocator<AscendC::Hardware::UB> allocator;",
            "AscendC::LocalTensor<float> tensor = allocator.Alloc<AscendC::TPosition::VECIN, float, 32>();",
        ],
    ),
    "test_local_mem_allocator.test_alloc_dynamic": (
        """
        @asc.jit
        def k(size: int) -> None:
            allocator = asc.LocalMemAllocator()
            tensor = allocator.alloc(asc.TPosition.VECIN, asc.float32, size)
        """,
        (MockValue(asc.int32),),
        [
            "AscendC::LocalMemAllocator<AscendC::Hardware::UB> allocator;",
            "AscendC::LocalTensor<float> tensor = allocator.Alloc<AscendC::TPosition::VECIN, float>(size);",
        ],
    ),
    "test_common_api.test_load_image_to_local": (
        """
        @asc.jit
        def k() -> None:
            dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A1, addr=0, tile_size=128)
            load_data_params = asc.LoadImageToLocalParams(2, 2, 0, 0, 2, 0, 0, 0, 0)
            asc.load_image_to_local(dst, load_data_params)
        """,
        (),
        [
            "AscendC::LocalTensor<half> dst(AscendC::TPosition::A1, 0, 128);",
            "AscendC::LoadImageToLocalParams load_data_params{2, 2, 0, 0, 2, 0, 0, 0, 0};",
            "AscendC::LoadImageToLocal(dst, load_data_params);",
        ],
    ),
    "test_data_copy.test_set_pad_value": (
        """
        @asc.jit
        def k() -> None:
            asc.set_pad_value(37)
            asc.set_pad_value(37, asc.TPosition.VECIN)
        """,
        (),
        [
            "AscendC::SetPadValue<int32_t, AscendC::TPosition::MAX>(37);",
            "AscendC::SetPadValue<int32_t, AscendC::TPosition::VECIN>(37);",
        ],
    ),
}

# pyasc's kernel set-up (before the calls), then each call ascx rejects with its message.
REJECTED: dict[str, tuple[str, tuple[object, ...], list[tuple[str, str]]]] = {
    "test_mm.test_load_data": (
        """
        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            x_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
            y_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
            x_gm = asc.GlobalTensor()
            x_gm.set_global_buffer(x)
            params_2d = asc.LoadData2DParams(0, 4, 0, 0, 0, 0, 0)
            params_2d_v2 = asc.LoadData2DParamsV2(0, 0, 16, 16, 0, 0, False, 0)
            params_3d_v1 = asc.LoadData3DParamsV1((0, 0, 0, 0), 16, 16, 0, 0, 0, 0, 0, 1, 1, 3, 3, 1, 1, 1, 0, 1, 0, 0)
            params_3d_v1_ir = asc.LoadData3DParamsV1.from_ir(params_3d_v1.to_ir())
            params_3d_v2 = asc.LoadData3DParamsV2(
                (0, 0, 0, 0), 16, 16, 16, 16, 16, 0, 0, 1, 1, 3, 3, 1, 1, False, 0, False, False, False
            )
            params_3d_v2_ir = asc.LoadData3DParamsV2.from_ir(params_3d_v2.to_ir())
            params_3d_v2_pro = asc.LoadData3DParamsV2Pro(16, False, False, False, False, False, 0, 0x10101010101)
        """,
        (MockTensor(asc.float16),),
        [
            (
                "asc.load_data(y_local, x_local, params_2d)",
                "ValueError: load_data: src is at position VECIN, but load_data takes it in L1 (A1, B1, C1, TSCM)",
            ),
            (
                "asc.load_data(x_local, x_gm, params_2d)",
                "ValueError: load_data: dst is at position VECIN, but load_data takes it in A1, A2, B1, B2, C1, TSCM",
            ),
            (
                "asc.load_data(y_local, x_local, params_2d_v2)",
                "TypeError: load_data: LoadData2DParamsV2 is not supported on dav-c220 (Atlas A2): CANN documents "
                "LoadData (2D matrix load V2) for other SoCs only",
            ),
            (
                "asc.load_data(x_local, x_gm, params_2d_v2)",
                "TypeError: load_data: LoadData2DParamsV2 is not supported on dav-c220 (Atlas A2): CANN documents "
                "LoadData (2D matrix load V2) for other SoCs only",
            ),
            (
                "asc.load_data(y_local, x_local, params_3d_v1)",
                "TypeError: load_data: LoadData3DParamsV1 is not supported on dav-c220 (Atlas A2): CANN documents "
                "LoadData (3D load) v1 for other SoCs only",
            ),
            (
                "asc.load_data(x_local, x_gm, params_3d_v1_ir)",
                "TypeError: load_data: LoadData3DParamsV1 is not supported on dav-c220 (Atlas A2): CANN documents "
                "LoadData (3D load) v1 for other SoCs only",
            ),
            (
                "asc.load_data(y_local, x_local, params_3d_v2)",
                "ValueError: load_data: dst is at position VECOUT, but load_data takes it in L0A/L0B (A2, B2)",
            ),
            (
                "asc.load_data(x_local, x_gm, params_3d_v2_ir)",
                "ValueError: load_data: dst is at position VECIN, but load_data takes it in L0A/L0B (A2, B2)",
            ),
            (
                "asc.load_data(y_local, x_local, params_3d_v2_pro)",
                "ValueError: load_data: dst is at position VECOUT, but load_data takes it in L0A/L0B (A2, B2)",
            ),
        ],
    ),
    "test_mm.test_load_data_with_transpose": (
        """
        @asc.jit
        def k() -> None:
            x_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
            y_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
            params_v1 = asc.LoadData2dTransposeParams(0, 4, 0, 0, 0, 0)
            params_v2 = asc.LoadData2dTransposeParamsV2(0, 4, 0, 0, 0, 0, 0)
        """,
        (),
        [
            (
                "asc.load_data_with_transpose(y_local, x_local, params_v1)",
                "ValueError: load_data_with_transpose: dst is at position VECOUT, but load_data_with_transpose takes "
                "it in L0A/L0B (A2, B2)",
            ),
            (
                "asc.load_data_with_transpose(y_local, x_local, params_v2)",
                "TypeError: load_data_with_transpose: LoadData2dTransposeParamsV2 is not supported on dav-c220 "
                "(Atlas A2): CANN documents it for the Ascend 950 only",
            ),
        ],
    ),
    "test_mm.test_mmad": (
        """
        @asc.jit
        def k():
            dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=1024)
            fm = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=1024)
            filter = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=1024)
            bias = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=1024)
            params = asc.MmadParams(4, 4, 4)
        """,
        (),
        [
            (
                "asc.mmad(dst, fm, filter, params)",
                "ValueError: mmad: dst is at position VECOUT, but mmad takes it in L0C (CO1)",
            ),
            (
                "asc.mmad(dst, fm, filter, bias, params)",
                "ValueError: mmad: dst is at position VECOUT, but mmad takes it in L0C (CO1)",
            ),
        ],
    ),
    "test_fixpipe.test_fixpipe": (
        """
        @asc.jit
        def k(x) -> None:
            dst_gm = asc.GlobalTensor()
            dst_gm.set_global_buffer(x)
            src_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
            workspace_local = asc.LocalTensor(dtype=asc.uint64, pos=asc.TPosition.VECIN, addr=512, tile_size=1024)
            params = asc.FixpipeParamsV220(
                n_size=16, m_size=16, src_stride=32, dst_stride=32,
                quant_pre=asc.QuantModes.NoQuant, deq_scalar=0,
                nd_num=1, src_nd_stride=0, dst_nd_stride=0,
                relu_en=False, unit_flag=0, is_channel_split=False
            )
            fixpipe_config = asc.FixpipeConfig(asc.CO2Layout.ROW_MAJOR)
        """,
        (MockTensor(asc.float16),),
        [
            (
                "asc.fixpipe(dst_gm, src_local, params, fixpipe_config)",
                "ValueError: fixpipe: src is at position VECIN, but fixpipe takes it in L0C (CO1)",
            ),
            (
                "asc.fixpipe(dst_gm, src_local, workspace_local, params, fixpipe_config)",
                "ValueError: fixpipe: src is at position VECIN, but fixpipe takes it in L0C (CO1)",
            ),
        ],
    ),
    "test_common_api.test_aipp_functions_single_src": (
        """
        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            rgb_gm = asc.GlobalTensor()
            rgb_gm.set_global_buffer(x)
            swap_settings = asc.AippSwapParams(is_swap_rb=True)
            aipp_config = asc.AippParams(dtype=asc.int8, swap_params=swap_settings)
        """,
        (MockTensor(asc.int8),),
        [
            (
                "asc.set_aipp_functions(rgb_gm, asc.AippInputFormat.RGB888_U8, aipp_config)",
                "TypeError: set_aipp_functions: src0 holds int8, but AippInputFormat.RGB888_U8 images are uint8",
            ),
        ],
    ),
    "test_common_api.test_aipp_functions_dual_src": (
        """
        @asc.jit
        def k(y: asc.GlobalAddress, uv: asc.GlobalAddress) -> None:
            y_gm = asc.GlobalTensor()
            uv_gm = asc.GlobalTensor()
            y_gm.set_global_buffer(y)
            uv_gm.set_global_buffer(uv)
            dtc_settings = asc.AippDataTypeConvParams(dtc_mean_ch0=128)
            aipp_config = asc.AippParams(dtype=asc.float16, dtc_params=dtc_settings)
        """,
        (MockTensor(asc.float16), MockTensor(asc.float16)),
        [
            (
                "asc.set_aipp_functions(y_gm, uv_gm, asc.AippInputFormat.YUV420SP_U8, aipp_config)",
                "TypeError: set_aipp_functions: src0 holds float16, but AippInputFormat.YUV420SP_U8 images are uint8",
            ),
        ],
    ),
    "test_common_api.test_data_copy": (
        """
        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            x_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
            y_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
            x_gm = asc.GlobalTensor()
            x_gm.set_global_buffer(x)
        """,
        (MockTensor(asc.float16),),
        [
            (
                "asc.data_copy(y_local, x_local, intri_params=asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0))",
                "ValueError: data_copy: dst is at position VECIN, but data_copy takes it in TSCM",
            ),
            (
                "asc.data_copy(x_local, x_gm, intri_params=asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0))",
                "ValueError: data_copy: dst is at position VECIN, but data_copy takes it in L1 (A1, B1, C1, TSCM)",
            ),
            (
                "asc.data_copy(x_gm, x_local, intri_params=asc.DataCopyCO12DstParams(16, 1, 16, 1))",
                "ValueError: data_copy: src is at position VECIN, but data_copy takes it in L0C (CO1)",
            ),
            (
                "asc.data_copy(y_local, x_local, intri_params=asc.DataCopyCO12DstParams(16, 1, 16, 1))",
                "ValueError: data_copy: src is at position VECIN, but data_copy takes it in L0C (CO1)",
            ),
        ],
    ),
    "test_common_api.test_data_copy_pad": (
        """
        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            x_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
            x_gm = asc.GlobalTensor()
            x_gm.set_global_buffer(x)
            params = asc.DataCopyParams(1, 64, 0, 0)
            nd2nz_params = asc.Nd2NzParams(1, 2, 3, 4, 5, 6, 7, 8)
            ext_params = asc.DataCopyExtParams(1, 64, 0, 0, 8)
        """,
        (MockTensor(asc.float16),),
        [
            (
                "asc.data_copy_pad(x_local, x_local, params, nd2nz_params)",
                "ValueError: data_copy_pad: dst is at position VECIN, but data_copy_pad takes it in TSCM",
            ),
            (
                "asc.data_copy_pad(x_local, x_local, ext_params, nd2nz_params)",
                "ValueError: data_copy_pad: dst is at position VECIN, but data_copy_pad takes it in TSCM",
            ),
        ],
    ),
}

# The rejected kernels with what CANN accepts; the calls are pyasc's.
ADJUSTED: dict[str, tuple[str, tuple[object, ...], list[str]]] = {
    "test_mm.test_load_data": (
        # L1 -> L0A and GM -> L1 positions; the A2 structs (LoadData2DParams, LoadData3DParamsV2, V2Pro), and
        # the 3D loads read L1.
        """
        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            x_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A1, addr=0, tile_size=512)
            y_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A2, addr=0, tile_size=512)
            x_gm = asc.GlobalTensor()
            x_gm.set_global_buffer(x)
            params_2d = asc.LoadData2DParams(0, 4, 0, 0, 0, 0, 0)
            params_3d_v2 = asc.LoadData3DParamsV2(
                (0, 0, 0, 0), 16, 16, 16, 16, 16, 0, 0, 1, 1, 3, 3, 1, 1, False, 0, False, False, False
            )
            params_3d_v2_ir = asc.LoadData3DParamsV2.from_ir(params_3d_v2.to_ir())
            params_3d_v2_pro = asc.LoadData3DParamsV2Pro(16, False, False, False, False, False, 0, 0x10101010101)
            asc.load_data(y_local, x_local, params_2d)
            asc.load_data(x_local, x_gm, params_2d)
            asc.load_data(y_local, x_local, params_3d_v2)
            asc.load_data(y_local, x_local, params_3d_v2_ir)
            asc.load_data(y_local, x_local, params_3d_v2_pro)
        """,
        (MockTensor(asc.float16),),
        [
            "AscendC::LoadData(y_local, x_local, params_2d);",
            "AscendC::LoadData(x_local, x_gm, params_2d);",
            "AscendC::LoadData(y_local, x_local, params_3d_v2);",
            "AscendC::LoadData(y_local, x_local, params_3d_v2);",
            "AscendC::LoadData(y_local, x_local, params_3d_v2_pro);",
        ],
    ),
    "test_mm.test_load_data_with_transpose": (
        """
        @asc.jit
        def k() -> None:
            x_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.B1, addr=0, tile_size=512)
            y_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.B2, addr=0, tile_size=512)
            params_v1 = asc.LoadData2dTransposeParams(0, 4, 0, 0, 0, 0)
            asc.load_data_with_transpose(y_local, x_local, params_v1)
        """,
        (),
        ["AscendC::LoadDataWithTranspose(y_local, x_local, params_v1);"],
    ),
    "test_mm.test_mmad": (
        # L0C/L0A/L0B positions; float16 x float16 accumulates in float32; the bias table holds float32.
        """
        @asc.jit
        def k():
            dst = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.CO1, addr=0, tile_size=1024)
            fm = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A2, addr=0, tile_size=1024)
            filter = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.B2, addr=0, tile_size=1024)
            bias = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.C2, addr=0, tile_size=16)
            params = asc.MmadParams(4, 4, 4)
            asc.mmad(dst, fm, filter, params)
            asc.mmad(dst, fm, filter, bias, params)
        """,
        (),
        [
            # pyasc prints `AscendC::MmadParams params;`, losing m, n, k
            "AscendC::MmadParams params{4, 4, 4, 0, false, true};",
            "AscendC::Mmad(dst, fm, filter, params);",
            "AscendC::Mmad(dst, fm, filter, bias, params);",
        ],
    ),
    "test_fixpipe.test_fixpipe": (
        # L0C source (float32); float32 out with NoQuant; the per-channel factors of a cbuf_workspace (C1)
        # serve a vector quant mode (int8 out).
        """
        @asc.jit
        def k(x, q) -> None:
            dst_gm = asc.GlobalTensor()
            dst_gm.set_global_buffer(x)
            q_gm = asc.GlobalTensor()
            q_gm.set_global_buffer(q)
            src_local = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.CO1, addr=0, tile_size=512)
            workspace_local = asc.LocalTensor(dtype=asc.uint64, pos=asc.TPosition.C1, addr=512, tile_size=1024)
            params = asc.FixpipeParamsV220(
                n_size=16, m_size=16, src_stride=32, dst_stride=32,
                quant_pre=asc.QuantModes.NoQuant, deq_scalar=0,
                nd_num=1, src_nd_stride=0, dst_nd_stride=0,
                relu_en=False, unit_flag=0, is_channel_split=False
            )
            quant = asc.FixpipeParamsV220(16, 16, 32, 32, asc.QuantModes.VQF322B8_PRE)
            fixpipe_config = asc.FixpipeConfig(asc.CO2Layout.ROW_MAJOR)
            asc.fixpipe(dst_gm, src_local, params, fixpipe_config)
            asc.fixpipe(q_gm, src_local, workspace_local, quant, fixpipe_config)
        """,
        (MockTensor(asc.float32), MockTensor(asc.int8)),
        [
            "AscendC::Fixpipe<float, float, AscendC::CFG_ROW_MAJOR>(dst_gm, src_local, params);",
            "AscendC::Fixpipe<int8_t, float, AscendC::CFG_ROW_MAJOR>(q_gm, src_local, workspace_local, quant);",
        ],
    ),
    "test_common_api.test_aipp_functions_single_src": (
        """
        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            rgb_gm = asc.GlobalTensor()
            rgb_gm.set_global_buffer(x)
            swap_settings = asc.AippSwapParams(is_swap_rb=True)
            aipp_config = asc.AippParams(dtype=asc.int8, swap_params=swap_settings)
            asc.set_aipp_functions(rgb_gm, asc.AippInputFormat.RGB888_U8, aipp_config)
        """,
        (MockTensor(asc.uint8),),
        ["AscendC::SetAippFunctions(rgb_gm, AscendC::AippInputFormat::RGB888_U8, aipp_config);"],
    ),
    "test_common_api.test_aipp_functions_dual_src": (
        """
        @asc.jit
        def k(y: asc.GlobalAddress, uv: asc.GlobalAddress) -> None:
            y_gm = asc.GlobalTensor()
            uv_gm = asc.GlobalTensor()
            y_gm.set_global_buffer(y)
            uv_gm.set_global_buffer(uv)
            dtc_settings = asc.AippDataTypeConvParams(dtc_mean_ch0=128)
            aipp_config = asc.AippParams(dtype=asc.float16, dtc_params=dtc_settings)
            asc.set_aipp_functions(y_gm, uv_gm, asc.AippInputFormat.YUV420SP_U8, aipp_config)
        """,
        (MockTensor(asc.uint8), MockTensor(asc.uint8)),
        ["AscendC::SetAippFunctions(y_gm, uv_gm, AscendC::AippInputFormat::YUV420SP_U8, aipp_config);"],
    ),
    "test_common_api.test_data_copy": (
        # ND -> NZ from UB into TSCM and from GM into L1; Nz2NdParamsFull from UB (pyasc's call, unchanged);
        # out of L0C with DataCopyCO12DstParams (float32 results).
        """
        @asc.jit
        def k(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
            x_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
            t_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.TSCM, addr=0, tile_size=1024)
            a_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.A1, addr=2048, tile_size=1024)
            c_local = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.CO1, addr=0, tile_size=256)
            f_local = asc.LocalTensor(dtype=asc.float32, pos=asc.TPosition.A1, addr=4096, tile_size=256)
            x_gm = asc.GlobalTensor()
            x_gm.set_global_buffer(x)
            z_gm = asc.GlobalTensor()
            z_gm.set_global_buffer(z)
            intri_params = asc.Nd2NzParams(1, 32, 32, 0, 32, 32, 1, 0)
            asc.data_copy(t_local, x_local, intri_params=intri_params)
            asc.data_copy(a_local, x_gm, intri_params=intri_params)
            intri_params = asc.Nz2NdParamsFull(1, 32, 32, 1, 32, 32, 1)
            asc.data_copy(x_gm, x_local, intri_params=intri_params)
            intri_params = asc.DataCopyCO12DstParams(16, 1, 16, 1)
            asc.data_copy(z_gm, c_local, intri_params=intri_params)
            asc.data_copy(f_local, c_local, intri_params=intri_params)
        """,
        (MockTensor(asc.float16), MockTensor(asc.float32)),
        [
            "AscendC::DataCopy(t_local, x_local, intri_params);",
            "AscendC::DataCopy(a_local, x_gm, intri_params);",
            "AscendC::DataCopy(x_gm, x_local, intri_params_1);",
            "AscendC::DataCopy(z_gm, c_local, intri_params_2);",
            "AscendC::DataCopy(f_local, c_local, intri_params_2);",
        ],
    ),
    "test_common_api.test_data_copy_pad": (
        # the UB -> L1 forms write TSCM; the GM <-> UB calls are pyasc's, unchanged.
        """
        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            x_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
            t_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.TSCM, addr=0, tile_size=512)
            x_gm = asc.GlobalTensor()
            x_gm.set_global_buffer(x)
            params = asc.DataCopyParams(1, 64, 0, 0)
            pad_params = asc.DataCopyPadParams(True, 2, 4, 0)
            nd2nz_params = asc.Nd2NzParams(1, 2, 3, 4, 5, 6, 7, 8)
            ext_params = asc.DataCopyExtParams(1, 64, 0, 0, 8)
            pad_ext_params = asc.DataCopyPadExtParams(dtype=asc.float16, is_pad=True, left_padding=2,
                                                      right_padding=4, padding_value=0)
            asc.data_copy_pad(x_local, x_gm, params, pad_params)
            asc.data_copy_pad(x_gm, x_local, params)
            asc.data_copy_pad(t_local, x_local, params, nd2nz_params)
            asc.data_copy_pad(x_local, x_gm, ext_params, pad_ext_params)
            asc.data_copy_pad(x_gm, x_local, ext_params)
            asc.data_copy_pad(t_local, x_local, ext_params, nd2nz_params)
        """,
        (MockTensor(asc.float16),),
        [
            "AscendC::DataCopyPad(x_local, x_gm, params, pad_params);",
            "AscendC::DataCopyPad(x_gm, x_local, params);",
            "AscendC::DataCopyPad(t_local, x_local, params, nd2nz_params);",
            "AscendC::DataCopyPad(x_local, x_gm, ext_params, pad_ext_params);",
            "AscendC::DataCopyPad(x_gm, x_local, ext_params);",
            "AscendC::DataCopyPad(t_local, x_local, ext_params, nd2nz_params);",
        ],
    ),
}


def _compile(module: ModuleType, args: tuple[object, ...]) -> str:
    """pyasc's unit kernels exercise call shapes, not synchronisation: they compile unchecked."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=re.escape(UNCHECKED))
        return module.k.compile(*args).source


def _unchecked(body: str) -> str:
    source = textwrap.dedent(body).replace("@asc.jit\n", "@asc.jit()\n")
    return HEAD + source.replace("@asc.jit(", "@asc.jit(verify_sync=False, insert_sync=False, ")


def _head(line: str) -> str:
    """What a C++ statement calls or declares: the text before its arguments or initialiser."""
    return line.split("(", 1)[0].split("{", 1)[0].split(" = ", 1)[0]


def _api_lines(source: str, wanted: list[str]) -> list[str]:
    """The kernel's statements that call or declare what the ``wanted`` statements do."""
    heads = {_head(line) for line in wanted}
    body = [line.strip() for line in source.splitlines() if line.startswith("    ")]
    return [line for line in body if _head(line) in heads]


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_pyasc_kernel_compiles(kernel_module: Callable[[str], ModuleType], name: str) -> None:
    body, args, lines = ACCEPTED[name]
    source = _compile(kernel_module(_unchecked(body)), args)
    assert _api_lines(source, lines) == lines


@pytest.mark.parametrize(
    ("name", "index"), [(name, i) for name in sorted(REJECTED) for i in range(len(REJECTED[name][2]))]
)
def test_pyasc_call_is_rejected(kernel_module: Callable[[str], ModuleType], name: str, index: int) -> None:
    body, args, calls = REJECTED[name]
    statement, message = calls[index]
    setup = textwrap.dedent(body).rstrip("\n")
    indent = setup.splitlines()[-1][: len(setup.splitlines()[-1]) - len(setup.splitlines()[-1].lstrip())]
    module = kernel_module(_unchecked(f"{setup}\n{indent}{statement}  # the call under test\n"))
    with pytest.raises(KernelError) as caught:
        _compile(module, args)
    assert caught.value.message == message
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "# the call under test")


@pytest.mark.parametrize("name", sorted(ADJUSTED))
def test_adjusted_kernel_compiles(kernel_module: Callable[[str], ModuleType], name: str) -> None:
    body, args, lines = ADJUSTED[name]
    source = _compile(kernel_module(_unchecked(body)), args)
    assert _api_lines(source, lines) == lines


def test_every_rejected_kernel_has_an_adjusted_form() -> None:
    assert set(REJECTED) == set(ADJUSTED)


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The C++ of every kernel ascx compiles, as written or adjusted, for the CANN type-check
    (``ascx.testing.cann_kernels``)."""
    for table in (ACCEPTED, ADJUSTED):
        for name, (body, args, _) in sorted(table.items()):
            module = load_kernel_source(directory, _unchecked(body))
            yield name, _compile(module, args)
