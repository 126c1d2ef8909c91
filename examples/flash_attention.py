"""FlashAttention forward: ``O = softmax(Q Kᵀ · scale [+ causal mask]) V`` block by block, written the way
Huawei's attention operators are (docs/examples/flash_attention.md explains the pipeline).

Each vector core takes (head, query tile) tasks in turn: ``block_m`` rows of Q against the keys and values in
``block_n``-row blocks.  Per key block ``j``:

- the cube computes ``S_j = Q_tile · K_jᵀ`` with the first Matmul (``iterate_all(sync=False)`` into a
  workspace), started as soon as the vector core has read ``S_{j-1}`` from it, so it runs while the vector
  core does block ``j - 1``;
- the vector core scales ``S_j``, adds the causal mask on the diagonal block, and runs the online softmax
  step ``SoftmaxFlashV2`` (update form from the second block on): ``P_j = exp(S_j - m_j)``, the running row
  maxima ``m_j``, sums ``l_j`` and the factors ``exp(m_{j-1} - m_j)``;
- ``P_j`` (half) goes to a workspace, and the second Matmul computes ``P_j · V_j``
  (``iterate_all(sync=False)``) while the vector core rescales its running output by ``exp(m_{j-1} - m_j)``;
- after ``wait_iterate_all()`` the vector core adds ``P_j · V_j`` to the running output.

At the end of a task the output is divided by the row sums and stored as half.  Q, K and V are half, both
products accumulate in float32.  With ``overlap=False`` (a compile-time parameter) every Matmul call is
synchronous and no wait is issued: the same kernel, computed without overlapping the two cores.

    python examples/flash_attention.py            # both shapes on the CPU emulation, checked against numpy
    ascx compile examples/flash_attention.py --args "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.uint8), asc.adv.TCubeTiling, asc.adv.TCubeTiling, asc.adv.SoftmaxTiling, 1, 64, 64, 0.125, 1024, 64, 64, 64, False, True"

(the last argument is ``overlap``: ``False`` compiles the sync-only variant).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

import ascx as asc

SUB_BLOCKS = 2
"""Vector cores per block of a MIX 1:2 kernel: the launch's block_dim is the number of cube cores."""


