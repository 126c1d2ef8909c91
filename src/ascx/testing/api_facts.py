"""What can be introspected about a public name, the same way for pyasc and for ascx.

``tools/snapshot_pyasc_api.py`` runs this module under pyasc's own interpreter (loaded by path, so
it imports nothing of ascx) and writes the facts of pyasc 1.1.1's public names to
``tests/parity/pyasc_api_snapshot.json``; ``tests/parity/test_pyasc_names.py`` computes the same
facts for ascx and compares them.  Standard library only.

A name's facts are a JSON object: ``kind`` (``module``, ``class``, ``enum``, ``function``,
``value``), for functions ``signature`` (a list of parameters) and ``overloads`` (the signatures of
the ``typing.overload`` declarations, when there are any), for classes the same for ``__init__``
and for each public method (its own and those it has through its bases, as pyasc's ``TBuf`` has
``TQueBind``'s ``alloc_tensor``) and ``properties`` (the public properties, likewise), for enums
``members`` (name -> value).  A signature is its parameter list as Python writes it, without
annotations (``"dst, src, count=None, *, mask=None"``); defaults are canonical strings
(``default_text``), so that pyasc's and ascx's objects compare (``TPosition.VECCALC``, ``float32``, ``4294967295``).
"""

from __future__ import annotations

import enum
import inspect
import types
import typing
from collections.abc import Callable
from typing import Any, cast

JSON = dict[str, Any]

STDLIB_MODULES = ("typing", "typing_extensions", "enum", "abc", "dataclasses", "functools", "collections")
"""Names re-exported from these modules (``Optional``, ``Union``, ``Enum``) are not part of an API."""


def default_text(value: object) -> str:
    """A parameter default as a canonical string."""
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if value is None or isinstance(value, bool | int | float | str):
        return repr(value)
    if isinstance(value, tuple | list):
        items = ", ".join(default_text(v) for v in typing.cast("tuple[object, ...]", value))
        return f"({items})" if isinstance(value, tuple) else f"[{items}]"
    if type(value).__name__ == "DataType":
        return str(value)
    return f"<{type(value).__name__}>"


def parameters(signature: inspect.Signature, *, drop_self: bool = False) -> str:
    """The parameters as Python writes them, without annotations: ``"dst, src, /, n=0, *, mask=None"``."""
    params = list(signature.parameters.values())
    if drop_self and params and params[0].name in ("self", "cls"):
        params = params[1:]
    out: list[str] = []
    keyword_only_marked = False
    for i, p in enumerate(params):
        if p.kind is inspect.Parameter.KEYWORD_ONLY and not keyword_only_marked:
            out.append("*")
        if p.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.KEYWORD_ONLY):
            keyword_only_marked = True
        text = {inspect.Parameter.VAR_POSITIONAL: "*", inspect.Parameter.VAR_KEYWORD: "**"}.get(p.kind, "") + p.name
        if p.default is not inspect.Parameter.empty:
            text += "=" + default_text(p.default)
        out.append(text)
        last_positional_only = p.kind is inspect.Parameter.POSITIONAL_ONLY and (
            i + 1 == len(params) or params[i + 1].kind is not inspect.Parameter.POSITIONAL_ONLY
        )
        if last_positional_only:
            out.append("/")
    return ", ".join(out)


def _signature(fn: Callable[..., Any], *, drop_self: bool = False) -> str | None:
    try:
        return parameters(inspect.signature(fn), drop_self=drop_self)
    except (TypeError, ValueError):
        return None


def callable_facts(fn: Callable[..., Any], *, drop_self: bool = False) -> JSON:
    facts: JSON = {}
    signature = _signature(fn, drop_self=drop_self)
    if signature is not None:
        facts["signature"] = signature
    target = inspect.unwrap(fn)
    overloads: list[Callable[..., Any]]
    try:
        overloads = list(typing.get_overloads(target) or typing.get_overloads(fn))
    except Exception:  # some builtins cannot be looked up
        overloads = []
    found = [s for s in (_signature(o, drop_self=drop_self) for o in overloads) if s is not None]
    if found:
        facts["overloads"] = found
    return facts


