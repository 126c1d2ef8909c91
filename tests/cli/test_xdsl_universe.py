"""ascx in xDSL's plugin mechanism (issue 28.8) and the pass of docs/extending.md#a-pass-in-its-own-package
(issue 28.7): ``xdsl-opt`` knows ascx's dialect, passes and target through the ``xdsl.universe`` entry point,
and a package's own passes appear in ``ascx-opt`` the same way.  The package is the page's code, found as an
installed package is: a ``*.dist-info`` directory with its entry point on the path."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from xdsl.context import Context

from ascx.passes import get_all_passes
from ascx.testing.examples import example_kernel
from ascx.universe import ASCX_UNIVERSE

BIN = Path(sys.executable).parent
EXTENDING = Path(__file__).resolve().parents[2] / "docs" / "extending.md"


def _run(*command: object, env: dict[str, str] | None = None) -> str:
    result = subprocess.run([str(c) for c in command], capture_output=True, text=True, env=env, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def test_ascx_publishes_its_dialect_passes_and_target() -> None:
    from xdsl.universe import Universe

    assert set(ASCX_UNIVERSE.all_passes) == set(get_all_passes())
    assert set(ASCX_UNIVERSE.all_dialects) == {"ascendc"}
    assert ASCX_UNIVERSE.all_dialects["ascendc"]().name == "ascendc"
    multiverse = Universe.get_multiverse()
    assert {"ascendc"} <= set(multiverse.all_dialects)
    assert set(get_all_passes()) <= set(multiverse.all_passes)
    assert "ascendc" in multiverse.all_targets


def test_xdsl_opt_runs_ascx_s_ir_passes_and_target(repo: Path, tmp_path: Path) -> None:
    """``xdsl-opt`` reads what ``ascx compile --emit ir`` prints, unchanged, and lowers the traced IR with
    ascx's pipeline to exactly what ``ascx compile`` prints."""
    from ascx.language.core.kernel_options import KernelOptions
    from ascx.runtime.pipeline_spec import pipeline_for

    example = repo / "examples" / "vector_add.py"
    ir = _run(BIN / "ascx", "compile", example, "--emit", "ir")
    (tmp_path / "ir.mlir").write_text(ir)
    assert _run(BIN / "xdsl-opt", tmp_path / "ir.mlir") == ir + "\n"  # xdsl-opt ends with an empty line
    (tmp_path / "traced.mlir").write_text(_run(BIN / "ascx", "compile", example, "--emit", "ir-traced"))
    passes = ",".join(pipeline_for(KernelOptions()))
    lowered = _run(BIN / "xdsl-opt", tmp_path / "traced.mlir", "-p", passes, "-t", "ascendc")
    assert lowered == _run(BIN / "ascx", "compile", example)


def _page_pass() -> str:
    """The pass module of docs/extending.md#a-pass-in-its-own-package, as the page shows it."""
    page = EXTENDING.read_text()
    section = page[page.index('<a id="a-pass-in-its-own-package"></a>') :]
    match = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert match is not None
    return match.group(1)


def _installed_plugin(root: Path) -> dict[str, str]:
    """``my_passes`` as pip would leave it: the package and a dist-info naming its entry point."""
    (root / "my_passes").mkdir(parents=True)
    (root / "my_passes" / "__init__.py").write_text(_page_pass())
    info = root / "my_passes-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: my-passes\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[xdsl.universe]\nmy_passes = my_passes:MY_UNIVERSE\n")
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}


def test_the_page_s_pass_runs_in_ascx_opt_and_xdsl_opt(repo: Path, tmp_path: Path) -> None:
    env = _installed_plugin(tmp_path / "site")
    traced = tmp_path / "traced.mlir"
    traced.write_text(_run(BIN / "ascx", "compile", repo / "examples" / "vector_add.py", "--emit", "ir-traced"))
    for tool in ("ascx-opt", "xdsl-opt"):
        assert "count-pipe-work" in _run(BIN / tool, "--help", env=env)
        out = _run(BIN / tool, traced, "-p", "ascx-insert-sync,count-pipe-work", env=env)
        counts = re.search(r"pipe_work = \{([^}]*)\}", out)
        assert counts is not None, out[:2000]
        # the loop body's copies and vector ops, the flags ascx-insert-sync added (counted on the pipe that sets
        # or waits), the scalar bookkeeping, and the closing PipeBarrier<PIPE_ALL>
        expected = "pipe_all = 1 : i64, pipe_mte2 = 4 : i64, pipe_mte3 = 3 : i64, pipe_s = 23 : i64, pipe_v = 3 : i64"
        assert counts.group(1) == expected, counts.group(1)


def test_the_page_s_pass_runs_from_python(tmp_path: Path) -> None:
    namespace: dict[str, object] = {}
    exec(compile(_page_pass(), str(EXTENDING), "exec"), namespace)
    kernel, args = example_kernel("vector_add")
    module = kernel.trace(*args)
    pass_class = namespace["CountPipeWork"]
    assert isinstance(pass_class, type)
    pass_class().apply(Context(), module)
    assert "pipe_work" in module.attributes
