"""pyasc's ``asc.lib.host``: CANN's host-side Matmul tiling API, in pure Python.

    import ascx as asc

    host = asc.lib.host
    tiling = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    tiling.set_a_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    tiling.set_b_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT16)
    tiling.set_c_type(host.TPosition.GM, host.CubeFormat.ND, host.DataType.DT_FLOAT)
    tiling.set_dim(48)
    tiling.set_shape(512, 1024, 512)
    tiling_data = asc.adv.TCubeTiling()
    tiling.get_tiling(tiling_data)  # 0; raises host.TilingError with the reason when impossible

How the tiling is chosen: docs/reference/host_tiling.md.  The host side of the rest of the library
(temporary-buffer sizes, the SoftMax, RmsNorm, LayerNorm and DeepNorm tilings) is ``ascx.lib.host.adv_tiling``:
docs/reference/adv/README.md#the-host-side-asclibhost.
"""

from __future__ import annotations

from ascx.language.adv.lib_tiling import (
    DeepNormTiling,
    LayerNormTiling,
    LogSoftmaxTiling,
    RmsNormTiling,
    SoftmaxTiling,
)
from ascx.language.adv.tiling import TCubeTiling
from ascx.lib.host.adv_tiling import (
    get_acos_max_min_tmp_size,
    get_acosh_max_min_tmp_size,
    get_ascend_quant_max_min_tmp_size,
    get_asin_max_min_tmp_size,
    get_asinh_max_min_tmp_size,
    get_atan_max_min_tmp_size,
    get_atanh_max_min_tmp_size,
    get_axpy_max_min_tmp_size,
    get_ceil_max_min_tmp_size,
    get_concat_tmp_size,
    get_cos_max_min_tmp_size,
    get_cosh_max_min_tmp_size,
    get_deep_norm_max_min_tmp_size,
    get_deep_norm_tiling_info,
    get_digamma_max_min_tmp_size,
    get_erf_max_min_tmp_size,
    get_erfc_max_min_tmp_size,
    get_exp_max_min_tmp_size,
    get_floor_max_min_tmp_size,
    get_frac_max_min_tmp_size,
    get_layer_norm_max_min_tmp_size,
    get_layer_norm_nd_tiling_info,
    get_lgamma_max_min_tmp_size,
    get_log_max_min_tmp_size,
    get_log_soft_max_max_tmp_size,
    get_log_soft_max_min_tmp_size,
    get_power_max_min_tmp_size,
    get_rms_norm_max_min_tmp_size,
    get_rms_norm_tiling_info,
    get_round_max_min_tmp_size,
    get_sign_max_min_tmp_size,
    get_sin_max_min_tmp_size,
    get_sinh_max_min_tmp_size,
    get_soft_max_flash_max_tmp_size,
    get_soft_max_flash_min_tmp_size,
    get_soft_max_flash_v2_max_tmp_size,
    get_soft_max_flash_v2_min_tmp_size,
    get_soft_max_max_tmp_size,
    get_soft_max_min_tmp_size,
    get_tan_max_min_tmp_size,
    get_tanh_max_min_tmp_size,
    get_trunc_max_min_tmp_size,
    get_xor_max_min_tmp_size,
    is_basic_block_in_soft_max,
    log_soft_max_tiling_func,
    soft_max_flash_tiling_func,
    soft_max_flash_v2_tiling_func,
    soft_max_tiling_func,
)
from ascx.lib.host.enums import (
    CubeFormat,
    DataType,
    DequantType,
    MatrixMadType,
    MatrixTraverse,
    ScheduleType,
    TPosition,
)
from ascx.lib.host.platform import CoreMemType, PlatformAscendC, PlatformAscendCManager
from ascx.lib.host.search import TilingError
from ascx.lib.host.tiling import (
    BatchMatmulTiling,
    MatmulApiTiling,
    MatmulApiTilingBase,
    MatmulConfigParams,
    MultiCoreMatmulTiling,
    TilingResult,
)


def get_ascendc_platform() -> PlatformAscendC:
    """The platform of the SoC ``asc.runtime.config.set_platform`` selected (Ascend910B1 by default)."""
    return PlatformAscendCManager.get_instance()


__all__ = [
    "BatchMatmulTiling",
    "CoreMemType",
    "CubeFormat",
    "DataType",
    "DeepNormTiling",
    "DequantType",
    "LayerNormTiling",
    "LogSoftmaxTiling",
    "MatmulApiTiling",
    "MatmulApiTilingBase",
    "MatmulConfigParams",
    "MatrixMadType",
    "MatrixTraverse",
    "MultiCoreMatmulTiling",
    "PlatformAscendC",
    "PlatformAscendCManager",
    "RmsNormTiling",
    "ScheduleType",
    "SoftmaxTiling",
    "TCubeTiling",
    "TPosition",
    "TilingError",
    "TilingResult",
    "get_acos_max_min_tmp_size",
    "get_acosh_max_min_tmp_size",
    "get_ascend_quant_max_min_tmp_size",
    "get_ascendc_platform",
    "get_asin_max_min_tmp_size",
    "get_asinh_max_min_tmp_size",
    "get_atan_max_min_tmp_size",
    "get_atanh_max_min_tmp_size",
    "get_axpy_max_min_tmp_size",
    "get_ceil_max_min_tmp_size",
    "get_concat_tmp_size",
    "get_cos_max_min_tmp_size",
    "get_cosh_max_min_tmp_size",
    "get_deep_norm_max_min_tmp_size",
    "get_deep_norm_tiling_info",
    "get_digamma_max_min_tmp_size",
    "get_erf_max_min_tmp_size",
    "get_erfc_max_min_tmp_size",
    "get_exp_max_min_tmp_size",
    "get_floor_max_min_tmp_size",
    "get_frac_max_min_tmp_size",
    "get_layer_norm_max_min_tmp_size",
    "get_layer_norm_nd_tiling_info",
    "get_lgamma_max_min_tmp_size",
    "get_log_max_min_tmp_size",
    "get_log_soft_max_max_tmp_size",
    "get_log_soft_max_min_tmp_size",
    "get_power_max_min_tmp_size",
    "get_rms_norm_max_min_tmp_size",
    "get_rms_norm_tiling_info",
    "get_round_max_min_tmp_size",
    "get_sign_max_min_tmp_size",
    "get_sin_max_min_tmp_size",
    "get_sinh_max_min_tmp_size",
    "get_soft_max_flash_max_tmp_size",
    "get_soft_max_flash_min_tmp_size",
    "get_soft_max_flash_v2_max_tmp_size",
    "get_soft_max_flash_v2_min_tmp_size",
    "get_soft_max_max_tmp_size",
    "get_soft_max_min_tmp_size",
    "get_tan_max_min_tmp_size",
    "get_tanh_max_min_tmp_size",
    "get_trunc_max_min_tmp_size",
    "get_xor_max_min_tmp_size",
    "is_basic_block_in_soft_max",
    "log_soft_max_tiling_func",
    "soft_max_flash_tiling_func",
    "soft_max_flash_v2_tiling_func",
    "soft_max_tiling_func",
]
