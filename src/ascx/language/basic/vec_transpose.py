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
from ascx.language.basic.layout import (
    address_roots,
    aligned_message,
    aligned_rule,
    bytes_message,
    require_aligned,
    require_bytes,
    stored_addresses,
)
from ascx.language.basic.operands import check_dtype, dtype_rule, vector_tensor
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
from ascx.language.records import records

record = records(__name__, "basic/vector_data")

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


def same_type_message(dst: object, src: object) -> str:
    """pyasc's message for ``dst`` and ``src`` of different types."""
    return f"For transpose, dst and src tensor must have the same dtype, got dst: {dst}, src: {src}"


def tmp_type_message(got: object) -> str:
    """pyasc's message for a work buffer that is not ``uint8``."""
    return f"shared_tmp_buffer must have dtype uint8, got {got}"


def unsupported_message(kind: TransposeType) -> str:
    names = ", ".join(t.name for t in SUPPORTED)
    return f"transpose: CANN does not support {kind.name}; the supported types are {names}"


def block_size_message(field: str, value: int) -> str:
    return f"transpose: TRANSPOSE_ND2ND_B16 transposes 16x16 blocks; {field} must be 16, got {value}"


def c_size_message(value: int) -> str:
    return f"transpose: c_size is at most 4095, got {value}"


def plane_bytes_message(h: int, w: int, dtype: DataType) -> str:
    return f"transpose: h_size * w_size * sizeof({dtype}) = {h * w * dtype.sizeof()} bytes is not a multiple of 32"


def work_bytes(kind: TransposeType, c: int, dtype: DataType) -> int:
    """CANN's size of the work buffer: (c + 2) (NCHW2NHWC) or (2 c + 1) (NHWC2NCHW) blocks of 16 rows (32 for
    8-bit data) of 32 bytes."""
    h0 = 32 if dtype.sizeof() == 1 else 16
    blocks = c + 2 if kind is TransposeType.TRANSPOSE_NCHW2NHWC else 2 * c + 1
    return blocks * h0 * 32


def work_why(kind: TransposeType, c: int) -> str:
    return f"{kind.name} with c_size {c}"


_NCHW2NHWC = TransposeType.TRANSPOSE_NCHW2NHWC
_WORK_EXAMPLE = bytes_message(
    "transpose", "shared_tmp_buffer", 512, work_why(_NCHW2NHWC, 16), work_bytes(_NCHW2NHWC, 16, float16)
)


