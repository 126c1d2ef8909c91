"""``range`` / ``asc.range`` (runtime loops) and ``asc.static_range`` (unrolled loops)."""

from __future__ import annotations

import builtins
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ascx.language.core.values import CompileTimeRequired, Handle, RuntimeScalar

if TYPE_CHECKING:
    from ascx.language.core.builder import IRBuilder

INT32_MAX = (1 << 31) - 1


class RangeSpec:
    """What ``range(...)`` and ``asc.range(...)`` give in traced code.

    As the iterable of a ``for`` statement it makes a runtime loop (``scf.for``), whatever its
    bounds (pyasc parity).  Anywhere else it behaves like Python's ``range``, which needs
    compile-time bounds.
    """

    __slots__ = ("start", "step", "stop")

    def __init__(self, *args: Any):
        if not 1 <= len(args) <= 3:
            raise TypeError(f"range expected 1 to 3 arguments, got {len(args)}")
        if len(args) == 1:
            start, stop, step = 0, args[0], 1
        else:
            start, stop, step = (*args, 1) if len(args) == 2 else args
        for bound in (start, stop, step):
            if not isinstance(bound, Handle) and (isinstance(bound, bool) or not isinstance(bound, int)):
                raise TypeError(f"range bounds must be integers, got {type(bound).__name__}")
        if isinstance(step, int) and step <= 0:
            raise ValueError("a runtime range needs a positive step" if step < 0 else "range() arg 3 must not be zero")
        self.start: Any = start
        self.stop: Any = stop
        self.step: Any = step

    def python_range(self, use: str = "range() outside a 'for' statement") -> builtins.range:
        """The equivalent Python range; its bounds must be compile-time."""
        bounds: list[int] = []
        for bound in (self.start, self.stop, self.step):
            if isinstance(bound, Handle):
                raise CompileTimeRequired(bound, use)
            bounds.append(int(bound))
        start, stop, step = bounds
        result: builtins.range = builtins.range(start, stop, step)
        return result

    def __iter__(self) -> Iterator[int]:
        return iter(self.python_range())

    def __len__(self) -> int:
        return len(self.python_range())

    def __getitem__(self, index: Any) -> Any:
        values: Any = self.python_range()
        return values[index]

    def __contains__(self, item: object) -> bool:
        return item in self.python_range()

    def __repr__(self) -> str:
        return f"range({self.start!r}, {self.stop!r}, {self.step!r})"


def range(*args: Any) -> RangeSpec:
    """``asc.range(...)``: a loop that runs on the device (``scf.for``)."""
    return RangeSpec(*args)


def static_range(*args: Any) -> builtins.range:
    """``asc.static_range(...)``: a loop unrolled at compile time; the bounds must be compile-time ints."""
    for bound in args:
        if isinstance(bound, Handle):
            raise CompileTimeRequired(bound, "asc.static_range(...)")
    return builtins.range(*args)


def loop_bound(builder: IRBuilder, bound: object, what: str) -> RuntimeScalar:
    """A bound of a runtime loop as the ``int32`` that ``scf.for`` counts in (pyasc's rule).

    Integers narrower than 32 bits are extended and ``int32`` is taken as it is.  ``uint32``,
    ``int64`` and ``uint64`` values are converted as pyasc converts them (``static_cast<int32_t>``),
    with a warning: the conversion changes values outside ``int32``'s range.  A Python int must fit
    ``int32``.
    """
    from ascx.language.core import scalar
    from ascx.language.core.dtype import int32

    if isinstance(bound, RuntimeScalar):
        dtype = bound.dtype
        if dtype.is_float():
            raise TypeError(f"{what} must be an integer, got a runtime {dtype} value")
        narrows = dtype.bitwidth > 32 or (dtype.bitwidth == 32 and dtype.is_unsigned())
        if narrows:
            consequence = (
                f"a value above {INT32_MAX} becomes negative"
                if dtype.bitwidth == 32
                else "a value outside int32's range is truncated to its low 32 bits"
            )
            described = bound.describe()
            if described.startswith("'"):
                what_is = f"{described}, a {dtype} value"
                fix = f"write {described[1:-1]}.cast(asc.int32)"
            else:
                what_is, fix = f"a {dtype} value", "call .cast(asc.int32) on it"
            builder.warn(
                f"{what} is {what_is}; the loop counts in int32, as in pyasc, so {consequence}: "
                f"{fix} to convert it explicitly"
            )
        return scalar.cast(bound, int32, explicit=True)
    if isinstance(bound, int) and not -(INT32_MAX + 1) <= int(bound) <= INT32_MAX:
        raise ValueError(f"{what} {int(bound)} does not fit int32, the type a runtime loop counts in")
    return scalar.materialize(builder, bound, int32, what=what)


__all__ = ["range", "static_range"]
