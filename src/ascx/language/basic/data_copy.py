"""Data movement between global memory and on-chip buffers: ``data_copy`` and ``data_copy_pad``.

A copy's pipe follows its direction (GM → UB on MTE2, UB → GM on MTE3, UB → UB on the vector
pipe).  A queue tensor copied against its queue's position (copy-in into a ``VECOUT`` tensor,
copy-out of a ``VECIN`` one) is legal code; ``ascx-verify-pipe-sync`` warns about it (TQ-12) and
checks the hazards it leaves unordered.
"""

from __future__ import annotations

from typing import Any

from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.language.basic.operands import any_tensor, count_operand, element_dtype
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.forms import Form, Param, bind, instance_of, is_int
from ascx.language.core.params import (
    DataCopyExtParams,
    DataCopyPadExtParams,
    DataCopyPadParams,
    DataCopyParams,
    ParamsStruct,
)
from ascx.language.core.tensor import BaseTensor, GlobalTensor

BLOCK_BYTES = 32
"""The unit of on-chip memory: counts and addresses are multiples of 32 bytes."""

_LEAD = (Param("dst", lambda v: True), Param("src", lambda v: True))
DATA_COPY_FORMS = [
    Form("params", (*_LEAD, Param("repeat_params", instance_of(DataCopyParams), "DataCopyParams"))),
    Form("count", (*_LEAD, Param("count", is_int, "int"))),
]
DATA_COPY_PAD_FORMS = [
    Form(
        "ext",
        (
            *_LEAD,
            Param("data_copy_params", instance_of(DataCopyExtParams), "DataCopyExtParams"),
            Param("pad_params", instance_of(DataCopyPadExtParams, type(None)), "DataCopyPadExtParams", None),
        ),
    ),
    Form(
        "plain",
        (
            *_LEAD,
            Param("data_copy_params", instance_of(DataCopyParams), "DataCopyParams"),
            Param("pad_params", instance_of(DataCopyPadParams, type(None)), "DataCopyPadParams", None),
        ),
    ),
]


def _ends(api: str, dst: object, src: object) -> tuple[BaseTensor, BaseTensor]:
    d = any_tensor(dst, api, "dst")
    s = any_tensor(src, api, "src")
    if isinstance(d, GlobalTensor) and isinstance(s, GlobalTensor):
        raise ApiTypeError(
            f"{api}: both dst and src are GlobalTensors; a copy moves data between global memory and a LocalTensor",
            "copy through a LocalTensor: GM -> UB, then UB -> GM",
        )
    if element_dtype(d, api) != element_dtype(s, api):
        raise ApiTypeError(f"{api}: dst is {d.dtype} but src is {s.dtype}; a copy does not convert", "use asc.cast")
    return d, s


def _check_count(api: str, count: object, dtype_size: int, dtype: object) -> None:
    if isinstance(count, int) and not isinstance(count, bool) and count > 0 and count * dtype_size % BLOCK_BYTES:
        raise ApiValueError(
            f"{api}: count * sizeof({dtype}) = {count * dtype_size} bytes is not a multiple of {BLOCK_BYTES}",
            "copy a multiple of 32 bytes, or use asc.data_copy_pad for unaligned lengths",
        )


def _check_blocks(api: str, params: ParamsStruct) -> None:
    count, length = params.constant("block_count"), params.constant("block_len")
    if count is not None and count < 1:
        raise ApiValueError(f"{api}: block_count must be at least 1, got {count}")
    if length is not None and length < 1:
        raise ApiValueError(f"{api}: block_len must be at least 1, got {length}: the copy would move nothing")


def data_copy(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
    """``AscendC::DataCopy(dst, src, count)`` or ``AscendC::DataCopy(dst, src, params)``."""
    builder = active("data_copy")
    form, bound = bind("data_copy", DATA_COPY_FORMS, (dst, src, *args), kwargs)
    d, s = _ends("data_copy", bound["dst"], bound["src"])
    size: SSAValue
    if form == "count":
        dtype = element_dtype(d, "data_copy")
        _check_count("data_copy", bound["count"], dtype.sizeof(), dtype)
        size = count_operand(builder, bound["count"], "data_copy")
    else:
        params = bound["repeat_params"]
        assert isinstance(params, DataCopyParams)
        _check_blocks("data_copy", params)
        size = params.ssa
    builder.insert(ir.DataCopyOp(d.ssa, s.ssa, size))


def data_copy_pad(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
    """``AscendC::DataCopyPad(dst, src, copyParams[, padParams])``: lengths in bytes, blocks padded to
    32 bytes on chip."""
    builder = active("data_copy_pad")
    _, bound = bind("data_copy_pad", DATA_COPY_PAD_FORMS, (dst, src, *args), kwargs)
    d, s = _ends("data_copy_pad", bound["dst"], bound["src"])
    params = bound["data_copy_params"]
    pad = bound["pad_params"]
    assert isinstance(params, ParamsStruct)
    _check_blocks("data_copy_pad", params)
    inbound = isinstance(s, GlobalTensor)
    if inbound and pad is None:
        raise ApiTypeError(
            "data_copy_pad: a copy from global memory needs pad_params",
            "pass asc.DataCopyPadExtParams(dtype) (with DataCopyExtParams) or asc.DataCopyPadParams()",
        )
    if not inbound and pad is not None:
        raise ApiTypeError("data_copy_pad: pad_params apply to copies from global memory only")
    if isinstance(pad, DataCopyPadExtParams) and pad.element_dtype != d.dtype:
        raise ApiTypeError(f"data_copy_pad: pad_params are for {pad.element_dtype}, but the tensors are {d.dtype}")
    pad_value = pad.ssa if isinstance(pad, ParamsStruct) else None
    builder.insert(ir.DataCopyPadOp(d.ssa, s.ssa, params.ssa, pad_value))
