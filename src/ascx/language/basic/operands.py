"""Arguments shared by the basic APIs: tensor operands with their position rules, counts, masks,
repeat counts and the two call forms of the vector ops.

The vector unit reads and writes the unified buffer only, so a vector operand must be a
``LocalTensor`` at a vector position (``VECIN``, ``VECOUT``, ``VECCALC``) when its position is known.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import IRBuilder
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.dtype import DataType, float16, float32, int16, int32, uint8, uint16, uint64
from ascx.language.core.enums import TPosition
from ascx.language.core.forms import Form, Param, instance_of, is_bool, is_int, is_mask_list
from ascx.language.core.params import BinaryRepeatParams, ParamsStruct, UnaryRepeatParams
from ascx.language.core.tensor import BaseTensor, GlobalTensor, LocalTensor
from ascx.language.core.values import GlobalAddress

VECTOR_POSITIONS = frozenset({TPosition.VECIN, TPosition.VECOUT, TPosition.VECCALC})


def vector_tensor(value: object, api: str, param: str) -> LocalTensor:
    """A tensor operand of a vector op: a LocalTensor in the unified buffer."""
    if isinstance(value, GlobalTensor):
        raise ApiTypeError(
            on_chip_message(api, param),
            "copy the data into a LocalTensor with asc.data_copy first",
        )
    if not isinstance(value, LocalTensor):
        raise ApiTypeError(f"{api}: {param} must be a LocalTensor, got {describe(value)}")
    if value.position is not None and value.position not in VECTOR_POSITIONS:
        raise ApiValueError(position_message(api, param, value.position.name))
    return value


def position_message(api: str, param: str, position: str) -> str:
    return (
        f"{api}: {param} is at position {position}, but vector ops work on the unified buffer (VECIN, VECOUT, VECCALC)"
    )


def vector_rules(api: str, param: str = "src") -> tuple[str, ...]:
    """The record's rules every vector op shares: :func:`vector_tensor` (of ``api``'s tensor ``param``),
    :func:`count_operand`, :func:`repeat_operand` and the forms, quoting their messages."""
    return (
        f'Every tensor is a LocalTensor in the unified buffer: "{on_chip_message(api, param)}"; a tensor at A1 etc.: '
        f'"{position_message(api, "dst", "A1")}".',
        f'A constant count is positive ("{count_message(api, 0)}"); repeat counts and strides fit ``uint8_t`` '
        f'("{api}: repeat_times 300 does not fit uint8").',
        f'A call that fits no form lists the forms: "{api}(): no form takes (LocalTensor, LocalTensor, LocalTensor, '
        'float); the forms are: ...".',
    )


MASK_PARAMS = (
    ("count", "elements, from the start of each tensor"),
    (
        "mask",
        "the mask form: an int (how many elements of each 256-byte repeat), or a list of one or two 64-bit "
        "words (which elements), emitted as ``uint64_t mask[]``",
    ),
    ("repeat_times", "repeats of the mask"),
    ("is_set_mask", "compile-time; False when the mask register is already set"),
)
"""The record's parameters of a vector op's count and mask forms (:func:`vector_forms`)."""


def any_tensor(value: object, api: str, param: str) -> BaseTensor:
    if not isinstance(value, BaseTensor):
        hints = [_ADDRESS_HINT] if isinstance(value, GlobalAddress) else []
        raise ApiTypeError(f"{api}: {param} must be a GlobalTensor or a LocalTensor, got {describe(value)}", *hints)
    return value


_ADDRESS_HINT = "wrap the address in a tensor: g = asc.GlobalTensor(); g.set_global_buffer(address)"


def element_dtype(tensor: BaseTensor, api: str) -> DataType:
    if tensor.dtype is None:
        raise ApiValueError(f"{api}: the GlobalTensor has no data type yet", "call set_global_buffer first")
    return tensor.dtype


def count_message(api: str, value: int) -> str:
    return f"{api}: count must be positive, got {value}"


def count_operand(builder: IRBuilder, value: object, api: str, dtype: DataType = int32) -> SSAValue:
    """A number of elements: a positive constant, or a runtime integer."""
    if isinstance(value, int) and not isinstance(value, bool) and value <= 0:
        raise ApiValueError(count_message(api, value))
    return integer_operand(builder, value, dtype, api=api, param="count")


def mask_operand(builder: IRBuilder, value: object, api: str) -> SSAValue:
    """The mask of the mask form: an integer (how many elements of each repeat), or a list of one or two
    64-bit words (which elements), emitted as a ``uint64_t`` array."""
    if isinstance(value, list | tuple):
        items = cast("Sequence[object]", value)
        words = [integer_operand(builder, v, uint64, api=api, param="mask") for v in items]
        op = builder.insert(ir.MaskListOp(words))
        op.result.name_hint = "mask"
        return op.result
    return integer_operand(builder, value, uint64, api=api, param="mask")


def repeat_operand(builder: IRBuilder, value: object, api: str, param: str = "repeat_times") -> SSAValue:
    """A repeat count or stride of the mask form (``uint8_t`` in C++)."""
    return integer_operand(builder, value, uint8, api=api, param=param)


def count_form(name: str = "count", *, set_mask: bool = False) -> tuple[Param, ...]:
    """The trailing parameters of the count form."""
    params = [Param(name, is_int, "int")]
    if set_mask:
        params.append(Param("is_set_mask", is_bool, "bool", True))
    return tuple(params)


def mask_forms(params_type: type[ParamsStruct]) -> list[tuple[str, tuple[Param, ...]]]:
    """The trailing parameters of the two mask forms (an int mask, a list mask), pyasc's order."""
    tail = (
        Param("repeat_times", is_int, "int"),
        Param("repeat_params", instance_of(params_type), params_type.__name__),
        Param("is_set_mask", is_bool, "bool", True),
    )
    return [
        ("mask", (Param("mask", is_int, "int"), *tail)),
        ("mask", (Param("mask", is_mask_list, "list[int]"), *tail)),
    ]


