"""Running a compiled kernel on the CPU (docs/emulation.md#how-a-launch-runs).

:func:`launch` builds the kernel's Ascend C with a generated launcher into a shared library (see
:mod:`ascx.emu.build`), loads it, and runs the kernel body once per core: ``block_dim`` blocks, and
on a MIX 1:2 kernel two AIV sub-blocks per block, on a MIX 1:1 one (the AIC side is only built: the Matmul engine inside
the client calls does its work; in MixDualMaster mode the AIC side runs too, one core per block, in a
launch of its own before the AIVs', and computes).  The cores run on host threads, as many at once
as the machine has (``threads``), so blocks can wait for each other (``ib_wait``, ``sync_all``,
``wait_pre_block``, cross-core flags); a wait nothing can satisfy stops the launch with a deadlock
error.  Arrays are passed by address, so the kernel writes its outputs straight into them (a
non-contiguous array goes through a contiguous copy that is written back).  A run-time error of the
emulation (an out-of-bounds access, a queue misuse, a wait that would hang) stops the launch with
:class:`EmulationError`.
"""

from __future__ import annotations

import ctypes
import os
import re
import weakref
from collections.abc import Generator, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TextIO, cast

import numpy as np

from ascx.dump_buffer import DUMP_BYTES_PER_CORE
from ascx.emu import coverage, timeline
from ascx.emu.backends import run_both, selected_backend
from ascx.emu.build import TIMELINE_FLAGS, BuildKind, CoreMode, build_library, check_source, default_compiler
from ascx.emu.gm_overrun import Overrun, OverrunRecord, PaddedArray, fresh_record, gm_overrun_mode, warn_overruns
from ascx.emu.local_overrun import (
    LocalOverrun,
    LocalOverrunRecord,
    fresh_local_record,
    local_overrun_mode,
    warn_local_overrun,
)
from ascx.emu.relocation import Relocated, relocate
from ascx.emu.timeline import events as timeline_events, recording as timeline_recording
from ascx.errors import AscxError, SourceLocation
from ascx.kernel_facts import EmulatedKernel
from ascx.kernel_type import KernelType
from ascx.language.core.dtype import DataType
from ascx.progress import logger, recording_timings, showing_progress, step, submit
from ascx.tracer.signature import KernelParam

ERROR_BYTES = 2048
LOG_BUILD = logger("build")
LOG_RUN = logger("emu")
"""A launch's build and run, each at INFO with its duration (docs/emulation.md#progress-and-timings)."""


def sub_blocks(kernel_type: KernelType) -> int:
    """Kernel bodies run per block: the AIVs of a block (two in MIX 1:2, one in MIX 1:1 and the vector
    kernels), or the one AIC of a cube-only kernel."""
    return max(1, kernel_type.aivs_per_block)


def run_mode(kernel_type: KernelType) -> CoreMode:
    """The side that runs the kernel body: the AIC of a cube-only kernel, else the AIVs."""
    return "aic" if kernel_type is KernelType.AIC_ONLY else "aiv"


def check_only_modes(kernel_type: KernelType) -> tuple[CoreMode, ...]:
    """Sides that are built but never run: the AIC side of a MIX Matmul kernel returns in REGIST_MATMUL_OBJ."""
    return ("aic",) if kernel_type.has_matmul_aic else ()


class EmulationError(AscxError):
    """The kernel did something the emulated hardware forbids while it ran."""


@dataclass(frozen=True)
class CppParam:
    """One parameter of the emitted kernel function."""

    type: str
    name: str

    @property
    def pointer(self) -> bool:
        return self.type.endswith("*")


_SIGNATURE = re.compile(r'extern "C" __global__ __aicore__ void (\w+)\((.*?)\) \{')


def kernel_signature(source: str, name: str) -> list[CppParam]:
    """The parameters of kernel ``name`` in its Ascend C ``source``."""
    for match in _SIGNATURE.finditer(source):
        if match.group(1) == name:
            text = match.group(2).strip()
            params: list[CppParam] = []
            for part in text.split(", ") if text else []:
                kind, _, ident = part.rpartition(" ")
                params.append(CppParam(kind, ident))
            return params
    raise AscxError(f"kernel '{name}' has no entry function in its Ascend C source", kind="internal")


