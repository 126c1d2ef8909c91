"""pyasc's ``asc.language.basic.mm``: the matrix loads into L0A/L0B, ``mmad`` and the cube's load
settings.

The data path of a cube kernel (CANN's "matrix compute" documentation): ``data_copy`` with
``Nd2NzParams`` brings ND matrices from GM into L1 (``A1``/``B1``) in the NZ fractal layout;
``load_data`` (``LoadData2DParams``) moves 512-byte fractals from L1 into L0A (``A2``, ZZ layout)
and L0B (``B2``, ZN layout), transposing 16-bit fractals on the way when asked, and
``load_data_with_transpose`` transposes square blocks of fractals; ``mmad`` multiplies L0A by L0B
into L0C (``CO1``, NZ); ``fixpipe`` takes the result out.  Each API checks what CANN documents for
it on dav-c220 (Atlas A2): positions, data types, alignment and field ranges.
"""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.cube_operands import (
    BIAS_TABLE,
    FRACTAL_BYTES,
    L0,
    L0A,
    L0B,
    L0C,
    L1,
    check_alignment,
    check_dtypes,
    check_range,
    field,
    local_operand,
    same_dtype,
    tensor_operand,
)
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, element_operand, integer_operand
from ascx.language.core.cube_params import (
    InitConstValueParams,
    LoadData2DParams,
    LoadData2DParamsV2,
    LoadData2dTransposeParams,
    LoadData2dTransposeParamsV2,
    LoadData3DParamsV1,
    LoadData3DParamsV2,
    LoadData3DParamsV2Pro,
    LoadDataRepeatParam,
    MmadParams,
    TemplatedParams,
)
from ascx.language.core.dtype import (
    DataType,
    bfloat16,
    float16,
    float32,
    int8,
    int16,
    int32,
    uint8,
    uint16,
    uint32,
)
from ascx.language.core.enums import TPosition
from ascx.language.core.forms import Form, Param, bind, instance_of
from ascx.language.core.tensor import BaseTensor, GlobalTensor, LocalTensor
from ascx.language.core.values import RuntimeScalar

DAV_C220 = "dav-c220 (Atlas A2)"
B1 = frozenset({TPosition.B1})

MMAD_TYPES: tuple[tuple[DataType, DataType], ...] = (
    (int32, int8),
    (float32, float16),
    (float32, float32),
    (float32, bfloat16),
)
"""(dst, fm = filter) data types of the cube on dav-c220."""


def _tensor(value: object) -> bool:
    return isinstance(value, BaseTensor)


# --- mmad --------------------------------------------------------------------------------------------

_MMAD_LEAD = (Param("dst", _tensor), Param("fm", _tensor), Param("filter", _tensor))
MMAD_FORMS = [
    Form("plain", (*_MMAD_LEAD, Param("params", instance_of(MmadParams), "MmadParams"))),
    Form(
        "bias",
        (
            *_MMAD_LEAD,
            Param("bias", instance_of(LocalTensor), "LocalTensor"),
            Param("params", instance_of(MmadParams), "MmadParams"),
        ),
    ),
]


def _mmad_types(api: str, dst: LocalTensor, fm: LocalTensor, filter: LocalTensor) -> None:
    same_dtype(api, fm, "fm", filter, "filter")
    if (dst.dtype, fm.dtype) not in MMAD_TYPES:
        raise ApiTypeError(
            f"{api}: {fm.dtype} x {filter.dtype} -> {dst.dtype} is not a cube data type combination; on {DAV_C220} "
            "Mmad computes " + ", ".join(f"{a} x {a} -> {d}" for d, a in MMAD_TYPES),
        )


def _mmad_params(api: str, params: MmadParams) -> None:
    for name in ("m", "n", "k"):
        check_range(api, params, name, 0, 4095)
    unit_flag = field(params, "unit_flag")
    if unit_flag is not None and unit_flag not in (0, 2, 3):
        raise ApiValueError(
            f"{api}: unit_flag is {unit_flag}; it is 0 (off), 2 (keep the unit flag) or 3 (reset it)",
        )


def _mmad_operands(api: str, dst: object, fm: object, filter: object) -> tuple[LocalTensor, LocalTensor, LocalTensor]:
    builder = active(api)
    d = local_operand(dst, api, "dst", L0C)
    a = local_operand(fm, api, "fm", L0A)
    b = local_operand(filter, api, "filter", L0B)
    check_alignment(builder, api, "dst", d, 1024)
    check_alignment(builder, api, "fm", a, FRACTAL_BYTES)
    check_alignment(builder, api, "filter", b, FRACTAL_BYTES)
    return d, a, b


