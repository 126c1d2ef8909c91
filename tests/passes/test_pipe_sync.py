"""ascx-verify-pipe-sync verdicts (insert_sync=False) and what ascx-insert-sync inserts, for the
mistakes pyasc does not catch and the examples of docs/rules/ and docs/passes/insert-sync.md.
Diagnostics are compared exactly, with body-relative lines; insertion results as the sync-relevant C++
lines with the loop structure around them."""

from __future__ import annotations

import re
from collections.abc import Callable
from types import ModuleType

import pytest

from ascx.testing.sync_kernels import (
    PING_PONG_LOOP,
    SINGLE_BUFFER_LOOP,
    STRAIGHT_LINE,
    errors,
    make,
    sync_lines,
    warnings_of,
)

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

Load = Callable[[str], ModuleType]


# --- verifier examples ------------------------------------------------------------------------------


def test_raw_flag_misuse(kernel_module: Load) -> None:
    """Raw flag misuse: wrong id, set never waited, wrong direction."""
    lines = errors(
        kernel_module,
        """
        asc.data_copy(xl, x_gm, N)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 1)
        asc.abs(zl, xl, N)
        asc.set_flag(asc.HardEvent.V_MTE3, 0)
        asc.wait_flag(asc.HardEvent.MTE3_V, 0)
        asc.data_copy(z_gm, zl, N)
        """,
    )
    assert lines == [
        "L2:5: error: `asc.set_flag(HardEvent.MTE2_V, 0)` is never consumed by a matching `asc.wait_flag` [FL-2]",
        "L3:5: note: asc.wait_flag(HardEvent.MTE2_V, 1) here uses a different event id",
        "L3:5: error: `asc.wait_flag(HardEvent.MTE2_V, 1)` has no matching `asc.set_flag(HardEvent.MTE2_V, 1)`; the "
        "wait would block forever [FL-1]",
        "L2:5: note: asc.set_flag(HardEvent.MTE2_V, 0) here uses a different event id",
        "L4:5: error: `asc.abs` (V) reads `xl` written by `asc.data_copy` (MTE2) without synchronization; needs MTE2 "
        "→ V ordering [HZ-1]",
        "L1:5: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.MTE2_V, id)",
        "L5:5: error: `asc.set_flag(HardEvent.V_MTE3, 0)` is never consumed by a matching `asc.wait_flag` [FL-2]",
        "L6:5: note: asc.wait_flag(HardEvent.MTE3_V, 0) here waits on the opposite direction",
        "L6:5: error: `asc.wait_flag(HardEvent.MTE3_V, 0)` has no matching `asc.set_flag(HardEvent.MTE3_V, 0)`; the "
        "wait would block forever [FL-1]",
        "L5:5: note: asc.set_flag(HardEvent.V_MTE3, 0) here sets the opposite direction",
        "L7:5: error: `asc.data_copy` (MTE3) reads `zl` written by `asc.abs` (V) without synchronization; needs V → "
        "MTE3 ordering [HZ-1]",
        "L4:5: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.V_MTE3, id)",
    ]


def test_queue_protocol(kernel_module: Load) -> None:
    """The TQue protocol: use between enque and deque, never dequeued, never freed."""
    lines = errors(
        kernel_module,
        """
        a = qin.alloc_tensor(asc.float32)
        asc.data_copy(a, x_gm, N)
        qin.enque(a)
        asc.abs(tmp, a, N)
        b = qin.deque(asc.float32)
        c = qout.alloc_tensor(asc.float32)
        asc.abs(c, b, N)
        qout.enque(c)
        asc.data_copy(z_gm, c, N)
        qin.free_tensor(b)
        """,
        queues=True,
    )
    assert lines == [
        "L4:5: error: `asc.abs` uses `a` after `qin.enque(a)` and before `qin.deque()` [TQ-7]",
        "L3:5: note: enqueued here",
        "L6:9: warning: `c` allocated by `qout.alloc_tensor()` is never freed [TQ-10]",
        "L8:5: warning: `qout.enque(c)` is never dequeued [TQ-11]",
        "L9:5: error: `asc.data_copy` uses `c` after `qout.enque(c)` and before `qout.deque()` [TQ-7]",
        "L8:5: note: enqueued here",
    ]


def test_use_after_free_in_a_loop(kernel_module: Load) -> None:
    """A VECIN tensor copied out after its free, refilled in the next iteration."""
    lines = errors(
        kernel_module,
        """
        for i in range(4):
            t = q.alloc_tensor(asc.float32)
            asc.data_copy(t, x_gm[i * N:], N)
            q.enque(t)
            d = q.deque(asc.float32)
            q.free_tensor(d)
            asc.data_copy(z_gm[i * N:], d, N)
        """,
        queues=True,
    )
    assert lines == [
        "L3:9: error: `asc.data_copy` (MTE2) overwrites `t` still being read by `asc.data_copy` (MTE3); needs MTE3 → "
        "MTE2 ordering [HZ-2]",
        "L7:9: note: read here in the previous loop iteration",
        "L7:9: error: `asc.data_copy` (MTE3) reads `d` written by `asc.data_copy` (MTE2) without synchronization; "
        "needs MTE2 → MTE3 ordering [HZ-1]",
        "L3:9: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.MTE2_MTE3, id)",
        "L7:9: error: `asc.data_copy` uses `d` after `q.free_tensor(d)` [TQ-6]",
        "L6:9: note: freed here",
        "L7:9: warning: tensor from VECIN queue `q` is read by MTE3 (asc.data_copy); VECIN queues order MTE2 → V only "
        "[TQ-12]",
    ]


def test_loop_carried_producer(kernel_module: Load) -> None:
    """A loop-carried producer: the tile read in iteration i was written in iteration i - 1."""
    lines = errors(
        kernel_module,
        """
        xq = qin.alloc_tensor(asc.float32)
        asc.data_copy(xq, x_gm, N)
        for i in range(1, n):
            asc.abs(zl, xq, N)
            asc.data_copy(xq, x_gm[i * N:], N)
        qin.free_tensor(xq)
        """,
        queues=True,
    )
    assert lines == [
        "L4:9: error: `asc.abs` (V) reads `xq` written by `asc.data_copy` (MTE2) without synchronization; needs MTE2 "
        "→ V ordering [HZ-1]",
        "L5:9: note: written here in the previous loop iteration",
        "L5:9: error: `asc.data_copy` (MTE2) overwrites `xq` still being read by `asc.abs` (V); needs V → MTE2 "
        "ordering [HZ-2]",
        "L4:9: note: read here",
    ]


def test_scalar_store_then_copy_out(kernel_module: Load) -> None:
    """A scalar store followed by a copy-out."""
    assert errors(kernel_module, "zl.set_value(0, 1.0)\nasc.data_copy(z_gm, zl, N)") == [
        "L2:5: error: `asc.data_copy` (MTE3) reads `zl` written by `zl.set_value` (S) without synchronization; needs "
        "S → MTE3 ordering [HZ-1]",
        "L1:5: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.S_MTE3, id)",
    ]


# --- insertion examples --------------------------------------------------------------------


def test_straight_line_constant_ids(kernel_module: Load) -> None:
    """Raw tensors in a straight line, no framework event users, so the ids are literals; IN-12 adds the final
    barrier."""
    body = STRAIGHT_LINE
    assert sync_lines(kernel_module, body) == [
        "SetFlag<MTE2_V>(0);",
        "WaitFlag<MTE2_V>(0);",
        "SetFlag<V_MTE3>(0);",
        "WaitFlag<V_MTE3>(0);",
        "PipeBarrier<PIPE_ALL>();",
    ]


def test_single_buffer_loop(kernel_module: Load) -> None:
    """A single-buffer loop and its golden counts: two in-iteration pairs, two loop-carried pairs with priming and
    draining, one final barrier."""
    assert sync_lines(kernel_module, SINGLE_BUFFER_LOOP) == [
        "SetFlag<V_MTE2>(0);",
        "SetFlag<MTE3_V>(0);",
        "for (int32_t i = 0; i < n; i += 1) {",
        "WaitFlag<V_MTE2>(0);",
        "SetFlag<MTE2_V>(0);",
        "WaitFlag<MTE2_V>(0);",
        "WaitFlag<MTE3_V>(0);",
        "SetFlag<V_MTE2>(0);",
        "SetFlag<V_MTE3>(0);",
        "WaitFlag<V_MTE3>(0);",
        "SetFlag<MTE3_V>(0);",
        "}",
        "WaitFlag<V_MTE2>(0);",
        "WaitFlag<MTE3_V>(0);",
        "PipeBarrier<PIPE_ALL>();",
    ]


def test_verdict_without_insertion(kernel_module: Load) -> None:
    assert errors(kernel_module, SINGLE_BUFFER_LOOP) == [
        "L2:9: error: `asc.data_copy` (MTE2) overwrites `xl` still being read by `asc.abs` (V); needs V → MTE2 "
        "ordering [HZ-2]",
        "L3:9: note: read here in the previous loop iteration",
        "L3:9: error: `asc.abs` (V) reads `xl` written by `asc.data_copy` (MTE2) without synchronization; needs MTE2 "
        "→ V ordering [HZ-1]",
        "L2:9: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.MTE2_V, id)",
        "L3:9: error: `asc.abs` (V) overwrites `zl` still being read by `asc.data_copy` (MTE3); needs MTE3 → V "
        "ordering [HZ-2]",
        "L4:9: note: read here in the previous loop iteration",
        "L4:9: error: `asc.data_copy` (MTE3) reads `zl` written by `asc.abs` (V) without synchronization; needs V → "
        "MTE3 ordering [HZ-1]",
        "L3:9: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.V_MTE3, id)",
    ]


