"""pyasc's ``asc.language.basic.proposal``: sorting scores with their indices and region proposals.

On Atlas A2/A3 a sorted element is an 8-byte (score, index) structure: ``sort32`` sorts groups of 32,
``mrg_sort`` merges up to four sorted queues, ``sort`` is ``sort32`` plus (``is_full_sort``) a merge of
everything.  ``rp_sort16``, ``proposal_concat``, ``proposal_extract`` and ``mrg_sort4`` work on region
proposals (8 elements each) and exist in CANN for the Atlas inference and training products only:
on the Ascend 910B family CANN compiles them and reports an error when they run, so ascx compiles
them with a warning (the CPU emulation runs their documented semantics).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from xdsl.dialects.builtin import UnitAttr
from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.language.basic.operands import FLOATS, check_dtype, dtype_rule, tensor_param, vector_tensor
from ascx.language.basic.reduce_args import UINT8_RANGE, float_operands, range_message, ranged_operand
from ascx.language.basic.ub_alignment import alignment_message, check_alignment
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.dtype import DataType, float16, float32, int16, int32, uint16, uint32
from ascx.language.core.forms import Form, Param, bind, instance_of, is_int
from ascx.language.core.sort_structs import (
    QUEUE_LENGTH_RANGE,
    SOURCE_LIST_NOTE,
    MrgSort4Info,
    MrgSortSrcList,
    check_valid_bit,
    valid_bit_message,
)
from ascx.language.core.tensor import LocalTensor
from ascx.language.core.values import Handle, RuntimeScalar
from ascx.language.records import records

record = records(__name__, "basic/sort")

MODE_NUMBER_RANGE = (0, 5)
"""``modeNumber``: which field of a region proposal (x1, y1, x2, y2, score, label)."""


def unsupported_message(api: str, cpp: str) -> str:
    return (
        f"{api}: CANN supports {cpp} on the Atlas inference and training products only; on the Ascend 910B "
        f"family it compiles and fails when it runs (the CPU emulation runs {cpp} as documented)"
    )


def _unsupported_on_a2(builder: IRBuilder, api: str, cpp: str) -> None:
    builder.warn(unsupported_message(api, cpp))


def _a2_warning(api: str, cpp: str) -> str:
    return (
        "CANN implements it for the Atlas inference and training products only: on the Ascend 910B family it compiles "
        f'and fails when it runs, so ascx warns at the call ("{unsupported_message(api, cpp)}"); the emulation runs '
        "the documented semantics."
    )


PROPOSAL_NOTE = (
    "A region proposal is 8 elements: x1, y1, x2, y2, score, label and two reserved (16 bytes in float16, 32 in "
    "float32)."
)
MERGE_NOTE = (
    "Queues merge largest score first; on equal scores the queue listed first goes first.  A repeat count above 1 "
    "needs four contiguous queues of one length, ``valid_bit`` 15 and no exhausted suspension (an error on the "
    "emulation otherwise)."
)


def _repeat_rule(api: str) -> str:
    return f'A constant ``repeat_time`` is in [0, 255]: "{range_message(api, "repeat_time", 256, UINT8_RANGE)}".'


def operands_why(cpp: str) -> str:
    return f"{cpp} takes 32-byte aligned operands"


def _repeat(builder: IRBuilder, value: object, api: str) -> SSAValue:
    return ranged_operand(builder, value, api, "repeat_time", UINT8_RANGE)


def literal_message(param: str, shown: object, type_name: str) -> str:
    """pyasc's message for a template argument that is not a literal bool."""
    return (
        f"The '{param}' argument must be a boolean literal (True or False), "
        f"but got {shown} of type {type_name}. "
        f"This parameter must be a compile-time constant."
    )


def _compile_time_bool(value: object, param: str) -> bool:
    """pyasc's check of the template arguments ``is_full_sort`` and ``is_exhausted_suspension``."""
    if value is not True and value is not False:
        shown = describe(value) if isinstance(value, Handle) else value
        raise TypeError(literal_message(param, shown, type(value).__name__))
    return bool(value)


def _aligned(api: str, alignment: int, *tensors: tuple[str, LocalTensor], why: str) -> None:
    for name, tensor in tensors:
        check_alignment(api, name, tensor, alignment, why)


def indices_message(api: str, name: str, got: object) -> str:
    return f"{api}: {name} has data type {got}; {api} takes the indices as uint32"


