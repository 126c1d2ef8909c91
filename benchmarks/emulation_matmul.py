"""CPU emulation time of an fp16 -> fp32 Matmul next to its exact-arithmetic floor and numpy.

    python benchmarks/emulation_matmul.py [--repeat N] [--size S] [--sizes 128,256,...] [--smoke]

The kernels are MIX Matmuls on one block: its two AIV cores each compute half of the rows of
``C = A @ B`` (M = N = K = S, 128x128x64 base blocks), in three forms: sync ``iterate_all``, async
``iterate_all`` + ``wait_iterate_all``, and ``while iterate(): get_tensor_c``.  Each is timed with
the dynamic sync checker on and off, once with the cores run one after another (``threads=1``: the
same work on one host thread as the floor) and once on the default pool (the machine's threads).

The floor is the emulation's own arithmetic done as fast as plain C++ can: the same product (fp32
accumulation in order over k, each product and sum rounded, no FMA), half converted through a
table, B packed into panels, 4x8 register tiles in host vectors; it is built with the emulation's
flags (``ascx.emu.build``) and must give bit-identical results, as must every emulation run.  A
naive triple loop (r, k, j) and numpy's ``a.astype(f32) @ b.astype(f32)`` are shown for reference.

Every configuration is timed once per round, the rounds repeated, and the medians reported, so
that the ratios come from one run on a shared, noisy machine.  ``--smoke`` (for CI) runs a small
size once.
"""

from __future__ import annotations

import argparse
import ctypes
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import ascx as asc
from ascx.emu.build import build_dir, build_library
from ascx.emu.launch import build_kernel, launch
from ascx.runtime.compiler import CompiledKernel
from ascx.testing import load_kernel_source
from ascx.testing.tilings import ONE_BLOCK_L1_PLAN, system_workspace

KERNELS = """
GM, ND = asc.TPosition.GM, asc.CubeFormat.ND


@asc.jit
def rows_of_this_core(tiling: asc.adv.TCubeTiling):
    # where this core's rows of A and C start, in elements
    core = asc.get_block_idx()
    return core * tiling.single_core_m * tiling.k_a, core * tiling.single_core_m * tiling.n


@asc.jit
def iterate_all_sync(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
                     tiling: asc.adv.TCubeTiling) -> None:
    a_offset, c_offset = rows_of_this_core(tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a + a_offset)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c + c_offset)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(GM, ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.iterate_all(cg)
    mm.end()


@asc.jit
def iterate_all_async(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
                      tiling: asc.adv.TCubeTiling) -> None:
    a_offset, c_offset = rows_of_this_core(tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a + a_offset)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c + c_offset)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(GM, ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.iterate_all(cg, sync=False, wait_iterate_all=True)
    mm.wait_iterate_all()
    mm.end()


@asc.jit
def iterate_get_tensor_c(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                         workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling) -> None:
    a_offset, c_offset = rows_of_this_core(tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a + a_offset)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c + c_offset)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(GM, ND, asc.float32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    while mm.iterate():
        mm.get_tensor_c(cg)
    mm.end()
"""
FORMS = ("iterate_all_sync", "iterate_all_async", "iterate_get_tensor_c")

