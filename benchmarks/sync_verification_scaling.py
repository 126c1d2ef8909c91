"""Verification cost against kernel size: ascx-verify-pipe-sync and ascx-verify-matmul-sync on kernels
of about 100, 1,000 and 10,000 ops (``--sizes`` to change them).

    python benchmarks/sync_verification_scaling.py [--sizes 100 1000 10000] [--repeat 3] [--smoke]

Each kernel repeats a correctly synchronised block — copy in, a vector op, copy out, with their
flags and a barrier — over four buffers, alternating straight-line blocks, blocks inside an ``if``
and blocks inside a ``for`` loop, so that branches, loop fixpoints and flags all scale with it.  The
kernel is traced once; the verifiers run ``--repeat`` times on its IR (garbage collection paused,
as during a compile) and the median is reported with the time per op and its ratio to the smallest
kernel's (1.0 = linear).  ``--smoke`` (what CI runs, to keep the script working) verifies kernels of
about 100 and 300 ops once.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path

from xdsl.dialects import func

import ascx
from ascx.passes.verify_matmul_sync import verify_matmul_sync
from ascx.passes.verify_pipe_sync import verify_pipe_sync
from ascx.runtime.compiler import compile_kernel
from ascx.runtime.jit import MockTensor, MockValue
from ascx.testing.sync_kernels import OPS_PER_SCALING_BLOCK, scaling_kernel_source
from ascx.tracer.gc_pause import gc_paused

TYPE_ONLY = ("ascx-kernel-type",)
"""The pipeline the kernel is traced through: no sync pass (they are what is measured)."""


def traced(blocks: int, directory: Path) -> func.FuncOp:
    path = directory / f"big_{blocks}.py"
    path.write_text(scaling_kernel_source(blocks))
    spec = importlib.util.spec_from_file_location(f"big_{blocks}", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    kernel = module.big
    params = kernel.specialize(MockTensor(ascx.float32), MockTensor(ascx.float32), MockValue(ascx.int32))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # verify_sync=False: the benchmark verifies by hand below
        compiled = compile_kernel(kernel.ascx_python_function, params, kernel.kernel_options, pipeline=TYPE_ONLY)
    return next(op for op in compiled.module.body.block.ops if isinstance(op, func.FuncOp))


def measure(kernel: func.FuncOp, repeat: int) -> float:
    """Median seconds of both verifiers, with automatic garbage collection paused as a compile pauses it
    (otherwise collections over the large traced IR dominate the large sizes)."""
    samples: list[float] = []
    for _ in range(repeat):
        with gc_paused():
            start = time.perf_counter()
            found = [*verify_matmul_sync(kernel), *verify_pipe_sync(kernel)]
            samples.append(time.perf_counter() - start)
        assert not [d for d in found if d.severity == "error"], found[:3]
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000], help="approximate op counts")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--smoke", action="store_true", help="about 100 and 300 ops, once each (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.sizes, args.repeat = [100, 300], 1
    sys.setrecursionlimit(10000)
    print(f"{'ops':>7} {'seconds':>9} {'us/op':>7} {'vs first':>9}")
    first: float | None = None
    with tempfile.TemporaryDirectory() as tmp:
        for size in args.sizes:
            kernel = traced(max(1, size // OPS_PER_SCALING_BLOCK), Path(tmp))
            ops = sum(1 for _ in kernel.walk())
            seconds = measure(kernel, args.repeat)
            per_op = seconds / ops * 1e6
            first = first or per_op
            print(f"{ops:>7} {seconds:>9.3f} {per_op:>7.1f} {per_op / first:>9.2f}")


if __name__ == "__main__":
    main()
