"""Type-checking emitted Ascend C against CANN's own Ascend C headers, on the host.

CANN's kernel headers have a CPU-debug path (``ASCENDC_CPU_DEBUG``) that a host C++ compiler can
parse.  Compiling a kernel through it with ``-fsyntax-only``, once for each core side (``aiv``: the
vector core, ``aic``: the cube core), answers "would CANN's API accept this C++": names, overloads,
arity, enum values, template arguments, pointer types.  Nothing is linked or run, and nothing about
behaviour is checked.

The headers come from a CANN installation (``$ASCEND_HOME_PATH``: ``compiler/tikcpp/tikcfw`` or
``asc/include``, and the CPU-debug headers of ``tools/tikicpulib/lib/include``) or from a tree laid
out like CANN's open-source devkit with stand-ins for the closed CPU-debug headers: ``asc-devkit/``
(the devkit's ``include/`` and ``impl/``), ``stub/`` (``stub_def.h``, ...) and ``gen/`` (the generated
``kernel_tiling/kernel_tiling.h``).  ascx never ships these headers.

Checking many kernels at once (the test suite checks every kernel its tests emit): parsing the
headers is nine tenths of a check, so kernels that share their preamble (the ``#define`` and
``#include`` lines) are checked together, one translation unit per core side and compiler, each
kernel in a namespace of its own with its entry function renamed (and its name declared at global
scope, so a name the headers already use still fails).  A kernel the compiler's errors point at is
checked again alone, exactly as it was printed, and that verdict is the one reported.  Verdicts
are cached by a digest of the kernel's source, the side, the compiler and the header tree: a stamp
file, written under a temporary name and renamed into place, as the emulation's builds are.
"""

from __future__ import annotations

import contextvars
import hashlib
import os
import re
import subprocess
import tempfile
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ascx.cache_location import cache_root
from ascx.dialects.ascendc.enums import KernelType
from ascx.emu.build import Compiler, available_compilers, default_compiler
from ascx.emu.cann_headers import (
    HEADERS_ENV as HEADERS_ENV,
    SIDE_MACROS as SIDE_MACROS,
    SIDES as SIDES,
    CannCheckError as CannCheckError,
    CannHeaders as CannHeaders,
    Side as Side,
    find_headers as find_headers,
)
from ascx.progress import logger, step, tool_run
from ascx.runtime.compiler import CompiledKernel

LOG = logger("cann_check")
"""The check of a kernel at INFO, each compiler run at DEBUG (docs/emulation.md#progress-and-timings)."""

CHECK_FLAGS = ("-std=c++17", "-DASCENDC_CPU_DEBUG=1", "-D__NPU_ARCH__=2201", "-fsyntax-only", "-w")
"""Atlas A2 / 910B (``__NPU_ARCH__`` 2201) through the headers' CPU-debug path; warnings off (CANN's
own headers give many)."""

NO_ERROR_LIMIT: dict[str, str] = {"g++": "-fmax-errors=0", "clang++": "-ferror-limit=0"}
"""Every error is reported, so each kernel of a unit that has one is named."""

ALONE_LIMIT = 12
"""At most this many kernels per side and compiler are checked again alone after a failed unit; the
others are reported with the unit's errors that point at them."""

UNIT_SIZE = 400
"""At most this many kernels share one translation unit: the suite's 303 vector kernels are one unit per side
and compiler (a g++ unit of them takes 0.44 GB; its second unit of 200 parsed the headers again, 2.5-4 s of
CPU), and the compiler's memory stays bounded (docs/cann_check.md#speed-and-the-cache)."""


TIMEOUT = 1800
"""Seconds one compiler run may take (the suite's largest unit, 118 Matmul kernels, takes about 20 s of CPU
with g++)."""


def check_command(compiler: Compiler, side: Side, headers: CannHeaders, source: Path) -> list[str]:
    """The compiler's command line that type-checks ``source`` for one core side.  CANN's directories are
    system include directories, as CANN's own CPU-debug builds name them: what their code does that a
    compiler merely warns about (clang's narrowing in CANN's own copy checks) stays CANN's business."""
    includes = [f"-isystem{d}" for d in headers.include_dirs]
    limit = [NO_ERROR_LIMIT[compiler.name]] if compiler.name in NO_ERROR_LIMIT else []
    return [compiler.path, *CHECK_FLAGS, *SIDE_MACROS[side], *includes, *limit, "-x", "c++", str(source)]


# -- the cache


CHECK_DIR_ENV = "ASCX_CANN_CHECK_DIR"
"""Where verdicts are kept when set (a location, never behaviour: the key decides what is reused)."""
_check_dir_override: Path | None = None


