"""The Ascend C printer: IR in, C++ text out.

One class, one method per op kind, registered in a table.  The printer makes no decisions: the
kernel type, the prologue, includes and synchronisation are all in the IR when it runs (see
``ascx-kernel-type`` and ``ascx-kernel-prologue``).  Constants are printed inline as literals;
every other value gets a C++ variable named after its name hint.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from io import StringIO
from typing import Any, TypeVar

from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    Float64Type,
    FloatAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    Signedness,
)
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.utils.base_printer import BasePrinter

from ascx.diagnostics import op_error
from ascx.dialects import ascendc as ir
from ascx.dialects.ascendc.kernel_attrs import KERNEL_ATTR
from ascx.dialects.ascendc.matmul_config_fields import config_literal
from ascx.target.names import Names

OpT = TypeVar("OpT", bound=Operation)
Emitter = Callable[["AscendCPrinter", Any], None]
_EMITTERS: dict[type[Operation], Emitter] = {}


def emits(
    op_type: type[OpT],
) -> Callable[[Callable[[AscendCPrinter, OpT], None]], Callable[[AscendCPrinter, OpT], None]]:
    """Register the decorated method as the printer of ``op_type``."""

    def register(method: Callable[[AscendCPrinter, OpT], None]) -> Callable[[AscendCPrinter, OpT], None]:
        _EMITTERS[op_type] = method
        return method

    return register


def scalar_type(t: Attribute) -> str:
    """The C++ spelling of a scalar element type."""
    match t:
        case IntegerType(width=w, signedness=s):
            if w.data == 1:
                return "bool"
            prefix = "uint" if s.data == Signedness.UNSIGNED else "int"
            return f"{prefix}{w.data}_t"
        case Float16Type():
            return "half"
        case BFloat16Type():
            return "bfloat16_t"
        case Float32Type():
            return "float"
        case Float64Type():
            return "double"
        case _:
            raise ValueError(f"no C++ scalar type for {t}")


def cpp_type(t: Attribute) -> str:
    """The C++ spelling of a value type."""
    match t:
        case ir.GMAddrType():
            return f"__gm__ {scalar_type(t.element_type)}*"
        case ir.GlobalTensorType():
            return f"AscendC::GlobalTensor<{scalar_type(t.element_type)}>"
        case ir.PipeType():
            return "AscendC::TPipe"
        case ir.CubeTilingType():
            return "TCubeTiling"
        case _:
            return scalar_type(t)


def matmul_type(t: ir.MatmulTypeAttr, *, bias: bool = False) -> str:
    """``AscendC::MatmulType<...>``: five arguments, or three for the bias."""
    head = (
        f"AscendC::TPosition::{t.position.data.name}, CubeFormat::{t.format.data.name}, {scalar_type(t.element_type)}"
    )
    if bias:
        return f"AscendC::MatmulType<{head}>"
    trans = "true" if t.is_trans.data else "false"
    return f"AscendC::MatmulType<{head}, {trans}, LayoutMode::{t.layout.data.name}>"


def literal(attr: Attribute) -> str:
    """A constant as a C++ literal."""
    match attr:
        case IntegerAttr(value=v, type=IntegerType(width=w)) if w.data == 1:
            return "true" if v.data else "false"
        case IntegerAttr(value=v, type=IntegerType(width=w, signedness=s)):
            suffix = "ULL" if s.data == Signedness.UNSIGNED and w.data == 64 else ""
            return f"{v.data}{suffix}"
        case FloatAttr(value=v, type=Float32Type()):
            return f"{v.data!r}f"
        case FloatAttr(value=v, type=Float64Type()):
            return repr(v.data)
        case FloatAttr(value=v, type=t):
            return f"{scalar_type(t)}({v.data!r})"
        case _:
            raise ValueError(f"no C++ literal for {attr}")


@dataclass(eq=False, repr=False)
class AscendCPrinter(BasePrinter):
    """Prints a module of kernels as one Ascend C source file."""

    names: Names = field(default_factory=Names)

    def line(self, text: str) -> None:
        self.print_string("\n" + text)

    def expr(self, value: SSAValue) -> str:
        """A value as a C++ expression: a literal for constants, otherwise its variable."""
        owner = value.owner
        if isinstance(owner, arith.ConstantOp):
            return literal(owner.value)
        if isinstance(owner, ir.PropertyOp):
            return f"AscendC::{owner.property_name.data}"
        return self.names.get(value)

    def body(self, block: Block) -> None:
        with self.indented():
            for op in block.ops:
                self.emit(op)

    def emit(self, op: Operation) -> None:
        emitter = _EMITTERS.get(type(op))
        if emitter is None:
            raise op_error(op, f"'{op.name}' has no Ascend C form", kind="no-cpp-form")
        emitter(self, op)

    def print_module(self, module: ModuleOp) -> None:
        ops = list(module.body.block.ops)
        for op in ops:
            if isinstance(op, (ir.IncludeOp, ir.DefineOp)):
                self.emit(op)
        for op in ops:
            if not isinstance(op, (ir.IncludeOp, ir.DefineOp)):
                self.print_string("\n")
                self.emit(op)

    # -- file level ----------------------------------------------------------------------------

    @emits(ir.IncludeOp)
    def _include(self, op: ir.IncludeOp) -> None:
        self.print_string(f'#include "{op.header.data}"\n')

    @emits(ir.DefineOp)
    def _define(self, op: ir.DefineOp) -> None:
        self.print_string(f"#define {op.macro.data}\n")

    @emits(func.FuncOp)
    def _func(self, op: func.FuncOp) -> None:
        self.names = Names()
        params = ", ".join(f"{cpp_type(a.type)} {self.names.get(a)}" for a in op.args)
        outputs = op.function_type.outputs.data
        if KERNEL_ATTR in op.attributes:
            head = f'extern "C" __global__ __aicore__ void {op.sym_name.data}({params})'
        else:
            ret = cpp_type(outputs[0]) if outputs else "void"
            head = f"__aicore__ inline {ret} {op.sym_name.data}({params})"
        self.print_string(head + " {")
        self.body(op.body.block)
        self.line("}")
        self.print_string("\n")

    @emits(func.ReturnOp)
    def _return(self, op: func.ReturnOp) -> None:
        if op.arguments:
            self.line(f"return {self.expr(op.arguments[0])};")
        elif op.next_op is not None:
            self.line("return;")

    # -- structured control flow and scalars ---------------------------------------------------

    @emits(arith.ConstantOp)
    def _constant(self, op: arith.ConstantOp) -> None:
        """Constants are printed inline at their uses."""

    @emits(ir.PropertyOp)
    def _property(self, op: ir.PropertyOp) -> None:
        """Properties are printed inline at their uses, as ``AscendC::<NAME>``."""

    @emits(scf.IfOp)
    def _if(self, op: scf.IfOp) -> None:
        for result in op.results:
            self.line(f"{cpp_type(result.type)} {self.names.get(result)};")
        self.line(f"if ({self.expr(op.cond)}) {{")
        self.body(op.true_region.block)
        if op.false_region.blocks and any(
            not isinstance(o, scf.YieldOp) or o.operands for o in op.false_region.block.ops
        ):
            self.line("} else {")
            self.body(op.false_region.block)
        self.line("}")

    @emits(scf.YieldOp)
    def _yield(self, op: scf.YieldOp) -> None:
        parent = op.parent_op()
        assert parent is not None
        for target, value in zip(parent.results, op.arguments, strict=True):
            self.line(f"{self.names.get(target)} = {self.expr(value)};")

    # -- kernel ABI ------------------------------------------------------------------------------

    @emits(ir.SetFftsBaseAddrOp)
    def _set_ffts_base_addr(self, op: ir.SetFftsBaseAddrOp) -> None:
        self.line(f"set_ffts_base_addr(*{self.expr(op.addr)});")

    @emits(ir.AscendIsAicOp)
    def _is_aic(self, op: ir.AscendIsAicOp) -> None:
        self.line(f"bool {self.names.get(op.result)} = g_coreType == AscendC::AIC;")

    @emits(ir.FftsCrossCoreSyncOp)
    def _ffts_cross_core_sync(self, op: ir.FftsCrossCoreSyncOp) -> None:
        self.line(f"ffts_cross_core_sync({op.pipe.data.name}, {op.config.value.data:#x});")

    # -- objects -----------------------------------------------------------------------------------

    @emits(ir.PipeOp)
    def _pipe(self, op: ir.PipeOp) -> None:
        self.line(f"AscendC::TPipe {self.names.get(op.result)};")

    @emits(ir.GlobalTensorOp)
    def _global_tensor(self, op: ir.GlobalTensorOp) -> None:
        self.line(f"{cpp_type(op.result.type)} {self.names.get(op.result)};")

    @emits(ir.SetGlobalBufferOp)
    def _set_global_buffer(self, op: ir.SetGlobalBufferOp) -> None:
        args = [self.expr(op.addr)] + ([self.expr(op.size)] if op.size is not None else [])
        self.line(f"{self.expr(op.tensor)}.SetGlobalBuffer({', '.join(args)});")

    @emits(ir.CubeTilingOp)
    def _cube_tiling(self, op: ir.CubeTilingOp) -> None:
        self.line(f"TCubeTiling {self.names.get(op.result)};")

    @emits(ir.CubeTilingSetOp)
    def _cube_tiling_set(self, op: ir.CubeTilingSetOp) -> None:
        self.line(f"{self.expr(op.tiling)}.{op.field.data} = {self.expr(op.value)};")

    # -- Matmul --------------------------------------------------------------------------------------

    @emits(ir.MatmulCreateOp)
    def _matmul_create(self, op: ir.MatmulCreateOp) -> None:
        name = self.names.get(op.result)
        cfg = self.names.fresh(f"{name}_cfg")
        self.line(f"constexpr static MatmulConfig {cfg}{config_literal(op.effective_config.data)};")
        args = [matmul_type(op.a_type), matmul_type(op.b_type), matmul_type(op.c_type)]
        args += [matmul_type(op.bias_type, bias=True), cfg]
        if op.policy is not None:
            args += [
                "AscendC::MatmulCallBackFunc<nullptr, nullptr, nullptr>",
                f"AscendC::Impl::Detail::{op.policy.data}",
            ]
        self.line(f"AscendC::Matmul<{', '.join(args)}> {name};")

    @emits(ir.RegisterMatmulOp)
    def _register_matmul(self, op: ir.RegisterMatmulOp) -> None:
        args = [f"&{self.expr(op.pipe)}", self.expr(op.workspace)]
        for index, obj in enumerate(op.objects):
            args.append(self.expr(obj))
            if op.tilings:
                args.append(f"&{self.expr(op.tilings[index])}")
        self.line(f"REGIST_MATMUL_OBJ({', '.join(args)});")

    def call(self, obj: SSAValue, method: str, *args: str, template: str = "") -> None:
        """``obj.method<template>(args...);``"""
        targs = f"<{template}>" if template else ""
        self.line(f"{self.expr(obj)}.{method}{targs}({', '.join(args)});")

    @emits(ir.MatmulInitOp)
    def _matmul_init(self, op: ir.MatmulInitOp) -> None:
        self.call(op.matmul, "Init", f"&{self.expr(op.tiling)}")

    @emits(ir.MatmulSetTensorAOp)
    def _set_tensor_a(self, op: ir.MatmulSetTensorAOp) -> None:
        self.call(op.matmul, "SetTensorA", self.expr(op.tensor), self.expr(op.transpose))

    @emits(ir.MatmulSetTensorBOp)
    def _set_tensor_b(self, op: ir.MatmulSetTensorBOp) -> None:
        self.call(op.matmul, "SetTensorB", self.expr(op.tensor), self.expr(op.transpose))

    @emits(ir.MatmulSetOrgShapeOp)
    def _set_org_shape(self, op: ir.MatmulSetOrgShapeOp) -> None:
        shape = [op.org_m, op.org_n, op.org_ka, op.org_kb, op.org_kc]
        self.call(op.matmul, "SetOrgShape", *(self.expr(v) for v in shape if v is not None))

    @emits(ir.MatmulSetSingleShapeOp)
    def _set_single_shape(self, op: ir.MatmulSetSingleShapeOp) -> None:
        self.call(op.matmul, "SetSingleShape", *(self.expr(v) for v in (op.single_m, op.single_n, op.single_k)))

    @emits(ir.MatmulIterateAllOp)
    def _iterate_all(self, op: ir.MatmulIterateAllOp) -> None:
        wait = "true" if op.wait_iterate_all is not None else "false"
        args = (self.expr(op.tensor), self.expr(op.en_atomic), self.expr(op.en_sequential_write), wait)
        self.call(op.matmul, "IterateAll", *args, self.expr(op.fake_msg), template="true" if op.sync else "false")

    @emits(ir.MatmulWaitIterateAllOp)
    def _wait_iterate_all(self, op: ir.MatmulWaitIterateAllOp) -> None:
        self.call(op.matmul, "WaitIterateAll")

    @emits(ir.MatmulEndOp)
    def _end(self, op: ir.MatmulEndOp) -> None:
        self.call(op.matmul, "End")


def print_ascendc(module: ModuleOp, indent: int = 4) -> str:
    """The Ascend C source of ``module``."""
    out = StringIO()
    AscendCPrinter(stream=out, indent_num_spaces=indent).print_module(module)
    return out.getvalue()
