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
    alignment_message,
    check_alignment,
    check_dtypes,
    check_range,
    convert_message,
    dtypes_message,
    field,
    local_operand,
    position_message,
    position_rule,
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
from ascx.language.records import records

record = records(__name__, "basic/cube_matmul")

DAV_C220 = "dav-c220 (Atlas A2)"
B1 = frozenset({TPosition.B1})
SPARSE_DST_TYPES = (int32,)

MMAD_TYPES: tuple[tuple[DataType, DataType], ...] = (
    (int32, int8),
    (float32, float16),
    (float32, float32),
    (float32, bfloat16),
)
"""(dst, fm = filter) data types of the cube on dav-c220."""


def not_supported_message(api: str, what: str, why: str) -> str:
    return f"{api}: {what} is not supported on {DAV_C220}: {why}"


def not_supported_rule(api: str, what: str, why: str) -> str:
    return f'Rejected on {DAV_C220}, as CANN documents: "{not_supported_message(api, what, why)}".'


def mmad_types_message(api: str, fm: object, filter: object, dst: object) -> str:
    return (
        f"{api}: {fm} x {filter} -> {dst} is not a cube data type combination; on {DAV_C220} "
        "Mmad computes " + ", ".join(f"{a} x {a} -> {d}" for d, a in MMAD_TYPES)
    )


def unit_flag_message(api: str, unit_flag: int) -> str:
    return f"{api}: unit_flag is {unit_flag}; it is 0 (off), 2 (keep the unit flag) or 3 (reset it)"


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
        raise ApiTypeError(mmad_types_message(api, fm.dtype, filter.dtype, dst.dtype))


def _mmad_params(api: str, params: MmadParams) -> None:
    for name in ("m", "n", "k"):
        check_range(api, params, name, 0, 4095)
    unit_flag = field(params, "unit_flag")
    if unit_flag is not None and unit_flag not in (0, 2, 3):
        raise ApiValueError(unit_flag_message(api, unit_flag))


def _mmad_operands(api: str, dst: object, fm: object, filter: object) -> tuple[LocalTensor, LocalTensor, LocalTensor]:
    builder = active(api)
    d = local_operand(dst, api, "dst", L0C)
    a = local_operand(fm, api, "fm", L0A)
    b = local_operand(filter, api, "filter", L0B)
    check_alignment(builder, api, "dst", d, 1024)
    check_alignment(builder, api, "fm", a, FRACTAL_BYTES)
    check_alignment(builder, api, "filter", b, FRACTAL_BYTES)
    return d, a, b


@record(
    forms=("asc.mmad(dst, fm, filter, mmad_params)", "asc.mmad(dst, fm, filter, bias, mmad_params)"),
    cpp=(
        "template <typename T, typename U, typename S> void Mmad(const LocalTensor<T>& dst, const LocalTensor<U>& fm, "
        "const LocalTensor<S>& filter, const MmadParams& mmadParams);",
        "template <typename T, typename U, typename S, typename V> void Mmad(const LocalTensor<T>& dst, "
        "const LocalTensor<U>& fm, const LocalTensor<S>& filter, const LocalTensor<V>& bias, "
        "const MmadParams& mmadParams);",
    ),
    params=(
        ("dst", "CO1 (L0C): float32, or int32 for int8 inputs"),
        ("fm, filter", "A2 (L0A) and B2 (L0B), 512-byte aligned, in the fractal (NZ/ZZ) layouts ``load_data`` makes"),
        ("bias", "C2 (the bias table) or CO1, of ``dst``'s type"),
    ),
    rules=(
        f'Data types on {DAV_C220}: "{mmad_types_message("mmad", float16, float16, int32)}".',
        position_rule("mmad", "fm", TPosition.A1, L0A, "dst"),
        f'"{alignment_message("mmad", "fm", 32, "A2", FRACTAL_BYTES)}"; "{unit_flag_message("mmad", 1)}".',
    ),
    notes=(
        "The sync analyses see the read of ``dst`` when the Mmad may accumulate and its tile is under 10 fractals "
        "((m/16)*(n/16) < 10): CANN's documentation asks for a ``PIPE_M`` barrier between such Mmads, and "
        "ascx-insert-sync adds it.",
        "Emulation: float16/bfloat16 products summed in float32 in order over k (no fused multiply-add), int8 in "
        "int32, partial fractals and the GEMV case (m=1) as documented; HF32 mode warns and computes float32.",
    ),
)
def mmad(dst: Any, fm: Any, filter: Any, *args: Any, **kwargs: Any) -> None:
    """``dst (L0C) = fm (L0A) x filter (L0B)``, started from zeros, the bias, or what ``dst`` holds, as
    ``MmadParams`` says; on the cube pipe (M)."""
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


