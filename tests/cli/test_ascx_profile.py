"""The timeline profiler from the outside (docs/emulation.md#timeline): ``ASCX_PROFILE=DIR python
examples/matmul_leaky_relu.py`` writes a valid Chrome trace, an SVG and a summary, and ``ascx profile``
runs every example."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Any

import pytest

from ascx.cli.ascx_main import main
from ascx.emu.timeline.events import ACTORS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(p.name for p in (ROOT / "examples").glob("*.py"))
PHASES = {"M", "X", "i", "s", "f"}


KEYS = {
    "X": {"pid", "tid", "ts", "name", "ph", "dur", "args"},
    "i": {"pid", "tid", "ts", "name", "ph", "args"},  # no "s": an instant's scope is its thread by default
    "s": {"pid", "tid", "ts", "name", "ph", "id"},
    "f": {"pid", "tid", "ts", "name", "ph", "id", "bp"},
}
"""Each phase's keys, exactly: no ``cat`` (optional in the trace-event format), nothing else."""
ARGS = {"line", "cycles", "bytes_written", "bytes_read", "macs", "waits_for"}


def check_trace(trace: dict[str, Any]) -> None:
    """The trace-event format's rules that Perfetto and chrome://tracing rely on, for what ascx writes; each
    event's arguments are its file and line, and whichever of its cycles, bytes and MACs are not zero."""
    assert set(trace) == {"traceEvents", "displayTimeUnit", "otherData"}
    assert "modelled" in trace["otherData"]["note"]
    files: dict[str, str] = trace["otherData"]["files"]  # each event's file as it names it -> its full name
    assert all(Path(full).is_absolute() and full.endswith(short) for short, full in files.items()), files
    events: list[dict[str, Any]] = trace["traceEvents"]
    flows: dict[int, list[dict[str, Any]]] = {}
    threads: dict[int, list[str]] = {}
    processes: dict[int, str] = {}
    for e in events:
        assert e["ph"] in PHASES, e
        assert isinstance(e["pid"], int), e
        assert isinstance(e["name"], str), e
        if e["ph"] == "M":
            assert e["name"] in {"process_name", "process_sort_index", "thread_name", "thread_sort_index"}, e
            if e["name"] == "process_name":
                processes[e["pid"]] = e["args"]["name"]
            if e["name"] == "thread_name":
                threads.setdefault(e["pid"], []).append(e["args"]["name"])
            continue
        assert set(e) == KEYS[e["ph"]], e
        assert e["tid"] in range(len(ACTORS)), e
        assert isinstance(e["ts"], float), e
        assert e["ts"] >= 0, e
        if e["ph"] in "Xi":
            args = e["args"]
            assert set(args) <= ARGS, e
            assert all(value for value in args.values()), e  # a zero is left out
            file, _, line = args["line"].rpartition(":")
            assert file in files, e
            assert line.isdigit(), e
            if "cycles" in args:
                assert isinstance(args["cycles"], float), e
        if e["ph"] == "X":
            assert isinstance(e["dur"], float), e
            assert e["dur"] >= 0, e
            assert "cycles" in e["args"], e  # a span lasts (at the default costs)
        if e["ph"] == "i":
            assert e["name"] == "set_flag", e
            assert "cycles" not in e["args"], e
        if e["ph"] in "sf":
            assert e["name"] == "flag", e
            flows.setdefault(e["id"], []).append(e)
    assert processes
    assert all(re.fullmatch(r"AI[CV] core \d+", name) for name in processes.values())
    assert all(names == list(ACTORS) for names in threads.values())
    assert threads.keys() == processes.keys()
    for pair in flows.values():  # every flag set is waited for once, at or after it is set
        assert [e["ph"] for e in pair] == ["s", "f"], pair
        assert pair[1]["ts"] >= pair[0]["ts"]
        assert pair[1]["bp"] == "e"


