"""Compile time of the tutorial examples, ascx against pyasc 1.1.1 in the same run.

    python benchmarks/compile_tutorials.py [--repeat N] [--no-pyasc] [--pyasc-ref PATH] [--smoke]

For each example in ``examples/`` that ports a pyasc tutorial, the median of N full ascx compiles
(no cache) and, when ``../shared/tools/pyasc-ref`` can run, the median of N pyasc compiles of the
same source, with their ratio.  Machines are shared and noisy: compare the ratios.  ``--smoke``
(what CI runs, to keep the script working) compiles each once and skips pyasc.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from compile_latency import PYASC_REF, REPO, time_ascx, time_pyasc

TUTORIALS = {
    "vector_add": (
        "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32)",
        "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), 2048",
    ),
    "vector_add_queues": (
        "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32), 128",
        "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), 2048, 128",
    ),
    "matmul_leaky_relu": (
        "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.float32), "
        "MockValue(asc.float32), asc.adv.TCubeTiling, MockTensor(asc.uint8)",
        "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.float32), "
        "0.001, asc.adv.TCubeTiling(), MockTensor(asc.uint8)",
    ),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=30, help="compiles per measurement (default 30)")
    parser.add_argument("--no-pyasc", action="store_true", help="skip the pyasc comparison")
    parser.add_argument("--pyasc-ref", type=Path, default=PYASC_REF, help=f"the pyasc-ref script (default {PYASC_REF})")
    parser.add_argument("--smoke", action="store_true", help="one compile per example, no pyasc (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.repeat, args.no_pyasc = 1, True
    print(f"{'example':<20} {'ascx ms':>8} {'pyasc ms':>9} {'ratio':>6}")
    skipped = False
    for name, (ascx_args, pyasc_args) in TUTORIALS.items():
        target = f"{REPO / 'examples' / name}.py::{name}"
        ours = time_ascx(target, args.repeat, ascx_args)["total"]
        theirs = None if args.no_pyasc else time_pyasc(target, args.repeat, pyasc_args, args.pyasc_ref)
        if theirs is None:
            skipped = True
            print(f"{name:<20} {ours * 1e3:8.2f} {'-':>9} {'-':>6}")
        else:
            print(f"{name:<20} {ours * 1e3:8.2f} {theirs * 1e3:9.2f} {ours / theirs:6.2f}")
    if skipped:
        why = "--smoke or --no-pyasc" if args.no_pyasc else f"not available here (needs {args.pyasc_ref})"
        print(f"pyasc 1.1.1: skipped ({why})")


if __name__ == "__main__":
    main()