@asc.jit
def flash_attention(  # noqa: C901 -- one kernel body, step by step as docs/examples/flash_attention.md describes
    q: asc.GlobalAddress,
    k: asc.GlobalAddress,
    v: asc.GlobalAddress,
    out: asc.GlobalAddress,
    causal_mask: asc.GlobalAddress,
    score_ws: asc.GlobalAddress,
    prob_ws: asc.GlobalAddress,
    pv_ws: asc.GlobalAddress,
    sys_workspace: asc.GlobalAddress,
    qk_tiling: asc.adv.TCubeTiling,
    pv_tiling: asc.adv.TCubeTiling,
    softmax_tiling: asc.adv.SoftmaxTiling,
    heads: int,
    seq_q: int,
    seq_kv: int,
    scale: float,
    tmp_bytes: int,
    head_dim: asc.ConstExpr[int],
    block_m: asc.ConstExpr[int],
    block_n: asc.ConstExpr[int],
    causal: asc.ConstExpr[bool],
    overlap: asc.ConstExpr[bool],
) -> None:
    pipe = asc.TPipe()
    half_nd = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    float_nd = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    key_t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, is_trans=True)
    qk = asc.adv.Matmul(half_nd, key_t, float_nd)  # S = Q · Kᵀ, K stored [keys, head_dim]
    pv = asc.adv.Matmul(half_nd, half_nd, float_nd)  # P · V
    asc.adv.register_matmul(pipe, sys_workspace, qk, qk_tiling)
    asc.adv.register_matmul(pipe, sys_workspace, pv, pv_tiling)

    q_gm = asc.GlobalTensor()
    q_gm.set_global_buffer(q)
    k_gm = asc.GlobalTensor()
    k_gm.set_global_buffer(k)
    v_gm = asc.GlobalTensor()
    v_gm.set_global_buffer(v)
    out_gm = asc.GlobalTensor()
    out_gm.set_global_buffer(out)
    mask_gm = asc.GlobalTensor()
    mask_gm.set_global_buffer(causal_mask)
    tile = block_m * block_n
    core = asc.get_block_idx()
    cores = asc.get_block_num() * asc.get_sub_block_num()
    # this core's slices of the workspaces: a score tile, a probability tile, a P·V tile
    score_gm = asc.GlobalTensor()
    score_gm.set_global_buffer(score_ws)
    score_gm = score_gm[core * tile :]
    prob_gm = asc.GlobalTensor()
    prob_gm.set_global_buffer(prob_ws)
    prob_gm = prob_gm[core * tile :]
    pv_gm = asc.GlobalTensor()
    pv_gm.set_global_buffer(pv_ws)
    pv_gm = pv_gm[core * block_m * head_dim :]

    stats = block_m * 8  # one 32-byte block of float32 per row
    score_in = asc.TQue(asc.TPosition.VECIN, 1)
    pv_in = asc.TQue(asc.TPosition.VECIN, 1)
    prob_out = asc.TQue(asc.TPosition.VECOUT, 1)
    out_out = asc.TQue(asc.TPosition.VECOUT, 1)
    mask_in = asc.TQue(asc.TPosition.VECIN, 1)
    prob_buf = asc.TBuf(asc.TPosition.VECCALC)
    acc_buf = asc.TBuf(asc.TPosition.VECCALC)
    stats_buf = asc.TBuf(asc.TPosition.VECCALC)
    scratch = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(que=score_in, num=1, len=tile * 4)
    pipe.init_buffer(que=pv_in, num=1, len=block_m * head_dim * 4)
    pipe.init_buffer(que=prob_out, num=1, len=tile * 2)
    pipe.init_buffer(que=out_out, num=1, len=block_m * head_dim * 2)
    pipe.init_buffer(que=mask_in, num=1, len=tile * 4)
    pipe.init_buffer(prob_buf, tile * 4)
    pipe.init_buffer(acc_buf, block_m * head_dim * 4)
    pipe.init_buffer(stats_buf, 3 * stats * 4)
    pipe.init_buffer(scratch, tmp_bytes)
    probs = prob_buf.get(asc.float32)  # exp(S - m), float32, the size of a score tile
    acc = acc_buf.get(asc.float32)  # the running output, block_m x head_dim
    row_max = stats_buf.get(asc.float32, stats)  # m, updated in place by each block
    row_sum = stats_buf.get_with_offset(stats, stats * 4, asc.float32)  # l, likewise
    exp_max = stats_buf.get_with_offset(stats, 2 * stats * 4, asc.float32)  # exp(m_{j-1} - m_j)
    tmp = scratch.get(asc.uint8)
    chunks = head_dim // 64  # 64 float32 lanes per repeat
    per_row = asc.BinaryRepeatParams(1, 1, 0, head_dim // 8, head_dim // 8, 1)  # src1: one block per row

    q_tiles = (seq_q + block_m - 1) // block_m
    for task in range(core, heads * q_tiles, cores):
        head = task // q_tiles
        q_row = task % q_tiles * block_m
        rows = seq_q - q_row
        if rows > block_m:
            rows = block_m
        q_tile = q_gm[(head * seq_q + q_row) * head_dim :]
        blocks = (seq_kv + block_n - 1) // block_n
        if causal:
            blocks = task % q_tiles + 1  # the diagonal block is the last (block_m == block_n)
        asc.duplicate(acc, 0.0, block_m * head_dim)
        for j in range(blocks):
            kv_row = j * block_n
            cols = seq_kv - kv_row
            if cols > block_n:
                cols = block_n
            if j == 0:  # S_0 = Q · K_0ᵀ
                qk.set_org_shape(rows, cols, head_dim)
                qk.set_tensor_a(q_tile)
                qk.set_tensor_b(k_gm[(head * seq_kv + kv_row) * head_dim :], True)
                qk.set_tail(rows, cols, head_dim)
                qk.iterate_all(score_gm, sync=not overlap, wait_iterate_all=overlap)
            if overlap:
                qk.wait_iterate_all()  # S_j is in the workspace
            scores = score_in.alloc_tensor(asc.float32)
            asc.data_copy(scores, score_gm, rows * cols)
            score_in.enque(scores)
            scores = score_in.deque(asc.float32)
            if j + 1 < blocks:  # S_{j+1} into the workspace S_j was read from: the cube works during this softmax
                next_cols = seq_kv - kv_row - block_n
                if next_cols > block_n:
                    next_cols = block_n
                qk.set_org_shape(rows, next_cols, head_dim)
                qk.set_tensor_a(q_tile)
                qk.set_tensor_b(k_gm[(head * seq_kv + kv_row + block_n) * head_dim :], True)
                qk.set_tail(rows, next_cols, head_dim)
                qk.iterate_all(score_gm, sync=not overlap, wait_iterate_all=overlap)

            asc.muls(scores, scores, scale, rows * cols)
            if causal:
                if j == blocks - 1:  # the diagonal block: -inf above the diagonal
                    mask = mask_in.alloc_tensor(asc.float32)
                    asc.data_copy(mask, mask_gm, tile)
                    mask_in.enque(mask)
                    mask = mask_in.deque(asc.float32)
                    asc.add(scores, scores, mask, tile)
                    mask_in.free_tensor(mask)
            shape = asc.adv.SoftmaxShapeInfo(rows, cols, rows, cols)
            if j == 0:
                asc.adv.softmax_flash_v2(
                    probs, row_sum, row_max, scores, exp_max, row_sum, row_max, softmax_tiling, tmp,
                    softmax_shape_info=shape,
                )  # fmt: skip
            else:  # m and l of the blocks so far are updated in place
                asc.adv.softmax_flash_v2(
                    probs, row_sum, row_max, scores, exp_max, row_sum, row_max, softmax_tiling, tmp,
                    is_update=True, softmax_shape_info=shape,
                )  # fmt: skip
            score_in.free_tensor(scores)
            p_half = prob_out.alloc_tensor(asc.float16)
            asc.cast(p_half, probs, asc.RoundMode.CAST_ROUND, rows * cols)
            prob_out.enque(p_half)
            p_half = prob_out.deque(asc.float16)
            asc.data_copy(prob_gm, p_half, rows * cols)
            prob_out.free_tensor(p_half)

            # P_j · V_j on the cube while the running output is rescaled
            pv.set_org_shape(rows, head_dim, cols)
            pv.set_tensor_a(prob_gm)
            pv.set_tensor_b(v_gm[(head * seq_kv + kv_row) * head_dim :])
            pv.set_tail(rows, head_dim, cols)
            pv.iterate_all(pv_gm, sync=not overlap, wait_iterate_all=overlap)
            if j > 0:
                for c in asc.static_range(chunks):
                    asc.mul(acc[c * 64 :], acc[c * 64 :], exp_max, 64, rows, per_row)
            if overlap:
                pv.wait_iterate_all()
            block_out = pv_in.alloc_tensor(asc.float32)
            asc.data_copy(block_out, pv_gm, rows * head_dim)
            pv_in.enque(block_out)
            block_out = pv_in.deque(asc.float32)
            asc.add(acc, acc, block_out, rows * head_dim)
            pv_in.free_tensor(block_out)

        for c in asc.static_range(chunks):
            asc.div(acc[c * 64 :], acc[c * 64 :], row_sum, 64, rows, per_row)
        result = out_out.alloc_tensor(asc.float16)
        asc.cast(result, acc, asc.RoundMode.CAST_ROUND, rows * head_dim)
        out_out.enque(result)
        result = out_out.deque(asc.float16)
        asc.data_copy(out_gm[(head * seq_q + q_row) * head_dim :], result, rows * head_dim)
        out_out.free_tensor(result)
    qk.end()
    pv.end()


@dataclass(frozen=True)
class Shape:
    """One attention problem: ``heads`` (batch × heads) of ``seq_q`` queries against ``seq_kv`` keys."""

    heads: int
    seq_q: int
    seq_kv: int
    head_dim: int = 64
    causal: bool = False
    block_m: int = 64
    block_n: int = 64


def _matmul_tiling(m: int, n: int, k: int, transpose_b: bool) -> Any:
    """A single-core Matmul tiling for one ``m x n x k`` block (the kernel sets each block's shape)."""
    host = asc.lib.host
    api = host.MatmulApiTiling(host.get_ascendc_platform())
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, False)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, transpose_b)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(False)
    tiling = asc.adv.TCubeTiling()
    if api.get_tiling(tiling) != 0:
        raise RuntimeError(f"no Matmul tiling for a {m}x{n}x{k} block")
    return tiling


