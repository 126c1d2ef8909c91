"""pyasc's ``asc.lib``: host-side libraries.

``asc.lib.host`` is the Matmul tiling API (``MultiCoreMatmulTiling``, ...).  It is imported on
first use, so ``import ascx`` does not pay for it.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ascx.lib import host as host

__all__ = ["host"]


def __getattr__(name: str) -> ModuleType:
    if name == "host":
        return importlib.import_module("ascx.lib.host")
    raise AttributeError(f"module 'ascx.lib' has no attribute '{name}'")
