"""The ``data_copy`` forms of the cube data path: ``Nd2NzParams`` (ND in GM or UB to NZ in L1),
``Nz2NdParamsFull`` (NZ in UB to ND in GM), ``DataCopyCO12DstParams`` (results out of L0C) and
``DataCopyParams`` with ``DataCopyEnhancedParams``; ``data_copy`` dispatches to them.  ``data_copy_pad``'s
UB -> L1 form with ``Nd2NzParams`` is here too.
"""

from __future__ import annotations

from ascx.dialects import ascendc as ir
from ascx.language.basic.cube_operands import L0C, L1, UB, check_alignment, check_dtypes, check_range, local_operand
from ascx.language.basic.fixpipe import CONVERSIONS
from ascx.language.basic.mm import DAV_C220
from ascx.language.basic.operands import element_dtype, type_list
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.cube_enums import QuantModes
from ascx.language.core.cube_params import DataCopyCO12DstParams, DataCopyEnhancedParams, Nd2NzParams, Nz2NdParamsFull
from ascx.language.core.dtype import DataType, bfloat16, float16, float32, int8, int16, int32, uint8, uint16, uint32
from ascx.language.core.enums import TPosition
from ascx.language.core.params import DataCopyExtParams, DataCopyParams
from ascx.language.core.tensor import BaseTensor, GlobalTensor, LocalTensor

ND2NZ_TYPES = (int8, uint8, int16, uint16, int32, uint32, float16, bfloat16, float32)
NZ2ND_TYPES = (int16, uint16, float16, bfloat16, int32, uint32, float32)


def _same(api: str, dst: BaseTensor, src: BaseTensor) -> None:
    if element_dtype(dst, api) != element_dtype(src, api):
        raise ApiTypeError(f"{api}: dst is {dst.dtype} but src is {src.dtype}; a copy does not convert", "use asc.cast")


def copy_nd2nz(dst: BaseTensor, src: BaseTensor, params: Nd2NzParams) -> None:
    """``AscendC::DataCopy(dst, src, Nd2NzParams)``: ND matrices from GM (into A1/B1/C1) or UB (into TSCM)
    into L1 in the NZ layout."""
    api = "data_copy"
    builder = active(api)
    if isinstance(dst, GlobalTensor):
        raise ApiTypeError(f"{api}: Nd2NzParams copy into L1; dst is a GlobalTensor")
    if isinstance(src, GlobalTensor):
        d = local_operand(dst, api, "dst", L1)
    else:
        local_operand(src, api, "src", UB)
        d = local_operand(dst, api, "dst", frozenset({TPosition.TSCM}))
        nd_num = params.constant("nd_num")
        if nd_num is not None and nd_num != 1:
            raise ApiValueError(one_matrix_message(api, nd_num))
    _same(api, d, src)
    check_dtypes(api, "the data type", element_dtype(d, api), ND2NZ_TYPES)
    check_alignment(builder, api, "dst", d, 32)
    _check_nd2nz_ranges(api, params)
    builder.insert(ir.DataCopyNd2NzOp(d.ssa, src.ssa, params.ssa))


ND2NZ_RANGES = (
    ("nd_num", 0, 4095),
    ("n_value", 0, 16384),
    ("src_d_value", 1, 65535),
    ("dst_nz_c0_stride", 1, 16384),
    ("dst_nz_n_stride", 1, 16384),
    ("dst_nz_matrix_stride", 0, 16384),
)
"""The documented ranges of ``Nd2NzParams``' fields (CANN's DataCopy ND2NZ pages)."""


def _check_nd2nz_ranges(api: str, params: Nd2NzParams) -> None:
    for name, low, high in ND2NZ_RANGES:
        check_range(api, params, name, low, high)


PAD_BLOCK_LEN_LIMIT = {DataCopyExtParams: 2097151, DataCopyParams: 65535}
"""The largest ``block_len`` (bytes) of ``DataCopyPad``: CANN's limit, or the ``uint16_t`` field's."""
PAD_BLOCK_COUNT_RANGE = (1, 4095)


def one_matrix_message(api: str, nd_num: int) -> str:
    return f"{api}: a UB -> L1 ND to NZ copy moves one matrix: nd_num must be 1, got {nd_num}"


def pad_block_len_message(api: str, params: str, length: int, dtype: DataType) -> str:
    return f"{api}: {params}.block_len is {length} bytes, not a multiple of sizeof({dtype}) = {dtype.sizeof()}"


