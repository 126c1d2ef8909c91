"""How tracing cost grows with kernel size: time per kernel, per traced op and per executed instruction.

    python benchmarks/trace_scaling.py [--sizes 100,300,1000,3000,10000] [--repeat 5] [--smoke]

Three families of generated kernels, each at every size N (the number of ops the trace emits):

- ``straight``: N/2 statements ``v = v * 3 + n`` in a row (the bytecode grows with N);
- ``unrolled``: an ``asc.static_range`` loop whose body emits two ops (the bytecode stays small,
  the trace grows with N);
- ``branches``: runtime ``if``/``else`` statements that each merge one value (every one builds an
  ``scf.if``, so the CFG, liveness and merging grow with N).

Only tracing is timed (bytecode decoding included, Python's own compilation of the generated
source excluded): the median of ``--repeat`` runs with the decode cache cleared.  The last column
divides the cost per op at each size by the cost per op at the smallest size: it stays near 1
when tracing is linear.  Machines are shared and noisy: compare the ratios, not the seconds.
``--smoke`` (what CI runs, to keep the script working) traces sizes 100 and 300 once.

Two measures keep tracing linear: the cyclic garbage collector is paused while tracing
(``ascx.tracer.gc_pause``), and dominance queries are O(1) interval tests.  One super-linear
piece remains outside ascx: on CPython 3.11, ``dis.get_instructions`` collects jump targets in a
list (``dis.findlabels``), quadratic in the number of jumps; it is about a tenth of the trace time
of the 10,000-op ``branches`` kernel.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from types import FunctionType
from typing import Any

from ascx.language.core.builder import KernelOptions
from ascx.language.core.dtype import float16, int32
from ascx.tracer import KernelParam, decode as decode_module, trace_kernel

HEADER = "import ascx as asc\n\n@asc.jit\ndef k(x: asc.GlobalAddress, n: int) -> None:\n    v = n\n"
PARAMS = (KernelParam("x", "pointer", float16), KernelParam("n", "scalar", int32))


def straight(size: int) -> str:
    return HEADER + "    v = v * 3 + n\n" * (size // 2)


def unrolled(size: int) -> str:
    # two nested loops: each stays under the unroll limit of 1024 iterations
    outer = f"    for i in asc.static_range({size // 20}):\n"
    return HEADER + outer + "        for j in asc.static_range(10):\n            v = v * 3 + n\n"


def branches(size: int) -> str:
    # each statement emits 4 ops: a comparison, the scf.if, and one addition in each arm
    arm = "    if v > 7:\n        v = v + 1\n    else:\n        v = v + n\n"
    return HEADER + arm * (size // 4)


FAMILIES: dict[str, Callable[[int], str]] = {"straight": straight, "unrolled": unrolled, "branches": branches}


def kernel_of(source: str) -> FunctionType:
    namespace: dict[str, Any] = {}
    exec(compile(source, "<generated kernel>", "exec"), namespace)
    return namespace["k"].ascx_python_function


def count_ops(module: Any) -> int:
    return sum(1 for _ in module.walk()) - 2  # not the module and the function


def measure(fn: FunctionType, repeat: int) -> tuple[float, int, int]:
    """Median trace seconds, traced ops and executed instructions."""
    samples: list[float] = []
    ops = instructions = 0
    for _ in range(repeat):
        decode_module._cache.clear()  # pyright: ignore[reportPrivateUsage]
        start = time.perf_counter()
        result = trace_kernel(fn, PARAMS, KernelOptions())
        samples.append(time.perf_counter() - start)
        ops = count_ops(result.module)
        instructions = result.instructions
    return statistics.median(samples), ops, instructions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="100,300,1000,3000,10000", help="traced ops per kernel")
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement (default 5)")
    parser.add_argument("--smoke", action="store_true", help="sizes 100 and 300, one run each (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.sizes, args.repeat = "100,300", 1
    sizes = [int(s) for s in args.sizes.split(",")]

    trace_kernel(kernel_of(straight(10)), PARAMS, KernelOptions())  # imports and lazy loading
    print(f"{'family':<9} {'ops':>7} {'instrs':>7} {'trace ms':>9} {'us/op':>7} {'us/instr':>8} {'vs smallest':>11}")
    for family, generate in FAMILIES.items():
        base: float | None = None
        for size in sizes:
            seconds, ops, instructions = measure(kernel_of(generate(size)), args.repeat)
            per_op = seconds / ops
            base = base or per_op
            print(
                f"{family:<9} {ops:>7} {instructions:>7} {seconds * 1e3:>9.2f} {per_op * 1e6:>7.2f} "
                f"{seconds / instructions * 1e6:>8.2f} {per_op / base:>11.2f}"
            )


if __name__ == "__main__":
    main()
