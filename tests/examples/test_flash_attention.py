"""``examples/flash_attention.py`` (docs/examples/flash_attention.md): the FlashAttention forward kernel on both
emulation backends against numpy, its C++ type-checked against CANN's headers on both core sides, and its
sync-only variant, whose C++ differs from the overlapped kernel in exactly the asynchronous calls and their
waits."""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import warnings
from pathlib import Path
from types import ModuleType

import pytest

import ascx as asc
from ascx.testing.examples import example_kernel

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture
def fa(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(EXAMPLES))
    return importlib.import_module("flash_attention")


def source(fa: ModuleType, overlap: bool) -> str:
    """The kernel's C++ for the arguments the tests compile the examples with, ``overlap`` last."""
    kernel, arguments = example_kernel("flash_attention")
    assert kernel is fa.flash_attention or kernel.fn.__name__ == "flash_attention"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no sync diagnostic: every wait and flag is verified
        return kernel.compile(*arguments[:-1], overlap).source


@pytest.mark.parametrize("index", [0, 1], ids=["tails", "causal"])
def test_the_kernel_matches_numpy(fa: ModuleType, emulator: str, index: int) -> None:
    """Both shapes, with the dynamic sync checker on; with ``ASCX_EMULATOR=both`` every output (the workspaces
    too) agrees bit for bit with CANN's own Matmul client/server and SoftmaxFlashV2."""
    assert fa.run(fa.SHAPES[index]) <= fa.TOLERANCE


def test_the_sync_only_variant_matches_numpy(fa: ModuleType, emulator: str) -> None:
    assert fa.run(fa.SHAPES[0], overlap=False) <= fa.TOLERANCE


def test_main_prints_a_verdict_per_shape(fa: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert fa.main() == 0
    lines = capsys.readouterr().out.splitlines()
    assert [re.sub(r"max error \S+", "max error E", line) for line in lines] == [
        "flash_attention: OK (3 heads, 96 queries x 160 keys, d=64; max error E of max |O|, tolerance 0.001)",
        "flash_attention: OK (2 heads, 128 queries x 128 keys, d=64, causal; max error E of max |O|, tolerance 0.001)",
    ]


def test_the_sync_only_variant_differs_in_the_async_calls_and_their_waits(fa: ModuleType) -> None:
    overlapped, synchronous = source(fa, True), source(fa, False)
    starts = re.findall(r"\w+\.IterateAll<false>\(\w+, 0, false, true, false\);", overlapped)
    waits = re.findall(r"\w+\.WaitIterateAll\(\);", overlapped)
    assert starts == [
        "qk.IterateAll<false>(score_gm_1, 0, false, true, false);",
        "qk.IterateAll<false>(score_gm_1, 0, false, true, false);",
        "pv.IterateAll<false>(pv_gm_1, 0, false, true, false);",
    ]
    assert waits == ["qk.WaitIterateAll();", "pv.WaitIterateAll();"]
    made_synchronous = [
        re.sub(
            r"IterateAll<false>\((\w+), 0, false, true, false\)", r"IterateAll<true>(\1, 0, false, false, false)", line
        )
        for line in overlapped.splitlines()
        if not line.strip().endswith(".WaitIterateAll();")
    ]
    assert made_synchronous == synchronous.splitlines()


def test_the_host_side_tiles_both_matmuls_and_the_softmax(fa: ModuleType) -> None:
    qk, pv, softmax, tmp_bytes = fa.host_tilings(fa.SHAPES[0])
    assert (qk.m, qk.n, qk.k_a, qk.single_core_m, qk.single_core_n, qk.single_core_k) == (64, 64, 64, 64, 64, 64)
    assert (pv.m, pv.n, pv.k_a, pv.single_core_m, pv.single_core_n, pv.single_core_k) == (64, 64, 64, 64, 64, 64)
    assert (softmax.src_m, softmax.src_k) == (64, 64)
    assert tmp_bytes == asc.lib.host.get_soft_max_flash_v2_min_tmp_size([64, 64], 4, 4, True)


@pytest.mark.parametrize("shape", ["head_dim", "seq_kv", "causal"])
def test_shapes_the_kernel_does_not_take_are_refused(fa: ModuleType, shape: str) -> None:
    bad = {
        "head_dim": (fa.Shape(1, 64, 64, head_dim=96), "head_dim 96 must be a multiple of 64"),
        "seq_kv": (fa.Shape(1, 64, 72), "seq_kv 72 must be a multiple of 16"),
        "causal": (fa.Shape(1, 64, 128, causal=True), "causal attention here needs seq_q == seq_kv"),
    }[shape]
    with pytest.raises(ValueError, match=re.escape(bad[1])):
        fa.check_shape(bad[0])


@pytest.mark.parametrize("side", ["aiv", "aic"])
@pytest.mark.parametrize("overlap", [True, False], ids=["overlapped", "sync-only"])
def test_the_cpp_type_checks_against_cann(
    fa: ModuleType, cann_typecheck: Path, tmp_path: Path, side: str, overlap: bool
) -> None:
    path = tmp_path / "flash_attention.cpp"
    path.write_text(source(fa, overlap))
    result = subprocess.run(
        [str(cann_typecheck), str(path), side, "-w"],
        capture_output=True,
        text=True,
        env={**os.environ, "CANN_TYPECHECK_PCH": "1"},
        check=False,
    )
    assert result.returncode == 0, "\n".join(line for line in result.stderr.splitlines() if "error" in line)
