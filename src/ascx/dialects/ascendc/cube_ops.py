"""The cube-level ops: matrix loads into L1/L0A/L0B, ``Mmad`` into L0C, ``Fixpipe`` and the
``DataCopy`` forms that convert between ND and the fractal (NZ) layouts, ``InitConstValue``, the
cube's control registers and AIPP.

Each op declares its pipe (docs/sync-model.md#which-pipe-runs-what, and CANN's documentation of
each API): loads from GM run on MTE2, loads from L1 into L0A/L0B on MTE1, ``Mmad`` on the cube (M), the way out of L0C
on FIX; ND to NZ copies from GM on MTE2 and from UB on MTE3; ``InitConstValue`` on MTE2 into L1
and on MTE1 into L0A/L0B.  The register setters run on the scalar unit and touch no tensor.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import auto

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, Operation, SpacedOpaqueSyntaxAttribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    base,
    irdl_attr_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.traits import MemoryReadEffect, MemoryWriteEffect, Pure
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from ascx.dialects.ascendc.basic_types import LAYOUTS, ParamsKind, ParamsType
from ascx.dialects.ascendc.cube_structs import MMAD_KINDS, PAD_SIZE, PadListType
from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enum_attr import IrEnumAttribute
from ascx.dialects.ascendc.enums import Pipe, TPosition, TPositionAttr
from ascx.dialects.ascendc.object_ops import ConstantOp
from ascx.dialects.ascendc.positions import L1_POSITIONS, tensor_position
from ascx.dialects.ascendc.tensor_ops import AnyInteger
from ascx.dialects.ascendc.traits import ExecutesOn, TensorAccess
from ascx.dialects.ascendc.types import (
    ElementType,
    GlobalTensorType,
    LocalTensorType,
    TensorType,
    tensor_element_type,
)
from ascx.enums import AippInputFormat as AippInputFormat, CO2Layout as CO2Layout

_EFFECTS = (MemoryReadEffect(), MemoryWriteEffect())


def params_kind(value: SSAValue) -> ParamsKind:
    t = value.type
    assert isinstance(t, ParamsType)
    return t.params_kind


def _require_kind(op: IRDLOperation, name: str, kinds: frozenset[ParamsKind] | ParamsKind) -> None:
    allowed = kinds if isinstance(kinds, frozenset) else frozenset({kinds})
    value: SSAValue = getattr(op, name)
    if not isinstance(value.type, ParamsType) or value.type.params_kind not in allowed:
        names = " or ".join(sorted({LAYOUTS[k].cpp_name for k in allowed}))
        article = "an" if names[0] in "AEIOU" else "a"
        raise VerifyException(f"{name} must be {article} {names}, got {value.type}")


def _same_elements(op: IRDLOperation, *names: str) -> None:
    first = tensor_element_type(getattr(op, names[0]).type)
    for name in names[1:]:
        got = tensor_element_type(getattr(op, name).type)
        if got != first:
            raise VerifyException(f"{name} has element type {got}, but {names[0]} has {first}")


def integer_constant(value: SSAValue) -> int | None:
    """The value of an integer constant (``arith.constant`` or the unsigned ``ascendc.constant``), or None."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return int(owner.value.value.data)
    if isinstance(owner, ConstantOp):
        return int(owner.value.value.data)
    return None


def constant_field(params: SSAValue, field: str) -> int | None:
    """The constant value of ``field`` of the struct ``params`` built by ``ascendc.params``, if constant."""
    owner = params.owner
    if not isinstance(owner, Operation) or owner.name != "ascendc.params":
        return None
    assert isinstance(params.type, ParamsType)
    names = [name for name, _ in params.type.layout.fields]
    if field not in names:
        return None
    return integer_constant(owner.operands[names.index(field)])


# --- Mmad -----------------------------------------------------------------------------------------

MMAD_TYPES = (("i32", "i8"), ("f32", "f16"), ("f32", "f32"), ("f32", "bf16"))
"""(dst, fm = filter) element types of dav-c220's cube."""