def mmad(dst: Any, fm: Any, filter: Any, *args: Any, **kwargs: Any) -> None:
    """``AscendC::Mmad(dst, fm, filter[, bias], params)``: ``dst (CO1) = fm (A2) x filter (B2)`` (+ C)."""
    api = "mmad"
    builder = active(api)
    form, bound = bind(api, MMAD_FORMS, (dst, fm, filter, *args), kwargs)
    d, a, b = _mmad_operands(api, bound["dst"], bound["fm"], bound["filter"])
    _mmad_types(api, d, a, b)
    params = bound["params"]
    assert isinstance(params, MmadParams)
    _mmad_params(api, params)
    bias = None
    if form == "bias":
        bias_tensor = local_operand(bound["bias"], api, "bias", BIAS_TABLE | L0C)
        same_dtype(api, bias_tensor, "bias", d, "dst")
        if bias_tensor.position in BIAS_TABLE:
            check_alignment(builder, api, "bias", bias_tensor, 64)
        bias = bias_tensor.ssa
    builder.insert(ir.MmadOp(d.ssa, a.ssa, b.ssa, params.ssa, bias))


def mmad_with_sparse(dst: Any, fm: Any, filter: Any, mmad_params: Any) -> None:
    """``AscendC::MmadWithSparse(dst, fm, filter, mmadParams)``: int8 x sparse int8 -> int32, with the index
    ``load_data_with_sparse`` loaded."""
    api = "mmad_with_sparse"
    builder = active(api)
    d, a, b = _mmad_operands(api, dst, fm, filter)
    check_dtypes(api, "dst", d.dtype or int32, (int32,))
    check_dtypes(api, "fm", a.dtype or int8, (int8,))
    check_dtypes(api, "filter", b.dtype or int8, (int8,))
    if not isinstance(mmad_params, MmadParams):
        raise ApiTypeError(f"{api}: mmad_params must be an asc.MmadParams, got {describe(mmad_params)}")
    _mmad_params(api, mmad_params)
    builder.insert(ir.MmadWithSparseOp(d.ssa, a.ssa, b.ssa, mmad_params.ssa))


# --- load_data ----------------------------------------------------------------------------------------

LOAD_2D_TYPES = (int8, uint8, int16, uint16, float16, bfloat16, int32, uint32, float32)
"""What LoadData (2D) moves on dav-c220 (int4b_t is not an ascx data type)."""

_LOAD_PARAMS = (LoadData2DParams, LoadData2DParamsV2, LoadData3DParamsV1, LoadData3DParamsV2, LoadData3DParamsV2Pro)
LOAD_DATA_FORMS = [
    Form(cls.__name__, (Param("dst", _tensor), Param("src", _tensor), Param("params", instance_of(cls), cls.__name__)))
    for cls in _LOAD_PARAMS
]


