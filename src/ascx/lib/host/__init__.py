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

How the tiling is chosen: docs/reference/host_tiling.md.
"""

from __future__ import annotations

from ascx.language.adv.tiling import TCubeTiling
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
    "DequantType",
    "MatmulApiTiling",
    "MatmulApiTilingBase",
    "MatmulConfigParams",
    "MatrixMadType",
    "MatrixTraverse",
    "MultiCoreMatmulTiling",
    "PlatformAscendC",
    "PlatformAscendCManager",
    "ScheduleType",
    "TCubeTiling",
    "TPosition",
    "TilingError",
    "TilingResult",
    "get_ascendc_platform",
]
