"""Which function handles each kind of Matmul call (its ``MatmulMethod.role``).

The modules of the Matmul rules register them with ``@handles(MatmulRole.X)``; the analysis looks the
handler up by the role of the call's ``MatmulMethod`` trait.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from xdsl.ir import Operation, SSAValue

from ascx.analysis.matmul.state import MatmulState, ObjectState
from ascx.dialects.ascendc.traits import MatmulMethod, MatmulRole
from ascx.registry import Registry

if TYPE_CHECKING:
    from ascx.analysis.matmul.protocol import MatmulProtocolAnalysis


@dataclass(frozen=True)
class Call:
    """One call on a Matmul object, as the handlers see it."""

    op: Operation
    method: MatmulMethod
    text: str
    """``mm.iterate_all``: how messages name the call."""
    name: str
    """``mm``: how messages name the object."""
    mm: SSAValue
    obj: ObjectState


RoleHandler = Callable[["MatmulProtocolAnalysis", Call, MatmulState], None]

ROLE_HANDLERS: Registry[MatmulRole, RoleHandler] = Registry("the Matmul protocol's role handlers")
"""Role -> its handler (the Matmul rule modules fill it in when imported)."""


def handles(role: MatmulRole) -> Callable[[RoleHandler], RoleHandler]:
    """Register the decorated function as what a call of ``role`` does to its object."""

    def register(handler: RoleHandler) -> RoleHandler:
        ROLE_HANDLERS.add(role, handler)
        return handler

    return register
