"""Binding the arguments of an overloaded API call to one of its forms.

pyasc dispatches overloaded calls (``add(dst, src0, src1, count)`` versus ``add(dst, src0, src1,
mask, repeat_times, repeat_params)``) by trying each candidate in order: positional arguments bind
to the candidate's parameters in order, keywords by name, unbound parameters take their defaults,
and every bound value must have the parameter's type.  :func:`bind` does the same, and when no form
matches it says which arguments were given and lists the forms.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from ascx.language.core.values import RuntimeScalar

REQUIRED: Any = object()
"""The default of a parameter that has none."""


@dataclass(frozen=True)
class Param:
    """One parameter of a form: its name, which values it accepts, how it is shown, its default."""

    name: str
    accepts: Callable[[object], bool]
    shown: str = ""
    default: Any = REQUIRED

    def render(self) -> str:
        text = f"{self.name}: {self.shown}" if self.shown else self.name
        if self.default is not REQUIRED:
            text += f" = {self.default!r}"
        return text


@dataclass(frozen=True)
class Form:
    """One way to call an API."""

    name: str
    params: tuple[Param, ...]

    def render(self, api: str) -> str:
        return f"{api}({', '.join(p.render() for p in self.params)})"

    def bind(self, args: Sequence[object], kwargs: Mapping[str, object]) -> dict[str, object] | None:
        """The arguments by parameter name, or None when they do not fit this form."""
        if len(args) > len(self.params):
            return None
        bound: dict[str, object] = {p.name: a for p, a in zip(self.params, args, strict=False)}
        for name, value in kwargs.items():
            if name in bound or all(p.name != name for p in self.params):
                return None
            bound[name] = value
        for p in self.params:
            if p.name not in bound:
                if p.default is REQUIRED:
                    return None
                bound[p.name] = p.default
            elif not p.accepts(bound[p.name]):
                return None
        return bound


def argument_type(value: object) -> str:
    """How the no-form error shows an argument."""
    if isinstance(value, RuntimeScalar):
        return f"runtime {value.dtype}"
    if isinstance(value, list | tuple):
        items = cast("Sequence[object]", value)
        kind = "list" if isinstance(items, list) else "tuple"
        return f"{kind}[{', '.join(argument_type(v) for v in items)}]"
    return type(value).__name__


def bind(
    api: str, forms: Sequence[Form], args: Sequence[object], kwargs: Mapping[str, object]
) -> tuple[str, dict[str, object]]:
    """(the name of the first form that fits, its bound arguments); a ``TypeError`` when none fits."""
    for form in forms:
        bound = form.bind(args, kwargs)
        if bound is not None:
            return form.name, bound
    given = [argument_type(a) for a in args] + [f"{k}={argument_type(v)}" for k, v in kwargs.items()]
    lines = [f"{api}(): no form takes ({', '.join(given)}); the forms are:"]
    lines += [f"  {form.render(api)}" for form in forms]
    raise TypeError("\n".join(lines))


def anything(value: object) -> bool:
    return True


def is_int(value: object) -> bool:
    """A Python int (not a bool) or a runtime integer."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, RuntimeScalar) and value.dtype.is_int())


def is_bool(value: object) -> bool:
    """A compile-time bool (template arguments such as ``isSetMask`` must be known)."""
    return isinstance(value, bool)


def is_number(value: object) -> bool:
    """A Python number or a runtime scalar."""
    return isinstance(value, int | float | RuntimeScalar) and not isinstance(value, bool)


def is_mask_list(value: object) -> bool:
    """A list or tuple of one or two integers."""
    if not isinstance(value, list | tuple):
        return False
    items = cast("Sequence[object]", value)
    return 1 <= len(items) <= 2 and all(is_int(v) for v in items)


def instance_of(*classes: type) -> Callable[[object], bool]:
    return lambda value: isinstance(value, classes)
