"""The high-level library beyond Matmul: the math functions (``Acos`` ... ``Xor``, ``Axpy``),
``SoftMax``, ``RmsNorm``, ``LayerNorm``, ``DeepNorm``, ``AscendQuant``, ``Concat`` and ``Extract``, the
utility ``InitGlobalMemory``, and the tiling structs ``SoftMaxTiling``, ``RmsNormTiling``, ``LayerNormTiling``
and ``DeepNormTiling`` with the ops that declare, fill, read and load them.

Every library op runs on the vector pipe: it reads its sources and writes its destinations, and a
temporary buffer it is given (``tmp``) is written too (the library keeps intermediate values in it).
Without ``tmp`` the library takes its scratch space from memory the framework reserves, which no
kernel tensor aliases.  The verifiers accept only the call forms CANN declares (CANN 9.1,
``adv_api``): e.g. ``Log`` has no form with a temporary buffer, ``Axpy`` only the form with one.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import auto
from typing import ClassVar

from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    I32,
    I64,
    DenseArrayBase,
    Float16Type,
    Float32Type,
    IntegerAttr,
    IntegerType,
    Signedness,
    StringAttr,
    UnitAttr,
    f32,
    i32,
)
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, Operation, SpacedOpaqueSyntaxAttribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_attr_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import MemoryAllocEffect, MemoryReadEffect, MemoryWriteEffect
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.lib_call_syntax import LibCallSyntax, Names
from ascx.dialects.ascendc.tensor_ops import AnyInteger
from ascx.dialects.ascendc.traits import ExecutesOn, TakesPipeEventIds, TensorAccess
from ascx.dialects.ascendc.types import (
    ElementType,
    GlobalTensorType,
    GMStructAddrType,
    LibTilingType,
    LocalTensorType,
)


class MathFunction(StrEnum):
    """The element-wise math functions of the library with one source tensor."""

    ACOS = auto()
    ACOSH = auto()
    ASIN = auto()
    ASINH = auto()
    ATAN = auto()
    ATANH = auto()
    CEIL = auto()
    COS = auto()
    COSH = auto()
    DIGAMMA = auto()
    ERF = auto()
    ERFC = auto()
    EXP = auto()
    FLOOR = auto()
    FRAC = auto()
    LGAMMA = auto()
    LOG = auto()
    ROUND = auto()
    SIGN = auto()
    SIN = auto()
    SINH = auto()
    TAN = auto()
    TANH = auto()
    TRUNC = auto()

    @property
    def cpp(self) -> str:
        """The Ascend C function: ``Acos`` ... ``Trunc``."""
        return str(self).capitalize()

    @property
    def needs_count(self) -> bool:
        """CANN declares only the forms with ``calCount`` (``Exp``, ``Ceil``, ``Floor``, ``Round``, ``Digamma``,
        ``Lgamma``)."""
        return self in _COUNT_ONLY

    @property
    def takes_tmp(self) -> bool:
        """Whether CANN declares forms with a temporary buffer (all but ``Log``)."""
        return self is not MathFunction.LOG


_COUNT_ONLY = frozenset(
    {
        MathFunction.EXP,
        MathFunction.CEIL,
        MathFunction.FLOOR,
        MathFunction.ROUND,
        MathFunction.DIGAMMA,
        MathFunction.LGAMMA,
    }
)


class BinaryMathFunction(StrEnum):
    """The element-wise math functions of the library with two source tensors."""

    POWER = auto()
    XOR = auto()

    @property
    def cpp(self) -> str:
        return str(self).capitalize()


@irdl_attr_definition
class MathFunctionAttr(EnumAttribute[MathFunction], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.math_function"


@irdl_attr_definition
class BinaryMathFunctionAttr(EnumAttribute[BinaryMathFunction], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.binary_math_function"


UI8 = IntegerType(8, Signedness.UNSIGNED)
UI32 = IntegerType(32, Signedness.UNSIGNED)
I8 = IntegerType(8)
_OPTIONS = (AttrSizedOperandSegments(as_property=True),)
_V = (ExecutesOn(Pipe.PIPE_V), MemoryReadEffect(), MemoryWriteEffect())


def _element(op: IRDLOperation, name: str) -> Attribute:
    value: SSAValue = getattr(op, name)
    assert isinstance(value.type, LocalTensorType)
    return value.type.element_type


def _same_element_type(op: IRDLOperation, *names: str) -> None:
    first = _element(op, names[0])
    for name in names[1:]:
        if _element(op, name) != first:
            raise VerifyException(f"{name} has element type {_element(op, name)}, but {names[0]} has {first}")


def _floating(op: IRDLOperation, name: str) -> None:
    if not isinstance(_element(op, name), Float16Type | Float32Type):
        raise VerifyException(f"{name} must hold f16 or f32 elements, got {_element(op, name)}")


def _tmp_bytes(tmp: SSAValue | None) -> None:
    if tmp is not None:
        assert isinstance(tmp.type, LocalTensorType)
        if tmp.type.element_type != UI8:
            raise VerifyException(f"tmp must be a local_tensor<ui8>, got {tmp.type}")


def _tiling(tiling: SSAValue, struct: str, name: str = "tiling") -> None:
    assert isinstance(tiling.type, LibTilingType)
    if tiling.type.cpp_name != struct:
        raise VerifyException(f"{name} must be a {struct}, got {tiling.type}")


@op_definition
class AdvMathOp(LibCallSyntax):
    """``AscendC::Acos<T, isReuseSource>(dst, src[, sharedTmpBuffer][, calCount])`` and the other one-source
    math functions; ``Exp`` has ``taylorExpandLevel`` between: ``Exp<T, level, isReuseSource>(...)``.

    Example: ``ascendc.adv.math acos %z, %x count %n tmp %t : (...)``
    """

    name = "ascendc.adv.math"
    MODE: ClassVar = ("function", MathFunctionAttr)
    LEADING: ClassVar[Names] = ("dst", "src")
    OPTIONAL: ClassVar[Names] = ("count", "tmp")
    ATTRS: ClassVar[Names] = ("taylor_expand_level",)
    FLAGS: ClassVar[Names] = ("reuse_source",)
    function = prop_def(MathFunctionAttr)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    count = opt_operand_def(AnyInteger)
    tmp = opt_operand_def(LocalTensorType)
    taylor_expand_level = opt_prop_def(IntegerAttr)
    reuse_source = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src",), writes=("dst", "tmp")))

    def verify_(self) -> None:
        function = self.function.data
        _same_element_type(self, "dst", "src")
        _floating(self, "src")
        _tmp_bytes(self.tmp)
        if function.needs_count and self.count is None:
            raise VerifyException(f"{function.cpp} needs a count: CANN declares no form without calCount")
        if not function.takes_tmp and self.tmp is not None:
            raise VerifyException(f"{function.cpp} takes no temporary buffer")
        if (function is MathFunction.EXP) != (self.taylor_expand_level is not None):
            raise VerifyException("taylor_expand_level is given for exp, and only for exp")
        if self.taylor_expand_level is not None and not 0 <= self.taylor_expand_level.value.data <= 255:
            raise VerifyException("taylor_expand_level must fit uint8_t")


@op_definition
class AdvBinaryMathOp(LibCallSyntax):
    """``AscendC::Power<T, isReuseSource>(dst, src0, src1[, sharedTmpBuffer][, calCount])`` and ``Xor``.

    Example: ``ascendc.adv.binary_math xor %z, %x, %y count %n : (...)``
    """

    name = "ascendc.adv.binary_math"
    MODE: ClassVar = ("function", BinaryMathFunctionAttr)
    LEADING: ClassVar[Names] = ("dst", "src0", "src1")
    OPTIONAL: ClassVar[Names] = ("count", "tmp")
    FLAGS: ClassVar[Names] = ("reuse_source",)
    function = prop_def(BinaryMathFunctionAttr)
    dst = operand_def(LocalTensorType)
    src0 = operand_def(LocalTensorType)
    src1 = operand_def(LocalTensorType)
    count = opt_operand_def(AnyInteger)
    tmp = opt_operand_def(LocalTensorType)
    reuse_source = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src0", "src1"), writes=("dst", "tmp")))

    def verify_(self) -> None:
        _same_element_type(self, "dst", "src0", "src1")
        _tmp_bytes(self.tmp)


@op_definition
class AdvAxpyOp(LibCallSyntax):
    """``AscendC::Axpy<T, U, isReuseSource>(dst, src, scalar, sharedTmpBuffer, calCount)``: ``dst += src * scalar``
    (the only form CANN declares).

    Example: ``ascendc.adv.axpy %z, %x, %s count %n tmp %t : (...)``
    """

    name = "ascendc.adv.axpy"
    LEADING: ClassVar[Names] = ("dst", "src", "scalar")
    OPTIONAL: ClassVar[Names] = ("count", "tmp")
    FLAGS: ClassVar[Names] = ("reuse_source",)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    scalar = operand_def(ElementType)
    count = opt_operand_def(AnyInteger)
    tmp = opt_operand_def(LocalTensorType)
    reuse_source = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("dst", "src"), writes=("dst", "tmp")))

    def verify_(self) -> None:
        _tmp_bytes(self.tmp)
        if self.count is None or self.tmp is None:
            raise VerifyException("Axpy needs a count and a temporary buffer: CANN declares only that form")
        if self.scalar.type != _element(self, "src"):
            raise VerifyException(f"scalar has type {self.scalar.type}, but src holds {_element(self, 'src')}")
        dst, src = _element(self, "dst"), _element(self, "src")
        if dst != src and not (isinstance(dst, Float32Type) and isinstance(src, Float16Type)):
            raise VerifyException(f"Axpy takes dst and src of one type, or a f32 dst and a f16 src; got {dst}, {src}")


@op_definition
class SoftmaxOp(LibCallSyntax):
    """``AscendC::SoftMax<T, isReuseSource, isBasicBlock, isDataFormatNZ>(dst, sum, max, src[, sharedTmpBuffer],
    tiling[, softmaxShapeInfo])``: softmax over the last axis of ``src`` ([srcM, srcK] from the shape info, else
    src's shape, else the tiling), with the row sums and maxima broadcast over one 32-byte block per row.

    Example: ``ascendc.adv.softmax %d, %s, %m, %x, %tiling tmp %t shape_info %si basic_block : (...)``
    """

    name = "ascendc.adv.softmax"
    LEADING: ClassVar[Names] = ("dst", "sum", "max", "src", "tiling")
    OPTIONAL: ClassVar[Names] = ("tmp", "shape_info")
    FLAGS: ClassVar[Names] = ("reuse_source", "basic_block", "data_format_nz")
    dst = operand_def(LocalTensorType)
    sum = operand_def(LocalTensorType)
    max = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    tiling = operand_def(LibTilingType)
    tmp = opt_operand_def(LocalTensorType)
    shape_info = opt_operand_def(LibTilingType)
    reuse_source = opt_prop_def(UnitAttr)
    basic_block = opt_prop_def(UnitAttr)
    data_format_nz = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src",), writes=("dst", "sum", "max", "tmp")))

    def verify_(self) -> None:
        _same_element_type(self, "dst", "src")
        _same_element_type(self, "sum", "max")
        _floating(self, "src")
        _tmp_bytes(self.tmp)
        _tiling(self.tiling, "SoftMaxTiling")
        if self.shape_info is not None:
            _tiling(self.shape_info, "SoftMaxShapeInfo", "shape_info")
        src, stats = _element(self, "src"), _element(self, "sum")
        if stats != src and not (isinstance(src, Float16Type) and isinstance(stats, Float32Type)):
            raise VerifyException(f"sum and max hold the type of src, or f32 for a f16 src; got {stats} for {src}")


class SoftmaxFlashV2Access(TensorAccess):
    """What ``SoftmaxFlashV2`` reads and writes, by its flags and types: ``in_exp_sum`` and ``in_max`` are read
    and ``exp_max`` written with ``is_update`` only; CANN's float basic-block code also leaves ``x - max`` in
    ``src`` (without ``is_update``) and ``expMax * inExpSum`` in ``in_exp_sum`` (with it)."""

    def _float_basic(self, op: Operation) -> bool:
        assert isinstance(op, SoftmaxFlashV2Op)
        return op.has_flag("basic_block") and isinstance(_element(op, "src"), Float32Type)

    def read_values(self, op: Operation) -> list[SSAValue]:
        assert isinstance(op, SoftmaxFlashV2Op)
        return [op.src, *((op.in_exp_sum, op.in_max) if op.has_flag("is_update") else ())]

    def written_values(self, op: Operation) -> list[SSAValue]:
        assert isinstance(op, SoftmaxFlashV2Op)
        update = op.has_flag("is_update")
        written = [op.dst, op.exp_sum, op.max, *((op.exp_max,) if update else ())]
        if self._float_basic(op):
            written.append(op.in_exp_sum if update else op.src)
        return written + ([op.tmp] if op.tmp is not None else [])


@op_definition
class SoftmaxFlashV2Op(LibCallSyntax):
    """``AscendC::SoftmaxFlashV2<T, isUpdate, isReuseSource, isBasicBlock, isDataFormatNZ, SOFTMAX_DEFAULT_CFG>(dst,
    expSum, max, src, expMax, inExpSum, inMax[, sharedTmpBuffer], tiling[, softmaxShapeInfo])``: one step of
    FlashAttention-2's online softmax over the last axis of ``src``: ``dst = exp(src - max)`` (not normalised),
    the row maxima and sums over one 32-byte block per row, updated from ``in_max``/``in_exp_sum`` with
    ``is_update`` (then ``exp_max = exp(in_max - max)``).

    Example: ``ascendc.adv.softmax_flash_v2 %d, %s, %m, %x, %e, %is, %im, %tiling tmp %t is_update : (...)``
    """

    name = "ascendc.adv.softmax_flash_v2"
    LEADING: ClassVar[Names] = ("dst", "exp_sum", "max", "src", "exp_max", "in_exp_sum", "in_max", "tiling")
    OPTIONAL: ClassVar[Names] = ("tmp", "shape_info")
    FLAGS: ClassVar[Names] = ("is_update", "reuse_source", "basic_block", "data_format_nz")
    dst = operand_def(LocalTensorType)
    exp_sum = operand_def(LocalTensorType)
    max = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    exp_max = operand_def(LocalTensorType)
    in_exp_sum = operand_def(LocalTensorType)
    in_max = operand_def(LocalTensorType)
    tiling = operand_def(LibTilingType)
    tmp = opt_operand_def(LocalTensorType)
    shape_info = opt_operand_def(LibTilingType)
    is_update = opt_prop_def(UnitAttr)
    reuse_source = opt_prop_def(UnitAttr)
    basic_block = opt_prop_def(UnitAttr)
    data_format_nz = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, SoftmaxFlashV2Access())

    def verify_(self) -> None:
        _same_element_type(self, "dst", "src", "exp_max")
        _same_element_type(self, "exp_sum", "max", "in_exp_sum", "in_max")
        _floating(self, "src")
        _tmp_bytes(self.tmp)
        _tiling(self.tiling, "SoftMaxTiling")
        if self.shape_info is not None:
            _tiling(self.shape_info, "SoftMaxShapeInfo", "shape_info")
        src, stats = _element(self, "src"), _element(self, "exp_sum")
        if stats != src and not (isinstance(src, Float16Type) and isinstance(stats, Float32Type)):
            raise VerifyException(f"the stats hold the type of src, or f32 for a f16 src; got {stats} for {src}")


@op_definition
class SoftmaxFlashV2TilingOp(IRDLOperation):
    """``SoftMaxTiling t = AscendC::SoftMaxFlashV2TilingFunc(shapeInfo, dataTypeSize1, dataTypeSize2,
    localWorkSpaceSize, isUpdate, isBasicBlock, isDataFormatNZ, isFlashOutputBrc);``: the tiling of
    ``SoftmaxFlashV2`` computed in the kernel, for a shape and ``localWorkSpaceSize`` bytes of temporary space.

    Example: ``%t = ascendc.adv.softmax_flash_v2_tiling %shape, %c2, %c4, %n is_update : ...``
    """

    name = "ascendc.adv.softmax_flash_v2_tiling"
    shape_info = operand_def(LibTilingType)
    data_type_size1 = operand_def(AnyInteger)
    data_type_size2 = operand_def(AnyInteger)
    local_work_space_size = operand_def(AnyInteger)
    is_update = opt_prop_def(UnitAttr)
    basic_block = opt_prop_def(UnitAttr)
    data_format_nz = opt_prop_def(UnitAttr)
    is_flash_output_brc = opt_prop_def(UnitAttr)
    result = result_def(LibTilingType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryAllocEffect(), MemoryReadEffect())
    assembly_format = (
        "$shape_info `,` $data_type_size1 `,` $data_type_size2 `,` $local_work_space_size "
        "(`is_update` $is_update^)? (`basic_block` $basic_block^)? (`data_format_nz` $data_format_nz^)? "
        "(`is_flash_output_brc` $is_flash_output_brc^)? attr-dict `:` type($shape_info) `,` "
        "type($data_type_size1) `,` type($data_type_size2) `,` type($local_work_space_size) `->` type($result)"
    )

    FLAGS: ClassVar[Names] = ("is_update", "basic_block", "data_format_nz", "is_flash_output_brc")

    def __init__(self, shape_info: SSAValue, sizes: tuple[SSAValue, SSAValue, SSAValue], flags: Sequence[str] = ()):
        super().__init__(
            operands=[shape_info, *sizes],
            properties={flag: UnitAttr() for flag in flags},
            result_types=[LibTilingType("SoftMaxTiling")],
        )

    def has_flag(self, flag: str) -> bool:
        return self.properties.get(flag) is not None

    def verify_(self) -> None:
        _tiling(self.shape_info, "SoftMaxShapeInfo", "shape_info")
        _tiling(self.result, "SoftMaxTiling", "result")


def _known_bool(value: SSAValue) -> bool | None:
    """The value of an ``i1`` operand that an ``arith.constant`` defines (None when it is known at run time only)."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return bool(owner.value.value.data)
    return None


class SoftmaxFlashAccess(TensorAccess):
    """What ``SoftmaxFlash`` reads and writes: ``in_sum`` and ``in_max`` are read and ``exp_max`` written unless
    ``is_update`` (a run-time bool of the call) is the constant false."""

    def read_values(self, op: Operation) -> list[SSAValue]:
        assert isinstance(op, SoftmaxFlashOp)
        return [op.src, *((op.in_sum, op.in_max) if _known_bool(op.is_update) is not False else ())]

    def written_values(self, op: Operation) -> list[SSAValue]:
        assert isinstance(op, SoftmaxFlashOp)
        update = _known_bool(op.is_update) is not False
        written = [op.dst, op.sum, op.max, *((op.exp_max,) if update else ())]
        return written + ([op.tmp] if op.tmp is not None else [])


@op_definition
class SoftmaxFlashOp(LibCallSyntax):
    """``AscendC::SoftmaxFlash<T, isReuseSource, isBasicBlock>(dst, sum, max, src, expMax, inSum, inMax[,
    sharedTmpBuffer], tiling, isUpdate[, softmaxShapeInfo])`` (CANN marks it deprecated for ``SoftmaxFlashV2``):
    softmax over the last axis of ``src`` with the row maxima and sums over one 32-byte block per row; with
    ``is_update`` (an ``i1`` operand: a run-time bool of the call) the result is updated from the previous step's
    ``in_max``/``in_sum`` and ``exp_max = exp(in_max - max) * in_sum / sum``.

    Example: ``ascendc.adv.softmax_flash %d, %s, %m, %x, %e, %is, %im, %tiling, %true tmp %t : (...)``
    """

    name = "ascendc.adv.softmax_flash"
    LEADING: ClassVar[Names] = ("dst", "sum", "max", "src", "exp_max", "in_sum", "in_max", "tiling", "is_update")
    OPTIONAL: ClassVar[Names] = ("tmp", "shape_info")
    FLAGS: ClassVar[Names] = ("reuse_source", "basic_block")
    dst = operand_def(LocalTensorType)
    sum = operand_def(LocalTensorType)
    max = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    exp_max = operand_def(LocalTensorType)
    in_sum = operand_def(LocalTensorType)
    in_max = operand_def(LocalTensorType)
    tiling = operand_def(LibTilingType)
    is_update = operand_def(IntegerType(1))
    tmp = opt_operand_def(LocalTensorType)
    shape_info = opt_operand_def(LibTilingType)
    reuse_source = opt_prop_def(UnitAttr)
    basic_block = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, SoftmaxFlashAccess())

    def verify_(self) -> None:
        _same_element_type(self, "dst", "src", "exp_max")
        _same_element_type(self, "sum", "max", "in_sum", "in_max")
        _floating(self, "src")
        _tmp_bytes(self.tmp)
        _tiling(self.tiling, "SoftMaxTiling")
        if self.shape_info is not None:
            _tiling(self.shape_info, "SoftMaxShapeInfo", "shape_info")
        src, stats = _element(self, "src"), _element(self, "sum")
        if stats != src and not (isinstance(src, Float16Type) and isinstance(stats, Float32Type)):
            raise VerifyException(f"the stats hold the type of src, or f32 for a f16 src; got {stats} for {src}")


