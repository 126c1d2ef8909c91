"""Package attributes imported on first use (PEP 562), so that ``import ascx`` stays cheap.

A package declares what it exports and from where::

    __getattr__, __dir__ = lazy_exports(__name__, globals(), {"ascx.language.basic": "add sub"})

``ascx.add`` then imports ``ascx.language.basic`` the first time it is read and keeps the value in
the package's namespace, so later reads cost nothing.  Names a package defines itself stay
ordinary attributes.  ``from ascx import *`` and ``dir(ascx)`` see every declared name.

The disk cache (``ascx.runtime.disk_cache``) checks, in a fresh process, that the API objects a
cached kernel read are still ascx's own.  Reading them would import them, so an attribute that was
never read in this process is answered by a :class:`LazyDefault` instead: it cannot have been
replaced, since replacing it would have put it into the namespace.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import Any, cast

LAZY_TABLE = "__ascx_lazy__"
"""The namespace entry of a lazy package: name -> the module it is imported from."""


def lazy_exports(
    package: str,
    namespace: dict[str, Any],
    exports: Mapping[str, str],
    *,
    eager: str = "",
    star_submodules: str = "",
    on_first_use: Callable[[], None] | None = None,
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``, whose globals are ``namespace``; also sets its
    ``__all__``.

    ``exports`` maps a module to the names, separated by white space, that ``package`` exports
    from it under the same names; ``package`` itself maps to its subpackages.  A family package's table is
    generated from its modules' ``__all__`` (``_exports.py``, by ``python -m ascx.cli.export_stubs``), so an
    API's name is written once, in its module.  ``__all__`` is derived from the table (the names of the other
    modules, the ``eager`` names the package imports itself, and the subpackages named in ``star_submodules``), and so
    is the type checkers' view, the generated ``__init__.pyi`` (``python -m ascx.cli.export_stubs``).
    ``on_first_use`` runs once, before the first name is imported (a family package applies its
    docstrings there).
    """
    table: dict[str, str] = {}
    for source, names in exports.items():
        for name in names.split():
            if name in table:
                raise ValueError(f"{package} exports '{name}' twice ({table[name]}, {source})")
            table[name] = source
    namespace[LAZY_TABLE] = table
    starred = set(star_submodules.split())
    namespace["__all__"] = [
        *eager.split(),
        *(name for name, source in table.items() if source != package or name in starred),
    ]
    pending = [on_first_use]
    package_module = sys.modules.get(package)
    if package_module is not None and type(package_module) is ModuleType:
        package_module.__class__ = _LazyPackage

    def __getattr__(name: str) -> Any:
        source = table.get(name)
        if source is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        hook = pending.pop() if pending else None
        if hook is not None:
            hook()
        module = importlib.import_module(source)
        value = getattr(module, name) if source != package else importlib.import_module(f"{package}.{name}")
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(table))

    return __getattr__, __dir__


class _LazyPackage(ModuleType):
    """A lazy package keeps the value it exports under a name that is also one of its submodules
    (``asc.range`` the function, from the submodule ``ascx.language.core.range``).

    Importing a submodule sets the package's attribute of that name to the submodule; an eager
    ``__init__`` rebinds the name right after, a lazy one never does.  So the package refuses that
    binding: the exported name stays unbound until it is read, and the submodule is still in
    ``sys.modules``.
    """

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, ModuleType) and lazy_names(self).get(name) == value.__name__:
            return
        super().__setattr__(name, value)


def public_names(module: ModuleType) -> list[str]:
    """The names a lazy package exports from its modules (not its subpackages), in table order: what a
    package above it re-exports."""
    return [name for name, source in lazy_names(module).items() if source != module.__name__]


def lazy_names(module: ModuleType) -> dict[str, str]:
    """The lazily exported names of ``module`` (empty for an ordinary module)."""
    table: Any = vars(module).get(LAZY_TABLE)
    return cast("dict[str, str]", table) if isinstance(table, dict) else {}


@dataclass(frozen=True)
class LazyDefault:
    """ascx's own value of ``module.path[0].path[1]...``, not imported (see the module docstring).

    A path longer than one name is an attribute of such a value (``asc.TPosition.GM`` while
    ``asc.TPosition`` was never read): it cannot have been replaced either.
    """

    module: ModuleType
    path: tuple[str, ...]

    def child(self, name: str) -> LazyDefault:
        return LazyDefault(self.module, (*self.path, name))

    def load(self) -> Any:
        value: Any = self.module
        for name in self.path:
            value = getattr(value, name)
        return value

    def matches(self, current: Any) -> bool:
        """Whether ``current``, read the same way later, is still this value."""
        return current == self if isinstance(current, LazyDefault) else current is self.load()


def unread(module: Any, name: str) -> LazyDefault | None:
    """A :class:`LazyDefault` when ``name`` is a lazy export of ``module`` not read yet, else None."""
    if isinstance(module, ModuleType) and name in lazy_names(module) and name not in vars(module):
        return LazyDefault(module, (name,))
    return None


def is_default(module: ModuleType, name: str, value: Any) -> bool:
    """Whether ``value``, read as ``module.name``, is ascx's own value of that lazy export."""
    source = lazy_names(module).get(name)
    if source is None:
        return False
    if source == module.__name__:
        return value is importlib.import_module(f"{source}.{name}")
    origin = importlib.import_module(source)
    if name in lazy_names(origin):  # re-exported from another lazy package: ask that one
        return is_default(origin, name, value)
    return value is getattr(origin, name, None)
