"""Pieces of the Ascend C printer: C++ spellings of types and literals, and unique names."""

from __future__ import annotations

import pytest
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    Signedness,
    i1,
    i8,
    i32,
)
from xdsl.utils.test_value import create_ssa_value

from ascx.dialects.ascendc import GlobalTensorType, GMAddrType
from ascx.target.names import Names
from ascx.target.printer import cpp_type, literal, scalar_type


@pytest.mark.parametrize(
    ("ir_type", "cpp"),
    [
        (i1, "bool"),
        (i8, "int8_t"),
        (IntegerType(64, Signedness.UNSIGNED), "uint64_t"),
        (Float16Type(), "half"),
        (BFloat16Type(), "bfloat16_t"),
        (Float32Type(), "float"),
    ],
)
def test_scalar_types(ir_type: IntegerType, cpp: str) -> None:
    assert scalar_type(ir_type) == cpp


def test_object_types() -> None:
    assert cpp_type(GMAddrType(Float16Type())) == "__gm__ half*"
    assert cpp_type(GlobalTensorType(i32)) == "AscendC::GlobalTensor<int32_t>"


def test_literals() -> None:
    assert literal(IntegerAttr(1, i1)) == "true"
    assert literal(IntegerAttr(-7, i32)) == "-7"
    assert literal(IntegerAttr(5, IntegerType(64, Signedness.UNSIGNED))) == "5"
    assert literal(IntegerAttr(1 << 63, IntegerType(64, Signedness.UNSIGNED))) == "9223372036854775808ULL"
    assert literal(FloatAttr(0.5, Float32Type())) == "0.5f"
    assert literal(FloatAttr(1.5, Float16Type())) == "half(1.5)"


def test_names_are_unique_and_avoid_keywords_and_ascendc_names() -> None:
    names = Names()
    values = [create_ssa_value(i32) for _ in range(4)]
    values[0].name_hint = "tiling"
    values[1].name_hint = "tiling"
    values[2].name_hint = "int"
    values[3].name_hint = "half"
    assert [names.get(v) for v in values] == ["tiling", "tiling_1", "int_1", "half_1"]
    assert names.get(values[0]) == "tiling"
    assert names.get(create_ssa_value(i32)) == "v"