@op_definition
class SoftmaxTilingFuncOp(IRDLOperation):
    """``bool ok = AscendC::SoftMaxTilingFunc(workLocalSize, ndinfo, softmaxTiling, dataTypeSize1, dataTypeSize2,
    isBasicBlock, isDataFormatNZ);``: fills the kernel-local ``SoftMaxTiling`` ``tiling`` (taken by reference)
    for the shape of ``shape_info`` and ``work_local_size`` floats of temporary space, computed in the kernel on
    the scalar unit; the ``i1`` result is CANN's return value (true).  No tensor is read or written.

    Example: ``%ok = ascendc.adv.softmax_tiling_func %n, %shape, %t, %c2, %c4 basic_block : (...) -> i1``
    """

    name = "ascendc.adv.softmax_tiling_func"
    work_local_size = operand_def(AnyInteger)
    shape_info = operand_def(LibTilingType)
    tiling = operand_def(LibTilingType)
    data_type_size1 = operand_def(AnyInteger)
    data_type_size2 = operand_def(AnyInteger)
    basic_block = opt_prop_def(UnitAttr)
    data_format_nz = opt_prop_def(UnitAttr)
    result = result_def(IntegerType(1))
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryReadEffect(), MemoryWriteEffect())
    assembly_format = (
        "$work_local_size `,` $shape_info `,` $tiling `,` $data_type_size1 `,` $data_type_size2 "
        "(`basic_block` $basic_block^)? (`data_format_nz` $data_format_nz^)? attr-dict `:` `(` "
        "type($work_local_size) `,` type($shape_info) `,` type($tiling) `,` type($data_type_size1) `,` "
        "type($data_type_size2) `)` `->` type($result)"
    )

    FLAGS: ClassVar[Names] = ("basic_block", "data_format_nz")

    def __init__(
        self,
        work_local_size: SSAValue,
        shape_info: SSAValue,
        tiling: SSAValue,
        sizes: tuple[SSAValue, SSAValue],
        flags: Sequence[str] = (),
    ):
        super().__init__(
            operands=[work_local_size, shape_info, tiling, *sizes],
            properties={flag: UnitAttr() for flag in flags},
            result_types=[IntegerType(1)],
        )

    def has_flag(self, flag: str) -> bool:
        return self.properties.get(flag) is not None

    def verify_(self) -> None:
        _tiling(self.shape_info, "SoftMaxShapeInfo", "shape_info")
        _tiling(self.tiling, "SoftMaxTiling")


