"""The emulation checks a Matmul's TCubeTiling as CANN's Matmul does when the object is initialised
(``MatmulShapeTiling::CheckTiling`` on the CPU-debug path of dav-c220, docs/emulation.md#the-tiling-check):
each condition below is one of CANN's, reported at the line of ``register_matmul`` (or ``init``) with the
field it concerns.  A tiling from ``asc.lib.host`` passes them all."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import ascx as asc
from ascx.emu.launch import EmulationError
from ascx.runtime.cann_check import CannHeaders
from ascx.testing import line_of
from ascx.testing.tilings import ONE_BLOCK_L1_PLAN, batch_num, system_workspace

KERNELS = """
import ascx as asc

GM, ND = asc.TPosition.GM, asc.CubeFormat.ND
F16 = asc.adv.MatmulType(GM, ND, asc.float16)
F32 = asc.adv.MatmulType(GM, ND, asc.float32)
BATCH = asc.adv.MatmulType(GM, ND, asc.float16, layout=asc.LayoutMode.NORMAL)


def product(a, b, c, workspace, tiling, mm):
    pipe = asc.TPipe()
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.iterate_all(cg)
    mm.end()


@asc.jit
def norm(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
         tiling: asc.adv.TCubeTiling) -> None:
    product(a, b, c, workspace, tiling, asc.adv.Matmul(F16, F16, F32))


@asc.jit
def mdl(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
        tiling: asc.adv.TCubeTiling) -> None:
    product(a, b, c, workspace, tiling, asc.adv.Matmul(F16, F16, F32, matmul_config=asc.adv.get_mdl_config()))


@asc.jit
def special_mdl(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
                tiling: asc.adv.TCubeTiling) -> None:
    config = asc.adv.get_special_mdl_config()
    product(a, b, c, workspace, tiling, asc.adv.Matmul(F16, F16, F32, matmul_config=config))


@asc.jit
def a2b2_shared(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
                tiling: asc.adv.TCubeTiling) -> None:
    config = asc.adv.MatmulConfig(is_a2b2_shared=True)
    product(a, b, c, workspace, tiling, asc.adv.Matmul(F16, F16, F32, matmul_config=config))


@asc.jit
def batched(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
            tiling: asc.adv.TCubeTiling) -> None:
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(BATCH, BATCH, asc.adv.MatmulType(GM, ND, asc.float32, layout=asc.LayoutMode.NORMAL))
    batch_product(pipe, a, b, c, workspace, tiling, mm)


def batch_product(pipe, a, b, c, workspace, tiling, mm):
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg.set_global_buffer(b)
    cg.set_global_buffer(c)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.iterate_batch(cg, 1, 1, False)
    mm.end()


@asc.jit
def bias_reuse(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
               tiling: asc.adv.TCubeTiling) -> None:
    config = asc.adv.MatmulConfig(is_bias_batch=False)
    product(a, b, c, workspace, tiling, asc.adv.Matmul(F16, F16, F32, matmul_config=config))
