"""Static verdict against dynamic verdict (ascendc-cpp-api spec §11.7, sync-model spec §4.3).

Hypothesis generates small kernels: straight-line code and ``if``s on kernel parameters, over two
UB buffers, with copies in and out (MTE2, MTE3), copies between the buffers (V), scalar reads and
writes (S), flags and barriers, compiled without insertion.  ``ascx-verify-pipe-sync`` says whether
the kernel has a synchronisation error; the dynamic checker runs it once for every combination of
branch conditions (no control flow depends on data, so these are all its paths).  The two must
agree on every program.

Generation is derandomized, so every run checks the same programs and their builds are cached.
"""

from __future__ import annotations

import itertools
import textwrap
import warnings
from collections.abc import Callable
from types import ModuleType

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ascx.analysis.report import SyncError
from ascx.emu.launch import EmulationError

BRANCHES = 2

HEADER = f"""
@asc.jit(insert_sync=False, verify_sync={{verify}})
def k(x: asc.GlobalAddress, z: asc.GlobalAddress, {", ".join(f"c{i}: int" for i in range(BRANCHES))}) -> None:
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, 256)
    zg.set_global_buffer(z, 512)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 256)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 1024, 256)
"""
BUFFERS = ("a", "b")
OUT_OFFSET = {"a": 0, "b": 256}
EVENTS = (
    "MTE2_V",
    "V_MTE3",
    "MTE3_MTE2",
    "MTE2_MTE3",
    "MTE3_V",
    "V_MTE2",
    "S_MTE3",
    "MTE3_S",
    "V_S",
    "S_V",
    "MTE2_S",
    "S_MTE2",
)
PIPES = ("PIPE_V", "PIPE_MTE2", "PIPE_MTE3", "PIPE_ALL")

buffer = st.sampled_from(BUFFERS)
event = st.tuples(st.sampled_from(EVENTS), st.integers(0, 1))
access = st.one_of(
    buffer.map(lambda t: f"asc.data_copy({t}, xg, 256)"),
    buffer.map(lambda t: f"asc.data_copy(zg[{OUT_OFFSET[t]}:], {t}, 256)"),
    st.permutations(BUFFERS).map(lambda p: f"asc.data_copy({p[0]}, {p[1]}, 256)"),
    buffer.map(lambda t: f"{t}.set_value(0, 1.0)"),
    buffer.map(lambda t: f"v = {t}.get_value(0)"),
)
sync = st.one_of(
    event.map(
        lambda e: [f"asc.set_flag(asc.HardEvent.{e[0]}, {e[1]})", f"asc.wait_flag(asc.HardEvent.{e[0]}, {e[1]})"]
    ),
    event.map(lambda e: [f"asc.set_flag(asc.HardEvent.{e[0]}, {e[1]})"]),
    event.map(lambda e: [f"asc.wait_flag(asc.HardEvent.{e[0]}, {e[1]})"]),
    st.sampled_from(PIPES).map(lambda p: [f"asc.pipe_barrier(asc.PipeID.{p})"]),
)
"""A flag pair (the usual way to order two pipes), a lone set or wait, or a barrier."""
simple = st.one_of(access.map(lambda line: [line]), sync)
arm = st.lists(simple, min_size=1, max_size=3).map(lambda parts: [line for part in parts for line in part])


@st.composite
def programs(draw: st.DrawFn) -> list[str]:
    """A kernel body: simple statements and at most one ``if`` per condition parameter."""
    lines: list[str] = []
    conditions = iter(range(BRANCHES))
    for _ in range(draw(st.integers(2, 8))):
        if draw(st.integers(0, 5)) == 0:
            index = next(conditions, None)
            if index is not None:
                lines.append(f"if c{index} > 0:")
                lines.extend("    " + s for s in draw(arm))
                if draw(st.booleans()):
                    lines.append("else:")
                    lines.extend("    " + s for s in draw(arm))
                continue
        lines.extend(draw(simple))
    return lines


def _kernel(load: Callable[[str], ModuleType], body: list[str], verify: bool) -> ModuleType:
    return load(HEADER.format(verify=verify) + textwrap.indent("\n".join(body), "    ") + "\n")


def static_verdict(load: Callable[[str], ModuleType], body: list[str]) -> str | None:
    """The first error of ``ascx-verify-pipe-sync``, or None."""
    module = _kernel(load, body, True)
    args = (np.zeros(256, np.float32), np.zeros(512, np.float32), *([0] * BRANCHES))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            module.k.compile(*args)
    except SyncError as error:
        return str(error).splitlines()[0]
    return None


def dynamic_verdict(load: Callable[[str], ModuleType], body: list[str]) -> str | None:
    """The first checker error over all branch combinations, or None."""
    module = _kernel(load, body, False)
    for conditions in itertools.product((0, 1), repeat=BRANCHES):
        x = np.arange(256, dtype=np.float32)
        z = np.zeros(512, np.float32)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                module.k[1](x, z, *conditions)
        except EmulationError as error:
            return f"with conditions {conditions}: {error.message}"
    return None


@pytest.mark.filterwarnings("ignore")
@settings(
    derandomize=True,
    database=None,
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(body=programs())
def test_static_and_dynamic_verdicts_agree(kernel_module: Callable[[str], ModuleType], body: list[str]) -> None:
    static = static_verdict(kernel_module, body)
    dynamic = dynamic_verdict(kernel_module, body)
    program = "\n".join(body)
    assert (static is None) == (dynamic is None), f"static: {static}\ndynamic: {dynamic}\nprogram:\n{program}"