@op_definition
class RmsNormOp(LibCallSyntax):
    """``AscendC::RmsNorm<T, isBasicBlock>(dst, src, gamma[, sharedTmpBuffer], epsilon, tiling)``.

    Example: ``ascendc.adv.rmsnorm %y, %x, %gamma, %eps, %tiling tmp %t : (...)``
    """

    name = "ascendc.adv.rmsnorm"
    LEADING: ClassVar[Names] = ("dst", "src", "gamma", "epsilon", "tiling")
    OPTIONAL: ClassVar[Names] = ("tmp",)
    FLAGS: ClassVar[Names] = ("basic_block",)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    gamma = operand_def(LocalTensorType)
    epsilon = operand_def(ElementType)
    tiling = operand_def(LibTilingType)
    tmp = opt_operand_def(LocalTensorType)
    basic_block = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src", "gamma"), writes=("dst", "tmp")))

    def verify_(self) -> None:
        _same_element_type(self, "dst", "src", "gamma")
        _floating(self, "src")
        _tmp_bytes(self.tmp)
        _tiling(self.tiling, "RmsNormTiling")
        if self.epsilon.type != _element(self, "src"):
            raise VerifyException(f"epsilon has type {self.epsilon.type}, but src holds {_element(self, 'src')}")


@op_definition
class LayerNormOp(LibCallSyntax):
    """``AscendC::LayerNorm<T, isReuseSource>(output, outputMean, outputVariance, inputX, gamma, beta
    [, sharedTmpBuffer], epsilon, tiling)``: layer normalisation over the last axis of a ``[B, S, H]`` input,
    with the mean and variance of each row.  The call updates the tiling's ``bshCurLength`` and
    ``bsCurLength`` (CANN takes the struct by non-const reference), and with ``reuse_source`` a float32
    ``src`` is CANN's work area, so ``src`` is listed as written.

    Example: ``ascendc.adv.layernorm %y, %mean, %var, %x, %gamma, %beta, %eps, %tiling tmp %t : (...)``
    """

    name = "ascendc.adv.layernorm"
    LEADING: ClassVar[Names] = ("dst", "mean", "variance", "src", "gamma", "beta", "epsilon", "tiling")
    OPTIONAL: ClassVar[Names] = ("tmp",)
    FLAGS: ClassVar[Names] = ("reuse_source",)
    dst = operand_def(LocalTensorType)
    mean = operand_def(LocalTensorType)
    variance = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    gamma = operand_def(LocalTensorType)
    beta = operand_def(LocalTensorType)
    epsilon = operand_def(ElementType)
    tiling = operand_def(LibTilingType)
    tmp = opt_operand_def(LocalTensorType)
    reuse_source = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(
        *_V, TensorAccess(reads=("src", "gamma", "beta"), writes=("dst", "mean", "variance", "src", "tmp"))
    )

    def verify_(self) -> None:
        _same_element_type(self, "dst", "mean", "variance", "src", "gamma", "beta")
        _floating(self, "src")
        _tmp_bytes(self.tmp)
        _tiling(self.tiling, "LayerNormTiling")
        if self.epsilon.type != _element(self, "src"):
            raise VerifyException(f"epsilon has type {self.epsilon.type}, but src holds {_element(self, 'src')}")
        if self.reuse_source is not None and isinstance(_element(self, "src"), Float16Type):
            raise VerifyException("LayerNorm takes isReuseSource only for float: CANN rejects it for half")


