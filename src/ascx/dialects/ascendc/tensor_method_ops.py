"""Tensor metadata methods: ``GetPhyAddr``, ``GetShapeInfo``/``SetShapeInfo``, ``GetUserTag``/
``SetUserTag``, ``SetSize``, ``SetBufferLen`` and ``SetAddrWithOffset``.  They run on the scalar unit
and read or change the tensor object, not its data."""

from __future__ import annotations

from enum import auto

from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, SpacedOpaqueSyntaxAttribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    operand_def,
    opt_result_def,
    prop_def,
    traits_def,
    var_operand_def,
)
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from ascx.dialects.ascendc.definition import op_definition
from ascx.dialects.ascendc.enums import Pipe
from ascx.dialects.ascendc.traits import ExecutesOn
from ascx.dialects.ascendc.types import GlobalTensorType, TensorType


class TensorMethod(StrEnum):
    """A metadata method of ``GlobalTensor``/``LocalTensor``, with how many arguments it takes and
    whether it returns a value."""

    GET_PHY_ADDR = auto()
    GET_SHAPE_INFO = auto()
    SET_SHAPE_INFO = auto()
    GET_USER_TAG = auto()
    SET_USER_TAG = auto()
    SET_SIZE = auto()
    SET_BUFFER_LEN = auto()
    SET_ADDR_WITH_OFFSET = auto()

    @property
    def cpp(self) -> str:
        return "".join(part.capitalize() for part in str(self).split("_"))

    @property
    def arity(self) -> int:
        return {TensorMethod.GET_SHAPE_INFO: 0, TensorMethod.GET_USER_TAG: 0, TensorMethod.SET_ADDR_WITH_OFFSET: 2}.get(
            self, 1
        )

    @property
    def returns(self) -> bool:
        return str(self).startswith("get_")


@irdl_attr_definition
class TensorMethodAttr(EnumAttribute[TensorMethod], SpacedOpaqueSyntaxAttribute):
    name = "ascendc.tensor_method"


@op_definition
class TensorMethodOp(IRDLOperation):
    """``t.Method(args...)``, with a result for the getters.

    Example: ``%tag = ascendc.tensor.method get_user_tag %t() : !ascendc.local_tensor<f16>, () -> i32``
    """

    name = "ascendc.tensor.method"
    method = prop_def(TensorMethodAttr)
    tensor = operand_def(TensorType)
    args = var_operand_def()
    result = opt_result_def()
    traits = traits_def(ExecutesOn(Pipe.PIPE_S))
    assembly_format = (
        "$method $tensor `(` $args `)` attr-dict `:` type($tensor) `,` `(` type($args) `)` (`->` type($result)^)?"
    )

    def __init__(
        self, method: TensorMethod, tensor: SSAValue, args: list[SSAValue], result_type: Attribute | None = None
    ):
        super().__init__(
            operands=[tensor, args],
            properties={"method": TensorMethodAttr(method)},
            result_types=[[result_type] if result_type is not None else []],
        )

    def verify_(self) -> None:
        method = self.method.data
        if len(self.args) != method.arity:
            raise VerifyException(f"{method.cpp} takes {method.arity} arguments, got {len(self.args)}")
        if method.returns != (self.result is not None):
            raise VerifyException(f"{method.cpp} {'returns' if method.returns else 'returns nothing'}")
        if method is TensorMethod.GET_PHY_ADDR and not isinstance(self.tensor.type, GlobalTensorType):
            raise VerifyException("a LocalTensor's GetPhyAddr is ascendc.local_tensor.phy_addr")


TENSOR_METHOD_OPS = (TensorMethodOp,)
TENSOR_METHOD_ATTRS = (TensorMethodAttr,)
