"""The cube-level families (rendered by ``ascx.language.reference``): matrix loads and ``mmad``, ``fixpipe``
and the ND/NZ copies, ``LocalMemAllocator``, AIPP.  The records stand beside their APIs (``mm.py``,
``mm_modes.py``, ``fixpipe.py``, ``data_copy.py``, ``aipp.py``, ``core/memory_allocator.py``,
``core/aipp_types.py``); those of the parameter structs of ``core/cube_params.py`` are still listed here.

The C++ of each record is the overload of CANN's Ascend C headers that ascx prints; where pyasc 1.1.1
prints something else, the record's notes say what and why.
"""

from __future__ import annotations

from ascx.language.basic.cube_operands import range_message
from ascx.language.reference import ApiEntry, Family

_B = "ascx.language.basic"
_P = "ascx.language.core.cube_params"
_A = "ascx.language.core.aipp_types"

_FIELD_RULE = (  # the first and last messages are raised in core/cube_params.py, quoted here
    "Constant fields fit their C++ types and documented ranges: "
    '"LoadData2DParams: repeat_times 300 does not fit uint8"; '
    f'"{range_message("mmad", "MmadParams", "m", 4096, 0, 4095)}"; '
    'bool fields take bools (or 0/1): "LoadData2DParams: if_transpose must be a bool, got the int 2".'
)
_NOT_ON_A2 = "not on dav-c220 (Atlas A2)"


# --- matrix loads, mmad, the cube's settings ---------------------------------------------------------

MMAD_PARAMS = ApiEntry(
    f"{_P}:MmadParams",
    "The sizes of one ``mmad`` (``m`` x ``k`` times ``k`` x ``n``) and how L0C starts: zeros "
    "(``cmatrix_init_val=True``, the default), the bias table (``cmatrix_source=True``) or what L0C holds "
    "(both False: accumulate).",
    (
        "asc.MmadParams(m=0, n=0, k=0, unit_flag=0, cmatrix_source=False, cmatrix_init_val=True)",
        "asc.MmadParams(m, n, k, is_bias, fm_offset=0, en_ssparse=False, en_winograd_a=False, en_winograd_b=False)",
    ),
    (
        "AscendC::MmadParams p{m, n, k, unitFlag, cmatrixSource, cmatrixInitVal};  // uint16_t x3, uint8_t, bool, bool",
        "AscendC::MmadParams p{m, n, k, isBias, fmOffset, enSsparse, enWinogradA, enWinogradB};  // the other one",
    ),
    (
        ("m, n, k", "rows of ``fm``, columns of ``filter``, the shared dimension; each 0 to 4095"),
        ("unit_flag", "0 (off), 2 or 3: the L0C handshake with ``fixpipe``"),
        ("is_bias", "the legacy constructor's flag: True starts from L0C (accumulate), False from zeros"),
    ),
    (
        'The two C++ constructors do not mix: "MmadParams: is_bias and unit_flag belong to different constructors of '
        'AscendC::MmadParams".',
        _FIELD_RULE,
    ),
    (
        "pyasc prints ``AscendC::MmadParams v;`` for ``MmadParams(16, 16, 16)``: the sizes are lost and the Mmad "
        "computes nothing. ascx prints every field.",
    ),
    title="asc.MmadParams",
)


def _struct(name: str, summary: str, form: str, cpp: str, *, notes: tuple[str, ...] = (), a2: bool = True) -> ApiEntry:
    """A parameter struct; one CANN documents for other SoCs only is printed without ``AscendC::``."""
    return ApiEntry(
        f"{_P}:{name}",
        summary,
        (form,),
        (cpp if a2 else f"{cpp}  // {_NOT_ON_A2}",),
        rules=(_FIELD_RULE,),
        notes=notes,
        title=f"asc.{name}",
    )


