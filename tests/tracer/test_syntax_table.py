"""The syntax table of docs/syntax.md, row by row: each construct ascx accepts, with the exact C++ it
emits, and each construct it rejects, with the exact diagnostic.

Every kernel has the parameters ``x`` (a float16 GM address), ``n`` (int32), ``f`` (float32) and
``u`` (uint32), and may call ``sink(x, value)`` to keep a value observable and ``helper`` (a plain
Python function).  ``test_docs_table_rows_name_existing_tests`` checks that every row of the
table names a case here or a conformance kernel.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

import ascx as asc
from ascx.runtime.jit import JITFunction, MockTensor, MockValue
from ascx.testing import line_of
from ascx.testing.conformance import load

REPO = Path(__file__).resolve().parents[2]
ARGS = (MockTensor(asc.float16), 3, 1.0, MockValue(asc.uint32))

PRELUDE = """
import math

def helper(a, scale=1):
    return a * scale

@asc.jit
def sink(out, v):
    g = asc.GlobalTensor()
    g.set_global_buffer(out, v)
"""


@dataclass(frozen=True)
class Emits:
    """The kernel body compiles, and the C++ function body is exactly ``cpp``."""

    body: str
    cpp: str


@dataclass(frozen=True)
class Rejects:
    """The kernel body is rejected with ``kind`` and ``message`` at the line marked ``# here``."""

    body: str
    kind: str
    message: str


def kernel_source(body: str) -> str:
    inner = textwrap.indent(textwrap.dedent(body).strip("\n"), "    ")
    return f"{PRELUDE}\n@asc.jit\ndef k(x: asc.GlobalAddress, n: int, f: float, u: int) -> None:\n{inner}\n"


def function_body(source: str) -> str:
    """The statements of the kernel function in emitted C++, dedented."""
    body = source.split(") {\n", 1)[1].rsplit("}", 1)[0]
    return textwrap.dedent(body)