def host_tilings(shape: Shape) -> tuple[Any, Any, Any, int]:
    """The tilings of Q·Kᵀ and P·V for one block, and of the online softmax of a ``block_m x block_n`` score
    tile (update form) with its temporary buffer's size."""
    host = asc.lib.host
    qk = _matmul_tiling(shape.block_m, shape.block_n, shape.head_dim, transpose_b=True)
    pv = _matmul_tiling(shape.block_m, shape.head_dim, shape.block_n, transpose_b=False)
    tile = [shape.block_m, shape.block_n]
    tmp_bytes = host.get_soft_max_flash_v2_min_tmp_size(tile, 4, 4, True)
    softmax = asc.adv.SoftmaxTiling()
    host.soft_max_flash_v2_tiling_func(tile, 4, 4, tmp_bytes, softmax, True)
    return qk, pv, softmax, tmp_bytes


def check_shape(shape: Shape) -> None:
    """The shapes this kernel takes (one message per rule)."""
    if shape.head_dim % 64:
        raise ValueError(f"head_dim {shape.head_dim} must be a multiple of 64 (64 float32 lanes per repeat)")
    if shape.seq_kv % 16:
        raise ValueError(f"seq_kv {shape.seq_kv} must be a multiple of 16 (a row of half P is 32-byte aligned)")
    if shape.causal and (shape.seq_q != shape.seq_kv or shape.block_m != shape.block_n or shape.seq_q % shape.block_m):
        raise ValueError("causal attention here needs seq_q == seq_kv, a multiple of block_m == block_n")