def test_ping_pong_buffers_get_distinct_ids(kernel_module: Load) -> None:
    """Ping-pong buffers: overlapping live ranges of one HardEvent get ids 0 and 1; 8 pairs in all."""
    lines = sync_lines(kernel_module, PING_PONG_LOOP)
    assert lines == [
        "SetFlag<V_MTE2>(0);",
        "SetFlag<V_MTE2>(1);",
        "SetFlag<MTE3_V>(0);",
        "SetFlag<MTE3_V>(1);",
        "for (int32_t i = 0; i < n; i += 2) {",
        "WaitFlag<V_MTE2>(0);",
        "SetFlag<MTE2_V>(0);",
        "WaitFlag<V_MTE2>(1);",
        "SetFlag<MTE2_V>(1);",
        "WaitFlag<MTE2_V>(0);",
        "WaitFlag<MTE3_V>(0);",
        "SetFlag<V_MTE2>(0);",
        "SetFlag<V_MTE3>(0);",
        "WaitFlag<MTE2_V>(1);",
        "WaitFlag<MTE3_V>(1);",
        "SetFlag<V_MTE2>(1);",
        "SetFlag<V_MTE3>(1);",
        "WaitFlag<V_MTE3>(0);",
        "SetFlag<MTE3_V>(0);",
        "WaitFlag<V_MTE3>(1);",
        "SetFlag<MTE3_V>(1);",
        "}",
        "WaitFlag<V_MTE2>(0);",
        "WaitFlag<V_MTE2>(1);",
        "WaitFlag<MTE3_V>(0);",
        "WaitFlag<MTE3_V>(1);",
        "PipeBarrier<PIPE_ALL>();",
    ]


def test_queue_tensor_gets_enque_and_deque(kernel_module: Load) -> None:
    """A TQue tensor without enque/deque: the VECIN queue provides MTE2 -> V; V -> MTE3 needs a pair, with a pool
    id because the kernel has a TQue.  TQ-12 stays a warning."""
    body = """
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, N)
    asc.abs(t, t, N)
    asc.data_copy(z_gm, t, N)
    q.free_tensor(t)
    """
    assert sync_lines(kernel_module, body, queues=True) == [
        "int32_t ev = pipe.AllocEventID<V_MTE3>();",
        "LocalTensor<float> t = q.AllocTensor<float>();",
        "q.EnQue(t);",
        "LocalTensor<float> t1 = q.DeQue<float>();",
        "SetFlag<V_MTE3>(ev);",
        "WaitFlag<V_MTE3>(ev);",
        "q.FreeTensor(t);",
        "PipeBarrier<PIPE_ALL>();",
        "pipe.ReleaseEventID<V_MTE3>(ev);",
    ]
    assert errors(kernel_module, body, queues=True) == [
        "L3:5: error: `asc.abs` (V) reads `t` written by `asc.data_copy` (MTE2) without synchronization; needs MTE2 → "
        "V ordering [HZ-1]",
        "L2:5: note: written here; e.g. q.enque()/q.deque()",
        "L4:5: error: `asc.data_copy` (MTE3) reads `t` written by `asc.abs` (V) without synchronization; needs V → "
        "MTE3 ordering [HZ-1]",
        "L3:5: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.V_MTE3, id)",
        "L4:5: warning: tensor from VECIN queue `q` is read by MTE3 (asc.data_copy); VECIN queues order MTE2 → V only "
        "[TQ-12]",
    ]


def test_producer_loop_and_consumer_loop(kernel_module: Load) -> None:
    """A producer loop and a consumer loop: one pair after the producer loop, its wait once before the consumer loop."""
    body = """
    for i in range(2):
        asc.data_copy(xl, x_gm[i * N:], N)
    for j in range(2):
        asc.abs(zl, xl, N)
    asc.data_copy(z_gm, zl, N)
    """
    assert sync_lines(kernel_module, body) == [
        "for (int32_t i = 0; i < 2; i += 1) {",
        "}",
        "SetFlag<MTE2_V>(0);",
        "WaitFlag<MTE2_V>(0);",
        "for (int32_t j = 0; j < 2; j += 1) {",
        "}",
        "SetFlag<V_MTE3>(0);",
        "WaitFlag<V_MTE3>(0);",
        "PipeBarrier<PIPE_ALL>();",
    ]
    assert errors(kernel_module, body)[:2] == [
        "L4:9: error: `asc.abs` (V) reads `xl` written by `asc.data_copy` (MTE2) without synchronization; needs MTE2 "
        "→ V ordering [HZ-1]",
        "L2:9: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.MTE2_V, id)",
    ]


def test_same_pipe_raw(kernel_module: Load) -> None:
    """Same-pipe read after write: a vector result read by the next vector op needs PipeBarrier<PIPE_V> (HZ-4)."""
    body = "asc.add(zl, xl, tmp, N)\nasc.muls(tmp, zl, 2.0, N)"
    assert sync_lines(kernel_module, body) == ["PipeBarrier<PIPE_V>();"]
    assert errors(kernel_module, body) == [
        "L2:5: error: `asc.muls` reads `zl` written by `asc.add` on the same pipe V without "
        "`asc.pipe_barrier(PipeID.PIPE_V)` [HZ-4]",
        "L1:5: note: written here",
    ]


def test_an_op_reading_its_own_result_of_the_previous_iteration(kernel_module: Load) -> None:
    """Found by the fuzzer: ``asc.add(zl, zl, zl)`` in a loop reads what the same op wrote in the previous
    iteration, on the same pipe: HZ-4 (the static verdict said nothing while the dynamic checker stopped
    the run), and insertion puts the barrier in the loop."""
    body = "for i in range(n):\n    asc.add(zl, zl, zl, N)"
    assert errors(kernel_module, body) == [
        "L2:9: error: `asc.add` reads `zl` written by `asc.add` on the same pipe V without "
        "`asc.pipe_barrier(PipeID.PIPE_V)` [HZ-4]",
        "L2:9: note: written here in the previous loop iteration",
    ]
    assert sync_lines(kernel_module, body) == ["for (int32_t i = 0; i < n; i += 1) {", "PipeBarrier<PIPE_V>();"]


def test_a_read_in_one_branch_after_the_set_is_the_one_repaired(kernel_module: Load) -> None:
    """Found by the fuzzer: a scalar read before an ``if`` and another in one arm, then a copy into the tensor.
    The join of the two reads stood for the first (ordered by the first repair's set), so every repair went
    after it and insertion did not converge (AssertionError); the less ordered read now stands for both."""
    body = """
    s = zl.get_value(0)
    if n > 0:
        s = xl.get_value(0)
    else:
        s = zl.get_value(0)
    asc.data_copy(zl, x_gm, N)
    """
    # the first repair's pair (id 0, after the first read) was made redundant by the second and swept
    assert sync_lines(kernel_module, body) == ["if (v) {", "}", "SetFlag<S_MTE2>(1);", "WaitFlag<S_MTE2>(1);"]