def is_concrete(signature: str) -> bool:
    """Whether a signature lists its parameters (has no ``*args`` or ``**kwargs``)."""
    return not any(part.startswith("*") and part != "*" for part in signature.split(", "))


def _own_bases(cls: type) -> list[type]:
    """``cls`` and its bases up to (not including) ``object`` and the standard library's classes
    (``Enum``, ``Generic``): the classes whose public members a user of ``cls`` sees."""
    return [
        base
        for base in cls.__mro__
        if str(getattr(base, "__module__", "")).split(".")[0] not in (*STDLIB_MODULES, "builtins")
    ]


def _public_methods(cls: type) -> dict[str, Callable[..., Any]]:
    """The public methods of ``cls``, its own and those it has through its bases (the nearest
    definition wins, as attribute lookup finds it)."""
    methods: dict[str, Callable[..., Any]] = {}
    for base in reversed(_own_bases(cls)):
        for name, member in vars(base).items():
            if name.startswith("_"):
                continue
            function: object = member
            if isinstance(member, staticmethod | classmethod):
                function = cast("staticmethod[..., Any] | classmethod[Any, ..., Any]", member).__func__
            if inspect.isfunction(function):
                methods[name] = function
            else:
                methods.pop(name, None)
    return methods


def _public_properties(cls: type) -> list[str]:
    """The public properties of ``cls``, its own and its bases'."""
    found: dict[str, bool] = {}
    for base in reversed(_own_bases(cls)):
        for name, member in vars(base).items():
            if not name.startswith("_"):
                found[name] = isinstance(member, property)
    return sorted(name for name, is_property in found.items() if is_property)


def name_facts(value: object) -> JSON:
    """The facts of one public name's value."""
    if isinstance(value, types.ModuleType):
        return {"kind": "module"}
    if isinstance(value, type) and issubclass(value, enum.Enum):
        members = value.__members__.items()
        return {"kind": "enum", "members": {k: default_text(m.value) for k, m in members}}
    if isinstance(value, type):
        facts: JSON = {"kind": "class"}
        init = vars(value).get("__init__")
        if init is not None and inspect.isfunction(init):
            facts["init"] = callable_facts(init, drop_self=True)
        methods = _public_methods(value)
        if methods:
            facts["methods"] = {n: callable_facts(m, drop_self=True) for n, m in sorted(methods.items())}
        properties = _public_properties(value)
        if properties:
            facts["properties"] = properties
        return facts
    if callable(value) and (inspect.isfunction(value) or inspect.isbuiltin(value) or hasattr(value, "__wrapped__")):
        return {"kind": "function", **callable_facts(typing.cast("Callable[..., Any]", value))}
    return {"kind": "value", "type": type(value).__name__}


def is_reexported_stdlib(value: object) -> bool:
    """``Optional``, ``Union``, ``Enum``, ``overload``...: names a module imported from the standard
    library for its own use."""
    module = getattr(value, "__module__", None)
    if isinstance(value, types.ModuleType):
        return value.__name__.split(".")[0] in STDLIB_MODULES
    return isinstance(module, str) and module.split(".")[0] in STDLIB_MODULES


def module_facts(module: types.ModuleType, exempt: set[str] | frozenset[str] = frozenset()) -> dict[str, JSON]:
    """The facts of every public name of ``module`` (not ``_``-prefixed, not a standard library
    re-export, not in ``exempt``)."""
    out: dict[str, JSON] = {}
    for name in sorted(dir(module)):
        if name.startswith("_") or name in exempt:
            continue
        value = getattr(module, name)
        if is_reexported_stdlib(value):
            continue
        out[name] = name_facts(value)
    return out
