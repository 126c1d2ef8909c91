"""Runtime values: language objects backed by SSA values.

A kernel handles two kinds of values.  Compile-time values are plain Python objects (ints,
enums, MatmulTypes...).  Runtime values are :class:`Handle` objects wrapping the SSA value that
computes them on the device; they remember where they came from (``origin``) so that an error
can say *why* a value is runtime.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ascx.language.core.dtype import DataType
from ascx.language.records import records

if TYPE_CHECKING:
    from xdsl.ir import SSAValue

record = records(__name__, "core/values")
_HINT = re.compile(r"^[A-Za-z_$.-][A-Za-z0-9_$.-]*$")


def sanitize_name(name: str) -> str | None:
    """``name`` as an xDSL name hint, or None when it cannot be one (e.g. non-ASCII identifiers)."""
    cleaned = "".join(ch for ch in name if ch.isascii())
    return cleaned if _HINT.match(cleaned) else None


class CompileTimeRequired(TypeError):
    """A runtime value was used where Python needs a concrete value (``bool()``, ``int()``, ...)."""

    def __init__(self, value: Handle, use: str):
        self.value = value
        self.use = use
        super().__init__(f"{use} needs a compile-time value, but {value.describe()} is a runtime value")


class Handle:
    """A language object whose state lives in an SSA value.

    Objects whose IR is created lazily (a ``GlobalTensor`` is declared by its first
    ``set_global_buffer``) start without an SSA value; a name suggested before then is applied
    when the value is bound.
    """

    __slots__ = ("_name", "_provisional", "_ssa", "hint", "origin", "root")

    def __init__(self, ssa: SSAValue | None = None, origin: str | None = None):
        self._ssa: SSAValue | None = None
        self._name: str | None = None
        self._provisional = False
        self.origin = origin
        """Why this value is runtime, as a phrase (``"a kernel argument that is ..."``)."""
        self.hint: str | None = None
        """How to make this value compile-time, when there is a way."""
        self.root: Handle | None = None
        """For a value computed from other runtime values: the first of them that is not itself
        computed (a kernel argument, a loop variable...), so errors can say where it comes from."""
        if ssa is not None:
            self.bind(ssa)

    @property
    def ssa(self) -> SSAValue:
        """The SSA value this object stands for."""
        if self._ssa is None:
            raise RuntimeError(f"{type(self).__name__} is used before it is initialised")
        return self._ssa

    @property
    def is_bound(self) -> bool:
        return self._ssa is not None

    def bind(self, ssa: SSAValue) -> None:
        """Back this object by ``ssa``, naming it as suggested earlier."""
        self._ssa = ssa
        if self._name is not None and ssa.name_hint is None:
            ssa.name_hint = self._name

    def suggest_name(self, name: str) -> None:
        """Name the SSA value after the Python variable ``name``, unless it already has a name (a
        provisional name, given by the API that made the value, gives way)."""
        if self._name is not None:
            return
        self._name = sanitize_name(name)
        if self._ssa is not None and self._name is not None and (self._ssa.name_hint is None or self._provisional):
            self._ssa.name_hint = self._name
        self._provisional = False

    def provisional_name(self, name: str) -> None:
        """Name the SSA value ``name`` until a Python variable names it (``block_idx`` for
        ``asc.get_block_idx()`` used in an expression)."""
        if self._ssa is not None and self._ssa.name_hint is None:
            self._ssa.name_hint = name
            self._provisional = True

    def describe(self) -> str:
        """How error messages refer to this value."""
        if self._name is not None:
            return f"'{self._name}'"
        return f"this {type(self).__name__}"


class TypedValue(Handle):
    """A runtime value with a data type; Python cannot test its truth."""

    __slots__ = ("dtype",)

    def __init__(self, ssa: SSAValue, dtype: DataType, origin: str | None = None):
        super().__init__(ssa, origin)
        self.dtype = dtype

    def __bool__(self) -> bool:
        raise CompileTimeRequired(self, "a Python truth test")

    def describe(self) -> str:
        if self._name is not None:
            return super().describe()
        return "this condition" if self.dtype.bitwidth == 1 else f"this {self.dtype} value"


class RuntimeScalar(TypedValue):
    """A scalar computed on the device (an ``int32`` kernel argument, a hardware property, ...).

    Python operators on it build ``arith`` ops (``ascx.language.core.scalar``); it compares and
    hashes by identity inside ascx.
    """

    __slots__ = ()

    __hash__ = Handle.__hash__

    def __index__(self) -> int:
        raise CompileTimeRequired(self, "a Python integer")

    def __int__(self) -> int:
        raise CompileTimeRequired(self, "int()")

    def __float__(self) -> float:
        raise CompileTimeRequired(self, "float()")

    def ceildiv(self, other: object) -> Any:
        """``(self + other - 1) // other``: the quotient rounded up (pyasc's ``PlainValue.ceildiv``)."""
        return (self + other - 1) // other

    def cast(self, dtype: DataType) -> RuntimeScalar:
        """This value converted to ``dtype``."""
        from ascx.language.core import scalar

        return scalar.cast(self, dtype, explicit=True)

    def _binary(self, name: str, other: object, reflected: bool = False) -> Any:
        if not isinstance(other, (bool, int, float, RuntimeScalar)):
            return NotImplemented
        from ascx.language.core import scalar

        return scalar.binary(name, other, self) if reflected else scalar.binary(name, self, other)

    def _compare(self, symbol: str, other: object) -> Any:
        if not isinstance(other, (bool, int, float, RuntimeScalar)):
            return NotImplemented
        from ascx.language.core import scalar

        return scalar.compare(symbol, self, other)

    def __add__(self, other: object) -> Any:
        return self._binary("add", other)

    def __radd__(self, other: object) -> Any:
        return self._binary("add", other, True)

    def __sub__(self, other: object) -> Any:
        return self._binary("sub", other)

    def __rsub__(self, other: object) -> Any:
        return self._binary("sub", other, True)

    def __mul__(self, other: object) -> Any:
        return self._binary("mul", other)

    def __rmul__(self, other: object) -> Any:
        return self._binary("mul", other, True)

    def __truediv__(self, other: object) -> Any:
        return self._binary("div", other)

    def __rtruediv__(self, other: object) -> Any:
        return self._binary("div", other, True)

    def __floordiv__(self, other: object) -> Any:
        return self._binary("div", other)

    def __rfloordiv__(self, other: object) -> Any:
        return self._binary("div", other, True)

    def __mod__(self, other: object) -> Any:
        return self._binary("mod", other)

    def __rmod__(self, other: object) -> Any:
        return self._binary("mod", other, True)

    def __lshift__(self, other: object) -> Any:
        return self._binary("shl", other)

    def __rlshift__(self, other: object) -> Any:
        return self._binary("shl", other, True)

    def __rshift__(self, other: object) -> Any:
        return self._binary("shr", other)

    def __rrshift__(self, other: object) -> Any:
        return self._binary("shr", other, True)

    def __and__(self, other: object) -> Any:
        return self._binary("and", other)

    def __rand__(self, other: object) -> Any:
        return self._binary("and", other, True)

    def __or__(self, other: object) -> Any:
        return self._binary("or", other)

    def __ror__(self, other: object) -> Any:
        return self._binary("or", other, True)

    def __xor__(self, other: object) -> Any:
        return self._binary("xor", other)

    def __rxor__(self, other: object) -> Any:
        return self._binary("xor", other, True)

    def __pow__(self, other: object) -> Any:
        raise NotImplementedError("Power operator is not implemented for runtime values")

    def __rpow__(self, other: object) -> Any:
        raise NotImplementedError("Power operator is not implemented for runtime values")

    def __eq__(self, other: object) -> Any:
        return self._compare("==", other)

    def __ne__(self, other: object) -> Any:
        return self._compare("!=", other)

    def __lt__(self, other: object) -> Any:
        return self._compare("<", other)

    def __le__(self, other: object) -> Any:
        return self._compare("<=", other)

    def __gt__(self, other: object) -> Any:
        return self._compare(">", other)

    def __ge__(self, other: object) -> Any:
        return self._compare(">=", other)

    def __neg__(self) -> Any:
        from ascx.language.core import scalar

        return scalar.negate(self)

    def __pos__(self) -> Any:
        return self

    def __invert__(self) -> Any:
        from ascx.language.core import scalar

        return scalar.invert(self)


