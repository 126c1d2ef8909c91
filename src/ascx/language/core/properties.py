"""Hardware constants of the ``AscendC`` namespace (``asc.property(asc.TOTAL_L1_SIZE)``)."""

from __future__ import annotations

from dataclasses import dataclass

from ascx.dialects.ascendc import PropertyOp
from ascx.language.core.builder import active
from ascx.language.core.checks import is_instance
from ascx.language.core.dtype import DataType, int16, int32
from ascx.language.core.values import RuntimeScalar
from ascx.language.records import records

record = records(__name__, "core/values")


@dataclass(frozen=True)
class Property:
    """A named hardware constant and its type."""

    name: str
    dtype: DataType


DEFAULT_C0_SIZE = Property("DEFAULT_C0_SIZE", int32)
ONE_BLK_SIZE = Property("ONE_BLK_SIZE", int16)
TOTAL_L1_SIZE = Property("TOTAL_L1_SIZE", int32)
TOTAL_L0C_SIZE = Property("TOTAL_L0C_SIZE", int32)


@record(
    forms=("value = asc.property(asc.DEFAULT_C0_SIZE)",),
    cpp=("AscendC::DEFAULT_C0_SIZE  // ONE_BLK_SIZE (int16), TOTAL_L1_SIZE, TOTAL_L0C_SIZE",),
)
def property(prop: Property) -> RuntimeScalar:
    """The value of a hardware constant of the ``AscendC`` namespace, printed inline."""
    builder = active("property")
    if not is_instance(prop, Property):
        raise TypeError(f"property: expected one of the asc property constants, got {prop!r}")
    op = builder.insert(PropertyOp(prop.name, prop.dtype.to_ir()))
    op.result.name_hint = prop.name.lower()
    return RuntimeScalar(op.result, prop.dtype, origin=f"the hardware property {prop.name}")


__all__ = ["DEFAULT_C0_SIZE", "ONE_BLK_SIZE", "TOTAL_L0C_SIZE", "TOTAL_L1_SIZE", "Property", "property"]
