"""Conversions: ``cast`` (``vec_cast``), ``add_relu_cast`` and ``sub_relu_cast`` (``vec_fused``),
``cast_deq`` (``AscendC::CastDeq``: dequantise by the DEQSCALE register) and ``set_deq_scale``, which sets
that register (pyasc's ``asc.language.basic.vec_vconv``)."""

from __future__ import annotations

from typing import Any

from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.language.basic.layout import aligned_rule, bytes_message, require_aligned, require_bytes
from ascx.language.basic.operands import count_form, extent_operands, mask_forms, tensor_param, vector_tensor
from ascx.language.basic.vec_cast import cast
from ascx.language.basic.vec_fused import MASK_FORM_PARAMS, add_relu_cast, pairs_message, sub_relu_cast
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import element_operand, integer_operand
from ascx.language.core.dtype import bit, float16, float32, int8, int16, int32, uint8, uint64
from ascx.language.core.forms import Form, Param, bind, instance_of, is_bool, is_int, is_number
from ascx.language.core.params import UnaryRepeatParams
from ascx.language.core.tensor import LocalTensor
from ascx.language.core.vector_params import VDEQ_TENSOR_SIZE, VdeqInfo
from ascx.language.records import records

record = records(__name__, "basic/vector_fused")

_DEQ_FLAGS = (Param("is_vec_deq", is_bool, "bool", True), Param("half_block", is_bool, "bool", True))
_LEADING = (tensor_param("dst"), tensor_param("src"))
CAST_DEQ_FORMS = [
    *(Form(kind, (*_LEADING, *tail, *_DEQ_FLAGS)) for kind, tail in mask_forms(UnaryRepeatParams)),
    Form("count", (*_LEADING, *count_form(), *_DEQ_FLAGS)),
]
CAST_DEQ_PAIRS = ((int16, int8), (int16, uint8), (int32, float16))
DEQ_TABLE = "vec_vconv.deq_table"
"""``kernel_state`` key: the tensor the last ``set_deq_scale(vdeq, info)`` filled, which ``cast_deq`` with
``is_vec_deq`` reads through DEQSCALE."""
"""(src, dst) of ``CastDeq`` on Atlas A2."""


