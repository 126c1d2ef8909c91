"""Sync diagnostics on the command line (issue 28.5): ``ascx compile`` prints errors and warnings with the
excerpt of their lines, warnings with their columns, the same from the disk cache; ``ascx-opt`` shows
excerpts for IR that points at Python source and prints IR without it as before."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

UNSYNCHRONISED = """\
import ascx as asc


@asc.jit(insert_sync=False)
def k(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    xl = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    zl = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 1024, 256)
    asc.data_copy(xl, x_gm, 256)
    asc.abs(zl, xl, 256)
"""

ASYNC_MATMUL = """\
import ascx as asc


@asc.jit
def k(a: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    A = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    C = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(A, A, C)
    asc.adv.register_matmul(pipe, ws, mm, asc.adv.TCubeTiling(m=64))
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    cl = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(a_gm)
    mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
    asc.data_copy(cl, c_gm, 256)
    mm.end()
"""


def _run(*args: str, cache: Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ASCX_CACHE_DIR": str(cache), "PYTHONWARNINGS": "default"}
    return subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True, env=env, check=False, cwd=cwd)


def test_a_sync_error_shows_the_lines_of_the_error_and_its_note(tmp_path: Path) -> None:
    source = tmp_path / "k.py"
    source.write_text(UNSYNCHRONISED)
    args = ("compile", f"{source}::k", "--args", "MockTensor(asc.float32), MockTensor(asc.float32)")
    result = _run("ascx.cli.ascx_main", *args, cache=tmp_path / "cache")
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr == (
        f"{source}:11:5: error: `asc.abs` (V) reads `xl` written by `asc.data_copy` (MTE2) without synchronization; "
        "needs MTE2 → V ordering [HZ-1]\n"
        "   11 |     asc.abs(zl, xl, 256)\n"
        "      |     ^\n"
        f"{source}:10:5: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.MTE2_V, id)\n"
        "   10 |     asc.data_copy(xl, x_gm, 256)\n"
        "      |     ^\n"
    )


def test_an_inserted_wait_is_reported_with_its_column_and_where_it_went_also_from_the_cache(tmp_path: Path) -> None:
    """MM-1 at the start's line and column, saying where the wait went; a second run loads the kernel from the
    disk cache and prints the same."""
    source = tmp_path / "k.py"
    source.write_text(ASYNC_MATMUL)
    args = (
        "compile",
        f"{source}::k",
        "--args",
        "MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.uint8)",
    )
    expected = (
        f"{source}:18:5: warning: asynchronous `mm.iterate_all(sync=False)` is not completed before the first access "
        "to its output; ascx inserted `mm.wait_iterate_all()` before line 19 (`asc.data_copy(cl, c_gm, 256)`) "
        "[MM-1]\n"
        "   18 |     mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)\n"
        "      |     ^\n"
    )
    cold = _run("ascx.cli.ascx_main", *args, cache=tmp_path / "cache")
    assert (cold.returncode, cold.stderr) == (0, expected)
    cached = _run("ascx.cli.ascx_main", *args, cache=tmp_path / "cache")
    assert (cached.returncode, cached.stderr) == (0, expected)
    assert list((tmp_path / "cache").rglob("manifest.json")), "the second run had a disk cache to hit"


def test_ascx_opt_shows_excerpts_only_where_the_ir_points_at_python_source(tmp_path: Path) -> None:
    source = tmp_path / "k.py"
    source.write_text(UNSYNCHRONISED)
    args = ("compile", f"{source}::k", "--args", "MockTensor(asc.float32), MockTensor(asc.float32)")
    traced = _run("ascx.cli.ascx_main", *args, "--emit", "ir-traced", "--debug-info", cache=tmp_path / "cache")
    assert traced.returncode == 0, traced.stderr
    located = tmp_path / "located.mlir"
    located.write_text(traced.stdout)
    result = _run("ascx.cli.ascx_opt", str(located), "-p", "ascx-verify-pipe-sync", cache=tmp_path / "cache")
    assert result.returncode == 1
    assert result.stderr.splitlines()[:3] == [
        f"{source}:11:5: error: `asc.abs` (V) reads `xl` written by `asc.data_copy` (MTE2) without synchronization; "
        "needs MTE2 → V ordering [HZ-1]",
        "   11 |     asc.abs(zl, xl, 256)",
        "      |     ^",
    ]
    elsewhere = tmp_path / "elsewhere.mlir"  # the same IR, its locations naming a file that is not there
    elsewhere.write_text(traced.stdout.replace(str(source), "k.py"))
    empty = tmp_path / "empty"
    empty.mkdir()
    result = _run(
        "ascx.cli.ascx_opt", str(elsewhere), "-p", "ascx-verify-pipe-sync", cache=tmp_path / "cache", cwd=empty
    )
    assert result.stderr.splitlines() == [
        "k.py:11:5: error: `asc.abs` (V) reads `xl` written by `asc.data_copy` (MTE2) without synchronization; "
        "needs MTE2 → V ordering [HZ-1]",
        "k.py:10:5: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.MTE2_V, id)",
    ]
