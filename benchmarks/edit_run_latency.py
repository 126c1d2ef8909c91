"""The kernel author's loop on the main job: change a line, run the example, see the verdict.

    python benchmarks/edit_run_latency.py [--rounds N] [--smoke]

Each round edits a copy of ``examples/matmul_leaky_relu.py`` so that its IR changes (round ``r`` ends the
kernel with ``r + 1`` ``pipe_barrier(PIPE_ALL)`` calls: new Ascend C, so nothing comes from the kernel or
build caches), then runs it as a fresh process, as a user does (``python matmul_leaky_relu.py``), and
records the whole process's wall time and the build time the example prints.  Every approach to building
is measured in the same rounds, one after the other, so the figures compare as ratios on a shared,
noisy machine:

- ``prelude`` (the default): each build starts from the kernel's preamble precompiled and links the runtime
  object, both made once per preamble, core side, compiler and flags, and the runtime object holds the
  Matmul engine's type-erased core (docs/emulation.md#build-time);
- ``engine-in-kernel`` (``ASCX_EMU_MATMUL_CORE=0``): the same, but the kernel's translation unit compiles
  the Matmul core itself, the approach before the core moved into the runtime object;
- ``whole`` (``ASCX_EMU_PRELUDE=0``): every build parses the headers and compiles everything it uses, the
  approach before the prelude.

The build directory is shared by the rounds (the one-off work, making the prelude, is done by a warm-up run
outside the measurement, whose time is reported as ``first run``); each round has an empty kernel cache.
Medians of N rounds; wall seconds.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "examples" / "matmul_leaky_relu.py"
ANCHOR = "    mm.end()\n"
APPROACHES = {
    "prelude": {"ASCX_EMU_PRELUDE": "1", "ASCX_EMU_MATMUL_CORE": "1"},
    "engine-in-kernel": {"ASCX_EMU_PRELUDE": "1", "ASCX_EMU_MATMUL_CORE": "0"},
    "whole": {"ASCX_EMU_PRELUDE": "0"},
}
_BUILD_LINE = re.compile(
    r"^ascx: building '\w+' with \S+ against the emulation headers: (\d+\.\d+) s( \(cached\))?", re.MULTILINE
)
"""The build step's completion line (docs/emulation.md#progress-and-timings); '(cached)' when no compiler ran."""
SMOKE_WARM_UP_NONCE = 99_999
"""The nonce of ``--smoke``'s warm-up edits (below the measured rounds' random ones, above any block index)."""


def edited(barriers: int, nonce: int, pipe: str = "PIPE_ALL") -> str:
    """The example ending its kernel with ``barriers`` calls of ``pipe_barrier(pipe)``: an edit that alters its
    IR (and so its Ascend C), and not its results.  A branch that never runs compares the block index with
    ``nonce``, this invocation's own number, so no round's build comes from an earlier invocation's cache
    (the suite's smoke run shares the build directory, and so its prelude, with the rest of the suite)."""
    text = EXAMPLE.read_text()
    if ANCHOR not in text:
        raise SystemExit(f"edit_run_latency: {EXAMPLE.name} no longer has the line {ANCHOR.strip()!r} to edit after")
    never = f"    if asc.get_block_idx() == {nonce}:\n        asc.pipe_barrier(asc.PipeID.PIPE_ALL)\n"
    return text.replace(ANCHOR, ANCHOR + f"    asc.pipe_barrier(asc.PipeID.{pipe})\n" * barriers + never, 1)


