"""What a trace read from outside the kernel: globals, builtins, closure cells, module attributes.

Globals are frozen at trace time (their values become constants of the compiled kernel), so a
compiled kernel stays valid only while every value it read is unchanged.  In memory, immutable
values (numbers, strings, enums, tuples of those) are compared by value, everything else by
identity; in-place mutation of a mutable global is not detected.

Each dependency names its *owner*, so that it can be read again in another process (the on-disk
cache, ``ascx.runtime.disk_cache``): the kernel function itself (``KERNEL_OWNER``), or an earlier
dependency whose value holds it (the device function whose global it is, the module or class
whose attribute it is).  ``None`` means the owner was reached some other way and cannot be found
again from the kernel.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from types import CellType, FunctionType, ModuleType
from typing import Any, Literal, cast

from ascx.lazy_exports import LazyDefault, unread

MISSING: Any = object()
"""The value of a dependency that no longer exists."""

KERNEL_OWNER = -1
"""The owner index of a dependency read by the kernel function itself (or a builtin)."""

Where = Literal["global", "builtin", "closure", "attribute"]


def _same(recorded: Any, current: Any) -> bool:
    if recorded is current:
        return True
    if isinstance(recorded, LazyDefault):
        return recorded.matches(current)
    if type(recorded) is not type(current):
        return False
    if isinstance(recorded, (bool, int, float, complex, str, bytes, Enum)):
        return bool(recorded == current)
    if isinstance(recorded, tuple):
        old, new = cast(tuple[Any, ...], recorded), cast(tuple[Any, ...], current)
        return len(old) == len(new) and all(_same(a, b) for a, b in zip(old, new, strict=True))
    return False


def read_value(where: Where, name: str, container: Any) -> Any:
    """The current value of ``name`` in ``container``, or ``MISSING``."""
    if where == "closure":
        try:
            return cast(CellType, container).cell_contents
        except ValueError:
            return MISSING
    if where == "global":
        return cast(dict[str, Any], container).get(name, MISSING)
    if isinstance(container, LazyDefault):
        return container.child(name)
    lazy = unread(container, name)
    if lazy is not None:  # ascx's own API object, not imported yet: not imported to be compared either
        return lazy
    return getattr(container, name, MISSING)


def python_function(owner: Any) -> FunctionType | None:
    """The Python function behind ``owner``: itself, or an ``@asc.jit`` function's body."""
    fn = getattr(owner, "ascx_python_function", owner)
    return fn if isinstance(fn, FunctionType) else None


def container_of(where: Where, name: str, owner: Any) -> Any:
    """Where ``name`` is read from, given its owner; None when the owner does not hold it."""
    if where == "builtin":
        import builtins

        return builtins
    if where == "attribute":
        return owner if isinstance(owner, (ModuleType, type, LazyDefault)) else None
    fn = python_function(owner)
    if fn is None:
        return None
    if where == "global":
        return fn.__globals__
    if name not in fn.__code__.co_freevars or fn.__closure__ is None:
        return None
    return fn.__closure__[fn.__code__.co_freevars.index(name)]


def can_own(value: Any) -> bool:
    """Whether later dependencies may be read through ``value`` (see the module docstring)."""
    return isinstance(value, (ModuleType, type)) or python_function(value) is not None


@dataclass(frozen=True, eq=False)
class Dependency:
    """One value the trace read, and where to read it again."""

    where: Where
    name: str
    container: dict[str, Any] | ModuleType | CellType | type | LazyDefault
    """The function's globals dict, the builtins module, a closure cell, or the module or class read from
    (a :class:`~ascx.lazy_exports.LazyDefault` for an attribute of an ascx API object not imported)."""
    value: Any
    owner: int | None = KERNEL_OWNER
    """See the module docstring."""

    def current(self) -> Any:
        return read_value(self.where, self.name, self.container)

    def changed(self) -> bool:
        """Whether the value read during tracing has been replaced since."""
        return not _same(self.value, self.current())

    def describe(self) -> str:
        return f"{self.where} '{self.name}'"
