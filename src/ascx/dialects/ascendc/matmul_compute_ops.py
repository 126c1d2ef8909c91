"""Matmul methods that compute and fetch results: ``GetTensorC``, batch computations, and their waits.

``IterateAll`` (GlobalTensor output) and ``Iterate`` live in ``matmul_ops``.  Asynchronous work is
first-class: an op that may start it carries ``MatmulAsyncStart(kind)`` and decides with
``starts_async()`` whether this call does; the op that completes it carries ``MatmulAsyncWait(kind)``.
Kinds: ``iterate`` (an asynchronous ``Iterate`` fills the workspace), ``get_tensor_c`` (an
asynchronous block fetch into a LocalTensor, completed by ``WaitGetTensorC``), ``iterate_all`` and
``iterate_batch`` (completed by ``WaitIterateAll`` and ``WaitIterateBatch``).
"""

from __future__ import annotations

from xdsl.dialects.builtin import UnitAttr
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    operand_def,
    opt_prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import MemoryWriteEffect
from xdsl.utils.exceptions import VerifyException

from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import Pipe, TPosition
from ascx.dialects.ascendc.int_constraints import SIGNLESS_I1, SIGNLESS_I8, SIGNLESS_I32
from ascx.dialects.ascendc.matmul_modes import NotInMixDualMaster, NotWithIBShareAB
from ascx.dialects.ascendc.matmul_ops import MatmulMethodOp
from ascx.dialects.ascendc.traits import (
    ExecutesOn,
    MatmulAccess,
    MatmulAsyncStart,
    MatmulAsyncWait,
    MatmulMethod,
    MatmulRole,
)
from ascx.dialects.ascendc.types import (
    GlobalTensorType,
    LocalTensorType,
    MatmulObjType,
    TensorType,
    tensor_element_type,
)

_ASYNC_GET_TENSOR_C = "get_tensor_c with sync=False only supports a LocalTensor output or the returning form"


def _flags(sync: bool, wait: bool = False) -> dict[str, Attribute | None]:
    return {"async": None if sync else UnitAttr(), "wait": UnitAttr() if wait else None}


class _ResultOp(MatmulMethodOp):
    """An op whose tensor operands and results hold C."""

    def check_c(self, *values: SSAValue) -> None:
        c_type = self.declaration.c_type.element_type
        for value in values:
            if tensor_element_type(value.type) != c_type:
                raise VerifyException(
                    f"tensor element type {tensor_element_type(value.type)} does not match "
                    f"the C MatmulType element type {c_type}"
                )


@op_definition
class MatmulGetTensorCOp(_ResultOp):
    """``mm.GetTensorC<SYNC>(t, enAtomic, enSequentialWrite)``: fetch the current result block into ``t``.

    With ``async`` the destination must be a LocalTensor; the fetch is then pending until
    ``ascendc.matmul.wait_get_tensor_c``.

    Example: ``ascendc.matmul.get_tensor_c async %mm, %ub, %c0, %false : !ascendc.local_tensor<f32>``
    """

    name = "ascendc.matmul.get_tensor_c"
    matmul = operand_def(MatmulObjType)
    tensor = operand_def(TensorType)
    en_atomic = operand_def(SIGNLESS_I8)
    en_sequential_write = operand_def(SIGNLESS_I1)
    is_async = opt_prop_def(UnitAttr, prop_name="async")
    traits = traits_def(
        NotInMixDualMaster("get_tensor_c"),
        NotWithIBShareAB("get_tensor_c"),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("GetTensorC", MatmulRole.FETCH),
        MatmulAsyncStart("get_tensor_c"),
        MatmulAccess(writes=("tensor",)),
        MemoryWriteEffect(),
    )
    assembly_format = (
        "(`async` $async^)? $matmul `,` $tensor `,` $en_atomic `,` $en_sequential_write attr-dict `:` type($tensor)"
    )

    def __init__(
        self, matmul: SSAValue, tensor: SSAValue, en_atomic: SSAValue, en_sequential_write: SSAValue, *, sync: bool
    ):
        super().__init__(
            operands=[matmul, tensor, en_atomic, en_sequential_write], properties={"async": _flags(sync)["async"]}
        )

    @property
    def sync(self) -> bool:
        return self.is_async is None

    def starts_async(self) -> bool:
        """An asynchronous fetch into a LocalTensor is pending until ``WaitGetTensorC``."""
        return not self.sync

    def verify_(self) -> None:
        self.check_c(self.tensor)
        if not self.sync and not isinstance(self.tensor.type, LocalTensorType):
            raise VerifyException(_ASYNC_GET_TENSOR_C)


