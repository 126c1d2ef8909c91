"""What an emulation build starts from (docs/emulation.md#build-time): the kernel's preamble precompiled,
and the runtime object.

Every printed kernel starts with the same few ``#define``/``#include`` lines (``ascx-kernel-prologue``):
its *preamble*.  Parsing the emulation headers behind them, and compiling the machinery every kernel
shares (the launcher, the error and bounds checks, the synchronisation checker: the headers'
``ASCX_EMU_SHARED`` functions), was most of a kernel's build.  So, once per preamble, core side,
compiler and flags, and kept in the build directory:

- ``preamble.h`` is precompiled (``preamble.h.gch`` for g++, ``preamble.h.pch`` for clang), and kernels
  are compiled with ``-include preamble.h``: the headers' include guards make the kernel's own includes
  no-ops;
- ``runtime.o`` is the preamble and ``ascx_emu/launch.h`` (and, for a preamble that includes the Matmul
  header, the Matmul core's headers) compiled with ``-DASCX_EMU_RUNTIME_OBJECT``: the one compiled copy of
  the shared functions and of the Matmul engine's type-erased core, which a kernel compiled with
  ``-DASCX_EMU_THIN`` (it sees their declarations only) links.

Neither changes what a kernel does: the same headers, flags and code, only compiled once.  A preamble
that does not precompile falls back to the whole build, which reports the error.  ``ASCX_EMU_PRELUDE=0``
builds every kernel whole, ``ASCX_EMU_MATMUL_CORE=0`` compiles the Matmul core in each kernel (the approaches
before, kept to measure against: ``benchmarks/edit_run_latency.py``).
"""

from __future__ import annotations

import os
import re
import subprocess
import threading
from dataclasses import dataclass
from pathlib import Path

PRELUDE_ENV = "ASCX_EMU_PRELUDE"
"""``0``: every build compiles the whole emulation in the kernel's translation unit."""
MATMUL_CORE_ENV = "ASCX_EMU_MATMUL_CORE"
"""``0``: a thin build compiles the Matmul engine's core in the kernel's translation unit, at the build kind's
optimisation, as before the core moved into the runtime object (kept to measure against)."""
MATMUL_HEADER = '#include "lib/matmul_intf.h"\n'
"""The preamble line that brings in the Matmul engine, whose core the runtime object then holds."""
MATMUL_LINKED = "-DASCX_EMU_MATMUL_LINKED"
"""A thin kernel's translation unit that links the Matmul core from the runtime object (``ascx_emu/matmul_core.h``)."""
THIN = "-DASCX_EMU_THIN"
"""A kernel's translation unit that links the runtime object (``ascx_emu/linkage.h``)."""
RUNTIME_OBJECT = "-DASCX_EMU_RUNTIME_OBJECT"
"""The runtime object's translation unit: the shared functions' one compiled copy."""
RUNTIME_HEADERS = '#include "ascx_emu/launch.h"\n'
"""What the runtime object adds to the preamble: the launcher every emulation build appends."""
MATMUL_CORE_HEADERS = '#include "ascx_emu/matmul_core.h"\n#include "ascx_emu/matmul_tiling_check.h"\n'
"""What it adds with ``-DASCX_EMU_MATMUL_LINKED``: the Matmul engine's type-erased core and its tiling check."""


def runtime_source(preamble: str, flags: list[str] | tuple[str, ...]) -> str:
    """The runtime object's source for ``preamble`` built with ``flags``."""
    return preamble + RUNTIME_HEADERS + (MATMUL_CORE_HEADERS if MATMUL_LINKED in flags else "")


_PREAMBLE_LINE = re.compile(r'#(?:define \w+|include "[^"\n]+")\n')


def enabled() -> bool:
    """Whether builds start from a prelude (``$ASCX_EMU_PRELUDE`` is not ``0``)."""
    return os.environ.get(PRELUDE_ENV) != "0"


KERNEL_OPTIMISATION = ("-O1", "-ftree-vectorize", "-finline-small-functions")
"""How a thin fast build with g++ optimises the kernel's own translation unit (after the build kind's ``-O2``,
which the runtime object keeps): the hot loops, the Matmul core's and the shared machinery's, are in the runtime
object; the kernel's unit keeps its vector loops vectorised and its small functions inlined, and is compiled in
about three quarters of the time (docs/emulation.md#build-time)."""

CLANG_KERNEL_OPTIMISATION = ("-O1", "-fvectorize", "-fslp-vectorize")
"""The same for clang++ (which inlines at ``-O1`` and vectorises only when told below ``-O2``): the kernel's unit
in about 0.65-0.8x the CPU of ``-O2``, the vector tutorials' and the Matmul's run times unchanged within their
spread (docs/emulation.md#build-time)."""