ACCEPTED: dict[str, Emits] = {
    "attribute_access": Emits(
        """
            g = asc.GlobalTensor()
            g.set_global_buffer(x, 16)
        """,
        """
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, 16);
        """,
    ),
    "while_runtime": Emits(
        """
            i = 0
            while i < n:
                i += 2
            sink(x, i)
        """,
        """
            int32_t i = 0;
            while (true) {
                bool v = i < n;
                if (!v) break;
                int32_t i_1 = i + 2;
                i = i_1;
            }
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, i);
        """,
    ),
    "while_compile_time": Emits(
        """
            i, total = 0, 0
            while i < 3:
                total += n
                i += 1
            sink(x, total)
        """,
        """
            int32_t total = 0 + n;
            int32_t total_1 = total + n;
            int32_t total_2 = total_1 + n;
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, total_2);
        """,
    ),
    "for_range_runtime": Emits(
        """
            acc = 0
            for i in range(1, n, 2):
                acc += i
            sink(x, acc)
        """,
        """
            int32_t acc = 0;
            for (int32_t i = 1; i < n; i += 2) {
                int32_t acc_1 = acc + i;
                acc = acc_1;
            }
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, acc);
        """,
    ),
    "for_range_compile_time": Emits(
        """
            acc = 0
            for i in asc.static_range(3):
                acc = acc + i * n
            sink(x, acc)
        """,
        """
            int32_t v = 0 * n;
            int32_t acc = 0 + v;
            int32_t v_1 = 1 * n;
            int32_t acc_1 = acc + v_1;
            int32_t v_2 = 2 * n;
            int32_t acc_2 = acc_1 + v_2;
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, acc_2);
        """,
    ),
    "binary_operators": Emits(
        """
            y = n * 3 + n // 2 - n % 5
            z = (n << 1) | (n & 3) ^ (n >> 2)
            w = f / 2.0
            sink(x, y + z)
        """,
        """
            int32_t v = n * 3;
            int32_t v_1 = n / 2;
            int32_t v_2 = v + v_1;
            int32_t v_3 = n % 5;
            int32_t y = v_2 - v_3;
            int32_t v_4 = n << 1;
            int32_t v_5 = n & 3;
            int32_t v_6 = n >> 2;
            int32_t v_7 = v_5 ^ v_6;
            int32_t z = v_4 | v_7;
            float w = f / 2.0f;
            int32_t v_8 = y + z;
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, v_8);
        """,
    ),
    "unary_operators": Emits(
        """
            a = -n
            b = ~n
            c = not (n > 1)
            d = -f
            sink(x, a + b)
        """,
        """
            int32_t a = 0 - n;
            int32_t b = n ^ -1;
            bool v = n > 1;
            bool c = !v;
            float d = -f;
            int32_t v_1 = a + b;
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, v_1);
        """,
    ),
    "tuples": Emits(
        """
            a, b = n, n + 1
            sink(x, b)
        """,
        """
            int32_t b = n + 1;
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, b);
        """,
    ),
    "pass_statement": Emits(
        """
            pass
        """,
        """

        """,
    ),
    "lists": Emits(
        """
            sizes = [16, 32]
            sizes.append(64)
            sink(x, sizes[-1])
        """,
        """
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, 64);
        """,
    ),
    "conditional_expression": Emits(
        """
            sink(x, n + 1 if n > 0 else n - 1)
        """,
        """
            bool v = n > 0;
            int32_t v_1;
            if (v) {
                int32_t v_2 = n + 1;
                v_1 = v_2;
            } else {
                int32_t v_3 = n - 1;
                v_1 = v_3;
            }
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, v_1);
        """,
    ),
    "if_elif_else": Emits(
        """
            if n > 10:
                y = 1
            elif n > 5:
                y = 2
            else:
                y = 3
            sink(x, y)
        """,
        """
            bool v = n > 10;
            int32_t y;
            if (v) {
                y = 1;
            } else {
                bool v_1 = n > 5;
                int32_t y_1;
                if (v_1) {
                    y_1 = 2;
                } else {
                    y_1 = 3;
                }
                y = y_1;
            }
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, y);
        """,
    ),
    "constants": Emits(
        """
            sink(x, 7)
        """,
        """
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, 7);
        """,
    ),
    "comparisons": Emits(
        """
            sink(x, 1 if 3 in (1, 2, 3) and asc.float16 is not None else 0)
        """,
        """
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, 1);
        """,
    ),
    "calls": Emits(
        """
            sink(x, helper(n, scale=2))
        """,
        """
            int32_t v = n * 2;
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, v);
        """,
    ),
    "and_or": Emits(
        """
            if n > 0 and n < 10 or n == 20:
                sink(x, 1)
        """,
        """
            bool v = n > 0;
            if (v) {
                bool v_1 = n < 10;
                if (v_1) {
                    AscendC::GlobalTensor<half> g;
                    g.SetGlobalBuffer(x, 1);
                } else {
                    bool v_2 = n == 20;
                    if (v_2) {
                        AscendC::GlobalTensor<half> g_1;
                        g_1.SetGlobalBuffer(x, 1);
                    }
                }
            } else {
                bool v_3 = n == 20;
                if (v_3) {
                    AscendC::GlobalTensor<half> g_2;
                    g_2.SetGlobalBuffer(x, 1);
                }
            }
        """,
    ),
    "augmented_assignment": Emits(
        """
            acc = n
            acc += 4
            acc *= 2
            sink(x, acc)
        """,
        """
            int32_t acc = n + 4;
            int32_t acc_1 = acc * 2;
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, acc_1);
        """,
    ),
    "augmented_assignment_list_alias": Emits(
        """
            lst = [1]
            alias = lst
            lst += [2]
            sink(x, len(alias))
        """,
        """
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, 2);
        """,
    ),
    "assignment_chain": Emits(
        """
            a = b = n + 1
            sink(x, a + b)
        """,
        """
            int32_t a = n + 1;
            int32_t v = a + a;
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, v);
        """,
    ),
    "annotated_assignment": Emits(
        """
            count: int = 3
            sink(x, count)
        """,
        """
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, 3);
        """,
    ),
    "fstring_and_assert": Emits(
        """
            SIZE = 8
            assert SIZE > 4, f'SIZE={SIZE} is too small'
            sink(x, SIZE)
        """,
        """
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, 8);
        """,
    ),
    "subscript": Emits(
        """
            t = (4, 5, 6)
            sink(x, t[1])
        """,
        """
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, 5);
        """,
    ),
    "builtins": Emits(
        """
            sink(x, len((1, 2, 3)) + max(1, 2) + abs(-1))
        """,
        """
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, 6);
        """,
    ),
    "slice": Emits(
        """
            t = (1, 2, 3, 4)[1:3]
            sink(x, t[1])
        """,
        """
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, 3);
        """,
    ),
    "continue_in_for": Emits(
        """
            acc = 0
            for i in range(n):
                if i == 2:
                    continue
                acc += i
            sink(x, acc)
        """,
        """
            int32_t acc = 0;
            for (int32_t i = 0; i < n; i += 1) {
                bool v = i == 2;
                int32_t acc_1;
                if (v) {
                    acc_1 = acc;
                } else {
                    int32_t acc_2 = acc + i;
                    acc_1 = acc_2;
                }
                acc = acc_1;
            }
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, acc);
        """,
    ),
    "break_in_unrolled_loop": Emits(
        """
            acc = 0
            for i in asc.static_range(10):
                if i == 3:
                    break
                acc += n
            sink(x, acc)
        """,
        """
            int32_t acc = 0 + n;
            int32_t acc_1 = acc + n;
            int32_t acc_2 = acc_1 + n;
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, acc_2);
        """,
    ),
    "break_in_runtime_loop": Emits(
        """
            total = 0
            for i in range(n):
                if total > 100:
                    break
                total += i
            sink(x, total)
        """,
        """
            int32_t i = 0;
            int32_t left = 0;
            int32_t total = 0;
            while (true) {
                bool v = left == 0;
                bool v_1 = i < n;
                bool v_2 = v_1 & v;
                if (!v_2) break;
                bool v_3 = total > 100;
                int32_t left_1;
                int32_t total_1;
                if (v_3) {
                    left_1 = 1;
                    total_1 = total;
                } else {
                    int32_t total_2 = total + i;
                    left_1 = left;
                    total_1 = total_2;
                }
                int32_t v_4 = i + 1;
                i = v_4;
                left = left_1;
                total = total_1;
            }
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, total);
        """,
    ),
    "return_in_runtime_loop": Emits(
        """
            g = asc.GlobalTensor()
            g.set_global_buffer(x, 16)
            for i in range(n):
                if g.get_value(i) > 1.0:
                    return
                g.set_value(i, 1.0)
            g.set_value(0, 2.0)
        """,
        """
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, 16);
            int32_t i = 0;
            int32_t left = 0;
            while (true) {
                bool v = left == 0;
                bool v_1 = i < n;
                bool v_2 = v_1 & v;
                if (!v_2) break;
                half v_3 = g.GetValue(i);
                bool v_4 = v_3 > half(1.0);
                int32_t left_1;
                if (v_4) {
                    left_1 = 1;
                } else {
                    g.SetValue(i, half(1.0));
                    left_1 = left;
                }
                int32_t v_5 = i + 1;
                i = v_5;
                left = left_1;
            }
            bool v_6 = left == 1;
            if (!v_6) {
                g.SetValue(0, half(2.0));
            }
        """,
    ),
    "variable_defined_in_if": Emits(
        """
            if n > 0:
                y = n
            else:
                y = 0
            sink(x, y)
        """,
        """
            bool v = n > 0;
            int32_t y;
            if (v) {
                y = n;
            } else {
                y = 0;
            }
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, y);
        """,
    ),
    "dead_variable_in_one_branch": Emits(
        """
            if n > 0:
                tmp = 1.5
                y = n
            else:
                tmp = 2
                y = 0
            sink(x, y)
        """,
        """
            bool v = n > 0;
            int32_t y;
            if (v) {
                y = n;
            } else {
                y = 0;
            }
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, y);
        """,
    ),
    "unsigned_comparison": Emits(
        """
            sink(x, 1 if u < 5 else 0)
        """,
        """
            bool v = u < 5;
            int32_t v_1;
            if (v) {
                v_1 = 1;
            } else {
                v_1 = 0;
            }
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, v_1);
        """,
    ),
    "min_max_abs_of_runtime_values": Emits(
        """
            sink(x, min(n, 4) + max(abs(n), 1))
        """,
        """
            bool v = 4 < n;
            int32_t v_1 = v ? 4 : n;
            bool v_2 = n < 0;
            int32_t v_3 = 0 - n;
            int32_t v_4 = v_2 ? v_3 : n;
            bool v_5 = 1 > v_4;
            int32_t v_6 = v_5 ? 1 : v_4;
            int32_t v_7 = v_1 + v_6;
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, v_7);
        """,
    ),
    "sqrt_of_runtime_value": Emits(
        """
            o = asc.GlobalTensor()
            o.set_global_buffer(x, 16)
            o.set_value(0, 1.0 / math.sqrt(f))
        """,
        """
            AscendC::GlobalTensor<half> o;
            o.SetGlobalBuffer(x, 16);
            float v = sqrt(f);
            float v_1 = 1.0f / v;
            half v_2 = static_cast<half>(v_1);
            o.SetValue(0, v_2);
        """,
    ),
    "chained_comparison": Emits(
        """
            sink(x, 1 if 0 < n < 10 else 0)
        """,
        """
            bool v = n > 0;
            int32_t v_1;
            if (v) {
                bool v_2 = n < 10;
                int32_t v_3;
                if (v_2) {
                    v_3 = 1;
                } else {
                    v_3 = 0;
                }
                v_1 = v_3;
            } else {
                v_1 = 0;
            }
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, v_1);
        """,
    ),
    "not_operator": Emits(
        """
            if not n > 3:
                sink(x, 1)
        """,
        """
            bool v = n > 3;
            if (!v) {
                AscendC::GlobalTensor<half> g;
                g.SetGlobalBuffer(x, 1);
            }
        """,
    ),
    "walrus": Emits(
        """
            if (m := n * 2) > 4:
                sink(x, m)
        """,
        """
            int32_t m = n * 2;
            bool v = m > 4;
            if (v) {
                AscendC::GlobalTensor<half> g;
                g.SetGlobalBuffer(x, m);
            }
        """,
    ),
    "match_literal": Emits(
        """
            mode = 2
            match mode:
                case 1:
                    sink(x, 1)
                case 2:
                    sink(x, 2)
        """,
        """
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, 2);
        """,
    ),
    "for_else": Emits(
        """
            acc = 0
            for i in range(n):
                acc += i
            else:
                acc += 100
            sink(x, acc)
        """,
        """
            int32_t acc = 0;
            for (int32_t i = 0; i < n; i += 1) {
                int32_t acc_1 = acc + i;
                acc = acc_1;
            }
            int32_t acc_2 = acc + 100;
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, acc_2);
        """,
    ),
    "del_statement": Emits(
        """
            y = n + 1
            del y
            sink(x, n)
        """,
        """
            int32_t y = n + 1;
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, n);
        """,
    ),
    "star_args_call": Emits(
        """
            t = (n, 2)
            sink(x, helper(*t))
        """,
        """
            int32_t v = n * 2;
            AscendC::GlobalTensor<half> g;
            g.SetGlobalBuffer(x, v);
        """,
    ),
}

