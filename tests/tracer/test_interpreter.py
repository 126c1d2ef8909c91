"""The bytecode tracer on straight-line kernels: what it executes, and the errors it reports."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

import ascx as asc
from ascx.runtime.jit import MockTensor
from ascx.testing import line_of

F16 = MockTensor(asc.float16)


def compile_ir(module: ModuleType, *args: object) -> str:
    return module.k.compile(*(args or (F16,))).ir


def test_python_runs_at_trace_time(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        SIZES = {"small": 64, "large": 4096}
        SCALE = 2

        def plain_helper(n):
            return n * SCALE

        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            kind = "large" if SCALE > 1 else "small"
            first, *rest = (1, 2, 3)
            size = plain_helper(SIZES[kind]) + sum(rest) - first
            label = f"{kind}-{size:05d}"
            assert label == "large-08196", label
            parts = [size, -size, ~size, +size]
            table = {**{"a": 1}, "b": 2}
            assert parts[1:3] == [-8196, -8197] and table == {"a": 1, "b": 2} and (1 in {1, 2}) and not ()
            x_global = asc.GlobalTensor()
            x_global.set_global_buffer(x, size if SCALE is not None else 0)
        """
    )
    assert "%c8196_ui64 = ascendc.constant 8196 : ui64" in compile_ir(module)


def test_device_functions_are_traced_inline(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        @asc.jit
        def make_tensor(address, size=16):
            t = asc.GlobalTensor()
            t.set_global_buffer(address, size)
            return t, size * 2

        @asc.jit
        def k(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
            x_global, doubled = make_tensor(x)
            y_global, _ = make_tensor(y, size=doubled)
            args = (y, 64)
            make_tensor(*args)
        """
    )
    ir = module.k.compile(F16, F16).ir
    # Each inlined call declares its own tensor, named after the callee's variable (first name wins).
    assert "%t = ascendc.global_tensor : !ascendc.global_tensor<f16>" in ir
    assert "ascendc.global_tensor.set_global_buffer %t, %x, %c16_ui64" in ir
    assert "ascendc.global_tensor.set_global_buffer %t_1, %y, %c32_ui64" in ir
    assert "ascendc.global_tensor.set_global_buffer %t_2, %y, %c64_ui64" in ir
    assert ir.count("func.func") == 1


def test_closures_and_compile_time_branches(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        def make(flag):
            @asc.jit
            def k(x: asc.GlobalAddress) -> None:
                x_global = asc.GlobalTensor()
                if flag:
                    x_global.set_global_buffer(x, 1)
                else:
                    x_global.set_global_buffer(x, 2)
            return k

        K1, K2 = make(True), make(False)
        """
    )
    assert "%c1_ui64" in module.K1.compile(F16).ir
    assert "%c2_ui64" in module.K2.compile(F16).ir


def test_ops_are_located_at_their_python_source(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            xg = asc.GlobalTensor(); xg.set_global_buffer(x)
        """
    )
    text = module.k.compile(F16).ir_with_locations()
    pipe_line, set_line = line_of(module, "asc.TPipe()"), line_of(module, "set_global_buffer")
    assert f'%pipe = ascendc.pipe loc("{module.__file__}":{pipe_line}:12)' in text
    assert f'%xg = ascendc.global_tensor : !ascendc.global_tensor<f16> loc("{module.__file__}":{set_line}:30)' in text


def test_non_ascii_names_do_not_break_name_hints(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            s = "ééé"; tenseur_ä = asc.GlobalTensor(); tenseur_ä.set_global_buffer(x)
        """
    )
    ir = module.k.compile(F16).ir
    assert "%tenseur_ = ascendc.global_tensor" in ir


def error_of(module: ModuleType, *args: object) -> asc.KernelError:
    with pytest.raises(asc.KernelError) as info:
        module.k.compile(*(args or (F16,)))
    return info.value


UNSUPPORTED = [
    (
        "try:\n        y = 1 // 1\n    except ValueError:\n        pass",
        "a 'try' statement is not supported in kernels",
        "try:",
    ),
    (
        "with NO_CONTEXT:\n        pass",
        "a 'with' statement on a nullcontext is not supported in kernels",
        "with NO_CONTEXT",
    ),
    ("f = lambda: 1", "a nested function, lambda or comprehension is not supported in kernels", "lambda"),
    ("ys = [y for y in (1, 2)]", "a nested function, lambda or comprehension is not supported in kernels", "ys ="),
    ("import math", "an import is not supported in kernels", "import math"),
    ("global G\n    G = 1", "a global statement is not supported in kernels", "G = 1"),
]


@pytest.mark.parametrize(("statement", "message", "marker"), UNSUPPORTED)
def test_unsupported_constructs(
    kernel_module: Callable[[str], ModuleType], statement: str, message: str, marker: str
) -> None:
    preamble = "import contextlib\nNO_CONTEXT = contextlib.nullcontext()\n\n"
    source = f"{preamble}@asc.jit\ndef k(x: asc.GlobalAddress) -> None:\n    {statement}\n"
    module = kernel_module(source)
    error = error_of(module)
    assert error.kind == "unsupported-construct"
    assert error.message == message
    assert error.location is not None
    assert error.location.line == line_of(module, marker)
    assert error.hints


def test_is_none_on_a_runtime_value_explains_why_it_is_runtime(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress, n: int) -> None:
            if n is None:
                pass
        """
    )
    error = error_of(module, F16, 4)
    assert error.message == "'is None' needs a compile-time value, but 'n' is a runtime value"
    assert error.notes == ["'n' is a kernel argument that is not annotated asc.ConstExpr[...]"]
    assert error.hints[0] == "annotate 'n' as asc.ConstExpr[...] to make it a compile-time value"
    assert error.location is not None
    assert error.location.line == line_of(module, "if n is None:")


def test_runtime_value_in_python_code(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress, n: int) -> None:
            label = f"{n}"
        """
    )
    error = error_of(module, F16, 4)
    assert error.kind == "needs-compile-time"
    assert error.message == "an f-string needs a compile-time value, but 'n' is a runtime value"