def _indices(api: str, name: str, tensor: LocalTensor) -> None:
    if tensor.dtype != uint32:
        raise ApiTypeError(indices_message(api, name, tensor.dtype))


# --- sort32 and sort ----------------------------------------------------------------------------------


@record(
    forms=("asc.sort32(dst, src0, src1, repeat_time)",),
    cpp=(
        "template <typename T> void Sort32(const LocalTensor<T>& dst, const LocalTensor<T>& src0, "
        "const LocalTensor<uint32_t>& src1, const int32_t repeatTime);",
    ),
    params=(("repeat_time", "groups of 32, [0, 255]"),),
    rules=(
        dtype_rule("sort32", "src0", FLOATS, int16),
        f'The indices are ``uint32``: "{indices_message("sort32", "src1", int32)}".',
        _repeat_rule("sort32"),
        f'Operands start 32-byte aligned: "{alignment_message("sort32", "src0", 16, 32, operands_why("Sort32"))}".',
    ),
    notes=("A NaN score sorts before every number on the emulation (not documented by CANN).",),
)
def sort32(dst: Any, src0: Any, src1: Any, repeat_time: Any) -> None:
    """Sort each group of 32 scores (``src0``) with their indices (``src1``) into (score, index) structures,
    largest score first."""
    api = "sort32"
    builder = active(api)
    d, s0, s1 = (vector_tensor(t, api, n) for t, n in ((dst, "dst"), (src0, "src0"), (src1, "src1")))
    float_operands(api, FLOATS, ("src0", s0), ("dst", d))
    _indices(api, "src1", s1)
    _aligned(api, 32, ("dst", d), ("src0", s0), ("src1", s1), why=operands_why("Sort32"))
    builder.insert(ir.Sort32Op.create(operands=[d.ssa, s0.ssa, s1.ssa, _repeat(builder, repeat_time, api)]))


@record(
    forms=("asc.sort(dst, concat, index, tmp, repeat_time, is_full_sort=False)",),
    cpp=(
        "template <typename T, bool isFullSort> void Sort(const LocalTensor<T>& dst, const LocalTensor<T>& "
        "concat, const LocalTensor<uint32_t>& index, LocalTensor<T>& tmp, const int32_t repeatTime);",
    ),
    params=(("is_full_sort", "compile-time bool, pyasc's check and message"),),
    rules=(
        dtype_rule("sort", "concat", FLOATS, int16),
        _repeat_rule("sort"),
        f'``is_full_sort`` is a literal: "{literal_message("is_full_sort", "a runtime int1 value", "RuntimeScalar")}"',
    ),
)
def sort(dst: Any, concat: Any, index: Any, tmp: Any, repeat_time: Any, is_full_sort: Any = False) -> None:
    """``sort32`` of ``repeat_time`` groups, then with ``is_full_sort`` a merge of all of them into one sorted
    sequence (``tmp`` is scratch space of the sorted size)."""
    api = "sort"
    full = _compile_time_bool(is_full_sort, "is_full_sort")
    builder = active(api)
    names = (("dst", dst), ("concat", concat), ("index", index), ("tmp", tmp))
    d, c, i, t = (vector_tensor(v, api, n) for n, v in names)
    float_operands(api, FLOATS, ("concat", c), ("dst", d), ("tmp", t))
    _indices(api, "index", i)
    _aligned(api, 32, ("dst", d), ("concat", c), ("index", i), ("tmp", t), why=operands_why("Sort"))
    op = ir.SortOp.create(
        operands=[d.ssa, c.ssa, i.ssa, t.ssa, _repeat(builder, repeat_time, api)],
        properties={"is_full_sort": UnitAttr()} if full else {},
    )
    builder.insert(op)


# --- mrg_sort and mrg_sort4 ---------------------------------------------------------------------------


def list_type_message(api: str, param: str, list_dtype: object, dst: object) -> str:
    return f"{api}: {param} is of {list_dtype} but dst is {dst}; {api} works on one data type"


def _sources(api: str, dst: LocalTensor, sort_list: object, param: str) -> MrgSortSrcList:
    if not isinstance(sort_list, MrgSortSrcList):
        raise ApiTypeError(f"{api}: {param} must be an asc.MrgSortSrcList, got {describe(sort_list)}")
    check_dtype(api, dst, "dst", FLOATS)
    if sort_list.dtype != dst.dtype:
        raise ApiTypeError(list_type_message(api, param, sort_list.dtype, dst.dtype))
    for n, tensor in enumerate(sort_list.sources, start=1):
        vector_tensor(tensor, api, f"{param}.src{n}")
    return sort_list


