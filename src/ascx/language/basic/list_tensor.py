"""``asc.TensorDesc`` and ``asc.ListTensorDesc`` (pyasc's ``asc.language.basic.list_tensor``): a list
of tensors in one GM buffer, as the framework passes dynamic inputs, decoded by the scalar unit.

The buffer's layout (CANN's): a ``uint64`` header holding the byte offset of the data pointers; per
tensor a ``uint64`` whose low 32 bits are its number of dimensions, then one ``uint64`` per
dimension; then each tensor's data pointer.  A kernel that uses them includes
``kernel_operator_list_tensor_intf.h``.
"""

from __future__ import annotations

from typing import Any

from ascx.dialects.ascendc import IncludeOp, list_tensor_ops as lt_ir
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.array import Array
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.dtype import DataType, float32, uint32, uint64
from ascx.language.core.tensor import GlobalTensor
from ascx.language.core.values import GlobalAddress, Handle, RuntimeScalar
from ascx.language.records import records

record = records(__name__, "basic/list_tensor")

NO_CHECK = 0xFFFFFFFF
"""``length`` and ``shape_size`` that skip the decoder's consistency check."""


def _include(builder: IRBuilder) -> None:
    builder.insert(IncludeOp(lt_ir.LIST_TENSOR_HEADER))


def _dtype(value: Any, api: str) -> DataType:
    if not isinstance(value, DataType) or not value.is_numeric():
        raise ApiTypeError(f"{api}: dtype must be a data type (e.g. asc.float16), got {describe(value)}")
    return value


def data_message(api: str, got: str) -> str:
    return f"{api}: data must be a global address (the kernel's pointer to the list), got {got}"


def desc_message(got: str) -> str:
    return f"ListTensorDesc.get_desc: desc must be an asc.TensorDesc, got {got}"


NULL_SHAPE = "TensorDesc.set_shape_addr: the shape address is a null pointer (CANN asserts shapePtr != nullptr)"


def _data(value: Any, api: str) -> GlobalAddress:
    if not isinstance(value, GlobalAddress):
        raise ApiTypeError(data_message(api, describe(value)))
    return value


@record(
    forms=("asc.TensorDesc(dtype=asc.float32)",),
    cpp=("template <class T> class TensorDesc;",),
    title="asc.TensorDesc",
)
class TensorDesc(Handle):
    """One tensor of a list, of element type ``dtype``."""

    __slots__ = ("dtype",)

    def __init__(self, dtype: Any = float32) -> None:
        api = "TensorDesc"
        builder = active(api)
        self.dtype = _dtype(dtype, api)
        _include(builder)
        super().__init__(builder.insert(lt_ir.TensorDescOp(self.dtype.to_ir())).result)

    @record(
        forms=("desc.set_shape_addr(asc.array(asc.uint64, max_dims))",),
        cpp=("void SetShapeAddr(uint64_t* shapePtr);",),
        rules=(f'A constant 0 is a null pointer, which CANN asserts against: "{NULL_SHAPE}".',),
    )
    def set_shape_addr(self, shape_ptr: Any) -> None:
        """Where ``get_desc`` writes the tensor's dimensions: an ``asc.array`` of ``uint64`` (an integer address
        is passed as it is)."""
        api = "TensorDesc.set_shape_addr"
        builder = active(api)
        if isinstance(shape_ptr, Array):
            if shape_ptr.dtype != uint64:
                raise ApiTypeError(f"{api}: the shape array holds uint64 dimensions, got an array of {shape_ptr.dtype}")
            operand = shape_ptr.ssa
        else:
            if isinstance(shape_ptr, int) and not isinstance(shape_ptr, bool) and shape_ptr == 0:
                raise ApiValueError(
                    NULL_SHAPE,
                    "pass asc.array(asc.uint64, max_dims): get_desc writes the dimensions there",
                )
            operand = integer_operand(builder, shape_ptr, uint64, api=api, param="shape_ptr")
        builder.insert(lt_ir.TensorDescSetShapeAddrOp(self.ssa, operand))

    def _query(self, query: lt_ir.TensorDescQuery, api: str) -> RuntimeScalar:
        op = active(api).insert(lt_ir.TensorDescQueryOp(query, self.ssa))
        return RuntimeScalar(op.result, uint64, origin=f"a tensor description ({api}())")

    @record(forms=("dims = desc.get_dim()",), cpp=("uint64_t GetDim();",))
    def get_dim(self) -> RuntimeScalar:
        """The tensor's number of dimensions (``uint64``)."""
        return self._query(lt_ir.TensorDescQuery.DIM, "TensorDesc.get_dim")

    @record(forms=("index = desc.get_index()",), cpp=("uint64_t GetIndex();",))
    def get_index(self) -> RuntimeScalar:
        """The tensor's index in its list (``uint64``)."""
        return self._query(lt_ir.TensorDescQuery.INDEX, "TensorDesc.get_index")

    @record(forms=("size = desc.get_shape(offset)",), cpp=("uint64_t GetShape(uint32_t offset);",))
    def get_shape(self, offset: Any) -> RuntimeScalar:
        """Dimension ``offset`` (``uint64``)."""
        api = "TensorDesc.get_shape"
        builder = active(api)
        index = integer_operand(builder, offset, uint32, api=api, param="offset")
        op = builder.insert(lt_ir.TensorDescGetShapeOp(self.ssa, index))
        return RuntimeScalar(op.result, uint64, origin="a tensor's dimension (TensorDesc.get_shape())")

    @record(forms=("address = desc.get_data_ptr()",), cpp=("__gm__ T* GetDataPtr();",))
    def get_data_ptr(self) -> GlobalAddress:
        """The tensor's data, a global address of ``dtype``."""
        op = active("TensorDesc.get_data_ptr").insert(lt_ir.TensorDescGetDataPtrOp(self.ssa))
        return GlobalAddress(op.result, self.dtype, origin="a tensor of a list (TensorDesc.get_data_ptr())")

    @record(forms=("tensor = desc.get_data_obj()",), cpp=("GlobalTensor<T> GetDataObj();",))
    def get_data_obj(self) -> GlobalTensor:
        """The tensor as a ``GlobalTensor`` of as many elements as its shape has."""
        op = active("TensorDesc.get_data_obj").insert(lt_ir.TensorDescGetDataObjOp(self.ssa))
        tensor = GlobalTensor()
        tensor.dtype = self.dtype
        tensor.bind(op.result)
        return tensor


