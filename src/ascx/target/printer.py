"""The Ascend C printer: IR in, C++ text out.

One class, one method per op kind, registered in a table.  The printer makes no decisions: the
kernel type, the prologue, includes and synchronisation are all in the IR when it runs (see
``ascx-kernel-type`` and ``ascx-kernel-prologue``).  Constants are printed inline as literals;
every other value gets a C++ variable named after its name hint.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from io import StringIO
from typing import Any, TypeVar

from xdsl.dialects import arith, func
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

from ascx.diagnostics import op_error, source_location
from ascx.dialects import ascendc as ir
from ascx.dialects.ascendc.adv_ops import LIB_STRUCT_NAMESPACES
from ascx.dialects.ascendc.kernel_attrs import KERNEL_ATTR
from ascx.registry import Registry
from ascx.target.names import Names, kernel_symbol

OpT = TypeVar("OpT", bound=Operation)
Emitter = Callable[["AscendCPrinter", Any], None]
_EMITTERS: Registry[type[Operation], Emitter] = Registry("the printer's emitters")
FileScope = Callable[["AscendCPrinter", ModuleOp], None]
_FILE_SCOPE: list[FileScope] = []


def emits(
    op_type: type[OpT],
) -> Callable[[Callable[[AscendCPrinter, OpT], None]], Callable[[AscendCPrinter, OpT], None]]:
    """Register the decorated method as the printer of ``op_type``."""

    def register(method: Callable[[AscendCPrinter, OpT], None]) -> Callable[[AscendCPrinter, OpT], None]:
        _EMITTERS.add(op_type, method)
        return method

    return register


def file_scope(printer: FileScope) -> FileScope:
    """Register ``printer`` to write declarations at file scope, after the includes and before the
    first function (e.g. the ``constexpr`` functions that build Matmul configs)."""
    _FILE_SCOPE.append(printer)
    return printer


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
        case ir.GMStructAddrType():
            return f"__gm__ {cpp_type(t.struct_type)}*"
        case ir.GlobalTensorType():
            return f"AscendC::GlobalTensor<{scalar_type(t.element_type)}>"
        case ir.LocalTensorType():
            return f"AscendC::LocalTensor<{scalar_type(t.element_type)}>"
        case ir.MatrixOffsetType():
            return "MatrixOffset"
        case ir.StaticTilingType():
            return "MatmulApiStaticTiling"
        case ir.PipeType():
            return "AscendC::TPipe"
        case ir.CubeTilingType():
            return "TCubeTiling"
        case ir.LibTilingType():
            return LIB_STRUCT_NAMESPACES.get(t.cpp_name, "") + t.cpp_name
        case ir.ShapeInfoType():
            return "AscendC::ShapeInfo"
        case _:
            return object_type(t) or scalar_type(t)


def object_type(t: Attribute) -> str | None:
    """The C++ spelling of a framework object or parameter struct type, or None."""
    match t:
        case ir.TQueType():
            return f"AscendC::TQue<{position(t.position.data)}, {t.depth.data}>"
        case ir.TQueBindType():
            return f"AscendC::TQueBind<{position(t.src.data)}, {position(t.dst.data)}, {t.depth.data}>"
        case ir.TBufType():
            return f"AscendC::TBuf<{position(t.position.data)}>"
        case ir.TBufPoolType():
            return f"AscendC::TBufPool<{position(t.position.data)}, {t.buf_id_size.data}>"
        case ir.ParamsType():
            layout = t.layout
            element = f"<{scalar_type(t.element_type)}>" if layout.templated else ""
            return f"AscendC::{layout.cpp_name}{element}"
        case _:
            return None


def position(p: ir.TPosition) -> str:
    """``AscendC::TPosition::VECIN``."""
    return f"AscendC::TPosition::{p.name}"


def matmul_type(t: ir.MatmulTypeAttr, *, bias: bool = False) -> str:
    """``AscendC::MatmulType<...>``: five arguments (six with IBShare), or three for the bias."""
    head = (
        f"AscendC::TPosition::{t.position.data.name}, CubeFormat::{t.format.data.name}, {scalar_type(t.element_type)}"
    )
    if bias:
        return f"AscendC::MatmulType<{head}>"
    trans = "true" if t.is_trans.data else "false"
    share = ", true" if t.ib_share.data else ""
    return f"AscendC::MatmulType<{head}, {trans}, LayoutMode::{t.layout.data.name}{share}>"


def _unsigned_suffix(value: int, width: int) -> str:
    """The suffix that keeps an unsigned literal unsigned where C++ would read it as a signed type:
    ``U`` for values above INT32_MAX (C++ reads a plain 4294967264 as ``long``), ``ULL`` from 2**63."""
    if value >= 1 << 63:
        return "ULL"
    return "U" if value > (1 << 31) - 1 and width <= 32 else ""


def literal(attr: Attribute) -> str:
    """A constant as a C++ literal."""
    match attr:
        case IntegerAttr(value=v, type=IntegerType(width=w)) if w.data == 1:
            return "true" if v.data else "false"
        case IntegerAttr(value=v, type=IntegerType(width=w, signedness=s)):
            return f"{v.data}{_unsigned_suffix(v.data, w.data) if s.data == Signedness.UNSIGNED else ''}"
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
    source_lines: bool = False
    """Precede each statement from a new Python line with ``ascx_emu::at("file", line);`` (for the host
    emulation, so its run-time errors name the kernel's source line; never in Ascend C for the NPU)."""
    _marked: tuple[str, int] | None = None
    file_names: set[str] = field(default_factory=set[str])
    """Identifiers declared at file scope by the printer itself; no local variable takes them."""
    file_scope: dict[str, Any] = field(default_factory=dict[str, Any])
    """What the file-scope printers recorded for the op printers (by the printer module's key)."""

    def line(self, text: str) -> None:
        self.print_string("\n" + text)

    def expr(self, value: SSAValue) -> str:
        """A value as a C++ expression: a literal for constants, otherwise its variable."""
        owner = value.owner
        if isinstance(owner, arith.ConstantOp):
            return literal(owner.value)
        if isinstance(owner, ir.ConstantOp):
            return literal(owner.value)
        if isinstance(owner, ir.PropertyOp):
            return f"AscendC::{owner.property_name.data}"
        return self.names.get(value)

    def braced(self, value: SSAValue, target: Attribute) -> str:
        """``value`` as an element of a brace initialiser of type ``target``: constants as literals,
        other values of another type converted (brace initialisation does not narrow implicitly)."""
        if value.type == target or isinstance(value.owner, arith.ConstantOp | ir.ConstantOp):
            return self.expr(value)
        return f"static_cast<{scalar_type(target)}>({self.expr(value)})"

    def is_true(self, value: SSAValue) -> bool:
        """Whether ``value`` is the ``i1`` constant ``true``."""
        owner = value.owner
        return isinstance(owner, arith.ConstantOp) and literal(owner.value) == "true"

    def assign_all(self, targets: list[SSAValue], values: list[SSAValue]) -> None:
        """``target = value;`` for each pair, as one parallel assignment."""
        pairs = [(self.names.get(t), self.expr(v), v) for t, v in zip(targets, values, strict=True)]
        pairs = [(t, e, v) for t, e, v in pairs if t != e]
        written = {t for t, _, _ in pairs}
        if len(pairs) > 1 and any(e in written for _, e, _ in pairs):
            temps = [(t, self.names.fresh(f"{t}_next"), e, v) for t, e, v in pairs]
            for _, tmp, e, v in temps:
                self.line(f"{cpp_type(v.type)} {tmp} = {e};")
            pairs = [(t, tmp, v) for t, tmp, _, v in temps]
        for target, expression, _ in pairs:
            self.line(f"{target} = {expression};")

    def unsupported(self, op: Operation, message: str) -> Exception:
        """The error for an op the printer cannot print."""
        return op_error(op, message, kind="no-cpp-form")

    def body(self, block: Block) -> None:
        with self.indented():
            self._marked = None
            for op in block.ops:
                if self.source_lines:
                    self._mark(op)
                self.emit(op)
            self._marked = None

    def _mark(self, op: Operation) -> None:
        where = source_location(op.location)
        if where is None or isinstance(op, arith.ConstantOp | ir.ConstantOp | func.ReturnOp):
            return
        here = (where.file, where.line)
        if here != self._marked:
            self._marked = here
            escaped = where.file.replace("\\", "\\\\").replace('"', '\\"')
            self.line(f'ascx_emu::at("{escaped}", {where.line});')

    def emit(self, op: Operation) -> None:
        emitter = _EMITTERS.get(type(op))
        if emitter is None:  # an op printed outside print_module: its emitters may not be loaded yet
            from ascx.target.emitter_modules import load_emitters_of

            load_emitters_of(type(op).__module__)
            emitter = _EMITTERS.get(type(op))
        if emitter is None:
            raise self.unsupported(op, f"'{op.name}' has no Ascend C form")
        emitter(self, op)

    def call(self, obj: SSAValue, method: str, *args: str, template: str = "") -> None:
        """``obj.method<template>(args...);``"""
        targs = f"<{template}>" if template else ""
        self.line(f"{self.expr(obj)}.{method}{targs}({', '.join(args)});")

    def print_module(self, module: ModuleOp) -> None:
        from ascx.target.emitter_modules import load_emitters

        load_emitters(module)
        ops = list(module.body.block.ops)
        for op in ops:
            if isinstance(op, (ir.IncludeOp, ir.DefineOp)):
                self.emit(op)
        for printer in _FILE_SCOPE:
            printer(self, module)
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
        self.names.taken |= self.file_names
        symbol = kernel_symbol(op.sym_name.data)
        self.names.taken.add(symbol)
        params = ", ".join(f"{cpp_type(a.type)} {self.names.get(a)}" for a in op.args)
        outputs = op.function_type.outputs.data
        if KERNEL_ATTR in op.attributes:
            head = f'extern "C" __global__ __aicore__ void {symbol}({params})'
        else:
            ret = cpp_type(outputs[0]) if outputs else "void"
            head = f"__aicore__ inline {ret} {symbol}({params})"
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


def print_ascendc(module: ModuleOp, indent: int = 4, *, source_lines: bool = False) -> str:
    """The Ascend C source of ``module`` (with ``source_lines``, annotated for the host emulation)."""
    out = StringIO()
    AscendCPrinter(stream=out, indent_num_spaces=indent, source_lines=source_lines).print_module(module)
    return out.getvalue()


_SOURCE_LINE = re.compile(r'^[ \t]*ascx_emu::at\("(?:[^"\\\n]|\\.)*", \d+\);\n', re.MULTILINE)


def without_source_lines(annotated: str) -> str:
    """``print_ascendc(module)`` from ``print_ascendc(module, source_lines=True)``: the same text without the
    marker lines, so the compile driver prints a kernel once for both."""
    return _SOURCE_LINE.sub("", annotated)
