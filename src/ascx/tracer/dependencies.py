"""What a trace read from outside the kernel: globals, builtins and closure cells.

Globals are frozen at trace time (their values become constants of the compiled kernel), so a
compiled kernel stays valid only while every value it read is unchanged.  Immutable values
(numbers, strings, enums, tuples of those) are compared by value, everything else by identity;
in-place mutation of a mutable global is not detected.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from types import CellType, ModuleType
from typing import Any, Literal, cast

_MISSING = object()

Where = Literal["global", "builtin", "closure"]


def _same(recorded: Any, current: Any) -> bool:
    if recorded is current:
        return True
    if type(recorded) is not type(current):
        return False
    if isinstance(recorded, (bool, int, float, complex, str, bytes, Enum)):
        return bool(recorded == current)
    if isinstance(recorded, tuple):
        old, new = cast(tuple[Any, ...], recorded), cast(tuple[Any, ...], current)
        return len(old) == len(new) and all(_same(a, b) for a, b in zip(old, new, strict=True))
    return False


@dataclass(frozen=True, eq=False)
class Dependency:
    """One value the trace read, and where to read it again."""

    where: Where
    name: str
    container: dict[str, Any] | ModuleType | CellType
    """The function's globals dict, the builtins module, or the closure cell."""
    value: Any

    def current(self) -> Any:
        if isinstance(self.container, CellType):
            try:
                return self.container.cell_contents
            except ValueError:
                return _MISSING
        if isinstance(self.container, dict):
            return self.container.get(self.name, _MISSING)
        return getattr(self.container, self.name, _MISSING)

    def changed(self) -> bool:
        """Whether the value read during tracing has been replaced since."""
        return not _same(self.value, self.current())

    def describe(self) -> str:
        return f"{self.where} '{self.name}'"
