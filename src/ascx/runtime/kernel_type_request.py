"""``@asc.jit(kernel_type=KernelType.X)``: check the requested kernel type against what the traced
kernel does, and record it for ``ascx-kernel-type`` (which keeps a type already in the IR), so the
prologue, the printer and the emulation treat the kernel as that type.

ascx builds five kinds of kernel (``ascx.dialects.ascendc.KernelType``):

- ``AIV_ONLY``: vector cores only.  Nothing of the cube unit: no Matmul object, no work on the
  ``M``, ``MTE1`` or ``FIX`` pipes, and no hardware ``sync_all()`` (CANN's SyncAll page: a vector
  kernel with the hard SyncAll is ``MIX_AIV_1_0``).
- ``MIX_AIV_1_0``: vector cores only, launched as a MIX kernel: the same rules, the hard ``sync_all()``
  allowed.
- ``AIC_ONLY``: cube cores only.  No work on the vector cores' ``V`` and ``MTE3`` pipes; a Matmul
  object needs ``matmul_cube_only=True`` (its cube-only implementation).
- ``MIX_AIC_1_2`` / ``MIX_AIC_1_1``: one cube core and two (one) vector cores per block, for kernels
  that register a Matmul object whose cube side the AIC runs (not ``matmul_cube_only``).

Work inside ``if asc.ascend_is_aiv():`` (or ``ascend_is_aic()``) runs on that core type only and
is checked as such.  pyasc's other types (the hard-sync MIX types, ``MIX_AIC_1_0``) are refused.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, Region

from ascx.diagnostics import source_location
from ascx.dialects.ascendc import AscendIsAicOp, AscendIsAivOp, KernelType, KernelTypeAttr, RegisterMatmulOp
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.kernel_attrs import CUBE_ONLY_ATTR, KERNEL_ATTR, KERNEL_TYPE_ATTR
from ascx.dialects.ascendc.traits import issued_pipe
from ascx.errors import KernelError, SourceLocation
from ascx.passes.kernel_type import is_hard_sync_all

BUILT = {
    "AIV_ONLY": KernelType.AIV_ONLY,
    "AIC_ONLY": KernelType.AIC_ONLY,
    "MIX_AIC_1_2": KernelType.MIX_AIC_1_2,
    "MIX_AIC_1_1": KernelType.MIX_AIC_1_1,
    "MIX_AIV_1_0": KernelType.MIX_AIV_1_0,
}
"""pyasc's kernel type names that ascx builds, and its own kernel type for each."""
CUBE_PIPES = frozenset({Pipe.PIPE_M, Pipe.PIPE_MTE1, Pipe.PIPE_FIX})
"""Pipes only a cube core (AIC) has."""
VECTOR_PIPES = frozenset({Pipe.PIPE_V, Pipe.PIPE_MTE3})
"""Pipes only a vector core (AIV) has."""


def _guard(op: Operation) -> str | None:
    """``"aiv"``/``"aic"`` when ``op`` is the ``scf.if`` of ``if asc.ascend_is_aiv():`` (or ``aic``)."""
    if isinstance(op, scf.IfOp):
        owner = op.cond.owner
        if isinstance(owner, AscendIsAivOp):
            return "aiv"
        if isinstance(owner, AscendIsAicOp):
            return "aic"
    return None


def _ops_on(regions: Iterable[Region], core: str) -> Iterator[Operation]:
    """The ops in ``regions`` that run on ``core`` (``"aiv"`` or ``"aic"``): all of them, except those
    in the then-branch of a test for the other core type."""
    for region in regions:
        for block in region.blocks:
            for op in block.ops:
                yield op
                guard = _guard(op)
                if guard is not None and guard != core and isinstance(op, scf.IfOp):
                    yield from _ops_on([op.false_region], core)
                else:
                    yield from _ops_on(op.regions, core)


def _location(op: Operation) -> SourceLocation | None:
    return source_location(op.location)


def _error(requested: str, op: Operation, message: str, hint: str) -> KernelError:
    return KernelError(
        f"kernel_type=KernelType.{requested}, but {message}", _location(op), hints=[hint], kind="kernel-type"
    )


SYNC_ALL_PAGE = "CANN's SyncAll page, asc-devkit api/context/SyncAll.md"


def _check_aiv_only(kernel: func.FuncOp, registration: Operation | None, cube_only: bool) -> None:
    _check_vector(kernel, registration, cube_only, "AIV_ONLY")
    hard = next((op for op in _ops_on(kernel.regions, "aiv") if is_hard_sync_all(op)), None)
    if hard is not None:
        raise _error(
            "AIV_ONLY",
            hard,
            "the hardware `asc.sync_all()` needs a MIX kernel: in a pure vector kernel it requires "
            f"KERNEL_TYPE_MIX_AIV_1_0 ({SYNC_ALL_PAGE})",
            "use kernel_type=KernelType.MIX_AIV_1_0 (or drop kernel_type: ascx then builds the kernel as "
            "MIX_AIV_1_0), or the software sync_all(gm_workspace, ub_workspace, used_cores)",
        )


