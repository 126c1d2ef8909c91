"""The 50 fields of Ascend C's ``MatmulConfig`` struct, in aggregate-initialisation order.

This table is the single source of truth for the field names (Python and C++), their C++
kinds and their defaults (pyasc's ``MatmulConfig()``).  The dialect stores a config as a tuple
of values in this order; the printer writes them as CANN's named configurations; the language layer builds them
from keyword arguments.  Enum-valued fields store the C++ enumerator *name* (e.g.
``"BATCH_LESS_THAN_L1"``), so the IR never depends on Python enum numbering.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ascx.enums import BatchMode, BatchOutMode, IterateOrder, ScheduleType, names_by_value

ConfigValue = bool | int | str
"""A field value: ``bool`` for flags, ``int`` for unsigned integers, ``str`` for enumerators."""

FieldKind = Literal["bool", "uint32", "uint8", "enum"]


@dataclass(frozen=True)
class ConfigField:
    """One member of ``MatmulConfig``."""

    name: str
    """The Python keyword (pyasc's spelling)."""
    cpp_name: str
    """The C++ member name."""
    kind: FieldKind
    default: ConfigValue
    enum: str = ""
    """For enum fields: the C++ enum type, e.g. ``BatchMode``."""


ENUMERATORS: dict[str, tuple[str, ...]] = {
    enum.__name__: names_by_value(enum) for enum in (BatchMode, IterateOrder, ScheduleType, BatchOutMode)
}
"""The enumerators of the config enums (``ascx.enums``), indexed by their pyasc value."""


def _b(name: str, cpp: str, default: bool = False) -> ConfigField:
    return ConfigField(name, cpp, "bool", default)


def _u(name: str, cpp: str, default: int = 0) -> ConfigField:
    return ConfigField(name, cpp, "uint32", default)


def _e(name: str, cpp: str, enum: str, default: str) -> ConfigField:
    return ConfigField(name, cpp, "enum", default, enum)


CONFIG_FIELDS: tuple[ConfigField, ...] = (
    _b("do_norm", "doNorm", True),
    _b("do_basic_block", "doBasicBlock"),
    _b("do_multi_data_load", "doMultiDataLoad"),
    _u("basic_m", "basicM"),
    _u("basic_n", "basicN"),
    _u("basic_k", "basicK"),
    _b("intrinsics_check", "intrinsicsCheck"),
    _b("is_n_batch", "isNBatch"),
    _b("en_vec_nd2nz", "enVecND2NZ"),
    _b("do_special_basic_block", "doSpecialBasicBlock"),
    _u("do_mte2_preload", "doMTE2Preload"),
    _u("single_core_m", "singleCoreM"),
    _u("single_core_n", "singleCoreN"),
    _u("single_core_k", "singleCoreK"),
    _u("step_m", "stepM"),
    _u("step_n", "stepN"),
    _u("base_mn", "baseMN"),
    _u("single_core_mn", "singleCoreMN"),
    _b("en_unit_flag", "enUnitFlag", True),
    _b("is_per_tensor", "isPerTensor"),
    _b("has_anti_quant_offset", "hasAntiQuantOffset"),
    _b("do_ib_share_norm", "doIBShareNorm"),
    _b("do_special_mdl", "doSpecialMDL"),
    _b("enable_init", "enableInit", True),
    _e("batch_mode", "batchMode", "BatchMode", "BATCH_LESS_THAN_L1"),
    _b("enable_end", "enableEnd", True),
    _b("enable_get_tensor_c", "enableGetTensorC", True),
    _b("enable_set_org_shape", "enableSetOrgShape", True),
    _b("enable_set_bias", "enableSetBias", True),
    _b("enable_set_tail", "enableSetTail", True),
    _b("enable_quant_vector", "enableQuantVector", True),
    _b("enable_set_define_data", "enableSetDefineData", True),
    ConfigField("iterate_mode", "iterateMode", "uint8", 0xFF),
    _b("enable_reuse", "enableReuse", True),
    _b("enable_ub_reuse", "enableUBReuse"),
    _b("enable_l1_cache_ub", "enableL1CacheUB"),
    _b("intra_block_part_sum", "intraBlockPartSum"),
    _e("iterate_order", "iterateOrder", "IterateOrder", "UNDEF"),
    _e("schedule_type", "scheduleType", "ScheduleType", "INNER_PRODUCT"),
    _b("enable_double_cache", "enableDoubleCache"),
    _b("is_bias_batch", "isBiasBatch", True),
    _b("enable_static_pad_zeros", "enableStaticPadZeros"),
    _b("is_partial_output", "isPartialOutput"),
    _b("enable_mix_dual_master", "enableMixDualMaster"),
    _b("is_a2b2_shared", "isA2B2Shared"),
    _b("is_enable_channel_split", "isEnableChannelSplit"),
    _b("enable_kdim_reorder_load", "enableKdimReorderLoad"),
    _b("is_co1_shared", "isCO1Shared"),
    _u("shared_co1_buffer_size", "sharedCO1BufferSize", 64 * 1024),
    _e("batch_out_mode", "bmmOutMode", "BatchOutMode", "SINGLE_BATCH"),
)

FIELD_INDEX: dict[str, int] = {f.name: i for i, f in enumerate(CONFIG_FIELDS)}
DEFAULT_CONFIG: tuple[ConfigValue, ...] = tuple(f.default for f in CONFIG_FIELDS)

_UPPER_BOUND: dict[FieldKind, int] = {"uint32": 2**32 - 1, "uint8": 255}


def check_config_value(field: ConfigField, value: ConfigValue) -> str | None:
    """Return why ``value`` is not a valid value of ``field``, or None when it is."""
    match field.kind:
        case "bool":
            if not isinstance(value, bool):
                return f"expected a bool, got {value!r}"
        case "uint32" | "uint8":
            if isinstance(value, bool) or not isinstance(value, int):
                return f"expected an integer, got {value!r}"
            if not 0 <= value <= _UPPER_BOUND[field.kind]:
                return f"{value} is outside [0, {_UPPER_BOUND[field.kind]}]"
        case "enum":
            if value not in ENUMERATORS[field.enum]:
                return f"{value!r} is not a {field.enum} enumerator"
    return None


def config_literal(values: tuple[ConfigValue, ...]) -> str:
    """The C++ aggregate initialiser of a ``MatmulConfig``, e.g. ``{1,0,...,BatchOutMode::SINGLE_BATCH}``
    (pyasc's spelling; the printer writes CANN's named configurations instead, see
    :mod:`ascx.dialects.ascendc.matmul_named_configs`)."""
    parts: list[str] = []
    for field, value in zip(CONFIG_FIELDS, values, strict=True):
        if field.kind == "enum":
            parts.append(f"{field.enum}::{value}")
        else:
            parts.append(str(int(value)))
    return "{" + ",".join(parts) + "}"
