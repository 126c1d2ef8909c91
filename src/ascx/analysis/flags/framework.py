"""Which events the framework takes ids of from the ``TPipe``'s pool at run time (FL-6, docs/rules/flags.md#fl-6).

What each framework user takes, read from CANN's implementation (asc-devkit
``impl/basic_api/kernel_tquebind_impl.h`` and ``kernel_tpipe_impl.h``):

- a ``TQue`` takes ids of its ``enque`` event in ``EnQue`` and of its ``free_tensor`` event in ``FreeTensor``
  (``AllocEventID<enQueEvt>`` / ``AllocEventID<freeBufEvt>``): the two events of its position
  (:data:`~ascx.analysis.pipe_model.QUEUE_EVENTS`); a position ascx does not model counts as every event;
- ``pipe.alloc_event_id(event)`` and ``pipe.fetch_event_id(event)`` take ids of ``event``;
- a registered Matmul object counts as every event (its implementation allocates ids of several).
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.ir import Operation

from ascx.analysis.pipe_model import QUEUE_EVENTS
from ascx.dialects.ascendc.basic_enums import HardEvent
from ascx.dialects.ascendc.fwk_ops import EventIdOp, InitBufferOp
from ascx.dialects.ascendc.fwk_types import TQueType
from ascx.dialects.ascendc.matmul_ops import RegisterMatmulOp

EVERY_EVENT = None
"""The key of users that may take ids of any event."""


FrameworkUsers = dict[HardEvent | None, tuple[int, Operation]]
"""Per event (or :data:`EVERY_EVENT`): the first op that takes ids of it, with its position in the kernel."""


def framework_users(kernel: func.FuncOp) -> FrameworkUsers:
    """Per event (or :data:`EVERY_EVENT`), the first op of ``kernel`` that takes ids of it from the pool."""
    users: FrameworkUsers = {}
    for index, op in enumerate(kernel.walk()):
        kind = type(op)
        if kind is RegisterMatmulOp:
            users.setdefault(EVERY_EVENT, (index, op))
        elif kind is EventIdOp:
            assert isinstance(op, EventIdOp)
            users.setdefault(op.event.data, (index, op))
        elif kind is InitBufferOp and isinstance(queue := op.operands[1].type, TQueType):
            events = QUEUE_EVENTS.get(queue.position.data)
            for event in events if events is not None else (EVERY_EVENT,):
                users.setdefault(event, (index, op))
    return users


def first_user(users: FrameworkUsers, event: HardEvent | None = EVERY_EVENT) -> Operation | None:
    """The first op that takes ids of ``event`` or of every event; of any event when ``event`` is None."""
    found = [found for key, found in users.items() if event is None or key in (event, EVERY_EVENT)]
    return min(found, key=lambda found: found[0])[1] if found else None
