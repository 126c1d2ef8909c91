"""Attributes and types of the ascendc dialect, built from Python."""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import IndexType, f16, f32, i8
from xdsl.utils.exceptions import VerifyException

from ascx.dialects.ascendc import (
    CubeFormat,
    GlobalTensorType,
    GMAddrType,
    LayoutMode,
    MatmulConfigAttr,
    MatmulTypeAttr,
    TPosition,
)
from ascx.dialects.ascendc.matmul_config_fields import CONFIG_FIELDS, DEFAULT_CONFIG, config_literal


def test_matmul_type_attr_prints_compactly() -> None:
    assert str(MatmulTypeAttr(TPosition.GM, CubeFormat.ND, f16)) == "#ascendc.matmul_type<gm, nd, f16>"
    attr = MatmulTypeAttr(TPosition.VECIN, CubeFormat.NZ, f32, True, LayoutMode.BSNGD)
    assert str(attr) == "#ascendc.matmul_type<vecin, nz, f32, trans, layout bsngd>"


def test_matmul_config_attr_prints_only_what_differs() -> None:
    attr = MatmulConfigAttr.from_fields(do_norm=False, basic_m=128, batch_mode="NONE")
    assert str(attr) == "#ascendc.matmul_config<do_norm = false, basic_m = 128, batch_mode = NONE>"
    assert attr.field("basic_m") == 128
    assert attr.field("enable_end") is True


def test_matmul_config_attr_is_verified_on_construction() -> None:
    with pytest.raises(VerifyException, match="invalid value for MatmulConfig field 'batch_mode'"):
        MatmulConfigAttr.from_fields(batch_mode="HUGE")
    with pytest.raises(VerifyException, match="MatmulConfig has 50 fields, got 2"):
        MatmulConfigAttr((True, False))


def test_the_default_config_literal_is_pyascs() -> None:
    assert len(CONFIG_FIELDS) == 50
    assert config_literal(DEFAULT_CONFIG) == (
        "{1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,1,BatchMode::BATCH_LESS_THAN_L1,1,1,1,1,1,1,1,255,1,0,0,0,"
        "IterateOrder::UNDEF,ScheduleType::INNER_PRODUCT,0,1,0,0,0,0,0,0,0,65536,BatchOutMode::SINGLE_BATCH}"
    )


def test_element_types_are_constrained() -> None:
    assert str(GMAddrType(i8)) == "!ascendc.gm_addr<i8>"
    assert str(GlobalTensorType(f16)) == "!ascendc.global_tensor<f16>"
    with pytest.raises(VerifyException):
        GlobalTensorType(IndexType())