MMAD_BARRIER_TILES = 10
"""CANN's Mmad documentation: consecutive ``Mmad``s accumulating into one L0C tile need
``PipeBarrier<PIPE_M>`` between them while ``(m / 16) * (n / 16) < 10``; above that the cube orders
the write and the read itself."""


@dataclass(frozen=True)
class AccumulatorAccess(TensorAccess):
    """``TensorAccess`` of an op that may also read its destination (``Mmad`` accumulating into L0C): the
    destination is read when the op says so (``reads_destination``)."""

    def read_values(self, op: Operation) -> list[SSAValue]:
        values = super().read_values(op)
        if isinstance(op, MmadOp) and op.reads_destination():
            values.append(op.dst)
        return values


@op_definition
class MmadOp(IRDLOperation):
    """``AscendC::Mmad(dst, fm, filter[, bias], mmadParams)``: ``dst (L0C) = fm (L0A) x filter (L0B)``,
    initialised with zeros, the bias, or what ``dst`` holds, as the params say.

    Example: ``ascendc.mmad %c, %a, %b, %p : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>,
    !ascendc.local_tensor<f16>, !ascendc.params<mmad>``
    """

    name = "ascendc.mmad"
    dst = operand_def(LocalTensorType)
    fm = operand_def(LocalTensorType)
    filter = operand_def(LocalTensorType)
    bias = opt_operand_def(LocalTensorType)
    params = operand_def(ParamsType)
    traits = traits_def(
        ExecutesOn(Pipe.PIPE_M), AccumulatorAccess(reads=("fm", "filter", "bias"), writes=("dst",)), *_EFFECTS
    )
    assembly_format = (
        "$dst `,` $fm `,` $filter (`bias` $bias^)? `,` $params attr-dict `:` type($dst) `,` type($fm) `,` "
        "type($filter) `,` type($params) (`bias` type($bias)^)?"
    )

    def __init__(self, dst: SSAValue, fm: SSAValue, filter: SSAValue, params: SSAValue, bias: SSAValue | None = None):
        super().__init__(operands=[dst, fm, filter, bias, params])

    def accumulates(self) -> bool | None:
        """Whether the result starts from what ``dst`` holds (None: the params decide at run time)."""
        if self.bias is not None:
            return False
        if params_kind(self.params) is ParamsKind.MMAD_LEGACY:
            is_bias = constant_field(self.params, "isBias")
            return None if is_bias is None else bool(is_bias)
        init = constant_field(self.params, "cmatrixInitVal")
        source = constant_field(self.params, "cmatrixSource")
        if init == 1 or source == 1:
            return False
        return None if init is None or source is None else True

    def reads_destination(self) -> bool:
        """Whether the sync analyses see a read of ``dst``: when the op may accumulate and the tile is small
        enough that the cube does not order the read after the previous write itself."""
        if self.accumulates() is False:
            return False
        m = constant_field(self.params, "m")
        n = constant_field(self.params, "n")
        if m is None or n is None:
            return True
        return (m // 16) * (n // 16) < MMAD_BARRIER_TILES

    def verify_(self) -> None:
        _require_kind(self, "params", MMAD_KINDS)
        _same_elements(self, "fm", "filter")
        pair = (str(tensor_element_type(self.dst.type)), str(tensor_element_type(self.fm.type)))
        if pair not in MMAD_TYPES:
            raise VerifyException(
                f"Mmad does not compute {pair[1]} x {pair[1]} -> {pair[0]}; dav-c220 supports "
                + ", ".join(f"{a} x {a} -> {d}" for d, a in MMAD_TYPES)
            )
        if self.bias is not None:
            _same_elements(self, "dst", "bias")


@op_definition
class MmadWithSparseOp(IRDLOperation):
    """``AscendC::MmadWithSparse(dst, fm, filter, mmadParams)``: int8 x sparse int8 (the index loaded by
    ``LoadDataWithSparse``) -> int32.

    Example: ``ascendc.mmad_with_sparse %c, %a, %b, %p : !ascendc.local_tensor<i32>, ... !ascendc.params<mmad>``
    """

    name = "ascendc.mmad_with_sparse"
    dst = operand_def(LocalTensorType)
    fm = operand_def(LocalTensorType)
    filter = operand_def(LocalTensorType)
    params = operand_def(ParamsType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_M), TensorAccess(reads=("fm", "filter"), writes=("dst",)), *_EFFECTS)
    assembly_format = (
        "$dst `,` $fm `,` $filter `,` $params attr-dict `:` type($dst) `,` type($fm) `,` type($filter) `,` "
        "type($params)"
    )

    def __init__(self, dst: SSAValue, fm: SSAValue, filter: SSAValue, params: SSAValue):
        super().__init__(operands=[dst, fm, filter, params])

    def verify_(self) -> None:
        _require_kind(self, "params", MMAD_KINDS)
        _same_elements(self, "fm", "filter")
        if str(tensor_element_type(self.dst.type)) != "i32" or str(tensor_element_type(self.fm.type)) != "i8":
            raise VerifyException("MmadWithSparse computes int8 x int8 -> int32")


