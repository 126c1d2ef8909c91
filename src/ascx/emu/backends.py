"""Choosing the emulation backend of a launch (docs/emulation.md#two-backends).

``ASCX_EMULATOR`` selects it: ``clean-room`` (the default) runs ascx's own headers, with the dynamic
synchronisation checker; ``cann`` runs the kernel through CANN's own Ascend C headers (found with
``ASCX_CANN_HEADERS``) on ascx's clean-room intrinsic layer; ``both`` runs the clean-room backend on the
arguments and the CANN backend on copies of them, and reports the first output element where they differ
(bit for bit, or within the relative tolerance ``ASCX_EMULATOR_RTOL`` gives for floating-point outputs).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Literal, cast

import numpy as np

from ascx.errors import AscxError
from ascx.kernel_facts import EmulatedKernel
from ascx.progress import submit

Backend = Literal["clean-room", "cann", "both"]
BACKENDS: tuple[Backend, ...] = ("clean-room", "cann", "both")
EMULATOR_ENV = "ASCX_EMULATOR"
TOLERANCE_ENV = "ASCX_EMULATOR_RTOL"
"""``both``: a relative tolerance for floating-point outputs (default 0: bit for bit), for the library
functions whose clean-room steps round differently from CANN's algorithms (docs/emulation.md#what-both-compares)."""


def selected_backend() -> Backend:
    """``$ASCX_EMULATOR``, else ``clean-room``; a one-line error for anything else."""
    value = os.environ.get(EMULATOR_ENV, "").strip() or "clean-room"
    if value not in BACKENDS:
        raise AscxError(
            f"{EMULATOR_ENV}={value!r} is not an emulation backend: use one of {', '.join(BACKENDS)}", kind="usage"
        )
    return value


_SYSTEM_WORKSPACE = re.compile(r"REGIST_MATMUL_OBJ\(\s*[^,]+,\s*(?:reinterpret_cast<GM_ADDR>\()?(\w+)\)?\s*,")


def relative_tolerance() -> float:
    """``$ASCX_EMULATOR_RTOL`` (0 without it); a one-line error for anything but a number >= 0."""
    value = os.environ.get(TOLERANCE_ENV, "").strip() or "0"
    try:
        tolerance = float(value)
    except ValueError:
        tolerance = -1.0
    if not tolerance >= 0:
        raise AscxError(f"{TOLERANCE_ENV}={value!r} is not a relative tolerance: use a number >= 0", kind="usage")
    return tolerance


def system_workspaces(compiled: EmulatedKernel) -> set[str]:
    """The arguments a kernel hands ``REGIST_MATMUL_OBJ`` as its system workspace: the Matmul client and
    server's message queues, whose bytes are the implementation's own (the clean-room engine computes
    inside the client calls and sends no messages), so ``both`` does not compare them."""
    return set(_SYSTEM_WORKSPACE.findall(compiled.source))


def _array_like(value: Any) -> bool:
    return isinstance(value, np.ndarray) or any(
        hasattr(value, p) for p in ("__dlpack__", "__array__", "__array_interface__")
    )


def _host_array(value: Any) -> np.ndarray[Any, Any]:
    """The numpy view of an array argument, as the launch reads it (``ascx.emu.launch``): through DLPack
    when the value offers it (``np.asarray`` would wrap a DLPack-only tensor in an object array)."""
    if isinstance(value, np.ndarray):
        return cast("np.ndarray[Any, Any]", value)
    if hasattr(value, "__dlpack__"):
        return cast("np.ndarray[Any, Any]", np.from_dlpack(value))
    return np.asarray(value)


def run_both(
    compiled: EmulatedKernel, block_dim: int, args: Sequence[Any], clean_room: Callable[[Sequence[Any]], None]
) -> None:
    """``clean_room(args)``, then the CANN backend on copies of the arrays; the first differing element of
    an array argument (bit for bit, NaNs equal) is an error naming the argument, the index and both values."""
    from ascx.emu.cann_backend.launch import build_sides, launch as launch_cann
    from ascx.emu.launch import EmulationError

    tolerance = relative_tolerance()
    copies: list[Any] = [np.array(_host_array(a), copy=True) if _array_like(a) else a for a in args]
    with ThreadPoolExecutor(max_workers=1) as pool:  # CANN's builds beside the clean-room build and run
        cann_built = submit(pool, build_sides, compiled)
        try:
            clean_room(args)
        finally:
            cann_built.exception()  # wait: the clean-room error comes first, CANN's build error below
    launch_cann(compiled, block_dim, copies, executables=cann_built.result())
    names = [p.name for p in compiled.params]
    skipped = system_workspaces(compiled)
    for name, mine, theirs in zip(names, args, copies, strict=True):
        if not isinstance(theirs, np.ndarray) or name in skipped:
            continue
        ours: np.ndarray[Any, Any] = _host_array(mine).reshape(-1)
        cann = cast("np.ndarray[Any, Any]", theirs).reshape(-1)
        same = ours.view(np.uint8).reshape(ours.shape[0], -1) == cann.view(np.uint8).reshape(cann.shape[0], -1)
        equal = same.all(axis=1)
        floating = ours.dtype.kind == "f"
        if floating:
            wide_ours, wide_cann = ours.astype(np.float64), cann.astype(np.float64)
            equal |= np.isnan(wide_ours) & np.isnan(wide_cann)
            if tolerance > 0:
                with np.errstate(invalid="ignore", over="ignore"):  # inf - inf: not within any tolerance
                    bound = tolerance * np.maximum(np.abs(wide_ours), np.abs(wide_cann))
                    equal |= np.abs(wide_ours - wide_cann) <= bound
        if not equal.all():
            index = int(np.argmin(equal))
            within = f" beyond the relative tolerance {tolerance:g}" if floating and tolerance > 0 else ""
            raise EmulationError(
                f"the emulation backends differ on kernel '{compiled.name}': argument '{name}' element {index} is "
                f"{ours[index]} on the clean-room backend and {cann[index]} on the CANN backend "
                f"({int((~equal).sum())} of {equal.size} elements differ{within})",
                kind="emulation",
            )
