"""Element-wise tensor-scalar vector ops: ``adds``, ``muls``, ``maxs``, ``mins``, ``leaky_relu``
(``AscendC::Adds<T, isSetMask>`` ...); the scalar has the tensors' data type."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.dtype_rules import BINARY_SCALAR
from ascx.language.basic.operands import (
    check_dtype,
    extent_operands,
    same_dtype,
    tensor_param,
    vector_forms,
    vector_tensor,
)
from ascx.language.core.builder import active
from ascx.language.core.convert import element_operand
from ascx.language.core.forms import Param, bind, is_number
from ascx.language.core.params import UnaryRepeatParams

FORMS = vector_forms(
    [tensor_param("dst"), tensor_param("src"), Param("scalar", is_number, "int | float")],
    UnaryRepeatParams,
    count_set_mask=True,
)


def _binary_scalar(name: str, kind: ir.BinaryScalarKind) -> Callable[..., None]:
    def op(dst: Any, src: Any, scalar: Any, *args: Any, **kwargs: Any) -> None:
        builder = active(name)
        form, bound = bind(name, FORMS, (dst, src, scalar, *args), kwargs)
        d = vector_tensor(bound["dst"], name, "dst")
        s = vector_tensor(bound["src"], name, "src")
        check_dtype(name, s, "src", BINARY_SCALAR[name])
        same_dtype(name, "Src and dst must be same type.", d, s)
        assert s.dtype is not None
        value = element_operand(builder, bound["scalar"], s.dtype, api=name, param="scalar")
        optional, flags = extent_operands(builder, name, form, bound)
        properties = {"kind": ir.BinaryScalarKindAttr(kind)}
        builder.insert(ir.VecBinaryScalarOp.of([d.ssa, s.ssa, value], optional, properties, flags))

    op.__name__ = op.__qualname__ = name
    return op


adds = _binary_scalar("adds", ir.BinaryScalarKind.ADDS)
muls = _binary_scalar("muls", ir.BinaryScalarKind.MULS)
maxs = _binary_scalar("maxs", ir.BinaryScalarKind.MAXS)
mins = _binary_scalar("mins", ir.BinaryScalarKind.MINS)
leaky_relu = _binary_scalar("leaky_relu", ir.BinaryScalarKind.LEAKY_RELU)
