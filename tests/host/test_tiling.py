"""``asc.lib.host``: the host Matmul tiling API (docs/reference/host_tiling.md).

- the module is reachable as pyasc's ``asc.lib.host`` and its enums have the binding's values;
- a sweep of shapes, types and core counts: every tiling respects the 910B buffers (L0A, L0B, L0C
  with their double buffers, L1 with its depths, the bias table) and the alignment rules, and its
  single-core tiles cover the result with at most ``set_dim`` cores (set ``ASCX_TILING_SWEEP=<n>`` to
  add ``n`` random problems);
- tilings run end to end through the Matmul examples and an int8 kernel on the CPU emulation;
- the settings the API honours, and every error with its message.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from dataclasses import dataclass
from math import ceil
from typing import Any

import numpy as np
import pytest

import ascx as asc
from ascx.cli.kernel_loading import load_module
from ascx.language.adv.tiling import TILING_PY_FIELDS
from ascx.lib import host
from ascx.testing.examples import EXAMPLES_DIR
from ascx.testing.tiling_invariants import (
    KIB,
    L0A,
    L0B,
    L0C,
    L1,
    UB,
    check_buffers,
    check_cores,
    check_l1_steps,
)
from ascx.testing.tilings import system_workspace

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

DT = host.DataType
GM, ND = host.TPosition.GM, host.CubeFormat.ND
INPUT_BYTES = {DT.DT_FLOAT16: 2, DT.DT_BF16: 2, DT.DT_BFLOAT16: 2, DT.DT_FLOAT: 4, DT.DT_INT8: 1}


# --- building tilings ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    """One way of asking for a tiling: the class (dim None: MatmulApiTiling), types and options."""

    name: str
    a: host.DataType
    c: host.DataType
    dim: int | None = None
    bias: bool = False
    traverse: host.MatrixTraverse = host.MatrixTraverse.NOSET


CONFIGS = (
    Config("single-fp16", DT.DT_FLOAT16, DT.DT_FLOAT),
    Config("48-cores-fp16-bias", DT.DT_FLOAT16, DT.DT_FLOAT, dim=48, bias=True),
    Config("24-cores-int8", DT.DT_INT8, DT.DT_INT32, dim=24, traverse=host.MatrixTraverse.FIRSTN),
    Config("7-cores-fp32", DT.DT_FLOAT, DT.DT_FLOAT, dim=7),
    Config("single-bf16-bias", DT.DT_BF16, DT.DT_BF16, bias=True),
)

SHAPES = [
    (1, 1, 1), (16, 16, 16), (30, 44, 40), (64, 64, 64), (100, 100, 100), (127, 255, 129), (256, 128, 513),
    (512, 512, 512), (1024, 1024, 1024), (1024, 640, 256), (17, 4000, 33), (4000, 17, 33), (33, 33, 4000),
    (128, 30720, 64), (8192, 16, 8192), (2048, 2048, 96), (96, 2048, 2048), (513, 257, 1000), (4096, 4096, 4096),
    (48, 80, 65535),
]  # fmt: skip
"""(M, N, K): tiny, fractal-sized, non-multiples of 16, K not a multiple of any base_k, very
unbalanced, and large."""


def make_tiling(config: Config, m: int, n: int, k: int) -> host.MatmulApiTilingBase:
    """The API object, set up as pyasc's tutorials do (types, cores, shapes, bias, buffer space)."""
    api: host.MatmulApiTilingBase
    if config.dim is None:
        api = host.MatmulApiTiling(host.get_ascendc_platform())
    else:
        api = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
        api.set_dim(config.dim)
    api.set_a_type(GM, ND, config.a, False)
    api.set_b_type(GM, ND, config.a, False)
    api.set_c_type(GM, ND, config.c)
    api.set_bias_type(GM, ND, DT.DT_FLOAT)
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(config.bias)
    api.set_traverse(config.traverse)
    api.set_buffer_space(-1, -1, -1)
    return api


def solve(config: Config, m: int, n: int, k: int) -> tuple[host.MatmulApiTilingBase, Any]:
    api = make_tiling(config, m, n, k)
    tiling = asc.adv.TCubeTiling()
    assert api.get_tiling(tiling) == 0
    assert api.last_error is None
    return api, tiling


# --- the invariants of a tiling ------------------------------------------------------------------------


def check_tiling(api: host.MatmulApiTilingBase, t: Any, config: Config, shape: tuple[int, int, int]) -> None:
    a_bytes = INPUT_BYTES[config.a]
    check_buffers(t, a_bytes, config.bias)
    check_l1_steps(t)
    check_cores(t, *shape, config.dim)
    assert (t.db_l0a, t.db_l0b) == (2, 2), "a searched block keeps L0A/L0B double buffered"
    assert t.is_bias == int(config.bias)
    assert t.iterate_order == int(config.traverse == host.MatrixTraverse.FIRSTN)
    assert (api.get_base_m(), api.get_base_n(), api.get_base_k()) == (t.base_m, t.base_n, t.base_k)
    if isinstance(api, host.MultiCoreMatmulTiling):
        m_dim, n_dim = ceil(shape[0] / t.single_core_m), ceil(shape[1] / t.single_core_n)
        assert api.get_core_num() == (t.used_core_num, m_dim, n_dim)
        assert api.get_single_shape() == (t.single_core_m, t.single_core_n, t.single_core_k)


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: "x".join(map(str, s)))
def test_every_tiling_respects_the_buffers_and_covers_the_result(shape: tuple[int, int, int]) -> None:
    for config in CONFIGS:
        api, tiling = solve(config, *shape)
        check_tiling(api, tiling, config, shape)


