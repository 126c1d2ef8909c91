"""Analysis time (docs/sync-model.md#the-static-abstraction): both verifiers on a 1,000-op kernel take well under a
second.
The benchmark benchmarks/sync_verification_scaling.py measures the growth up to 10,000 ops."""

from __future__ import annotations

import time
import warnings
from collections.abc import Callable
from types import ModuleType

from xdsl.dialects import func

import ascx as asc
from ascx.passes.verify_matmul_sync import verify_matmul_sync
from ascx.passes.verify_pipe_sync import verify_pipe_sync
from ascx.runtime.compiler import compile_kernel
from ascx.runtime.jit import MockTensor, MockValue
from ascx.testing.sync_kernels import OPS_PER_SCALING_BLOCK, scaling_kernel_source


def test_a_thousand_op_kernel_verifies_in_under_a_second(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(scaling_kernel_source(1000 // OPS_PER_SCALING_BLOCK).removeprefix("import ascx as asc\n"))
    kernel = module.big
    params = kernel.specialize(MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # traced with verify_sync=False; verified by hand below
        compiled = compile_kernel(
            kernel.ascx_python_function, params, kernel.kernel_options, pipeline=("ascx-kernel-type",)
        )
    function = next(op for op in compiled.module.body.block.ops if isinstance(op, func.FuncOp))
    assert sum(1 for _ in function.walk()) >= 1000
    # the verifiers' own CPU time (this thread's), not wall time: the suite's other worker compiles C++ on the
    # same two cores, and waiting for a core measured 1.08-1.49 s in CI runs where the work takes 0.36 s idle
    start = time.thread_time()
    found = [*verify_matmul_sync(function), *verify_pipe_sync(function)]
    elapsed = time.thread_time() - start
    assert [d.render() for d in found] == []
    assert elapsed < 1.0
