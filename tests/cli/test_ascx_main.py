"""``ascx compile``: the main job, and its error paths."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from ascx.cli.ascx_main import main

EXAMPLE = "examples/matmul_iterate_all_async.py"


def test_compile_prints_ascend_c(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compile", str(repo / EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert out.startswith('#include "kernel_operator.h"\n')
    assert "    matmul.IterateAll<false>(c_global, 0, false, true, false);\n    matmul.WaitIterateAll();\n" in out


def test_compile_emits_ir_with_a_named_kernel(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compile", f"{repo / EXAMPLE}::matmul_iterate_all_async", "--emit", "ir"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("builtin.module {\n")
    assert "loc(" not in out


def test_debug_info_prints_locations(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compile", str(repo / EXAMPLE), "--emit", "ir", "--debug-info"]) == 0
    assert 'loc("' in capsys.readouterr().out


def test_the_traced_ir_through_ascx_opt_is_the_compile(repo: Path, tmp_path: Path) -> None:
    """``--emit ir-traced`` prints the IR before any pass: the Matmul's wait is not there yet, and running
    the compile's pipeline over it with ``ascx-opt`` prints exactly what ``ascx compile`` prints (issue 28.9)."""
    from ascx.runtime.pipeline_spec import pipeline_for

    bin_dir = Path(sys.executable).parent
    traced = subprocess.run(
        [bin_dir / "ascx", "compile", repo / EXAMPLE, "--emit", "ir-traced"], capture_output=True, text=True, check=True
    ).stdout
    assert traced.startswith("builtin.module {\n")
    assert "kernel_type" not in traced  # ascx-kernel-type records it
    assert "loc(" not in traced
    (tmp_path / "traced.mlir").write_text(traced)
    from ascx.language.core.kernel_options import KernelOptions

    passes = ",".join(pipeline_for(KernelOptions()))
    lowered = subprocess.run(
        [bin_dir / "ascx-opt", tmp_path / "traced.mlir", "-p", passes, "-t", "ascendc"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    compiled = subprocess.run(
        [bin_dir / "ascx", "compile", repo / EXAMPLE], capture_output=True, text=True, check=True
    ).stdout
    assert lowered == compiled
    assert "matmul.WaitIterateAll();" in compiled


def test_a_kernel_traces_without_its_passes(repo: Path) -> None:
    """``kernel.trace(...)``: the module as traced, verified, with no pass run (no kernel-type record yet)."""
    from xdsl.dialects.builtin import ModuleOp

    from ascx.testing.examples import example_kernel

    kernel, args = example_kernel("vector_add")
    module = kernel.trace(*args)
    assert isinstance(module, ModuleOp)
    assert "kernel_type" not in str(module)
    assert "kernel_type" in kernel.compile(*args).ir


def test_args_select_the_specialisation(repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = tmp_path / "out.cpp"
    args = "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.uint8)"
    assert main(["compile", str(repo / EXAMPLE), "--args", args, "-o", str(output)]) == 0
    assert capsys.readouterr().out == ""
    assert "__gm__ uint8_t* workspace" in output.read_text()


def run_failing(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Traceback" not in captured.err
    return captured.err


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = run_failing(["compile", str(tmp_path / "nope.py")], capsys)
    assert err == f"error: no such file: {tmp_path / 'nope.py'}\n"


def test_unknown_kernel_name(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = run_failing(["compile", f"{repo / EXAMPLE}::nope"], capsys)
    assert err == f"error: {repo / EXAMPLE} has no @asc.jit function 'nope' (found: matmul_iterate_all_async)\n"


def test_kernel_error_is_a_located_diagnostic(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "bad.py"
    source.write_text("import ascx as asc\n\n@asc.jit\ndef k(x: asc.GlobalAddress) -> None:\n    pipe = asc.TPipe(1)\n")
    err = run_failing(["compile", str(source)], capsys)
    assert err.splitlines()[0] == (
        f"{source}:5:12: error: TypeError: TPipe.__init__() takes 1 positional argument but 2 were given"
    )
    assert err.splitlines()[1] == "    5 |     pipe = asc.TPipe(1)"


def test_bad_args_expression(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = run_failing(["compile", str(repo / EXAMPLE), "--args", "MockTensor("], capsys)
    assert err.startswith("error: --args: cannot evaluate 'MockTensor(': SyntaxError")


def test_wrong_number_of_args(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Located at the kernel's definition, with its --args template (found by the fuzzer: a kernel file with a
    parameter line dropped gave an error without a location)."""
    args = "asc.float16, asc.float16, asc.float32, asc.uint8, 7"
    err = run_failing(["compile", str(repo / EXAMPLE), "--args", args], capsys)
    assert err.splitlines() == [
        f"{repo / EXAMPLE}:15: error: kernel 'matmul_iterate_all_async': too many positional arguments",
        "   15 | @asc.jit",
        'hint: --args gives the parameters of matmul_iterate_all_async, e.g. --args "a=MockTensor(asc.float16), '
        'b=MockTensor(asc.float16), c=MockTensor(asc.float16), workspace=MockTensor(asc.float16)"',
    ]


KERNEL_WITH_DEFAULTS = """import ascx as asc


@asc.jit
def scale(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int, tile: asc.ConstExpr[int]{default}) -> None:
    pipe = asc.TPipe()
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, tile)
    asc.data_copy(a, xg, tile)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(yg, a, tile)
"""


def _kernel_file(tmp_path: Path, default: str = " = 256") -> Path:
    path = tmp_path / "scale.py"
    path.write_text(KERNEL_WITH_DEFAULTS.format(default=default))
    return path


def test_args_by_keyword_and_the_kernel_s_own_defaults(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--args "x=float32, y=float32"``: the addresses by name (a data type stands for a pointer of it), ``n``
    assumed, ``tile`` its Python default (issue 28.2)."""
    assert main(["compile", str(_kernel_file(tmp_path)), "--args", "x=float32, y=float32"]) == 0
    out = capsys.readouterr().out
    assert "void scale(__gm__ float* x, __gm__ float* y, int32_t n) {" in out
    assert "    AscendC::DataCopy(a, xg, 256);\n" in out
    assert main(["compile", str(_kernel_file(tmp_path)), "--args", "asc.float32, asc.float32, tile=64"]) == 0
    assert "    AscendC::DataCopy(a, xg, 64);\n" in capsys.readouterr().out


def test_an_error_from_an_assumed_dtype_says_it_was_assumed(tmp_path: Path) -> None:
    """A float32 kernel compiled without --args fails on the float16 ascx compile assumed: the note says so
    (issue 28.2); a subprocess, as a user runs it: no traceback."""
    result = subprocess.run(
        [Path(sys.executable).parent / "ascx", "compile", _kernel_file(tmp_path)], capture_output=True, text=True
    )
    assert result.returncode == 1
    assert result.stderr.splitlines()[-2:] == [
        "note: ascx compile assumed x=MockTensor(asc.float16), y=MockTensor(asc.float16), n=MockValue(asc.int32), "
        'as --args gave none: name the real ones, --args "x=..., y=..., n=..."',
        "hint: use asc.cast",
    ]
    assert "Traceback" not in result.stderr


def test_a_compile_time_parameter_without_a_default_asks_for_its_value(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = run_failing(["compile", str(_kernel_file(tmp_path, default="")), "--args", "x=float32, y=float32"], capsys)
    assert err.splitlines() == [
        "error: parameter 'tile' of scale is asc.ConstExpr and has no default: ascx compile cannot assume its value",
        'hint: give it with --args, e.g. --args "x=MockTensor(asc.float16), y=MockTensor(asc.float16), '
        'n=MockValue(asc.int32), tile=..."',
    ]


UNSYNCED = """import ascx as asc


@asc.jit
def copy_twice(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    asc.data_copy(a, xg, 256)
    asc.data_copy(yg, a, 256)
"""


@pytest.mark.filterwarnings("always")
def test_the_jit_options_on_the_command_line(repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--no-insert-sync``, ``--no-verify-sync``, ``--sync-report``, ``--kernel-type`` override the kernel's
    ``@asc.jit`` options (issue 28.3)."""
    source = tmp_path / "copy_twice.py"
    source.write_text(UNSYNCED)
    assert main(["compile", str(source)]) == 0
    assert "AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(0);" in capsys.readouterr().out
    err = run_failing(["compile", str(source), "--no-insert-sync"], capsys)
    assert err.splitlines()[0] == (
        f"{source}:12:5: error: `asc.data_copy` (MTE3) reads `a` written by `asc.data_copy` (MTE2) without "
        "synchronization; needs MTE2 → MTE3 ordering [HZ-1]"
    )
    assert main(["compile", str(source), "--no-insert-sync", "--no-verify-sync"]) == 0
    out, err = capsys.readouterr()
    assert "SetFlag" not in out
    assert "warning: verify_sync=False: this kernel's synchronization is not verified" in err
    assert main(["compile", str(source), "--sync-report"]) == 0
    assert "warning: remark: inserted asc.set_flag/asc.wait_flag(HardEvent.MTE2_MTE3, 0) for HZ-1" in (
        capsys.readouterr().err
    )
    assert main(["compile", str(repo / "examples" / "vector_add.py"), "--kernel-type", "MIX_AIV_1_0"]) == 0
    assert "    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);\n" in capsys.readouterr().out


def test_file_with_several_kernels_needs_a_name(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "two.py"
    source.write_text(
        "import ascx as asc\n\n@asc.jit\ndef k1() -> None:\n    pass\n\n@asc.jit\ndef k2() -> None:\n    pass\n"
    )
    err = run_failing(["compile", str(source)], capsys)
    assert err == f"error: {source} defines 2 @asc.jit functions (k1, k2)\nhint: name one: {source}::FUNC\n"


def test_import_failure_of_the_kernel_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "broken.py"
    source.write_text("import ascx as asc\nimport does_not_exist\n")
    err = run_failing(["compile", str(source)], capsys)
    assert err == (
        f"{source}:2: error: importing broken.py failed: ModuleNotFoundError: No module named 'does_not_exist'\n"
        "    2 | import does_not_exist\n"
    )


def test_syntax_error_in_the_kernel_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Found by the input fuzzer: a syntax error was reported without its line."""
    source = tmp_path / "broken.py"
    source.write_text('import ascx as asc\nx = "\n')
    err = run_failing(["compile", str(source)], capsys)
    assert err == (
        f"{source}:2:5: error: importing broken.py failed: "
        "SyntaxError: unterminated string literal (detected at line 2)\n"
        '    2 | x = "\n'
        "      |     ^\n"
    )


ATOMIC_LEFT_SET = (
    "import ascx as asc\n"
    "\n"
    "@asc.jit\n"
    "def k(z: asc.GlobalAddress) -> None:\n"
    "    z_gm = asc.GlobalTensor()\n"
    "    z_gm.set_global_buffer(z)\n"
    "    zl = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, 256)\n"
    "    asc.set_atomic_add(asc.float32)\n"
    "    asc.data_copy(z_gm, zl, 256)\n"
)
"""A kernel whose line 8 leaves atomic mode set: one AT-1 warning."""


def test_sync_warnings_print_as_diagnostics(tmp_path: Path) -> None:
    """A sync warning reaches the terminal as ``file:line:col: warning: message [RULE]`` with the excerpt of its
    line, not as a Python warning."""
    source = tmp_path / "k.py"
    source.write_text(ATOMIC_LEFT_SET)
    result = subprocess.run(
        [sys.executable, "-m", "ascx.cli.ascx_main", "compile", f"{source}::k", "--args", "MockTensor(asc.float32)"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONWARNINGS": "default"},
    )
    assert result.stderr == (
        f"{source}:8:5: warning: atomic mode set by `asc.set_atomic_add` is not reset with `asc.set_atomic_none()` "
        "before the kernel returns [AT-1]\n"
        "    8 |     asc.set_atomic_add(asc.float32)\n"
        "      |     ^\n"
    )


def test_emit_ir_of_a_cached_kernel_prints_each_warning_once(tmp_path: Path) -> None:
    """A kernel loaded from the disk cache keeps only its source; ``--emit ir`` rebuilds its IR, and the
    rebuild's warnings, already reported by the load, are not printed a second time."""
    source = tmp_path / "k.py"
    source.write_text(ATOMIC_LEFT_SET)
    warning = f"{source}:8:5: warning: atomic mode set by `asc.set_atomic_add`"
    for emit in ("ascendc", "ir", "ir"):  # the first run fills the cache, the others load from it
        result = _console(
            "compile", f"{source}::k", "--args", "MockTensor(asc.float32)", "--emit", emit, cache=tmp_path
        )
        assert result.returncode == 0, result.stderr
        assert result.stderr.count(warning) == 1, (emit, result.stderr)


def _console(*args: str, cache: Path) -> subprocess.CompletedProcess[str]:
    """``ascx ARGS`` as the console script runs it: ``entry()``, which ends without interpreter teardown."""
    code = "import sys\nfrom ascx.cli.ascx_main import entry\nsys.argv[0] = 'ascx'\nentry()\n"
    env = {**os.environ, "ASCX_CACHE_DIR": str(cache)}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, check=False)


def test_the_console_script_flushes_its_output_before_the_quick_exit(repo: Path, tmp_path: Path) -> None:
    result = _console("compile", str(repo / "examples" / "vector_add.py"), cache=tmp_path / "cache")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith('#include "kernel_operator.h"\n')
    assert result.stdout.endswith("}\n")
    written = tmp_path / "out.cpp"
    again = _console("compile", str(repo / "examples" / "vector_add.py"), "-o", str(written), cache=tmp_path / "cache")
    assert (again.returncode, again.stdout) == (0, "")
    assert written.read_text() == result.stdout


def test_the_console_script_exits_with_the_error_status(tmp_path: Path) -> None:
    missing = _console("compile", str(tmp_path / "nope.py"), cache=tmp_path / "cache")
    assert (missing.returncode, missing.stdout, missing.stderr) == (1, "", f"error: no such file: {tmp_path}/nope.py\n")
    usage = _console("compile", cache=tmp_path / "cache")
    assert usage.returncode == 2
    assert usage.stderr.endswith("error: the following arguments are required: FILE.py[::FUNC]\n")


def test_a_quick_exit_command_runs_without_the_cyclic_collector() -> None:
    code = (
        "import gc\nfrom ascx.cli.process_exit import run_command\n"
        "run_command(lambda: print(gc.isenabled()) or 3, quick_exit=lambda: {quick})\n"
    )
    for quick, enabled in (("True", "False"), ("False", "True")):
        result = subprocess.run([sys.executable, "-c", code.format(quick=quick)], capture_output=True, text=True)
        assert (result.returncode, result.stdout) == (3, f"{enabled}\n")


FLOAT64_KERNEL = """import ascx as asc


@asc.jit
def k(x: asc.GlobalAddress, n: int) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
"""

SUPPORTED = "float16, bfloat16, float32 or integer (int8 … int64, uint8 … uint64)"


def test_a_float64_tensor_argument_is_a_located_error(tmp_path: Path) -> None:
    """Issue 28.1: ``MockTensor(asc.float64)`` ended in xDSL's ``VerifyException`` and 67 lines of frames."""
    source = tmp_path / "k.py"
    source.write_text(FLOAT64_KERNEL)
    result = _console("compile", str(source), "--args", "MockTensor(asc.float64), MockValue(asc.int32)", cache=tmp_path)
    assert result.returncode == 1
    assert result.stdout == ""
    assert result.stderr == (
        f"{source}:4: error: kernel 'k', parameter 'x': MockTensor(float64) cannot be a kernel argument: Ascend C's "
        f"tensors hold {SUPPORTED} elements\n"
        "    4 | @asc.jit\n"
        "hint: pass MockTensor(asc.float32) (or another supported type)\n"
    )


def test_version(tmp_path: Path) -> None:
    """Issue 28.3: ``ascx --version`` (``ascx-opt --version`` is xdsl-opt's, naming xDSL's version)."""
    from ascx.version import __version__

    result = _console("--version", cache=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (0, f"ascx {__version__}\n", "")


def test_default_arguments_keep_a_defaulted_parameter_in_its_place(tmp_path: Path) -> None:
    """A parameter with a default between two without: each spec stays at its parameter's position."""
    from ascx.cli.kernel_loading import default_arguments, find_kernel, load_module
    from ascx.runtime.jit import MockTensor, MockValue

    source = tmp_path / "k.py"
    source.write_text(
        "import ascx as asc\n\n\n@asc.jit\n"
        "def k(x: asc.GlobalAddress, tile: asc.ConstExpr[int] = 64, n: int = 3, y: asc.GlobalAddress = None) -> None:\n"
        "    pass\n"
    )
    args = default_arguments(find_kernel(load_module(source), source, None))
    assert [type(a) for a in args] == [MockTensor, int, int, type(None)]
    assert args[1:3] == [64, 3]
    assert not any(isinstance(a, MockValue) for a in args)
