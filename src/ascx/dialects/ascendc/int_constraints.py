"""The signless integer constraints of op fields, converted from xDSL's type forms once.

``operand_def(I32)`` converts the type form ``I32`` (``IntegerType[Literal[32], ...]``) into its
constraint for every field that names it; the dialect's ops name these types some seventy times.
Each constant here is that very constraint, converted once, so ``operand_def(SIGNLESS_I32)`` defines
the same field as ``operand_def(I32)``.
"""

from typing import Final

from xdsl.dialects.builtin import I1, I8, I32, I64
from xdsl.irdl import irdl_to_attr_constraint

SIGNLESS_I1: Final = irdl_to_attr_constraint(I1)
SIGNLESS_I8: Final = irdl_to_attr_constraint(I8)
SIGNLESS_I32: Final = irdl_to_attr_constraint(I32)
SIGNLESS_I64: Final = irdl_to_attr_constraint(I64)