def test_random_sweep() -> None:
    """``ASCX_TILING_SWEEP=<n>`` checks n random problems (log-uniform shapes, all configs, any dim)."""
    count = int(os.environ.get("ASCX_TILING_SWEEP", "0"))
    if count <= 0:
        pytest.skip("set ASCX_TILING_SWEEP=<n> for a random sweep of n problems")
    rng = random.Random(8)
    for _ in range(count):
        shape = tuple(max(1, int(2 ** rng.uniform(0, 14))) for _ in range(3))
        base = rng.choice(CONFIGS)
        dim = None if base.dim is None else rng.randint(1, 48)
        config = Config(base.name, base.a, base.c, dim, rng.random() < 0.5, rng.choice(list(host.MatrixTraverse)))
        api, tiling = solve(config, *shape)
        check_tiling(api, tiling, config, shape)  # type: ignore[arg-type]


# --- reachability and enums --------------------------------------------------------------------------------


def test_reachable_as_pyascs_asc_lib_host() -> None:
    import ascx.lib.host as imported

    assert asc.lib.host is host is imported
    assert asc.lib.host.MultiCoreMatmulTiling is host.MultiCoreMatmulTiling
    assert host.TCubeTiling is asc.adv.TCubeTiling
    with pytest.raises(AttributeError, match=r"module 'ascx\.lib' has no attribute 'device'"):
        _ = asc.lib.device  # type: ignore[attr-defined]


def test_import_ascx_does_not_load_the_host_library() -> None:
    code = (
        "import sys, ascx; print('ascx.lib.host' in sys.modules); ascx.lib.host; print('ascx.lib.host' in sys.modules)"
    )
    output = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert output.split() == ["False", "True"]


ENUM_VALUES = {
    host.TPosition: {
        "GM": 0, "A1": 1, "A2": 2, "B1": 3, "B2": 4, "C1": 5, "C2": 6, "CO1": 7, "CO2": 8, "VECIN": 9,
        "VECOUT": 10, "VECCALC": 11, "LCM": 11, "SPM": 12, "SHM": 12, "TSCM": 13, "MAX": 14,
    },
    host.CubeFormat: {
        "ND": 0, "NZ": 1, "ZN": 2, "ZZ": 3, "NN": 4, "ND_ALIGN": 5, "SCALAR": 6, "VECTOR": 7, "ROW_MAJOR": 0,
        "COLUMN_MAJOR": 8,
    },
    host.DataType: {
        "DT_FLOAT": 0, "DT_FLOAT16": 1, "DT_INT8": 2, "DT_INT32": 3, "DT_UINT8": 4, "DT_INT16": 6,
        "DT_UINT16": 7, "DT_UINT32": 8, "DT_INT64": 9, "DT_UINT64": 10, "DT_DOUBLE": 11, "DT_BOOL": 12,
        "DT_STRING": 13, "DT_COMPLEX64": 16, "DT_COMPLEX128": 17, "DT_QINT8": 18, "DT_QINT16": 19,
        "DT_QINT32": 20, "DT_QUINT8": 21, "DT_QUINT16": 22, "DT_STRING_REF": 24, "DT_DUAL": 25,
        "DT_VARIANT": 26, "DT_BF16": 27, "DT_UNDEFINED": 28, "DT_INT4": 29, "DT_UINT1": 30, "DT_INT2": 31,
        "DT_BFLOAT16": 33, "DT_MAX": 40,
    },
    host.MatrixTraverse: {"NOSET": 0, "FIRSTM": 1, "FIRSTN": 2},
    host.MatrixMadType: {"NORMAL": 0, "HF32": 1, "MXMODE": 2},
    host.DequantType: {"SCALAR": 0, "TENSOR": 1},
    host.ScheduleType: {"INNER_PRODUCT": 0, "OUTER_PRODUCT": 1},
}  # fmt: skip
"""Every member pyasc 1.1.1's binding exports, with CANN's value (matmul_tiling_base.h)."""


@pytest.mark.parametrize("enum", list(ENUM_VALUES), ids=lambda e: e.__name__)
def test_enum_members_have_the_bindings_values(enum: Any) -> None:
    assert {name: member.value for name, member in enum.__members__.items()} == ENUM_VALUES[enum]
    assert host.TPosition.LCM is host.TPosition.VECCALC
    assert host.CubeFormat.ROW_MAJOR is host.CubeFormat.ND


