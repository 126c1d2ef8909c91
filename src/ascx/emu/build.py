"""Building emitted Ascend C against the host emulation headers (docs/emulation.md#builds).

Each build compiles one C++ translation unit (the kernel and its launcher) into a shared library
with a host compiler, in one core mode (``EMU_AIV`` or ``EMU_AIC``).  Builds are cached by a
digest of everything that decides the result: the source, the mode, the compiler and its version,
the flags and the emulation headers.  A library is written under a temporary name and renamed into
place, so a failed or interrupted build never leaves a half-written cache entry.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Generator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from ascx.cache_location import cache_root
from ascx.emu import build_cache, prelude
from ascx.emu.relocation import Relocated, relocate
from ascx.errors import AscxError, SourceLocation
from ascx.progress import logger, mark_work, step, tool_run

INCLUDE_DIR = Path(__file__).resolve().parent / "include"
"""The emulation's include root: ``kernel_operator.h``, ``lib/matmul_intf.h``, ..."""

CoreMode = Literal["aiv", "aic"]
MODE_MACROS: dict[CoreMode, str] = {"aiv": "-DEMU_AIV", "aic": "-DEMU_AIC"}
"""The macro that selects a core's side of the API (docs/emulation.md#builds)."""

COMPILE_FLAGS = ("-std=c++17", "-Wall", "-Werror=return-type", "-fno-exceptions", "-ffp-contract=off")
"""C++17 exactly (the real ``LocalTensor<T>()`` declarator is ill-formed in C++20); no exceptions, as
bisheng builds kernels; no fused multiply-add, so float accumulation rounds each step
(docs/emulation.md#the-matmul-engine)."""
LIBRARY_FLAGS = ("-shared", "-fPIC", "-pthread")

BuildKind = Literal["fast", "debug"]
BUILD_FLAGS: dict[BuildKind, tuple[str, ...]] = {
    "fast": ("-O2", "-g0", "-fvisibility=hidden", "-fno-semantic-interposition"),
    "debug": ("-O1", "-g", "-DASCX_EMU_DEBUG=1"),
}
"""The two kinds of emulation build.  ``fast`` (the default) optimises, and the headers check and
record every operation once per range of bytes it touches.  ``debug`` is the build as it was before
the fast paths: ``-O1`` with debug information, and the headers take their reference paths (each
element checked and recorded on its own, the Matmul engine's plain loops), which give the same
results and the same errors; a debugger can step through them.  Neither flag set changes numerics:
no fast-math, no FMA contraction."""

TIMELINE_FLAGS = ("-DASCX_EMU_TIMELINE=1",)
"""The flavour of a build that records the modelled timeline (docs/emulation.md#timeline): only a profiled
launch's build has the checker's timeline hooks; it is built (with its own prelude and runtime object) the
first time a kernel is profiled and cached like any build."""

COMPILERS = ("clang++", "g++")
"""The host compilers in the order of preference: clang++ where installed builds a kernel from its prelude in
about 0.85x g++'s time, and its Matmul engine runs faster (docs/emulation.md#builds); g++ otherwise."""

LOG = logger("build")
"""Each compiler run at DEBUG, the prelude's one-off build at INFO (docs/emulation.md#progress-and-timings)."""


class BuildError(AscxError):
    """The host compiler rejected an emitted kernel."""


@dataclass(frozen=True)
class Compiler:
    """A host C++ compiler found on PATH."""

    name: str
    path: str
    version: str


@cache
def find_compiler(name: str) -> Compiler | None:
    """``name`` (``g++`` or ``clang++``) when it is installed, with its version line."""
    path = shutil.which(name)
    if path is None:
        return None
    result = subprocess.run([path, "--version"], capture_output=True, text=True, check=False)
    version = result.stdout.splitlines()[0] if result.stdout else ""
    return Compiler(name, path, version)


def available_compilers() -> list[Compiler]:
    """The host compilers that are installed, clang++ first."""
    return [c for c in (find_compiler(name) for name in COMPILERS) if c is not None]


