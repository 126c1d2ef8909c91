"""``asc.adv.MatmulConfig``: pyasc's keywords and defaults, validation, and its C++ literal."""

from __future__ import annotations

from dataclasses import fields

import pytest

import ascx as asc
from ascx.dialects.ascendc.matmul_config_fields import CONFIG_FIELDS, config_literal


def test_fields_follow_the_cpp_member_order() -> None:
    assert [f.name for f in fields(asc.adv.MatmulConfig)] == [f.name for f in CONFIG_FIELDS]


def test_worked_example_literal() -> None:
    config = asc.adv.MatmulConfig(
        do_norm=False,
        do_multi_data_load=True,
        basic_m=128,
        batch_mode=asc.BatchMode.BATCH_LARGE_THAN_L1,
        iterate_order=asc.IterateOrder.ORDER_N,
        schedule_type=asc.ScheduleType.OUTER_PRODUCT,
        batch_out_mode=asc.BatchOutMode.DYNAMIC,
        iterate_mode=asc.IterateMode.ITERATE_MODE_ALL,
        enable_mix_dual_master=True,
        shared_co1_buffer_size=1024,
    )
    assert config_literal(config.values()) == (
        "{0,0,1,128,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,1,BatchMode::BATCH_LARGE_THAN_L1,1,1,1,1,1,1,1,2,1,0,0,0,"
        "IterateOrder::ORDER_N,ScheduleType::OUTER_PRODUCT,0,1,0,0,1,0,0,0,0,1024,BatchOutMode::DYNAMIC}"
    )


def test_none_means_the_default() -> None:
    assert asc.adv.MatmulConfig(basic_m=None, batch_mode=None) == asc.adv.MatmulConfig()  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("keywords", "message"),
    [
        ({"iterate_mode": 256}, "Params iterate_mode should be in [0, 255]"),
        ({"batch_mode": 4}, "Params batch_mode should be in [0, 1, 2, 3]"),
        ({"iterate_order": 3}, "Params iterate_order should be in [0, 1, 2]"),
        ({"schedule_type": 2}, "Params schedule_type should be in [0, 1]"),
        ({"batch_out_mode": 3}, "Params batch_out_mode should be in [0, 1, 2]"),
        ({"do_mte2_preload": 3}, "Params do_mte2_preload should be in [0, 1, 2]"),
        ({"enable_double_cache": 2}, "Params enable_double_cache should be a bool (or 0/1), got 2"),
        ({"basic_m": 2**32}, "Params basic_m should be an integer in [0, 4294967295], got 4294967296"),
    ],
)
def test_validation(keywords: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=r"^" + message.replace("[", r"\[").replace("(", r"\(").replace(")", r"\)")):
        asc.adv.MatmulConfig(**keywords)  # type: ignore[arg-type]


def test_every_public_name_of_the_spec_is_exported() -> None:
    """The config enums are importable from both ``asc`` and ``asc.adv``."""
    import ascx as asc

    adv = (
        "Matmul MatmulType register_matmul get_basic_config get_ib_share_norm_config get_matmul_api_tiling "
        "get_mdl_config get_mm_config get_normal_config get_special_basic_config get_special_mdl_config "
        "MatmulApiStaticTiling TCubeTiling MatmulConfig MatmulShapeParams MatmulQuantParams MatmulBatchParams "
        "MatmulFuncParams QuantConfig MatrixOffset"
    ).split()
    enums = "TPosition CubeFormat LayoutMode BatchMode IterateOrder ScheduleType BatchOutMode IterateMode "
    enums += "MatmulConfigMode MatmulPolicy"
    assert [n for n in adv + enums.split() if not hasattr(asc.adv, n)] == []
    assert [n for n in enums.split() if getattr(asc, n, None) is not getattr(asc.adv, n)] == []


def _differences(config: asc.adv.MatmulConfig) -> dict[str, object]:
    """The fields of ``config`` that differ from ``MatmulConfig()``."""
    default = asc.adv.MatmulConfig()
    return {
        f.name: getattr(config, f.name) for f in fields(config) if getattr(config, f.name) != getattr(default, f.name)
    }


