"""pyasc's ``asc.language.adv.types``: the configuration types of the high-level library."""

from __future__ import annotations

from ascx.language.adv.config_helpers import (
    MatmulBatchParams,
    MatmulFuncParams,
    MatmulQuantParams,
    MatmulShapeParams,
    QuantConfig,
)
from ascx.language.adv.matmul_config import MatmulConfig

__all__ = [
    "MatmulBatchParams",
    "MatmulConfig",
    "MatmulFuncParams",
    "MatmulQuantParams",
    "MatmulShapeParams",
    "QuantConfig",
]
