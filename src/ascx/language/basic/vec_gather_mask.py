"""``gather_mask``: the elements of ``src0`` a pattern selects, packed into ``dst``; returns how many
(``AscendC::GatherMask``), and ``get_gather_mask_remain_count``, the count of the last one
(pyasc's ``asc.language.basic.vec_gather_mask``).

The pattern is a ``uint16``/``uint32`` tensor of bits (one per element, ``src1_repeat_stride`` blocks
apart between repeats) or a built-in pattern 1-7: even elements, odd ones, the first, second, third or
fourth of every four, or all.  With ``reduce_mode=False`` every repeat covers 256 bytes; with
``reduce_mode=True`` (counter mode) each repeat covers ``mask`` elements.
"""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.layout import aligned_rule, require_aligned
from ascx.language.basic.operands import tensor_param, vector_tensor
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import integer_operand
from ascx.language.core.dtype import bit, float16, float32, int16, int32, int64, uint8, uint16, uint32, uint64
from ascx.language.core.enums import GatherMaskMode
from ascx.language.core.forms import Form, Param, bind, instance_of, is_int
from ascx.language.core.tensor import LocalTensor
from ascx.language.core.values import RuntimeScalar
from ascx.language.core.vector_params import GatherMaskParams
from ascx.language.records import records

record = records(__name__, "basic/vector_data")


def _is_bool(value: object) -> bool:
    return isinstance(value, bool) or (isinstance(value, RuntimeScalar) and value.dtype == bit)


def _forms() -> list[Form]:
    tail = (
        Param("reduce_mode", _is_bool, "bool"),
        Param("mask", is_int, "int"),
        Param("params", instance_of(GatherMaskParams), "GatherMaskParams"),
        Param("gather_mask_mode", instance_of(GatherMaskMode), "GatherMaskMode", GatherMaskMode.DEFAULT),
    )
    return [
        Form(
            "tensor",
            (
                tensor_param("dst"),
                tensor_param("src0"),
                Param("src1_pattern", instance_of(LocalTensor), "LocalTensor"),
                *tail,
            ),
        ),
        Form("builtin", (tensor_param("dst"), tensor_param("src0"), Param("src1_pattern", is_int, "int"), *tail)),
    ]


FORMS = _forms()
_SIXTEEN = (float16, uint16, int16)
_THIRTY_TWO = (float32, uint32, int32)


def type_message(param: str, got: object) -> str:
    """pyasc's message for a data type ``gather_mask`` does not take."""
    names = "half, uint16, int16, float, uint32, int32"
    return f"Invalid {param} data type for GatherMask: {got}. Supported types: {names}"


def same_type_message(dst: object, src0: object) -> str:
    return f"dst and src0 must have same data type. Got dst={dst}, src0={src0}"


def pattern_type_message(dtype: object, wanted: object, got: object) -> str:
    return f"For dst data type {dtype}, src1_pattern must be {wanted}. Got {got}"


def builtin_pattern_message(pattern: int) -> str:
    return f"Built-in src1_pattern must be between 1 and 7. Got {pattern}"


COUNTER_MASK = (
    "gather_mask: with reduce_mode=True (counter mode) mask is the number of elements, from 1 to 2**32 - 1; got 0"
)


def check_gather_mask_types(dst: LocalTensor, src0: LocalTensor, pattern: object) -> None:
    """pyasc's ``check_type_gather_mask``: its messages."""
    valid = (*_SIXTEEN, *_THIRTY_TWO)
    if dst.dtype not in valid:
        raise ApiTypeError(type_message("dst", dst.dtype))
    if src0.dtype not in valid:
        raise ApiTypeError(type_message("src0", src0.dtype))
    if dst.dtype != src0.dtype:
        raise ApiTypeError(same_type_message(dst.dtype, src0.dtype))
    if isinstance(pattern, LocalTensor):
        wanted = uint16 if dst.dtype in _SIXTEEN else uint32
        if pattern.dtype != wanted:
            raise ApiTypeError(pattern_type_message(dst.dtype, wanted, pattern.dtype))
    elif isinstance(pattern, int) and not 1 <= pattern <= 7:
        raise ApiValueError(builtin_pattern_message(pattern))


