"""Kernels for the sync-pass tests: a fixed prelude (GM tensors, raw LocalTensors, optionally a pipe
with queues and a TBuf) and a body under test, compiled with or without insertion.

Body lines are numbered from 1 in diagnostics (``L3:5: error: ...``), so expectations do not depend
on the prelude.
"""

from __future__ import annotations

import re
import textwrap
import warnings
from collections.abc import Callable
from types import ModuleType

import ascx as asc
from ascx.analysis.report import SyncError
from ascx.runtime.jit import MockTensor, MockValue
from ascx.testing import line_of, without_excerpts

KERNEL = """
@asc.jit({options})
def k(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int, w: asc.GlobalAddress) -> None:
    N = 256
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z)
    w_gm = asc.GlobalTensor()
    w_gm.set_global_buffer(w)
    xl = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, N)
    zl = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, N * 4, N)
    tmp = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, N * 8, N)
    xa = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, N * 12, N)
    xb = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, N * 16, N)
    za = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, N * 20, N)
    zb = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, N * 24, N)
    il = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, N * 28, N)  # also the inter-block sync workspace
{queues}
    # the body follows
{body}
"""

QUEUES = """
    pipe = asc.TPipe()
    qin = asc.TQue(asc.TPosition.VECIN, {depth})
    qout = asc.TQue(asc.TPosition.VECOUT, {depth})
    q = asc.TQue(asc.TPosition.VECIN, {depth})
    tbuf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(qin, {num}, N * 4)
    pipe.init_buffer(qout, {num}, N * 4)
    pipe.init_buffer(q, {num}, N * 4)
    pipe.init_buffer(tbuf, N * 4)
"""

ARGS = (MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32), MockTensor(asc.int32))

STRAIGHT_LINE = "asc.data_copy(xl, x_gm, N)\nasc.abs(zl, xl, N)\nasc.data_copy(z_gm, zl, N)"
"""Copy in, a vector op, copy out on raw tensors: the straight-line kernel of docs/passes/insert-sync.md."""

SINGLE_BUFFER_LOOP = """
for i in range(n):
    asc.data_copy(xl, x_gm[i * N:], N)
    asc.abs(zl, xl, N)
    asc.data_copy(z_gm[i * N:], zl, N)
"""
"""The same in a loop over one buffer per stage."""

PING_PONG_LOOP = """
for i in range(0, n, 2):
    asc.data_copy(xa, x_gm[i * N:], N)
    asc.data_copy(xb, x_gm[(i + 1) * N:], N)
    asc.abs(za, xa, N)
    asc.abs(zb, xb, N)
    asc.data_copy(z_gm[i * N:], za, N)
    asc.data_copy(z_gm[(i + 1) * N:], zb, N)
"""
"""Two buffers per stage, the loop unrolled by two."""

SYNC_CALLS = re.compile(
    r"SetFlag|WaitFlag|PipeBarrier|AllocEventID|ReleaseEventID|FetchEventID|EnQue|DeQue|AllocTensor|FreeTensor|"
    r"\.Wait\w+\(|CrossCore"
)
"""The sync-relevant C++ lines."""
STRUCTURE = re.compile(r"(for|while|if) \(|\}$")
"""Lines that show where the sync lines sit: loop and branch heads and closing braces."""


class Body:
    """A kernel body compiled inside the prelude."""

    def __init__(
        self,
        load: Callable[[str], ModuleType],
        body: str,
        *,
        queues: bool,
        options: str,
        depth: int,
        num: int,
        pipe: bool = False,
    ):
        prelude = (
            QUEUES.strip("\n").format(depth=depth, num=num) if queues else ("    pipe = asc.TPipe()" if pipe else "")
        )
        source = KERNEL.format(
            options=options, queues=prelude, body=textwrap.indent(textwrap.dedent(body).strip("\n"), "    ")
        )
        self.module = load(source)
        self.first = line_of(self.module, "# the body follows") + 1

    def relative(self, line: str) -> str:
        return re.sub(r"^\S+?\.py:(\d+):(\d+): ", lambda m: f"L{int(m[1]) - self.first + 1}:{m[2]}: ", line)

    def compile(self) -> asc.CompiledKernel:
        return self.module.k.compile(*ARGS)


