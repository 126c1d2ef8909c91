"""Cold start: what a fresh process pays, measured as whole processes, next to pyasc 1.1.1.

    python benchmarks/cold_start.py [--repeat N] [--kernel FILE.py::FUNC] [--no-pyasc]
        [--pyasc-ref PATH] [--smoke]

Each sample is a new Python process, timed from its start to its exit:

- ``import ascx``: ``python -c "import ascx"``;
- ``import ascx, whole API``: ``python -c "from ascx import *"`` (every name the kernel API exposes);
- ``ascx compile, cold``: ``ascx compile FILE.py::FUNC`` with an empty disk cache (a fresh
  ``$ASCX_CACHE_DIR`` per sample, so nothing is reused from an earlier process);
- ``ascx compile, cache hit``: the same command again in a new process, on the cache the cold
  compile just wrote;
- ``ascx-opt, small file``: ``ascx-opt`` on the IR of ``examples/vector_add.py`` (written once,
  before timing), running ``ascx-kernel-type`` and printing IR, as a lit test does.

When ``../shared/tools/pyasc-ref`` can run (x86_64, CPython 3.11), pyasc 1.1.1's cold compile of the
same kernel source is timed the same way (``pyasc-ref emit FILE.py FUNC``: a fresh process that
imports ``asc``, loads the kernel and compiles it once, with its device compiler stubbed out, and
the small bash wrapper around it) and the ratios ascx/pyasc of each round are printed: their median and
their spread (min-max over the rounds).  A target is "met in every run" only when every round meets it;
otherwise the script says in how many rounds it was missed.

The processes read their bytecode from a ``PYTHONPYCACHEPREFIX`` of this run, filled by one untimed
round first, as an installed package reads its ``.pyc`` files (pip writes them for pyasc and xDSL):
with ``PYTHONDONTWRITEBYTECODE`` set and no ``.pyc`` next to ascx's sources, every process would
compile ascx's modules from source again, which is not what a user pays.  The samples go
round-robin (one of each per round), so a machine whose load changes during the run affects every
measurement alike.  Machines are shared and noisy: compare the ratios.
``--smoke`` (what CI runs, to keep the script working) takes one sample of each and skips pyasc.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_KERNEL = f"{REPO / 'examples' / 'matmul_iterate_all_async.py'}::matmul_iterate_all_async"
SMALL_KERNEL = REPO / "examples" / "vector_add.py"
_PYASC_REF_PLACES = [base / "shared" / "tools" / "pyasc-ref" for base in (REPO.parent, REPO.parents[1])]
PYASC_REF = next((path for path in _PYASC_REF_PLACES if path.exists()), _PYASC_REF_PLACES[0])
"""The checkout's sibling ``shared/``, or for a git worktree under ``wt/`` the main checkout's."""
CACHE_DIR_ENV = "ASCX_CACHE_DIR"  # ascx.runtime.disk_cache.CACHE_DIR_ENV, not imported: this script stays cold

TARGETS = (
    ("ascx compile, cold", 1.0, "cold compile <= pyasc's cold compile"),
    ("ascx compile, cache hit", 1 / 3, "cold cache hit <= 1/3 of pyasc's cold compile"),
)
IMPORT_TARGET = 0.35
"""Seconds ``import ascx`` may take on a 2-core machine (issue 18)."""


def _timed(command: list[str], env: dict[str, str] | None = None) -> float:
    """Wall seconds of one process running ``command``; it must succeed."""
    start = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed ({result.returncode}):\n{result.stderr}")
    return seconds


def _cli(name: str) -> list[str]:
    """The console script ``name`` next to this interpreter, else its module through ``-m``."""
    script = Path(sys.executable).parent / name
    if script.exists():
        return [str(script)]
    module = {"ascx": "ascx.cli.ascx_main", "ascx-opt": "ascx.cli.ascx_opt"}[name]
    return [sys.executable, "-m", module]


def _pyasc_source(target: str, tmp: Path) -> tuple[Path, str]:
    """The kernel file rewritten for pyasc (``import asc``), and the kernel's name."""
    file_part, _, name = target.partition("::")
    source = Path(file_part).read_text().replace("import ascx as asc", "import asc")
    source = source.replace("from ascx.runtime.jit import", "from asc.runtime.jit import")
    path = tmp / Path(file_part).name
    path.write_text(source)
    return path, name


def _pyasc_runs(tool: Path, path: Path, name: str) -> bool:
    if not tool.exists():
        return False
    result = subprocess.run([str(tool), "emit", str(path), name], capture_output=True, text=True, check=False)
    if result.returncode != 0:
        print(f"pyasc-ref could not run: {result.stderr.strip().splitlines()[-1:] or result.returncode}")
    return result.returncode == 0


