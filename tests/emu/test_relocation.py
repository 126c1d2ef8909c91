"""Emulation builds do not depend on where the kernel's Python file is (``ascx.emu.relocation``,
docs/emulation.md#builds): the same kernel in two directories is one build, and what the build reports
still names each kernel's own file."""

from __future__ import annotations

import logging
import re
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from ascx.emu import build
from ascx.emu.launch import EmulationError
from ascx.emu.relocation import relocate
from ascx.testing import line_of, load_kernel_source

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

KERNEL = """
@asc.jit
def relocated_copy(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    xg = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    xg.set_global_buffer(x, 256)
    yg.set_global_buffer(y, n)
    buf = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    asc.data_copy(buf, xg, 256)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(yg, buf, 256)  # the copy out
"""


def test_markers_name_files_by_token() -> None:
    source = (
        '    ascx_emu::at("/a/k.py", 3);\n    ascx_emu::at("/b/q \\"x\\".py", 4);\n    ascx_emu::at("/a/k.py", 5);\n'
    )
    relocated = relocate(source)
    assert relocated.source == (
        '    ascx_emu::at("@ascx-file-0@", 3);\n    ascx_emu::at("@ascx-file-1@", 4);\n'
        '    ascx_emu::at("@ascx-file-0@", 5);\n'
    )
    assert relocated.files == ("/a/k.py", '/b/q "x".py')
    assert relocated.restore("stopped (@ascx-file-1@:4), @ascx-file-0@ and @ascx-file-7@") == (
        'stopped (/b/q "x".py:4), /a/k.py and @ascx-file-7@'
    )


def _load(directory: Path) -> ModuleType:
    directory.mkdir()
    return load_kernel_source(directory, KERNEL)


def test_one_kernel_in_two_directories_is_one_build(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The second kernel, the same source in another directory, builds nothing: the first one's libraries
    (and, under ``both``, its CANN executables) serve it.  In the suite's shared build directory, so the
    first launch is a cache hit from an earlier run too.  Whether a build ran is read from its progress
    record ('(cached)' when no compiler ran: docs/emulation.md#progress-and-timings), not from the build
    directory's files, which other workers of the suite add to meanwhile."""
    first, second = _load(tmp_path / "one"), _load(tmp_path / "two")
    x = np.arange(256, dtype=np.float32)
    y = np.zeros_like(x)
    first.relocated_copy[1](x, y, 256)
    np.testing.assert_array_equal(y, x)
    caplog.set_level(logging.INFO, logger="ascx.build")
    caplog.clear()
    y = np.zeros_like(x)
    second.relocated_copy[1](x, y, 256)
    np.testing.assert_array_equal(y, x)
    assert _compiler_runs(caplog) == []


def _compiler_runs(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The build steps since ``caplog`` was last cleared that ran a compiler to the end: their completion
    records end in the seconds, not in '(cached)' (nor 'failed after', a build the other backend's error
    stopped under ``both``)."""
    ends = [r.getMessage() for r in caplog.records if r.name == "ascx.build" and r.levelno == logging.INFO]
    assert any(m.endswith(" s (cached)") for m in ends), f"the launch logged no cached build step: {ends}"
    return [m for m in ends if re.search(r": \d+\.\d+ s$", m) and "failed after" not in m]


@pytest.mark.clean_room_only(
    "the bounds check of a GM access is the clean-room backend's: its error stops the launch before the CANN backend "
    "would run"
)
def test_an_error_names_the_file_of_the_kernel_that_ran(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Both kernels run the one build; each error names its own file and line (an error whose text names a
    file, a deadlock's, is in test_concurrent_blocks)."""
    caplog.set_level(logging.INFO, logger="ascx.build")
    for directory in ("one", "two"):
        caplog.clear()
        module = _load(tmp_path / directory)
        x = np.arange(256, dtype=np.float32)
        with pytest.raises(EmulationError) as caught:
            module.relocated_copy[1](
                x, np.zeros(128, dtype=np.float32), 128
            )  # y holds 128 elements, the copy writes 256
        line = line_of(module, "# the copy out")
        assert caught.value.location is not None
        assert (caught.value.location.file, caught.value.location.line) == (module.__file__, line)
        assert caught.value.message == (
            "kernel 'relocated_copy' failed in the CPU emulation: block 0 (sub-block 0): DataCopy (local to GM): "
            "1024 bytes at offset 0 of GM buffer 'y' run past its end (512 bytes)"
        )
    assert _compiler_runs(caplog) == []  # the second kernel built nothing


def test_a_compiler_error_names_the_kernel_file() -> None:
    """The build compiles the relocated source; its error's location and excerpt name the file again."""
    source = (
        '#include "kernel_operator.h"\n'
        'extern "C" __global__ __aicore__ void k(__gm__ float* x) {\n'
        '    ascx_emu::at("/src/elsewhere/k.py", 9);\n'
        "    AscendC::NoSuchCall(x);\n"
        "}\n"
    )
    with pytest.raises(build.BuildError) as caught:
        build.check_source(source, "aiv", name="k")
    assert caught.value.location is not None
    assert (caught.value.location.file, caught.value.location.line) == ("/src/elsewhere/k.py", 9)
    assert "@ascx-file-" not in caught.value.message
