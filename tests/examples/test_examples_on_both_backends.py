"""The examples the other files of this directory do not run, end to end on both emulation backends: each
``main()`` runs its kernel (dynamic sync checker on), compares with numpy and prints one verdict line.  The
``emulator`` fixture runs each once on the clean-room backend and once with ``ASCX_EMULATOR=both``, where
the launch also runs through CANN's own Ascend C and every output must agree bit for bit
(docs/emulation.md#two-backends).  ``matmul_softmax`` runs in ``test_adv_examples.py``, with the tolerance
its SoftMax needs on the two backends."""

from __future__ import annotations

import importlib
import warnings
from pathlib import Path

import pytest

from ascx.errors import AscxWarning

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
VERDICTS = {
    "auto_sync_vector_add": "auto_sync_vector_add: OK (8192 elements, twice)",
    "runtime_vector_add": "runtime_vector_add: OK (16384 elements, max abs error 0)",
    "matmul_mix_dual_master": "matmul_mix_dual_master: OK (384x128 @ 128x256 + bias on ",
    "matmul_mix_dual_master_1_1": "matmul_mix_dual_master_1_1: OK (384x128 @ 128x256 + bias on 8 MIX 1:1 blocks",
    "matmul_iterate_async": "matmul_iterate_async: OK (256x64 @ 64x256 in 2 blocks, bit-exact: True)",
    "matmul_async_get_tensor_c": "matmul_async_get_tensor_c: OK (128x32 @ 32x256, bit-exact: True)",
    "matmul_batch_async": "matmul_batch_async: OK (4 lines of 2 heads, 16x32 @ 32x16 each, bit-exact: True)",
    "matmul_iterate_all_async": "matmul_iterate_all_async: OK (C[:256, :256] of 512x512 @ 512x512, bit-exact: True)",
}


@pytest.fixture(autouse=True)
def examples_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(EXAMPLES))


@pytest.mark.parametrize("name", sorted(VERDICTS))
def test_example_runs_and_matches_numpy(name: str, emulator: str, capsys: pytest.CaptureFixture[str]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AscxWarning)  # the deprecated async_get_tensor_c is that example's point
        importlib.import_module(name).main()
    out = capsys.readouterr().out
    assert VERDICTS[name] in out, out
