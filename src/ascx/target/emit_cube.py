"""Printers of the cube-level API: matrix loads, ``Mmad``, ``Fixpipe``, the ND/NZ ``DataCopy`` forms,
``InitConstValue``, the cube's settings, AIPP and ``LocalMemAllocator``."""

from __future__ import annotations

from xdsl.ir import Attribute, SSAValue

from ascx.dialects import ascendc as ir
from ascx.target.printer import AscendCPrinter, cpp_type, emits, position, scalar_type


def _element(value: SSAValue) -> str:
    t: Attribute = value.type
    assert isinstance(t, ir.LocalTensorType | ir.GlobalTensorType)
    return scalar_type(t.element_type)


def _call(p: AscendCPrinter, name: str, *args: SSAValue | None, template: str = "") -> None:
    targs = f"<{template}>" if template else ""
    p.line(f"AscendC::{name}{targs}({', '.join(p.expr(a) for a in args if a is not None)});")


@emits(ir.PadListOp)
def _pad_list(p: AscendCPrinter, op: ir.PadListOp) -> None:
    values = ", ".join(p.expr(v) for v in op.values)
    p.line(f"uint8_t {p.names.get(op.result)}[{len(op.values)}] = {{{values}}};")


@emits(ir.MmadOp)
def _mmad(p: AscendCPrinter, op: ir.MmadOp) -> None:
    _call(p, "Mmad", op.dst, op.fm, op.filter, op.bias, op.params)


@emits(ir.MmadWithSparseOp)
def _mmad_with_sparse(p: AscendCPrinter, op: ir.MmadWithSparseOp) -> None:
    _call(p, "MmadWithSparse", op.dst, op.fm, op.filter, op.params)


@emits(ir.LoadDataOp)
def _load_data(p: AscendCPrinter, op: ir.LoadDataOp) -> None:
    _call(p, "LoadData", op.dst, op.src, op.params)


@emits(ir.LoadDataWithTransposeOp)
def _load_data_with_transpose(p: AscendCPrinter, op: ir.LoadDataWithTransposeOp) -> None:
    _call(p, "LoadDataWithTranspose", op.dst, op.src, op.params)


@emits(ir.LoadDataWithSparseOp)
def _load_data_with_sparse(p: AscendCPrinter, op: ir.LoadDataWithSparseOp) -> None:
    _call(p, "LoadDataWithSparse", op.dst, op.src, op.idx, op.params)


@emits(ir.InitConstValueOp)
def _init_const_value(p: AscendCPrinter, op: ir.InitConstValueOp) -> None:
    _call(p, "InitConstValue", op.dst, op.params)


@emits(ir.DataCopyNd2NzOp)
def _data_copy_nd2nz(p: AscendCPrinter, op: ir.DataCopyNd2NzOp) -> None:
    _call(p, "DataCopy", op.dst, op.src, op.params)


@emits(ir.DataCopyPadNd2NzOp)
def _data_copy_pad_nd2nz(p: AscendCPrinter, op: ir.DataCopyPadNd2NzOp) -> None:
    _call(p, "DataCopyPad", op.dst, op.src, op.params, op.nd2nz)


@emits(ir.DataCopyNz2NdOp)
def _data_copy_nz2nd(p: AscendCPrinter, op: ir.DataCopyNz2NdOp) -> None:
    _call(p, "DataCopy", op.dst, op.src, op.params)


@emits(ir.DataCopyCO12DstOp)
def _data_copy_co12_dst(p: AscendCPrinter, op: ir.DataCopyCO12DstOp) -> None:
    _call(p, "DataCopy", op.dst, op.src, op.params)


@emits(ir.DataCopyEnhancedOp)
def _data_copy_enhanced(p: AscendCPrinter, op: ir.DataCopyEnhancedOp) -> None:
    _call(p, "DataCopy", op.dst, op.src, op.params, op.enhanced)


@emits(ir.FixpipeOp)
def _fixpipe(p: AscendCPrinter, op: ir.FixpipeOp) -> None:
    template = f"{_element(op.dst)}, {_element(op.src)}, {op.layout.data.config}"
    _call(p, "Fixpipe", op.dst, op.src, op.cbuf_workspace, op.params, template=template)


@emits(ir.CubeSettingOp)
def _cube_setting(p: AscendCPrinter, op: ir.CubeSettingOp) -> None:
    _call(p, op.setting.data.cpp, op.value)


@emits(ir.SetPadValueOp)
def _set_pad_value(p: AscendCPrinter, op: ir.SetPadValueOp) -> None:
    where = position(op.position.data) if op.position is not None else "AscendC::TPosition::MAX"
    _call(p, "SetPadValue", op.value, template=f"{scalar_type(op.value.type)}, {where}")


@emits(ir.SetAippFunctionsOp)
def _set_aipp_functions(p: AscendCPrinter, op: ir.SetAippFunctionsOp) -> None:
    images = [p.expr(op.src0)] + ([p.expr(op.src1)] if op.src1 is not None else [])
    image_format = f"AscendC::AippInputFormat::{op.input_format.data.name}"
    p.line(f"AscendC::SetAippFunctions({', '.join(images)}, {image_format}, {p.expr(op.config)});")


@emits(ir.LoadImageToLocalOp)
def _load_image_to_local(p: AscendCPrinter, op: ir.LoadImageToLocalOp) -> None:
    _call(p, "LoadImageToLocal", op.dst, op.params)


@emits(ir.LocalMemAllocatorOp)
def _local_mem_allocator(p: AscendCPrinter, op: ir.LocalMemAllocatorOp) -> None:
    hardware = f"AscendC::Hardware::{op.hardware.data.name}"
    p.line(f"AscendC::LocalMemAllocator<{hardware}> {p.names.get(op.result)};")


@emits(ir.LocalMemAllocatorAllocOp)
def _alloc(p: AscendCPrinter, op: ir.LocalMemAllocatorAllocOp) -> None:
    t = op.result.type
    head = f"{position(op.position.data)}, {_element(op.result)}"
    if op.static_size is not None:
        call = f"Alloc<{head}, {op.static_size.data}>()"
    else:
        assert op.tile_size is not None
        call = f"Alloc<{head}>({p.expr(op.tile_size)})"
    p.line(f"{cpp_type(t)} {p.names.get(op.result)} = {p.expr(op.allocator)}.{call};")


@emits(ir.LocalMemAllocatorGetCurAddrOp)
def _get_cur_addr(p: AscendCPrinter, op: ir.LocalMemAllocatorGetCurAddrOp) -> None:
    p.line(f"{cpp_type(op.result.type)} {p.names.get(op.result)} = {p.expr(op.allocator)}.GetCurAddr();")
