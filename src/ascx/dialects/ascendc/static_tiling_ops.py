"""Constant tiling: ``GetMatmulApiTiling`` and reading the fields of its ``MatmulApiStaticTiling``."""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerAttr, StringAttr, i32, i64
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.int_constraints import SIGNLESS_I32
from ascx.dialects.ascendc.matmul_attrs import MatmulConfigAttr, MatmulTypeAttr
from ascx.dialects.ascendc.matmul_config_fields import DEFAULT_CONFIG
from ascx.dialects.ascendc.object_ops import TILING_FIELDS
from ascx.dialects.ascendc.traits import ExecutesOn
from ascx.dialects.ascendc.types import StaticTilingType

STATIC_TILING_FIELDS: tuple[str, ...] = tuple(
    f for f in TILING_FIELDS if f not in ("batchM", "batchN", "singleBatchM", "singleBatchN")
)
"""The 46 ``int32_t`` members of ``MatmulApiStaticTiling`` (C++ names), all -1 unless computed."""


@op_definition
class MatmulStaticTilingOp(IRDLOperation):
    """``constexpr static MatmulApiStaticTiling st = AscendC::GetMatmulApiTiling<A, B, C, Bias>(cfg[, l1Size]);``

    A missing ``config`` is ``MatmulConfig()``; a missing ``l1_size`` is C++'s default.

    Example: ``%st = ascendc.matmul.static_tiling a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32>
    bias <gm, nd, f32> l1_size 524288``
    """

    name = "ascendc.matmul.static_tiling"
    a_type = prop_def(MatmulTypeAttr, prop_name="a")
    b_type = prop_def(MatmulTypeAttr, prop_name="b")
    c_type = prop_def(MatmulTypeAttr, prop_name="c")
    bias_type = prop_def(MatmulTypeAttr, prop_name="bias")
    config = opt_prop_def(MatmulConfigAttr)
    l1_size = opt_prop_def(IntegerAttr.constr(i64))
    result = result_def(StaticTilingType)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())
    assembly_format = "`a` $a `b` $b `c` $c `bias` $bias (`config` $config^)? (`l1_size` $l1_size^)? attr-dict"

    def __init__(
        self,
        a: MatmulTypeAttr,
        b: MatmulTypeAttr,
        c: MatmulTypeAttr,
        bias: MatmulTypeAttr,
        config: MatmulConfigAttr | None = None,
        l1_size: int | None = None,
    ):
        properties: dict[str, Attribute | None] = {
            "a": a,
            "b": b,
            "c": c,
            "bias": bias,
            "config": config,
            "l1_size": None if l1_size is None else IntegerAttr(l1_size, i64),
        }
        super().__init__(properties=properties, result_types=[StaticTilingType()])

    @property
    def effective_config(self) -> MatmulConfigAttr:
        return self.config if self.config is not None else MatmulConfigAttr(DEFAULT_CONFIG)

    def verify_(self) -> None:
        if self.config is not None and self.config.data == DEFAULT_CONFIG:
            raise VerifyException("the default MatmulConfig is written by omitting 'config'")


@op_definition
class StaticTilingGetOp(IRDLOperation):
    """``int32_t x = st.<Member>;``

    Example: ``%m = ascendc.static_tiling.get %st "baseM" : i32``
    """

    name = "ascendc.static_tiling.get"
    tiling = operand_def(StaticTilingType)
    field = prop_def(StringAttr)
    result = result_def(SIGNLESS_I32)
    traits = traits_def(ExecutesOn(Pipe.PIPE_S), Pure())
    assembly_format = "$tiling $field attr-dict `:` type($result)"

    def __init__(self, tiling: SSAValue, field: str):
        super().__init__(operands=[tiling], properties={"field": StringAttr(field)}, result_types=[i32])

    def verify_(self) -> None:
        if self.field.data not in STATIC_TILING_FIELDS:
            raise VerifyException(f"'{self.field.data}' is not a MatmulApiStaticTiling field")


__all__ = ["STATIC_TILING_FIELDS", "MatmulStaticTilingOp", "StaticTilingGetOp"]
