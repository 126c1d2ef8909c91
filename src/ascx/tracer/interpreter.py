"""Symbolic execution of kernel bytecode (docs/tracing.md#symbolic-execution).

The interpreter runs the canonical instructions of :mod:`ascx.tracer.decode` over Python
values.  Compile-time values are ordinary Python objects and Python computes on them; runtime
values are language :class:`~ascx.language.core.values.Handle` objects, and operations on them
build IR through the active builder.  Calls to other ``@asc.jit`` functions are traced inline,
so a kernel becomes one function of IR.

The runner (:meth:`Interpreter.run`) traces a *region* (a function body, a loop body, an arm of
a branch) until it reaches a stop block, takes the back edge of its loop, leaves the region, or
returns; :mod:`ascx.tracer.control` turns runtime branches and loops into ``scf.if``,
``scf.for`` and ``scf.while`` on top of it.
"""

from __future__ import annotations

import builtins
import inspect
import operator
import os
import warnings
from collections.abc import Callable
from types import BuiltinFunctionType, FunctionType, ModuleType
from typing import Any, NoReturn, cast

from xdsl.dialects.builtin import LocationAttr, UnknownLoc

from ascx.errors import AscxWarning, KernelError, SourceLocation
from ascx.language.core import scalar, scalar_math
from ascx.language.core.builder import IRBuilder
from ascx.language.core.range import RangeSpec
from ascx.language.core.values import CompileTimeRequired, Handle, RuntimeScalar
from ascx.tracer.cfg import CFG
from ascx.tracer.control import ControlFlow, RangeIter, UnrolledIter, WithMarker
from ascx.tracer.decode import CANONICAL_OPS, BytecodeError, decode
from ascx.tracer.dependencies import KERNEL_OWNER, Dependency, Where, can_own
from ascx.tracer.instructions import Instr, Position
from ascx.tracer.locations import locator
from ascx.tracer.state import (
    Brk,
    Cont,
    Decided,
    FunctionContext,
    Outcome,
    Ret,
    RunContext,
    State,
    Stop,
    Undef,
)

MAX_INLINE_DEPTH = 64
"""The deepest nesting of inlined device function calls."""
INSTRUCTION_BUDGET = 5_000_000
"""How many instructions one trace may execute (unrolled loops included)."""

ALLOWED_BUILTINS = frozenset(
    """len int float bool str repr tuple list dict set frozenset isinstance issubclass type range min max
    abs enumerate zip sum all any divmod round sorted reversed getattr hasattr slice object iter next map
    filter format ord chr hex bin oct pow callable hash id""".split()
)
"""Builtins a kernel may use (on compile-time values); exception classes are allowed too."""

_MUTATING_METHODS = frozenset(
    {"append", "extend", "insert", "pop", "remove", "clear", "update", "setdefault", "add", "discard", "sort"}
)
_MUTABLE = (list, dict, set, bytearray)


class _Null:
    """The NULL that CPython pushes next to callables."""

    def __repr__(self) -> str:
        return "NULL"


NULL = _Null()


def traced_function(obj: object) -> FunctionType | None:
    """The Python function to trace inline when a kernel calls ``obj`` (an ``@asc.jit`` function)."""
    fn = getattr(obj, "ascx_python_function", None)
    return fn if isinstance(fn, FunctionType) else None


_BINARY_NAMES = {
    "+": "add", "-": "sub", "*": "mul", "/": "truediv", "//": "floordiv", "%": "mod", "**": "pow",
    "<<": "lshift", ">>": "rshift", "&": "and_", "|": "or_", "^": "xor", "@": "matmul",
}  # fmt: skip
_BINARY: dict[str, Callable[[Any, Any], Any]] = {
    **{sym: getattr(operator, name) for sym, name in _BINARY_NAMES.items()},
    **{sym + "=": getattr(operator, "i" + name.rstrip("_")) for sym, name in _BINARY_NAMES.items()},
}
"""Python's binary operators, in-place forms included (``+=`` is ``operator.iadd``)."""
_COMPARE: dict[str, Callable[[Any, Any], Any]] = {
    "<": operator.lt, "<=": operator.le, "==": operator.eq, "!=": operator.ne, ">": operator.gt, ">=": operator.ge,
}  # fmt: skip


