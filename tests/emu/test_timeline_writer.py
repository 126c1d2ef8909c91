"""The timeline's files as the emulation writes them (docs/emulation.md#timeline): the trace's events, the SVG
and the summary's core lines come from C++ (ascx_emu/timeline_defs.h); they are what the Python reference
(``timeline_svg``, ``core_lines_of``) makes of the same events, and the trace keeps its schema."""

from __future__ import annotations

import dataclasses
import json
import math
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from tests.cli.test_ascx_profile import check_trace

import ascx as asc
from ascx.emu import launch as launch_module, timeline
from ascx.emu.timeline.events import FLAG_SET, OP
from ascx.emu.timeline.summary import summary_text
from ascx.emu.timeline.svg import timeline_svg
from ascx.emu.timeline.trace import short_names
from ascx.errors import AscxError

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def examples(monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.syspath_prepend(str(ROOT / "examples"))
    return ROOT / "examples"


def vector_add_queues() -> tuple[Any, int, list[Any]]:
    from vector_add_queues import vector_add_queues

    x = np.arange(8 * 2048, dtype=np.float32)
    return vector_add_queues, 8, [x, x.copy(), np.zeros_like(x), 2048, 128]


def matmul_iterate_all_async() -> tuple[Any, int, list[Any]]:
    from matmul_iterate_all_async import matmul_iterate_all_async

    a = np.ones((512, 512), np.float16)
    workspace = np.zeros(asc.lib.host.get_ascendc_platform().get_lib_api_work_space_size(), np.uint8)
    return matmul_iterate_all_async, 1, [a, a.copy(), np.zeros((512, 512), np.float16), workspace]


@pytest.mark.parametrize("case", [vector_add_queues, matmul_iterate_all_async])
def test_the_written_files_are_what_the_reference_makes_of_the_events(
    case: Any, examples: Path, tmp_path: Path
) -> None:
    kernel, blocks, args = case()
    sys.modules.pop(kernel.__name__, None)
    with timeline.profiling(tmp_path, quiet=True) as found:
        kernel[blocks](*args)
    (profile,) = found
    recorded = profile.timeline
    side, core = recorded.core
    events = recorded.events
    assert len(events) >= 10
    assert profile.svg.read_text() == timeline_svg(events, f"{kernel.__name__}, {side.upper()} core {core}")
    # the Python reference words the core's lines from the decoded events
    assert profile.summary.read_text() == summary_text(recorded) == profile.text.split("  files: ")[0]
    trace = json.loads(profile.trace.read_text())
    check_trace(trace)
    pid = next(pid for pid, name in recorded.processes if name == f"{side.upper()} core {core}")
    drawn = [e for e in trace["traceEvents"] if e.get("pid") == pid and e["ph"] in "Xi"]
    spans = [e for e in events if e.kind in (OP, FLAG_SET) or e.end > e.start]
    assert [(e["ph"], e["args"].get("cycles", 0.0)) for e in drawn] == [
        ("i" if e.kind == FLAG_SET else "X", e.end - e.start) for e in spans
    ]
    assert [(e["args"].get("bytes_written", 0), e["args"].get("bytes_read", 0)) for e in drawn] == [
        (e.bytes, e.read) for e in spans
    ]
    # times in microseconds on a grid of 1e-4 (at 1.8 GHz, a cycle is 5.6 of its steps), each rounded once
    per_us = recorded.costs.clock_ghz * 1000

    def units(cycles: float) -> int:
        return math.floor(cycles / per_us * 1e4 + 0.5)

    assert [(e["ts"], e.get("dur")) for e in drawn] == [
        (units(e.start) / 1e4, None if e.kind == FLAG_SET else (units(e.end) - units(e.start)) / 1e4) for e in spans
    ]
    assert re.search(r'"ts":\d+\.\d{4},', profile.trace.read_text())
    # every core's events, each naming the kernel's own file by its base name (its relocation token put back),
    # which the trace's files give in full
    cores = {e["pid"] for e in trace["traceEvents"] if e["ph"] == "X"}
    assert cores == {pid for pid, _ in recorded.processes}
    lines = {e["args"]["line"] for e in trace["traceEvents"] if e["ph"] in "Xi"}
    assert lines
    assert all(re.fullmatch(re.escape(f"{kernel.__name__}.py") + r":\d+", line) for line in lines), lines
    assert trace["otherData"]["files"] == {f"{kernel.__name__}.py": str(examples / f"{kernel.__name__}.py")}
    assert all(e.file == str(examples / f"{kernel.__name__}.py") for e in events if e.kind == OP)


@pytest.mark.parametrize(
    ("files", "names"),
    [
        (("/a/k.py",), ("k.py",)),
        (("/a/k.py", "/b/k.py", "/b/helpers.py"), ("/a/k.py", "/b/k.py", "helpers.py")),
        ((), ()),
    ],
)
def test_the_trace_names_a_file_by_its_base_name_unless_another_has_it(
    files: tuple[str, ...], names: tuple[str, ...]
) -> None:
    assert short_names(files) == names


def test_an_unwritable_trace_is_a_usage_error_naming_it(examples: Path, tmp_path: Path) -> None:
    kernel, blocks, args = vector_add_queues()
    (tmp_path / "vector_add_queues-0.trace.json").mkdir()  # the trace's name taken by a directory
    with pytest.raises(AscxError) as error, timeline.profiling(tmp_path, quiet=True):
        kernel[blocks](*args)
    assert str(error.value).splitlines()[0] == (
        f"error: cannot write the modelled timeline of 'vector_add_queues' to {tmp_path}: Is a directory "
        f"({tmp_path}/vector_add_queues-0.trace.json)"
    )
    assert error.value.kind == "usage"


def test_a_missing_directory_is_made_for_each_launch(examples: Path, tmp_path: Path) -> None:
    # the writer makes the directory only when it finds it missing (a launch does not ask the file system first)
    kernel, blocks, args = vector_add_queues()
    directory = tmp_path / "a" / "b"
    with timeline.profiling(directory, quiet=True) as found:
        kernel[blocks](*args)
        shutil.rmtree(tmp_path / "a")
        kernel[blocks](*args)
    assert [p.trace.name for p in found] == ["vector_add_queues-0.trace.json", "vector_add_queues-1.trace.json"]
    assert sorted(p.name for p in directory.iterdir()) == [
        "vector_add_queues-1.summary.txt",
        "vector_add_queues-1.svg",
        "vector_add_queues-1.trace.json",
    ]
    assert found[1].summary.read_text() == found[1].text.split("  files: ")[0]
    check_trace(json.loads(found[1].trace.read_text()))


def test_the_drawn_cores_library_writes_the_files_whichever_side_it_is(
    examples: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a MixDualMaster launch has two libraries, the AIC side's first; the one that draws the chosen core writes the
    # files, with the other's events formatted by their own library: the trace is the same either way (this
    # example's AIVs only wait, so every span is an AIC core's)
    from matmul_mix_dual_master import main

    with timeline.profiling(tmp_path, quiet=True) as found:
        main()
        real = launch_module.timeline_recording.collect

        def aic_drawn(*args: Any) -> Any:
            recorded = real(*args)
            aic, _ = recorded.sides[0]
            assert aic.name == "aic"
            assert recorded.drawn is recorded.sides[1][0]
            drawn = dataclasses.replace(recorded.timeline, core=("aic", 0))
            return dataclasses.replace(recorded, drawn=aic, timeline=drawn)

        monkeypatch.setattr(launch_module.timeline_recording, "collect", aic_drawn)
        main()
    by_aiv, by_aic = (json.loads(p.trace.read_text()) for p in found)
    check_trace(by_aic)
    assert by_aic == by_aiv
    aic_pids = {pid for pid, name in found[0].timeline.processes if name.startswith("AIC")}
    assert {e["pid"] for e in by_aic["traceEvents"] if e["ph"] == "X"} == aic_pids
    assert {name for pid, name in found[0].timeline.processes} >= {"AIC core 0", "AIV core 0"}
    assert found[1].svg.read_text().startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    assert "matmul_mix_dual_master, AIC core 0: " in found[1].svg.read_text()
    assert "<rect " in found[1].svg.read_text()  # drawn from the AIC's events (an AIV's has none)
    assert "  AIC core 0: " in found[1].summary.read_text()
    assert "\n    busy: " in found[1].summary.read_text()  # the AIC core's lines (an AIV's has none)
