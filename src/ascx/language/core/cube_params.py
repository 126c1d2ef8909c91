"""The parameter structs of the cube-level API (pyasc's ``asc.MmadParams``, ``asc.LoadData2DParams``,
``asc.FixpipeParamsV220``, ``asc.Nd2NzParams``, ...), with pyasc 1.1.1's names, order and defaults.

Constructing one in a kernel builds it (``AscendC::LoadData2DParams p{...};``) in the order of the
C++ constructor, each field converted to the constructor's parameter type; the Python values stay
on the object so that the APIs taking it can check constant fields at the call.  Boolean fields
take ``True``/``False`` (or ``0``/``1``, as pyasc does); enumeration fields take the enum
(``asc.QuantModes.F322F16``), printed by name.

Each struct's fields are stated once on each side.  The C++ side (names, constructor order, types)
is the struct's layout in ``ascx.dialects.ascendc.cube_structs``; the Python field names and their
C++ order derive from it as for every ``ParamsStruct`` (the C++ name in snake case, unless the
class's ``RENAMED`` gives pyasc's).  The Python side is the constructor's signature: pyasc's names,
positional order (where it differs from C++'s, as in ``LoadDataRepeatParam``) and defaults; its
body hands its arguments (``locals()``) to the builder, which takes them in C++ order.  A field
that pyasc does not expose has its value in the class's ``FIXED``.  ``MmadParams`` picks one of
its two C++ constructors by the arguments given, so its defaults are per constructor.

Structs templated on the tensors' element type (``InitConstValueParams<T>``,
``LoadData3DParamsV1<T>``, ``LoadData3DParamsV2<T>``) whose value field is a plain Python number
are built where they are used, for the tensors they are used with, so that
``asc.InitConstValueParams(1, 2, 0, 3)`` fills a ``half`` tensor with ``half(3)``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import IntEnum
from typing import Any, ClassVar, cast

from xdsl.ir import Attribute, SSAValue

from ascx.dialects import ascendc as ir
from ascx.dialects.ascendc.cube_structs import PAD_SIZE, PadListType
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.checks import is_instance
from ascx.language.core.convert import describe, element_operand, fit_message, integer_operand
from ascx.language.core.cube_enums import BlockMode, CO2Layout, QuantModes, pad_t
from ascx.language.core.dtype import DataType, bit, uint8
from ascx.language.core.enums import DeqScale
from ascx.language.core.params import ParamsStruct
from ascx.language.core.values import RuntimeScalar
from ascx.language.records import records

ENUM_FIELDS: dict[str, type[IntEnum]] = {
    "quantPre": QuantModes,
    "blockMode": BlockMode,
    "deqScale": DeqScale,
    "padMode": pad_t,
}
"""The enumeration a field of that C++ name takes."""

record = records(__name__, "basic/cube_matmul")


def range_message(api: str, struct: str, name: str, value: int, low: int, high: int) -> str:
    """The error of a constant field outside CANN's documented range (``cube_operands.check_range``)."""
    return f"{api}: {struct}.{name} is {value}, outside [{low}, {high}]"


def bool_message(api: str, param: str, value: object) -> str:
    return f"{api}: {param} must be a bool, got {describe(value)}"


def enum_message(api: str, param: str, enum: type[IntEnum], value: IntEnum) -> str:
    return f"{api}: {param} must be an asc.{enum.__name__}, got {type(value).__name__}.{value.name}"


FIELD_RULE = (
    "Constant fields fit their C++ types and documented ranges: "
    f'"{fit_message("LoadData2DParams", "repeat_times", 300, uint8)}"; '
    f'"{range_message("mmad", "MmadParams", "m", 4096, 0, 4095)}"; '
    f'bool fields take bools (or 0/1): "{bool_message("LoadData2DParams", "if_transpose", 2)}".'
)
"""The rule of every struct's constant fields (checked as the struct is built, ranges by the APIs taking it)."""

NOT_ON_A2 = "not on dav-c220 (Atlas A2)"
"""The C++ comment of a struct CANN documents for other SoCs only (printed without ``AscendC::``)."""


def struct_record(form: str, cpp: str, *, notes: tuple[str, ...] = (), a2: bool = True) -> dict[str, Any]:
    """The record fields of a parameter struct: its form, its C++ (``a2=False``: not on dav-c220) and
    :data:`FIELD_RULE`."""
    return dict(forms=(form,), cpp=(cpp if a2 else f"{cpp}  // {NOT_ON_A2}",), rules=(FIELD_RULE,), notes=notes)


def _numpy_scalar(value: object) -> tuple[DataType, float | int] | None:
    """A numpy scalar's data type and value (pyasc types ``init_value=np.float16(2.2)`` by numpy)."""
    kind = getattr(value, "dtype", None)
    item = getattr(value, "item", None)
    if kind is None or not callable(item) or getattr(value, "shape", None) != ():
        return None
    try:
        dtype = DataType.from_numpy(kind)
    except (TypeError, ValueError, KeyError):
        return None
    return dtype, cast("float | int", item())


