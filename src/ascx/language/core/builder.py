"""The builder facade: the one way the language API builds IR.

The tracer activates an :class:`IRBuilder` while it executes a kernel.  API functions obtain it
with :func:`active` and only call :meth:`IRBuilder.insert` and :meth:`IRBuilder.constant`; they
never see the tracer.  Outside a traced function there is no active builder, and calling the
kernel API raises pyasc's ``RuntimeError``.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable, Generator
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar

from xdsl.builder import Builder
from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    FloatAttr,
    IntegerAttr,
    LocationAttr,
    UnknownLoc,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.rewriter import InsertPoint

from ascx.dialects.ascendc.object_ops import ConstantOp
from ascx.dialects.ascendc.types import float_type, integer_type, is_unsigned
from ascx.errors import AscxWarning
from ascx.language.core.kernel_options import KernelOptions as KernelOptions

OpT = TypeVar("OpT", bound=Operation)
P = ParamSpec("P")
R = TypeVar("R")


class IRBuilder:
    """Inserts ops at the tracer's current point and stamps them with the current source location."""

    def __init__(
        self,
        block: Block,
        options: KernelOptions,
        location: Callable[[], LocationAttr] | None = None,
        warn: Callable[[str], None] | None = None,
    ):
        self.options = options
        self._builder = Builder(InsertPoint.at_end(block))
        self._location = location or UnknownLoc
        self._warn = warn or _warn_unlocated
        self._constants: dict[tuple[Block, type, object, Attribute], SSAValue] = {}
        self._final_checks: list[tuple[Callable[[], str | None], LocationAttr]] = []
        self._enclosing: dict[Block, Block] = {}
        self.kernel_state: dict[str, Any] = {}
        """State an API keeps across calls while this kernel is traced (e.g. the Matmul in use)."""

    @property
    def block(self) -> Block:
        """The block ops are inserted into."""
        return self._builder.insertion_point.block

    def dominates(self, value: SSAValue) -> bool:
        """Whether ``value`` can be used at the insertion point: it is defined earlier in the current
        block or in a block that encloses it (ops are only ever appended while tracing)."""
        owner = value.owner
        defining = owner.parent_block() if isinstance(owner, Operation) else owner
        block: Block | None = self.block
        while block is not None:
            if block is defining:
                return True
            parent = block.parent_op()
            block = parent.parent_block() if parent is not None else self._enclosing.get(block)
        return False

    def set_insertion_point(self, point: InsertPoint) -> None:
        self._builder.insertion_point = point

    @contextmanager
    def at_end(self, block: Block) -> Generator[None, None, None]:
        """Insert at the end of ``block`` for the duration of the ``with`` block.

        A block that is not in a region yet (the tracer builds region bodies before their op) is
        taken to be nested in the block the builder was inserting into, for :meth:`dominates`.
        """
        saved = self._builder.insertion_point
        if block.parent is None and block is not saved.block:
            self._enclosing.setdefault(block, saved.block)
        self._builder.insertion_point = InsertPoint.at_end(block)
        try:
            yield
        finally:
            self._builder.insertion_point = saved

    def entry_block(self) -> Block:
        """The kernel's body block: the outermost block around the insertion point."""
        block = self.block
        while True:
            parent = block.parent_op()
            outer = parent.parent_block() if parent is not None else self._enclosing.get(block)
            if outer is None:
                return block
            block = outer

    def declaration_point(self, created_in: Block) -> InsertPoint:
        """Where to declare an object created in ``created_in`` that is given its IR only now (a
        ``GlobalTensor`` is declared by its first ``set_global_buffer``): here when that is the
        block it was created in, otherwise in ``created_in`` just before the runtime region that
        holds the current point, so the declaration reaches every later use, as in the Python
        program (docs/tracing.md#objects-created-before-a-region).  A block that does not enclose
        the current point (the object was made in a region that has ended) leaves it here."""
        block = self.block
        while block is not created_in:
            parent = block.parent_op()
            outer = parent.parent_block() if parent is not None else self._enclosing.get(block)
            if outer is None:
                return self._builder.insertion_point
            if outer is created_in:
                return InsertPoint.before(parent) if parent is not None else InsertPoint.at_end(created_in)
            block = outer
        return self._builder.insertion_point

    @contextmanager
    def at(self, point: InsertPoint) -> Generator[None, None, None]:
        """Insert at ``point`` for the duration of the ``with`` block (e.g. to hoist a declaration)."""
        saved = self._builder.insertion_point
        self._builder.insertion_point = point
        try:
            yield
        finally:
            self._builder.insertion_point = saved

    def insert(self, op: OpT) -> OpT:
        """Insert ``op`` at the current point, located at the Python source being traced."""
        op.location = self._location()
        return self._builder.insert(op)

    def adopt(self, block: Block) -> None:
        """Move the ops of ``block`` (traced into a scratch block) to the insertion point."""
        for op in list(block.ops):
            op.detach()
            self._builder.insert(op)

    def warn(self, message: str) -> None:
        """Report a warning at the Python source being traced."""
        self._warn(message)

    def check_when_traced(self, check: Callable[[], str | None]) -> None:
        """Run ``check`` when the whole kernel has been traced; a message it returns is an error
        located where ``check_when_traced`` was called (e.g. an object that was never used)."""
        self._final_checks.append((check, self._location()))

    def final_errors(self) -> list[tuple[str, LocationAttr]]:
        """The messages of the checks registered with :meth:`check_when_traced` that fail now."""
        return [(message, loc) for check, loc in self._final_checks if (message := check()) is not None]

    def constant(self, value: float | bool, ir_type: Attribute) -> SSAValue:
        """An ``arith.constant`` of ``value``, shared by later uses in the same block.

        Unsigned integers use ``ascendc.constant`` (``arith.constant`` rejects unsigned types).
        """
        key = (self.block, type(value), value, ir_type)
        if (cached := self._constants.get(key)) is not None:
            return cached
        name = _constant_name(value, ir_type)
        op: Operation
        if (int_type := integer_type(ir_type)) is not None:
            unsigned = is_unsigned(int_type)
            op = ConstantOp(int(value), int_type) if unsigned else arith.ConstantOp(IntegerAttr(int(value), int_type))
        elif (fp_type := float_type(ir_type)) is not None:
            op = arith.ConstantOp(FloatAttr(float(value), fp_type))
        else:
            raise TypeError(f"no constants of type {ir_type}")
        result = self.insert(op).results[0]
        result.name_hint = name
        self._constants[key] = result
        return result


