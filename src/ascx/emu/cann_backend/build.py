"""Building a kernel for the CANN backend (docs/emulation.md#the-cann-backend).

A kernel is built through CANN's Ascend C headers (found with ``$ASCX_CANN_HEADERS``) on their CPU-debug
path for Atlas A2 (``ASCENDC_CPU_DEBUG=1``, ``__NPU_ARCH__`` 2201, the ``dav-c220`` side macros), with
ascx's clean-room replacement of the closed CPU-simulator library in front of the include path
(``include/``: ``stub_def.h``, ``stub_fun.h`` and the intrinsics under ``ascx_cann/``).  Each side is an
executable: the kernel's translation unit linked with the runtime object (``runtime/runtime.cpp``, built
once per side, compiler and header tree).  Everything is cached by a digest of what decides it, as the
clean-room builds are.

With clang (the backend's compiler when it is installed) a kernel's build is thin
(docs/emulation.md#the-cann-backends-builds): its preamble (the leading ``#define``/``#include`` lines) is precompiled
once per side with the templates CANN's headers use instantiated (``-fpch-instantiate-templates``) and
with its code in an object of its own (``-fpch-codegen``), so the kernel's unit loads the headers lazily,
compiles only what the kernel itself instantiates, and links that object; all at ``-O0``.  A kernel is compiled
with the macros CANN's toolchain defines for its kernel type (``kernel_defines``).
``$ASCX_CANN_THIN=0`` selects the approach before (g++ when installed, every unit at ``-O1``), kept to
measure against.
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import tempfile
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ascx.emu import build_cache
from ascx.emu.build import BuildError, Compiler, CoreMode, build_dir, default_compiler, find_compiler
from ascx.emu.cann_headers import HEADERS_ENV, SIDE_MACROS, CannHeaders, find_headers
from ascx.emu.prelude import source_preamble
from ascx.emu.relocation import relocate
from ascx.errors import AscxError
from ascx.kernel_type import KernelType
from ascx.progress import logger, mark_work, step, tool_run

PACKAGE_DIR = Path(__file__).resolve().parent
INCLUDE_DIR = PACKAGE_DIR / "include"
RUNTIME_SOURCE = PACKAGE_DIR / "runtime" / "runtime.cpp"
CLEAN_ROOM_SHARED = (PACKAGE_DIR.parent / "include" / "ascx_emu" / "half_bits.h",)
"""The clean-room headers' files this backend includes too (the 16-bit float conversions)."""


LOG = logger("build")
"""Each compiler run at DEBUG; CANN's runtime and precompiled headers, built once, at INFO."""

BASE_FLAGS = (
    "-std=c++17", "-w", "-fno-strict-aliasing", "-ffp-contract=off", "-DASCENDC_CPU_DEBUG=1", "-D__NPU_ARCH__=2201",
)  # fmt: skip
"""C++17 (as the clean-room build), CANN's CPU-debug path for Atlas A2; CANN's own headers warn a lot
(``-w``); no FMA contraction, so float arithmetic rounds each step as on the clean-room backend."""
COMPILE_FLAGS = (*BASE_FLAGS, "-O1")
"""A whole build's flags (``$ASCX_CANN_THIN=0``, or g++): every unit at ``-O1``."""
THIN_UNIT_FLAGS = (*BASE_FLAGS, "-O0")
"""A thin build's kernel unit and precompiled preamble (the preamble's code is in its object, at ``-O0`` too)."""
THIN_OBJECT_FLAGS = (*BASE_FLAGS, "-O2", "-ffunction-sections", "-fdata-sections")
"""A thin build's runtime object (the intrinsic layer, where the hot loops are): the code every kernel of a side
shares, each function in a section of its own, so that a kernel's link keeps only what it uses
(``THIN_LINK_FLAGS``)."""
THIN_PRELUDE_OBJECT_FLAGS = (*BASE_FLAGS, "-O0", "-ffunction-sections", "-fdata-sections")
"""A thin build's preamble object: the code of every inline function and template instantiation CANN's headers
hold (their API layer over the intrinsics), at ``-O0``: 3 s of CPU instead of 18-22 s at ``-O2``.  It was at ``-O2``
while 8-block MIX_AIC_1_1 launches hung in about half the runs at ``-O0``: built without ``kernel_defines``,
they raced at every level, and at ``-O0`` the AIC lost far more often (docs/emulation.md#the-mix_aic_1_1-hang)."""
THIN_LINK_FLAGS = ("-Wl,--gc-sections",)
"""A thin kernel's link drops the shared objects' functions it does not reach: its executable is about 0.2 MB
instead of 2.5 MB (the preamble's object holds every inline function of CANN's headers)."""
THIN_ENV = "ASCX_CANN_THIN"
"""``0``: whole builds (the approach before thin ones, kept to measure against)."""