LOAD_STRUCTS = (
    _struct(
        "LoadData2DParams",
        "A 2D load: ``repeat_times`` fractals from fractal ``start_index``, ``src_stride`` fractals apart, with "
        "``dst_gap`` fractals between them in the destination, transposed (``if_transpose``, 16-bit only).",
        "asc.LoadData2DParams(start_index=0, repeat_times=1, src_stride=0, sid=0, dst_gap=0, if_transpose=False, "
        "addr_mode=0)",
        "AscendC::LoadData2DParams p{startIndex, repeatTimes, srcStride, sid, dstGap, ifTranspose, addrMode};",
    ),
    _struct(
        "LoadData2DParamsV2",
        "The V2 2D load (positions and steps in fractals).",
        "asc.LoadData2DParamsV2(m_start_position=0, k_start_position=0, m_step=0, k_step=0, src_stride=0, "
        "dst_stride=0, if_transpose=False, sid=0)",
        "LoadData2DParamsV2 p{mStartPosition, kStartPosition, mStep, kStep, srcStride, dstStride, ifTranspose, sid};",
        a2=False,
    ),
    _struct(
        "LoadData3DParamsV1",
        "The V1 3D (im2col) load.",
        "asc.LoadData3DParamsV1(pad_list=(0, 0, 0, 0), l1_h=1, l1_w=1, c1_index=0, fetch_filter_w=0, fetch_filter_h=0, "
        "left_top_w=0, left_top_h=0, stride_w=1, stride_h=1, filter_w=1, filter_h=1, dilation_filter_w=1, "
        "dilation_filter_h=1, jump_stride=1, repeat_mode=0, repeat_time=1, c_size=0, pad_value=0)",
        "LoadData3DParamsV1<T> p{padList, l1H, l1W, c1Index, fetchFilterW, fetchFilterH, leftTopW, leftTopH, "
        "strideW, strideH, filterW, filterH, dilationFilterW, dilationFilterH, jumpStride, repeatMode, repeatTime, "
        "cSize, padValue};",
        a2=False,
    ),
    _struct(
        "LoadData3DParamsV2",
        "An im2col window of a feature map in L1 (``l1_h`` x ``l1_w`` x ``channel_size``) as an ``m_extension`` x "
        "``k_extension`` matrix; the struct's type follows the tensors' (pyasc leaves it out).",
        "asc.LoadData3DParamsV2(pad_list=(0, 0, 0, 0), l1_h=1, l1_w=1, channel_size=1, k_extension=1, m_extension=1, "
        "k_start_pt=0, m_start_pt=0, stride_w=1, stride_h=1, filter_w=1, filter_h=1, dilation_filter_w=1, "
        "dilation_filter_h=1, en_transpose=False, pad_value=0, filter_size_w=False, filter_size_h=False, "
        "f_matrix_ctrl=False)",
        "uint8_t padList[4] = {l, r, t, b}; AscendC::LoadData3DParamsV2<T> p{padList, l1H, l1W, channelSize, "
        "kExtension, mExtension, kStartPt, "
        "mStartPt, strideW, strideH, filterW, filterH, dilationFilterW, dilationFilterH, enTranspose, enSmallK, "
        "padValue, filterSizeW, filterSizeH, fMatrixCtrl};",
        notes=("``en_small_k`` keeps C++'s default (false): pyasc has no parameter for it.",),
    ),
    _struct(
        "LoadData3DParamsV2Pro",
        "The 3D load with its configuration packed in two 64-bit words.",
        "asc.LoadData3DParamsV2Pro(channel_size=0, en_transpose=False, en_small_k=False, filter_size_w=False, "
        "filter_size_h=False, f_matrix_ctrl=False, ext_config=0, filter_config=0x10101010101)",
        "AscendC::LoadData3DParamsV2Pro p{channelSize, enTranspose, enSmallK, filterSizeW, filterSizeH, fMatrixCtrl, "
        "extConfig, filterConfig};",
    ),
    _struct(
        "LoadData2dTransposeParams",
        "A transposing load: ``repeat_times`` square blocks from fractal ``start_index``.",
        "asc.LoadData2dTransposeParams(start_index=0, repeat_times=1, src_stride=0, dst_gap=0, dst_frac_gap=0, "
        "addr_mode=0)",
        "AscendC::LoadData2dTransposeParams p{startIndex, repeatTimes, srcStride, dstGap, dstFracGap, addrMode};",
    ),
    _struct(
        "LoadData2dTransposeParamsV2",
        "The V2 transposing load, with ``src_frac_gap``.",
        "asc.LoadData2dTransposeParamsV2(start_index=0, repeat_times=0, src_stride=0, dst_gap=0, dst_frac_gap=0, "
        "src_frac_gap=0, addr_mode=0)",
        "LoadData2dTransposeParamsV2 p{startIndex, repeatTimes, srcStride, dstGap, dstFracGap, srcFracGap, addrMode};",
        a2=False,
    ),
    _struct(
        "LoadDataRepeatParam",
        "How ``set_load_data_repeat`` repeats 3D loads.",
        "asc.LoadDataRepeatParam(repeat_time=1, repeat_stride=0, repeat_mode=0)",
        "AscendC::LoadDataRepeatParam p{repeatStride, repeatTime, repeatMode};  // uint16_t, uint8_t, uint8_t",
        notes=(
            "pyasc prints the fields in its parameter order (``{repeatTime, repeatStride, repeatMode}``), which "
            "swaps the first two in C++; ascx prints C++'s order.",
        ),
    ),
    _struct(
        "InitConstValueParams",
        "``init_const_value``'s blocks and value; the struct's type is the tensor's (literal values take it, a "
        "runtime value must match).",
        "asc.InitConstValueParams(repeat_times=0, block_num=0, dst_gap=0, init_value=0)",
        "AscendC::InitConstValueParams<T> p{repeatTimes, blockNum, dstGap, initValue};",
    ),
)

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
    (MMAD_PARAMS, *LOAD_STRUCTS),  # core/cube_params.py: listed until it is restructured
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
    modules=(f"{_B}.mm", f"{_B}.mm_modes"),
)


