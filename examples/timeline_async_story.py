"""What overlap buys, shown on the modelled timeline (docs/emulation.md#timeline).

Two pairs of kernels that compute the same thing:

- ``queued_add``: ``z = x + y`` through TQues with one buffer each, then with two (double buffering):
  with two, MTE2 loads the next tile while V adds this one;
- ``matmul_then_vector``: a MIX kernel whose vector core has work of its own while the cube computes
  C = A @ B; ``iterate_all(sync=True)`` waits for the cube first, ``iterate_all(sync=False)`` +
  ``wait_iterate_all()`` lets the vector work run meanwhile.

``main`` runs each pair under the timeline profiler, writes one SVG per pair with the two timelines one
above the other on one scale, and prints the modelled speedups.  The cycles are modelled (ascx's cost
table): relative, not measured.

    python examples/timeline_async_story.py [DIR]     # the SVGs go to DIR (default ./timeline-story)

The kernels' Ascend C, one of each pair:

    ascx compile examples/timeline_async_story.py::queued_add --args "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32), 2"
    ascx compile examples/timeline_async_story.py::matmul_then_vector --args "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.uint8), False"
"""

from __future__ import annotations

import ascx as asc

TILE = 512


@asc.jit
def queued_add(
    x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, length: int, buffers: asc.ConstExpr[int]
) -> None:
    x_global = asc.GlobalTensor()
    y_global = asc.GlobalTensor()
    z_global = asc.GlobalTensor()
    x_global.set_global_buffer(x)
    y_global.set_global_buffer(y)
    z_global.set_global_buffer(z)
    pipe = asc.TPipe()
    x_queue = asc.TQue(asc.TPosition.VECIN, buffers)
    y_queue = asc.TQue(asc.TPosition.VECIN, buffers)
    z_queue = asc.TQue(asc.TPosition.VECOUT, buffers)
    pipe.init_buffer(x_queue, buffers, TILE * 4)
    pipe.init_buffer(y_queue, buffers, TILE * 4)
    pipe.init_buffer(z_queue, buffers, TILE * 4)
    for i in range(length // TILE):
        x_local = x_queue.alloc_tensor(asc.float32)
        y_local = y_queue.alloc_tensor(asc.float32)
        asc.data_copy(x_local, x_global[i * TILE :], TILE)
        asc.data_copy(y_local, y_global[i * TILE :], TILE)
        x_queue.enque(x_local)
        y_queue.enque(y_local)
        x_in = x_queue.deque(asc.float32)
        y_in = y_queue.deque(asc.float32)
        z_local = z_queue.alloc_tensor(asc.float32)
        asc.add(z_local, x_in, y_in, TILE)
        z_queue.enque(z_local)
        x_queue.free_tensor(x_in)
        y_queue.free_tensor(y_in)
        z_out = z_queue.deque(asc.float32)
        asc.data_copy(z_global[i * TILE :], z_out, TILE)
        z_queue.free_tensor(z_out)


@asc.jit
def matmul_then_vector(
    a: asc.GlobalAddress,
    b: asc.GlobalAddress,
    c: asc.GlobalAddress,
    workspace: asc.GlobalAddress,
    sync: asc.ConstExpr[bool],
) -> None:
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(position=asc.TPosition.GM, format=asc.CubeFormat.ND, dtype=asc.float16)
    b_type = asc.adv.MatmulType(position=asc.TPosition.GM, format=asc.CubeFormat.ND, dtype=asc.float16)
    c_type = asc.adv.MatmulType(position=asc.TPosition.GM, format=asc.CubeFormat.ND, dtype=asc.float16)
    matmul = asc.adv.Matmul(a_type, b_type, c_type)
    asc.adv.register_matmul(pipe, workspace, matmul)
    tiling = asc.adv.TCubeTiling(
        used_core_num=1, m=128, k_a=256, k_b=256, n=256, base_m=128, base_k=64, base_n=256, single_core_m=128,
        single_core_k=256, single_core_n=256, depth_a1=1, depth_b1=1, step_m=1, step_n=1, share_mode=0,
        share_ub_size=0, share_l1_size=asc.property(asc.TOTAL_L1_SIZE),
        share_l0c_size=asc.property(asc.TOTAL_L0C_SIZE),
    )  # fmt: skip
    matmul.init(tiling)
    a_global = asc.GlobalTensor()
    b_global = asc.GlobalTensor()
    c_global = asc.GlobalTensor()
    a_global.set_global_buffer(a)
    b_global.set_global_buffer(b)
    c_global.set_global_buffer(c)
    matmul.set_org_shape(128, 256, 256)
    matmul.set_tensor_a(a_global)
    matmul.set_tensor_b(b_global)
    matmul.set_single_shape(128, 256, 256)
    scratch = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 16384)
    matmul.iterate_all(
        c_global, en_atomic=0, en_sequential_write=False, wait_iterate_all=not sync, fake_msg=False, sync=sync
    )
    for _ in range(8):  # the vector core's own work: here, filling a scratch buffer
        asc.duplicate(scratch, 1.0, 16384)
    if not sync:
        matmul.wait_iterate_all()
    matmul.end()


def main(directory: str = "timeline-story") -> dict[str, tuple[float, float]]:
    """Run both pairs under the profiler; write ``DIR/queued_add.svg`` and ``DIR/matmul_then_vector.svg``
    (docs/images/timeline/ holds them) and return each pair's modelled cycles, without and with overlap."""
    import tempfile
    from pathlib import Path

    import numpy as np

    from ascx.emu import timeline
    from ascx.emu.timeline.svg import stacked_svg

    out = Path(directory)
    rng = np.random.default_rng(0)
    x = rng.random(8 * TILE, dtype=np.float32)
    y = rng.random(8 * TILE, dtype=np.float32)
    a = rng.integers(-4, 5, (128, 256)).astype(np.float16)
    b = rng.integers(-4, 5, (256, 256)).astype(np.float16)
    workspace = np.zeros(asc.lib.host.get_ascendc_platform().get_lib_api_work_space_size(), np.uint8)
    totals: dict[str, tuple[float, float]] = {}
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as launches, timeline.profiling(launches, quiet=True) as profiles:
        for buffers in (1, 2):
            z = np.zeros_like(x)
            queued_add[1](x, y, z, x.size, buffers)
            assert np.array_equal(z, x + y)
        for sync in (True, False):
            c = np.zeros((128, 256), np.float16)
            matmul_then_vector[1](a, b, c, workspace, sync)
            assert np.array_equal(c, (a.astype(np.float32) @ b.astype(np.float32)).astype(np.float16))
    pairs = {
        "queued_add": (("one buffer per queue", profiles[0]), ("two buffers per queue", profiles[1])),
        "matmul_then_vector": (("iterate_all(sync=True)", profiles[2]), ("iterate_all(sync=False)", profiles[3])),
    }
    for name, ((first_label, first), (second_label, second)) in pairs.items():
        totals[name] = (first.timeline.total, second.timeline.total)
        speedup = first.timeline.total / second.timeline.total
        rows = [(first_label, first.timeline.events), (second_label, second.timeline.events)]
        (out / f"{name}.svg").write_text(stacked_svg(rows, f"{name}: modelled speedup {speedup:.2f}x"))
        print(
            f"{name}: {first_label} {first.timeline.total:.0f} cycles, {second_label} "
            f"{second.timeline.total:.0f} cycles: {speedup:.2f}x (modelled, relative) -> {out / name}.svg"
        )
    return totals


if __name__ == "__main__":
    import sys

    main(*sys.argv[1:2])
