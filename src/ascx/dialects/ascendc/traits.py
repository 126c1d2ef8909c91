"""Facts that ``ascendc`` ops declare for the passes: the pipe an op's work is issued to, the
tensors it reads and writes, which Matmul method it calls and which asynchronous Matmul work it
starts or completes (docs/sync-model.md#which-pipe-runs-what).

Passes query these traits (``op.get_trait(ExecutesOn)``, or :func:`issued_pipe` and
:func:`tensor_accesses`) instead of testing op names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum, auto
from typing import Protocol, cast, runtime_checkable

from xdsl.ir import Operation, SSAValue
from xdsl.traits import OpTrait

from ascx.dialects.ascendc.enums import Pipe
from ascx.enums import CacheLine


@runtime_checkable
class ConditionallyAsync(Protocol):
    """An op whose attributes decide whether it starts asynchronous work."""

    def starts_async(self) -> bool: ...


class MatmulRole(StrEnum):
    """What a Matmul method does to its object's protocol state (docs/matmul-protocol.md#lifecycle)."""

    INIT = auto()
    """``Init``: (re)initialises the object with a tiling."""
    SETTER = auto()
    """Sets an input or a parameter (``SetTensorA``, ``SetTail``, ...)."""
    WORKSPACE = auto()
    """``SetWorkspace``."""
    COMPUTE = auto()
    """Starts a computation (``Iterate``, ``IterateAll``, ``IterateBatch``, ``IterateNBatch``)."""
    FETCH = auto()
    """Fetches results of an iteration (``GetTensorC``, ``GetBatchTensorC``, ``AsyncGetTensorC``)."""
    WAIT = auto()
    """Completes asynchronous work (``WaitIterateAll``, ``WaitGetTensorC``, ``WaitIterateBatch``)."""
    END = auto()
    """``End``: releases the object."""
    QUERY = auto()
    """Reads a value without changing the object (``GetOffsetC``)."""


@dataclass(frozen=True)
class MatmulMethod(OpTrait):
    """The op calls the Matmul object method ``cpp_name`` on its first operand, which must be
    declared by ``ascendc.matmul.create``; ``role`` is what the call does to the object's protocol.
    """

    cpp_name: str
    role: MatmulRole = MatmulRole.SETTER

    def verify(self, op: Operation) -> None:
        from ascx.dialects.ascendc.matmul_ops import matmul_declaration

        matmul_declaration(op.operands[0])


@dataclass(frozen=True)
class MatmulAsyncStart(OpTrait):
    """The op may start asynchronous Matmul work of kind ``kind`` on its Matmul object.

    Whether a given op starts work is decided by the op (``ConditionallyAsync``); an op that
    does not implement that protocol always starts it.
    """

    kind: str

    def starts(self, op: Operation) -> bool:
        return op.starts_async() if isinstance(op, ConditionallyAsync) else True


@dataclass(frozen=True)
class MatmulAsyncWait(OpTrait):
    """The op completes the pending asynchronous Matmul work of kind ``kind`` on its object."""

    kind: str


@runtime_checkable
class SyncMode(Protocol):
    """A Matmul call with a ``SYNC`` template argument."""

    @property
    def sync(self) -> bool: ...


def is_async_call(op: Operation) -> bool:
    """Whether ``op`` is a Matmul call made with ``sync=False``."""
    return isinstance(op, SyncMode) and not op.sync


@runtime_checkable
class DecidesPipe(Protocol):
    """An op whose operands or attributes decide the pipe its work is issued to."""

    def issued_pipe(self) -> Pipe: ...


@dataclass(frozen=True)
class ExecutesOn(OpTrait):
    """The op's work is issued to the hardware pipe ``pipe``; with ``pipe=None`` the op decides
    (``DecidesPipe``), e.g. ``DataCopy`` runs on MTE2 or MTE3 by direction.
    """

    pipe: Pipe | None = None

    def pipe_of(self, op: Operation) -> Pipe:
        if self.pipe is not None:
            return self.pipe
        assert isinstance(op, DecidesPipe), f"{op.name} declares ExecutesOn() but does not decide its pipe"
        return op.issued_pipe()


