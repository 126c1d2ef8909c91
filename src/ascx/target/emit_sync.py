"""Printers of synchronisation, system values, atomics and debug output."""

from __future__ import annotations

from ascx.dialects import ascendc as ir
from ascx.dump_buffer import DUMP_BYTES_PER_CORE
from ascx.target.printer import AscendCPrinter, cpp_type, emits, scalar_type


@emits(ir.SetFlagOp)
def _set_flag(p: AscendCPrinter, op: ir.SetFlagOp) -> None:
    p.line(f"AscendC::SetFlag<AscendC::HardEvent::{op.event.data.name}>({p.expr(op.event_id)});")


@emits(ir.WaitFlagOp)
def _wait_flag(p: AscendCPrinter, op: ir.WaitFlagOp) -> None:
    p.line(f"AscendC::WaitFlag<AscendC::HardEvent::{op.event.data.name}>({p.expr(op.event_id)});")


@emits(ir.PipeBarrierOp)
def _pipe_barrier(p: AscendCPrinter, op: ir.PipeBarrierOp) -> None:
    p.line(f"AscendC::PipeBarrier<{op.pipe.data.name}>();")


@emits(ir.CrossCoreSetFlagOp)
def _cross_core_set_flag(p: AscendCPrinter, op: ir.CrossCoreSetFlagOp) -> None:
    p.line(f"AscendC::CrossCoreSetFlag<{op.mode.value.data}, {op.pipe.data.name}>({p.expr(op.flag_id)});")


@emits(ir.CrossCoreWaitFlagOp)
def _cross_core_wait_flag(p: AscendCPrinter, op: ir.CrossCoreWaitFlagOp) -> None:
    p.line(f"AscendC::CrossCoreWaitFlag<{op.mode.value.data}, {op.pipe.data.name}>({p.expr(op.flag_id)});")


@emits(ir.SyncAllOp)
def _sync_all(p: AscendCPrinter, op: ir.SyncAllOp) -> None:
    template = "" if op.is_aiv_only.value.data else "<false>"
    args: list[str] = []
    if op.gm_workspace is not None and op.ub_workspace is not None and op.used_cores is not None:
        args = [p.expr(op.gm_workspace), p.expr(op.ub_workspace), p.expr(op.used_cores)]
    p.line(f"AscendC::SyncAll{template}({', '.join(args)});")


def _inter_block_event(p: AscendCPrinter, call: str, op: ir.IBSetOp | ir.IBWaitOp) -> None:
    template = "" if op.is_aiv_only.value.data else "<false>"
    args = ", ".join(p.expr(v) for v in (op.gm_workspace, op.ub_workspace, op.block_idx, op.event_id))
    p.line(f"AscendC::{call}{template}({args});")


@emits(ir.IBSetOp)
def _ib_set(p: AscendCPrinter, op: ir.IBSetOp) -> None:
    _inter_block_event(p, "IBSet", op)


@emits(ir.IBWaitOp)
def _ib_wait(p: AscendCPrinter, op: ir.IBWaitOp) -> None:
    _inter_block_event(p, "IBWait", op)


@emits(ir.NotifyNextBlockOp)
def _notify_next_block(p: AscendCPrinter, op: ir.NotifyNextBlockOp) -> None:
    p.line(f"AscendC::NotifyNextBlock({p.expr(op.gm_workspace)}, {p.expr(op.ub_workspace)});")


@emits(ir.WaitPreBlockOp)
def _wait_pre_block(p: AscendCPrinter, op: ir.WaitPreBlockOp) -> None:
    p.line(f"AscendC::WaitPreBlock({p.expr(op.gm_workspace)}, {p.expr(op.ub_workspace)});")


@emits(ir.SetAtomicOp)
def _set_atomic(p: AscendCPrinter, op: ir.SetAtomicOp) -> None:
    template = f"<{scalar_type(op.element_type)}>" if op.element_type is not None else ""
    p.line(f"AscendC::{op.kind.data.cpp}{template}();")


@emits(ir.SysVarOp)
def _sys_var(p: AscendCPrinter, op: ir.SysVarOp) -> None:
    p.line(f"{cpp_type(op.result.type)} {p.names.get(op.result)} = AscendC::{op.var.data.cpp}();")


@emits(ir.AscendIsAivOp)
def _is_aiv(p: AscendCPrinter, op: ir.AscendIsAivOp) -> None:
    p.line(f"bool {p.names.get(op.result)} = g_coreType == AscendC::AIV;")


def c_string(text: str) -> str:
    """``text`` as a C string literal."""
    escapes = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r"}
    body = "".join(escapes.get(ch, ch if " " <= ch <= "~" else f"\\x{ord(ch):02x}") for ch in text)
    return f'"{body}"'


@emits(ir.PrintfOp)
def _printf(p: AscendCPrinter, op: ir.PrintfOp) -> None:
    args = [c_string(op.format.data), *(p.expr(a) for a in op.args)]
    p.line(f"AscendC::printf({', '.join(args)});")


@emits(ir.DumpTensorOp)
def _dump_tensor(p: AscendCPrinter, op: ir.DumpTensorOp) -> None:
    args = [p.expr(op.tensor), p.expr(op.desc), p.expr(op.dump_size)]
    if op.shape_info is not None:
        args.append(p.expr(op.shape_info))
    p.line(f"AscendC::DumpTensor({', '.join(args)});")


@emits(ir.InitDumpOp)
def _init_dump(p: AscendCPrinter, op: ir.InitDumpOp) -> None:
    mix = "true" if op.mix.value.data else "false"
    p.print_string("\n#if defined ASCENDC_DUMP", indent=0)
    p.line(f"AscendC::InitDump({mix}, {p.expr(op.addr)}, {DUMP_BYTES_PER_CORE});")
    p.print_string("\n#endif", indent=0)
