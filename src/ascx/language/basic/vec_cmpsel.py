"""Comparison and selection: ``compare``, ``compare_scalar`` (a bit per element into a ``uint8``
tensor) and ``select`` (choose elements by such a mask), and the forms that use the 128-bit ``CMPMASK``
register instead: ``compare(src0, src1, cmp_mode, mask, repeat_params)`` writes it, ``select`` without a
mask reads it, ``set_cmp_mask`` and ``get_cmp_mask`` load and store it."""

from __future__ import annotations

from typing import Any

from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.language.basic.layout import (
    address_roots,
    aligned_message,
    bytes_message,
    require_aligned,
    require_bytes,
    stored_addresses,
)
from ascx.language.basic.operands import (
    FLOATS,
    MASK_PARAMS,
    check_dtype,
    dtype_message,
    extent_operands,
    mask_operand,
    repeat_operand,
    same_dtype,
    tensor_param,
    type_list,
    vector_forms,
    vector_rules,
    vector_tensor,
)
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, element_operand
from ascx.language.core.dtype import float16, float32, int32, uint8, uint32, uint64
from ascx.language.core.enums import CMPMODE, SelMode
from ascx.language.core.forms import Form, Param, bind, instance_of, is_bool, is_int, is_mask_list, is_number
from ascx.language.core.params import BinaryRepeatParams, UnaryRepeatParams
from ascx.language.core.tensor import LocalTensor
from ascx.language.records import records

record = records(__name__, "basic/vector_compare_select")

COMPARE_FORMS = vector_forms(
    [tensor_param("dst"), tensor_param("src0"), tensor_param("src1"), Param("cmp_mode", lambda v: True, "CMPMODE")],
    BinaryRepeatParams,
    count_set_mask=False,
)
COMPARE_SCALAR_FORMS = vector_forms(
    [
        tensor_param("dst"),
        tensor_param("src0"),
        Param("src1_scalar", is_number, "int | float"),
        Param("cmp_mode", lambda v: True, "CMPMODE"),
    ],
    UnaryRepeatParams,
    count_set_mask=False,
)
SELECT_FORMS = vector_forms(
    [
        tensor_param("dst"),
        tensor_param("sel_mask"),
        tensor_param("src0"),
        Param("src1", lambda v: isinstance(v, LocalTensor) or is_number(v), "LocalTensor | int | float"),
        Param("sel_mode", lambda v: True, "SelMode"),
    ],
    BinaryRepeatParams,
    count_set_mask=False,
)

COMPARE = (float16, float32, int32)
SELECT = FLOATS
"""What ``Compare`` compares and ``Select`` selects on Atlas A2."""


def _cmp_mode(value: object, api: str) -> ir.CmpModeAttr:
    if not isinstance(value, CMPMODE):
        raise ApiTypeError(f"{api}: cmp_mode must be an asc.CMPMODE, got {describe(value)}")
    return ir.CmpModeAttr(ir.CmpMode[value.name])


def compare_dst_message(api: str, got: object) -> str:
    return f"{api}: dst holds one bit per element and must be uint8, got {got}"


def _compare_dst(dst: LocalTensor, api: str) -> None:
    if dst.dtype != uint8:
        raise ApiTypeError(compare_dst_message(api, dst.dtype))


_TENSOR = instance_of(LocalTensor)
_REPEAT = instance_of(BinaryRepeatParams)
COMPARE_REGISTER_FORMS = [
    Form(
        "register",
        (
            Param("src0", _TENSOR, "LocalTensor"),
            Param("src1", _TENSOR, "LocalTensor"),
            Param("cmp_mode", instance_of(CMPMODE), "CMPMODE"),
            Param("mask", mask_test, shown),
            Param("repeat_params", _REPEAT, "BinaryRepeatParams"),
            Param("is_set_mask", is_bool, "bool", True),
        ),
    )
    for mask_test, shown in ((is_int, "int"), (is_mask_list, "list[int]"))
]
CMPMASK_TYPES = (float16, float32)
CMP_MASK_SOURCE = "vec_cmpsel.cmp_mask_source"
"""``kernel_state`` key: the tensor the last ``set_cmp_mask`` loaded CMPMASK from."""
"""The data types of the ``Compare`` that writes ``CMPMASK`` (Atlas A2)."""


