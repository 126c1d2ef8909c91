"""``ASCX_EMU_GM_OVERRUN``: kernels that copy whole tiles past the ends of their arrays, as pyasc's
generalization kernels do, stop by default and run with one warning per argument in warn mode
(docs/emulation.md#gm-overruns)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import ascx as asc
from ascx.emu.gm_overrun import EXTRA_SLACK, GmOverrunWarning, slack_bytes
from ascx.emu.launch import EmulationError

# Each block scales its share of ``n`` elements by 2, but always moves whole tiles of ``tile``
# elements: the last block's tile runs past the end of both arrays.
SCALE = """
@asc.jit
def twice(src: asc.GlobalAddress, dst: asc.GlobalAddress, share: asc.ConstExpr[int], tile: asc.ConstExpr[int]):
    begin = asc.get_block_idx() * share
    src_gm = asc.GlobalTensor()
    dst_gm = asc.GlobalTensor()
    src_gm.set_global_buffer(src + begin)
    dst_gm.set_global_buffer(dst + begin)
    pipe = asc.TPipe()
    into = asc.TQue(asc.TPosition.VECIN, 1)
    out = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=into, num=1, len=tile * 4)
    pipe.init_buffer(que=out, num=1, len=tile * 4)
    a = into.alloc_tensor(asc.float32)
    asc.data_copy(a, src_gm, count=tile)
    into.enque(a)
    b = into.deque(asc.float32)
    c = out.alloc_tensor(asc.float32)
    asc.muls(c, b, 2.0, count=tile)
    out.enque(c)
    into.free_tensor(b)
    d = out.deque(asc.float32)
    asc.data_copy(dst_gm, d, count=tile)
    out.free_tensor(d)
"""

ENV = "ASCX_EMU_GM_OVERRUN"

FAILED = {
    "clean-room": "kernel 'twice' failed in the CPU emulation: block {block} (sub-block 0): {copy}",
    "cann": "kernel 'twice' failed on the CANN backend: block {block} (AIV): {copy}",
}
"""How each backend's launch error begins: the core, then the copy (``copy`` below)."""
COPY_IN = {"clean-room": "DataCopy (GM to local)", "cann": "copy_gm_to_ubuf"}
COPY_OUT = {"clean-room": "DataCopy (local to GM)", "cann": "copy_ubuf_to_gm"}
CORE = {"clean-room": "block 2 (sub-block 0)", "cann": "block 2 (AIV)"}


