"""Data movement between global memory and on-chip buffers: ``data_copy``, ``data_copy_pad`` and
``set_pad_value``.

A copy's pipe follows its direction (GM → UB on MTE2, UB → GM on MTE3, UB → UB on the vector
pipe).  The cube data path's forms of ``data_copy`` (``Nd2NzParams``, ``Nz2NdParamsFull``,
``DataCopyCO12DstParams``, ``DataCopyEnhancedParams``) are in ``data_copy_cube``.

A queue tensor copied against its queue's position (copy-in into a ``VECOUT`` tensor,
copy-out of a ``VECIN`` one) is legal code; ``ascx-verify-pipe-sync`` warns about it (TQ-12) and
checks the hazards it leaves unordered.
"""

from __future__ import annotations

from typing import Any

from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.language.basic.data_copy_cube import PAD_ND2NZ_RULE
from ascx.language.basic.operands import any_tensor, count_operand, element_dtype
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, element_operand
from ascx.language.core.cube_params import DataCopyCO12DstParams, DataCopyEnhancedParams, Nd2NzParams, Nz2NdParamsFull
from ascx.language.core.dtype import DataType, float16, float32, int32
from ascx.language.core.enums import TPosition
from ascx.language.core.forms import Form, Param, bind, instance_of, is_int
from ascx.language.core.params import (
    DataCopyExtParams,
    DataCopyPadExtParams,
    DataCopyPadParams,
    DataCopyParams,
    ParamsStruct,
)
from ascx.language.core.tensor import BaseTensor, GlobalTensor
from ascx.language.core.values import RuntimeScalar
from ascx.language.records import records

record = records(__name__, "basic/data_copy")

BLOCK_BYTES = 32
"""The unit of on-chip memory: counts and addresses are multiples of 32 bytes."""

_LEAD = (Param("dst", lambda v: True), Param("src", lambda v: True))
DATA_COPY_FORMS = [
    Form("params", (*_LEAD, Param("repeat_params", instance_of(DataCopyParams), "DataCopyParams"))),
    Form("count", (*_LEAD, Param("count", is_int, "int"))),
    Form(
        "enhanced",
        (
            *_LEAD,
            Param("repeat_params", instance_of(DataCopyParams), "DataCopyParams"),
            Param("enhanced_params", instance_of(DataCopyEnhancedParams), "DataCopyEnhancedParams"),
        ),
    ),
    *(
        Form(cls.__name__, (*_LEAD, Param("intri_params", instance_of(cls), cls.__name__)))
        for cls in (Nd2NzParams, Nz2NdParamsFull, DataCopyCO12DstParams)
    ),
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
    *(
        Form(
            f"{name}_nd2nz",
            (
                *_LEAD,
                Param("data_copy_params", instance_of(cls), cls.__name__),
                Param("nd2nz_params", instance_of(Nd2NzParams), "Nd2NzParams"),
            ),
        )
        for name, cls in (("ext", DataCopyExtParams), ("plain", DataCopyParams))
    ),
]


def both_global_message(api: str) -> str:
    return f"{api}: both dst and src are GlobalTensors; a copy moves data between global memory and a LocalTensor"


def convert_message(api: str, dst: object, src: object) -> str:
    return f"{api}: dst is {dst} but src is {src}; a copy does not convert"


def _ends(api: str, dst: object, src: object) -> tuple[BaseTensor, BaseTensor]:
    d = any_tensor(dst, api, "dst")
    s = any_tensor(src, api, "src")
    if isinstance(d, GlobalTensor) and isinstance(s, GlobalTensor):
        raise ApiTypeError(both_global_message(api), "copy through a LocalTensor: GM -> UB, then UB -> GM")
    if element_dtype(d, api) != element_dtype(s, api):
        raise ApiTypeError(convert_message(api, d.dtype, s.dtype), "use asc.cast")
    return d, s


def count_bytes_message(api: str, count: int, dtype: DataType) -> str:
    return f"{api}: count * sizeof({dtype}) = {count * dtype.sizeof()} bytes is not a multiple of {BLOCK_BYTES}"


def _check_count(api: str, count: object, dtype: DataType) -> None:
    if isinstance(count, int) and not isinstance(count, bool) and count > 0 and count * dtype.sizeof() % BLOCK_BYTES:
        raise ApiValueError(
            count_bytes_message(api, count, dtype),
            "copy a multiple of 32 bytes, or use asc.data_copy_pad for unaligned lengths",
        )


def block_len_message(api: str, length: int) -> str:
    return f"{api}: block_len must be at least 1, got {length}: the copy would move nothing"


def _check_blocks(api: str, params: ParamsStruct) -> None:
    count, length = params.constant("block_count"), params.constant("block_len")
    if count is not None and count < 1:
        raise ApiValueError(f"{api}: block_count must be at least 1, got {count}")
    if length is not None and length < 1:
        raise ApiValueError(block_len_message(api, length))


