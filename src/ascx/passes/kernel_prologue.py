"""``ascx-kernel-prologue``: materialise each kernel's ABI from its recorded kernel type.

For every kernel ``func.func`` (after ``ascx-kernel-type``):

- MIX (``MIX_AIC_1_2``, ``MIX_AIC_1_1``): append the hidden ``__gm__ uint64_t* ffts_addr`` parameter
  and start the body with ``set_ffts_base_addr(*ffts_addr)`` and
  ``if (g_coreType == AscendC::AIC) { ffts_cross_core_sync(PIPE_MTE3, 0xf21); }``;
- cube-only (``AIC_ONLY``) and vector MIX (``MIX_AIV_1_0``): the same parameter and
  ``set_ffts_base_addr``, no cross-core sync;
- vector (``AIV_ONLY``): nothing.

The types CANN does not infer from the code (``MIX_AIC_1_1``, ``MIX_AIV_1_0``) are declared first in
the body: ``KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIC_1_1);``.

A kernel with debug output (an op with the ``DebugOutput`` trait: ``printf``, ``DumpTensor``) also
gets the hidden ``__gm__ uint8_t* dump_addr`` parameter, last, and starts with ``InitDump`` (inside
``#if defined ASCENDC_DUMP``), before the rest of the prologue.

At file level it adds ``#define ASCENDC_CUBE_ONLY`` (cube-only), ``#include "kernel_operator.h"``
and, for Matmul kernels, ``#include "lib/matmul_intf.h"``.  Running the pass twice changes
nothing.  The printer then prints exactly what this pass wrote.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import (
    ArrayAttr,
    DictionaryAttr,
    IntegerType,
    LocationAttr,
    ModuleOp,
    Signedness,
    UnitAttr,
)
from xdsl.ir import BlockArgument, Operation
from xdsl.rewriter import InsertPoint, Rewriter

from ascx.diagnostics import op_error
from ascx.dialects.ascendc import (
    UI64,
    AscendIsAicOp,
    DebugOutput,
    DefineOp,
    FftsCrossCoreSyncOp,
    GMAddrType,
    IncludeOp,
    InitDumpOp,
    KernelTaskTypeOp,
    KernelType,
    KernelTypeAttr,
    Pipe,
    SetFftsBaseAddrOp,
)
from ascx.dialects.ascendc.kernel_attrs import (
    DUMP_ADDR_ARG_ATTR,
    FFTS_ADDR_ARG_ATTR,
    KERNEL_ATTR,
    KERNEL_TYPE_ATTR,
)
from ascx.passes.base import AscxPass

MIX_CROSS_CORE_SYNC_CONFIG = 0xF21
"""The ``ffts_cross_core_sync`` config word of the MIX prologue (pyasc 1.1.1's convention)."""

CUBE_ONLY_MACRO = "ASCENDC_CUBE_ONLY"
KERNEL_HEADER = "kernel_operator.h"
MATMUL_HEADER = "lib/matmul_intf.h"


def kernel_type_of(kernel: func.FuncOp) -> KernelType:
    """The kernel type ``ascx-kernel-type`` recorded on ``kernel``."""
    attr = kernel.attributes.get(KERNEL_TYPE_ATTR)
    if not isinstance(attr, KernelTypeAttr):
        raise op_error(
            kernel,
            f"kernel '{kernel.sym_name.data}' has no kernel type",
            hints=("run ascx-kernel-type before ascx-kernel-prologue",),
        )
    return attr.data


def _has_param(kernel: func.FuncOp, marker: str) -> bool:
    if kernel.arg_attrs is None:
        return False
    return any(marker in attrs.data for attrs in kernel.arg_attrs.data)


def _append_param(kernel: func.FuncOp, param_type: GMAddrType, name: str, marker: str) -> BlockArgument:
    block = kernel.body.block
    addr = block.insert_arg(param_type, len(block.args))
    addr.name_hint = name
    kernel.update_function_type()
    previous = kernel.arg_attrs.data if kernel.arg_attrs is not None else (DictionaryAttr({}),) * (len(block.args) - 1)
    kernel.arg_attrs = ArrayAttr([*previous, DictionaryAttr({marker: UnitAttr()})])
    return addr


def _add_ffts_param(kernel: func.FuncOp, mix: bool) -> None:
    addr = _append_param(kernel, GMAddrType(UI64), "ffts_addr", FFTS_ADDR_ARG_ATTR)
    prologue: list[Operation] = [SetFftsBaseAddrOp(addr)]
    if mix:
        is_aic = AscendIsAicOp()
        is_aic.result.name_hint = "is_aic"
        sync = FftsCrossCoreSyncOp(Pipe.PIPE_MTE3, MIX_CROSS_CORE_SYNC_CONFIG)
        prologue += [is_aic, scf.IfOp(is_aic.result, [], [sync, scf.YieldOp()])]
    for op in prologue:
        _stamp(op, kernel.location)
    Rewriter.insert_op(prologue, InsertPoint.at_start(kernel.body.block))


def _declare_type(kernel: func.FuncOp, kernel_type: KernelType) -> None:
    """``KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_<T>);`` first in the body, where CANN expects it."""
    declaration = KernelTaskTypeOp(KernelTypeAttr(kernel_type))
    _stamp(declaration, kernel.location)
    Rewriter.insert_op(declaration, InsertPoint.at_start(kernel.body.block))


_PRINTS: dict[type[Operation], bool] = {}
"""Whether an op class writes debug output (traits are per class: looked up once)."""


def _prints(kernel: func.FuncOp) -> bool:
    for op in kernel.walk():
        kind = type(op)
        prints = _PRINTS.get(kind)
        if prints is None:
            prints = _PRINTS[kind] = op.has_trait(DebugOutput)
        if prints:
            return True
    return False


def _add_dump_param(kernel: func.FuncOp, mix: bool) -> None:
    addr = _append_param(kernel, GMAddrType(IntegerType(8, Signedness.UNSIGNED)), "dump_addr", DUMP_ADDR_ARG_ATTR)
    init = InitDumpOp(addr, mix)
    _stamp(init, kernel.location)
    Rewriter.insert_op(init, InsertPoint.at_start(kernel.body.block))


def _stamp(op: Operation, location: LocationAttr) -> None:
    for nested in op.walk():
        nested.location = location


def _preamble_key(op: Operation) -> tuple[str, str] | None:
    if isinstance(op, DefineOp):
        return ("define", op.macro.data)
    if isinstance(op, IncludeOp):
        return ("include", op.header.data)
    return None


def _order_preamble(module: ModuleOp, kernel_types: set[KernelType]) -> None:
    """Put the file's ``#define``s and ``#include``s first, in canonical order, adding missing ones.

    Preamble ops already in the module are reused (and other ones kept after the canonical
    ones), so a second run changes nothing.
    """
    wanted: list[Operation] = []
    if KernelType.AIC_ONLY in kernel_types:
        wanted.append(DefineOp(CUBE_ONLY_MACRO))
    wanted.append(IncludeOp(KERNEL_HEADER))
    if any(t is KernelType.AIC_ONLY or t.has_matmul_aic for t in kernel_types):
        wanted.append(IncludeOp(MATMUL_HEADER))
    existing = {key: op for op in module.body.block.ops if (key := _preamble_key(op)) is not None}
    ordered = [existing.pop(key, op) for op in wanted if (key := _preamble_key(op)) is not None]
    ordered += list(existing.values())
    for op in ordered:
        if op.parent is not None:
            op.detach()
    Rewriter.insert_op(ordered, InsertPoint.at_start(module.body.block))


@dataclass(frozen=True)
class KernelProloguePass(AscxPass):
    """Add the includes, defines, hidden parameters and prologue each kernel type needs."""

    name = "ascx-kernel-prologue"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        kernels = [k for k in op.body.block.ops if isinstance(k, func.FuncOp) and KERNEL_ATTR in k.attributes]
        types = {kernel_type_of(k) for k in kernels}
        if KernelType.AIC_ONLY in types and any(t.has_matmul_aic for t in types):
            raise op_error(
                kernels[0],
                "cube-only and MIX Matmul kernels cannot share one file: ASCENDC_CUBE_ONLY applies to the whole file",
                hints=("put the cube-only kernel in a module of its own",),
            )
        for kernel in kernels:
            kernel_type = kernel_type_of(kernel)
            if kernel_type is not KernelType.AIV_ONLY and not _has_param(kernel, FFTS_ADDR_ARG_ATTR):
                _add_ffts_param(kernel, mix=kernel_type.has_matmul_aic)
            if _prints(kernel) and not _has_param(kernel, DUMP_ADDR_ARG_ATTR):
                _add_dump_param(kernel, mix=kernel_type.has_matmul_aic)
            if kernel_type.declared and not any(isinstance(o, KernelTaskTypeOp) for o in kernel.body.block.ops):
                _declare_type(kernel, kernel_type)
        if kernels:
            _order_preamble(op, types)