def run(script: Path, env: dict[str, str], *, cached_allowed: bool = False) -> tuple[float, float]:
    """One whole-process run: its wall seconds and the build seconds it printed (a build from the build cache
    fails the run unless ``cached_allowed``)."""
    start = time.perf_counter()
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, check=False)
    elapsed = time.perf_counter() - start
    if result.returncode != 0 or "matmul_leaky_relu: OK" not in result.stdout:
        raise SystemExit(f"edit_run_latency: the edited example failed:\n{result.stdout}{result.stderr}")
    match = _BUILD_LINE.search(result.stderr + result.stdout)
    if match is None:
        raise SystemExit(f"edit_run_latency: the example printed no build time:\n{result.stdout}{result.stderr}")
    if match.group(2) and not cached_allowed:
        raise SystemExit(f"edit_run_latency: a round's build came from the build cache:\n{match.group(0)}")
    return elapsed, float(match.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--smoke", action="store_true", help="one round")
    args = parser.parse_args()
    rounds = 1 if args.smoke else args.rounds
    with tempfile.TemporaryDirectory(prefix="ascx-edit-run-") as scratch:
        work = Path(scratch)
        builds = os.environ.get("ASCX_EMU_BUILD_DIR") or str(work / "builds")
        # this checkout's ascx (not another one installed), the examples' helpers, then the caller's path
        path = os.pathsep.join(
            p for p in (str(REPO / "src"), str(REPO / "examples"), os.environ.get("PYTHONPATH")) if p
        )
        base = {**os.environ, "ASCX_EMU_BUILD_DIR": builds, "PYTHONPATH": path}
        base.pop("PYTHONDONTWRITEBYTECODE", None)  # as a user's machine: bytecode is cached after the first run
        script = work / "matmul_leaky_relu.py"
        totals: dict[str, list[float]] = {name: [] for name in APPROACHES}
        builds_s: dict[str, list[float]] = {name: [] for name in APPROACHES}
        warm: dict[str, float] = {}
        nonce = random.SystemRandom().randrange(100_000, 2**31 - 1)  # above any block index
        # --smoke's warm-up edit is the same in every invocation: in the suite, whose build directory holds it
        # from the run before, it costs no build (its "first run" is then not a first run: smoke figures are not
        # measurements); the measured rounds still build afresh
        warm_nonce = SMOKE_WARM_UP_NONCE if args.smoke else nonce
        for approach, extra in APPROACHES.items():  # the one-off work, outside the measurement
            script.write_text(edited(1 + list(APPROACHES).index(approach), warm_nonce, "PIPE_V"))
            env = {**base, **extra, "ASCX_CACHE_DIR": str(work / f"warm-{approach}")}
            warm[approach] = run(script, env, cached_allowed=args.smoke)[0]
        for round_ in range(rounds):
            for approach, extra in APPROACHES.items():
                script.write_text(edited(1 + round_ * len(APPROACHES) + list(APPROACHES).index(approach), nonce))
                env = {**base, **extra, "ASCX_CACHE_DIR": str(work / f"kernels-{round_}-{approach}")}
                total, built = run(script, env)
                totals[approach].append(total)
                builds_s[approach].append(built)
    print(f"edit-to-result on examples/matmul_leaky_relu.py, median of {rounds} round{'s' * (rounds != 1)} (wall s):")
    print(f"  {'approach':<17} {'edit-to-result':>14} {'build':>7} {'first run':>10}  (range of the rounds)")
    for approach in APPROACHES:
        total, built = statistics.median(totals[approach]), statistics.median(builds_s[approach])
        spread = f"{min(totals[approach]):.2f}-{max(totals[approach]):.2f}s, build {min(builds_s[approach]):.2f}-"
        print(
            f"  {approach:<17} {total:>13.2f}s {built:>6.2f}s {warm[approach]:>9.2f}s  "
            f"({spread}{max(builds_s[approach]):.2f}s)"
        )
    for other in APPROACHES:
        if other != "prelude":
            ratio = statistics.median(totals[other]) / statistics.median(totals["prelude"])
            ratio_build = statistics.median(builds_s[other]) / statistics.median(builds_s["prelude"])
            print(f"{other} / prelude: edit-to-result {ratio:.2f}x, build {ratio_build:.2f}x")


if __name__ == "__main__":
    sys.exit(main())
