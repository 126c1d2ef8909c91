"""Decode a code object into ascx's canonical instruction set.

CPython 3.11, 3.12 and 3.13 encode the same Python differently (``PRECALL``/``KW_NAMES``,
``LOAD_METHOD``, ``RETURN_CONST``, ``CALL_KW``, ``TO_BOOL``, fused ``LOAD_FAST_LOAD_FAST``...).
This module is the only place that knows: it maps ``dis`` output to one small instruction
set with explicit jump targets (indices into the decoded list), so the interpreter has one
handler per canonical op.  Opcode numbers are never used, only ``opname``/``arg``/``argval``.
"""

from __future__ import annotations

import dis
import sys
from types import CodeType
from typing import Any

from ascx.tracer.instructions import Instr, Position, Unsupported
from ascx.tracer.normalize import normalize

SUPPORTED_VERSIONS = ((3, 11), (3, 12), (3, 13))


_DROPPED = frozenset(
    {"RESUME", "PRECALL", "EXTENDED_ARG", "MAKE_CELL", "COPY_FREE_VARS", "CACHE", "TO_BOOL", "KW_NAMES"}
)
_SAME = frozenset(
    {
        "LOAD_FAST", "STORE_FAST", "DELETE_FAST", "LOAD_DEREF", "LOAD_CONST", "STORE_ATTR", "PUSH_NULL",
        "POP_TOP", "COPY", "SWAP", "COMPARE_OP", "IS_OP", "CONTAINS_OP", "UNARY_NEGATIVE", "UNARY_INVERT",
        "UNARY_NOT", "UNARY_POSITIVE", "LIST_TO_TUPLE", "BINARY_SUBSCR", "STORE_SUBSCR", "BUILD_SLICE",
        "BUILD_TUPLE", "BUILD_LIST", "BUILD_SET", "BUILD_MAP", "BUILD_CONST_KEY_MAP", "BUILD_STRING",
        "LIST_APPEND", "LIST_EXTEND", "SET_ADD", "SET_UPDATE", "MAP_ADD", "DICT_UPDATE", "DICT_MERGE",
        "UNPACK_SEQUENCE", "UNPACK_EX", "RETURN_VALUE", "LOAD_ASSERTION_ERROR", "RAISE_VARARGS", "GET_ITER",
        "DELETE_SUBSCR", "DELETE_ATTR", "NOP",
    }
)  # fmt: skip
_NESTED = Unsupported(
    "a nested function, lambda or comprehension", "define helpers at module level and decorate them with @asc.jit"
)
_UNSUPPORTED: dict[str, Unsupported] = {
    **dict.fromkeys(("MAKE_FUNCTION", "SET_FUNCTION_ATTRIBUTE", "LOAD_FAST_AND_CLEAR", "LOAD_CLOSURE"), _NESTED),
    **dict.fromkeys(
        ("RETURN_GENERATOR", "YIELD_VALUE", "SEND", "END_SEND", "GET_YIELD_FROM_ITER"),
        Unsupported("a generator", "return values instead of yielding them"),
    ),
    **dict.fromkeys(
        ("GET_AWAITABLE", "GET_AITER", "GET_ANEXT", "BEFORE_ASYNC_WITH", "END_ASYNC_FOR"),
        Unsupported("async code", "kernels are synchronous Python functions"),
    ),
    **dict.fromkeys(
        ("IMPORT_NAME", "IMPORT_FROM", "IMPORT_STAR"), Unsupported("an import", "move imports to module level")
    ),
    **dict.fromkeys(
        ("STORE_GLOBAL", "DELETE_GLOBAL"),
        Unsupported("a global statement", "pass the value as an argument or return it"),
    ),
    **dict.fromkeys(
        ("STORE_DEREF", "DELETE_DEREF"), Unsupported("a nonlocal statement", "pass the value as an argument")
    ),
    "LOAD_BUILD_CLASS": Unsupported("a class definition", "define classes at module level"),
    "LOAD_SUPER_ATTR": Unsupported("super()", "call the base class method explicitly"),
    **dict.fromkeys(
        ("MATCH_CLASS", "MATCH_MAPPING", "MATCH_SEQUENCE", "MATCH_KEYS", "GET_LEN"),
        Unsupported("structural pattern matching", "use if/elif"),
    ),
}
_JUMPS = frozenset({"JUMP_FORWARD", "JUMP_BACKWARD", "JUMP_BACKWARD_NO_INTERRUPT"})

