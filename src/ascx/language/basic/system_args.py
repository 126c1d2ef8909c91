"""Arguments of the system APIs: enum members that become C++ template arguments, and compile-time
integers."""

from __future__ import annotations

from enum import IntEnum
from typing import TypeVar

from ascx.language.core.api_errors import ApiTypeError
from ascx.language.core.convert import describe

E = TypeVar("E", bound=IntEnum)


def enum_message(api: str, param: str, enum: type[IntEnum], got: str) -> str:
    return f"{api}: {param} must be an asc.{enum.__name__}, got {got}"


def enum_member(value: object, enum: type[E], api: str, param: str) -> E:
    """``value`` as a member of ``enum`` (the C++ spells the member's name, so a plain int is refused)."""
    if isinstance(value, enum):
        return value
    hints: tuple[str, ...] = ()
    if isinstance(value, int) and not isinstance(value, bool) and value in [m.value for m in enum]:
        hints = (f"write asc.{enum.__name__}.{enum(value).name}",)
    raise ApiTypeError(enum_message(api, param, enum, describe(value)), *hints)


def compile_time_message(api: str, param: str, why: str, got: str) -> str:
    return f"{api}: {param} must be a compile-time int ({why}), got {got}"


def compile_time_int(value: object, api: str, param: str, why: str) -> int:
    """A Python int (a C++ template argument, or a value ascx checks at trace time)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)
    raise ApiTypeError(
        compile_time_message(api, param, why, describe(value)),
        "annotate the kernel parameter as asc.ConstExpr[int]",
    )
