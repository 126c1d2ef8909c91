"""Arithmetic on runtime scalars: Python operators become ``arith`` ops.

The rules follow pyasc's ``PlainValue``: the result type is the type of the runtime operand
(the left one when both are runtime); a Python number on the other side becomes a constant of
that type, and a runtime operand of another type is cast to it.  An integer constant that the
type cannot hold wraps around as C++ converts it (``~31`` on a ``uint32`` value is 4294967264).
``/`` and ``//`` on integers are C division (``arith.divsi``, truncating), ``%`` is C remainder.
A signed and an unsigned operand compute in the left one's type when it is signed (pyasc's rule), else
as C++'s usual arithmetic conversions say, with a warning for a conversion that can change a value
(``ascx.language.core.mixed_signedness``); comparisons of unsigned values use unsigned predicates.
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.dialects import arith
from xdsl.dialects.builtin import AnyFloat, IntegerType, Signedness
from xdsl.ir import Operation, SSAValue

from ascx.dialects.ascendc.types import float_type, integer_type
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.dtype import DataType, bit, float32, int32
from ascx.language.core.mixed_signedness import conversion_loss, mixed_type, mixes_signedness
from ascx.language.core.values import Handle, RuntimeScalar

Number = bool | int | float

_INT_OPS: dict[str, Callable[[SSAValue, SSAValue], Operation]] = {
    "add": arith.AddiOp, "sub": arith.SubiOp, "mul": arith.MuliOp, "shl": arith.ShLIOp,
    "and": arith.AndIOp, "or": arith.OrIOp, "xor": arith.XOrIOp,
}  # fmt: skip
_SIGNED_OPS: dict[str, tuple[Callable[[SSAValue, SSAValue], Operation], Callable[[SSAValue, SSAValue], Operation]]] = {
    "div": (arith.DivSIOp, arith.DivUIOp), "mod": (arith.RemSIOp, arith.RemUIOp), "shr": (arith.ShRSIOp, arith.ShRUIOp),
}  # fmt: skip
_FLOAT_OPS: dict[str, Callable[[SSAValue, SSAValue], Operation]] = {
    "add": arith.AddfOp, "sub": arith.SubfOp, "mul": arith.MulfOp, "div": arith.DivfOp,
}  # fmt: skip
_SYMBOL = {"add": "+", "sub": "-", "mul": "*", "div": "/", "mod": "%", "shl": "<<", "shr": ">>", "and": "&",
           "or": "|", "xor": "^"}  # fmt: skip
_INT_PREDICATES = {"==": "eq", "!=": "ne", "<": "slt", "<=": "sle", ">": "sgt", ">=": "sge"}
_UINT_PREDICATES = {"==": "eq", "!=": "ne", "<": "ult", "<=": "ule", ">": "ugt", ">=": "uge"}
_FLOAT_PREDICATES = {"==": "oeq", "!=": "une", "<": "olt", "<=": "ole", ">": "ogt", ">=": "oge"}


def default_dtype(value: Number) -> DataType:
    """The type a Python number gets when nothing else decides: int32, float32, or int1 for bools."""
    if isinstance(value, bool):
        return bit
    return int32 if isinstance(value, int) else float32


def derived(ssa: SSAValue, dtype: DataType, operands: tuple[object, ...]) -> RuntimeScalar:
    """A new runtime scalar computed from ``operands``, remembering the first runtime one (its root)."""
    result = RuntimeScalar(ssa, dtype)
    source = next((o for o in operands if isinstance(o, Handle)), None)
    if source is not None:
        result.root = source.root if source.root is not None else source
    return result


def wrap(value: int, dtype: DataType) -> int:
    """``value`` converted to the integer type ``dtype`` as C++ converts it: modulo 2**bits, read
    back as signed for signed types (``-32`` as ``uint32`` is 4294967264); ``bool`` is ``value != 0``."""
    bits = dtype.bitwidth
    if bits == 1:
        return int(value != 0)
    value &= (1 << bits) - 1
    if not dtype.is_unsigned() and value >= 1 << (bits - 1):
        value -= 1 << bits
    return value


def materialize(builder: IRBuilder, value: object, dtype: DataType, *, what: str) -> RuntimeScalar:
    """``value`` as a runtime scalar of type ``dtype`` (a constant, a cast, or itself)."""
    if isinstance(value, RuntimeScalar):
        return value if value.dtype == dtype else cast(value, dtype)
    if isinstance(value, bool):
        if dtype.is_float():
            raise TypeError(f"{what}: a bool cannot be converted to {dtype}")
        return RuntimeScalar(builder.constant(value, dtype.to_ir()), dtype)
    if isinstance(value, int):
        if dtype.is_float():
            return RuntimeScalar(builder.constant(float(value), dtype.to_ir()), dtype)
        return RuntimeScalar(builder.constant(wrap(int(value), dtype), dtype.to_ir()), dtype)
    if isinstance(value, float):
        if not dtype.is_float():
            raise TypeError(f"{what}: the float {value!r} cannot be converted to {dtype}; cast the runtime value first")
        return RuntimeScalar(builder.constant(value, dtype.to_ir()), dtype)
    raise TypeError(f"{what}: {type(value).__name__} values cannot be used as runtime {dtype} values")


def _int_type(dtype: DataType) -> IntegerType[int, Signedness]:
    ir_type = integer_type(dtype.to_ir())
    assert ir_type is not None, f"{dtype} is not an integer type"
    return ir_type


def _float_type(dtype: DataType) -> AnyFloat:
    ir_type = float_type(dtype.to_ir())
    assert ir_type is not None, f"{dtype} is not a float type"
    return ir_type


def cast(value: RuntimeScalar, dtype: DataType, *, explicit: bool = False) -> RuntimeScalar:
    """Convert a runtime scalar to ``dtype`` (``static_cast`` semantics).

    Integer conversions that change signedness are done only when ``explicit`` (``value.cast(...)``,
    as pyasc's ``PlainValue.cast`` does them); implicit ones are an error.
    """
    if value.dtype == dtype:
        return value
    builder = active("cast")
    source, target = value.dtype, dtype
    op: Operation
    if source.is_int() and target.is_int():
        changes_sign = source.is_unsigned() != target.is_unsigned() and source.bitwidth > 1
        if changes_sign and not explicit:
            raise TypeError(f"converting {source} to {target} changes signedness; it is not done implicitly")
        if source.bitwidth == target.bitwidth and changes_sign:
            op = arith.BitcastOp(value.ssa, _int_type(target))
            return derived(builder.insert(op).results[0], target, (value,))
        if source.bitwidth == target.bitwidth:
            return RuntimeScalar(value.ssa, target)
        if source.bitwidth < target.bitwidth:
            extend = arith.ExtUIOp if source.is_unsigned() or source.bitwidth == 1 else arith.ExtSIOp
            op = extend(value.ssa, _int_type(target))
        else:
            op = arith.TruncIOp(value.ssa, _int_type(target))
    elif source.is_int() and target.is_float():
        op = (arith.UIToFPOp if source.is_unsigned() else arith.SIToFPOp)(value.ssa, _float_type(target))
    elif source.is_float() and target.is_int():
        op = (arith.FPToUIOp if target.is_unsigned() else arith.FPToSIOp)(value.ssa, _int_type(target))
    elif source.bitwidth < target.bitwidth:
        op = arith.ExtFOp(value.ssa, _float_type(target))
    else:
        op = arith.TruncFOp(value.ssa, _float_type(target))
    return derived(builder.insert(op).results[0], target, (value,))


def _common(lhs: object, rhs: object, what: str) -> tuple[IRBuilder, DataType, RuntimeScalar, RuntimeScalar]:
    builder = active(what)
    runtime = lhs if isinstance(lhs, RuntimeScalar) else rhs
    assert isinstance(runtime, RuntimeScalar)
    dtype = runtime.dtype
    other = rhs if runtime is lhs else lhs
    if isinstance(other, RuntimeScalar) and other.dtype != dtype:
        assert isinstance(lhs, RuntimeScalar)
        assert isinstance(rhs, RuntimeScalar)
        if mixes_signedness(lhs.dtype, rhs.dtype):
            return builder, *_mixed(builder, lhs, rhs, what)
        if other.dtype.is_int() and dtype.is_int() and other.dtype.is_unsigned() != dtype.is_unsigned():
            raise TypeError(
                f"'{what}' mixes {dtype} and {other.dtype} values; cast one of them so both have the same signedness"
            )
    a = materialize(builder, lhs, dtype, what=f"'{what}'")
    b = materialize(builder, rhs, dtype, what=f"'{what}'")
    return builder, dtype, a, b


def _mixed(
    builder: IRBuilder, lhs: RuntimeScalar, rhs: RuntimeScalar, what: str
) -> tuple[DataType, RuntimeScalar, RuntimeScalar]:
    """A signed and an unsigned operand, converted to the type the operator computes in
    (``ascx.language.core.mixed_signedness``), with a warning for each conversion that can change a value."""
    dtype = mixed_type(lhs.dtype, rhs.dtype)
    rule = (
        "the type of the left operand, as in pyasc"
        if lhs.dtype.is_signed()
        else "as C++'s usual arithmetic conversions do (pyasc compiles no arithmetic on unsigned values)"
    )
    for operand in (lhs, rhs):
        loss = conversion_loss(operand.dtype, dtype)
        if loss is None:
            continue
        described = operand.describe()
        if described.startswith("'"):
            name, fix = f"{described} ({operand.dtype})", f"write {described[1:-1]}.cast(asc.{dtype})"
        else:
            name, fix = f"the {operand.dtype} operand", f"call .cast(asc.{dtype}) on it"
        builder.warn(
            f"'{what}' mixes {lhs.dtype} and {rhs.dtype} values: {name} is converted to {dtype}, {rule}, "
            f"so {loss}: {fix} to convert it explicitly"
        )
    return dtype, cast(lhs, dtype, explicit=True), cast(rhs, dtype, explicit=True)


def binary(name: str, lhs: object, rhs: object) -> RuntimeScalar:
    """``lhs <op> rhs`` where at least one side is a runtime scalar."""
    what = _SYMBOL[name]
    builder, dtype, a, b = _common(lhs, rhs, what)
    if dtype.is_float():
        if name not in _FLOAT_OPS:
            raise TypeError(f"'{what}' is not supported on {dtype} values")
        op = _FLOAT_OPS[name](a.ssa, b.ssa)
    elif name in _SIGNED_OPS:
        signed, unsigned = _SIGNED_OPS[name]
        op = (unsigned if dtype.is_unsigned() else signed)(a.ssa, b.ssa)
    else:
        op = _INT_OPS[name](a.ssa, b.ssa)
    return derived(builder.insert(op).results[0], dtype, (lhs, rhs))


def compare(symbol: str, lhs: object, rhs: object) -> RuntimeScalar:
    """``lhs <symbol> rhs`` as a runtime ``int1``."""
    builder, dtype, a, b = _common(lhs, rhs, symbol)
    if dtype.is_float():
        op: Operation = arith.CmpfOp(a.ssa, b.ssa, _FLOAT_PREDICATES[symbol])
    else:
        table = _UINT_PREDICATES if dtype.is_unsigned() else _INT_PREDICATES
        op = arith.CmpiOp(a.ssa, b.ssa, table[symbol])
    return derived(builder.insert(op).results[0], bit, (lhs, rhs))


def truth(value: RuntimeScalar) -> RuntimeScalar:
    """The ``int1`` truth value of a runtime scalar (``x != 0``)."""
    if value.dtype == bit:
        return value
    return compare("!=", value, 0.0 if value.dtype.is_float() else 0)


def logical_not(value: RuntimeScalar) -> RuntimeScalar:
    """``not value`` as a runtime ``int1``."""
    condition = truth(value)
    builder = active("not")
    true = builder.constant(True, bit.to_ir())
    return derived(builder.insert(arith.XOrIOp(condition.ssa, true)).result, bit, (value,))


def negate(value: RuntimeScalar) -> RuntimeScalar:
    """``-value``."""
    if value.dtype.is_float():
        builder = active("-")
        return derived(builder.insert(arith.NegfOp(value.ssa)).result, value.dtype, (value,))
    return binary("sub", 0, value)


def invert(value: RuntimeScalar) -> RuntimeScalar:
    """``~value`` on integers (``value ^ -1``)."""
    if value.dtype.is_float():
        raise TypeError(f"'~' is not supported on {value.dtype} values")
    return binary("xor", value, True if value.dtype == bit else -1)


def select(condition: RuntimeScalar, if_true: RuntimeScalar, if_false: RuntimeScalar) -> RuntimeScalar:
    """``condition ? if_true : if_false`` for runtime scalars of one type."""
    builder = active("select")
    op = arith.SelectOp(truth(condition).ssa, if_true.ssa, if_false.ssa)
    return derived(builder.insert(op).result, if_true.dtype, (condition, if_true, if_false))