def test_a_repair_that_does_not_order_its_hazard_is_undone(
    kernel_module: Load, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The progress check: a hazard that comes back after its repair undoes that repair and stops insertion;
    the verifier then reports the hazard at its line (never an AssertionError).  A repair that inserts a
    useless barrier stands in for a placement bug."""
    from ascx.analysis.hazards.conflicts import Hazard
    from ascx.analysis.insertion import pipe_sync
    from ascx.analysis.insertion.placement import mark, place
    from ascx.dialects.ascendc.enums import Pipe
    from ascx.dialects.ascendc.sync_ops import PipeBarrierOp

    def useless(inserter: object, hazard: Hazard) -> list[PipeBarrierOp]:
        barrier = mark(PipeBarrierOp(Pipe.PIPE_MTE3), hazard.consumer)
        place(barrier, hazard.consumer, before=True)
        return [barrier]

    monkeypatch.setattr(pipe_sync, "repair", useless)
    body = "asc.data_copy(xl, x_gm, N)\nasc.abs(zl, xl, N)"
    assert errors(kernel_module, body, insert=True) == [
        "L2:5: error: `asc.abs` (V) reads `xl` written by `asc.data_copy` (MTE2) without synchronization; needs MTE2 "
        "→ V ordering [HZ-1]",
        "L1:5: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.MTE2_V, id)",
    ]


def test_scalar_accesses_get_the_real_pipes(kernel_module: Load) -> None:
    """Scalar accesses: MTE2 -> S before the scalar read, S -> MTE3 before the copy-out (pyasc would use V_S / S_V)."""
    body = """
    asc.data_copy(xl, x_gm, N)
    v = xl.get_value(0)
    zl.set_value(0, v)
    asc.data_copy(z_gm, zl, N)
    """
    assert sync_lines(kernel_module, body) == [
        "SetFlag<MTE2_S>(0);",
        "WaitFlag<MTE2_S>(0);",
        "SetFlag<S_MTE3>(0);",
        "WaitFlag<S_MTE3>(0);",
        "PipeBarrier<PIPE_ALL>();",
    ]


def test_user_sync_is_kept_and_insertion_is_idempotent(kernel_module: Load) -> None:
    """User sync is kept: the user's pair (the wrong event for the hazard) stays where
    it is, the MTE2 -> V pair goes around it, and id 0 of V_MTE3 is free again after the user's pair."""
    body = """
    asc.data_copy(xl, x_gm, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.abs(zl, xl, N)
    asc.data_copy(z_gm, zl, N)
    """
    assert sync_lines(kernel_module, body) == [
        "SetFlag<MTE2_V>(0);",
        "SetFlag<V_MTE3>(0);",
        "WaitFlag<V_MTE3>(0);",
        "WaitFlag<MTE2_V>(0);",
        "SetFlag<V_MTE3>(0);",
        "WaitFlag<V_MTE3>(0);",
        "PipeBarrier<PIPE_ALL>();",
    ]


# --- the mistakes pyasc misses, and the remaining rules ------------------------------------------------


def test_set_without_wait(kernel_module: Load) -> None:
    assert errors(kernel_module, "asc.set_flag(asc.HardEvent.V_MTE3, 0)") == [
        "L1:5: error: `asc.set_flag(HardEvent.V_MTE3, 0)` is never consumed by a matching `asc.wait_flag` [FL-2]"
    ]


def test_wait_without_set(kernel_module: Load) -> None:
    assert errors(kernel_module, "asc.wait_flag(asc.HardEvent.MTE3_V, 0)") == [
        "L1:5: error: `asc.wait_flag(HardEvent.MTE3_V, 0)` has no matching `asc.set_flag(HardEvent.MTE3_V, 0)`; the "
        "wait would block forever [FL-1]"
    ]


def test_hard_coded_ids_next_to_framework_users(kernel_module: Load) -> None:
    """FL-6: constant ids in a kernel whose TQue takes ids from the pool at run time (a warning)."""
    body = "asc.set_flag(asc.HardEvent.MTE2_V, 0)\nasc.wait_flag(asc.HardEvent.MTE2_V, 0)"
    message = (
        "hard-coded event id 0 may collide with event ids the framework allocates at run time; use "
        "pipe.alloc_event_id(HardEvent.MTE2_V) [FL-6]"
    )
    assert warnings_of(kernel_module, body, queues=True) == [f"L1: {message}", f"L2: {message}"]
    assert warnings_of(kernel_module, body) == []


def test_hard_coded_ids_of_events_the_framework_does_not_take(kernel_module: Load) -> None:
    """FL-6 counts only the events the framework takes ids of: qin's MTE2_V / V_MTE2 and qout's V_MTE3 /
    MTE3_V (CANN's TQue allocates its enque and free events only), so a hard-coded MTE2_MTE3 id is safe."""
    body = """
    xl = qin.alloc_tensor(asc.float32)
    asc.data_copy(xl, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 1)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 1)
    asc.data_copy(z_gm, xl, N)
    qin.free_tensor(xl)
    """
    assert [w for w in warnings_of(kernel_module, body, queues=True) if "[FL-6]" in w] == []


def test_hard_coded_ids_next_to_an_allocated_id_of_the_same_event(kernel_module: Load) -> None:
    """FL-6 near misses: a pool id of the hard-coded id's event is a framework user of that event; a pool id
    of another event is not."""
    body = """
    ev = pipe.alloc_event_id(asc.HardEvent.{event})
    asc.data_copy(xl, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 1)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 1)
    asc.data_copy(z_gm, xl, N)
    pipe.release_event_id(ev, asc.HardEvent.{event})
    """
    message = (
        "hard-coded event id 1 may collide with event ids the framework allocates at run time; use "
        "pipe.alloc_event_id(HardEvent.MTE2_MTE3) [FL-6]"
    )
    assert warnings_of(kernel_module, body.replace("{event}", "MTE2_MTE3"), queues=True) == [
        f"L3: {message}",
        f"L4: {message}",
    ]
    assert warnings_of(kernel_module, body.replace("{event}", "MTE3_MTE2"), queues=True) == []


def test_fl3_set_while_pending(kernel_module: Load) -> None:
    body = """
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    """
    assert errors(kernel_module, body) == [
        "L2:5: error: `asc.set_flag(HardEvent.MTE2_V, 0)` sets event slot MTE2_V#0 while the set here is still "
        "pending [FL-3]",
        "L1:5: note: set here",
    ]


def test_fl3_in_the_previous_iteration(kernel_module: Load) -> None:
    body = """
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    for i in range(n):
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    """
    assert errors(kernel_module, body) == [
        "L2:14: error: one iteration of this loop changes event slot MTE2_V#0 (sets 1, waits 1); the loop is "
        "unbalanced [FL-11]",
        "L1:5: note: set here",
        "L3:9: error: `asc.set_flag(HardEvent.MTE2_V, 0)` sets event slot MTE2_V#0 while the set here is still "
        "pending [FL-3]",
        "L1:5: note: set here",
    ]


def test_fl4_unknowable_event_id(kernel_module: Load) -> None:
    """An id read from memory is neither a constant, a pool id nor a pure computation."""
    body = """
    e = il.get_value(0)
    asc.set_flag(asc.HardEvent.MTE2_V, e)
    """
    lines = errors(kernel_module, body)
    assert lines[0].startswith("L2:5: error: event id of `asc.set_flag(HardEvent.MTE2_V, ")
    assert lines[0].endswith(
        "` must be a compile-time constant, a value returned by pipe.alloc_event_id / pipe.fetch_event_id, or an "
        "integer computation on constants, loop indices, kernel arguments and system values [FL-4]"
    )


def test_runtime_ids_that_are_pure_computations_pair_up(kernel_module: Load) -> None:
    """pyasc tutorial 01 uses ``i % 2`` as the id: the same computation at the set and the wait is one slot."""
    body = """
    for i in range(n):
        slot = i % 2
        asc.data_copy(xl, x_gm[i * N:], N)
        asc.set_flag(asc.HardEvent.MTE2_V, slot)
        asc.wait_flag(asc.HardEvent.MTE2_V, slot)
        asc.abs(zl, xl, N)
        asc.set_flag(asc.HardEvent.V_MTE3, slot)
        asc.wait_flag(asc.HardEvent.V_MTE3, slot)
        asc.data_copy(z_gm[i * N:], zl, N)
        asc.set_flag(asc.HardEvent.MTE3_MTE2, slot)
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, slot)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    """
    assert warnings_of(kernel_module, body) == []
    assert sync_lines(kernel_module, body).count("PipeBarrier<PIPE_ALL>();") == 1  # nothing inserted


def test_a_long_pure_computation_of_an_id_pairs_up_like_a_short_one(kernel_module: Load) -> None:
    """An id computed through a long chain of arith ops (``(n + 1 + 1 ... + 1) % 2``, 49 additions) is a pure
    computation as ``n % 2`` is: no FL-4, one slot for the set and the wait.  (The walk that decides it once
    gave up after 64 values, so a longer pure chain was refused as not computable.)"""
    slot = "(n" + " + 1" * 49 + ") % 2"
    body = f"""
    asc.set_flag(asc.HardEvent.MTE2_V, {slot})
    asc.wait_flag(asc.HardEvent.MTE2_V, {slot})
    """
    assert warnings_of(kernel_module, body) == []  # compiled: no FL-4, and the wait pairs with the set


def test_fl7_fetched_ids_overlap(kernel_module: Load) -> None:
    """A flag on a pool id after its release."""
    body = """
    a = pipe.fetch_event_id(asc.HardEvent.V_S)
    asc.set_flag(asc.HardEvent.V_S, a)
    b = pipe.fetch_event_id(asc.HardEvent.V_S)
    asc.set_flag(asc.HardEvent.V_S, b)
    asc.wait_flag(asc.HardEvent.V_S, a)
    asc.wait_flag(asc.HardEvent.V_S, b)
    """
    assert errors(kernel_module, body, queues=True) == [
        "L3:9: error: `pipe.fetch_event_id(HardEvent.V_S)` may return the id of the pending pair here: fetched ids "
        "are not reserved [FL-7]",
        "L2:5: note: pending set here",
    ]


def test_fl8_pool_ids(kernel_module: Load) -> None:
    """A pool id never released (a warning) and released twice (an error)."""
    assert warnings_of(kernel_module, "ev = pipe.alloc_event_id(asc.HardEvent.V_S)", queues=True) == [
        "L1: event id from `pipe.alloc_event_id(HardEvent.V_S)` is never released [FL-8]"
    ]
    body = """
    ev = pipe.alloc_event_id(asc.HardEvent.V_S)
    pipe.release_event_id(ev, asc.HardEvent.V_S)
    asc.set_flag(asc.HardEvent.V_S, ev)
    asc.wait_flag(asc.HardEvent.V_S, ev)
    pipe.release_event_id(ev, asc.HardEvent.V_S)
    """
    assert errors(kernel_module, body, queues=True) == [
        "L3:5: error: `asc.set_flag(HardEvent.V_S, ev)` uses an event id released here [FL-8]",
        "L2:5: note: released here",
        "L4:5: error: `asc.wait_flag(HardEvent.V_S, ev)` uses an event id released here [FL-8]",
        "L2:5: note: released here",
        "L5:5: error: `pipe.release_event_id(ev, HardEvent.V_S)` uses an event id released here [FL-8]",
        "L2:5: note: released here",
    ]


def test_fl10_pipe_the_core_does_not_have(kernel_module: Load) -> None:
    body = "asc.set_flag(asc.HardEvent.M_V, 0)\nasc.wait_flag(asc.HardEvent.M_V, 0)"
    assert warnings_of(kernel_module, body) == [
        "L1: `asc.set_flag(HardEvent.M_V, 0)` names pipe PIPE_M, which the AIV core does not use [FL-10]"
    ]


def test_fl10_an_aic_only_kernel_runs_on_the_cube_core(kernel_module: Load) -> None:
    """``@asc.jit(kernel_type=KernelType.AIC_ONLY)`` puts the code on the AIC, as ``matmul_cube_only`` does
    (vector pipes there are already an error of the kernel type request)."""
    aic_only = "kernel_type=asc.runtime.config.KernelType.AIC_ONLY"
    cube = "asc.set_flag(asc.HardEvent.MTE1_M, 0)\nasc.wait_flag(asc.HardEvent.MTE1_M, 0)"
    assert warnings_of(kernel_module, cube, options=aic_only) == []
    assert warnings_of(kernel_module, cube) == [
        "L1: `asc.set_flag(HardEvent.MTE1_M, 0)` names pipe PIPE_MTE1, which the AIV core does not use [FL-10]",
        "L2: `asc.wait_flag(HardEvent.MTE1_M, 0)` names pipe PIPE_M, which the AIV core does not use [FL-10]",
    ]


def test_fl11_unbalanced_branch_and_loop(kernel_module: Load) -> None:
    branch = """
    if n > 0:
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    """
    assert errors(kernel_module, branch) == [
        "L1:8: error: event slot MTE2_V#0 is set on one branch of this `if` and not on the other [FL-11]",
        "L2:9: note: set here",
    ]
    loop = """
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    for i in range(n):
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    """
    assert errors(kernel_module, loop) == [
        "L1:5: error: `asc.set_flag(HardEvent.MTE2_V, 0)` is never consumed by a matching `asc.wait_flag` [FL-2]",
        "L2:14: error: one iteration of this loop changes event slot MTE2_V#0 (sets 0, waits 1); the loop is "
        "unbalanced [FL-11]",
        "L1:5: note: set here",
    ]


def test_wrong_event_for_the_hazard(kernel_module: Load) -> None:
    """The copy-in overwrites what the copy-out still reads; the user's MTE2_V pair orders something else.
    Insertion adds the MTE3_MTE2 pair and keeps the user's."""
    body = """
    asc.data_copy(z_gm, zl, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.data_copy(zl, x_gm, N)
    """
    assert errors(kernel_module, body) == [
        "L4:5: error: `asc.data_copy` (MTE2) overwrites `zl` still being read by `asc.data_copy` (MTE3); needs MTE3 → "
        "MTE2 ordering [HZ-2]",
        "L1:5: note: read here",
    ]
    assert sync_lines(kernel_module, body) == [
        "SetFlag<MTE3_MTE2>(0);",
        "SetFlag<MTE2_V>(0);",
        "WaitFlag<MTE2_V>(0);",
        "WaitFlag<MTE3_MTE2>(0);",
        "PipeBarrier<PIPE_ALL>();",
    ]


def test_queue_depth_and_buffers(kernel_module: Load) -> None:
    depth = """
    a = q.alloc_tensor(asc.float32)
    b = q.alloc_tensor(asc.float32)
    q.enque(a)
    q.enque(b)
    c = q.deque(asc.float32)
    d = q.deque(asc.float32)
    q.free_tensor(c)
    q.free_tensor(d)
    """
    lines = errors(kernel_module, depth, queues=True, depth=1, num=2)
    assert lines[0] == "L4:5: error: `q.enque()` would hold 2 tensors in queue `q`, declared with depth 1 [TQ-2]"
    assert lines[1].endswith(": note: declared here")
    leak = """
    for i in range(4):
        t = q.alloc_tensor(asc.float32)
    """
    lines = errors(kernel_module, leak, queues=True)
    assert lines[0] == (
        "L1:14: error: this loop allocates from `q` 1 more time(s) than it frees per iteration; the queue runs out of "
        "buffers after 1 iterations [TQ-8]"
    )
    assert lines[1:] == [  # running out of buffers is the leak's consequence
        "L2:13: note: consequence: `q.alloc_tensor()` would hold 4 tensors of `q` allocated and not freed in the "
        "loop's last iteration, but `pipe.init_buffer(q, 1, …)` gives the queue 1 buffer [TQ-3]",
        "L2:13: note: consequence: `t` allocated by `q.alloc_tensor()` is never freed [TQ-10]",
    ]


def test_queue_at_the_wrong_position(kernel_module: Load) -> None:
    body = """
    t = qout.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, N)
    qout.enque(t)
    d = qout.deque(asc.float32)
    asc.abs(zl, d, N)
    qout.free_tensor(d)
    """
    assert errors(kernel_module, body, queues=True) == [
        "L2:5: warning: tensor from VECOUT queue `qout` is written by MTE2 (asc.data_copy); VECOUT queues order V → "
        "MTE3 only [TQ-12]",
        "L5:5: error: `asc.abs` (V) reads `d` written by `asc.data_copy` (MTE2) without synchronization; needs MTE2 → "
        "V ordering [HZ-1]",
        "L2:5: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.MTE2_V, id)",
    ]


def test_queue_state_differs_between_branches(kernel_module: Load) -> None:
    free_on_one_path = """
    for i in range(n):
        t = q.alloc_tensor(asc.float32)
        if i > 2:
            q.free_tensor(t)
    """
    # `i > 2` is false in the first iteration (the loop is walked peeled), which keeps `t`: the second
    # iteration's alloc_tensor runs out of q's one buffer
    assert errors(kernel_module, free_on_one_path, queues=True) == [
        "L2:13: error: `q.alloc_tensor()` would hold 2 tensors of `q` allocated and not freed, but "
        "`pipe.init_buffer(q, 1, …)` gives the queue 1 buffer [TQ-3]",
        "L-2:5: note: buffers provided here",
        "L3:12: error: queue `q` holds 1 tensor(s) after the `then` branch and 2 after the `else` branch [TQ-9]",
        "L2:13: note: consequence: `t` allocated by `q.alloc_tensor()` is never freed [TQ-10]",
    ]
    assert errors(kernel_module, free_on_one_path.replace("i > 2", "n > 2"), queues=True) == [
        "L3:12: error: queue `q` holds 0 tensor(s) after the `then` branch and 1 after the `else` branch [TQ-9]",
        "L2:13: note: consequence: `t` allocated by `q.alloc_tensor()` is never freed [TQ-10]",
    ]
    lines = errors(
        kernel_module,
        """
        t = q.alloc_tensor(asc.float32)
        if n > 0:
            q.enque(t)
        d = q.deque(asc.float32)
        q.free_tensor(d)
        """,
        queues=True,
    )
    assert lines == [  # the empty deque is the consequence of the enque on one path
        "L2:8: error: queue `q` holds 1 tensor(s) after the `then` branch and 0 after the `else` branch [TQ-9]",
        "L4:9: note: consequence: `q.deque()` has no matching `q.enque()`: queue `q` may be empty here [TQ-1]",
    ]


def test_double_buffer_prefix(kernel_module: Load) -> None:
    """The prefix that crashes pyasc's VerifySync: no diagnostic, no crash (PA-8)."""
    body = """
    a = q.alloc_tensor(asc.float32)
    asc.data_copy(a, x_gm, N)
    q.enque(a)
    b = q.alloc_tensor(asc.float32)
    q.free_tensor(b)
    d = q.deque(asc.float32)
    q.free_tensor(d)
    """
    assert warnings_of(kernel_module, body, queues=True, depth=2, num=2) == []


def test_scalar_store_then_copy_in(kernel_module: Load) -> None:
    body = "xl.set_value(0, 1.0)\nasc.data_copy(xl, x_gm, N)"
    assert errors(kernel_module, body) == [
        "L2:5: error: `asc.data_copy` (MTE2) and `xl.set_value` (S) both write `xl` without ordering [HZ-3]",
        "L1:5: note: written here",
    ]
    assert sync_lines(kernel_module, body) == ["SetFlag<S_MTE2>(0);", "WaitFlag<S_MTE2>(0);"]


def test_scalar_access_to_gm(kernel_module: Load) -> None:
    """HZ-1 (fixed by insertion) and HZ-7 (cache maintenance; not fixed)."""
    assert errors(kernel_module, "asc.data_copy(z_gm, zl, N)\nv = z_gm.get_value(0)") == [
        "L2:9: error: `z_gm.get_value` (S) reads `z_gm` written by `asc.data_copy` (MTE3) without synchronization; "
        "needs MTE3 → S ordering [HZ-1]",
        "L1:5: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.MTE3_S, id)",
        "L2:9: error: `z_gm.get_value` accesses `z_gm` through the scalar data cache after `asc.data_copy` accessed "
        "it by DMA; cache maintenance is required [HZ-7]",
        "L1:5: note: accessed here",
    ]
    assert errors(kernel_module, "x_gm.set_value(0, 1.0)\nasc.data_copy(xl, x_gm, N)", insert=True) == [
        "L2:5: error: `asc.data_copy` accesses `x_gm` by DMA after `x_gm.set_value` accessed it through the scalar "
        "data cache; cache maintenance is required [HZ-7]",
        "L1:5: note: accessed here",
    ]


def test_atomic_mode_left_on(kernel_module: Load) -> None:
    body = "asc.set_atomic_add(asc.float32)\nasc.data_copy(z_gm, zl, N)"
    assert warnings_of(kernel_module, body) == [
        "L1: atomic mode set by `asc.set_atomic_add` is not reset with `asc.set_atomic_none()` before the kernel "
        "returns [AT-1]"
    ]
    switched = "asc.set_atomic_add(asc.float32)\nasc.set_atomic_max(asc.float32)\nasc.set_atomic_none()"
    assert warnings_of(kernel_module, switched) == [
        "L2: `asc.set_atomic_max` changes atomic mode while `asc.set_atomic_add` is still active [AT-2]"
    ]


def test_enque_without_deque_in_a_loop(kernel_module: Load) -> None:
    body = """
    t = q.alloc_tensor(asc.float32)
    for i in range(n):
        q.enque(t)
    """
    assert errors(kernel_module, body, queues=True) == [
        "L1:9: warning: `t` allocated by `q.alloc_tensor()` is never freed [TQ-10]",
        "L2:14: error: this loop enqueues into `q` 1 more time(s) than it dequeues per iteration; the queue overflows "
        "after 1 iterations [TQ-8]",
        "L3:9: warning: `q.enque(t)` is never dequeued [TQ-11]",
    ]


def test_views_and_tbufs(kernel_module: Load) -> None:
    """A write through a view is a write of its base; a PIPE_V barrier does not order MTE2; a TBuf is memory."""
    view = "asc.data_copy(xl[64:], x_gm, 64)\nasc.pipe_barrier(asc.PipeID.PIPE_V)\nasc.abs(zl, xl, N)"
    assert errors(kernel_module, view)[0] == (
        "L3:5: error: `asc.abs` (V) reads `xl` written by `asc.data_copy` (MTE2) without synchronization; needs MTE2 "
        "→ V ordering [HZ-1]"
    )
    assert sync_lines(kernel_module, view) == ["SetFlag<MTE2_V>(0);", "PipeBarrier<PIPE_V>();", "WaitFlag<MTE2_V>(0);"]
    tbuf = "xt = tbuf.get(asc.float32)\nasc.data_copy(xt, x_gm, N)\nasc.abs(zl, xt, N)"
    assert errors(kernel_module, tbuf, queues=True)[0] == (
        "L3:5: error: `asc.abs` (V) reads `xt` written by `asc.data_copy` (MTE2) without synchronization; needs MTE2 "
        "→ V ordering [HZ-1]"
    )
    through = "asc.data_copy(tmp, x_gm, N)\nasc.data_copy(z_gm, tmp, N)"
    assert errors(kernel_module, through)[0] == (
        "L2:5: error: `asc.data_copy` (MTE3) reads `tmp` written by `asc.data_copy` (MTE2) without synchronization; "
        "needs MTE2 → MTE3 ordering [HZ-1]"
    )
    assert sync_lines(kernel_module, through) == [
        "SetFlag<MTE2_MTE3>(0);",
        "WaitFlag<MTE2_MTE3>(0);",
        "PipeBarrier<PIPE_ALL>();",
    ]


def test_one_queue_allocated_twice(kernel_module: Load) -> None:
    body = """
    a = q.alloc_tensor(asc.float32)
    q.free_tensor(a)
    b = q.alloc_tensor(asc.float32)
    q.free_tensor(b)
    """
    assert warnings_of(kernel_module, body, queues=True) == []


def test_tq4_tq5_tq13_tq15_queue_misuse(kernel_module: Load) -> None:
    assert errors(kernel_module, "q.free_tensor(xl)", queues=True) == [
        "L1:5: error: `q.free_tensor(xl)`: `xl` was not allocated from `q` [TQ-4]"
    ]
    twice = "t = q.alloc_tensor(asc.float32)\nq.free_tensor(t)\nq.free_tensor(t)"
    assert errors(kernel_module, twice, queues=True) == [
        "L3:5: error: `q.free_tensor(t)`: `t` is already freed [TQ-4]",
        "L2:5: note: freed here",
    ]
    enqueued = "t = q.alloc_tensor(asc.float32)\nq.enque(t)\nq.free_tensor(t)"
    assert errors(kernel_module, enqueued, queues=True) == [
        "L3:5: error: `q.free_tensor(t)` frees a tensor that is still enqueued [TQ-5]",
        "L2:5: note: enqueued here",
    ]
    lines = errors(kernel_module, "t = qin.alloc_tensor(asc.float32)\nq.enque(t)", queues=True)
    assert lines == [
        "L1:9: warning: `t` allocated by `qin.alloc_tensor()` is never freed [TQ-10]",
        "L2:5: error: `q.enque(t)`: `t` was not allocated from `q` [TQ-13]",
        "L1:9: note: created here",
    ]
    again = "pipe.init_buffer(q, 1, N * 4)"
    assert errors(kernel_module, again, queues=True)[0] == "L1:5: error: queue `q` is initialised twice [TQ-15]"


def test_cross_core_lints(kernel_module: Load) -> None:
    """Cross-core flags: no partner, reserved flags, modes that differ."""
    assert errors(kernel_module, "asc.cross_core_wait_flag(3, 1, asc.PipeID.PIPE_V)") == [
        "L1:5: error: `asc.cross_core_wait_flag` on flag 3 (mode 1) has no partner `asc.cross_core_set_flag` [XC-1]"
    ]
    mismatch = "asc.cross_core_set_flag(3, 2, asc.PipeID.PIPE_V)\nasc.cross_core_wait_flag(3, 1, asc.PipeID.PIPE_V)"
    assert errors(kernel_module, mismatch) == [
        "L1:5: error: cross-core set and wait on flag 3 use different modes (2 vs 1) [XC-3]",
        "L2:5: note: partner here",
        "L2:5: error: cross-core set and wait on flag 3 use different modes (1 vs 2) [XC-3]",
        "L1:5: note: partner here",
    ]
    reserved = "asc.cross_core_set_flag(12, 0, asc.PipeID.PIPE_V)\nasc.cross_core_wait_flag(12, 0, asc.PipeID.PIPE_V)"
    assert errors(kernel_module, reserved) == [
        "L1:5: error: cross-core flag 12 is reserved by SyncAll (flags 11–14) [XC-2]",
        "L2:5: error: cross-core flag 12 is reserved by SyncAll (flags 11–14) [XC-2]",
    ]
    assert errors(kernel_module, "if asc.get_block_idx() == 0:\n    asc.sync_all()") == [
        "L2:9: error: `asc.sync_all()` is not reached by every block: it is guarded by a condition on the block "
        "index [XC-4]",
        "L1:8: note: condition here",
    ]


def test_wait_pre_block_without_notify(kernel_module: Load) -> None:
    """XC-5: every block waits for the previous one and none notifies; the converse; a notify on one
    branch only (path note); a loop that waits per iteration but notifies once (note at the loop)."""
    assert errors(kernel_module, "asc.wait_pre_block(w_gm, il)", pipe=True) == [
        "L1:5: error: `asc.wait_pre_block()` has no matching `asc.notify_next_block()` in the previous block [XC-5]"
    ]
    assert errors(kernel_module, "asc.notify_next_block(w_gm, il)", pipe=True) == [
        "L1:5: error: `asc.notify_next_block()` has no matching `asc.wait_pre_block()` in the next block [XC-5]"
    ]
    one_arm = "asc.wait_pre_block(w_gm, il)\nif n > 0:\n    asc.notify_next_block(w_gm, il)"
    assert errors(kernel_module, one_arm, pipe=True) == [
        "L1:5: error: `asc.wait_pre_block()` has no matching `asc.notify_next_block()` in the previous block [XC-5]",
        "L2:8: note: on the path where this condition is false",
    ]
    loop = "for i in range(n):\n    asc.wait_pre_block(w_gm, il)\nasc.notify_next_block(w_gm, il)"
    assert errors(kernel_module, loop, pipe=True) == [
        "L2:9: error: `asc.wait_pre_block()` has no matching `asc.notify_next_block()` in the previous block [XC-5]",
        "L1:14: note: on a path through this loop's body",
        "L3:5: error: `asc.notify_next_block()` has no matching `asc.wait_pre_block()` in the next block [XC-5]",
    ]
    balanced = """
    for i in range(n):
        asc.wait_pre_block(w_gm, il)
        if n > 4:
            asc.notify_next_block(w_gm, il)
        else:
            asc.notify_next_block(w_gm, il)
    """
    assert warnings_of(kernel_module, balanced, pipe=True) == []


def test_ib_wait_without_ib_set(kernel_module: Load) -> None:
    """XC-6: a wait no set matches, a set and a wait on different blocks (nearest candidates), a set
    on a run-time block that nothing waits for; block 0 setting what the others wait for is quiet."""
    assert errors(kernel_module, "asc.ib_wait(w_gm, il, 0, 1)", pipe=True) == [
        "L1:5: error: `asc.ib_wait(block=0, event=1)` has no matching `asc.ib_set` [XC-6]"
    ]
    assert errors(kernel_module, "asc.ib_set(w_gm, il, 1, 1)\nasc.ib_wait(w_gm, il, 0, 1)", pipe=True) == [
        "L1:5: error: `asc.ib_set(block=1, event=1)` has no matching `asc.ib_wait` [XC-6]",
        "L2:5: note: nearest candidate: `asc.ib_wait(block=0, event=1)`",
        "L2:5: error: `asc.ib_wait(block=0, event=1)` has no matching `asc.ib_set` [XC-6]",
        "L1:5: note: nearest candidate: `asc.ib_set(block=1, event=1)`",
    ]
    assert errors(kernel_module, "b = asc.get_block_idx()\nasc.ib_set(w_gm, il, b, 1)", pipe=True) == [
        "L2:5: error: `asc.ib_set(block=b, event=1)` has no matching `asc.ib_wait` [XC-6]"
    ]
    paired = """
    b = asc.get_block_idx()
    if b == 0:
        asc.ib_set(w_gm, il, 0, 1)
    else:
        asc.ib_wait(w_gm, il, 0, 1)
    asc.ib_set(w_gm, il, b, 2)
    asc.ib_wait(w_gm, il, b - 1, 2)
    """
    assert warnings_of(kernel_module, paired, pipe=True) == []


def test_insertion_is_idempotent_and_keeps_user_sync(kernel_module: Load) -> None:
    """Idempotence and user sync on the kernels above: a kernel that already verifies gets nothing (the
    output of the user-sync example is such a kernel, written by hand), and every user sync op survives in order."""
    body = """
    asc.data_copy(xl, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.abs(zl, xl, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(z_gm, zl, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    """
    assert warnings_of(kernel_module, body) == []
    assert sync_lines(kernel_module, body) == [
        "SetFlag<MTE2_V>(0);",
        "SetFlag<V_MTE3>(0);",
        "WaitFlag<V_MTE3>(0);",
        "WaitFlag<MTE2_V>(0);",
        "SetFlag<V_MTE3>(0);",
        "WaitFlag<V_MTE3>(0);",
        "PipeBarrier<PIPE_ALL>();",
    ]


def test_options_event_ids_final_barrier_and_strict_same_pipe(kernel_module: Load) -> None:
    """@asc.jit(event_ids=..., final_barrier=..., strict_same_pipe=...) reach the passes
    (docs/sync-model.md#options)."""
    body = STRAIGHT_LINE
    assert sync_lines(kernel_module, body, options='event_ids="alloc", final_barrier="never"') == [
        "int32_t ev = pipe.AllocEventID<MTE2_V>();",
        "int32_t ev_1 = pipe.AllocEventID<V_MTE3>();",
        "SetFlag<MTE2_V>(ev);",
        "WaitFlag<MTE2_V>(ev);",
        "SetFlag<V_MTE3>(ev_1);",
        "WaitFlag<V_MTE3>(ev_1);",
        "pipe.ReleaseEventID<MTE2_V>(ev);",
        "pipe.ReleaseEventID<V_MTE3>(ev_1);",
    ]
    war = "asc.abs(zl, xl, N)\nasc.muls(xl, tmp, 2.0, N)"
    assert warnings_of(kernel_module, war) == []
    assert errors(kernel_module, war, options="strict_same_pipe=True") == [
        "L2:5: error: `asc.muls` overwrites `xl` still being read by `asc.abs` on the same pipe V without "
        "`asc.pipe_barrier(PipeID.PIPE_V)` [HZ-4]",
        "L1:5: note: read here",
    ]
    assert sync_lines(kernel_module, war, options="strict_same_pipe=True") == ["PipeBarrier<PIPE_V>();"]


def test_bad_option_values_are_rejected(kernel_module: Load) -> None:
    expected = r"@asc.jit\(event_ids='random'\): event_ids must be one of 'auto', 'const', 'alloc', 'fetch'"
    with pytest.raises(RuntimeError, match=expected):
        make(kernel_module, "pass", options='event_ids="random"')


def test_fl12_lint_user_sync_that_orders_nothing(kernel_module: Load) -> None:
    """sync_lints=True: the user-sync example's pair orders nothing (FL-12); the barrier and pair that do are quiet."""
    body = """
    asc.data_copy(xl, x_gm, N)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.abs(zl, xl, N)
    asc.add(tmp, zl, xl, N)
    asc.data_copy(z_gm, tmp, N)
    """
    assert warnings_of(kernel_module, body, insert=True, options="sync_lints=True") == [
        "L2: `asc.set_flag(HardEvent.V_MTE3, 0)` orders no memory access (no conflicting access on V before it and "
        "on MTE3 after it) [FL-12]"
    ]
    assert warnings_of(kernel_module, body, insert=True) == []


def test_inter_block_sync_needs_a_tpipe(kernel_module: Load) -> None:
    """XC-9: CANN's IBSet, IBWait, WaitPreBlock, NotifyNextBlock and software SyncAll take event ids from the
    kernel's TPipe; one error at the first call, the others its notes.  The hardware sync_all takes none."""
    body = "b = asc.get_block_idx()\nasc.ib_set(w_gm, il, b, 0)\nasc.ib_wait(w_gm, il, 0, 0)\nasc.sync_all(w_gm, il, 2)"
    assert errors(kernel_module, body) == [
        "L2:5: error: `asc.ib_set` (CANN's IBSet) needs a TPipe: CANN's implementation takes its event ids from the "
        "kernel's TPipe (GetTPipePtr()->FetchEventID), and this kernel creates none [XC-9]",
        "L3:5: note: `asc.ib_wait` (CANN's IBWait) needs it too",
        "L4:5: note: `asc.sync_all` (CANN's SyncAll) needs it too",
        "note: create one before the first of these calls: `pipe = asc.TPipe()`",
    ]
    assert warnings_of(kernel_module, body, pipe=True) == []
    assert warnings_of(kernel_module, "asc.sync_all()") == []


def test_create_vec_index_needs_a_tpipe(kernel_module: Load) -> None:
    """XC-9 for CreateVecIndex, which waits for its scalar writes with an event id from the TPipe: the op
    declares it (``TakesPipeEventIds``), as the inter-block ops do."""
    body = "asc.create_vec_index(il, 0, 64)\nasc.create_vec_index(il, 64, 64)"
    assert errors(kernel_module, body) == [
        "L1:5: error: `asc.create_vec_index` (CANN's CreateVecIndex) needs a TPipe: CANN's implementation takes its "
        "event ids from the kernel's TPipe (GetTPipePtr()->FetchEventID), and this kernel creates none [XC-9]",
        "L2:5: note: `asc.create_vec_index` (CANN's CreateVecIndex) needs it too",
        "note: create one before the first of these calls: `pipe = asc.TPipe()`",
    ]
    assert warnings_of(kernel_module, body, pipe=True) == []


def test_cross_block_gm_access(kernel_module: Load) -> None:
    """XC-7 (a warning): block b writes its part of z_gm and reads block b + 1's part; sync_all silences it."""
    body = """
    b = asc.get_block_idx()
    asc.data_copy(z_gm[b * N:], zl, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    {sync}
    asc.data_copy(xl, z_gm[(b + 1) * N:], N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    """
    assert warnings_of(kernel_module, body.format(sync="pass"), pipe=True) == [
        "L2: GM `z_gm` written here may be accessed by another block without inter-block synchronization [XC-7]"
    ]
    for sync in (
        "asc.sync_all()",
        "asc.ib_set(w_gm, il, b, 0)\nasc.ib_wait(w_gm, il, b + 1, 0)",
        "asc.notify_next_block(w_gm, il)\nasc.wait_pre_block(w_gm, il)",
    ):
        assert warnings_of(kernel_module, body.format(sync=sync.replace("\n", "\n    ")), pipe=True) == []


def test_a_view_at_a_constant_past_a_runtime_offset_is_another_place(kernel_module: Load) -> None:
    """Found by the fuzzer's per-block parts (``kernel_gen`` family ``slices``): GM regions dropped the
    constant of ``part[64:]`` when ``part`` starts at a run-time offset, so a write of ``part``'s first 64
    elements and a read of the next 64 were the same place, an HZ-1 error the dynamic checker never finds.
    They are different offsets now: at most a possible hazard; the same place is still an error."""
    body = """
    part = asc.GlobalTensor()
    part.set_global_buffer(z + asc.get_block_idx() * 128, 128)
    asc.data_copy(part, zl, 64)
    asc.data_copy(xl, part[{start}:], 64)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    """
    assert warnings_of(kernel_module, body.format(start=64)) == [
        "L4: possible hazard: `asc.data_copy` (MTE2) reads `part` written by `asc.data_copy` (MTE3) without "
        "synchronization; needs MTE3 → MTE2 ordering [HZ-5]"
    ]
    assert errors(kernel_module, body.format(start=0))[0] == (
        "L4:5: error: `asc.data_copy` (MTE2) reads `part` written by `asc.data_copy` (MTE3) without "
        "synchronization; needs MTE3 → MTE2 ordering [HZ-1]"
    )


def test_a_write_through_a_runtime_view_keeps_the_reads_of_other_tensors(kernel_module: Load) -> None:
    """A view's region keeps its tensor's address past a run-time offset: ``tmp[slot:]`` and ``xl[slot:]``
    are different places.  While the address was dropped, the write of ``tmp[slot:]`` displaced the logged
    read of ``xl[slot:]`` (same memory, same offset), and the unsynchronised overwrite of ``xl[slot:]`` by
    MTE2 after that read went unreported."""
    body = """
    slot = n * 16
    asc.data_copy(xl[slot:], x_gm, 16)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.adds(tmp[slot:], xl[slot:], 1.0, 16)
    asc.data_copy(xl[slot:], x_gm[16:], 16)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    """
    assert warnings_of(kernel_module, body) == [
        "L6: possible hazard: `asc.data_copy` (MTE2) overwrites `xl` still being read by `asc.adds` (V); needs "
        "V → MTE2 ordering [HZ-5]"
    ]


def test_cross_block_read_before_the_write(kernel_module: Load) -> None:
    """XC-7: block b reads block b + 1's part and then writes its own; the blocks run in any order, so block
    b + 1 may already be writing what block b reads.  Reported at the write."""
    body = """
    b = asc.get_block_idx()
    asc.data_copy(xl, z_gm[(b + 1) * N:], N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(z_gm[b * N:], zl, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    """
    assert warnings_of(kernel_module, body) == [
        "L4: GM `z_gm` written here may be accessed by another block without inter-block synchronization [XC-7]"
    ]


def test_cross_block_gm_access_around_a_loop(kernel_module: Load) -> None:
    """XC-7 follows the loop's back edge: each iteration reads block b + 1's part, then writes its own.  A
    ``sync_all`` between them orders the read before block b + 1's write of this iteration, but not the write
    before the next iteration's read: that takes a ``sync_all`` after the write too."""
    body = """
    b = asc.get_block_idx()
    for i in range(n):
        asc.data_copy(xl, z_gm[(b + 1) * N:], N)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        {between}
        asc.data_copy(z_gm[b * N:], zl, N)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        {after}
    """
    race = ["L6: GM `z_gm` written here may be accessed by another block without inter-block synchronization [XC-7]"]
    assert warnings_of(kernel_module, body.format(between="pass", after="pass")) == race
    assert warnings_of(kernel_module, body.format(between="asc.sync_all()", after="pass")) == race
    assert warnings_of(kernel_module, body.format(between="pass", after="asc.sync_all()")) == race
    assert warnings_of(kernel_module, body.format(between="asc.sync_all()", after="asc.sync_all()")) == []


def test_cross_block_gm_access_in_phases_of_a_loop(kernel_module: Load) -> None:
    """softmax_v2's phases (ops-nn): iteration 0 of a loop writes each block's part, iteration 1 reads the next
    block's, with ``sync_all`` at the end of each iteration.  The write and the read are in arms on ``k == 0``
    and ``k == 1``, which exclude each other within one iteration, and the loop's ``sync_all`` orders them
    across iterations; without it the next iteration's read follows the write unordered."""
    body = """
    b = asc.get_block_idx()
    for k in range(2):
        if k == 0:
            asc.data_copy(z_gm[b * N:], zl, N)
            asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        if k == 1:
            asc.data_copy(xl, z_gm[(b + 1) * N:], N)
            asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        {sync}
    """
    assert warnings_of(kernel_module, body.format(sync="asc.sync_all()")) == []
    assert warnings_of(kernel_module, body.format(sync="pass")) == [
        "L4: GM `z_gm` written here may be accessed by another block without inter-block synchronization [XC-7]"
    ]


def test_arms_on_the_block_index_exclude_nothing_between_blocks(kernel_module: Load) -> None:
    """Block 0 writes its part, block 1 reads block 0's part: the arms on ``b == 0`` and ``b == 1`` (or the two
    arms of ``if b == 0``) exclude each other within a block, but each block takes its own, so the two accesses
    race (XC-7)."""
    body = """
    b = asc.get_block_idx()
    if b == 0:
        asc.data_copy(z_gm[b * N:], zl, N)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    {other}
        asc.data_copy(xl, z_gm[(b - 1) * N:], N)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    """
    race = ["L3: GM `z_gm` written here may be accessed by another block without inter-block synchronization [XC-7]"]
    assert warnings_of(kernel_module, body.format(other="if b == 1:")) == race
    assert warnings_of(kernel_module, body.format(other="else:")) == race  # the two arms of one if


def test_tq15_init_buffer_inside_a_loop(kernel_module: Load) -> None:
    body = """
    for i in range(n):
        pipe.init_buffer(q, 1, N * 4)
    """
    lines = errors(kernel_module, body, queues=True)
    assert "L2:9: warning: `pipe.init_buffer` inside a loop re-initialises `q` on every iteration [TQ-15]" in lines
    assert "L2:9: error: queue `q` is initialised twice [TQ-15]" in lines


def test_pairs_beyond_the_eight_ids_are_merged(kernel_module: Load) -> None:
    """Nine buffers copied in and then read: nine in-iteration MTE2_V pairs would be live at once; the
    ninth is merged into the pair with the earliest wait (docs/passes/insert-sync.md#event-ids), so eight ids suffice
    and the kernel
    verifies."""
    buffers = "".join(f"t{k} = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, {k * 1024}, N)\n" for k in range(9))
    refill = "".join(f"    asc.data_copy(t{k}, x_gm[i * N:], N)\n" for k in range(9))
    reads = "".join(f"    asc.abs(zl, t{k}, N)\n" for k in range(9))
    body = buffers + "for i in range(n):\n" + refill + reads
    lines = sync_lines(kernel_module, body)
    ids = {line for line in lines if line.startswith("SetFlag<MTE2_V>")}
    assert ids == {f"SetFlag<MTE2_V>({k});" for k in range(8)}
    assert warnings_of(kernel_module, body, insert=True) == []


def test_pa8_an_analysis_failure_is_a_located_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """PA-8: a bug in the analysis is reported at the kernel as an error, never as a crash of the compile."""
    from xdsl.dialects import builtin, func

    from ascx.analysis.pipe import analysis as pipe_sync
    from ascx.passes.verify_pipe_sync import verify_pipe_sync

    def broken(self: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(pipe_sync.PipeSyncAnalysis, "run", broken)
    kernel = func.FuncOp("k", builtin.FunctionType.from_lists([], []))
    kernel.body.block.add_op(func.ReturnOp())
    found = verify_pipe_sync(kernel)
    assert [(d.severity, d.rule, d.message) for d in found] == [
        ("error", "PA-8", "internal error in ascx-verify-pipe-sync: RuntimeError('boom')")
    ]


# --- regressions found in review ------------------------------------------------------------------


def test_a_queue_first_used_in_one_branch_is_empty_on_the_other(kernel_module: Load) -> None:
    body = """
    if n > 0:
        a = qin.alloc_tensor(asc.float32)
        asc.data_copy(a, x_gm, N)
        qin.enque(a)
    b = qin.deque(asc.float32)
    qin.free_tensor(b)
    """
    lines = errors(kernel_module, body, queues=True)
    assert lines[:2] == [
        "L1:8: error: queue `qin` holds 1 tensor(s) after the `then` branch and 0 after the `else` branch [TQ-9]",
        "L5:9: note: consequence: `qin.deque()` has no matching `qin.enque()`: queue `qin` may be empty here [TQ-1]",
    ]


def test_colouring_sees_a_slot_set_on_both_arms(kernel_module: Load) -> None:
    """The user's MTE2_V #0 is pending from either arm until the wait after the `if`: the pair inserted in
    the then arm takes #1."""
    body = """
    if n > 0:
        asc.data_copy(xl, x_gm, N)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.data_copy(xa, x_gm[N:], N)
        asc.abs(za, xa, N)
    else:
        asc.data_copy(xl, x_gm[N:], N)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.abs(zl, xl, N)
    """
    assert sync_lines(kernel_module, body) == [
        "if (v) {",
        "SetFlag<MTE2_V>(0);",
        "SetFlag<MTE2_V>(1);",
        "WaitFlag<MTE2_V>(1);",
        "SetFlag<MTE2_V>(0);",
        "}",
        "WaitFlag<MTE2_V>(0);",
    ]


def test_a_run_time_id_may_equal_a_constant_one(kernel_module: Load) -> None:
    body = """
    asc.set_flag(asc.HardEvent.MTE2_V, n % 2)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, n % 2)
    """
    assert warnings_of(kernel_module, body) == [
        "L2: `asc.set_flag(HardEvent.MTE2_V, 0)` may set the same event slot as `asc.set_flag(HardEvent.MTE2_V, "
        "id)`, still pending: a run-time id can equal it [FL-3]"
    ]


def test_hz7_in_a_loop_does_not_depend_on_unrelated_ops(kernel_module: Load) -> None:
    body = """
    for i in range(n):
        asc.data_copy(xl, x_gm, N)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
        x_gm.set_value(0, 1.0)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    {extra}
    """
    plain = errors(kernel_module, body.format(extra="pass"))
    assert [line for line in plain if "[HZ-7]" in line] == [
        "L2:9: error: `asc.data_copy` accesses `x_gm` by DMA after `x_gm.set_value` accessed it through the "
        "scalar data cache; cache maintenance is required [HZ-7]",
        "L4:9: error: `x_gm.set_value` accesses `x_gm` through the scalar data cache after `asc.data_copy` "
        "accessed it by DMA; cache maintenance is required [HZ-7]",
    ]
    extra = errors(kernel_module, body.format(extra="    asc.abs(tmp, tmp, N)"))
    assert [line for line in extra if "[HZ-7]" in line] == [line for line in plain if "[HZ-7]" in line]


def test_fl12_leaves_a_trailing_pipe_all_alone(kernel_module: Load) -> None:
    body = """
    asc.data_copy(xl, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm, xl, N)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    """
    assert warnings_of(kernel_module, body, options="sync_lints=True") == []


def test_each_unbalanced_pool_id_is_reported(kernel_module: Load) -> None:
    body = """
    e1 = pipe.alloc_event_id(asc.HardEvent.MTE2_V)
    e2 = pipe.alloc_event_id(asc.HardEvent.MTE2_V)
    for i in range(n):
        asc.set_flag(asc.HardEvent.MTE2_V, e1)
        asc.set_flag(asc.HardEvent.MTE2_V, e2)
    """
    lines = [line for line in errors(kernel_module, body, queues=True) if "[FL-11]" in line]
    assert lines == [
        "L3:14: error: one iteration of this loop changes event slot MTE2_V#e1 (sets 1, waits 0); the loop is "
        "unbalanced [FL-11]",
        "L3:14: error: one iteration of this loop changes event slot MTE2_V#e2 (sets 1, waits 0); the loop is "
        "unbalanced [FL-11]",
    ]


def test_event_ids_fetch_is_pyasc_style(kernel_module: Load) -> None:
    """event_ids="fetch": an id fetched right before each pair's first set (a TPipe is created for it); two
    pairs of one event live at once cannot be told apart, which is an error rather than a hang."""
    body = STRAIGHT_LINE
    assert sync_lines(kernel_module, body, options='event_ids="fetch"') == [
        "int32_t ev = pipe.FetchEventID<MTE2_V>();",
        "SetFlag<MTE2_V>(ev);",
        "WaitFlag<MTE2_V>(ev);",
        "int32_t ev_1 = pipe.FetchEventID<V_MTE3>();",
        "SetFlag<V_MTE3>(ev_1);",
        "WaitFlag<V_MTE3>(ev_1);",
        "PipeBarrier<PIPE_ALL>();",
    ]
    lines = errors(kernel_module, PING_PONG_LOOP, insert=True, options='event_ids="fetch"')
    assert lines[0] == (
        "L3:9: error: two V_MTE2 pairs are live at once in this loop, which fetched ids cannot tell apart; use "
        'event_ids="alloc" or restructure the loop [IN-E1]'
    )


def test_hz7_cache_maintenance_after_atomics_of_other_blocks(kernel_module: Load) -> None:
    """Issue 31, point 6: every block adds its part into one GM total with an atomic copy, `sync_all`, then
    `data_cache_clean_and_invalid` and `get_value` of the total: the maintenance CANN's
    DataCacheCleanAndInvalid page prescribes, so no HZ-7.  Without it, or with it on one path only, HZ-7."""
    body = """
    asc.data_copy(xl, x_gm, N)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.set_atomic_add(asc.float32)
    asc.data_copy(z_gm, xl, 8)
    asc.set_atomic_none()
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.sync_all()
    {maintenance}
    total = z_gm.get_value(0)
    """
    for line in (
        "asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, z_gm, asc.DcciDst.CACHELINE_OUT)",
        "asc.data_cache_clean_and_invalid(asc.CacheLine.ENTIRE_DATA_CACHE, z_gm, asc.DcciDst.CACHELINE_OUT)",
        # the entire data cache, whichever tensor the call names
        "asc.data_cache_clean_and_invalid(asc.CacheLine.ENTIRE_DATA_CACHE, x_gm, asc.DcciDst.CACHELINE_OUT)",
    ):
        assert warnings_of(kernel_module, body.format(maintenance=line)) == []
    hz7 = [
        "L10:13: error: `z_gm.get_value` accesses `z_gm` through the scalar data cache after `asc.data_copy` "
        "accessed it by DMA; cache maintenance is required [HZ-7]",
        "L5:5: note: accessed here",
    ]
    assert errors(kernel_module, body.format(maintenance="pass")) == hz7
    one_path = """if n > 0:
        asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, z_gm, asc.DcciDst.CACHELINE_OUT)"""
    assert errors(kernel_module, body.format(maintenance=one_path)) == [
        hz7[0].replace("L10:13", "L11:13"),
        hz7[1],
    ]
    other_buffer = "asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, x_gm, asc.DcciDst.CACHELINE_OUT)"
    assert errors(kernel_module, body.format(maintenance=other_buffer)) == hz7


# --- loops guarded by their index (docs/rules/flags.md#loops-guarded-by-their-index) -------------------

GUARDED_LOOP = """
for i in range(n):
    if {wait_guard}:
        asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
    asc.data_copy(xl, x_gm[i * N:], N)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(z_gm[i * N:], xl, N)
    if {set_guard}:
        asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
"""
"""CANN's add_high_performance ``Process``: the first iteration skips its wait, the last its set."""


@pytest.mark.parametrize(
    ("wait_guard", "set_guard"),
    [
        ("i != 0", "i != n - 1"),
        ("i > 0", "i < n - 1"),
        ("0 < i", "n - 1 > i"),
        ("not (i == 0)", "not (i >= n - 1)"),
        ("i + 1 != 1", "i + 1 != n"),
    ],
)
def test_flags_guarded_by_the_loop_index(kernel_module: Load, wait_guard: str, set_guard: str) -> None:
    """Balanced for every trip count: verified clean, and insertion adds nothing around the user's pair."""
    body = GUARDED_LOOP.format(wait_guard=wait_guard, set_guard=set_guard)
    assert warnings_of(kernel_module, body) == []
    lines = [re.sub(r"^if \(.*\) \{$", "if (guard) {", line) for line in sync_lines(kernel_module, body)]
    assert lines == [
        "for (int32_t i = 0; i < n; i += 1) {",
        "if (guard) {",
        "WaitFlag<MTE3_MTE2>(0);",
        "}",
        "SetFlag<MTE2_MTE3>(0);",
        "WaitFlag<MTE2_MTE3>(0);",
        "if (guard) {",
        "SetFlag<MTE3_MTE2>(0);",
        "}",
        "}",
        "PipeBarrier<PIPE_ALL>();",
    ]


def test_guarded_wait_with_an_unguarded_set(kernel_module: Load) -> None:
    """Near miss: the last iteration's set is never waited."""
    assert errors(kernel_module, GUARDED_LOOP.format(wait_guard="i != 0", set_guard="True")) == [
        "L9:13: error: `asc.set_flag(HardEvent.MTE3_MTE2, 0)` is never consumed by a matching `asc.wait_flag` [FL-2]",
        "L6:9: note: asc.wait_flag(HardEvent.MTE2_MTE3, 0) here waits on the opposite direction",
    ]


def test_guarded_set_with_an_unguarded_wait(kernel_module: Load) -> None:
    """Near miss: the first iteration's wait has nothing to wait for."""
    assert errors(kernel_module, GUARDED_LOOP.format(wait_guard="True", set_guard="i != n - 1")) == [
        "L3:13: error: `asc.wait_flag(HardEvent.MTE3_MTE2, 0)` has no matching `asc.set_flag(HardEvent.MTE3_MTE2, "
        "0)`; the wait would block forever [FL-1]",
    ]


def test_set_guard_that_also_skips_the_last_iteration(kernel_module: Load) -> None:
    """Near miss: ``i < n`` holds in the last iteration too, whose set nothing waits for."""
    assert errors(kernel_module, GUARDED_LOOP.format(wait_guard="i != 0", set_guard="i < n")) == [
        "L9:13: error: `asc.set_flag(HardEvent.MTE3_MTE2, 0)` is never consumed by a matching `asc.wait_flag` [FL-2]",
        "L6:9: note: asc.wait_flag(HardEvent.MTE2_MTE3, 0) here waits on the opposite direction",
    ]


def test_guards_off_by_one(kernel_module: Load) -> None:
    """Near misses: a wait guard that runs in the first iteration (``i != 1``), a set guard that skips the
    last but one (``i != n - 2``)."""
    assert errors(kernel_module, GUARDED_LOOP.format(wait_guard="i != 1", set_guard="i != n - 1"))[:5] == [
        "L1:14: error: event slot MTE3_MTE2#0 is still set after this loop when it runs more than once and not "
        "otherwise [FL-11]",
        "L9:13: note: set here",
        "L2:12: error: event slot MTE3_MTE2#0 is set on one branch of this `if` and not on the other [FL-11]",
        "L9:13: note: set here",
        "L3:13: error: `asc.wait_flag(HardEvent.MTE3_MTE2, 0)` has no matching `asc.set_flag(HardEvent.MTE3_MTE2, "
        "0)`; the wait would block forever [FL-1]",
    ]
    assert errors(kernel_module, GUARDED_LOOP.format(wait_guard="i != 0", set_guard="i != n - 2")) == [
        "L4:9: error: `asc.data_copy` (MTE2) overwrites `xl` still being read by `asc.data_copy` (MTE3); needs MTE3 "
        "→ MTE2 ordering [HZ-2]",
        "L7:9: note: read here in the previous loop iteration",
        "L8:12: error: event slot MTE3_MTE2#0 is set on one branch of this `if` and not on the other [FL-11]",
        "L9:13: note: set here",
        "L9:13: error: `asc.set_flag(HardEvent.MTE3_MTE2, 0)` is never consumed by a matching `asc.wait_flag` [FL-2]",
        "L6:9: note: asc.wait_flag(HardEvent.MTE2_MTE3, 0) here waits on the opposite direction",
    ]


def test_guard_on_a_loop_with_a_step(kernel_module: Load) -> None:
    """Near miss: a guard on the last iteration needs a step of 1 (the last index of ``range(0, n, 2)`` is
    ``n - 1`` only for odd ``n``), so the set guard is undecided and the last set may be left pending."""
    body = GUARDED_LOOP.replace("range(n)", "range(0, n, 2)").format(wait_guard="i != 0", set_guard="i != n - 1")
    assert errors(kernel_module, body) == [
        "L4:9: error: `asc.data_copy` (MTE2) overwrites `xl` still being read by `asc.data_copy` (MTE3); needs MTE3 "
        "→ MTE2 ordering [HZ-2]",
        "L7:9: note: read here in the previous loop iteration",
        "L8:12: error: event slot MTE3_MTE2#0 is set on one branch of this `if` and not on the other [FL-11]",
        "L9:13: note: set here",
        "L9:13: error: `asc.set_flag(HardEvent.MTE3_MTE2, 0)` is never consumed by a matching `asc.wait_flag` [FL-2]",
        "L6:9: note: asc.wait_flag(HardEvent.MTE2_MTE3, 0) here waits on the opposite direction",
    ]


# --- branches on correlated conditions (docs/sync-model.md#correlated-branches) -----------------------

PRODUCE_CONSUME = """
if {produce}:
    t = qin.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm, N)
    qin.enque(t)
asc.data_copy(xl, x_gm, N)
if {consume}:
    d = qin.deque(asc.float32)
    asc.abs(zl, d, N)
    qin.free_tensor(d)
"""
"""softmax_v2's shape: one function enqueues under a condition, the next dequeues under the same one."""


@pytest.mark.parametrize(("produce", "consume"), [("n == 0", "n == 0"), ("n != 0", "not (n == 0)")])
def test_queue_hand_off_under_the_same_condition(kernel_module: Load, produce: str, consume: str) -> None:
    body = PRODUCE_CONSUME.format(produce=produce, consume=consume)
    assert warnings_of(kernel_module, body, queues=True) == []


def test_queue_hand_off_under_different_conditions(kernel_module: Load) -> None:
    """Near miss: `n == 0` and `n == 1` are not the same comparison."""
    assert errors(kernel_module, PRODUCE_CONSUME.format(produce="n == 0", consume="n == 1"), queues=True) == [
        "L1:8: error: queue `qin` holds 1 tensor(s) after the `then` branch and 0 after the `else` branch [TQ-9]",
        "L2:13: note: consequence: `t` allocated by `qin.alloc_tensor()` is never freed [TQ-10]",
        "L7:13: note: consequence: `qin.deque()` has no matching `qin.enque()`: queue `qin` may be empty here [TQ-1]",
        "L4:9: warning: `qin.enque(t)` is never dequeued [TQ-11]",
        "L6:8: error: queue `qin` holds 0 tensor(s) after the `then` branch and 1 after the `else` branch [TQ-9]",
    ]


def test_queue_hand_off_under_the_opposite_condition(kernel_module: Load) -> None:
    """Near miss: dequeued where it was not enqueued: the paths are kept apart and joined at the end, where
    the first `if` is the root cause; TQ-11 on the path that enqueues and TQ-1 on the other."""
    assert errors(kernel_module, PRODUCE_CONSUME.format(produce="n == 0", consume="n != 0"), queues=True) == [
        "L1:8: error: queue `qin` holds 1 tensor(s) after the `then` branch and 0 after the `else` branch [TQ-9]",
        "L2:13: note: consequence: `t` allocated by `qin.alloc_tensor()` is never freed [TQ-10]",
        "L7:13: note: consequence: `qin.deque()` has no matching `qin.enque()`: queue `qin` may be empty here [TQ-1]",
        "L9:9: note: consequence: `qin.free_tensor(d)`: `d` was not allocated from `qin` [TQ-4]",
        "L4:9: warning: `qin.enque(t)` is never dequeued [TQ-11]",
    ]


NESTED_PIPE = """
@asc.jit
def k(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 256)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y, 256)
    if n > 0:
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(q, 1, 1024)
        t = q.alloc_tensor(asc.float32)
        asc.data_copy(t, xg, 256)
        q.enque(t)
        t2 = q.deque(asc.float32)
        asc.adds(t2, t2, 1.0, 256)
        asc.data_copy(yg, t2, 256)
        q.free_tensor(t2)
"""


@pytest.mark.filterwarnings("ignore::ascx.AscxWarning")
def test_event_ids_come_from_a_tpipe_created_in_a_branch(kernel_module: Load) -> None:
    """Issue 31: the flags inserted in the branch take their id from the user's TPipe; no second TPipe."""
    import numpy as np

    import ascx as asc
    from ascx.runtime.jit import MockTensor

    module = kernel_module(NESTED_PIPE)
    source = module.k.compile(MockTensor(asc.float32), MockTensor(asc.float32), 1).source
    assert source.count("AscendC::TPipe ") == 1
    x = np.arange(256, dtype=np.float32)
    for n, want in ((1, x + 1), (0, np.zeros(256, np.float32))):
        y = np.zeros(256, dtype=np.float32)
        module.k[1](x, y, n)
        np.testing.assert_array_equal(y, want)
