"""Printers of ``ascendc`` ops: the kernel ABI, kernel objects and tensors (the Matmul API is in
``emit_matmul``)."""

from __future__ import annotations

from ascx.dialects import ascendc as ir
from ascx.target.printer import AscendCPrinter, cpp_type, emits


@emits(ir.KernelTaskTypeOp)
def _kernel_task_type(p: AscendCPrinter, op: ir.KernelTaskTypeOp) -> None:
    p.line(f"KERNEL_TASK_TYPE_DEFAULT({op.kernel_type.data.cann_name});")


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


@emits(ir.LocalTensorOp)
def _local_tensor(p: AscendCPrinter, op: ir.LocalTensorOp) -> None:
    position = f"AscendC::TPosition::{op.position.data.name}"
    p.line(
        f"{cpp_type(op.result.type)} {p.names.get(op.result)}({position}, {p.expr(op.addr)}, {p.expr(op.tile_size)});"
    )


@emits(ir.SubTensorOp)
def _sub_tensor(p: AscendCPrinter, op: ir.SubTensorOp) -> None:
    p.line(f"{cpp_type(op.result.type)} {p.names.get(op.result)} = {p.expr(op.source)}[{p.expr(op.offset)}];")