def arguments(shape: Shape, q: Any, k: Any, v: Any, out: Any, block_dim: int) -> tuple[Any, ...]:
    """The kernel's arguments for ``block_dim`` cube cores: the workspaces, the mask and the tilings."""
    import numpy as np

    cores = block_dim * SUB_BLOCKS
    tile = shape.block_m * shape.block_n
    qk, pv, softmax, tmp_bytes = host_tilings(shape)
    mask = np.triu(np.full((shape.block_m, shape.block_n), -np.inf, np.float32), 1)
    sys_workspace = np.zeros(asc.lib.host.get_ascendc_platform().get_lib_api_work_space_size(), np.uint8)
    return (
        q, k, v, out, mask, np.zeros(cores * tile, np.float32), np.zeros(cores * tile, np.float16),
        np.zeros(cores * shape.block_m * shape.head_dim, np.float32), sys_workspace, qk, pv, softmax,
        shape.heads, shape.seq_q, shape.seq_kv, float(1 / np.sqrt(shape.head_dim)), tmp_bytes, shape.head_dim,
        shape.block_m, shape.block_n, shape.causal,
    )  # fmt: skip


def reference(q: Any, k: Any, v: Any, causal: bool) -> Any:
    """numpy in float64: softmax(Q Kᵀ / sqrt(d) [+ mask]) V."""
    import numpy as np

    scores = q.astype(np.float64) @ k.astype(np.float64).transpose(0, 2, 1) / np.sqrt(q.shape[-1])
    if causal:
        scores = scores + np.triu(np.full(scores.shape[-2:], -np.inf), 1)
    weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return (weights / weights.sum(axis=-1, keepdims=True)) @ v.astype(np.float64)


TOLERANCE = 1e-3
"""The largest error relative to max |O| accepted: P is rounded to half for the cube (a relative 2^-11 per
weight) and O is stored as half (2^-11 of |O|); the float32 steps add far less (measured: 3.0e-4 and 3.7e-4
on the two shapes)."""


def run(shape: Shape, block_dim: int = 2, overlap: bool = True, seed: int = 0) -> float:
    """Run one shape on the CPU emulation (dynamic sync checker on) and return the error against numpy,
    relative to max |O|."""
    import numpy as np

    from ascx.emu.launch import run_with_progress

    check_shape(shape)
    rng = np.random.default_rng(seed)
    q = rng.normal(0, 1, (shape.heads, shape.seq_q, shape.head_dim)).astype(np.float16)
    k = rng.normal(0, 1, (shape.heads, shape.seq_kv, shape.head_dim)).astype(np.float16)
    v = rng.normal(0, 1, (shape.heads, shape.seq_kv, shape.head_dim)).astype(np.float16)
    out = np.zeros_like(q)
    run_with_progress(flash_attention, block_dim, *arguments(shape, q, k, v, out, block_dim), overlap)
    expected = reference(q, k, v, shape.causal)
    return float(np.abs(out.astype(np.float64) - expected).max() / np.abs(expected).max())


SHAPES = (
    Shape(heads=3, seq_q=96, seq_kv=160),  # a query tile of 32 rows and a key block of 32 after full ones
    Shape(heads=2, seq_q=128, seq_kv=128, causal=True),
)


def main() -> int:
    failures = 0
    for shape in SHAPES:
        error = run(shape)
        ok = error <= TOLERANCE
        failures += not ok
        what = f"{shape.heads} heads, {shape.seq_q} queries x {shape.seq_kv} keys, d={shape.head_dim}"
        print(
            f"flash_attention: {'OK' if ok else 'MISMATCH'} ({what}{', causal' if shape.causal else ''}; "
            f"max error {error:.2e} of max |O|, tolerance {TOLERANCE:g})"
        )
    return 1 if failures else 0


if __name__ == "__main__":
    asc.show_progress()  # the slow steps, with their times, on stderr (docs/emulation.md#progress-and-timings)
    sys.exit(main())