@record(
    forms=(
        "asc.compare(dst, src0, src1, cmp_mode, count)",
        "asc.compare(dst, src0, src1, cmp_mode, mask, repeat_times, repeat_params, is_set_mask=True)",
        "asc.compare(src0, src1, cmp_mode, mask, repeat_params, is_set_mask=True)  # into CMPMASK",
    ),
    cpp=(
        "template <typename T, typename U> void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, "
        "const LocalTensor<T>& src1, CMPMODE cmpMode, uint32_t count);",
        "template <typename T, typename U, bool isSetMask = true> void Compare(..., CMPMODE cmpMode, "
        "uint64_t mask / const uint64_t mask[], uint8_t repeatTimes, const BinaryRepeatParams& repeatParams);",
        "template <typename T, bool isSetMask = true> void Compare(const LocalTensor<T>& src0, "
        "const LocalTensor<T>& src1, CMPMODE cmpMode, const uint64_t mask / const uint64_t mask[], "
        "const BinaryRepeatParams& repeatParams);",
    ),
    params=(("cmp_mode", f"``asc.CMPMODE``: {', '.join(mode.name for mode in CMPMODE)}"), *MASK_PARAMS),
    rules=(
        f'"{compare_dst_message("compare", float16)}"; sources {type_list(COMPARE)} of one type.',
        f"The register form compares {type_list(CMPMASK_TYPES)} (Atlas A2): "
        f'"{dtype_message("compare", "src0", int32, CMPMASK_TYPES)}".',
        *vector_rules("compare", "src1"),
    ),
    notes=(
        "pyasc cannot pass ``is_set_mask=False``; ascx names the template arguments then.",
        "The register form writes one repeat's bits into the 128-bit CMPMASK (``get_cmp_mask`` stores it); "
        "the emulation clears the bits of masked-off lanes and past the repeat's lanes.",
    ),
)
def compare(*args: Any, **kwargs: Any) -> None:
    """Compare two tensors element by element."""
    builder = active("compare")
    form, bound = bind("compare", [*COMPARE_FORMS, *COMPARE_REGISTER_FORMS], args, kwargs)
    if form == "register":
        _compare_into_cmpmask(bound)
        return
    d = vector_tensor(bound["dst"], "compare", "dst")
    a = vector_tensor(bound["src0"], "compare", "src0")
    b = vector_tensor(bound["src1"], "compare", "src1")
    mode = _cmp_mode(bound["cmp_mode"], "compare")
    check_dtype("compare", a, "src0", COMPARE)
    same_dtype("compare", "Src0 and src1 must be same type.", ("src0", a), ("src1", b))
    _compare_dst(d, "compare")
    optional, flags = extent_operands(builder, "compare", form, bound)
    builder.insert(ir.VecCompareOp.of([d.ssa, a.ssa, b.ssa], optional, {"cmp_mode": mode}, flags))