def _check_mix_aiv(kernel: func.FuncOp, registration: Operation | None, cube_only: bool) -> None:
    _check_vector(kernel, registration, cube_only, "MIX_AIV_1_0")


def _check_vector(kernel: func.FuncOp, registration: Operation | None, cube_only: bool, requested: str) -> None:
    if registration is not None:
        raise _error(
            requested,
            registration,
            "the kernel registers a Matmul object, whose matrix work runs on the cube cores",
            "drop kernel_type: a kernel that registers a Matmul is a MIX_AIC_1_2 kernel (MIX_AIC_1_1 on "
            "request, AIC_ONLY with matmul_cube_only=True)",
        )
    if cube_only:
        raise _error(requested, kernel, "matmul_cube_only=True makes a cube-only kernel", "drop one of them")
    for op in _ops_on(kernel.regions, "aiv"):
        pipe = issued_pipe(op)
        if pipe is not None and pipe in CUBE_PIPES:
            raise _error(
                requested,
                op,
                f"this runs on {pipe.name}, a pipe of the cube cores",
                "use KernelType.AIC_ONLY for a cube kernel, or put the cube work under `if asc.ascend_is_aic():` "
                "in a MIX kernel",
            )


def _check_aic_only(kernel: func.FuncOp, registration: Operation | None, cube_only: bool) -> None:
    requested = "AIC_ONLY"
    if registration is not None and not cube_only:
        raise _error(
            requested,
            registration,
            "the Matmul object is a MIX one (its client runs on the vector cores)",
            "add matmul_cube_only=True to @asc.jit for the cube-only Matmul, or drop kernel_type",
        )
    for op in _ops_on(kernel.regions, "aic"):
        pipe = issued_pipe(op)
        if pipe is not None and pipe in VECTOR_PIPES:
            raise _error(
                requested,
                op,
                f"this runs on {pipe.name}, a pipe of the vector cores",
                "use KernelType.AIV_ONLY for a vector kernel, or put the vector work under "
                "`if asc.ascend_is_aiv():` in a MIX kernel",
            )


def _check_mix(kernel: func.FuncOp, registration: Operation | None, cube_only: bool) -> None:
    _check_mix_aic(kernel, registration, cube_only, "MIX_AIC_1_2")


def _check_mix_1_1(kernel: func.FuncOp, registration: Operation | None, cube_only: bool) -> None:
    _check_mix_aic(kernel, registration, cube_only, "MIX_AIC_1_1")


def _check_mix_aic(kernel: func.FuncOp, registration: Operation | None, cube_only: bool, requested: str) -> None:
    if cube_only:
        raise _error(requested, kernel, "matmul_cube_only=True makes a cube-only kernel", "use KernelType.AIC_ONLY")
    if registration is None:
        raise _error(
            requested,
            kernel,
            f"the kernel registers no Matmul object: ascx builds {requested} kernels for the Matmul API's AIC/AIV "
            "split",
            "drop kernel_type (the kernel is AIV_ONLY), or register the Matmul with asc.adv.register_matmul",
        )


_CHECKS = {
    "AIV_ONLY": _check_aiv_only,
    "AIC_ONLY": _check_aic_only,
    "MIX_AIC_1_2": _check_mix,
    "MIX_AIC_1_1": _check_mix_1_1,
    "MIX_AIV_1_0": _check_mix_aiv,
}


def apply_kernel_type_request(module: ModuleOp, requested: str | None) -> None:
    """Check the kernels of ``module`` against the kernel type ``requested`` (a ``KernelType`` name of
    ``asc.runtime.config``) and record it; nothing to do when no type was requested."""
    if requested is None:
        return
    for kernel in module.body.block.ops:
        if not isinstance(kernel, func.FuncOp) or KERNEL_ATTR not in kernel.attributes:
            continue
        built = BUILT.get(requested)
        if built is None:
            raise KernelError(
                f"kernel_type=KernelType.{requested} is not supported: ascx builds AIV_ONLY, AIC_ONLY, "
                "MIX_AIV_1_0, MIX_AIC_1_1 and MIX_AIC_1_2 kernels",
                _location(kernel),
                hints=["drop kernel_type to let ascx derive the kernel type from what the kernel does"],
                kind="kernel-type",
            )
        registration = next((op for op in kernel.walk() if isinstance(op, RegisterMatmulOp)), None)
        _CHECKS[requested](kernel, registration, CUBE_ONLY_ATTR in kernel.attributes)
        kernel.attributes[KERNEL_TYPE_ATTR] = KernelTypeAttr(built)