def launcher_source(compiled: EmulatedKernel) -> str:
    """The kernel's Ascend C, with its Python source lines marked, followed by ``ascx_emu_launch``,
    which runs it on every core, and ``ascx_emu_where``, which says where a failed run stopped."""
    source = compiled.launch_facts.emulation_source
    params = kernel_signature(source, compiled.kernel_name)
    arguments = ", ".join(
        f"static_cast<{p.type}>(args[{i}])" if p.pointer else f"*static_cast<{p.type}*>(args[{i}])"
        for i, p in enumerate(params)
    )
    return (
        source
        + f"""
// --- the ascx emulation launcher ----------------------------------------------------------------------
#include "ascx_emu/launch.h"

static void ascx_emu_body(void* const* args) {{
    {compiled.kernel_name}({arguments});
}}

extern "C" ASCX_EMU_EXPORT int ascx_emu_launch(void* const* args, const ascx_emu::LaunchBuffer* buffers,
                                               int64_t buffer_count, int64_t block_num, int64_t sub_block_num,
                                               int check_sync, int same_pipe_raw, int64_t threads,
                                               ascx_emu::LocalOverrun* local_overrun, char* error,
                                               int64_t error_size) {{
    return ascx_emu::run_launch(&ascx_emu_body, args, buffers, buffer_count, block_num, sub_block_num, check_sync != 0,
                                same_pipe_raw != 0, threads, local_overrun, error, error_size);
}}

extern "C" ASCX_EMU_EXPORT void ascx_emu_where(char* file, int64_t size, int64_t* line) {{
    ascx_emu::report_where(file, size, line);
}}

extern "C" ASCX_EMU_EXPORT int64_t ascx_emu_coverage(char* out, int64_t size) {{
    return ascx_emu::coverage::take(out, size);
}}

#if ASCX_EMU_TIMELINE  // a profiled launch's build (docs/emulation.md#timeline)
extern "C" ASCX_EMU_EXPORT void ascx_emu_timeline(int on, const double* costs, int64_t count) {{
    ascx_emu::timeline::control(on, costs, count);
}}

extern "C" ASCX_EMU_EXPORT int64_t ascx_emu_timeline_cores(int64_t* indices, double* ends, int64_t max) {{
    return ascx_emu::timeline::cores(indices, ends, max);
}}

extern "C" ASCX_EMU_EXPORT int64_t ascx_emu_timeline_core_size(int64_t core) {{
    return ascx_emu::timeline::core_size(core);
}}

extern "C" ASCX_EMU_EXPORT void ascx_emu_timeline_copy_core(int64_t core, ascx_emu::timeline::Event* out) {{
    ascx_emu::timeline::copy_core(core, out);
}}

extern "C" ASCX_EMU_EXPORT int64_t ascx_emu_timeline_format_trace(int64_t pid_base, int64_t pids, double cycles_per_us,
                                                                 const char* const* files, int64_t file_count,
                                                                 const char** out) {{
    return ascx_emu::timeline::format_trace(pid_base, pids, cycles_per_us, files, file_count, out);
}}

extern "C" ASCX_EMU_EXPORT int ascx_emu_timeline_write_profile(
    const char* const* paths, const char* const* before, const int64_t* before_sizes, int64_t before_count,
    const char* const* after, const int64_t* after_sizes, int64_t after_count, int64_t pid_base, int64_t pids,
    double cycles_per_us, const char* const* files, int64_t file_count, int64_t core, const char* title,
    const char* summary_head, int64_t steps, const char** core_lines, int64_t* core_lines_size, int64_t* failed) {{
    return ascx_emu::timeline::write_profile(paths, before, before_sizes, before_count, after, after_sizes, after_count,
                                             pid_base, pids, cycles_per_us, files, file_count, core, title,
                                             summary_head, steps, core_lines, core_lines_size, failed);
}}
#endif
"""
    )


