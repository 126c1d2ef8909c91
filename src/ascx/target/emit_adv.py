"""Printers of the library ops beyond Matmul and of their tiling structs.

The calls name their template arguments as CANN 9.1 declares them (``Acos<half, false>``,
``Exp<half, 3, false>``, ``SoftMax<half, false, false, false>``, ``AscendQuant<half, false, cfg>``); the
optional arguments follow CANN's parameter order (the temporary buffer before ``calCount``, and before
the scalars of ``RmsNorm`` and ``AscendQuant``).
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import SSAValue

from ascx.dialects import ascendc as ir
from ascx.dialects.ascendc import adv_ops as adv
from ascx.target.printer import AscendCPrinter, cpp_type, emits, file_scope, scalar_type


def _element(value: SSAValue) -> str:
    t = value.type
    assert isinstance(t, ir.LocalTensorType)
    return scalar_type(t.element_type)


def _flag(op: adv.LibCallSyntax | adv.SoftmaxFlashV2TilingOp | adv.SoftmaxTilingFuncOp, flag: str) -> str:
    return "true" if op.has_flag(flag) else "false"


def _call(p: AscendCPrinter, name: str, template: list[str], args: list[str]) -> None:
    targs = f"<{', '.join(template)}>" if template else ""
    p.line(f"AscendC::{name}{targs}({', '.join(args)});")


def _optional(p: AscendCPrinter, *values: SSAValue | None) -> list[str]:
    return [p.expr(v) for v in values if v is not None]


@emits(adv.AdvMathOp)
def _math(p: AscendCPrinter, op: adv.AdvMathOp) -> None:
    template = [_element(op.src)]
    if op.taylor_expand_level is not None:
        template.append(str(op.taylor_expand_level.value.data))
    template.append(_flag(op, "reuse_source"))
    _call(p, op.function.data.cpp, template, [p.expr(op.dst), p.expr(op.src), *_optional(p, op.tmp, op.count)])


@emits(adv.AdvBinaryMathOp)
def _binary_math(p: AscendCPrinter, op: adv.AdvBinaryMathOp) -> None:
    template = [_element(op.src0), _flag(op, "reuse_source")]
    args = [p.expr(op.dst), p.expr(op.src0), p.expr(op.src1), *_optional(p, op.tmp, op.count)]
    _call(p, op.function.data.cpp, template, args)


@emits(adv.AdvAxpyOp)
def _axpy(p: AscendCPrinter, op: adv.AdvAxpyOp) -> None:
    template = [_element(op.dst), _element(op.src), _flag(op, "reuse_source")]
    args = [p.expr(op.dst), p.expr(op.src), p.expr(op.scalar), *_optional(p, op.tmp, op.count)]
    _call(p, "Axpy", template, args)


@emits(adv.SoftmaxOp)
def _softmax(p: AscendCPrinter, op: adv.SoftmaxOp) -> None:
    template = [_element(op.src), *(_flag(op, f) for f in ("reuse_source", "basic_block", "data_format_nz"))]
    tensors = [p.expr(op.dst), p.expr(op.sum), p.expr(op.max), p.expr(op.src)]
    _call(p, "SoftMax", template, [*tensors, *_optional(p, op.tmp), p.expr(op.tiling), *_optional(p, op.shape_info)])


@emits(adv.SoftmaxFlashV2Op)
def _softmax_flash_v2(p: AscendCPrinter, op: adv.SoftmaxFlashV2Op) -> None:
    flags = ("is_update", "reuse_source", "basic_block", "data_format_nz")
    template = [_element(op.src), *(_flag(op, f) for f in flags), "AscendC::SOFTMAX_DEFAULT_CFG"]
    operands = (op.dst, op.exp_sum, op.max, op.src, op.exp_max, op.in_exp_sum, op.in_max)
    args = [*(p.expr(v) for v in operands), *_optional(p, op.tmp), p.expr(op.tiling), *_optional(p, op.shape_info)]
    _call(p, "SoftmaxFlashV2", template, args)


@emits(adv.SoftmaxFlashV2TilingOp)
def _softmax_flash_v2_tiling(p: AscendCPrinter, op: adv.SoftmaxFlashV2TilingOp) -> None:
    sizes = (op.data_type_size1, op.data_type_size2, op.local_work_space_size)
    args = [p.expr(op.shape_info), *(p.expr(v) for v in sizes), *(_flag(op, f) for f in op.FLAGS)]
    call = f"AscendC::SoftMaxFlashV2TilingFunc({', '.join(args)})"
    p.line(f"{cpp_type(op.result.type)} {p.names.get(op.result)} = {call};")


@emits(adv.SoftmaxTilingFuncOp)
def _softmax_tiling_func(p: AscendCPrinter, op: adv.SoftmaxTilingFuncOp) -> None:
    operands = (op.work_local_size, op.shape_info, op.tiling, op.data_type_size1, op.data_type_size2)
    args = [*(p.expr(v) for v in operands), *(_flag(op, f) for f in op.FLAGS)]
    call = f"AscendC::SoftMaxTilingFunc({', '.join(args)})"
    if op.result.uses:
        p.line(f"bool {p.names.get(op.result)} = {call};")
    else:
        p.line(f"{call};")


@emits(adv.SoftmaxFlashOp)
def _softmax_flash(p: AscendCPrinter, op: adv.SoftmaxFlashOp) -> None:
    template = [_element(op.src), _flag(op, "reuse_source"), _flag(op, "basic_block")]
    operands = (op.dst, op.sum, op.max, op.src, op.exp_max, op.in_sum, op.in_max)
    args = [*(p.expr(v) for v in operands), *_optional(p, op.tmp), p.expr(op.tiling), p.expr(op.is_update)]
    _call(p, "SoftmaxFlash", template, [*args, *_optional(p, op.shape_info)])


@emits(adv.RmsNormOp)
def _rmsnorm(p: AscendCPrinter, op: adv.RmsNormOp) -> None:
    args = [p.expr(op.dst), p.expr(op.src), p.expr(op.gamma), *_optional(p, op.tmp), p.expr(op.epsilon)]
    _call(p, "RmsNorm", [_element(op.src), _flag(op, "basic_block")], [*args, p.expr(op.tiling)])


@emits(adv.LayerNormOp)
def _layernorm(p: AscendCPrinter, op: adv.LayerNormOp) -> None:
    tensors = [p.expr(v) for v in (op.dst, op.mean, op.variance, op.src, op.gamma, op.beta)]
    args = [*tensors, *_optional(p, op.tmp), p.expr(op.epsilon), p.expr(op.tiling)]
    _call(p, "LayerNorm", [_element(op.src), _flag(op, "reuse_source")], args)


@emits(adv.DeepNormOp)
def _deepnorm(p: AscendCPrinter, op: adv.DeepNormOp) -> None:
    tensors = [p.expr(v) for v in (op.dst, op.mean, op.rstd, op.src, op.gx, op.beta, op.gamma)]
    args = [*tensors, *_optional(p, op.tmp), p.expr(op.alpha), p.expr(op.epsilon), p.expr(op.tiling)]
    _call(p, "DeepNorm", [_element(op.src), _flag(op, "reuse_source"), _flag(op, "basic_block")], args)


@emits(adv.QuantOp)
def _quant(p: AscendCPrinter, op: adv.QuantOp) -> None:
    template = [_element(op.src), _flag(op, "reuse_source")]
    config = op.config_values()
    if config is not None:
        name = p.names.fresh("quant_config")
        p.line(f"constexpr static AscendC::AscendQuantConfig {name} = {{{', '.join(map(str, config))}}};")
        template.append(name)
    args = [p.expr(op.dst), p.expr(op.src), *_optional(p, op.tmp), p.expr(op.scale), p.expr(op.offset)]
    _call(p, "AscendQuant", template, [*args, *_optional(p, op.count)])


@emits(adv.ConcatOp)
def _concat(p: AscendCPrinter, op: adv.ConcatOp) -> None:
    _call(p, "Concat", [], [p.expr(op.dst), p.expr(op.src), p.expr(op.tmp), p.expr(op.repeat_time)])


@emits(adv.ExtractOp)
def _extract(p: AscendCPrinter, op: adv.ExtractOp) -> None:
    args = [p.expr(op.dst_value), p.expr(op.dst_index), p.expr(op.src), p.expr(op.repeat_time)]
    _call(p, "Extract", [], args)


@file_scope
def _struct_definitions(p: AscendCPrinter, module: ModuleOp) -> None:
    """The definitions of the structs declared in Python (``asc.language.core.struct.Struct``) that the
    module's kernels use, each after the structs it holds."""
    from ascx.language.core.struct import cpp_definition, defined_struct

    names: list[str] = []
    for op in module.walk():
        for value in (*op.results, *(a for r in op.regions for b in r.blocks for a in b.args)):
            t = value.type
            struct = t.struct_type if isinstance(t, ir.GMStructAddrType) else t
            if isinstance(struct, ir.LibTilingType) and struct.cpp_name not in names:
                names.append(struct.cpp_name)
    done: list[str] = []

    def define(cls: type) -> None:
        from ascx.language.core.struct import StructField

        for field in cls.struct_fields.values():  # type: ignore[attr-defined]
            if isinstance(field, StructField):
                define(field.struct_cls)
        if cls.__name__ not in done:
            done.append(cls.__name__)
            p.print_string("\n" + cpp_definition(cls) + "\n")

    for name in names:
        cls = defined_struct(name)
        if cls is not None:
            define(cls)


