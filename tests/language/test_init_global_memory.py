"""``asc.init_global_memory`` (CANN's ``InitGlobalMemory``, adv_api utils): the exact C++ of its calls in the
snippet kernel (type-checked against CANN's headers by ``tests/cann``), every check with its exact message at
the call's line, what the op declares to the sync analyses, and the result on the emulation against numpy.

The snippet kernel's ``xg``/``yg`` are float16 GlobalTensors without a size; the statements give a tensor a
size where the call needs one.
"""

from __future__ import annotations

import textwrap
import warnings
from pathlib import Path

import numpy as np
import pytest

import ascx as asc
from ascx.dialects import ascendc as ir
from ascx.runtime.jit import MockTensor
from ascx.testing.kernels import line_of, load_kernel_source
from ascx.testing.snippets import SNIPPET_ARGS, SNIPPET_KERNEL, snippet_error, snippet_lines

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

SIZED = "g = asc.GlobalTensor(); g.set_global_buffer(x, 4096); "

EMITS: dict[str, tuple[str, list[str]]] = {
    "constant_size_and_value": (
        SIZED + "asc.init_global_memory(g, 4096, 0.0)",
        [
            "AscendC::GlobalTensor<half> g;",
            "g.SetGlobalBuffer(x, 4096);",
            "AscendC::InitGlobalMemory<half>(g, 4096, half(0.0));",
        ],
    ),
    "runtime_size_and_value": (
        "g = asc.GlobalTensor(); g.set_global_buffer(x, n); asc.init_global_memory(g, n, f)",
        [
            "AscendC::GlobalTensor<half> g;",
            "g.SetGlobalBuffer(x, n);",
            "half v = static_cast<half>(f);",
            "AscendC::InitGlobalMemory<half>(g, n, v);",
        ],
    ),
    "keywords": (
        SIZED + "asc.init_global_memory(gm_workspace_addr=g, size=16, value=1.5)",
        [
            "AscendC::GlobalTensor<half> g;",
            "g.SetGlobalBuffer(x, 4096);",
            "AscendC::InitGlobalMemory<half>(g, 16, half(1.5));",
        ],
    ),
}

NO_SIZE = (
    "init_global_memory: the GlobalTensor has no size: CANN's InitGlobalMemory checks gmWorkspaceAddr.GetSize() > 0 "
    "in its CPU-debug build (init_global_memory_check_common.h), where the kernel aborts; the NPU build does not check"
)

REJECTS: dict[str, tuple[str, str]] = {
    "not_a_global_tensor": (
        "asc.init_global_memory(a, 16, 0.0)",
        "TypeError: init_global_memory: gm_workspace_addr must be a GlobalTensor, got a LocalTensor",
    ),
    "a_gm_address": (
        "asc.init_global_memory(x, 16, 0.0)",
        "TypeError: init_global_memory: gm_workspace_addr must be a GlobalTensor, got a GlobalAddress",
    ),
    "more_than_the_tensor": (
        SIZED + "asc.init_global_memory(g, 4097, 0.0)",
        "ValueError: init_global_memory: size 4097 is more than the GlobalTensor's 4096 elements; CANN's "
        "InitGlobalMemory checks size <= gmWorkspaceAddr.GetSize()",
    ),
    "after_init_buffer": (
        SIZED + "pipe.init_buffer(buf, 1024); asc.init_global_memory(g, 16, 0.0)",
        "ValueError: init_global_memory: called after TPipe.init_buffer; CANN's InitGlobalMemory page supports "
        "it only before InitBuffer (it fills the unified buffer's free space)",
    ),
}


@pytest.mark.parametrize("name", sorted(EMITS))
def test_emits(tmp_path: Path, name: str) -> None:
    statement, cpp = EMITS[name]
    assert snippet_lines(tmp_path, statement) == cpp


@pytest.mark.parametrize("name", sorted(REJECTS))
def test_rejects(tmp_path: Path, name: str) -> None:
    statement, message = REJECTS[name]
    error, line = snippet_error(tmp_path, statement)
    assert error.message == message
    assert error.location is not None
    assert error.location.line == line


@pytest.mark.parametrize(
    ("statement", "where"),
    [
        ("asc.init_global_memory(xg, 16, 0.0)", "without a buffer_size"),
        (
            "g = asc.GlobalTensor(); g.set_global_buffer(x, 0); asc.init_global_memory(g, 0, 0.0)",
            "with a buffer_size of 0",
        ),
    ],
    ids=["none", "zero"],
)
def test_a_tensor_without_a_size_warns(tmp_path: Path, statement: str, where: str) -> None:
    """CANN asserts GetSize() > 0 only in its CPU-debug build: a warning at the call naming the set_global_buffer,
    and the kernel compiles."""
    module = load_kernel_source(tmp_path, SNIPPET_KERNEL.format(statement=statement))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module.k.compile(*SNIPPET_ARGS)
    ours = [w for w in caught if str(w.message).startswith("init_global_memory")]
    line = line_of(module, "# the statement under test")
    buffer_line = line_of(module, "xg.set_global_buffer(x)") if "xg" in statement else line
    assert [(w.filename, w.lineno) for w in ours] == [(module.__file__, line)]
    assert str(ours[0].message) == (
        f"{NO_SIZE} (its buffer is set at {module.__file__}:{buffer_line} {where}); give set_global_buffer the "
        "tensor's size in elements"
    )