@record(
    forms=("asc.mmad_with_sparse(dst, fm, filter, mmad_params)",),
    cpp=(
        "template <typename T = int32_t, typename U = int8_t> void MmadWithSparse(const LocalTensor<T>& dst, "
        "const LocalTensor<U>& fm, const LocalTensor<U>& filter, const MmadParams& mmadParams);",
    ),
    rules=(
        f'"{dtypes_message("mmad_with_sparse", "dst", float32, SPARSE_DST_TYPES)}".',
        position_rule("mmad_with_sparse", "fm", TPosition.A1, L0A, "dst"),
    ),
    notes=("Not emulated: running it on the CPU stops with a located error.",),
)
def mmad_with_sparse(dst: Any, fm: Any, filter: Any, mmad_params: Any) -> None:
    """``mmad`` with a 4:2 sparse ``filter`` whose index ``load_data_with_sparse`` loaded: int8 x int8 -> int32."""
    api = "mmad_with_sparse"
    builder = active(api)
    d, a, b = _mmad_operands(api, dst, fm, filter)
    check_dtypes(api, "dst", d.dtype or int32, SPARSE_DST_TYPES)
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
ELSEWHERE = {
    "LoadData2DParamsV2": "CANN documents LoadData (2D matrix load V2) for other SoCs only",
    "LoadData3DParamsV1": "CANN documents LoadData (3D load) v1 for other SoCs only",
}
"""The parameter structs of ``load_data`` that CANN documents for other SoCs, and why they are rejected."""
GLOBAL_3D = "load_data: a 3D load reads a feature map in L1 (A1/B1), not a GlobalTensor"


def transpose_16_message(api: str, dtype: object) -> str:
    return f"{api}: if_transpose transposes 16-bit fractals only, but the tensors are {dtype}"


def decreasing_message(api: str) -> str:
    return f"{api}: addr_mode 1 (decreasing) applies to loads from GM into L1 only"