# --- fixpipe, the ND/NZ copies, LocalMemAllocator ------------------------------------------------------

FIXPIPE_PARAMS = ApiEntry(
    f"{_P}:FixpipeParamsV220",
    "``fixpipe``'s sizes (``n_size`` columns, ``m_size`` rows), strides (``src_stride`` in rows of the NZ source; "
    "``dst_stride`` in elements per ND row, or 32-byte blocks for NZ), conversion and ReLU.",
    (
        "asc.FixpipeParamsV220(n_size, m_size, src_stride, dst_stride, quant_pre=asc.QuantModes.NoQuant, deq_scalar=0, "
        "nd_num=1, src_nd_stride=0, dst_nd_stride=0, relu_en=False, unit_flag=0, is_channel_split=False)",
    ),
    (
        "AscendC::FixpipeParamsV220 p{nSize, mSize, srcStride, dstStride, reluEn, quantPre, deqScalar, ndNum, "
        "srcNdStride, dstNdStride, unitFlag, isChannelSplit};",
    ),
    (("quant_pre", "an ``asc.QuantModes``, printed by name (``QuantMode_t::F322F16``)"),),
    (
        '"FixpipeParamsV220: quant_pre must be an asc.QuantModes, got CO2Layout.NZ".',
        _FIELD_RULE,
    ),
    ("C++ puts ``reluEn`` fifth; ascx prints the fields in C++'s order whatever the Python order.",),
    title="asc.FixpipeParamsV220",
)