def kernel_optimisation(*, gcc: bool) -> tuple[str, ...]:
    """The lighter optimisation of a thin fast build's kernel unit with g++ (``gcc``) or clang++."""
    return KERNEL_OPTIMISATION if gcc else CLANG_KERNEL_OPTIMISATION


def thin_flags(extra_flags: tuple[str, ...], preamble: str, *, gcc: bool = True) -> tuple[str, ...]:
    """What makes the build of a kernel with ``preamble`` and ``extra_flags`` thin: it links the runtime object,
    with the Matmul core in it when the preamble includes the Matmul header, and its own unit is optimised
    lighter (:func:`kernel_optimisation`); ``$ASCX_EMU_MATMUL_CORE=0`` keeps the approach before (the core in
    the kernel, its optimisation)."""
    if os.environ.get(MATMUL_CORE_ENV) == "0":
        return (THIN,)
    linked = (MATMUL_LINKED,) if MATMUL_HEADER in preamble else ()
    return (*(kernel_optimisation(gcc=gcc) if "-O2" in extra_flags else ()), *linked, THIN)


def runtime_flags(extra_flags: tuple[str, ...]) -> tuple[str, ...]:
    """The flags of the runtime object that a thin build with ``extra_flags`` links: the build kind's own."""
    lighter = {*KERNEL_OPTIMISATION, *CLANG_KERNEL_OPTIMISATION} if "-O2" in extra_flags else set[str]()
    return tuple(flag for flag in extra_flags if flag != THIN and flag not in lighter)


def source_preamble(source: str) -> str:
    """The source's leading ``#define NAME`` and ``#include "..."`` lines, or "" when it does not start
    with an include."""
    end = 0
    while (match := _PREAMBLE_LINE.match(source, end)) is not None:
        end = match.end()
    preamble = source[:end]
    return preamble if "#include" in preamble else ""


@dataclass(frozen=True)
class Prelude:
    """The prelude of one preamble, side, compiler and flags, in ``directory``."""

    directory: Path
    clang: bool

    @property
    def header(self) -> Path:
        return self.directory / "preamble.h"

    @property
    def precompiled(self) -> Path:
        return self.directory / ("preamble.h.pch" if self.clang else "preamble.h.gch")

    @property
    def runtime(self) -> Path:
        return self.directory / "runtime.o"

    @property
    def include(self) -> tuple[str, ...]:
        """The flags that start a compile from the precompiled preamble."""
        return ("-include", str(self.header))

    def precompile(self, preamble: str, flags: list[str]) -> bool:
        """Precompile ``preamble`` with ``flags`` (the kernel's own, ``-DASCX_EMU_THIN`` among them) unless
        that was done before; False when the compiler rejects it."""
        if self.precompiled.exists():
            return True
        self._write_header(preamble)
        # clang records the headers' times (the directory's key holds their contents, so it need not), and
        # instantiates the templates the headers' inline functions use once here instead of in every kernel
        clang = ["-Xclang", "-fno-pch-timestamp", "-fpch-instantiate-templates"] if self.clang else []
        return _compile([*flags, *clang, "-x", "c++-header"], self.header, self.precompiled)

    def runtime_object(self, preamble: str, flags: list[str]) -> Path | None:
        """The runtime object, compiled with ``flags`` (``-DASCX_EMU_RUNTIME_OBJECT`` among them) unless
        that was done before; None when the compiler rejects it."""
        if self.runtime.exists():
            return self.runtime
        source = self.directory / "runtime.cpp"
        if not source.exists():
            _write_once(source, runtime_source(preamble, flags))
        return self.runtime if _compile([*flags, "-c"], source, self.runtime) else None

    def _write_header(self, preamble: str) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        if not self.header.exists():
            _write_once(self.header, preamble)


def _write_once(path: Path, text: str) -> None:
    """Create ``path`` with ``text`` unless another process did first: the first file stays, so a
    precompiled header built from it keeps naming the same file (clang checks)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
    partial.write_text(text)
    try:
        os.link(partial, path)
    except FileExistsError:
        pass
    finally:
        partial.unlink()


def _compile(command: list[str], source: Path, output: Path) -> bool:
    """Run ``command`` on ``source`` into ``output``, written under a temporary name and renamed into
    place, so a reader never sees half of it."""
    partial = output.with_name(f".{output.name}.{os.getpid()}.{threading.get_ident()}")
    if subprocess.run([*command, "-o", str(partial), str(source)], capture_output=True, check=False).returncode:
        partial.unlink(missing_ok=True)
        return False
    os.replace(partial, output)
    return True
