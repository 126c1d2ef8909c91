"""Ping-pong flags whose id alternates with the loop's iterations (docs/rules/flags.md#event-ids): the
analysis walks such a loop two iterations at a time with the ids as the numbers they are, so the true
positives of the idiom stay errors: a slot primed twice, a slot drained twice, a missing wait, ids that do
not alternate as the priming expects, and one buffer shared by both slots.  (The correct kernels are in
tests/emu/test_ping_pong_flags.py.)"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from ascx.testing.sync_kernels import errors, warnings_of

Load = Callable[[str], ModuleType]

PING_PONG = """
xs = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, N * 32, 2 * N)
asc.set_flag(asc.HardEvent.V_MTE2, 0)
asc.set_flag(asc.HardEvent.V_MTE2, {primed})
for i in range(n):
    ev = i % 2
    {wait}asc.wait_flag(asc.HardEvent.V_MTE2, ev)
    asc.data_copy(xs[ev * N:], x_gm[i * N:], N)
    asc.set_flag(asc.HardEvent.MTE2_V, ev)
    asc.wait_flag(asc.HardEvent.MTE2_V, ev)
    asc.abs(zl, xs[ev * N:], N)
    asc.set_flag(asc.HardEvent.V_MTE2, {set_id})
asc.wait_flag(asc.HardEvent.V_MTE2, 0)
asc.wait_flag(asc.HardEvent.V_MTE2, {drained})
"""


def ping_pong(primed: int = 1, drained: int = 1, set_id: str = "ev", wait: str = "") -> str:
    return PING_PONG.format(primed=primed, drained=drained, set_id=set_id, wait=wait)


def sync_errors(load: Load, body: str) -> list[str]:
    """The errors and their notes (the HZ-5 warnings of the ``xs`` views are left out: see the emulation test)."""
    lines = errors(load, body)
    kept: list[str] = []
    for line in lines:
        if ": warning: " in line:
            keep = False
        elif ": error: " in line:
            keep = True
        if keep:  # notes follow their diagnostic
            kept.append(line)
    return kept


def test_one_slot_primed_twice_and_the_other_never(kernel_module: Load) -> None:
    assert sync_errors(kernel_module, ping_pong(primed=0)) == [
        "L3:5: error: `asc.set_flag(HardEvent.V_MTE2, 0)` sets event slot V_MTE2#0 while the set here is still "
        "pending [FL-3]",
        "L2:5: note: set here",
        "L4:14: error: two iterations of this loop change event slot V_MTE2#1 (sets 1, waits 1; set after them, not "
        "set before the loop); the loop is unbalanced [FL-11]",
        "L11:9: note: set here",
    ]


def test_one_slot_drained_twice_and_the_other_never(kernel_module: Load) -> None:
    assert sync_errors(kernel_module, ping_pong(drained=0)) == [
        "L3:5: error: `asc.set_flag(HardEvent.V_MTE2, 1)` is never consumed by a matching `asc.wait_flag` [FL-2]",
        "L12:5: note: asc.wait_flag(HardEvent.V_MTE2, 0) here uses a different event id",
        "L13:5: error: `asc.wait_flag(HardEvent.V_MTE2, 0)` has no matching `asc.set_flag(HardEvent.V_MTE2, 0)`; the "
        "wait would block forever [FL-1]",
        "L3:5: note: asc.set_flag(HardEvent.V_MTE2, 1) here uses a different event id",
    ]


def test_the_wait_in_the_loop_is_missing(kernel_module: Load) -> None:
    """Each phase's set finds its slot still set: the message says which id the set has in which iterations."""
    assert sync_errors(kernel_module, ping_pong(wait="# ")) == [
        "L11:9: error: `asc.set_flag(HardEvent.V_MTE2, ev)` with ev = 0 (in the loop's 1st, 3rd, … iterations) sets "
        "event slot V_MTE2#0 while the set here is still pending [FL-3]",
        "L2:5: note: set here",
        "L11:9: error: `asc.set_flag(HardEvent.V_MTE2, ev)` with ev = 1 (in the loop's 2nd, 4th, … iterations) sets "
        "event slot V_MTE2#1 while the set here is still pending [FL-3]",
        "L3:5: note: set here",
    ]


def test_ids_that_do_not_alternate_as_primed(kernel_module: Load) -> None:
    """Each iteration waits on its id and sets the other one: after an odd number of iterations the slots
    are not what the drain expects, which the trip count (a run-time value) does not exclude."""
    assert sync_errors(kernel_module, ping_pong(set_id="ev ^ 1")) == [
        "L4:14: error: two iterations of this loop change event slot V_MTE2#1 (sets 1, waits 1; not set after them, "
        "set before the loop); the loop is unbalanced [FL-11]",
        "L3:5: note: set here",
        "L4:14: error: an odd number of iterations of this loop changes event slot V_MTE2#0 (sets 1, waits 1; not "
        "set after them, set before the loop); the loop is unbalanced [FL-11]",
        "L2:5: note: set here",
        "L11:9: error: `asc.set_flag(HardEvent.V_MTE2, id)` with id = 1 (in the loop's 1st, 3rd, … iterations) sets "
        "event slot V_MTE2#1 while the set here is still pending [FL-3]",
        "L3:5: note: set here",
    ]


def test_one_buffer_for_both_slots_is_a_hazard(kernel_module: Load) -> None:
    """The copy-in of iteration k + 1 waits on the slot iteration k - 1 set, which does not order the read of
    iteration k: with one buffer the ping-pong ids order nothing across consecutive iterations."""
    body = ping_pong().replace("xs[ev * N:]", "xl")
    assert sync_errors(kernel_module, body) == [
        "L7:9: error: `asc.data_copy` (MTE2) overwrites `xl` still being read by `asc.abs` (V); needs V → MTE2 "
        "ordering [HZ-2]",
        "L10:9: note: read here in the previous loop iteration",
    ]


def test_ping_pong_ids_next_to_a_queue_are_hard_coded_ids(kernel_module: Load) -> None:
    """FL-6 names both ids a ping-pong id takes (it is reported once per flag)."""
    body = """
    asc.set_flag(asc.HardEvent.V_MTE2, 0)
    asc.set_flag(asc.HardEvent.V_MTE2, 1)
    for i in range(n):
        ev = i & 1
        asc.wait_flag(asc.HardEvent.V_MTE2, ev)
        asc.set_flag(asc.HardEvent.V_MTE2, ev)
    asc.wait_flag(asc.HardEvent.V_MTE2, 0)
    asc.wait_flag(asc.HardEvent.V_MTE2, 1)
    """
    message = (
        "may collide with event ids the framework allocates at run time; use pipe.alloc_event_id(HardEvent.V_MTE2) "
        "[FL-6]"
    )
    assert warnings_of(kernel_module, body, queues=True) == [
        f"L1: hard-coded event id 0 {message}",
        f"L2: hard-coded event id 1 {message}",
        f"L5: hard-coded event id ev (0 or 1) {message}",
        f"L6: hard-coded event id ev (0 or 1) {message}",
        f"L7: hard-coded event id 0 {message}",
        f"L8: hard-coded event id 1 {message}",
    ]