@record(
    forms=("asc.transpose(dst, src)", "asc.transpose(dst, src, shared_tmp_buffer, params)"),
    cpp=(
        "template <typename T> void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src);",
        "template <typename T> void Transpose(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
        "const LocalTensor<uint8_t>& sharedTmpBuffer, const TransposeParamsExt& transposeParams);",
    ),
    params=(
        ("shared_tmp_buffer", "a ``uint8`` work tensor"),
        ("params", "a ``TransposeParamsExt``: the sizes and the ``asc.TransposeType``"),
    ),
    rules=(
        f'pyasc\'s checks: "{same_type_message(float16, int16)}"; "{tmp_type_message(int16)}".',
        dtype_rule("transpose", "src", TRANSPOSE_TYPES, float32, "ND2ND_B16 takes uint16"),
        f'Types CANN implements on Atlas A2: "{unsupported_message(TransposeType.TRANSPOSE_NZ2ND_0213)}".',
        f'ND2ND_B16 moves 16x16 blocks: "{block_size_message("h_size", 8)}"; NCHW/NHWC sizes: '
        f'"{c_size_message(5000)}"; "{plane_bytes_message(3, 5, float16)}".',
        "The work buffer holds (c_size + 2) (NCHW2NHWC) or (2 c_size + 1) (NHWC2NCHW) blocks of 16 rows (32 for "
        f'8-bit data) of 32 bytes, CANN\'s size: "{_WORK_EXAMPLE}".',
        aligned_rule("transpose"),
    ),
    notes=(
        "pyasc's unit kernel passes a 512-byte buffer for NCHW2NHWC with ``c_size`` 16 and is rejected; its "
        "generalization kernel passes (16 + c) * 16 * 8 * 4 bytes and compiles (in a ``TBuf``: CANN's ``TQue`` "
        "takes no VECCALC queue).",
    ),
)
def transpose(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
    """Transpose one 16x16 matrix of 2-byte elements, or convert between NCHW and NHWC with a work buffer."""
    api = "transpose"
    builder = active(api)
    form, bound = bind(api, TRANSPOSE_FORMS, (dst, src, *args), kwargs)
    d = vector_tensor(bound["dst"], api, "dst")
    s = vector_tensor(bound["src"], api, "src")
    if d.dtype != s.dtype:
        raise ApiTypeError(same_type_message(d.dtype, s.dtype))
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
        raise ApiTypeError(tmp_type_message(tmp.dtype))
    tmp = vector_tensor(tmp, api, "shared_tmp_buffer")
    params = bound["params"]
    assert isinstance(params, TransposeParamsExt)
    _check_ext(api, s, tmp, params)
    builder.insert(ir.VecTransposeOp.of([d.ssa, s.ssa], {"tmp": tmp.ssa, "params": params.ssa}))


def _check_ext(api: str, src: LocalTensor, tmp: LocalTensor, params: TransposeParamsExt) -> None:
    kind = params.transpose_type
    if kind not in SUPPORTED:
        raise ApiValueError(unsupported_message(kind))
    assert src.dtype is not None
    if kind is TransposeType.TRANSPOSE_ND2ND_B16:
        check_dtype(api, src, "src", (uint16,))
        for field in ("h_size", "w_size"):
            value = params.constant(field)
            if value is not None and value != 16:
                raise ApiValueError(block_size_message(field, value))
        return
    if kind is TransposeType.TRANSPOSE_TYPE_NONE:
        return
    check_dtype(api, src, "src", LAYOUT_TYPES)
    c, h, w = (params.constant(f) for f in ("c_size", "h_size", "w_size"))
    if c is not None and c > 4095:
        raise ApiValueError(c_size_message(c))
    if h is not None and w is not None:
        if h * w > 4095:
            raise ApiValueError(f"transpose: h_size * w_size is at most 4095, got {h * w}")
        if h * w * src.dtype.sizeof() % 32 != 0:
            raise ApiValueError(plane_bytes_message(h, w, src.dtype))
    if c is not None:
        require_bytes(api, tmp, "shared_tmp_buffer", work_bytes(kind, c, src.dtype), work_why(kind, c))


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


FIVE_HD = "trans_data_to_5hd"
ADDRESS_TENSORS = f"For {FIVE_HD} with LocalTensor inputs, dtype must be uint64."
"""pyasc's messages."""
LIST_LENGTHS = f"For {FIVE_HD}, dst_list and src_list must have the same length."
LIST_TYPES = f"For {FIVE_HD}, all tensors in dst_list and src_list must have the same dtype."
ADDRESS_VALUES = f"For {FIVE_HD}, address lists must contain only RuntimeInt."
UNSEEN = "addresses whose tensors ascx cannot see"


def list_size_message(got: int) -> str:
    return f"{FIVE_HD}: TransDataTo5HD takes {LIST_SIZE} destinations and sources, got {got}"


def halves_message(dtype: DataType) -> str:
    return f"{FIVE_HD}: dst_high_half and src_high_half apply to int8 and uint8 data only; the data is {dtype}"


def unknown_type_message(why: str) -> str:
    return f"{FIVE_HD}: cannot tell the element type of the data: {why}"


@record(
    forms=(
        "asc.trans_data_to_5hd(dst_list, src_list, params)  # sixteen LocalTensors each",
        "asc.trans_data_to_5hd(dst_addrs, src_addrs, params)  # sixteen get_phy_addr() values each",
        "asc.trans_data_to_5hd(dst, src, params)  # uint64 tensors holding the addresses",
        "asc.trans_data_to_5hd(..., params, dtype=asc.float16)  # ascx: the data type behind unknown addresses",
    ),
    cpp=(
        "template <typename T> void TransDataTo5HD(const LocalTensor<T> (&dstList)[16], "
        "const LocalTensor<T> (&srcList)[16], const TransDataTo5HDParams& nchwconvParams);",
        "template <typename T> void TransDataTo5HD(uint64_t dstList[16], uint64_t srcList[16], "
        "const TransDataTo5HDParams& nchwconvParams);",
        "template <typename T> void TransDataTo5HD(const LocalTensor<uint64_t>& dst, const LocalTensor<uint64_t>& src, "
        "const TransDataTo5HDParams& nchwconvParams);",
    ),
    params=(
        ("params", "a ``TransDataTo5HDParams``"),
        ("dtype", "ascx's keyword: the element type of the data, when ascx cannot see where the addresses came from"),
    ),
    rules=(
        f'pyasc\'s checks: "{ADDRESS_TENSORS}"; "{LIST_LENGTHS}"; "{LIST_TYPES}"; "{ADDRESS_VALUES}".',
        f'Sixteen of each: "{list_size_message(2)}"; each tensor of a list 32-byte aligned: '
        f'"{aligned_message(FIVE_HD, "dst_list[1]", 2)}".',
        f'``dst_high_half``/``src_high_half`` apply to 8-bit data: "{halves_message(float16)}".',
        f'Addresses whose tensors ascx cannot see need ``dtype=``: "{unknown_type_message(UNSEEN)}".',
    ),
    notes=(
        "The address forms read and write the tensors behind the addresses: the op names them (operands the C++ "
        "does not print), so the sync analyses order it after the writes of its sources and of the address "
        "tensors (a scalar ``set_value``, S to V).",
        "pyasc's unit kernel lists the sub-tensors ``x[0]`` ... ``x[15]`` (2 bytes apart) and is rejected; "
        "its generalization kernel (``h * w`` apart) compiles and matches numpy on the emulation.",
    ),
)
def trans_data_to_5hd(dst_or_list: Any, src_or_list: Any, params: Any, *args: Any, **kwargs: Any) -> None:
    """NCHW to NC1HWC0: per repeat, sixteen 32-byte source blocks transposed into sixteen destination blocks."""
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
            raise ApiTypeError(ADDRESS_TENSORS)
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
        raise ApiValueError(LIST_LENGTHS)
    if len(dst_list) != LIST_SIZE:
        raise ApiValueError(list_size_message(len(dst_list)))
    if isinstance(dst_list[0], LocalTensor):
        tensors = [*dst_list, *src_list]
        if not all(isinstance(t, LocalTensor) for t in tensors):
            raise ApiTypeError(LIST_TYPES)
        locals_ = [vector_tensor(t, api, "dst_list" if i < LIST_SIZE else "src_list") for i, t in enumerate(tensors)]
        first = locals_[0].dtype
        if any(t.dtype != first for t in locals_):
            raise ApiTypeError(LIST_TYPES)
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
        raise ApiTypeError(ADDRESS_VALUES)
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
        raise ApiValueError(halves_message(dtype), "leave both False")


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
        why = "addresses of tensors of different types" if known else UNSEEN
        raise ApiTypeError(unknown_type_message(why), _NO_DTYPE_HINT)
    dtype = DataType.from_ir(known.pop())
    if dtype not in LAYOUT_TYPES:
        raise ApiTypeError(f"{api}: the data is {dtype}; {api} supports {', '.join(map(str, LAYOUT_TYPES))}")
    return dtype


__all__ = ["trans_data_to_5hd", "transpose"]
