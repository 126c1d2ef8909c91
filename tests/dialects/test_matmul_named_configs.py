"""CANN's named Matmul configurations (``adv_api/matmul/tiling.h``) and how a config is written as one
of them plus changes: the values agree with the ``get_*_config`` helpers (which compute what the C++
getters return), and each config finds its template by its mode flags."""

from __future__ import annotations

import pytest

import ascx as asc
from ascx.dialects.ascendc.matmul_named_configs import (
    CFG_IBSHARE_NORM,
    CFG_MDL,
    CFG_NORM,
    NAMED_CONFIGS,
    SPECIAL_MDL,
    ConfigForm,
    basic_config,
    describe_config,
)


def test_the_named_values_are_the_getters_defaults() -> None:
    assert asc.adv.get_normal_config().values() == CFG_NORM
    assert asc.adv.get_mdl_config().values() == CFG_MDL
    assert asc.adv.get_ib_share_norm_config().values() == CFG_IBSHARE_NORM
    assert asc.adv.get_special_mdl_config().values() == SPECIAL_MDL
    assert asc.adv.get_basic_config(64, 32, 16).values() == basic_config(64, 32, 16)
    assert NAMED_CONFIGS["MM_CFG_BB"] == asc.adv.get_basic_config(128, 128, 128).values()


@pytest.mark.parametrize(
    ("config", "form"),
    [
        (asc.adv.get_normal_config(), ConfigForm("CFG_NORM", ())),
        (asc.adv.MatmulConfig(), ConfigForm("CFG_NORM", (("enableUBReuse", "false"),))),
        (asc.adv.get_mdl_config(), ConfigForm("CFG_MDL", ())),
        (asc.adv.get_mdl_config(do_mte2_preload=2), ConfigForm("CFG_MDL", (("doMTE2Preload", "2"),))),
        (asc.adv.get_ib_share_norm_config(), ConfigForm("CFG_IBSHARE_NORM", ())),
        (asc.adv.get_special_mdl_config(), ConfigForm("GetSpecialMDLConfig()", ())),
        (asc.adv.get_basic_config(128, 128, 128), ConfigForm("MM_CFG_BB", ())),
        (asc.adv.get_basic_config(64, 64, 32), ConfigForm("GetBasicConfig(64, 64, 32)", ())),
        (
            asc.adv.get_special_basic_config(64, 64, 64, 64, 64, 64, 1, 1),
            ConfigForm(
                "GetBasicConfig(64, 64, 64)",
                (
                    ("doBasicBlock", "false"),
                    ("doSpecialBasicBlock", "true"),
                    ("singleCoreM", "64"),
                    ("singleCoreN", "64"),
                    ("singleCoreK", "64"),
                    ("stepM", "1"),
                    ("stepN", "1"),
                    ("baseMN", "4096"),
                    ("singleCoreMN", "4096"),
                ),
            ),
        ),
        (
            asc.adv.MatmulConfig(
                enable_ub_reuse=True, iterate_mode=asc.IterateMode.ITERATE_MODE_NORMAL, batch_mode=asc.BatchMode.NONE
            ),
            ConfigForm(
                "CFG_NORM", (("batchMode", "BatchMode::NONE"), ("iterateMode", "IterateMode::ITERATE_MODE_NORMAL"))
            ),
        ),
        (
            asc.adv.MatmulConfig(enable_ub_reuse=True, enable_mix_dual_master=True),
            ConfigForm("CFG_NORM", (("enableMixDualMaster", "true"),)),
        ),
    ],
)
def test_a_config_is_its_template_and_the_fields_that_differ(config: asc.adv.MatmulConfig, form: ConfigForm) -> None:
    assert describe_config(config.values()) == form


def test_only_cfg_norm_is_the_default_and_only_constants_are_named() -> None:
    assert describe_config(CFG_NORM).is_default
    assert not describe_config(asc.adv.MatmulConfig().values()).is_default
    assert describe_config(CFG_MDL).is_named
    assert not describe_config(SPECIAL_MDL).is_named  # a getter call: declared as a constexpr variable
