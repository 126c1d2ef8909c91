"""pyasc's ``asc.runtime.config.Platform``: the SoCs a kernel may be built for.  Defined here, below both
``ascx.lib.runtime`` (which keeps the selection) and ``ascx.runtime.config`` (which re-exports it)."""

from __future__ import annotations

from enum import Enum


class Platform(Enum):
    """The SoC a kernel is built for; the emulation models the Ascend 910B family (dav-c220), to which
    the 910_93 SoCs belong."""

    Ascend910B1 = "Ascend910B1"
    Ascend910B2 = "Ascend910B2"
    Ascend910B2C = "Ascend910B2C"
    Ascend910B3 = "Ascend910B3"
    Ascend910B4 = "Ascend910B4"
    Ascend910B4_1 = "Ascend910B4-1"
    Ascend910_9362 = "Ascend910_9362"
    Ascend910_9372 = "Ascend910_9372"
    Ascend910_9381 = "Ascend910_9381"
    Ascend910_9382 = "Ascend910_9382"
    Ascend910_9391 = "Ascend910_9391"
    Ascend910_9392 = "Ascend910_9392"