FIXPIPE_CONFIG = ApiEntry(
    f"{_P}:FixpipeConfig",
    "The layout ``fixpipe`` writes, a compile-time template argument.",
    (
        "asc.FixpipeConfig(asc.CO2Layout.ROW_MAJOR)",
        "asc.FixpipeConfig.cfg_row_major()",
        "asc.FixpipeConfig.cfg_nz()",
    ),
    ("AscendC::Fixpipe<T, U, AscendC::CFG_ROW_MAJOR>(...)  // or AscendC::CFG_NZ",),
    rules=('"FixpipeConfig: layout must be an asc.CO2Layout, got the int 1".',),
    notes=(
        "pyasc declares a ``FixpipeConfig`` variable as well; CANN takes the config as a template argument only, "
        "which ascx prints.",
    ),
    title="asc.FixpipeConfig",
)

_COPY_FORM_CPP = "template <typename T> void DataCopy(const {dst}& dst, const {src}& src, const {p}& intriParams);"

COPY_STRUCTS = (
    ApiEntry(
        f"{_P}:Nd2NzParams",
        "``data_copy`` ND -> NZ into L1: ``nd_num`` matrices of ``n_value`` rows x ``d_value`` columns (rows "
        "``src_d_value`` elements apart) become fractal Z blocks, ``dst_nz_c0_stride`` 32-byte blocks apart; from "
        "GM on MTE2, or one matrix from UB into TSCM on MTE3.",
        (
            "asc.data_copy(dst, src, asc.Nd2NzParams(nd_num, n_value, d_value, src_nd_matrix_stride, src_d_value, "
            "dst_nz_c0_stride, dst_nz_n_stride, dst_nz_matrix_stride))",
        ),
        (
            "AscendC::Nd2NzParams p{ndNum, nValue, dValue, srcNdMatrixStride, srcDValue, dstNzC0Stride, dstNzNStride, "
            "dstNzMatrixStride};",
            _COPY_FORM_CPP.format(dst="LocalTensor<T>", src="GlobalTensor<T>", p="Nd2NzParams"),
            _COPY_FORM_CPP.format(dst="LocalTensor<T>", src="LocalTensor<T>", p="Nd2NzParams") + "  // UB -> TSCM",
        ),
        rules=(
            '"data_copy: Nd2NzParams copy into L1; dst is a GlobalTensor"; "data_copy: a UB -> L1 ND to NZ copy moves '
            'one matrix: nd_num must be 1, got 2"; "data_copy: Nd2NzParams.dst_nz_c0_stride is 0, outside [1, 16384]".',
        ),
        notes=(
            "Emulated from GM and from UB.",
            "``data_copy_pad(dst, src, data_copy_params, nd2nz_params)`` takes it too: UB -> a GM relay -> TSCM "
            "([data_copy_pad](data_copy.md#asc-data_copy_pad)).",
        ),
        title="asc.Nd2NzParams",
    ),
    ApiEntry(
        f"{_P}:Nz2NdParamsFull",
        "``data_copy`` NZ (in UB) -> ND in GM, on MTE3.",
        (
            "asc.data_copy(dst, src, asc.Nz2NdParamsFull(nd_num, n_value, d_value, src_nd_matrix_stride, src_n_stride, "
            "dst_d_stride, dst_nd_matrix_stride))",
        ),
        (
            "AscendC::Nz2NdParamsFull p{ndNum, nValue, dValue, srcNdMatrixStride, srcNStride, dstDStride, "
            "dstNdMatrixStride};",
            _COPY_FORM_CPP.format(dst="GlobalTensor<T>", src="LocalTensor<T>", p="Nz2NdParamsFull"),
        ),
        rules=('"data_copy: Nz2NdParamsFull.d_value must be a multiple of 16, got 20".',),
        title="asc.Nz2NdParamsFull",
    ),
    ApiEntry(
        f"{_P}:DataCopyCO12DstParams",
        "``data_copy`` out of L0C (CO1) to GM or L1 on FIX, converting (``quant_pre``), with ReLU (``relu_pre``) "
        "and NZ -> ND (``nz2nd_en``).",
        (
            "asc.data_copy(dst, src, asc.DataCopyCO12DstParams(n_size, m_size, dst_stride, src_stride, "
            "quant_pre=asc.QuantModes.NoQuant, relu_pre=0, channel_split=False, nz2nd_en=False))",
        ),
        (
            "AscendC::DataCopyCO12DstParams p{nSize, mSize, dstStride, srcStride, quantPre, reluPre, channelSplit, "
            "nz2ndEn};",
            "template <typename T, typename U> void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<U>& src, "
            "const DataCopyCO12DstParams& intriParams);",
        ),
        rules=(
            '"data_copy: quant_pre NoQuant does not convert float32 to float16"; "data_copy: dst is at position VECIN, '
            'but DataCopy from L0C to UB is not supported on dav-c220 (Atlas A2)".',
        ),
        title="asc.DataCopyCO12DstParams",
    ),
    ApiEntry(
        f"{_P}:DataCopyEnhancedParams",
        "``data_copy`` of blocks (a ``DataCopyParams``) with a block mode and an on-the-fly conversion; the "
        "conversions apply between on-chip buffers (UB), a copy to or from GM moves the data unchanged.",
        ("asc.data_copy(dst, src, repeat_params, enhanced_params)",),
        (
            "AscendC::DataCopyEnhancedParams p{blockMode, deqScale, deqValue, sidStoreMode, isRelu, padMode, "
            "padValue};",
            "template <typename T> void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, "
            "const DataCopyParams& intriParams, const DataCopyEnhancedParams& enhancedParams);",
        ),
        (
            (
                "block_mode, deq_scale, pad_mode_in",
                "``asc.BlockMode``, ``asc.DeqScale``, ``asc.pad_t`` members, printed by name",
            ),
        ),
        ('"DataCopyEnhancedParams: block_mode must be an asc.BlockMode, got DeqScale.DEQ".',),
        title="asc.DataCopyEnhancedParams",
    ),
)

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
    (FIXPIPE_PARAMS, FIXPIPE_CONFIG, *COPY_STRUCTS),  # core/cube_params.py: listed until it is restructured
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
    modules=(f"{_B}.fixpipe", f"{_B}.data_copy", "ascx.language.core.memory_allocator"),
)