class CubeParams(ParamsStruct):
    """A cube-level parameter struct (see the module docstring)."""

    __slots__ = ()

    FIXED: ClassVar[Mapping[str, object]] = {}
    """Fields that pyasc does not expose, by Python name: their value."""

    def to_ir(self) -> CubeParams:
        """pyasc's handle of the struct: the struct itself (``asc.X.from_ir(p.to_ir())`` is ``p``)."""
        return self

    @classmethod
    def from_ir(cls, handle: object) -> Any:
        if not isinstance(handle, cls):
            raise TypeError(f"{cls.__name__}.from_ir: expected a {cls.__name__}, got {describe(handle)}")
        return handle

    def _fields(self, arguments: dict[str, Any], kind: ir.ParamsKind | None = None) -> dict[str, Any]:
        """The field values: the constructor's ``arguments`` (its ``locals()``) and ``FIXED``."""
        values = {name: value for name, value in arguments.items() if name != "self"} | dict(self.FIXED)
        names = self.field_names(kind) if kind is not None else self.NAMES
        assert values.keys() == set(names), f"{type(self).__name__}: arguments {list(values)}, fields {names}"
        return values

    def _build_cube(
        self, arguments: dict[str, Any], element_dtype: DataType | None = None, kind: ir.ParamsKind | None = None
    ) -> None:
        api = type(self).__name__
        kind = kind or self.KIND
        values = self._fields(arguments, kind)
        ssa = build_struct(active(api), api, kind, self.field_names(kind), values, element_dtype)
        super(ParamsStruct, self).__init__(ssa)
        self.values = values
        self.element_dtype = element_dtype


def build_struct(
    builder: IRBuilder,
    api: str,
    kind: ir.ParamsKind,
    names: tuple[str, ...],
    values: dict[str, Any],
    element_dtype: DataType | None,
) -> SSAValue:
    """Build the struct ``kind`` from its Python field values (see the module docstring)."""
    params_type = ir.ParamsType(kind, element_dtype.to_ir() if element_dtype is not None else None)
    operands: list[SSAValue] = []
    fields = zip(names, params_type.layout.fields, params_type.field_types(), strict=True)
    for name, (cpp_name, declared), field_type in fields:
        value = values[name]
        if declared is None:
            assert element_dtype is not None
            operands.append(element_operand(builder, value, element_dtype, api=api, param=name))
        else:
            operands.append(_field(builder, api, name, cpp_name, field_type, value))
    return builder.insert(ir.ParamsOp(params_type, operands)).result


def _field(builder: IRBuilder, api: str, name: str, cpp_name: str, field_type: Attribute, value: Any) -> SSAValue:
    if isinstance(field_type, PadListType):
        return pad_list_operand(builder, value, api)
    if isinstance(field_type, ir.ParamsType):
        if not isinstance(value, ParamsStruct) or value.ssa.type != field_type:
            raise ApiTypeError(f"{api}: {name} must be a {field_type.layout.cpp_name}, got {describe(value)}")
        return value.ssa
    if field_type == bit.to_ir():
        return bool_operand(builder, value, api, name)
    enum = ENUM_FIELDS.get(cpp_name)
    if enum is not None:
        if isinstance(value, IntEnum) and not isinstance(value, enum):
            raise ApiTypeError(enum_message(api, name, enum, value))
        if isinstance(value, int) and not isinstance(value, bool) and int(value) not in {int(e) for e in enum}:
            raise ApiValueError(f"{api}: {name} {int(value)} is not an asc.{enum.__name__}")
        return integer_operand(builder, value, uint8, api=api, param=name)
    dtype = DataType.from_ir(field_type)
    if dtype.is_float():
        return element_operand(builder, value, dtype, api=api, param=name)
    return integer_operand(builder, value, dtype, api=api, param=name)


def bool_operand(builder: IRBuilder, value: object, api: str, param: str) -> SSAValue:
    """A ``bool`` field: ``True``/``False``, ``0``/``1`` (as pyasc accepts) or a runtime value."""
    if isinstance(value, bool) or (isinstance(value, int) and value in (0, 1)):
        return integer_operand(builder, bool(value), bit, api=api, param=param)
    if isinstance(value, RuntimeScalar) and value.dtype.is_int():
        return value.ssa
    raise ApiTypeError(bool_message(api, param, value))


def pad_list_operand(builder: IRBuilder, value: object, api: str) -> SSAValue:
    """``uint8_t padList[4]`` from a sequence of four integers (left, right, top, bottom)."""
    shown = describe(value)
    values = cast("Sequence[object]", value) if isinstance(value, list | tuple) else None
    if values is None or len(values) != PAD_SIZE:
        raise ApiTypeError(f"{api}: pad_list must be a tuple of {PAD_SIZE} integers, got {shown}")
    items = [integer_operand(builder, v, uint8, api=api, param="pad_list") for v in values]
    op = builder.insert(ir.PadListOp(items))
    op.result.name_hint = "pad_list"
    return op.result


