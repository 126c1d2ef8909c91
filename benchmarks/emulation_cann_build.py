"""The build time of a kernel on the CANN emulation backend, as a ratio to its clean-room build.

    python benchmarks/emulation_cann_build.py [--repeat N] [--cold] [--smoke]

A CANN-backend build compiles the kernel through CANN's own Ascend C headers (precompiled once per side,
compiler and header tree) and links it with the backend's runtime object (built once per side); a
clean-room build compiles the kernel against ascx's own headers.  Each measurement builds a fresh copy of
the kernel's source (a comment makes it new, so nothing comes from the build cache) in the same build
directory, so the precompiled headers and the runtime object are reused as in a test session: the
per-kernel cost.  ``--cold`` also times the one-off cost (precompiling CANN's headers and building the
runtime) in an empty build directory.  Wall times, medians of N rounds.  CANN's headers are found at
``$ASCX_CANN_HEADERS``, else ``../shared/cann`` beside the repository.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from ascx.emu import build
from ascx.emu.cann_backend import build as cann_build
from ascx.emu.cann_backend.launch import cann_source
from ascx.emu.launch import launcher_source
from ascx.testing.examples import example_kernel

REPO = Path(__file__).resolve().parents[1]


def kernel_sources(name: str) -> tuple[str, str, build.CoreMode]:
    kernel, arguments = example_kernel(name)
    compiled = kernel.compile(*arguments)
    side: build.CoreMode = "aic" if compiled.kernel_type.name == "AIC_ONLY" else "aiv"
    return launcher_source(compiled), cann_source(compiled), side


def timed(run: Callable[[], Path]) -> float:
    """The seconds ``run`` takes; what it built is removed (each round's build is a new cache entry)."""
    start = time.perf_counter()
    built = run()
    elapsed = time.perf_counter() - start
    built.unlink(missing_ok=True)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cold", action="store_true", help="also time precompiling CANN's headers and the runtime")
    parser.add_argument("--smoke", action="store_true", help="one round of vector_add")
    args = parser.parse_args()
    repeat = 1 if args.smoke else args.repeat
    headers = os.environ.get(cann_build.HEADERS_ENV) or str(REPO.parent / "shared" / "cann")
    if not Path(headers).is_dir():
        print(f"CANN headers: not found at {headers} (set {cann_build.HEADERS_ENV})")
        return
    os.environ[cann_build.HEADERS_ENV] = headers
    names = ["vector_add"] if args.smoke else ["vector_add", "vector_add_queues", "cube_matmul"]
    print(f"CANN headers: {headers}; compiler: {build.default_compiler().version}")
    if args.cold and not args.smoke:
        with tempfile.TemporaryDirectory(prefix="ascx-cann-bench-") as scratch:
            build.set_build_dir(scratch)
            _, cann, side = kernel_sources("vector_add")
            headers_tree = cann_build.cann_headers(headers)
            compiler = build.default_compiler()
            start = time.perf_counter()
            cann_build.runtime_object(side, headers_tree, compiler)
            runtime = time.perf_counter() - start
            start = time.perf_counter()
            cann_build.precompiled_headers(side, headers_tree, compiler)
            pch = time.perf_counter() - start
            print(
                f"one-off ({side.upper()} side): runtime object {runtime:.1f} s, CANN's headers precompiled {pch:.1f} s"
            )
            build.set_build_dir(None)
    print(f"per-kernel build, median of {repeat} round{'s' if repeat != 1 else ''} (wall seconds):")
    print(f"  {'kernel':<20} {'clean-room':>10} {'CANN':>8} {'ratio':>7}")
    for name in names:
        clean, cann, side = kernel_sources(name)
        # warm the shared parts (precompiled headers, runtime object) outside the measurement
        cann_build.build_executable(cann, side, name=f"bench-{name}")
        clean_times: list[float] = []
        cann_times: list[float] = []
        for round_ in range(repeat):
            tag = f"\n// benchmark round {round_} {time.time_ns()}\n"
            clean_times.append(timed(partial(build.build_library, clean + tag, side, name=f"bench-{name}")))
            cann_times.append(timed(partial(cann_build.build_executable, cann + tag, side, name=f"bench-{name}")))
        c, k = statistics.median(clean_times), statistics.median(cann_times)
        print(f"  {name:<20} {c:>9.2f}s {k:>7.2f}s {k / c:>6.2f}x")


if __name__ == "__main__":
    sys.exit(main())