def default_compiler() -> Compiler:
    """clang++, else g++; a clear error when neither is installed."""
    found = available_compilers()
    if not found:
        raise BuildError(
            "no host C++ compiler found: the CPU emulation needs g++ or clang++ on PATH",
            hints=["install clang++ or g++ (Debian/Ubuntu: apt-get install clang g++)"],
            kind="no-backend",
        )
    return found[0]


@cache
def headers_digest() -> str:
    """A digest of the emulation headers (their contents decide every build)."""
    digest = hashlib.sha256()
    for path in sorted(INCLUDE_DIR.rglob("*.h")):
        digest.update(str(path.relative_to(INCLUDE_DIR)).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


BUILD_DIR_ENV = "ASCX_EMU_BUILD_DIR"
"""Where built libraries go when set (a location, never behaviour: the key decides what is reused)."""
_build_dir_override: Path | None = None


def set_build_dir(directory: str | os.PathLike[str] | None) -> None:
    """Keep built libraries in ``directory`` from now on (None: back to the default)."""
    global _build_dir_override
    _build_dir_override = Path(directory) if directory is not None else None


def build_dir() -> Path:
    """Where built libraries live: :func:`set_build_dir`'s directory, else ``$ASCX_EMU_BUILD_DIR``, else
    ``<kernel cache root>/emu``, else (the disk cache disabled) a per-process temporary directory."""
    if _build_dir_override is not None:
        return _build_dir_override
    configured = os.environ.get(BUILD_DIR_ENV)
    if configured:
        return Path(configured)
    root = cache_root()
    if root is None:
        return _temporary_dir()
    return root / "emu"


@cache
def _temporary_dir() -> Path:
    return Path(tempfile.mkdtemp(prefix="ascx-emu-"))


def build_key(source: str, mode: CoreMode, compiler: Compiler, extra_flags: tuple[str, ...] = ()) -> str:
    """The cache key of one build (``extra_flags`` carry the build kind's flags)."""
    digest = hashlib.sha256()
    # the runtime object's source (prelude.runtime_source) decides what a thin build links
    parts = (source, mode, compiler.path, compiler.version, *COMPILE_FLAGS, *extra_flags, headers_digest())
    for part in (*parts, prelude.RUNTIME_HEADERS, prelude.MATMUL_CORE_HEADERS):
        digest.update(part.encode())
        digest.update(b"\0")
    return digest.hexdigest()[:32]


def compile_command(
    compiler: Compiler,
    mode: CoreMode,
    source: Path,
    output: Path | None,
    extra_flags: tuple[str, ...] = (),
    prefix: tuple[str, ...] = (),
    objects: tuple[str, ...] = (),
) -> list[str]:
    """The command line of one build; ``output=None`` only checks the source (``-fsyntax-only``).
    ``prefix`` and ``objects`` carry the prelude's ``-include`` and runtime object (:func:`build_prelude`)."""
    target = ["-shared", "-o", str(output)] if output is not None else ["-fsyntax-only"]
    return [*_code_flags(compiler, mode, extra_flags), *prefix, *target, str(source), *objects]


def _code_flags(compiler: Compiler, mode: CoreMode, extra_flags: tuple[str, ...]) -> list[str]:
    """Everything of a command line that decides the code, which a precompiled header must share."""
    return [
        compiler.path,
        *COMPILE_FLAGS,
        MODE_MACROS[mode],
        f"-I{INCLUDE_DIR}",
        *extra_flags,
        *(flag for flag in LIBRARY_FLAGS if flag != "-shared"),
    ]


def build_prelude(
    source: str, mode: CoreMode, compiler: Compiler, extra_flags: tuple[str, ...], *, link: bool
) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The flags before the source and the objects after it that build ``source`` from its prelude
    (:mod:`ascx.emu.prelude`), with ``extra_flags`` that end in ``-DASCX_EMU_THIN``; ``link=False`` (a check)
    needs no runtime object.  None when it has no preamble or the prelude does not build."""
    preamble = prelude.source_preamble(source)
    if not preamble:
        return None
    flags = _code_flags(compiler, mode, extra_flags)
    digest = hashlib.sha256()
    for part in (preamble, compiler.version, *flags, headers_digest(), prelude.runtime_source(preamble, flags)):
        digest.update(part.encode())
        digest.update(b"\0")
    start = prelude.Prelude(
        build_dir() / "prelude" / f"{mode}-{compiler.name}-{digest.hexdigest()[:32]}", compiler.name == "clang++"
    )
    if not link:
        with _prelude_step(start, mode, compiler, link=False):
            return (start.include, ()) if start.precompile(preamble, flags) else None
    whole = prelude.runtime_flags(extra_flags)
    with _prelude_step(start, mode, compiler, link=True), ThreadPoolExecutor(max_workers=1) as pool:
        # the two compiles of a new prelude side by side
        runtime = pool.submit(
            start.runtime_object, preamble, _code_flags(compiler, mode, (*whole, prelude.RUNTIME_OBJECT))
        )
        precompiled = start.precompile(preamble, flags)
        return (start.include, (str(runtime.result()),)) if precompiled and runtime.result() is not None else None


@contextmanager
def _prelude_step(start: prelude.Prelude, mode: CoreMode, compiler: Compiler, *, link: bool) -> Generator[None]:
    """The prelude's build, logged at INFO when it has to be made (once per preamble, side, compiler and flags)."""
    if start.precompiled.exists() and (not link or start.runtime.exists()):
        yield
        return
    mark_work()
    side = f"the {mode.upper()} side with {compiler.name}"
    with step(LOG, f"building the emulation prelude for {side} (once per compiler and flags)"):
        yield


def _thin(source: str, extra_flags: tuple[str, ...], compiler: Compiler) -> tuple[str, ...]:
    """``extra_flags`` of a build that starts from its prelude, when it can."""
    preamble = prelude.source_preamble(source) if prelude.enabled() else ""
    gcc = compiler.name == "g++"
    return (*extra_flags, *prelude.thin_flags(extra_flags, preamble, gcc=gcc)) if preamble else extra_flags


def build_library(
    source: str,
    mode: CoreMode,
    *,
    compiler: Compiler | None = None,
    name: str = "kernel",
    extra_flags: tuple[str, ...] = (),
    kind: BuildKind = "fast",
) -> Path:
    """The shared library of ``source`` built in ``mode`` as a ``kind`` build, from the cache when it was
    built before."""
    compiler = compiler if compiler is not None else default_compiler()
    relocated = relocate(source)
    source = relocated.source  # the key and the build do not depend on where the kernel's file is
    extra_flags = _thin(source, (*BUILD_FLAGS[kind], *extra_flags), compiler)
    directory = build_dir()
    suffix = "" if kind == "fast" else f"-{kind}"

    def cached(flags: tuple[str, ...]) -> Path:
        return directory / f"{name}-{mode}-{compiler.name}{suffix}-{build_key(source, mode, compiler, flags)}.so"

    library = cached(extra_flags)
    if library.exists():
        return library
    parts = build_prelude(source, mode, compiler, extra_flags, link=True) if prelude.THIN in extra_flags else None
    if parts is None and prelude.THIN in extra_flags:  # no prelude after all: the whole build
        extra_flags = tuple(flag for flag in prelude.runtime_flags(extra_flags) if flag != prelude.MATMUL_LINKED)
        library = cached(extra_flags)
        if library.exists():
            return library
    prefix, objects = parts if parts is not None else ((), ())
    directory.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=directory, prefix=".build-") as scratch:
        cpp = Path(scratch) / f"{name}.cpp"
        cpp.write_text(source)
        partial = Path(scratch) / "out.so"
        command = compile_command(compiler, mode, cpp, partial, extra_flags, prefix, objects)
        _run(command, relocated, name, mode, compiler)
        os.replace(partial, library)  # atomic: the cache holds whole libraries only
    build_cache.after_build(directory)
    return library


