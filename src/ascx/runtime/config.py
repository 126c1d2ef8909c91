"""pyasc's ``asc.runtime.config``: where ``kernel[block_dim](...)`` runs, and the kernel types.

ascx has one execution backend, the CPU emulation of the Ascend C API (``Backend.Model``, the
default), so pyasc launch code that selects it works unchanged.  ``Backend.NPU`` can be selected
with ``check=False`` (to compile for CANN), but launching then fails with a clear error: ascx does
not drive devices.  The selection is kept by ``asc.lib.runtime`` (``rt``), as in pyasc.
"""

from __future__ import annotations

from enum import Enum

from ascx.errors import AscxError
from ascx.kernel_type import KernelType as KernelType
from ascx.lib import runtime as rt
from ascx.lib.runtime.platforms import Platform as Platform


class Backend(Enum):
    """Where kernels run: ``Model`` (ascx: the CPU emulation) or ``NPU`` (a device, not supported)."""

    Model = "Model"
    NPU = "NPU"


def set_platform(
    backend: Backend | str, soc_version: Platform | None = None, device_id: int | None = None, check: bool = True
) -> None:
    """Select the backend (and SoC) later launches use, and the device when ``device_id`` is given.

    With ``check`` (the default) a backend that cannot run kernels is an error: the model needs a host
    C++ compiler to build the emulation, and ascx has no NPU runtime.
    """
    backend = Backend(backend)
    if backend is Backend.Model:
        rt.use_model()
        soc = Platform.Ascend910B1 if soc_version is None else Platform(soc_version)
    else:
        rt.use_npu()
        soc = rt.get_soc_version() if soc_version is None else Platform(soc_version)
    rt.set_soc_version(soc)
    if device_id is not None and backend is Backend.Model:
        rt.set_device(device_id)
    if check and not rt.is_available():
        if backend is Backend.Model:
            raise RuntimeError(
                "Runtime library is not available! ascx runs Backend.Model on its CPU emulation, which needs a "
                f"host C++ compiler (g++ or clang++) on PATH (pyasc's model is $ASCEND_HOME_PATH/tools/simulator/"
                f"{soc.value}/lib, which ascx does not use)"
            )
        raise RuntimeError(
            "Runtime library is not available! ascx has no NPU runtime: kernels run on Backend.Model, the CPU "
            "emulation (pass check=False to select the NPU for compiling only)"
        )


def current_backend() -> Backend:
    """The backend ``set_platform`` selected (``Backend.Model`` by default)."""
    return Backend.Model if rt.is_model() else Backend.NPU


def current_platform() -> Platform:
    """The SoC ``set_platform`` selected (Ascend910B1 by default)."""
    return rt.get_soc_version()


def require_model_backend(kernel: str) -> None:
    """Launching needs the CPU emulation; with ``Backend.NPU`` selected say why it cannot run."""
    if current_backend() is not Backend.Model:
        raise AscxError(
            f"cannot launch '{kernel}' on an NPU: ascx runs kernels on its CPU emulation only",
            hints=["call asc.runtime.config.set_platform(asc.runtime.config.Backend.Model)"],
            kind="no-backend",
        )