@op_definition
class MatmulGetTensorCDualOp(_ResultOp):
    """``mm.GetTensorC<SYNC>(gm, ub, enAtomic, enSequentialWrite)``: the block to GM and to a LocalTensor.

    Example: ``ascendc.matmul.get_tensor_c_dual %mm, %gm, %ub, %c0, %false : !ascendc.global_tensor<f32>``
    """

    name = "ascendc.matmul.get_tensor_c_dual"
    matmul = operand_def(MatmulObjType)
    tensor = operand_def(GlobalTensorType)
    local = operand_def(LocalTensorType)
    en_atomic = operand_def(SIGNLESS_I8)
    en_sequential_write = operand_def(SIGNLESS_I1)
    is_async = opt_prop_def(UnitAttr, prop_name="async")
    traits = traits_def(
        NotInMixDualMaster("get_tensor_c"),
        NotWithIBShareAB("get_tensor_c"),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("GetTensorC", MatmulRole.FETCH),
        MatmulAccess(writes=("tensor", "local")),
        MemoryWriteEffect(),
    )
    assembly_format = (
        "(`async` $async^)? $matmul `,` $tensor `,` $local `,` $en_atomic `,` $en_sequential_write attr-dict "
        "`:` type($tensor) `,` type($local)"
    )

    def __init__(
        self,
        matmul: SSAValue,
        tensor: SSAValue,
        local: SSAValue,
        en_atomic: SSAValue,
        en_sequential_write: SSAValue,
        *,
        sync: bool,
    ):
        super().__init__(
            operands=[matmul, tensor, local, en_atomic, en_sequential_write],
            properties={"async": _flags(sync)["async"]},
        )

    @property
    def sync(self) -> bool:
        return self.is_async is None

    def verify_(self) -> None:
        self.check_c(self.tensor, self.local)
        if not self.sync:
            raise VerifyException(_ASYNC_GET_TENSOR_C)


@op_definition
class MatmulGetTensorCViewOp(_ResultOp):
    """``AscendC::GlobalTensor<T> g = mm.GetTensorC<false>(enAtomic, enSequentialWrite);``: a view of the
    workspace slot that holds the next result block (asynchronous ``iterate`` only).

    Example: ``%g = ascendc.matmul.get_tensor_c_view %mm, %c0, %false : !ascendc.global_tensor<f32>``
    """

    name = "ascendc.matmul.get_tensor_c_view"
    matmul = operand_def(MatmulObjType)
    en_atomic = operand_def(SIGNLESS_I8)
    en_sequential_write = operand_def(SIGNLESS_I1)
    result = result_def(GlobalTensorType)
    traits = traits_def(
        NotInMixDualMaster("get_tensor_c"),
        NotWithIBShareAB("get_tensor_c"),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("GetTensorC", MatmulRole.FETCH),
    )
    assembly_format = "$matmul `,` $en_atomic `,` $en_sequential_write attr-dict `:` type($result)"

    def __init__(self, matmul: SSAValue, en_atomic: SSAValue, en_sequential_write: SSAValue, result_type: Attribute):
        super().__init__(operands=[matmul, en_atomic, en_sequential_write], result_types=[result_type])

    @property
    def sync(self) -> bool:
        """Always asynchronous (``SYNC=false``)."""
        return False

    def verify_(self) -> None:
        self.check_c(self.result)


@op_definition
class MatmulAsyncGetTensorCOp(_ResultOp):
    """``mm.AsyncGetTensorC(c)``: the deprecated asynchronous fetch (``get_tensor_c(c, sync=False)`` replaces
    it; ``ascx-migrate-async-get-tensor-c`` rewrites it).

    Example: ``ascendc.matmul.async_get_tensor_c %mm, %ub : !ascendc.local_tensor<f32>``
    """

    name = "ascendc.matmul.async_get_tensor_c"
    matmul = operand_def(MatmulObjType)
    tensor = operand_def(LocalTensorType)
    traits = traits_def(
        NotInMixDualMaster("async_get_tensor_c"),
        NotWithIBShareAB("async_get_tensor_c"),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("AsyncGetTensorC", MatmulRole.FETCH),
        MatmulAsyncStart("get_tensor_c"),
        MatmulAccess(writes=("tensor",)),
        MemoryWriteEffect(),
    )
    assembly_format = "$matmul `,` $tensor attr-dict `:` type($tensor)"

    def __init__(self, matmul: SSAValue, tensor: SSAValue):
        super().__init__(operands=[matmul, tensor])

    @property
    def sync(self) -> bool:
        """Always asynchronous (``SYNC=false``)."""
        return False

    def verify_(self) -> None:
        self.check_c(self.tensor)