def make(
    load: Callable[[str], ModuleType],
    body: str,
    *,
    insert: bool = False,
    queues: bool = False,
    options: str = "",
    depth: int = 1,
    num: int = 1,
    pipe: bool = False,
) -> Body:
    """The kernel of ``body``: with ``queues``, a TPipe and the queues of :data:`QUEUES`; with ``pipe``, a
    TPipe alone (inter-block synchronisation takes its event ids from it: XC-9)."""
    flags = f"insert_sync={insert}" + (f", {options}" if options else "")
    return Body(load, body, queues=queues, options=flags, depth=depth, num=num, pipe=pipe)


def errors(load: Callable[[str], ModuleType], body: str, **kw: object) -> list[str]:
    """The rendered diagnostics of a compile that fails (insertion off unless asked), without their source
    excerpts (``tests/passes/test_sync_excerpts.py`` tests those)."""
    kernel = make(load, body, **kw)  # type: ignore[arg-type]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            kernel.compile()
    except SyncError as error:
        return [kernel.relative(line) for line in without_excerpts(str(error))]
    raise AssertionError("the kernel compiled without sync errors")


def warnings_of(load: Callable[[str], ModuleType], body: str, **kw: object) -> list[str]:
    """The sync warnings of a compile that succeeds, as ``L<line>: <message>`` (first line of each)."""
    kernel = make(load, body, **kw)  # type: ignore[arg-type]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        kernel.compile()
    return [
        f"L{w.lineno - kernel.first + 1}: {str(w.message).splitlines()[0]}"
        for w in caught
        if issubclass(w.category, asc.AscxWarning)
    ]


def sync_lines(load: Callable[[str], ModuleType], body: str, **kw: object) -> list[str]:
    """The sync-relevant C++ lines of the kernel compiled with insertion, without ``AscendC::`` prefixes."""
    kernel = make(load, body, insert=True, **kw)  # type: ignore[arg-type]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        source = kernel.compile().source
    body_lines = source.split("{", 1)[1].splitlines()
    lines = [line.strip() for line in body_lines if SYNC_CALLS.search(line) or STRUCTURE.match(line.strip())]
    while lines and lines[-1] == "}":
        lines.pop()  # the function's closing brace
    return [line.replace("AscendC::HardEvent::", "").replace("AscendC::", "") for line in lines]


# --- kernels of any size, for the scaling benchmark and the analysis-time test -----------

SCALING_HEADER = """\
import ascx as asc


@asc.jit(insert_sync=False, verify_sync=False)
def big(x: asc.GlobalAddress, z: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z)
    b0 = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 256)
    b1 = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 1024, 256)
    b2 = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 2048, 256)
    b3 = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 3072, 256)
    o0 = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 8192, 256)
    o1 = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 9216, 256)
    o2 = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 10240, 256)
    o3 = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 11264, 256)
"""

SCALING_BLOCK = """\
asc.data_copy(b{b}, x_gm[{i} * 256:], 256)
asc.set_flag(asc.HardEvent.MTE2_V, 0)
asc.wait_flag(asc.HardEvent.MTE2_V, 0)
asc.abs(o{b}, b{b}, 256)
asc.set_flag(asc.HardEvent.V_MTE3, 0)
asc.wait_flag(asc.HardEvent.V_MTE3, 0)
asc.data_copy(z_gm[{i} * 256:], o{b}, 256)
asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)
asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)
asc.set_flag(asc.HardEvent.MTE3_V, 0)
asc.wait_flag(asc.HardEvent.MTE3_V, 0)
"""
OPS_PER_SCALING_BLOCK = 13
"""IR ops per block (the statements plus the GM views and constants they need), measured on the IR."""


def scaling_kernel_source(blocks: int) -> str:
    """A correctly synchronised kernel of ``blocks`` blocks (about ``blocks * OPS_PER_SCALING_BLOCK`` IR ops): straight
    line, inside an ``if`` and inside a ``for`` loop in turn."""
    lines = [SCALING_HEADER]
    for i in range(blocks):
        body = SCALING_BLOCK.format(b=i % 4, i=i)
        if i % 3 == 1:
            body = f"if n > {i}:\n" + "".join(f"    {line}\n" for line in body.splitlines())
        elif i % 3 == 2:
            body = "for j in range(n):\n" + "".join(f"    {line}\n" for line in body.splitlines())
        lines.append("".join(f"    {line}\n" for line in body.splitlines()))
    return "".join(lines)