@op_definition
class DeepNormOp(LibCallSyntax):
    """``AscendC::DeepNorm<T, isReuseSrc, isBasicBlock>(dst, mean, rstd, src, gx, beta, gamma[, sharedTmpBuffer],
    alpha, epsilon, tiling)``: LayerNorm of ``alpha * src + gx`` over the last axis of a ``[B, S, H]`` input.
    Like ``LayerNorm`` the call updates the tiling's ``bshCurLength`` and ``bsCurLength``, and with
    ``reuse_source`` a float32 ``src`` is a work area, so ``src`` is listed as written.

    Example: ``ascendc.adv.deepnorm %y, %m, %r, %x, %gx, %beta, %gamma, %alpha, %eps, %tiling tmp %t : (...)``
    """

    name = "ascendc.adv.deepnorm"
    LEADING: ClassVar[Names] = ("dst", "mean", "rstd", "src", "gx", "beta", "gamma", "alpha", "epsilon", "tiling")
    OPTIONAL: ClassVar[Names] = ("tmp",)
    FLAGS: ClassVar[Names] = ("reuse_source", "basic_block")
    dst = operand_def(LocalTensorType)
    mean = operand_def(LocalTensorType)
    rstd = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    gx = operand_def(LocalTensorType)
    beta = operand_def(LocalTensorType)
    gamma = operand_def(LocalTensorType)
    alpha = operand_def(ElementType)
    epsilon = operand_def(ElementType)
    tiling = operand_def(LibTilingType)
    tmp = opt_operand_def(LocalTensorType)
    reuse_source = opt_prop_def(UnitAttr)
    basic_block = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(
        *_V, TensorAccess(reads=("src", "gx", "beta", "gamma"), writes=("dst", "mean", "rstd", "src", "tmp"))
    )

    def verify_(self) -> None:
        _same_element_type(self, "dst", "mean", "rstd", "src", "gx", "beta", "gamma")
        _floating(self, "src")
        _tmp_bytes(self.tmp)
        _tiling(self.tiling, "DeepNormTiling")
        for scalar in ("alpha", "epsilon"):
            value: SSAValue = getattr(self, scalar)
            if value.type != _element(self, "src"):
                raise VerifyException(f"{scalar} has type {value.type}, but src holds {_element(self, 'src')}")
        if self.reuse_source is not None and isinstance(_element(self, "src"), Float16Type):
            raise VerifyException("DeepNorm takes isReuseSrc only for float: CANN rejects it for half")