@op_definition
class MatmulWaitGetTensorCOp(MatmulMethodOp):
    """``mm.WaitGetTensorC()``: completes the pending asynchronous fetches (an MTE2 → V handshake)."""

    name = "ascendc.matmul.wait_get_tensor_c"
    matmul = operand_def(MatmulObjType)
    traits = traits_def(
        NotInMixDualMaster("wait_get_tensor_c"),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("WaitGetTensorC", MatmulRole.WAIT),
        MatmulAsyncWait("get_tensor_c"),
    )
    assembly_format = "$matmul attr-dict"

    def __init__(self, matmul: SSAValue):
        super().__init__(operands=[matmul])


_L1_POSITIONS = (TPosition.A1, TPosition.B1, TPosition.C1, TPosition.TSCM, TPosition.CO1)


@op_definition
class MatmulIterateAllLocalOp(_ResultOp):
    """``mm.IterateAll<true>(t, enAtomic)``: the whole result into a LocalTensor (L1, or CO1 in cube-only
    kernels); always synchronous.

    Example: ``ascendc.matmul.iterate_all_local %mm, %l1, %c0 : !ascendc.local_tensor<f16>``
    """

    name = "ascendc.matmul.iterate_all_local"
    matmul = operand_def(MatmulObjType)
    tensor = operand_def(LocalTensorType)
    en_atomic = operand_def(SIGNLESS_I8)
    traits = traits_def(
        NotInMixDualMaster("iterate_all to a LocalTensor"),
        NotWithIBShareAB("iterate_all to a LocalTensor"),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("IterateAll", MatmulRole.COMPUTE),
        MatmulAccess(writes=("tensor",)),
        MemoryWriteEffect(),
    )
    assembly_format = "$matmul `,` $tensor `,` $en_atomic attr-dict `:` type($tensor)"

    def __init__(self, matmul: SSAValue, tensor: SSAValue, en_atomic: SSAValue):
        super().__init__(operands=[matmul, tensor, en_atomic])

    def verify_(self) -> None:
        self.check_c(self.tensor)
        position = self.declaration.c_type.position.data
        if position not in _L1_POSITIONS:
            raise VerifyException(f"iterate_all to a LocalTensor requires C in L1 or CO1, not {position.ir}")


@op_definition
class MatmulIterateBatchOp(_ResultOp):
    """The MIX-kernel ``IterateBatch``: ``mm.IterateBatch<SYNC, WAIT>(gm, batchA, batchB, enSeq, strideA,
    strideB, strideC, enPartialSum, enAtomic)`` to a GlobalTensor, or ``mm.IterateBatch<true>(ub, ...)``
    (synchronous only) to a LocalTensor.  All nine arguments are always written.

    Example: ``ascendc.matmul.iterate_batch async wait %mm, %gm, %ba, %bb, %seq, %sa, %sb, %sc, %ps, %at
    : !ascendc.global_tensor<f32>``
    """

    name = "ascendc.matmul.iterate_batch"
    matmul = operand_def(MatmulObjType)
    tensor = operand_def(TensorType)
    batch_a = operand_def(SIGNLESS_I32)
    batch_b = operand_def(SIGNLESS_I32)
    en_sequential_write = operand_def(SIGNLESS_I1)
    matrix_stride_a = operand_def(SIGNLESS_I32)
    matrix_stride_b = operand_def(SIGNLESS_I32)
    matrix_stride_c = operand_def(SIGNLESS_I32)
    en_partial_sum = operand_def(SIGNLESS_I1)
    en_atomic = operand_def(SIGNLESS_I8)
    is_async = opt_prop_def(UnitAttr, prop_name="async")
    wait_iterate_batch = opt_prop_def(UnitAttr, prop_name="wait")
    traits = traits_def(
        NotInMixDualMaster("iterate_batch"),
        NotWithIBShareAB("iterate_batch"),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("IterateBatch", MatmulRole.COMPUTE),
        MatmulAsyncStart("iterate_batch"),
        MatmulAccess(writes=("tensor",)),
        MemoryWriteEffect(),
    )
    assembly_format = (
        "(`async` $async^)? (`wait` $wait^)? $matmul `,` $tensor `,` $batch_a `,` $batch_b `,` "
        "$en_sequential_write `,` $matrix_stride_a `,` $matrix_stride_b `,` $matrix_stride_c `,` "
        "$en_partial_sum `,` $en_atomic attr-dict `:` type($tensor)"
    )

    def __init__(self, matmul: SSAValue, tensor: SSAValue, *args: SSAValue, sync: bool, wait_iterate_batch: bool):
        super().__init__(operands=[matmul, tensor, *args], properties=_flags(sync, wait_iterate_batch))

    @property
    def sync(self) -> bool:
        return self.is_async is None

    def starts_async(self) -> bool:
        return self.is_async is not None and self.wait_iterate_batch is not None

    def verify_(self) -> None:
        self.check_c(self.tensor)
        if self.wait_iterate_batch is not None and self.sync:
            raise VerifyException("Param wait_iterate_batch can be True only when sync is False")
        if isinstance(self.tensor.type, LocalTensorType) and (not self.sync or self.wait_iterate_batch is not None):
            raise VerifyException("iterate_batch to a LocalTensor is synchronous and takes no wait_iterate_batch")