# --- loads into L1 / L0A / L0B ----------------------------------------------------------------------

LOAD_DATA_KINDS = frozenset(
    {
        ParamsKind.LOAD_DATA_2D,
        ParamsKind.LOAD_DATA_2D_V2,
        ParamsKind.LOAD_DATA_3D_V1,
        ParamsKind.LOAD_DATA_3D_V2,
        ParamsKind.LOAD_DATA_3D_V2_PRO,
    }
)
TRANSPOSE_KINDS = frozenset({ParamsKind.LOAD_DATA_2D_TRANSPOSE, ParamsKind.LOAD_DATA_2D_TRANSPOSE_V2})


class _Load(IRDLOperation):
    dst = operand_def(LocalTensorType)
    src = operand_def(TensorType)
    params = operand_def(ParamsType)
    assembly_format = "$dst `,` $src `,` $params attr-dict `:` type($dst) `,` type($src) `,` type($params)"

    def __init__(self, dst: SSAValue, src: SSAValue, params: SSAValue):
        super().__init__(operands=[dst, src, params])


@op_definition
class LoadDataOp(_Load):
    """``AscendC::LoadData(dst, src, params)``: 2D (``LoadData2DParams``/``V2``) or 3D (``LoadData3DParamsV1<T>``,
    ``V2<T>``, ``V2Pro``) loads of 512-byte fractals; from GM on MTE2, from L1 on MTE1.

    Example: ``ascendc.load_data %a2, %a1, %p : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>,
    !ascendc.params<load_data_2d>``
    """

    name = "ascendc.load_data"
    traits = traits_def(ExecutesOn(), TensorAccess(reads=("src",), writes=("dst",)), *_EFFECTS)

    def issued_pipe(self) -> Pipe:
        return Pipe.PIPE_MTE2 if isinstance(self.src.type, GlobalTensorType) else Pipe.PIPE_MTE1

    def verify_(self) -> None:
        _require_kind(self, "params", LOAD_DATA_KINDS)
        _same_elements(self, "dst", "src")
        params = self.params.type
        assert isinstance(params, ParamsType)
        if params.layout.templated and params.element_type != tensor_element_type(self.dst.type):
            raise VerifyException(
                f"{params.layout.cpp_name}<{params.element_type}> does not match the tensors' element type "
                f"{tensor_element_type(self.dst.type)}"
            )
        if params.params_kind not in (ParamsKind.LOAD_DATA_2D, ParamsKind.LOAD_DATA_2D_V2) and isinstance(
            self.src.type, GlobalTensorType
        ):
            raise VerifyException("3D loads read L1, not GM")


@op_definition
class LoadDataWithTransposeOp(_Load):
    """``AscendC::LoadDataWithTranspose(dst, src, params)``: L1 to L0A/L0B on MTE1, transposing square
    blocks of fractals.

    Example: ``ascendc.load_data_with_transpose %b2, %b1, %p : ..., !ascendc.params<load_data_2d_transpose>``
    """

    name = "ascendc.load_data_with_transpose"
    traits = traits_def(ExecutesOn(Pipe.PIPE_MTE1), TensorAccess(reads=("src",), writes=("dst",)), *_EFFECTS)

    def verify_(self) -> None:
        _require_kind(self, "params", TRANSPOSE_KINDS)
        _same_elements(self, "dst", "src")
        if isinstance(self.src.type, GlobalTensorType):
            raise VerifyException("LoadDataWithTranspose reads L1, not GM")