FLOOR = r"""
// The exact-arithmetic floor of an fp16 x fp16 -> fp32 Matmul: C[r][c] = sum over k, in order, of
// A[r][k] * B[k][c], every product and every sum rounded to fp32 (no FMA: built with -ffp-contract=off).
#include <cstdint>
#include <cstring>
#include <vector>

#define EXPORT extern "C" __attribute__((visibility("default")))

namespace {

float half_to_float(uint16_t h) {  // exact
    const uint32_t sign = (uint32_t{h} & 0x8000u) << 16;
    uint32_t exponent = (h >> 10) & 0x1fu;
    uint32_t mantissa = h & 0x3ffu;
    uint32_t bits;
    if (exponent == 0x1fu) {
        bits = sign | 0x7f800000u | (mantissa << 13);
    } else if (exponent == 0) {
        if (mantissa == 0) {
            bits = sign;
        } else {
            int e = -1;
            do {
                ++e;
                mantissa <<= 1;
            } while ((mantissa & 0x400u) == 0);
            bits = sign | (uint32_t(127 - 15 - e) << 23) | ((mantissa & 0x3ffu) << 13);
        }
    } else {
        bits = sign | ((exponent + 127 - 15) << 23) | (mantissa << 13);
    }
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return f;
}

struct Table {
    float value[65536];
    Table() {
        for (uint32_t h = 0; h < 65536; ++h) {
            value[h] = half_to_float(static_cast<uint16_t>(h));
        }
    }
};
const Table table;

typedef float Vec __attribute__((vector_size(16)));  // 4 lanes
constexpr int64_t W = 8;                              // panel width: two vectors

}  // namespace

// The plain loop: for each row, for each k, c[r][:] += a[r][k] * b[k][:] (the compiler vectorises the
// inner loop across columns).
EXPORT void plain(const uint16_t* a, const uint16_t* b, float* c, int64_t m, int64_t n, int64_t k) {
    std::vector<float> bf(static_cast<size_t>(k * n));
    for (int64_t i = 0; i < k * n; ++i) {
        bf[i] = table.value[b[i]];
    }
    for (int64_t r = 0; r < m; ++r) {
        float* row = c + r * n;
        for (int64_t j = 0; j < n; ++j) {
            row[j] = 0.0f;
        }
        for (int64_t x = 0; x < k; ++x) {
            const float av = table.value[a[r * k + x]];
            const float* brow = bf.data() + x * n;
            for (int64_t j = 0; j < n; ++j) {
                const float p = av * brow[j];
                row[j] = row[j] + p;
            }
        }
    }
}

// The floor: B packed in panels of W columns (k rows of W), A converted once, 4 x 8 tiles whose sums
// stay in eight vector registers while k runs.  m must be a multiple of 4 and n of 8.
EXPORT void floor_product(const uint16_t* a, const uint16_t* b, float* c, int64_t m, int64_t n, int64_t k) {
    std::vector<float> af(static_cast<size_t>(m * k));
    for (int64_t i = 0; i < m * k; ++i) {
        af[i] = table.value[a[i]];
    }
    std::vector<float> panels(static_cast<size_t>(k * n));
    for (int64_t x = 0; x < k; ++x) {
        for (int64_t j = 0; j < n; ++j) {
            panels[(j / W) * k * W + x * W + j % W] = table.value[b[x * n + j]];
        }
    }
    for (int64_t p = 0; p < n / W; ++p) {
        const float* panel = panels.data() + p * k * W;
        for (int64_t r = 0; r < m; r += 4) {
            const float* a0 = af.data() + r * k;
            const float* a1 = a0 + k;
            const float* a2 = a1 + k;
            const float* a3 = a2 + k;
            const Vec z = {};
            Vec s00 = z, s01 = z, s10 = z, s11 = z, s20 = z, s21 = z, s30 = z, s31 = z;
            for (int64_t x = 0; x < k; ++x) {
                Vec b0;
                Vec b1;
                std::memcpy(&b0, panel + x * W, sizeof b0);
                std::memcpy(&b1, panel + x * W + 4, sizeof b1);
                const Vec v0 = {a0[x], a0[x], a0[x], a0[x]};
                const Vec v1 = {a1[x], a1[x], a1[x], a1[x]};
                const Vec v2 = {a2[x], a2[x], a2[x], a2[x]};
                const Vec v3 = {a3[x], a3[x], a3[x], a3[x]};
                s00 = s00 + v0 * b0;
                s01 = s01 + v0 * b1;
                s10 = s10 + v1 * b0;
                s11 = s11 + v1 * b1;
                s20 = s20 + v2 * b0;
                s21 = s21 + v2 * b1;
                s30 = s30 + v3 * b0;
                s31 = s31 + v3 * b1;
            }
            float* out = c + r * n + p * W;
            std::memcpy(out, &s00, 16);
            std::memcpy(out + 4, &s01, 16);
            std::memcpy(out + n, &s10, 16);
            std::memcpy(out + n + 4, &s11, 16);
            std::memcpy(out + 2 * n, &s20, 16);
            std::memcpy(out + 2 * n + 4, &s21, 16);
            std::memcpy(out + 3 * n, &s30, 16);
            std::memcpy(out + 3 * n + 4, &s31, 16);
        }
    }
}
"""