def check_source(
    source: str,
    mode: CoreMode,
    *,
    compiler: Compiler | None = None,
    name: str = "kernel",
    extra_flags: tuple[str, ...] = (),
) -> list[str]:
    """Compile ``source`` in ``mode`` without producing code; returns the compiler's warnings (raises
    :class:`BuildError` on errors).  A source that compiled before is not compiled again."""
    compiler = compiler if compiler is not None else default_compiler()
    relocated = relocate(source)
    source = relocated.source
    # with the fast build's flags, so that a check starts from the same precompiled preamble
    extra_flags = (*BUILD_FLAGS["fast"], *extra_flags)
    key = build_key(source, mode, compiler, (*extra_flags, "-fsyntax-only"))
    directory = build_dir()
    stamp = directory / f"{name}-{mode}-{compiler.name}-{key}.checked"
    if stamp.exists():
        return [line for line in stamp.read_text().splitlines() if line]
    thin = _thin(source, extra_flags, compiler)
    parts = build_prelude(source, mode, compiler, thin, link=False) if thin != extra_flags else None
    prefix = parts[0] if parts is not None else ()
    with tempfile.TemporaryDirectory(prefix="ascx-check-") as scratch:
        cpp = Path(scratch) / f"{name}.cpp"
        cpp.write_text(source)
        command = compile_command(compiler, mode, cpp, None, thin if parts is not None else extra_flags, prefix)
        output = _run(command, relocated, name, mode, compiler)
    warnings = [line for line in output.splitlines() if "warning:" in line]
    directory.mkdir(parents=True, exist_ok=True)
    partial = directory / f".{stamp.name}.{os.getpid()}"
    partial.write_text("".join(f"{w}\n" for w in warnings))
    os.replace(partial, stamp)
    return warnings


