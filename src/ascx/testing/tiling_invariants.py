"""The invariants every host Matmul tiling must satisfy on the Ascend 910B family (issue 8): the on-chip
buffer budgets with their double buffers, the alignment of the base block, the L1 depths and steps,
and single-core tiles that cover the result with the cores allowed.  Shared by the tiling tests and
the tutorial sweep."""

from __future__ import annotations

from math import ceil
from typing import Any

KIB = 1024
L1, L0A, L0B, L0C, UB, BIAS_TABLE = 512 * KIB, 64 * KIB, 64 * KIB, 128 * KIB, 192 * KIB, 1024


def check_buffers(t: Any, a_bytes: int, bias: bool, l1: int = L1) -> None:
    """Alignment and every on-chip budget of the 910B family."""
    k0 = 32 // a_bytes
    assert t.base_m > 0
    assert t.base_n > 0
    assert t.base_k > 0
    assert (t.base_m % 16, t.base_n % 16) == (0, 0), "base_m / base_n are whole fractals"
    assert t.base_k % k0 == 0, "base_k is a multiple of 32 bytes of the input type"
    assert t.db_l0a in (1, 2)
    assert t.db_l0b in (1, 2)
    assert t.db_l0c in (1, 2)
    assert t.base_m * t.base_k * a_bytes * t.db_l0a <= L0A
    assert t.base_k * t.base_n * a_bytes * t.db_l0b <= L0B
    assert t.base_m * t.base_n * 4 * t.db_l0c <= L0C, "the float/int32 accumulator fits L0C"
    assert t.share_l0c_size == t.base_m * t.base_n * 4 * t.db_l0c
    bias_bytes = ceil(t.base_n * 4 / 32) * 32 if bias else 0
    if bias:
        assert t.base_n * 4 <= BIAS_TABLE
    used = t.depth_a1 * t.base_m * t.base_k * a_bytes + t.depth_b1 * t.base_k * t.base_n * a_bytes + bias_bytes
    assert used == t.share_l1_size <= l1, "L1 holds depth_a1 A tiles, depth_b1 B tiles and the bias"


def check_l1_steps(t: Any) -> None:
    """depth = step_m * step_k * (1 or 2 buffers); K steps within the K loop, one a multiple of the other."""
    k_iter = ceil(t.single_core_k / t.base_k)
    assert 1 <= t.step_k_a <= k_iter
    assert 1 <= t.step_k_b <= k_iter
    assert max(t.step_k_a, t.step_k_b) % min(t.step_k_a, t.step_k_b) == 0
    assert t.step_m == 1
    assert t.step_n == 1
    assert t.depth_a1 in (t.step_m * t.step_k_a, 2 * t.step_m * t.step_k_a)
    assert t.depth_b1 in (t.step_n * t.step_k_b, 2 * t.step_n * t.step_k_b)


def check_cores(t: Any, m: int, n: int, k: int, dim: int | None) -> None:
    """The single-core tiles cover M x N with at most ``dim`` cores (one without ``set_dim``)."""
    assert (t.m, t.n, t.k_a, t.k_b) == (m, n, k, k)
    assert 0 < t.single_core_m <= m
    assert 0 < t.single_core_n <= n
    assert t.single_core_k == k
    m_dim, n_dim = ceil(m / t.single_core_m), ceil(n / t.single_core_n)
    assert t.used_core_num == m_dim * n_dim <= (dim or 1) <= 48
    if dim is not None:
        assert t.single_core_m % 16 == 0 or t.single_core_m == m, "a split tile is aligned or the whole axis"
        assert t.single_core_n % 16 == 0 or t.single_core_n == n
    assert t.base_m <= ceil(t.single_core_m / 16) * 16
    assert t.base_n <= ceil(t.single_core_n / 16) * 16