@record(
    forms=("asc.data_copy(dst, src, count)", "asc.data_copy(dst, src, repeat_params)"),
    cpp=(
        "template <typename T> void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, "
        "const uint32_t count);",
        "template <typename T> void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, "
        "const uint32_t count);",
        "template <typename T> void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
        "const uint32_t count);",
        "template <typename T> void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, "
        "const DataCopyParams& p);",
    ),
    params=(("count", "elements"), ("repeat_params", "a ``DataCopyParams``; pyasc's keyword (not ``params``)")),
    rules=(
        f'One end is a LocalTensor: "{both_global_message("data_copy")}"; the data types agree: '
        f'"{convert_message("data_copy", float32, float16)}".',
        f'A constant count moves a multiple of {BLOCK_BYTES} bytes: "{count_bytes_message("data_copy", 10, float16)}" '
        "(hint: ``data_copy_pad``).",
        "A queue tensor copied against its position (copy-in into VECOUT, copy-out of VECIN) compiles; "
        "``ascx-verify-pipe-sync`` warns (TQ-12) and reports the hazards it leaves unordered.",
        f'Constant ``block_count`` and ``block_len`` are at least 1: "{block_len_message("data_copy", 0)}".',
    ),
    notes=(
        "The cube forms (``Nd2NzParams``, ``Nz2NdParamsFull``, ``DataCopyCO12DstParams``, "
        "``DataCopyEnhancedParams``) are on the [cube data movement page](cube_data_movement.md).",
    ),
)
def data_copy(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
    """Copy ``count`` elements, or blocks described by a ``DataCopyParams``."""
    builder = active("data_copy")
    form, bound = bind("data_copy", DATA_COPY_FORMS, (dst, src, *args), kwargs)
    if form not in ("params", "count"):
        _cube_form(form, bound)
        return
    d, s = _ends("data_copy", bound["dst"], bound["src"])
    size: SSAValue
    if form == "count":
        dtype = element_dtype(d, "data_copy")
        _check_count("data_copy", bound["count"], dtype)
        size = count_operand(builder, bound["count"], "data_copy")
    else:
        params = bound["repeat_params"]
        assert isinstance(params, DataCopyParams)
        _check_blocks("data_copy", params)
        size = params.ssa
    builder.insert(ir.DataCopyOp(d.ssa, s.ssa, size))


def _cube_form(form: str, bound: dict[str, Any]) -> None:
    from ascx.language.basic import data_copy_cube

    d = any_tensor(bound["dst"], "data_copy", "dst")
    s = any_tensor(bound["src"], "data_copy", "src")
    if form == "enhanced":
        params, enhanced = bound["repeat_params"], bound["enhanced_params"]
        assert isinstance(params, DataCopyParams)
        assert isinstance(enhanced, DataCopyEnhancedParams)
        _check_blocks("data_copy", params)
        data_copy_cube.copy_enhanced(d, s, params, enhanced)
        return
    params = bound["intri_params"]
    if isinstance(params, Nd2NzParams):
        data_copy_cube.copy_nd2nz(d, s, params)
    elif isinstance(params, Nz2NdParamsFull):
        data_copy_cube.copy_nz2nd(d, s, params)
    else:
        assert isinstance(params, DataCopyCO12DstParams)
        data_copy_cube.copy_co12dst(d, s, params)


NEEDS_PAD = "data_copy_pad: a copy from global memory needs pad_params"
PAD_INBOUND_ONLY = "data_copy_pad: pad_params apply to copies from global memory only"


def pad_dtype_message(pad: object, tensors: object) -> str:
    return f"data_copy_pad: pad_params are for {pad}, but the tensors are {tensors}"


@record(
    forms=(
        "asc.data_copy_pad(dst, src, data_copy_params, pad_params)  # GM -> UB",
        "asc.data_copy_pad(dst, src, data_copy_params)  # UB -> GM",
        "asc.data_copy_pad(dst, src, data_copy_params, nd2nz_params)  # UB -> L1 (TSCM), ND -> NZ",
    ),
    cpp=(
        "template <typename T> void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, "
        "const DataCopyExtParams& p, const DataCopyPadExtParams<T>& pad);",
        "template <typename T> void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, "
        "const DataCopyExtParams& p);",
        "template <typename T> void DataCopyPad(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
        "const DataCopyExtParams& p, const Nd2NzParams& nd2nzParams);",
        "// and the same with DataCopyParams / DataCopyPadParams",
    ),
    params=(
        ("data_copy_params", "``DataCopyExtParams`` or ``DataCopyParams``"),
        ("pad_params", "``DataCopyPadExtParams`` (with the Ext params) or ``DataCopyPadParams``"),
        (
            "nd2nz_params",
            "``Nd2NzParams`` of the one ND matrix (``nd_num`` 1) the blocks form in GM, read from its start",
        ),
    ),
    rules=(
        f'"{NEEDS_PAD}"; "{PAD_INBOUND_ONLY}"; "{pad_dtype_message(float32, float16)}".',
        PAD_ND2NZ_RULE,
    ),
    notes=(
        "UB -> L1 runs on MTE3 for the sync analyses (the vector core issues it: on the NPU it copies the "
        "blocks to a relay in the Matmul API's workspace, ``dst_stride`` bytes apart, and the cube core moves "
        "the relay's matrix into TSCM, which is why CANN asks for a registered Matmul; ascx does not check that).",
        "The emulation models the relay: reading a byte of it that the UB -> GM stage did not write (rows "
        "``src_d_value`` apart that reach a gap or past the last block) is an error at the call.",
        "GM -> UB, as CANN's page says: each block starts a 32-byte aligned row, ``left_padding`` elements "
        "in; with both paddings 0 the rest of the row (the dummy) repeats the block's first element, "
        "whatever ``is_pad`` says; otherwise the paddings and the dummy hold the pad value register, which "
        "``is_pad`` loads with ``padding_value`` and ``asc.set_pad_value`` sets (CANN calls it random "
        "without either). UB -> GM reads each block from the start of its 32-byte row and drops the dummy.",
    ),
)
def data_copy_pad(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
    """Copy blocks whose length is in bytes; a copy from global memory pads each block to 32 bytes.  From
    UB into L1 (TSCM) with ``Nd2NzParams``, the blocks become one matrix in the NZ layout."""
    builder = active("data_copy_pad")
    form, bound = bind("data_copy_pad", DATA_COPY_PAD_FORMS, (dst, src, *args), kwargs)
    if form.endswith("_nd2nz"):
        from ascx.language.basic import data_copy_cube

        data_copy_cube.copy_pad_nd2nz(bound["dst"], bound["src"], bound["data_copy_params"], bound["nd2nz_params"])
        return
    d, s = _ends("data_copy_pad", bound["dst"], bound["src"])
    params = bound["data_copy_params"]
    pad = bound["pad_params"]
    assert isinstance(params, ParamsStruct)
    _check_blocks("data_copy_pad", params)
    inbound = isinstance(s, GlobalTensor)
    if inbound and pad is None:
        raise ApiTypeError(
            NEEDS_PAD,
            "pass asc.DataCopyPadExtParams(dtype) (with DataCopyExtParams) or asc.DataCopyPadParams()",
        )
    if not inbound and pad is not None:
        raise ApiTypeError(PAD_INBOUND_ONLY)
    if isinstance(pad, DataCopyPadExtParams) and pad.element_dtype != d.dtype:
        raise ApiTypeError(pad_dtype_message(pad.element_dtype, d.dtype))
    pad_value = pad.ssa if isinstance(pad, ParamsStruct) else None
    builder.insert(ir.DataCopyPadOp(d.ssa, s.ssa, params.ssa, pad_value))


PAD_VALUE_POSITIONS = (TPosition.MAX, TPosition.VECIN, TPosition.VECOUT)
PAD_POSITION_MESSAGE = (
    f"set_pad_value(): pos must be one of [{', '.join(f'TPosition.{p.name}' for p in PAD_VALUE_POSITIONS)}]"
)


@record(
    forms=("asc.set_pad_value(padding_value, pos=asc.TPosition.MAX)",),
    cpp=("template <typename T, TPosition pos = TPosition::MAX> void SetPadValue(T paddingValue);",),
    rules=(f'"{PAD_POSITION_MESSAGE}".',),
    notes=("The emulation records the value; ``data_copy_pad``'s emulation does not read it yet.",),
    summary="The value ``data_copy_pad`` pads with, for copies into ``pos`` (``TPosition.MAX``: every position).",
    page="basic/cube_data_movement",
)
def set_pad_value(padding_value: Any, pos: Any = TPosition.MAX) -> None:
    """``AscendC::SetPadValue<T, pos>(paddingValue)``: the value ``data_copy_pad`` pads with in copies from
    GM into ``pos`` (``MAX``: ``VECIN`` and ``VECOUT``); ``T`` follows the value (an int is ``int32_t``,
    a float ``float``, a runtime value its own type)."""
    api = "set_pad_value"
    builder = active(api)
    if pos is not None and pos not in PAD_VALUE_POSITIONS:
        raise ValueError(PAD_POSITION_MESSAGE)
    position = None if pos is None else TPosition(pos)
    if isinstance(padding_value, bool) or not isinstance(padding_value, int | float | RuntimeScalar):
        raise ApiTypeError(f"{api}: padding_value must be a number, got {describe(padding_value)}")
    if isinstance(padding_value, RuntimeScalar):
        value = padding_value.ssa
    else:
        dtype = int32 if isinstance(padding_value, int) else float32
        value = element_operand(builder, padding_value, dtype, api=api, param="padding_value")
    ir_position = ir.TPosition[position.name] if position is not None and position is not TPosition.MAX else None
    builder.insert(ir.SetPadValueOp(value, ir_position))


__all__ = ["data_copy", "data_copy_pad", "set_pad_value"]
