"""The build time of a kernel on the CANN emulation backend: thin builds, whole builds, and the clean-room build.

    python benchmarks/emulation_cann_build.py [--repeat N] [--cold] [--smoke]

A CANN-backend build compiles the kernel through CANN's own Ascend C headers.  A *thin* build (the default
where clang++ is installed, docs/emulation.md#build-time) starts the kernel's unit from its preamble
precompiled with the code of CANN's headers in an object of its own, compiles the unit at ``-O0`` and links
that object; a *whole* build (``ASCX_CANN_THIN=0``, the approach before, with g++) compiles every unit at
``-O1`` with CANN's headers precompiled.  A clean-room build compiles the kernel against ascx's own headers.
Each round builds a fresh copy of every kernel's sides in every approach, one after the other (a comment makes
it new, so nothing comes from the build cache), in the same build directory, so the precompiled headers and
the runtime objects are reused as in a test session: the per-kernel cost.  Wall and CPU seconds (the
compilers' user + system time), medians of N rounds.  ``--cold`` also times the one-off costs (precompiling
CANN's headers, the runtime and preamble objects) in an empty build directory.  CANN's headers are found at
``$ASCX_CANN_HEADERS``, else ``../shared/cann`` beside the repository.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

from ascx.emu import build
from ascx.emu.cann_backend import build as cann_build
from ascx.emu.cann_backend.launch import block_cores, cann_source
from ascx.emu.cann_headers import CannHeaders
from ascx.emu.launch import launcher_source
from ascx.emu.prelude import source_preamble
from ascx.testing.examples import example_kernel

REPO = Path(__file__).resolve().parents[1]
APPROACHES = ("thin", "whole")


def kernel_sources(name: str) -> tuple[str, str, list[build.CoreMode]]:
    """The kernel's clean-room and CANN-backend sources and the sides the CANN backend builds."""
    kernel, arguments = example_kernel(name)
    compiled = kernel.compile(*arguments)
    return launcher_source(compiled), cann_source(compiled), [side for side, _ in block_cores(compiled.kernel_type)]


@contextmanager
def approach(name: str) -> Iterator[None]:
    """Builds in the ``thin`` or ``whole`` approach while inside."""
    before = os.environ.get(cann_build.THIN_ENV)
    os.environ[cann_build.THIN_ENV] = "1" if name == "thin" else "0"
    try:
        yield
    finally:
        if before is None:
            del os.environ[cann_build.THIN_ENV]
        else:
            os.environ[cann_build.THIN_ENV] = before


def timed(run: Callable[[], list[Path]]) -> tuple[float, float]:
    """Wall and CPU seconds ``run`` takes; what it built is removed (each round's build is a new cache entry)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    built = run()
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    for path in built:
        path.unlink(missing_ok=True)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def cann_builds(source: str, sides: list[build.CoreMode], name: str, how: str) -> Callable[[], list[Path]]:
    def run() -> list[Path]:
        with approach(how):
            return [cann_build.build_executable(source, side, name=name) for side in sides]

    return run


def one_off(headers: str) -> None:
    """The first build's costs, in an empty build directory: the AIV side of a vector kernel's preamble."""
    with tempfile.TemporaryDirectory(prefix="ascx-cann-bench-") as scratch:
        build.set_build_dir(scratch)
        preamble = source_preamble(kernel_sources("vector_add")[1])
        tree = cann_build.cann_headers(headers)
        for how in APPROACHES:
            with approach(how):
                compiler = cann_build.cann_compiler()
                flags = cann_build.THIN_OBJECT_FLAGS if how == "thin" else cann_build.COMPILE_FLAGS
                runtime = timed(partial(_listed, cann_build.runtime_object, "aiv", tree, compiler, flags))
                if how == "thin":
                    shared = timed(partial(_listed, _prelude_object, preamble, "aiv", tree, compiler))
                    what = "preamble precompiled and its object"
                else:
                    shared = timed(partial(_listed, cann_build.precompiled_output, "aiv", tree, compiler))
                    what = "CANN's headers precompiled"
                print(
                    f"one-off, {how} ({compiler.name}, AIV side): runtime object {runtime[0]:.1f}/{runtime[1]:.1f} s, "
                    f"{what} {shared[0]:.1f}/{shared[1]:.1f} s (wall/CPU)"
                )
        build.set_build_dir(None)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cold", action="store_true", help="also time the one-off costs in an empty build directory")
    parser.add_argument("--smoke", action="store_true", help="one round of vector_add")
    args = parser.parse_args()
    repeat = 1 if args.smoke else args.repeat
    headers = os.environ.get(cann_build.HEADERS_ENV) or str(REPO.parent / "shared" / "cann")
    if not Path(headers).is_dir():
        print(f"CANN headers: not found at {headers} (set {cann_build.HEADERS_ENV})")
        return
    os.environ[cann_build.HEADERS_ENV] = headers
    names = ["vector_add"] if args.smoke else ["vector_add", "vector_add_queues", "matmul_leaky_relu", "cube_matmul"]
    compilers = {how: _compiler(how) for how in APPROACHES}
    print(f"CANN headers: {headers}; thin: {compilers['thin'].version}; whole: {compilers['whole'].version}")
    if args.cold and not args.smoke:
        one_off(headers)
    print(f"per-kernel build (every side), median of {repeat} round{'s' if repeat != 1 else ''} (wall / CPU seconds):")
    print(f"  {'kernel':<18} {'sides':<8} {'clean-room':>12} {'CANN thin':>12} {'CANN whole':>12} {'whole/thin':>10}")
    for name in names:
        clean, cann, sides = kernel_sources(name)
        tag = f"bench-{name}"
        clean_build = partial(_listed, build.build_library, name=tag)
        clean_build(clean, sides[-1])  # the shared parts (preludes, precompiled headers, objects) are built outside
        for how in APPROACHES:  # the measurement
            cann_builds(cann, sides, tag, how)()
        times: dict[str, list[tuple[float, float]]] = {"clean": [], "thin": [], "whole": []}
        for round_ in range(repeat):
            new = f"\n// benchmark round {round_} {time.time_ns()}\n"
            times["clean"].append(timed(partial(clean_build, clean + new, sides[-1])))
            for how in APPROACHES:
                times[how].append(timed(cann_builds(cann + new, sides, tag, how)))
        wall = {k: statistics.median(w for w, _ in v) for k, v in times.items()}
        cpu = {k: statistics.median(c for _, c in v) for k, v in times.items()}
        cells = " ".join(f"{wall[k]:>5.2f}/{cpu[k]:<5.2f}s" for k in ("clean", "thin", "whole"))
        print(f"  {name:<18} {'+'.join(sides):<8} {cells} {wall['whole'] / wall['thin']:>9.1f}x")


def _listed(function: Callable[..., Path], *args: Any, **kwargs: Any) -> list[Path]:
    return [function(*args, **kwargs)]


def _prelude_object(preamble: str, side: build.CoreMode, tree: CannHeaders, compiler: build.Compiler) -> Path:
    return cann_build.thin_prelude(preamble, side, tree, compiler).object


def _compiler(how: str) -> build.Compiler:
    with approach(how):
        return cann_build.cann_compiler()


if __name__ == "__main__":
    sys.exit(main())