@pytest.mark.parametrize(
    ("body", "message", "kind"),
    [
        ("return 1", "a kernel cannot return a value", "kernel-return"),
        ("y = undefined_name", "name 'undefined_name' is not defined", "undefined-name"),
        ("del x\n    y = x", "local variable 'x' is used before it is assigned", "unbound"),
        ("assert 1 == 2, 'sizes differ'", "assertion failed: sizes differ", "compile-time-assert"),
        ("raise ValueError('bad size')", "the kernel raised ValueError('bad size')", "library-error"),
        ("a, b = (1, 2, 3)", "cannot unpack 3 values into 2 names", "library-error"),
        ("y = 1 / 0", "ZeroDivisionError: division by zero", "library-error"),
    ],
)
def test_kernel_errors(kernel_module: Callable[[str], ModuleType], body: str, message: str, kind: str) -> None:
    module = kernel_module(f"@asc.jit\ndef k(x: asc.GlobalAddress) -> None:\n    {body}\n")
    error = error_of(module)
    assert (error.kind, error.message) == (kind, message)
    assert error.location is not None
    assert error.location.file == module.__file__


def test_error_in_device_function_points_into_it(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        @asc.jit
        def helper(address):
            t = asc.GlobalTensor()
            t.set_global_buffer(address - 1)

        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            helper(x)
        """
    )
    error = error_of(module)
    assert error.message == "TypeError: unsupported operand type(s) for -: 'GlobalAddress' and 'int'"
    assert error.location is not None
    assert error.location.line == line_of(module, "address - 1")


def test_generator_kernels_are_rejected_at_decoration(kernel_module: Callable[[str], ModuleType]) -> None:
    with pytest.raises(asc.KernelError, match=r"a generator cannot be an @asc\.jit function"):
        kernel_module(
            """
            @asc.jit
            def k(x):
                yield x
            """
        )


def test_varargs_kernels_are_rejected(kernel_module: Callable[[str], ModuleType]) -> None:
    with pytest.raises(asc.KernelError, match=r"\*args and \*\*kwargs parameters are not supported in kernels"):
        kernel_module(
            """
            @asc.jit
            def k(*args):
                pass
            """
        )


def test_recursive_device_functions_are_rejected(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        @asc.jit
        def down(n):
            return down(n - 1)

        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            down(3)
        """
    )
    error = error_of(module)
    assert error.message == "device function calls nest more than 64 deep (recursion?)"
    assert error.location is not None
    assert error.location.line == line_of(module, "return down(n - 1)")


def test_truth_test_in_a_plain_function_points_into_it(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        def positive(v):
            if v > 0:
                return 1
            return 0

        @asc.jit
        def k(x: asc.GlobalAddress, n: int) -> None:
            y = positive(n)
        """
    )
    error = error_of(module, F16, 4)
    assert error.kind == "needs-compile-time"
    assert error.message == "a Python truth test needs a compile-time value, but this condition is a runtime value"
    assert error.location is not None
    assert (error.location.line, error.location.col) == (line_of(module, "if v > 0"), 8)
    call = line_of(module, "y = positive(n)")
    assert error.notes == [
        f"'positive' is a plain Python function, called at {module.__file__}:{call}: it runs once at trace time, "
        "so its control flow cannot depend on runtime values",
        "this condition is computed from 'n', which is a kernel argument that is not annotated asc.ConstExpr[...]",
    ]
    assert error.hints == [
        "decorate 'positive' with @asc.jit so that it is traced like the kernel",
        "annotate 'n' as asc.ConstExpr[...] to make it a compile-time value",
    ]
