"""The vector examples run on the CPU emulation, checker on, and match numpy."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.fixture(autouse=True)
def examples_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(EXAMPLES))


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_vector_add(dtype: type) -> None:
    from vector_add import vector_add

    rng = np.random.default_rng(1)
    x = rng.random(8 * 2048).astype(dtype)
    y = rng.random(8 * 2048).astype(dtype)
    z = np.zeros_like(x)
    vector_add[8](x, y, z, 2048)
    np.testing.assert_array_equal(z, x + y)  # one rounding per element, as numpy's


def test_vector_add_queues() -> None:
    from vector_add_queues import vector_add_queues

    rng = np.random.default_rng(2)
    x = rng.random(4 * 2048).astype(np.float32)
    y = rng.random(4 * 2048).astype(np.float32)
    z = np.zeros_like(x)
    vector_add_queues[4](x, y, z, 2048, 128)
    np.testing.assert_array_equal(z, x + y)
