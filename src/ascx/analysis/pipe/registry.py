"""Which function handles which op class in the pipe analysis, and what each family checks where paths meet.

Each rule family registers the transfer function of the op classes it owns with ``@transfers(OpClass)``
(as the printer registers its entries with ``@emits``); the facade looks the handler up by the op's
exact class.  Its checks at the kernel's exit, where an ``if``'s arms join, of a peeled loop, of a loop's
body and of a loop's phases register with ``@checks_exit``, ``@checks_branches``, ``@checks_peeled``,
``@checks_loop`` and ``@checks_phases``; the facade runs every registered check there.  Ops without a
handler go through their traits (``ExecutesOn``, ``TensorAccess``,
``MatmulMethod``): see :mod:`ascx.analysis.hazards.log`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

from xdsl.ir import Operation

from ascx.analysis.pipe.state import PipeState
from ascx.registry import Registry

if TYPE_CHECKING:
    from xdsl.dialects import scf

    from ascx.analysis.pipe.analysis import PipeSyncAnalysis

OpT = TypeVar("OpT", bound=Operation)
Handler = Callable[["PipeSyncAnalysis", Any, PipeState], None]

HANDLERS: Registry[type[Operation], Handler] = Registry("the pipe analysis's transfer functions")
"""Op class -> its transfer function (the modules of the rule families fill it in when imported)."""


def transfers(
    op_type: type[OpT],
) -> Callable[[Callable[[PipeSyncAnalysis, OpT, PipeState], None]], Callable[[PipeSyncAnalysis, OpT, PipeState], None]]:
    """Register the decorated function as what an op of class ``op_type`` does to the pipe state."""

    def register(
        handler: Callable[[PipeSyncAnalysis, OpT, PipeState], None],
    ) -> Callable[[PipeSyncAnalysis, OpT, PipeState], None]:
        HANDLERS.add(op_type, handler)
        return handler

    return register


# --- the families' checks at the analysis's joins, loops and exit ---------------------------------------------

ExitCheck = Callable[["PipeSyncAnalysis", PipeState], None]
BranchCheck = Callable[["PipeSyncAnalysis", PipeState, PipeState, "scf.IfOp"], None]
PeeledCheck = Callable[["PipeSyncAnalysis", PipeState, PipeState, "scf.ForOp"], None]
LoopCheck = Callable[["PipeSyncAnalysis", PipeState, PipeState, Operation], None]

EXIT_CHECKS: Registry[str, ExitCheck] = Registry("the pipe analysis's checks at the kernel's exit")
"""What each family checks of the state the kernel returns with (``@checks_exit``)."""
BRANCH_CHECKS: Registry[str, BranchCheck] = Registry("the pipe analysis's checks where an if's arms join")
"""What each family checks of the two arms' states of an ``if`` (``@checks_branches``)."""
PEELED_CHECKS: Registry[str, PeeledCheck] = Registry("the pipe analysis's checks of a loop walked peeled")
"""What each family checks of a peeled loop's states after one and after more iterations (``@checks_peeled``)."""
LOOP_CHECKS: Registry[str, LoopCheck] = Registry("the pipe analysis's checks of a loop's body")
"""What each family checks of a loop's state on entry and after its body (``@checks_loop``)."""
PHASE_CHECKS: Registry[str, LoopCheck] = Registry("the pipe analysis's checks of a loop's phases")
"""What each family checks of a loop whose ids alternate, after an odd number of iterations (``@checks_phases``)."""


def _hook(table: Registry[str, Any]) -> Callable[[Any], Any]:
    def register(check: Any) -> Any:
        table.add(f"{check.__module__}.{check.__qualname__}", check)
        return check

    return register


def checks_exit(check: ExitCheck) -> ExitCheck:
    """Register ``check`` to run on the state the kernel returns with."""
    return cast(ExitCheck, _hook(EXIT_CHECKS)(check))


def checks_branches(check: BranchCheck) -> BranchCheck:
    """Register ``check`` to run on the two arms' states where an ``if`` joins."""
    return cast(BranchCheck, _hook(BRANCH_CHECKS)(check))


def checks_peeled(check: PeeledCheck) -> PeeledCheck:
    """Register ``check`` to run on a peeled loop's states after one iteration and after more."""
    return cast(PeeledCheck, _hook(PEELED_CHECKS)(check))


def checks_loop(check: LoopCheck) -> LoopCheck:
    """Register ``check`` to run on a loop's state on entry and after its body."""
    return cast(LoopCheck, _hook(LOOP_CHECKS)(check))


def checks_phases(check: LoopCheck) -> LoopCheck:
    """Register ``check`` to run on a loop whose ids alternate, after an odd number of iterations."""
    return cast(LoopCheck, _hook(PHASE_CHECKS)(check))
