"""What every ascx pass declares besides its name."""

from __future__ import annotations

from abc import ABC
from typing import ClassVar

from xdsl.passes import ModulePass


class AscxPass(ModulePass, ABC):
    """An xDSL ``ModulePass`` of ascx."""

    preserves_ir: ClassVar[bool] = False
    """The pass never changes the IR (a verifier).  The compile driver keeps the analyses one pass hands
    to the next (``ascx.analysis.reuse``) across such passes, and drops them before any other."""


def preserves_ir(module_pass: ModulePass | None) -> bool:
    """Whether ``module_pass`` is an ascx pass that never changes the IR (None, the end of a pipeline, does
    not keep anything either)."""
    return isinstance(module_pass, AscxPass) and module_pass.preserves_ir
