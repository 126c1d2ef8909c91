"""Operands of the cube-level API and the rules CANN documents for them: where each tensor must be
(L1 is ``A1``/``B1``/``C1``, L0A ``A2``, L0B ``B2``, L0C ``CO1``, the bias table ``C2``), how its
start must be aligned, which data types an API takes, and the ranges of constant struct fields.

A tensor's position is known when it came from ``asc.LocalTensor(dtype, pos, ...)``, a queue, a
``TBuf`` or a ``LocalMemAllocator``; its byte address when it came from a fixed-address declaration
or an allocator whose sizes were constants (views at constant offsets included).  A rule whose
input is only known at run time is not checked at trace time.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.dialects.ascendc.cube_ops import integer_constant
from ascx.language.basic.operands import any_tensor, element_dtype, type_list
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import IRBuilder
from ascx.language.core.convert import describe
from ascx.language.core.cube_params import range_message
from ascx.language.core.dtype import DataType
from ascx.language.core.enums import TPosition
from ascx.language.core.memory_allocator import ADDRESSES
from ascx.language.core.params import ParamsStruct
from ascx.language.core.tensor import BaseTensor, GlobalTensor, LocalTensor

L1 = frozenset({TPosition.A1, TPosition.B1, TPosition.C1, TPosition.TSCM})
L0A = frozenset({TPosition.A2})
L0B = frozenset({TPosition.B2})
L0 = L0A | L0B
L0C = frozenset({TPosition.CO1})
BIAS_TABLE = frozenset({TPosition.C2})
UB = frozenset({TPosition.VECIN, TPosition.VECOUT, TPosition.VECCALC})

FRACTAL_BYTES = 512
"""A fractal of L0A/L0B: 16 rows of 32 bytes."""


def memory_name(positions: Collection[TPosition]) -> str:
    """How messages name a set of positions: ``L1 (A1, B1, C1, TSCM)``."""
    names = ", ".join(p.name for p in sorted(positions))
    for memory, group in (("L1", L1), ("L0A", L0A), ("L0B", L0B), ("L0C", L0C), ("the bias table", BIAS_TABLE)):
        if frozenset(positions) == group:
            return f"{memory} ({names})"
    if frozenset(positions) == L0:
        return f"L0A/L0B ({names})"
    return names


def global_message(api: str, param: str) -> str:
    return f"{api}: {param} is a GlobalTensor, but {api} takes a LocalTensor here"


def position_message(api: str, param: str, got: TPosition, positions: Collection[TPosition]) -> str:
    return f"{api}: {param} is at position {got.name}, but {api} takes it in {memory_name(positions)}"


def position_rule(api: str, param: str, got: TPosition, positions: Collection[TPosition], global_param: str) -> str:
    """The record's rule for :func:`local_operand`, quoting its messages."""
    return (
        "Each tensor is a LocalTensor at the position CANN documents for it, with the messages: "
        f'"{position_message(api, param, got, positions)}"; a GlobalTensor where a LocalTensor goes: '
        f'"{global_message(api, global_param)}".'
    )


def local_operand(value: object, api: str, param: str, positions: Collection[TPosition] | None = None) -> LocalTensor:
    """A LocalTensor operand, at one of ``positions`` when its position is known."""
    if isinstance(value, GlobalTensor):
        raise ApiTypeError(global_message(api, param))
    if not isinstance(value, LocalTensor):
        raise ApiTypeError(f"{api}: {param} must be a LocalTensor, got {describe(value)}")
    if positions is not None and value.position is not None and value.position not in positions:
        raise ApiValueError(position_message(api, param, value.position, positions))
    return value


def tensor_operand(value: object, api: str, param: str) -> BaseTensor:
    tensor = any_tensor(value, api, param)
    element_dtype(tensor, api)
    return tensor


def dtype_of(tensor: BaseTensor, api: str) -> DataType:
    return element_dtype(tensor, api)


def dtypes_message(api: str, what: str, got: DataType, allowed: Sequence[DataType]) -> str:
    return f"{api}: {what} is {got}; {api} supports {type_list(allowed)}"


def check_dtypes(api: str, what: str, got: DataType, allowed: Sequence[DataType]) -> None:
    if got not in allowed:
        raise ApiTypeError(dtypes_message(api, what, got, allowed))


def convert_message(api: str, a_name: str, a: object, b_name: str, b: object) -> str:
    return f"{api}: {a_name} is {a} but {b_name} is {b}; {api} does not convert"


def same_dtype(api: str, a: BaseTensor, a_name: str, b: BaseTensor, b_name: str) -> None:
    if a.dtype != b.dtype:
        raise ApiTypeError(convert_message(api, a_name, a.dtype, b_name, b.dtype))


def byte_address(builder: IRBuilder, tensor: LocalTensor) -> int | None:
    """The tensor's byte address in its memory, when the trace knows it."""
    value: SSAValue = tensor.ssa
    shift = 0
    while True:
        owner = value.owner
        if isinstance(owner, ir.SubTensorOp):
            offset = integer_constant(owner.offset)
            element = getattr(owner.source.type, "element_type", None)
            bits = getattr(element, "bitwidth", None)
            if offset is None or not isinstance(bits, int):
                return None
            shift += offset * bits // 8
            value = owner.source
        elif isinstance(owner, ir.ReinterpretCastOp):
            value = owner.source
        else:
            break
    if isinstance(value.owner, ir.LocalTensorOp):
        start = integer_constant(value.owner.addr)
        return None if start is None else start + shift
    addresses: dict[Any, int] = builder.kernel_state.get(ADDRESSES, {})
    start = addresses.get(value)
    return None if start is None else start + shift


def alignment_message(api: str, param: str, address: int, where: str, alignment: int) -> str:
    return f"{api}: {param} starts at byte {address} of {where}, which is not {alignment}-byte aligned"


def check_alignment(builder: IRBuilder, api: str, param: str, tensor: LocalTensor, alignment: int) -> None:
    """The tensor must start at a multiple of ``alignment`` bytes (when its address is known)."""
    address = byte_address(builder, tensor)
    if address is not None and address % alignment:
        where = tensor.position.name if tensor.position is not None else "its memory"
        raise ApiValueError(
            alignment_message(api, param, address, where, alignment), f"place it at a multiple of {alignment} bytes"
        )


def field(params: ParamsStruct, name: str) -> int | None:
    """A struct field the kernel gave as a Python int (or bool), else None."""
    value = params.values.get(name)
    return int(value) if isinstance(value, int) else None


def check_range(api: str, params: ParamsStruct, name: str, low: int, high: int) -> None:
    """A constant field must lie in ``[low, high]`` (CANN's documented range)."""
    value = field(params, name)
    if value is not None and not low <= value <= high:
        raise ApiValueError(range_message(api, type(params).__name__, name, value, low, high))


def bool_flag(builder: IRBuilder, value: object, api: str, param: str) -> SSAValue:
    """A ``bool`` argument: ``True``/``False`` or a runtime condition."""
    from ascx.language.core.cube_params import bool_operand

    return bool_operand(builder, value, api, param)