_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _plain_function_frame(exc: BaseException) -> tuple[str, Position, str] | None:
    """Where user code outside the kernel raised ``exc`` (a plain function called natively), if it did:
    the function's name, the position of the failing expression, and its file."""
    found: tuple[str, Position, str] | None = None
    tb = exc.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if not os.path.abspath(code.co_filename).startswith(_PACKAGE_DIR + os.sep) and tb.tb_lasti >= 0:
            positions = list(code.co_positions())[tb.tb_lasti // 2]
            line, end_line, col, end_col = positions
            if line is not None:
                found = (code.co_name, Position(line, end_line, col, end_col), code.co_filename)
        tb = tb.tb_next
    return found


def _same_statement(branch: Position, raised: Position) -> bool:
    """Whether a branch lies within the lines of the statement that raises (an ``assert``'s own test)."""
    return raised.line <= branch.line <= (raised.end_line or raised.line)


def provenance(value: Handle) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Notes saying why ``value`` is runtime, and hints saying how to make it compile-time."""
    root = value.root if value.root is not None else value
    notes: tuple[str, ...] = ()
    if root is not value and root.origin:
        notes = (f"{value.describe()} is computed from {root.describe()}, which is {root.origin}",)
    elif value.origin:
        notes = (f"{value.describe()} is {value.origin}",)
    hints = (root.hint,) if root.hint else ()
    return notes, hints


def _callee(stack: list[Any]) -> tuple[Any, tuple[Any, ...]]:
    """Pop the two slots below a call's arguments: ``(callable, (self,) or ())``.

    3.11/3.12 push ``[NULL, callable]`` or ``[callable, self]``; 3.13 pushes ``[callable, NULL]``
    or ``[callable, self]``.  The canonical attribute loads push ``[bound, NULL]``.
    """
    upper, lower = stack.pop(), stack.pop()
    if lower is NULL:
        return upper, ()
    if upper is NULL:
        return lower, ()
    return lower, (upper,)


def _has_runtime_scalar(args: tuple[Any, ...]) -> bool:
    """Whether a call's arguments hold a runtime value (``min(a, b)``, or ``min((a, b))``)."""
    if len(args) == 1 and isinstance(args[0], tuple | list):
        args = tuple(cast(tuple[Any, ...], args[0]))
    return any(isinstance(a, Handle) for a in args)


def _is_mutable(value: object) -> bool:
    return isinstance(value, _MUTABLE)


def _pop_n(state: State, n: int) -> list[Any]:
    if not n:
        return []
    items = state.stack[-n:]
    del state.stack[-n:]
    return items


class Interpreter(ControlFlow):
    """Traces one kernel (and the device functions it calls) into the active builder."""

    def __init__(self, builder: IRBuilder | None = None) -> None:
        super().__init__()
        self._builder = builder
        self.fc: FunctionContext | None = None
        self.pos: Position | None = None
        self.return_pos: Position | None = None
        """The position of the last ``return`` executed (the kernel's closing location)."""
        self.dependencies: list[Dependency] = []
        """Every global, builtin, closure and module attribute value read while tracing, once each."""
        self._recorded: set[tuple[int, str]] = set()
        self._owners: dict[int, int] = {}
        """``id`` of a value that holds dependencies (a function, module or class) -> its dependency index."""
        self.depth = 0
        """How many device function calls are being traced inline."""
        self.budget = INSTRUCTION_BUDGET

    @property
    def instructions_executed(self) -> int:
        """Instructions traced so far (the budget spent)."""
        return INSTRUCTION_BUDGET - self.budget

    @property
    def builder(self) -> IRBuilder:
        assert self._builder is not None, "the interpreter has no builder"
        return self._builder

    @builder.setter
    def builder(self, builder: IRBuilder) -> None:
        self._builder = builder

    # -- locations and errors ----------------------------------------------------------------

    def source_location(self, pos: Position | None = None) -> SourceLocation | None:
        pos = pos or self.pos
        if self.fc is None or pos is None:
            return None
        return self.fc.locator.source(pos)

    def ir_location(self) -> LocationAttr:
        if self.fc is None or self.pos is None:
            return UnknownLoc()
        return self.fc.locator.ir(self.pos)

    def line_ref(self, pos: Position | None) -> str:
        """``file:line`` of a position in the current function, for notes."""
        loc = self.source_location(pos)
        return f"{loc.file}:{loc.line}" if loc is not None else "an unknown line"

    def warn(self, message: str) -> None:
        """Emit an :class:`AscxWarning` attributed to the kernel source line being traced."""
        loc = self.source_location()
        if loc is None:
            warnings.warn(message, AscxWarning, stacklevel=2)
        else:
            warnings.warn_explicit(message, AscxWarning, loc.file, loc.line)

    def error(
        self,
        message: str,
        *,
        kind: str,
        hints: tuple[str, ...] = (),
        notes: tuple[str, ...] = (),
        pos: Position | None = None,
    ) -> KernelError:
        return KernelError(message, self.source_location(pos), list(notes), list(hints), kind)

    def library_error(self, exc: BaseException) -> KernelError:
        if isinstance(exc, CompileTimeRequired):
            notes, hints = provenance(exc.value)
            frame = _plain_function_frame(exc)
            if frame is None:
                return self.error(str(exc), kind="needs-compile-time", notes=notes, hints=hints)
            name, pos, filename = frame
            call = self.line_ref(None)
            notes = (
                f"'{name}' is a plain Python function, called at {call}: it runs once at trace time, "
                "so its control flow cannot depend on runtime values",
                *notes,
            )
            hints = (f"decorate '{name}' with @asc.jit so that it is traced like the kernel", *hints)
            loc = locator(filename).source(pos)
            return KernelError(str(exc), loc, list(notes), list(hints), "needs-compile-time")
        hints: tuple[str, ...] = tuple(getattr(exc, "hints", ()))
        notes: tuple[str, ...] = tuple(getattr(exc, "notes", ()))
        return self.error(f"{_exception_name(exc)}: {exc}", kind="library-error", hints=hints, notes=notes)

    def native(self, callee: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """Call Python (including the kernel API) with the current instruction as the error location."""
        try:
            return callee(*args, **kwargs)
        except KernelError:
            raise
        except Exception as exc:
            raise self.library_error(exc) from exc

    # -- entry points --------------------------------------------------------------------------

    def run_kernel(self, fn: FunctionType, arguments: dict[str, Any]) -> None:
        """Trace the body of the kernel ``fn`` with its parameters bound to ``arguments``."""
        self._run_function(fn, arguments, is_kernel=True)

    def run_device_function(self, fn: FunctionType, arguments: dict[str, Any]) -> Any:
        """Trace ``fn`` as a top-level device function and return what it returns."""
        return self._run_function(fn, arguments, is_kernel=False)

    def call_function(self, fn: FunctionType, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """Trace a device function inline and return its (Python or runtime) result."""
        try:
            bound = inspect.signature(fn).bind(*args, **kwargs)
        except TypeError as exc:
            raise self.library_error(exc) from exc
        bound.apply_defaults()
        if self.depth >= MAX_INLINE_DEPTH:
            raise self.error(
                f"device function calls nest more than {MAX_INLINE_DEPTH} deep (recursion?)",
                kind="unsupported-construct",
                hints=("device functions are traced inline, so they cannot be recursive",),
            )
        self.depth += 1
        try:
            return self._run_function(fn, dict(bound.arguments), is_kernel=False)
        finally:
            self.depth -= 1

    def _run_function(self, fn: FunctionType, arguments: dict[str, Any], *, is_kernel: bool) -> Any:
        code = fn.__code__
        caller, caller_pos = self.fc, self.pos
        owner = KERNEL_OWNER if caller is None else self._owners.get(id(fn))
        try:
            instrs = decode(code)
        except BytecodeError as exc:
            self.fc = FunctionContext(
                fn.__name__,
                fn.__globals__,
                fn.__closure__,
                code,
                (),
                CFG(()),
                locator(code.co_filename),
                is_kernel,
                owner,
            )
            self.pos = exc.pos
            raise self.error(
                f"{exc.construct.construct} is not supported in kernels",
                kind="unsupported-construct",
                hints=(exc.construct.hint,),
            ) from None
        fc = FunctionContext(
            fn.__name__,
            fn.__globals__,
            fn.__closure__,
            code,
            instrs,
            _cfg_of(code, instrs),
            locator(code.co_filename),
            is_kernel,
            owner,
        )
        self.fc = fc
        try:
            outcome = self.run(RunContext(fc, frozenset(), fc.cfg.function_region), 0, State(dict(arguments)))
            if not isinstance(outcome, Ret):
                raise self.error(f"internal error: the function ended with {type(outcome).__name__}", kind="internal")
            return outcome.value
        finally:
            self.fc, self.pos = caller, caller_pos

    # -- the region runner -------------------------------------------------------------------------

    def run(self, rc: RunContext, pc: int, state: State, *, at_header: bool = False) -> Outcome:
        """Trace from instruction ``pc`` until the region ends (see ``ascx.tracer.state``)."""
        instrs = rc.fc.instrs
        leaders = rc.fc.cfg.leaders
        check = not at_header
        while True:
            if check and pc in leaders:
                entered = self._enter_block(rc, pc, state)
                if entered is not None:
                    if not isinstance(entered, int):
                        return entered
                    pc = entered
                    continue
            check = True
            ins = instrs[pc]
            if ins.pos is not None:
                self.pos = ins.pos
            self.budget -= 1
            if self.budget < 0:
                raise self.error(
                    f"tracing executed more than {INSTRUCTION_BUDGET} instructions",
                    kind="unroll-limit",
                    hints=("use range(...) for loops that should run on the device instead of being unrolled",),
                )
            rc.pc = pc
            rc.via = None
            result = _HANDLERS[ins.op](self, rc, state, ins)
            if result is None:
                pc += 1
            elif isinstance(result, int):
                pc = result
            else:
                return result

    def _enter_block(self, rc: RunContext, block: int, state: State) -> Outcome | int | None:
        """What happens when tracing arrives at ``block``: a stop, a loop, or nothing special."""
        condition = rc.condition
        if condition is not None and (block == condition.body or block in condition.exits):
            return Decided(block == condition.body, state)
        if block in rc.stops:
            return Stop(block, state)
        if block == rc.region.header:
            return Cont(state)
        if block not in rc.region.blocks:
            origin = rc.via if rc.via is not None else block
            return Brk(block, state, rc.fc.instrs[origin].pos)
        if block in rc.fc.cfg.loops:
            return self.enter_loop(rc, block, state)
        return None

    # -- handlers: each returns the next instruction index, None for the next one, or an outcome --

    def op_nop(self, rc: RunContext, state: State, ins: Instr) -> None:
        pass

    def op_load_fast(self, rc: RunContext, state: State, ins: Instr) -> None:
        try:
            value = state.locals[ins.arg]
        except KeyError:
            raise self.error(f"local variable '{ins.arg}' is used before it is assigned", kind="unbound") from None
        if isinstance(value, Undef):
            raise self.error(
                f"'{ins.arg}' is not defined on every path here ({value.reason})",
                kind="undefined-on-path",
                hints=(f"assign '{ins.arg}' before the branch or loop",),
            )
        state.stack.append(value)

    def op_store_fast(self, rc: RunContext, state: State, ins: Instr) -> None:
        value = state.stack.pop()
        state.locals[ins.arg] = value
        if isinstance(value, Handle):
            value.suggest_name(ins.arg)

    def op_delete_fast(self, rc: RunContext, state: State, ins: Instr) -> None:
        state.locals.pop(ins.arg, None)

    def op_load_const(self, rc: RunContext, state: State, ins: Instr) -> None:
        state.stack.append(ins.arg)

    def _record(self, where: Where, name: str, container: Any, value: Any, owner: int | None) -> None:
        """Remember that the trace read ``value`` (see ``ascx.tracer.dependencies``)."""
        key = (id(container), name)
        if key in self._recorded:
            return
        self._recorded.add(key)
        index = len(self.dependencies)
        self.dependencies.append(Dependency(where, name, container, value, owner))
        if owner is not None and can_own(value):
            self._owners.setdefault(id(value), index)
            fn = traced_function(value)
            if fn is not None:
                self._owners.setdefault(id(fn), index)

    def op_load_global(self, rc: RunContext, state: State, ins: Instr) -> None:
        name = ins.arg
        if name in rc.fc.globals:
            value = rc.fc.globals[name]
            self._record("global", name, rc.fc.globals, value, rc.fc.owner)
        elif hasattr(builtins, name):
            value = getattr(builtins, name)
            if name not in ALLOWED_BUILTINS and not (isinstance(value, type) and issubclass(value, BaseException)):
                raise self.error(
                    f"'{name}' is not supported in kernels",
                    kind="unsupported-construct",
                    hints=("kernels run on the device; do this on the host",),
                )
            self._record("builtin", name, builtins, value, KERNEL_OWNER)
        else:
            raise self.error(f"name '{name}' is not defined", kind="undefined-name")
        state.stack.append(value)

    def op_load_deref(self, rc: RunContext, state: State, ins: Instr) -> None:
        name = ins.arg
        fc = rc.fc
        if name in fc.code.co_freevars and fc.closure is not None:
            cell = fc.closure[fc.code.co_freevars.index(name)]
            try:
                value = cell.cell_contents
            except ValueError:
                raise self.error(f"free variable '{name}' is used before it is assigned", kind="unbound") from None
            self._record("closure", name, cell, value, fc.owner)
            state.stack.append(value)
        else:
            self.op_load_fast(rc, state, ins)

    def op_load_attr(self, rc: RunContext, state: State, ins: Instr) -> None:
        name, method = ins.arg
        obj = state.stack.pop()
        try:
            value = getattr(obj, name)
        except Exception as exc:
            raise self.library_error(exc) from exc
        if isinstance(obj, (ModuleType, type)):
            self._record("attribute", name, obj, value, self._owners.get(id(obj)))
        state.stack.append(value)
        if method:
            state.stack.append(NULL)

    def op_store_attr(self, rc: RunContext, state: State, ins: Instr) -> None:
        obj = state.stack.pop()
        value = state.stack.pop()
        if not isinstance(obj, Handle):
            self.check_mutation(obj, state)
        self.native(setattr, (obj, ins.arg, value), {})

    def op_delete_attr(self, rc: RunContext, state: State, ins: Instr) -> None:
        obj = state.stack.pop()
        self.check_mutation(obj, state)
        self.native(delattr, (obj, ins.arg), {})

    def op_call(self, rc: RunContext, state: State, ins: Instr) -> None:
        argc, kwnames = ins.arg
        args = _pop_n(state, argc)
        callee, receiver = _callee(state.stack)
        positional = (*receiver, *args[: argc - len(kwnames)])
        keywords = dict(zip(kwnames, args[argc - len(kwnames) :], strict=True))
        state.stack.append(self.invoke(callee, positional, keywords, state))

    def op_call_ex(self, rc: RunContext, state: State, ins: Instr) -> None:
        kwargs: dict[str, Any] = state.stack.pop() if ins.arg else {}
        args: tuple[Any, ...] = state.stack.pop()
        callee, receiver = _callee(state.stack)
        state.stack.append(self.invoke(callee, (*receiver, *args), dict(kwargs), state))

    def invoke(self, callee: Any, args: tuple[Any, ...], kwargs: dict[str, Any], state: State) -> Any:
        if (fn := traced_function(callee)) is not None:
            return self.call_function(fn, args, kwargs)
        if callee is builtins.range:
            return self.native(RangeSpec, args, kwargs)
        if isinstance(callee, BuiltinFunctionType) and _has_runtime_scalar(args):
            if (computed := scalar_math.RUNTIME_FUNCTIONS.get(callee)) is not None:
                return self.native(computed, args, kwargs)
            if getattr(callee, "__module__", None) == "math":
                message, hint = scalar_math.unsupported_message(callee)
                raise self.error(message, kind="needs-compile-time", hints=(hint,))
        receiver = getattr(callee, "__self__", None)
        if _is_mutable(receiver) and getattr(callee, "__name__", "") in _MUTATING_METHODS:
            self.check_mutation(receiver, state)
        result = self.native(callee, args, kwargs)
        self.note_created(result)
        return result

    def op_push_null(self, rc: RunContext, state: State, ins: Instr) -> None:
        state.stack.append(NULL)

    def op_pop_top(self, rc: RunContext, state: State, ins: Instr) -> None:
        value = state.stack.pop()
        discard = getattr(value, "__ascx_discard__", None)
        if discard is not None:
            self.native(discard, (), {})

    def op_copy(self, rc: RunContext, state: State, ins: Instr) -> None:
        state.stack.append(state.stack[-ins.arg])

    def op_swap(self, rc: RunContext, state: State, ins: Instr) -> None:
        stack = state.stack
        stack[-1], stack[-ins.arg] = stack[-ins.arg], stack[-1]

    def op_binary_op(self, rc: RunContext, state: State, ins: Instr) -> None:
        rhs, lhs = state.stack.pop(), state.stack.pop()
        op = _BINARY[ins.arg]
        if ins.arg.endswith("="):
            if isinstance(lhs, Handle):
                op = _BINARY[ins.arg[:-1]]  # in-place ops on runtime values build new values
            elif _is_mutable(lhs):
                self.check_mutation(lhs, state)
        state.stack.append(self.native(op, (lhs, rhs), {}))

    def op_compare_op(self, rc: RunContext, state: State, ins: Instr) -> None:
        rhs, lhs = state.stack.pop(), state.stack.pop()
        op = _COMPARE[str(ins.arg).removeprefix("bool(").removesuffix(")")]
        state.stack.append(self.native(op, (lhs, rhs), {}))

    def op_is_op(self, rc: RunContext, state: State, ins: Instr) -> None:
        rhs, lhs = state.stack.pop(), state.stack.pop()
        for side in (lhs, rhs):
            if isinstance(side, RuntimeScalar):
                raise self.library_error(CompileTimeRequired(side, "'is'"))
        state.stack.append((lhs is not rhs) if ins.arg else (lhs is rhs))

    def op_contains_op(self, rc: RunContext, state: State, ins: Instr) -> None:
        container, item = state.stack.pop(), state.stack.pop()
        result = self.native(operator.contains, (container, item), {})
        state.stack.append(not result if ins.arg else result)

    def op_unary_negative(self, rc: RunContext, state: State, ins: Instr) -> None:
        state.stack.append(self.native(operator.neg, (state.stack.pop(),), {}))

    def op_unary_positive(self, rc: RunContext, state: State, ins: Instr) -> None:
        state.stack.append(self.native(operator.pos, (state.stack.pop(),), {}))

    def op_unary_invert(self, rc: RunContext, state: State, ins: Instr) -> None:
        state.stack.append(self.native(operator.invert, (state.stack.pop(),), {}))

    def op_unary_not(self, rc: RunContext, state: State, ins: Instr) -> None:
        value = state.stack.pop()
        condition = self.runtime_condition(value, loop_condition=rc.condition is not None)
        if condition is None:
            state.stack.append(self.native(operator.not_, (value,), {}))
        else:
            state.stack.append(self.native(scalar.logical_not, (condition,), {}))

    def op_binary_subscr(self, rc: RunContext, state: State, ins: Instr) -> None:
        key, container = state.stack.pop(), state.stack.pop()
        state.stack.append(self.native(operator.getitem, (container, key), {}))

    def op_store_subscr(self, rc: RunContext, state: State, ins: Instr) -> None:
        key, container, value = state.stack.pop(), state.stack.pop(), state.stack.pop()
        if not isinstance(container, Handle):
            self.check_mutation(container, state)
        self.native(operator.setitem, (container, key, value), {})

    def op_delete_subscr(self, rc: RunContext, state: State, ins: Instr) -> None:
        key, container = state.stack.pop(), state.stack.pop()
        if not isinstance(container, Handle):
            self.check_mutation(container, state)
        self.native(operator.delitem, (container, key), {})

    def op_build_slice(self, rc: RunContext, state: State, ins: Instr) -> None:
        state.stack.append(slice(*_pop_n(state, ins.arg)))

    def op_build_tuple(self, rc: RunContext, state: State, ins: Instr) -> None:
        state.stack.append(tuple(_pop_n(state, ins.arg)))

    def op_build_list(self, rc: RunContext, state: State, ins: Instr) -> None:
        state.stack.append(self.note_created(_pop_n(state, ins.arg)))

    def op_build_set(self, rc: RunContext, state: State, ins: Instr) -> None:
        state.stack.append(self.note_created(set(_pop_n(state, ins.arg))))

    def op_build_map(self, rc: RunContext, state: State, ins: Instr) -> None:
        items = _pop_n(state, 2 * ins.arg)
        state.stack.append(self.note_created({items[i]: items[i + 1] for i in range(0, len(items), 2)}))

    def op_build_const_key_map(self, rc: RunContext, state: State, ins: Instr) -> None:
        keys = state.stack.pop()
        values = _pop_n(state, ins.arg)
        state.stack.append(self.note_created(dict(zip(keys, values, strict=True))))

    def op_build_string(self, rc: RunContext, state: State, ins: Instr) -> None:
        state.stack.append("".join(_pop_n(state, ins.arg)))

    def _update(self, state: State, ins: Instr, method: str) -> None:
        value = state.stack.pop()
        self.native(getattr(state.stack[-ins.arg], method), (value,), {})

    def op_list_append(self, rc: RunContext, state: State, ins: Instr) -> None:
        self._update(state, ins, "append")

    def op_list_extend(self, rc: RunContext, state: State, ins: Instr) -> None:
        self._update(state, ins, "extend")

    def op_set_add(self, rc: RunContext, state: State, ins: Instr) -> None:
        self._update(state, ins, "add")

    def op_set_update(self, rc: RunContext, state: State, ins: Instr) -> None:
        self._update(state, ins, "update")

    def op_dict_update(self, rc: RunContext, state: State, ins: Instr) -> None:
        self._update(state, ins, "update")

    def op_dict_merge(self, rc: RunContext, state: State, ins: Instr) -> None:
        self._update(state, ins, "update")

    def op_map_add(self, rc: RunContext, state: State, ins: Instr) -> None:
        value, key = state.stack.pop(), state.stack.pop()
        state.stack[-ins.arg][key] = value

    def op_list_to_tuple(self, rc: RunContext, state: State, ins: Instr) -> None:
        state.stack.append(tuple(state.stack.pop()))

    def op_unpack_sequence(self, rc: RunContext, state: State, ins: Instr) -> None:
        items = list(self.native(iter, (state.stack.pop(),), {}))
        if len(items) != ins.arg:
            raise self.error(f"cannot unpack {len(items)} values into {ins.arg} names", kind="library-error")
        state.stack.extend(reversed(items))

    def op_unpack_ex(self, rc: RunContext, state: State, ins: Instr) -> None:
        before, after = ins.arg & 0xFF, ins.arg >> 8
        items = list(self.native(iter, (state.stack.pop(),), {}))
        if len(items) < before + after:
            raise self.error(f"not enough values to unpack into {before + after} names", kind="library-error")
        middle = items[before : len(items) - after] if after else items[before:]
        state.stack.extend(reversed([*items[:before], middle, *items[len(items) - after :]]))

    def op_convert(self, rc: RunContext, state: State, ins: Instr) -> None:
        state.stack.append(self._convert_value(state.stack.pop(), ins.arg))

    def _convert_value(self, value: Any, conversion: int) -> Any:
        if isinstance(value, Handle):
            raise self.library_error(CompileTimeRequired(value, "an f-string"))
        return {0: value, 1: str, 2: repr, 3: ascii}[conversion](value) if conversion else value

    def op_format(self, rc: RunContext, state: State, ins: Instr) -> None:
        conversion, has_spec = ins.arg
        spec = state.stack.pop() if has_spec else ""
        value = self._convert_value(state.stack.pop(), conversion)
        state.stack.append(self.native(format, (value, spec), {}))

    def op_jump(self, rc: RunContext, state: State, ins: Instr) -> int:
        rc.via = ins.origins[0] if ins.origins else None
        return ins.arg

    def op_get_iter(self, rc: RunContext, state: State, ins: Instr) -> None:
        iterable = state.stack.pop()
        anchor = rc.fc.instrs[rc.pc - 1].pos if rc.pc > 0 else ins.pos
        if isinstance(iterable, RangeSpec):
            state.stack.append(RangeIter(iterable, anchor))
        elif isinstance(iterable, Handle):
            raise self.library_error(CompileTimeRequired(iterable, "a 'for' loop over it"))
        else:
            state.stack.append(UnrolledIter(self.native(iter, (iterable,), {}), anchor))

    def op_for_iter(self, rc: RunContext, state: State, ins: Instr) -> int | None:
        return self.for_iter_without_loop(rc, state, ins)

    def op_with_exit(self, rc: RunContext, state: State, ins: Instr) -> None:
        marker = state.stack.pop()
        assert isinstance(marker, WithMarker), "WITH_EXIT pops the marker WITH_ENTER pushed"

    def op_return_value(self, rc: RunContext, state: State, ins: Instr) -> Ret:
        value = state.stack.pop()
        self.return_pos = self.pos
        if rc.fc.is_kernel and value is not None:
            raise self.error(
                "a kernel cannot return a value",
                kind="kernel-return",
                hints=("write results to an output tensor; only device functions return values",),
            )
        return Ret(value, state)

    def op_load_assertion_error(self, rc: RunContext, state: State, ins: Instr) -> None:
        state.stack.append(AssertionError)

    def op_raise_varargs(self, rc: RunContext, state: State, ins: Instr) -> NoReturn:
        if ins.arg == 0:
            raise self.error("a bare 'raise' is not supported in kernels", kind="unsupported-construct")
        args = _pop_n(state, ins.arg)
        exc = args[0]
        is_assert = exc is AssertionError or isinstance(exc, AssertionError)
        if self.scopes:
            self._runtime_raise(is_assert)
        if is_assert:
            detail = str(exc) if isinstance(exc, AssertionError) else ""
            message = f"assertion failed: {detail}" if detail else "assertion failed"
            raise self.error(message, kind="compile-time-assert")
        raise self.error(f"the kernel raised {exc!r}", kind="library-error")

    def _runtime_raise(self, is_assert: bool) -> None:
        """A ``raise`` reached inside a runtime region: an error unless it is a failing compile-time assert."""
        scope = self.scopes[-1]
        own = scope.pos is not None and self.pos is not None and _same_statement(scope.pos, self.pos)
        if is_assert and own and scope.condition is not None:
            notes, hints = provenance(scope.condition)
            raise self.error(
                "assert on a runtime value",
                kind="runtime-assert",
                pos=scope.pos,
                notes=notes,
                hints=("assert on the host, or on compile-time values", *hints),
            )
        if is_assert:
            return
        raise self.error(
            "'raise' under a runtime condition",
            kind="runtime-raise",
            notes=(f"it is inside the {scope.kind} at {self.line_ref(scope.pos)}",),
            hints=("check the condition on the host, or use a compile-time condition",),
        )

    def op_unsupported(self, rc: RunContext, state: State, ins: Instr) -> NoReturn:
        raise self.error(
            f"{ins.arg.construct} is not supported in kernels", kind="unsupported-construct", hints=(ins.arg.hint,)
        )


_cfgs: dict[Any, CFG] = {}


def _cfg_of(code: Any, instrs: tuple[Instr, ...]) -> CFG:
    if (cached := _cfgs.get(code)) is None or cached.instrs is not instrs:
        cached = _cfgs[code] = CFG(instrs)
    return cached


Handler = Callable[[Interpreter, RunContext, State, Instr], "int | Outcome | None"]
_HANDLERS: dict[str, Handler] = {
    name.removeprefix("op_").upper(): cast(Handler, method)
    for name, method in vars(Interpreter).items()
    if name.startswith("op_")
}
_HANDLERS.update(
    {
        "BRANCH": ControlFlow.op_branch,
        "WITH_ENTER": ControlFlow.op_with_enter,
    }
)
"""One handler per canonical opname (``ascx.tracer.decode``)."""

assert set(_HANDLERS) == CANONICAL_OPS, sorted(set(_HANDLERS) ^ CANONICAL_OPS)


def _exception_name(exc: BaseException) -> str:
    """The name users know an exception by: ``TypeError`` for ascx's ``ApiTypeError``."""
    from ascx.language.core.api_errors import ApiTypeError, ApiValueError

    if isinstance(exc, ApiTypeError):
        return "TypeError"
    if isinstance(exc, ApiValueError):
        return "ValueError"
    return type(exc).__name__