_API = "data_copy_pad"
PAD_ND2NZ_RULE = (
    "UB -> L1 (CANN's DataCopyPad (UBToL1) page and its checks): ``src`` in UB (VECIN/VECOUT/VECCALC), "
    f'``dst`` in TSCM: "{_API}: dst is at position VECIN, but {_API} takes it in TSCM"; the '
    "elements are of 1, 2 or 4 bytes (the cube core's ND -> NZ copy takes no other): "
    f'"{_API}: the data type is int64; {_API} supports {type_list(ND2NZ_TYPES)}"; both tensors 32-byte aligned; '
    f"``block_count`` in [{PAD_BLOCK_COUNT_RANGE[0]}, {PAD_BLOCK_COUNT_RANGE[1]}], ``block_len`` in "
    f"[1, {PAD_BLOCK_LEN_LIMIT[DataCopyExtParams]}] (``DataCopyParams``: [1, {PAD_BLOCK_LEN_LIMIT[DataCopyParams]}]) "
    f'and whole elements: "{pad_block_len_message(_API, "DataCopyExtParams", 63, float16)}"; one matrix: '
    f'"{one_matrix_message(_API, 2)}"; the ``Nd2NzParams`` ranges of ``data_copy``.'
)
"""The rule of ``data_copy_pad``'s UB -> L1 form (its record is in ``data_copy``)."""


def copy_pad_nd2nz(dst: object, src: object, params: object, nd2nz: object) -> None:
    """``AscendC::DataCopyPad(dst, src, DataCopyParams | DataCopyExtParams, Nd2NzParams)``: blocks of
    ``block_len`` bytes from UB (VECIN/VECOUT) go to a relay in GM (``dst_stride`` bytes apart), which
    the cube core copies as one ND matrix into TSCM in the NZ layout (CANN's DataCopyPad (UBToL1))."""
    api = "data_copy_pad"
    builder = active(api)
    assert isinstance(params, DataCopyParams | DataCopyExtParams)
    assert isinstance(nd2nz, Nd2NzParams)
    if isinstance(src, GlobalTensor):
        raise ApiTypeError(
            f"{api}: with Nd2NzParams, src is a LocalTensor in UB (VECIN/VECOUT); got a GlobalTensor",
            "copy GM -> L1 in the NZ layout with asc.data_copy(dst, src, nd2nz_params)",
        )
    s = local_operand(src, api, "src", UB)
    d = local_operand(dst, api, "dst", frozenset({TPosition.TSCM}))
    _same(api, d, s)
    dtype = element_dtype(d, api)
    check_dtypes(api, "the data type", dtype, ND2NZ_TYPES)
    check_alignment(builder, api, "src", s, 32)
    check_alignment(builder, api, "dst", d, 32)
    check_range(api, params, "block_count", *PAD_BLOCK_COUNT_RANGE)
    check_range(api, params, "block_len", 1, PAD_BLOCK_LEN_LIMIT[type(params)])
    length = params.constant("block_len")
    if length is not None and length % dtype.sizeof():
        raise ApiValueError(
            pad_block_len_message(api, type(params).__name__, length, dtype),
            "block_len counts bytes: give whole elements",
        )
    nd_num = nd2nz.constant("nd_num")
    if nd_num is not None and nd_num != 1:
        raise ApiValueError(one_matrix_message(api, nd_num))
    _check_nd2nz_ranges(api, nd2nz)
    builder.insert(ir.DataCopyPadNd2NzOp(d.ssa, s.ssa, params.ssa, nd2nz.ssa))


def copy_nz2nd(dst: BaseTensor, src: BaseTensor, params: Nz2NdParamsFull) -> None:
    """``AscendC::DataCopy(dst, src, Nz2NdParamsFull)``: NZ matrices (16 x 16 fractals) from UB to ND in GM."""
    api = "data_copy"
    builder = active(api)
    if not isinstance(dst, GlobalTensor):
        raise ApiTypeError(f"{api}: Nz2NdParamsFull copy from UB to GM; dst must be a GlobalTensor")
    s = local_operand(src, api, "src", UB)
    _same(api, dst, s)
    check_dtypes(api, "the data type", element_dtype(s, api), NZ2ND_TYPES)
    check_alignment(builder, api, "src", s, 32)
    for name, low, high in (
        ("nd_num", 0, 4095),
        ("n_value", 1, 8192),
        ("d_value", 1, 8192),
        ("src_nd_matrix_stride", 1, 512),
        ("src_n_stride", 0, 4096),
        ("dst_d_stride", 1, 65535),
        ("dst_nd_matrix_stride", 1, 65535),
    ):
        check_range(api, params, name, low, high)
    d_value = params.constant("d_value")
    if d_value is not None and d_value % 16:
        raise ApiValueError(f"{api}: Nz2NdParamsFull.d_value must be a multiple of 16, got {d_value}")
    builder.insert(ir.DataCopyNz2NdOp(dst.ssa, s.ssa, params.ssa))


