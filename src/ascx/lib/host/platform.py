"""``PlatformAscendC``: what the host tiling knows about the chip (core counts, on-chip memory sizes).

ascx models the Ascend 910B family (dav-c220): every SoC has the same on-chip memories per core
(L1 512 KiB, L0A and L0B 64 KiB each, L0C 128 KiB, UB 192 KiB, a 1 KiB bias table) and differs in
its number of cube cores (AIC) and vector cores (AIV, two per cube core).
"""

from __future__ import annotations

from enum import IntEnum
from typing import ClassVar

from ascx.lib import runtime as rt


class CoreMemType(IntEnum):
    """On-chip memories, numbered as CANN's ``platform_ascendc::CoreMemType``."""

    L0_A = 0
    L0_B = 1
    L0_C = 2
    L1 = 3
    L2 = 4
    UB = 5
    HBM = 6


MEM_SIZES: dict[CoreMemType, int] = {
    CoreMemType.L0_A: 64 * 1024,
    CoreMemType.L0_B: 64 * 1024,
    CoreMemType.L0_C: 128 * 1024,
    CoreMemType.L1: 512 * 1024,
    CoreMemType.UB: 192 * 1024,
}
"""Bytes per core of the memories the tiling uses, the same on every 910B-family SoC."""

BIAS_TABLE_SIZE = 1024
"""Bytes of the bias table (BT) a cube core reads its bias from."""

CUBE_CORES: dict[str, int] = {
    "Ascend910B1": 24,
    "Ascend910B2": 24,
    "Ascend910B2C": 24,
    "Ascend910B3": 20,
    "Ascend910B4": 20,
    "Ascend910B4-1": 20,
    "Ascend910_9391": 24,
    "Ascend910_9392": 24,
    "Ascend910_9381": 24,
    "Ascend910_9382": 24,
    "Ascend910_9372": 20,
    "Ascend910_9362": 20,
}
"""Cube cores per SoC (pyasc's ``asc.runtime.config.Platform`` names); each has two vector cores.
The 910B1/B2/B3/B4 and 910_9392 counts are those of CANN's platform files; the other 910_93xx
counts are unverified."""

LIB_API_WORKSPACE_SIZE = 16 * 1024 * 1024
"""The system workspace Matmul kernels get (pyasc's tutorials allocate 16 MiB); the emulation
ignores its contents."""


class PlatformAscendC:
    """One SoC's parameters.  Obtain it with :func:`ascx.lib.host.get_ascendc_platform` or
    ``PlatformAscendCManager.get_instance(soc_version)``; the keyword arguments override a core
    count or memory size (for experiments: real chips have the table's values)."""

    def __init__(
        self,
        soc_version: str = "Ascend910B1",
        *,
        core_num_aic: int | None = None,
        mem_sizes: dict[CoreMemType, int] | None = None,
    ) -> None:
        if soc_version not in CUBE_CORES:
            known = ", ".join(CUBE_CORES)
            raise ValueError(f"unknown SoC '{soc_version}': ascx models the Ascend 910B family ({known})")
        self._soc = soc_version
        self._aic = CUBE_CORES[soc_version] if core_num_aic is None else core_num_aic
        if self._aic <= 0:
            raise ValueError(f"core_num_aic must be positive, got {self._aic}")
        self._mem = dict(MEM_SIZES)
        for memory, size in (mem_sizes or {}).items():
            if memory not in MEM_SIZES or size <= 0:
                raise ValueError(f"cannot set the size of {CoreMemType(memory).name} to {size}")
            self._mem[memory] = size

    def __repr__(self) -> str:
        return f"PlatformAscendC('{self._soc}', aic={self._aic}, aiv={self.get_core_num_aiv()})"

    def get_soc_version(self) -> str:
        """The SoC name, e.g. ``"Ascend910B1"``."""
        return self._soc

    def get_core_num(self) -> int:
        """CANN's ``GetCoreNum``: on a chip with separate cube and vector cores, the vector cores."""
        return self.get_core_num_aiv()

    def get_core_num_aic(self) -> int:
        """Cube cores (the blocks of a cube-only or MIX kernel)."""
        return self._aic

    def get_core_num_aiv(self) -> int:
        """Vector cores: two per cube core."""
        return 2 * self._aic

    def get_core_mem_size(self, mem_type: CoreMemType) -> int:
        """Bytes of one core's ``mem_type`` memory (L0_A, L0_B, L0_C, L1 or UB)."""
        memory = CoreMemType(mem_type)
        if memory not in self._mem:
            raise ValueError(f"the size of {memory.name} is not modelled (L0_A, L0_B, L0_C, L1 and UB are)")
        return self._mem[memory]

    def get_lib_api_work_space_size(self) -> int:
        """The workspace the Matmul API needs in global memory: 16 MiB (unverified, see above)."""
        return LIB_API_WORKSPACE_SIZE


class PlatformAscendCManager:
    """``PlatformAscendCManager.get_instance(soc_version)``: one shared ``PlatformAscendC`` per SoC."""

    _instances: ClassVar[dict[str, PlatformAscendC]] = {}

    def __init__(self) -> None:
        raise TypeError("PlatformAscendCManager is not instantiated: call PlatformAscendCManager.get_instance()")

    @staticmethod
    def get_instance(soc_version: str | None = None) -> PlatformAscendC:
        """The platform of ``soc_version``, or of the SoC ``asc.runtime.config.set_platform`` selected."""
        soc = soc_version if soc_version is not None else current_soc_version()
        instances = PlatformAscendCManager._instances
        if soc not in instances:
            instances[soc] = PlatformAscendC(soc)
        return instances[soc]


def current_soc_version() -> str:
    """The SoC selected with ``asc.runtime.config.set_platform`` (Ascend910B1 by default)."""
    return str(rt.get_soc_version().value)
