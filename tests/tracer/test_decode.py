"""Decoding bytecode into the canonical instruction set (the same on CPython 3.11, 3.12 and 3.13)."""

from __future__ import annotations

from typing import Any

import pytest

from ascx.tracer.decode import CANONICAL_OPS, BytecodeError, Instr, check_python_version, decode


def ops(fn: Any) -> list[tuple[str, Any]]:
    return [(i.op, i.arg) for i in decode(fn.__code__)]


def sample(a: Any, b: Any) -> Any:  # a corpus of straight-line and branching Python
    x = g(1, k=2)  # noqa: F821
    a.foo(b, kw=x)
    y = a.bar if x and b else [x, *b]
    z = x or y
    s = f"{x!r:>4}{y}"
    del z
    first, *rest = (1, 2, 3)
    return s[1:2], {**{"a": first}}, rest, not y, -x, x is None, b in (1, 2), x < y <= 3


def test_every_decoded_op_is_canonical() -> None:
    assert {op for op, _ in ops(sample)} <= CANONICAL_OPS


def test_keyword_names_travel_with_the_call() -> None:
    def f() -> None:
        g(1, k=2)  # noqa: F821

    decoded = ops(f)
    assert ("CALL", (2, ("k",))) in decoded
    assert not any(op == "LOAD_CONST" and arg == ("k",) for op, arg in decoded)


def test_method_calls_and_global_calls() -> None:
    def f(a: Any) -> None:
        a.m()
        g()  # noqa: F821

    decoded = [op for op in ops(f) if op[0] in ("LOAD_ATTR", "LOAD_GLOBAL", "PUSH_NULL", "CALL")]
    assert decoded[:2] == [("LOAD_ATTR", ("m", True)), ("CALL", (0, ()))]
    assert sorted(decoded[2:4]) == [("LOAD_GLOBAL", "g"), ("PUSH_NULL", None)]
    assert decoded[4] == ("CALL", (0, ()))


def test_branches_have_both_targets() -> None:
    def f(x: Any) -> int:
        if x:
            return 1
        return 2

    instrs = decode(f.__code__)
    branches = [i for i in instrs if i.op == "BRANCH"]
    assert len(branches) == 1
    test, if_true, if_false = branches[0].arg
    assert test == "truthy"
    assert instrs[if_true] == Instr("LOAD_CONST", 1, instrs[if_true].pos)
    assert instrs[if_false].op == "LOAD_CONST"
    assert instrs[if_false].arg == 2


def test_returns_are_a_load_and_a_return() -> None:
    def f() -> None:
        return None

    assert ops(f)[-2:] == [("LOAD_CONST", None), ("RETURN_VALUE", None)]


def test_positions_are_one_based_lines_and_byte_columns() -> None:
    def f() -> None:
        g()  # noqa: F821

    call = next(i for i in decode(f.__code__) if i.op == "CALL")
    assert call.pos is not None
    assert call.pos.line == f.__code__.co_firstlineno + 1
    assert (call.pos.col, call.pos.end_col) == (8, 11)


def test_try_is_rejected_at_the_try_keyword() -> None:
    """Found by the issue-19 review: the error pointed at the first statement of the body."""

    def f() -> None:
        x = 1
        try:
            g(x)  # noqa: F821
        except ValueError:
            pass

    with pytest.raises(BytecodeError) as info:
        decode(f.__code__)
    assert info.value.construct.construct == "a 'try' statement"
    assert info.value.pos is not None
    assert info.value.pos.line == f.__code__.co_firstlineno + 2
    assert (info.value.pos.col, info.value.pos.end_col) == (8, 11)


def test_try_as_the_first_statement_is_located_at_its_keyword() -> None:
    def f() -> None:
        try:
            g()  # noqa: F821
        finally:
            pass

    with pytest.raises(BytecodeError) as info:
        decode(f.__code__)
    assert info.value.pos is not None
    assert (info.value.pos.line, info.value.pos.col) == (f.__code__.co_firstlineno + 1, 8)


def test_decoding_is_cached() -> None:
    assert decode(sample.__code__) is decode(sample.__code__)


@pytest.mark.parametrize("version", [(3, 10), (3, 14)])
def test_unsupported_python_versions(version: tuple[int, int]) -> None:
    with pytest.raises(RuntimeError, match=rf"Python {version[0]}\.{version[1]} is not supported \(3\.11-3\.13\)"):
        check_python_version(version)
