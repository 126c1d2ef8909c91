"""One mistake, one error (issue 24, idiom 9): a diagnostic that follows from another one is reported
as a note of its root cause (``cause`` / ``caused_by`` of ``DiagnosticList.add``), not as an error of its
own; the root cause comes first."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

from xdsl.dialects import test

from ascx.analysis.report import DiagnosticList
from ascx.testing.sync_kernels import errors, warnings_of

Load = Callable[[str], ModuleType]

PIPELINE = """
for i in range({trips}):
    t = qin.alloc_tensor(asc.float32)
    asc.data_copy(t, x_gm[i * N:], N)
    {enque}
    u = qin.deque(asc.float32)
    v = qout.alloc_tensor(asc.float32)
    asc.abs(v, u, N)
    qin.free_tensor(u)
    qout.enque(v)
    w = qout.deque(asc.float32)
    asc.data_copy(z_gm[i * N:], w, N)
    qout.free_tensor(w)
"""


def test_a_forgotten_enque_is_one_error(kernel_module: Load) -> None:
    """Without the `qin.enque(t)`, the deque finds the queue empty (the cause); `t` is then never freed, the
    loop leaks a `qin` buffer per iteration and runs out of them, and the free of what the deque did not
    return frees nothing: four consequences, each a note."""
    body = PIPELINE.format(trips=16, enque="pass")
    assert errors(kernel_module, body, queues=True, depth=2, num=2) == [
        "L5:13: error: `qin.deque()` has no matching `qin.enque()`: queue `qin` may be empty here [TQ-1]",
        "L-8:11: note: declared here",
        "L1:14: note: consequence: this loop allocates from `qin` 1 more time(s) than it frees per iteration; the "
        "queue runs out of buffers after 2 iterations [TQ-8]",
        "L2:13: note: consequence: `qin.alloc_tensor()` would hold 16 tensors of `qin` allocated and not freed in "
        "the loop's last iteration, but `pipe.init_buffer(qin, 2, …)` gives the queue 2 buffers [TQ-3]",
        "L2:13: note: consequence: `t` allocated by `qin.alloc_tensor()` is never freed [TQ-10]",
        "L8:9: note: consequence: `qin.free_tensor(u)`: `u` was not allocated from `qin` [TQ-4]",
    ]


def test_with_the_enque_there_is_nothing_to_report(kernel_module: Load) -> None:
    body = PIPELINE.format(trips=16, enque="qin.enque(t)")
    assert warnings_of(kernel_module, body, queues=True, depth=2, num=2) == []


def test_an_unrelated_mistake_stays_an_error_of_its_own(kernel_module: Load) -> None:
    """A leak in a loop of another queue is a root cause of its own (TQ-8, with running out of buffers and the
    tensor never freed its consequences), next to the empty deque of `qin` with its own consequence."""
    body = """
    for i in range(3):
        t = q.alloc_tensor(asc.float32)
    d = qin.deque(asc.float32)
    qin.free_tensor(d)
    """
    assert errors(kernel_module, body, queues=True, num=2) == [
        "L1:14: error: this loop allocates from `q` 1 more time(s) than it frees per iteration; the queue runs out "
        "of buffers after 2 iterations [TQ-8]",
        "L2:13: note: consequence: `q.alloc_tensor()` would hold 3 tensors of `q` allocated and not freed in the "
        "loop's last iteration, but `pipe.init_buffer(q, 2, …)` gives the queue 2 buffers [TQ-3]",
        "L2:13: note: consequence: `t` allocated by `q.alloc_tensor()` is never freed [TQ-10]",
        "L3:9: error: `qin.deque()` has no matching `qin.enque()`: queue `qin` may be empty here [TQ-1]",
        "L-8:11: note: declared here",
        "L4:5: note: consequence: `qin.free_tensor(d)`: `d` was not allocated from `qin` [TQ-4]",
    ]


def _op() -> test.TestOp:
    return test.TestOp()


def test_consequences_fold_into_their_root_through_chains() -> None:
    found = DiagnosticList()
    root, middle, last, alone = _op(), _op(), _op(), _op()
    found.add("error", "TQ-8", middle, "middle", cause="leak", caused_by="empty")
    found.add("error", "TQ-3", last, "last", caused_by="leak")
    found.add("error", "TQ-1", root, "root", cause="empty")
    found.add("error", "TQ-4", alone, "alone", caused_by="nothing reported this")
    rendered = [d.render() for d in found.sorted()]
    assert rendered == [  # unlocated: in rule order, consequences too
        "error: root [TQ-1]\nnote: consequence: last [TQ-3]\nnote: consequence: middle [TQ-8]",
        "error: alone [TQ-4]",
    ]


def test_a_consequence_more_severe_than_its_cause_stays_a_diagnostic() -> None:
    found = DiagnosticList()
    cause, consequence = _op(), _op()
    found.add("warning", "TQ-10", cause, "the cause", cause="c")
    found.add("error", "TQ-4", consequence, "the consequence", caused_by=["other", "c"])
    assert [d.render() for d in found.sorted()] == ["error: the consequence [TQ-4]", "warning: the cause [TQ-10]"]