@op_definition
class LoadDataWithSparseOp(IRDLOperation):
    """``AscendC::LoadDataWithSparse(dst, src, idx, params)``: int8 weights L1 -> L0B with their sparse
    index (uint8) into the cube's index buffer, on MTE1.

    Example: ``ascendc.load_data_with_sparse %b2, %b1, %idx, %p : ..., !ascendc.params<load_data_2d>``
    """

    name = "ascendc.load_data_with_sparse"
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    idx = operand_def(LocalTensorType)
    params = operand_def(ParamsType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_MTE1), TensorAccess(reads=("src", "idx"), writes=("dst",)), *_EFFECTS)
    assembly_format = (
        "$dst `,` $src `,` $idx `,` $params attr-dict `:` type($dst) `,` type($src) `,` type($idx) `,` type($params)"
    )

    def __init__(self, dst: SSAValue, src: SSAValue, idx: SSAValue, params: SSAValue):
        super().__init__(operands=[dst, src, idx, params])

    def verify_(self) -> None:
        _require_kind(self, "params", ParamsKind.LOAD_DATA_2D)
        _same_elements(self, "dst", "src")
        if str(tensor_element_type(self.dst.type)) != "i8" or str(tensor_element_type(self.idx.type)) != "ui8":
            raise VerifyException("LoadDataWithSparse loads int8 weights with a uint8 index")


@op_definition
class InitConstValueOp(IRDLOperation):
    """``AscendC::InitConstValue(dst, InitConstValueParams<T>)``: fill blocks of an L1/L0A/L0B tensor with
    a value; on MTE2 into L1, on MTE1 into L0A/L0B.

    Example: ``ascendc.init_const_value %t, %p : !ascendc.local_tensor<f16>, !ascendc.params<init_const_value, f16>``
    """

    name = "ascendc.init_const_value"
    dst = operand_def(LocalTensorType)
    params = operand_def(ParamsType)
    traits = traits_def(ExecutesOn(), TensorAccess(writes=("dst",)), MemoryWriteEffect())
    assembly_format = "$dst `,` $params attr-dict `:` type($dst) `,` type($params)"

    def __init__(self, dst: SSAValue, params: SSAValue):
        super().__init__(operands=[dst, params])

    def issued_pipe(self) -> Pipe:
        return Pipe.PIPE_MTE2 if tensor_position(self.dst) in L1_POSITIONS else Pipe.PIPE_MTE1

    def verify_(self) -> None:
        _require_kind(self, "params", ParamsKind.INIT_CONST_VALUE)
        params = self.params.type
        assert isinstance(params, ParamsType)
        if params.element_type != tensor_element_type(self.dst.type):
            raise VerifyException(
                f"InitConstValueParams<{params.element_type}> does not match the tensor's element type "
                f"{tensor_element_type(self.dst.type)}"
            )


@op_definition
class PadListOp(IRDLOperation):
    """``uint8_t padList[4] = {left, right, top, bottom};``: the padding of a 3D load.

    Example: ``%pad = ascendc.pad_list %l, %r, %t, %b : ui8, ui8, ui8, ui8 -> !ascendc.pad_list<4>``
    """

    name = "ascendc.pad_list"
    values = var_operand_def(AnyInteger)
    result = result_def(PadListType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())
    assembly_format = "$values attr-dict `:` type($values) `->` type($result)"

    def __init__(self, values: list[SSAValue]):
        super().__init__(operands=[values], result_types=[PadListType(len(values))])

    def verify_(self) -> None:
        assert isinstance(self.result.type, PadListType)
        if len(self.values) != self.result.type.size.data or len(self.values) != PAD_SIZE:
            raise VerifyException(f"a pad list has {PAD_SIZE} values, got {len(self.values)}")


