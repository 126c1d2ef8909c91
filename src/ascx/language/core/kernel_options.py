"""The options of the kernel being compiled, as the API and the passes see them (``@asc.jit(...)``).

A module of its own, with no xDSL in it: the disk cache keys kernels on these options before
anything is traced.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class KernelOptions:
    """Options of the kernel being traced that change what the API may do."""

    matmul_cube_only: bool = False
    """The kernel is a cube-only Matmul kernel (``@asc.jit(matmul_cube_only=True)``)."""
    verify_sync: bool = True
    """Run the sync verifiers (``ascx-verify-matmul-sync``); False leaves the kernel unchecked."""
    insert_sync: bool = True
    """Run ``ascx-insert-sync``; with False every missing sync is an error from the verifiers."""
    sync_report: bool = False
    """Report every op ``ascx-insert-sync`` inserts (as remarks)."""
    warnings_as_errors: bool = False
    """Sync warnings fail the compile."""
    event_ids: str = "auto"
    """How inserted flag pairs get their ids: ``auto``, ``const`` or ``alloc``
    (docs/passes/insert-sync.md#event-ids)."""
    final_barrier: str = "auto"
    """The trailing ``PipeBarrier<PIPE_ALL>``: ``auto``, ``always`` or ``never`` (IN-12)."""
    strict_same_pipe: bool = False
    """Also require barriers for same-pipe write-after-read and write-after-write
    (docs/sync-model.md#what-is-not-verified)."""
    alias: str = "conservative"
    """How insertion treats may-overlapping buffers: ``conservative`` or ``assume_disjoint``."""
    assume_gm_args_noalias: bool = True
    """Distinct kernel arguments never alias."""
    sync_lints: bool = False
    """Enable the lint-level sync rules (FL-12: user sync that orders nothing)."""
    kernel_type: str | None = None
    """The kernel type ``@asc.jit(kernel_type=...)`` asked for (an ``asc.runtime.config.KernelType`` name)."""