REJECTED: dict[str, Rejects] = {
    "print": Rejects("print(n)  # here", "unsupported-construct", "'print' is not supported in kernels"),
    "import": Rejects("import math  # here", "unsupported-construct", "an import is not supported in kernels"),
    "from_import": Rejects(
        "from math import floor  # here", "unsupported-construct", "an import is not supported in kernels"
    ),
    "raise_under_runtime_condition": Rejects(
        """
        if n > 0:
            raise ValueError("negative")  # here
        """,
        "runtime-raise",
        "'raise' under a runtime condition",
    ),
    "raise_reached": Rejects(
        "raise ValueError('bad size')  # here", "library-error", "the kernel raised ValueError('bad size')"
    ),
    "runtime_assert": Rejects("assert n > 0  # here", "runtime-assert", "assert on a runtime value"),
    "compile_time_assert": Rejects(
        """
        SIZE = 2
        assert SIZE > 4, f"SIZE={SIZE} is too small"  # here
        """,
        "compile-time-assert",
        "assertion failed: SIZE=2 is too small",
    ),
    "power_of_runtime_value": Rejects(
        "y = n ** 2  # here",
        "library-error",
        "NotImplementedError: Power operator is not implemented for runtime values",
    ),
    "math_function_of_runtime_value": Rejects(
        "y = math.exp(f)  # here",
        "needs-compile-time",
        "math.exp() has no scalar form in Ascend C; on runtime scalars ascx computes math.sqrt, abs, min and max",
    ),
    "match_class_pattern": Rejects(
        """
        match n:
            case int():  # here
                pass
        """,
        "unsupported-construct",
        "structural pattern matching is not supported in kernels",
    ),
    "class_definition": Rejects(
        """
        class A:  # here
            pass
        """,
        "unsupported-construct",
        "a class definition is not supported in kernels",
    ),
    "super": Rejects("super()  # here", "unsupported-construct", "'super' is not supported in kernels"),
    "list_comprehension": Rejects(
        "ys = [y for y in (1, 2)]  # here",
        "unsupported-construct",
        "a nested function, lambda or comprehension is not supported in kernels",
    ),
    "lambda": Rejects(
        "g = lambda: 1  # here",
        "unsupported-construct",
        "a nested function, lambda or comprehension is not supported in kernels",
    ),
    "kernel_return_value": Rejects("return 1  # here", "kernel-return", "a kernel cannot return a value"),
    "is_none_on_runtime_value": Rejects(
        """
        if n is None:  # here
            pass
        """,
        "needs-compile-time",
        "'is None' needs a compile-time value, but 'n' is a runtime value",
    ),
    "runtime_value_in_fstring": Rejects(
        "label = f'{n}'  # here",
        "needs-compile-time",
        "an f-string needs a compile-time value, but 'n' is a runtime value",
    ),
}