class GlobalAddress(TypedValue):
    """A typed global-memory address (``__gm__ T*``): the kernel's pointer arguments.

    ``addr + offset`` (or ``offset + addr``) is the address ``offset`` elements further on.
    """

    __slots__ = ()

    @record(
        forms=("p = address + offset", "p = offset + address"),
        cpp=("__gm__ T* p = address + offset;",),
        params=(("offset", "an integer, compile-time or runtime"),),
        rules=(
            'A float offset: "GlobalAddress +: offset must be an integer, got the float 1.5". Other operators '
            "(``address - 1``) are not defined.",
        ),
        title="address + offset",
    )
    def __add__(self, offset: object) -> GlobalAddress:
        """The address ``offset`` elements further on; ``offset + address`` works too."""
        from ascx.dialects.ascendc import GMAddrOffsetOp
        from ascx.language.core.builder import active
        from ascx.language.core.tensor import offset_operand

        builder = active("GlobalAddress.__add__")
        operand = offset_operand(builder, offset, api="GlobalAddress +")
        result = GlobalAddress(builder.insert(GMAddrOffsetOp(self.ssa, operand)).result, self.dtype)
        result.root = self.root if self.root is not None else self
        return result

    def __radd__(self, offset: object) -> GlobalAddress:
        return self.__add__(offset)


__all__ = ["GlobalAddress"]
