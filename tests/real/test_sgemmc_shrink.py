"""LoRA "shrink" as a GEMV Matmul on the cube: each AI core takes one (token, slice) pair, finds the
token's request by walking the sequence lengths (an iterator that returns from inside its loop), returns
early for tokens without a LoRA or with rank 0, and only then registers its Matmul object (A = the
token's hidden vector in ``CubeFormat::VECTOR``, B = the LoRA's weight slice, transposed). One
``Iterate<false>`` posts the product; a fetch loop whose trip count depends on the request's rank pulls
each block with ``GetTensorC<false>`` + ``WaitGetTensorC`` into a VECIN queue, scales it, casts it to
half and copies it out. The second vector core of each AI core returns at once; the kernel type is
``KERNEL_TYPE_MIX_AIC_1_1``.

Origin: sgl-project/sgl-kernel-npu, csrc/lora/op_kernel/sgemmc_shrink_kernel.cpp, commit
d6733dfa0f9a141e42fe974e03df251222128031 (class ``SGEMMCShrink``: ``Init``, ``Process``; kernel
``sgemmc_shrink``), with ``lora_common::BlockIterator`` of csrc/lora/op_kernel/lora_common_kernel.h, commit
982f83715aa821294e732a242e9a4948040cd09c.

Changes the translation needed:
- The class's methods are device functions; its members are locals passed to them. ``BlockIterator``
  (constructed fresh in ``Process``, so its ``previous_block``/``previous_offset`` start at 0) is the device
  function ``get_block_idx``.
- ``KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_1)`` is ``@asc.jit(kernel_type=KernelType.MIX_AIC_1_1)``.
- ``SGEMMCTilingData`` (``tilingKey`` and ``cubeTiling``) arrives as an int and a ``TCubeTiling``
  parameter; the kernel instantiates ``SGEMMCShrink<half, float>`` (the ``tilingKey != 1`` branch: bf16
  arrays cannot be passed from numpy), the runtime ``if`` stays with the bf16 branch not traced.
- ``if (GetSysWorkSpacePtr() == nullptr) return;`` is left out (pyasc has no null pointer test).
- ``workspaceGlobal = workspaceGlobal[blockIdx * maxElements]`` sets the buffer at that offset.
- ``min`` of the tiling fields and the rank is Python's ``min`` (issue 31 point 10 asks for it).
- ``calcBuf.FreeTensor(tmpTensor)`` is left out: CANN's ``TBuf::FreeTensor`` does nothing
  (impl/basic_api/kernel_tbuf_impl.h) and pyasc's ``TBuf`` has no ``free_tensor``.
- The uint32 kernel parameters are Python ints (int32 in the kernel); ``int64_t`` indices are int32.
- Sizes: 3 tokens x 2 slices (6 AI cores), hidden size 64, max rank 16, 2 LoRAs of ranks 16 and 0; the
  second token has no LoRA, the third uses the rank-0 LoRA.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import ascx as asc
from ascx.errors import AscxWarning
from ascx.runtime.config import KernelType
from ascx.runtime.jit import MockTensor, MockValue
from ascx.testing import without_excerpts

TOKENS, SLICES, HIDDEN, MAX_RANK = 3, 2, 64, 16


@asc.jit
def get_block_idx(blocks, index):
    current_offset = 0
    for block_idx in range(0, blocks.get_size()):
        block_offset = blocks.get_value(block_idx)
        if index >= current_offset + block_offset:
            current_offset += block_offset
        else:
            return block_idx
    return -1


@asc.jit
def process(
    pipe, tiling: asc.adv.TCubeTiling, x_in_gm, w_in_gm, y_out_gm, lora_indices_gm, seq_len_gm, lora_ranks_gm,
    lora_scales_gm, workspace, slices, input_hidden_dim, max_lora_rank, single_lora_weight_len,
):  # fmt: skip
    blocks = asc.get_block_num()  # noqa: F841 (unused in the original too)
    block_idx = asc.get_block_idx()

    if asc.ascend_is_aiv():
        if asc.get_sub_block_idx() == 1:
            return
        block_idx //= asc.get_sub_block_num()

    token_idx = block_idx // slices
    slice_idx = block_idx % slices

    request_block = get_block_idx(seq_len_gm, token_idx)
    if request_block < 0:
        return

    req_lora_index = lora_indices_gm.get_value(request_block)
    if req_lora_index < 0:
        return

    req_lora_weight_offset = req_lora_index * single_lora_weight_len
    req_lora_rank = lora_ranks_gm.get_value(req_lora_index)
    req_lora_scale = lora_scales_gm.get_value(req_lora_index)

    if req_lora_rank == 0:
        return

    base_m = min(tiling.base_m, tiling.single_core_m)
    base_n = min(tiling.base_n, min(tiling.single_core_n, req_lora_rank))
    elements = base_m * base_n
    max_elements = tiling.base_m * tiling.base_n

    workspace_global = asc.GlobalTensor()
    workspace_global.set_global_buffer(workspace + block_idx * max_elements)

    mm = asc.adv.Matmul(
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.VECTOR, asc.float16, False),
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, True),
        asc.adv.MatmulType(asc.TPosition.VECIN, asc.CubeFormat.ND, asc.float32),
        asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32),
        asc.adv.get_mdl_config(),
    )
    asc.adv.register_matmul(pipe, asc.get_sys_workspace(), mm, tiling)

    mm.disable_bias()
    mm.set_workspace(workspace_global)
    mm.set_org_shape(tiling.m, tiling.n, tiling.k_a, tiling.k_b)
    mm.set_single_shape(tiling.single_core_m, req_lora_rank, tiling.single_core_k)
    mm.set_tensor_a(x_in_gm[token_idx * input_hidden_dim :], False)
    mm.set_tensor_b(w_in_gm[req_lora_weight_offset + slice_idx * input_hidden_dim * req_lora_rank :], True)
    mm.iterate(sync=False)

    calc_buf = asc.TBuf(asc.TPosition.VECCALC)
    matmul_queue = asc.TQue(asc.TPosition.VECIN, 1)
    out_queue = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(calc_buf, max_elements * asc.float32.sizeof())
    pipe.init_buffer(matmul_queue, 1, max_elements * asc.float32.sizeof())
    pipe.init_buffer(out_queue, 1, max_elements * asc.float16.sizeof())

    unit = asc.property(asc.DEFAULT_C0_SIZE)
    copy_params = asc.DataCopyParams(
        base_m, base_n * asc.float16.sizeof() // unit, 0, (slices * tiling.n - base_n) * asc.float16.sizeof() // unit
    )
    iteratations = asc.ceildiv(tiling.single_core_m, base_m) * asc.ceildiv(req_lora_rank, base_n)
    output_offset = token_idx * slices * max_lora_rank + slice_idx * req_lora_rank
    for i in range(iteratations):
        c_in_local = matmul_queue.alloc_tensor(asc.float32)
        mm.get_tensor_c(c_in_local, sync=False)
        mm.wait_get_tensor_c()
        matmul_queue.enque(c_in_local)

        tmp_tensor = calc_buf.get(asc.float32)
        mm_res_tensor = matmul_queue.deque(asc.float32)
        output = out_queue.alloc_tensor(asc.float16)

        asc.muls(tmp_tensor, mm_res_tensor, req_lora_scale, elements)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        asc.cast(output, tmp_tensor, asc.RoundMode.CAST_RINT, elements)
        asc.pipe_barrier(asc.PipeID.PIPE_V)

        out_queue.enque(output)
        matmul_queue.free_tensor(mm_res_tensor)

        output_copy = out_queue.deque(asc.float16)
        asc.data_copy(y_out_gm[output_offset + i * base_n :], output_copy, copy_params)
        out_queue.free_tensor(output_copy)
    mm.end()


@asc.jit(kernel_type=KernelType.MIX_AIC_1_1)
def sgemmc_shrink(
    x: asc.GlobalAddress,
    weight: asc.GlobalAddress,
    lora_indices: asc.GlobalAddress,
    lora_indices_size: int,
    seq_len: asc.GlobalAddress,
    seq_len_size: int,
    lora_ranks: asc.GlobalAddress,
    lora_ranks_size: int,
    lora_scales: asc.GlobalAddress,
    lora_scales_size: int,
    y: asc.GlobalAddress,
    batch_size: int,
    input_hidden_dim: int,
    max_lora_rank: int,
    slices: int,
    workspace: asc.GlobalAddress,
    tiling_key: int,
    cube_tiling: asc.adv.TCubeTiling,
) -> None:
    pipe = asc.TPipe()
    if tiling_key != 1:
        # Init
        single_lora_weight_len = input_hidden_dim * max_lora_rank * slices
        x_in_gm = asc.GlobalTensor()
        y_out_gm = asc.GlobalTensor()
        w_in_gm = asc.GlobalTensor()
        lora_indices_gm = asc.GlobalTensor()
        seq_len_gm = asc.GlobalTensor()
        lora_ranks_gm = asc.GlobalTensor()
        lora_scales_gm = asc.GlobalTensor()
        x_in_gm.set_global_buffer(x)
        y_out_gm.set_global_buffer(y)
        w_in_gm.set_global_buffer(weight)
        lora_indices_gm.set_global_buffer(lora_indices, lora_indices_size)
        seq_len_gm.set_global_buffer(seq_len, seq_len_size)
        lora_ranks_gm.set_global_buffer(lora_ranks, lora_ranks_size)
        lora_scales_gm.set_global_buffer(lora_scales, lora_scales_size)
        # Process
        process(
            pipe, cube_tiling, x_in_gm, w_in_gm, y_out_gm, lora_indices_gm, seq_len_gm, lora_ranks_gm,
            lora_scales_gm, workspace, slices, input_hidden_dim, max_lora_rank, single_lora_weight_len,
        )  # fmt: skip


def generate_tiling() -> asc.adv.TCubeTiling:
    """The sgl-kernel-npu host tiling's shape: M = 1 (one token), N = the maximum rank, K = the hidden size."""
    host = asc.lib.host
    api = host.MatmulApiTiling(host.get_ascendc_platform())
    api.set_a_type(host.TPosition.GM, host.CubeFormat.VECTOR, host.DataType.DT_FLOAT16, False)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16, True)
    api.set_c_type(host.TPosition.VECIN, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_bias_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_org_shape(1, MAX_RANK, HIDDEN)
    api.set_shape(1, MAX_RANK, HIDDEN)
    api.enable_bias(False)
    api.set_buffer_space(-1, -1, -1)
    tiling = asc.adv.TCubeTiling()
    api.get_tiling(tiling)
    return tiling


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The kernel's C++, for the CANN type-check (``ascx.testing.cann_kernels``): it compiles, with one
    REGIST_MATMUL_OBJ in the AIV's and one in the AIC's arm of the core-type branch."""
    f16, f32, i32, n = MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.int32), MockValue(asc.int32)
    yield (
        "sgemmc_shrink",
        sgemmc_shrink.compile(
            f16, f16, i32, n, i32, n, i32, n, f16, n, f16, n, n, n, n, f32, n, asc.adv.TCubeTiling
        ).source,
    )


def _expected_warnings() -> set[tuple[int, str]]:
    """What ascx reports about the kernel, each at its line.  The rest of ``process`` after ``return`` is traced
    into each arm that goes on (the second AIV's and the AIC's), so each of these comes once per copy.

    - The uint64 bound of ``range(0, blocks.get_size())`` converts to int32 as in pyasc (issue 31 point 4).
    - ``workspaceGlobal`` has no size, as in the original: CANN's ``SetWorkspace(GlobalTensor&)`` asserts
      ``addr.GetSize() > 0`` in its CPU-debug build (include/adv_api/matmul/matmul_client.h); the NPU build does
      not check.
    - MM-11: the fetch loop's trip count comes from the LoRA's rank (read from GM), so it may run zero times and
      leave the blocks of ``Iterate<false>`` unfetched (``rank == 0`` returns early; a negative rank would not).
    - XC-7 (a lint): the output offset comes from ``blockIdx / slices`` and ``blockIdx % slices``, not affine in
      the block index, so the blocks' parts of ``y`` are not proved disjoint (they are: one row of ``maxLoRARank``
      per slice and token)."""
    here = Path(__file__)
    source = here.read_text().splitlines()

    def line(marker: str) -> int:
        return next(number for number, text in enumerate(source, 1) if marker in text)

    return {
        (
            line("for block_idx in range(0, blocks.get_size()):"),
            "the stop of range() is a uint64 value; the loop counts in int32, as in pyasc, so a value outside "
            "int32's range is truncated to its low 32 bits: call .cast(asc.int32) on it to convert it explicitly",
        ),
        (
            line("mm.set_workspace(workspace_global)"),
            "set_workspace: the workspace GlobalTensor has no size: CANN's SetWorkspace(GlobalTensor) asserts "
            "addr.GetSize() > 0 in its CPU-debug build (MatmulClient in include/adv_api/matmul/matmul_client.h, "
            "MatmulImpl in matmul_impl_base.h), where the kernel aborts; the NPU build does not check (its buffer "
            f"is set at {here}:{line('workspace_global.set_global_buffer(')} without a buffer_size); give "
            "set_global_buffer the workspace's size in elements, or call set_workspace(addr, size) with a GM address",
        ),
        (
            line("mm.iterate(sync=False)"),
            "the blocks computed by asynchronous `mm.iterate(sync=False)` are never fetched with "
            "`mm.get_tensor_c(..., sync=False)` [MM-11]\n"
            f"{here}:{line('    mm.end()')}:5: note: the object ends here\n"
            f"{here}:{line('for i in range(iteratations):')}:14: note: only when this loop runs zero times: its "
            "trip count is a runtime value not taken from the tiling",
        ),
        (
            line("asc.data_copy(y_out_gm["),
            "GM `y_out_gm` written here may be accessed by another block without inter-block synchronization "
            f"[XC-7]\n{here}:{line('asc.data_copy(y_out_gm[')}:9: note: accessed here at another block-dependent "
            "offset\nnote: the blocks' parts are not proved disjoint",
        ),
    }


@pytest.mark.clean_room_only(
    "the original sets its workspace GlobalTensor without a size; CANN's CPU-debug SetWorkspace asserts "
    "addr.GetSize() > 0 (matmul_client.h), so the CANN backend aborts where the NPU build does not check "
    "(ascx warns at the set_workspace line)"
)
def test_sgemmc_shrink() -> None:
    rng = np.random.default_rng(31)
    x = rng.integers(-3, 4, (TOKENS, HIDDEN)).astype(np.float16)
    loras = 2
    weight = rng.integers(-3, 4, (loras, SLICES, MAX_RANK, HIDDEN)).astype(np.float16)
    seq_len = np.ones(TOKENS, np.int32)  # one token per request
    lora_indices = np.array([0, -1, 1], np.int32)
    lora_ranks = np.array([MAX_RANK, 0], np.int32)
    lora_scales = np.array([0.5, 2.0], np.float16)
    y = np.full((TOKENS, SLICES * MAX_RANK), 7.0, np.float16)
    workspace = np.zeros(TOKENS * SLICES * 16 * 16, np.float32)
    with pytest.warns(AscxWarning) as record:
        sgemmc_shrink[TOKENS * SLICES](
            x, weight, lora_indices, TOKENS, seq_len, TOKENS, lora_ranks, loras, lora_scales, loras, y, TOKENS,
            HIDDEN, MAX_RANK, SLICES, workspace, 0, generate_tiling(),
        )  # fmt: skip
    assert {(w.lineno, "\n".join(without_excerpts(str(w.message)))) for w in record} == _expected_warnings()
    expected = np.full_like(y, 7.0)  # tokens without a LoRA, or with rank 0, keep their rows
    for s in range(SLICES):
        product = weight[0, s].astype(np.float32) @ x[0].astype(np.float32)  # exact: small integers
        expected[0, s * MAX_RANK : (s + 1) * MAX_RANK] = (product * np.float32(0.5)).astype(np.float16)
    np.testing.assert_array_equal(y, expected)