@op_definition
class QuantOp(LibCallSyntax):
    """``AscendC::AscendQuant<T, isReuseSource[, config]>(dst, src[, sharedTmpBuffer], scale, offset[, calCount])``:
    per-tensor quantisation to ``int8_t``; ``config`` is the ``AscendQuantConfig`` (``calcCount``,
    ``offsetCount``, ``scaleCount``, ``workLocalSize``) when not the default.

    Example: ``ascendc.adv.quant %q, %x, %scale, %offset count %n config array<i64: 0, 0, 0, 0> : (...)``
    """

    name = "ascendc.adv.quant"
    LEADING: ClassVar[Names] = ("dst", "src", "scale", "offset")
    OPTIONAL: ClassVar[Names] = ("count", "tmp")
    ATTRS: ClassVar[Names] = ("config",)
    FLAGS: ClassVar[Names] = ("reuse_source",)
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    scale = operand_def(Float32Type)
    offset = operand_def(Float32Type)
    count = opt_operand_def(AnyInteger)
    tmp = opt_operand_def(LocalTensorType)
    config = opt_prop_def(DenseArrayBase[I64])
    reuse_source = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src",), writes=("dst", "tmp")))

    def verify_(self) -> None:
        _floating(self, "src")
        _tmp_bytes(self.tmp)
        if _element(self, "dst") != I8:
            raise VerifyException(f"dst must be a local_tensor<i8>, got {self.dst.type}")
        if self.config is not None and len(self.config.get_values()) != 4:
            raise VerifyException("config has four counts: calcCount, offsetCount, scaleCount, workLocalSize")

    def config_values(self) -> tuple[int, ...] | None:
        return None if self.config is None else tuple(int(v) for v in self.config.get_values())


