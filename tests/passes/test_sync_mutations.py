"""Mutation test of the sync verifiers (issue "Done when").

For every example kernel, the IR as the default pipeline leaves it after ``ascx-insert-sync`` (user
sync plus inserted sync) verifies without errors.  The test enumerates every sync-relevant op in it
(each flag, barrier, enque, deque, free_tensor and Matmul wait), deletes that one op, and checks that

- ``ascx-verify-pipe-sync`` or ``ascx-verify-matmul-sync`` reports at least one error of the family
  the operator should trigger (FL, HZ, TQ or MM), unless the mutant is in the equivalent-mutant
  register below with the reason it is harmless;
- ``ascx-insert-sync`` on the mutant yields a kernel that verifies again.

A deleted ``deque`` has its uses rewired to the tensor its ``enque`` handed over.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Iterator

import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from ascx.analysis.report import Diagnostic, at
from ascx.dialects.ascendc.fwk_ops import DequeOp, EnqueOp, FreeTensorOp
from ascx.dialects.ascendc.sync_ops import PipeBarrierOp, SetFlagOp, WaitFlagOp
from ascx.dialects.ascendc.traits import MatmulMethod, MatmulRole
from ascx.passes.insert_sync import insert_sync
from ascx.passes.verify_matmul_sync import verify_matmul_sync
from ascx.passes.verify_pipe_sync import verify_pipe_sync
from ascx.runtime.compiler import compile_kernel
from ascx.testing.examples import EXAMPLE_ARGUMENTS, example_kernel

FRONT = ("ascx-matmul-register", "ascx-migrate-async-get-tensor-c", "ascx-insert-sync", "ascx-kernel-type")
"""The default pipeline up to and including insertion (and the kernel type the compile records)."""

EXPECTED_FAMILY: dict[type[Operation], tuple[str, ...]] = {
    SetFlagOp: ("FL", "HZ"),
    WaitFlagOp: ("FL", "HZ"),
    PipeBarrierOp: ("HZ",),
    EnqueOp: ("TQ", "HZ"),
    DequeOp: ("TQ", "HZ"),
    FreeTensorOp: ("TQ",),
}
"""The rule families a deletion must trigger; Matmul waits: MM."""

FIXABLE_RULES = frozenset({"HZ-1", "HZ-2", "HZ-3", "HZ-4", "MM-1", "MM-2", "MM-3"})

FINAL_BARRIER = "the IN-12 final barrier: insertion policy for unordered GM writes at the return, not a rule"

EQUIVALENT: dict[tuple[str, str], str] = {
    ("matmul_leaky_relu", "pipe_barrier pipe_all @ 70"): (
        "the user's trailing PipeBarrier<PIPE_ALL> orders nothing the verifiers check: at the return only "
        "insertion's IN-12 policy looks at unordered GM writes, and it puts the barrier back"
    ),
    ("matmul_mix", "pipe_barrier pipe_all @ 42"): "the trailing PipeBarrier<PIPE_ALL>, as in matmul_leaky_relu",
    ("matmul_cube_only", "pipe_barrier pipe_all @ 46"): "the tutorial's trailing PipeBarrier<PIPE_ALL>, as above",
    ("vector_add", "pipe_barrier pipe_all @ <inserted>"): "the IN-12 final barrier (insertion policy, not a rule)",
    (
        "vector_add_queues",
        "pipe_barrier pipe_all @ <inserted>",
    ): "the IN-12 final barrier (insertion policy, not a rule)",
    ("matmul_softmax", "pipe_barrier pipe_all @ <inserted>"): "the IN-12 final barrier (insertion policy, not a rule)",
    ("rmsnorm_quant", "pipe_barrier pipe_all @ <inserted>"): "the IN-12 final barrier (insertion policy, not a rule)",
    ("flash_attention", "pipe_barrier pipe_all @ <inserted>"): "the IN-12 final barrier (insertion policy, not a rule)",
    ("cube_matmul", "pipe_barrier pipe_all @ <inserted>"): "the IN-12 final barrier (insertion policy, not a rule)",
    (
        "cube_matmul_queues",
        "pipe_barrier pipe_all @ <inserted>",
    ): "the IN-12 final barrier (insertion policy, not a rule)",
    (
        "cube_matmul_transpose",
        "pipe_barrier pipe_all @ <inserted>",
    ): "the IN-12 final barrier (insertion policy, not a rule)",
    ("cube_matmul_queues", "pipe_barrier pipe_m @ 82"): (
        "the explicit PIPE_M barrier between accumulating Mmads: this test's pipeline runs ascx-insert-sync, whose "
        "queue hand-offs order the Mmads; the example itself (insert_sync=False) needs it for the analysis"
    ),
    ("rmsnorm_quant", "free_tensor @ 69"): (
        "gamma's FreeTensor after the loop: no later AllocTensor of its queue waits for it, so it orders nothing"
    ),
}
"""Mutants that verify and are harmless, with the reason."""


def _is_sync(op: Operation) -> bool:
    if isinstance(op, SetFlagOp | WaitFlagOp | PipeBarrierOp | EnqueOp | DequeOp | FreeTensorOp):
        return True
    method = op.get_trait(MatmulMethod)
    return method is not None and method.role is MatmulRole.WAIT


def _label(op: Operation) -> str:
    location = at(op)
    where = "<inserted>" if "ascx.inserted" in op.attributes else str(location.line if location else "?")
    detail = ""
    if isinstance(op, SetFlagOp | WaitFlagOp):
        detail = f" {op.event.data.ir}"
    elif isinstance(op, PipeBarrierOp):
        detail = f" {op.pipe.data.ir}"
    return f"{op.name.removeprefix('ascendc.')}{detail} @ {where}"


def _front_module(name: str) -> ModuleOp:
    """A copy of the example's IR after insertion, for a test to mutate: the example is compiled once per process
    (the collection compiles every example to list the mutants)."""
    return _compiled_front_module(name).clone()


@functools.cache
def _compiled_front_module(name: str) -> ModuleOp:
    kernel, args = example_kernel(name)
    params = kernel.specialize(*args)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the examples' own warnings (a deprecated API, MM-29) are tested elsewhere
        return compile_kernel(kernel.ascx_python_function, params, kernel.kernel_options, pipeline=FRONT).module


def _kernel(module: ModuleOp) -> func.FuncOp:
    return next(op for op in module.body.block.ops if isinstance(op, func.FuncOp))


def _verify(kernel: func.FuncOp) -> list[Diagnostic]:
    return [*verify_matmul_sync(kernel), *verify_pipe_sync(kernel)]


def _delete(op: Operation) -> None:
    if isinstance(op, DequeOp):
        enque = op.prev_op
        while enque is not None and not (isinstance(enque, EnqueOp) and enque.queue is op.queue):
            enque = enque.prev_op
        assert enque is not None, "every deque of the examples follows its enque in the same block"
        op.result.replace_all_uses_with(enque.tensor)
    op.detach()
    op.erase()


def _mutants() -> Iterator[tuple[str, int, str]]:
    for name in EXAMPLE_ARGUMENTS:
        ops = [op for op in _kernel(_front_module(name)).walk() if _is_sync(op)]
        for index, op in enumerate(ops):
            yield name, index, _label(op)


MUTANTS = list(_mutants())


@pytest.mark.filterwarnings("ignore:register_matmul comes after pipe.init_buffer")  # pyasc tutorial 05's order
def test_every_example_verifies_after_insertion() -> None:
    for name in EXAMPLE_ARGUMENTS:
        found = [d.render() for d in _verify(_kernel(_front_module(name))) if d.severity == "error"]
        assert found == [], name


NOTHING_TO_MUTATE = {"matmul_mix_dual_master", "matmul_mix_dual_master_1_1"}
"""Examples whose kernels have no sync op: MixDualMaster's only call on the AIV is a synchronous
``iterate_all``, which synchronises inside CANN's library."""


