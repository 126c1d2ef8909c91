"""CPU emulation time of a 512x512x512 half Matmul kernel next to numpy's matmul of the same data.

    python benchmarks/emulation_matmul.py [--repeat N] [--size S] [--smoke]

The kernel is a MIX Matmul (sync ``IterateAll`` over a 128x128x64 base tiling on one block, so two
AIV sub-blocks each compute the product), run with the dynamic sync checker on and off.  numpy
computes ``a.astype(float32) @ b.astype(float32)``, the same fp32 accumulation.  Both are the
median of N runs in one process; the host-compiler build is timed once, separately.  Machines are
shared and noisy: compare the ratios.  ``--smoke`` (what CI runs, to keep the script working) runs a
128x128x128 Matmul once.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import ascx as asc
from ascx.emu.launch import build_kernel, launch
from ascx.testing import load_kernel_source

KERNEL = """
GM, ND = asc.TPosition.GM, asc.CubeFormat.ND


@asc.jit
def matmul_kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
           tiling: asc.adv.TCubeTiling) -> None:
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(GM, ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.iterate_all(cg)
    mm.end()
"""


def median_seconds(run: Callable[[], object], repeat: int) -> float:
    times: list[float] = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--size", type=int, default=512, help="M = N = K (a multiple of 128)")
    parser.add_argument("--smoke", action="store_true", help="a 128x128x128 Matmul, run once (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.repeat, args.size = 1, 128
    size = args.size
    rng = np.random.default_rng(0)
    a = rng.standard_normal((size, size)).astype(np.float16)
    b = rng.standard_normal((size, size)).astype(np.float16)
    c = np.zeros((size, size), np.float32)
    workspace = np.zeros(64, np.uint8)
    tiling = asc.adv.TCubeTiling(
        used_core_num=1, m=size, n=size, k_a=size, k_b=size, single_core_m=size, single_core_n=size,
        single_core_k=size, base_m=128, base_n=128, base_k=64,
    )  # fmt: skip
    module = load_kernel_source(Path(tempfile.mkdtemp(prefix="ascx-bench-")), KERNEL)
    compiled = module.matmul_kernel.compile(a, b, c, workspace, tiling)
    start = time.perf_counter()
    build_kernel(compiled)
    build = time.perf_counter() - start

    arguments = [a, b, c, workspace, tiling]
    checked = median_seconds(lambda: launch(compiled, 1, arguments), args.repeat)
    unchecked = median_seconds(lambda: launch(compiled, 1, arguments, check_sync=False), args.repeat)
    reference = a.astype(np.float32) @ b.astype(np.float32)
    np.testing.assert_allclose(c, reference, rtol=1e-4, atol=1e-3)
    numpy_time = median_seconds(lambda: a.astype(np.float32) @ b.astype(np.float32), args.repeat)

    print(f"{size}x{size}x{size} half Matmul (fp32 accumulation), median of {args.repeat}; build {build:.2f} s")
    print(f"{'':30} {'seconds':>9} {'ratio to numpy':>15}")
    print(f"{'numpy a.astype(f32) @ b':30} {numpy_time:9.4f} {1.0:15.1f}")
    print(f"{'emulation, checker on':30} {checked:9.4f} {checked / numpy_time:15.1f}")
    print(f"{'emulation, checker off':30} {unchecked:9.4f} {unchecked / numpy_time:15.1f}")


if __name__ == "__main__":
    main()
