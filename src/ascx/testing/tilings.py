"""Hand-made ``TCubeTiling`` fields for tests.

CANN's Matmul checks a tiling when the object is initialised (docs/emulation.md#the-tiling-check): the
L1 plan (``depth_a1``, ``depth_b1``, ``step_m``, ``step_n``) must be positive, and the emulation checks
the same.  A test that writes the shape fields by hand adds ``ONE_BLOCK_L1_PLAN``: one base block of A
and one of B in L1 at a time, the smallest plan, valid for any shape; a batch Matmul adds
``batch_num(batch_a, batch_b)``."""

from __future__ import annotations

from typing import Any

import numpy as np

from ascx.lib.host.platform import LIB_API_WORKSPACE_SIZE

ONE_BLOCK_L1_PLAN: dict[str, int] = {
    "depth_a1": 1,
    "depth_b1": 1,
    "step_m": 1,
    "step_n": 1,
    "step_k_a": 1,
    "step_k_b": 1,
}
"""The L1 fields of a tiling that stages one ``base_m x base_k`` block of A and one ``base_k x base_n``
block of B at a time (``step_k_a`` / ``step_k_b`` too: an MDL Matmul divides the depths by them)."""


def system_workspace() -> np.ndarray[Any, np.dtype[np.uint8]]:
    """A zeroed system workspace for a MIX Matmul kernel's ``register_matmul``: the
    ``get_lib_api_work_space_size()`` bytes the host allocates for it, which CANN's Matmul client and
    server exchange their messages across (docs/emulation.md#the-system-workspace; a smaller buffer is an
    emulation error)."""
    return np.zeros(LIB_API_WORKSPACE_SIZE, np.uint8)


def batch_num(batch_a: int, batch_b: int | None = None) -> dict[str, int]:
    """The ``batch_num`` field of a batch Matmul's tiling (A's layout not NONE): the larger of the ``batch_a``
    and ``batch_b`` its ``iterate_batch`` / ``iterate_n_batch`` calls take (``batch_b`` defaults to
    ``batch_a``), what ``set_batch_num`` of ``asc.lib.host``'s tiling API sets.  CANN's Matmul sizes the L1
    buffer of each input's batches from it when the object is initialised, and stops on 0
    (docs/emulation.md#the-tiling-check)."""
    return {"batch_num": max(batch_a, batch_a if batch_b is None else batch_b)}
