"""``asc.ConstExpr``: marks kernel parameters whose values are known at compile time."""

from __future__ import annotations

import typing
from typing import Any, Generic, TypeVar

T = TypeVar("T", covariant=True)


class ConstExpr(Generic[T]):
    """A compile-time value.  As an annotation (``n: asc.ConstExpr[int]``) it makes a kernel
    parameter compile-time: its value is part of the compiled kernel, not an argument.
    """

    def __init__(self, value: Any):
        self.value = ConstExpr.unwrap(value)

    def __repr__(self) -> str:
        return f"ConstExpr({self.value!r})"

    @staticmethod
    def unwrap(obj: Any) -> Any:
        """The wrapped value of a ``ConstExpr``, or ``obj`` itself."""
        return obj.value if isinstance(obj, ConstExpr) else obj


def is_constexpr_annotation(annotation: object) -> bool:
    """Whether a parameter annotation (object or string) is ``ConstExpr`` or ``ConstExpr[...]``."""
    if annotation is ConstExpr or typing.get_origin(annotation) is ConstExpr:
        return True
    if isinstance(annotation, str):
        head = annotation.split("[", 1)[0].strip()
        return head == "ConstExpr" or head.endswith(".ConstExpr")
    return False


__all__ = ["ConstExpr"]