@op_definition
class MatmulIterateBatchCubeOp(_ResultOp):
    """The cube-only ``IterateBatch``: ``mm.IterateBatch(gm, enPartialSum, enAtomic, enSeq, strideA, strideB,
    strideC)``, no template arguments.

    Example: ``ascendc.matmul.iterate_batch_cube %mm, %gm, %ps, %at, %seq, %sa, %sb, %sc : !ascendc.global_tensor<f32>``
    """

    name = "ascendc.matmul.iterate_batch_cube"
    matmul = operand_def(MatmulObjType)
    tensor = operand_def(GlobalTensorType)
    en_partial_sum = operand_def(SIGNLESS_I1)
    en_atomic = operand_def(SIGNLESS_I8)
    en_sequential_write = operand_def(SIGNLESS_I1)
    matrix_stride_a = operand_def(SIGNLESS_I32)
    matrix_stride_b = operand_def(SIGNLESS_I32)
    matrix_stride_c = operand_def(SIGNLESS_I32)
    traits = traits_def(
        NotInMixDualMaster("iterate_batch"),
        NotWithIBShareAB("iterate_batch"),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("IterateBatch", MatmulRole.COMPUTE),
        MatmulAccess(writes=("tensor",)),
        MemoryWriteEffect(),
    )
    assembly_format = (
        "$matmul `,` $tensor `,` $en_partial_sum `,` $en_atomic `,` $en_sequential_write `,` $matrix_stride_a `,` "
        "$matrix_stride_b `,` $matrix_stride_c attr-dict `:` type($tensor)"
    )

    def __init__(self, matmul: SSAValue, tensor: SSAValue, *args: SSAValue):
        super().__init__(operands=[matmul, tensor, *args])

    def verify_(self) -> None:
        self.check_c(self.tensor)


@op_definition
class MatmulIterateNBatchOp(MatmulMethodOp):
    """``mm.IterateNBatch<SYNC, WAIT>(batchLoop, batchA, batchB, enSeq, strideA, strideB, strideC)``: seven
    arguments, as the MIX AIC side declares.

    Example: ``ascendc.matmul.iterate_n_batch async %mm, %loop, %ba, %bb, %seq, %sa, %sb, %sc``
    """

    name = "ascendc.matmul.iterate_n_batch"
    matmul = operand_def(MatmulObjType)
    batch_loop = operand_def(SIGNLESS_I32)
    batch_a = operand_def(SIGNLESS_I32)
    batch_b = operand_def(SIGNLESS_I32)
    en_sequential_write = operand_def(SIGNLESS_I1)
    matrix_stride_a = operand_def(SIGNLESS_I32)
    matrix_stride_b = operand_def(SIGNLESS_I32)
    matrix_stride_c = operand_def(SIGNLESS_I32)
    is_async = opt_prop_def(UnitAttr, prop_name="async")
    wait_iterate_batch = opt_prop_def(UnitAttr, prop_name="wait")
    traits = traits_def(
        NotInMixDualMaster("iterate_n_batch"),
        NotWithIBShareAB("iterate_n_batch"),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("IterateNBatch", MatmulRole.COMPUTE),
        MatmulAsyncStart("iterate_batch"),
    )
    assembly_format = (
        "(`async` $async^)? (`wait` $wait^)? $matmul `,` $batch_loop `,` $batch_a `,` $batch_b `,` "
        "$en_sequential_write `,` $matrix_stride_a `,` $matrix_stride_b `,` $matrix_stride_c attr-dict"
    )

    def __init__(self, matmul: SSAValue, *args: SSAValue, sync: bool, wait_iterate_batch: bool):
        super().__init__(operands=[matmul, *args], properties=_flags(sync, wait_iterate_batch))

    @property
    def sync(self) -> bool:
        return self.is_async is None

    def starts_async(self) -> bool:
        return self.is_async is not None and self.wait_iterate_batch is not None

    def verify_(self) -> None:
        if self.wait_iterate_batch is not None and self.sync:
            raise VerifyException("Param wait_iterate_batch can be True only when sync is False")


