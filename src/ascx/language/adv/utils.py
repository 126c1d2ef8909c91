"""The argument checks the library functions share (pyasc's ``asc.language.adv.utils`` holds their
helpers too): tensor operands, data types, template flags, counts, the temporary buffer and its minimum
size, and the 32-byte alignment of operands whose address is known.

Every check raises at the kernel's call with the API's name, as the rest of the kernel API does; a
fact known only at run time (a runtime count, a queue's buffer sized at run time) is checked by the
emulation instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from xdsl.ir import SSAValue

from ascx.language.adv.known_values import known_int, tensor_extent
from ascx.language.adv.lib_tiling import LibTiling, SoftmaxShapeInfo
from ascx.language.basic.operands import vector_tensor
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import IRBuilder
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.dtype import DataType, uint8, uint32
from ascx.language.core.tensor import LocalTensor
from ascx.language.core.values import Handle

BLOCK = 32
"""Bytes of a data block: operands start at multiples of it (CANN's general address alignment rule)."""


def lib_tensor(value: object, api: str, param: str) -> LocalTensor:
    """A tensor operand: a LocalTensor in the unified buffer, with a data type."""
    return vector_tensor(value, api, param)


def dtype_of(tensor: LocalTensor) -> DataType:
    assert tensor.dtype is not None
    return tensor.dtype


def dtype_message(api: str, param: str, got: object, allowed: Sequence[object]) -> str:
    """The message of an operand of a type the function does not take (``require_dtype``); the records quote
    it with example values."""
    return f"{api}: {param} has data type {got}; {api} supports {', '.join(str(d) for d in allowed)}"


def require_dtype(api: str, tensor: LocalTensor, param: str, allowed: Sequence[DataType]) -> None:
    if tensor.dtype not in allowed:
        raise ApiTypeError(dtype_message(api, param, tensor.dtype, allowed))


def same_dtype_message(api: str, param: str, got: object, first: str, expected: object) -> str:
    """The message of operands whose types differ (``require_same_dtype``)."""
    return f"{api}: {param} has data type {got}, but {first} has {expected}; they must match"


def require_same_dtype(api: str, first: tuple[str, LocalTensor], *others: tuple[str, LocalTensor]) -> None:
    name, tensor = first
    for other_name, other in others:
        if other.dtype != tensor.dtype:
            raise ApiTypeError(same_dtype_message(api, other_name, other.dtype, name, tensor.dtype))


def template_flag(value: object, api: str, param: str) -> bool:
    """A ``bool`` template argument of the C++ call: it must be known at compile time."""
    if isinstance(value, Handle):
        raise ApiTypeError(
            f"{api}: {param} must be a compile-time bool (it is a template argument of the C++ call), "
            f"got {describe(value)}",
            "pass True or False, or a ConstExpr parameter",
        )
    if not isinstance(value, bool | int):
        raise ApiTypeError(f"{api}: {param} must be a bool, got {describe(value)}")
    return bool(value)


def reserved_flag(builder: IRBuilder, value: bool, api: str, param: str) -> None:
    """A flag CANN reserves (``该参数预留``): True has no effect; CANN's kernel check warns, and so does ascx."""
    if value:
        builder.warn(f"{api}: {param}=True has no effect: CANN reserves the parameter (pass False)")


def tmp_operand(value: object, api: str) -> LocalTensor | None:
    """The optional temporary buffer: a ``uint8`` LocalTensor in the unified buffer."""
    if value is None:
        return None
    if not isinstance(value, LocalTensor):
        raise TypeError(f"'temp_buffer' argument must be LocalTensor, got {type(value).__name__}")
    tensor = lib_tensor(value, api, "temp_buffer")
    if tensor.dtype != uint8:
        raise ApiTypeError(
            f"{api}: temp_buffer has data type {tensor.dtype}; the temporary buffer is a uint8 tensor",
            "reinterpret it: buf.reinterpret_cast(asc.uint8)",
        )
    return tensor


def count_operand(builder: IRBuilder, value: object, api: str, param: str = "count") -> SSAValue:
    """``calCount``: a ``uint32_t`` of the C++ call, a non-negative constant or a runtime integer."""
    if isinstance(value, bool) or not (isinstance(value, int) or _runtime_int(value)):
        raise TypeError(f"'{param}' argument must be RuntimeInt, got {type(value).__name__}")
    return integer_operand(builder, value, uint32, api=api, param=param)


def _runtime_int(value: object) -> bool:
    from ascx.language.core.values import RuntimeScalar

    return isinstance(value, RuntimeScalar) and value.dtype.is_int()


def known_elements(tensor: LocalTensor) -> int | None:
    size = tensor_extent(tensor.ssa).size
    return None if size is None else size // dtype_of(tensor).sizeof()


def count_message(api: str, count: object, elements: object, param: str) -> str:
    """The message of a count beyond an operand (``check_count``)."""
    return f"{api}: count {count} exceeds the {elements} elements of {param}"


def check_count(api: str, count: object, *tensors: tuple[str, LocalTensor]) -> None:
    """A known count must not exceed the elements of any operand whose size is known (CANN's kernel
    check: calCount <= tensor size)."""
    n = known_int(count)
    if n is None:
        return
    for name, tensor in tensors:
        elements = known_elements(tensor)
        if elements is not None and n > elements:
            raise ApiValueError(count_message(api, n, elements, name))


def aligned_message(api: str, param: str, start: object) -> str:
    """The message of an operand that does not start at a multiple of 32 bytes (``check_aligned``)."""
    return f"{api}: {param} starts at byte {start} of the unified buffer; {api} needs its operands 32-byte aligned"


def tiling_shape_message(api: str, shape: Sequence[int], elements: object, param: str, source: str = "tiling") -> str:
    """The message of a tiling (or another ``source`` of the shape) whose shape has more elements than an operand."""
    total = 1
    for extent in shape:
        total *= extent
    return (
        f"{api}: the {source}'s shape [{', '.join(str(e) for e in shape)}] has {total} elements, more than the "
        f"{elements} of {param}"
    )


def check_aligned(api: str, *tensors: tuple[str, LocalTensor]) -> None:
    """Operands whose start is known must start at a multiple of 32 bytes."""
    for name, tensor in tensors:
        start = tensor_extent(tensor.ssa).start
        if start is not None and start % BLOCK:
            raise ApiValueError(
                aligned_message(api, name, start),
                "place tensors at multiples of 32 bytes (and views at offsets of whole 32-byte blocks)",
            )


def tmp_size_message(api: str, size: object, how: str, minimum: object) -> str:
    """The message of a temporary buffer below the minimum (``check_tmp_size``)."""
    return f"{api}: temp_buffer has {size} bytes, but {how} needs at least {minimum} bytes"


def check_tmp_size(api: str, tmp: LocalTensor | None, minimum: int, how: str, hint: str) -> None:
    """A temporary buffer of known size must have at least ``minimum`` bytes (CANN: the buffer may not be
    smaller than ``Get<Op>MaxMinTmpSize``'s minimum)."""
    if tmp is None or minimum <= 0:
        return
    size = tensor_extent(tmp.ssa).size
    if size is not None and size < minimum:
        raise ApiValueError(tmp_size_message(api, size, how, minimum), hint)


TilingT = TypeVar("TilingT", bound=LibTiling)


def tiling_type_message(api: str, cls: str, got: str, param: str = "tiling") -> str:
    """The message of a tiling argument of another type (``kernel_tiling``; ``got`` as ``describe`` puts it)."""
    return f"{api}: {param} must be a {cls}, got {got}"


def outside_kernel_message(api: str, cls: str) -> str:
    """The message of a tiling struct built outside the kernel (``kernel_tiling``)."""
    return f"{api}: the {cls} was built outside the kernel"


def kernel_tiling(value: object, cls: type[TilingT], api: str, param: str = "tiling") -> TilingT:
    """The tiling struct argument ``param``: a kernel-local ``cls`` (built in the kernel, or a kernel parameter)."""
    if not isinstance(value, cls):
        raise ApiTypeError(tiling_type_message(api, cls.__name__, describe(value), param))
    if not value.is_bound:
        raise ApiTypeError(
            outside_kernel_message(api, cls.__name__),
            "pass it to the kernel as an argument, or build it in the kernel",
        )
    return value


def known_softmax_shape(
    tiling: LibTiling, shape_info: SoftmaxShapeInfo | None
) -> tuple[int | float | None, int | float | None, str]:
    """``[src_m, src_k]`` of a softmax-family call as far as known at trace time, and where it comes from: a
    ``SoftmaxShapeInfo`` whose ``src_m`` and ``src_k`` are both known and non-zero (CANN computes on that
    shape), else the tiling's. A shape info whose fields are set at run time gives no known shape."""
    if shape_info is not None:
        given = shape_info.known_fields()
        m, k = given.get("src_m"), given.get("src_k")
        if m and k:
            return m, k, "softmax_shape_info"
        if m is None or k is None:
            return None, None, "softmax_shape_info"
    fields = tiling.known_fields()
    return fields.get("src_m"), fields.get("src_k"), "tiling"
