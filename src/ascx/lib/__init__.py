"""pyasc's ``asc.lib``: host-side libraries.

``asc.lib.host`` is the Matmul tiling API (``MultiCoreMatmulTiling``, ...) and ``asc.lib.runtime``
the stream of pyasc's launch spelling ``kernel[n, rt.current_stream()]``.  They are imported on first
use, so ``import ascx`` does not pay for them.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ascx.lib import host as host, runtime as runtime

__all__ = ["host", "runtime"]


def __getattr__(name: str) -> ModuleType:
    if name in ("host", "runtime"):
        return importlib.import_module(f"ascx.lib.{name}")
    raise AttributeError(f"module 'ascx.lib' has no attribute '{name}'")