@pytest.mark.filterwarnings("ignore:register_matmul comes after pipe.init_buffer")  # pyasc tutorial 05's order
def test_the_examples_have_sync_to_mutate() -> None:
    assert len(MUTANTS) >= 25
    assert {name for name, _, _ in MUTANTS} == set(EXAMPLE_ARGUMENTS) - NOTHING_TO_MUTATE


@pytest.mark.filterwarnings("ignore:register_matmul comes after pipe.init_buffer")  # pyasc tutorial 05's order
@pytest.mark.parametrize(("example", "index", "label"), MUTANTS, ids=[f"{m[0]}-{m[1]}-{m[2]}" for m in MUTANTS])
def test_deleting_a_sync_op_is_detected_and_repaired(example: str, index: int, label: str) -> None:
    module = _front_module(example)
    kernel = _kernel(module)
    victim = [op for op in kernel.walk() if _is_sync(op)][index]
    families = EXPECTED_FAMILY.get(type(victim), ("MM",))
    was_inserted = "ascx.inserted" in victim.attributes
    _delete(victim)
    errors = [d for d in _verify(kernel) if d.severity == "error"]
    if (example, label) in EQUIVALENT:
        assert errors == [], f"{label} is registered as equivalent but is detected"
    else:
        assert errors, f"deleting {label} is not detected"
        assert any(d.rule.split("-")[0] in families for d in errors), [d.render() for d in errors]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # insertion warns when it repairs a Matmul protocol violation
        insert_sync(kernel)
    repaired = [d for d in _verify(kernel) if d.severity == "error"]
    # Insertion repairs every fixable violation (docs/rules/README.md: MM-1, MM-2, MM-3, MM-7, HZ-1 … HZ-5) and
    # re-places its own ops as a whole; what is
    # left are user errors it may not touch (an orphaned user set or wait, a queue protocol violation).
    assert not [d.render() for d in repaired if d.rule in FIXABLE_RULES]
    if was_inserted or not any(d.rule.split("-")[0] in ("TQ", "FL") for d in errors):
        assert [d.render() for d in repaired] == []
