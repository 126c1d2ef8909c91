"""One ``TPipe`` at a time on a core: CANN's pool state is global, a second ``TPipe`` resets it, and
``TPipe::Init`` asserts in CANN's debug build that no other exists ("TPipe has already been constructed",
``impl/basic_api/kernel_tpipe_impl.h``).  The emulation stops a run that constructs a second one while the
first exists (issue 31 point 2: ``ascx-insert-sync`` once declared its own ``TPipe`` beside a kernel's that
was created in a branch); a pipe constructed after the first ended (``Destroy()``) is fine.  Python kernels
cannot create two (``asc.TPipe()`` is refused the second time), so the tests add the second to the IR."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from xdsl.rewriter import InsertPoint, Rewriter

import ascx as asc
from ascx.dialects.ascendc.fwk_ops import Lifecycle, LifecycleOp
from ascx.dialects.ascendc.object_ops import PipeOp
from ascx.emu.launch import EmulationError, launch
from ascx.runtime.compiled import CompiledKernel
from ascx.runtime.jit import MockTensor

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite


@asc.jit
def copy_through_a_queue(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 256)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z, 256)
    pipe = asc.TPipe()
    qi = asc.TQue(asc.TPosition.VECIN, 1)
    qo = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qi, 1, 1024)
    pipe.init_buffer(qo, 1, 1024)
    t = qi.alloc_tensor(asc.float32)
    asc.data_copy(t, xg, 256)
    qi.enque(t)
    t = qi.deque(asc.float32)
    o = qo.alloc_tensor(asc.float32)
    asc.adds(o, t, 1.0, 256)
    qi.free_tensor(t)
    qo.enque(o)
    o = qo.deque(asc.float32)
    asc.data_copy(zg, o, 256)
    qo.free_tensor(o)


def _with_a_second_pipe(destroy_first: bool) -> CompiledKernel:
    compiled = copy_through_a_queue.compile(MockTensor(asc.float32), MockTensor(asc.float32))
    module = compiled.module.clone()  # the compiled kernel is cached: change a copy
    first = next(op for op in module.walk() if isinstance(op, PipeOp))
    second = PipeOp()
    second.result.name_hint = "second"
    Rewriter.insert_op(second, InsertPoint.after(first))
    if destroy_first:
        Rewriter.insert_op(LifecycleOp(Lifecycle.DESTROY, first.result), InsertPoint.after(first))
    return replace(compiled, _module=module, launch=None)  # its launch facts come from the changed IR


@pytest.mark.clean_room_only(
    "the one-TPipe check is the clean-room backend's: CANN's TPipe::Init leaves its assertion out of the CPU-debug "
    "path (kernel_tpipe_impl.h), and the clean-room error stops the launch before the CANN backend would run"
)
def test_a_second_tpipe_while_the_first_exists_stops_the_run() -> None:
    x = np.arange(256, dtype=np.float32)
    with pytest.raises(EmulationError) as caught:
        launch(_with_a_second_pipe(destroy_first=False), 1, [x, np.zeros(256, np.float32)])
    assert caught.value.message.endswith(
        "TPipe: TPipe has already been constructed: a kernel has one TPipe at a time (CANN's constructor resets "
        "the buffer pool of the one that exists, and its debug build asserts)"
    )


def test_a_tpipe_after_the_first_is_destroyed_runs() -> None:
    x = np.arange(256, dtype=np.float32)
    z = np.zeros(256, np.float32)
    launch(_with_a_second_pipe(destroy_first=True), 1, [x, z])
    np.testing.assert_array_equal(z, x + 1)