class TemplatedParams(CubeParams):
    """A struct templated on the tensors' element type: built at once when its value field is typed (a
    runtime scalar, a numpy scalar), else where it is used (:meth:`for_tensor`)."""

    __slots__ = ()
    VALUE_FIELD: ClassVar[str]

    def _build_templated(self, arguments: dict[str, Any]) -> None:
        values = self._fields(arguments)
        value = values[self.VALUE_FIELD]
        numpy = _numpy_scalar(value)
        if numpy is not None:
            values[self.VALUE_FIELD] = numpy[1]
            self._build_cube(values, numpy[0])
            return
        if isinstance(value, RuntimeScalar):
            self._build_cube(values, value.dtype)
            return
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise ApiTypeError(f"{type(self).__name__}: {self.VALUE_FIELD} must be a number, got {describe(value)}")
        active(type(self).__name__)
        super(ParamsStruct, self).__init__()
        self.values = values
        self.element_dtype = None

    def for_tensor(self, dtype: DataType, api: str) -> SSAValue:
        """The struct for tensors of ``dtype``: the one built, or a new one built here."""
        if self.element_dtype is None:
            builder = active(api)
            built: dict[tuple[int, DataType], tuple[TemplatedParams, SSAValue]]
            built = builder.kernel_state.setdefault("templated_params", {})
            key = (id(self), dtype)
            found = built.get(key)
            if found is not None and builder.dominates(found[1]):
                return found[1]
            ssa = build_struct(builder, type(self).__name__, self.KIND, self.NAMES, dict(self.values), dtype)
            if self._name is not None:
                ssa.name_hint = self._name
            built[key] = (self, ssa)
            return ssa
        if self.element_dtype != dtype:
            raise ApiTypeError(
                f"{api}: {type(self).__name__} holds a {self.element_dtype} {self.VALUE_FIELD}, "
                f"but the tensors are {dtype}",
                f"give {self.VALUE_FIELD} as a {dtype} value, or as a Python number",
            )
        return self.ssa


# --- Mmad ------------------------------------------------------------------------------------------

_MMAD_DEFAULTS: dict[ir.ParamsKind, dict[str, Any]] = {
    ir.ParamsKind.MMAD: dict(unit_flag=0, cmatrix_source=False, cmatrix_init_val=True),
    ir.ParamsKind.MMAD_LEGACY: dict(
        is_bias=False, fm_offset=0, en_ssparse=False, en_winograd_a=False, en_winograd_b=False
    ),
}
"""The defaults of the fields after ``m, n, k`` of either C++ constructor (pyasc's signature takes None for
each, so that the fields given choose the constructor)."""
_MMAD_FIELDS = frozenset(name for defaults in _MMAD_DEFAULTS.values() for name in defaults)


def mmad_constructors_message(legacy: str, unit: str) -> str:
    return f"MmadParams: {legacy} and {unit} belong to different constructors of AscendC::MmadParams"


@record(
    forms=(
        "asc.MmadParams(m=0, n=0, k=0, unit_flag=0, cmatrix_source=False, cmatrix_init_val=True)",
        "asc.MmadParams(m, n, k, is_bias, fm_offset=0, en_ssparse=False, en_winograd_a=False, en_winograd_b=False)",
    ),
    cpp=(
        "AscendC::MmadParams p{m, n, k, unitFlag, cmatrixSource, cmatrixInitVal};  // uint16_t x3, uint8_t, bool, bool",
        "AscendC::MmadParams p{m, n, k, isBias, fmOffset, enSsparse, enWinogradA, enWinogradB};  // the other one",
    ),
    params=(
        ("m, n, k", "rows of ``fm``, columns of ``filter``, the shared dimension; each 0 to 4095"),
        ("unit_flag", "0 (off), 2 or 3: the L0C handshake with ``fixpipe``"),
        ("is_bias", "the legacy constructor's flag: True starts from L0C (accumulate), False from zeros"),
    ),
    rules=(
        f'The two C++ constructors do not mix: "{mmad_constructors_message("is_bias", "unit_flag")}".',
        FIELD_RULE,
    ),
    notes=(
        "pyasc prints ``AscendC::MmadParams v;`` for ``MmadParams(16, 16, 16)``: the sizes are lost and the Mmad "
        "computes nothing. ascx prints every field.",
    ),
    summary="The sizes of one ``mmad`` (``m`` x ``k`` times ``k`` x ``n``) and how L0C starts: zeros "
    "(``cmatrix_init_val=True``, the default), the bias table (``cmatrix_source=True``) or what L0C holds "
    "(both False: accumulate).",
)
class MmadParams(CubeParams):
    """``AscendC::MmadParams``: ``m x k`` times ``k x n``, and where the result starts from.

    ``unit_flag``/``cmatrix_source``/``cmatrix_init_val`` (zeros by default; ``cmatrix_init_val=False``
    accumulates onto L0C, with ``cmatrix_source=True`` onto the bias table) build it with that
    constructor; ``is_bias``/``fm_offset``/``en_ssparse``/``en_winograd_a``/``en_winograd_b`` with the
    other.  The two sets cannot be mixed: C++ has no constructor taking both.
    """

    __slots__ = ()

    def __init__(
        self,
        m: Any = 0,
        n: Any = 0,
        k: Any = 0,
        is_bias: Any = None,
        fm_offset: Any = None,
        en_ssparse: Any = None,
        en_winograd_a: Any = None,
        en_winograd_b: Any = None,
        unit_flag: Any = None,
        cmatrix_source: Any = None,
        cmatrix_init_val: Any = None,
    ) -> None:
        given = {name: value for name, value in locals().items() if name in _MMAD_FIELDS and value is not None}
        legacy = [name for name in given if name in _MMAD_DEFAULTS[ir.ParamsKind.MMAD_LEGACY]]
        unit = [name for name in given if name in _MMAD_DEFAULTS[ir.ParamsKind.MMAD]]
        if legacy and unit:
            raise ApiTypeError(
                mmad_constructors_message(legacy[0], unit[0]),
                f"give either {'/'.join(_MMAD_DEFAULTS[ir.ParamsKind.MMAD])} or "
                f"{'/'.join(_MMAD_DEFAULTS[ir.ParamsKind.MMAD_LEGACY])}",
            )
        kind = ir.ParamsKind.MMAD_LEGACY if legacy else ir.ParamsKind.MMAD
        self._build_cube(dict(m=m, n=n, k=k) | _MMAD_DEFAULTS[kind] | given, kind=kind)