def test_setters_accept_kernel_side_enums_and_dtypes() -> None:
    api = host.MatmulApiTiling()
    api.set_a_type(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    api.set_b_type(asc.TPosition.GM, asc.CubeFormat.ND, asc.bfloat16)
    api.set_c_type(asc.TPosition.VECCALC, asc.CubeFormat.ND, asc.float32)
    api.set_shape(32, 32, 32)
    assert api.get_tiling(asc.adv.TCubeTiling()) == 0
    with pytest.raises(TypeError, match=r"set_a_type data_type: expected an asc.lib.host.DataType, got 'half'"):
        api.set_a_type(GM, ND, "half")  # type: ignore[arg-type]


# --- the platform ----------------------------------------------------------------------------------------


def test_platform_of_the_910b_family() -> None:
    platform = host.get_ascendc_platform()
    assert platform is host.PlatformAscendCManager.get_instance("Ascend910B1")
    assert platform.get_soc_version() == "Ascend910B1"
    assert (platform.get_core_num_aic(), platform.get_core_num_aiv(), platform.get_core_num()) == (24, 48, 48)
    memories = ("L0_A", "L0_B", "L0_C", "L1", "UB")
    sizes = {name: platform.get_core_mem_size(host.CoreMemType[name]) for name in memories}
    assert sizes == {"L0_A": L0A, "L0_B": L0B, "L0_C": L0C, "L1": L1, "UB": UB}
    assert platform.get_lib_api_work_space_size() == 16 * 1024 * 1024
    with pytest.raises(ValueError, match=r"the size of L2 is not modelled \(L0_A, L0_B, L0_C, L1 and UB are\)"):
        platform.get_core_mem_size(host.CoreMemType.L2)
    b3 = host.PlatformAscendCManager.get_instance("Ascend910B3")
    assert (b3.get_core_num_aic(), b3.get_core_num_aiv()) == (20, 40)
    with pytest.raises(ValueError, match=r"unknown SoC 'Ascend310P1': ascx models the Ascend 910B family"):
        host.PlatformAscendC("Ascend310P1")


def test_platform_follows_set_platform() -> None:
    config = asc.runtime.config  # type: ignore[attr-defined]
    try:
        config.set_platform(config.Backend.Model, config.Platform.Ascend910B4)
        assert host.get_ascendc_platform().get_core_num() == 40
        api = host.MultiCoreMatmulTiling()
        api.set_dim(48)
        api.set_shape(64, 64, 64)
        with pytest.raises(host.TilingError) as caught:
            api.get_tiling(asc.adv.TCubeTiling())
        assert (
            caught.value.message
            == "set_dim(48): the core count must be between 1 and 40 (the vector cores of Ascend910B4)"
        )
    finally:
        config.set_platform(config.Backend.Model, config.Platform.Ascend910B1)


# --- what the settings do ------------------------------------------------------------------------------


def fp16_api(cls: type[host.MatmulApiTilingBase] = host.MultiCoreMatmulTiling) -> Any:
    api = cls(host.get_ascendc_platform())
    api.set_a_type(GM, ND, DT.DT_FLOAT16)
    api.set_b_type(GM, ND, DT.DT_FLOAT16)
    api.set_c_type(GM, ND, DT.DT_FLOAT)
    return api


def tiling_of(api: Any) -> Any:
    tiling = asc.adv.TCubeTiling()
    assert api.get_tiling(tiling) == 0
    return tiling


def test_the_pyasc_leaky_relu_tutorial_settings() -> None:
    """05_matmul_leakyrelu: 2 cores, fixed 256 x 128 blocks, M first, a bias, C in the UB."""
    api = fp16_api()
    api.set_c_type(host.TPosition.VECCALC, ND, DT.DT_FLOAT)
    api.set_bias_type(GM, ND, DT.DT_FLOAT)
    api.set_dim(2)
    api.set_org_shape(1024, 640, 256)
    api.set_shape(1024, 640, 256)
    api.enable_bias(True)
    api.set_traverse(host.MatrixTraverse.FIRSTM)
    assert api.set_fix_split(256, 128, -1) == 0
    t = tiling_of(api)
    assert (t.used_core_num, t.single_core_m, t.single_core_n, t.single_core_k) == (2, 512, 640, 256)
    assert (t.base_m, t.base_n, t.base_k, t.is_bias, t.iterate_order) == (256, 128, 64, 1, 0)
    assert (t.step_k_a, t.step_k_b, t.depth_a1, t.depth_b1) == (4, 4, 8, 8)
    check_buffers(t, 2, bias=True)


def test_a_square_problem_on_one_core_gets_cann_like_blocks() -> None:
    api = fp16_api(host.MatmulApiTiling)
    api.set_shape(1024, 1024, 1024)
    t = tiling_of(api)
    assert (t.base_m, t.base_n, t.base_k, t.depth_a1, t.depth_b1, t.step_k_a, t.step_k_b) == (128, 256, 64, 16, 8, 8, 4)
    assert (t.db_l0a, t.db_l0b, t.db_l0c, t.used_core_num) == (2, 2, 1, 1)
    assert all(getattr(t, f) == 0 for f in ("trans_length", "share_mode", "share_ub_size", "mx_type_para"))


@pytest.mark.parametrize("cls", [host.MatmulApiTiling, host.MultiCoreMatmulTiling])
def test_c_is_double_buffered_in_l0c_by_default_when_two_blocks_fit(cls: type[host.MatmulApiTilingBase]) -> None:
    """Double buffering of C is on by default: a 128 x 128 block (64 KiB of float32) twice fits L0C, so
    ``db_l0c`` is 2; ``set_double_buffer(c=False)`` makes it 1; a 128 x 256 block does not fit twice."""
    api = fp16_api(cls)
    api.set_shape(128, 128, 128)
    t = tiling_of(api)
    assert (t.base_m, t.base_n, t.db_l0c, t.share_l0c_size) == (128, 128, 2, 2 * 128 * 128 * 4)
    api.set_double_buffer(True, True, False, True)
    t = tiling_of(api)
    assert (t.base_m, t.base_n, t.db_l0c, t.share_l0c_size) == (128, 128, 1, 128 * 128 * 4)
    api = fp16_api(cls)
    api.set_shape(128, 256, 64)
    assert tiling_of(api).db_l0c == 1


@pytest.mark.parametrize(("dim", "shape", "block"), [(2, (256, 128, 64), 128), (4, (128, 128, 256), 64)])
def test_each_core_s_block_of_a_split_is_double_buffered_in_l0c(
    dim: int, shape: tuple[int, int, int], block: int
) -> None:
    """A split over ``dim`` cores gives each a ``block`` x ``block`` square whose float32 C fits L0C twice: by
    default (C's double buffering on) ``db_l0c`` is 2 and the L0C share is two blocks."""
    api = fp16_api()
    api.set_dim(dim)
    api.set_org_shape(*shape)
    api.set_shape(*shape)
    t = tiling_of(api)
    assert (t.used_core_num, t.single_core_m, t.single_core_n, t.base_m, t.base_n) == (dim, block, block, block, block)
    assert (t.db_l0c, t.share_l0c_size) == (2, 2 * block * block * 4)


def test_set_single_shape_and_set_align_split() -> None:
    api = fp16_api()
    api.set_dim(48)
    api.set_shape(300, 300, 64)
    api.set_single_shape(128, 96, -1)
    t = tiling_of(api)
    assert (t.single_core_m, t.single_core_n, t.single_core_k, t.used_core_num) == (128, 96, 64, 12)
    api = fp16_api()
    api.set_dim(48)
    api.set_shape(300, 300, 64)
    api.set_align_split(64, 100, -1)
    t = tiling_of(api)
    assert t.single_core_m % 64 == 0
    assert t.single_core_n % 100 == 0
    assert api.get_core_num() == (t.used_core_num, 5, 3)


def test_set_single_range_and_set_split_range_bound_the_search() -> None:
    api = fp16_api()
    api.set_dim(48)
    api.set_shape(1024, 1024, 512)
    api.set_single_range(256, 512, -1, 256, 256, -1)
    api.set_split_range(64, 64, 32, 32, 32, 32)
    t = tiling_of(api)
    assert 256 <= t.single_core_m <= 256
    assert 256 <= t.single_core_n <= 512
    assert (t.base_m, t.base_n, t.base_k) == (64, 64, 32)


def test_set_double_buffer_off_halves_the_depths() -> None:
    api = fp16_api(host.MatmulApiTiling)
    api.set_shape(1024, 1024, 1024)
    api.set_double_buffer(False, False, False, False)
    t = tiling_of(api)
    assert (t.db_l0a, t.db_l0b, t.db_l0c) == (1, 1, 1)
    assert (t.depth_a1, t.depth_b1) == (t.step_k_a, t.step_k_b)
    assert t.base_m * t.base_k * 2 > L0A // 2 or t.base_k * t.base_n * 2 > L0B // 2, "the whole L0A/L0B is used"


def test_set_buffer_space_limits_what_the_tiling_uses() -> None:
    api = fp16_api(host.MatmulApiTiling)
    api.set_shape(1024, 1024, 1024)
    api.set_buffer_space(100_000, 64 * KIB, -1)
    t = tiling_of(api)
    check_buffers(t, 2, bias=False, l1=100_000 - 100_000 % 32)
    assert t.base_m * t.base_n * 4 * t.db_l0c <= 64 * KIB


def test_a_in_tscm_and_c_in_a_small_ub() -> None:
    """A already in L1 (TSCM) takes no L1 of the tiling; C fetched into the UB must fit it."""
    api = fp16_api(host.MatmulApiTiling)
    api.set_a_type(host.TPosition.TSCM, ND, DT.DT_FLOAT16)
    api.set_c_type(host.TPosition.VECCALC, ND, DT.DT_FLOAT)
    api.set_buffer_space(-1, -1, 16 * KIB)
    api.set_shape(512, 512, 512)
    t = tiling_of(api)
    assert t.share_l1_size == t.depth_b1 * t.base_k * t.base_n * 2
    assert t.base_m * t.base_n * 4 <= 16 * KIB


def test_traverse_from_matmul_config_params() -> None:
    api = fp16_api(host.MatmulApiTiling)
    api.set_shape(64, 64, 64)
    params = host.MatmulConfigParams(1, False, host.ScheduleType.INNER_PRODUCT, host.MatrixTraverse.FIRSTN)
    api.set_matmul_config_params(params)
    assert tiling_of(api).iterate_order == 1
    api.set_matmul_config_params(0, traverse=host.MatrixTraverse.FIRSTM)
    assert tiling_of(api).iterate_order == 0
    api.set_matmul_config_params(config_params=params)
    assert tiling_of(api).iterate_order == 1
    assert api.config_params is params


def test_shapes_org_shapes_and_layouts() -> None:
    """set_shape alone is also the original shape; a sub-product of wider matrices keeps their Ka/Kb."""
    api = fp16_api(host.MatmulApiTiling)
    api.set_shape(40, 48, 64)
    t = tiling_of(api)
    assert (t.m, t.n, t.k_a, t.k_b, t.single_core_m, t.single_core_n, t.single_core_k) == (40, 48, 64, 64, 40, 48, 64)
    api.set_org_shape(100, 200, 80, 96)
    api.set_a_layout(1, 2, 3, 4, 5)
    api.set_batch_num(3)
    t = tiling_of(api)
    assert (t.m, t.n, t.k_a, t.k_b, t.single_core_k, t.batch_num) == (100, 200, 80, 96, 64, 3)
    assert [getattr(t, f"a_layout_info_{x}") for x in "bsngd"] == [1, 2, 3, 4, 5]
    assert (api.get_base_m(), api.get_base_n(), api.get_base_k()) == (t.base_m, t.base_n, t.base_k)


def test_batch_matmul_tiling() -> None:
    api = fp16_api(host.BatchMatmulTiling)
    api.set_shape(32, 16, 48)
    api.set_batch_info_for_normal(3, 3, 32, 16, 48)
    assert api.get_core_num() is None
    t = tiling_of(api)
    assert (t.batch_m, t.batch_n, t.single_batch_m, t.single_batch_n) == (3, 3, 3, 3)
    assert [getattr(t, f"c_layout_info_{x}") for x in ("b", "s1", "n", "g", "s2")] == [3, 32, 1, 1, 16]
    assert api.get_core_num() == (1, 1, 1, 1, 1)


def test_results_before_get_tiling() -> None:
    api = fp16_api()
    assert (api.get_core_num(), api.get_single_shape(), api.get_base_m(), api.get_base_k()) == (None, None, -1, -1)
    api.set_fix_split(64, -1, 32)
    assert (api.get_base_m(), api.get_base_n(), api.get_base_k()) == (64, -1, 32)


def test_get_tiling_writes_every_field() -> None:
    api = fp16_api(host.MatmulApiTiling)
    api.set_shape(64, 64, 64)
    stale = asc.adv.TCubeTiling(**dict.fromkeys(TILING_PY_FIELDS, 7))
    assert api.get_tiling(stale) == 0
    assert stale.pack() == tiling_of(api).pack()


# --- errors -------------------------------------------------------------------------------------------

NO_BLOCK = "no base block fits the 64 x 64 x 64 single-core shape: "

ERRORS: list[tuple[str, Any, str]] = [
    ("no-shape", lambda a: None, "no shape: call set_org_shape(m, n, k) or set_shape(m, n, k) before get_tiling"),
    ("zero-n", lambda a: a.set_shape(30, 0, 40), "set_shape(30, 0, 40): M, N and K must be positive"),
    ("negative-ka", lambda a: a.set_org_shape(30, 64, -1, 40),
     "set_org_shape(30, 64, -1, 40): M, N, Ka and Kb must be positive"),
    ("k-mismatch", lambda a: a.set_org_shape(30, 64, 40, 48),
     "K mismatch: set_org_shape gave Ka=40 and Kb=48, and no set_shape(m, n, k) says which K to multiply"),
    ("k-beyond-ka", lambda a: (a.set_org_shape(30, 64, 40), a.set_shape(30, 64, 48)),
     "set_shape(30, 64, 48) exceeds set_org_shape(30, 64, 40, 40): K=48 > Ka=40"),
    ("dim-0", lambda a: (a.set_shape(30, 64, 40), a.set_dim(0)),
     "set_dim(0): the core count must be between 1 and 48 (the vector cores of Ascend910B1)"),
    ("dim-49", lambda a: (a.set_shape(30, 64, 40), a.set_dim(49)),
     "set_dim(49): the core count must be between 1 and 48 (the vector cores of Ascend910B1)"),
    ("fixed-l0c", lambda a: (a.set_shape(512, 512, 64), a.set_fix_split(256, 256, -1)),
     "set_fix_split: base_m * base_n * 4 bytes = 262144 exceed L0C (131072 bytes)"),
    ("fixed-l0a", lambda a: (a.set_shape(512, 512, 64), a.set_fix_split(512, 64, 128)),
     "set_fix_split: base_m * base_k * 2 bytes = 131072 exceed L0A (65536 bytes)"),
    ("fixed-k-then-int8", lambda a: (a.set_shape(64, 64, 64), a.set_fix_split(-1, -1, 16),
                                     a.set_a_type(GM, ND, DT.DT_INT8), a.set_b_type(GM, ND, DT.DT_INT8)),
     "set_fix_split: base_k must be -1 or a positive multiple of 32 (32 bytes of DT_INT8), got 16"),
    ("fixed-k-b-int8", lambda a: (a.set_shape(64, 64, 64), a.set_fix_split(-1, -1, 16),
                                  a.set_b_type(GM, ND, DT.DT_INT8)),
     "set_fix_split: base_k must be -1 or a positive multiple of 32 (32 bytes of DT_INT8), got 16"),
    ("l1-too-small", lambda a: (a.set_shape(64, 64, 64), a.set_buffer_space(512)),
     NO_BLOCK + "a 16 x 16 x 16 block needs 1024 bytes of L1, which has 512"),
    ("bias-table", lambda a: (a.set_shape(64, 1024, 64), a.enable_bias(True), a.set_fix_split(-1, 512, -1)),
     "no base block fits the 64 x 1024 x 64 single-core shape: a 16 x 512 x 16 block needs 2048 bytes of the bias "
     "table, which has 1024"),
    ("split-range-m", lambda a: (a.set_shape(64, 64, 64), a.set_split_range(-1, -1, -1, 4096, -1, -1)),
     NO_BLOCK + "set_split_range allows base_m in [4096, inf], but the multiples of 16 up to single-core M (64) "
     "are outside it"),
    ("split-range-k", lambda a: (a.set_shape(64, 64, 64), a.set_split_range(-1, -1, -1, -1, -1, 128)),
     NO_BLOCK + "base_k must be a multiple of 16 from 128 to 64 (single-core K 64 rounded up, within set_split_range "
     "[128, inf]), and none is"),
    ("a-int16", lambda a: (a.set_shape(64, 64, 64), a.set_a_type(GM, ND, DT.DT_INT16)),
     "set_a_type: DT_INT16 is not a cube input type (DT_FLOAT16, DT_BF16, DT_BFLOAT16, DT_FLOAT, DT_INT8)"),
    ("c-bool", lambda a: (a.set_shape(64, 64, 64), a.set_c_type(GM, ND, DT.DT_BOOL)),
     "set_c_type: DT_BOOL is not supported (DT_FLOAT, DT_FLOAT16, DT_BF16, DT_BFLOAT16, DT_INT32, DT_INT8)"),
    ("nz-alignment", lambda a: (a.set_shape(30, 64, 64), a.set_a_type(GM, host.CubeFormat.NZ, DT.DT_FLOAT16)),
     "A is NZ: M (30) must be a multiple of 16 and Ka (64) a multiple of 16"),
    ("single-needs-more-cores", lambda a: (a.set_shape(64, 64, 64), a.set_dim(8), a.set_single_shape(16, 16)),
     "single-core 16 x 16 tiles of a 64 x 64 result need 4 x 4 = 16 cores, more than set_dim(8) allows"),
    ("single-beyond-m", lambda a: (a.set_shape(64, 64, 64), a.set_dim(8), a.set_single_shape(128)),
     "set_single_shape: single-core M=128 exceeds M=64"),
    ("single-range", lambda a: (a.set_shape(64, 64, 64), a.set_dim(8), a.set_single_range(8, -1, -1, 8)),
     "set_single_range allows single-core M in [8, 8], but M=64 over at most 8 cores gives single-core sizes "
     "[16, 32, 64]"),
    ("single-range-inverted", lambda a: (a.set_shape(64, 64, 64), a.set_dim(8), a.set_single_range(16, -1, -1, 32)),
     "set_single_range: the minimum single-core M exceeds the maximum [32, 16]"),
    ("single-range-k", lambda a: (a.set_shape(64, 64, 64), a.set_dim(8), a.set_single_range(-1, -1, 32)),
     "set_single_range allows single-core K in [1, 32], but single-core K is 64"),
]  # fmt: skip
"""(id, settings, the message get_tiling fails with)."""


@pytest.mark.parametrize(("setup", "message"), [e[1:] for e in ERRORS], ids=[e[0] for e in ERRORS])
def test_get_tiling_explains_why_it_fails(setup: Any, message: str) -> None:
    api = fp16_api()
    setup(api)
    tiling = asc.adv.TCubeTiling(m=5)
    with pytest.raises(host.TilingError) as caught:
        api.get_tiling(tiling)
    assert caught.value.message == message
    assert api.last_error == message
    assert api.result is None
    assert tiling.m == 5, "a failed get_tiling leaves the tiling alone"
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, asc.AscxError)
    assert caught.value.kind == "tiling"
    api.raise_on_error = False
    assert api.get_tiling(tiling) == -1, "CANN's return value"
    assert api.last_error == message