@record(
    forms=(
        "asc.compare_scalar(dst, src0, src1_scalar, cmp_mode, count)",
        "asc.compare_scalar(dst, src0, src1_scalar, cmp_mode, mask, repeat_times, repeat_params, is_set_mask=True)",
    ),
    cpp=(
        "template <typename T, typename U> void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, "
        "const T src1Scalar, CMPMODE cmpMode, uint32_t count);",
    ),
    rules=("The rules of ``compare``; the scalar is converted to src0's type.",),
    notes=("CANN has no register form of CompareScalar.",),
)
def compare_scalar(dst: Any, src0: Any, src1_scalar: Any, cmp_mode: Any, *args: Any, **kwargs: Any) -> None:
    """Compare a tensor with a scalar element by element."""
    builder = active("compare_scalar")
    form, bound = bind("compare_scalar", COMPARE_SCALAR_FORMS, (dst, src0, src1_scalar, cmp_mode, *args), kwargs)
    d = vector_tensor(bound["dst"], "compare_scalar", "dst")
    a = vector_tensor(bound["src0"], "compare_scalar", "src0")
    mode = _cmp_mode(bound["cmp_mode"], "compare_scalar")
    check_dtype("compare_scalar", a, "src0", COMPARE)
    _compare_dst(d, "compare_scalar")
    assert a.dtype is not None
    scalar = element_operand(builder, bound["src1_scalar"], a.dtype, api="compare_scalar", param="src1_scalar")
    optional, flags = extent_operands(builder, "compare_scalar", form, bound)
    builder.insert(ir.VecCompareScalarOp.of([d.ssa, a.ssa, scalar], optional, {"cmp_mode": mode}, flags))


def sel_mask_message(got: object) -> str:
    return f"select: sel_mask must be an unsigned integer tensor (uint8 ... uint64), got {got}"


SCALAR_CMPMASK_FORM = (
    "select: without a mask, VSEL_TENSOR_SCALAR_MODE takes (dst, sel_mask, src0, repeat_times, repeat_params), "
    "the scalar in CMPMASK"
)


@record(
    forms=(
        "asc.select(dst, sel_mask, src0, src1, sel_mode, count)",
        "asc.select(dst, sel_mask, src0, src1, sel_mode, mask, repeat_times, repeat_params, is_set_mask=True)",
        "asc.select(dst, src0, src1, repeat_times, repeat_params, sel_mode=asc.SelMode.VSEL_CMPMASK_SPR)",
        "asc.select(dst, sel_mask, src0, repeat_times, repeat_params)  # the scalar in CMPMASK",
    ),
    cpp=(
        "template <typename T, typename U> void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, "
        "const LocalTensor<T>& src0, const LocalTensor<T>& src1 / T src1, SELMODE selMode, uint32_t count);",
        "template <typename T, typename U, bool isSetMask = true> void Select(..., SELMODE selMode, "
        "uint64_t mask / uint64_t mask[], uint8_t repeatTime, const BinaryRepeatParams& repeatParams);",
        "template <typename T, SELMODE selMode> void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0, "
        "const LocalTensor<T>& src1, uint8_t repeatTime, const BinaryRepeatParams& repeatParams);",
        "template <typename T, typename U> void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, "
        "const LocalTensor<T>& src0, uint8_t repeatTime, const BinaryRepeatParams& repeatParams);",
    ),
    params=(
        ("src1", "a tensor, or a scalar for ``VSEL_TENSOR_SCALAR_MODE``"),
        ("sel_mode", f"``asc.SelMode``: {', '.join(mode.name for mode in SelMode)}"),
    ),
    rules=(
        f'"{sel_mask_message(float16)}"; data types {type_list(SELECT)}.',
        f'The scalar register form has no ``src1``: "{SCALAR_CMPMASK_FORM}".',
        *vector_rules("select", "src0"),
    ),
    notes=(
        "Without ``sel_mask``, VSEL_CMPMASK_SPR reads the bits in CMPMASK (``compare``'s register form, "
        "``set_cmp_mask``) and VSEL_TENSOR_TENSOR_MODE the mask tensor whose address ``set_cmp_mask`` loaded; "
        "the op names that tensor, so the sync analyses order it.",
        "The CMPMASK form names ``<T, SELMODE::...>``: pyasc omits them and CANN cannot deduce the mode.",
    ),
)
def select(dst: Any, *args: Any, **kwargs: Any) -> None:
    """Choose each element from ``src0`` or ``src1`` by the bits of ``sel_mask``."""
    builder = active("select")
    form, bound = bind("select", [*SELECT_REGISTER_FORMS, *SELECT_FORMS], (dst, *args), kwargs)
    if form.startswith("cmpmask"):
        _select_by_cmpmask(form, bound)
        return
    d = vector_tensor(bound["dst"], "select", "dst")
    m = vector_tensor(bound["sel_mask"], "select", "sel_mask")
    a = vector_tensor(bound["src0"], "select", "src0")
    mode = bound["sel_mode"]
    if not isinstance(mode, SelMode):
        raise ApiTypeError(f"select: sel_mode must be an asc.SelMode, got {describe(mode)}")
    check_dtype("select", a, "src0", SELECT)
    if m.dtype is None or not m.dtype.is_unsigned():
        raise ApiTypeError(sel_mask_message(m.dtype))
    other = bound["src1"]
    if isinstance(other, LocalTensor):
        b = vector_tensor(other, "select", "src1")
        same_dtype("select", "Src0, src1 and dst must be same type.", ("src0", a), ("src1", b), ("dst", d))
        second = b.ssa
    else:
        same_dtype("select", "Src0 and dst must be same type.", ("src0", a), ("dst", d))
        assert a.dtype is not None
        second = element_operand(builder, other, a.dtype, api="select", param="src1")
    optional, flags = extent_operands(builder, "select", form, bound, count_dtype=uint32)
    properties = {"sel_mode": ir.SelModeAttr(ir.SelMode[mode.name])}
    builder.insert(ir.VecSelectOp.of([d.ssa, m.ssa, a.ssa, second], optional, properties, flags))


