"""Compile latency of the slice kernel: ascx's trace, passes and print, and pyasc 1.1.1 for comparison.

    python benchmarks/compile_latency.py [--repeat N] [--kernel FILE.py::FUNC] [--no-pyasc]
        [--args "ASCX ARGS"] [--pyasc-args "PYASC ARGS"] [--pyasc-ref PATH] [--smoke]

For example, the queue tutorial (its ``tile`` parameter is compile-time, so it needs arguments):

    python benchmarks/compile_latency.py --kernel examples/vector_add_queues.py::vector_add_queues \
        --args "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32), 128" \
        --pyasc-args "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), 2048, 128"

Every ascx compile is a full one: the compile cache is bypassed and the bytecode decode cache
is cleared, so each sample traces from bytecode, verifies, runs the pipeline and prints.  When
``../shared/tools/pyasc-ref`` can run (x86_64, CPython 3.11), the same kernel source is timed
through pyasc in the same run (median of N ``always_compile`` launches with a stubbed device
compiler) and the ratio is reported.  Machines are shared and noisy: compare ratios, not seconds.
It also times ``kernel.compile(...)`` through the caches: a miss (a full compile that also writes
the disk cache), a disk hit (a new process's first call) and a memory hit.  ``--smoke`` (what CI
runs, to keep the script working) compiles once and skips pyasc.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from ascx.cli.kernel_loading import default_arguments, find_kernel, load_module, parse_arguments
from ascx.runtime import disk_cache
from ascx.runtime.compiler import compile_kernel
from ascx.runtime.jit import JITFunction
from ascx.tracer import decode as decode_module

REPO = Path(__file__).resolve().parent.parent
DEFAULT_KERNEL = f"{REPO / 'examples' / 'matmul_iterate_all_async.py'}::matmul_iterate_all_async"
PYASC_REF = REPO.parent / "shared" / "tools" / "pyasc-ref"


def _arguments(kernel: JITFunction[..., object], text: str | None) -> list[object]:
    return parse_arguments(text) if text else default_arguments(kernel)


def time_ascx(target: str, repeat: int, arguments: str | None = None) -> dict[str, float]:
    """Median seconds per stage over ``repeat`` full compiles (after one warm-up compile)."""
    file_part, _, name = target.partition("::")
    kernel = find_kernel(load_module(Path(file_part)), Path(file_part), name or None)
    params = kernel.specialize(*_arguments(kernel, arguments))
    samples: dict[str, list[float]] = {"trace": [], "passes": [], "print": [], "total": []}
    compile_kernel(kernel.ascx_python_function, params, kernel.kernel_options)  # imports, lazy dialect loading
    for _ in range(repeat):
        decode_module._cache.clear()  # pyright: ignore[reportPrivateUsage]
        start = time.perf_counter()
        compiled = compile_kernel(kernel.ascx_python_function, params, kernel.kernel_options)
        samples["total"].append(time.perf_counter() - start)
        for stage, seconds in compiled.timings.items():
            samples[stage].append(seconds)
    return {stage: statistics.median(values) for stage, values in samples.items()}


def time_cached(target: str, repeat: int, arguments: str | None = None) -> dict[str, float]:
    """Median seconds of ``kernel.compile``: a miss that also writes the disk cache, a disk hit, a memory hit."""
    file_part, _, name = target.partition("::")
    kernel = find_kernel(load_module(Path(file_part)), Path(file_part), name or None)
    args = _arguments(kernel, arguments)
    samples: dict[str, list[float]] = {"miss+store": [], "disk hit": [], "memory hit": []}
    with tempfile.TemporaryDirectory() as tmp:
        disk_cache.set_cache_root(tmp)
        for _ in range(repeat):
            shutil.rmtree(Path(tmp) / "kernels", ignore_errors=True)  # a miss in a cache that exists
            (Path(tmp) / "kernels").mkdir()
            decode_module._cache.clear()  # pyright: ignore[reportPrivateUsage]
            for label in ("miss+store", "disk hit"):
                fresh = JITFunction(kernel.fn)  # an empty memory cache, as in a new process
                start = time.perf_counter()
                fresh.compile(*args)
                samples[label].append(time.perf_counter() - start)
            start = time.perf_counter()
            fresh.compile(*args)
            samples["memory hit"].append(time.perf_counter() - start)
    disk_cache.set_cache_root(None)
    return {label: statistics.median(values) for label, values in samples.items()}


def time_pyasc(target: str, repeat: int, arguments: str = "", tool: Path = PYASC_REF) -> float | None:
    """pyasc 1.1.1's median compile time for the same kernel source (through the ``pyasc-ref`` script
    ``tool``), or None when it cannot run."""
    if not tool.exists():
        return None
    file_part, _, name = target.partition("::")
    source = Path(file_part).read_text().replace("import ascx as asc", "import asc")
    source = source.replace("from ascx.runtime.jit import", "from asc.runtime.jit import")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / Path(file_part).name
        path.write_text(source)
        result = subprocess.run(
            [str(tool), "time", str(path), name, arguments, str(repeat)],
            capture_output=True,
            text=True,
            check=False,
        )
    if result.returncode != 0:
        print(f"pyasc-ref could not run: {result.stderr.strip().splitlines()[-1:] or result.returncode}")
        return None
    return float(result.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=50, help="compiles per measurement (default 50)")
    parser.add_argument("--kernel", default=DEFAULT_KERNEL, help="FILE.py::FUNC (default: the slice kernel)")
    parser.add_argument("--no-pyasc", action="store_true", help="skip the pyasc comparison")
    parser.add_argument("--args", help="the kernel's arguments for ascx (default: one per parameter, as ascx compile)")
    parser.add_argument("--pyasc-args", default="", help="the kernel's arguments for pyasc-ref (default: its own)")
    parser.add_argument("--pyasc-ref", type=Path, default=PYASC_REF, help=f"the pyasc-ref script (default {PYASC_REF})")
    parser.add_argument("--smoke", action="store_true", help="one compile per measurement, no pyasc (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.repeat, args.no_pyasc = 1, True

    ascx = time_ascx(args.kernel, args.repeat, args.args)
    print(f"kernel: {args.kernel}")
    print(f"ascx median over {args.repeat} compiles:")
    for stage in ("trace", "passes", "print", "total"):
        print(f"  {stage:<7} {ascx[stage] * 1e3:8.2f} ms")
    print("kernel.compile(...) with the caches:")
    for label, seconds in time_cached(args.kernel, args.repeat, args.args).items():
        print(f"  {label:<10} {seconds * 1e3:8.3f} ms")
    if args.no_pyasc:
        print("pyasc 1.1.1: skipped (--smoke or --no-pyasc)")
        return
    pyasc = time_pyasc(args.kernel, args.repeat, args.pyasc_args, args.pyasc_ref)
    if pyasc is None:
        print(f"pyasc 1.1.1: skipped, not available here (needs {args.pyasc_ref}, x86_64, CPython 3.11)")
        return
    print(f"pyasc 1.1.1 median over {args.repeat} compiles: {pyasc * 1e3:8.2f} ms")
    print(f"ratio ascx/pyasc: {ascx['total'] / pyasc:.2f}")


if __name__ == "__main__":
    main()