@pytest.mark.parametrize("name", sorted(ACCEPTED))
def test_accepted(kernel_module: Callable[[str], ModuleType], name: str) -> None:
    case = ACCEPTED[name]
    module = kernel_module(kernel_source(case.body))
    assert function_body(module.k.compile(*ARGS).source) == textwrap.dedent(case.cpp).lstrip("\n").rstrip(" ")


@pytest.mark.parametrize("name", sorted(REJECTED))
def test_rejected(kernel_module: Callable[[str], ModuleType], name: str) -> None:
    case = REJECTED[name]
    module = kernel_module(kernel_source(case.body))
    with pytest.raises(asc.KernelError) as info:
        module.k.compile(*ARGS)
    error = info.value
    assert (error.kind, error.message) == (case.kind, case.message)
    assert error.location is not None
    assert error.location.line == line_of(module, "# here")
    assert error.hints or error.kind in ("compile-time-assert", "library-error")


def test_generators_and_coroutines_are_rejected_at_decoration(kernel_module: Callable[[str], ModuleType]) -> None:
    sources = [
        ("a generator", "def k(x):\n    yield x\n"),
        ("a generator", "def k(x):\n    yield from (x,)\n"),
        ("a coroutine", "async def k(x):\n    pass\n"),
    ]
    for construct, source in sources:
        module = kernel_module(source)
        with pytest.raises(asc.KernelError) as info:
            asc.jit(module.k)
        assert info.value.message == f"{construct} cannot be an @asc.jit function"