def _run(command: list[str], relocated: Relocated, name: str, mode: CoreMode, compiler: Compiler) -> str:
    """Run the compiler on the relocated source; its errors name the kernel's files again."""
    what = "checking" if "-fsyntax-only" in command else "building"
    with tool_run(LOG, f"{what} '{name}' for the {mode.upper()} side with {compiler.name}"):
        result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        where = python_location(result.stderr, relocated.source)
        raise BuildError(
            f"{compiler.name} cannot build kernel '{name}' for the {mode.upper()} side:\n"
            + relocated.restore(_excerpt(result.stderr, relocated.source)),
            where if where is None else SourceLocation(relocated.restore(where.file), where.line, where.col),
            hints=["this is a bug in ascx's printer or in its emulation headers; please report it with the kernel"],
            kind="build",
        )
    return result.stderr


_ERROR_LINE = re.compile(r"^[^:]+:(\d+):(?:\d+:)? (?:fatal )?error: ", re.MULTILINE)
_MARKER = re.compile(r'ascx_emu::at\("((?:[^"\\]|\\.)*)", (\d+)\);')


def python_location(stderr: str, source: str) -> SourceLocation | None:
    """The kernel's Python line behind the compiler's first error: the nearest ``ascx_emu::at`` marker
    above the C++ line it names (emulation builds carry them), or None."""
    match = _ERROR_LINE.search(stderr)
    if match is None:
        return None
    lines = source.splitlines()
    for text in reversed(lines[: int(match.group(1))]):
        marker = _MARKER.search(text)
        if marker is not None:
            return SourceLocation(marker.group(1).replace('\\"', '"').replace("\\\\", "\\"), int(marker.group(2)))
    return None


def _excerpt(stderr: str, source: str, limit: int = 20) -> str:
    """The compiler's first error lines, each followed by the C++ line it points at."""
    lines = source.splitlines()
    out: list[str] = []
    for line in stderr.splitlines():
        if " error: " not in line:
            continue
        out.append(line.split("/", 1)[-1] if line.startswith("/") else line)
        parts = line.split(":")
        if len(parts) > 2 and parts[1].isdigit() and 0 < int(parts[1]) <= len(lines):
            out.append("    | " + lines[int(parts[1]) - 1].strip())
        if len(out) >= limit:
            break
    return "\n".join(out) if out else stderr.strip()[-2000:]