@pytest.mark.parametrize(
    ("dtype", "value", "message"),
    [
        (
            asc.uint8,
            "0",
            "TypeError: init_global_memory: the GlobalTensor holds uint8; InitGlobalMemory supports uint16, int16, "
            "float16, uint32, int32, float32",
        ),
        (
            asc.int16,
            "0.5",
            "TypeError: init_global_memory: value 0.5 must be an integer: the tensor's data type is int16",
        ),
    ],
)
def test_the_tensors_type(tmp_path: Path, dtype: asc.DataType, value: str, message: str) -> None:
    module = load_kernel_source(
        tmp_path,
        f"""
        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            g = asc.GlobalTensor()
            g.set_global_buffer(x, 64)
            asc.init_global_memory(g, 64, {value})  # the call
        """,
    )
    with pytest.raises(asc.KernelError) as caught:
        module.k.compile(MockTensor(dtype))
    assert caught.value.message == message
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "# the call")


def test_without_a_pipe(tmp_path: Path) -> None:
    module = load_kernel_source(
        tmp_path,
        """
        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            g = asc.GlobalTensor()
            g.set_global_buffer(x, 64)
            asc.init_global_memory(g, 64, 0.0)  # the call
        """,
    )
    with pytest.raises(asc.KernelError) as caught:
        module.k.compile(MockTensor(asc.float32))
    assert caught.value.message == (
        "ValueError: init_global_memory: the kernel has no TPipe; CANN's InitGlobalMemory takes its buffer and "
        "event id from it"
    )
    assert caught.value.hints == ["create the pipe first: pipe = asc.TPipe()"]
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "# the call")


def test_the_op_writes_the_tensor_on_mte3(tmp_path: Path) -> None:
    module = load_kernel_source(
        tmp_path,
        """
        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            g = asc.GlobalTensor()
            g.set_global_buffer(x, 64)
            asc.init_global_memory(g, 64, 0.0)
        """,
    )
    compiled = module.k.compile(MockTensor(asc.float32)).module
    ops = [op for op in compiled.walk() if isinstance(op, ir.adv_ops.InitGlobalMemoryOp)]
    assert len(ops) == 1
    assert ir.issued_pipe(ops[0]) is ir.Pipe.PIPE_MTE3
    reads, writes = ir.tensor_accesses(ops[0])
    assert (reads, [v.name_hint for v in writes]) == ([], ["g"])


KERNEL = """
@asc.jit
def k(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int, size: int, value: asc.ConstExpr[{value_type}]) -> None:
    pipe = asc.TPipe()
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, n)
    asc.init_global_memory(xg, size, value)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y, n)
    asc.init_global_memory(yg, n, value)
"""


@pytest.mark.parametrize(
    ("dtype", "value"),
    [(np.float16, 1.5), (np.float32, -2.25), (np.int16, -7), (np.uint16, 65535), (np.int32, -123456), (np.uint32, 7)],
)
def test_fills_the_first_size_elements(tmp_path: Path, dtype: type, value: float) -> None:
    """The first ``size`` elements of ``x`` become ``value`` and the rest keep theirs; all of ``y``, with more
    elements than one 256-repeat fill of the unified buffer, becomes ``value``."""
    value_type = "float" if np.dtype(dtype).kind == "f" else "int"
    module = load_kernel_source(tmp_path, textwrap.dedent(KERNEL.format(value_type=value_type)))
    n, size = 50000, 777
    x = np.arange(n).astype(dtype)
    y = np.zeros(n, dtype)
    module.k[1](x, y, n, size, value)
    expected = np.arange(n).astype(dtype)
    expected[:size] = value
    np.testing.assert_array_equal(x, expected)
    np.testing.assert_array_equal(y, np.full(n, value, dtype))


READ_BACK = """
@asc.jit
def k(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 256)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y, 256)
    asc.init_global_memory(xg, 256, 3.0)
    qin = asc.TQue(asc.TPosition.VECIN, 1)
    qout = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qin, 1, 1024)
    pipe.init_buffer(qout, 1, 1024)
    t = qin.alloc_tensor(asc.float32)
    asc.data_copy(t, xg, 256)
    qin.enque(t)
    u = qin.deque(asc.float32)
    w = qout.alloc_tensor(asc.float32)
    asc.adds(w, u, 1.0, 256)
    qin.free_tensor(u)
    qout.enque(w)
    v = qout.deque(asc.float32)
    asc.data_copy(yg, v, 256)
    qout.free_tensor(v)
"""


def test_reading_back_what_it_wrote(tmp_path: Path) -> None:
    """The copy into the unified buffer waits for the MTE3 write (ascx-insert-sync adds the MTE3 -> MTE2
    pair, its id taken from the pipe before the pair's set: tests/filecheck/passes/
    insert_sync_event_id_before_init_buffer.mlir), and the dynamic checker of the emulation agrees."""
    module = load_kernel_source(tmp_path, READ_BACK)
    x = np.zeros(256, np.float32)
    y = np.zeros(256, np.float32)
    module.k[1](x, y)
    np.testing.assert_array_equal(x, np.full(256, 3.0, np.float32))
    np.testing.assert_array_equal(y, np.full(256, 4.0, np.float32))