CANONICAL_OPS: frozenset[str] = _SAME | {
    "LOAD_GLOBAL", "LOAD_ATTR", "CALL", "CALL_EX", "BINARY_OP", "FORMAT", "CONVERT", "JUMP", "BRANCH",
    "FOR_ITER", "WITH_ENTER", "WITH_EXIT", "UNSUPPORTED",
}  # fmt: skip
"""Every opname the decoder emits; the interpreter has exactly one handler for each.

Control flow: ``JUMP t``; ``BRANCH (test, t_true, t_false)`` pops the tested value;
``FOR_ITER t`` pushes the iterator's next value, or on exhaustion pops the iterator and goes to
``t``; ``WITH_ENTER exit`` pops a context manager and pushes ``[exit marker, entered value]``,
and ``WITH_EXIT`` (the normal-exit ``__exit__(None, None, None)`` call) pops the marker."""
"""Every opname the decoder emits; the interpreter has exactly one handler for each."""
_CANONICAL_INTRINSICS = {"INTRINSIC_UNARY_POSITIVE": "UNARY_POSITIVE", "INTRINSIC_LIST_TO_TUPLE": "LIST_TO_TUPLE"}


class BytecodeError(Exception):
    """Bytecode ascx cannot trace: a ``try`` statement or an unexpected opcode."""

    def __init__(self, construct: Unsupported, pos: Position | None):
        super().__init__(construct.construct)
        self.construct = construct
        self.pos = pos


def check_python_version(version: tuple[int, int] | None = None) -> None:
    """Fail clearly on a Python whose bytecode ascx has not been validated against."""
    major_minor = version or (sys.version_info.major, sys.version_info.minor)
    if major_minor not in SUPPORTED_VERSIONS:
        raise RuntimeError(f"Python {major_minor[0]}.{major_minor[1]} is not supported (3.11-3.13)")


def _position(inst: dis.Instruction) -> Position | None:
    p = inst.positions
    if p is None or p.lineno is None:
        return None
    return Position(p.lineno, p.end_lineno, p.col_offset, p.end_col_offset)


def _try_keyword(instructions: list[dis.Instruction], protected: int) -> Position | None:
    """The position of the ``try`` keyword whose body starts at ``instructions[protected]``.

    CPython 3.11-3.13 compile ``try:`` to a ``NOP`` carrying the statement's position just before
    the protected range; its start is the keyword.  Without that ``NOP`` (a line shared with the
    previous instruction), the first protected instruction is the best location there is.
    """
    body = _position(instructions[protected])
    if protected > 0 and instructions[protected - 1].opname == "NOP":
        stmt = _position(instructions[protected - 1])
        if stmt is not None and stmt.col is not None and (body is None or stmt.line <= body.line):
            return Position(stmt.line, stmt.line, stmt.col, stmt.col + len("try"))
    return body


def _branch(opname: str) -> tuple[str, bool]:
    """``(test, jump_when)`` of a conditional jump opname."""
    test = "is_none" if opname.endswith(("_NONE",)) else "truthy"
    jump_when = not opname.endswith(("_FALSE", "_NOT_NONE"))
    return test, jump_when


