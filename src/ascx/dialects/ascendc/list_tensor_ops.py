"""``AscendC::TensorDesc<T>`` and ``AscendC::ListTensorDesc``: a list of tensors a kernel receives in
one GM buffer (the framework's dynamic inputs), decoded by the scalar unit.

The buffer holds a header word (the byte offset of the data pointers), one record per tensor (its
number of dimensions, then each dimension) and the tensors' data pointers.  Every op runs on the
scalar pipe; the tensors' data are not accessed by these ops.
"""

from __future__ import annotations

from enum import auto

from xdsl.dialects.builtin import IntegerType, Signedness
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, ParametrizedAttribute, SpacedOpaqueSyntaxAttribute, SSAValue, TypeAttribute
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    operand_def,
    param_def,
    prop_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from ascx.dialects.ascendc.array_ops import ArrayType
from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.tensor_ops import AnyInteger
from ascx.dialects.ascendc.traits import ExecutesOn
from ascx.dialects.ascendc.types import ElementType, GlobalTensorType, GMAddrType

UI32 = IntegerType(32, Signedness.UNSIGNED)
UI64 = IntegerType(64, Signedness.UNSIGNED)
LIST_TENSOR_HEADER = "kernel_operator_list_tensor_intf.h"
"""The header that declares ``TensorDesc`` and ``ListTensorDesc`` (``kernel_operator.h`` does not include it)."""


@irdl_attr_definition
class TensorDescType(ParametrizedAttribute, TypeAttribute):
    """An ``AscendC::TensorDesc<T>``: one tensor of a list, e.g. ``!ascendc.tensor_desc<f16>``."""

    name = "ascendc.tensor_desc"
    element_type: Attribute = param_def(ElementType)

    def __init__(self, element_type: Attribute):
        super().__init__(element_type)


@irdl_attr_definition
class ListTensorDescType(ParametrizedAttribute, TypeAttribute):
    """An ``AscendC::ListTensorDesc``: a decoded list of tensors."""

    name = "ascendc.list_tensor_desc"


class TensorDescQuery(StrEnum):
    """``GetDim()`` and ``GetIndex()``: the number of dimensions, and the index in the list."""

    DIM = auto()
    INDEX = auto()


