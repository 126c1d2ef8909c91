"""``asc.adv.MatmulConfig``: the template configuration of a Matmul object."""

from __future__ import annotations

from dataclasses import dataclass, fields

from ascx.dialects.ascendc import MatmulConfigAttr
from ascx.dialects.ascendc.matmul_config_fields import (
    CONFIG_FIELDS,
    DEFAULT_CONFIG,
    ENUMERATORS,
    FIELD_INDEX,
    ConfigValue,
)
from ascx.language.adv.errors import require_compile_time
from ascx.language.core.enums import BatchMode, BatchOutMode, IterateMode, IterateOrder, ScheduleType


@dataclass(frozen=True)
class MatmulConfig:
    """``MatmulConfig``: every keyword of pyasc, with pyasc's defaults.  ``None`` means the default.

    ``MatmulConfig()`` is a Norm config; it differs from C++ ``CFG_NORM`` only in
    ``enable_ub_reuse`` (False here, as in pyasc).  All values must be compile-time.
    """

    do_norm: bool = True
    do_basic_block: bool = False
    do_multi_data_load: bool = False
    basic_m: int = 0
    basic_n: int = 0
    basic_k: int = 0
    intrinsics_check: bool = False
    is_n_batch: bool = False
    en_vec_nd2nz: bool = False
    do_special_basic_block: bool = False
    do_mte2_preload: int = 0
    single_core_m: int = 0
    single_core_n: int = 0
    single_core_k: int = 0
    step_m: int = 0
    step_n: int = 0
    base_mn: int = 0
    single_core_mn: int = 0
    en_unit_flag: bool = True
    is_per_tensor: bool = False
    has_anti_quant_offset: bool = False
    do_ib_share_norm: bool = False
    do_special_mdl: bool = False
    enable_init: bool = True
    batch_mode: BatchMode = BatchMode.BATCH_LESS_THAN_L1
    enable_end: bool = True
    enable_get_tensor_c: bool = True
    enable_set_org_shape: bool = True
    enable_set_bias: bool = True
    enable_set_tail: bool = True
    enable_quant_vector: bool = True
    enable_set_define_data: bool = True
    iterate_mode: int = IterateMode.ITERATE_MODE_DEFAULT
    enable_reuse: bool = True
    enable_ub_reuse: bool = False
    enable_l1_cache_ub: bool = False
    intra_block_part_sum: bool = False
    iterate_order: IterateOrder = IterateOrder.UNDEF
    schedule_type: ScheduleType = ScheduleType.INNER_PRODUCT
    enable_double_cache: int = 0
    is_bias_batch: bool = True
    enable_static_pad_zeros: bool = False
    is_partial_output: bool = False
    enable_mix_dual_master: bool = False
    is_a2b2_shared: bool = False
    is_enable_channel_split: bool = False
    enable_kdim_reorder_load: bool = False
    is_co1_shared: bool = False
    shared_co1_buffer_size: int = 64 * 1024
    batch_out_mode: BatchOutMode = BatchOutMode.SINGLE_BATCH

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None:
                object.__setattr__(self, f.name, f.default)
                continue
            require_compile_time(value, f.name, "MatmulConfig")
            _check(f.name, value)

    def is_norm_template(self) -> bool:
        """The Norm template alone: ``do_norm`` and none of the other templates (MDL, basic block,
        IBShare norm, special MDL), what CANN's batch Matmul requires."""
        others = (self.do_basic_block, self.do_multi_data_load, self.do_special_basic_block, self.do_ib_share_norm)
        return bool(self.do_norm) and not any(others) and not self.do_special_mdl

    def values(self) -> tuple[ConfigValue, ...]:
        """The 50 field values in C++ order, enums as their C++ enumerator names."""
        result: list[ConfigValue] = []
        for spec in CONFIG_FIELDS:
            value = getattr(self, spec.name)
            if spec.kind == "bool":
                result.append(bool(value))
            elif spec.kind == "enum":
                result.append(ENUMERATORS[spec.enum][int(value)])
            else:
                result.append(int(value))
        return tuple(result)

    def to_attr(self) -> MatmulConfigAttr | None:
        """The IR form of this config; ``None`` for the default config."""
        values = self.values()
        return None if values == DEFAULT_CONFIG else MatmulConfigAttr(values)


_RANGED: dict[str, range] = {"iterate_mode": range(256), "do_mte2_preload": range(3)}


def _check(name: str, value: object) -> None:
    """Validate one field (docs/reference/matmul.md)."""
    spec = CONFIG_FIELDS[FIELD_INDEX[name]]
    if spec.kind == "enum" or name in _RANGED:
        allowed = _RANGED.get(name) or range(len(ENUMERATORS[spec.enum]))
        if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
            shown = "[0, 255]" if name == "iterate_mode" else str(list(allowed))
            raise ValueError(f"Params {name} should be in {shown}")
    elif spec.kind == "bool" or name == "enable_double_cache":
        if not isinstance(value, int) or value not in (0, 1):
            raise ValueError(f"Params {name} should be a bool (or 0/1), got {value!r}")
    elif isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 2**32 - 1:
        raise ValueError(f"Params {name} should be an integer in [0, 4294967295], got {value!r}")


__all__ = ["MatmulConfig"]
