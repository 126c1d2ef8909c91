"""The canonical instruction set: instructions, source positions, and control-flow helpers."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True, slots=True)
class Position:
    """A source span from ``Instruction.positions``: 1-based lines, 0-based UTF-8 byte columns."""

    line: int
    end_line: int | None
    col: int | None
    end_col: int | None


@dataclass(frozen=True, slots=True)
class Instr:
    """One canonical instruction.

    ``op`` is the canonical opname; ``arg`` its decoded argument (a name, a constant, a jump
    target index, ``(test, true_target, false_target)`` for ``BRANCH``, ...).
    """

    op: str
    arg: Any
    pos: Position | None
    origins: tuple[int, ...] = ()
    """For control transfers after jump threading: the original (unthreaded) targets, in the order
    of the successors, so that diagnostics can point at the first instruction of an exiting path
    (a ``break``'s own jump, say)."""


@dataclass(frozen=True)
class Unsupported:
    """The argument of an ``UNSUPPORTED`` instruction: the construct and how to avoid it."""

    construct: str
    hint: str


CONTROL_OPS = frozenset({"JUMP", "BRANCH", "FOR_ITER"})
"""Canonical ops that transfer control to an explicit target."""
TERMINATORS = frozenset({"JUMP", "BRANCH", "FOR_ITER", "RETURN_VALUE", "RAISE_VARARGS", "UNSUPPORTED"})
"""Canonical ops that end a basic block."""


def targets(ins: Instr) -> tuple[int, ...]:
    """The explicit control-transfer targets of ``ins`` (branch: true then false)."""
    if ins.op == "BRANCH":
        return (ins.arg[1], ins.arg[2])
    if ins.op in ("JUMP", "FOR_ITER"):
        return (ins.arg,)
    return ()


def with_targets(ins: Instr, new: tuple[int, ...]) -> Instr:
    """``ins`` with its targets replaced by ``new`` (same order as :func:`targets`)."""
    if ins.op == "BRANCH":
        return replace(ins, arg=(ins.arg[0], new[0], new[1]))
    return replace(ins, arg=new[0])


def arg_key(arg: Any) -> object:
    """A hashable key that compares instruction arguments by type and value."""
    try:
        hash(arg)
    except TypeError:
        return ("id", id(arg))
    return (type(arg).__qualname__, arg)