# --- loads into L1 / L0A / L0B ------------------------------------------------------------------


@record(
    **struct_record(
        "asc.LoadData2DParams(start_index=0, repeat_times=1, src_stride=0, sid=0, dst_gap=0, if_transpose=False, "
        "addr_mode=0)",
        "AscendC::LoadData2DParams p{startIndex, repeatTimes, srcStride, sid, dstGap, ifTranspose, addrMode};",
    )
)
class LoadData2DParams(CubeParams):
    """A 2D load: ``repeat_times`` fractals from fractal ``start_index``, ``src_stride`` fractals apart, with
    ``dst_gap`` fractals between them in the destination, transposed (``if_transpose``, 16-bit only)."""

    __slots__ = ()
    KIND = ir.ParamsKind.LOAD_DATA_2D

    def __init__(
        self,
        start_index: Any = 0,
        repeat_times: Any = 1,
        src_stride: Any = 0,
        sid: Any = 0,
        dst_gap: Any = 0,
        if_transpose: Any = False,
        addr_mode: Any = 0,
    ) -> None:
        self._build_cube(locals())


@record(
    **struct_record(
        "asc.LoadData2DParamsV2(m_start_position=0, k_start_position=0, m_step=0, k_step=0, src_stride=0, "
        "dst_stride=0, if_transpose=False, sid=0)",
        "LoadData2DParamsV2 p{mStartPosition, kStartPosition, mStep, kStep, srcStride, dstStride, ifTranspose, sid};",
        a2=False,
    )
)
class LoadData2DParamsV2(CubeParams):
    """The V2 2D load (positions and steps in fractals)."""

    __slots__ = ()
    KIND = ir.ParamsKind.LOAD_DATA_2D_V2

    def __init__(
        self,
        m_start_position: Any = 0,
        k_start_position: Any = 0,
        m_step: Any = 0,
        k_step: Any = 0,
        src_stride: Any = 0,
        dst_stride: Any = 0,
        if_transpose: Any = False,
        sid: Any = 0,
    ) -> None:
        self._build_cube(locals())


_PAD = (0, 0, 0, 0)


@record(
    **struct_record(
        "asc.LoadData3DParamsV1(pad_list=(0, 0, 0, 0), l1_h=1, l1_w=1, c1_index=0, fetch_filter_w=0, fetch_filter_h=0, "
        "left_top_w=0, left_top_h=0, stride_w=1, stride_h=1, filter_w=1, filter_h=1, dilation_filter_w=1, "
        "dilation_filter_h=1, jump_stride=1, repeat_mode=0, repeat_time=1, c_size=0, pad_value=0)",
        "LoadData3DParamsV1<T> p{padList, l1H, l1W, c1Index, fetchFilterW, fetchFilterH, leftTopW, leftTopH, "
        "strideW, strideH, filterW, filterH, dilationFilterW, dilationFilterH, jumpStride, repeatMode, repeatTime, "
        "cSize, padValue};",
        a2=False,
    )
)
class LoadData3DParamsV1(TemplatedParams):
    """The V1 3D (im2col) load."""

    __slots__ = ()
    KIND = ir.ParamsKind.LOAD_DATA_3D_V1
    VALUE_FIELD = "pad_value"

    def __init__(
        self,
        pad_list: Any = _PAD,
        l1_h: Any = 1,
        l1_w: Any = 1,
        c1_index: Any = 0,
        fetch_filter_w: Any = 0,
        fetch_filter_h: Any = 0,
        left_top_w: Any = 0,
        left_top_h: Any = 0,
        stride_w: Any = 1,
        stride_h: Any = 1,
        filter_w: Any = 1,
        filter_h: Any = 1,
        dilation_filter_w: Any = 1,
        dilation_filter_h: Any = 1,
        jump_stride: Any = 1,
        repeat_mode: Any = 0,
        repeat_time: Any = 1,
        c_size: Any = 0,
        pad_value: Any = 0,
    ) -> None:
        self._build_templated(locals())