# --- ND <-> NZ copies and the way out of L0C --------------------------------------------------------


@op_definition
class DataCopyNd2NzOp(_Load):
    """``AscendC::DataCopy(dst, src, Nd2NzParams)``: ND matrices from GM (MTE2) or UB (MTE3) into L1 in the
    NZ fractal layout.

    Example: ``ascendc.data_copy_nd2nz %a1, %ag, %p : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>,
    !ascendc.params<nd2nz>``
    """

    name = "ascendc.data_copy_nd2nz"
    traits = traits_def(ExecutesOn(), TensorAccess(reads=("src",), writes=("dst",)), *_EFFECTS)

    def issued_pipe(self) -> Pipe:
        return Pipe.PIPE_MTE2 if isinstance(self.src.type, GlobalTensorType) else Pipe.PIPE_MTE3

    def verify_(self) -> None:
        _require_kind(self, "params", ParamsKind.ND2NZ)
        _same_elements(self, "dst", "src")


@op_definition
class DataCopyPadNd2NzOp(IRDLOperation):
    """``AscendC::DataCopyPad(dst, src, copyParams, nd2nzParams)``: byte-long blocks from UB (VECIN/VECOUT)
    through a relay in GM into one NZ matrix in L1 (TSCM); the vector core issues it on MTE3.

    Example: ``ascendc.data_copy_pad_nd2nz %t, %u, %p, %nz : !ascendc.local_tensor<f16>,
    !ascendc.local_tensor<f16>, !ascendc.params<data_copy_ext>, !ascendc.params<nd2nz>``
    """

    name = "ascendc.data_copy_pad_nd2nz"
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    params = operand_def(ParamsType)
    nd2nz = operand_def(ParamsType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_MTE3), TensorAccess(reads=("src",), writes=("dst",)), *_EFFECTS)
    assembly_format = (
        "$dst `,` $src `,` $params `,` $nd2nz attr-dict `:` type($dst) `,` type($src) `,` type($params) `,` "
        "type($nd2nz)"
    )

    def __init__(self, dst: SSAValue, src: SSAValue, params: SSAValue, nd2nz: SSAValue):
        super().__init__(operands=[dst, src, params, nd2nz])

    def verify_(self) -> None:
        _require_kind(self, "params", frozenset({ParamsKind.DATA_COPY, ParamsKind.DATA_COPY_EXT}))
        _require_kind(self, "nd2nz", ParamsKind.ND2NZ)
        _same_elements(self, "dst", "src")


@op_definition
class DataCopyNz2NdOp(IRDLOperation):
    """``AscendC::DataCopy(dst, src, Nz2NdParamsFull)``: NZ matrices from UB to ND in GM, on MTE3.

    Example: ``ascendc.data_copy_nz2nd %yg, %t, %p : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f16>,
    !ascendc.params<nz2nd_full>``
    """

    name = "ascendc.data_copy_nz2nd"
    dst = operand_def(GlobalTensorType)
    src = operand_def(LocalTensorType)
    params = operand_def(ParamsType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_MTE3), TensorAccess(reads=("src",), writes=("dst",)), *_EFFECTS)
    assembly_format = "$dst `,` $src `,` $params attr-dict `:` type($dst) `,` type($src) `,` type($params)"

    def __init__(self, dst: SSAValue, src: SSAValue, params: SSAValue):
        super().__init__(operands=[dst, src, params])

    def verify_(self) -> None:
        _require_kind(self, "params", ParamsKind.NZ2ND_FULL)
        _same_elements(self, "dst", "src")