@pytest.mark.parametrize(
    ("helper", "expected"),
    [
        (lambda: asc.adv.get_normal_config(), {"enable_ub_reuse": True}),
        (
            lambda: asc.adv.get_mdl_config(),
            {
                "do_norm": False,
                "do_multi_data_load": True,
                "batch_mode": 0,
                "en_unit_flag": False,
                "enable_ub_reuse": True,
            },
        ),
        (
            lambda: asc.adv.get_special_mdl_config(do_mte2_pre_load=2),
            {
                "do_norm": False,
                "do_special_mdl": True,
                "en_unit_flag": False,
                "batch_mode": 0,
                "enable_ub_reuse": True,
                "do_mte2_preload": 2,
            },
        ),
        (
            lambda: asc.adv.get_ib_share_norm_config(is_double_cache=True),
            {"do_norm": False, "do_ib_share_norm": True, "enable_double_cache": True, "enable_ub_reuse": True},
        ),
        (
            lambda: asc.adv.get_basic_config(128, 256, 64),
            {
                "do_norm": False,
                "do_basic_block": True,
                "en_unit_flag": False,
                "basic_m": 128,
                "basic_n": 256,
                "basic_k": 64,
                "enable_ub_reuse": True,
            },
        ),
        (
            lambda: asc.adv.get_special_basic_config(256, 256, 256, 16, 16, 16, 2, 2),
            {
                "do_norm": False,
                "do_special_basic_block": True,
                "en_unit_flag": False,
                "basic_m": 256,
                "basic_n": 256,
                "basic_k": 256,
                "single_core_m": 16,
                "single_core_n": 16,
                "single_core_k": 16,
                "step_m": 2,
                "step_n": 2,
                "base_mn": 65536,
                "single_core_mn": 256,
                "enable_ub_reuse": True,
            },
        ),
        (
            lambda: asc.adv.get_normal_config(iterate_order=None, bmm_mode=asc.BatchMode.NONE),
            {"batch_mode": 0, "enable_ub_reuse": True},
        ),
    ],
    ids=["normal", "mdl", "special_mdl", "ib_share", "basic", "special_basic", "none_is_default"],
)
def test_helpers_match_the_cpp_getters(helper: object, expected: dict[str, object]) -> None:
    assert _differences(helper()) == expected  # type: ignore[operator]


def test_get_mm_config_applies_its_params_in_order() -> None:
    config = asc.adv.get_mm_config(
        asc.adv.MatmulShapeParams(128, 128, 128, 64, 64, 64),
        asc.MatmulConfigMode.CONFIG_MDL,
        asc.adv.MatmulBatchParams(True, asc.BatchMode.BATCH_LARGE_THAN_L1),
        asc.adv.MatmulFuncParams(en_vec_nd2_nz=True, enable_double_cache=True, is_enable_channel_split=True),
        asc.adv.MatmulShapeParams(single_core_m=256),
    )
    assert _differences(config) == {
        "do_norm": False,
        "do_multi_data_load": True,
        "single_core_m": 256,
        "en_unit_flag": False,
        "is_n_batch": True,
        "batch_mode": 2,
        "en_vec_nd2nz": True,
        "enable_double_cache": True,
        "is_enable_channel_split": True,
        "iterate_order": 0,  # MatmulFuncParams' default, ORDER_M
    }
    assert asc.adv.get_mm_config() == asc.adv.get_normal_config()


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: asc.adv.get_mm_config(3), "get_mm_config: unsupported argument of type int"),
        (
            lambda: asc.adv.get_mm_config(asc.adv.MatmulBatchParams(batch_mode=0)),
            "Params batch_mode should be in [1, 2, 3]",
        ),
        (
            lambda: asc.adv.get_mm_config(asc.adv.MatmulFuncParams(iterate_order=5)),
            "Params iterate_order should be in [0, 1, 2]",
        ),
        (
            lambda: asc.adv.get_mm_config(asc.adv.MatmulFuncParams(do_mte2_pre_load=3)),
            "Params do_mte2_preload should be in [0, 1, 2]",
        ),
        (lambda: asc.adv.get_normal_config(bmm_mode=7), "Params batch_mode should be in [0, 1, 2, 3]"),
        (lambda: asc.adv.get_mdl_config(do_mte2_preload=4), "Params do_mte2_preload should be in [0, 1, 2]"),
    ],
)
def test_helper_checks(call: object, error: str) -> None:
    with pytest.raises((ValueError, TypeError)) as info:
        call()  # type: ignore[operator]
    assert str(info.value) == error


def test_helper_arguments_must_be_compile_time(kernel_module: object) -> None:
    module = kernel_module(  # type: ignore[operator]
        """
        @asc.jit
        def k(x: asc.GlobalAddress, n: int) -> None:
            cfg = asc.adv.get_basic_config(n, 64, 64)
        """
    )
    with pytest.raises(asc.KernelError) as info:
        module.k.compile(asc.MockTensor(asc.float16), 3)
    assert info.value.message == "ValueError: Param basic_m of get_basic_config must be a compile-time constant"
