"""pyasc's ``asc.runtime.config``: where ``kernel[block_dim](...)`` runs.

ascx has one execution backend, the CPU emulation of the Ascend C API (``Backend.Model``, the
default), so pyasc launch code that selects it works unchanged.  ``Backend.NPU`` is accepted by
:func:`set_platform` but launching then fails with a clear error: ascx does not drive devices.
"""

from __future__ import annotations

from enum import Enum

from ascx.errors import AscxError


class Backend(Enum):
    """Where kernels run: ``Model`` (ascx: the CPU emulation) or ``NPU`` (a device, not supported)."""

    Model = "Model"
    NPU = "NPU"


class Platform(Enum):
    """The SoC a kernel is built for; the emulation models the Ascend 910B family (dav-c220)."""

    Ascend910B1 = "Ascend910B1"
    Ascend910B2 = "Ascend910B2"
    Ascend910B2C = "Ascend910B2C"
    Ascend910B3 = "Ascend910B3"
    Ascend910B4 = "Ascend910B4"
    Ascend910B4_1 = "Ascend910B4-1"


_backend = Backend.Model
_platform = Platform.Ascend910B1


def set_platform(
    backend: Backend | str, soc_version: Platform | None = None, device_id: int | None = None, check: bool = True
) -> None:
    """Select the backend (and SoC) later launches use; ``device_id`` and ``check`` are accepted for
    pyasc compatibility and unused."""
    global _backend, _platform
    _backend = Backend(backend)
    if soc_version is not None:
        _platform = Platform(soc_version)
    del device_id, check


def current_backend() -> Backend:
    return _backend


def current_platform() -> Platform:
    """The SoC ``set_platform`` selected (Ascend910B1 by default)."""
    return _platform


def require_model_backend(kernel: str) -> None:
    """Launching needs the CPU emulation; with ``Backend.NPU`` selected say why it cannot run."""
    if _backend is not Backend.Model:
        raise AscxError(
            f"cannot launch '{kernel}' on an NPU: ascx runs kernels on its CPU emulation only",
            hints=["call asc.runtime.config.set_platform(asc.runtime.config.Backend.Model)"],
            kind="no-backend",
        )
