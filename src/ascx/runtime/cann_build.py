"""Building emitted Ascend C with the real CANN toolchain, when one is installed (docs/reference/cli.md).

A MIX kernel is compiled twice by ``bisheng``, once for the cube core (``dav-c220-cube``) and once for
the vector core (``dav-c220-vec``), and the two objects are linked by ``ld.lld``; an AIC-only or
AIV-only kernel is compiled once for its core.  The command lines are pyasc 1.1.1's, so what ascx
builds is what pyasc would build; bisheng's own automatic synchronisation (``--cce-auto-sync``) is
off unless asked for, since ascx inserts and verifies synchronisation itself.  Without a toolkit
(``ASCEND_HOME_PATH`` set and ``bisheng`` on PATH) a clear error says what is missing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from ascx.dialects.ascendc.enums import KernelType
from ascx.errors import AscxError
from ascx.progress import logger, step, tool_run
from ascx.runtime.compiler import CompiledKernel

LOG = logger("cann_build")
"""The build at INFO, each bisheng or ld.lld run at DEBUG (docs/emulation.md#progress-and-timings)."""

ARCH = "dav-c220"
"""The Ascend 910B family (``__NPU_ARCH__ == 2201``)."""
CORES: dict[KernelType, tuple[str, ...]] = {
    KernelType.MIX_AIC_1_2: ("cube", "vec"),
    KernelType.MIX_AIC_1_1: ("cube", "vec"),
    KernelType.MIX_AIV_1_0: ("vec",),
    KernelType.AIC_ONLY: ("cube",),
    KernelType.AIV_ONLY: ("vec",),
}


@dataclass(frozen=True)
class Toolkit:
    """An installed CANN toolkit: its root and its compiler and linker."""

    home: Path
    bisheng: str
    linker: str

    @property
    def tikcpp(self) -> Path:
        return self.home / "compiler" / "tikcpp"


def find_toolkit() -> Toolkit:
    """The CANN toolkit of ``$ASCEND_HOME_PATH``; an error naming everything that is missing."""
    home = os.environ.get("ASCEND_HOME_PATH")
    bisheng = shutil.which("bisheng")
    linker = shutil.which("ld.lld")
    missing: list[str] = []
    if not home:
        missing.append("ASCEND_HOME_PATH is not set (source <cann>/set_env.sh)")
    elif not Path(home).is_dir():
        missing.append(f"ASCEND_HOME_PATH={home} is not a directory")
    if bisheng is None:
        missing.append("bisheng is not on PATH")
    if linker is None:
        missing.append("ld.lld is not on PATH")
    if missing or home is None or bisheng is None or linker is None:
        raise AscxError(
            "cannot build for the NPU: no CANN toolkit found: " + "; ".join(missing),
            hints=[
                "install the CANN toolkit and source its set_env.sh, or run kernels on the CPU emulation "
                "(kernel[block_dim](...))"
            ],
            kind="no-backend",
        )
    return Toolkit(Path(home), bisheng, linker)


def compile_command(
    toolkit: Toolkit,
    core: str,
    source: Path,
    output: Path,
    *,
    mix: bool,
    dump: bool,
    auto_sync: bool,
    defines: tuple[str, ...] = (),
) -> list[str]:
    """bisheng's command line for one core side (pyasc 1.1.1's flags); ``defines``: the kernel type's
    (``KernelType.toolchain_defines``, docs/emulation.md#the-mix_aic_1_1-hang)."""
    command = [
        toolkit.bisheng, "-c", "-x", "cce", "-O3", str(source), f"--cce-aicore-arch={ARCH}-{core}",
        "--cce-aicore-only", "-o", str(output), "-std=c++17", "--cce-disable-kernel-global-attr-check",
        "-mllvm", "-cce-aicore-stack-size=0x8000", "-mllvm", "-cce-aicore-function-stack-size=0x8000",
        "-mllvm", "-cce-aicore-dcci-insert-for-scalar=false",
        f"-I{toolkit.tikcpp / 'tikcfw'}", f"-I{toolkit.tikcpp / 'tikcfw' / 'impl'}",
        f"-I{toolkit.tikcpp / 'tikcfw' / 'interface'}",
    ]  # fmt: skip
    version = toolkit.home / "include" / "version" / "cann_version.h"
    if version.is_file():
        command += ["-include", str(version)]
    command.append(f"-DASCENDC_DUMP={int(dump)}")
    if auto_sync:
        command += ["--cce-auto-sync", "-mllvm", "-api-deps-filter"]
    if mix:
        command += ["-cce-enable-mix", "-D__MIX_CORE_MACRO__=1"]
    command += defines
    command += ["-D__NPU_TILING__", "-DTILING_KEY_VAR=0"]
    return command


def link_command(toolkit: Toolkit, objects: list[Path], output: Path) -> list[str]:
    """The link of a MIX kernel's two core objects into one."""
    return [toolkit.linker, "-m", "aicorelinux", "-Ttext=0", *map(str, objects), "-static", "-o", str(output)]


def build_commands(
    compiled: CompiledKernel, toolkit: Toolkit, directory: Path, *, auto_sync: bool = False
) -> tuple[Path, list[list[str]]]:
    """The kernel's source file, and the commands that turn it into ``<symbol>.o`` in ``directory``: the
    files are named after the kernel's C++ symbol (``CompiledKernel.kernel_name``), the name a launcher
    looks up in the object."""
    stem = compiled.kernel_name
    source = directory / f"{stem}.cce"
    cores = CORES[compiled.kernel_type]
    mix = len(cores) > 1
    dump = "InitDump" in compiled.source
    final = directory / f"{stem}.o"
    objects = [directory / f"{stem}_{core}.o" for core in cores] if mix else [final]
    defines = compiled.kernel_type.toolchain_defines
    commands = [
        compile_command(toolkit, core, source, obj, mix=mix, dump=dump, auto_sync=auto_sync, defines=defines)
        for core, obj in zip(cores, objects, strict=True)
    ]
    if mix:
        commands.append(link_command(toolkit, objects, final))
    return source, commands


def build(compiled: CompiledKernel, directory: Path, *, auto_sync: bool = False) -> Path:
    """Build ``compiled`` for the NPU into ``directory``; the kernel object's path."""
    toolkit = find_toolkit()
    directory.mkdir(parents=True, exist_ok=True)
    source, commands = build_commands(compiled, toolkit, directory, auto_sync=auto_sync)
    source.write_text(compiled.source)
    with step(LOG, f"building '{compiled.name}' for the NPU with bisheng"):
        for command in commands:
            _run(compiled, command)
    return directory / f"{compiled.kernel_name}.o"


def _run(compiled: CompiledKernel, command: list[str]) -> None:
    """One command of the build; an error with its output."""
    tool = Path(command[0]).name
    with tool_run(LOG, f"running {tool} for '{compiled.name}'" + _core_of(command)):
        result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise AscxError(
            f"{tool} failed for kernel '{compiled.name}':\n{result.stderr.strip()[-4000:]}",
            hints=["the command was: " + " ".join(command)],
            kind="build",
        )


def _core_of(command: list[str]) -> str:
    """`` (dav-c220-cube)``: the core a bisheng command compiles for, or "" (the link)."""
    arch = [part.split("=", 1)[1] for part in command if part.startswith("--cce-aicore-arch=")]
    return f" ({arch[0]})" if arch else ""
