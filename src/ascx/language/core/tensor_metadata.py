"""The tensor metadata methods (pyasc's ``get_phy_addr``, ``get_shape_info``/``set_shape_info``,
``get_user_tag``/``set_user_tag``, ``set_size``, ``set_buffer_len``, ``set_addr_with_offset``) and the
methods pyasc exposes that a kernel for the NPU cannot call (``LocalTensor.print``/``to_file``, which
exist only in CANN's CPU debug build; ``TPipe.get_base_addr``; ``TQueBind``'s protected buffer
bookkeeping).  ``ascx.language.core.tensor`` and ``ascx.language.fwk`` define the methods with these
helpers."""

from __future__ import annotations

from typing import Any, NoReturn

from xdsl.ir import Attribute, SSAValue

from ascx.dialects.ascendc import tensor_method_ops as tm_ir
from ascx.language.core.api_errors import ApiTypeError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe
from ascx.language.core.values import Handle


def call(
    tensor: Handle, method: tm_ir.TensorMethod, api: str, args: list[SSAValue], result: Attribute | None = None
) -> SSAValue | None:
    """Emit ``tensor.Method(args...)``; the result, for a getter."""
    op = active(api).insert(tm_ir.TensorMethodOp(method, tensor.ssa, args, result))
    return op.result


def shape_info_message(api: str, got: str) -> str:
    return f"{api}: shape_info must be an asc.ShapeInfo, got {got}"


def shape_info_argument(value: Any, api: str) -> SSAValue:
    from ascx.language.core.shape_info import ShapeInfo

    if not isinstance(value, ShapeInfo):
        raise ApiTypeError(shape_info_message(api, describe(value)))
    return value.ssa


CPU_ONLY = "CANN declares it in its CPU debug build only (``ASCENDC_CPU_DEBUG``): a kernel for the NPU cannot call it."
"""The records' summary of a method that exists only in CANN's CPU debug build."""


def cpu_debug_only(cpp: str) -> str:
    """Why a kernel cannot call ``cpp`` (``LocalTensor::Print``)."""
    return f"CANN has {cpp} only in its CPU debug build (ASCENDC_CPU_DEBUG): a kernel for the NPU cannot call it"


def not_for_the_npu_message(api: str, why: str) -> str:
    return f"{api}: {why}"


def not_for_the_npu(api: str, why: str, hint: str) -> NoReturn:
    """pyasc exposes ``api``, but the C++ it would call does not exist for (or is hidden from) a kernel."""
    raise ApiTypeError(not_for_the_npu_message(api, why), hint)