@op_definition
class ConcatOp(LibCallSyntax):
    """``AscendC::Concat(concat, src, tmp, repeatTime)``: prepares ``src`` for ``Sort`` (on Atlas A2 the
    C++ makes ``concat`` refer to ``src``'s memory).

    Example: ``ascendc.adv.concat %c, %x, %t, %r : (...)``
    """

    name = "ascendc.adv.concat"
    LEADING: ClassVar[Names] = ("dst", "src", "tmp", "repeat_time")
    dst = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    tmp = operand_def(LocalTensorType)
    repeat_time = operand_def(AnyInteger)
    traits = traits_def(*_V, TensorAccess(reads=("src",), writes=("dst", "tmp")))

    def verify_(self) -> None:
        _same_element_type(self, "dst", "src", "tmp")
        _floating(self, "src")


@op_definition
class ExtractOp(LibCallSyntax):
    """``AscendC::Extract(dstValue, dstIndex, sorted, repeatTime)``: the values and indices of ``Sort``'s
    (value, index) records.

    Example: ``ascendc.adv.extract %v, %i, %sorted, %r : (...)``
    """

    name = "ascendc.adv.extract"
    LEADING: ClassVar[Names] = ("dst_value", "dst_index", "src", "repeat_time")
    dst_value = operand_def(LocalTensorType)
    dst_index = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    repeat_time = operand_def(AnyInteger)
    traits = traits_def(*_V, TensorAccess(reads=("src",), writes=("dst_value", "dst_index")))

    def verify_(self) -> None:
        _same_element_type(self, "dst_value", "src")
        _floating(self, "src")
        if _element(self, "dst_index") != UI32:
            raise VerifyException(f"dst_index must be a local_tensor<ui32>, got {self.dst_index.type}")


# --- SoftMax's variants: SimpleSoftMax, LogSoftMax, AdjustSoftMaxRes ---------------------------------------------


def _softmax_stats(op: IRDLOperation, src: str, stats: str) -> None:
    """The row statistics hold the element type of ``src``, or f32 for an f16 ``src``."""
    s, t = _element(op, src), _element(op, stats)
    if t != s and not (isinstance(s, Float16Type) and isinstance(t, Float32Type)):
        raise VerifyException(f"{stats} holds the type of {src}, or f32 for a f16 {src}; got {t} for {s}")


@op_definition
class SimpleSoftmaxOp(LibCallSyntax):
    """``AscendC::SimpleSoftMax<T, isReuseSource, isBasicBlock, isDataFormatNZ>(dst, inSum, inMax, src[,
    sharedTmpBuffer], tiling[, softmaxShapeInfo])``: softmax over the last axis of ``src`` with the row sums and
    maxima given (one 32-byte block per row), e^(x - max) / sum.

    Example: ``ascendc.adv.simple_softmax %d, %s, %m, %x, %tiling tmp %t shape_info %si basic_block : (...)``
    """

    name = "ascendc.adv.simple_softmax"
    LEADING: ClassVar[Names] = ("dst", "in_sum", "in_max", "src", "tiling")
    OPTIONAL: ClassVar[Names] = ("tmp", "shape_info")
    FLAGS: ClassVar[Names] = ("reuse_source", "basic_block", "data_format_nz")
    dst = operand_def(LocalTensorType)
    in_sum = operand_def(LocalTensorType)
    in_max = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    tiling = operand_def(LibTilingType)
    tmp = opt_operand_def(LocalTensorType)
    shape_info = opt_operand_def(LibTilingType)
    reuse_source = opt_prop_def(UnitAttr)
    basic_block = opt_prop_def(UnitAttr)
    data_format_nz = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src", "in_sum", "in_max"), writes=("dst", "tmp")))

    def verify_(self) -> None:
        _same_element_type(self, "dst", "src")
        _same_element_type(self, "in_sum", "in_max")
        _floating(self, "src")
        _tmp_bytes(self.tmp)
        _tiling(self.tiling, "SoftMaxTiling")
        if self.shape_info is not None:
            _tiling(self.shape_info, "SoftMaxShapeInfo", "shape_info")
        _softmax_stats(self, "src", "in_sum")


@op_definition
class LogSoftmaxOp(LibCallSyntax):
    """``AscendC::LogSoftMax<T, isReuseSource, isDataFormatNZ>(dst, sum, max, src, sharedTmpBuffer, tiling[,
    softmaxShapeInfo])``: log10 of the softmax over the last axis of ``src``, with the row sums and maxima
    broadcast over one 32-byte block per row of ``sum`` and ``max``.

    Example: ``ascendc.adv.log_softmax %d, %s, %m, %x, %t, %tiling shape_info %si : (...)``
    """

    name = "ascendc.adv.log_softmax"
    LEADING: ClassVar[Names] = ("dst", "sum", "max", "src", "tmp", "tiling")
    OPTIONAL: ClassVar[Names] = ("shape_info",)
    FLAGS: ClassVar[Names] = ("reuse_source", "data_format_nz")
    dst = operand_def(LocalTensorType)
    sum = operand_def(LocalTensorType)
    max = operand_def(LocalTensorType)
    src = operand_def(LocalTensorType)
    tmp = operand_def(LocalTensorType)
    tiling = operand_def(LibTilingType)
    shape_info = opt_operand_def(LibTilingType)
    reuse_source = opt_prop_def(UnitAttr)
    data_format_nz = opt_prop_def(UnitAttr)
    irdl_options = _OPTIONS
    traits = traits_def(*_V, TensorAccess(reads=("src",), writes=("dst", "sum", "max", "tmp")))

    def verify_(self) -> None:
        _same_element_type(self, "dst", "src", "sum", "max")
        _floating(self, "src")
        _tmp_bytes(self.tmp)
        _tiling(self.tiling, "LogSoftMaxTiling")
        if self.shape_info is not None:
            _tiling(self.shape_info, "SoftMaxShapeInfo", "shape_info")


ADJUST_SOFTMAX_RES_TYPES = ("f16", "f32")
"""The element types of AdjustSoftMaxRes's softMaxRes (T1) and maxTensor (T2): half and float."""


