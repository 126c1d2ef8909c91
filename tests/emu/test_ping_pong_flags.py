"""Ping-pong flags with a run-time event id (issue 24, idiom 3): the double-buffered add of CANN's
``add_high_performance`` sample compiles with verification on, without insertion and with it, runs on the
emulation (with its dynamic synchronisation checker) and matches numpy, in the three spellings of the id.

Origin: asc-devkit, ``examples/01_simd_cpp_api/04_best_practices/00_vector_compute_practices/
add_high_performance/add.asc`` (mirror-cann/asc-devkit, commit 4acb9bddf5eedec0b903bb13b61265e99cfade0a),
``KernelAdd::ProcessDoubleBuffer``: prime ``V_MTE2`` and ``MTE3_V`` on ids 0 and 1 before the loop, in
iteration i wait / set on id ``(i & 1) == 0 ? EVENT_ID0 : EVENT_ID1``, drain both ids after it.  Changes of
the translation: float32 instead of half; one block (the sample splits rows over 48 cores); the ping and
pong tensors are the two halves of one LocalTensor per operand, picked with a view at ``slot * TILE`` (a
run-time choice between two LocalTensors is issue 24's idiom 4); the tile count is a kernel argument and
every tile is full (the sample's ``curLen`` tail needs a run-time ``min``)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import ascx as asc

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

TILE = 256


@asc.jit(insert_sync=False)
def add_cond(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, tiles: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z)
    xs = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, TILE * 2)
    ys = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, TILE * 8, TILE * 2)
    zs = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, TILE * 16, TILE * 2)
    asc.set_flag(asc.HardEvent.V_MTE2, 0)
    asc.set_flag(asc.HardEvent.V_MTE2, 1)
    asc.set_flag(asc.HardEvent.MTE3_V, 0)
    asc.set_flag(asc.HardEvent.MTE3_V, 1)
    for i in range(tiles):
        event_id = 0 if (i & 1) == 0 else 1
        slot = (i & 1) * TILE
        asc.wait_flag(asc.HardEvent.V_MTE2, event_id)
        asc.data_copy(xs[slot:], x_gm[i * TILE :], TILE)
        asc.data_copy(ys[slot:], y_gm[i * TILE :], TILE)
        asc.set_flag(asc.HardEvent.MTE2_V, event_id)
        asc.wait_flag(asc.HardEvent.MTE2_V, event_id)
        asc.wait_flag(asc.HardEvent.MTE3_V, event_id)
        asc.add(zs[slot:], xs[slot:], ys[slot:], TILE)
        asc.set_flag(asc.HardEvent.V_MTE2, event_id)
        asc.set_flag(asc.HardEvent.V_MTE3, event_id)
        asc.wait_flag(asc.HardEvent.V_MTE3, event_id)
        asc.data_copy(z_gm[i * TILE :], zs[slot:], TILE)
        asc.set_flag(asc.HardEvent.MTE3_V, event_id)
    asc.wait_flag(asc.HardEvent.V_MTE2, 0)
    asc.wait_flag(asc.HardEvent.V_MTE2, 1)
    asc.wait_flag(asc.HardEvent.MTE3_V, 0)
    asc.wait_flag(asc.HardEvent.MTE3_V, 1)


@asc.jit(insert_sync=False)
def add_and(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, tiles: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z)
    xs = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, TILE * 2)
    ys = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, TILE * 8, TILE * 2)
    zs = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, TILE * 16, TILE * 2)
    asc.set_flag(asc.HardEvent.V_MTE2, 0)
    asc.set_flag(asc.HardEvent.V_MTE2, 1)
    asc.set_flag(asc.HardEvent.MTE3_V, 0)
    asc.set_flag(asc.HardEvent.MTE3_V, 1)
    for i in range(tiles):
        event_id = i & 1
        asc.wait_flag(asc.HardEvent.V_MTE2, event_id)
        asc.data_copy(xs[event_id * TILE :], x_gm[i * TILE :], TILE)
        asc.data_copy(ys[event_id * TILE :], y_gm[i * TILE :], TILE)
        asc.set_flag(asc.HardEvent.MTE2_V, event_id)
        asc.wait_flag(asc.HardEvent.MTE2_V, event_id)
        asc.wait_flag(asc.HardEvent.MTE3_V, event_id)
        asc.add(zs[event_id * TILE :], xs[event_id * TILE :], ys[event_id * TILE :], TILE)
        asc.set_flag(asc.HardEvent.V_MTE2, event_id)
        asc.set_flag(asc.HardEvent.V_MTE3, event_id)
        asc.wait_flag(asc.HardEvent.V_MTE3, event_id)
        asc.data_copy(z_gm[i * TILE :], zs[event_id * TILE :], TILE)
        asc.set_flag(asc.HardEvent.MTE3_V, event_id)
    asc.wait_flag(asc.HardEvent.V_MTE2, 0)
    asc.wait_flag(asc.HardEvent.V_MTE2, 1)
    asc.wait_flag(asc.HardEvent.MTE3_V, 0)
    asc.wait_flag(asc.HardEvent.MTE3_V, 1)


@asc.jit(insert_sync=False)
def add_mod(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, tiles: int) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z)
    xs = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, TILE * 2)
    ys = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, TILE * 8, TILE * 2)
    zs = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, TILE * 16, TILE * 2)
    asc.set_flag(asc.HardEvent.V_MTE2, 0)
    asc.set_flag(asc.HardEvent.V_MTE2, 1)
    asc.set_flag(asc.HardEvent.MTE3_V, 0)
    asc.set_flag(asc.HardEvent.MTE3_V, 1)
    for i in range(tiles):
        event_id = i % 2
        asc.wait_flag(asc.HardEvent.V_MTE2, event_id)
        asc.data_copy(xs[event_id * TILE :], x_gm[i * TILE :], TILE)
        asc.data_copy(ys[event_id * TILE :], y_gm[i * TILE :], TILE)
        asc.set_flag(asc.HardEvent.MTE2_V, event_id)
        asc.wait_flag(asc.HardEvent.MTE2_V, event_id)
        asc.wait_flag(asc.HardEvent.MTE3_V, event_id)
        asc.add(zs[event_id * TILE :], xs[event_id * TILE :], ys[event_id * TILE :], TILE)
        asc.set_flag(asc.HardEvent.V_MTE2, event_id)
        asc.set_flag(asc.HardEvent.V_MTE3, event_id)
        asc.wait_flag(asc.HardEvent.V_MTE3, event_id)
        asc.data_copy(z_gm[i * TILE :], zs[event_id * TILE :], TILE)
        asc.set_flag(asc.HardEvent.MTE3_V, event_id)
    asc.wait_flag(asc.HardEvent.V_MTE2, 0)
    asc.wait_flag(asc.HardEvent.V_MTE2, 1)
    asc.wait_flag(asc.HardEvent.MTE3_V, 0)
    asc.wait_flag(asc.HardEvent.MTE3_V, 1)


KERNELS = {"cond": add_cond, "and": add_and, "mod": add_mod}


@pytest.mark.parametrize("form", sorted(KERNELS))
@pytest.mark.parametrize("tiles", [1, 4, 5])
def test_ping_pong_add_matches_numpy(form: str, tiles: int) -> None:
    """Verified without insertion, run with the dynamic checker on, for even and odd tile counts."""
    rng = np.random.default_rng(tiles)
    x = rng.random(tiles * TILE, dtype=np.float32)
    y = rng.random(tiles * TILE, dtype=np.float32)
    z = np.zeros_like(x)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", asc.AscxWarning)
        KERNELS[form][1](x, y, z, tiles)
    np.testing.assert_array_equal(z, x + y)


@pytest.mark.parametrize("form", sorted(KERNELS))
def test_ping_pong_flags_verify_without_an_error(form: str) -> None:
    """No FL error; the views at ``slot * TILE`` are possible overlaps (HZ-5) because a view's region
    reaches to its base's end (the analysis does not know access lengths), which is all that is left."""
    fresh = asc.jit(insert_sync=False, always_compile=True)(KERNELS[form].fn)
    with pytest.warns(asc.AscxWarning) as caught:
        fresh.compile(*(np.zeros(4, np.float32) for _ in range(3)), 4)
    assert {str(w.message).splitlines()[0].rsplit(" ", 1)[1] for w in caught} == {"[HZ-5]"}