def load_floor() -> Any:
    """The floor library, built with the emulation's fast-build flags."""
    library = ctypes.CDLL(str(build_library(FLOOR, "aiv", name="matmul_floor")))
    for name in ("plain", "floor_product"):
        function = getattr(library, name)
        function.restype = None
        function.argtypes = (ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p) + (ctypes.c_int64,) * 3
    return library


def compile_forms() -> dict[str, Any]:
    """The three kernels, from a file at a fixed place (its path is in the emulation build: a fixed
    place lets later runs reuse the builds)."""
    directory = build_dir() / "benchmark-emulation-matmul"
    directory.mkdir(parents=True, exist_ok=True)
    module = load_kernel_source(directory, KERNELS)
    return {form: getattr(module, form) for form in FORMS}


def tiling_for(size: int) -> asc.adv.TCubeTiling:
    half = size // 2
    return asc.adv.TCubeTiling(
        used_core_num=2, m=size, n=size, k_a=size, k_b=size, single_core_m=half, single_core_n=size,
        single_core_k=size, base_m=min(128, half), base_n=128, base_k=64, iterate_order=0, **ONE_BLOCK_L1_PLAN,
    )  # fmt: skip


def median_times(runs: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """The median seconds of each run, timed once per round over ``repeat`` rounds."""
    times: dict[str, list[float]] = {name: [] for name in runs}
    order = list(runs)
    shuffle = random.Random(0).shuffle
    for _ in range(repeat):
        shuffle(order)  # a different order each round: what runs before a run does not bias it
        for name in order:
            run = runs[name]
            start = time.perf_counter()
            run()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in times.items()}


def measure(size: int, repeat: int, kernels: dict[str, Any], floor: Any, forms: tuple[str, ...]) -> dict[str, float]:
    rng = np.random.default_rng(size)
    a = rng.standard_normal((size, size)).astype(np.float16)
    b = rng.standard_normal((size, size)).astype(np.float16)
    expected = np.zeros((size, size), np.float32)
    workspace = system_workspace()
    tiling = tiling_for(size)

    def floor_run(function: Any, out: np.ndarray[Any, Any]) -> Callable[[], object]:
        return lambda: function(a.ctypes.data, b.ctypes.data, out.ctypes.data, size, size, size)

    floor_run(floor.floor_product, expected)()
    plain_out = np.zeros_like(expected)
    floor_run(floor.plain, plain_out)()
    assert np.array_equal(plain_out, expected), "the plain loop and the floor differ"

    compiled: dict[str, CompiledKernel] = {}
    outputs: dict[str, np.ndarray[Any, Any]] = {}
    runs: dict[str, Callable[[], object]] = {
        "floor": floor_run(floor.floor_product, np.zeros_like(expected)),
        "plain": floor_run(floor.plain, np.zeros_like(expected)),
    }
    for form in forms:
        out = np.zeros_like(expected)
        outputs[form] = out
        compiled[form] = kernels[form].compile(a, b, out, workspace, tiling)
        build_kernel(compiled[form])
        for check in (True, False):
            for threads in (1, None):
                name = f"{form} {'on' if check else 'off'} {'1' if threads == 1 else 'n'}"

                def run(
                    k: CompiledKernel = compiled[form],
                    o: np.ndarray[Any, Any] = out,
                    c: bool = check,
                    t: int | None = threads,
                ) -> None:
                    launch(k, 1, [a, b, o, workspace, tiling], check_sync=c, threads=t)

                runs[name] = run
    times = median_times(runs, repeat)
    # numpy last and on its own: its BLAS threads keep spinning for a while after each call
    times |= median_times({"numpy": lambda: a.astype(np.float32) @ b.astype(np.float32)}, repeat)
    for form, out in outputs.items():
        assert np.array_equal(out, expected), f"{form}: the emulation's result differs from the floor's"
    return times


