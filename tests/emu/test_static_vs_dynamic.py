"""Static verdict against dynamic verdict (docs/emulation.md#the-dynamic-synchronisation-checker).

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
from hypothesis import HealthCheck, given, settings, strategies as st

from ascx.analysis.report import SyncError
from ascx.emu.launch import EmulationError
from ascx.testing.tilings import ONE_BLOCK_L1_PLAN, system_workspace

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


# --- Matmul programs ---------------------------------------------------------------------------------

MATMUL_HEADER = f"""
@asc.jit(insert_sync=False, verify_sync={{verify}})
def k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
      tiling: asc.adv.TCubeTiling, {", ".join(f"c{i}: int" for i in range(BRANCHES))}) -> None:
    pipe = asc.TPipe()
    gm = asc.TPosition.GM
    mm = asc.adv.Matmul(asc.adv.MatmulType(gm, asc.CubeFormat.ND, asc.float16),
                        asc.adv.MatmulType(gm, asc.CubeFormat.ND, asc.float16),
                        asc.adv.MatmulType(gm, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a, 256)
    bg.set_global_buffer(b, 256)
    cg.set_global_buffer(c, 256)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, 256)
    f = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 1024, 256)
"""
MATMUL_EVENTS = ("MTE2_MTE3", "MTE3_MTE2", "MTE2_S", "S_MTE2", "MTE3_S", "S_MTE3")
matmul_access = st.sampled_from(
    (
        "mm.iterate_all(cg, sync=False, wait_iterate_all=True)",  # an asynchronous start
        "mm.wait_iterate_all()",
        "mm.iterate_all(cg)",  # synchronous: complete on return
        "asc.data_copy(f, cg, 256)",  # reads C (MTE2)
        "asc.data_copy(h, ag, 256)",  # reads A
        "asc.data_copy(ag, h, 256)",  # overwrites A, an input of the Matmul (MTE3)
        "asc.data_copy(cg, f, 256)",  # overwrites C (MTE3)
    )
).map(lambda line: [line])
matmul_sync = st.one_of(
    st.tuples(st.sampled_from(MATMUL_EVENTS), st.integers(0, 1)).map(
        lambda e: [f"asc.set_flag(asc.HardEvent.{e[0]}, {e[1]})", f"asc.wait_flag(asc.HardEvent.{e[0]}, {e[1]})"]
    ),
    st.sampled_from(("PIPE_MTE2", "PIPE_MTE3", "PIPE_ALL")).map(lambda p: [f"asc.pipe_barrier(asc.PipeID.{p})"]),
)
matmul_simple = st.one_of(matmul_access, matmul_access, matmul_sync)
matmul_arm = st.lists(matmul_simple, min_size=1, max_size=3).map(lambda parts: [x for part in parts for x in part])


@st.composite
def matmul_programs(draw: st.DrawFn) -> list[str]:
    """A Matmul kernel body: the calls and copies above, at most one ``if`` per condition, then end()."""
    lines: list[str] = []
    conditions = iter(range(BRANCHES))
    for _ in range(draw(st.integers(1, 6))):
        if draw(st.integers(0, 4)) == 0:
            index = next(conditions, None)
            if index is not None:
                lines.append(f"if c{index} > 0:")
                lines.extend("    " + s for s in draw(matmul_arm))
                if draw(st.booleans()):
                    lines.append("else:")
                    lines.extend("    " + s for s in draw(matmul_arm))
                continue
        lines.extend(draw(matmul_simple))
    if draw(st.booleans()):
        lines.append("mm.end()")
    return lines


def _matmul_kernel(load: Callable[[str], ModuleType], body: list[str], verify: bool) -> ModuleType:
    return load(MATMUL_HEADER.format(verify=verify) + textwrap.indent("\n".join(body), "    ") + "\n")


def _matmul_arguments() -> list[object]:
    import ascx as asc

    tiling = asc.adv.TCubeTiling(
        used_core_num=1, m=16, n=16, k_a=16, k_b=16, single_core_m=16, single_core_n=16, single_core_k=16,
        base_m=16, base_n=16, base_k=16, **ONE_BLOCK_L1_PLAN,
    )  # fmt: skip
    a = np.ones(256, np.float16)
    return [a, a.copy(), np.zeros(256, np.float32), system_workspace(), tiling]


def matmul_verdicts(load: Callable[[str], ModuleType], body: list[str]) -> tuple[str | None, str | None]:
    static: str | None = None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            _matmul_kernel(load, body, True).k.compile(*_matmul_arguments(), *([0] * BRANCHES))
    except SyncError as error:
        static = str(error).splitlines()[0]
    module = _matmul_kernel(load, body, False)
    for conditions in itertools.product((0, 1), repeat=BRANCHES):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                module.k[1](*_matmul_arguments(), *conditions)
        except EmulationError as error:
            return static, f"with conditions {conditions}: {error.message}"
    return static, None


@pytest.mark.filterwarnings("ignore")
@settings(
    derandomize=True,
    database=None,
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(body=matmul_programs())
def test_static_and_dynamic_verdicts_agree_on_matmul_programs(
    kernel_module: Callable[[str], ModuleType], body: list[str]
) -> None:
    static, dynamic = matmul_verdicts(kernel_module, body)
    program = "\n".join(body)
    assert (static is None) == (dynamic is None), f"static: {static}\ndynamic: {dynamic}\nprogram:\n{program}"
