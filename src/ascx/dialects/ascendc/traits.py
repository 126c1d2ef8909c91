"""Facts that ``ascendc`` ops declare for the passes: which Matmul method they call and which
asynchronous Matmul work they start or complete.

Passes query these traits (``op.get_trait(MatmulAsyncStart)``) instead of testing op names.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from xdsl.ir import Operation, SSAValue
from xdsl.traits import OpTrait


@runtime_checkable
class ConditionallyAsync(Protocol):
    """An op whose attributes decide whether it starts asynchronous work."""

    def starts_async(self) -> bool: ...


@dataclass(frozen=True)
class MatmulMethod(OpTrait):
    """The op calls the Matmul object method ``cpp_name`` on its first operand, which must be
    declared by ``ascendc.matmul.create``.
    """

    cpp_name: str

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


@dataclass(frozen=True)
class MatmulAccess(OpTrait):
    """The tensors a Matmul call hands to the library: ``reads`` are read by the matrix engine, ``writes``
    are written by it (for a UB destination, by MTE2 of the calling AIV; sync-model spec §1.3, §1.8).

    Each entry names an operand accessor of the op (``"tensor"``); absent optional operands are skipped.
    """

    reads: tuple[str, ...] = ()
    writes: tuple[str, ...] = ()

    def read_values(self, op: Operation) -> list[SSAValue]:
        return _present(op, self.reads)

    def written_values(self, op: Operation) -> list[SSAValue]:
        return _present(op, self.writes)


def _present(op: Operation, names: tuple[str, ...]) -> list[SSAValue]:
    values: list[SSAValue] = []
    for name in names:
        value = getattr(op, name)
        if value is not None:
            values.append(value)
    return values
