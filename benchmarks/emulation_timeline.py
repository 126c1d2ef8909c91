"""What recording the modelled timeline costs (docs/emulation.md#timeline): launches with the profiler
off and on, side by side.

    python benchmarks/emulation_timeline.py [--repeat N] [--dir DIR] [--smoke]

Each kernel is launched as its example does, with the dynamic checker on (the timeline needs it): without
the timeline ("off": the plain build, which has no timeline code), with the timeline recorded but no files
written ("recording": the timeline flavour's build, its hooks and the model, in C++), and with everything
(``ascx.emu.timeline.profiling``, "on": the events recorded, then the trace JSON, the SVG and the summary
written to new files in a temporary directory, in DIR if given).  Times are the CPU time of the calling
thread (the cores run on it: ``threads=1``; the files are written on it too), medians of N rounds, each
configuration once per round, in a different order each round.  The target: on / off at most 2.

"files" is what the file system alone takes for a launch's files: three new files in DIR with the bytes of
that kernel's trace, SVG and summary, each made and filled with one ``os.open`` and ``os.write`` (timed in the
same rounds); "on - files" / off is what is left once the file system's part is taken out.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Generator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

import ascx as asc
from ascx.emu import launch as launch_module, timeline
from ascx.emu.launch import build_kernel, launch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))

from matmul_iterate_all_async import matmul_iterate_all_async
from vector_add_queues import vector_add_queues


def cases() -> dict[str, tuple[Any, int, list[Any]]]:
    """name -> (kernel, blocks, arguments)."""
    rng = np.random.default_rng(0)
    x = rng.random(8 * 2048, dtype=np.float32)
    a = rng.integers(-4, 5, (512, 512)).astype(np.float16)
    b = rng.integers(-4, 5, (512, 512)).astype(np.float16)
    workspace = np.zeros(asc.lib.host.get_ascendc_platform().get_lib_api_work_space_size(), np.uint8)
    return {
        "vector_add_queues (8 x 2048, 128-element tiles)": (
            vector_add_queues, 8, [x, x.copy(), np.zeros_like(x), 2048, 128],
        ),
        "matmul_iterate_all_async (256^3 per core)": (
            matmul_iterate_all_async, 1, [a, b, np.zeros((512, 512), np.float16), workspace],
        ),
    }  # fmt: skip


@contextmanager
def no_files() -> Generator[None]:
    """Launches inside record their timelines but write no files (the recording's own cost)."""
    write = launch_module._write_timeline
    launch_module._write_timeline = lambda *args: None  # pyright: ignore[reportPrivateUsage]
    try:
        yield
    finally:
        launch_module._write_timeline = write  # pyright: ignore[reportPrivateUsage]


def plain_writes(directory: Path, contents: list[bytes]) -> Callable[[], object]:
    """Three new files in ``directory`` with ``contents``, one ``os.open`` and ``os.write`` each: the file
    system's own cost of a launch's files."""
    count = iter(range(1 << 62))

    def write() -> None:
        n = next(count)
        for i, data in enumerate(contents):
            out = os.open(directory / f"plain-{n}-{i}", os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
            try:
                os.write(out, data)
            finally:
                os.close(out)

    return write


def median_times(runs: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    times: dict[str, list[float]] = {name: [] for name in runs}
    order = list(runs)
    shuffle = random.Random(0).shuffle
    for _ in range(repeat):
        shuffle(order)
        for name in order:
            start = time.thread_time()
            runs[name]()
            times[name].append(time.thread_time() - start)
    return {name: statistics.median(values) for name, values in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--dir", type=Path, help="where the files' temporary directory goes (default: the system's)")
    parser.add_argument("--smoke", action="store_true", help="a quick run for CI (one round)")
    args = parser.parse_args()
    if args.smoke:
        args.repeat = 1
    with tempfile.TemporaryDirectory(prefix="ascx-timeline-bench-", dir=args.dir) as out:
        report(Path(out), args.repeat)


def report(out: Path, repeat: int) -> None:
    """Measure every case, writing the files to ``out``, and print the table."""
    runs: dict[str, Callable[[], object]] = {}
    for name, (kernel, blocks, values) in cases().items():
        compiled = kernel.compile(*values)
        build_kernel(compiled)

        def off(c: Any = compiled, n: int = blocks, v: list[Any] = values) -> None:
            launch(c, n, v, threads=1)

        def on(c: Any = compiled, n: int = blocks, v: list[Any] = values) -> None:
            with timeline.profiling(out, quiet=True):
                launch(c, n, v, threads=1)

        def recording(c: Any = compiled, n: int = blocks, v: list[Any] = values) -> None:
            with timeline.profiling(out, quiet=True), no_files():
                launch(c, n, v, threads=1)

        with timeline.profiling(out, quiet=True) as profiles:
            on()  # warm: the library loaded, the files' directory made
        files = [path.read_bytes() for path in (profiles[0].trace, profiles[0].svg, profiles[0].summary)]
        runs[f"{name} off"] = off
        runs[f"{name} on"] = on
        runs[f"{name} recording"] = recording
        runs[f"{name} files"] = plain_writes(out, files)
    times = median_times(runs, repeat)
    print(f"launch CPU time with the timeline off and on, median of {repeat} rounds (target: on/off <= 2)")
    print(
        f"  {'kernel':48} {'off':>9} {'recording':>10} {'ratio':>6} {'on':>9} {'on/off':>7} {'files':>9} "
        f"{'(on - files)/off':>17}"
    )
    for name in cases():
        off_time, recording_time, on_time, files_time = (
            times[f"{name} {how}"] for how in ("off", "recording", "on", "files")
        )
        print(
            f"  {name:48} {off_time * 1e3:7.2f}ms {recording_time * 1e3:8.2f}ms {recording_time / off_time:6.2f} "
            f"{on_time * 1e3:7.2f}ms {on_time / off_time:7.2f} {files_time * 1e3:7.2f}ms "
            f"{(on_time - files_time) / off_time:17.2f}"
        )


if __name__ == "__main__":
    main()