"""

M = N = K = 32


@pytest.fixture(scope="module")
def kernels(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    from ascx.testing import load_kernel_source

    return load_kernel_source(tmp_path_factory.mktemp("matmul_tiling_check"), KERNELS)


def tiling(base: tuple[int, int, int] = (16, 16, 16), **fields: int) -> Any:
    values: dict[str, int] = {
        "used_core_num": 1, "m": M, "n": N, "k_a": K, "k_b": K, "single_core_m": M, "single_core_n": N,
        "single_core_k": K, "base_m": base[0], "base_n": base[1], "base_k": base[2], **ONE_BLOCK_L1_PLAN,
    }  # fmt: skip
    return asc.adv.TCubeTiling(**{**values, **fields})


def run(kernel: Any, t: Any) -> np.ndarray:
    a = np.ones((M, K), np.float16)
    c = np.zeros((M, N), np.float32)
    kernel[1](a, np.ones((K, N), np.float16), c, system_workspace(), t)
    return c


def failure(kernels: ModuleType, kernel: Any, t: Any) -> str:
    with pytest.raises(EmulationError) as caught:
        run(kernel, t)
    location = caught.value.location
    assert location is not None
    assert Path(location.file).name == Path(kernels.__file__ or "").name
    # the kernel's call of the helper that registers the object
    lines = Path(location.file).read_text().splitlines()
    start = line_of(kernels, f"def {kernel.__name__}(")
    assert location.line == next(n for n in range(start, len(lines) + 1) if "product(" in lines[n - 1])
    prefix = ": REGIST_MATMUL_OBJ: "
    message = caught.value.message
    assert prefix in message, message
    return message.split(prefix, 1)[1]


def test_a_tiling_from_the_host_api_passes(kernels: ModuleType) -> None:
    host = asc.lib.host
    api = host.MatmulApiTiling(host.get_ascendc_platform())
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_shape(M, N, K)
    t = asc.adv.TCubeTiling()
    assert api.get_tiling(t) == 0
    np.testing.assert_array_equal(run(kernels.norm, t), np.full((M, N), K, np.float32))


@pytest.mark.parametrize(
    ("field", "name", "value", "check", "bound"),
    [
        ("depth_a1", "depthA1", 0, "NumericalValidCheck", "larger than 0"),
        ("depth_b1", "depthB1", 0, "NumericalValidCheck", "larger than 0"),
        ("step_m", "stepM", 0, "NumericalValidCheck", "larger than 0"),
        ("step_n", "stepN", -1, "NumericalValidCheck", "larger than 0"),
        ("is_bias", "isBias", -1, "NumericalValidCheck", "not less than 0"),
        ("iterate_order", "iterateOrder", -1, "NumericalValidCheck", "not less than 0"),
        ("share_mode", "shareMode", -1, "ShareInfoCheck", "not less than 0"),
        ("share_l1_size", "shareL1Size", -1, "ShareInfoCheck", "not less than 0"),
        ("share_l0c_size", "shareL0CSize", -1, "ShareInfoCheck", "not less than 0"),
        ("share_ub_size", "shareUbSize", -1, "ShareInfoCheck", "not less than 0"),
    ],
)
def test_a_field_out_of_range_is_named(
    kernels: ModuleType, field: str, name: str, value: int, check: str, bound: str
) -> None:
    assert failure(kernels, kernels.norm, tiling(**{field: value})) == (
        f"the tiling's {name} is {value}, which should be {bound} (CANN's {check}; asc.lib.host's tiling API fills it)"
    )


@pytest.mark.parametrize(
    ("base", "fields", "message"),
    [
        (
            (128, 16, 256),
            {},
            "baseM * baseK (128 x 256) takes 131072 bytes of L0A (doubled: dbL0A and dbL0B are both other than 1), "
            "more than its 65536 (ShapeValidCheck)",
        ),
        (
            (16, 256, 256),
            {"db_l0a": 1, "db_l0b": 1},
            "baseN * baseK (256 x 256) takes 131072 bytes of L0B, more than its 65536 (ShapeValidCheck)",
        ),
        (
            (128, 256, 16),
            {"db_l0c": 2},
            "baseM * baseN (128 x 256) takes 262144 bytes of L0C (doubled: dbL0C is 2), more than its 131072 "
            "(ShapeValidCheck)",
        ),
        (
            (128, 16, 256),
            {"db_l0a": 1, "db_l0b": 1, "share_mode": 1},
            "with shareMode 1, baseM * baseK, baseN * baseK and baseM * baseN must take at most half of L0A, L0B "
            "and L0C; they take 65536, 8192 and 8192 bytes (ShapeValidCheck)",
        ),
    ],
)
def test_base_blocks_that_overflow_l0_are_reported(
    kernels: ModuleType, base: tuple[int, int, int], fields: dict[str, int], message: str
) -> None:
    """The base blocks in L0A / L0B (64 KiB) and L0C (128 KiB), twice when the tiling double-buffers."""
    assert failure(kernels, kernels.norm, tiling(base, **fields)) == message


def test_a2b2_shared_halves_l0a_and_l0b(kernels: ModuleType) -> None:
    t = tiling((128, 16, 256), db_l0a=1, db_l0b=1)
    assert failure(kernels, kernels.a2b2_shared, t) == (
        "with MatmulConfig::isA2B2Shared, baseM * baseK and baseN * baseK must take at most half of L0A / L0B "
        "(32768 bytes); they take 65536 and 8192 (ShapeValidCheck)"
    )


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"depth_a1": 3},
            "the tiling's depthA1 (3) must be stepM * stepKa (1) or twice that in an MDL Matmul (DepthCheck)",
        ),
        (
            {"depth_b1": 3, "step_n": 2},
            "the tiling's depthB1 (3) must be stepN * stepKb (2) or twice that in an MDL Matmul (DepthCheck)",
        ),
        (
            {"step_k_b": 0},
            "the tiling's stepN * stepKb is 0: an MDL Matmul divides depthB1 by it (DepthCheck); both must be "
            "larger than 0",
        ),
    ],
)
def test_mdl_depths_are_one_or_two_l1_steps(kernels: ModuleType, fields: dict[str, int], message: str) -> None:
    assert failure(kernels, kernels.mdl, tiling(**fields)) == message


def test_special_mdl_with_k_not_whole_in_l1_takes_at_most_two_n_steps(kernels: ModuleType) -> None:
    t = tiling(depth_b1=3, step_n=3)  # singleCoreK / baseK = 2 > stepKb = 1
    assert failure(kernels, kernels.special_mdl, t) == (
        "in a SpecialMDL Matmul whose K is not whole in L1 (singleCoreK / baseK > stepKb), stepN (3) must be at "
        "most 2 (DepthCheck)"
    )


def test_bias_reuse_needs_a_batch_matmul(kernels: ModuleType) -> None:
    assert failure(kernels, kernels.bias_reuse, tiling()) == (
        "MatmulConfig::isBiasBatch false (bias reuse) is only valid in a batch Matmul (A's layout is NONE)"
    )


def test_a_batch_matmul_needs_the_batch_num(kernels: ModuleType) -> None:
    """CANN's batch Matmul sizes the L1 buffer of each input's batches from BatchNum when it is initialised
    (BatchCopyCubeIn::Init): a tiling without it stops there, as CANN's InitBuffer does ("buffer length is 0")."""
    assert failure(kernels, kernels.batched, tiling()) == (
        "the tiling's BatchNum is 0, which should be larger than 0 in a batch Matmul (A's layout is not NONE, "
        "BatchMode::BATCH_LESS_THAN_L1): CANN's Init sizes the L1 buffer of A's batches, BatchNum single-core "
        "matrices, from it (asc.lib.host's tiling API fills it with set_batch_num: the larger of IterateBatch's "
        "batchA and batchB)"
    )
    np.testing.assert_array_equal(run(kernels.batched, tiling(**batch_num(1))), np.full((M, N), K, np.float32))