SIDE_DEFINES: dict[CoreMode, tuple[str, ...]] = {
    "aiv": SIDE_MACROS["aiv"],
    "aic": (*SIDE_MACROS["aic"], "-DASCX_CANN_AIC"),
}


def kernel_defines(kernel_type: KernelType) -> tuple[str, ...]:
    """The macros CANN's toolchain defines when it compiles a kernel of ``kernel_type``
    (:attr:`ascx.kernel_type.KernelType.toolchain_defines`): part of the kernel's build and of its prelude; the
    runtime object holds no code that depends on them."""
    return kernel_type.toolchain_defines


CLOSED_LIBRARY_DIRS = ("stub", "tools/tikicpulib/lib/include")
"""The directories of a header tree that hold the closed CPU-simulator headers (or stand-ins for them):
this backend brings its own, so they are left off the include path."""


class CannBackendError(AscxError):
    """The CANN backend cannot run (no headers) or cannot build a kernel."""


def headers_directory() -> str:
    """``$ASCX_CANN_HEADERS``, or a one-line error saying how to set it."""
    directory = os.environ.get(HEADERS_ENV)
    if not directory:
        raise CannBackendError(
            f"the CANN emulation backend needs CANN's Ascend C headers: set {HEADERS_ENV}=DIR (an asc-devkit tree "
            "with gen/, or a CANN installation)",
            kind="no-backend",
        )
    return directory


@cache
def cann_headers(directory: str) -> CannHeaders:
    """CANN's headers under ``directory``, without the closed library's directories."""
    found = find_headers(directory)
    closed = {(found.root / d).resolve() for d in CLOSED_LIBRARY_DIRS}
    kept = tuple(d for d in found.include_dirs if d.resolve() not in closed)
    return CannHeaders(found.root, found.layout, kept)