class _Buffer(ctypes.Structure):
    _fields_ = (
        ("data", ctypes.c_void_p),
        ("bytes", ctypes.c_uint64),
        ("name", ctypes.c_char_p),
        ("array_bytes", ctypes.c_uint64),
        ("overrun", ctypes.POINTER(OverrunRecord)),
    )


@cache
def _load(path: Path) -> Any:
    library = ctypes.CDLL(str(path))
    where = library.ascx_emu_where
    where.restype = None
    where.argtypes = (ctypes.c_char_p, ctypes.c_int64, ctypes.POINTER(ctypes.c_int64))
    entry = library.ascx_emu_launch
    entry.restype = ctypes.c_int
    entry.argtypes = (
        ctypes.POINTER(ctypes.c_void_p),
        ctypes.POINTER(_Buffer),
        ctypes.c_int64,
        ctypes.c_int64,
        ctypes.c_int64,
        ctypes.c_int,
        ctypes.c_int,
        ctypes.c_int64,
        ctypes.POINTER(LocalOverrunRecord),
        ctypes.c_char_p,
        ctypes.c_int64,
    )
    return library


def _where(library: Any) -> SourceLocation | None:
    file = ctypes.create_string_buffer(4096)
    line = ctypes.c_int64(0)
    library.ascx_emu_where(file, 4096, ctypes.byref(line))
    name = file.value.decode(errors="replace")
    return SourceLocation(name, line.value) if name and line.value > 0 else None


@dataclass
class BoundArgument:
    """What one C++ parameter receives: the address, the array that owns the memory, and where a
    non-contiguous original must get the results back."""

    address: int
    owner: np.ndarray[Any, Any]
    write_back: np.ndarray[Any, Any] | None = None
    gm: bool = True
    array: bool = False
    """An array the caller passed (not a scalar, a struct or a hidden buffer)."""


def _as_array(value: Any, name: str) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any] | None]:
    """A C-contiguous numpy view of an array argument, and the original view to copy results back to
    when a contiguous copy had to be made."""
    if isinstance(value, np.ndarray):
        view = cast("np.ndarray[Any, Any]", value)
    elif hasattr(value, "__dlpack__"):
        view = cast("np.ndarray[Any, Any]", np.from_dlpack(value))
    elif hasattr(value, "__array__") or hasattr(value, "__array_interface__"):
        view = np.asarray(value)
    else:
        raise AscxError(f"argument '{name}' must be an array (numpy, or anything with __array__ or __dlpack__)")
    if view.flags.c_contiguous:
        return view, None
    return np.ascontiguousarray(view), view


def _pointer_argument(param: KernelParam, value: Any) -> BoundArgument:
    array, original = _as_array(value, param.name)
    bits = "uint16" if str(param.dtype) == "bfloat16" else _numpy_dtype(param.dtype) if param.dtype else None
    if bits is not None and array.dtype != np.dtype(bits):  # bfloat16 arrives as its bits (numpy lacks it)
        raise AscxError(
            f"argument '{param.name}' holds {array.dtype}, but the kernel was compiled for {param.dtype} elements"
        )
    return BoundArgument(array.ctypes.data, array, original, array=True)


def _numpy_dtype(dtype: DataType) -> str:
    text = str(dtype)
    return "float16" if text == "half" else text


def _scalar_argument(param: KernelParam, value: Any) -> BoundArgument:
    assert param.dtype is not None
    if str(param.dtype) == "bfloat16":
        raise AscxError(f"argument '{param.name}': bfloat16 scalars cannot be passed from numpy")
    holder = np.array([value], dtype=_numpy_dtype(param.dtype))
    return BoundArgument(holder.ctypes.data, holder, gm=False)


