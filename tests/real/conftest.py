"""The translated real kernels are numerics tests: each runs with the differential check
(docs/emulation.md#the-differential-check-in-the-suite), its launches on both emulation backends where
CANN's headers are.  A module that already runs on both through the ``emulator`` fixture keeps that."""

from __future__ import annotations

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.parent == HERE and "emulator" not in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.differential)