def _compare_into_cmpmask(bound: dict[str, Any]) -> None:
    api = "compare"
    builder = active(api)
    a = vector_tensor(bound["src0"], api, "src0")
    b = vector_tensor(bound["src1"], api, "src1")
    check_dtype(api, a, "src0", CMPMASK_TYPES)
    same_dtype(api, "Src0 and src1 must be same type.", ("src0", a), ("src1", b))
    mode = _cmp_mode(bound["cmp_mode"], api)
    params = bound["repeat_params"]
    assert isinstance(params, BinaryRepeatParams)
    optional = {"mask": mask_operand(builder, bound["mask"], api), "repeat_params": params.ssa}
    flags = ["is_set_mask"] if bound["is_set_mask"] else []
    builder.insert(ir.VecCompareCmpMaskOp.of([a.ssa, b.ssa], optional, {"cmp_mode": mode}, flags))


@record(
    forms=("asc.set_cmp_mask(src)",),
    cpp=("template <typename T> void SetCmpMask(const LocalTensor<T>& src);",),
    rules=(f'The source is 16-byte aligned: "{aligned_message("set_cmp_mask", "src", 8200, 16)}".',),
    page="basic/vector_mask",
)
def set_cmp_mask(src: Any) -> None:
    """Load the 128-bit CMPMASK register from the start of ``src``: selection bits (VSEL_CMPMASK_SPR), the scalar
    (VSEL_TENSOR_SCALAR_MODE) or the address of a selection tensor (VSEL_TENSOR_TENSOR_MODE) for ``select``'s
    register forms."""
    api = "set_cmp_mask"
    builder = active(api)
    s = vector_tensor(src, api, "src")
    require_aligned(api, s, "src", 16)
    builder.insert(ir.SetCmpMaskOp(s.ssa))
    builder.kernel_state[CMP_MASK_SOURCE] = s.ssa


def cmp_mask_type_message(got: object) -> str:
    return f"get_cmp_mask: dst must have 8-, 16- or 32-bit elements, got {got}"


CMP_MASK_BYTES = 128
"""What ``GetCmpMask`` stores (CANN asks for at least this many bytes)."""