# --- AIPP ------------------------------------------------------------------------------------------------


LOAD_IMAGE_PARAMS = (  # core/cube_params.py: listed until that module is restructured
    ApiEntry(
        f"{_P}:LoadImageToLocalParams",
        "The window of the image ``load_image_to_local`` loads (``horiz_size`` x ``vert_size`` from "
        "(``horiz_start_pos``, ``vert_start_pos``) of a ``src_horiz_size``-wide image) and its padding.",
        (
            "asc.LoadImageToLocalParams(horiz_size=2, vert_size=2, horiz_start_pos=0, vert_start_pos=0, "
            "src_horiz_size=2, top_pad_size=0, bot_pad_size=0, left_pad_size=0, right_pad_size=0)",
        ),
        (
            "AscendC::LoadImageToLocalParams p{horizSize, vertSize, horizStartPos, vertStartPos, srcHorizSize, "
            "topPadSize, botPadSize, leftPadSize, rightPadSize};",
        ),
        rules=(f'"{range_message("load_image_to_local", "LoadImageToLocalParams", "horiz_size", 1, 2, 4095)}".',),
        title="asc.LoadImageToLocalParams",
    ),
)

AIPP = Family(
    "basic/aipp",
    "Cube: AIPP image preprocessing (`set_aipp_functions`, `load_image_to_local`)",
    """
    AIPP loads an image from GM into L1 and preprocesses it on the way (padding, channel swaps,
    colour space conversion, conversion to int8 or float16).  `set_aipp_functions` names the image
    (one uint8 plane for RGB888/XRGB8888, two for YUV420SP: Y and UV) and the configuration;
    `load_image_to_local` loads a window of it, on MTE2.
    """,
    LOAD_IMAGE_PARAMS,
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
    modules=(f"{_B}.aipp", _A),
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