def copy_co12dst(dst: BaseTensor, src: BaseTensor, params: DataCopyCO12DstParams) -> None:
    """``AscendC::DataCopy(dst, src, DataCopyCO12DstParams)``: an L0C result to GM or L1, on FIX."""
    api = "data_copy"
    builder = active(api)
    s = local_operand(src, api, "src", L0C)
    if isinstance(dst, LocalTensor):
        if dst.position is not None and dst.position in UB:
            raise ApiValueError(
                f"{api}: dst is at position {dst.position.name}, but DataCopy from L0C to UB is not supported on "
                f"{DAV_C220}",
                "copy the result to GM or to L1 (A1, B1, C1)",
            )
        local_operand(dst, api, "dst", L1)
    check_alignment(builder, api, "src", s, 64)
    src_type, dst_type = element_dtype(s, api), element_dtype(dst, api)
    modes = CONVERSIONS.get((src_type, dst_type))
    if modes is None:
        raise ApiTypeError(f"{api}: DataCopy from L0C does not convert {src_type} to {dst_type} on {DAV_C220}")
    quant = params.values["quant_pre"]
    if isinstance(quant, int) and not isinstance(quant, bool) and QuantModes(quant) not in modes:
        raise ApiValueError(
            f"{api}: quant_pre {QuantModes(quant).name} does not convert {src_type} to {dst_type}",
            f"use QuantModes.{modes[0].name}",
        )
    relu = params.constant("relu_pre")
    if relu is not None and relu not in (0, 1):
        raise ApiValueError(f"{api}: relu_pre is {relu}; it is 0 (off) or 1 (ReLU)")
    check_range(api, params, "n_size", 0, 4095)
    nz2nd = params.constant("nz2nd_en")
    check_range(api, params, "m_size", 0, 8192 if nz2nd else 65535)
    builder.insert(ir.DataCopyCO12DstOp(dst.ssa, s.ssa, params.ssa))


def copy_enhanced(dst: BaseTensor, src: BaseTensor, params: DataCopyParams, enhanced: DataCopyEnhancedParams) -> None:
    """``AscendC::DataCopy(dst, src, DataCopyParams, DataCopyEnhancedParams)``."""
    api = "data_copy"
    builder = active(api)
    if isinstance(dst, GlobalTensor) and isinstance(src, GlobalTensor):
        raise ApiTypeError(
            f"{api}: both dst and src are GlobalTensors; a copy moves data between global memory and a LocalTensor"
        )
    if isinstance(dst, GlobalTensor) or isinstance(src, GlobalTensor):
        _same(api, dst, src)
    else:
        local_operand(src, api, "src", UB)
        local_operand(dst, api, "dst", UB)
        pair = (element_dtype(src, api), element_dtype(dst, api))
        if pair[0] != pair[1] and pair not in ENHANCED_CONVERSIONS:
            raise ApiTypeError(
                f"{api}: an enhanced copy within local memory converts "
                + ", ".join(f"{a} -> {b}" for a, b in ENHANCED_CONVERSIONS)
                + f", not {pair[0]} -> {pair[1]}"
            )
    builder.insert(ir.DataCopyEnhancedOp(dst.ssa, src.ssa, params.ssa, enhanced.ssa))


ENHANCED_CONVERSIONS = (
    (float32, bfloat16),
    (float32, float16),
    (int32, float16),
    (int32, int16),
    (int32, int8),
    (int32, uint8),
    (float16, float32),
)
"""The (source, destination) conversions of ``DataCopy(LocalTensor<T>, LocalTensor<U>, ..., enhanced)``
within the unified buffer on dav-c220 (L0C to UB, their other use, does not exist there)."""
