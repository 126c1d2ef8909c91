"""CANN's named Matmul configurations, and how a config reads as one of them plus changes.

Ascend C code names its ``MatmulConfig`` after a template: the constants ``CFG_NORM``, ``CFG_MDL``,
``CFG_IBSHARE_NORM`` and ``MM_CFG_BB`` of ``adv_api/matmul/tiling.h``, or a getter call such as
``GetBasicConfig(64, 64, 64)``.  A config that differs from its template is written, as CANN's
examples do, by a ``constexpr`` function that starts from the template and sets the fields that
differ.  :func:`describe_config` finds that form for the 50 values of a config (the table of
:mod:`ascx.dialects.ascendc.matmul_config_fields`); the printer writes it.

The values here are those of the C++ getters with their default arguments (docs/matmul-protocol.md#the-configuration);
the language layer's ``get_*_config`` helpers compute the same values (a test checks it).
"""

from __future__ import annotations

from dataclasses import dataclass

from ascx.dialects.ascendc.matmul_config_fields import (
    CONFIG_FIELDS,
    DEFAULT_CONFIG,
    FIELD_INDEX,
    ConfigField,
    ConfigValue,
)


def _with(**changes: ConfigValue) -> tuple[ConfigValue, ...]:
    values = list(DEFAULT_CONFIG)
    for name, value in changes.items():
        values[FIELD_INDEX[name]] = value
    return tuple(values)


CFG_NORM = _with(enable_ub_reuse=True)
"""``GetNormalConfig()``: pyasc's ``MatmulConfig()`` with ``enableUBReuse`` on."""
CFG_MDL = _with(do_norm=False, do_multi_data_load=True, en_unit_flag=False, batch_mode="NONE", enable_ub_reuse=True)
"""``GetMDLConfig()``."""
CFG_IBSHARE_NORM = _with(do_norm=False, do_ib_share_norm=True, enable_ub_reuse=True)
"""``GetIBShareNormConfig()``."""
SPECIAL_MDL = _with(do_norm=False, do_special_mdl=True, en_unit_flag=False, batch_mode="NONE", enable_ub_reuse=True)
"""``GetSpecialMDLConfig()`` (no named constant)."""


def basic_config(basic_m: int, basic_n: int, basic_k: int) -> tuple[ConfigValue, ...]:
    """``GetBasicConfig(basicM, basicN, basicK)``."""
    return _with(
        do_norm=False,
        do_basic_block=True,
        basic_m=basic_m,
        basic_n=basic_n,
        basic_k=basic_k,
        en_unit_flag=False,
        enable_ub_reuse=True,
    )


NAMED_CONFIGS: dict[str, tuple[ConfigValue, ...]] = {
    "CFG_NORM": CFG_NORM,
    "CFG_MDL": CFG_MDL,
    "CFG_IBSHARE_NORM": CFG_IBSHARE_NORM,
    "MM_CFG_BB": basic_config(128, 128, 128),
}
"""The constants ``adv_api/matmul/tiling.h`` defines, by name."""


@dataclass(frozen=True)
class ConfigForm:
    """How a config is written: ``base`` (a constant's name or a getter call) and the fields that
    differ from it, as (C++ member, C++ value) pairs in member order."""

    base: str
    changes: tuple[tuple[str, str], ...]

    @property
    def is_named(self) -> bool:
        """A constant with static storage that a template argument can name directly."""
        return not self.changes and self.base in NAMED_CONFIGS

    @property
    def is_default(self) -> bool:
        """``CFG_NORM``, the default of ``Matmul``'s ``MM_CFG`` template parameter."""
        return not self.changes and self.base == "CFG_NORM"


def _template(values: tuple[ConfigValue, ...]) -> tuple[str, tuple[ConfigValue, ...]]:
    """The template a config starts from, decided by its template-mode flags."""

    def flag(name: str) -> bool:
        return bool(values[FIELD_INDEX[name]])

    if flag("do_basic_block") or flag("do_special_basic_block"):
        m, n, k = (int(values[FIELD_INDEX[f"basic_{axis}"]]) for axis in "mnk")
        if (m, n, k) == (128, 128, 128) and not flag("do_special_basic_block"):
            return "MM_CFG_BB", NAMED_CONFIGS["MM_CFG_BB"]
        return f"GetBasicConfig({m}, {n}, {k})", basic_config(m, n, k)
    if flag("do_special_mdl"):
        return "GetSpecialMDLConfig()", SPECIAL_MDL
    if flag("do_multi_data_load"):
        return "CFG_MDL", CFG_MDL
    if flag("do_ib_share_norm"):
        return "CFG_IBSHARE_NORM", CFG_IBSHARE_NORM
    return "CFG_NORM", CFG_NORM


_ITERATE_MODES = {1: "ITERATE_MODE_NORMAL", 2: "ITERATE_MODE_ALL", 4: "ITERATE_MODE_BATCH", 8: "ITERATE_MODE_N_BATCH"}


def cpp_value(field: ConfigField, value: ConfigValue) -> str:
    """A field value as C++: ``true``/``false``, a decimal, a qualified enumerator; ``iterateMode`` by
    its ``IterateMode`` enumerators."""
    if field.kind == "bool":
        return "true" if value else "false"
    if field.kind == "enum":
        return f"{field.enum}::{value}"
    number = int(value)
    if field.name == "iterate_mode":
        if number == 0xFF:
            return "IterateMode::ITERATE_MODE_DEFAULT"
        bits = [name for bit, name in _ITERATE_MODES.items() if number & bit]
        if bits and sum(bit for bit in _ITERATE_MODES if number & bit) == number:
            return " | ".join(f"IterateMode::{name}" for name in bits)
    return str(number)


def describe_config(values: tuple[ConfigValue, ...]) -> ConfigForm:
    """The form of a config: its template and the fields that differ from it."""
    base, base_values = _template(values)
    changes = tuple(
        (field.cpp_name, cpp_value(field, value))
        for field, value, default in zip(CONFIG_FIELDS, values, base_values, strict=True)
        if value != default or type(value) is not type(default)
    )
    return ConfigForm(base, changes)