@record(
    **struct_record(
        "asc.LoadData3DParamsV2(pad_list=(0, 0, 0, 0), l1_h=1, l1_w=1, channel_size=1, k_extension=1, m_extension=1, "
        "k_start_pt=0, m_start_pt=0, stride_w=1, stride_h=1, filter_w=1, filter_h=1, dilation_filter_w=1, "
        "dilation_filter_h=1, en_transpose=False, pad_value=0, filter_size_w=False, filter_size_h=False, "
        "f_matrix_ctrl=False)",
        "uint8_t padList[4] = {l, r, t, b}; AscendC::LoadData3DParamsV2<T> p{padList, l1H, l1W, channelSize, "
        "kExtension, mExtension, kStartPt, "
        "mStartPt, strideW, strideH, filterW, filterH, dilationFilterW, dilationFilterH, enTranspose, enSmallK, "
        "padValue, filterSizeW, filterSizeH, fMatrixCtrl};",
        notes=("``en_small_k`` keeps C++'s default (false): pyasc has no parameter for it.",),
    )
)
class LoadData3DParamsV2(TemplatedParams):
    """An im2col window of a feature map in L1 (``l1_h`` x ``l1_w`` x ``channel_size``) as an ``m_extension`` x
    ``k_extension`` matrix; the struct's type follows the tensors' (pyasc leaves it out)."""

    __slots__ = ()
    KIND = ir.ParamsKind.LOAD_DATA_3D_V2
    VALUE_FIELD = "pad_value"
    FIXED: ClassVar[Mapping[str, object]] = {"en_small_k": False}

    def __init__(
        self,
        pad_list: Any = _PAD,
        l1_h: Any = 1,
        l1_w: Any = 1,
        channel_size: Any = 1,
        k_extension: Any = 1,
        m_extension: Any = 1,
        k_start_pt: Any = 0,
        m_start_pt: Any = 0,
        stride_w: Any = 1,
        stride_h: Any = 1,
        filter_w: Any = 1,
        filter_h: Any = 1,
        dilation_filter_w: Any = 1,
        dilation_filter_h: Any = 1,
        en_transpose: Any = False,
        pad_value: Any = 0,
        filter_size_w: Any = False,
        filter_size_h: Any = False,
        f_matrix_ctrl: Any = False,
    ) -> None:
        self._build_templated(locals())


@record(
    **struct_record(
        "asc.LoadData3DParamsV2Pro(channel_size=0, en_transpose=False, en_small_k=False, filter_size_w=False, "
        "filter_size_h=False, f_matrix_ctrl=False, ext_config=0, filter_config=0x10101010101)",
        "AscendC::LoadData3DParamsV2Pro p{channelSize, enTranspose, enSmallK, filterSizeW, filterSizeH, fMatrixCtrl, "
        "extConfig, filterConfig};",
    )
)
class LoadData3DParamsV2Pro(CubeParams):
    """The 3D load with its configuration packed in two 64-bit words (``ext_config``, ``filter_config``)."""

    __slots__ = ()
    KIND = ir.ParamsKind.LOAD_DATA_3D_V2_PRO

    def __init__(
        self,
        channel_size: Any = 0,
        en_transpose: Any = False,
        en_small_k: Any = False,
        filter_size_w: Any = False,
        filter_size_h: Any = False,
        f_matrix_ctrl: Any = False,
        ext_config: Any = 0,
        filter_config: Any = 0x10101010101,
    ) -> None:
        self._build_cube(locals())


@record(
    **struct_record(
        "asc.LoadData2dTransposeParams(start_index=0, repeat_times=1, src_stride=0, dst_gap=0, dst_frac_gap=0, "
        "addr_mode=0)",
        "AscendC::LoadData2dTransposeParams p{startIndex, repeatTimes, srcStride, dstGap, dstFracGap, addrMode};",
    )
)
class LoadData2dTransposeParams(CubeParams):
    """A transposing load: ``repeat_times`` square blocks (one 512-byte fractal of a 16-bit type, two of an 8- or
    32-bit type) from fractal ``start_index``."""

    __slots__ = ()
    KIND = ir.ParamsKind.LOAD_DATA_2D_TRANSPOSE

    def __init__(
        self,
        start_index: Any = 0,
        repeat_times: Any = 1,
        src_stride: Any = 0,
        dst_gap: Any = 0,
        dst_frac_gap: Any = 0,
        addr_mode: Any = 0,
    ) -> None:
        self._build_cube(locals())


@record(
    **struct_record(
        "asc.LoadData2dTransposeParamsV2(start_index=0, repeat_times=0, src_stride=0, dst_gap=0, dst_frac_gap=0, "
        "src_frac_gap=0, addr_mode=0)",
        "LoadData2dTransposeParamsV2 p{startIndex, repeatTimes, srcStride, dstGap, dstFracGap, srcFracGap, addrMode};",
        a2=False,
    )
)
class LoadData2dTransposeParamsV2(CubeParams):
    """The V2 transposing load, with ``src_frac_gap``."""

    __slots__ = ()
    KIND = ir.ParamsKind.LOAD_DATA_2D_TRANSPOSE_V2

    def __init__(
        self,
        start_index: Any = 0,
        repeat_times: Any = 0,
        src_stride: Any = 0,
        dst_gap: Any = 0,
        dst_frac_gap: Any = 0,
        src_frac_gap: Any = 0,
        addr_mode: Any = 0,
    ) -> None:
        self._build_cube(locals())