def load_data(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
    """``AscendC::LoadData(dst, src, params)``: 512-byte fractals into L0A/L0B (2D, from L1 or GM; or from
    GM into L1), or an img2col load of a feature map in L1 (3D)."""
    api = "load_data"
    builder = active(api)
    form, bound = bind(api, LOAD_DATA_FORMS, (dst, src, *args), kwargs)
    params = bound["params"]
    if form in ("LoadData2DParamsV2", "LoadData3DParamsV1"):
        what = "LoadData (2D matrix load V2)" if form == "LoadData2DParamsV2" else "LoadData (3D load) v1"
        raise ApiTypeError(
            f"{api}: {form} is not supported on {DAV_C220}: CANN documents {what} for other SoCs only",
            "use asc.LoadData2DParams" if form == "LoadData2DParamsV2" else "use asc.LoadData3DParamsV2",
        )
    s = tensor_operand(bound["src"], api, "src")
    if form == "LoadData2DParams":
        d = _load_2d(api, bound["dst"], s)
        assert isinstance(params, LoadData2DParams)
        _check_2d_params(api, params, d, s)
        ssa = params.ssa
    else:
        d = local_operand(bound["dst"], api, "dst", L0)
        if isinstance(s, GlobalTensor):
            raise ApiTypeError(f"{api}: a 3D load reads a feature map in L1 (A1/B1), not a GlobalTensor")
        s = local_operand(s, api, "src", L1)
        same_dtype(api, d, "dst", s, "src")
        check_alignment(builder, api, "dst", d, FRACTAL_BYTES)
        check_alignment(builder, api, "src", s, 32)
        if isinstance(params, TemplatedParams):
            assert d.dtype is not None
            ssa = params.for_tensor(d.dtype, api)
        else:
            assert isinstance(params, LoadData3DParamsV2Pro)
            ssa = params.ssa
    builder.insert(ir.LoadDataOp(d.ssa, s.ssa, ssa))


def _load_2d(api: str, dst: object, src: BaseTensor) -> LocalTensor:
    builder = active(api)
    if isinstance(src, GlobalTensor):
        d = local_operand(dst, api, "dst", L0 | L1)
    else:
        src_local = local_operand(src, api, "src", L1)
        check_alignment(builder, api, "src", src_local, 32)
        d = local_operand(dst, api, "dst", L0)
    same_dtype(api, d, "dst", src, "src")
    check_dtypes(api, "the data type", d.dtype or float16, LOAD_2D_TYPES)
    check_alignment(builder, api, "dst", d, 32 if d.position in L1 else FRACTAL_BYTES)
    return d


def _check_2d_params(api: str, params: LoadData2DParams, dst: LocalTensor, src: BaseTensor) -> None:
    transpose = field(params, "if_transpose")
    if transpose:
        if isinstance(src, GlobalTensor):
            raise ApiValueError(f"{api}: if_transpose applies to loads from L1 into L0A/L0B only, not from GM")
        if dst.dtype is not None and dst.dtype.sizeof() != 2:
            raise ApiTypeError(
                f"{api}: if_transpose transposes 16-bit fractals only, but the tensors are {dst.dtype}",
                "use asc.load_data_with_transpose for 8- and 32-bit types",
            )
    mode = field(params, "addr_mode")
    if mode is not None and mode not in (0, 1):
        raise ApiValueError(f"{api}: addr_mode is {mode}; it is 0 (increasing) or 1 (decreasing)")
    if mode == 1 and not (isinstance(src, GlobalTensor) and dst.position in L1):
        raise ApiValueError(f"{api}: addr_mode 1 (decreasing) applies to loads from GM into L1 only")


# --- load_data_with_transpose, load_data_with_sparse -------------------------------------------------

TRANSPOSE_TYPES = (int8, uint8, float16, bfloat16, int32, uint32, float32)
TRANSPOSE_FORMS = [
    Form(cls.__name__, (Param("dst", _tensor), Param("src", _tensor), Param("params", instance_of(cls), cls.__name__)))
    for cls in (LoadData2dTransposeParams, LoadData2dTransposeParamsV2)
]


def load_data_with_transpose(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
    """``AscendC::LoadDataWithTranspose(dst, src, params)``: square blocks of fractals from L1, transposed,
    into L0A/L0B."""
    api = "load_data_with_transpose"
    builder = active(api)
    form, bound = bind(api, TRANSPOSE_FORMS, (dst, src, *args), kwargs)
    if form == "LoadData2dTransposeParamsV2":
        raise ApiTypeError(
            f"{api}: LoadData2dTransposeParamsV2 is not supported on {DAV_C220}: CANN documents it for the "
            "Ascend 950 only",
            "use asc.LoadData2dTransposeParams",
        )
    d = local_operand(bound["dst"], api, "dst", L0)
    s = local_operand(bound["src"], api, "src", L1)
    same_dtype(api, d, "dst", s, "src")
    check_dtypes(api, "the data type", d.dtype or float16, TRANSPOSE_TYPES)
    check_alignment(builder, api, "dst", d, FRACTAL_BYTES)
    check_alignment(builder, api, "src", s, 32)
    params = bound["params"]
    assert isinstance(params, LoadData2dTransposeParams)
    mode = field(params, "addr_mode")
    if mode is not None and mode not in (0, 1):
        raise ApiValueError(f"{api}: addr_mode is {mode}; it is 0 (increasing) or 1 (decreasing)")
    if mode == 1:
        raise ApiValueError(
            f"{api}: addr_mode 1 (decreasing) is not applied on {DAV_C220}: CANN's LoadDataWithTranspose counts "
            "the squares up (addr_cal_mode inc) whatever addr_mode says",
            "count up from the first square: start_index at the lowest square, addr_mode 0",
        )
    builder.insert(ir.LoadDataWithTransposeOp(d.ssa, s.ssa, params.ssa))


def load_data_with_sparse(dst: Any, src: Any, idx: Any, load_data_params: Any) -> None:
    """``AscendC::LoadDataWithSparse(dst, src, idx, params)``: dense int8 weights from L1 (B1) into L0B (B2),
    with their 2-bit index (packed in uint8) into the cube's index buffer."""
    api = "load_data_with_sparse"
    builder = active(api)
    d = local_operand(dst, api, "dst", L0B)
    s = local_operand(src, api, "src", B1)
    i = local_operand(idx, api, "idx", B1)
    check_dtypes(api, "dst", d.dtype or int8, (int8,))
    check_dtypes(api, "src", s.dtype or int8, (int8,))
    check_dtypes(api, "idx", i.dtype or uint8, (uint8,))
    check_alignment(builder, api, "dst", d, FRACTAL_BYTES)
    if not isinstance(load_data_params, LoadData2DParams):
        raise ApiTypeError(f"{api}: load_data_params must be an asc.LoadData2DParams, got {describe(load_data_params)}")
    builder.insert(ir.LoadDataWithSparseOp(d.ssa, s.ssa, i.ssa, load_data_params.ssa))


# --- init_const_value -----------------------------------------------------------------------------

FILL_TYPES = (int16, uint16, float16, bfloat16, int32, uint32, float32)


def init_const_value(dst: Any, init_const_value_params: Any) -> None:
    """``AscendC::InitConstValue(dst, InitConstValueParams<T>)``: fill blocks of an L1/L0A/L0B tensor."""
    api = "init_const_value"
    builder = active(api)
    d = local_operand(dst, api, "dst", L1 | L0)
    dtype = d.dtype or float16
    check_dtypes(api, "dst", dtype, FILL_TYPES)
    check_alignment(builder, api, "dst", d, FRACTAL_BYTES if d.position in L0 else 32)
    params = init_const_value_params
    if not isinstance(params, InitConstValueParams):
        raise ApiTypeError(
            f"{api}: init_const_value_params must be an asc.InitConstValueParams, got {describe(params)}"
        )
    for name in ("repeat_times", "block_num", "dst_gap"):
        check_range(api, params, name, 0, 32767)
    builder.insert(ir.InitConstValueOp(d.ssa, params.for_tensor(dtype, api)))


# --- the load settings ------------------------------------------------------------------------------


def set_load_data_boundary(boundary: Any) -> None:
    """``AscendC::SetLoadDataBoundary(boundary)``: the L1 address past which 3D loads wrap around (0: none)."""
    builder = active("set_load_data_boundary")
    value = integer_operand(builder, boundary, uint32, api="set_load_data_boundary", param="boundary")
    builder.insert(ir.CubeSettingOp(ir.CubeSetting.LOAD_DATA_BOUNDARY, value))


def set_load_data_padding_value(pad_value: Any) -> None:
    """``AscendC::SetLoadDataPaddingValue(padValue)``: the value 3D loads pad with (its C++ type follows the
    value: an int is ``int32_t``, a float ``float``)."""
    api = "set_load_data_padding_value"
    builder = active(api)
    if isinstance(pad_value, bool) or not isinstance(pad_value, int | float | RuntimeScalar):
        raise ApiTypeError(f"{api}: pad_value must be a number, got {describe(pad_value)}")
    if isinstance(pad_value, RuntimeScalar):
        value = pad_value.ssa
    else:
        value = element_operand(
            builder, pad_value, int32 if isinstance(pad_value, int) else float32, api=api, param="pad_value"
        )
    builder.insert(ir.CubeSettingOp(ir.CubeSetting.LOAD_DATA_PADDING_VALUE, value))


def set_load_data_repeat(param: Any) -> None:
    """``AscendC::SetLoadDataRepeat(param)``: the repeat of the next 3D loads."""
    api = "set_load_data_repeat"
    builder = active(api)
    if not isinstance(param, LoadDataRepeatParam):
        raise ApiTypeError(f"{api}: param must be an asc.LoadDataRepeatParam, got {describe(param)}")
    mode = field(param, "repeat_mode")
    if mode is not None and mode not in (0, 1):
        raise ApiValueError(f"{api}: repeat_mode is {mode}; it is 0 or 1")
    builder.insert(ir.CubeSettingOp(ir.CubeSetting.LOAD_DATA_REPEAT, param.ssa))


__all__ = [
    "init_const_value",
    "load_data",
    "load_data_with_sparse",
    "load_data_with_transpose",
    "mmad",
    "mmad_with_sparse",
    "set_load_data_boundary",
    "set_load_data_padding_value",
    "set_load_data_repeat",
]