def test_async_with_needs_a_coroutine_and_is_rejected(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module("async def k(x):\n    async with x:\n        pass\n")
    with pytest.raises(asc.KernelError) as info:
        asc.jit(module.k)
    assert info.value.message == "a coroutine cannot be an @asc.jit function"


def test_kernels_cannot_be_methods(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        class Holder:
            @asc.jit
            def k(self, x: asc.GlobalAddress) -> None:
                pass
        """
    )
    assert isinstance(module.Holder.k, JITFunction)
    with pytest.raises(asc.KernelError) as info:
        module.Holder().k.compile(*ARGS[:1])
    assert info.value.message == "'Holder.k' is an @asc.jit function defined as a method, which kernels cannot be"


# -- the table in docs/syntax.md ---------------------------------------------------------------------

_ROW_TEST = re.compile(r"`(syntax|conformance|test):([A-Za-z0-9_]+)`")


def test_docs_table_rows_name_existing_tests() -> None:
    text = (REPO / "docs" / "syntax.md").read_text()
    kernels = vars(load(REPO / "tests" / "tracer" / "conformance" / "kernels.py"))
    named = _ROW_TEST.findall(text)
    assert len(named) > 60
    tests = {name for name in globals() if name.startswith("test_")}
    for kind, name in named:
        if kind == "syntax":
            assert name in ACCEPTED or name in REJECTED, name
        elif kind == "conformance":
            assert name in kernels, name
        else:
            assert name in tests or _exists_elsewhere(name), name
    rows = [line for line in text.splitlines() if line.startswith("| ") and not line.startswith("| Construct")]
    assert [row for row in rows if not _ROW_TEST.search(row)] == []


def _exists_elsewhere(name: str) -> bool:
    """Whether some test module under tests/ defines a test function ``name``."""
    return any(f"def {name}(" in path.read_text() for path in (REPO / "tests").rglob("test_*.py"))