@op_definition
class MatmulGetBatchTensorCOp(_ResultOp):
    """``mm.GetBatchTensorC<false>(ub, batchA, batchB, enSeq)``: one batch result into a LocalTensor.

    Example: ``ascendc.matmul.get_batch_tensor_c %mm, %ub, %ba, %bb, %false : !ascendc.local_tensor<f32>``
    """

    name = "ascendc.matmul.get_batch_tensor_c"
    matmul = operand_def(MatmulObjType)
    tensor = operand_def(LocalTensorType)
    batch_a = operand_def(SIGNLESS_I32)
    batch_b = operand_def(SIGNLESS_I32)
    en_sequential_write = operand_def(SIGNLESS_I1)
    traits = traits_def(
        NotInMixDualMaster("get_batch_tensor_c"),
        NotWithIBShareAB("get_batch_tensor_c"),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("GetBatchTensorC", MatmulRole.FETCH),
        MatmulAsyncStart("get_tensor_c"),
        MatmulAccess(writes=("tensor",)),
        MemoryWriteEffect(),
    )
    assembly_format = (
        "$matmul `,` $tensor `,` $batch_a `,` $batch_b `,` $en_sequential_write attr-dict `:` type($tensor)"
    )

    def __init__(
        self, matmul: SSAValue, tensor: SSAValue, batch_a: SSAValue, batch_b: SSAValue, en_sequential_write: SSAValue
    ):
        super().__init__(operands=[matmul, tensor, batch_a, batch_b, en_sequential_write])

    @property
    def sync(self) -> bool:
        """Always asynchronous (``SYNC=false``)."""
        return False

    def verify_(self) -> None:
        self.check_c(self.tensor)


@op_definition
class MatmulGetBatchTensorCViewOp(_ResultOp):
    """``AscendC::GlobalTensor<T> g = mm.GetBatchTensorC<false>(batchA, batchB, enSeq);``

    Example: ``%g = ascendc.matmul.get_batch_tensor_c_view %mm, %ba, %bb, %false : !ascendc.global_tensor<f32>``
    """

    name = "ascendc.matmul.get_batch_tensor_c_view"
    matmul = operand_def(MatmulObjType)
    batch_a = operand_def(SIGNLESS_I32)
    batch_b = operand_def(SIGNLESS_I32)
    en_sequential_write = operand_def(SIGNLESS_I1)
    result = result_def(GlobalTensorType)
    traits = traits_def(
        NotInMixDualMaster("get_batch_tensor_c"),
        NotWithIBShareAB("get_batch_tensor_c"),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("GetBatchTensorC", MatmulRole.FETCH),
    )
    assembly_format = "$matmul `,` $batch_a `,` $batch_b `,` $en_sequential_write attr-dict `:` type($result)"

    def __init__(
        self,
        matmul: SSAValue,
        batch_a: SSAValue,
        batch_b: SSAValue,
        en_sequential_write: SSAValue,
        result_type: Attribute,
    ):
        super().__init__(operands=[matmul, batch_a, batch_b, en_sequential_write], result_types=[result_type])

    @property
    def sync(self) -> bool:
        """Always asynchronous (``SYNC=false``)."""
        return False

    def verify_(self) -> None:
        self.check_c(self.result)


@op_definition
class MatmulWaitIterateBatchOp(MatmulMethodOp):
    """``mm.WaitIterateBatch()``: completes an ``iterate_batch``/``iterate_n_batch async wait``."""

    name = "ascendc.matmul.wait_iterate_batch"
    matmul = operand_def(MatmulObjType)
    traits = traits_def(
        NotInMixDualMaster("wait_iterate_batch"),
        ExecutesOn(Pipe.PIPE_S),
        MatmulMethod("WaitIterateBatch", MatmulRole.WAIT),
        MatmulAsyncWait("iterate_batch"),
    )
    assembly_format = "$matmul attr-dict"

    def __init__(self, matmul: SSAValue):
        super().__init__(operands=[matmul])


__all__ = [
    "MatmulAsyncGetTensorCOp",
    "MatmulGetBatchTensorCOp",
    "MatmulGetBatchTensorCViewOp",
    "MatmulGetTensorCDualOp",
    "MatmulGetTensorCOp",
    "MatmulGetTensorCViewOp",
    "MatmulIterateAllLocalOp",
    "MatmulIterateBatchCubeOp",
    "MatmulIterateBatchOp",
    "MatmulIterateNBatchOp",
    "MatmulWaitGetTensorCOp",
    "MatmulWaitIterateBatchOp",
]
