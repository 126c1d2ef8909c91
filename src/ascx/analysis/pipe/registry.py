"""Which function handles which op class in the pipe analysis.

Each rule family registers the transfer function of the op classes it owns with ``@transfers(OpClass)``
(as the printer registers its entries with ``@emits``); the facade looks the handler up by the op's
exact class.  Ops without a handler go through their traits (``ExecutesOn``, ``TensorAccess``,
``MatmulMethod``): see :mod:`ascx.analysis.hazards.log`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from xdsl.ir import Operation

from ascx.analysis.pipe.state import PipeState
from ascx.registry import Registry

if TYPE_CHECKING:
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
