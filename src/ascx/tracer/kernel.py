"""Trace a kernel function into an IR module: the tracer's entry point."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import FunctionType
from typing import Any

from xdsl.dialects import func
from xdsl.dialects.builtin import FileLineColLoc, IntAttr, ModuleOp, StringAttr, UnitAttr
from xdsl.ir import Attribute, Block, Region
from xdsl.rewriter import InsertPoint

from ascx.dialects.ascendc import GMAddrType
from ascx.dialects.ascendc.kernel_attrs import CUBE_ONLY_ATTR, KERNEL_ATTR
from ascx.language.core.builder import IRBuilder, KernelOptions, activated
from ascx.language.core.values import GlobalAddress, RuntimeScalar, sanitize_name
from ascx.tracer.interpreter import Interpreter
from ascx.tracer.locations import locator
from ascx.tracer.signature import KernelParam


@dataclass
class TraceResult:
    """A traced kernel and what the trace depended on."""

    module: ModuleOp
    dependencies: list[tuple[str, Any]]
    """Globals, builtins and closure cells read during tracing, in order."""


def _arg_type(param: KernelParam) -> Attribute:
    assert param.dtype is not None
    return GMAddrType(param.dtype.to_ir()) if param.kind == "pointer" else param.dtype.to_ir()


def trace_kernel(fn: FunctionType, params: Sequence[KernelParam], options: KernelOptions) -> TraceResult:
    """Trace ``fn`` specialised on ``params`` into a module holding one kernel ``func.func``."""
    runtime = [p for p in params if p.kind != "constexpr"]
    arg_types = [_arg_type(p) for p in runtime]
    block = Block(arg_types=arg_types)
    arguments: dict[str, Any] = {p.name: p.value for p in params if p.kind == "constexpr"}
    for arg, param in zip(block.args, runtime, strict=True):
        arg.name_hint = sanitize_name(param.name)
        assert param.dtype is not None
        origin = f"the kernel argument '{param.name}', which is not annotated asc.ConstExpr"
        value_cls = GlobalAddress if param.kind == "pointer" else RuntimeScalar
        arguments[param.name] = value_cls(arg, param.dtype, origin=origin)

    interp = Interpreter()
    builder = IRBuilder(block, options, location=interp.ir_location, warn=interp.warn)
    with activated(builder):
        interp.run_kernel(fn, arguments)
        builder.set_insertion_point(InsertPoint.at_end(block))
        ret = builder.insert(func.ReturnOp())
    if interp.return_pos is not None:
        ret.location = locator(fn.__code__.co_filename).ir(interp.return_pos)

    kernel = func.FuncOp(fn.__name__, (arg_types, []), Region(block))
    kernel.attributes[KERNEL_ATTR] = UnitAttr()
    if options.matmul_cube_only:
        kernel.attributes[CUBE_ONLY_ATTR] = UnitAttr()
    code = fn.__code__
    kernel.location = FileLineColLoc(StringAttr(code.co_filename), IntAttr(code.co_firstlineno), IntAttr(1))
    return TraceResult(ModuleOp([kernel]), interp.globals_read)