def _struct_argument(param: KernelParam, value: Any) -> BoundArgument:
    pack = getattr(value, "pack", None)  # asc.adv.TCubeTiling: its C++ bytes
    data = pack() if callable(pack) else value
    if isinstance(data, bytes | bytearray):
        raw = np.frombuffer(bytes(data), dtype=np.uint8).copy()
    else:
        raw = np.ascontiguousarray(np.asarray(data)).view(np.uint8).reshape(-1)
    return BoundArgument(raw.ctypes.data, raw)


def _hidden_argument(param: CppParam, blocks: int) -> BoundArgument:
    """A buffer for a parameter the kernel author never passes (the FFTS address, the dump buffer)."""
    size = DUMP_BYTES_PER_CORE * blocks if "dump" in param.name else 64
    owner = np.zeros(size, dtype=np.uint8)
    return BoundArgument(owner.ctypes.data, owner)


def bind_arguments(
    compiled: EmulatedKernel, cpp: Sequence[CppParam], values: Sequence[Any], cores: int
) -> list[BoundArgument]:
    runtime = [p for p in compiled.params if p.kind != "constexpr"]
    given = [v for p, v in zip(compiled.params, values, strict=True) if p.kind != "constexpr"]
    if len(cpp) < len(runtime):
        raise AscxError(f"kernel '{compiled.name}' has fewer C++ parameters than runtime arguments", kind="internal")
    bound: list[BoundArgument] = []
    for param, value in zip(runtime, given, strict=True):
        if param.kind == "pointer":
            bound.append(_pointer_argument(param, value))
        elif param.kind == "scalar":
            bound.append(_scalar_argument(param, value))
        else:
            bound.append(_struct_argument(param, value))
    bound.extend(_hidden_argument(p, cores) for p in cpp[len(runtime) :])
    return bound


def runs_aic_side(compiled: EmulatedKernel) -> bool:
    """Whether the AIC side of a MIX kernel runs the kernel's code: in MixDualMaster mode
    (``MatmulConfig(enable_mix_dual_master=True)``) the AIC computes its Matmul objects itself,
    without messages from the AIVs, and its ``REGIST_MATMUL_OBJ`` does not return."""
    return compiled.kernel_type.has_matmul_aic and compiled.launch_facts.mix_dual_master


_built: dict[int, tuple[weakref.ref[EmulatedKernel], dict[tuple[BuildKind, bool], Path]]] = {}
"""The libraries of the kernel objects built in this process (by ``id``, with a reference to check it is
the same object), per build kind: the disk cache finds them across processes too, but only after
printing the emulation source again."""


def _libraries(compiled: EmulatedKernel) -> dict[tuple[BuildKind, bool], Path]:
    entry = _built.get(id(compiled))
    if entry is None or entry[0]() is not compiled:
        key = id(compiled)
        libraries: dict[tuple[BuildKind, bool], Path] = {}
        entry = (weakref.ref(compiled, lambda _: _built.pop(key, None)), libraries)
        _built[key] = entry
    return entry[1]


def build_kernel(compiled: EmulatedKernel, *, debug: bool = False, timeline: bool = False) -> Path:
    """The library that runs ``compiled`` (built, or found in the build cache); the sides that only need
    to compile (the AIC side of a MIX kernel) are checked too, or built when they run
    (:func:`build_aic_side`).  ``debug`` selects the debug build (see :data:`ascx.emu.build.BUILD_FLAGS`);
    ``timeline`` its flavour that records the modelled timeline (:data:`ascx.emu.build.TIMELINE_FLAGS`)."""
    kind: BuildKind = "debug" if debug else "fast"
    known = _libraries(compiled)
    flavour = (kind, timeline)
    if flavour in known and known[flavour].exists():
        return known[flavour]
    source = launcher_source(compiled)
    what = f"building '{compiled.name}' with {default_compiler().name} against the emulation headers"
    with (
        step(LOG_BUILD, what + (" (debug build)" if debug else ""), timing="build", cached_note=True),
        ThreadPoolExecutor(max_workers=2) as pool,  # the host compiler runs outside the GIL
    ):
        if runs_aic_side(compiled):
            other = [submit(pool, build_aic_side, compiled, debug=debug, timeline=timeline)]
        else:
            other = [
                submit(pool, check_source, compiled.source, mode, name=compiled.name)
                for mode in check_only_modes(compiled.kernel_type)
            ]
        flags = TIMELINE_FLAGS if timeline else ()
        mode = run_mode(compiled.kernel_type)
        library = submit(pool, build_library, source, mode, name=compiled.name, kind=kind, extra_flags=flags)
        for side in other:  # the other side's error first, as when the sides were built one after the other
            side.result()
        known[flavour] = library.result()
    return known[flavour]


