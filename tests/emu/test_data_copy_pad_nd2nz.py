"""``data_copy_pad`` from UB to L1 with ``Nd2NzParams`` on the CPU emulation, against a numpy model of
CANN's DataCopyPad (UBToL1) page: ``block_count`` runs of ``block_len`` bytes leave UB (each run starts
a 32-byte aligned row, rows ``src_stride`` 32-byte units apart) for a relay in GM (``dst_stride`` bytes
apart), and the relay's one ND matrix lands in TSCM as NZ (the rest of each row's last C0 block zero).

The kernel first fills TSCM from ``y`` (a sentinel), so the observer also sees what the copy leaves alone.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from ascx.emu.launch import EmulationError
from ascx.testing.kernels import line_of, load_kernel_source

pytestmark = [pytest.mark.filterwarnings("ignore:verify_sync=False"), pytest.mark.differential]

Load = Callable[[str], ModuleType]

KERNEL = """
@asc.jit(insert_sync=False, verify_sync=False)
def k(x: asc.GlobalAddress, y: asc.GlobalAddress, bc: int, bl: int, ss: int, ds: int, n: int, d: int, sd: int,
      c0s: int, ns: int, count: int) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x)
    yg = asc.GlobalTensor()
    yg.set_global_buffer(y)
    u = asc.LocalTensor(x.dtype, asc.TPosition.VECIN, 0, count)
    t = asc.LocalTensor(x.dtype, asc.TPosition.TSCM, 0, count)
    asc.data_copy(u, xg, count)
    asc.data_copy(t, yg, count)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy_pad(t, u, asc.{params}(bc, bl, ss, ds{rsv}), asc.Nd2NzParams(1, n, d, 0, sd, c0s, ns, 0))  # the copy
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
    asc.data_copy(yg, t, count)
"""
EXT = KERNEL.format(params="DataCopyExtParams", rsv=", 0")
PLAIN = KERNEL.format(params="DataCopyParams", rsv="")

_MODULES: dict[str, ModuleType] = {}


@pytest.fixture
def kernel_module(tmp_path_factory: pytest.TempPathFactory) -> Load:
    def load(source: str) -> ModuleType:
        if source not in _MODULES:
            _MODULES[source] = load_kernel_source(tmp_path_factory.mktemp("padnz"), source)
        return _MODULES[source]

    return load


def pad_ub_to_l1(
    l1: np.ndarray, ub: np.ndarray, bc: int, bl: int, ss: int, ds: int, n: int, d: int, sd: int, c0s: int, ns: int
) -> None:
    """The model: UB rows (``ceil(bl / 32) + ss`` 32-byte units apart) to the GM relay (``bl + ds`` bytes
    apart), then element (r, c) of the relay's matrix (rows ``sd`` elements apart) to
    ``(c / C0) * c0s * C0 + r * ns * C0 + c % C0`` of L1, zeros up to the end of each row's last C0 block."""
    src = ub.view(np.uint8)
    src_step = -(-bl // 32) * 32 + ss * 32
    relay = np.zeros((bc - 1) * (bl + ds) + bl, np.uint8)
    for b in range(bc):
        relay[b * (bl + ds) : b * (bl + ds) + bl] = src[b * src_step : b * src_step + bl]
    matrix = relay[: len(relay) // l1.itemsize * l1.itemsize].view(l1.dtype)
    c0 = 32 // l1.itemsize
    for r in range(n):
        for c in range(-(-d // c0) * c0):
            l1[(c // c0) * c0s * c0 + r * ns * c0 + c % c0] = matrix[r * sd + c] if c < d else 0


CASES = {
    # CANN's example: three rows of seven 32-byte blocks in UB, six of each copied, 64 bytes apart in GM
    "cann_example": (np.float16, (3, 192, 1, 64, 3, 96, 128, 7, 2)),
    "unaligned_rows_ragged_block": (np.float16, (4, 46, 0, 0, 4, 23, 23, 4, 1)),
    "float32_gaps_both_sides": (np.float32, (2, 20, 1, 12, 2, 5, 8, 2, 1)),
    "int8_two_c0_blocks": (np.int8, (3, 40, 0, 8, 3, 40, 48, 3, 1)),
    "fewer_rows_than_blocks": (np.float16, (4, 64, 0, 0, 2, 32, 32, 2, 1)),
}


@pytest.mark.clean_room_only(
    "CANN emulates DataCopyPad from UB to TSCM with Nd2NzParams in software through the Matmul API: it "
    "needs a TPipe and a registered Matmul (DataCopyUB2L1ND2NZImpl: Use REGISTER_MATMUL_OBJ to enable "
    "Matmul API first.), which this kernel does not have: a null pointer there "
    "(docs/emulation.md#what-the-differential-check-found)"
)
@pytest.mark.parametrize("source", [EXT, PLAIN], ids=["ext", "plain"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_pad_nd2nz_matches_the_model(kernel_module: Load, source: str, case: str) -> None:
    dtype, params = CASES[case]
    count = 4096 // np.dtype(dtype).itemsize
    rng = np.random.default_rng(3)
    x = rng.integers(-100, 100, count).astype(dtype)
    y = np.full(count, 7, dtype)
    kernel_module(source).k[1](x, y, *params, count)
    expected = np.full(count, 7, dtype)
    pad_ub_to_l1(expected, x, *params)
    assert np.array_equal(y, expected)


FAILS = {
    # rows 40 elements apart read past the relay's three 64-byte runs
    "reads_past_the_relay": (
        (np.float16, (3, 64, 0, 0, 3, 32, 40, 3, 1)),
        "DataCopyPad (UB to L1, ND to NZ): row 2 of the ND matrix (bytes 160 to 224 of the GM relay) reaches bytes "
        "the UB -> GM stage did not write (it wrote 3 blocks of 64 bytes, 64 bytes apart)",
    ),
    # 16 elements per row, but the runs are 30 bytes with a 2-byte gap: the gap was never written
    "reads_a_gap_of_the_relay": (
        (np.float16, (2, 30, 0, 2, 2, 16, 16, 2, 1)),
        "DataCopyPad (UB to L1, ND to NZ): row 0 of the ND matrix (bytes 0 to 32 of the GM relay) reaches bytes "
        "the UB -> GM stage did not write (it wrote 2 blocks of 30 bytes, 32 bytes apart)",
    ),
    "block_len_of_half_an_element": (
        (np.float16, (1, 33, 0, 0, 1, 16, 16, 1, 1)),
        "DataCopyPad (UB to L1, ND to NZ): blockLen 33 is not a multiple of 2 bytes",
    ),
}


@pytest.mark.parametrize("name", sorted(FAILS))
def test_what_the_relay_does_not_hold_stops_at_the_call(tmp_path: Path, name: str) -> None:
    (dtype, params), message = FAILS[name]
    module = load_kernel_source(tmp_path, EXT)
    count = 4096 // np.dtype(dtype).itemsize
    x: Any = np.zeros(count, dtype)
    with pytest.raises(EmulationError) as caught:
        module.k[1](x, np.zeros(count, dtype), *params, count)
    assert caught.value.message == f"kernel 'k' failed in the CPU emulation: block 0 (sub-block 0): {message}"
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "# the copy")
