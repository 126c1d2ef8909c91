"""The interpreter's state: locals and stack, undefined values, and how a traced region ends."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import CodeType
from typing import Any

from ascx.tracer.cfg import CFG, Region
from ascx.tracer.instructions import Instr, Position
from ascx.tracer.locations import Locator


@dataclass(frozen=True)
class Undef:
    """A local with no value on some path: an error only if it is read."""

    reason: str
    """Why, as a parenthetical: ``assigned in only one branch of the 'if' at line 7``."""


@dataclass
class State:
    """Python locals and the value stack.  Values are Python objects or runtime handles."""

    locals: dict[str, Any] = field(default_factory=dict[str, Any])
    stack: list[Any] = field(default_factory=list[Any])

    def copy(self) -> State:
        return State(dict(self.locals), list(self.stack))

    def assign(self, other: State) -> None:
        """Make this state equal to ``other`` (in place, so handlers can update their caller's state)."""
        self.locals = other.locals
        self.stack = other.stack


@dataclass
class Stop:
    """Tracing reached ``block``, one of the stop points it was given (a merge point)."""

    block: int
    state: State


@dataclass
class Cont:
    """Tracing took the back edge to the current loop's header: one iteration ended."""

    state: State


@dataclass
class Left(Cont):
    """The iteration ended by leaving its runtime loop: a ``break`` or ``return`` set the loop's exit
    selector (docs/tracing.md#break-and-return-in-runtime-loops)."""


@dataclass
class Brk:
    """Tracing left the current region for ``target`` (``break``, or the end of an unrolled loop body)."""

    target: int
    state: State
    pos: Position | None
    """Where the exiting path starts (the ``break`` statement), for diagnostics."""


@dataclass
class Ret:
    """A ``return`` was executed."""

    value: Any
    state: State


@dataclass
class Decided:
    """A loop condition was evaluated: ``stay`` says whether the body runs (bool or runtime ``int1``)."""

    stay: Any
    state: State


Outcome = Stop | Cont | Left | Brk | Ret | Decided


@dataclass(frozen=True)
class Condition:
    """Where a ``while`` condition region ends: at the body start, or at one of the loop exits."""

    body: int
    exits: frozenset[int]


@dataclass
class FunctionContext:
    """One function being traced (a kernel or an inlined device function)."""

    name: str
    globals: dict[str, Any]
    closure: tuple[Any, ...] | None
    code: CodeType
    instrs: tuple[Instr, ...]
    cfg: CFG
    locator: Locator
    is_kernel: bool
    owner: int | None
    """Where its globals and closure are found again (``ascx.tracer.dependencies``)."""


@dataclass
class RunContext:
    """What one call of the runner traces: where it stops, and the region it stays in."""

    fc: FunctionContext
    stops: frozenset[int]
    region: Region
    condition: Condition | None = None
    pc: int = 0
    """The instruction being executed."""
    via: int | None = None
    """The original target of the last control transfer (see ``Instr.origins``)."""