@cache
def _own_digest() -> str:
    digest = hashlib.sha256()
    for path in [*sorted(INCLUDE_DIR.rglob("*")), RUNTIME_SOURCE, *CLEAN_ROOM_SHARED, Path(__file__)]:
        if path.is_file():
            digest.update(str(path.relative_to(PACKAGE_DIR.parent)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def include_flags(headers: CannHeaders) -> list[str]:
    """This backend's headers first, then CANN's (as system directories, as CANN's CPU builds name them)."""
    return [f"-I{INCLUDE_DIR}", *(f"-isystem{d}" for d in headers.include_dirs)]


def _key(*parts: str) -> str:
    digest = hashlib.sha256()
    for part in parts:
        digest.update(part.encode())
        digest.update(b"\0")
    return digest.hexdigest()[:32]


def _build_key(
    compiler: Compiler, side: CoreMode, headers: CannHeaders, *more: str, flags: tuple[str, ...] = COMPILE_FLAGS
) -> str:
    return _key(
        compiler.path, compiler.version, side, *flags, *SIDE_DEFINES[side], headers.digest,
        *map(str, headers.include_dirs), _own_digest(), *more,
    )  # fmt: skip


def thin_enabled() -> bool:
    """Whether kernels are built thin when clang is installed (``$ASCX_CANN_THIN`` is not ``0``)."""
    return os.environ.get(THIN_ENV) != "0"


def cann_compiler() -> Compiler:
    """The backend's compiler: clang++ when it is installed and builds are thin; the whole build (``$ASCX_CANN_THIN=0``,
    or no clang) is g++'s where it is installed, as before the thin builds, else the emulation's default."""
    preferred = find_compiler("clang++") if thin_enabled() else find_compiler("g++")
    return preferred if preferred is not None else default_compiler()


def _thin(compiler: Compiler) -> bool:
    return thin_enabled() and "clang" in compiler.name


_CHECK_DECLARATION = re.compile(r"^bool\s+(Check\w+)\s*\(([^;{}]*)\)\s*;", re.MULTILINE)


def check_hooks(headers: CannHeaders) -> str:
    """Definitions of the npu-check hooks CANN's headers declare (``AscendC::check::Check*``,
    the closed library's range checks): each accepts.  Generated from the declarations, so every
    overload the headers declare links."""
    seen: set[str] = set()
    out: list[str] = ["namespace AscendC {", "namespace check {"]
    for directory in headers.include_dirs:
        utils = directory / "utils"
        if not utils.is_dir():
            continue
        for path in sorted(utils.glob("kernel_check_*.h")):
            for match in _CHECK_DECLARATION.finditer(path.read_text(errors="replace")):
                name, params = match.group(1), " ".join(match.group(2).split())
                signature = f"{name}({params})"
                if signature not in seen:
                    seen.add(signature)
                    out.append(f"bool {signature} {{ return true; }}")
    out += ["}  // namespace check", "}  // namespace AscendC", ""]
    return "\n".join(out)


def _compile(command: list[str], what: str, source: str) -> None:
    with tool_run(LOG, f"building {what} with {Path(command[0]).name}"):
        result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        errors = [line for line in result.stderr.splitlines() if "error" in line or "undefined reference" in line][:12]
        raise CannBackendError(
            f"{what} does not build through CANN's headers:\n" + "\n".join(errors or result.stderr.splitlines()[-12:]),
            hints=["this is a gap in ascx's CANN backend (its intrinsic layer) or in the printed C++"],
            kind="build",
        )


def runtime_object(
    side: CoreMode, headers: CannHeaders, compiler: Compiler, flags: tuple[str, ...] = COMPILE_FLAGS
) -> Path:
    """The runtime of one side, compiled once per compiler, flags and header tree."""
    key = _build_key(compiler, side, headers, "runtime", flags=flags)
    directory = build_dir()
    target = directory / f"cann-runtime-{side}-{compiler.name}-{key}.o"
    if target.exists():
        return target
    directory.mkdir(parents=True, exist_ok=True)
    mark_work()
    once = f"building the CANN backend's {side.upper()} runtime with {compiler.name} (once per compiler and headers)"
    with step(LOG, once), tempfile.TemporaryDirectory(dir=directory, prefix=".build-") as scratch:
        source = Path(scratch) / "runtime.cpp"
        source.write_text(RUNTIME_SOURCE.read_text() + "\n" + check_hooks(headers))
        partial = Path(scratch) / "runtime.o"
        command = [
            compiler.path, *flags, *SIDE_DEFINES[side], *include_flags(headers), "-c", str(source), "-o", str(partial),
        ]  # fmt: skip
        _compile(command, f"the CANN backend's {side.upper()} runtime", source.read_text())
        os.replace(partial, target)
    return target


PCH_HEADERS = ("kernel_operator.h", "lib/matmul_intf.h")
"""What every printed kernel includes first: parsed once per side, compiler and header tree."""


def _defines_before_include(source: str) -> bool:
    """Whether ``source`` defines a macro before its first ``#include`` (``ASCENDC_CUBE_ONLY``): the
    precompiled headers were parsed without it, so such a kernel is compiled without them."""
    for line in source.splitlines():
        text = line.strip()
        if text.startswith("#include"):
            return False
        if text.startswith("#define"):
            return True
    return False


def precompiled_headers(
    side: CoreMode, headers: CannHeaders, compiler: Compiler, defines: tuple[str, ...] = ()
) -> list[str]:
    """The flags that make a whole build use CANN's headers precompiled (built on first use)."""
    output = precompiled_output(side, headers, compiler, defines)
    return ["-include-pch", str(output)] if output.suffix == ".pch" else ["-include", str(output.with_suffix(""))]


def precompiled_output(side: CoreMode, headers: CannHeaders, compiler: Compiler, defines: tuple[str, ...] = ()) -> Path:
    """CANN's headers precompiled for a whole build with ``defines`` (built on first use)."""
    key = _build_key(compiler, side, headers, "pch", *PCH_HEADERS, *defines)
    directory = build_dir() / f"cann-pch-{side}-{compiler.name}-{key}"
    header = directory / "ascx_cann_pch.h"
    clang = "clang" in compiler.name
    output = directory / ("ascx_cann_pch.h.pch" if clang else "ascx_cann_pch.h.gch")
    if not output.exists():
        mark_work()
        once = f"precompiling CANN's headers for the {side.upper()} side with {compiler.name} (once per compiler)"
        with step(LOG, once):
            _precompile(directory, header, output, side, headers, compiler, defines)
    return output


def _precompile(
    directory: Path,
    header: Path,
    output: Path,
    side: CoreMode,
    headers: CannHeaders,
    compiler: Compiler,
    defines: tuple[str, ...],
) -> None:
    """Precompile CANN's headers into ``output``."""
    directory.mkdir(parents=True, exist_ok=True)
    header.write_text("".join(f'#include "{h}"\n' for h in PCH_HEADERS))
    partial = directory / f".{output.name}.{os.getpid()}"
    command = [
        compiler.path, *COMPILE_FLAGS, *SIDE_DEFINES[side], *defines, *include_flags(headers), "-x", "c++-header",
        str(header), "-o", str(partial),
    ]  # fmt: skip
    _compile(command, "CANN's headers (precompiled)", header.read_text())
    os.replace(partial, output)


@dataclass(frozen=True)
class ThinPrelude:
    """A thin build's start: a preamble precompiled for one side, compiler and header tree, and its object."""

    precompiled: Path
    """``preamble.h.pch``: a kernel's unit starts from it (``-include-pch``)."""
    object: Path
    """``preamble.o``: the code of the inline functions and templates the preamble holds."""


def thin_prelude_directory(
    preamble: str, side: CoreMode, headers: CannHeaders, compiler: Compiler, defines: tuple[str, ...] = ()
) -> Path:
    """Where the prelude of ``preamble`` compiled with ``defines`` is built.  Its key holds the absolute path of
    this backend's headers besides their contents: clang's precompiled header names the files it was made from
    and refuses to load once they are gone, as they are when the build cache outlives the checkout that made it
    (every CI run clones afresh).  The kernels' executables do not depend on the path and stay shared."""
    objects = ("thin-prelude", *THIN_PRELUDE_OBJECT_FLAGS)
    key = _build_key(compiler, side, headers, *objects, preamble, str(INCLUDE_DIR), *defines, flags=THIN_UNIT_FLAGS)
    return build_dir() / f"cann-prelude-{side}-{compiler.name}-{key}"


def thin_prelude(
    preamble: str, side: CoreMode, headers: CannHeaders, compiler: Compiler, defines: tuple[str, ...] = ()
) -> ThinPrelude:
    """The prelude of ``preamble`` compiled with ``defines`` (built on first use)."""
    directory = thin_prelude_directory(preamble, side, headers, compiler, defines)
    prelude = ThinPrelude(directory / "preamble.h.pch", directory / "preamble.o")
    if prelude.precompiled.exists() and prelude.object.exists():
        return prelude
    mark_work()
    once = f"precompiling CANN's headers for the {side.upper()} side with {compiler.name} (once per preamble)"
    with step(LOG, once):
        directory.mkdir(parents=True, exist_ok=True)
        header = directory / "preamble.h"
        if not header.exists():  # the precompiled header names this file: it stays as the first writer left it
            _write_once(header, preamble)
        if not prelude.precompiled.exists():
            # -fno-pch-timestamp: the directory's key holds the headers' contents, so their times need not match
            command = [
                compiler.path, *THIN_UNIT_FLAGS, *SIDE_DEFINES[side], *defines, *include_flags(headers), "-Xclang",
                "-fno-pch-timestamp", "-fpch-instantiate-templates", "-fpch-codegen", "-x", "c++-header", str(header),
            ]  # fmt: skip
            _compile_into(command, prelude.precompiled, "CANN's headers (precompiled)")
        if not prelude.object.exists():
            side_defines = (*SIDE_DEFINES[side], *defines)
            command = [compiler.path, *THIN_PRELUDE_OBJECT_FLAGS, *side_defines, "-c", str(prelude.precompiled)]
            _compile_into(command, prelude.object, "CANN's headers' code")
    return prelude


def _write_once(path: Path, text: str) -> None:
    """Create ``path`` with ``text`` unless another process did first."""
    partial = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
    partial.write_text(text)
    try:
        os.link(partial, path)
    except FileExistsError:
        pass
    finally:
        partial.unlink()


def _compile_into(command: list[str], output: Path, what: str) -> None:
    """Run ``command`` into ``output``, written under a temporary name and renamed into place."""
    partial = output.with_name(f".{output.name}.{os.getpid()}.{threading.get_ident()}")
    try:
        _compile([*command, "-o", str(partial)], what, "")
        os.replace(partial, output)
    finally:
        partial.unlink(missing_ok=True)


def _start(
    source: str, side: CoreMode, headers: CannHeaders, compiler: Compiler, defines: tuple[str, ...]
) -> tuple[list[str], list[str]]:
    """How a kernel's unit starts and what it links besides itself: its flags (optimisation, macros,
    precompiled headers) and objects."""
    preamble = source_preamble(source)
    if _thin(compiler) and preamble:
        prelude = thin_prelude(preamble, side, headers, compiler, defines)
        runtime = runtime_object(side, headers, compiler, THIN_OBJECT_FLAGS)
        unit = [
            *THIN_UNIT_FLAGS,
            *SIDE_DEFINES[side],
            *defines,
            *include_flags(headers),
            "-include-pch",
            str(prelude.precompiled),
        ]
        return unit, [*THIN_LINK_FLAGS, str(prelude.object), str(runtime)]
    runtime = runtime_object(side, headers, compiler)
    pch = [] if _defines_before_include(source) else precompiled_headers(side, headers, compiler, defines)
    return [*COMPILE_FLAGS, *SIDE_DEFINES[side], *defines, *include_flags(headers), *pch], [str(runtime)]


def build_executable(
    source: str,
    side: CoreMode,
    *,
    name: str = "kernel",
    compiler: Compiler | None = None,
    defines: tuple[str, ...] = (),
) -> Path:
    """The executable that runs one core of ``source`` (the kernel and its ``ascx_cann_body``) on ``side``,
    compiled with ``defines`` besides the side's (``kernel_defines``: the kernel type's)."""
    compiler = compiler if compiler is not None else cann_compiler()
    headers = cann_headers(headers_directory())
    relocated = relocate(source)
    source = relocated.source  # the key and the build do not depend on where the kernel's file is
    thin = _thin(compiler) and bool(source_preamble(source))
    # what a thin executable links is part of it, so the objects' flags are in its key
    linked = (*THIN_LINK_FLAGS, *THIN_PRELUDE_OBJECT_FLAGS, *THIN_OBJECT_FLAGS)
    flags = (*THIN_UNIT_FLAGS, *linked) if thin else COMPILE_FLAGS
    key = _build_key(compiler, side, headers, source, *defines, flags=flags)
    directory = build_dir()
    target = directory / f"{name}-cann-{side}-{compiler.name}-{key}"
    if target.exists():
        return target
    unit, objects = _start(source, side, headers, compiler, defines)
    with tempfile.TemporaryDirectory(dir=directory, prefix=".build-") as scratch:
        cpp = Path(scratch) / f"{name}.cpp"
        cpp.write_text(source)
        partial = Path(scratch) / "kernel"
        command = [compiler.path, *unit, "-x", "c++", str(cpp), "-x", "none", *objects, "-o", str(partial)]
        try:
            _compile(command, f"kernel '{name}' ({side.upper()} side)", source)
        except CannBackendError as error:
            raise BuildError(relocated.restore(str(error.message)), hints=list(error.hints), kind="build") from None
        os.replace(partial, target)
    build_cache.after_build(directory)
    return target