def _constant_name(value: float | bool, ir_type: Attribute) -> str:
    """MLIR's spelling of constant names: ``c512_i32``, ``cm1_i32``, ``true``, ``cst`` for floats."""
    if (int_type := integer_type(ir_type)) is not None:
        if int_type.bitwidth == 1:
            return "true" if value else "false"
        number = int(value)
        kind = "ui" if is_unsigned(int_type) else "i"
        return f"c{'m' if number < 0 else ''}{abs(number)}_{kind}{int_type.bitwidth}"
    return "cst"


def _warn_unlocated(message: str) -> None:
    warnings.warn(message, AscxWarning, stacklevel=3)


_active: list[IRBuilder] = []


def active(api: str) -> IRBuilder:
    """The builder of the kernel being traced; pyasc's error when there is none."""
    if not _active:
        raise RuntimeError(f"'{api}' cannot be called without initialization of global builder")
    return _active[-1]


def is_tracing() -> bool:
    """Whether a kernel is being traced right now."""
    return bool(_active)


@contextmanager
def activated(builder: IRBuilder) -> Generator[IRBuilder, None, None]:
    """Make ``builder`` the active builder for the duration of the ``with`` block."""
    _active.append(builder)
    try:
        yield builder
    finally:
        _active.pop()


def require_jit(fn: Callable[P, R]) -> Callable[P, R]:
    """Decorate a kernel API function so that calling it outside a traced kernel fails clearly."""
    qualname = fn.__qualname__

    @functools.wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        if not _active:
            raise RuntimeError(f"'{qualname}' cannot be called without initialization of global builder")
        return fn(*args, **kwargs)

    return wrapper