def test_cann_stops_a_batch_matmul_without_the_batch_num_too(
    kernels: ModuleType, cann_emulator: CannHeaders, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The oracle of the check above: on CANN's own headers the same tiling stops at register_matmul, where
    the AIC's BatchCopyCubeIn::Init asks InitBuffer for BatchNum x 32 x 32 halves."""
    monkeypatch.setenv("ASCX_EMULATOR", "cann")
    with pytest.raises(EmulationError) as caught:
        run(kernels.batched, tiling())
    # __LINE__ inside CANN's multi-line KERNEL_LOG_INTERNAL call: g++ gives the line the call starts on (270),
    # clang++ (the CANN backend's thin builds) the line it ends on (272)
    assert caught.value.message in {
        f"kernel 'batched' failed on the CANN backend: block 0 (AIC): CANN's InitBuffer (kernel_tpipe_impl.h:{line}) "
        "failed: buffer length is 0, which should be larger than 0, and at least less than or equal to 524288"
        for line in (270, 272)
    }
    location = caught.value.location
    assert location is not None
    assert location.line == line_of(kernels, "    batch_product(pipe, a, b, c, workspace, tiling, mm)")


def test_a_batch_tiling_from_the_host_api_passes(kernels: ModuleType) -> None:
    host = asc.lib.host
    api = host.BatchMatmulTiling(host.get_ascendc_platform())
    api.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    api.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    api.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    api.set_shape(M, N, K)
    api.set_batch_info_for_normal(1, 1, M, N, K)
    api.set_batch_num(1)
    t = asc.adv.TCubeTiling()
    assert api.get_tiling(t) == 0
    assert t.batch_num == 1
    np.testing.assert_array_equal(run(kernels.batched, t), np.full((M, N), K, np.float32))