def measure(target: str, repeat: int, pyasc: Path | None) -> dict[str, list[float]]:
    """The seconds of each measurement in each of ``repeat`` rounds (round i of every measurement ran
    one after another)."""
    samples: dict[str, list[float]] = {}
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        unset = (CACHE_DIR_ENV, "PYTHONDONTWRITEBYTECODE")
        env = {k: v for k, v in os.environ.items() if k not in unset} | {"PYTHONPYCACHEPREFIX": str(tmp / "pyc")}
        small = tmp / "vector_add.mlir"
        ir = subprocess.run(
            [*_cli("ascx"), "compile", str(SMALL_KERNEL), "--emit", "ir", "-o", str(small)],
            capture_output=True,
            text=True,
            env={**env, CACHE_DIR_ENV: ""},
            check=False,
        )
        if ir.returncode != 0:
            raise SystemExit(f"cannot write the small IR file: {ir.stderr}")
        cache = tmp / "cache"
        cached_env = {**env, CACHE_DIR_ENV: str(cache)}
        compile_cmd = [*_cli("ascx"), "compile", target]

        def cold() -> float:
            shutil.rmtree(cache, ignore_errors=True)
            return _timed(compile_cmd, cached_env)

        runs: dict[str, Callable[[], float]] = {
            "import ascx": lambda: _timed([sys.executable, "-c", "import ascx"], env),
            "import ascx, whole API": lambda: _timed([sys.executable, "-c", "from ascx import *"], env),
            "ascx compile, cold": cold,
            "ascx compile, cache hit": lambda: _timed(compile_cmd, cached_env),  # after the cold one
            "ascx-opt, small file": lambda: _timed([*_cli("ascx-opt"), str(small), "-p", "ascx-kernel-type"], env),
        }
        if pyasc is not None:
            pyasc_file, pyasc_name = _pyasc_source(target, tmp)
            if _pyasc_runs(pyasc, pyasc_file, pyasc_name):
                pyasc_cmd = [str(pyasc), "emit", str(pyasc_file), pyasc_name]
                runs["pyasc 1.1.1 compile, cold"] = lambda: _timed(pyasc_cmd)
            else:
                print(f"pyasc 1.1.1: skipped, not available here (needs {pyasc}, x86_64, CPython 3.11)")
        for index in range(repeat + 1):  # the first round fills the bytecode cache and is not counted
            for label, run in runs.items():
                seconds = run()
                if index:
                    samples.setdefault(label, []).append(seconds)
    return samples


def verdict(values: list[float], bound: float) -> str:
    """'met in every run' only if every run is within ``bound``; else how many runs missed it."""
    missed = sum(value > bound for value in values)
    return "met in every run" if not missed else f"not met in {missed} of {len(values)} runs"


def report(samples: dict[str, list[float]]) -> None:
    """Medians with the spread (min-max over the runs), and each target's verdict on every run, not the
    median: a target is met only where every run meets it."""
    for label, values in samples.items():
        spread = f"(runs {min(values):.3f}-{max(values):.3f} s)"
        print(f"  {label:<27} {statistics.median(values):7.3f} s  {spread}")
    imports = samples["import ascx"]
    print(f"target import ascx <= {IMPORT_TARGET} s: {verdict(imports, IMPORT_TARGET)}")
    pyasc = samples.get("pyasc 1.1.1 compile, cold")
    if pyasc is None:
        return
    print("ratios ascx/pyasc (pyasc's cold compile of the same round = 1), median (runs min-max):")
    ratios = {
        label: [mine / theirs for mine, theirs in zip(values, pyasc, strict=True)]
        for label, values in samples.items()
        if not label.startswith("pyasc")
    }
    for label, values in ratios.items():
        print(f"  {label:<27} {statistics.median(values):7.2f}  (runs {min(values):.2f}-{max(values):.2f})")
    for label, bound, text in TARGETS:
        print(f"target {text}: {verdict(ratios[label], bound)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5, help="processes per measurement (default 5)")
    parser.add_argument("--kernel", default=DEFAULT_KERNEL, help="FILE.py::FUNC (default: the seed kernel)")
    parser.add_argument("--no-pyasc", action="store_true", help="skip the pyasc comparison")
    parser.add_argument("--pyasc-ref", type=Path, default=PYASC_REF, help=f"the pyasc-ref script (default {PYASC_REF})")
    parser.add_argument("--smoke", action="store_true", help="one process per measurement, no pyasc (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.repeat, args.no_pyasc = 1, True
    print(f"kernel: {args.kernel}")
    print(f"fresh processes, median of {args.repeat} (round-robin):")
    report(measure(args.kernel, args.repeat, None if args.no_pyasc else args.pyasc_ref))
    if args.no_pyasc:
        print("pyasc 1.1.1: skipped (--smoke or --no-pyasc)")


if __name__ == "__main__":
    main()
