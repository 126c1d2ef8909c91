"""Compile one statement of the cube-level API inside a fixed cube-only kernel and return the C++ it
adds (or the error it raises), as ``ascx.testing.snippets`` does for the vector API.

The kernel declares GM tensors ``xg``/``yg`` (float16), ``zg`` (float32), ``wg`` (int32), ``qg``
(int8) and ``ug`` (uint8); fixed-address LocalTensors ``a1``/``b1`` (float16 at A1/B1), ``a2``/``b2``
(float16 at A2/B2), ``c1`` (float32 at CO1), ``bias`` (float32 at C2), ``ws`` (uint64 at C1),
``s1``/``s2``/``sb2``/``idx`` (int8 at A1/A2/B2, uint8 at B1), ``i1`` (int32 at CO1), ``f1``/``f2``/``fb2``
(float32 at A1/A2/B2), ``u`` (float16 at VECIN), ``t`` (float16 at TSCM) and ``odd`` (float16 at A2,
byte 32: not 512-byte aligned); ``n`` is a runtime int32 and ``f`` a runtime float32.  The statement
is the kernel's last line; the kernel is compiled without the sync passes.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path
from types import ModuleType

from ascx.errors import AscxWarning, KernelError
from ascx.language.core.dtype import float16, float32, int8, int32, uint8
from ascx.runtime.jit import MockTensor, MockValue
from ascx.runtime.sync_outcome import UNCHECKED
from ascx.testing.kernels import line_of, load_kernel_source

CUBE_KERNEL = """
@asc.jit(insert_sync=False, verify_sync=False, matmul_cube_only=True)
def k(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, w: asc.GlobalAddress,
      q: asc.GlobalAddress, uu: asc.GlobalAddress, n: int, f: float) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    zg = asc.GlobalTensor()
    zg.set_global_buffer(z)
    wg = asc.GlobalTensor()
    wg.set_global_buffer(w)
    qg = asc.GlobalTensor()
    qg.set_global_buffer(q)
    ug = asc.GlobalTensor()
    ug.set_global_buffer(uu)
    a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 4096)
    b1 = asc.LocalTensor(asc.float16, asc.TPosition.B1, 8192, 4096)
    a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 4096)
    b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 4096)
    c1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 4096)
    bias = asc.LocalTensor(asc.float32, asc.TPosition.C2, 0, 64)
    ws = asc.LocalTensor(asc.uint64, asc.TPosition.C1, 16384, 64)
    s1 = asc.LocalTensor(asc.int8, asc.TPosition.A1, 32768, 4096)
    s2 = asc.LocalTensor(asc.int8, asc.TPosition.A2, 16384, 4096)
    sb2 = asc.LocalTensor(asc.int8, asc.TPosition.B2, 16384, 4096)
    idx = asc.LocalTensor(asc.uint8, asc.TPosition.B1, 40960, 1024)
    i1 = asc.LocalTensor(asc.int32, asc.TPosition.CO1, 16384, 1024)
    f1 = asc.LocalTensor(asc.float32, asc.TPosition.A1, 49152, 2048)
    f2 = asc.LocalTensor(asc.float32, asc.TPosition.A2, 24576, 2048)
    fb2 = asc.LocalTensor(asc.float32, asc.TPosition.B2, 24576, 2048)
    u = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 4096)
    t = asc.LocalTensor(asc.float16, asc.TPosition.TSCM, 65536, 4096)
    odd = asc.LocalTensor(asc.float16, asc.TPosition.A2, 32, 256)
    {statement}  # the statement under test
"""
CUBE_ARGS = (
    MockTensor(float16),
    MockTensor(float16),
    MockTensor(float32),
    MockTensor(int32),
    MockTensor(int8),
    MockTensor(uint8),
    MockValue(int32),
    MockValue(float32),
)


def _compile(module: ModuleType) -> str:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=re.escape(UNCHECKED), category=AscxWarning)
        return module.k.compile(*CUBE_ARGS).source


def _body(directory: Path, statement: str) -> list[str]:
    module = load_kernel_source(directory, CUBE_KERNEL.format(statement=statement))
    text = _compile(module).split("{", 1)[1].rsplit("}", 1)[0].strip("\n")
    return [line.removeprefix("    ") for line in text.split("\n")]


_base: list[list[str]] = []


def cube_snippet_lines(directory: Path, statement: str) -> list[str]:
    """The C++ lines the statement adds to the cube kernel's body."""
    if not _base:
        _base.append(_body(directory, "pass"))
    base = _base[0]
    lines = _body(directory, statement)
    assert lines[: len(base)] == base, "the statement changed the set-up"
    return lines[len(base) :]


def cube_snippet_source(directory: Path, statement: str) -> str:
    """The whole Ascend C source of the cube kernel with the statement (for type-checking it)."""
    return _compile(load_kernel_source(directory, CUBE_KERNEL.format(statement=statement)))


def cube_snippet_error(directory: Path, statement: str) -> tuple[KernelError, int]:
    """The error the statement raises, and the line number of the statement in its file."""
    module = load_kernel_source(directory, CUBE_KERNEL.format(statement=statement))
    try:
        _compile(module)
    except KernelError as error:
        return error, line_of(module, "# the statement under test")
    raise AssertionError(f"{statement!r} compiled")