def default_threads() -> int:
    """How many cores of a launch run at once by default: the host threads this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


@cache
def _signature(source: str, name: str) -> tuple[CppParam, ...]:
    return tuple(kernel_signature(source, name))


def build_aic_side(compiled: EmulatedKernel, *, debug: bool = False, timeline: bool = False) -> Path:
    """The library that runs the AIC side of a MixDualMaster kernel, one core per block (``timeline``: its
    flavour that records the modelled timeline)."""
    kind: BuildKind = "debug" if debug else "fast"
    flags = TIMELINE_FLAGS if timeline else ()
    return build_library(launcher_source(compiled), "aic", name=compiled.name, kind=kind, extra_flags=flags)


_debug_launches: ContextVar[bool] = ContextVar("ascx_emu_debug_launches", default=False)


@contextmanager
def debug_builds(enabled: bool = True) -> Generator[None]:
    """Launches inside run the debug build unless they say otherwise: ``kernel[n](...)`` of an
    ``@asc.jit(debug=True)`` kernel runs in it, through the runtime's launcher."""
    token = _debug_launches.set(enabled)
    try:
        yield
    finally:
        _debug_launches.reset(token)


def launch(
    compiled: EmulatedKernel,
    block_dim: object,
    args: Sequence[Any],
    *,
    check_sync: bool = True,
    same_pipe_raw: bool = True,
    debug: bool | None = None,
    threads: int | None = None,
) -> None:
    """Run ``compiled`` on ``block_dim`` blocks with ``args`` (in the kernel's parameter order).  With
    ``check_sync`` (the default) the dynamic checker stops the run at the first access that no
    synchronisation orders after a conflicting access (docs/emulation.md#the-dynamic-synchronisation-checker);
    ``same_pipe_raw`` (the default, as the static verifier's HZ-4) also requires a ``PipeBarrier`` between
    a write and a read on one pipe.
    ``debug`` runs the debug build (the headers' reference paths, ``-O1 -g``; by default, inside
    :func:`debug_builds`); ``threads`` is how many cores run at once (default: the host threads
    available; 1 runs them one after another)."""
    if debug is None:
        debug = _debug_launches.get()
    if not isinstance(block_dim, int) or isinstance(block_dim, bool) or block_dim < 1:
        raise AscxError(f"the block count must be a positive int, got {block_dim!r}", kind="usage")
    if len(args) != len(compiled.params):
        raise AscxError(
            f"kernel '{compiled.name}' takes {len(compiled.params)} arguments, got {len(args)}", kind="usage"
        )
    backend = selected_backend()
    for key in TIMINGS:  # this launch's, or none
        compiled.timings.pop(key, None)
    with recording_timings(TIMINGS) as times:
        if backend == "cann":
            from ascx.emu.cann_backend.launch import launch as launch_cann

            launch_cann(compiled, block_dim, args)
        elif backend == "both":
            blocks = block_dim
            run_both(
                compiled,
                blocks,
                args,
                lambda values: _launch_clean_room(compiled, blocks, values, check_sync, same_pipe_raw, debug, threads),
            )
        else:
            _launch_clean_room(compiled, block_dim, args, check_sync, same_pipe_raw, debug, threads)
    compiled.timings.update(times)


TIMINGS = ("build", "run")
"""What a launch records in the kernel's ``timings`` (docs/emulation.md#progress-and-timings): ``build``, the
seconds its host-compiler builds took (0.0 when the build cache had every library), and ``run``, the seconds
its cores ran (with binding the arguments and copying results back); with ``ASCX_EMULATOR=both``, the sums
over both backends."""