@record(
    forms=("asc.get_cmp_mask(dst)",),
    cpp=("template <typename T> void GetCmpMask(const LocalTensor<T>& dst);",),
    rules=(
        f'"{cmp_mask_type_message(uint64)}"; CANN asks for at least {CMP_MASK_BYTES} bytes: '
        f'"{bytes_message("get_cmp_mask", "dst", 64, "GetCmpMask", CMP_MASK_BYTES)}".',
    ),
    page="basic/vector_mask",
)
def get_cmp_mask(dst: Any) -> None:
    """Store the CMPMASK register (the bits of ``compare``'s register form) at the start of ``dst``."""
    api = "get_cmp_mask"
    builder = active(api)
    d = vector_tensor(dst, api, "dst")
    assert d.dtype is not None
    if d.dtype.sizeof() > 4:
        raise ApiTypeError(cmp_mask_type_message(d.dtype))
    require_aligned(api, d, "dst", 16)
    require_bytes(api, d, "dst", CMP_MASK_BYTES, "GetCmpMask")
    builder.insert(ir.GetCmpMaskOp(d.ssa))


SELECT_REGISTER_FORMS = [
    Form(
        "cmpmask",
        (
            Param("dst", _TENSOR, "LocalTensor"),
            Param("src0", _TENSOR, "LocalTensor"),
            Param("src1", _TENSOR, "LocalTensor"),
            Param("repeat_times", is_int, "int"),
            Param("repeat_params", _REPEAT, "BinaryRepeatParams"),
            Param("sel_mode", instance_of(SelMode), "SelMode"),
        ),
    ),
    Form(
        "cmpmask_scalar",
        (
            Param("dst", _TENSOR, "LocalTensor"),
            Param("sel_mask", _TENSOR, "LocalTensor"),
            Param("src0", _TENSOR, "LocalTensor"),
            Param("repeat_times", is_int, "int"),
            Param("repeat_params", _REPEAT, "BinaryRepeatParams"),
        ),
    ),
]


def _select_by_cmpmask(form: str, bound: dict[str, Any]) -> None:
    """The forms without a mask: the selection (or, in tensor-scalar mode, the scalar) comes from ``CMPMASK``,
    the lanes from the vector mask as it is."""
    api = "select"
    builder = active(api)
    d = vector_tensor(bound["dst"], api, "dst")
    a = vector_tensor(bound["src0"], api, "src0")
    check_dtype(api, a, "src0", SELECT)
    params = bound["repeat_params"]
    assert isinstance(params, BinaryRepeatParams)
    optional = {"repeat_times": repeat_operand(builder, bound["repeat_times"], api), "repeat_params": params.ssa}
    if form == "cmpmask":
        b = vector_tensor(bound["src1"], api, "src1")
        same_dtype(api, "Src0, src1 and dst must be same type.", ("src0", a), ("src1", b), ("dst", d))
        mode = bound["sel_mode"]
        if mode is SelMode.VSEL_TENSOR_SCALAR_MODE:
            raise ApiValueError(
                SCALAR_CMPMASK_FORM,
                "drop src1 and sel_mode, and set the scalar with asc.set_cmp_mask",
            )
        properties = {"sel_mode": ir.SelModeAttr(ir.SelMode[mode.name])}
        source: SSAValue | None = builder.kernel_state.get(CMP_MASK_SOURCE)
        if mode is SelMode.VSEL_TENSOR_TENSOR_MODE and source is not None:
            # CMPMASK holds the address of the bits: name the tensor behind it, when the trace knows it
            roots = address_roots(builder, stored_addresses(source))
            if len(roots) == 1:
                optional["sel_bits"] = roots[0]
        builder.insert(ir.VecSelectCmpMaskOp.of([d.ssa, a.ssa, b.ssa], optional, properties))
        return
    m = vector_tensor(bound["sel_mask"], api, "sel_mask")
    same_dtype(api, "Src0 and dst must be same type.", ("src0", a), ("dst", d))
    if m.dtype is None or not m.dtype.is_unsigned():
        raise ApiTypeError(sel_mask_message(m.dtype))
    builder.insert(ir.VecSelectScalarCmpMaskOp.of([d.ssa, m.ssa, a.ssa], optional))


__all__ = ["compare", "compare_scalar", "get_cmp_mask", "select", "set_cmp_mask"]
