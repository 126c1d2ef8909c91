"""The timeline's build flavour (docs/emulation.md#timeline): only a profiled launch's build has the checker's
timeline hooks; every other build has no timeline code at all, so recording costs nothing when off."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from tests.emu.timeline_kernels import FLAGGED_COPY

from ascx.emu import launch as launch_module, timeline
from ascx.emu.build import TIMELINE_FLAGS
from ascx.emu.launch import build_kernel

TIMELINE_SYMBOLS = ("ascx_emu_timeline", "ascx_emu::timeline::access", "ascx_emu::timeline::begin_core")
"""What a profiled build has: the launcher's entries, the hook the checker calls, the core's start."""


def symbols(library: Path) -> str:
    """Every symbol of ``library`` (the kernel's unit and the runtime object it links), demangled."""
    nm = shutil.which("nm")
    if nm is None:
        pytest.skip("nm (binutils) is not installed")
    return subprocess.run([nm, "-C", str(library)], capture_output=True, text=True, check=True).stdout


def test_only_the_profiled_flavour_has_timeline_code(kernel_module: Callable[[str], ModuleType]) -> None:
    kernel = kernel_module(FLAGGED_COPY).flagged_copy
    x = np.zeros(256, np.float32)
    compiled = kernel.compile(x, x)
    off = build_kernel(compiled)
    on = build_kernel(compiled, timeline=True)
    assert off != on  # two cache entries: the flags are in the key
    assert "timeline" not in symbols(off).lower()
    found = symbols(on)
    assert [name for name in TIMELINE_SYMBOLS if name not in found] == []


def test_a_profiled_launch_builds_with_the_flag_and_any_other_without(
    kernel_module: Callable[[str], ModuleType], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    flags: list[tuple[str, ...]] = []
    build = launch_module.build_library

    def recording(*args: Any, extra_flags: tuple[str, ...] = (), **kwargs: Any) -> Path:
        flags.append(extra_flags)
        return build(*args, extra_flags=extra_flags, **kwargs)

    monkeypatch.setattr(launch_module, "build_library", recording)
    kernel = kernel_module(FLAGGED_COPY).flagged_copy
    x = np.arange(256, dtype=np.float32)
    z = np.zeros_like(x)
    kernel[1](x, z)
    with timeline.profiling(tmp_path, quiet=True) as found:
        kernel[1](x, z)
        kernel[1](x, z)  # the profiled flavour is built once
    kernel[1](x, z)  # and the plain one is still there
    assert TIMELINE_FLAGS == ("-DASCX_EMU_TIMELINE=1",)
    assert flags == [(), TIMELINE_FLAGS]
    assert len(found) == 2
    assert found[0].timeline.total > 0
    np.testing.assert_array_equal(z, x)


def test_a_profiled_debug_launch_builds_the_debug_flavour_and_models_the_same_times(
    kernel_module: Callable[[str], ModuleType], tmp_path: Path
) -> None:
    kernel = kernel_module(FLAGGED_COPY).flagged_copy
    x = np.arange(256, dtype=np.float32)
    z = np.zeros_like(x)
    compiled = kernel.compile(x, z)
    with timeline.profiling(tmp_path, quiet=True) as found:
        launch_module.launch(compiled, 1, [x, z])
        launch_module.launch(compiled, 1, [x, z], debug=True)
    fast, debug = (p.timeline.events for p in found)
    assert [(e.actor, e.kind, e.start, e.end) for e in debug] == [(e.actor, e.kind, e.start, e.end) for e in fast]
    assert found[1].timeline.total == found[0].timeline.total > 0
    library = build_kernel(compiled, debug=True, timeline=True)
    assert "-debug-" in library.name
    assert "ascx_emu_timeline" in symbols(library)
    assert "timeline" not in symbols(build_kernel(compiled, debug=True)).lower()
    np.testing.assert_array_equal(z, x)