@record(
    **struct_record(
        "asc.LoadDataRepeatParam(repeat_time=1, repeat_stride=0, repeat_mode=0)",
        "AscendC::LoadDataRepeatParam p{repeatStride, repeatTime, repeatMode};  // uint16_t, uint8_t, uint8_t",
        notes=(
            "pyasc prints the fields in its parameter order (``{repeatTime, repeatStride, repeatMode}``), which "
            "swaps the first two in C++; ascx prints C++'s order.",
        ),
    )
)
class LoadDataRepeatParam(CubeParams):
    """How ``set_load_data_repeat`` repeats 3D loads."""

    __slots__ = ()
    KIND = ir.ParamsKind.LOAD_DATA_REPEAT

    def __init__(self, repeat_time: Any = 1, repeat_stride: Any = 0, repeat_mode: Any = 0) -> None:
        self._build_cube(locals())


@record(
    **struct_record(
        "asc.InitConstValueParams(repeat_times=0, block_num=0, dst_gap=0, init_value=0)",
        "AscendC::InitConstValueParams<T> p{repeatTimes, blockNum, dstGap, initValue};",
    )
)
class InitConstValueParams(TemplatedParams):
    """``init_const_value``'s blocks (32 bytes in L1, 512 bytes in L0A/L0B) and value; the struct's type is the
    tensor's (literal values take it, a runtime value must match)."""

    __slots__ = ()
    KIND = ir.ParamsKind.INIT_CONST_VALUE
    VALUE_FIELD = "init_value"

    def __init__(self, repeat_times: Any = 0, block_num: Any = 0, dst_gap: Any = 0, init_value: Any = 0) -> None:
        self._build_templated(locals())


@record(
    forms=(
        "asc.LoadImageToLocalParams(horiz_size=2, vert_size=2, horiz_start_pos=0, vert_start_pos=0, "
        "src_horiz_size=2, top_pad_size=0, bot_pad_size=0, left_pad_size=0, right_pad_size=0)",
    ),
    cpp=(
        "AscendC::LoadImageToLocalParams p{horizSize, vertSize, horizStartPos, vertStartPos, srcHorizSize, "
        "topPadSize, botPadSize, leftPadSize, rightPadSize};",
    ),
    rules=(f'"{range_message("load_image_to_local", "LoadImageToLocalParams", "horiz_size", 1, 2, 4095)}".',),
    page="basic/aipp",
)
class LoadImageToLocalParams(CubeParams):
    """The window of the image ``load_image_to_local`` loads (``horiz_size`` x ``vert_size`` from
    (``horiz_start_pos``, ``vert_start_pos``) of a ``src_horiz_size``-wide image) and its padding."""

    __slots__ = ()
    KIND = ir.ParamsKind.LOAD_IMAGE_TO_LOCAL

    def __init__(
        self,
        horiz_size: Any = 2,
        vert_size: Any = 2,
        horiz_start_pos: Any = 0,
        vert_start_pos: Any = 0,
        src_horiz_size: Any = 2,
        top_pad_size: Any = 0,
        bot_pad_size: Any = 0,
        left_pad_size: Any = 0,
        right_pad_size: Any = 0,
    ) -> None:
        self._build_cube(locals())


# --- ND <-> NZ copies, the way out of L0C ------------------------------------------------------

COPY_FORM_CPP = "template <typename T> void DataCopy(const {dst}& dst, const {src}& src, const {p}& intriParams);"
"""The prototype of a ``DataCopy`` taking a cube copy struct (``.format(dst=..., src=..., p=...)``)."""


@record(
    forms=(
        "asc.data_copy(dst, src, asc.Nd2NzParams(nd_num, n_value, d_value, src_nd_matrix_stride, src_d_value, "
        "dst_nz_c0_stride, dst_nz_n_stride, dst_nz_matrix_stride))",
    ),
    cpp=(
        "AscendC::Nd2NzParams p{ndNum, nValue, dValue, srcNdMatrixStride, srcDValue, dstNzC0Stride, dstNzNStride, "
        "dstNzMatrixStride};",
        COPY_FORM_CPP.format(dst="LocalTensor<T>", src="GlobalTensor<T>", p="Nd2NzParams"),
        COPY_FORM_CPP.format(dst="LocalTensor<T>", src="LocalTensor<T>", p="Nd2NzParams") + "  // UB -> TSCM",
    ),
    rules=(  # raised by basic/data_copy_cube.py, which this module cannot import
        '"data_copy: Nd2NzParams copy into L1; dst is a GlobalTensor"; "data_copy: a UB -> L1 ND to NZ copy moves '
        'one matrix: nd_num must be 1, got 2"; "data_copy: Nd2NzParams.dst_nz_c0_stride is 0, outside [1, 16384]".',
    ),
    notes=(
        "Emulated from GM and from UB.",
        "``data_copy_pad(dst, src, data_copy_params, nd2nz_params)`` takes it too: UB -> a GM relay -> TSCM "
        "([data_copy_pad](data_copy.md#asc-data_copy_pad)).",
    ),
    page="basic/cube_data_movement",
)
class Nd2NzParams(CubeParams):
    """``data_copy`` ND -> NZ into L1: ``nd_num`` matrices of ``n_value`` rows x ``d_value`` columns (rows
    ``src_d_value`` elements apart) become fractal Z blocks, ``dst_nz_c0_stride`` 32-byte blocks apart (rows
    ``dst_nz_n_stride`` apart, matrices ``dst_nz_matrix_stride`` elements apart); from GM on MTE2, or one matrix
    from UB into TSCM on MTE3."""

    __slots__ = ()
    KIND = ir.ParamsKind.ND2NZ

    def __init__(
        self,
        nd_num: Any,
        n_value: Any,
        d_value: Any,
        src_nd_matrix_stride: Any,
        src_d_value: Any,
        dst_nz_c0_stride: Any,
        dst_nz_n_stride: Any,
        dst_nz_matrix_stride: Any,
    ) -> None:
        self._build_cube(locals())