@record(
    forms=("asc.ListTensorDesc()", "asc.ListTensorDesc(data, length=0xffffffff, shape_size=0xffffffff)"),
    cpp=(
        "ListTensorDesc();",
        "ListTensorDesc(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff);",
    ),
    params=(
        ("data", "the kernel's address of the list"),
        ("length", "bytes; 0xffffffff: not checked"),
        ("shape_size", "tensors; 0xffffffff: not checked"),
    ),
    rules=(f'"{data_message("ListTensorDesc", describe(3))}".',),
    title="asc.ListTensorDesc",
)
class ListTensorDesc(Handle):
    """A decoded list of tensors: ``ListTensorDesc()`` then ``init``, or the list at ``data`` at once."""

    __slots__ = ()

    def __init__(self, data: Any = None, length: Any = NO_CHECK, shape_size: Any = NO_CHECK) -> None:
        api = "ListTensorDesc"
        builder = active(api)
        _include(builder)
        if data is None:
            op = lt_ir.ListTensorDescOp()
        else:
            address = _data(data, api)
            op = lt_ir.ListTensorDescOp(
                address.ssa,
                integer_operand(builder, length, uint32, api=api, param="length"),
                integer_operand(builder, shape_size, uint32, api=api, param="shape_size"),
            )
        super().__init__(builder.insert(op).result)

    @record(
        forms=("descs.init(data, length=0xffffffff, shape_size=0xffffffff)",),
        cpp=("void Init(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff);",),
    )
    def init(self, data: Any, length: Any = NO_CHECK, shape_size: Any = NO_CHECK) -> None:
        """Decode the list at ``data``; with ``length`` and ``shape_size`` other than 0xffffffff the list must
        have that many bytes and tensors."""
        api = "ListTensorDesc.init"
        builder = active(api)
        address = _data(data, api)
        size = integer_operand(builder, length, uint32, api=api, param="length")
        count = integer_operand(builder, shape_size, uint32, api=api, param="shape_size")
        builder.insert(lt_ir.ListTensorDescInitOp(self.ssa, address.ssa, size, count))

    @record(
        forms=("descs.get_desc(desc, index)",),
        cpp=("template <class T> void GetDesc(TensorDesc<T>& desc, uint32_t index);",),
        rules=(f'"{desc_message("a GlobalAddress")}".',),
    )
    def get_desc(self, desc: Any, index: Any) -> None:
        """Fill ``desc`` with tensor ``index``: its dimensions go where ``desc.set_shape_addr`` points."""
        api = "ListTensorDesc.get_desc"
        builder = active(api)
        if not isinstance(desc, TensorDesc):
            raise ApiTypeError(desc_message(describe(desc)))
        position = integer_operand(builder, index, uint32, api=api, param="index")
        builder.insert(lt_ir.ListTensorDescGetDescOp(self.ssa, desc.ssa, position))

    @record(
        forms=("address = descs.get_data_ptr(index, dtype)",),
        cpp=("template <class T> __gm__ T* GetDataPtr(uint32_t index);",),
    )
    def get_data_ptr(self, index: Any, dtype: Any) -> GlobalAddress:
        """The data of tensor ``index``, as a global address of ``dtype``."""
        api = "ListTensorDesc.get_data_ptr"
        builder = active(api)
        element = _dtype(dtype, api)
        position = integer_operand(builder, index, uint32, api=api, param="index")
        op = builder.insert(lt_ir.ListTensorDescGetDataPtrOp(self.ssa, position, element.to_ir()))
        return GlobalAddress(op.result, element, origin="a tensor of a list (ListTensorDesc.get_data_ptr())")

    @record(forms=("count = descs.get_size()",), cpp=("uint32_t GetSize();",))
    def get_size(self) -> RuntimeScalar:
        """The number of tensors (``uint32``; pyasc's returns nothing)."""
        op = active("ListTensorDesc.get_size").insert(lt_ir.ListTensorDescGetSizeOp(self.ssa))
        return RuntimeScalar(op.result, uint32, origin="the size of a tensor list (ListTensorDesc.get_size())")


__all__ = ["ListTensorDesc", "TensorDesc"]
