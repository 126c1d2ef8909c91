"""Running a kernel on the CANN backend (docs/emulation.md#the-cann-backend).

Every core is a process of its own: CANN's headers keep a core's on-chip buffers in function-local
statics and ``g_coreType`` in a plain global.  The launch's memory is one file, mapped ``MAP_SHARED`` at
the same address by every core: a control block (the cross-core flags, each core's state and the line
it reached), then the data of every argument (GM buffers, scalars, tilings).  A MIX kernel runs one AIC
and two AIVs per block, a vector kernel one AIV, a cube kernel one AIC.  A core that aborts (a CANN
assertion), traps or stops moving is reported with its block and side, at the kernel's Python line it
had reached.
"""

from __future__ import annotations

import mmap
import os
import re
import signal
import struct
import subprocess
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from ascx.emu.build import CoreMode
from ascx.emu.cann_backend.build import build_executable, cann_compiler, kernel_defines
from ascx.emu.gm_overrun import Overrun, gm_overrun_mode, slack_bytes, warn_overruns
from ascx.emu.launch import (
    LOG_BUILD,
    LOG_RUN,
    BoundArgument,
    CppParam,
    EmulationError,
    bind_arguments,
    kernel_signature,
    running,
)
from ascx.emu.relocation import Relocated, relocate
from ascx.errors import AscxError, SourceLocation
from ascx.kernel_facts import EmulatedKernel
from ascx.kernel_type import KernelType
from ascx.progress import step, submit

MAGIC = 0x41534358434E4E31  # "ASCXCNN1"
ALIGN = 512
TIMEOUT_ENV = "ASCX_CANN_TIMEOUT"
HANG_SECONDS = 3.0
"""A launch whose unfinished cores all wait for a cross-core flag, with no flag set for this long, hangs."""


def block_cores(kernel_type: KernelType) -> tuple[tuple[CoreMode, int], ...]:
    """The cores of one block, (side, how many): the AIC of a MIX kernel with a cube core or of a cube
    kernel, and the kernel type's AIVs (``GetSubBlockNum()`` of them)."""
    sides: list[tuple[CoreMode, int]] = []
    if kernel_type.has_matmul_aic or kernel_type is KernelType.AIC_ONLY:
        sides.append(("aic", 1))
    if kernel_type.aivs_per_block > 0:
        sides.append(("aiv", kernel_type.aivs_per_block))
    return tuple(sides)


CORES_PER_BLOCK = 3
MAX_BLOCKS = 64
_CANN_LOG = re.compile(
    r"\[ERROR\]\[Block_\d+\]\[\w+\]\[(?P<file>[^\]]+):(?P<line>\d+)\]\[(?P<function>[^\]]+)\]\[\d+\]\s*(?P<message>.*)"
)
"""A line CANN's KERNEL_LOG writes before an assertion aborts the core: where, which function, what."""
STATES = {0: "not started", 1: "running", 2: "waiting", 3: "done", 4: "failed"}


def cann_source(compiled: EmulatedKernel) -> str:
    """The kernel's Ascend C with its Python lines marked, and ``ascx_cann_body``, which calls it with the
    arguments the runtime found in the launch's memory."""
    source = compiled.launch_facts.emulation_source
    params = kernel_signature(source, compiled.kernel_name)
    arguments = ", ".join(
        f"static_cast<{p.type}>(args[{i}])" if p.pointer else f"*static_cast<{p.type}*>(args[{i}])"
        for i, p in enumerate(params)
    )
    return source + (
        f'\nextern "C" void ascx_cann_body(void* const* args) {{\n    {compiled.kernel_name}({arguments});\n}}\n'
    )


def build_sides(compiled: EmulatedKernel) -> dict[CoreMode, Path]:
    """The executables of the sides ``compiled`` runs on."""
    source = cann_source(compiled)
    sides: list[CoreMode] = [side for side, _ in block_cores(compiled.kernel_type)]
    defines = kernel_defines(compiled.kernel_type)
    what = f"building '{compiled.name}' with {cann_compiler().name} against CANN's headers"
    with (
        step(LOG_BUILD, what, timing="build", cached_note=True),
        ThreadPoolExecutor(max_workers=len(sides)) as pool,  # the host compiler runs outside the GIL
    ):
        built = [submit(pool, build_executable, source, side, name=compiled.name, defines=defines) for side in sides]
        return dict(zip(sides, (future.result() for future in built), strict=True))


