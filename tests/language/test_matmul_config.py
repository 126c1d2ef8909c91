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
