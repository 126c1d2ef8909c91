"""``ASCX_EMU_LOCAL_OVERRUN``: a vector instruction whose mask covers more elements than its local tensors
hold (pyasc's ``generalization/basic/test_vadd_bits.py``: 128 lanes of half on 64-element tiles) stops
the launch by default and runs with one warning in warn mode (docs/emulation.md#local-tensor-overruns)."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import ascx as asc
from ascx.emu.launch import EmulationError
from ascx.emu.local_overrun import LocalOverrunWarning

# Each block adds a tile of ``tile`` halves with a full 128-lane mask and one repeat, as
# pyasc's test_vadd_bits does: with a 64-element tile every Add spans 128 elements of each tensor.
ADD = """
@asc.jit
def add_bits(
    x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, tile: asc.ConstExpr[int],
    repeats: asc.ConstExpr[int] = 1, stride: asc.ConstExpr[int] = 8,
):
    begin = asc.get_block_idx() * tile
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + begin)
    y_gm.set_global_buffer(y + begin)
    z_gm.set_global_buffer(z + begin)
    pipe = asc.TPipe()
    in_x = asc.TQue(asc.TPosition.VECIN, 1)
    in_y = asc.TQue(asc.TPosition.VECIN, 1)
    out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=in_x, num=1, len=tile * 2)
    pipe.init_buffer(que=in_y, num=1, len=tile * 2)
    pipe.init_buffer(que=out, num=1, len=tile * 2)
    a = in_x.alloc_tensor(asc.float16)
    b = in_y.alloc_tensor(asc.float16)
    asc.data_copy(a, x_gm, count=tile)
    asc.data_copy(b, y_gm, count=tile)
    in_x.enque(a)
    in_y.enque(b)
    a = in_x.deque(asc.float16)
    b = in_y.deque(asc.float16)
    c = out.alloc_tensor(asc.float16)
    full = 2**64 - 1
    params = asc.BinaryRepeatParams(1, 1, 1, stride, stride, stride)
    asc.add(c, a, b, mask=[full, full], repeat_times=repeats, repeat_params=params)
    out.enque(c)
    in_x.free_tensor(a)
    in_y.free_tensor(b)
    c = out.deque(asc.float16)
    asc.data_copy(z_gm, c, count=tile)
    out.free_tensor(c)
