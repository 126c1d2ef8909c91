"""The type of an operator on a signed and an unsigned runtime integer (docs/tracing.md#two-kinds-of-value).

pyasc's ``PlainValue`` computes in the type of the left operand and converts the other with
``static_cast``: ``loop_id == ub_loop_num - 1`` with an ``int32`` loop index compares in ``int32``.
With an unsigned left operand pyasc builds ``arith`` ops on unsigned integers, which MLIR rejects
("'arith.muli' op operand #0 must be signless-integer-like"): pyasc compiles no unsigned arithmetic,
so there C++'s usual arithmetic conversions decide, as the emitted C++ would compute (``uint32 *
int32`` is ``uint32``, ``uint32 + int64`` is ``int64``, ``uint16 & int16`` is ``int``).  A conversion
that can change a value is warned about at the operator; ``.cast(...)`` on the operand says it is meant.
"""

from __future__ import annotations

from ascx.language.core.dtype import DataType, int32


def mixes_signedness(a: DataType, b: DataType) -> bool:
    """Whether ``a`` and ``b`` are a signed and an unsigned integer type (``bool`` excluded)."""
    return a.is_int() and b.is_int() and a.bitwidth > 1 and b.bitwidth > 1 and a.is_unsigned() != b.is_unsigned()


def mixed_type(left: DataType, right: DataType) -> DataType:
    """The type ``left <op> right`` computes in, for integer types of different signedness."""
    if left.is_signed():
        return left  # pyasc's rule
    a, b = _promoted(left), _promoted(right)
    if a.is_unsigned() == b.is_unsigned():
        return a if a.bitwidth >= b.bitwidth else b
    unsigned, signed = (a, b) if a.is_unsigned() else (b, a)
    if unsigned.bitwidth >= signed.bitwidth:
        return unsigned
    return signed  # wider: it holds every value of the unsigned type


def conversion_loss(source: DataType, target: DataType) -> str | None:
    """What converting a ``source`` integer to ``target`` does to the values it changes; None when it
    changes none."""
    if target.bitwidth < source.bitwidth:
        return f"a value outside {target}'s range is truncated to its low {target.bitwidth} bits"
    if source.is_signed() and target.is_unsigned():
        return "a negative value wraps around to a large positive one"
    if source.is_unsigned() and target.is_signed() and target.bitwidth == source.bitwidth:
        return f"a value above {(1 << (target.bitwidth - 1)) - 1} becomes negative"
    return None


def _promoted(dtype: DataType) -> DataType:
    """C++'s integer promotion: types narrower than ``int`` become ``int``."""
    return int32 if dtype.bitwidth < 32 else dtype