def running(compiled: EmulatedKernel, block_dim: int, backend: str = "") -> str:
    """How a launch's run step is named in its progress lines."""
    blocks = f"{block_dim} block{'s' if block_dim != 1 else ''}"
    return f"running '{compiled.name}' on {blocks} on the CPU{backend}"


def _launch_clean_room(
    compiled: EmulatedKernel,
    block_dim: int,
    args: Sequence[Any],
    check_sync: bool,
    same_pipe_raw: bool,
    debug: bool,
    threads: int | None,
) -> None:
    if threads is not None and (isinstance(threads, bool) or threads < 1):
        raise AscxError(f"threads must be a positive int, got {threads!r}", kind="usage")
    profile = _profile_costs(compiled, check_sync)  # docs/emulation.md#timeline: its own build flavour
    recording = profile is not None
    library = _load(build_kernel(compiled, debug=debug, timeline=recording))
    aic = _load(build_aic_side(compiled, debug=debug, timeline=recording)) if runs_aic_side(compiled) else None
    with step(LOG_RUN, running(compiled, block_dim), timing="run"):
        _run_clean_room(compiled, library, aic, block_dim, args, check_sync, same_pipe_raw, threads, profile)


def _run_clean_room(
    compiled: EmulatedKernel,
    library: Any,
    aic: Any,
    block_dim: int,
    args: Sequence[Any],
    check_sync: bool,
    same_pipe_raw: bool,
    threads: int | None,
    profile: timeline.CostTable | None,
) -> None:
    cpp = _signature(compiled.source, compiled.kernel_name)
    subs = sub_blocks(compiled.kernel_type)
    bound = bind_arguments(compiled, cpp, args, block_dim * subs)
    names = [p.name for p in cpp]
    warn = gm_overrun_mode() == "warn"  # each array at the start of a larger allocation (docs/emulation.md#gm-overruns)
    padded = {i: PaddedArray.of(a.owner) for i, a in enumerate(bound) if warn and a.array}
    records = {i: fresh_record() for i in padded}
    data = [padded[i].allocation if i in padded else a.owner for i, a in enumerate(bound)]
    addresses = (ctypes.c_void_p * max(1, len(bound)))(
        *(data[i].ctypes.data if i in padded else a.address for i, a in enumerate(bound))
    )
    gm = [i for i, a in enumerate(bound) if a.gm]
    buffers = (_Buffer * max(1, len(gm)))(
        *(
            _Buffer(
                data[i].ctypes.data,
                data[i].nbytes,
                names[i].encode(),
                bound[i].owner.nbytes,
                ctypes.pointer(records[i]) if i in records else None,
            )
            for i in gm
        )
    )
    local = fresh_local_record() if local_overrun_mode() == "warn" else None  # docs/emulation.md#local-tensor-overruns
    local_pointer = ctypes.pointer(local) if local is not None else None
    error = ctypes.create_string_buffer(ERROR_BYTES)
    if profile is not None:
        _record_timeline(profile, aic, library)
    width = threads if threads is not None else default_threads()
    status = 0
    if aic is not None:
        # MixDualMaster: every block's AIC runs (and computes) in a launch of its own before the AIVs',
        # which only wait for the results: a valid order of cores that run concurrently on hardware.
        status = aic.ascx_emu_launch(
            addresses, buffers, len(gm), block_dim, 1, int(check_sync), int(same_pipe_raw), width, local_pointer,
            error, ERROR_BYTES,
        )  # fmt: skip
        coverage.collect(aic, completed=status == 0)
        library = aic if status != 0 else library
    if status == 0:
        status = library.ascx_emu_launch(
            addresses, buffers, len(gm), block_dim, subs, int(check_sync), int(same_pipe_raw), width, local_pointer,
            error, ERROR_BYTES,
        )  # fmt: skip
        coverage.collect(library, completed=status == 0)
    for array in padded.values():
        array.copy_back()
    for argument in bound:
        if argument.write_back is not None:
            np.copyto(argument.write_back, argument.owner)
    overran = [i for i, r in records.items() if r.furthest > bound[i].owner.nbytes]
    local_overran = local is not None and local.accesses > 0
    files = relocate(launcher_source(compiled)) if overran or local_overran or status != 0 else None  # by token
    if files is not None:
        warn_overruns(compiled.name, [_overrun(names[i], bound[i].owner.nbytes, records[i], files) for i in overran])
        if local is not None and local_overran:
            warn_local_overrun(compiled.name, _local_overrun(local, files))
    if profile is not None and status == 0:
        _write_timeline(compiled, profile, aic, library)
    if status != 0:
        assert files is not None
        where = _where(library)
        raise EmulationError(
            f"kernel '{compiled.name}' failed in the CPU emulation: "
            + files.restore(error.value.decode(errors="replace")),
            where if where is None else SourceLocation(files.restore(where.file), where.line),
            kind="emulation",
        )