SETTER_ERRORS: list[tuple[str, Any, str]] = [
    ("base-m-20", lambda a: a.set_fix_split(20, 16, 16),
     "set_fix_split: base_m must be -1 or a positive multiple of 16, got 20"),
    ("base-n-0", lambda a: a.set_fix_split(-1, 0),
     "set_fix_split: base_n must be -1 or a positive multiple of 16, got 0"),
    ("base-k-24", lambda a: a.set_fix_split(-1, -1, 24),
     "set_fix_split: base_k must be -1 or a positive multiple of 16 (32 bytes of DT_FLOAT16), got 24"),
    ("l1-above", lambda a: a.set_buffer_space(600_000), "set_buffer_space: l1_size=600000 is outside [-1, 524288]"),
    ("ub-below", lambda a: a.set_buffer_space(-1, -1, -2), "set_buffer_space: ub_size=-2 is outside [-1, 196608]"),
]  # fmt: skip
"""Setters that fail in CANN too: (id, call, message)."""


@pytest.mark.parametrize(("call", "message"), [e[1:] for e in SETTER_ERRORS], ids=[e[0] for e in SETTER_ERRORS])
def test_setters_that_fail_as_in_cann(call: Any, message: str) -> None:
    api = fp16_api()
    with pytest.raises(host.TilingError) as caught:
        call(api)
    assert caught.value.message == api.last_error == message
    api.raise_on_error = False
    assert call(api) == -1
    assert api.last_error == message
    assert api.set_shape(64, 64, 64) == 0
    assert api.last_error is None, "a success clears last_error"
    assert api.get_tiling(asc.adv.TCubeTiling()) == 0


