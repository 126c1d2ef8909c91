"""``AscxPass.preserves_ir``: the passes that declare it leave the IR as it was, and the compile driver
hands analyses over across them only (``ascx.analysis.reuse``)."""

from __future__ import annotations

import warnings

import pytest
from xdsl.dialects.builtin import ModuleOp

from ascx.analysis.pipe.analysis import PipeSyncAnalysis
from ascx.analysis.pipe.state import PipeState
from ascx.analysis.report import collecting
from ascx.passes import get_all_passes
from ascx.passes.base import AscxPass
from ascx.runtime.compiler import compile_kernel
from ascx.runtime.pipeline import shared_context
from ascx.testing.examples import EXAMPLE_ARGUMENTS, example_kernel

FRONT = ("ascx-matmul-register", "ascx-migrate-async-get-tensor-c", "ascx-insert-sync", "ascx-kernel-type")

PASSES = {name: factory() for name, factory in get_all_passes().items()}


def _compiled(name: str, pipeline: tuple[str, ...]) -> ModuleOp:
    kernel, args = example_kernel(name)
    params = kernel.specialize(*args)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return compile_kernel(kernel.ascx_python_function, params, kernel.kernel_options, pipeline=pipeline).module


def test_every_pass_is_an_ascx_pass() -> None:
    for name, pass_class in PASSES.items():
        assert issubclass(pass_class, AscxPass), name


def test_the_verifiers_and_only_they_preserve_the_ir() -> None:
    preserving = sorted(name for name, pass_class in PASSES.items() if pass_class.preserves_ir)
    assert preserving == ["ascx-verify-matmul-sync", "ascx-verify-pipe-sync"]


@pytest.mark.parametrize("example", sorted(EXAMPLE_ARGUMENTS))
def test_a_pass_that_preserves_the_ir_does_not_change_it(example: str) -> None:
    module = _compiled(example, FRONT)
    before = str(module)
    for name, pass_class in PASSES.items():
        if pass_class.preserves_ir:
            with collecting():
                pass_class().apply(shared_context(), module)
            assert str(module) == before, f"{name} changed {example}"


def _pipe_analyses(monkeypatch: pytest.MonkeyPatch, pipeline: tuple[str, ...]) -> int:
    """How many pipe analyses compiling vector_add through ``pipeline`` (and the kernel type, which every
    compile records) runs."""
    runs: list[int] = []
    original = PipeSyncAnalysis.run

    def counted(self: PipeSyncAnalysis) -> PipeState:
        runs.append(1)
        return original(self)

    with monkeypatch.context() as patch:
        patch.setattr(PipeSyncAnalysis, "run", counted)
        _compiled("vector_add", (*pipeline, "ascx-kernel-type"))
    return len(runs)


def test_analyses_are_handed_over_across_passes_that_preserve_the_ir_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """ascx-verify-pipe-sync takes ascx-insert-sync's last analysis when only verifiers ran in between, and
    analyses again after a pass that may change the IR (ascx-migrate-async-get-tensor-c)."""
    insert = ("ascx-insert-sync",)
    alone = _pipe_analyses(monkeypatch, insert)
    handed_over = _pipe_analyses(monkeypatch, (*insert, "ascx-verify-matmul-sync", "ascx-verify-pipe-sync"))
    after_a_change = _pipe_analyses(monkeypatch, (*insert, "ascx-migrate-async-get-tensor-c", "ascx-verify-pipe-sync"))
    assert handed_over == alone
    assert after_a_change == alone + 1