@dataclass(frozen=True)
class Layout:
    """Where the runtime keeps what the launcher reads (printed by ``KERNEL --layout``)."""

    fields: dict[str, int]

    def __getitem__(self, name: str) -> int:
        return self.fields[name]


@cache
def layout(executable: Path) -> Layout:
    result = subprocess.run([str(executable), "--layout"], capture_output=True, text=True, check=True)
    return Layout({k: int(v) for k, v in (line.split() for line in result.stdout.splitlines())})


@dataclass
class Core:
    block: int
    side: CoreMode
    sub: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def slot(self) -> int:
        return self.block * CORES_PER_BLOCK + (0 if self.side == "aic" else 1 + self.sub)

    def name(self, subs: int) -> str:
        if self.side == "aic":
            return f"block {self.block} (AIC)"
        return f"block {self.block} (AIV {self.sub})" if subs > 1 else f"block {self.block} (AIV)"


def _round(n: int) -> int:
    return (n + ALIGN - 1) // ALIGN * ALIGN


def launch(
    compiled: EmulatedKernel,
    block_dim: int,
    args: Sequence[Any],
    *,
    timeout: float | None = None,
    executables: dict[CoreMode, Path] | None = None,
) -> None:
    """Run ``compiled`` on ``block_dim`` blocks through CANN's headers; the arrays get the results.
    ``executables``: :func:`build_sides`'s, when it was called already."""
    if block_dim > MAX_BLOCKS:
        raise AscxError(f"the CANN backend runs at most {MAX_BLOCKS} blocks, got {block_dim}", kind="usage")
    if executables is None:
        executables = build_sides(compiled)
    with step(LOG_RUN, running(compiled, block_dim, " through CANN's headers"), timing="run"):
        _launch(compiled, block_dim, args, timeout, executables)


def _launch(
    compiled: EmulatedKernel,
    block_dim: int,
    args: Sequence[Any],
    timeout: float | None,
    executables: dict[CoreMode, Path],
) -> None:
    fields = layout(next(iter(executables.values())))
    cpp = kernel_signature(compiled.source, compiled.kernel_name)
    sides = block_cores(compiled.kernel_type)
    aivs = max((n for side, n in sides if side == "aiv"), default=1)
    bound = bind_arguments(compiled, cpp, args, block_dim * aivs)
    if len(bound) > fields["max_args"]:
        raise AscxError(f"the CANN backend passes at most {fields['max_args']} arguments", kind="usage")
    warn = gm_overrun_mode() == "warn"
    slack = [slack_bytes(a.owner.nbytes) if warn and a.array else 0 for a in bound]
    offsets: list[int] = []
    size = fields["control_bytes"]
    for argument, extra in zip(bound, slack, strict=True):
        offsets.append(size)
        size += _round(max(1, argument.owner.nbytes + extra))  # the slack: zero-filled by truncate
    workspace = size  # the system workspace (sparse: only the pages a core touches take memory)
    size += fields["sys_workspace_bytes"]
    shm = Path("/dev/shm") if Path("/dev/shm").is_dir() else None
    with tempfile.TemporaryDirectory(prefix="ascx-cann-", dir=shm) as scratch_dir:
        scratch = Path(scratch_dir)
        memory_path = scratch / "memory"
        with open(memory_path, "w+b") as handle:
            handle.truncate(size)
            memory = mmap.mmap(handle.fileno(), size)
        try:
            struct.pack_into(f"<QQQ{len(offsets)}Q", memory, 0, MAGIC, size, len(offsets), *offsets)
            struct.pack_into("<Q", memory, fields["sys_workspace"], workspace)
            _describe_arrays(memory, fields, cpp, bound, slack)
            for argument, offset in zip(bound, offsets, strict=True):
                memory[offset : offset + argument.owner.nbytes] = argument.owner.tobytes()
            regions = [
                Region(f"argument '{param.name}'", offset, argument.owner.nbytes)
                for param, argument, offset in zip(cpp, bound, offsets, strict=False)
            ]
            regions.append(Region("the system workspace", workspace, fields["sys_workspace_bytes"]))
            try:
                _run(compiled, executables, memory, fields, scratch, memory_path, block_dim, timeout, regions)
            finally:
                if warn:
                    warn_overruns(compiled.name, _overruns(compiled, memory, fields, cpp, bound))
            for argument, offset in zip(bound, offsets, strict=True):
                if argument.gm:
                    flat = argument.owner.reshape(-1).view(np.uint8)
                    flat[:] = np.frombuffer(memory, dtype=np.uint8, count=argument.owner.nbytes, offset=offset)
                if argument.write_back is not None:
                    np.copyto(argument.write_back, argument.owner)
        finally:
            memory.close()


