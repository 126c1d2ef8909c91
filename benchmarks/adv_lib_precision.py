"""The precision of the library functions on the CPU emulation, per function and input type.

    python benchmarks/adv_lib_precision.py [--smoke]

Runs the kernels of ``ascx.testing.adv_numerics`` (the inputs of the numerics tests) and prints one row per
function: the largest distance in ULP from numpy's float64 result rounded to float32 and then to the
output type (the documented computation), the largest error in ULP of the output type from the exact
float64 value, and the largest relative error from it (relative to max(|exact|, the smallest normal number
of the type)).  The numbers are the ones docs/reference/adv/README.md quotes.  ``--smoke`` (what CI runs, to
keep the script working) measures quant only.
"""

from __future__ import annotations

import argparse
import math
import os
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

import ascx as asc
from ascx.emu import build
from ascx.lib import host
from ascx.testing import adv_numerics as an

Row = tuple[str, str, str, str, str]


def _row(name: str, dtype: Any, got: np.ndarray, rounded: np.ndarray | None, exact: np.ndarray) -> Row:
    ulp = "-" if rounded is None else str(int(an.ulp_distance(got, rounded).max()))
    error = an.ulp_error(got, exact) if np.issubdtype(got.dtype, np.floating) else math.nan
    return (name, np.dtype(dtype).name, ulp, "-" if math.isnan(error) else f"{error:.3g}",
            f"{an.relative_error(got, exact):.2g}")  # fmt: skip


def unary_rows(directory: Path) -> list[Row]:
    rows: list[Row] = []
    for dtype in (np.float16, np.float32):
        for name, (x, z) in an.run_unary(directory, dtype).items():
            rows.append(_row(name, dtype, z, an.unary_reference(name, x), an.unary_exact(name, x)))
    return rows


def _kernel(directory: Path, body: str, params: str) -> Any:
    return an.load_kernel(directory, body, params)


def exp_rows(directory: Path) -> list[Row]:
    rows: list[Row] = []
    for dtype, t in ((np.float16, "asc.float16"), (np.float32, "asc.float32")):
        body = f"""
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
zg = asc.GlobalTensor()
zg.set_global_buffer(z)
a = asc.LocalTensor({t}, asc.TPosition.VECIN, 0, 256)
c = asc.LocalTensor({t}, asc.TPosition.VECOUT, 4096, 256)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 4096)
asc.data_copy(a, xg, 256)
asc.adv.exp(c, a, 256, 0, tmp)
asc.data_copy(zg, c, 256)
asc.adv.exp(c, a, 256, 3, tmp)
asc.data_copy(zg[256:], c, 256)
asc.adv.exp(c, a, 256, 12, tmp)
asc.data_copy(zg[512:], c, 256)
"""
        x = np.random.default_rng(7).uniform(-8, 8, an.N).astype(dtype)
        z = np.zeros(3 * an.N, dtype=dtype)
        _kernel(directory, body, "x: asc.GlobalAddress, z: asc.GlobalAddress")[1](x, z)
        exact = np.exp(x.astype(np.float64))
        for label, values in zip(("exp", "exp (taylor 3)", "exp (taylor 12)"), z.reshape(3, an.N), strict=True):
            rounded = an.round_like(exact, dtype) if label == "exp" else None
            rows.append(_row(label, dtype, values, rounded, exact))
    return rows


def binary_rows(directory: Path) -> list[Row]:
    rows: list[Row] = []
    for dtype, t in ((np.float16, "asc.float16"), (np.float32, "asc.float32")):
        body = f"""
ag = asc.GlobalTensor()
ag.set_global_buffer(a)
zg = asc.GlobalTensor()
zg.set_global_buffer(z)
x = asc.LocalTensor({t}, asc.TPosition.VECIN, 0, 256)
y = asc.LocalTensor({t}, asc.TPosition.VECIN, 2048, 256)
c = asc.LocalTensor({t}, asc.TPosition.VECOUT, 4096, 256)
f32 = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 6144, 256)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 8192)
asc.data_copy(x, ag, 256)
asc.data_copy(y, ag[256:], 256)
asc.adv.power(c, x, y, 256, tmp)
asc.data_copy(zg, c, 256)
asc.data_copy(c, ag[512:], 256)
asc.adv.axpy(c, x, 1.75, 256, tmp)
asc.data_copy(zg[256:], c, 256)
"""
        rng = np.random.default_rng(3)
        base, exponent, acc = rng.uniform(0.1, 4, an.N), rng.uniform(-3, 3, an.N), rng.uniform(-10, 10, an.N)
        a = np.concatenate([base, exponent, acc]).astype(dtype)
        z = np.zeros(2 * an.N, dtype=dtype)
        _kernel(directory, body, "a: asc.GlobalAddress, z: asc.GlobalAddress")[1](a, z)
        b64, e64, d64 = (a[i * an.N : (i + 1) * an.N].astype(np.float64) for i in range(3))
        power = np.power(b64, e64)
        rows.append(_row("power", dtype, z[: an.N], an.round_like(power, dtype), power))
        axpy = d64 + b64 * float(dtype(1.75))
        rows.append(_row("axpy", dtype, z[an.N :], None, axpy))
    return rows