def queues_message(api: str, valid_bit: int, wanted: int, param: str, queues: int) -> str:
    return f"{api}: valid_bit {valid_bit} merges {wanted} queues but {param} has {queues}"


def _valid_bit_rule(api: str, param: str, checker: str) -> str:
    """The rule on ``valid_bit``, quoting ``checker`` (the API or struct that checks it)."""
    return (
        "``valid_bit`` is 3, 7 or 15 (the first 2, 3 or 4 queues) and at most the queues given: "
        f'"{valid_bit_message(checker, 5)}", "{queues_message(api, 15, 4, param, 2)}".'
    )


DST_WHY = "MrgSort writes to a 32-byte aligned address"
QUEUES_WHY = "MrgSort reads queues of 8-byte structures from 8-byte aligned addresses"


def proposals_why(alignment: int, dtype: object) -> str:
    return f"MrgSort4 takes {alignment}-byte aligned {dtype} proposals"


def _queues_for(api: str, valid_bit: object, queues: int, param: str) -> None:
    wanted = {3: 2, 7: 3, 15: 4}.get(valid_bit) if isinstance(valid_bit, int) else None
    if wanted is not None and wanted > queues:
        assert isinstance(valid_bit, int)
        raise ApiValueError(
            queues_message(api, valid_bit, wanted, param, queues),
            f"valid_bit={(1 << queues) - 1} merges the first {queues}",
        )


def _merge_operands(dst: LocalTensor, sort_list: MrgSortSrcList) -> list[SSAValue | Sequence[SSAValue]]:
    sources = [s.ssa for s in sort_list.sources]
    return [dst.ssa, sources[0], sources[1], sources[2:3], sources[3:4]]


def _with_info(api: str, op_type: type[ir.MrgSortOp | ir.MrgSort4Op], dst: Any, sort_list: Any, params: Any) -> None:
    builder = active(api)
    d = vector_tensor(dst, api, "dst")
    param = "sort_list" if api == "mrg_sort" else "src"
    queues = _sources(api, d, sort_list, param)
    if not isinstance(params, MrgSort4Info):
        raise ApiTypeError(f"{api}: params must be an asc.MrgSort4Info, got {describe(params)}")
    _queues_for(api, params.valid_bit, len(queues), param)
    if api == "mrg_sort":
        _aligned(api, 32, ("dst", d), why=DST_WHY)
        sources = [(f"{param}.src{n}", s) for n, s in enumerate(queues.sources, start=1)]
        _aligned(api, 8, *sources, why=QUEUES_WHY)
    else:
        assert d.dtype is not None
        alignment = 16 if d.dtype.bitwidth == 16 else 32
        sources = [(f"{param}.src{n}", s) for n, s in enumerate(queues.sources, start=1)]
        _aligned(api, alignment, ("dst", d), *sources, why=proposals_why(alignment, d.dtype))
    if op_type is ir.MrgSort4Op:
        _unsupported_on_a2(builder, api, "MrgSort4")
    builder.insert(op_type.build(operands=[*_merge_operands(d, queues), params.ssa]))


def four_message(api: str, param: str, got: int) -> str:
    return f"{api}: {param} has 4 elements (one per queue), got {got}"


def _list_of_four(api: str, value: object, param: str) -> list[object]:
    """A list or tuple argument (its form asks for one) of one element per queue."""
    items = list(cast("Sequence[object]", value))
    if len(items) != 4:
        raise ApiValueError(four_message(api, param, len(items)))
    return items


