"""Properties of ascx-insert-sync's output (docs/passes/insert-sync.md) on the insertion examples and
the example kernels: it verifies, a second run changes nothing, every inserted barrier and every
inserted pair is needed (removing it brings a hazard back), no two live pairs share a slot, and the
output does not depend on Python's hash seed."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import warnings
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation

from ascx.analysis.inserted import INSERTED_ATTR
from ascx.analysis.pipe.analysis import PipeSyncAnalysis
from ascx.dialects.ascendc.sync_ops import PipeBarrierOp, SetFlagOp, WaitFlagOp
from ascx.passes.insert_sync import insert_sync
from ascx.runtime.compiler import compile_kernel
from ascx.testing.examples import EXAMPLE_ARGUMENTS, example_kernel
from ascx.testing.sync_kernels import ARGS, PING_PONG_LOOP, SINGLE_BUFFER_LOOP, STRAIGHT_LINE, make

FRONT = ("ascx-matmul-register", "ascx-migrate-async-get-tensor-c", "ascx-insert-sync", "ascx-kernel-type")

BODIES = {
    "straight line": STRAIGHT_LINE,
    "single buffer loop": SINGLE_BUFFER_LOOP,
    "ping-pong loop": PING_PONG_LOOP,
    "producer and consumer loops": """
        for i in range(2):
            asc.data_copy(xl, x_gm[i * N:], N)
        for j in range(2):
            asc.abs(zl, xl, N)
        asc.data_copy(z_gm, zl, N)
        """,
    "scalar accesses": "asc.data_copy(xl, x_gm, N)\nv = xl.get_value(0)\nzl.set_value(0, v)\n"
    "asc.data_copy(z_gm, zl, N)",
    "branches": """
        asc.data_copy(xl, x_gm, N)
        if n > 0:
            asc.abs(zl, xl, N)
        else:
            asc.muls(zl, xl, 2.0, N)
        asc.data_copy(z_gm, zl, N)
        """,
}


def _kernel(module: ModuleOp) -> func.FuncOp:
    return next(op for op in module.body.block.ops if isinstance(op, func.FuncOp))


def _front(kernel: object, args: tuple[object, ...] | list[object]) -> ModuleOp:
    params = kernel.specialize(*args)  # type: ignore[attr-defined]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return compile_kernel(kernel.ascx_python_function, params, kernel.kernel_options, pipeline=FRONT).module  # type: ignore[attr-defined]


def _modules(load: Callable[[str], ModuleType]) -> dict[str, ModuleOp]:
    modules = {name: _front(make(load, body, insert=True).module.k, ARGS) for name, body in BODIES.items()}
    for name in EXAMPLE_ARGUMENTS:
        kernel, args = example_kernel(name)
        modules[name] = _front(kernel, args)
    return modules


def _fixable_hazards(kernel: func.FuncOp) -> list[str]:
    analysis = PipeSyncAnalysis(kernel)
    analysis.run()
    return [h.rule for h in analysis.hazards if h.rule in ("HZ-1", "HZ-2", "HZ-3", "HZ-4")]


def _inserted_groups(kernel: func.FuncOp) -> list[list[int]]:
    """Walk indices of each inserted barrier and each inserted pair (all sets and waits of one slot)."""
    ops = list(kernel.walk())
    groups: dict[object, list[int]] = {}
    for index, op in enumerate(ops):
        if INSERTED_ATTR not in op.attributes:
            continue
        if isinstance(op, PipeBarrierOp) and op.pipe.data.name != "PIPE_ALL":
            groups[("barrier", index)] = [index]
        elif isinstance(op, SetFlagOp | WaitFlagOp):
            groups.setdefault((op.event.data, op.event_id), []).append(index)
    return list(groups.values())


def test_insertion_output_verifies_is_idempotent_and_irredundant(kernel_module: Callable[[str], ModuleType]) -> None:
    for name, module in _modules(kernel_module).items():
        kernel = _kernel(module)
        assert _fixable_hazards(kernel) == [], name
        once = str(module)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            insert_sync(kernel)
        assert str(module) == once, f"{name}: a second run changed the kernel"
        for group in _inserted_groups(kernel):
            clone = kernel.clone()
            ops: list[Operation] = list(clone.walk())
            for index in group:
                ops[index].detach()
                ops[index].erase()
            assert _fixable_hazards(clone), f"{name}: the inserted ops at {group} are redundant"


def test_live_pairs_never_share_a_slot(kernel_module: Callable[[str], ModuleType]) -> None:
    """Along the walk, a slot is set at most once before its wait (FL-3 would say otherwise)."""
    for name, module in _modules(kernel_module).items():
        analysis = PipeSyncAnalysis(_kernel(module))
        analysis.run()
        assert not [d for d in analysis.diagnostics.sorted() if d.rule in ("FL-1", "FL-2", "FL-3", "FL-11")], name


@pytest.mark.parametrize("seed", ["1", "2"])
def test_output_does_not_depend_on_the_hash_seed(tmp_path: Path, seed: str) -> None:
    script = textwrap.dedent(
        """
        import warnings
        warnings.simplefilter("ignore")
        from ascx.testing.examples import example_kernel
        for name in ("matmul_leaky_relu", "vector_add_queues"):
            kernel, args = example_kernel(name)
            print(kernel.compile(*args).source)
        """
    )
    env = {**os.environ, "PYTHONHASHSEED": seed, "ASCX_CACHE_DIR": str(tmp_path / seed)}
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, check=True)
    reference = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env={**env, "PYTHONHASHSEED": "0", "ASCX_CACHE_DIR": str(tmp_path / "ref")},
        check=True,
    )
    assert result.stdout == reference.stdout


def test_the_sweep_removes_an_inserted_pair_a_later_one_made_redundant(
    kernel_module: Callable[[str], ModuleType],
) -> None:
    """A second MTE2_V pair right next to the first orders nothing the first does not, so the sweep
    removes it (the later group goes first) and keeps the first, which is needed."""
    from xdsl.rewriter import InsertPoint, Rewriter

    from ascx.analysis.insertion.pipe_sync import PipeSyncInserter

    module = _front(make(kernel_module, "asc.data_copy(xl, x_gm, N)\nasc.abs(zl, xl, N)", insert=True).module.k, ARGS)
    kernel = _kernel(module)
    first = [op for op in kernel.walk() if isinstance(op, SetFlagOp | WaitFlagOp)]
    assert [type(op).__name__ for op in first] == ["SetFlagOp", "WaitFlagOp"]
    duplicate = [op.clone() for op in first]
    Rewriter.insert_op(duplicate[0], InsertPoint.after(first[0]))
    Rewriter.insert_op(duplicate[1], InsertPoint.before(first[1]))
    inserter = PipeSyncInserter(kernel)
    inserter.groups = [first, duplicate]
    assert inserter._sweep_redundant()  # pyright: ignore[reportPrivateUsage]
    remaining = [op for op in kernel.walk() if isinstance(op, SetFlagOp | WaitFlagOp)]
    assert remaining == first