@record(
    forms=(
        "asc.data_copy(dst, src, asc.Nz2NdParamsFull(nd_num, n_value, d_value, src_nd_matrix_stride, src_n_stride, "
        "dst_d_stride, dst_nd_matrix_stride))",
    ),
    cpp=(
        "AscendC::Nz2NdParamsFull p{ndNum, nValue, dValue, srcNdMatrixStride, srcNStride, dstDStride, "
        "dstNdMatrixStride};",
        COPY_FORM_CPP.format(dst="GlobalTensor<T>", src="LocalTensor<T>", p="Nz2NdParamsFull"),
    ),
    rules=('"data_copy: Nz2NdParamsFull.d_value must be a multiple of 16, got 20".',),  # basic/data_copy_cube.py
    page="basic/cube_data_movement",
)
class Nz2NdParamsFull(CubeParams):
    """``data_copy`` NZ (16 x 16 fractals, in UB) -> ND in GM, on MTE3."""

    __slots__ = ()
    KIND = ir.ParamsKind.NZ2ND_FULL

    def __init__(
        self,
        nd_num: Any,
        n_value: Any,
        d_value: Any,
        src_nd_matrix_stride: Any,
        src_n_stride: Any,
        dst_d_stride: Any,
        dst_nd_matrix_stride: Any,
    ) -> None:
        self._build_cube(locals())


@record(
    forms=(
        "asc.data_copy(dst, src, asc.DataCopyCO12DstParams(n_size, m_size, dst_stride, src_stride, "
        "quant_pre=asc.QuantModes.NoQuant, relu_pre=0, channel_split=False, nz2nd_en=False))",
    ),
    cpp=(
        "AscendC::DataCopyCO12DstParams p{nSize, mSize, dstStride, srcStride, quantPre, reluPre, channelSplit, "
        "nz2ndEn};",
        "template <typename T, typename U> void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<U>& src, "
        "const DataCopyCO12DstParams& intriParams);",
    ),
    rules=(  # raised by basic/data_copy_cube.py
        '"data_copy: quant_pre NoQuant does not convert float32 to float16"; "data_copy: dst is at position VECIN, '
        'but DataCopy from L0C to UB is not supported on dav-c220 (Atlas A2)".',
    ),
    page="basic/cube_data_movement",
)
class DataCopyCO12DstParams(CubeParams):
    """``data_copy`` out of L0C (CO1) to GM or L1 on FIX, converting (``quant_pre``), with ReLU (``relu_pre``)
    and NZ -> ND (``nz2nd_en``)."""

    __slots__ = ()
    KIND = ir.ParamsKind.DATA_COPY_CO12_DST

    def __init__(
        self,
        n_size: Any,
        m_size: Any,
        dst_stride: Any,
        src_stride: Any,
        quant_pre: Any = QuantModes.NoQuant,
        relu_pre: Any = 0,
        channel_split: Any = False,
        nz2nd_en: Any = False,
    ) -> None:
        self._build_cube(locals())


@record(
    forms=("asc.data_copy(dst, src, repeat_params, enhanced_params)",),
    cpp=(
        "AscendC::DataCopyEnhancedParams p{blockMode, deqScale, deqValue, sidStoreMode, isRelu, padMode, padValue};",
        "template <typename T> void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, "
        "const DataCopyParams& intriParams, const DataCopyEnhancedParams& enhancedParams);",
    ),
    params=(
        (
            "block_mode, deq_scale, pad_mode_in",
            "``asc.BlockMode``, ``asc.DeqScale``, ``asc.pad_t`` members, printed by name",
        ),
    ),
    rules=(f'"{enum_message("DataCopyEnhancedParams", "block_mode", BlockMode, DeqScale.DEQ)}".',),
    page="basic/cube_data_movement",
)
class DataCopyEnhancedParams(CubeParams):
    """``data_copy`` of blocks (a ``DataCopyParams``) with a block mode and an on-the-fly conversion; the
    conversions apply between on-chip buffers (UB), a copy to or from GM moves the data unchanged."""

    __slots__ = ()
    KIND = ir.ParamsKind.DATA_COPY_ENHANCED
    RENAMED: ClassVar[Mapping[str, str]] = {
        "deqValue": "deq_value_in",
        "sidStoreMode": "sid_store_mode_in",
        "isRelu": "is_relu_in",
        "padMode": "pad_mode_in",
        "padValue": "pad_value_in",
    }

    def __init__(
        self,
        block_mode: Any = BlockMode.BLOCK_MODE_NORMAL,
        deq_scale: Any = DeqScale.DEQ_NONE,
        deq_value_in: Any = 0,
        sid_store_mode_in: Any = 0,
        is_relu_in: Any = False,
        pad_mode_in: Any = pad_t.PAD_NONE,
        pad_value_in: Any = 0,
    ) -> None:
        self._build_cube(locals())