def _describe_arrays(
    memory: mmap.mmap, fields: Layout, cpp: Sequence[CppParam], bound: Sequence[BoundArgument], slack: Sequence[int]
) -> None:
    """The arrays' sizes, slack and names, for the bounds checks of the copies (gm_bounds.h); the overrun
    records start with no core."""
    for i, (param, argument) in enumerate(zip(cpp, bound, strict=False)):
        if not argument.array:
            continue
        struct.pack_into("<Q", memory, fields["array_bytes"] + 8 * i, argument.owner.nbytes)
        struct.pack_into("<Q", memory, fields["slack_bytes"] + 8 * i, slack[i])
        name = param.name.encode()[:63]
        memory[fields["array_name"] + 64 * i : fields["array_name"] + 64 * i + len(name)] = name
    for i in range(len(bound)):
        struct.pack_into("<q", memory, fields["overrun"] + fields["overrun_size"] * i + 8, -1)


def _overruns(
    compiled: EmulatedKernel, memory: mmap.mmap, fields: Layout, cpp: Sequence[CppParam], bound: Sequence[BoundArgument]
) -> list[Overrun]:
    files = relocate(cann_source(compiled))
    found: list[Overrun] = []
    for i, (param, argument) in enumerate(zip(cpp, bound, strict=False)):
        base = fields["overrun"] + fields["overrun_size"] * i
        furthest, _core, line = struct.unpack_from("<Qqi", memory, base)
        if not argument.array or furthest <= argument.owner.nbytes:
            continue

        def text(at: int, size: int) -> str:
            return files.restore(memory[at : at + size].split(b"\0", 1)[0].decode(errors="replace"))

        what, file = text(base + 20, 256), text(base + 276, 244)
        found.append(Overrun(param.name, argument.owner.nbytes, furthest, what, file, line))
    return found


def _run(
    compiled: EmulatedKernel,
    executables: dict[CoreMode, Path],
    memory: mmap.mmap,
    fields: Layout,
    scratch: Path,
    memory_path: Path,
    block_dim: int,
    timeout: float | None,
    regions: list[Region],
) -> None:
    sides = block_cores(compiled.kernel_type)
    aivs = max((n for side, n in sides if side == "aiv"), default=1)
    limit = timeout if timeout is not None else float(os.environ.get(TIMEOUT_ENV, "300"))
    cores: list[Core] = []
    try:
        for block in range(block_dim):
            for side, count in sides:
                for sub in range(count):
                    log = scratch / f"core-{block}-{side}-{sub}.log"
                    with open(log, "wb") as out:
                        command = [str(executables[side]), str(memory_path), str(block), str(sub), str(block_dim)]
                        process = subprocess.Popen([*command, str(aivs)], stdout=out, stderr=subprocess.STDOUT)
                    cores.append(Core(block, side, sub, process, log))
        _wait(compiled, cores, memory, fields, aivs, limit, regions)
    finally:
        for core in cores:
            if core.process.poll() is None:
                core.process.kill()
                core.process.wait()
    for core in sorted(cores, key=lambda c: c.slot):
        text = core.log.read_bytes().decode(errors="replace")
        if text:
            print(text, end="" if text.endswith("\n") else "\n")


def _slot(memory: mmap.mmap, fields: Layout, slot: int, files: Relocated) -> dict[str, Any]:
    """What core ``slot`` reports, its texts naming the kernel's files (the build names them by token)."""
    base = fields["core"] + slot * fields["slot_size"]

    def integer(name: str) -> int:
        return struct.unpack_from("<i", memory, base + fields[name])[0]

    def text(name: str, size: int) -> str:
        raw = memory[base + fields[name] : base + fields[name] + size]
        return raw.split(b"\0", 1)[0].decode(errors="replace")

    return {
        "state": integer("state"),
        "wait_flag": integer("wait_flag"),
        "line": integer("line"),
        "signal": integer("signal"),
        "fault_offset": struct.unpack_from("<q", memory, base + fields["fault_offset"])[0],
        "file": files.restore(text("file", 244)),
        "message": files.restore(text("message", 512)),
    }


