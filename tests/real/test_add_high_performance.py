"""Hand-written flag pipelines over fixed unified-buffer tensors: the single-buffered ``Process`` (flags
guarded by ``loopIdx != 0`` / ``!= totalBlocks - 1``) and the ping-pong ``ProcessDoubleBuffer`` (both
slots primed before the loop, ``eventID = (loopIdx & 1) == 0 ? EVENT_ID0 : EVENT_ID1`` and the ping or
pong tensors chosen at run time inside it, both slots drained after it), each block on its own rows.

Origin: mirror-cann/asc-devkit,
examples/01_simd_cpp_api/05_best_practices/00_vector_compute/add_high_performance/add.asc,
commit be30e58c6b6183b43a3ef1c45517b2fbb010cea6 (template class ``KernelAdd``: ``Init``, ``Process``,
``ProcessDoubleBuffer``, ``GetTotalBlocks``; kernel ``add_custom``, SCENARIO 4 and the default).

Changes the translation needed:
- ``add_custom`` picks the method with ``if constexpr (SCENARIO == ...)``; here each chosen scenario is its
  own kernel (``add_custom_process``, ``add_custom_double_buffer``) calling the device function ``init``
  and its process function. The class template's parameters are ``ConstExpr`` parameters; its members
  are locals (the global tensors are returned by ``init``, the element count too).
- ``static_assert(splitN == 1, ...)`` is ``asc.static_assert``.
- ``AscendC::LocalTensor<half>& xLocal = cond ? xPing : xPong`` (a reference) is a Python conditional
  expression choosing the tensor.
- Sizes: 8x512 halves over splitM = 3 blocks (rows 3, 3, 2) with dataCopyLen = 1024, so block 0 and 1
  run two loop iterations (the second a 512-element tail) and block 2 one; the sample runs 8192x8192.
  ``MAX_DATA_COPY_LEN`` (16384, the non-3510 value) and the buffer addresses are the sample's.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np

import ascx as asc
from ascx.runtime.jit import MockTensor

EVENT_ID0 = 0
EVENT_ID1 = 1
MAX_DATA_COPY_LEN = 16384
HALF = 2
X_ADDR = 0
Y_ADDR = MAX_DATA_COPY_LEN * HALF
Z_ADDR = Y_ADDR + MAX_DATA_COPY_LEN * HALF
X_ADDR_PING = 0
Y_ADDR_PING = MAX_DATA_COPY_LEN * HALF
Z_ADDR_PING = Y_ADDR_PING + MAX_DATA_COPY_LEN * HALF
X_ADDR_PONG = Z_ADDR_PING + MAX_DATA_COPY_LEN * HALF
Y_ADDR_PONG = X_ADDR_PONG + MAX_DATA_COPY_LEN * HALF
Z_ADDR_PONG = Y_ADDR_PONG + MAX_DATA_COPY_LEN * HALF

TOTAL_M, TOTAL_N, SPLIT_M, SPLIT_N, DATA_COPY_LEN = 8, 512, 3, 1, 1024


@asc.jit
def init(
    x: asc.GlobalAddress,
    y: asc.GlobalAddress,
    z: asc.GlobalAddress,
    total_m: asc.ConstExpr[int],
    total_n: asc.ConstExpr[int],
    split_m: asc.ConstExpr[int],
    split_n: asc.ConstExpr[int],
):
    asc.static_assert(split_n == 1, "This optimized sample expects splitN == 1 for contiguous row-wise DataCopy.")
    block_idx = asc.get_block_idx()
    block_idx_m = block_idx
    base_core_m = total_m // split_m
    remainder_m = total_m % split_m
    if block_idx_m < remainder_m:
        actual_core_m = base_core_m + 1
        start_m = block_idx_m * actual_core_m
    else:
        actual_core_m = base_core_m
        start_m = remainder_m * (base_core_m + 1) + (block_idx_m - remainder_m) * base_core_m
    single_core_m = actual_core_m
    single_core_n = total_n
    total_elements_per_core = single_core_m * single_core_n
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + start_m * total_n, total_elements_per_core)
    y_gm.set_global_buffer(y + start_m * total_n, total_elements_per_core)
    z_gm.set_global_buffer(z + start_m * total_n, total_elements_per_core)
    return x_gm, y_gm, z_gm, total_elements_per_core


@asc.jit
def process(x_gm, y_gm, z_gm, total_elements_per_core, data_copy_len: asc.ConstExpr[int]):
    x_local = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, X_ADDR, MAX_DATA_COPY_LEN)
    y_local = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, Y_ADDR, MAX_DATA_COPY_LEN)
    z_local = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, Z_ADDR, MAX_DATA_COPY_LEN)

    total_blocks = asc.ceildiv(total_elements_per_core, data_copy_len)

    for loop_idx in range(total_blocks):
        start_element = loop_idx * data_copy_len
        remain_elements = total_elements_per_core - start_element
        cur_len = data_copy_len if remain_elements > data_copy_len else remain_elements

        if loop_idx != 0:
            asc.wait_flag(asc.HardEvent.V_MTE2, EVENT_ID0)

        asc.data_copy(x_local, x_gm[start_element:], cur_len)
        asc.data_copy(y_local, y_gm[start_element:], cur_len)

        asc.set_flag(asc.HardEvent.MTE2_V, EVENT_ID0)
        asc.wait_flag(asc.HardEvent.MTE2_V, EVENT_ID0)

        if loop_idx != 0:
            asc.wait_flag(asc.HardEvent.MTE3_V, EVENT_ID0)

        asc.add(z_local, x_local, y_local, cur_len)

        if loop_idx != (total_blocks - 1):
            asc.set_flag(asc.HardEvent.V_MTE2, EVENT_ID0)
        asc.set_flag(asc.HardEvent.V_MTE3, EVENT_ID0)
        asc.wait_flag(asc.HardEvent.V_MTE3, EVENT_ID0)

        asc.data_copy(z_gm[start_element:], z_local, cur_len)

        if loop_idx != (total_blocks - 1):
            asc.set_flag(asc.HardEvent.MTE3_V, EVENT_ID0)


@asc.jit
def process_double_buffer(x_gm, y_gm, z_gm, total_elements_per_core, data_copy_len: asc.ConstExpr[int]):
    x_ping = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, X_ADDR_PING, MAX_DATA_COPY_LEN)
    y_ping = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, Y_ADDR_PING, MAX_DATA_COPY_LEN)
    z_ping = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, Z_ADDR_PING, MAX_DATA_COPY_LEN)
    x_pong = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, X_ADDR_PONG, MAX_DATA_COPY_LEN)
    y_pong = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, Y_ADDR_PONG, MAX_DATA_COPY_LEN)
    z_pong = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, Z_ADDR_PONG, MAX_DATA_COPY_LEN)

    total_blocks = asc.ceildiv(total_elements_per_core, data_copy_len)

    asc.set_flag(asc.HardEvent.V_MTE2, EVENT_ID0)
    asc.set_flag(asc.HardEvent.V_MTE2, EVENT_ID1)
    asc.set_flag(asc.HardEvent.MTE3_V, EVENT_ID0)
    asc.set_flag(asc.HardEvent.MTE3_V, EVENT_ID1)

    for loop_idx in range(total_blocks):
        start_element = loop_idx * data_copy_len
        remain_elements = total_elements_per_core - start_element
        cur_len = data_copy_len if remain_elements > data_copy_len else remain_elements

        event_id = EVENT_ID0 if (loop_idx & 1) == 0 else EVENT_ID1
        x_local = x_ping if (loop_idx & 1) == 0 else x_pong
        y_local = y_ping if (loop_idx & 1) == 0 else y_pong
        z_local = z_ping if (loop_idx & 1) == 0 else z_pong

        asc.wait_flag(asc.HardEvent.V_MTE2, event_id)

        asc.data_copy(x_local, x_gm[start_element:], cur_len)
        asc.data_copy(y_local, y_gm[start_element:], cur_len)

        asc.set_flag(asc.HardEvent.MTE2_V, event_id)
        asc.wait_flag(asc.HardEvent.MTE2_V, event_id)

        asc.wait_flag(asc.HardEvent.MTE3_V, event_id)

        asc.add(z_local, x_local, y_local, cur_len)

        asc.set_flag(asc.HardEvent.V_MTE2, event_id)

        asc.set_flag(asc.HardEvent.V_MTE3, event_id)
        asc.wait_flag(asc.HardEvent.V_MTE3, event_id)

        asc.data_copy(z_gm[start_element:], z_local, cur_len)

        asc.set_flag(asc.HardEvent.MTE3_V, event_id)

    asc.wait_flag(asc.HardEvent.V_MTE2, EVENT_ID0)
    asc.wait_flag(asc.HardEvent.V_MTE2, EVENT_ID1)
    asc.wait_flag(asc.HardEvent.MTE3_V, EVENT_ID0)
    asc.wait_flag(asc.HardEvent.MTE3_V, EVENT_ID1)


@asc.jit
def add_custom_process(
    x: asc.GlobalAddress,
    y: asc.GlobalAddress,
    z: asc.GlobalAddress,
    total_m: asc.ConstExpr[int],
    total_n: asc.ConstExpr[int],
    split_m: asc.ConstExpr[int],
    split_n: asc.ConstExpr[int],
    data_copy_len: asc.ConstExpr[int],
) -> None:
    asc.init_soc_state()
    x_gm, y_gm, z_gm, total_elements_per_core = init(x, y, z, total_m, total_n, split_m, split_n)
    process(x_gm, y_gm, z_gm, total_elements_per_core, data_copy_len)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def add_custom_double_buffer(
    x: asc.GlobalAddress,
    y: asc.GlobalAddress,
    z: asc.GlobalAddress,
    total_m: asc.ConstExpr[int],
    total_n: asc.ConstExpr[int],
    split_m: asc.ConstExpr[int],
    split_n: asc.ConstExpr[int],
    data_copy_len: asc.ConstExpr[int],
) -> None:
    asc.init_soc_state()
    x_gm, y_gm, z_gm, total_elements_per_core = init(x, y, z, total_m, total_n, split_m, split_n)
    process_double_buffer(x_gm, y_gm, z_gm, total_elements_per_core, data_copy_len)
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)


def inputs() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(24)
    x = rng.uniform(-4, 4, (TOTAL_M, TOTAL_N)).astype(np.float16)
    y = rng.uniform(-4, 4, (TOTAL_M, TOTAL_N)).astype(np.float16)
    return x, y, np.full_like(x, np.nan)


def test_add_high_performance_process() -> None:
    """The guarded flags are the loop's whole synchronisation: balanced for every trip count, and ascx
    inserts no flag pair of its own around the same copies (only the kernel's final barrier)."""
    x, y, z = inputs()
    add_custom_process[SPLIT_M](x, y, z, TOTAL_M, TOTAL_N, SPLIT_M, SPLIT_N, DATA_COPY_LEN)
    np.testing.assert_array_equal(z, x + y)  # one rounding of the exact sum, as numpy's half add
    source = process_source()
    flags = [line.strip() for line in source.splitlines() if "Flag<" in line]
    assert flags == [
        "AscendC::WaitFlag<AscendC::HardEvent::V_MTE2>(0);",
        "AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);",
        "AscendC::WaitFlag<AscendC::HardEvent::MTE2_V>(0);",
        "AscendC::WaitFlag<AscendC::HardEvent::MTE3_V>(0);",
        "AscendC::SetFlag<AscendC::HardEvent::V_MTE2>(0);",
        "AscendC::SetFlag<AscendC::HardEvent::V_MTE3>(0);",
        "AscendC::WaitFlag<AscendC::HardEvent::V_MTE3>(0);",
        "AscendC::SetFlag<AscendC::HardEvent::MTE3_V>(0);",
    ]


def process_source() -> str:
    f16 = MockTensor(asc.float16)
    return add_custom_process.compile(f16, f16, f16, TOTAL_M, TOTAL_N, SPLIT_M, SPLIT_N, DATA_COPY_LEN).source


def test_add_high_performance_double_buffer() -> None:
    x, y, z = inputs()
    add_custom_double_buffer[SPLIT_M](x, y, z, TOTAL_M, TOTAL_N, SPLIT_M, SPLIT_N, DATA_COPY_LEN)
    np.testing.assert_array_equal(z, x + y)


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """Both kernels' C++, for the CANN type-check (``ascx.testing.cann_kernels``)."""
    yield "add_custom_process", process_source()
    f16 = MockTensor(asc.float16)
    args = (f16, f16, f16, TOTAL_M, TOTAL_N, SPLIT_M, SPLIT_N, DATA_COPY_LEN)
    yield "add_custom_double_buffer", add_custom_double_buffer.compile(*args).source