@record(
    forms=(
        "kept = asc.gather_mask(dst, src0, src1_pattern, reduce_mode, mask, params, "
        "gather_mask_mode=asc.GatherMaskMode.DEFAULT)",
    ),
    cpp=(
        "template <typename T, typename U, GatherMaskMode mode = defaultGatherMaskMode> void GatherMask("
        "const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<U>& src1Pattern, "
        "const bool reduceMode, const uint32_t mask, const GatherMaskParams& gatherMaskParams, uint64_t& rsvdCnt);",
        "template <typename T, GatherMaskMode mode = defaultGatherMaskMode> void GatherMask(..., "
        "const uint8_t src1Pattern, ...);  // built-in patterns 1 to 7",
    ),
    params=(
        ("src1_pattern", "a ``uint16``/``uint32`` tensor of bits (as wide as the data), or a built-in pattern 1 to 7"),
        ("reduce_mode", "False: ``params.repeat_times`` repeats, mask unused; True: counter mode, ``mask`` elements"),
        ("params", "a ``GatherMaskParams``"),
        ("gather_mask_mode", "``asc.GatherMaskMode.DEFAULT`` or ``V1``"),
    ),
    rules=(
        f'pyasc\'s checks and messages: "{type_message("dst", uint8)}"; "{same_type_message(float16, float32)}"; '
        f'"{pattern_type_message(float32, uint32, uint8)}"; "{builtin_pattern_message(8)}".',
        f'In counter mode the mask is a count: "{COUNTER_MASK}".',
        aligned_rule("gather_mask"),
    ),
    notes=(
        "The result is a ``uint64`` runtime value: ascx declares ``uint64_t rsvd_cnt = 0;`` before the call "
        "(pyasc leaves it uninitialised) and leaves the default mode unnamed.",
    ),
)
def gather_mask(dst: Any, src0: Any, *args: Any, **kwargs: Any) -> RuntimeScalar:
    """Keep the elements of ``src0`` whose pattern bit is set, packed at the start of ``dst``; returns how many
    were kept."""
    api = "gather_mask"
    builder = active(api)
    _, bound = bind(api, FORMS, (dst, src0, *args), kwargs)
    d = vector_tensor(bound["dst"], api, "dst")
    s = vector_tensor(bound["src0"], api, "src0")
    pattern = bound["src1_pattern"]
    check_gather_mask_types(d, s, pattern)
    require_aligned(api, d, "dst")
    require_aligned(api, s, "src0")
    if isinstance(pattern, LocalTensor):
        pattern_value = vector_tensor(pattern, api, "src1_pattern").ssa
    else:
        pattern_value = integer_operand(builder, pattern, uint8, api=api, param="src1_pattern")
    reduce_mode, mask = bound["reduce_mode"], bound["mask"]
    if reduce_mode is True and isinstance(mask, int) and mask == 0:
        raise ApiValueError(COUNTER_MASK)
    params = bound["params"]
    assert isinstance(params, GatherMaskParams)
    op = ir.VecGatherMaskOp(
        d.ssa,
        s.ssa,
        pattern_value,
        integer_operand(builder, reduce_mode, bit, api=api, param="reduce_mode"),
        integer_operand(builder, mask, uint32, api=api, param="mask"),
        params.ssa,
    )
    builder.insert(op)
    op.rsvd_cnt.name_hint = "rsvd_cnt"
    return RuntimeScalar(op.rsvd_cnt, uint64, origin="the count of elements gather_mask kept")


@record(
    forms=("count = asc.get_gather_mask_remain_count()",),
    cpp=("int64_t GetGatherMaskRemainCount();",),
    notes=("An ``int64`` runtime value, CANN's type (pyasc declares ``uint64_t``).",),
)
def get_gather_mask_remain_count() -> RuntimeScalar:
    """How many elements the last ``gather_mask`` kept, read on the scalar unit."""
    api = "get_gather_mask_remain_count"
    builder = active(api)
    op = builder.insert(ir.GetGatherMaskRemainCountOp())
    op.result.name_hint = "remain_count"
    return RuntimeScalar(op.result, int64, origin=f"the count of the last gather_mask ({api}())")


__all__ = ["gather_mask", "get_gather_mask_remain_count"]