def softmax_rows(directory: Path) -> list[Row]:
    rows: list[Row] = []
    for dtype, t in ((np.float16, "asc.float16"), (np.float32, "asc.float32")):
        m, k = 16, 128
        tiling = asc.adv.SoftmaxTiling()
        tmp_bytes = 4 * host.get_soft_max_min_tmp_size([m, k], np.dtype(dtype).itemsize)
        host.soft_max_tiling_func([m, k], np.dtype(dtype).itemsize, tmp_bytes, tiling)
        body = f"""
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
yg = asc.GlobalTensor()
yg.set_global_buffer(y)
src = asc.LocalTensor({t}, asc.TPosition.VECIN, 0, {m * k})
dst = asc.LocalTensor({t}, asc.TPosition.VECOUT, 16384, {m * k})
stats = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 32768, {m * 8})
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 40960, {tmp_bytes})
asc.data_copy(src, xg, {m * k})
asc.adv.softmax(dst, stats, stats, src, tiling, tmp)
asc.data_copy(yg, dst, {m * k})
"""
        kernel = _kernel(directory, body, "x: asc.GlobalAddress, y: asc.GlobalAddress, tiling: asc.adv.SoftmaxTiling")
        x = np.random.default_rng(1).normal(0, 3, (m, k)).astype(dtype)
        y = np.zeros_like(x)
        kernel[1](x, y, tiling)
        e = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True).astype(np.float64))
        rows.append(_row("softmax", dtype, y, None, e / e.sum(axis=1, keepdims=True)))
    return rows


def rmsnorm_rows(directory: Path) -> list[Row]:
    rows: list[Row] = []
    for dtype, t in ((np.float16, "asc.float16"), (np.float32, "asc.float32")):
        b, s, h = 1, 8, 128
        tiling = asc.adv.RmsNormTiling()
        host.get_rms_norm_tiling_info([b, s, h], [b, s, h], 8192, np.dtype(dtype).itemsize, tiling)
        body = f"""
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
yg = asc.GlobalTensor()
yg.set_global_buffer(y)
src = asc.LocalTensor({t}, asc.TPosition.VECIN, 0, {s * h})
gamma = asc.LocalTensor({t}, asc.TPosition.VECIN, 8192, {h})
dst = asc.LocalTensor({t}, asc.TPosition.VECOUT, 16384, {s * h})
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 24576, 8192)
asc.data_copy(src, xg, {s * h})
asc.data_copy(gamma, xg[{s * h}:], {h})
asc.adv.rmsnorm(dst, src, gamma, 1e-5, tiling, tmp)
asc.data_copy(yg, dst, {s * h})
"""
        kernel = _kernel(directory, body, "x: asc.GlobalAddress, y: asc.GlobalAddress, tiling: asc.adv.RmsNormTiling")
        rng = np.random.default_rng(3)
        x = np.concatenate([rng.normal(0, 2, s * h), rng.uniform(0.5, 1.5, h)]).astype(dtype)
        y = np.zeros(s * h, dtype=dtype)
        kernel[1](x, y, tiling)
        x64 = x[: s * h].reshape(s, h).astype(np.float64)
        g64 = x[s * h :].astype(np.float64)
        eps = float(dtype(1e-5))
        reference = x64 / np.sqrt((x64**2).mean(axis=1, keepdims=True) + eps) * g64
        rows.append(_row("rmsnorm", dtype, y.reshape(s, h), None, reference))
    return rows


def quant_rows(directory: Path) -> list[Row]:
    rows: list[Row] = []
    for dtype, t in ((np.float16, "asc.float16"), (np.float32, "asc.float32")):
        body = f"""
xg = asc.GlobalTensor()
xg.set_global_buffer(x)
qg = asc.GlobalTensor()
qg.set_global_buffer(q)
src = asc.LocalTensor({t}, asc.TPosition.VECIN, 0, 256)
dst = asc.LocalTensor(asc.int8, asc.TPosition.VECOUT, 4096, 256)
tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 1024)
asc.data_copy(src, xg, 256)
asc.adv.quant(dst, src, 2.0, 3.0, 256, tmp)
asc.data_copy(qg, dst, 256)
"""
        x = np.random.default_rng(4).uniform(-40, 40, 256).astype(dtype)
        q = np.zeros(256, dtype=np.int8)
        _kernel(directory, body, "x: asc.GlobalAddress, q: asc.GlobalAddress")[1](x, q)
        exact = np.clip(np.rint(x.astype(np.float64) * 2 + 3), -128, 127)
        steps = int(np.abs(q.astype(np.int64) - exact).max())
        rows.append(("quant", np.dtype(dtype).name, "-", f"{steps} step", f"{int((q != exact).sum())}/256 differ"))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="quant only (CI)")
    args = parser.parse_args()
    if not os.environ.get(build.BUILD_DIR_ENV):
        build.set_build_dir(Path.home() / ".cache" / "ascx" / "emu-test-builds")
    with tempfile.TemporaryDirectory() as scratch:
        directory = Path(scratch)
        rows = quant_rows(directory)
        if not args.smoke:
            rows += unary_rows(directory) + exp_rows(directory) + binary_rows(directory)
            rows += softmax_rows(directory) + rmsnorm_rows(directory)
    print("| function | type | ULP from the float64 result rounded | error from exact (ULP) | relative error |")
    print("|---|---|---|---|---|")
    for row in sorted(rows):
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
