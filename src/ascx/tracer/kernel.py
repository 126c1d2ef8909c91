"""Trace a kernel function into an IR module: the tracer's entry point."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import FunctionType
from typing import Any, cast

from xdsl.dialects import func
from xdsl.dialects.builtin import FileLineColLoc, IntAttr, ModuleOp, StringAttr, UnitAttr
from xdsl.ir import Attribute, Block, Region, SSAValue
from xdsl.rewriter import InsertPoint

from ascx.diagnostics import source_location
from ascx.dialects.ascendc import GMAddrType, GMStructAddrType
from ascx.dialects.ascendc.kernel_attrs import CUBE_ONLY_ATTR, KERNEL_ATTR
from ascx.errors import KernelError
from ascx.language.core import scalar
from ascx.language.core.builder import IRBuilder, KernelOptions, activated
from ascx.language.core.values import GlobalAddress, RuntimeScalar, sanitize_name
from ascx.tracer.dependencies import Dependency
from ascx.tracer.escapes import check_no_escapes
from ascx.tracer.file_scope import hoist_file_scope
from ascx.tracer.gc_pause import gc_paused
from ascx.tracer.interpreter import Interpreter
from ascx.tracer.locations import locator
from ascx.tracer.signature import KernelParam


@dataclass
class TraceResult:
    """A traced kernel and what the trace depended on."""

    module: ModuleOp
    dependencies: tuple[Dependency, ...]
    """Globals, builtins, closure cells and module attributes read during tracing (``ascx.tracer.dependencies``)."""
    instructions: int = 0
    """How many bytecode instructions the trace executed (unrolled loops count every iteration)."""


def _arg_type(param: KernelParam) -> Attribute:
    if param.kind == "struct":
        assert param.struct is not None
        return GMStructAddrType(param.struct.ascx_struct_type())
    assert param.dtype is not None
    return GMAddrType(param.dtype.to_ir()) if param.kind == "pointer" else param.dtype.to_ir()


def _argument_value(builder: IRBuilder, arg: SSAValue, param: KernelParam) -> object:
    """The language value a runtime kernel parameter is bound to while tracing."""
    if param.kind == "struct":
        assert param.struct is not None
        return param.struct.ascx_from_kernel_argument(builder, arg, param.name)
    assert param.dtype is not None
    value: GlobalAddress | RuntimeScalar
    if param.kind == "pointer":
        value = GlobalAddress(arg, param.dtype, origin="a kernel argument: a global-memory address")
    else:
        value = RuntimeScalar(arg, param.dtype, origin="a kernel argument that is not annotated asc.ConstExpr[...]")
        value.hint = f"annotate '{param.name}' as asc.ConstExpr[...] to make it a compile-time value"
    value.suggest_name(param.name)
    return value


def _signature(params: Sequence[KernelParam]) -> tuple[Block, list[Attribute]]:
    runtime = [p for p in params if p.kind != "constexpr"]
    arg_types = [_arg_type(p) for p in runtime]
    block = Block(arg_types=arg_types)
    for arg, param in zip(block.args, runtime, strict=True):
        arg.name_hint = sanitize_name(f"{param.name}_gm" if param.kind == "struct" else param.name)
    return block, arg_types


def _bind(builder: IRBuilder, block: Block, params: Sequence[KernelParam], fn: FunctionType) -> dict[str, Any]:
    """The Python values of the parameters; struct parameters are copied into locals here."""
    arguments: dict[str, Any] = {p.name: p.value for p in params if p.kind == "constexpr"}
    runtime = [p for p in params if p.kind != "constexpr"]
    for arg, param in zip(block.args, runtime, strict=True):
        arguments[param.name] = _argument_value(builder, arg, param)
    for op in block.ops:
        op.location = _function_location(fn)
    return arguments


def _final_checks(builder: IRBuilder) -> None:
    for message, loc in builder.final_errors():
        raise KernelError(message, source_location(loc), kind="library-error")


def _function_location(fn: FunctionType) -> FileLineColLoc:
    code = fn.__code__
    return FileLineColLoc(StringAttr(code.co_filename), IntAttr(code.co_firstlineno), IntAttr(1))


def trace_kernel(fn: FunctionType, params: Sequence[KernelParam], options: KernelOptions) -> TraceResult:
    """Trace ``fn`` specialised on ``params`` into a module holding one kernel ``func.func``."""
    with gc_paused():
        return _trace_kernel(fn, params, options)


def _trace_kernel(fn: FunctionType, params: Sequence[KernelParam], options: KernelOptions) -> TraceResult:
    block, arg_types = _signature(params)
    interp = Interpreter()
    builder = IRBuilder(block, options, location=interp.ir_location, warn=interp.warn)
    interp.builder = builder
    with activated(builder):
        arguments = _bind(builder, block, params, fn)
        interp.run_kernel(fn, arguments)
        check_no_escapes(block)
        _final_checks(builder)
        builder.set_insertion_point(InsertPoint.at_end(block))
        ret = builder.insert(func.ReturnOp())
    if interp.return_pos is not None:
        ret.location = locator(fn.__code__.co_filename).ir(interp.return_pos)

    kernel = func.FuncOp(fn.__name__, (arg_types, []), Region(block))
    kernel.attributes[KERNEL_ATTR] = UnitAttr()
    if options.matmul_cube_only:
        kernel.attributes[CUBE_ONLY_ATTR] = UnitAttr()
    kernel.location = _function_location(fn)
    module = ModuleOp([*hoist_file_scope(kernel), kernel])
    return TraceResult(module, tuple(interp.dependencies), interp.instructions_executed)


def trace_function(
    fn: FunctionType, params: Sequence[KernelParam], options: KernelOptions | None = None
) -> TraceResult:
    """Trace ``fn`` as a device function: a ``func.func`` whose results are what ``fn`` returns.

    Returned scalars become results (Python numbers as constants of their default type), tuples
    several results, ``None`` no result.  This is how the tracer's conformance tests observe IR.
    """
    block, arg_types = _signature(params)
    interp = Interpreter()
    builder = IRBuilder(block, options or KernelOptions(), location=interp.ir_location, warn=interp.warn)
    interp.builder = builder
    with activated(builder):
        arguments = _bind(builder, block, params, fn)
        value = interp.run_device_function(fn, arguments)
        builder.set_insertion_point(InsertPoint.at_end(block))
        if interp.return_pos is not None:
            interp.fc = None
        results = [_result(builder, v, fn) for v in _flatten(value)]
        ret = builder.insert(func.ReturnOp(*(r.ssa for r in results)))
    check_no_escapes(block)
    if interp.return_pos is not None:
        ret.location = locator(fn.__code__.co_filename).ir(interp.return_pos)
    function = func.FuncOp(fn.__name__, (arg_types, [r.ssa.type for r in results]), Region(block))
    function.location = _function_location(fn)
    return TraceResult(ModuleOp([function]), tuple(interp.dependencies), interp.instructions_executed)


def _flatten(value: Any) -> list[Any]:
    if value is None:
        return []
    if isinstance(value, tuple):
        return [leaf for item in cast(tuple[Any, ...], value) for leaf in _flatten(item)]
    return [value]


def _result(builder: IRBuilder, value: Any, fn: FunctionType) -> RuntimeScalar:
    if isinstance(value, RuntimeScalar):
        return value
    if isinstance(value, (bool, int, float)):
        return scalar.materialize(builder, value, scalar.default_dtype(value), what="a result")
    raise KernelError(
        f"device function '{fn.__name__}' returns {type(value).__name__} values, which cannot be function results",
        kind="unsupported-construct",
    )
