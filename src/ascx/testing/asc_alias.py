"""``import asc`` as ascx: an import hook that makes ``asc`` and every ``asc.X.Y`` the module ``ascx``,
``ascx.X.Y`` (the same module objects), so code written for pyasc, including its tests that patch
``asc.runtime.launcher.Launcher.run``, runs against ascx unchanged.

    from ascx.testing.asc_alias import install
    install()
    import asc  # ascx

Only for running pyasc's code (``tools/run_pyasc_unit_tests.py``): a real pyasc installation is
shadowed while the hook is installed.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from types import ModuleType

ALIAS = "asc"
TARGET = "ascx"


def _target_name(fullname: str) -> str | None:
    if fullname == ALIAS or fullname.startswith(ALIAS + "."):
        return TARGET + fullname[len(ALIAS) :]
    return None


class AscAliasFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds ``asc.*`` modules as their ``ascx.*`` counterparts."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        real = _target_name(fullname)
        if real is None:
            return None
        try:
            found = importlib.util.find_spec(real)
        except ModuleNotFoundError:
            return None
        if found is None:
            return None
        return importlib.util.spec_from_loader(fullname, self, is_package=found.submodule_search_locations is not None)

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        real = _target_name(spec.name)
        assert real is not None
        return importlib.import_module(real)

    def exec_module(self, module: ModuleType) -> None:
        """The module is ascx's, already executed."""


def install() -> None:
    """Make ``import asc`` give ascx (idempotent)."""
    if not any(isinstance(finder, AscAliasFinder) for finder in sys.meta_path):
        for name in [n for n in sys.modules if _target_name(n) is not None]:
            del sys.modules[name]
        sys.meta_path.insert(0, AscAliasFinder())