class _Decoder:
    def __init__(self, code: CodeType):
        self.code = code
        self.with_exits: dict[int, int] = {}
        self.out: list[tuple[str, Any, Position | None]] = []
        self.index_of_offset: dict[int, int] = {}
        self.kwnames: tuple[str, ...] = ()

    def emit(self, op: str, arg: Any, pos: Position | None) -> None:
        self.out.append((op, arg, pos))

    def run(self) -> list[Instr]:
        instructions = list(dis.get_instructions(self.code))
        entries: list[Any] = getattr(dis.Bytecode(self.code), "exception_entries", [])
        self._reject_try(instructions, entries)
        skipped = _for_iter_epilogues(instructions)
        self.with_exits, exit_sequences = _with_exits(instructions, entries)
        for inst, following in zip(instructions, [*instructions[1:], None], strict=True):
            self.index_of_offset[inst.offset] = len(self.out)
            if inst.offset in skipped:
                continue
            if inst.offset in exit_sequences:
                if exit_sequences[inst.offset]:
                    self.emit("WITH_EXIT", None, _position(inst))
            elif inst.opname == "GET_ITER" and following is not None and following.opname == "LOAD_FAST_AND_CLEAR":
                # 3.12+ inline comprehensions: report the comprehension, not its loop.
                self.emit("UNSUPPORTED", _NESTED, _position(following))
            else:
                self._decode(inst)
        return self._resolve()

    def _reject_try(self, instructions: list[dis.Instruction], entries: list[Any]) -> None:
        """``try`` blocks: their handlers would never run in a trace, so they are rejected."""
        by_offset = {inst.offset: i for i, inst in enumerate(instructions)}
        for entry in entries:
            start = by_offset.get(entry.target)
            if start is None:
                continue
            head = [inst.opname for inst in instructions[start : start + 2]]
            if head[:1] == ["PUSH_EXC_INFO"] and head[1:] != ["WITH_EXCEPT_START"]:
                raise BytecodeError(
                    Unsupported("a 'try' statement", "kernels cannot catch exceptions; check conditions instead"),
                    _try_keyword(instructions, by_offset[entry.start]),
                )

    def _decode(self, inst: dis.Instruction) -> None:  # noqa: C901 (one dispatch over opnames)
        name, pos = inst.opname, _position(inst)
        if name == "KW_NAMES":
            self.kwnames = self.code.co_consts[inst.arg] if inst.arg is not None else ()
        if name in _DROPPED:
            return
        if name in _SAME:
            self.emit(name, inst.argval, pos)
        elif name in ("LOAD_FAST_CHECK",):
            self.emit("LOAD_FAST", inst.argval, pos)
        elif name == "LOAD_FAST_LOAD_FAST":
            first, second = inst.argval
            self.emit("LOAD_FAST", first, pos)
            self.emit("LOAD_FAST", second, pos)
        elif name == "STORE_FAST_LOAD_FAST":
            first, second = inst.argval
            self.emit("STORE_FAST", first, pos)
            self.emit("LOAD_FAST", second, pos)
        elif name == "STORE_FAST_STORE_FAST":
            first, second = inst.argval
            self.emit("STORE_FAST", first, pos)
            self.emit("STORE_FAST", second, pos)
        elif name == "RETURN_CONST":
            self.emit("LOAD_CONST", inst.argval, pos)
            self.emit("RETURN_VALUE", None, pos)
        elif name == "LOAD_GLOBAL":
            # ``NULL + name``: 3.11/3.12 push the NULL below the global (an attribute load may
            # follow and must see the global on top), 3.13 pushes it above.
            push_null = bool(inst.arg and inst.arg & 1)
            if push_null and sys.version_info < (3, 13):
                self.emit("PUSH_NULL", None, pos)
            self.emit("LOAD_GLOBAL", inst.argval, pos)
            if push_null and sys.version_info >= (3, 13):
                self.emit("PUSH_NULL", None, pos)
        elif name == "LOAD_METHOD":
            self.emit("LOAD_ATTR", (inst.argval, True), pos)
        elif name == "LOAD_ATTR":
            method = sys.version_info >= (3, 12) and bool(inst.arg and inst.arg & 1)
            self.emit("LOAD_ATTR", (inst.argval, method), pos)
        elif name == "CALL":
            self.emit("CALL", (inst.arg, self.kwnames), pos)
            self.kwnames = ()
        elif name == "CALL_KW":
            self._call_kw(inst, pos)
        elif name == "CALL_FUNCTION_EX":
            self.emit("CALL_EX", bool(inst.arg and inst.arg & 1), pos)
        elif name == "BINARY_OP":
            self.emit("BINARY_OP", inst.argrepr, pos)
        elif name == "BINARY_SLICE":
            self.emit("BUILD_SLICE", 2, pos)
            self.emit("BINARY_SUBSCR", None, pos)
        elif name == "STORE_SLICE":
            self.emit("BUILD_SLICE", 2, pos)
            self.emit("STORE_SUBSCR", None, pos)
        elif name == "CALL_INTRINSIC_1":
            self._intrinsic(inst, pos)
        elif name == "FORMAT_VALUE":
            flags = inst.arg or 0
            self.emit("FORMAT", (flags & 3, bool(flags & 4)), pos)
        elif name == "CONVERT_VALUE":
            self.emit("CONVERT", inst.arg, pos)
        elif name in ("FORMAT_SIMPLE", "FORMAT_WITH_SPEC"):
            self.emit("FORMAT", (0, name == "FORMAT_WITH_SPEC"), pos)
        elif name in _JUMPS:
            self.emit("JUMP", inst.argval, pos)
        elif name.startswith("POP_JUMP_"):
            test, jump_when = _branch(name)
            self.emit("BRANCH", (test, jump_when, inst.argval), pos)
        elif name == "FOR_ITER":
            self.emit("FOR_ITER", inst.argval, pos)
        elif name == "BEFORE_WITH":
            exit_offset = self.with_exits.get(inst.offset)
            if exit_offset is None:
                self.emit("UNSUPPORTED", Unsupported("this form of 'with' statement", "rewrite it"), pos)
            else:
                self.emit("WITH_ENTER", exit_offset, pos)
        elif name in ("JUMP_IF_TRUE_OR_POP", "JUMP_IF_FALSE_OR_POP"):
            # 3.11 only: rewrite into the 3.12 shape ``COPY 1; BRANCH; POP_TOP``.
            self.emit("COPY", 1, pos)
            self.emit("BRANCH", ("truthy", name == "JUMP_IF_TRUE_OR_POP", inst.argval), pos)
            self.emit("POP_TOP", None, pos)
        elif name in _UNSUPPORTED:
            self.emit("UNSUPPORTED", _UNSUPPORTED[name], pos)
        else:
            self.emit("UNSUPPORTED", Unsupported(f"the Python operation {name}", "rewrite this statement"), pos)

    def _call_kw(self, inst: dis.Instruction, pos: Position | None) -> None:
        op, kwnames, _ = self.out.pop()
        if op != "LOAD_CONST" or not isinstance(kwnames, tuple):
            raise BytecodeError(Unsupported("an unexpected CALL_KW layout", "please report this"), pos)
        self.emit("CALL", (inst.arg, kwnames), pos)

    def _intrinsic(self, inst: dis.Instruction, pos: Position | None) -> None:
        if (canonical := _CANONICAL_INTRINSICS.get(inst.argrepr)) is not None:
            self.emit(canonical, None, pos)
        elif inst.argrepr == "INTRINSIC_IMPORT_STAR":
            self.emit("UNSUPPORTED", _UNSUPPORTED["IMPORT_STAR"], pos)
        else:
            self.emit("UNSUPPORTED", Unsupported("an unsupported Python feature", "rewrite this statement"), pos)

    def _resolve(self) -> list[Instr]:
        """Replace jump-target byte offsets by instruction indices; give branches both targets."""
        result: list[Instr] = []
        for index, (op, arg, pos) in enumerate(self.out):
            if op in ("JUMP", "FOR_ITER", "WITH_ENTER"):
                arg = self._target(arg)
            elif op == "BRANCH":
                test, jump_when, offset = arg
                target, fallthrough = self._target(offset), index + 1
                arg = (test, target, fallthrough) if jump_when else (test, fallthrough, target)
            result.append(Instr(op, arg, pos))
        return result

    def _target(self, offset: int) -> int:
        # A dropped instruction maps to the next emitted one, which is where control continues.
        return self.index_of_offset[offset]


