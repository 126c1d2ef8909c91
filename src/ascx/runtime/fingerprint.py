"""Fingerprints that stay the same across processes: what the on-disk kernel cache compares.

A fingerprint is a short text that changes when the value would trace differently.  Code objects
are fingerprinted by their bytecode, constants, names and positions (locations end up in the IR);
Python values by value; functions by their code; modules by name (the attributes a kernel reads
through a module are dependencies of their own); classes by name when they belong to ascx or the
standard library, else by their members.  A value with no stable fingerprint (an arbitrary object)
gives ``None``: a kernel that depends on one is cached in memory only.
"""

from __future__ import annotations

import builtins
import dataclasses
import hashlib
import sys
from enum import Enum
from types import BuiltinFunctionType, CodeType, FunctionType, ModuleType
from typing import Any, cast

_STABLE_MODULES = ("ascx", "builtins", "numpy", "xdsl", "enum", "typing", "math", "operator", "functools")
"""Packages whose classes are fingerprinted by name: ascx's version is part of the cache key, the rest
do not change while a kernel runs."""

_DEPTH_LIMIT = 16


def _digest(parts: list[str]) -> str:
    return hashlib.blake2b("\x1f".join(parts).encode(), digest_size=16).hexdigest()


_code_prints: dict[int, tuple[CodeType, str]] = {}
"""``id(code)`` -> (code, fingerprint).  Keyed by identity: code objects that differ only in
``co_filename`` compare equal, so an ``lru_cache`` would mix them up."""


def code_fingerprint(code: CodeType) -> str:
    """A digest of everything about ``code`` that reaches the IR, nested code objects included."""
    cached = _code_prints.get(id(code))
    if cached is not None and cached[0] is code:
        return cached[1]
    if len(_code_prints) >= 4096:
        _code_prints.clear()
    printed = _code_fingerprint(code)
    _code_prints[id(code)] = (code, printed)
    return printed


def _code_fingerprint(code: CodeType) -> str:
    consts = [
        code_fingerprint(c) if isinstance(c, CodeType) else f"{type(c).__qualname__}:{c!r}" for c in code.co_consts
    ]
    parts = [
        code.co_code.hex(),
        repr(consts),
        repr(code.co_names),
        repr(code.co_varnames),
        repr(code.co_freevars),
        repr(code.co_cellvars),
        code.co_qualname,
        code.co_filename,
        repr(code.co_flags),
        repr(code.co_argcount),
        repr(code.co_kwonlyargcount),
        repr(list(code.co_positions())),
    ]
    return _digest(parts)


def _qualified(obj: Any) -> str:
    return f"{getattr(obj, '__module__', '?')}.{getattr(obj, '__qualname__', getattr(obj, '__name__', '?'))}"


def _is_stable_module(name: str) -> bool:
    return name.split(".", 1)[0] in _STABLE_MODULES


def fingerprint(value: Any) -> str | None:
    """A text that is equal in two processes exactly when ``value`` traces the same; None if unknown."""
    return _fingerprint(value, 0)


def _fingerprint(value: Any, depth: int) -> str | None:  # noqa: C901 -- one case per kind of value
    if depth > _DEPTH_LIMIT:
        return None
    cls = cast(type[Any], type(value))
    if issubclass(cls, Enum):
        return f"enum:{_qualified(cls)}.{value.name}={value.value!r}"
    if value is None or issubclass(cls, (bool, int, float, complex, str, bytes)):
        return f"{cls.__qualname__}:{value!r}"
    custom = getattr(cls, "__ascx_fingerprint__", None)
    if custom is not None and not issubclass(cls, type):
        return cast("str | None", custom(value))
    if _is_numpy_scalar(value):
        return f"numpy:{value.dtype}:{value.item()!r}"
    if issubclass(cls, (tuple, list)):
        return _sequence(cls.__qualname__, list(value), depth)
    if issubclass(cls, (frozenset, set)):
        items = [_fingerprint(v, depth + 1) for v in value]
        return None if None in items else f"{cls.__qualname__}{{{','.join(sorted(cast(list[str], items)))}}}"
    if issubclass(cls, dict):
        return _mapping(value, depth)
    if issubclass(cls, ModuleType):
        return f"module:{value.__name__}"
    if issubclass(cls, FunctionType):
        return _function(value, depth)
    if issubclass(cls, BuiltinFunctionType):
        return f"builtin:{_qualified(value)}"
    if issubclass(cls, type):
        return _class(value, depth)
    python_function = getattr(value, "ascx_python_function", None)
    if isinstance(python_function, FunctionType):
        options = _fingerprint(getattr(value, "options", None), depth + 1)
        inner = _function(python_function, depth)
        return None if inner is None or options is None else f"jit:{inner}:{options}"
    if dataclasses.is_dataclass(cls):
        fields = {f.name: getattr(value, f.name) for f in dataclasses.fields(cls)}
        inner = _mapping(fields, depth)
        return None if inner is None else f"{_qualified(cls)}{inner}"
    return None


def _is_numpy_scalar(value: Any) -> bool:
    numpy = sys.modules.get("numpy")  # never imported here: a value cannot be numpy's if numpy is not loaded
    return numpy is not None and isinstance(value, numpy.generic)


def _sequence(kind: str, items: list[Any], depth: int) -> str | None:
    parts = [_fingerprint(v, depth + 1) for v in items]
    return None if None in parts else f"{kind}({','.join(cast(list[str], parts))})"


def _mapping(mapping: dict[Any, Any], depth: int) -> str | None:
    parts: list[str] = []
    for key, item in mapping.items():
        k, v = _fingerprint(key, depth + 1), _fingerprint(item, depth + 1)
        if k is None or v is None:
            return None
        parts.append(f"{k}:{v}")
    return "{" + ",".join(parts) + "}"


def _function(fn: FunctionType, depth: int) -> str | None:
    defaults = _fingerprint(fn.__defaults__, depth + 1)
    kwdefaults = _fingerprint(fn.__kwdefaults__, depth + 1)
    if defaults is None or kwdefaults is None:
        return None
    return f"function:{_qualified(fn)}:{code_fingerprint(fn.__code__)}:{defaults}:{kwdefaults}"


def _class(cls: type[Any], depth: int) -> str | None:
    if _is_stable_module(cls.__module__) or cls.__module__ == builtins.__name__:
        return f"class:{_qualified(cls)}"
    members: list[str] = []
    for name, member in vars(cls).items():
        if name.startswith("__") and name.endswith("__") and not isinstance(member, FunctionType):
            continue
        if isinstance(member, (staticmethod, classmethod)):
            member = cast(Any, member).__func__
        elif isinstance(member, property):
            member = (member.fget, member.fset, member.fdel)
        printed = _fingerprint(member, depth + 1)
        if printed is None:
            return None
        members.append(f"{name}={printed}")
    bases = [_fingerprint(base, depth + 1) for base in cls.__bases__]
    if None in bases:
        return None
    return f"class:{_qualified(cls)}({','.join(cast(list[str], bases))}){{{';'.join(members)}}}"