@record(
    forms=("asc.load_data(dst, src, params)",),
    cpp=(
        "template <typename T> void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
        "const LoadData2DParams& loadDataParams);",
        "template <typename T> void LoadData(const LocalTensor<T>& dst, const GlobalTensor<T>& src, "
        "const LoadData2DParams& loadDataParams);",
        "template <typename T, const IsResetLoad3dConfig& defaultConfig = IS_RESER_LOAD3D_DEFAULT_CONFIG, typename U = "
        "PrimT<T>, ...> void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
        "const LoadData3DParamsV2<U>& loadDataParams);",
        "template <typename T> void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
        "const LoadData3DParamsV2Pro& loadDataParams);",
    ),
    params=(
        ("dst", "A2/B2 (L0A/L0B), 512-byte aligned; A1/B1 for a 2D load from GM"),
        ("src", "A1/B1/C1/TSCM (L1) or a GlobalTensor (2D only)"),
        (
            "params",
            "LoadData2DParams, LoadData3DParamsV2, LoadData3DParamsV2Pro (LoadData2DParamsV2 and V1: not on A2)",
        ),
    ),
    rules=(
        not_supported_rule("load_data", "LoadData2DParamsV2", ELSEWHERE["LoadData2DParamsV2"]),
        f'"{GLOBAL_3D}"; "{transpose_16_message("load_data", int8)}"; "{decreasing_message("load_data")}".',
        f'"{convert_message("load_data", "dst", float32, "src", float16)}".',
        position_rule("load_data", "dst", TPosition.VECIN, L0, "dst"),
    ),
    notes=(
        "pyasc prints ``LoadData3DParamsV1``/``V2`` without their template argument and ``padList`` as four loose "
        "values, which CANN rejects; ascx prints ``LoadData3DParamsV2<half>`` and passes the pad list as the "
        "``uint8_t[4]`` array its constructor takes.",
        "Emulation: the 2D loads (with and without ``if_transpose``); the 3D loads stop with a located error.",
    ),
)
def load_data(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
    """Load 512-byte fractals: GM or L1 into L0A/L0B (``LoadData2DParams``), GM into L1, or an im2col window
    of a feature map in L1 into L0A/L0B (``LoadData3DParamsV2``/``V2Pro``). From GM on MTE2, from L1 on MTE1."""
    api = "load_data"
    builder = active(api)
    form, bound = bind(api, LOAD_DATA_FORMS, (dst, src, *args), kwargs)
    params = bound["params"]
    if form in ELSEWHERE:
        raise ApiTypeError(
            not_supported_message(api, form, ELSEWHERE[form]),
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
            raise ApiTypeError(GLOBAL_3D)
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
                transpose_16_message(api, dst.dtype),
                "use asc.load_data_with_transpose for 8- and 32-bit types",
            )
    mode = field(params, "addr_mode")
    if mode is not None and mode not in (0, 1):
        raise ApiValueError(f"{api}: addr_mode is {mode}; it is 0 (increasing) or 1 (decreasing)")
    if mode == 1 and not (isinstance(src, GlobalTensor) and dst.position in L1):
        raise ApiValueError(decreasing_message(api))


# --- load_data_with_transpose, load_data_with_sparse -------------------------------------------------

TRANSPOSE_TYPES = (int8, uint8, float16, bfloat16, int32, uint32, float32)
TRANSPOSE_FORMS = [
    Form(cls.__name__, (Param("dst", _tensor), Param("src", _tensor), Param("params", instance_of(cls), cls.__name__)))
    for cls in (LoadData2dTransposeParams, LoadData2dTransposeParamsV2)
]


TRANSPOSE_V2_WHY = "CANN documents it for the Ascend 950 only"
TRANSPOSE_DECREASING = (
    f"load_data_with_transpose: addr_mode 1 (decreasing) is not applied on {DAV_C220}: CANN's LoadDataWithTranspose "
    "counts the squares up (addr_cal_mode inc) whatever addr_mode says"
)


@record(
    forms=("asc.load_data_with_transpose(dst, src, params)",),
    cpp=(
        "template <typename T> void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
        "const LoadData2dTransposeParams& loadDataParams);",
    ),
    params=(("params", "LoadData2dTransposeParams (LoadData2dTransposeParamsV2: not on A2)"),),
    rules=(
        not_supported_rule("load_data_with_transpose", "LoadData2dTransposeParamsV2", TRANSPOSE_V2_WHY),
        f'"{position_message("load_data_with_transpose", "dst", TPosition.A1, L0)}".',
        f'"{TRANSPOSE_DECREASING}".',
    ),
    notes=("Emulation: int8/uint8 (32x32 blocks, two fractals out), 16-bit, and 32-bit (16x16 from two fractals).",),
)
def load_data_with_transpose(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
    """Load square blocks of fractals from L1 into L0A/L0B transposed (8-, 16- and 32-bit types), on MTE1."""
    api = "load_data_with_transpose"
    builder = active(api)
    form, bound = bind(api, TRANSPOSE_FORMS, (dst, src, *args), kwargs)
    if form == "LoadData2dTransposeParamsV2":
        raise ApiTypeError(
            not_supported_message(api, form, TRANSPOSE_V2_WHY),
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
            TRANSPOSE_DECREASING,
            "count up from the first square: start_index at the lowest square, addr_mode 0",
        )
    builder.insert(ir.LoadDataWithTransposeOp(d.ssa, s.ssa, params.ssa))


@record(
    forms=("asc.load_data_with_sparse(dst, src, idx, load_data_params)",),
    cpp=(
        "template <typename T = int8_t, typename U = uint8_t> void LoadDataWithSparse(const LocalTensor<T>& dst, "
        "const LocalTensor<T>& src, const LocalTensor<U>& idx, const LoadData2DParams& loadDataParam);",
    ),
    rules=(f'"{position_message("load_data_with_sparse", "src", TPosition.A1, B1)}".',),
    notes=("Not emulated: running it on the CPU stops with a located error.",),
)
def load_data_with_sparse(dst: Any, src: Any, idx: Any, load_data_params: Any) -> None:
    """Load dense int8 weights from B1 into B2 with their 2-bit index (packed in uint8) for ``mmad_with_sparse``."""
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


@record(
    forms=("asc.init_const_value(dst, init_const_value_params)",),
    cpp=(
        "template <typename T, typename U = PrimT<T>, ...> void InitConstValue(const LocalTensor<T>& dst, "
        "const InitConstValueParams<U>& initConstValueParams);",
    ),
    rules=(
        # TemplatedParams.for_tensor (core/cube_params.py) raises the second message; it is quoted here
        f'"{dtypes_message("init_const_value", "dst", int8, FILL_TYPES)}"; "init_const_value: InitConstValueParams '
        'holds a float32 init_value, but the tensors are float16".',
    ),
    notes=("pyasc prints ``InitConstValueParams`` without its template argument, which CANN rejects.",),
)
def init_const_value(dst: Any, init_const_value_params: Any) -> None:
    """Fill ``repeat_times`` x ``block_num`` 32-byte blocks of an L1/L0A/L0B tensor with a value; MTE2 into L1,
    MTE1 into L0A/L0B."""
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


def pad_number_message(got: str) -> str:
    return f"set_load_data_padding_value: pad_value must be a number, got {got}"


def repeat_mode_message(mode: int) -> str:
    return f"set_load_data_repeat: repeat_mode is {mode}; it is 0 or 1"


@record(forms=("asc.set_load_data_boundary(boundary)",), cpp=("void SetLoadDataBoundary(uint32_t boundaryValue);",))
def set_load_data_boundary(boundary: Any) -> None:
    """The end of the L1 region 3D loads read (bytes from L1's start; 0: no boundary)."""
    builder = active("set_load_data_boundary")
    value = integer_operand(builder, boundary, uint32, api="set_load_data_boundary", param="boundary")
    builder.insert(ir.CubeSettingOp(ir.CubeSetting.LOAD_DATA_BOUNDARY, value))


@record(
    forms=("asc.set_load_data_padding_value(pad_value)",),
    cpp=("template <typename T> void SetLoadDataPaddingValue(const T padValue);",),
    rules=(f'"{pad_number_message(describe("0"))}".',),
    summary="The value 3D loads pad with.",
)
def set_load_data_padding_value(pad_value: Any) -> None:
    """``AscendC::SetLoadDataPaddingValue(padValue)``: the value 3D loads pad with (its C++ type follows the
    value: an int is ``int32_t``, a float ``float``)."""
    api = "set_load_data_padding_value"
    builder = active(api)
    if isinstance(pad_value, bool) or not isinstance(pad_value, int | float | RuntimeScalar):
        raise ApiTypeError(pad_number_message(describe(pad_value)))
    if isinstance(pad_value, RuntimeScalar):
        value = pad_value.ssa
    else:
        value = element_operand(
            builder, pad_value, int32 if isinstance(pad_value, int) else float32, api=api, param="pad_value"
        )
    builder.insert(ir.CubeSettingOp(ir.CubeSetting.LOAD_DATA_PADDING_VALUE, value))


@record(
    forms=("asc.set_load_data_repeat(param)",),
    cpp=("void SetLoadDataRepeat(const LoadDataRepeatParam& repeatParams);",),
    rules=(f'"{repeat_mode_message(2)}".',),
)
def set_load_data_repeat(param: Any) -> None:
    """Repeat the next 3D loads (``LoadDataRepeatParam``)."""
    api = "set_load_data_repeat"
    builder = active(api)
    if not isinstance(param, LoadDataRepeatParam):
        raise ApiTypeError(f"{api}: param must be an asc.LoadDataRepeatParam, got {describe(param)}")
    mode = field(param, "repeat_mode")
    if mode is not None and mode not in (0, 1):
        raise ApiValueError(repeat_mode_message(mode))
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