def _wait(
    compiled: EmulatedKernel,
    cores: list[Core],
    memory: mmap.mmap,
    fields: Layout,
    aivs: int,
    limit: float,
    regions: list[Region],
) -> None:
    start = time.monotonic()
    last_progress = -1
    still_since = time.monotonic()
    files = relocate(cann_source(compiled))
    while True:
        running = [c for c in cores if c.process.poll() is None]
        failed = [c for c in cores if c.process.returncode not in (None, 0)]
        if failed:
            first = min(failed, key=lambda c: c.slot)
            raise _failure(compiled, first, memory, fields, aivs, regions)
        if not running:
            return
        progress = struct.unpack_from("<q", memory, fields["progress"])[0]
        now = time.monotonic()
        if progress != last_progress:
            last_progress, still_since = progress, now
        states = {c.slot: _slot(memory, fields, c.slot, files) for c in running}
        waiting = all(states[c.slot]["state"] == 2 for c in running)
        if (waiting and now - still_since > HANG_SECONDS) or now - start > limit:
            described = "; ".join(_describe(c, states[c.slot], aivs) for c in running)
            reason = (
                "every unfinished core waits for a cross-core flag no core will set"
                if waiting
                else (f"the launch did not finish in {limit:g} s")
            )
            raise EmulationError(
                f"kernel '{compiled.name}' hangs on the CANN backend: {reason}: {described}",
                _location(states[min(running, key=lambda c: c.slot).slot]),
                kind="emulation",
            )
        time.sleep(0.005 if now - start < 1 else 0.02)


def _describe(core: Core, slot: dict[str, Any], aivs: int) -> str:
    where = f" ({Path(slot['file']).name}:{slot['line']})" if slot["line"] > 0 else ""
    if slot["state"] == 2:
        return f"{core.name(aivs)} waits for flag {slot['wait_flag']}{where}"
    return f"{core.name(aivs)} is {STATES.get(slot['state'], 'running')}{where}"


def _location(slot: dict[str, Any]) -> SourceLocation | None:
    return SourceLocation(slot["file"], slot["line"]) if slot["file"] and slot["line"] > 0 else None


@dataclass(frozen=True)
class Region:
    """Where an argument's data (or the system workspace) lies in the launch's memory."""

    name: str
    offset: int
    size: int


def _fault(offset: int, regions: list[Region]) -> str:
    """Where a faulting access landed in the launch's memory (the control block, the arguments one after
    another, the system workspace).  Only an access past the end of the memory faults: one that runs off an
    argument into the next does not, so the argument it came from is not known."""
    inside = [r for r in regions if r.offset <= offset < r.offset + r.size]
    if inside:
        return f"an access at byte {offset - inside[0].offset} of {inside[0].name} ({inside[0].size} bytes)"
    if not regions or offset < regions[0].offset:
        return f"an access at byte {offset} of the launch's control block"
    last = max(regions, key=lambda r: r.offset)
    past = offset - last.offset - last.size
    return (
        f"an access {past} bytes past the end of the launch's memory (after {last.name}): a GM address beyond "
        "every buffer the kernel was given"
    )


def _failure(
    compiled: EmulatedKernel, core: Core, memory: mmap.mmap, fields: Layout, aivs: int, regions: list[Region]
) -> EmulationError:
    slot = _slot(memory, fields, core.slot, relocate(cann_source(compiled)))
    code = core.process.returncode
    output = core.log.read_bytes().decode(errors="replace").strip().splitlines()
    logged = [m for m in map(_CANN_LOG.search, output) if m is not None]
    if slot["message"]:
        reason = slot["message"]
    elif logged:
        last = logged[-1]
        where = f"{Path(last.group('file')).name}:{last.group('line')}"
        reason = f"CANN's {last.group('function')} ({where}) failed: {last.group('message').strip()}"
    elif code is not None and code < 0 and slot["fault_offset"] >= 0:
        reason = f"it stopped with {signal.Signals(-code).name}: {_fault(slot['fault_offset'], regions)}"
    elif code is not None and code < 0:
        reason = f"it stopped with {signal.Signals(-code).name}"
    else:
        reason = f"it exited with status {code}"
    notes = [line for line in output[-5:] if line] if not (slot["message"] or logged) else []
    return EmulationError(
        f"kernel '{compiled.name}' failed on the CANN backend: {core.name(aivs)}: {reason}",
        _location(slot),
        notes=[f"core output: {line}" for line in notes],
        kind="emulation",
    )