@emits(adv.LibTilingOp)
def _lib_tiling(p: AscendCPrinter, op: adv.LibTilingOp) -> None:
    p.line(f"{cpp_type(op.result.type)} {p.names.get(op.result)};")


@emits(adv.LibTilingLoadOp)
def _lib_tiling_load(p: AscendCPrinter, op: adv.LibTilingLoadOp) -> None:
    struct = cpp_type(op.result.type)
    name, index = p.names.get(op.result), p.names.fresh("i")
    p.line(f"{struct} {name};")
    p.line(f"for (uint32_t {index} = 0; {index} < sizeof({struct}) / sizeof(uint32_t); ++{index}) {{")
    with p.indented():
        source = f"reinterpret_cast<__gm__ const uint32_t*>({p.expr(op.addr)})[{index}]"
        p.line(f"reinterpret_cast<uint32_t*>(&{name})[{index}] = {source};")
    p.line("}")


@emits(adv.LibTilingGetOp)
def _lib_tiling_get(p: AscendCPrinter, op: adv.LibTilingGetOp) -> None:
    p.line(f"{scalar_type(op.result.type)} {p.names.get(op.result)} = {p.expr(op.tiling)}.{op.field.data};")


@emits(adv.LibTilingSetOp)
def _lib_tiling_set(p: AscendCPrinter, op: adv.LibTilingSetOp) -> None:
    p.line(f"{p.expr(op.tiling)}.{op.field.data} = {p.expr(op.value)};")


