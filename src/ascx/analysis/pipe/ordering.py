"""The ordering primitives of the happens-before model (docs/sync-model.md#the-static-abstraction), as
operations on the access log: a set captures accesses, its wait orders them to a pipe, a barrier
orders a pipe's accesses to itself.  Flags, queue events and the Matmul library's private pairs are
all built from these."""

from __future__ import annotations

from ascx.analysis.pipe.state import MATMUL_PENDING, Access, PipeState, SlotKey
from ascx.analysis.pipe_model import MODEL_PIPES
from ascx.dialects.ascendc.enums import Pipe


def capture(key: SlotKey, src: Pipe, state: PipeState) -> None:
    """A set on ``src`` (slot ``key``) captures every logged access of ``src`` or already ordered to it."""
    log = state.log
    for access_key, access in log.items():
        if access_key.pipe is src or src in access.ordered_to:
            log[access_key] = Access(access.op, access.name, access.ordered_to, access.captured_by | {key})


def release(key: SlotKey, dst: Pipe, state: PipeState) -> None:
    """The wait of slot ``key`` on ``dst`` orders what the slot captured to ``dst`` (to every pipe when
    the scalar unit waits: nothing is issued until the wait returns)."""
    log = state.log
    gained = MODEL_PIPES if dst is Pipe.PIPE_S else frozenset({dst})
    for access_key, access in list(log.items()):
        if key in access.captured_by:
            ordered = access.ordered_to | gained
            if ordered >= MODEL_PIPES:
                del log[access_key]  # ordered before everything: no later access can race with it
            else:
                log[access_key] = Access(access.op, access.name, ordered, access.captured_by - {key})


def barrier(pipe: Pipe, state: PipeState) -> None:
    """``PipeBarrier<pipe>``: the pipe's accesses are ordered to the pipe; ``PIPE_ALL`` orders everything."""
    if pipe is Pipe.PIPE_ALL:
        state.log = {}  # everything issued so far has completed before anything issued later starts
        return
    log = state.log
    for key, access in log.items():
        if key.pipe is pipe:
            log[key] = Access(access.op, access.name, access.ordered_to | {pipe}, access.captured_by)


def complete_fetches(state: PipeState) -> None:
    """A set of MTE2 -> V (``wait_get_tensor_c``, or ``enque`` on a VECIN queue) completes the asynchronous
    fetches: their tiles stop being the Matmul protocol's (MM-1) and are ordered like any MTE2 write."""
    log = state.log
    for key, access in list(log.items()):
        if MATMUL_PENDING in access.captured_by:
            log[key] = Access(access.op, access.name, access.ordered_to, access.captured_by - {MATMUL_PENDING})