@op_definition
class DataCopyCO12DstOp(IRDLOperation):
    """``AscendC::DataCopy(dst, src, DataCopyCO12DstParams)``: results from L0C to GM or L1 on FIX,
    converting (quantPre), with ReLU (reluPre) and NZ to ND (nz2ndEn) on the way.

    Example: ``ascendc.data_copy_co12_dst %cg, %c, %p : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>,
    !ascendc.params<data_copy_co12_dst>``
    """

    name = "ascendc.data_copy_co12_dst"
    dst = operand_def(TensorType)
    src = operand_def(LocalTensorType)
    params = operand_def(ParamsType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_FIX), TensorAccess(reads=("src",), writes=("dst",)), *_EFFECTS)
    assembly_format = "$dst `,` $src `,` $params attr-dict `:` type($dst) `,` type($src) `,` type($params)"

    def __init__(self, dst: SSAValue, src: SSAValue, params: SSAValue):
        super().__init__(operands=[dst, src, params])

    def verify_(self) -> None:
        _require_kind(self, "params", ParamsKind.DATA_COPY_CO12_DST)


@op_definition
class DataCopyEnhancedOp(IRDLOperation):
    """``AscendC::DataCopy(dst, src, DataCopyParams, DataCopyEnhancedParams)``: a block copy with a fractal
    mode and an on-the-fly conversion; GM -> local on MTE2, local -> GM on MTE3, within local memory on V.

    Example: ``ascendc.data_copy_enhanced %t, %xg, %p, %e : ..., !ascendc.params<data_copy>,
    !ascendc.params<data_copy_enhanced>``
    """

    name = "ascendc.data_copy_enhanced"
    dst = operand_def(TensorType)
    src = operand_def(TensorType)
    params = operand_def(ParamsType)
    enhanced = operand_def(ParamsType)
    traits = traits_def(ExecutesOn(), TensorAccess(reads=("src",), writes=("dst",)), *_EFFECTS)
    assembly_format = (
        "$dst `,` $src `,` $params `,` $enhanced attr-dict `:` type($dst) `,` type($src) `,` type($params) `,` "
        "type($enhanced)"
    )

    def __init__(self, dst: SSAValue, src: SSAValue, params: SSAValue, enhanced: SSAValue):
        super().__init__(operands=[dst, src, params, enhanced])

    def issued_pipe(self) -> Pipe:
        if isinstance(self.src.type, GlobalTensorType):
            return Pipe.PIPE_MTE2
        if isinstance(self.dst.type, GlobalTensorType):
            return Pipe.PIPE_MTE3
        return Pipe.PIPE_V

    def verify_(self) -> None:
        _require_kind(self, "params", ParamsKind.DATA_COPY)
        _require_kind(self, "enhanced", ParamsKind.DATA_COPY_ENHANCED)
        if isinstance(self.src.type, GlobalTensorType) and isinstance(self.dst.type, GlobalTensorType):
            raise VerifyException("a copy has an on-chip end: GlobalTensor to GlobalTensor is not a DataCopy")
        if isinstance(self.src.type, GlobalTensorType) or isinstance(self.dst.type, GlobalTensorType):
            _same_elements(self, "dst", "src")


@irdl_attr_definition
class CO2LayoutAttr(IrEnumAttribute[CO2Layout], SpacedOpaqueSyntaxAttribute):
    """A ``CO2Layout``; prints as ``#ascendc<co2_layout row_major>``."""

    name = "ascendc.co2_layout"


@op_definition
class FixpipeOp(IRDLOperation):
    """``AscendC::Fixpipe<T, U, AscendC::CFG_<layout>>(dst, src[, cbufWorkspace], FixpipeParamsV220)``: results
    from L0C (``src``) to GM or L1 on FIX, converting (quantPre, with per-channel factors from the
    ``cbufWorkspace`` in L1), with ReLU and NZ to ND on the way.

    Example: ``ascendc.fixpipe row_major %cg, %c, %p : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>,
    !ascendc.params<fixpipe_v220>``
    """

    name = "ascendc.fixpipe"
    layout = prop_def(CO2LayoutAttr)
    dst = operand_def(TensorType)
    src = operand_def(LocalTensorType)
    cbuf_workspace = opt_operand_def(LocalTensorType)
    params = operand_def(ParamsType)
    traits = traits_def(
        ExecutesOn(Pipe.PIPE_FIX), TensorAccess(reads=("src", "cbuf_workspace"), writes=("dst",)), *_EFFECTS
    )
    assembly_format = (
        "$layout $dst `,` $src (`workspace` $cbuf_workspace^)? `,` $params attr-dict `:` type($dst) `,` type($src) "
        "`,` type($params) (`workspace` type($cbuf_workspace)^)?"
    )

    def __init__(
        self, layout: CO2Layout, dst: SSAValue, src: SSAValue, params: SSAValue, cbuf_workspace: SSAValue | None = None
    ):
        super().__init__(operands=[dst, src, cbuf_workspace, params], properties={"layout": CO2LayoutAttr(layout)})

    def verify_(self) -> None:
        _require_kind(self, "params", ParamsKind.FIXPIPE_V220)
        if self.cbuf_workspace is not None and str(tensor_element_type(self.cbuf_workspace.type)) != "ui64":
            raise VerifyException("the cbufWorkspace of a Fixpipe holds uint64_t quantisation factors")