def check_svg(path: Path) -> None:
    root = ElementTree.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.findall(".//{http://www.w3.org/2000/svg}rect")
    title = root.find("{http://www.w3.org/2000/svg}text")
    assert title is not None
    assert title.text is not None
    assert "modelled cycles (relative, not measured)" in title.text


def test_ascx_profile_in_the_environment_writes_a_trace_an_svg_and_a_summary(tmp_path: Path) -> None:
    out = tmp_path / "out"
    env = {**os.environ, "ASCX_PROFILE": str(out)}
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "matmul_leaky_relu.py")],
        capture_output=True, text=True, env=env, timeout=600, check=False, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("matmul_leaky_relu: OK"), done.stdout
    assert f"ascx: the modelled timeline of 'matmul_leaky_relu' is in {out}/matmul_leaky_relu-0.*\n" in done.stderr
    assert sorted(p.name for p in out.iterdir()) == [
        "matmul_leaky_relu-0.summary.txt",
        "matmul_leaky_relu-0.svg",
        "matmul_leaky_relu-0.trace.json",
    ]
    trace = json.loads((out / "matmul_leaky_relu-0.trace.json").read_text())
    check_trace(trace)
    names = {e["name"] for e in trace["traceEvents"]}
    assert {"LeakyRelu", "set_flag", "wait_flag"} <= names  # the vector work and the queue's flags
    check_svg(out / "matmul_leaky_relu-0.svg")
    summary = (out / "matmul_leaky_relu-0.summary.txt").read_text()
    assert summary.startswith(
        "kernel 'matmul_leaky_relu': modelled timeline (relative cycles from ascx's cost table, not measured; "
        "docs/emulation.md#timeline)\n  total: "
    )
    assert re.search(r"\n    busy: (?:\w+ \d+%, )*CUBE \d+%", summary)
    assert "\n    critical path (first 6 of " in summary


@pytest.mark.filterwarnings("ignore::ascx.errors.AscxWarning")  # the examples' own (tested with the examples)
@pytest.mark.parametrize("name", EXAMPLES)
def test_ascx_profile_runs_every_example(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # what an example writes goes there
    assert main(["profile", "-o", "out", f"{ROOT / 'examples' / name}::main"]) == 0
    out = capsys.readouterr().out
    summaries = re.findall(r"^kernel '(\w+)': modelled timeline", out, re.MULTILINE)
    assert summaries, out
    files = re.findall(r"^  files: (\S+)/(\w+)-\d+\.trace\.json$", out, re.MULTILINE)
    assert [kernel for _, kernel in files] == summaries  # each launch's files, in its own profiling's directory
    if name != "timeline_async_story.py":  # which profiles into a directory of its own
        assert {directory for directory, _ in files} == {"out"}
    for trace in (tmp_path / "out").glob("*.trace.json"):
        check_trace(json.loads(trace.read_text()))


def test_ascx_profile_of_a_script_that_launches_nothing_says_so(tmp_path: Path) -> None:
    script = tmp_path / "nothing.py"
    script.write_text("print('hello')\n")
    done = subprocess.run(
        [sys.executable, "-m", "ascx.cli.ascx_main", "profile", str(script)],
        capture_output=True, text=True, timeout=120, check=False, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 1
    assert done.stdout == "hello\n"
    assert done.stderr == (
        f"error: {script} ran no kernel on the CPU emulation, so there is no timeline\n"
        f"hint: name the function that launches the kernel: ascx profile {script}::main\n"
    )


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("missing.py", "error: no such file: missing.py\n"),
        ("nothing.py::run", "error: nothing.py has no function 'run'\n"),
    ],
)
def test_ascx_profile_names_a_missing_script_or_function(
    target: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "nothing.py").write_text("")
    monkeypatch.chdir(tmp_path)
    assert main(["profile", target]) == 1
    assert capsys.readouterr().err == message


def test_a_script_that_fails_fails_the_profile(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "fails.py"
    script.write_text("import sys\nsys.exit(3)\n")
    assert main(["profile", str(script)]) == 1
    assert capsys.readouterr().err == f"error: {script} exited with status 3\n"
