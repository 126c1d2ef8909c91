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
from ascx.language.basic.dtype_rules import FLOATS
from ascx.language.basic.operands import check_dtype, tensor_param, vector_tensor
from ascx.language.basic.reduce_args import UINT8_RANGE, float_operands, ranged_operand
from ascx.language.basic.ub_alignment import check_alignment
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.dtype import DataType, float32, uint16, uint32
from ascx.language.core.forms import Form, Param, bind, instance_of, is_int
from ascx.language.core.sort_structs import QUEUE_LENGTH_RANGE, MrgSort4Info, MrgSortSrcList, check_valid_bit
from ascx.language.core.tensor import LocalTensor
from ascx.language.core.values import Handle, RuntimeScalar

MODE_NUMBER_RANGE = (0, 5)
"""``modeNumber``: which field of a region proposal (x1, y1, x2, y2, score, label)."""


def _unsupported_on_a2(builder: IRBuilder, api: str, cpp: str) -> None:
    builder.warn(
        f"{api}: CANN supports {cpp} on the Atlas inference and training products only; on the Ascend 910B "
        f"family it compiles and fails when it runs (the CPU emulation runs {cpp} as documented)"
    )


def _repeat(builder: IRBuilder, value: object, api: str) -> SSAValue:
    return ranged_operand(builder, value, api, "repeat_time", UINT8_RANGE)


def _compile_time_bool(value: object, param: str) -> bool:
    """pyasc's check of the template arguments ``is_full_sort`` and ``is_exhausted_suspension``."""
    if value is not True and value is not False:
        shown = describe(value) if isinstance(value, Handle) else value
        raise TypeError(
            f"The '{param}' argument must be a boolean literal (True or False), "
            f"but got {shown} of type {type(value).__name__}. "
            f"This parameter must be a compile-time constant."
        )
    return bool(value)


def _aligned(api: str, alignment: int, *tensors: tuple[str, LocalTensor], why: str) -> None:
    for name, tensor in tensors:
        check_alignment(api, name, tensor, alignment, why)


def _indices(api: str, name: str, tensor: LocalTensor) -> None:
    if tensor.dtype != uint32:
        raise ApiTypeError(f"{api}: {name} has data type {tensor.dtype}; {api} takes the indices as uint32")


# --- sort32 and sort ----------------------------------------------------------------------------------


def sort32(dst: Any, src0: Any, src1: Any, repeat_time: Any) -> None:
    """``AscendC::Sort32(dst, src0, src1, repeatTime)``."""
    api = "sort32"
    builder = active(api)
    d, s0, s1 = (vector_tensor(t, api, n) for t, n in ((dst, "dst"), (src0, "src0"), (src1, "src1")))
    float_operands(api, FLOATS, ("src0", s0), ("dst", d))
    _indices(api, "src1", s1)
    _aligned(api, 32, ("dst", d), ("src0", s0), ("src1", s1), why="Sort32 takes 32-byte aligned operands")
    builder.insert(ir.Sort32Op.create(operands=[d.ssa, s0.ssa, s1.ssa, _repeat(builder, repeat_time, api)]))


def sort(dst: Any, concat: Any, index: Any, tmp: Any, repeat_time: Any, is_full_sort: Any = False) -> None:
    """``AscendC::Sort<T, isFullSort>(dst, concat, index, tmp, repeatTime)``."""
    api = "sort"
    full = _compile_time_bool(is_full_sort, "is_full_sort")
    builder = active(api)
    names = (("dst", dst), ("concat", concat), ("index", index), ("tmp", tmp))
    d, c, i, t = (vector_tensor(v, api, n) for n, v in names)
    float_operands(api, FLOATS, ("concat", c), ("dst", d), ("tmp", t))
    _indices(api, "index", i)
    _aligned(api, 32, ("dst", d), ("concat", c), ("index", i), ("tmp", t), why="Sort takes 32-byte aligned operands")
    op = ir.SortOp.create(
        operands=[d.ssa, c.ssa, i.ssa, t.ssa, _repeat(builder, repeat_time, api)],
        properties={"is_full_sort": UnitAttr()} if full else {},
    )
    builder.insert(op)


# --- mrg_sort and mrg_sort4 ---------------------------------------------------------------------------


def _sources(api: str, dst: LocalTensor, sort_list: object, param: str) -> MrgSortSrcList:
    if not isinstance(sort_list, MrgSortSrcList):
        raise ApiTypeError(f"{api}: {param} must be an asc.MrgSortSrcList, got {describe(sort_list)}")
    check_dtype(api, dst, "dst", FLOATS)
    if sort_list.dtype != dst.dtype:
        raise ApiTypeError(
            f"{api}: {param} is of {sort_list.dtype} but dst is {dst.dtype}; {api} works on one data type"
        )
    for n, tensor in enumerate(sort_list.sources, start=1):
        vector_tensor(tensor, api, f"{param}.src{n}")
    return sort_list


