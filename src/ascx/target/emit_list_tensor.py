"""Printers of ``TensorDesc`` and ``ListTensorDesc``, and of the tensor metadata methods."""

from __future__ import annotations

from ascx.dialects.ascendc import list_tensor_ops as lt_ir, tensor_method_ops as tm_ir
from ascx.dialects.ascendc.array_ops import ArrayType
from ascx.target.printer import AscendCPrinter, cpp_type, emits, scalar_type


@emits(lt_ir.TensorDescOp)
def _tensor_desc(p: AscendCPrinter, op: lt_ir.TensorDescOp) -> None:
    desc = op.result.type
    assert isinstance(desc, lt_ir.TensorDescType)
    p.line(f"AscendC::TensorDesc<{scalar_type(desc.element_type)}> {p.names.get(op.result)};")


@emits(lt_ir.ListTensorDescOp)
def _list_tensor_desc(p: AscendCPrinter, op: lt_ir.ListTensorDescOp) -> None:
    args = f"({', '.join(p.expr(a) for a in op.args)})" if op.args else ""
    p.line(f"AscendC::ListTensorDesc {p.names.get(op.result)}{args};")


@emits(lt_ir.ListTensorDescInitOp)
def _init(p: AscendCPrinter, op: lt_ir.ListTensorDescInitOp) -> None:
    p.call(op.desc, "Init", p.expr(op.data), p.expr(op.length), p.expr(op.shape_size))


@emits(lt_ir.ListTensorDescGetDescOp)
def _get_desc(p: AscendCPrinter, op: lt_ir.ListTensorDescGetDescOp) -> None:
    p.call(op.desc, "GetDesc", p.expr(op.tensor_desc), p.expr(op.index))


@emits(lt_ir.ListTensorDescGetDataPtrOp)
def _list_get_data_ptr(p: AscendCPrinter, op: lt_ir.ListTensorDescGetDataPtrOp) -> None:
    address = op.result.type
    assert isinstance(address, lt_ir.GMAddrType)
    element = scalar_type(address.element_type)
    value = f"{p.expr(op.desc)}.GetDataPtr<{element}>({p.expr(op.index)})"
    p.line(f"{cpp_type(address)} {p.names.get(op.result)} = {value};")


@emits(lt_ir.ListTensorDescGetSizeOp)
def _get_size(p: AscendCPrinter, op: lt_ir.ListTensorDescGetSizeOp) -> None:
    p.line(f"uint32_t {p.names.get(op.result)} = {p.expr(op.desc)}.GetSize();")


@emits(lt_ir.TensorDescSetShapeAddrOp)
def _set_shape_addr(p: AscendCPrinter, op: lt_ir.TensorDescSetShapeAddrOp) -> None:
    shape = p.expr(op.shape)
    if not isinstance(op.shape.type, ArrayType):
        shape = f"reinterpret_cast<uint64_t*>({shape})"
    p.call(op.tensor_desc, "SetShapeAddr", shape)


@emits(lt_ir.TensorDescQueryOp)
def _query(p: AscendCPrinter, op: lt_ir.TensorDescQueryOp) -> None:
    method = "GetDim" if op.query.data is lt_ir.TensorDescQuery.DIM else "GetIndex"
    p.line(f"uint64_t {p.names.get(op.result)} = {p.expr(op.tensor_desc)}.{method}();")


@emits(lt_ir.TensorDescGetShapeOp)
def _get_shape(p: AscendCPrinter, op: lt_ir.TensorDescGetShapeOp) -> None:
    p.line(f"uint64_t {p.names.get(op.result)} = {p.expr(op.tensor_desc)}.GetShape({p.expr(op.offset)});")


@emits(lt_ir.TensorDescGetDataPtrOp)
def _get_data_ptr(p: AscendCPrinter, op: lt_ir.TensorDescGetDataPtrOp) -> None:
    p.line(f"{cpp_type(op.result.type)} {p.names.get(op.result)} = {p.expr(op.tensor_desc)}.GetDataPtr();")


@emits(lt_ir.TensorDescGetDataObjOp)
def _get_data_obj(p: AscendCPrinter, op: lt_ir.TensorDescGetDataObjOp) -> None:
    p.line(f"{cpp_type(op.result.type)} {p.names.get(op.result)} = {p.expr(op.tensor_desc)}.GetDataObj();")


@emits(tm_ir.TensorMethodOp)
def _tensor_method(p: AscendCPrinter, op: tm_ir.TensorMethodOp) -> None:
    method = op.method.data
    call = f"{p.expr(op.tensor)}.{method.cpp}({', '.join(p.expr(a) for a in op.args)})"
    if op.result is None:
        p.line(call + ";")
        return
    p.line(f"{cpp_type(op.result.type)} {p.names.get(op.result)} = {call};")