def _for_iter_epilogues(instructions: list[dis.Instruction]) -> set[int]:
    """Offsets of ``END_FOR`` (and, on 3.13, the ``POP_TOP`` after it): the canonical exhaustion
    edge of ``FOR_ITER`` already pops the iterator and goes past them."""
    skipped: set[int] = set()
    for inst, following in zip(instructions, [*instructions[1:], None], strict=True):
        if inst.opname == "END_FOR":
            skipped.add(inst.offset)
            if sys.version_info >= (3, 13) and following is not None and following.opname == "POP_TOP":
                skipped.add(following.offset)
    return skipped


_EXIT_SEQUENCE = ("LOAD_CONST", "LOAD_CONST", "LOAD_CONST", "CALL", "POP_TOP")


def _with_exits(instructions: list[dis.Instruction], entries: list[Any]) -> tuple[dict[int, int], dict[int, bool]]:
    """For each ``BEFORE_WITH``: the offset of its normal-exit ``__exit__(None, None, None)`` call.

    The with-body is the range that the exception-table entries of its ``WITH_EXCEPT_START``
    handler protect (possibly split around nested handlers); the exit sequence starts where that
    range ends.  Returns ``{BEFORE_WITH offset: exit offset}`` and the offsets of the exit
    sequences (``True`` for the first instruction of each, ``False`` for the rest).
    """
    by_offset = {inst.offset: i for i, inst in enumerate(instructions)}
    ranges: dict[int, tuple[int, int]] = {}
    for entry in entries:
        handler = by_offset.get(entry.target)
        if handler is None:
            continue
        if [i.opname for i in instructions[handler : handler + 2]] != ["PUSH_EXC_INFO", "WITH_EXCEPT_START"]:
            continue
        low, high = ranges.get(entry.target, (entry.start, entry.end))
        ranges[entry.target] = (min(low, entry.start), max(high, entry.end))
    exits: dict[int, int] = {}
    sequences: dict[int, bool] = {}
    for start, end in ranges.values():
        body, first = by_offset.get(start), by_offset.get(end)
        if body is None or first is None or body == 0 or instructions[body - 1].opname != "BEFORE_WITH":
            continue
        while first < len(instructions) and instructions[first].opname == "NOP":  # 'pass' cannot raise
            first += 1
        end = instructions[first].offset
        window = [i for i in instructions[first : first + 6] if i.opname != "PRECALL"][: len(_EXIT_SEQUENCE)]
        if tuple(i.opname for i in window) != _EXIT_SEQUENCE or any(i.argval is not None for i in window[:3]):
            continue
        exits[instructions[body - 1].offset] = end
        for inst in instructions[first : by_offset[window[-1].offset] + 1]:
            sequences[inst.offset] = inst.offset == end
    return exits, sequences


_cache: dict[CodeType, tuple[Instr, ...]] = {}


def decode(code: CodeType) -> tuple[Instr, ...]:
    """The canonical, normalised instructions of ``code`` (cached per code object)."""
    if (cached := _cache.get(code)) is not None:
        return cached
    instrs = normalize(_Decoder(code).run())
    _cache[code] = instrs
    return instrs
