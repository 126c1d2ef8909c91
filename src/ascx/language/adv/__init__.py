"""pyasc's ``asc.language.adv`` (``asc.adv``): the Matmul high-level API."""

from ascx.language.adv.api_docs import apply_docstrings as _apply_docstrings
from ascx.language.adv.config_helpers import (
    MatmulBatchParams,
    MatmulFuncParams,
    MatmulQuantParams,
    MatmulShapeParams,
    QuantConfig,
    get_basic_config,
    get_ib_share_norm_config,
    get_mdl_config,
    get_mm_config,
    get_normal_config,
    get_special_basic_config,
    get_special_mdl_config,
)
from ascx.language.adv.matmul import Matmul, register_matmul
from ascx.language.adv.matmul_config import MatmulConfig
from ascx.language.adv.matmul_type import MatmulType
from ascx.language.adv.matrix_offset import MatrixOffset
from ascx.language.adv.static_tiling import MatmulApiStaticTiling, get_matmul_api_tiling
from ascx.language.adv.tiling import TCubeTiling
from ascx.language.core.enums import (
    BatchMode,
    BatchOutMode,
    CubeFormat,
    IterateMode,
    IterateOrder,
    LayoutMode,
    MatmulConfigMode,
    MatmulPolicy,
    ScheduleType,
    TPosition,
)

_apply_docstrings()

__all__ = [
    "BatchMode",
    "BatchOutMode",
    "CubeFormat",
    "IterateMode",
    "IterateOrder",
    "LayoutMode",
    "Matmul",
    "MatmulApiStaticTiling",
    "MatmulBatchParams",
    "MatmulConfig",
    "MatmulConfigMode",
    "MatmulFuncParams",
    "MatmulPolicy",
    "MatmulQuantParams",
    "MatmulShapeParams",
    "MatmulType",
    "MatrixOffset",
    "QuantConfig",
    "ScheduleType",
    "TCubeTiling",
    "TPosition",
    "get_basic_config",
    "get_ib_share_norm_config",
    "get_matmul_api_tiling",
    "get_mdl_config",
    "get_mm_config",
    "get_normal_config",
    "get_special_basic_config",
    "get_special_mdl_config",
    "register_matmul",
]
