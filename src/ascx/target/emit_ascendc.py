"""Printers of ``ascendc`` ops: the kernel ABI, kernel objects and the Matmul API."""

from __future__ import annotations

from ascx.dialects import ascendc as ir
from ascx.dialects.ascendc.matmul_config_fields import config_literal
from ascx.target.printer import AscendCPrinter, cpp_type, emits, matmul_type


@emits(ir.SetFftsBaseAddrOp)
def _set_ffts_base_addr(p: AscendCPrinter, op: ir.SetFftsBaseAddrOp) -> None:
    p.line(f"set_ffts_base_addr(*{p.expr(op.addr)});")


@emits(ir.AscendIsAicOp)
def _is_aic(p: AscendCPrinter, op: ir.AscendIsAicOp) -> None:
    p.line(f"bool {p.names.get(op.result)} = g_coreType == AscendC::AIC;")


@emits(ir.FftsCrossCoreSyncOp)
def _ffts_cross_core_sync(p: AscendCPrinter, op: ir.FftsCrossCoreSyncOp) -> None:
    p.line(f"ffts_cross_core_sync({op.pipe.data.name}, {op.config.value.data:#x});")


# -- objects


@emits(ir.PipeOp)
def _pipe(p: AscendCPrinter, op: ir.PipeOp) -> None:
    p.line(f"AscendC::TPipe {p.names.get(op.result)};")


@emits(ir.GlobalTensorOp)
def _global_tensor(p: AscendCPrinter, op: ir.GlobalTensorOp) -> None:
    p.line(f"{cpp_type(op.result.type)} {p.names.get(op.result)};")


@emits(ir.SetGlobalBufferOp)
def _set_global_buffer(p: AscendCPrinter, op: ir.SetGlobalBufferOp) -> None:
    args = [p.expr(op.addr)] + ([p.expr(op.size)] if op.size is not None else [])
    p.line(f"{p.expr(op.tensor)}.SetGlobalBuffer({', '.join(args)});")


@emits(ir.CubeTilingOp)
def _cube_tiling(p: AscendCPrinter, op: ir.CubeTilingOp) -> None:
    p.line(f"TCubeTiling {p.names.get(op.result)};")


@emits(ir.CubeTilingLoadOp)
def _cube_tiling_load(p: AscendCPrinter, op: ir.CubeTilingLoadOp) -> None:
    name, index = p.names.get(op.result), p.names.fresh("i")
    p.line(f"TCubeTiling {name};")
    p.line(f"for (uint32_t {index} = 0; {index} < sizeof(TCubeTiling) / sizeof(uint32_t); ++{index}) {{")
    with p.indented():
        source = f"reinterpret_cast<__gm__ const uint32_t*>({p.expr(op.addr)})[{index}]"
        p.line(f"reinterpret_cast<uint32_t*>(&{name})[{index}] = {source};")
    p.line("}")


@emits(ir.CubeTilingGetOp)
def _cube_tiling_get(p: AscendCPrinter, op: ir.CubeTilingGetOp) -> None:
    p.line(f"int32_t {p.names.get(op.result)} = {p.expr(op.tiling)}.{op.field.data};")


@emits(ir.CubeTilingSetOp)
def _cube_tiling_set(p: AscendCPrinter, op: ir.CubeTilingSetOp) -> None:
    p.line(f"{p.expr(op.tiling)}.{op.field.data} = {p.expr(op.value)};")


# -- Matmul


@emits(ir.MatmulCreateOp)
def _matmul_create(p: AscendCPrinter, op: ir.MatmulCreateOp) -> None:
    name = p.names.get(op.result)
    cfg = p.names.fresh(f"{name}_cfg")
    p.line(f"constexpr static MatmulConfig {cfg}{config_literal(op.effective_config.data)};")
    args = [matmul_type(op.a_type), matmul_type(op.b_type), matmul_type(op.c_type)]
    args += [matmul_type(op.bias_type, bias=True), cfg]
    if op.policy is not None:
        args += [
            "AscendC::MatmulCallBackFunc<nullptr, nullptr, nullptr>",
            f"AscendC::Impl::Detail::{op.policy.data}",
        ]
    p.line(f"AscendC::Matmul<{', '.join(args)}> {name};")


@emits(ir.RegisterMatmulOp)
def _register_matmul(p: AscendCPrinter, op: ir.RegisterMatmulOp) -> None:
    args = [f"&{p.expr(op.pipe)}", p.expr(op.workspace)]
    for index, obj in enumerate(op.objects):
        args.append(p.expr(obj))
        if op.tilings:
            args.append(f"&{p.expr(op.tilings[index])}")
    p.line(f"REGIST_MATMUL_OBJ({', '.join(args)});")


@emits(ir.MatmulInitOp)
def _matmul_init(p: AscendCPrinter, op: ir.MatmulInitOp) -> None:
    p.call(op.matmul, "Init", f"&{p.expr(op.tiling)}")


@emits(ir.MatmulSetTensorAOp)
def _set_tensor_a(p: AscendCPrinter, op: ir.MatmulSetTensorAOp) -> None:
    p.call(op.matmul, "SetTensorA", p.expr(op.tensor), p.expr(op.transpose))


@emits(ir.MatmulSetTensorBOp)
def _set_tensor_b(p: AscendCPrinter, op: ir.MatmulSetTensorBOp) -> None:
    p.call(op.matmul, "SetTensorB", p.expr(op.tensor), p.expr(op.transpose))


@emits(ir.MatmulSetOrgShapeOp)
def _set_org_shape(p: AscendCPrinter, op: ir.MatmulSetOrgShapeOp) -> None:
    shape = [op.org_m, op.org_n, op.org_ka, op.org_kb, op.org_kc]
    p.call(op.matmul, "SetOrgShape", *(p.expr(v) for v in shape if v is not None))


@emits(ir.MatmulSetSingleShapeOp)
def _set_single_shape(p: AscendCPrinter, op: ir.MatmulSetSingleShapeOp) -> None:
    p.call(op.matmul, "SetSingleShape", *(p.expr(v) for v in (op.single_m, op.single_n, op.single_k)))


@emits(ir.MatmulIterateAllOp)
def _iterate_all(p: AscendCPrinter, op: ir.MatmulIterateAllOp) -> None:
    wait = "true" if op.wait_iterate_all is not None else "false"
    args = (p.expr(op.tensor), p.expr(op.en_atomic), p.expr(op.en_sequential_write), wait)
    p.call(op.matmul, "IterateAll", *args, p.expr(op.fake_msg), template="true" if op.sync else "false")


@emits(ir.MatmulWaitIterateAllOp)
def _wait_iterate_all(p: AscendCPrinter, op: ir.MatmulWaitIterateAllOp) -> None:
    p.call(op.matmul, "WaitIterateAll")


@emits(ir.MatmulEndOp)
def _end(p: AscendCPrinter, op: ir.MatmulEndOp) -> None:
    p.call(op.matmul, "End")


@emits(ir.MatmulIterateOp)
def _iterate(p: AscendCPrinter, op: ir.MatmulIterateOp) -> None:
    call = f"{p.expr(op.matmul)}.Iterate<{'true' if op.sync else 'false'}>({p.expr(op.en_partial_sum)})"
    if op.result.uses:
        p.line(f"bool {p.names.get(op.result)} = {call};")
    else:
        p.line(f"{call};")