def vector_forms(
    leading: Sequence[Param], params_type: type[ParamsStruct], *, count_set_mask: bool, count_first: bool = False
) -> list[Form]:
    """The forms of a vector op whose operands are ``leading``: the mask forms, then the count form
    (pyasc tries them in this order)."""
    masks = [Form(kind, (*leading, *tail)) for kind, tail in mask_forms(params_type)]
    count = Form("count", (*leading, *count_form(set_mask=count_set_mask)))
    return [count, *masks] if count_first else [*masks, count]


def tensor_param(name: str) -> Param:
    return Param(name, lambda _: True)


def extent_operands(
    builder: IRBuilder, api: str, form: str, bound: dict[str, Any], *, count_dtype: DataType = int32
) -> tuple[dict[str, SSAValue], list[str]]:
    """The optional operands and unit flags of a vector op for its bound ``form``."""
    if form == "count":
        flags = ["is_set_mask"] if bound.get("is_set_mask", False) else []
        return {"count": count_operand(builder, bound["count"], api, count_dtype)}, flags
    params = bound["repeat_params"]
    assert isinstance(params, BinaryRepeatParams | UnaryRepeatParams)
    operands = {
        "mask": mask_operand(builder, bound["mask"], api),
        "repeat_times": repeat_operand(builder, bound["repeat_times"], api),
        "repeat_params": params.ssa,
    }
    return operands, (["is_set_mask"] if bound["is_set_mask"] else [])


SAME_SRC_DST = "Src and dst must be same type."
SAME_SRC0_SRC1 = "Src0 and src1 must be same type."
SAME_SRC0_DST = "Src0 and dst must be same type."
SAME_SRC0_SRC1_DST = "Src0, src1 and dst must be same type."
"""pyasc's messages for operands of different types (:func:`same_dtype`)."""


def same_dtype_message(api: str, message: str, *types: tuple[str, object]) -> str:
    """``message`` followed by the ``(role, data type)`` of each operand."""
    return f"{message} ({api}: {', '.join(f'{role} {dtype}' for role, dtype in types)})"


def same_dtype(api: str, message: str, *operands: tuple[str, BaseTensor]) -> None:
    """pyasc's ``message`` when the ``(role, tensor)`` operands differ in type, followed by what each is:
    ``Src0 and src1 must be same type. (add: src0 float16, src1 float32)``."""
    if len({tensor.dtype for _, tensor in operands}) > 1:
        raise ApiTypeError(same_dtype_message(api, message, *((role, tensor.dtype) for role, tensor in operands)))


FLOATS = (float16, float32)
ARITHMETIC = (float16, float32, int16, int32)
BITWISE = (int16, uint16)
"""Type sets several ops share (Atlas A2, dav-c220); each op's own table stands in its family module.  pyasc
checks the element-wise binary ops only (``check_type``, whose messages ascx keeps); the other tables are
those the Ascend C documentation gives for each API, which pyasc documents and ascx enforces."""


def pyasc_valid_types(valid: tuple[DataType, ...]) -> str:
    """pyasc's rendering of a valid-type table: ``{'src': ['float16', ...], 'dst': [...]}``."""
    names = [d.name for d in valid]
    return str({"src": names, "dst": names})


def type_list(types: Sequence[DataType]) -> str:
    """``int16, uint16, float16``: how messages and records list a type set."""
    return ", ".join(str(d) for d in types)


def dtype_message(api: str, param: str, got: object, allowed: Sequence[DataType]) -> str:
    return f"{api}: {param} has data type {got}; {api} supports {type_list(allowed)}"


def check_dtype(api: str, tensor: BaseTensor, param: str, allowed: Sequence[DataType]) -> None:
    if tensor.dtype not in allowed:
        raise ApiTypeError(dtype_message(api, param, tensor.dtype, allowed))


def dtype_rule(api: str, param: str, allowed: Sequence[DataType], got: DataType, also: str = "") -> str:
    """The record's rule for :func:`check_dtype`, quoting its message for a ``got`` tensor; ``also`` continues
    the sentence (how the other operands agree)."""
    return f'Data types {type_list(allowed)}: "{dtype_message(api, param, got, allowed)}"{f"; {also}" if also else ""}.'


def on_chip_message(api: str, param: str) -> str:
    return f"{api}: {param} is a GlobalTensor, but vector ops work on LocalTensors in the unified buffer"


def on_chip_rule(api: str, param: str) -> str:
    """The record's rule for :func:`vector_tensor`, quoting its message."""
    return f'Every tensor is a LocalTensor in the unified buffer: "{on_chip_message(api, param)}".'