def _with_counts(
    dst: LocalTensor,
    sort_list: MrgSortSrcList,
    element_count_list: Any,
    sorted_num: Any,
    valid_bit: Any,
    repeat_time: Any,
    is_exhausted_suspension: Any,
) -> None:
    api = "mrg_sort"
    builder = active(api)
    suspension = _compile_time_bool(is_exhausted_suspension, "is_exhausted_suspension")
    counts = _list_of_four(api, element_count_list, "element_count_list")
    sorted_values = _list_of_four(api, sorted_num, "sorted_num")
    count_operands = [ranged_operand(builder, v, api, "element_count_list", QUEUE_LENGTH_RANGE, uint16) for v in counts]
    sorted_operands = [integer_operand(builder, v, uint32, api=api, param="sorted_num") for v in sorted_values]
    check_valid_bit(api, valid_bit)
    _queues_for(api, valid_bit, len(sort_list), "sort_list")
    _aligned(api, 32, ("dst", dst), why=DST_WHY)
    sources = [(f"sort_list.src{n}", s) for n, s in enumerate(sort_list.sources, start=1)]
    _aligned(api, 8, *sources, why=QUEUES_WHY)
    valid = integer_operand(builder, valid_bit, uint16, api=api, param="valid_bit")
    repeat = ranged_operand(builder, repeat_time, api, "repeat_time", UINT8_RANGE)
    operands = [*_merge_operands(dst, sort_list), count_operands, sorted_operands, valid, repeat]
    properties = {"is_exhausted_suspension": UnitAttr()} if suspension else {}
    builder.insert(ir.MrgSortCountsOp.build(operands=operands, properties=properties))


_MRG_SORT_FORMS = [
    Form(
        "counts",
        (
            tensor_param("dst"),
            tensor_param("sort_list"),
            Param("element_count_list", instance_of(list, tuple), "List[int]"),
            Param("sorted_num", instance_of(list, tuple), "List[int]"),
            Param("valid_bit", is_int, "int"),
            Param("repeat_time", is_int, "int"),
            Param("is_exhausted_suspension", lambda _: True, "bool", False),
        ),
    ),
    Form(
        "info",
        (tensor_param("dst"), tensor_param("sort_list"), Param("params", instance_of(MrgSort4Info), "MrgSort4Info")),
    ),
]


@record(
    forms=(
        "asc.mrg_sort(dst, sort_list, element_count_list, sorted_num, valid_bit, repeat_time, "
        "is_exhausted_suspension=False)",
        "asc.mrg_sort(dst, sort_list, params)",
    ),
    cpp=(
        "template <typename T, bool isExhaustedSuspension = false> void MrgSort(const LocalTensor<T>& dst, "
        "const MrgSortSrcList<T>& sortList, const uint16_t elementCountList[4], uint32_t sortedNum[4], "
        "uint16_t validBit, const int32_t repeatTime);",
        "template <typename T> void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, "
        "const MrgSort4Info& params);",
    ),
    params=(
        ("sort_list", "an ``asc.MrgSortSrcList``"),
        ("element_count_list", "4 queue lengths in structures, [0, 4095], printed as a ``uint16_t`` array"),
        (
            "sorted_num",
            "4 integers, printed as the ``uint32_t`` array CANN fills (the counts are read with "
            "``get_mrg_sort_result``)",
        ),
        ("is_exhausted_suspension", "compile-time bool: stop when a queue runs out"),
    ),
    rules=(
        _valid_bit_rule("mrg_sort", "sort_list", "mrg_sort"),
        f'The lists have 4 elements: "{four_message("mrg_sort", "element_count_list", 3)}"; lengths are in '
        f"[{QUEUE_LENGTH_RANGE[0]}, {QUEUE_LENGTH_RANGE[1]}]: "
        f'"{range_message("mrg_sort", "element_count_list", 4096, QUEUE_LENGTH_RANGE)}".',
        "dst is 32-byte and the queues 8-byte aligned: "
        f'"{alignment_message("mrg_sort", "sort_list.src2", 4, 8, QUEUES_WHY)}".',
        f'The list and dst have one data type: "{list_type_message("mrg_sort", "sort_list", float16, float32)}".',
    ),
    notes=(MERGE_NOTE, SOURCE_LIST_NOTE),
)
def mrg_sort(dst: Any, sort_list: Any, *args: Any, **kwargs: Any) -> None:
    """Merge two to four sorted queues of (score, index) structures into one, largest score first."""
    form, bound = bind("mrg_sort", _MRG_SORT_FORMS, (dst, sort_list, *args), kwargs)
    if form == "info":
        _with_info("mrg_sort", ir.MrgSortOp, bound["dst"], bound["sort_list"], bound["params"])
        return
    d = vector_tensor(bound["dst"], "mrg_sort", "dst")
    queues = _sources("mrg_sort", d, bound["sort_list"], "sort_list")
    _with_counts(
        d,
        queues,
        bound["element_count_list"],
        bound["sorted_num"],
        bound["valid_bit"],
        bound["repeat_time"],
        bound["is_exhausted_suspension"],
    )


