"""The cube-level families (rendered by ``ascx.language.reference``): matrix loads and ``mmad``, ``fixpipe``
and the ND/NZ copies, ``LocalMemAllocator``, AIPP.  The records stand beside their APIs (``mm.py``,
``mm_modes.py``, ``fixpipe.py``, ``data_copy.py``, ``aipp.py``, ``core/memory_allocator.py``,
``core/aipp_types.py``, ``core/cube_params.py``).

The C++ of each record is the overload of CANN's Ascend C headers that ascx prints; where pyasc 1.1.1
prints something else, the record's notes say what and why.
"""

from __future__ import annotations

from ascx.language.reference import Family

_B = "ascx.language.basic"
_P = "ascx.language.core.cube_params"
_A = "ascx.language.core.aipp_types"


# --- matrix loads, mmad, the cube's settings ---------------------------------------------------------

CUBE_MATMUL = Family(
    "basic/cube_matmul",
    "Cube: `mmad`, the matrix loads and the cube's settings",
    """
    A matmul on the cube moves its operands from GM into L1 (A1/B1) in the fractal NZ layout
    (`data_copy` with `Nd2NzParams`, on MTE2), from L1 into L0A (A2) and L0B (B2) with `load_data`
    or `load_data_with_transpose` (MTE1), multiplies them into L0C (CO1) with `mmad` (the cube
    pipe, M), and takes the result out with `fixpipe` (FIX; see the
    [cube data movement page](cube_data_movement.md)).  Each op declares its pipe and the tensors it
    reads and writes, so the sync verifier and `ascx-insert-sync` order MTE2 -> MTE1 -> M -> FIX.
    The CPU emulation models L1, L0A, L0B and L0C with their sizes (512 KB, 64 KB, 64 KB, 128 KB on
    dav-c220), the fractal layouts, and the documented arithmetic; `examples/cube_matmul*.py` run
    matmuls end to end and match numpy bit for bit.
    """,
    (_P, f"{_B}.mm", f"{_B}.mm_modes"),
    """
    @asc.jit(matmul_cube_only=True)
    def kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress) -> None:
        ag = asc.GlobalTensor()
        ag.set_global_buffer(a)
        bg = asc.GlobalTensor()
        bg.set_global_buffer(b)
        cg = asc.GlobalTensor()
        cg.set_global_buffer(c)
        a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 512)
        b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 1024, 512)
        a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 512)
        b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 512)
        c1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
        asc.set_hf32_mode(False)
        asc.set_mm_layout_transform(False)
        asc.init_const_value(a2, asc.InitConstValueParams(1, 2, 0, 0))
        asc.data_copy(a1, ag, asc.Nd2NzParams(1, 16, 32, 0, 32, 16, 1, 0))
        asc.data_copy(b1, bg, asc.Nd2NzParams(1, 32, 16, 0, 16, 32, 1, 0))
        asc.load_data(a2, a1, asc.LoadData2DParams(0, 2, 1))
        asc.load_data_with_transpose(b2, b1, asc.LoadData2dTransposeParams(0, 1, 1))
        asc.mmad(c1, a2, b2, asc.MmadParams(16, 16, 32))
        asc.fixpipe(cg, c1, asc.FixpipeParamsV220(16, 16, 16, 16))
        # 3D loads and the sparse path, as they are written
        s1 = asc.LocalTensor(asc.int8, asc.TPosition.B1, 4096, 1024)
        idx = asc.LocalTensor(asc.uint8, asc.TPosition.B1, 8192, 256)
        s2 = asc.LocalTensor(asc.int8, asc.TPosition.A2, 4096, 1024)
        sb2 = asc.LocalTensor(asc.int8, asc.TPosition.B2, 4096, 1024)
        i1 = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 4096, 256)
        asc.load_data_with_sparse(sb2, s1, idx, asc.LoadData2DParams(0, 1))
        asc.mmad_with_sparse(i1, s2, sb2, asc.MmadParams(16, 16, 32, False))
        asc.set_load_data_boundary(0)
        asc.set_load_data_padding_value(0)
        asc.set_load_data_repeat(asc.LoadDataRepeatParam(1, 0, 0))
        asc.load_data(a2, a1, asc.LoadData3DParamsV2((0, 0, 0, 0), 4, 4, 16, 16, 16))
        asc.load_data(a2, a1, asc.LoadData3DParamsV2Pro(16))
        asc.set_hf32_trans_mode(False)
    """,
    "(MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32))",
)


# --- fixpipe, the ND/NZ copies, LocalMemAllocator ------------------------------------------------------