def set_check_dir(directory: str | os.PathLike[str] | None) -> None:
    """Keep verdicts in ``directory`` from now on (None: back to the default)."""
    global _check_dir_override
    _check_dir_override = Path(directory) if directory is not None else None


def check_dir() -> Path:
    """:func:`set_check_dir`'s directory, else ``$ASCX_CANN_CHECK_DIR``, else ``<kernel cache root>/cann-check``,
    else (the disk cache disabled) a per-process temporary directory."""
    if _check_dir_override is not None:
        return _check_dir_override
    configured = os.environ.get(CHECK_DIR_ENV)
    if configured:
        return Path(configured)
    root = cache_root()
    return root / "cann-check" if root is not None else _temporary_dir()


@cache
def _temporary_dir() -> Path:
    return Path(tempfile.mkdtemp(prefix="ascx-cann-check-"))


def check_key(source: str, side: Side, compiler: Compiler, headers: CannHeaders) -> str:
    """The cache key of one verdict: the source, the side, the compiler, its flags and the header tree."""
    digest = hashlib.sha256()
    parts = (source, side, compiler.path, compiler.version, *CHECK_FLAGS, *SIDE_MACROS[side], headers.digest)
    for part in (*parts, *map(str, headers.include_dirs)):
        digest.update(part.encode())
        digest.update(b"\0")
    return digest.hexdigest()[:32]


def _verdict(kernel: Kernel, side: Side, compiler: Compiler, headers: CannHeaders) -> Path:
    """Where the verdict of one check is kept: ``<base>.ok`` (passed) or ``<base>.fail`` (the errors)."""
    key = check_key(kernel.source, side, compiler, headers)
    return check_dir() / f"{_slug(kernel.name)}-{side}-{compiler.name}-{key}"


def _recall(base: Path) -> str | None:
    """The kept verdict: ``""`` for a pass, the errors of a failure, None when there is none."""
    if base.parent.joinpath(base.name + ".ok").exists():
        return ""
    failed = base.parent / (base.name + ".fail")
    return failed.read_text() if failed.exists() else None


def _record(base: Path, errors: str) -> None:
    """Keep a verdict (``errors`` empty: a pass) under a temporary name renamed into place."""
    final = base.parent / (base.name + (".fail" if errors else ".ok"))
    final.parent.mkdir(parents=True, exist_ok=True)
    partial = final.parent / f".{final.name}.{os.getpid()}.{threading.get_ident()}"
    partial.write_text(errors)
    os.replace(partial, final)  # atomic: a verdict is whole or absent


# -- checking


@dataclass(frozen=True)
class Kernel:
    """An emitted translation unit to check, and the name reports give it."""

    name: str
    source: str


@dataclass(frozen=True)
class Failure:
    """A kernel CANN's headers reject on one side with one compiler, and the compiler's errors."""

    kernel: Kernel
    side: Side
    compiler: str
    errors: str

    def __str__(self) -> str:
        return f"{self.kernel.name} [{self.side}, {self.compiler}]:\n{self.errors}"


@dataclass
class _Unit:
    """One compiler run: the kernels it checks, and (after it ran) what it found."""

    kernels: list[Kernel]
    side: Side
    compiler: Compiler
    suspects: list[Kernel] = field(default_factory=list[Kernel])
    errors: dict[Kernel, str] = field(default_factory=dict[Kernel, str])


def check_kernels(
    kernels: Sequence[Kernel],
    headers: CannHeaders,
    *,
    sides: Sequence[Side] = SIDES,
    compilers: Sequence[Compiler] | None = None,
    jobs: int | None = None,
) -> list[Failure]:
    """Type-check every kernel on every side with every compiler (default: those installed); the failures.

    Runs ``jobs`` compilers at a time (default: one per CPU); a kernel checked before (same source,
    side, compiler and headers) is not checked again.
    """
    if compilers is None:
        compilers = available_compilers() or [default_compiler()]
    workers = jobs or os.cpu_count() or 1
    pending: dict[tuple[Side, str, str], list[Kernel]] = {}
    by_name = {c.name: c for c in compilers}
    failures: list[Failure] = []
    for kernel in dict.fromkeys(kernels):
        for side in sides:
            for compiler in compilers:
                known = _recall(_verdict(kernel, side, compiler, headers))
                if known is None:
                    preamble = _split(kernel.source)[0]
                    pending.setdefault((side, compiler.name, preamble), []).append(kernel)
                elif known:
                    failures.append(Failure(kernel, side, compiler.name, known))
    units = [
        _Unit(group[start : start + size], side, by_name[name])
        for (side, name, _), group in pending.items()
        for size in [_unit_size(len(group), len(pending), workers)]
        for start in range(0, len(group), size)
    ]
    with ThreadPoolExecutor(max_workers=workers) as pool:
        list(pool.map(_run_in_context(), units, [headers] * len(units)))
        alone: list[_Unit] = []
        rechecked: dict[tuple[Side, str], int] = {}
        for unit in units:
            for kernel in unit.suspects:
                count = rechecked.get((unit.side, unit.compiler.name), 0)
                if len(unit.kernels) > 1 and count < ALONE_LIMIT:
                    rechecked[(unit.side, unit.compiler.name)] = count + 1
                    alone.append(_Unit([kernel], unit.side, unit.compiler))
                else:
                    failures.append(Failure(kernel, unit.side, unit.compiler.name, unit.errors[kernel]))
        list(pool.map(_run_in_context(), alone, [headers] * len(alone)))
    for unit in alone:
        failures += [Failure(k, unit.side, unit.compiler.name, unit.errors[k]) for k in unit.suspects]
    return failures