def report(size: int, repeat: int, times: dict[str, float], forms: tuple[str, ...]) -> None:
    floor = times["floor"]
    numpy_time = times["numpy"]
    print(f"{size}x{size}x{size} fp16 -> fp32 Matmul, median of {repeat} rounds (seconds; ratios to the floor)")
    print(f"  {'floor (exact in-order fp32, vectorised C++)':54} {floor:8.4f}  {1.0:6.2f}x  "
          f"(numpy {floor / numpy_time:.1f}x)")  # fmt: skip
    print(f"  {'plain C++ loop (r, k, j)':54} {times['plain']:8.4f}  {times['plain'] / floor:6.2f}x")
    print(f"  {'numpy a.astype(f32) @ b.astype(f32)':54} {numpy_time:8.4f}  {numpy_time / floor:6.2f}x")
    for form in forms:
        for threads, label in (("1", "cores one after another"), ("n", "cores on the default pool")):
            on = times[f"{form} on {threads}"]
            off = times[f"{form} off {threads}"]
            print(f"  {form + ', checker on, ' + label:54} {on:8.4f}  {on / floor:6.2f}x  (on/off {on / off:.2f})")
            print(f"  {form + ', checker off, ' + label:54} {off:8.4f}  {off / floor:6.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="rounds of measurements (medians are reported)")
    parser.add_argument("--size", type=int, default=512, help="M = N = K of the main table (a multiple of 256)")
    parser.add_argument("--sizes", default="128,256,512,1024", help="sizes of the scaling table ('' for none)")
    parser.add_argument("--smoke", action="store_true", help="a quick run for CI: size 256, one round, no scaling")
    args = parser.parse_args()
    if args.smoke:
        args.size, args.repeat, args.sizes = 256, 1, ""
    kernels = compile_forms()
    floor = load_floor()
    start = time.perf_counter()
    for form in FORMS:
        build_kernel(kernels[form].compile(*_mock_arguments(args.size)))
    print(f"emulation builds: {time.perf_counter() - start:.2f} s (cached builds are reused)")
    times = measure(args.size, args.repeat, kernels, floor, FORMS)
    report(args.size, args.repeat, times, FORMS)
    sizes = [int(s) for s in args.sizes.split(",") if s]
    if sizes:
        print(f"scaling (iterate_all_sync, cores one after another), median of {args.repeat} rounds")
        print(f"  {'size':>6} {'floor':>9} {'numpy':>9} {'checker on':>11} {'off':>9} {'on/floor':>9} {'on/off':>7}")
        for size in sizes:
            t = measure(size, args.repeat, kernels, floor, ("iterate_all_sync",))
            on, off = t["iterate_all_sync on 1"], t["iterate_all_sync off 1"]
            print(f"  {size:6} {t['floor']:9.4f} {t['numpy']:9.4f} {on:11.4f} {off:9.4f} {on / t['floor']:8.2f}x "
                  f"{on / off:6.2f}")  # fmt: skip


def _mock_arguments(size: int) -> tuple[Any, ...]:
    a = np.zeros((size, size), np.float16)
    return a, a, np.zeros((size, size), np.float32), system_workspace(), tiling_for(size)


if __name__ == "__main__":
    main()
