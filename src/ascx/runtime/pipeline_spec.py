"""Which passes a kernel's compilation runs, by name: what the disk cache keys on before tracing.

A module of its own, with no xDSL in it; ``ascx.runtime.pipeline`` builds and runs the passes.
"""

from __future__ import annotations

from ascx.language.core.kernel_options import KernelOptions

DEFAULT_PIPELINE: tuple[str, ...] = (
    "ascx-matmul-register",
    "ascx-migrate-async-get-tensor-c",
    "ascx-insert-sync",
    "ascx-verify-matmul-sync",
    "ascx-verify-pipe-sync",
    "ascx-kernel-type",
    "ascx-kernel-prologue",
)
"""Passes run on every kernel between tracing and printing, in order (with the default options)."""

SYNC_INSERTION = ("ascx-insert-sync",)
SYNC_VERIFICATION = ("ascx-verify-matmul-sync", "ascx-verify-pipe-sync")


def pipeline_for(options: KernelOptions) -> tuple[str, ...]:
    """The pipeline a kernel compiled with ``options`` runs (docs/sync-model.md#options): insertion, then the
    verifiers, each switched off by its option; sync options that differ from their defaults become
    pass options (``ascx-insert-sync{event_ids=alloc}``)."""
    skipped = (() if options.insert_sync else SYNC_INSERTION) + (() if options.verify_sync else SYNC_VERIFICATION)
    return tuple(_with_options(name, options) for name in DEFAULT_PIPELINE if name not in skipped)


def _with_options(name: str, options: KernelOptions) -> str:
    wanted: dict[str, object] = {}
    if name == "ascx-insert-sync":
        wanted = {
            "event_ids": options.event_ids,
            "final_barrier": options.final_barrier,
            "strict_same_pipe": options.strict_same_pipe,
            "alias": options.alias,
            "assume_gm_args_noalias": options.assume_gm_args_noalias,
        }
    elif name == "ascx-verify-pipe-sync":
        wanted = {
            "strict_same_pipe": options.strict_same_pipe,
            "assume_gm_args_noalias": options.assume_gm_args_noalias,
            "sync_lints": options.sync_lints,
        }
    defaults = KernelOptions()
    changed = {key: value for key, value in wanted.items() if value != getattr(defaults, key)}
    if not changed:
        return name
    spelled = " ".join(f"{key}={_spelled(value)}" for key, value in changed.items())
    return f"{name}{{{spelled}}}"


def _spelled(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