@record(
    forms=(
        "asc.cast_deq(dst, src, count, is_vec_deq=True, half_block=True)",
        "asc.cast_deq(dst, src, mask, repeat_times, repeat_params, is_set_mask=True, is_vec_deq=True, half_block=True)",
    ),
    cpp=(
        "template <typename T, typename U, bool isVecDeq = true, bool halfBlock = true> void CastDeq("
        "const LocalTensor<T>& dst, const LocalTensor<U>& src, const uint32_t count);",
        "template <typename T, typename U, bool isSetMask = true, bool isVecDeq = true, bool halfBlock = true> "
        "void CastDeq(..., const int32_t mask / const uint64_t mask[], uint8_t repeatTime, "
        "const UnaryRepeatParams& repeatParams);",
    ),
    params=(
        ("is_vec_deq", "True: the sixteen parameter sets of ``set_deq_scale(vdeq, info)``, cycling; False: one"),
        ("half_block", "True: each 32-byte source block fills the upper half of its destination block"),
        *MASK_FORM_PARAMS,
    ),
    rules=(
        f'CANN\'s pairs: "{pairs_message("cast_deq", float16, int8, CAST_DEQ_PAIRS)}".',
        aligned_rule("cast_deq"),
    ),
    notes=(
        "The flags default to True, as pyasc declares them and as CANN does; pyasc's printer ignores them and "
        "prints ``false, false``.",
        "With ``is_vec_deq`` the op reads the table ``set_deq_scale`` wrote (the op names it, so the sync analyses "
        "order the table's scalar writes before it).",
    ),
)
def cast_deq(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
    """Quantize: ``dst = src * scale + offset`` with the DEQSCALE register's parameters, converted to ``dst``'s
    type."""
    api = "cast_deq"
    builder = active(api)
    form, bound = bind(api, CAST_DEQ_FORMS, (dst, src, *args), kwargs)
    d = vector_tensor(bound["dst"], api, "dst")
    s = vector_tensor(bound["src"], api, "src")
    if (s.dtype, d.dtype) not in CAST_DEQ_PAIRS:
        raise ApiTypeError(pairs_message(api, s.dtype, d.dtype, CAST_DEQ_PAIRS))
    require_aligned(api, d, "dst")
    require_aligned(api, s, "src")
    optional, flags = extent_operands(builder, api, form, bound)
    flags += [name for name in ("is_vec_deq", "half_block") if bound[name]]
    table: SSAValue | None = builder.kernel_state.get(DEQ_TABLE)
    if bound["is_vec_deq"] and s.dtype == int16 and table is not None and builder.dominates(table):
        optional["deq_table"] = table
    builder.insert(ir.VecCastDeqOp.of([d.ssa, s.ssa], optional, {}, flags))


SET_DEQ_SCALE_FORMS = [
    Form(
        "table",
        (Param("vdeq", instance_of(LocalTensor), "LocalTensor"), Param("vdeq_info", instance_of(VdeqInfo), "VdeqInfo")),
    ),
    Form("scale", (Param("scale", is_number, "float"),)),
    Form(
        "quant",
        (
            Param("scale", is_number, "float"),
            Param("offset", is_int, "int"),
            Param("sign_mode", lambda v: True, "bool"),
        ),
    ),
]


def vdeq_type_message(got: object) -> str:
    return f"set_deq_scale: vdeq holds 64-bit parameter sets and must be uint64, got {got}"


def offset_message(offset: int) -> str:
    return f"set_deq_scale: the offset is a 9-bit signed integer (-256 to 255), got {offset}"


TABLE = f"a table of {VDEQ_TENSOR_SIZE} parameter sets"
"""What ``vdeq`` holds, as the size check names it."""


@record(
    forms=(
        "asc.set_deq_scale(scale)  # half: add_deq_relu, cast_deq of int32",
        "asc.set_deq_scale(scale, offset, sign_mode)  # cast_deq of int16",
        "asc.set_deq_scale(vdeq, vdeq_info)  # cast_deq with is_vec_deq",
    ),
    cpp=(
        "void SetDeqScale(half scale);",
        "void SetDeqScale(float scale, int16_t offset, bool signMode);",
        "template <typename T> void SetDeqScale(const LocalTensor<T>& vdeq, const VdeqInfo& vdeqInfo);",
    ),
    params=(
        ("offset", "a 9-bit signed integer"),
        ("vdeq", "a ``uint64`` tensor of at least 16 elements; the table is written there from the scalar unit"),
        ("vdeq_info", "a ``VdeqInfo``"),
    ),
    rules=(
        f'The offset fits 9 bits: "{offset_message(300)}".',
        f'The table: "{vdeq_type_message(uint8)}"; '
        f'"{bytes_message("set_deq_scale", "vdeq", 64, TABLE, VDEQ_TENSOR_SIZE * 8)}".',
    ),
)
def set_deq_scale(*args: Any, **kwargs: Any) -> None:
    """Set the DEQSCALE register: a scale, a scale with offset and sign mode, or a table of sixteen sets."""
    api = "set_deq_scale"
    builder = active(api)
    form, bound = bind(api, SET_DEQ_SCALE_FORMS, args, kwargs)
    if form == "table":
        vdeq = vector_tensor(bound["vdeq"], api, "vdeq")
        if vdeq.dtype != uint64:
            raise ApiTypeError(vdeq_type_message(vdeq.dtype))
        require_aligned(api, vdeq, "vdeq")
        require_bytes(api, vdeq, "vdeq", VDEQ_TENSOR_SIZE * 8, TABLE)
        info = bound["vdeq_info"]
        assert isinstance(info, VdeqInfo)
        builder.insert(ir.SetDeqScaleTableOp(vdeq.ssa, info.ssa))
        builder.kernel_state[DEQ_TABLE] = vdeq.ssa
        return
    if form == "scale":
        values = [element_operand(builder, bound["scale"], float16, api=api, param="scale")]
    else:
        offset = bound["offset"]
        if isinstance(offset, int) and not -256 <= offset <= 255:
            raise ApiValueError(offset_message(offset))
        sign = bound["sign_mode"]
        values = [
            element_operand(builder, bound["scale"], float32, api=api, param="scale"),
            integer_operand(builder, offset, int16, api=api, param="offset"),
            integer_operand(builder, sign, bit, api=api, param="sign_mode"),
        ]
    builder.insert(ir.SetDeqScaleOp(values))


__all__ = ["add_relu_cast", "cast", "cast_deq", "set_deq_scale", "sub_relu_cast"]
