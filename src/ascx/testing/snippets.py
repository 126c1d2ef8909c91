"""Compile one statement of the basic API inside a fixed kernel and return the C++ it adds.

The kernel declares GM tensors ``xg``/``yg`` (float16), the pipe, a VECIN and a VECOUT queue
(``qin``, ``qout``), a ``TBuf`` and fixed-address LocalTensors ``a``/``b`` (float16, VECIN),
``c`` (float16, VECOUT), ``g32`` (float32), ``i16`` (int16) and ``m8`` (uint8); ``n`` is a runtime
int32 and ``f`` a runtime float32.  The statement is the kernel's last line.

The kernel is compiled without the sync passes (``insert_sync=False, verify_sync=False``): these
helpers test what an API call emits, and a lone statement is rarely a correctly synchronised
kernel.  The sync passes have tests of their own (``tests/passes``).
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path
from types import ModuleType

from ascx.errors import AscxWarning, KernelError
from ascx.language.core.dtype import float16, float32, int32
from ascx.runtime.jit import MockTensor, MockValue
from ascx.runtime.sync_outcome import UNCHECKED
from ascx.testing.kernels import line_of, load_kernel_source

SNIPPET_KERNEL = """
@asc.jit(insert_sync=False, verify_sync=False)
def k(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int, f: float) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    pipe = asc.TPipe()
    qin = asc.TQue(asc.TPosition.VECIN, 2)
    qout = asc.TQue(asc.TPosition.VECOUT, 2)
    buf = asc.TBuf(asc.TPosition.VECCALC)
    a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
    b = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 512, 256)
    c = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 1024, 256)
    g32 = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 2048, 128)
    i16 = asc.LocalTensor(asc.int16, asc.TPosition.VECCALC, 4096, 256)
    m8 = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 256)
    {statement}  # the statement under test
"""
SNIPPET_ARGS = (MockTensor(float16), MockTensor(float16), MockValue(int32), MockValue(float32))


def _compile(module: ModuleType) -> str:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=re.escape(UNCHECKED), category=AscxWarning)
        return module.k.compile(*SNIPPET_ARGS).source


def snippet_source(directory: Path, statement: str) -> str:
    """The whole Ascend C source of the snippet kernel ending in ``statement``."""
    return _compile(load_kernel_source(directory, SNIPPET_KERNEL.format(statement=statement)))


def _body(directory: Path, statement: str) -> list[str]:
    source = snippet_source(directory, statement)
    text = source.split("{", 1)[1].rsplit("}", 1)[0].strip("\n")
    return [line.removeprefix("    ") for line in text.split("\n")]


_base: list[list[str]] = []


def snippet_lines(directory: Path, statement: str) -> list[str]:
    """The C++ lines the statement adds to the kernel body (the setup's lines removed)."""
    if not _base:
        _base.append(_body(directory, "pass"))
    base = _base[0]
    lines = _body(directory, statement)
    assert lines[: len(base)] == base, "the statement changed the set-up"
    return lines[len(base) :]


def snippet_error(directory: Path, statement: str) -> tuple[KernelError, int]:
    """The error the statement raises, and the line number of the statement in its file."""
    module = load_kernel_source(directory, SNIPPET_KERNEL.format(statement=statement))
    try:
        _compile(module)
    except KernelError as error:
        return error, line_of(module, "# the statement under test")
    raise AssertionError(f"{statement!r} compiled")
