"""``transpose`` (``AscendC::Transpose``: one 16x16 matrix of 2-byte elements, or with a temporary buffer and
``TransposeParamsExt`` between NCHW and NHWC) and ``trans_data_to_5hd`` (``AscendC::TransDataTo5HD``: sixteen
32-byte blocks transposed per repeat, the NCHW to NC1HWC0 conversion), pyasc's
``asc.language.basic.vec_transpose``.

``trans_data_to_5hd`` takes sixteen destination and sixteen source tensors, or their addresses (two lists of
``get_phy_addr()`` values, or two ``uint64`` tensors holding them).  The C++ names the element type of the
data behind the addresses; ascx reads it from where the addresses came from (``tensor.get_phy_addr()``), or
from ``dtype=`` when they came from elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from xdsl.ir import Attribute, SSAValue

from ascx.dialects import ascendc as ir
from ascx.language.basic.layout import address_roots, require_aligned, require_bytes, stored_addresses
from ascx.language.basic.operands import check_dtype, vector_tensor
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import integer_operand
from ascx.language.core.dtype import (
    DataType,
    float16,
    float32,
    int8,
    int16,
    int32,
    uint8,
    uint16,
    uint32,
    uint64,
)
from ascx.language.core.enums import TransposeType
from ascx.language.core.forms import Form, Param, bind, instance_of
from ascx.language.core.tensor import LocalTensor
from ascx.language.core.values import RuntimeScalar
from ascx.language.core.vector_params import TransDataTo5HDParams, TransposeParamsExt

TRANSPOSE_TYPES = (int16, uint16, float16)
"""The plain 16x16 transpose (Atlas A2)."""
LAYOUT_TYPES = (int8, uint8, int16, uint16, float16, int32, uint32, float32)
"""The NCHW/NHWC conversions of the extended transpose, and ``trans_data_to_5hd``."""
SUPPORTED = (
    TransposeType.TRANSPOSE_TYPE_NONE,
    TransposeType.TRANSPOSE_ND2ND_B16,
    TransposeType.TRANSPOSE_NCHW2NHWC,
    TransposeType.TRANSPOSE_NHWC2NCHW,
)
"""The transpose types CANN implements; the others are documented as not supported."""
LIST_SIZE = ir.NCHW_CONV_ADDR_LIST_SIZE

TRANSPOSE_FORMS = [
    Form("plain", (Param("dst", instance_of(LocalTensor)), Param("src", instance_of(LocalTensor)))),
    Form(
        "ext",
        (
            Param("dst", instance_of(LocalTensor)),
            Param("src", instance_of(LocalTensor)),
            Param("shared_tmp_buffer", lambda v: True, "LocalTensor"),
            Param("params", instance_of(TransposeParamsExt), "TransposeParamsExt"),
        ),
    ),
]


def transpose(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
    """``AscendC::Transpose(dst, src)`` or ``Transpose(dst, src, sharedTmpBuffer, transposeParams)``."""
    api = "transpose"
    builder = active(api)
    form, bound = bind(api, TRANSPOSE_FORMS, (dst, src, *args), kwargs)
    d = vector_tensor(bound["dst"], api, "dst")
    s = vector_tensor(bound["src"], api, "src")
    if d.dtype != s.dtype:
        raise ApiTypeError(
            f"For transpose, dst and src tensor must have the same dtype, got dst: {d.dtype}, src: {s.dtype}"
        )
    require_aligned(api, d, "dst")
    require_aligned(api, s, "src")
    if form == "plain":
        check_dtype(api, s, "src", TRANSPOSE_TYPES)
        builder.insert(ir.VecTransposeOp.of([d.ssa, s.ssa], {}))
        return
    tmp = bound["shared_tmp_buffer"]
    if not isinstance(tmp, LocalTensor):
        raise ApiTypeError("shared_tmp_buffer must be a LocalTensor")
    if tmp.dtype != uint8:
        raise ApiTypeError(f"shared_tmp_buffer must have dtype uint8, got {tmp.dtype}")
    tmp = vector_tensor(tmp, api, "shared_tmp_buffer")
    params = bound["params"]
    assert isinstance(params, TransposeParamsExt)
    _check_ext(api, s, tmp, params)
    builder.insert(ir.VecTransposeOp.of([d.ssa, s.ssa], {"tmp": tmp.ssa, "params": params.ssa}))


def _check_ext(api: str, src: LocalTensor, tmp: LocalTensor, params: TransposeParamsExt) -> None:
    kind = params.transpose_type
    if kind not in SUPPORTED:
        names = ", ".join(t.name for t in SUPPORTED)
        raise ApiValueError(f"transpose: CANN does not support {kind.name}; the supported types are {names}")
    assert src.dtype is not None
    if kind is TransposeType.TRANSPOSE_ND2ND_B16:
        check_dtype(api, src, "src", (uint16,))
        for field in ("h_size", "w_size"):
            value = params.constant(field)
            if value is not None and value != 16:
                raise ApiValueError(
                    f"transpose: TRANSPOSE_ND2ND_B16 transposes 16x16 blocks; {field} must be 16, got {value}"
                )
        return
    if kind is TransposeType.TRANSPOSE_TYPE_NONE:
        return
    check_dtype(api, src, "src", LAYOUT_TYPES)
    c, h, w = (params.constant(f) for f in ("c_size", "h_size", "w_size"))
    if c is not None and c > 4095:
        raise ApiValueError(f"transpose: c_size is at most 4095, got {c}")
    if h is not None and w is not None:
        if h * w > 4095:
            raise ApiValueError(f"transpose: h_size * w_size is at most 4095, got {h * w}")
        if h * w * src.dtype.sizeof() % 32 != 0:
            raise ApiValueError(
                f"transpose: h_size * w_size * sizeof({src.dtype}) = {h * w * src.dtype.sizeof()} bytes is not a "
                "multiple of 32"
            )
    if c is not None:
        h0 = 32 if src.dtype.sizeof() == 1 else 16
        blocks = c + 2 if kind is TransposeType.TRANSPOSE_NCHW2NHWC else 2 * c + 1
        require_bytes(api, tmp, "shared_tmp_buffer", blocks * h0 * 32, f"{kind.name} with c_size {c}")


# --- trans_data_to_5hd --------------------------------------------------------------------------------


def _is_list(value: object) -> bool:
    return isinstance(value, list | tuple)


FIVE_HD_FORMS = [
    Form(
        "tensor",
        (
            Param("dst", instance_of(LocalTensor), "LocalTensor"),
            Param("src", instance_of(LocalTensor), "LocalTensor"),
            Param("params", instance_of(TransDataTo5HDParams), "TransDataTo5HDParams"),
            Param("dtype", lambda v: v is None or isinstance(v, DataType), "DataType", None),
        ),
    ),
    Form(
        "list",
        (
            Param("dst_list", _is_list, "list"),
            Param("src_list", _is_list, "list"),
            Param("params", instance_of(TransDataTo5HDParams), "TransDataTo5HDParams"),
            Param("dtype", lambda v: v is None or isinstance(v, DataType), "DataType", None),
        ),
    ),
]


def trans_data_to_5hd(dst_or_list: Any, src_or_list: Any, params: Any, *args: Any, **kwargs: Any) -> None:
    """``AscendC::TransDataTo5HD<T>(dstList, srcList, params)`` (tensors or addresses) or
    ``TransDataTo5HD<T>(dst, src, params)`` (``uint64`` tensors of addresses)."""
    api = "trans_data_to_5hd"
    builder = active(api)
    form, bound = bind(api, FIVE_HD_FORMS, (dst_or_list, src_or_list, params, *args), kwargs)
    p = bound["params"]
    assert isinstance(p, TransDataTo5HDParams)
    explicit = bound["dtype"]
    assert explicit is None or isinstance(explicit, DataType)
    if form == "tensor":
        d = vector_tensor(bound["dst"], api, "dst")
        s = vector_tensor(bound["src"], api, "src")
        if d.dtype != uint64 or s.dtype != uint64:
            raise ApiTypeError(f"For {api} with LocalTensor inputs, dtype must be uint64.")
        dtype = explicit or _one_type(
            api, [_tensor_behind(a) for a in stored_addresses(d.ssa) + stored_addresses(s.ssa)]
        )
        _check_halves(api, p, dtype)
        dst_tensors = address_roots(builder, stored_addresses(d.ssa))
        src_tensors = address_roots(builder, stored_addresses(s.ssa))
        builder.insert(ir.VecTransDataTo5HDOp(dtype.to_ir(), d.ssa, s.ssa, p.ssa, dst_tensors, src_tensors))
        return
    dst_list = cast("Sequence[object]", bound["dst_list"])
    src_list = cast("Sequence[object]", bound["src_list"])
    if not dst_list or not src_list:
        return  # pyasc emits nothing for empty lists
    if len(dst_list) != len(src_list):
        raise ApiValueError(f"For {api}, dst_list and src_list must have the same length.")
    if len(dst_list) != LIST_SIZE:
        raise ApiValueError(f"{api}: TransDataTo5HD takes {LIST_SIZE} destinations and sources, got {len(dst_list)}")
    if isinstance(dst_list[0], LocalTensor):
        tensors = [*dst_list, *src_list]
        if not all(isinstance(t, LocalTensor) for t in tensors):
            raise ApiTypeError(f"For {api}, all tensors in dst_list and src_list must have the same dtype.")
        locals_ = [vector_tensor(t, api, "dst_list" if i < LIST_SIZE else "src_list") for i, t in enumerate(tensors)]
        first = locals_[0].dtype
        if any(t.dtype != first for t in locals_):
            raise ApiTypeError(f"For {api}, all tensors in dst_list and src_list must have the same dtype.")
        check_dtype(api, locals_[0], "dst_list", LAYOUT_TYPES)
        assert first is not None
        _check_halves(api, p, first)
        for i, t in enumerate(locals_):
            require_aligned(api, t, f"{'dst_list' if i < LIST_SIZE else 'src_list'}[{i % LIST_SIZE}]")
        op = ir.VecTransDataTo5HDListOp(
            [t.ssa for t in locals_[:LIST_SIZE]], [t.ssa for t in locals_[LIST_SIZE:]], p.ssa
        )
        builder.insert(op)
        return
    values = [*dst_list, *src_list]
    if not all(isinstance(v, int | RuntimeScalar) and not isinstance(v, bool) for v in values):
        raise ApiTypeError(f"For {api}, address lists must contain only RuntimeInt.")
    operands = [integer_operand(builder, v, uint64, api=api, param="address") for v in values]
    dtype = explicit or _one_type(api, [_tensor_behind(a) for a in operands])
    _check_halves(api, p, dtype)
    op = ir.VecTransDataTo5HDAddrOp(
        dtype.to_ir(),
        operands[:LIST_SIZE],
        operands[LIST_SIZE:],
        p.ssa,
        address_roots(builder, operands[:LIST_SIZE]),
        address_roots(builder, operands[LIST_SIZE:]),
    )
    builder.insert(op)


def _check_halves(api: str, params: TransDataTo5HDParams, dtype: DataType) -> None:
    """CANN: ``dst_high_half`` and ``src_high_half`` select a half of each block for 8-bit data only."""
    if dtype.sizeof() != 1 and (params.constant("dst_high_half") or params.constant("src_high_half")):
        raise ApiValueError(
            f"{api}: dst_high_half and src_high_half apply to int8 and uint8 data only; the data is {dtype}",
            "leave both False",
        )


_NO_DTYPE_HINT = "pass the element type of the data: asc.trans_data_to_5hd(..., dtype=asc.float16)"


def _tensor_behind(address: SSAValue) -> Attribute | None:
    """The element type of the tensor an address was taken from (an op that reads a LocalTensor and
    yields the address), or None."""
    owner = address.owner
    tensors = [v for v in getattr(owner, "operands", ()) if isinstance(v.type, ir.LocalTensorType)]
    if len(tensors) == 1:
        t = tensors[0].type
        assert isinstance(t, ir.LocalTensorType)
        return t.element_type
    return None


def _one_type(api: str, found: list[Attribute | None]) -> DataType:
    known = {t for t in found if t is not None}
    if len(known) != 1:
        why = "addresses of tensors of different types" if known else "addresses whose tensors ascx cannot see"
        raise ApiTypeError(f"{api}: cannot tell the element type of the data: {why}", _NO_DTYPE_HINT)
    dtype = DataType.from_ir(known.pop())
    if dtype not in LAYOUT_TYPES:
        raise ApiTypeError(f"{api}: the data is {dtype}; {api} supports {', '.join(map(str, LAYOUT_TYPES))}")
    return dtype


__all__ = ["trans_data_to_5hd", "transpose"]
