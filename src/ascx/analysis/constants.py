"""Integer constants in the IR, as the analyses read them."""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import SSAValue

from ascx.dialects.ascendc.object_ops import ConstantOp as UnsignedConstantOp


def constant_int(value: SSAValue) -> int | None:
    """The value of an integer constant (``arith.constant`` or the unsigned ``ascendc.constant``), or None."""
    owner = value.owner
    if isinstance(owner, arith.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    if isinstance(owner, UnsignedConstantOp):
        return owner.value.value.data
    return None