@pytest.fixture(params=["clean-room", "cann"])
def backend(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test runs on both backends, with the same behaviour (the CANN backend's checks are its copy
    intrinsics', so its errors name them)."""
    name = str(request.param)
    if name == "cann":
        headers = request.getfixturevalue("cann_headers")
        monkeypatch.setenv("ASCX_CANN_HEADERS", str(headers.root))
        monkeypatch.setenv("ASCX_EMULATOR", "cann")
    else:
        monkeypatch.delenv("ASCX_EMULATOR", raising=False)
    return name


@pytest.fixture
def twice(kernel_module: Callable[[str], ModuleType]) -> asc.JITFunction[..., None]:
    return kernel_module(SCALE).twice


def _line(file: str, line: int) -> str:
    return Path(file).read_text().splitlines()[line - 1].strip()


def test_the_default_stops_at_the_first_access_past_the_array(
    twice: asc.JITFunction[..., None], backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ENV, raising=False)
    x = np.arange(100, dtype=np.float32)
    with pytest.raises(EmulationError) as caught:  # only block 2 overruns: the CANN backend reports the first
        twice[3](x, np.zeros_like(x), 34, 64)  # core that failed, the clean-room one the lowest
    assert caught.value.message == FAILED[backend].format(
        block=2, copy=f"{COPY_IN[backend]}: 256 bytes at offset 272 of GM buffer 'src' run past its end (400 bytes)"
    )
    location = caught.value.location
    assert location is not None
    assert _line(location.file, location.line) == "asc.data_copy(a, src_gm, count=tile)"


def test_warn_mode_runs_the_kernel_and_reports_each_argument_once(
    twice: asc.JITFunction[..., None], backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV, "warn")
    x = np.arange(100, dtype=np.float32)
    z = np.full(100, -1.0, dtype=np.float32)
    with pytest.warns(GmOverrunWarning) as caught:
        twice[4](x, z, 25, 64)
    np.testing.assert_array_equal(z, 2 * x)
    texts = [str(w.message) for w in caught]
    assert len(texts) == 2
    for text, name, copy, line in (
        (texts[0], "src", COPY_IN[backend], "asc.data_copy(a, src_gm, count=tile)"),
        (texts[1], "dst", COPY_OUT[backend], "asc.data_copy(dst_gm, d, count=tile)"),
    ):
        head, _, where = text.rpartition(" at ")
        assert head == (
            f"kernel 'twice' accessed argument '{name}' past its end (400 bytes), up to byte 556 (156 bytes past it; "
            "ASCX_EMU_GM_OVERRUN=warn ran it as the NPU would, into the memory after the array); the first access "
            f"past it: {CORE[backend]}: {copy}: 256 bytes at offset 200"
        )
        file, _, number = where.rpartition(":")
        assert _line(file, int(number)) == line


def test_nothing_past_the_array_is_written_back(
    twice: asc.JITFunction[..., None], backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV, "warn")
    whole = np.full(164, 7.0, dtype=np.float32)  # the output is a view of the first 100 elements
    x = np.arange(100, dtype=np.float32)
    with pytest.warns(GmOverrunWarning):
        twice[4](x, whole[:100], 25, 64)
    np.testing.assert_array_equal(whole[:100], 2 * x)
    np.testing.assert_array_equal(whole[100:], 7.0)


def test_an_access_beyond_the_slack_still_stops_the_launch(
    twice: asc.JITFunction[..., None], backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV, "warn")
    x = np.arange(16, dtype=np.float32)  # 64 bytes; a tile of 24000 float32 is 96000 bytes
    assert slack_bytes(64) == 64 + EXTRA_SLACK
    with pytest.raises(EmulationError) as caught:
        twice[1](x, np.zeros_like(x), 16, 24000)
    assert caught.value.message == FAILED[backend].format(
        block=0,
        copy=f"{COPY_IN[backend]}: 96000 bytes at offset 0 of GM buffer 'src' run past its end (64 bytes) and past "
        "the 65600 bytes of slack after it (ASCX_EMU_GM_OVERRUN=warn)",
    )


def test_an_unknown_mode_is_a_one_line_error(
    twice: asc.JITFunction[..., None], backend: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(ENV, "ignore")
    x = np.arange(100, dtype=np.float32)
    with pytest.raises(asc.AscxError) as caught:
        twice[4](x, np.zeros_like(x), 25, 64)
    assert caught.value.message == "ASCX_EMU_GM_OVERRUN must be 'error' or 'warn', got 'ignore'"


def test_the_jit_option_chooses_the_mode_over_the_environment(
    twice: asc.JITFunction[..., None], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("ASCX_EMULATOR", raising=False)
    monkeypatch.setenv(ENV, "warn")
    x = np.arange(100, dtype=np.float32)
    with pytest.raises(EmulationError) as stopped:
        twice[4](x, np.zeros_like(x), 25, 64, gm_overrun="error")
    assert stopped.value.message.endswith("of GM buffer 'src' run past its end (400 bytes)")
    monkeypatch.delenv(ENV)
    z = np.zeros_like(x)
    with pytest.warns(GmOverrunWarning) as caught:
        twice[4](x, z, 25, 64, gm_overrun="warn")
    assert len(caught) == 2
    np.testing.assert_array_equal(z, 2 * x)
    with pytest.raises(RuntimeError) as refused:
        twice[4](x, z, 25, 64, gm_overrun="ignore")
    assert str(refused.value) == "@asc.jit(gm_overrun='ignore'): gm_overrun must be one of None, 'error', 'warn'"