def test_errors_of_python_usage() -> None:
    api = fp16_api()
    with pytest.raises(TypeError, match=r"^get_tiling fills an asc.adv.TCubeTiling, got None$"):
        api.get_tiling(None)
    with pytest.raises(TypeError, match=r"^set_org_shape takes \(org_m_in, org_n_in, org_k_in\) or "):
        api.set_org_shape(1, 2)
    with pytest.raises(TypeError, match=r"^set_shape m: expected an int, got 1.5$"):
        api.set_shape(1.5, 2, 3)
    with pytest.raises(TypeError, match=r"^set_traverse: expected an asc.lib.host.MatrixTraverse, got 7$"):
        api.set_traverse(7)
    with pytest.raises(TypeError, match=r"^PlatformAscendCManager is not instantiated"):
        host.PlatformAscendCManager()


def test_the_rendered_error_has_a_hint() -> None:
    api = fp16_api()
    api.set_shape(64, 64, 64)
    api.set_buffer_space(512)
    with pytest.raises(host.TilingError) as caught:
        api.get_tiling(asc.adv.TCubeTiling())
    assert str(caught.value) == (
        f"error: {NO_BLOCK}a 16 x 16 x 16 block needs 1024 bytes of L1, which has 512\n"
        "hint: enlarge set_buffer_space, relax set_split_range / set_fix_split, or switch off double buffering"
    )


