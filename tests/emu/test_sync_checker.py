"""The dynamic synchronisation checker (docs/emulation.md#the-dynamic-synchronisation-checker): a run
stops at the first access that no flag, queue event or barrier orders after a conflicting access on
another pipe, naming both accesses and their Python lines; correctly synchronised kernels run clean."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import ascx as asc
from ascx.emu.launch import EmulationError

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

DIAGNOSTIC = pytest.mark.clean_room_only(
    "the dynamic synchronisation checker's diagnostic is the clean-room backend's: it stops the launch before the "
    "CANN backend would run (which has no checker)"
)

KERNEL = """
@asc.jit(insert_sync=False, verify_sync=False)
def k(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, 256)
    zg.set_global_buffer(z, 256)
    buf = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
{body}
"""


def run(load: Callable[[str], ModuleType], body: str) -> np.ndarray:
    module = load(KERNEL.format(body=textwrap.indent(textwrap.dedent(body).strip("\n"), "    ")))
    x = np.arange(256, dtype=np.float32)
    z = np.zeros_like(x)
    module.k[1](x, z)
    return z


def failure(load: Callable[[str], ModuleType], body: str) -> tuple[str, str]:
    """The checker's message without its file paths, and the Python line it points at.  The launch runs on the
    clean-room backend alone: the checker is its own, and its diagnostic stops the launch before the CANN
    backend would run (``both`` would only build the CANN side)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv("ASCX_EMULATOR", raising=False)
        with pytest.warns(asc.AscxWarning), pytest.raises(EmulationError) as caught:
            run(load, body)
    location = caught.value.location
    assert location is not None
    line = Path(location.file).read_text().splitlines()[location.line - 1].strip()
    message = caught.value.message.split(": ", 2)[2]
    return message.replace(location.file, "k.py"), line


def clean(load: Callable[[str], ModuleType], body: str) -> np.ndarray:
    with pytest.warns(asc.AscxWarning):
        return run(load, body)


@DIAGNOSTIC
def test_raw_between_dma_pipes(kernel_module: Callable[[str], ModuleType]) -> None:
    message, line = failure(kernel_module, "asc.data_copy(buf, xg, 256)\nasc.data_copy(zg, buf, 256)")
    assert line == "asc.data_copy(zg, buf, 256)"
    assert message.startswith(
        "RAW hazard: DataCopy (local to GM) (MTE3) reads UB bytes [0, 32) written by DataCopy (GM to local) (MTE2) ("
    )
    assert message.endswith(":12) with no synchronisation between them")


def test_a_flag_pair_orders_them(kernel_module: Callable[[str], ModuleType]) -> None:
    body = """
    asc.data_copy(buf, xg, 256)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg, buf, 256)
    """
    np.testing.assert_array_equal(clean(kernel_module, body), np.arange(256, dtype=np.float32))


@DIAGNOSTIC
def test_a_flag_of_the_wrong_event_does_not(kernel_module: Callable[[str], ModuleType]) -> None:
    """MTE2_V orders MTE2 before V, not before MTE3."""
    body = """
    asc.data_copy(buf, xg, 256)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    asc.data_copy(zg, buf, 256)
    """
    message, line = failure(kernel_module, body)
    assert message.startswith("RAW hazard: DataCopy (local to GM) (MTE3) reads UB")
    assert line == "asc.data_copy(zg, buf, 256)"


@DIAGNOSTIC
def test_war_when_a_copy_in_overwrites_what_a_copy_out_reads(kernel_module: Callable[[str], ModuleType]) -> None:
    body = """
    asc.data_copy(buf, xg, 256)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(zg, buf, 256)
    asc.data_copy(buf, xg, 256)
    """
    message, line = failure(kernel_module, body)
    assert message.startswith(
        "WAR hazard: DataCopy (GM to local) (MTE2) overwrites UB bytes [0, 32) still being read by DataCopy "
        "(local to GM) (MTE3) ("
    )
    assert line == "asc.data_copy(buf, xg, 256)"


def test_scalar_accesses_are_on_the_scalar_pipe(kernel_module: Callable[[str], ModuleType]) -> None:
    """A set_value, then a copy-out of the same buffer."""
    body = """
    buf.set_value(0, 5.0)
    asc.data_copy(zg, buf, 256)
    """
    message, _ = failure(kernel_module, body)
    assert message.startswith(
        "RAW hazard: DataCopy (local to GM) (MTE3) reads UB bytes [0, 32) written by LocalTensor::SetValue (S)"
    )
    fixed = """
    buf.set_value(0, 5.0)
    asc.set_flag(asc.HardEvent.S_MTE3, 0)
    asc.wait_flag(asc.HardEvent.S_MTE3, 0)
    asc.data_copy(zg, buf, 256)
    """
    assert clean(kernel_module, fixed)[0] == 5.0


@DIAGNOSTIC
def test_a_wait_without_a_set_and_a_set_never_waited(kernel_module: Callable[[str], ModuleType]) -> None:
    message, line = failure(kernel_module, "asc.wait_flag(asc.HardEvent.MTE2_V, 1)")
    assert message == "WaitFlag<MTE2_V>(1) without a matching SetFlag (would hang on hardware)"
    assert line == "asc.wait_flag(asc.HardEvent.MTE2_V, 1)"
    message, _ = failure(kernel_module, "asc.set_flag(asc.HardEvent.MTE2_V, 1)")
    assert message == "SetFlag<MTE2_V>(1) is never matched by a WaitFlag before the kernel returns"


def test_the_checker_can_be_switched_off(kernel_module: Callable[[str], ModuleType]) -> None:
    from ascx.emu.launch import launch

    module = kernel_module(KERNEL.format(body="    asc.data_copy(buf, xg, 256)\n    asc.data_copy(zg, buf, 256)"))
    x = np.arange(256, dtype=np.float32)
    z = np.zeros_like(x)
    with pytest.warns(asc.AscxWarning):
        compiled = module.k.compile(x, z)
    launch(compiled, 1, [x, z], check_sync=False)
    np.testing.assert_array_equal(z, x)


def test_same_pipe_raw_needs_a_barrier(kernel_module: Callable[[str], ModuleType]) -> None:
    """As the static HZ-4: a V write read by V needs PipeBarrier<PIPE_V> (or a chain of flags back)."""
    body = """
    tmp = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 1024, 256)
    asc.data_copy(tmp, buf, 256)
    {sync}
    asc.data_copy(buf, tmp, 256)
    """
    message, line = failure(kernel_module, body.format(sync="pass"))
    assert message.startswith(
        "RAW hazard: DataCopy (local to local) (V) reads UB bytes [1024, 1056) written on the same pipe, with no "
        "PipeBarrier in between, by DataCopy (local to local) (V)"
    )
    assert line == "asc.data_copy(buf, tmp, 256)"
    clean(kernel_module, body.format(sync="asc.pipe_barrier(asc.PipeID.PIPE_V)"))
    chain = "asc.set_flag(asc.HardEvent.V_S, 0)\n    asc.wait_flag(asc.HardEvent.V_S, 0)\n"
    chain += "    asc.set_flag(asc.HardEvent.S_V, 0)\n    asc.wait_flag(asc.HardEvent.S_V, 0)"
    clean(kernel_module, body.format(sync=chain))