CUBE_DATA_MOVEMENT = Family(
    "basic/cube_data_movement",
    "Cube: `fixpipe`, the ND/NZ copies and `LocalMemAllocator`",
    """
    The cube works on the fractal NZ layout: 16 x (32 bytes) Z blocks, column block after column
    block.  `data_copy` with `Nd2NzParams` converts row-major (ND) matrices into it on the way into
    L1 (MTE2); `fixpipe` (or `data_copy` with `DataCopyCO12DstParams`) takes results out of L0C on
    FIX, converting NZ back to ND and float32 to float16/bfloat16 on the way; `Nz2NdParamsFull`
    copies NZ matrices from UB to ND in GM (MTE3).  `LocalMemAllocator` gives the tensors of each
    memory fixed addresses, without `TPipe`.  The matrix loads and `mmad` are on the
    [cube matmul page](cube_matmul.md).
    """,
    (_P, f"{_B}.fixpipe", f"{_B}.data_copy", "ascx.language.core.memory_allocator"),
    """
    @asc.jit(matmul_cube_only=True)
    def kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress) -> None:
        ag = asc.GlobalTensor()
        ag.set_global_buffer(a)
        bg = asc.GlobalTensor()
        bg.set_global_buffer(b)
        cg = asc.GlobalTensor()
        cg.set_global_buffer(c)
        l1 = asc.LocalMemAllocator(asc.Hardware.L1)
        a1 = l1.alloc(asc.TPosition.A1, asc.float16, 256)
        b1 = l1.alloc(asc.TPosition.B1, asc.float16, 256)
        a2 = asc.LocalMemAllocator(asc.Hardware.L0A).alloc(asc.TPosition.A2, asc.float16, 256)
        b2 = asc.LocalMemAllocator(asc.Hardware.L0B).alloc(asc.TPosition.B2, asc.float16, 256)
        c1 = asc.LocalMemAllocator(asc.Hardware.L0C).alloc(asc.TPosition.CO1, asc.float32, 256)
        next_address = l1.get_cur_addr()
        asc.data_copy(a1, ag, asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 0))
        asc.data_copy(b1, bg, asc.Nd2NzParams(1, 16, 16, 0, 16, 16, 1, 0))
        asc.load_data(a2, a1, asc.LoadData2DParams(0, 1, 1))
        asc.load_data(b2, b1, asc.LoadData2DParams(0, 1, 1, if_transpose=True))
        asc.mmad(c1, a2, b2, asc.MmadParams(16, 16, 16))
        asc.set_fix_pipe_pre_quant_flag(0)
        asc.fixpipe(cg, c1, asc.FixpipeParamsV220(16, 16, 16, 16, asc.QuantModes.F322F16, relu_en=True))
        asc.fixpipe(cg, c1, asc.FixpipeParamsV220(16, 16, 16, 16, asc.QuantModes.F322F16), asc.FixpipeConfig.cfg_nz())
        asc.data_copy(cg, c1, asc.DataCopyCO12DstParams(16, 16, 16, 16, asc.QuantModes.F322F16, nz2nd_en=True))
        asc.data_copy(a1, ag, asc.DataCopyParams(1, 16), asc.DataCopyEnhancedParams())
        asc.set_pad_value(0)
        # The vector core's side: asc.data_copy(yg, ub_tensor, asc.Nz2NdParamsFull(1, 16, 16, 1, 16, 16, 1))
    """,
    "(MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float16))",
)


# --- AIPP ------------------------------------------------------------------------------------------------

AIPP = Family(
    "basic/aipp",
    "Cube: AIPP image preprocessing (`set_aipp_functions`, `load_image_to_local`)",
    """
    AIPP loads an image from GM into L1 and preprocesses it on the way (padding, channel swaps,
    colour space conversion, conversion to int8 or float16).  `set_aipp_functions` names the image
    (one uint8 plane for RGB888/XRGB8888, two for YUV420SP: Y and UV) and the configuration;
    `load_image_to_local` loads a window of it, on MTE2.
    """,
    (_P, f"{_B}.aipp", _A),
    """
    @asc.jit(matmul_cube_only=True)
    def kernel(y: asc.GlobalAddress, uv: asc.GlobalAddress) -> None:
        yg = asc.GlobalTensor()
        yg.set_global_buffer(y)
        uvg = asc.GlobalTensor()
        uvg.set_global_buffer(uv)
        cfg = asc.AippParams(
            asc.float16,
            asc.AippPaddingParams(),
            asc.AippSwapParams(is_swap_uv=True),
            asc.AippSingleLineParams(),
            asc.AippDataTypeConvParams(dtc_mean_ch0=128),
            asc.AippChannelPaddingParams(),
            asc.AippColorSpaceConvParams(),
        )
        asc.set_aipp_functions(yg, uvg, asc.AippInputFormat.YUV420SP_U8, cfg)
        a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 4096)
        asc.load_image_to_local(a1, asc.LoadImageToLocalParams(16, 16, 0, 0, 64))
    """,
    "(MockTensor(asc.uint8), MockTensor(asc.uint8))",
)

FAMILIES = (CUBE_MATMUL, CUBE_DATA_MOVEMENT, AIPP)
"""The cube families, appended to ``ascx.language.basic.api_docs.FAMILIES``."""

CORE_NAMES = frozenset(
    {
        "LoadData2DParamsV2",
        "LoadData2dTransposeParamsV2",
        "LoadData3DParamsV1",
        "LoadData3DParamsV2",
        "LoadData3DParamsV2Pro",
        "LoadDataRepeatParam",
        "Nz2NdParamsFull",
        "FixpipeParamsV220",
        "FixpipeConfig",
        "LocalMemAllocator",
        "LocalMemAllocator.alloc",
        "LocalMemAllocator.get_cur_addr",
    }
)
"""The names of ``asc.language.core`` these records document besides the ``...Params`` structs."""