# --- end to end on the CPU emulation ----------------------------------------------------------------------

RNG = np.random.default_rng(31)


def small_ints(shape: tuple[int, ...], dtype: Any) -> np.ndarray:
    return RNG.integers(-4, 5, shape).astype(dtype)


def example(name: str) -> Any:
    return load_module(EXAMPLES_DIR / f"{name}.py")


def multi_core(m: int, n: int, k: int, dim: int, *, bias: bool = False, c: Any = GM) -> Any:
    api = fp16_api()
    api.set_c_type(c, ND, DT.DT_FLOAT)
    api.set_bias_type(GM, ND, DT.DT_FLOAT)
    api.set_dim(dim)
    api.set_org_shape(m, n, k)
    api.set_shape(m, n, k)
    api.enable_bias(bias)
    return api


@pytest.mark.parametrize("shape", [(30, 44, 40), (130, 200, 72), (64, 520, 300)], ids=lambda s: "x".join(map(str, s)))
def test_mix_example_with_the_host_tiling(shape: tuple[int, int, int]) -> None:
    """examples/matmul_mix.py (each AIV computes its single-core tile with set_tail + iterate_all) on 48
    vector cores: tails in M and N, and K not a multiple of base_k."""
    m, n, k = shape
    tiling = tiling_of(multi_core(m, n, k, 48))
    assert tiling.used_core_num > 1
    a, b = small_ints((m, k), np.float16), small_ints((k, n), np.float16)
    c = np.full((m, n), np.nan, np.float32)
    example("matmul_mix").matmul_mix[ceil(tiling.used_core_num / 2)](a, b, c, tiling, system_workspace())
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32))