@dataclass(frozen=True)
class TakesPipeEventIds(OpTrait):
    """CANN's implementation of the op synchronises itself with event ids it takes from the kernel's TPipe
    (``GetTPipePtr()->FetchEventID``), so a kernel that calls it must create one (XC-9,
    docs/rules/cross-core.md#xc-9).  ``api`` and ``cpp`` name the call in the diagnostic."""

    api: str
    cpp: str

    def needed_by(self, op: Operation) -> bool:
        """Whether this call of the op takes event ids (the hardware ``SyncAll`` takes none)."""
        check = getattr(op, "takes_pipe_event_ids", None)
        return bool(check()) if callable(check) else True


@dataclass(frozen=True)
class TensorAccess(OpTrait):
    """The tensors the op's work reads (``reads``) and writes (``writes``), on the op's pipe.

    Each entry names an operand accessor of the op (``"src0"``, or a variadic operand, for each of its
    values); absent optional operands and operands that are not tensors are skipped.  A tensor operand is
    accessed from its start; how far is not modelled here.
    """

    reads: tuple[str, ...] = ()
    writes: tuple[str, ...] = ()

    def read_values(self, op: Operation) -> list[SSAValue]:
        return _present(op, self.reads)

    def written_values(self, op: Operation) -> list[SSAValue]:
        return _present(op, self.writes)


@dataclass(frozen=True)
class CleansDataCache(OpTrait):
    """The op writes back and invalidates the scalar unit's data cache (``DataCacheCleanAndInvalid``):
    the lines of the tensor operand ``operand``, or every line when the property ``entire`` names an
    attribute whose value says so.  Scalar accesses after it meet what the DMA pipes wrote before it,
    and DMA after it meets what the scalar unit wrote (docs/rules/hazards.md#hz-7)."""

    operand: str = "dst"

    def cleaned(self, op: Operation) -> SSAValue:
        value: object = getattr(op, self.operand)
        assert isinstance(value, SSAValue)
        return cast(SSAValue, value)

    def entire(self, op: Operation) -> bool:
        entire_type = op.properties.get("entire_type")
        return entire_type is not None and getattr(entire_type, "data", None) is CacheLine.ENTIRE_DATA_CACHE


@dataclass(frozen=True)
class MatmulAccess(TensorAccess):
    """The tensors a Matmul call hands to the library: ``reads`` are read by the matrix engine, ``writes``
    are written by it (for a UB destination, by MTE2 of the calling AIV; docs/matmul-protocol.md#on-the-pipes).
    The actor is the Matmul implementation (the AIC in a MIX kernel), not a pipe of the caller.
    """


def issued_pipe(op: Operation) -> Pipe | None:
    """The pipe ``op``'s work is issued to, or None for ops that declare none."""
    trait = op.get_trait(ExecutesOn)
    return trait.pipe_of(op) if trait is not None else None


def tensor_accesses(op: Operation) -> tuple[list[SSAValue], list[SSAValue]]:
    """The (read, written) tensor operands of ``op``; empty for ops that declare no accesses."""
    trait = op.get_trait(TensorAccess)
    if trait is None:
        return [], []
    return trait.read_values(op), trait.written_values(op)


def _present(op: Operation, names: tuple[str, ...]) -> list[SSAValue]:
    """The tensor operands among ``names`` (absent optional operands and scalars, such as the scalar
    ``src1`` of ``Select``, are skipped)."""
    from ascx.dialects.ascendc.types import GlobalTensorType, LocalTensorType

    values: list[SSAValue] = []
    for name in names:
        value: object = getattr(op, name)
        items = cast("Sequence[object]", value) if isinstance(value, tuple | list) else (value,)
        for item in items:  # a variadic operand: each of its values
            operand = cast(SSAValue, item) if isinstance(item, SSAValue) else None
            if operand is not None and isinstance(operand.type, GlobalTensorType | LocalTensorType):
                values.append(operand)
    return values


__all__ = ["DecidesPipe", "ExecutesOn", "TensorAccess", "issued_pipe", "tensor_accesses"]