@op_definition
class AdjustSoftmaxResOp(IRDLOperation):
    """``AscendC::AdjustSoftMaxRes<T1, T2, isDataFormatNZ, stepSizeMode>(softMaxRes, maxTensor, from, to,
    softmaxShapeInfo)``: every row of ``softmax_res`` whose maximum in ``max`` has the bits ``from`` is set to
    ``to``; the ``i1`` result says whether any row was.  CANN's implementation waits for the vector pipe, reads
    the maxima on the scalar unit, fills the rows on the vector pipe, and takes its event id from the kernel's
    TPipe.

    Example: ``%r = ascendc.adv.adjust_softmax_res %res, %max, %from, %to, %si step_size_mode 1 : (...) -> i1``
    """

    name = "ascendc.adv.adjust_softmax_res"
    softmax_res = operand_def(LocalTensorType)
    max = operand_def(LocalTensorType)
    from_bits = operand_def(AnyInteger)
    to = operand_def(ElementType)
    shape_info = operand_def(LibTilingType)
    data_format_nz = opt_prop_def(UnitAttr)
    step_size_mode = opt_prop_def(IntegerAttr[I64])
    result = result_def(IntegerType(1))
    traits = traits_def(
        *_V,
        TensorAccess(reads=("softmax_res", "max"), writes=("softmax_res",)),
        TakesPipeEventIds("adv.adjust_softmax_res", "AdjustSoftMaxRes"),
    )
    assembly_format = (
        "$softmax_res `,` $max `,` $from_bits `,` $to `,` $shape_info (`data_format_nz` $data_format_nz^)? "
        "(`step_size_mode` $step_size_mode^)? attr-dict `:` `(` type($softmax_res) `,` type($max) `,` "
        "type($from_bits) `,` type($to) `,` type($shape_info) `)` `->` type($result)"
    )

    def __init__(
        self,
        softmax_res: SSAValue,
        max: SSAValue,
        from_bits: SSAValue,
        to: SSAValue,
        shape_info: SSAValue,
        *,
        data_format_nz: bool = False,
        step_size_mode: int = 0,
    ):
        properties: dict[str, Attribute] = {}
        if data_format_nz:
            properties["data_format_nz"] = UnitAttr()
        if step_size_mode:
            properties["step_size_mode"] = IntegerAttr(step_size_mode, 64)
        super().__init__(
            operands=[softmax_res, max, from_bits, to, shape_info],
            properties=properties,
            result_types=[IntegerType(1)],
        )

    def verify_(self) -> None:
        for name in ("softmax_res", "max"):
            if str(_element(self, name)) not in ADJUST_SOFTMAX_RES_TYPES:
                raise VerifyException(f"{name} must hold f16 or f32 elements, got {_element(self, name)}")
        if self.to.type != _element(self, "softmax_res"):
            raise VerifyException(f"to has type {self.to.type}, but softmax_res holds {_element(self, 'softmax_res')}")
        _tiling(self.shape_info, "SoftMaxShapeInfo", "shape_info")
        mode = self.step_size_mode
        if mode is not None and not 0 <= mode.value.data <= 255:
            raise VerifyException(f"step_size_mode is a uint8_t, got {mode.value.data}")
        if mode is not None and mode.value.data and self.data_format_nz is not None:
            raise VerifyException("a non-zero step_size_mode takes an ND max tensor (not data_format_nz)")


# --- the tiling structs ----------------------------------------------------------------------------

_SOFTMAX_FIELDS = (
    "srcM", "srcK", "srcSize", "outMaxM", "outMaxK", "outMaxSize", "splitM", "splitK", "splitSize", "reduceM",
    "reduceK", "reduceSize", "rangeM", "tailM", "tailSplitSize", "tailReduceSize",
)  # fmt: skip
_RMSNORM_FIELDS = (
    "bLength", "sLength", "hLength", "originalHLength", "reciprocalOfHLength", "mainBshLength", "mainBsLength",
    "mainBsLengthAlign", "loopRound", "inputTailPos", "tailBshLength", "tailBsLength",
)  # fmt: skip
_LAYERNORM_FIELDS = (
    "bLength", "sLength", "hLength", "originalHLength", "inputXSize", "meanVarSize", "numberOfTmpBuf",
    "meanTmpTensorPos", "meanTmpTensorSize", "varianceTmpTensorPos", "varianceTmpTensorSize", "tmpBufSize",
    "oneTmpSize", "firstTmpStartPos", "secondTmpStartPos", "thirdTmpStartPos", "loopRound", "inputRoundSize",
    "inputTailSize", "inputTailPos", "meanVarRoundSize", "meanVarTailSize", "meanVarTailPos", "bshCurLength",
    "bsCurLength", "lastDimValueBack",
)  # fmt: skip
LIB_TILING_FIELDS: dict[str, tuple[tuple[str, str], ...]] = {
    "SoftMaxTiling": tuple((name, "i32") for name in _SOFTMAX_FIELDS),
    "RmsNormTiling": tuple((name, "f32" if name == "reciprocalOfHLength" else "i32") for name in _RMSNORM_FIELDS),
    "SoftMaxShapeInfo": tuple((name, "i32") for name in ("srcM", "srcK", "oriSrcM", "oriSrcK")),
    "LayerNormTiling": tuple((name, "f32" if name == "lastDimValueBack" else "i32") for name in _LAYERNORM_FIELDS),
    "DeepNormTiling": tuple((name, "f32" if name == "lastDimValueBack" else "i32") for name in _LAYERNORM_FIELDS),
    "LogSoftMaxTiling": tuple((name, "i32") for name in _SOFTMAX_FIELDS),
}
"""The members of each tiling struct (C++ names, in declaration order) and their IR types: CANN's
``uint32_t`` members read as ``i32`` (pyasc's ``int32``), ``float`` as ``f32``.  The structs declared in
Python (``ascx.language.core.struct.Struct``) add themselves, nested members by their path
(``tile.tile_length``)."""

LIB_STRUCT_NAMESPACES: dict[str, str] = {"SoftMaxShapeInfo": "AscendC::"}
"""The structs CANN declares in a namespace (the tiling structs are global: ``kernel_tiling.h``)."""


def _field_type(struct: LibTilingType, field: str) -> Attribute:
    fields = dict(LIB_TILING_FIELDS.get(struct.cpp_name, ()))
    if field not in fields:
        raise VerifyException(f"'{field}' is not a {struct.cpp_name} field")
    return f32 if fields[field] == "f32" else i32


def _known_struct(struct: LibTilingType) -> None:
    if struct.cpp_name not in LIB_TILING_FIELDS:
        raise VerifyException(f"unknown tiling struct '{struct.cpp_name}'")