# --- control registers, AIPP --------------------------------------------------------------------


class CubeSetting(StrEnum):
    """The cube's control registers a kernel can set (``ascendc.cube_setting``)."""

    LOAD_DATA_BOUNDARY = auto()
    LOAD_DATA_PADDING_VALUE = auto()
    LOAD_DATA_REPEAT = auto()
    FIXPIPE_PRE_QUANT_FLAG = auto()
    HF32_MODE = auto()
    HF32_TRANS_MODE = auto()
    MM_LAYOUT_TRANSFORM = auto()

    @property
    def cpp(self) -> str:
        return {
            CubeSetting.LOAD_DATA_BOUNDARY: "SetLoadDataBoundary",
            CubeSetting.LOAD_DATA_PADDING_VALUE: "SetLoadDataPaddingValue",
            CubeSetting.LOAD_DATA_REPEAT: "SetLoadDataRepeat",
            CubeSetting.FIXPIPE_PRE_QUANT_FLAG: "SetFixpipePreQuantFlag",
            CubeSetting.HF32_MODE: "SetHF32Mode",
            CubeSetting.HF32_TRANS_MODE: "SetHF32TransMode",
            CubeSetting.MM_LAYOUT_TRANSFORM: "SetMMLayoutTransform",
        }[self]


@irdl_attr_definition
class CubeSettingAttr(EnumAttribute[CubeSetting], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.cube_setting"


@op_definition
class CubeSettingOp(IRDLOperation):
    """``AscendC::SetLoadDataBoundary(v)``, ``SetLoadDataPaddingValue(v)``, ``SetLoadDataRepeat(p)``,
    ``SetFixpipePreQuantFlag(v)``, ``SetHF32Mode(b)``, ``SetHF32TransMode(b)``, ``SetMMLayoutTransform(b)``:
    a control register read by later loads, ``Mmad``s or ``Fixpipe``s.

    Example: ``ascendc.cube_setting load_data_boundary %v : ui32``
    """

    name = "ascendc.cube_setting"
    setting = prop_def(CubeSettingAttr)
    value = operand_def(base(ParamsType) | ElementType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "$setting $value attr-dict `:` type($value)"

    def __init__(self, setting: CubeSetting, value: SSAValue):
        super().__init__(operands=[value], properties={"setting": CubeSettingAttr(setting)})

    def verify_(self) -> None:
        is_params = isinstance(self.value.type, ParamsType)
        if (self.setting.data is CubeSetting.LOAD_DATA_REPEAT) != is_params:
            raise VerifyException("SetLoadDataRepeat takes a LoadDataRepeatParam, the other settings a scalar")
        if is_params:
            _require_kind(self, "value", ParamsKind.LOAD_DATA_REPEAT)


@op_definition
class SetPadValueOp(IRDLOperation):
    """``AscendC::SetPadValue<T, pos>(value)``: the value ``DataCopyPad`` pads with, for copies into ``pos``
    (``MAX``: every position).

    Example: ``ascendc.set_pad_value %v at vecin : i32``
    """

    name = "ascendc.set_pad_value"
    value = operand_def(ElementType)
    position = opt_prop_def(TPositionAttr)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = "$value (`at` $position^)? attr-dict `:` type($value)"

    def __init__(self, value: SSAValue, position: TPosition | None):
        properties: dict[str, Attribute] = {} if position is None else {"position": TPositionAttr(position)}
        super().__init__(operands=[value], properties=properties)


@irdl_attr_definition
class AippInputFormatAttr(IrEnumAttribute[AippInputFormat], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.aipp_input_format"


@op_definition
class SetAippFunctionsOp(IRDLOperation):
    """``AscendC::SetAippFunctions(src0[, src1], format, AippParams<U>)``: the image(s) and the preprocessing
    later ``LoadImageToLocal`` calls apply (registers only: the images are read by the load).

    Example: ``ascendc.set_aipp_functions rgb888_u8 %img, %cfg : !ascendc.global_tensor<i8>, !ascendc.params<aipp, i8>``
    """

    name = "ascendc.set_aipp_functions"
    input_format = prop_def(AippInputFormatAttr)
    src0 = operand_def(GlobalTensorType)
    src1 = opt_operand_def(GlobalTensorType)
    config = operand_def(ParamsType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), TensorAccess())
    assembly_format = (
        "$input_format $src0 (`uv` $src1^)? `,` $config attr-dict `:` type($src0) `,` type($config) "
        "(`uv` type($src1)^)?"
    )

    def __init__(self, input_format: AippInputFormat, src0: SSAValue, config: SSAValue, src1: SSAValue | None = None):
        super().__init__(operands=[src0, src1, config], properties={"input_format": AippInputFormatAttr(input_format)})

    def verify_(self) -> None:
        _require_kind(self, "config", ParamsKind.AIPP)


@op_definition
class LoadImageToLocalOp(IRDLOperation):
    """``AscendC::LoadImageToLocal(dst, LoadImageToLocalParams)``: the image ``SetAippFunctions`` named,
    preprocessed, into L1 (MTE2).

    Example: ``ascendc.load_image_to_local %t, %p : !ascendc.local_tensor<f16>, !ascendc.params<load_image_to_local>``
    """

    name = "ascendc.load_image_to_local"
    dst = operand_def(LocalTensorType)
    params = operand_def(ParamsType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_MTE2), TensorAccess(writes=("dst",)), MemoryWriteEffect())
    assembly_format = "$dst `,` $params attr-dict `:` type($dst) `,` type($params)"

    def __init__(self, dst: SSAValue, params: SSAValue):
        super().__init__(operands=[dst, params])

    def verify_(self) -> None:
        _require_kind(self, "params", ParamsKind.LOAD_IMAGE_TO_LOCAL)


CUBE_OPS = (
    MmadOp,
    MmadWithSparseOp,
    LoadDataOp,
    LoadDataWithTransposeOp,
    LoadDataWithSparseOp,
    InitConstValueOp,
    PadListOp,
    DataCopyNd2NzOp,
    DataCopyPadNd2NzOp,
    DataCopyNz2NdOp,
    DataCopyCO12DstOp,
    DataCopyEnhancedOp,
    FixpipeOp,
    CubeSettingOp,
    SetPadValueOp,
    SetAippFunctionsOp,
    LoadImageToLocalOp,
)
CUBE_ATTRS = (PadListType, CO2LayoutAttr, CubeSettingAttr, AippInputFormatAttr)


__all__ = [
    "AippInputFormat",
    "AippInputFormatAttr",
    "CO2Layout",
    "CO2LayoutAttr",
    "CubeSetting",
    "CubeSettingAttr",
    "CubeSettingOp",
    "DataCopyCO12DstOp",
    "DataCopyEnhancedOp",
    "DataCopyNd2NzOp",
    "DataCopyNz2NdOp",
    "DataCopyPadNd2NzOp",
    "FixpipeOp",
    "InitConstValueOp",
    "LoadDataOp",
    "LoadDataWithSparseOp",
    "LoadDataWithTransposeOp",
    "LoadImageToLocalOp",
    "MmadOp",
    "MmadWithSparseOp",
    "PadListOp",
    "SetAippFunctionsOp",
    "SetPadValueOp",
]
