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

QUEUE_LENGTH_RANGE = (0, 4095)
VALID_BITS = (3, 7, 15)
"""``validBit``: the first 2, 3 or 4 queues take part."""


class MrgSortSrcList:
    """``AscendC::MrgSortSrcList<T>``: two to four sorted queues (LocalTensors of ``dtype``)."""

    __slots__ = ("dtype", "sources")

    def __init__(self, dtype: Any, src1: Any, src2: Any, src3: Any = None, src4: Any = None) -> None:
        active("MrgSortSrcList")
        if not isinstance(dtype, DataType):
            raise ApiTypeError(f"MrgSortSrcList: dtype must be a DataType, got {describe(dtype)}")
        given = [("src1", src1), ("src2", src2), ("src3", src3), ("src4", src4)]
        if src3 is None and src4 is not None:
            raise ApiValueError("MrgSortSrcList: src4 is given without src3", "pass the queues in order")
        sources: list[LocalTensor] = []
        for name, value in given:
            if value is None:
                continue
            if not isinstance(value, LocalTensor):
                raise ApiTypeError(f"MrgSortSrcList: {name} must be a LocalTensor, got {describe(value)}")
            if value.dtype != dtype:
                raise ApiTypeError(f"MrgSortSrcList: {name} has data type {value.dtype} but the list is of {dtype}")
            sources.append(value)
        self.dtype = dtype
        self.sources = tuple(sources)

    def __len__(self) -> int:
        return len(self.sources)


class MrgSort4Info(Handle):
    """``AscendC::MrgSort4Info``: the four queue lengths (in sorted structures), whether the merge stops
    when a queue runs out, which queues take part (``valid_bit`` 3, 7 or 15) and the repeat count."""

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
            raise ApiValueError(f"{api}: element_lengths has 4 queue lengths, got {len(lengths)}")
        operands = [_ranged(builder, v, api, "element_lengths", QUEUE_LENGTH_RANGE) for v in lengths]
        if not isinstance(if_exhausted_suspension, bool) and not (
            isinstance(if_exhausted_suspension, RuntimeScalar) and if_exhausted_suspension.dtype == bit
        ):
            shown = describe(if_exhausted_suspension)
            raise ApiTypeError(f"{api}: if_exhausted_suspension must be a bool, got {shown}")
        suspension = integer_operand(builder, if_exhausted_suspension, bit, api=api, param="if_exhausted_suspension")
        check_valid_bit(api, valid_bit)
        valid = integer_operand(builder, valid_bit, uint16, api=api, param="valid_bit")
        repeat = _ranged(builder, repeat_times, api, "repeat_times", (0, 255))
        super().__init__(builder.insert(ir.MrgSort4InfoOp(operands, suspension, valid, repeat)).result)
        self.element_lengths = tuple(lengths)
        self.if_exhausted_suspension = if_exhausted_suspension
        self.valid_bit = valid_bit
        self.repeat_times = repeat_times


def check_valid_bit(api: str, valid_bit: object) -> None:
    """A constant ``valid_bit`` is 3, 7 or 15."""
    if isinstance(valid_bit, int) and not isinstance(valid_bit, bool) and valid_bit not in VALID_BITS:
        raise ApiValueError(
            f"{api}: valid_bit {valid_bit} is not 3, 7 or 15 (the first 2, 3 or 4 queues)",
            "valid_bit=0b1111 merges four queues",
        )


def _ranged(builder: IRBuilder, value: object, api: str, param: str, bounds: tuple[int, int]) -> SSAValue:
    low, high = bounds
    if isinstance(value, int) and not isinstance(value, bool) and not low <= value <= high:
        raise ApiValueError(f"{api}: {param} {value} is outside [{low}, {high}]")
    return integer_operand(builder, value, uint16, api=api, param=param)


__all__ = ["MrgSort4Info", "MrgSortSrcList"]