@irdl_attr_definition
class TensorDescQueryAttr(EnumAttribute[TensorDescQuery], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.tensor_desc_query"


_ON_S = traits_def(ExecutesOn(Pipe.PIPE_S))


@op_definition
class TensorDescOp(IRDLOperation):
    """``AscendC::TensorDesc<T> d;``

    Example: ``%d = ascendc.tensor_desc : !ascendc.tensor_desc<f16>``
    """

    name = "ascendc.tensor_desc"
    result = result_def(TensorDescType)
    traits = _ON_S
    assembly_format = "attr-dict `:` type($result)"

    def __init__(self, element_type: Attribute):
        super().__init__(result_types=[TensorDescType(element_type)])


@op_definition
class ListTensorDescOp(IRDLOperation):
    """``AscendC::ListTensorDesc l;`` or ``AscendC::ListTensorDesc l(data, length, shapeSize);``

    Example: ``%l = ascendc.list_tensor_desc %x, %len, %n : !ascendc.gm_addr<ui8>, ui32, ui32``
    """

    name = "ascendc.list_tensor_desc"
    args = var_operand_def()
    result = result_def(ListTensorDescType)
    traits = _ON_S
    assembly_format = "($args^ `:` type($args))? attr-dict"

    def __init__(
        self, data: SSAValue | None = None, length: SSAValue | None = None, shape_size: SSAValue | None = None
    ):
        args = [v for v in (data, length, shape_size) if v is not None]
        super().__init__(operands=[args], result_types=[ListTensorDescType()])

    def verify_(self) -> None:
        if len(self.args) not in (0, 3):
            raise VerifyException("a ListTensorDesc is made from nothing, or from its data, length and shape size")
        if self.args:
            data, length, shape_size = self.args
            if not isinstance(data.type, GMAddrType):
                raise VerifyException(f"the data of a ListTensorDesc is a GM address, got {data.type}")
            if not isinstance(length.type, IntegerType) or not isinstance(shape_size.type, IntegerType):
                raise VerifyException("the length and shape size of a ListTensorDesc are integers")


@op_definition
class ListTensorDescInitOp(IRDLOperation):
    """``l.Init(data, length, shapeSize);``: decode the list at ``data``.

    Example: ``ascendc.list_tensor_desc.init %l, %x, %len, %n : !ascendc.gm_addr<ui8>, ui32, ui32``
    """

    name = "ascendc.list_tensor_desc.init"
    desc = operand_def(ListTensorDescType)
    data = operand_def(GMAddrType)
    length = operand_def(AnyInteger)
    shape_size = operand_def(AnyInteger)
    traits = _ON_S
    assembly_format = (
        "$desc `,` $data `,` $length `,` $shape_size attr-dict `:` type($data) `,` type($length) `,` type($shape_size)"
    )

    def __init__(self, desc: SSAValue, data: SSAValue, length: SSAValue, shape_size: SSAValue):
        super().__init__(operands=[desc, data, length, shape_size])


@op_definition
class ListTensorDescGetDescOp(IRDLOperation):
    """``l.GetDesc(d, index);``: fill ``d`` with tensor ``index`` (its dimensions go to ``d``'s shape
    address).

    Example: ``ascendc.list_tensor_desc.get_desc %l, %d, %i : !ascendc.tensor_desc<f16>, ui32``
    """

    name = "ascendc.list_tensor_desc.get_desc"
    desc = operand_def(ListTensorDescType)
    tensor_desc = operand_def(TensorDescType)
    index = operand_def(AnyInteger)
    traits = _ON_S
    assembly_format = "$desc `,` $tensor_desc `,` $index attr-dict `:` type($tensor_desc) `,` type($index)"

    def __init__(self, desc: SSAValue, tensor_desc: SSAValue, index: SSAValue):
        super().__init__(operands=[desc, tensor_desc, index])


@op_definition
class ListTensorDescGetDataPtrOp(IRDLOperation):
    """``__gm__ T* p = l.GetDataPtr<T>(index);``

    Example: ``%p = ascendc.list_tensor_desc.get_data_ptr %l, %i : ui32 -> !ascendc.gm_addr<f16>``
    """

    name = "ascendc.list_tensor_desc.get_data_ptr"
    desc = operand_def(ListTensorDescType)
    index = operand_def(AnyInteger)
    result = result_def(GMAddrType)
    traits = _ON_S
    assembly_format = "$desc `,` $index attr-dict `:` type($index) `->` type($result)"

    def __init__(self, desc: SSAValue, index: SSAValue, element_type: Attribute):
        super().__init__(operands=[desc, index], result_types=[GMAddrType(element_type)])


@op_definition
class ListTensorDescGetSizeOp(IRDLOperation):
    """``uint32_t n = l.GetSize();``: the number of tensors.

    Example: ``%n = ascendc.list_tensor_desc.get_size %l``
    """

    name = "ascendc.list_tensor_desc.get_size"
    desc = operand_def(ListTensorDescType)
    result = result_def(UI32)
    traits = _ON_S
    assembly_format = "$desc attr-dict"

    def __init__(self, desc: SSAValue):
        super().__init__(operands=[desc], result_types=[UI32])


@op_definition
class TensorDescSetShapeAddrOp(IRDLOperation):
    """``d.SetShapeAddr(shape);``: where ``GetDesc`` writes the dimensions: a ``uint64_t`` array of the
    kernel, or an address given as an integer.

    Example: ``ascendc.tensor_desc.set_shape_addr %d, %shape : !ascendc.tensor_desc<f16>, !ascendc.array<ui64, 4>``
    """

    name = "ascendc.tensor_desc.set_shape_addr"
    tensor_desc = operand_def(TensorDescType)
    shape = operand_def()
    traits = _ON_S
    assembly_format = "$tensor_desc `,` $shape attr-dict `:` type($tensor_desc) `,` type($shape)"

    def __init__(self, tensor_desc: SSAValue, shape: SSAValue):
        super().__init__(operands=[tensor_desc, shape])

    def verify_(self) -> None:
        shape = self.shape.type
        if isinstance(shape, ArrayType):
            if shape.element_type != UI64:
                raise VerifyException(f"the shape address of a TensorDesc is a uint64_t array, got {shape}")
        elif not isinstance(shape, IntegerType):
            raise VerifyException(f"the shape address is a uint64_t array or an integer, got {shape}")


@op_definition
class TensorDescQueryOp(IRDLOperation):
    """``uint64_t v = d.GetDim();`` or ``d.GetIndex();``

    Example: ``%n = ascendc.tensor_desc.query dim %d : !ascendc.tensor_desc<f16>``
    """

    name = "ascendc.tensor_desc.query"
    query = prop_def(TensorDescQueryAttr)
    tensor_desc = operand_def(TensorDescType)
    result = result_def(UI64)
    traits = _ON_S
    assembly_format = "$query $tensor_desc attr-dict `:` type($tensor_desc)"

    def __init__(self, query: TensorDescQuery, tensor_desc: SSAValue):
        super().__init__(operands=[tensor_desc], properties={"query": TensorDescQueryAttr(query)}, result_types=[UI64])


@op_definition
class TensorDescGetShapeOp(IRDLOperation):
    """``uint64_t v = d.GetShape(offset);``: dimension ``offset``.

    Example: ``%v = ascendc.tensor_desc.get_shape %d, %i : !ascendc.tensor_desc<f16>, ui32``
    """

    name = "ascendc.tensor_desc.get_shape"
    tensor_desc = operand_def(TensorDescType)
    offset = operand_def(AnyInteger)
    result = result_def(UI64)
    traits = _ON_S
    assembly_format = "$tensor_desc `,` $offset attr-dict `:` type($tensor_desc) `,` type($offset)"

    def __init__(self, tensor_desc: SSAValue, offset: SSAValue):
        super().__init__(operands=[tensor_desc, offset], result_types=[UI64])


@op_definition
class TensorDescGetDataPtrOp(IRDLOperation):
    """``__gm__ T* p = d.GetDataPtr();``

    Example: ``%p = ascendc.tensor_desc.get_data_ptr %d : !ascendc.tensor_desc<f16> -> !ascendc.gm_addr<f16>``
    """

    name = "ascendc.tensor_desc.get_data_ptr"
    tensor_desc = operand_def(TensorDescType)
    result = result_def(GMAddrType)
    traits = _ON_S
    assembly_format = "$tensor_desc attr-dict `:` type($tensor_desc) `->` type($result)"

    def __init__(self, tensor_desc: SSAValue):
        assert isinstance(tensor_desc.type, TensorDescType)
        super().__init__(operands=[tensor_desc], result_types=[GMAddrType(tensor_desc.type.element_type)])


@op_definition
class TensorDescGetDataObjOp(IRDLOperation):
    """``AscendC::GlobalTensor<T> g = d.GetDataObj();``: the tensor, as large as its shape.

    Example: ``%g = ascendc.tensor_desc.get_data_obj %d : !ascendc.tensor_desc<f16> -> !ascendc.global_tensor<f16>``
    """

    name = "ascendc.tensor_desc.get_data_obj"
    tensor_desc = operand_def(TensorDescType)
    result = result_def(GlobalTensorType)
    traits = _ON_S
    assembly_format = "$tensor_desc attr-dict `:` type($tensor_desc) `->` type($result)"

    def __init__(self, tensor_desc: SSAValue):
        assert isinstance(tensor_desc.type, TensorDescType)
        super().__init__(operands=[tensor_desc], result_types=[GlobalTensorType(tensor_desc.type.element_type)])


LIST_TENSOR_OPS = (
    TensorDescOp,
    ListTensorDescOp,
    ListTensorDescInitOp,
    ListTensorDescGetDescOp,
    ListTensorDescGetDataPtrOp,
    ListTensorDescGetSizeOp,
    TensorDescSetShapeAddrOp,
    TensorDescQueryOp,
    TensorDescGetShapeOp,
    TensorDescGetDataPtrOp,
    TensorDescGetDataObjOp,
)
LIST_TENSOR_ATTRS = (TensorDescType, ListTensorDescType, TensorDescQueryAttr)