def _run_in_context() -> Callable[[_Unit, CannHeaders], None]:
    """:func:`_run` in a copy of this thread's context each time (its compiler runs count toward the step around)."""
    context = contextvars.copy_context()
    return lambda unit, headers: context.copy().run(_run, unit, headers)


def _unit_size(group: int, groups: int, workers: int) -> int:
    """Kernels per unit: at most ``UNIT_SIZE``, and small enough that every worker gets a unit."""
    if groups >= workers:
        return min(UNIT_SIZE, group)
    return max(1, min(UNIT_SIZE, -(-group * groups // workers)))


_PREAMBLE_LINE = re.compile(r"^\s*(#.*)?$")
_ENTRY = re.compile(r'^extern "C" __global__ __aicore__ void (\w+)\((.*)\) \{$', re.MULTILINE)


def _split(source: str) -> tuple[str, str]:
    """The source's preamble (its leading preprocessor and blank lines) and the rest."""
    lines = source.splitlines(keepends=True)
    count = 0
    while count < len(lines) and _PREAMBLE_LINE.match(lines[count]):
        count += 1
    return "".join(lines[:count]), "".join(lines[count:])


def _unit_source(kernels: Sequence[Kernel]) -> tuple[str, list[Kernel | None]]:
    """One translation unit checking ``kernels``, and the kernel each of its lines belongs to.

    A lone kernel is its own source.  Several share the first one's preamble; each body goes in a
    namespace of its own with its entry functions renamed apart, and each entry function's name
    is declared at global scope, where the real kernel lives.
    """
    if len(kernels) == 1:
        return kernels[0].source, [kernels[0]] * (kernels[0].source.count("\n") + 1)
    lines = _split(kernels[0].source)[0].splitlines()
    owners: list[Kernel | None] = [None] * len(lines)
    declared: set[str] = set()
    for index, kernel in enumerate(kernels):
        body = _split(kernel.source)[1]
        entries = [m for m in _ENTRY.finditer(body) if m.group(1) not in declared]
        declared.update(m.group(1) for m in entries)
        text = [f'extern "C" __global__ __aicore__ void {m.group(1)}({m.group(2)});' for m in entries]
        text.append(f"namespace ascx_cann_check_{index} {{")
        text += _ENTRY.sub(rf'extern "C" __global__ __aicore__ void \1__ascx_{index}(\2) {{', body).splitlines()
        text.append("}")
        lines += text
        owners += [kernel] * len(text)
    return "\n".join(lines) + "\n", owners


_INCLUDE_CONTEXT = re.compile(r"^(In file included from|\s+from) ")


def _run(unit: _Unit, headers: CannHeaders) -> None:
    """Check the unit's kernels; stamp those that pass, and keep the errors of those that may not."""
    source, owners = _unit_source(unit.kernels)
    what = f"{len(unit.kernels)} kernels" if len(unit.kernels) > 1 else f"'{unit.kernels[0].name}'"
    with (
        tempfile.TemporaryDirectory(prefix="ascx-cann-check-") as scratch,
        tool_run(LOG, f"type-checking {what} for the {unit.side.upper()} side with {unit.compiler.name}"),
    ):
        path = Path(scratch) / (_slug(unit.kernels[0].name) + ".cpp" if len(unit.kernels) == 1 else "unit.cpp")
        path.write_text(source)
        command = check_command(unit.compiler, unit.side, headers, path)
        try:
            result = subprocess.run(command, capture_output=True, text=True, check=False, timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            result = subprocess.CompletedProcess(command, 1, "", f"error: the check took over {TIMEOUT} s")
    if result.returncode == 0:
        for kernel in unit.kernels:
            _record(_verdict(kernel, unit.side, unit.compiler, headers), "")
        return
    stderr = result.stderr.replace(str(path), path.name)
    blamed: dict[Kernel, list[str]] = {}
    unattributed = False
    reference = re.compile(rf"(?<![\w/.-]){re.escape(path.name)}:(\d+):")
    for line in stderr.splitlines():
        if _INCLUDE_CONTEXT.match(line):
            continue
        for match in reference.finditer(line):
            number = int(match.group(1))
            owner = owners[number - 1] if 0 < number <= len(owners) else None
            if owner is None:
                unattributed = True
            else:
                blamed.setdefault(owner, []).append(line)
    if unattributed or not blamed:
        blamed = {k: blamed.get(k, []) for k in unit.kernels}
    excerpt = _excerpt(stderr) or f"{unit.compiler.name} failed without a message"
    for kernel in unit.kernels:
        if kernel not in blamed:
            _record(_verdict(kernel, unit.side, unit.compiler, headers), "")
            continue
        unit.suspects.append(kernel)
        if len(unit.kernels) == 1:
            unit.errors[kernel] = excerpt
            _record(_verdict(kernel, unit.side, unit.compiler, headers), excerpt)
        else:
            pointing = "\n".join(dict.fromkeys(blamed[kernel])) or excerpt
            unit.errors[kernel] = f"(failed in a unit of {len(unit.kernels)} kernels; not checked alone)\n{pointing}"


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name)[-60:].strip("_.") or "kernel"


def _excerpt(stderr: str, limit: int = 12) -> str:
    """The compiler's error lines (and the kernel lines that led to them), at most ``limit`` errors."""
    out: list[str] = []
    errors = 0
    for line in stderr.splitlines():
        if " error: " in line:
            errors += 1
            if errors > limit:
                out.append("...")
                break
            out.append(line[:600])
        elif re.search(r"(required from here|requested here|in expansion of macro)", line) and not line.startswith("/"):
            out.append(line[:600])
    return "\n".join(out) if out else stderr.strip()[-3000:]


def check_source(
    source: str,
    headers: CannHeaders,
    *,
    name: str = "kernel",
    sides: Sequence[Side] = SIDES,
    compilers: Sequence[Compiler] | None = None,
) -> list[Compiler]:
    """Type-check one kernel's source; the compilers that checked it, or :class:`CannCheckError` with
    their errors."""
    compilers = list(compilers) if compilers is not None else available_compilers() or [default_compiler()]
    failures = check_kernels([Kernel(name, source)], headers, sides=sides, compilers=compilers)
    missing = [line for f in failures for line in f.errors.splitlines() if _MISSING_HEADER.search(line)]
    if missing:
        raise CannCheckError(
            f"the CANN headers in {headers.root} are incomplete: {missing[0].split('error: ', 1)[-1]}",
            kind="no-backend",
        )
    if failures:
        raise CannCheckError(
            f"CANN's headers in {headers.root} reject kernel '{name}':\n" + "\n".join(map(str, failures)),
            hints=["this is a bug in ascx's printer; please report it with the kernel"],
            kind="cann-check",
        )
    return compilers


_MISSING_HEADER = re.compile(r"fatal error: .*(No such file or directory|file not found)")

KERNEL_SIDES: dict[KernelType, tuple[Side, ...]] = {
    KernelType.MIX_AIC_1_2: ("aiv", "aic"),
    KernelType.MIX_AIC_1_1: ("aiv", "aic"),
    KernelType.MIX_AIV_1_0: ("aiv",),
    KernelType.AIC_ONLY: ("aic",),
    KernelType.AIV_ONLY: ("aiv",),
}
"""The core sides CANN builds a kernel of each type for (``ascx.runtime.cann_build.CORES``)."""


def check_compiled(compiled: CompiledKernel, headers_dir: str | os.PathLike[str] | None = None) -> str:
    """``ascx build --target check``: type-check ``compiled`` on the sides it runs on, with every host
    compiler installed, against the headers in ``headers_dir`` (default: ``$ASCX_CANN_HEADERS``, else
    ``$ASCEND_HOME_PATH``); the verdict as one line, or :class:`CannCheckError`."""
    headers = find_headers(headers_dir)
    sides = KERNEL_SIDES[compiled.kernel_type]
    what = f"type-checking '{compiled.kernel_name}' against CANN's headers in {headers.root}"
    with step(LOG, what, cached_note=True):
        used = check_source(compiled.source, headers, name=compiled.kernel_name, sides=sides)
    return (
        f"{compiled.kernel_name}: CANN's headers in {headers.root} accept it "
        f"({' and '.join(sides)}; {', '.join(c.name for c in used)})"
    )
