"""The argument structs of the merge sorts: ``MrgSortSrcList`` (the sorted queues) and ``MrgSort4Info``
(their lengths and how to merge them), pyasc's ``asc.MrgSortSrcList`` and ``asc.MrgSort4Info``.

A ``MrgSortSrcList`` is a compile-time list of two to four LocalTensors: the merge ops take the
queues as operands and print ``AscendC::MrgSortSrcList<T>(...)`` at the call (CANN's struct has only
the four-tensor constructor; missing queues are empty tensors).  A ``MrgSort4Info`` is built in the
kernel (``AscendC::MrgSort4Info info{lengths, ifExhaustedSuspension, validBit, repeatTimes};``) and
keeps the Python values of its fields for the checks of the calls that take it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.dtype import DataType, bit, uint16
from ascx.language.core.tensor import LocalTensor
from ascx.language.core.values import Handle, RuntimeScalar
from ascx.language.records import records

record = records(__name__, "basic/sort")

QUEUE_LENGTH_RANGE = (0, 4095)
VALID_BITS = (3, 7, 15)
"""``validBit``: the first 2, 3 or 4 queues take part."""


SRC4_WITHOUT_SRC3 = "MrgSortSrcList: src4 is given without src3"


def source_type_message(name: str, dtype: object, list_dtype: object) -> str:
    return f"MrgSortSrcList: {name} has data type {dtype} but the list is of {list_dtype}"


SOURCE_LIST_NOTE = (
    "The queues print as ``AscendC::MrgSortSrcList<T>(src1, src2, src3, src4)`` at the call, missing queues as empty "
    "tensors; pyasc's ``MrgSortSrcList<half> v{a, b}`` for two queues does not compile against CANN, which has only "
    "the four-tensor constructor."
)


@record(
    forms=("asc.MrgSortSrcList(dtype, src1, src2, src3=None, src4=None)",),
    cpp=("template <typename T> struct MrgSortSrcList { LocalTensor<T> src1, src2, src3, src4; };",),
    rules=(
        "The tensors have the list's data type: "
        f'"{source_type_message("src1", "float16", "float32")}"; "{SRC4_WITHOUT_SRC3}".',
    ),
    notes=(SOURCE_LIST_NOTE,),
    title="asc.MrgSortSrcList",
)
class MrgSortSrcList:
    """The sorted queues of a merge: two to four LocalTensors of ``dtype`` (a compile-time list)."""

    __slots__ = ("dtype", "sources")

    def __init__(self, dtype: Any, src1: Any, src2: Any, src3: Any = None, src4: Any = None) -> None:
        active("MrgSortSrcList")
        if not isinstance(dtype, DataType):
            raise ApiTypeError(f"MrgSortSrcList: dtype must be a DataType, got {describe(dtype)}")
        given = [("src1", src1), ("src2", src2), ("src3", src3), ("src4", src4)]
        if src3 is None and src4 is not None:
            raise ApiValueError(SRC4_WITHOUT_SRC3, "pass the queues in order")
        sources: list[LocalTensor] = []
        for name, value in given:
            if value is None:
                continue
            if not isinstance(value, LocalTensor):
                raise ApiTypeError(f"MrgSortSrcList: {name} must be a LocalTensor, got {describe(value)}")
            if value.dtype != dtype:
                raise ApiTypeError(source_type_message(name, value.dtype, dtype))
            sources.append(value)
        self.dtype = dtype
        self.sources = tuple(sources)

    def __len__(self) -> int:
        return len(self.sources)


def lengths_message(got: int) -> str:
    return f"MrgSort4Info: element_lengths has 4 queue lengths, got {got}"


def suspension_message(got: object) -> str:
    return f"MrgSort4Info: if_exhausted_suspension must be a bool, got {describe(got)}"


@record(
    forms=("asc.MrgSort4Info(element_lengths, if_exhausted_suspension=False, valid_bit=15, repeat_times=1)",),
    cpp=(
        "uint16_t lengths[] = {...}; AscendC::MrgSort4Info info{lengths, ifExhaustedSuspension, validBit, "
        "repeatTimes};",
    ),
    rules=(
        f'4 lengths in [{QUEUE_LENGTH_RANGE[0]}, {QUEUE_LENGTH_RANGE[1]}]: "{lengths_message(2)}"; ``valid_bit`` is '
        f"{', '.join(map(str, VALID_BITS[:-1]))} or {VALID_BITS[-1]}; ``repeat_times`` is in [0, 255]; the "
        f'suspension switch is a bool: "{suspension_message(1)}".',
    ),
    title="asc.MrgSort4Info",
)
class MrgSort4Info(Handle):
    """The parameters of ``mrg_sort``/``mrg_sort4``: four queue lengths, whether to stop when a queue runs
    out, the valid queues and the repeat count."""

    __slots__ = ("element_lengths", "if_exhausted_suspension", "repeat_times", "valid_bit")

    def __init__(
        self, element_lengths: Any, if_exhausted_suspension: Any = False, valid_bit: Any = 15, repeat_times: Any = 1
    ) -> None:
        api = "MrgSort4Info"
        builder = active(api)
        if not isinstance(element_lengths, list | tuple):
            raise ApiTypeError(
                f"{api}: element_lengths must be a list of 4 queue lengths, got {describe(element_lengths)}"
            )
        lengths = list(cast("Sequence[object]", element_lengths))
        if len(lengths) != 4:
            raise ApiValueError(lengths_message(len(lengths)))
        operands = [_ranged(builder, v, api, "element_lengths", QUEUE_LENGTH_RANGE) for v in lengths]
        if not isinstance(if_exhausted_suspension, bool) and not (
            isinstance(if_exhausted_suspension, RuntimeScalar) and if_exhausted_suspension.dtype == bit
        ):
            raise ApiTypeError(suspension_message(if_exhausted_suspension))
        suspension = integer_operand(builder, if_exhausted_suspension, bit, api=api, param="if_exhausted_suspension")
        check_valid_bit(api, valid_bit)
        valid = integer_operand(builder, valid_bit, uint16, api=api, param="valid_bit")
        repeat = _ranged(builder, repeat_times, api, "repeat_times", (0, 255))
        super().__init__(builder.insert(ir.MrgSort4InfoOp(operands, suspension, valid, repeat)).result)
        self.element_lengths = tuple(lengths)
        self.if_exhausted_suspension = if_exhausted_suspension
        self.valid_bit = valid_bit
        self.repeat_times = repeat_times


def valid_bit_message(api: str, valid_bit: int) -> str:
    return f"{api}: valid_bit {valid_bit} is not 3, 7 or 15 (the first 2, 3 or 4 queues)"


def check_valid_bit(api: str, valid_bit: object) -> None:
    """A constant ``valid_bit`` is 3, 7 or 15."""
    if isinstance(valid_bit, int) and not isinstance(valid_bit, bool) and valid_bit not in VALID_BITS:
        raise ApiValueError(
            valid_bit_message(api, valid_bit),
            "valid_bit=0b1111 merges four queues",
        )


def _ranged(builder: IRBuilder, value: object, api: str, param: str, bounds: tuple[int, int]) -> SSAValue:
    low, high = bounds
    if isinstance(value, int) and not isinstance(value, bool) and not low <= value <= high:
        raise ApiValueError(f"{api}: {param} {value} is outside [{low}, {high}]")
    return integer_operand(builder, value, uint16, api=api, param=param)


__all__ = ["MrgSort4Info", "MrgSortSrcList"]
