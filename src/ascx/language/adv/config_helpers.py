"""The ``get_*_config`` helpers, the params classes and ``get_mm_config`` (docs/reference/matmul.md).

Each helper returns the ``MatmulConfig`` that the Ascend C getter of the same name returns,
template-mode flags included; every argument must be compile-time, and ``None`` selects the
default.  Fields a helper does not set keep ``MatmulConfig()``'s values, except
``enable_ub_reuse``, which every C++ getter turns on.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any, ParamSpec, TypeVar

from ascx.language.adv.errors import require_compile_time
from ascx.language.adv.matmul_config import MatmulConfig
from ascx.language.core.enums import BatchMode, BatchOutMode, IterateOrder, MatmulConfigMode, ScheduleType

P = ParamSpec("P")
R = TypeVar("R")


def _helper(fn: Callable[P, R]) -> Callable[P, R]:
    """Resolve ``None`` arguments to their defaults and require compile-time values
    (docs/matmul-protocol.md#compile-time-arguments)."""
    signature = inspect.signature(fn)

    @wraps(fn)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        bound = signature.bind(*args, **kwargs)
        for name, value in list(bound.arguments.items()):
            if value is None and signature.parameters[name].default is not inspect.Parameter.empty:
                del bound.arguments[name]
            else:
                require_compile_time(value, name, fn.__name__)
        bound.apply_defaults()
        return fn(*bound.args, **bound.kwargs)

    return wrapper


_HELPER_BASE: dict[str, Any] = {"enable_ub_reuse": True}


def _config(**fields: Any) -> MatmulConfig:
    return MatmulConfig(**{**_HELPER_BASE, **fields})


@_helper
def get_normal_config(
    intrinsics_limit: bool = False,
    batch_loop: bool = False,
    is_vec_nd2_nz: bool = False,
    bmm_mode: BatchMode = BatchMode.BATCH_LESS_THAN_L1,
    is_msg_reuse: bool = True,
    iterate_order: IterateOrder = IterateOrder.UNDEF,
    schedule_type: ScheduleType = ScheduleType.INNER_PRODUCT,
    en_unit_flag: bool = True,
) -> MatmulConfig:
    """``GetNormalConfig``: the Norm template (``do_norm=True``)."""
    return _config(
        intrinsics_check=intrinsics_limit,
        is_n_batch=batch_loop,
        en_vec_nd2nz=is_vec_nd2_nz,
        batch_mode=bmm_mode,
        enable_reuse=is_msg_reuse,
        iterate_order=iterate_order,
        schedule_type=schedule_type,
        en_unit_flag=en_unit_flag,
    )


@_helper
def get_mdl_config(
    intrinsics_limit: bool = False,
    batch_loop: bool = False,
    do_mte2_preload: int = 0,
    is_vec_nd2_nz: bool = False,
    is_per_tensor: bool = False,
    has_anti_quant_offset: bool = False,
    en_unit_flag: bool = False,
    is_msg_reuse: bool = True,
    enable_ub_reuse: bool = True,
    enable_l1_cache_ub: bool = False,
    enable_mix_dual_master: bool = False,
    enable_kdim_reorder_load: bool = False,
) -> MatmulConfig:
    """``GetMDLConfig``: the MDL template (``do_multi_data_load=True``, ``batch_mode=NONE``)."""
    return _config(
        do_norm=False,
        do_multi_data_load=True,
        batch_mode=BatchMode.NONE,
        intrinsics_check=intrinsics_limit,
        is_n_batch=batch_loop,
        do_mte2_preload=do_mte2_preload,
        en_vec_nd2nz=is_vec_nd2_nz,
        is_per_tensor=is_per_tensor,
        has_anti_quant_offset=has_anti_quant_offset,
        en_unit_flag=en_unit_flag,
        enable_reuse=is_msg_reuse,
        enable_ub_reuse=enable_ub_reuse,
        enable_l1_cache_ub=enable_l1_cache_ub,
        enable_mix_dual_master=enable_mix_dual_master,
        enable_kdim_reorder_load=enable_kdim_reorder_load,
    )


@_helper
def get_special_mdl_config(
    intrinsics_limit: bool = False,
    batch_loop: bool = False,
    do_mte2_pre_load: int = 0,
    is_vec_nd2_nz: bool = False,
    is_per_tensor: bool = False,
    has_anti_quant_offset: bool = False,
) -> MatmulConfig:
    """``GetSpecialMDLConfig``: the special MDL template (``do_special_mdl=True``)."""
    return _config(
        do_norm=False,
        do_special_mdl=True,
        en_unit_flag=False,
        batch_mode=BatchMode.NONE,
        intrinsics_check=intrinsics_limit,
        is_n_batch=batch_loop,
        do_mte2_preload=do_mte2_pre_load,
        en_vec_nd2nz=is_vec_nd2_nz,
        is_per_tensor=is_per_tensor,
        has_anti_quant_offset=has_anti_quant_offset,
    )


@_helper
def get_ib_share_norm_config(
    intrinsics_limit: bool = False,
    batch_loop: bool = False,
    is_vec_nd2_nz: bool = False,
    bmm_mode: BatchMode = BatchMode.BATCH_LESS_THAN_L1,
    is_double_cache: bool = False,
    en_unit_flag: bool = True,
) -> MatmulConfig:
    """``GetIBShareNormConfig``: the IBShare template (``do_ib_share_norm=True``)."""
    return _config(
        do_norm=False,
        do_ib_share_norm=True,
        intrinsics_check=intrinsics_limit,
        is_n_batch=batch_loop,
        en_vec_nd2nz=is_vec_nd2_nz,
        batch_mode=bmm_mode,
        enable_double_cache=is_double_cache,
        en_unit_flag=en_unit_flag,
    )


@_helper
def get_basic_config(
    basic_m: int,
    basic_n: int,
    basic_k: int,
    intrinsics_limit: bool = False,
    batch_loop: bool = False,
    bmm_mode: BatchMode = BatchMode.BATCH_LESS_THAN_L1,
) -> MatmulConfig:
    """``GetBasicConfig``: the BasicBlock template (``do_basic_block=True``) with fixed base sizes."""
    return _config(
        do_norm=False,
        do_basic_block=True,
        en_unit_flag=False,
        basic_m=basic_m,
        basic_n=basic_n,
        basic_k=basic_k,
        intrinsics_check=intrinsics_limit,
        is_n_batch=batch_loop,
        batch_mode=bmm_mode,
    )


@_helper
def get_special_basic_config(
    basic_m: int,
    basic_n: int,
    basic_k: int,
    single_core_m: int,
    single_core_n: int,
    single_core_k: int,
    step_m: int,
    step_n: int,
    intrinsics_limit: bool = False,
    batch_loop: bool = False,
    bmm_mode: BatchMode = BatchMode.BATCH_LESS_THAN_L1,
) -> MatmulConfig:
    """``GetSpecialBasicConfig``: the special BasicBlock template (``do_special_basic_block=True``).

    The C++ getter was removed from the CANN 9.x headers while the template stays supported; ascx
    computes the config itself.
    """
    return _config(
        do_norm=False,
        do_special_basic_block=True,
        en_unit_flag=False,
        basic_m=basic_m,
        basic_n=basic_n,
        basic_k=basic_k,
        single_core_m=single_core_m,
        single_core_n=single_core_n,
        single_core_k=single_core_k,
        step_m=step_m,
        step_n=step_n,
        base_mn=basic_m * basic_n,
        single_core_mn=single_core_m * single_core_n,
        intrinsics_check=intrinsics_limit,
        is_n_batch=batch_loop,
        batch_mode=bmm_mode,
    )


# -- params classes and get_mm_config


@dataclass
class MatmulShapeParams:
    """Shape fields for ``get_mm_config``: ``single_core_m/n/k`` and ``basic_m/n/k``."""

    single_core_m: int = 0
    single_core_n: int = 0
    single_core_k: int = 0
    basic_m: int = 0
    basic_n: int = 0
    basic_k: int = 0


@dataclass
class MatmulQuantParams:
    """Quantisation fields for ``get_mm_config``."""

    is_per_tensor: bool = False
    has_anti_quant_offset: bool = False


class MatmulBatchParams:
    """Batch fields for ``get_mm_config``; ``is_b_batch`` is stored as ``is_n_batch``."""

    def __init__(
        self,
        is_b_batch: bool = False,
        batch_mode: BatchMode = BatchMode.BATCH_LESS_THAN_L1,
        is_bias_batch: bool = True,
        batch_out_mode: BatchOutMode = BatchOutMode.SINGLE_BATCH,
    ) -> None:
        self.is_n_batch = is_b_batch
        self.batch_mode = batch_mode
        self.is_bias_batch = is_bias_batch
        self.batch_out_mode = batch_out_mode

    def __repr__(self) -> str:
        return (
            f"MatmulBatchParams(is_b_batch={self.is_n_batch!r}, batch_mode={self.batch_mode!r}, "
            f"is_bias_batch={self.is_bias_batch!r}, batch_out_mode={self.batch_out_mode!r})"
        )

    def __ascx_fingerprint__(self) -> str:
        return repr(self)


@dataclass
class MatmulFuncParams:
    """Function switches for ``get_mm_config``."""

    intrinsics_limit: bool = False
    en_vec_nd2_nz: bool = False
    enable_double_cache: bool = False
    enable_l1_cache: bool = False
    do_mte2_pre_load: int = 0
    iterate_order: int = 0
    schedule_type: int = 0
    enable_reuse: bool = True
    enable_ub_reuse: bool = False
    is_partial_output: bool = False
    is_a2_b2_shared: bool = False
    is_enable_channel_split: bool = False
    enable_kdim_reorder_load: bool = False


@dataclass
class QuantConfig:
    """Four ``uint32_t`` counts for quantisation APIs (exported from ``asc.adv`` as in pyasc)."""

    calc_count: int = 0
    offset_count: int = 0
    scale_count: int = 0
    work_local_size: int = 0


_BASES: dict[MatmulConfigMode, Callable[[], MatmulConfig]] = {
    MatmulConfigMode.CONFIG_NORM: get_normal_config,
    MatmulConfigMode.CONFIG_MDL: get_mdl_config,
    MatmulConfigMode.CONFIG_SPECIALMDL: get_special_mdl_config,
    MatmulConfigMode.CONFIG_IBSHARE: get_ib_share_norm_config,
}


def _in(value: Any, allowed: list[int], name: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value not in allowed:
        raise ValueError(f"Params {name} should be in {allowed}")


def _fields_of(params: object) -> dict[str, Any]:
    match params:
        case MatmulShapeParams():
            return dataclasses.asdict(params)
        case MatmulQuantParams():
            return dataclasses.asdict(params)
        case MatmulBatchParams():
            _in(params.batch_mode, [1, 2, 3], "batch_mode")
            return {
                "is_n_batch": params.is_n_batch,
                "batch_mode": params.batch_mode,
                "is_bias_batch": params.is_bias_batch,
                "batch_out_mode": params.batch_out_mode,
            }
        case MatmulFuncParams():
            _in(params.iterate_order, [0, 1, 2], "iterate_order")
            _in(params.schedule_type, [0, 1], "schedule_type")
            _in(params.do_mte2_pre_load, [0, 1, 2], "do_mte2_preload")
            return {
                "intrinsics_check": params.intrinsics_limit,
                "en_vec_nd2nz": params.en_vec_nd2_nz,
                "enable_double_cache": params.enable_double_cache,
                "enable_l1_cache_ub": params.enable_l1_cache,
                "do_mte2_preload": params.do_mte2_pre_load,
                "iterate_order": params.iterate_order,
                "schedule_type": params.schedule_type,
                "enable_reuse": params.enable_reuse,
                "enable_ub_reuse": params.enable_ub_reuse,
                "is_partial_output": params.is_partial_output,
                "is_a2b2_shared": params.is_a2_b2_shared,
                "is_enable_channel_split": params.is_enable_channel_split,
                "enable_kdim_reorder_load": params.enable_kdim_reorder_load,
            }
        case _:
            raise TypeError(f"get_mm_config: unsupported argument of type {type(params).__name__}")


def get_mm_config(*args: Any, **kwargs: Any) -> MatmulConfig:
    """``GetMMConfig<mode>(params...)``: a base config by ``MatmulConfigMode`` (default ``CONFIG_NORM``),
    then the params objects applied in argument order (keyword names are ignored, as in pyasc)."""
    arguments = [*args, *kwargs.values()]
    for value in arguments:
        require_compile_time(value, "args", "get_mm_config")
    modes = [a for a in arguments if isinstance(a, MatmulConfigMode)]
    if len(modes) > 1:
        raise TypeError("get_mm_config: at most one MatmulConfigMode may be given")
    config = _BASES[modes[0] if modes else MatmulConfigMode.CONFIG_NORM]()
    for params in arguments:
        if not isinstance(params, MatmulConfigMode):
            config = dataclasses.replace(config, **_fields_of(params))
    return config


__all__ = [
    "MatmulBatchParams",
    "MatmulFuncParams",
    "MatmulQuantParams",
    "MatmulShapeParams",
    "QuantConfig",
    "get_basic_config",
    "get_ib_share_norm_config",
    "get_mdl_config",
    "get_mm_config",
    "get_normal_config",
    "get_special_basic_config",
    "get_special_mdl_config",
]