@record(
    forms=(
        "asc.FixpipeParamsV220(n_size, m_size, src_stride, dst_stride, quant_pre=asc.QuantModes.NoQuant, deq_scalar=0, "
        "nd_num=1, src_nd_stride=0, dst_nd_stride=0, relu_en=False, unit_flag=0, is_channel_split=False)",
    ),
    cpp=(
        "AscendC::FixpipeParamsV220 p{nSize, mSize, srcStride, dstStride, reluEn, quantPre, deqScalar, ndNum, "
        "srcNdStride, dstNdStride, unitFlag, isChannelSplit};",
    ),
    params=(("quant_pre", "an ``asc.QuantModes``, printed by name (``QuantMode_t::F322F16``)"),),
    rules=(f'"{enum_message("FixpipeParamsV220", "quant_pre", QuantModes, CO2Layout.NZ)}".', FIELD_RULE),
    notes=("C++ puts ``reluEn`` fifth; ascx prints the fields in C++'s order whatever the Python order.",),
    page="basic/cube_data_movement",
)
class FixpipeParamsV220(CubeParams):
    """``fixpipe``'s sizes (``n_size`` columns, ``m_size`` rows), strides (``src_stride`` in rows of the NZ source;
    ``dst_stride`` in elements per ND row, or 32-byte blocks for NZ), conversion (``quant_pre``, ``deq_scalar``)
    and ReLU, for ``nd_num`` matrices."""

    __slots__ = ()
    KIND = ir.ParamsKind.FIXPIPE_V220

    def __init__(
        self,
        n_size: Any,
        m_size: Any,
        src_stride: Any,
        dst_stride: Any,
        quant_pre: Any = QuantModes.NoQuant,
        deq_scalar: Any = 0,
        nd_num: Any = 1,
        src_nd_stride: Any = 0,
        dst_nd_stride: Any = 0,
        relu_en: Any = False,
        unit_flag: Any = 0,
        is_channel_split: Any = False,
    ) -> None:
        self._build_cube(locals())


def fixpipe_config_message(layout: object) -> str:
    return f"FixpipeConfig: layout must be an asc.CO2Layout, got {describe(layout)}"


@record(
    forms=(
        "asc.FixpipeConfig(asc.CO2Layout.ROW_MAJOR)",
        "asc.FixpipeConfig.cfg_row_major()",
        "asc.FixpipeConfig.cfg_nz()",
    ),
    cpp=("AscendC::Fixpipe<T, U, AscendC::CFG_ROW_MAJOR>(...)  // or AscendC::CFG_NZ",),
    rules=(f'"{fixpipe_config_message(1)}".',),
    notes=(
        "pyasc declares a ``FixpipeConfig`` variable as well; CANN takes the config as a template argument only, "
        "which ascx prints.",
    ),
    page="basic/cube_data_movement",
)
class FixpipeConfig:
    """The layout ``fixpipe`` writes, a compile-time template argument (so it may be built anywhere)."""

    __slots__ = ("layout",)

    def __init__(self, layout: CO2Layout) -> None:
        if not is_instance(layout, CO2Layout):
            raise TypeError(fixpipe_config_message(layout))
        self.layout = CO2Layout(layout)

    @classmethod
    def cfg_nz(cls) -> FixpipeConfig:
        """``constexpr FixpipeConfig CFG_NZ = {CO2Layout::NZ}``."""
        return cls(CO2Layout.NZ)

    @classmethod
    def cfg_row_major(cls) -> FixpipeConfig:
        """``constexpr FixpipeConfig CFG_ROW_MAJOR = {CO2Layout::ROW_MAJOR}``."""
        return cls(CO2Layout.ROW_MAJOR)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FixpipeConfig) and other.layout == self.layout

    def __hash__(self) -> int:
        return hash(self.layout)

    def __repr__(self) -> str:
        return f"FixpipeConfig(CO2Layout.{self.layout.name})"

    def __ascx_fingerprint__(self) -> str:
        return repr(self)


__all__ = [
    "DataCopyCO12DstParams",
    "DataCopyEnhancedParams",
    "FixpipeConfig",
    "FixpipeParamsV220",
    "InitConstValueParams",
    "LoadData2DParams",
    "LoadData2DParamsV2",
    "LoadData2dTransposeParams",
    "LoadData2dTransposeParamsV2",
    "LoadData3DParamsV1",
    "LoadData3DParamsV2",
    "LoadData3DParamsV2Pro",
    "LoadDataRepeatParam",
    "LoadImageToLocalParams",
    "MmadParams",
    "Nd2NzParams",
    "Nz2NdParamsFull",
]
