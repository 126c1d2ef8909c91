"""The pass pipeline that turns a traced kernel into printable IR."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass, PassPipeline

from ascx.analysis.reuse import forget_all, handing_over
from ascx.dialects import make_context
from ascx.language.core.builder import KernelOptions
from ascx.passes import get_all_passes
from ascx.passes.base import preserves_ir

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


_context: Context | None = None


def shared_context() -> Context:
    """The context compilations share (dialects are loaded once, lazily)."""
    global _context
    if _context is None:
        _context = make_context()
    return _context


def build_pipeline(names: Sequence[str] = DEFAULT_PIPELINE) -> PassPipeline:
    """The passes called ``names``, without verification between them (the driver verifies)."""
    available = get_all_passes()
    if any("{" in name for name in names):
        return PassPipeline.parse_spec(available, ",".join(names))
    passes: list[ModulePass] = [available[name]()() for name in names]
    return PassPipeline(tuple(passes))


def run_pipeline(module: ModuleOp, names: Sequence[str] = DEFAULT_PIPELINE) -> None:
    """Run the passes ``names`` on ``module`` in place.  The verifiers take the analyses
    ``ascx-insert-sync`` ends with, as long as only passes that declare ``preserves_ir`` ran in between."""

    def between(_previous: ModulePass | None, _module: ModuleOp, following: ModulePass | None) -> None:
        if not preserves_ir(following):
            forget_all()

    with handing_over():
        PassPipeline(build_pipeline(names).passes, callback=between).apply(shared_context(), module)