def _record_timeline(costs: timeline.CostTable, aic: Any, library: Any) -> None:
    """Switch the timeline of the profiled flavour's libraries on, with ``costs`` (docs/emulation.md#timeline)."""
    for side in (aic, library):
        if side is not None:
            timeline_events.switch(side, True, costs.as_array())


def _profile_costs(compiled: EmulatedKernel, check_sync: bool) -> timeline.CostTable | None:
    """The cost table of a launch that records its timeline, or None (docs/emulation.md#timeline)."""
    if timeline.profile_dir() is None:
        return None
    if not check_sync:
        raise AscxError(
            f"kernel '{compiled.name}': the timeline (ASCX_PROFILE) is recorded by the synchronisation checker, "
            "which this launch turns off (check_sync=False)",
            kind="usage",
            hints=["launch with the checker on to profile (docs/emulation.md#timeline)"],
        )
    return timeline.current_costs()


def _write_timeline(compiled: EmulatedKernel, costs: timeline.CostTable, aic: Any, library: Any) -> None:
    sides = [timeline_recording.Side("aic", aic, 1)] if aic is not None else []
    sides.append(timeline_recording.Side(run_mode(compiled.kernel_type), library, sub_blocks(compiled.kernel_type)))
    files = relocate(compiled.launch_facts.emulation_source)  # the launcher adds no file: the same tokens
    directory = timeline.profile_dir()
    assert directory is not None
    recorded = timeline_recording.collect(compiled.name, costs, sides, timeline.drawn_block(), files)
    timeline.write_profile(recorded, directory)


def _overrun(name: str, array_bytes: int, record: OverrunRecord, files: Relocated) -> Overrun:
    what, file = (files.restore(raw.decode(errors="replace")) for raw in (record.what, record.file))
    return Overrun(name, array_bytes, record.furthest, what, file, record.line)


def _local_overrun(record: LocalOverrunRecord, files: Relocated) -> LocalOverrun:
    what, file = (files.restore(raw.decode(errors="replace")) for raw in (record.what, record.file))
    return LocalOverrun(record.accesses, what, file, record.line)


def run_with_progress(kernel: Any, block_dim: int, *args: Any, out: TextIO | None = None) -> None:
    """``kernel[block_dim](*args)`` with its progress shown on ``out`` (stderr by default): compiling to Ascend
    C, building with the host compiler (or finding the build in the cache), running on the CPU, a line when
    each starts and one with its seconds when it ends (docs/emulation.md#progress-and-timings).  For scripts
    and demos; ``kernel`` is an ``@asc.jit`` function.  Within :func:`ascx.progress.show_progress`, the
    lines go where it sends them."""
    debug = bool(getattr(kernel, "options", {}).get("debug", False))
    with showing_progress(stream=out):
        with step(LOG_COMPILE, f"compiling '{kernel.__name__}' to Ascend C"):
            compiled = kernel.compile(*args)
        launch(compiled, block_dim, args, debug=debug)


LOG_COMPILE = logger("compile")
