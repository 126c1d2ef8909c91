"""The pass pipeline that turns a traced kernel into printable IR."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass, PassPipeline

from ascx.analysis.reuse import forget_all, handing_over
from ascx.dialects import make_context
from ascx.passes import get_all_passes
from ascx.passes.base import preserves_ir
from ascx.runtime.pipeline_spec import DEFAULT_PIPELINE as DEFAULT_PIPELINE, pipeline_for as pipeline_for

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
