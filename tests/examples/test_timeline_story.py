"""examples/timeline_async_story.py: the modelled cycles of the two pairs, and the SVGs the docs show
(docs/emulation.md#what-overlap-buys) are what the example draws."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_the_story_shows_what_double_buffering_and_async_matmul_buy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.syspath_prepend(str(ROOT / "examples"))
    sys.modules.pop("timeline_async_story", None)
    from timeline_async_story import main

    # the default cost table's cycles (docs/emulation.md#the-cost-table); deterministic
    assert main(str(tmp_path)) == {"queued_add": (1473.0, 1137.0), "matmul_then_vector": (7794.0, 5729.0)}
    assert capsys.readouterr().out == (
        "queued_add: one buffer per queue 1473 cycles, two buffers per queue 1137 cycles: 1.30x (modelled, "
        f"relative) -> {tmp_path}/queued_add.svg\n"
        "matmul_then_vector: iterate_all(sync=True) 7794 cycles, iterate_all(sync=False) 5729 cycles: 1.36x "
        f"(modelled, relative) -> {tmp_path}/matmul_then_vector.svg\n"
    )
    for name in (
        "queued_add.svg",
        "matmul_then_vector.svg",
    ):  # regenerate: python examples/timeline_async_story.py docs/images/timeline
        assert (tmp_path / name).read_text() == (ROOT / "docs" / "images" / "timeline" / name).read_text()