def _queues_for(api: str, valid_bit: object, queues: int, param: str) -> None:
    wanted = {3: 2, 7: 3, 15: 4}.get(valid_bit) if isinstance(valid_bit, int) else None
    if wanted is not None and wanted > queues:
        raise ApiValueError(
            f"{api}: valid_bit {valid_bit} merges {wanted} queues but {param} has {queues}",
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
        _aligned(api, 32, ("dst", d), why="MrgSort writes to a 32-byte aligned address")
        sources = [(f"{param}.src{n}", s) for n, s in enumerate(queues.sources, start=1)]
        _aligned(api, 8, *sources, why="MrgSort reads queues of 8-byte structures from 8-byte aligned addresses")
    else:
        assert d.dtype is not None
        alignment = 16 if d.dtype.bitwidth == 16 else 32
        sources = [(f"{param}.src{n}", s) for n, s in enumerate(queues.sources, start=1)]
        why = f"MrgSort4 takes {alignment}-byte aligned {d.dtype} proposals"
        _aligned(api, alignment, ("dst", d), *sources, why=why)
    if op_type is ir.MrgSort4Op:
        _unsupported_on_a2(builder, api, "MrgSort4")
    builder.insert(op_type.build(operands=[*_merge_operands(d, queues), params.ssa]))


def _list_of_four(api: str, value: object, param: str) -> list[object]:
    """A list or tuple argument (its form asks for one) of one element per queue."""
    items = list(cast("Sequence[object]", value))
    if len(items) != 4:
        raise ApiValueError(f"{api}: {param} has 4 elements (one per queue), got {len(items)}")
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
    _aligned(api, 32, ("dst", dst), why="MrgSort writes to a 32-byte aligned address")
    sources = [(f"sort_list.src{n}", s) for n, s in enumerate(sort_list.sources, start=1)]
    _aligned(api, 8, *sources, why="MrgSort reads queues of 8-byte structures from 8-byte aligned addresses")
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


def mrg_sort(dst: Any, sort_list: Any, *args: Any, **kwargs: Any) -> None:
    """``AscendC::MrgSort<T, isExhaustedSuspension>(dst, list, elementCountList, sortedNum, validBit,
    repeatTime)`` or ``AscendC::MrgSort(dst, list, params)``."""
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


def mrg_sort4(dst: Any, src: Any, params: Any) -> None:
    """``AscendC::MrgSort4(dst, src, params)``: merge sorted queues of region proposals."""
    _with_info("mrg_sort4", ir.MrgSort4Op, dst, src, params)


# --- region proposals ---------------------------------------------------------------------------------


def rp_sort16(dst: Any, src: Any, repeat_time: Any) -> None:
    """``AscendC::RpSort16(dst, src, repeatTime)``: sort groups of 16 region proposals by score."""
    api = "rp_sort16"
    builder = active(api)
    d, s = vector_tensor(dst, api, "dst"), vector_tensor(src, api, "src")
    float_operands(api, FLOATS, ("src", s), ("dst", d))
    _aligned(api, 32, ("dst", d), ("src", s), why="RpSort16 takes 32-byte aligned operands")
    repeat = _repeat(builder, repeat_time, api)
    _unsupported_on_a2(builder, api, "RpSort16")
    builder.insert(ir.RpSort16Op.create(operands=[d.ssa, s.ssa, repeat]))


def _proposal(api: str, cpp: str, dst: Any, src: Any, repeat_time: Any, mode_number: Any) -> None:
    builder = active(api)
    d, s = vector_tensor(dst, api, "dst"), vector_tensor(src, api, "src")
    float_operands(api, FLOATS, ("src", s), ("dst", d))
    _aligned(api, 32, ("dst", d), ("src", s), why=f"{cpp} takes 32-byte aligned operands")
    repeat = _repeat(builder, repeat_time, api)
    mode = ranged_operand(builder, mode_number, api, "mode_number", MODE_NUMBER_RANGE)
    _unsupported_on_a2(builder, api, cpp)
    properties = {"extract": UnitAttr()} if cpp == "ProposalExtract" else {}
    builder.insert(ir.ProposalOp.create(operands=[d.ssa, s.ssa, repeat, mode], properties=properties))


def proposal_concat(dst: Any, src: Any, repeat_time: Any, mode_number: Any) -> None:
    """``AscendC::ProposalConcat(dst, src, repeatTime, modeNumber)``."""
    _proposal("proposal_concat", "ProposalConcat", dst, src, repeat_time, mode_number)


def proposal_extract(dst: Any, src: Any, repeat_time: Any, mode_number: Any) -> None:
    """``AscendC::ProposalExtract(dst, src, repeatTime, modeNumber)``."""
    _proposal("proposal_extract", "ProposalExtract", dst, src, repeat_time, mode_number)


# --- scalar queries -----------------------------------------------------------------------------------


def _sort_query(api: str, op_type: type[ir.GetSortLenOp | ir.GetSortOffsetOp], value: Any, dtype: Any) -> RuntimeScalar:
    builder = active(api)
    if not isinstance(dtype, DataType) or dtype not in FLOATS:
        shown = str(dtype) if isinstance(dtype, DataType) else describe(dtype)
        raise ApiTypeError(f"{api}: dtype must be asc.float16 or asc.float32, got {shown}")
    operand = integer_operand(builder, value, uint32, api=api, param="elem_count" if "len" in api else "elem_offset")
    op = builder.insert(op_type(dtype.to_ir(), operand, uint32.to_ir()))
    return RuntimeScalar(op.result, uint32, origin=f"the value of {api}()")


def get_sort_len(elem_count: Any, dtype: Any = float32) -> RuntimeScalar:
    """``AscendC::GetSortLen<T>(elemCount)``: the elements of ``dtype`` that ``elem_count`` sorted
    structures take."""
    return _sort_query("get_sort_len", ir.GetSortLenOp, elem_count, dtype)


def get_sort_offset(elem_offset: Any, dtype: Any = float32) -> RuntimeScalar:
    """``AscendC::GetSortOffset<T>(elemOffset)``: where sorted structure ``elem_offset`` starts."""
    return _sort_query("get_sort_offset", ir.GetSortOffsetOp, elem_offset, dtype)


def get_mrg_sort_result() -> tuple[RuntimeScalar, RuntimeScalar, RuntimeScalar, RuntimeScalar]:
    """``AscendC::GetMrgSortResult(l1, l2, l3, l4)``: how many structures of each queue the last merge
    consumed."""
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
