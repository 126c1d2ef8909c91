"""``shift_left`` and ``shift_right``: each element shifted by a scalar number of bits
(``AscendC::ShiftLeft<T, isSetMask>`` ...); unsigned types shift logically, signed ones arithmetically
(a left shift keeps the sign bit).  pyasc lists them in ``asc.language.basic.vec_binary_scalar``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.operands import check_dtype, extent_operands, same_dtype, vector_tensor
from ascx.language.basic.vec_binary_scalar import FORMS
from ascx.language.core.api_errors import ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import element_operand
from ascx.language.core.dtype import int16, int32, uint16, uint32
from ascx.language.core.forms import bind

SHIFT_TYPES = (int16, uint16, int32, uint32)


def _shift(name: str, kind: ir.BinaryScalarKind) -> Callable[..., None]:
    def op(dst: Any, src: Any, scalar: Any, *args: Any, **kwargs: Any) -> None:
        builder = active(name)
        form, bound = bind(name, FORMS, (dst, src, scalar, *args), kwargs)
        d = vector_tensor(bound["dst"], name, "dst")
        s = vector_tensor(bound["src"], name, "src")
        check_dtype(name, s, "src", SHIFT_TYPES)
        same_dtype(name, "Src and dst must be same type.", d, s)
        assert s.dtype is not None
        bits = bound["scalar"]
        width = s.dtype.bitwidth
        if isinstance(bits, int | float) and not 0 <= bits <= width:
            raise ApiValueError(f"{name}: a {s.dtype} shifts by 0 to {width} bits, got {bits}")
        value = element_operand(builder, bits, s.dtype, api=name, param="scalar")
        optional, flags = extent_operands(builder, name, form, bound)
        properties = {"kind": ir.BinaryScalarKindAttr(kind)}
        builder.insert(ir.VecBinaryScalarOp.of([d.ssa, s.ssa, value], optional, properties, flags))

    op.__name__ = op.__qualname__ = name
    return op


shift_left = _shift("shift_left", ir.BinaryScalarKind.SHIFT_LEFT)
shift_right = _shift("shift_right", ir.BinaryScalarKind.SHIFT_RIGHT)
