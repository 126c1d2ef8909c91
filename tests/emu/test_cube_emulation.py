"""The cube-level API on the CPU emulation, against numpy models of CANN's documented semantics.

Every operand's layout is checked through an observer: L1 is copied back to GM; L0A (L0B) is read by
``mmad`` against an identity matrix in L0B (L0A), so that L0C receives exactly what the cube reads, and
``fixpipe`` writes it out.  The numpy models here are written from the documentation (fractal index
arithmetic, the pseudo-code of LoadData and LoadDataWithTranspose, NZ2ND), independently of the C++.
Float results are compared bit for bit: fp16 products are exact in fp32 and the sums are added in
order of k, as the emulation documents.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from ascx.emu.launch import EmulationError
from ascx.testing.kernels import line_of

Load = Callable[[str], ModuleType]

# The kernels synchronise with PIPE_ALL barriers, which the dynamic checker checks; the static verifier
# is off, and says so.
pytestmark = [pytest.mark.filterwarnings("ignore:verify_sync=False"), pytest.mark.differential]


# --- numpy models of the layouts ---------------------------------------------------------------------


def c0_of(dtype: Any) -> int:
    return 32 // np.dtype(dtype).itemsize


def zz_decode(flat: np.ndarray, m: int, k: int, c0: int) -> np.ndarray:
    """The M x K matrix the cube reads from L0A (ZZ: rows of 16 x C0 fractals, rows inside)."""
    kb = -(-k // c0)
    out = np.zeros((m, k), flat.dtype)
    for r in range(m):
        for c in range(k):
            out[r, c] = flat[((r // 16) * kb + c // c0) * 16 * c0 + (r % 16) * c0 + c % c0]
    return out


def zn_encode(matrix: np.ndarray, c0: int) -> np.ndarray:
    """A K x N matrix in L0B's ZN layout (rows of C0 x 16 fractals, 16 columns of C0 k-values each)."""
    k, n = matrix.shape
    kb, nb = -(-k // c0), -(-n // 16)
    flat = np.zeros(kb * nb * 16 * c0, matrix.dtype)
    for r in range(k):
        for c in range(n):
            flat[((r // c0) * nb + c // 16) * 16 * c0 + (c % 16) * c0 + r % c0] = matrix[r, c]
    return flat


def zn_decode(flat: np.ndarray, k: int, n: int, c0: int) -> np.ndarray:
    kb, nb = -(-k // c0), -(-n // 16)
    out = np.zeros((k, n), flat.dtype)
    for r in range(k):
        for c in range(n):
            out[r, c] = flat[((r // c0) * nb + c // 16) * 16 * c0 + (c % 16) * c0 + r % c0]
    del kb
    return out


def zz_encode(matrix: np.ndarray, c0: int) -> np.ndarray:
    m, k = matrix.shape
    kb = -(-k // c0)
    flat = np.zeros(-(-m // 16) * kb * 16 * c0, matrix.dtype)
    for r in range(m):
        for c in range(k):
            flat[((r // 16) * kb + c // c0) * 16 * c0 + (r % 16) * c0 + c % c0] = matrix[r, c]
    return flat


def nd2nz(
    dst: np.ndarray, src: np.ndarray, nd_num: int, n: int, d: int, src_nd: int, src_d: int, c0_stride: int,
    n_stride: int, nz_stride: int,
) -> None:  # fmt: skip
    """DataCopy with Nd2NzParams: element (r, c) of matrix i to i * nz_stride + (c / C0) * c0_stride * C0
    + r * n_stride * C0 + c % C0; the rest of each row's last C0 block is zero."""
    c0 = c0_of(dst.dtype)
    padded = -(-d // c0) * c0
    for i in range(nd_num):
        for r in range(n):
            for c in range(padded):
                at = i * nz_stride + (c // c0) * c0_stride * c0 + r * n_stride * c0 + c % c0
                dst[at] = src[i * src_nd + r * src_d + c] if c < d else 0


def load_2d(dst: np.ndarray, src: np.ndarray, start: int, repeat: int, stride: int, gap: int, transpose: bool) -> None:
    """LoadData (2D): repeat i copies fractal start + i * stride to fractal i * (gap + 1); transposing
    16 x 16 fractals when asked."""
    c0 = c0_of(dst.dtype)
    frac = 16 * c0
    for i in range(repeat):
        block = src[(start + i * stride) * frac :][:frac].reshape(16, c0)
        dst[i * (gap + 1) * frac :][:frac] = (block.T if transpose else block).reshape(-1)


def transpose_load(
    dst: np.ndarray, src: np.ndarray, start: int, repeat: int, stride: int, gap: int, frac_gap: int
) -> None:
    """LoadDataWithTranspose: per repeat one square (one 16x16 b16 fractal; two 16x32 b8 fractals stacked;
    two 16x8 b32 fractals side by side), transposed, written as fractals frac_gap + 1 apart."""
    size = np.dtype(dst.dtype).itemsize
    c0 = 32 // size
    frac = 16 * c0
    count = 1 if size == 2 else 2
    for i in range(repeat):
        base = (start + i * stride) * frac * count
        if size == 2:
            square = src[base : base + 256].reshape(16, 16)
            parts = [square.T]
        elif size == 1:
            square = src[base : base + 1024].reshape(32, 32)
            parts = [square.T[0:16], square.T[16:32]]
        else:
            left = src[base : base + 128].reshape(16, 8)
            right = src[base + 128 : base + 256].reshape(16, 8)
            square_t = np.hstack([left, right]).T
            parts = [square_t[:, 0:8], square_t[:, 8:16]]
        for j, part in enumerate(parts):
            at = i * (gap + 1) * frac + j * (frac_gap + 1) * frac
            dst[at : at + frac] = part.reshape(-1)


def ordered_matmul(a: np.ndarray, b: np.ndarray, init: np.ndarray | None = None) -> np.ndarray:
    """The cube's sums: start from ``init`` (zero), add the float32 products one k after another."""
    acc = np.zeros((a.shape[0], b.shape[1]), np.float32) if init is None else init.astype(np.float32).copy()
    a32, b32 = a.astype(np.float32), b.astype(np.float32)
    for k in range(a.shape[1]):
        acc = acc + a32[:, k : k + 1] * b32[k : k + 1, :]
    return acc


# --- kernels ------------------------------------------------------------------------------------------

_MODULES: dict[str, ModuleType] = {}


@pytest.fixture
def kernel_module(tmp_path_factory: pytest.TempPathFactory) -> Load:
    """One module per kernel source for the session: parametrised runs share its build."""

    def load(source: str) -> ModuleType:
        if source not in _MODULES:
            from ascx.testing.kernels import load_kernel_source

            _MODULES[source] = load_kernel_source(tmp_path_factory.mktemp("cube"), source)
        return _MODULES[source]

    return load


JIT = "@asc.jit(matmul_cube_only=True, insert_sync=False, verify_sync=False)"

ND2NZ = f"""
{JIT}
def k(x: asc.GlobalAddress, y: asc.GlobalAddress, nd: int, n: int, d: int, snd: int, sd: int, c0s: int,
      ns: int, nzs: int, count: int) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    l1 = asc.LocalMemAllocator(asc.Hardware.L1)
    t = l1.alloc(asc.TPosition.A1, x.dtype, 8192)
    asc.data_copy(t, xg, asc.Nd2NzParams(nd, n, d, snd, sd, c0s, ns, nzs))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(yg, t, count)
"""


@pytest.mark.parametrize(
    ("dtype", "params"),
    [
        (np.float16, (1, 32, 48, 0, 48, 32, 1, 0)),  # one matrix, whole C0 blocks
        (np.float16, (1, 20, 23, 0, 32, 32, 1, 0)),  # a ragged last block, zero-padded; rows padded to 32
        (np.float16, (2, 16, 16, 256, 16, 16, 1, 512)),  # two matrices
        (np.float32, (1, 16, 20, 0, 24, 16, 2, 0)),  # C0 = 8; rows two C0 apart
        (np.int8, (1, 16, 40, 0, 40, 16, 1, 0)),  # C0 = 32
    ],
)
def test_nd2nz_lays_out_fractals(kernel_module: Load, dtype: Any, params: tuple[int, ...]) -> None:
    k = kernel_module(ND2NZ).k
    rng = np.random.default_rng(1)
    x = (rng.integers(-50, 50, 2048)).astype(dtype)
    count = 2048 if np.dtype(dtype).itemsize < 4 else 1024
    y = np.full(count, 7, dtype)
    k[1](x, y, *params, count)
    expected = np.zeros(count, dtype)
    nd2nz(expected, x, *params)
    assert np.array_equal(y, expected)


ND2NZ_FROM_UB = """
@asc.jit(insert_sync=False, verify_sync=False)
def k(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    u = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 1024)
    t = asc.LocalTensor(asc.float16, asc.TPosition.TSCM, 0, 1024)
    asc.data_copy(u, xg, 1024)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(t, u, asc.Nd2NzParams(1, 20, 23, 0, 32, 32, 1, 0))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(yg, t, 1024)
"""


@pytest.mark.clean_room_only(
    "CANN's DataCopyUB2L1ND2NZImpl asserts outside a Matmul: 'DataCopy UB to L1 with ND2NZ is software-emulated on "
    "this device and works with Matmul API. Use REGISTER_MATMUL_OBJ to enable Matmul API first.'"
)
def test_nd2nz_from_ub_lays_out_fractals_as_from_gm(kernel_module: Load) -> None:
    """DataCopy with Nd2NzParams from UB into L1 (TSCM, as data_copy takes it): the same layout as from GM (a
    ragged last block, zero-padded)."""
    x = np.random.default_rng(2).integers(-50, 50, 1024).astype(np.float16)
    y = np.full(1024, 7, np.float16)
    kernel_module(ND2NZ_FROM_UB).k[1](x, y)
    expected = np.zeros(1024, np.float16)
    nd2nz(expected, x, 1, 20, 23, 0, 32, 32, 1, 0)
    assert np.array_equal(y, expected)


L0A_OBSERVER = f"""
{JIT}
def k(x: asc.GlobalAddress, eye: asc.GlobalAddress, z: asc.GlobalAddress, start: int, repeat: int, stride: int,
      gap: int, transpose: int) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    eg = asc.GlobalTensor()
    eg.set_global_buffer(eye)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    l1 = asc.LocalMemAllocator(asc.Hardware.L1)
    a1 = l1.alloc(asc.TPosition.A1, x.dtype, 4096)
    a2 = asc.LocalMemAllocator(asc.Hardware.L0A).alloc(asc.TPosition.A2, x.dtype, 1024)
    b2 = asc.LocalMemAllocator(asc.Hardware.L0B).alloc(asc.TPosition.B2, x.dtype, 1024)
    c1 = asc.LocalMemAllocator(asc.Hardware.L0C).alloc(asc.TPosition.CO1, asc.float32, 1024)
    asc.data_copy(a1, xg, 4096)
    asc.load_data(b2, eg, asc.LoadData2DParams(0, 4, 1))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.load_data(a2, a1, asc.LoadData2DParams(start, repeat, stride, 0, gap, transpose != 0))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.mmad(c1, a2, b2, asc.MmadParams(32, 32, 32))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.fixpipe(zg, c1, asc.FixpipeParamsV220(32, 32, 32, 32))
"""


@pytest.mark.parametrize(
    ("start", "repeat", "stride", "gap", "transpose"),
    [(0, 4, 1, 0, 0), (1, 2, 2, 1, 0), (0, 4, 3, 0, 1), (2, 1, 0, 3, 1), (0, 3, 0, 0, 0)],
)
def test_load_data_2d_into_l0a(
    kernel_module: Load, start: int, repeat: int, stride: int, gap: int, transpose: int
) -> None:
    k = kernel_module(L0A_OBSERVER).k
    x = (np.arange(4096) % 1000).astype(np.float16)  # small integers: exact in fp32 sums
    eye = zn_encode(np.eye(32, dtype=np.float16), 16)
    z = np.full((32, 32), np.nan, np.float32)
    k[1](x, eye, z, start, repeat, stride, gap, transpose)
    a2 = np.zeros(1024, np.float16)
    load_2d(a2, x, start, repeat, stride, gap, bool(transpose))
    assert np.array_equal(z, zz_decode(a2, 32, 32, 16).astype(np.float32))


L0B_OBSERVER = (
    JIT
    + """
def k(x: asc.GlobalAddress, eye: asc.GlobalAddress, z: asc.GlobalAddress, start: int, repeat: int, stride: int,
      gap: int, frac_gap: int) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    eg = asc.GlobalTensor()
    eg.set_global_buffer(eye)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    b1 = asc.LocalMemAllocator(asc.Hardware.L1).alloc(asc.TPosition.B1, x.dtype, {l1})
    a2 = asc.LocalMemAllocator(asc.Hardware.L0A).alloc(asc.TPosition.A2, x.dtype, {a_count})
    b2 = asc.LocalMemAllocator(asc.Hardware.L0B).alloc(asc.TPosition.B2, x.dtype, {b_count})
    c1 = asc.LocalMemAllocator(asc.Hardware.L0C).alloc(asc.TPosition.CO1, z.dtype, 2048)
    asc.data_copy(b1, xg, {l1})
    asc.load_data(a2, eg, asc.LoadData2DParams(0, {a_fractals}, 1))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.load_data_with_transpose(b2, b1, asc.LoadData2dTransposeParams(start, repeat, stride, gap, frac_gap))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.mmad(c1, a2, b2, asc.MmadParams({k}, 32, {k}))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.fixpipe(zg, c1, asc.FixpipeParamsV220(32, {k}, {k}, 32))
"""
)


@pytest.mark.parametrize(
    ("dtype", "out", "params"),
    [
        (np.float16, np.float32, (0, 4, 1, 0, 0)),
        (np.float16, np.float32, (1, 2, 2, 1, 0)),
        (np.int8, np.int32, (0, 2, 1, 1, 0)),  # 32 x 32 squares of two fractals
        (np.int8, np.int32, (0, 2, 1, 0, 1)),
        (np.float32, np.float32, (0, 4, 1, 1, 0)),  # 16 x 16 squares of two 16 x 8 fractals
        (np.float32, np.float32, (0, 2, 1, 0, 2)),
    ],
)
def test_load_data_with_transpose_into_l0b(
    kernel_module: Load, dtype: Any, out: Any, params: tuple[int, int, int, int, int]
) -> None:
    c0 = c0_of(dtype)
    k_dim = 32 if c0 <= 16 else 64  # K x 32 in L0B: 2 x 2 fractals of 16-bit or 8-bit values, 4 x 2 of 32-bit
    a_fractals = (k_dim // 16) * (k_dim // c0)
    b_fractals = (k_dim // c0) * 2
    source = kernel_module(
        L0B_OBSERVER.format(
            l1=4096 // np.dtype(dtype).itemsize,
            a_count=a_fractals * 16 * c0,
            b_count=b_fractals * 16 * c0,
            a_fractals=a_fractals,
            k=k_dim,
        )
    )
    x = (np.arange(4096 // np.dtype(dtype).itemsize) % 100).astype(dtype)
    eye = zz_encode(np.eye(k_dim, dtype=dtype), c0)
    z = np.zeros((k_dim, 32), out)
    source.k[1](x, eye, z, *params)
    b2 = np.zeros(b_fractals * 16 * c0, dtype)
    transpose_load(b2, x, *params)
    assert np.array_equal(z, zn_decode(b2, k_dim, 32, c0).astype(out))


MATMUL = (
    JIT
    + """
def k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, m: int, n: int, kk: int) -> None:
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    a2 = asc.LocalMemAllocator(asc.Hardware.L0A).alloc(asc.TPosition.A2, a.dtype, {a_count})
    b2 = asc.LocalMemAllocator(asc.Hardware.L0B).alloc(asc.TPosition.B2, b.dtype, {b_count})
    c1 = asc.LocalMemAllocator(asc.Hardware.L0C).alloc(asc.TPosition.CO1, c.dtype, {c_count})
    asc.load_data(a2, ag, asc.LoadData2DParams(0, {a_fractals}, 1))
    asc.load_data(b2, bg, asc.LoadData2DParams(0, {b_fractals}, 1))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
{body}
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.fixpipe(cg, c1, asc.FixpipeParamsV220(n, m, (m + 15) // 16 * 16, n))
"""
)


def matmul_kernel(load: Load, dtype: Any, out: Any, body: str, m: int = 48, n: int = 48, k: int = 64) -> Any:
    c0 = c0_of(dtype)
    a_fractals = -(-m // 16) * -(-k // c0)
    b_fractals = -(-k // c0) * -(-n // 16)
    source = MATMUL.format(
        a_count=a_fractals * 16 * c0,
        b_count=b_fractals * 16 * c0,
        c_count=-(-m // 16) * -(-n // 16) * 256,
        a_fractals=a_fractals,
        b_fractals=b_fractals,
        body=body,
    )
    del out
    return load(source).k


@pytest.mark.parametrize(
    ("dtype", "out", "shape"),
    [
        (np.float16, np.float32, (48, 48, 64)),
        (np.float16, np.float32, (30, 40, 70)),  # CANN's example of partly valid fractals
        (np.float32, np.float32, (32, 16, 24)),
        (np.int8, np.int32, (32, 48, 64)),
        (np.float16, np.float32, (1, 32, 48)),  # GEMV: the left matrix is read as a plain row
    ],
)
def test_mmad_computes_the_product(kernel_module: Load, dtype: Any, out: Any, shape: tuple[int, int, int]) -> None:
    m, n, kk = shape
    kernel = matmul_kernel(kernel_module, dtype, out, "    asc.mmad(c1, a2, b2, asc.MmadParams(m, n, kk))", m, n, kk)
    rng = np.random.default_rng(sum(shape))
    c0 = c0_of(dtype)
    if np.dtype(dtype).kind == "i":
        a = rng.integers(-128, 128, (m, kk)).astype(dtype)
        b = rng.integers(-128, 128, (kk, n)).astype(dtype)
    else:
        a = rng.standard_normal((m, kk)).astype(dtype)
        b = rng.standard_normal((kk, n)).astype(dtype)
    a_flat = zz_encode(a, c0)
    if m == 1:  # GEMV: the row as it is
        a_flat[:kk] = a[0]
    c = np.zeros((m, n), out)
    kernel[1](a_flat, zn_encode(b, c0), c, m, n, kk)
    if np.dtype(dtype).kind == "i":
        assert np.array_equal(c, a.astype(np.int64) @ b.astype(np.int64))
    else:
        assert np.array_equal(c, ordered_matmul(a, b))


def test_the_cube_settings_that_keep_the_values(kernel_module: Load) -> None:
    """float32 Mmad after set_hf32_mode(False) and set_hf32_trans_mode(False) (full float32, rounding unused) and
    set_mm_layout_transform(True) (the cube walks N first: the order of the output, not of the sums): the
    same bits as the ordered float32 sums."""
    m, n, kk = 32, 16, 24
    body = """
    asc.set_hf32_mode(False)
    asc.set_hf32_trans_mode(False)
    asc.set_mm_layout_transform(True)
    asc.mmad(c1, a2, b2, asc.MmadParams(m, n, kk))
    asc.set_mm_layout_transform(False)
    """
    kernel = matmul_kernel(kernel_module, np.float32, np.float32, body, m, n, kk)
    rng = np.random.default_rng(12)
    a = rng.standard_normal((m, kk)).astype(np.float32)
    b = rng.standard_normal((kk, n)).astype(np.float32)
    c = np.zeros((m, n), np.float32)
    kernel[1](zz_encode(a, 8), zn_encode(b, 8), c, m, n, kk)
    assert np.array_equal(c, ordered_matmul(a, b))


def test_mmad_accumulates_onto_l0c(kernel_module: Load) -> None:
    """Two Mmads over the two halves of K, the second with cmatrix_init_val=False: the same bits as one
    pass in order of k."""
    body = """
    half = kk // 2
    asc.mmad(c1, a2, b2, asc.MmadParams(m, n, half))
    asc.pipe_barrier(asc.PipeID.PIPE_M)
    asc.mmad(c1, a2[half * 16:], b2[half * (n // 16) * 16:], asc.MmadParams(m, n, half, cmatrix_init_val=False))
    """
    kernel = matmul_kernel(kernel_module, np.float16, np.float32, body, 16, 32, 64)
    rng = np.random.default_rng(5)
    a = rng.standard_normal((16, 64)).astype(np.float16)
    b = rng.standard_normal((64, 32)).astype(np.float16)
    c = np.zeros((16, 32), np.float32)
    kernel[1](zz_encode(a, 16), zn_encode(b, 16), c, 16, 32, 64)
    assert np.array_equal(c, ordered_matmul(a, b))


BIAS = (
    JIT
    + """
def k(a: asc.GlobalAddress, b: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress) -> None:
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    biasg = asc.GlobalTensor()
    biasg.set_global_buffer(bias)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    c1_bias = asc.LocalMemAllocator(asc.Hardware.L1).alloc(asc.TPosition.C1, asc.float32, 32)
    bt = asc.LocalMemAllocator(asc.Hardware.BIAS).alloc(asc.TPosition.C2, asc.float32, 32)
    a2 = asc.LocalMemAllocator(asc.Hardware.L0A).alloc(asc.TPosition.A2, asc.float16, 512)
    b2 = asc.LocalMemAllocator(asc.Hardware.L0B).alloc(asc.TPosition.B2, asc.float16, 1024)
    c1 = asc.LocalMemAllocator(asc.Hardware.L0C).alloc(asc.TPosition.CO1, asc.float32, 512)
    asc.data_copy(c1_bias, biasg, 32)
    asc.load_data(a2, ag, asc.LoadData2DParams(0, 2, 1))
    asc.load_data(b2, bg, asc.LoadData2DParams(0, 4, 1))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(bt, c1_bias, asc.DataCopyParams(1, 2))  # 32 floats: two 64-byte units of the bias table
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
{body}
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.fixpipe(cg, c1, asc.FixpipeParamsV220(32, 16, 16, 32, relu_en={relu}))
"""
)


@pytest.mark.parametrize(
    ("body", "relu"),
    [
        ("    asc.mmad(c1, a2, b2, bt, asc.MmadParams(16, 32, 32, cmatrix_init_val=False))", False),
        ("    asc.mmad(c1, a2, b2, asc.MmadParams(16, 32, 32, cmatrix_source=True, cmatrix_init_val=False))", False),
        ("    asc.mmad(c1, a2, b2, bt, asc.MmadParams(16, 32, 32, cmatrix_init_val=False))", True),
    ],
    ids=["bias_tensor", "cmatrix_source", "bias_tensor_relu"],
)
def test_mmad_starts_from_the_bias_table(kernel_module: Load, body: str, relu: bool) -> None:
    """The bias (C1 -> C2 on MTE1) is each column's start value: through the bias tensor, or through
    cmatrix_source without one; ReLU on the way out clamps negatives."""
    kernel = kernel_module(BIAS.format(body=body, relu=relu)).k
    rng = np.random.default_rng(9)
    a = rng.standard_normal((16, 32)).astype(np.float16)
    b = rng.standard_normal((32, 32)).astype(np.float16)
    bias = rng.standard_normal(32).astype(np.float32)
    c = np.zeros((16, 32), np.float32)
    kernel[1](zz_encode(a, 16), zn_encode(b, 16), bias, c)
    expected = ordered_matmul(a, b, np.broadcast_to(bias, (16, 32)))
    assert np.array_equal(c, np.maximum(expected, 0) if relu else expected)


BIAS_UNITS = (
    JIT
    + """
def k(a: asc.GlobalAddress, b: asc.GlobalAddress, bias: asc.GlobalAddress, c: asc.GlobalAddress) -> None:
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    biasg = asc.GlobalTensor()
    biasg.set_global_buffer(bias)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    c1_bias = asc.LocalMemAllocator(asc.Hardware.L1).alloc(asc.TPosition.C1, asc.float32, 64)
    bt = asc.LocalMemAllocator(asc.Hardware.BIAS).alloc(asc.TPosition.C2, asc.float32, 48)
    a2 = asc.LocalMemAllocator(asc.Hardware.L0A).alloc(asc.TPosition.A2, asc.float16, 512)
    b2 = asc.LocalMemAllocator(asc.Hardware.L0B).alloc(asc.TPosition.B2, asc.float16, 1536)
    c1 = asc.LocalMemAllocator(asc.Hardware.L0C).alloc(asc.TPosition.CO1, asc.float32, 768)
    asc.data_copy(c1_bias, biasg, 64)
    asc.load_data(a2, ag, asc.LoadData2DParams(0, 2, 1))
    asc.load_data(b2, bg, asc.LoadData2DParams(0, 6, 1))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(bt, c1_bias, 48)
    asc.pipe_barrier(asc.PipeID.PIPE_MTE1)
    asc.data_copy(bt, c1_bias, asc.DataCopyParams(2, 1, 1, 1))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.mmad(c1, a2, b2, bt, asc.MmadParams(16, 48, 32, cmatrix_init_val=False))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.fixpipe(cg, c1, asc.FixpipeParamsV220(48, 16, 16, 48))
"""
)


def test_data_copy_into_the_bias_table_counts_64_byte_units(kernel_module: Load) -> None:
    """Found by the differential check: from L1 into the bias table (C1 -> C2) a DataCopyParams burst and its
    destination gap count 64 bytes, its source gap 32 (CANN's copy_cbuf_to_bt page); the clean-room headers
    counted 32-byte blocks everywhere.  48 floats, then two bursts of 16 floats 8 apart in L1 and 16 apart in
    the table: columns 32..47 start from bias[24:40]."""
    kernel = kernel_module(BIAS_UNITS).k
    rng = np.random.default_rng(11)
    a = rng.standard_normal((16, 32)).astype(np.float16)
    b = rng.standard_normal((32, 48)).astype(np.float16)
    bias = rng.standard_normal(64).astype(np.float32)
    c = np.zeros((16, 48), np.float32)
    kernel[1](zz_encode(a, 16), zn_encode(b, 16), bias, c)
    row = np.concatenate([bias[0:32], bias[24:40]])
    assert np.array_equal(c, ordered_matmul(a, b, np.broadcast_to(row, (16, 48))))


BIAS_COUNT = f"""
{JIT}
def k(bias: asc.GlobalAddress) -> None:
    biasg = asc.GlobalTensor()
    biasg.set_global_buffer(bias)
    c1_bias = asc.LocalMemAllocator(asc.Hardware.L1).alloc(asc.TPosition.C1, asc.float32, 64)
    bt = asc.LocalMemAllocator(asc.Hardware.BIAS).alloc(asc.TPosition.C2, asc.float32, 64)
    asc.data_copy(c1_bias, biasg, 64)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(bt, c1_bias, 24)
"""


def test_data_copy_of_a_count_not_in_64_byte_units_into_the_bias_table_is_an_error(kernel_module: Load) -> None:
    """CANN's count form rounds the count down to whole 64-byte units without a word (here 16 of 24 floats);
    the clean-room backend, which runs first under ``both``, stops at the call instead."""
    module = kernel_module(BIAS_COUNT)
    with pytest.raises(EmulationError) as caught:
        module.k[1](np.zeros(64, np.float32))
    assert caught.value.message == (
        "kernel 'k' failed in the CPU emulation: block 0 (sub-block 0): DataCopy (local to local): 24 elements of 4 "
        "bytes into the bias table are not a multiple of its 64-byte unit (CANN's DataCopy would copy only the "
        "whole units)"
    )
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "asc.data_copy(bt, c1_bias, 24)")


FIXPIPE = (
    JIT
    + """
def k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress) -> None:
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    l1 = asc.LocalMemAllocator(asc.Hardware.L1)
    a2 = asc.LocalMemAllocator(asc.Hardware.L0A).alloc(asc.TPosition.A2, a.dtype, 1024)
    b2 = asc.LocalMemAllocator(asc.Hardware.L0B).alloc(asc.TPosition.B2, b.dtype, 1024)
    c1 = asc.LocalMemAllocator(asc.Hardware.L0C).alloc(asc.TPosition.CO1, asc.float32, 1024)
    asc.load_data(a2, ag, asc.LoadData2DParams(0, 4, 1))
    asc.load_data(b2, bg, asc.LoadData2DParams(0, 4, 1))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.mmad(c1, a2, b2, asc.MmadParams(32, 32, 32))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
{body}
"""
)


def fixpipe_run(load: Load, body: str, c: np.ndarray) -> np.ndarray:
    """The 32 x 32 result R = A @ diag(d) (random fp16 A and d, so R's values need more bits than half
    has; row 0 holds ties: (1 + j * 2^-10) * 1.5 lies half-way between two halves) through ``body``;
    returns R."""
    rng = np.random.default_rng(3)
    a = (rng.standard_normal((32, 32)) * 100).astype(np.float16)
    d = rng.standard_normal(32).astype(np.float16)
    a[0] = (1 + np.arange(32) * 2.0**-10).astype(np.float16)
    d[:] = np.where(np.arange(32) < 16, np.float16(1.5), d)
    load(FIXPIPE.format(body=body)).k[1](zz_encode(a, 16), zn_encode(np.diag(d), 16), c)
    return a.astype(np.float32) * d.astype(np.float32)


def nz_of(matrix: np.ndarray, rows: int) -> np.ndarray:
    """A matrix in NZ with 16-wide Z column blocks ``rows`` rows apart."""
    m, n = matrix.shape
    flat = np.zeros(-(-n // 16) * rows * 16, matrix.dtype)
    for c in range(n):
        for r in range(m):
            flat[(c // 16) * rows * 16 + r * 16 + c % 16] = matrix[r, c]
    return flat


def test_fixpipe_rounds_float_to_half_to_nearest_even(kernel_module: Load) -> None:
    c = np.zeros((32, 32), np.float16)
    result = fixpipe_run(
        kernel_module, "    asc.fixpipe(cg, c1, asc.FixpipeParamsV220(32, 32, 32, 32, asc.QuantModes.F322F16))", c
    )
    assert not np.array_equal(result, result.astype(np.float16).astype(np.float32))  # rounding happens
    assert np.array_equal(c, result.astype(np.float16))  # numpy rounds float32 to half to nearest even


def test_fixpipe_writes_a_window_with_row_stride_and_two_matrices(kernel_module: Load) -> None:
    """m_size x n_size of the NZ source, ND rows dst_stride apart; nd_num matrices src_nd_stride * 256
    elements apart in L0C and dst_nd_stride elements apart in GM."""
    body = "    asc.fixpipe(cg, c1, asc.FixpipeParamsV220(16, 8, 32, 40, nd_num=2, src_nd_stride=2, dst_nd_stride=400))"
    c = np.zeros(800, np.float32)
    result = fixpipe_run(kernel_module, body, c)
    flat = nz_of(result, 32)
    expected = np.zeros(800, np.float32)
    for i in range(2):
        matrix = flat[i * 2 * 256 :]
        for j in range(8):
            for col in range(16):
                expected[i * 400 + j * 40 + col] = matrix[(col // 16) * 32 * 16 + j * 16 + col % 16]
    assert np.array_equal(c, expected)


def test_fixpipe_nz_keeps_the_fractal_layout(kernel_module: Load) -> None:
    """CO2Layout.NZ: row j of Z block k at j * 16 + k * dst_stride * 32 bytes."""
    body = "    asc.fixpipe(cg, c1, asc.FixpipeParamsV220(32, 32, 32, 128), asc.FixpipeConfig.cfg_nz())"
    c = np.zeros(2048, np.float32)
    result = fixpipe_run(kernel_module, body, c)
    expected = np.zeros(2048, np.float32)
    expected[: 32 * 16] = nz_of(result, 32)[: 32 * 16]
    expected[128 * 8 : 128 * 8 + 32 * 16] = nz_of(result, 32)[32 * 16 : 64 * 16]
    assert np.array_equal(c, expected)


def test_fixpipe_into_l1_and_data_copy_co12dst(kernel_module: Load) -> None:
    """L0C -> L1 is NZ (CFG_NZ) and converts (here F322F16); a Fixpipe to GM in ND sets ND_PARA (one matrix),
    and DataCopyCO12DstParams with nz2nd_en writes ND rows by it.  (Found by the differential check: the test
    wrote float into L1 with the ND config, which CANN refuses, and its nz2nd copy had no ND_PARA.)"""
    body = """
    t = l1.alloc(asc.TPosition.A1, asc.float16, 1024)
    asc.fixpipe(t, c1, asc.FixpipeParamsV220(32, 32, 32, 32, asc.QuantModes.F322F16), asc.FixpipeConfig.cfg_nz())
    asc.fixpipe(cg[2048:], c1, asc.FixpipeParamsV220(32, 32, 32, 32, asc.QuantModes.F322F16))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(cg, t, 1024)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(cg[1024:], c1, asc.DataCopyCO12DstParams(32, 32, 32, 32, asc.QuantModes.F322F16, 1, nz2nd_en=True))
    """
    c = np.zeros(3072, np.float16)
    result = fixpipe_run(kernel_module, body, c)
    assert np.array_equal(c[:1024], nz_of(result, 32).astype(np.float16))
    assert np.array_equal(c[1024:2048], np.maximum(result, 0).astype(np.float16).reshape(-1))
    assert np.array_equal(c[2048:], result.astype(np.float16).reshape(-1))


def test_data_copy_co12dst_into_l1_converts_as_fixpipe_does(kernel_module: Load) -> None:
    """DataCopy from L0C into L1 with DataCopyCO12DstParams (F322F16, NZ as into L1 it always is) leaves in L1
    what the Fixpipe into L1 leaves: the result rounded to half, in NZ."""
    body = """
    t = l1.alloc(asc.TPosition.A1, asc.float16, 1024)
    asc.data_copy(t, c1, asc.DataCopyCO12DstParams(32, 32, 32, 32, asc.QuantModes.F322F16))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(cg, t, 1024)
    """
    c = np.zeros(1024, np.float16)
    result = fixpipe_run(kernel_module, body, c)
    assert np.array_equal(c, nz_of(result, 32).astype(np.float16))


def test_data_copy_co12dst_nz2nd_takes_its_matrices_from_nd_para(kernel_module: Load) -> None:
    """Found by the differential check: CANN's DataCopy with DataCopyCO12DstParams and nz2nd_en copies the ND_PARA
    register's matrices (ndNum, srcNdStride, dstNdStride), which a Fixpipe to GM in ND sets; the clean-room
    headers copied one matrix whatever the register held.  Two 8 x 16 windows, as the Fixpipe before them."""
    body = """
    asc.fixpipe(cg, c1, asc.FixpipeParamsV220(16, 8, 32, 40, nd_num=2, src_nd_stride=2, dst_nd_stride=400))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(cg[800:], c1, asc.DataCopyCO12DstParams(16, 8, 40, 32, nz2nd_en=True))
    """
    c = np.zeros(1600, np.float32)
    result = fixpipe_run(kernel_module, body, c)
    flat = nz_of(result, 32)
    expected = np.zeros(800, np.float32)
    for i in range(2):
        for j in range(8):
            expected[i * 400 + j * 40 : i * 400 + j * 40 + 16] = flat[i * 2 * 256 + j * 16 :][:16]
    assert np.array_equal(c[:800], expected)
    assert np.array_equal(c[800:], expected)


OUT_OF_L0C = {
    "fixpipe_row_major": (
        "asc.fixpipe(t, c1, asc.FixpipeParamsV220(32, 32, 32, 32, asc.QuantModes.F322F16))",
        "Fixpipe (L0C to L1): when src position is L0C Buffer(CO1) and dst position is L1 Buffer(C1), format must "
        "be set as NZ (FixpipeConfig CFG_NZ)",
    ),
    "fixpipe_float_to_float": (
        "asc.fixpipe(f, c1, asc.FixpipeParamsV220(32, 32, 32, 64), asc.FixpipeConfig.cfg_nz())",
        "Fixpipe (L0C to L1): when src position is L0C Buffer(CO1) and dst position is L1 Buffer(C1), support dtype "
        "combinations are src: float, dst: int8_t / uint8_t / half / bfloat16_t; src: int32_t, dst: int8_t / "
        "uint8_t / half",
    ),
    "data_copy_nz2nd_without_nd_para": (
        "asc.data_copy(fg, c1, asc.DataCopyCO12DstParams(32, 32, 32, 32, nz2nd_en=True))",
        "DataCopy (L0C to GM): SetFixpipeNz2ndFlag was not called before DataCopy with DataCopyCO12DstParams (the "
        "ND_PARA register of nz2ndEn, which a Fixpipe to GM in the ND layout also sets)",
    ),
    "data_copy_no_quant": (
        "asc.data_copy(f, c1, asc.DataCopyCO12DstParams(32, 32, 64, 32))",
        "DataCopy (L0C to L1): supported quantPre values are F322F16 / F322BF16 / DEQF16 / VDEQF16 / QF322B8_PRE / "
        "VQF322B8_PRE / REQ8 / VREQ8, got NoQuant",
    ),
}


@pytest.mark.parametrize("name", sorted(OUT_OF_L0C))
def test_what_cann_refuses_out_of_l0c_is_an_error(kernel_module: Load, name: str) -> None:
    """Found by the differential check: CANN's dav-c220 Fixpipe into L1 asserts the NZ format and a converting
    type pair, its DataCopy from L0C into L1 a quantPre other than NoQuant, and its DataCopy to GM with nz2ndEn
    an ND_PARA someone set; the clean-room headers wrote NZ whatever was asked and read no ND_PARA."""
    statement, message = OUT_OF_L0C[name]
    body = f"""
    t = l1.alloc(asc.TPosition.A1, asc.float16, 1024)
    f = l1.alloc(asc.TPosition.A1, asc.float32, 1024)
    fg = cg
    {statement}
    """
    with pytest.raises(EmulationError) as caught:
        fixpipe_run(kernel_module, body, np.zeros(1024, np.float32))
    assert caught.value.message == f"kernel 'k' failed in the CPU emulation: block 0 (sub-block 0): {message}"
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(kernel_module(FIXPIPE.format(body=body)), statement)


NZ2ND_FULL = """
@asc.jit(insert_sync=False, verify_sync=False)
def k(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    u = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 0, 2048)
    asc.data_copy(u, xg, 2048)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(yg, u, asc.Nz2NdParamsFull(2, 4, 32, 1, 4, 160, 48))
"""


def test_data_copy_nz2nd_full(kernel_module: Load) -> None:
    """CANN's example: two 4 x 32 NZ matrices (Z blocks 4 x 16 elements apart, matrices 256 apart) to ND
    rows 160 elements apart, the matrices 48 apart."""
    x = (np.arange(2048) % 1000).astype(np.float16)
    y = np.zeros(1024, np.float16)
    kernel_module(NZ2ND_FULL).k[1](x, y)
    expected = np.zeros(1024, np.float16)
    for i in range(2):
        for r in range(4):
            for c in range(32):
                expected[i * 48 + r * 160 + c] = x[i * 256 + (c // 16) * 64 + r * 16 + c % 16]
    assert np.array_equal(y, expected)


INIT = f"""
{JIT}
def k(y: asc.GlobalAddress) -> None:
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    t = asc.LocalMemAllocator(asc.Hardware.L1).alloc(asc.TPosition.A1, asc.float16, 512)
    asc.init_const_value(t, asc.InitConstValueParams(3, 2, 1, 2.5))
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(yg, t, 512)
"""


def test_init_const_value_fills_blocks_in_l1(kernel_module: Load) -> None:
    """Three runs of two 32-byte blocks, one block apart: the other blocks keep their zeros."""
    y = np.full(512, 9, np.float16)
    kernel_module(INIT).k[1](y)
    expected = np.zeros(512, np.float16)
    for r in range(3):
        expected[r * 3 * 16 : r * 3 * 16 + 32] = 2.5
    assert np.array_equal(y, expected)


ALLOCATOR = f"""
{JIT}
def k(y: asc.GlobalAddress, n: int) -> None:
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    l1 = asc.LocalMemAllocator(asc.Hardware.L1)
    yg.set_value(0, l1.get_cur_addr())
    first = l1.alloc(asc.TPosition.A1, asc.float16, 64)
    yg.set_value(1, l1.get_cur_addr())
    second = l1.alloc(asc.TPosition.B1, asc.float32, n)
    yg.set_value(2, l1.get_cur_addr())
    del first, second
"""


def test_local_mem_allocator_hands_out_consecutive_tensors(kernel_module: Load) -> None:
    y = np.zeros(8, np.uint32)
    kernel_module(ALLOCATOR).k[1](y, 40)
    assert y[:3].tolist() == [0, 128, 128 + 160]


DECREASING = f"""
{JIT}
def k(x: asc.GlobalAddress, mode: int) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    a1 = asc.LocalMemAllocator(asc.Hardware.L1).alloc(asc.TPosition.A1, x.dtype, 2048)
    a2 = asc.LocalMemAllocator(asc.Hardware.L0A).alloc(asc.TPosition.A2, x.dtype, 1024)
    b2 = asc.LocalMemAllocator(asc.Hardware.L0B).alloc(asc.TPosition.B2, x.dtype, 1024)
    asc.data_copy(a1, xg, 2048)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    {{statement}}
"""

DECREASING_LOADS = {
    "l1_to_l0a": (
        "asc.load_data(a2, a1, asc.LoadData2DParams(3, 4, 1, 0, 0, False, mode))",
        "LoadData (L1 to L0A/L0B)",
    ),
    "gm_to_l0b": (
        "asc.load_data(b2, xg, asc.LoadData2DParams(3, 4, 1, 0, 0, False, mode))",
        "LoadData (GM to L1/L0A/L0B)",
    ),
    "with_transpose": (
        "asc.load_data_with_transpose(b2, a1, asc.LoadData2dTransposeParams(3, 4, 1, 0, 0, mode))",
        "LoadDataWithTranspose",
    ),
}


@pytest.mark.parametrize("name", sorted(DECREASING_LOADS))
def test_a_decreasing_load_cann_counts_up_is_an_error(kernel_module: Load, name: str) -> None:
    """CANN's dav-c220 LoadData passes addr_cal_mode inc into L0A/L0B, and LoadDataWithTranspose always: addrMode 1
    counts down from GM into L1 only.  A constant 1 is refused while tracing; a run-time one stops the kernel
    (the clean-room headers counted down, CANN up)."""
    statement, what = DECREASING_LOADS[name]
    module = kernel_module(DECREASING.format(statement=statement))
    with pytest.raises(EmulationError) as caught:
        module.k[1](np.zeros(2048, np.float16), 1)
    assert caught.value.message == (
        f"kernel 'k' failed in the CPU emulation: block 0 (sub-block 0): {what}: addrMode 1 (decreasing) is not "
        "applied on dav-c220: CANN counts the fractals up here (it applies addrMode to loads from GM into L1 only)"
    )
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, statement)


# --- what the emulation does not compute: located run-time errors ------------------------------------

NOT_EMULATED: dict[str, tuple[str, str]] = {
    "load_data_3d_v2": (
        "asc.load_data(a2, a1, asc.LoadData3DParamsV2())",
        "LoadData (3D v2): the img2col (3D) load is not emulated",
    ),
    "mmad_with_sparse": (
        "asc.mmad_with_sparse(i1, s2, sb2, asc.MmadParams(16, 16, 32))",
        "MmadWithSparse: the structured-sparse multiply is not emulated",
    ),
    "fixpipe_dequant": (
        "asc.fixpipe(yg, i1, asc.FixpipeParamsV220(16, 16, 16, 16, asc.QuantModes.DEQF16))",
        "Fixpipe (L0C to GM): quant_pre DEQF16 (a quantising conversion) is not emulated",
    ),
    "fixpipe_workspace": (
        "asc.fixpipe(qg, c1, ws, asc.FixpipeParamsV220(16, 16, 16, 16, asc.QuantModes.VQF322B8_PRE))",
        "Fixpipe (L0C to GM, with cbufWorkspace): the per-channel quantisation of the cbufWorkspace form is not "
        "emulated",
    ),
    "fixpipe_workspace_into_l1": (
        "asc.fixpipe(s1, c1, ws, asc.FixpipeParamsV220(16, 16, 16, 16, asc.QuantModes.VQF322B8_PRE), "
        "asc.FixpipeConfig.cfg_nz())",
        "Fixpipe (L0C to L1, with cbufWorkspace): the per-channel quantisation of the cbufWorkspace form is not "
        "emulated",
    ),
    "load_image_to_local": (
        "asc.load_image_to_local(a1, asc.LoadImageToLocalParams())",
        "LoadImageToLocal: the AIPP image preprocessing is not emulated",
    ),
}


@pytest.mark.parametrize("name", sorted(NOT_EMULATED))
def test_what_is_not_emulated_stops_at_the_call(tmp_path: Path, name: str) -> None:
    from ascx.testing.cube_snippets import CUBE_KERNEL
    from ascx.testing.kernels import load_kernel_source

    statement, message = NOT_EMULATED[name]
    module = load_kernel_source(tmp_path, CUBE_KERNEL.format(statement=statement))
    args = [np.zeros(4096, t) for t in (np.float16, np.float16, np.float32, np.int32, np.int8, np.uint8)]
    with pytest.raises(EmulationError) as caught:
        module.k[1](*args, 1, 1.0)
    assert caught.value.message == f"kernel 'k' failed in the CPU emulation: block 0 (sub-block 0): {message}"
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "# the statement under test")