"""

ENV = "ASCX_EMU_LOCAL_OVERRUN"
ADD_LINE = "asc.add(c, a, b, mask=[full, full], repeat_times=repeats, repeat_params=params)"


@pytest.fixture
def add_bits(kernel_module: Callable[[str], ModuleType], monkeypatch: pytest.MonkeyPatch) -> asc.JITFunction[..., None]:
    monkeypatch.delenv("ASCX_EMULATOR", raising=False)
    return kernel_module(ADD).add_bits


def _line(file: str, line: int) -> str:
    return Path(file).read_text().splitlines()[line - 1].strip()


def _inputs(blocks: int, tile: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(7)
    n = blocks * tile
    return rng.integers(-100, 100, n).astype(np.float16), rng.integers(-100, 100, n).astype(np.float16)


def test_the_default_stops_at_the_call_past_the_tensor(
    add_bits: asc.JITFunction[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ENV, raising=False)
    x, y = _inputs(2, 64)
    with pytest.raises(EmulationError) as caught:
        add_bits[2](x, y, np.zeros_like(x), 64)
    assert caught.value.message == (
        "kernel 'add_bits' failed in the CPU emulation: block 0 (sub-block 0): Add: 128 elements exceed the "
        "LocalTensor's 64"
    )
    location = caught.value.location
    assert location is not None
    assert _line(location.file, location.line) == ADD_LINE


def test_warn_mode_runs_the_kernel_with_one_warning(
    add_bits: asc.JITFunction[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV, "warn")
    x, y = _inputs(4, 64)
    z = np.full_like(x, -1)
    with pytest.warns(LocalOverrunWarning) as caught:
        add_bits[4](x, y, z, 64)
    np.testing.assert_array_equal(z, x + y)
    assert len(caught) == 1
    head, _, where = str(caught[0].message).rpartition(" at ")
    assert head == (  # each block's Add spans past each of its three tensors
        "kernel 'add_bits' accessed local tensors past their ends 12 times (ASCX_EMU_LOCAL_OVERRUN=warn ran the "
        "accesses as the NPU would, into the on-chip memory after each tensor); the first: block 0 (sub-block 0): "
        "Add: 128 elements of a LocalTensor of 64, bytes [0, 256) of UB"
    )
    file, _, number = where.rpartition(":")
    assert _line(file, int(number)) == ADD_LINE


def test_a_call_past_the_memory_still_stops_the_launch(
    add_bits: asc.JITFunction[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV, "warn")
    x, y = _inputs(1, 64)
    with pytest.raises(EmulationError) as caught:
        add_bits[1](x, y, np.zeros_like(x), 64, 255, 255)
    spanned = 254 * 255 * 16 + 128  # 255 repeats, each 255 blocks of 16 halves after the last; 128 lanes
    assert caught.value.message == (
        f"kernel 'add_bits' failed in the CPU emulation: block 0 (sub-block 0): Add: {spanned} elements exceed the "
        f"LocalTensor's 64 and run past the end of UB (bytes [0, {2 * spanned}) of 196608; "
        "ASCX_EMU_LOCAL_OVERRUN=warn)"
    )


def test_the_jit_option_chooses_the_mode_over_the_environment(
    add_bits: asc.JITFunction[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV, "warn")
    x, y = _inputs(1, 64)
    with pytest.raises(EmulationError) as stopped:
        add_bits[1](x, y, np.zeros_like(x), 64, local_overrun="error")
    assert stopped.value.message.endswith("Add: 128 elements exceed the LocalTensor's 64")
    monkeypatch.delenv(ENV)
    z = np.zeros_like(x)
    with pytest.warns(LocalOverrunWarning) as caught:
        add_bits[1](x, y, z, 64, local_overrun="warn")
    assert len(caught) == 1
    np.testing.assert_array_equal(z, x + y)
    with pytest.raises(RuntimeError) as refused:
        add_bits[1](x, y, z, 64, local_overrun="ignore")
    assert str(refused.value) == (
        "@asc.jit(local_overrun='ignore'): local_overrun must be one of None, 'error', 'warn'"
    )


def test_an_unknown_mode_is_a_one_line_error(
    add_bits: asc.JITFunction[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV, "sometimes")
    x, y = _inputs(1, 64)
    with pytest.raises(asc.AscxError) as caught:
        add_bits[1](x, y, np.zeros_like(x), 64)
    assert caught.value.message == "ASCX_EMU_LOCAL_OVERRUN must be 'error' or 'warn', got 'sometimes'"


@pytest.mark.parametrize("mode", ["error", "warn"])
def test_the_cann_backend_runs_it_in_either_mode_without_a_warning(
    add_bits: asc.JITFunction[..., None], mode: str, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest
) -> None:
    """CANN's open checks of Add (CheckVectorTensor, CheckMaskRepeat) accept the call, and the CANN backend
    does not check local extents: it runs the instruction into the memory after the tensors in either mode."""
    headers = request.getfixturevalue("cann_headers")
    monkeypatch.setenv("ASCX_CANN_HEADERS", str(headers.root))
    monkeypatch.setenv("ASCX_EMULATOR", "cann")
    monkeypatch.setenv(ENV, mode)
    x, y = _inputs(2, 64)
    z = np.zeros_like(x)
    with warnings.catch_warnings():
        warnings.simplefilter("error", LocalOverrunWarning)
        add_bits[2](x, y, z, 64)
    np.testing.assert_array_equal(z, x + y)