@record(
    forms=("asc.mrg_sort4(dst, src, params)",),
    cpp=(
        "template <typename T> void MrgSort4(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, "
        "const MrgSort4Info& params);",
    ),
    params=(("params", "an ``asc.MrgSort4Info``; the lengths count proposals"),),
    rules=(
        _valid_bit_rule("mrg_sort4", "src", "MrgSort4Info"),
        "dst and the queues are 16-byte (float16) or 32-byte (float32) aligned: "
        f'"{alignment_message("mrg_sort4", "dst", 8, 16, proposals_why(16, float16))}".',
        _a2_warning("mrg_sort4", "MrgSort4"),
    ),
    notes=(PROPOSAL_NOTE, MERGE_NOTE),
)
def mrg_sort4(dst: Any, src: Any, params: Any) -> None:
    """Merge two to four sorted queues of region proposals into one, largest score first."""
    _with_info("mrg_sort4", ir.MrgSort4Op, dst, src, params)


# --- region proposals ---------------------------------------------------------------------------------


@record(
    forms=("asc.rp_sort16(dst, src, repeat_time)",),
    cpp=(
        "template <typename T> void RpSort16(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
        "const int32_t repeatTime);",
    ),
    params=(("repeat_time", "groups of 16 proposals, [0, 255]"),),
    rules=(dtype_rule("rp_sort16", "src", FLOATS, int16), _a2_warning("rp_sort16", "RpSort16")),
    notes=(PROPOSAL_NOTE,),
)
def rp_sort16(dst: Any, src: Any, repeat_time: Any) -> None:
    """Sort each group of 16 region proposals by score, largest first."""
    api = "rp_sort16"
    builder = active(api)
    d, s = vector_tensor(dst, api, "dst"), vector_tensor(src, api, "src")
    float_operands(api, FLOATS, ("src", s), ("dst", d))
    _aligned(api, 32, ("dst", d), ("src", s), why=operands_why("RpSort16"))
    repeat = _repeat(builder, repeat_time, api)
    _unsupported_on_a2(builder, api, "RpSort16")
    builder.insert(ir.RpSort16Op.create(operands=[d.ssa, s.ssa, repeat]))


def _proposal(api: str, cpp: str, dst: Any, src: Any, repeat_time: Any, mode_number: Any) -> None:
    builder = active(api)
    d, s = vector_tensor(dst, api, "dst"), vector_tensor(src, api, "src")
    float_operands(api, FLOATS, ("src", s), ("dst", d))
    _aligned(api, 32, ("dst", d), ("src", s), why=operands_why(cpp))
    repeat = _repeat(builder, repeat_time, api)
    mode = ranged_operand(builder, mode_number, api, "mode_number", MODE_NUMBER_RANGE)
    _unsupported_on_a2(builder, api, cpp)
    properties = {"extract": UnitAttr()} if cpp == "ProposalExtract" else {}
    builder.insert(ir.ProposalOp.create(operands=[d.ssa, s.ssa, repeat, mode], properties=properties))


_MODE_PARAM = ("mode_number", "the field: 0 x1, 1 y1, 2 x2, 3 y2, 4 score, 5 label")


@record(
    forms=("asc.proposal_concat(dst, src, repeat_time, mode_number)",),
    cpp=(
        "template <typename T> void ProposalConcat(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
        "const int32_t repeatTime, const int32_t modeNumber);",
    ),
    params=(_MODE_PARAM,),
    rules=(
        f"``mode_number`` is in [{MODE_NUMBER_RANGE[0]}, {MODE_NUMBER_RANGE[1]}]: "
        f'"{range_message("proposal_concat", "mode_number", 6, MODE_NUMBER_RANGE)}".',
        _a2_warning("proposal_concat", "ProposalConcat"),
    ),
    notes=(PROPOSAL_NOTE,),
)
def proposal_concat(dst: Any, src: Any, repeat_time: Any, mode_number: Any) -> None:
    """Put 16 consecutive elements of ``src`` into field ``mode_number`` of 16 region proposals, per repeat."""
    _proposal("proposal_concat", "ProposalConcat", dst, src, repeat_time, mode_number)