def test_with_insertion_the_user_flags_are_kept_and_the_result_matches() -> None:
    """ascx-insert-sync reads the same slots: it adds no pair for what the user's flags order.  It adds two
    pairs for the possible overlap of one tensor's views in consecutive iterations (``zs[slot:]`` and
    ``xs[slot:]``: the analysis does not know that ``slot`` alternates between the halves, see above), MTE3 → V
    and V → MTE2, each with id 2, which the ping-pong ids 0 and 1 leave free; the kernel still matches numpy.
    (The V → MTE2 pair was missing while a view's offset forgot its tensor's address: the write of
    ``zs[slot:]`` then displaced the logged read of ``xs[slot:]``.)"""
    inserting = asc.jit(insert_sync=True)(add_cond.fn)
    x = np.arange(5 * TILE, dtype=np.float32)
    y = np.ones(5 * TILE, dtype=np.float32)
    z = np.zeros_like(x)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", asc.AscxWarning)
        inserting[1](x, y, z, 5)
    np.testing.assert_array_equal(z, x + y)
    source = inserting.compile(x, y, z, 5).source
    # the user's pairs: primed twice, set once in the loop, drained twice
    assert source.count("SetFlag<AscendC::HardEvent::V_MTE2>(event_id);") == 1
    for ident in (0, 1):
        assert source.count(f"SetFlag<AscendC::HardEvent::V_MTE2>({ident});") == 1
        assert source.count(f"WaitFlag<AscendC::HardEvent::V_MTE2>({ident});") == 1
    assert source.count("WaitFlag<AscendC::HardEvent::V_MTE2>(event_id);") == 1
    assert source.count("SetFlag<AscendC::HardEvent::V_MTE2>(2);") == 2  # inserted: primed, set in the loop
    assert source.count("WaitFlag<AscendC::HardEvent::V_MTE2>(2);") == 2  # waited in the loop, drained
    for ident in (0, 1):
        assert source.count(f"SetFlag<AscendC::HardEvent::MTE3_V>({ident});") == 1
        assert source.count(f"WaitFlag<AscendC::HardEvent::MTE3_V>({ident});") == 1
    assert source.count("SetFlag<AscendC::HardEvent::MTE3_V>(event_id);") == 1
    assert source.count("SetFlag<AscendC::HardEvent::MTE3_V>(2);") == 2  # inserted: primed, set in the loop
    assert source.count("WaitFlag<AscendC::HardEvent::MTE3_V>(2);") == 2  # waited in the loop, drained
