"""Symbolic execution of kernel bytecode.

The interpreter runs the canonical instructions of :mod:`ascx.tracer.decode` over Python
values.  Compile-time values are ordinary Python objects and Python computes on them; runtime
values are language :class:`~ascx.language.core.values.Handle` objects, and the kernel API
called on them builds IR through the active builder.  Calls to other ``@asc.jit`` functions are
traced inline, so the kernel becomes one function of IR.

This version executes straight-line code: calls, attribute access, keyword arguments,
constants, containers and branches on compile-time values.  Branches and loops on runtime values
are reported as unsupported.
"""

from __future__ import annotations

import builtins
import inspect
import operator
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from types import CodeType, FunctionType
from typing import Any, NoReturn

from xdsl.dialects.builtin import LocationAttr, UnknownLoc

from ascx.errors import AscxWarning, KernelError, SourceLocation
from ascx.language.core.values import CompileTimeRequired, Handle
from ascx.tracer.decode import CANONICAL_OPS, BytecodeError, Instr, Position, decode
from ascx.tracer.dependencies import Dependency
from ascx.tracer.locations import Locator, locator

MAX_INLINE_DEPTH = 64
"""The deepest nesting of inlined device function calls."""


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


def _provenance(value: Handle) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Notes saying why ``value`` is runtime, and hints saying how to make it compile-time."""
    notes = (f"{value.describe()} is {value.origin}",) if value.origin else ()
    hints = (value.hint,) if value.hint else ()
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


@dataclass
class Frame:
    """The state of one function being traced."""

    globals: dict[str, Any]
    closure: tuple[Any, ...] | None
    code: CodeType
    instrs: tuple[Instr, ...]
    locator: Locator
    locals: dict[str, Any]
    is_kernel: bool
    stack: list[Any] = field(default_factory=list[Any])


class _Return(Exception):
    def __init__(self, value: Any):
        self.value = value


class Interpreter:
    """Traces one kernel (and the device functions it calls) into the active builder."""

    def __init__(self) -> None:
        self.frame: Frame | None = None
        self.pos: Position | None = None
        self.return_pos: Position | None = None
        """The position of the last ``return`` executed (the kernel's closing location)."""
        self.dependencies: list[Dependency] = []
        """Every global, builtin and closure value read while tracing."""
        self.depth = 0
        """How many device function calls are being traced inline."""

    # -- locations and errors ----------------------------------------------------------------

    def source_location(self) -> SourceLocation | None:
        if self.frame is None or self.pos is None:
            return None
        return self.frame.locator.source(self.pos)

    def ir_location(self) -> LocationAttr:
        if self.frame is None or self.pos is None:
            return UnknownLoc()
        return self.frame.locator.ir(self.pos)

    def warn(self, message: str) -> None:
        """Emit an :class:`AscxWarning` attributed to the kernel source line being traced."""
        loc = self.source_location()
        if loc is None:
            warnings.warn(message, AscxWarning, stacklevel=2)
        else:
            warnings.warn_explicit(message, AscxWarning, loc.file, loc.line)

    def error(
        self, message: str, *, kind: str, hints: tuple[str, ...] = (), notes: tuple[str, ...] = ()
    ) -> KernelError:
        return KernelError(message, self.source_location(), list(notes), list(hints), kind)

    def _library_error(self, exc: BaseException) -> KernelError:
        if isinstance(exc, CompileTimeRequired):
            notes, hints = _provenance(exc.value)
            return self.error(str(exc), kind="needs-compile-time", notes=notes, hints=hints)
        return self.error(f"{type(exc).__name__}: {exc}", kind="library-error")

    # -- entry points --------------------------------------------------------------------------

    def run_kernel(self, fn: FunctionType, arguments: dict[str, Any]) -> None:
        """Trace the body of the kernel ``fn`` with its parameters bound to ``arguments``."""
        self._run(fn, arguments, is_kernel=True)

    def call_function(self, fn: FunctionType, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """Trace a device function inline and return its (Python or runtime) result."""
        try:
            bound = inspect.signature(fn).bind(*args, **kwargs)
        except TypeError as exc:
            raise self._library_error(exc) from exc
        bound.apply_defaults()
        if self.depth >= MAX_INLINE_DEPTH:
            raise self.error(
                f"device function calls nest more than {MAX_INLINE_DEPTH} deep (recursion?)",
                kind="unsupported-construct",
                hints=("device functions are traced inline, so they cannot be recursive",),
            )
        self.depth += 1
        try:
            return self._run(fn, dict(bound.arguments), is_kernel=False)
        finally:
            self.depth -= 1

    def _run(self, fn: FunctionType, arguments: dict[str, Any], *, is_kernel: bool) -> Any:
        code = fn.__code__
        try:
            instrs = decode(code)
        except BytecodeError as exc:
            self.frame = Frame(fn.__globals__, fn.__closure__, code, (), locator(code.co_filename), {}, is_kernel)
            self.pos = exc.pos
            raise self.error(
                f"{exc.construct.construct} is not supported in kernels",
                kind="unsupported-construct",
                hints=(exc.construct.hint,),
            ) from None
        frame = Frame(
            fn.__globals__, fn.__closure__, code, instrs, locator(code.co_filename), dict(arguments), is_kernel
        )
        caller, caller_pos = self.frame, self.pos
        self.frame = frame
        try:
            self._execute(frame)
        except _Return as ret:
            return ret.value
        finally:
            self.frame, self.pos = caller, caller_pos
        raise AssertionError("function ended without RETURN_VALUE")  # pragma: no cover

    def _execute(self, frame: Frame) -> None:
        pc = 0
        instrs = frame.instrs
        handlers = _HANDLERS
        while True:
            ins = instrs[pc]
            self.pos = ins.pos if ins.pos is not None else self.pos
            next_pc = handlers[ins.op](self, frame, ins)
            pc = pc + 1 if next_pc is None else next_pc

    # -- handlers: each returns the next instruction index, or None for the next one -----------

    def op_load_fast(self, frame: Frame, ins: Instr) -> None:
        try:
            frame.stack.append(frame.locals[ins.arg])
        except KeyError:
            raise self.error(f"local variable '{ins.arg}' is used before it is assigned", kind="unbound") from None

    def op_store_fast(self, frame: Frame, ins: Instr) -> None:
        value = frame.stack.pop()
        frame.locals[ins.arg] = value
        if isinstance(value, Handle):
            value.suggest_name(ins.arg)

    def op_delete_fast(self, frame: Frame, ins: Instr) -> None:
        frame.locals.pop(ins.arg, None)

    def op_load_const(self, frame: Frame, ins: Instr) -> None:
        frame.stack.append(ins.arg)

    def op_load_global(self, frame: Frame, ins: Instr) -> None:
        name = ins.arg
        if name in frame.globals:
            dependency = Dependency("global", name, frame.globals, frame.globals[name])
        elif hasattr(builtins, name):
            dependency = Dependency("builtin", name, builtins, getattr(builtins, name))
        else:
            raise self.error(f"name '{name}' is not defined", kind="undefined-name")
        self.dependencies.append(dependency)
        frame.stack.append(dependency.value)

    def op_load_deref(self, frame: Frame, ins: Instr) -> None:
        name = ins.arg
        if name in frame.code.co_freevars and frame.closure is not None:
            cell = frame.closure[frame.code.co_freevars.index(name)]
            try:
                value = cell.cell_contents
            except ValueError:
                raise self.error(f"free variable '{name}' is used before it is assigned", kind="unbound") from None
            self.dependencies.append(Dependency("closure", name, cell, value))
            frame.stack.append(value)
        else:
            self.op_load_fast(frame, ins)

    def op_load_attr(self, frame: Frame, ins: Instr) -> None:
        name, method = ins.arg
        obj = frame.stack.pop()
        try:
            value = getattr(obj, name)
        except Exception as exc:
            raise self._library_error(exc) from exc
        frame.stack.append(value)
        if method:
            frame.stack.append(NULL)

    def op_store_attr(self, frame: Frame, ins: Instr) -> None:
        obj = frame.stack.pop()
        value = frame.stack.pop()
        self._native(setattr, (obj, ins.arg, value), {})

    def op_delete_attr(self, frame: Frame, ins: Instr) -> None:
        self._native(delattr, (frame.stack.pop(), ins.arg), {})

    def op_call(self, frame: Frame, ins: Instr) -> None:
        argc, kwnames = ins.arg
        stack = frame.stack
        args = stack[len(stack) - argc :] if argc else []
        del stack[len(stack) - argc :]
        callee, receiver = _callee(stack)
        positional = (*receiver, *args[: argc - len(kwnames)])
        keywords = dict(zip(kwnames, args[argc - len(kwnames) :], strict=True))
        stack.append(self._invoke(callee, positional, keywords))

    def op_call_ex(self, frame: Frame, ins: Instr) -> None:
        kwargs: dict[str, Any] = frame.stack.pop() if ins.arg else {}
        args: tuple[Any, ...] = frame.stack.pop()
        callee, receiver = _callee(frame.stack)
        frame.stack.append(self._invoke(callee, (*receiver, *args), dict(kwargs)))

    def _invoke(self, callee: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        if (fn := traced_function(callee)) is not None:
            return self.call_function(fn, args, kwargs)
        return self._native(callee, args, kwargs)

    def _native(self, callee: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """Call Python (including the kernel API) with the current instruction as the error location."""
        try:
            return callee(*args, **kwargs)
        except KernelError:
            raise
        except Exception as exc:
            raise self._library_error(exc) from exc

    def op_push_null(self, frame: Frame, ins: Instr) -> None:
        frame.stack.append(NULL)

    def op_pop_top(self, frame: Frame, ins: Instr) -> None:
        frame.stack.pop()

    def op_copy(self, frame: Frame, ins: Instr) -> None:
        frame.stack.append(frame.stack[-ins.arg])

    def op_swap(self, frame: Frame, ins: Instr) -> None:
        stack = frame.stack
        stack[-1], stack[-ins.arg] = stack[-ins.arg], stack[-1]

    def op_binary_op(self, frame: Frame, ins: Instr) -> None:
        rhs, lhs = frame.stack.pop(), frame.stack.pop()
        op = _BINARY[ins.arg]
        if isinstance(lhs, Handle) and ins.arg.endswith("="):
            op = _BINARY[ins.arg[:-1]]  # in-place ops on runtime values build new values
        frame.stack.append(self._native(op, (lhs, rhs), {}))

    def op_compare_op(self, frame: Frame, ins: Instr) -> None:
        rhs, lhs = frame.stack.pop(), frame.stack.pop()
        op = _COMPARE[str(ins.arg).removeprefix("bool(").removesuffix(")")]
        frame.stack.append(self._native(op, (lhs, rhs), {}))

    def op_is_op(self, frame: Frame, ins: Instr) -> None:
        rhs, lhs = frame.stack.pop(), frame.stack.pop()
        frame.stack.append((lhs is not rhs) if ins.arg else (lhs is rhs))

    def op_contains_op(self, frame: Frame, ins: Instr) -> None:
        container, item = frame.stack.pop(), frame.stack.pop()
        result = self._native(operator.contains, (container, item), {})
        frame.stack.append(not result if ins.arg else result)

    def op_binary_subscr(self, frame: Frame, ins: Instr) -> None:
        key, container = frame.stack.pop(), frame.stack.pop()
        frame.stack.append(self._native(operator.getitem, (container, key), {}))

    def op_store_subscr(self, frame: Frame, ins: Instr) -> None:
        key, container, value = frame.stack.pop(), frame.stack.pop(), frame.stack.pop()
        self._native(operator.setitem, (container, key, value), {})

    def op_delete_subscr(self, frame: Frame, ins: Instr) -> None:
        key, container = frame.stack.pop(), frame.stack.pop()
        self._native(operator.delitem, (container, key), {})

    def op_build_slice(self, frame: Frame, ins: Instr) -> None:
        parts = self._pop_n(frame, ins.arg)
        frame.stack.append(slice(*parts))

    def _pop_n(self, frame: Frame, n: int) -> list[Any]:
        if not n:
            return []
        items = frame.stack[-n:]
        del frame.stack[-n:]
        return items

    def op_build_map(self, frame: Frame, ins: Instr) -> None:
        items = self._pop_n(frame, 2 * ins.arg)
        frame.stack.append({items[i]: items[i + 1] for i in range(0, len(items), 2)})

    def op_build_const_key_map(self, frame: Frame, ins: Instr) -> None:
        keys = frame.stack.pop()
        values = self._pop_n(frame, ins.arg)
        frame.stack.append(dict(zip(keys, values, strict=True)))

    def op_map_add(self, frame: Frame, ins: Instr) -> None:
        value, key = frame.stack.pop(), frame.stack.pop()
        frame.stack[-ins.arg][key] = value

    def op_list_to_tuple(self, frame: Frame, ins: Instr) -> None:
        frame.stack.append(tuple(frame.stack.pop()))

    def op_unpack_sequence(self, frame: Frame, ins: Instr) -> None:
        items = list(self._native(iter, (frame.stack.pop(),), {}))
        if len(items) != ins.arg:
            raise self.error(f"cannot unpack {len(items)} values into {ins.arg} names", kind="library-error")
        frame.stack.extend(reversed(items))

    def op_unpack_ex(self, frame: Frame, ins: Instr) -> None:
        before, after = ins.arg & 0xFF, ins.arg >> 8
        items = list(self._native(iter, (frame.stack.pop(),), {}))
        if len(items) < before + after:
            raise self.error(f"not enough values to unpack into {before + after} names", kind="library-error")
        middle = items[before : len(items) - after] if after else items[before:]
        frame.stack.extend(reversed([*items[:before], middle, *items[len(items) - after :]]))

    def op_convert(self, frame: Frame, ins: Instr) -> None:
        frame.stack.append(self._convert_value(frame.stack.pop(), ins.arg))

    def _convert_value(self, value: Any, conversion: int) -> Any:
        if isinstance(value, Handle):
            raise self._library_error(CompileTimeRequired(value, "an f-string"))
        return {0: value, 1: str, 2: repr, 3: ascii}[conversion](value) if conversion else value

    def op_format(self, frame: Frame, ins: Instr) -> None:
        conversion, has_spec = ins.arg
        spec = frame.stack.pop() if has_spec else ""
        value = self._convert_value(frame.stack.pop(), conversion)
        frame.stack.append(self._native(format, (value, spec), {}))

    def op_build_string(self, frame: Frame, ins: Instr) -> None:
        frame.stack.append("".join(self._pop_n(frame, ins.arg)))

    def op_jump(self, frame: Frame, ins: Instr) -> int:
        return ins.arg

    def op_branch(self, frame: Frame, ins: Instr) -> int:
        test, if_true, if_false = ins.arg
        value = frame.stack.pop()
        if test == "is_none":
            return if_true if value is None else if_false
        if isinstance(value, Handle):
            self._runtime_branch(value)
        truth = self._native(bool, (value,), {})
        return if_true if truth else if_false

    def _runtime_branch(self, value: Handle) -> NoReturn:
        notes, hints = _provenance(value)
        raise self.error(
            "branching on a runtime value is not supported by this version of ascx",
            kind="unsupported-construct",
            notes=notes,
            hints=(*hints, "branch on compile-time values (Python constants, asc.ConstExpr parameters)"),
        )

    def op_return_value(self, frame: Frame, ins: Instr) -> NoReturn:
        value = frame.stack.pop()
        self.return_pos = self.pos
        if frame.is_kernel and value is not None:
            raise self.error(
                "a kernel cannot return a value",
                kind="kernel-return",
                hints=("write results to an output tensor; only device functions return values",),
            )
        raise _Return(value)

    def op_load_assertion_error(self, frame: Frame, ins: Instr) -> None:
        frame.stack.append(AssertionError)

    def op_raise_varargs(self, frame: Frame, ins: Instr) -> NoReturn:
        if ins.arg == 0:
            raise self.error("a bare 'raise' is not supported in kernels", kind="unsupported-construct")
        args = self._pop_n(frame, ins.arg)
        exc = args[0]
        if exc is AssertionError or isinstance(exc, AssertionError):
            detail = str(exc) if isinstance(exc, AssertionError) else ""
            message = f"assertion failed: {detail}" if detail else "assertion failed"
            raise self.error(message, kind="compile-time-assert")
        raise self.error(f"the kernel raised {exc!r}", kind="library-error")

    def op_unsupported(self, frame: Frame, ins: Instr) -> NoReturn:
        raise self.error(
            f"{ins.arg.construct} is not supported in kernels", kind="unsupported-construct", hints=(ins.arg.hint,)
        )


Handler = Callable[[Interpreter, Frame, Instr], "int | None"]


def _unary(op: Callable[[Any], Any]) -> Handler:
    def handler(interp: Interpreter, frame: Frame, ins: Instr) -> None:
        frame.stack.append(interp._native(op, (frame.stack.pop(),), {}))  # pyright: ignore[reportPrivateUsage]

    return handler


def _build(make: Callable[[list[Any]], Any]) -> Handler:
    def handler(interp: Interpreter, frame: Frame, ins: Instr) -> None:
        frame.stack.append(make(interp._pop_n(frame, ins.arg)))  # pyright: ignore[reportPrivateUsage]

    return handler


def _container_update(method: str) -> Handler:
    def handler(interp: Interpreter, frame: Frame, ins: Instr) -> None:
        value = frame.stack.pop()
        interp._native(getattr(frame.stack[-ins.arg], method), (value,), {})  # pyright: ignore[reportPrivateUsage]

    return handler


def _unsupported_statement(construct: str, hint: str) -> Handler:
    def handler(interp: Interpreter, frame: Frame, ins: Instr) -> NoReturn:
        raise interp.error(f"{construct} is not supported in kernels", kind="unsupported-construct", hints=(hint,))

    return handler


_I = Interpreter
_HANDLERS: dict[str, Handler] = {
    "LOAD_FAST": _I.op_load_fast,
    "STORE_FAST": _I.op_store_fast,
    "DELETE_FAST": _I.op_delete_fast,
    "LOAD_CONST": _I.op_load_const,
    "LOAD_GLOBAL": _I.op_load_global,
    "LOAD_DEREF": _I.op_load_deref,
    "LOAD_ATTR": _I.op_load_attr,
    "STORE_ATTR": _I.op_store_attr,
    "DELETE_ATTR": _I.op_delete_attr,
    "CALL": _I.op_call,
    "CALL_EX": _I.op_call_ex,
    "PUSH_NULL": _I.op_push_null,
    "POP_TOP": _I.op_pop_top,
    "COPY": _I.op_copy,
    "SWAP": _I.op_swap,
    "BINARY_OP": _I.op_binary_op,
    "COMPARE_OP": _I.op_compare_op,
    "IS_OP": _I.op_is_op,
    "CONTAINS_OP": _I.op_contains_op,
    "UNARY_NEGATIVE": _unary(operator.neg),
    "UNARY_POSITIVE": _unary(operator.pos),
    "UNARY_INVERT": _unary(operator.invert),
    "UNARY_NOT": _unary(operator.not_),
    "BINARY_SUBSCR": _I.op_binary_subscr,
    "STORE_SUBSCR": _I.op_store_subscr,
    "DELETE_SUBSCR": _I.op_delete_subscr,
    "BUILD_SLICE": _I.op_build_slice,
    "BUILD_TUPLE": _build(tuple),
    "BUILD_LIST": _build(list),
    "BUILD_SET": _build(set),
    "BUILD_MAP": _I.op_build_map,
    "BUILD_CONST_KEY_MAP": _I.op_build_const_key_map,
    "BUILD_STRING": _I.op_build_string,
    "LIST_APPEND": _container_update("append"),
    "LIST_EXTEND": _container_update("extend"),
    "SET_ADD": _container_update("add"),
    "SET_UPDATE": _container_update("update"),
    "DICT_UPDATE": _container_update("update"),
    "DICT_MERGE": _container_update("update"),
    "MAP_ADD": _I.op_map_add,
    "LIST_TO_TUPLE": _I.op_list_to_tuple,
    "UNPACK_SEQUENCE": _I.op_unpack_sequence,
    "UNPACK_EX": _I.op_unpack_ex,
    "CONVERT": _I.op_convert,
    "FORMAT": _I.op_format,
    "JUMP": _I.op_jump,
    "BRANCH": _I.op_branch,
    "RETURN_VALUE": _I.op_return_value,
    "LOAD_ASSERTION_ERROR": _I.op_load_assertion_error,
    "RAISE_VARARGS": _I.op_raise_varargs,
    "UNSUPPORTED": _I.op_unsupported,
    "GET_ITER": _unsupported_statement(
        "a 'for' loop", "write the iterations out; loops are not supported by this ascx version"
    ),
    "BEFORE_WITH": _unsupported_statement(
        "a 'with' statement", "'with' statements are not supported by this ascx version"
    ),
}
"""One handler per canonical opname (``ascx.tracer.decode``)."""

assert set(_HANDLERS) == CANONICAL_OPS, sorted(set(_HANDLERS) ^ CANONICAL_OPS)
