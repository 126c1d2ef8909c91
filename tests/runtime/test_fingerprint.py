"""Stable fingerprints: equal across processes exactly when a value would trace the same."""

from __future__ import annotations

import math
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

import ascx as asc
from ascx.runtime.fingerprint import code_fingerprint, fingerprint


def test_plain_values_print_by_value() -> None:
    assert fingerprint(3) == "int:3"
    assert fingerprint(True) == "bool:True"
    assert fingerprint("a") == "str:'a'"
    assert fingerprint((1, 2.5, None)) == "tuple(int:1,float:2.5,NoneType:None)"
    assert fingerprint([1]) != fingerprint((1,))
    assert fingerprint({"a": 1}) == "{str:'a':int:1}"
    assert fingerprint(np.int16(7)) == "numpy:int16:7"


def test_ascx_values() -> None:
    assert fingerprint(asc.float16) == "dtype:float16"
    assert fingerprint(asc.TPosition.GM) == "enum:ascx.enums.TPosition.GM=0"
    t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    assert fingerprint(t) == fingerprint(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16))
    assert fingerprint(t) != fingerprint(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32))
    assert fingerprint(asc.adv.TCubeTiling(m=1)) != fingerprint(asc.adv.TCubeTiling(m=2))
    assert fingerprint(asc) == "module:ascx"
    assert fingerprint(asc.TPipe) == "class:ascx.language.fwk.tpipe.TPipe"


def test_functions_print_by_code_and_defaults() -> None:
    def f(x: int = 1) -> int:
        return x + 1

    def g(x: int = 1) -> int:
        return x + 2

    assert fingerprint(f) is not None
    assert fingerprint(f) != fingerprint(g)
    before = fingerprint(f)
    f.__defaults__ = (2,)
    assert fingerprint(f) != before
    assert fingerprint(len) == "builtin:builtins.len"
    assert fingerprint(math.floor) == "builtin:math.floor"


def test_code_fingerprints_see_positions() -> None:
    first = compile("x = 1\n", "k.py", "exec")
    moved = compile("\nx = 1\n", "k.py", "exec")
    renamed = compile("x = 1\n", "other.py", "exec")
    assert len({code_fingerprint(first), code_fingerprint(moved), code_fingerprint(renamed)}) == 3
    assert code_fingerprint(first) == code_fingerprint(compile("x = 1\n", "k.py", "exec"))


def test_user_classes_print_by_members() -> None:
    class A:
        SIZE = 4

        def m(self) -> int:
            return 1

    printed = fingerprint(A)
    assert printed is not None
    assert printed.startswith("class:tests.runtime.test_fingerprint.")
    A.SIZE = 5
    resized = fingerprint(A)
    A.m = lambda self: 2  # type: ignore[method-assign]
    assert len({printed, resized, fingerprint(A)}) == 3


@pytest.mark.parametrize("value", [object(), np.zeros(3), [object()], {"k": object()}])
def test_values_without_a_stable_print_give_none(value: Any) -> None:
    assert fingerprint(value) is None


def test_sets_do_not_depend_on_hash_seeds() -> None:
    script = "from ascx.runtime.fingerprint import fingerprint; print(fingerprint(frozenset({'a', 'b', 'c', 'd'})))"
    outputs = {
        subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, env={"PYTHONHASHSEED": seed}, check=True
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert outputs == {"frozenset{str:'a',str:'b',str:'c',str:'d'}\n"}