@op_definition
class LibTilingOp(IRDLOperation):
    """Declares a zero-initialised kernel-local tiling struct: ``SoftMaxTiling t;``.

    Example: ``%t = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxTiling">``
    """

    name = "ascendc.lib_tiling"
    result = result_def(LibTilingType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryAllocEffect())
    assembly_format = "attr-dict `:` type($result)"

    def __init__(self, struct: str):
        super().__init__(result_types=[LibTilingType(struct)])

    def verify_(self) -> None:
        assert isinstance(self.result.type, LibTilingType)
        _known_struct(self.result.type)


@op_definition
class LibTilingSetOp(IRDLOperation):
    """``tiling.<field> = value;``.

    Example: ``ascendc.lib_tiling.set %t "srcM", %c8 : !ascendc.lib_tiling<"SoftMaxTiling">, i32``
    """

    name = "ascendc.lib_tiling.set"
    tiling = operand_def(LibTilingType)
    field = prop_def(StringAttr)
    value = operand_def(I32 | Float32Type)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryWriteEffect())
    assembly_format = "$tiling $field `,` $value attr-dict `:` type($tiling) `,` type($value)"

    def __init__(self, tiling: SSAValue, field: str, value: SSAValue):
        super().__init__(operands=[tiling, value], properties={"field": StringAttr(field)})

    def verify_(self) -> None:
        assert isinstance(self.tiling.type, LibTilingType)
        want = _field_type(self.tiling.type, self.field.data)
        if self.value.type != want:
            raise VerifyException(f"{self.field.data} takes {want}, got {self.value.type}")


@op_definition
class LibTilingGetOp(IRDLOperation):
    """Reads one member: ``int32_t x = tiling.<field>;``.

    Example: ``%m = ascendc.lib_tiling.get %t "srcM" : !ascendc.lib_tiling<"SoftMaxTiling"> -> i32``
    """

    name = "ascendc.lib_tiling.get"
    tiling = operand_def(LibTilingType)
    field = prop_def(StringAttr)
    result = result_def(I32 | Float32Type)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryReadEffect())
    assembly_format = "$tiling $field attr-dict `:` type($tiling) `->` type($result)"

    def __init__(self, tiling: SSAValue, field: str):
        assert isinstance(tiling.type, LibTilingType)
        result = _field_type(tiling.type, field)
        super().__init__(operands=[tiling], properties={"field": StringAttr(field)}, result_types=[result])

    def verify_(self) -> None:
        assert isinstance(self.tiling.type, LibTilingType)
        want = _field_type(self.tiling.type, self.field.data)
        if self.result.type != want:
            raise VerifyException(f"{self.field.data} is {want}, got {self.result.type}")


@op_definition
class LibTilingLoadOp(IRDLOperation):
    """Copies a tiling struct kernel parameter (a ``__gm__ SoftMaxTiling*``) into a kernel-local struct.

    Example: ``%t = ascendc.lib_tiling.load %t_gm : !ascendc.gm_struct_addr<!ascendc.lib_tiling<"SoftMaxTiling">>
    -> !ascendc.lib_tiling<"SoftMaxTiling">``
    """

    name = "ascendc.lib_tiling.load"
    addr = operand_def(GMStructAddrType)
    result = result_def(LibTilingType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), MemoryAllocEffect(), MemoryReadEffect())
    assembly_format = "$addr attr-dict `:` type($addr) `->` type($result)"

    def __init__(self, addr: SSAValue):
        assert isinstance(addr.type, GMStructAddrType)
        super().__init__(operands=[addr], result_types=[addr.type.struct_type])

    def verify_(self) -> None:
        assert isinstance(self.addr.type, GMStructAddrType)
        if self.addr.type.struct_type != self.result.type:
            raise VerifyException(f"loads {self.addr.type.struct_type}, but the result is {self.result.type}")


INIT_GLOBAL_MEMORY_TYPES = ("f16", "f32", "i16", "ui16", "i32", "ui32")
"""The element types CANN's InitGlobalMemory takes (half, float, int16_t, uint16_t, int32_t, uint32_t)."""


@op_definition
class InitGlobalMemoryOp(IRDLOperation):
    """``AscendC::InitGlobalMemory<T>(gmWorkspaceAddr, size, value)``: the first ``size`` elements of a
    GlobalTensor set to ``value``.

    CANN fills a buffer of the unified buffer with ``value`` on the vector pipe and copies it out on MTE3
    (``__in_pipe__(V) __out_pipe__(MTE3)``), waiting for its own copies at the end; what a later op sees
    is the GM write, so the op is issued to MTE3 and writes ``tensor``.

    Example: ``ascendc.init_global_memory %g, %n, %v : !ascendc.global_tensor<f32>, ui64, f32``
    """

    name = "ascendc.init_global_memory"
    tensor = operand_def(GlobalTensorType)
    size = operand_def(AnyInteger)
    value = operand_def(ElementType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_MTE3), MemoryWriteEffect(), TensorAccess(writes=("tensor",)))
    assembly_format = "$tensor `,` $size `,` $value attr-dict `:` type($tensor) `,` type($size) `,` type($value)"

    def __init__(self, tensor: SSAValue, size: SSAValue, value: SSAValue):
        super().__init__(operands=[tensor, size, value])

    def verify_(self) -> None:
        t = self.tensor.type
        assert isinstance(t, GlobalTensorType)
        if str(t.element_type) not in INIT_GLOBAL_MEMORY_TYPES:
            raise VerifyException(
                f"InitGlobalMemory takes half, float, int16_t, uint16_t, int32_t or uint32_t, not {t.element_type}"
            )
        if self.value.type != t.element_type:
            raise VerifyException(f"value has type {self.value.type}, but the tensor holds {t.element_type}")


ADV_OPS = (
    AdvMathOp,
    AdvBinaryMathOp,
    AdvAxpyOp,
    SoftmaxOp,
    SoftmaxFlashV2Op,
    SoftmaxFlashV2TilingOp,
    SoftmaxTilingFuncOp,
    SoftmaxFlashOp,
    RmsNormOp,
    LayerNormOp,
    DeepNormOp,
    QuantOp,
    ConcatOp,
    ExtractOp,
    InitGlobalMemoryOp,
    LibTilingOp,
    LibTilingSetOp,
    LibTilingGetOp,
    LibTilingLoadOp,
    SimpleSoftmaxOp,
    LogSoftmaxOp,
    AdjustSoftmaxResOp,
)
ADV_ATTRS = (MathFunctionAttr, BinaryMathFunctionAttr, LibTilingType)


__all__ = ["ADV_ATTRS", "ADV_OPS"]
