"""Per-element cost of the vector tutorials on the CPU emulation, next to numpy's ``x + y``.

    python benchmarks/emulation_vector.py [--repeat N] [--smoke]

For each tutorial (``examples/vector_add.py``: raw LocalTensors and flags; ``vector_add_queues.py``:
TPipe and TQue) the kernel is launched as the tutorial does (8 blocks of 2048 floats) and on more
data: longer blocks, so larger tiles (both tutorials), or more blocks of the tutorial's own
128-element tiles (vector_add_queues, "same tiles": there every 128 elements cost the tutorial's
fifteen API calls).  The per-element cost is the difference of the two launch times over the
difference of their element counts (what one more element costs, the launch's fixed cost taken
out), with the dynamic checker on and off; numpy's is the time of ``x + y`` on the larger data over
its element count.  The times are the CPU time of the calling thread (the cores run on it:
``threads=1``), which a shared machine's load disturbs far less than wall time; medians of N
rounds, each configuration once per round, in a different order each round.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ascx.emu.launch import build_kernel, launch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))

from vector_add import vector_add
from vector_add_queues import vector_add_queues

TUTORIAL_BLOCKS = 8
TUTORIAL_LENGTH = 2048


def median_times(runs: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    times: dict[str, list[float]] = {name: [] for name in runs}
    order = list(runs)
    shuffle = random.Random(0).shuffle
    for _ in range(repeat):
        shuffle(order)  # a different order each round: what runs before a run does not bias it
        for name in order:
            run = runs[name]
            start = time.thread_time()
            run()
            times[name].append(time.thread_time() - start)
    return {name: statistics.median(values) for name, values in times.items()}


def cases(
    scale: int,
) -> dict[
    str,
    tuple[Any, int, Callable[[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any], int], list[Any]], int],
]:
    """name -> (kernel, blocks, arguments(x, y, z, block_length), elements) for the tutorial's shape
    ("small") and the larger one."""
    return {
        "vector_add small": (vector_add, TUTORIAL_BLOCKS, lambda x, y, z, n: [x, y, z, n], TUTORIAL_LENGTH),
        "vector_add large": (vector_add, TUTORIAL_BLOCKS, lambda x, y, z, n: [x, y, z, n], TUTORIAL_LENGTH * scale),
        "vector_add_queues small": (
            vector_add_queues, TUTORIAL_BLOCKS, lambda x, y, z, n: [x, y, z, n, 128], TUTORIAL_LENGTH,
        ),
        "vector_add_queues large": (
            vector_add_queues, TUTORIAL_BLOCKS, lambda x, y, z, n: [x, y, z, n, n // 16], TUTORIAL_LENGTH * scale,
        ),
        "vector_add_queues (same tiles) small": (
            vector_add_queues, TUTORIAL_BLOCKS, lambda x, y, z, n: [x, y, z, n, 128], TUTORIAL_LENGTH,
        ),
        "vector_add_queues (same tiles) large": (
            vector_add_queues, TUTORIAL_BLOCKS * scale, lambda x, y, z, n: [x, y, z, n, 128], TUTORIAL_LENGTH,
        ),
    }  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--scale", type=int, default=16, help="how many times more data the large runs have")
    parser.add_argument("--smoke", action="store_true", help="a quick run for CI (scale 2, one round)")
    args = parser.parse_args()
    if args.smoke:
        args.repeat, args.scale = 1, 2
    runs: dict[str, Callable[[], object]] = {}
    elements: dict[str, int] = {}
    rng = np.random.default_rng(0)
    for name, (kernel, blocks, arguments, length) in cases(args.scale).items():
        x = rng.random(blocks * length, dtype=np.float32)
        y = rng.random(blocks * length, dtype=np.float32)
        z = np.zeros_like(x)
        values = arguments(x, y, z, length)
        compiled = kernel.compile(*values)
        build_kernel(compiled)
        elements[name] = blocks * length
        for check in (True, False):

            def run(c: Any = compiled, b: int = blocks, v: list[Any] = values, k: bool = check) -> None:
                launch(c, b, v, check_sync=k, threads=1)

            runs[f"{name} {'on' if check else 'off'}"] = run
        run()
        np.testing.assert_array_equal(z, x + y)
    times = median_times(runs, args.repeat)
    size = TUTORIAL_BLOCKS * TUTORIAL_LENGTH * args.scale
    x = rng.random(size, dtype=np.float32)
    y = rng.random(size, dtype=np.float32)
    numpy_time = median_times({"numpy": lambda: x + y}, max(args.repeat, 20))["numpy"]
    per_numpy = numpy_time / size
    print(f"per-element cost, median of {args.repeat} rounds (numpy x + y: {per_numpy * 1e9:.2f} ns per element)")
    print(f"  {'tutorial':32} {'checker':8} {'launch (tutorial)':>18} {'launch (large)':>15} "
          f"{'ns/element':>11} {'x numpy':>8}")  # fmt: skip
    for tutorial in ("vector_add", "vector_add_queues", "vector_add_queues (same tiles)"):
        for check in ("on", "off"):
            small = times[f"{tutorial} small {check}"]
            large = times[f"{tutorial} large {check}"]
            extra = elements[f"{tutorial} large"] - elements[f"{tutorial} small"]
            per = (large - small) / extra
            # The difference of two launches: in a short run (--smoke) noise can exceed it, and a cost
            # that is not positive was not measured.
            cost = f"{per * 1e9:11.2f} {per / per_numpy:8.1f}" if per > 0 else f"{'unmeasured':>11} {'-':>8}"
            print(f"  {tutorial:32} {check:8} {small * 1e3:15.2f} ms {large * 1e3:12.2f} ms {cost}")


if __name__ == "__main__":
    main()