@record(
    forms=("asc.proposal_extract(dst, src, repeat_time, mode_number)",),
    cpp=(
        "template <typename T> void ProposalExtract(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
        "const int32_t repeatTime, const int32_t modeNumber);",
    ),
    params=(_MODE_PARAM,),
    rules=(
        f"``mode_number`` is in [{MODE_NUMBER_RANGE[0]}, {MODE_NUMBER_RANGE[1]}].",
        _a2_warning("proposal_extract", "ProposalExtract"),
    ),
    notes=(PROPOSAL_NOTE,),
)
def proposal_extract(dst: Any, src: Any, repeat_time: Any, mode_number: Any) -> None:
    """Take field ``mode_number`` of 16 region proposals into 16 consecutive elements, per repeat."""
    _proposal("proposal_extract", "ProposalExtract", dst, src, repeat_time, mode_number)


# --- scalar queries -----------------------------------------------------------------------------------


def query_dtype_message(api: str, shown: str) -> str:
    return f"{api}: dtype must be asc.float16 or asc.float32, got {shown}"


_QUERY_DTYPE = ("dtype", "ascx's addition: the ``T`` of the C++ template; pyasc always prints ``float``")


def _sort_query(api: str, op_type: type[ir.GetSortLenOp | ir.GetSortOffsetOp], value: Any, dtype: Any) -> RuntimeScalar:
    builder = active(api)
    if not isinstance(dtype, DataType) or dtype not in FLOATS:
        shown = str(dtype) if isinstance(dtype, DataType) else describe(dtype)
        raise ApiTypeError(query_dtype_message(api, shown))
    operand = integer_operand(builder, value, uint32, api=api, param="elem_count" if "len" in api else "elem_offset")
    op = builder.insert(op_type(dtype.to_ir(), operand, uint32.to_ir()))
    return RuntimeScalar(op.result, uint32, origin=f"the value of {api}()")


@record(
    forms=("asc.get_sort_len(elem_count, dtype=asc.float32)",),
    cpp=("template <typename T> uint32_t GetSortLen(const uint32_t elemCount);",),
    params=(_QUERY_DTYPE,),
    rules=(f'``dtype`` is float16 or float32: "{query_dtype_message("get_sort_len", str(int32))}".',),
)
def get_sort_len(elem_count: Any, dtype: Any = float32) -> RuntimeScalar:
    """The elements of ``dtype`` that ``elem_count`` sorted structures take (``uint32``): 4 per structure for
    float16, 2 for float32."""
    return _sort_query("get_sort_len", ir.GetSortLenOp, elem_count, dtype)


@record(
    forms=("asc.get_sort_offset(elem_offset, dtype=asc.float32)",),
    cpp=("template <typename T> uint32_t GetSortOffset(const uint32_t elemOffset);",),
    params=(_QUERY_DTYPE,),
    rules=('An integer offset: "get_sort_offset: elem_offset must be an integer, got the float 1.5".',),
)
def get_sort_offset(elem_offset: Any, dtype: Any = float32) -> RuntimeScalar:
    """Where sorted structure ``elem_offset`` starts, in elements of ``dtype`` (``uint32``)."""
    return _sort_query("get_sort_offset", ir.GetSortOffsetOp, elem_offset, dtype)


@record(
    forms=("l1, l2, l3, l4 = asc.get_mrg_sort_result()",),
    cpp=(
        "void GetMrgSortResult(uint16_t& mrgSortList1, uint16_t& mrgSortList2, uint16_t& mrgSortList3, "
        "uint16_t& mrgSortList4);",
    ),
)
def get_mrg_sort_result() -> tuple[RuntimeScalar, RuntimeScalar, RuntimeScalar, RuntimeScalar]:
    """How many structures each of the four queues gave to the last ``mrg_sort`` with exhausted suspension
    (four ``uint16`` runtime values, read by the scalar unit)."""
    builder = active("get_mrg_sort_result")
    op = builder.insert(ir.GetMrgSortResultOp(uint16.to_ir()))
    origin = "a count of get_mrg_sort_result()"
    a, b, c, d = (RuntimeScalar(r, uint16, origin=origin) for r in op.results)
    return a, b, c, d


__all__ = [
    "get_mrg_sort_result",
    "get_sort_len",
    "get_sort_offset",
    "mrg_sort",
    "mrg_sort4",
    "proposal_concat",
    "proposal_extract",
    "rp_sort16",
    "sort",
    "sort32",
]