@emits(adv.InitGlobalMemoryOp)
def _init_global_memory(p: AscendCPrinter, op: adv.InitGlobalMemoryOp) -> None:
    t = op.tensor.type
    assert isinstance(t, ir.GlobalTensorType)
    _call(p, "InitGlobalMemory", [scalar_type(t.element_type)], [p.expr(op.tensor), p.expr(op.size), p.expr(op.value)])


# --- SoftMax's variants: SimpleSoftMax, LogSoftMax, AdjustSoftMaxRes ---------------------------------------------


@emits(adv.SimpleSoftmaxOp)
def _simple_softmax(p: AscendCPrinter, op: adv.SimpleSoftmaxOp) -> None:
    template = [_element(op.src), *(_flag(op, f) for f in ("reuse_source", "basic_block", "data_format_nz"))]
    tensors = [p.expr(op.dst), p.expr(op.in_sum), p.expr(op.in_max), p.expr(op.src)]
    args = [*tensors, *_optional(p, op.tmp), p.expr(op.tiling), *_optional(p, op.shape_info)]
    _call(p, "SimpleSoftMax", template, args)


@emits(adv.LogSoftmaxOp)
def _log_softmax(p: AscendCPrinter, op: adv.LogSoftmaxOp) -> None:
    template = [_element(op.src), _flag(op, "reuse_source"), _flag(op, "data_format_nz")]
    tensors = [p.expr(op.dst), p.expr(op.sum), p.expr(op.max), p.expr(op.src), p.expr(op.tmp)]
    _call(p, "LogSoftMax", template, [*tensors, p.expr(op.tiling), *_optional(p, op.shape_info)])


@emits(adv.AdjustSoftmaxResOp)
def _adjust_softmax_res(p: AscendCPrinter, op: adv.AdjustSoftmaxResOp) -> None:
    mode = op.step_size_mode.value.data if op.step_size_mode is not None else 0
    nz = "true" if op.data_format_nz is not None else "false"
    template = [_element(op.softmax_res), _element(op.max), nz, str(mode)]
    args = [p.expr(op.softmax_res), p.expr(op.max), p.expr(op.from_bits), p.expr(op.to), p.expr(op.shape_info)]
    call = f"AscendC::AdjustSoftMaxRes<{', '.join(template)}>({', '.join(args)})"
    if op.result.uses:
        p.line(f"bool {p.names.get(op.result)} = {call};")
    else:
        p.line(f"{call};")