def test_cube_only_example_with_bias() -> None:
    """examples/matmul_cube_only.py on 24 cube cores with a bias (the tiling's is_bias switches it on)."""
    m, n, k = 100, 333, 129
    tiling = tiling_of(multi_core(m, n, k, 24, bias=True))
    a, b, bias = small_ints((m, k), np.float16), small_ints((k, n), np.float16), small_ints((n,), np.float32)
    c = np.full((m, n), np.nan, np.float32)
    kernel = example("matmul_cube_only").matmul_cube_only
    kernel[tiling.used_core_num](a, b, c, bias, tiling, system_workspace())
    np.testing.assert_array_equal(c, a.astype(np.float32) @ b.astype(np.float32) + bias)


@pytest.mark.filterwarnings("ignore:register_matmul comes after pipe.init_buffer")  # pyasc tutorial 05's order
def test_leaky_relu_example_with_the_tutorials_settings() -> None:
    """examples/matmul_leaky_relu.py copies whole base blocks, so it needs the tutorial's fixed 256 x 128
    split: the single-core tiles of the 2-core split are multiples of it."""
    m, n, k = 512, 384, 96
    api = multi_core(m, n, k, 2, bias=True, c=host.TPosition.VECCALC)
    api.set_traverse(host.MatrixTraverse.FIRSTM)
    api.set_fix_split(256, 128, -1)
    tiling = tiling_of(api)
    assert (tiling.single_core_m, tiling.single_core_n, tiling.used_core_num) == (256, 384, 2)
    a, b, bias = small_ints((m, k), np.float16), small_ints((k, n), np.float16), small_ints((n,), np.float32)
    c = np.full((m, n), np.nan, np.float32)
    kernel = example("matmul_leaky_relu").matmul_leaky_relu
    kernel[tiling.used_core_num // 2](a, b, c, bias, 0.25, tiling, system_workspace())
    product = a.astype(np.float32) @ b.astype(np.float32) + bias
    np.testing.assert_array_equal(c, np.where(product >= 0, product, product * np.float32(0.25)))


INT8_KERNEL = """
GM, ND = asc.TPosition.GM, asc.CubeFormat.ND


@asc.jit
def int8_blocks(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
                workspace: asc.GlobalAddress) -> None:
    \"\"\"Each AIV: its single-core tile, block by block (sync iterate / get_tensor_c to GM).\"\"\"
    core = asc.get_block_idx()
    tiles_along_m = tiling.m.ceildiv(tiling.single_core_m)
    m_index = core % tiles_along_m
    n_index = core // tiles_along_m
    tail_m = tiling.m - m_index * tiling.single_core_m
    if tail_m > tiling.single_core_m:
        tail_m = tiling.single_core_m
    tail_n = tiling.n - n_index * tiling.single_core_n
    if tail_n > tiling.single_core_n:
        tail_n = tiling.single_core_n
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a + m_index * tiling.k_a * tiling.single_core_m)
    bg.set_global_buffer(b + n_index * tiling.single_core_n)
    cg.set_global_buffer(c + m_index * tiling.n * tiling.single_core_m + n_index * tiling.single_core_n)
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.int8), asc.adv.MatmulType(GM, ND, asc.int8),
                        asc.adv.MatmulType(GM, ND, asc.int32))
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    if core < tiling.used_core_num:
        mm.set_tensor_a(ag)
        mm.set_tensor_b(bg)
        mm.set_tail(tail_m, tail_n)
        with mm.iterate() as count:
            mm.get_tensor_c(cg)
        mm.end()
    asc.pipe_barrier(asc.PipeID.PIPE_ALL)
"""


@pytest.mark.parametrize("traverse", [host.MatrixTraverse.FIRSTM, host.MatrixTraverse.FIRSTN])
def test_int8_blocks_in_either_order(kernel_module: Any, traverse: host.MatrixTraverse) -> None:
    """int8 x int8 -> int32 over 6 vector cores, block by block in the tiling's iterate order, with
    base blocks fixed small enough that every core walks several of them, tails included."""
    m, n, k = 150, 100, 200
    api = host.MultiCoreMatmulTiling()
    api.set_a_type(GM, ND, DT.DT_INT8)
    api.set_b_type(GM, ND, DT.DT_INT8)
    api.set_c_type(GM, ND, DT.DT_INT32)
    api.set_dim(6)
    api.set_shape(m, n, k)
    api.set_traverse(traverse)
    api.set_split_range(32, 32, 64)
    tiling = tiling_of(api)
    check_buffers(tiling, 1, bias=False)
    assert tiling.iterate_order == int(traverse == host.MatrixTraverse.FIRSTN)
    blocks = ceil(tiling.single_core_m / tiling.base_m) * ceil(tiling.single_core_n / tiling.base_n)
    assert blocks > 1
    assert ceil(tiling.single_core_k / tiling.base_k) > 1
    a = RNG.integers(-128, 128, (m, k)).astype(np.int8)
    b = RNG.integers(-128, 128, (k, n)).astype(np.int8)
    c = np.zeros((m, n), np.int32)
    kernel_module(INT8_KERNEL).int8_blocks[ceil(tiling.used_core_num / 2)](a, b, c, tiling, system_workspace())
    np.testing.assert_array_equal(c, a.astype(np.int32) @ b.astype(np.int32))


# --- found by the mutation campaign (docs/testing.md#mutation-testing) ------------------------------------


@pytest.mark.parametrize("n", [256, 512, 1024])
def test_a_bias_row_fills_the_bias_table_exactly(n: int) -> None:
    """The bias table holds 1024 bytes, 256 float32 values: a base block 256 wide fits it exactly and is
    chosen; without a bias the same shape takes the whole N.  (Survivor: the check ``bn * 4 > bt`` as ``>=``.)"""
    api = fp16_api(host.MatmulApiTiling)
    api.set_bias_type(GM, ND, DT.DT_FLOAT)
    api.set_bias(True)
    api.set_shape(16, n, 16)
    t = tiling_of(api)
    assert (t.base_m, t.base_n, t.base_k) == (16, 256, 16)
    plain = fp16_api(host.MatmulApiTiling)
    plain.set_shape(16, n, 16)
    assert tiling_of(plain).base_n == n


def test_the_layout_fields_are_zero_without_a_layout() -> None:
    """A tiling without ``set_*_layout`` or ``set_batch_info_for_normal`` leaves every layout field 0, as CANN's
    TCubeTiling defaults.  (Survivor: C's default layout ``(1, 0, 0, 0, 0)``.)"""
    t = tiling_of(_shaped(fp16_api(host.MatmulApiTiling)))
    names = [f"{role}_layout_info_{x}" for role in "ab" for x in "bsngd"]
    names += ["c_layout_info_b", "c_layout_info_s1", "c_layout_info_n", "c_layout_info_g", "c_layout_info_s2"]
    assert {name: getattr(t, name) for name in names} == dict.fromkeys(names, 0)


def _shaped(api: Any) -> Any:
    api.set_shape(64, 64, 64)
    return api


def test_matmul_config_params_defaults_are_cann_s() -> None:
    """``MatmulConfigParams()`` is MDL, no L1-cached UB, the inner-product schedule, no traverse order and no
    vector ND2NZ, as CANN's struct.  (Survivor: the schedule's default as ``OUTER_PRODUCT``.)"""
    params = host.MatmulConfigParams()
    assert (params.mm_config_type, params.enable_l1_cache_ub, params.schedule_type, params.traverse) == (
        1,
        False,
        host.ScheduleType.INNER_PRODUCT,
        host.MatrixTraverse.NOSET,
    )
    assert params.en_vec_nd2nz is False
