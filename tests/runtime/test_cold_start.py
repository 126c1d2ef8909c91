"""What a fresh process imports (issue 18): ``import ascx`` and a disk-cache hit load no xDSL, no
tracer and no passes; the API's names import on first use; the compiler imports with the collector
paused; a cached kernel that read an API name a later process replaced is compiled again."""

from __future__ import annotations

import ast
import importlib
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import ascx
from ascx.lazy_exports import lazy_exports, lazy_names
from ascx.runtime import disk_cache

REPO = Path(__file__).resolve().parents[2]
SEED = REPO / "examples" / "matmul_iterate_all_async.py"

HEAVY = ("xdsl.ir", "xdsl.irdl", "xdsl.parser", "xdsl.printer", "ascx.dialects", "ascx.passes", "ascx.analysis")
HEAVY += ("ascx.target", "ascx.tracer.interpreter", "ascx.tracer.kernel", "ascx.runtime.compiler", "ascx.emu")
HEAVY += ("ascx.language.basic.", "ascx.language.fwk.", "ascx.language.adv.", "numpy")
"""Modules a process that only imports ascx, or finds its kernel in the disk cache, must not load (a family
package's export table, its ``_exports``, is part of the package)."""

PROBE = "import sys\nprint(sorted(m for m in sys.modules if m.startswith({heavy!r}) and not m.endswith('._exports')))\n"

LAZY_PACKAGES = (
    "ascx",
    "ascx.language",
    "ascx.language.core",
    "ascx.language.basic",
    "ascx.language.fwk",
    "ascx.language.adv",
    "ascx.runtime",
    "ascx.tracer",
    "ascx.dialects.ascendc",
)


def _python(code: str, env: dict[str, str] | None = None) -> str:
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_import_ascx_loads_no_xdsl_tracer_or_passes() -> None:
    assert _python("import ascx\n" + PROBE.format(heavy=HEAVY)) == "[]\n"


def test_a_disk_cache_hit_in_a_fresh_process_loads_none_of_them(tmp_path: Path) -> None:
    env = {**os.environ, disk_cache.CACHE_DIR_ENV: str(tmp_path / "cache")}
    compile_seed = (
        "import hashlib\n"
        "from ascx.cli.kernel_loading import default_arguments, find_kernel, load_module\n"
        "from pathlib import Path\n"
        f"path = Path({str(SEED)!r})\n"
        "kernel = find_kernel(load_module(path), path, None)\n"
        "compiled = kernel.compile(*default_arguments(kernel))\n"
        "print(sorted(compiled.timings), hashlib.sha256(compiled.source.encode()).hexdigest())\n"
    )
    first = _python(compile_seed, env).splitlines()
    second = _python(compile_seed + PROBE.format(heavy=HEAVY), env).splitlines()
    assert first[0].startswith("['passes', 'print', 'trace']")
    assert second[0] == first[0].replace("['passes', 'print', 'trace']", "['load']")
    assert second[1] == "[]"


def test_a_cache_hit_checks_a_replaced_api_name(tmp_path: Path) -> None:
    """The cached kernel read ``asc.add``; a process where ``asc.add`` is another function compiles it
    again (and a process that never read it takes the entry without importing it)."""
    kernel = tmp_path / "kern.py"
    kernel.write_text(
        "import ascx as asc\n\n\n"
        "@asc.jit\n"
        "def k(x: asc.GlobalAddress) -> None:\n"
        "    g = asc.GlobalTensor()\n"
        "    g.set_global_buffer(x, 256)\n"
        "    a = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, 256)\n"
        "    asc.data_copy(a, g, 256)\n"
        "    asc.add(a, a, a, 256)\n"
        "    asc.data_copy(g, a, 256)\n"
    )
    env = {**os.environ, disk_cache.CACHE_DIR_ENV: str(tmp_path / "cache")}
    run = (
        "import importlib.util, sys\nimport ascx as asc\n{setup}"
        f"spec = importlib.util.spec_from_file_location('kern', {str(kernel)!r})\n"
        "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n"
        "print(sorted(m.k.compile(asc.MockTensor(asc.float16)).timings))\n"
    )
    assert _python(run.format(setup=""), env) == "['passes', 'print', 'trace']\n"
    assert _python(run.format(setup=""), env) == "['load']\n"
    replaced = "import ascx.language.basic.vec_binary as vb\nasc.add = vb.sub\n"
    assert _python(run.format(setup=replaced), env) == "['passes', 'print', 'trace']\n"
    read_but_same = "asc.add\n"
    assert _python(run.format(setup=read_but_same), env) == "['load']\n"


def test_the_compiler_imports_with_the_collector_paused(tmp_path: Path) -> None:
    code = (
        "import gc, sys\nimport ascx as asc\n"
        "states = []\n"
        "class Probe:\n"
        "    def find_spec(self, name, path, target=None):\n"
        "        if name == 'ascx.runtime.compiler':\n"
        "            states.append(gc.isenabled())\n"
        "sys.meta_path.insert(0, Probe())\n"
        "@asc.jit\n"
        "def k(x: asc.GlobalAddress) -> None:\n"
        "    g = asc.GlobalTensor()\n"
        "    g.set_global_buffer(x, 64)\n"
        "k.compile(asc.MockTensor(asc.float16))\n"
        "print(states, gc.isenabled())\n"
    )
    env = {**os.environ, disk_cache.CACHE_DIR_ENV: ""}
    assert _python(code, env) == "[False] True\n"


def test_import_ascx_leaves_the_collector_as_it_was() -> None:
    probe = "import gc\n{setup}\nimport ascx\nprint(gc.isenabled())\n"
    assert _python(probe.format(setup="")) == "True\n"
    assert _python(probe.format(setup="gc.disable()")) == "False\n"


def test_every_exported_name_resolves_and_star_import_sees_all_of_them() -> None:
    namespace: dict[str, object] = {}
    exec("from ascx import *", namespace)
    assert set(ascx.__all__) <= set(namespace)
    assert set(ascx.__all__) <= set(dir(ascx))
    assert namespace["add"] is importlib.import_module("ascx.language.basic.vec_binary").add


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match=r"^module 'ascx' has no attribute 'no_such_api'$"):
        ascx.no_such_api  # noqa: B018


@pytest.mark.parametrize("package", ["ascx.language.adv", "ascx.language.basic", "ascx.dialects.ascendc"])
def test_a_family_package_exports_what_its_modules_list(package: str) -> None:
    """A family package's table is generated from its modules' ``__all__`` (``_exports.py``, current), so an
    API is listed once, in its module: every name a module lists and defines is the package's, from there."""
    from ascx.cli import export_stubs

    assert package in export_stubs.FAMILY_PACKAGES
    path = export_stubs.table_path(package)
    assert path.read_text() == export_stubs.table_text(package), "run python -m ascx.cli.export_stubs"
    module = importlib.import_module(package)
    for source, names in export_stubs.export_table(package, path.parent).items():
        for name in names.split():
            assert lazy_names(module)[name] == source
            assert getattr(module, name) is getattr(importlib.import_module(source), name)


def test_a_name_listed_by_two_modules_is_exported_from_the_one_that_defines_it(tmp_path: Path) -> None:
    """``compat`` lists ``add`` of the package's ``ops`` (exported from ``ops``) and ``sep`` from outside the
    package (exported from ``compat``, as ``ascx.language.core.enums`` exports ``ascx.enums``' classes)."""
    from ascx.cli import export_stubs

    (tmp_path / "ops.py").write_text('def add(): ...\n\n__all__ = ["add"]\n')
    (tmp_path / "compat.py").write_text(
        "from pkg.ops import add\nfrom .ops import add as plus\nfrom os import sep\n\n"
        '__all__ = ["add", "plus", "sep"]\n'
    )
    (tmp_path / "_private.py").write_text('__all__ = ["hidden"]\n')
    assert export_stubs.export_table("pkg", tmp_path) == {"pkg.compat": "sep", "pkg.ops": "add"}


def test_the_stubs_are_generated_from_the_export_tables() -> None:
    """Each lazy package lists its names once, in its export table; the type checkers' view, its
    ``__init__.pyi``, is generated from it (``python -m ascx.cli.export_stubs``) and must be current."""
    from ascx.cli import export_stubs

    assert sorted(export_stubs.PACKAGES) == sorted(LAZY_PACKAGES)
    stale = [p for p in export_stubs.PACKAGES if export_stubs.stub_path(p).read_text() != export_stubs.stub(p)]
    assert stale == [], "run python -m ascx.cli.export_stubs"


@pytest.mark.parametrize("package", LAZY_PACKAGES)
def test_a_stub_declares_every_export_and_nothing_else(package: str) -> None:
    """The stub re-exports exactly the package's table and eager names (a star import re-exports another lazy
    package's ``__all__``), and its ``__all__`` holds the package's."""
    module = importlib.import_module(package)
    from ascx.cli import export_stubs

    tree = ast.parse(export_stubs.stub_path(package).read_text())
    declared: set[str] = set()
    listed: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.names[0].name == "*":
            assert node.module is not None
            declared |= set(importlib.import_module(node.module).__all__)
        elif isinstance(node, ast.ImportFrom):
            declared |= {alias.asname for alias in node.names if alias.asname == alias.name}
        elif isinstance(node, ast.Assign):
            listed |= set(ast.literal_eval(node.value))
        elif isinstance(node, ast.AugAssign):
            assert isinstance(node.value, ast.Attribute)
            assert isinstance(node.value.value, ast.Name)
            alias = node.value.value.id
            source = next(
                n.names[0].name for n in tree.body if isinstance(n, ast.Import) and n.names[0].asname == alias
            )
            listed |= set(importlib.import_module(source).__all__)
    eager = {n for n in module.__all__ if n not in lazy_names(module)}
    assert declared == set(lazy_names(module)) | eager | ({"__version__"} if package == "ascx" else set())
    assert listed == set(module.__all__)


def test_lazy_exports_runs_the_first_use_hook_once_before_the_first_import() -> None:
    calls: list[str] = []
    namespace: dict[str, object] = {}
    getattr_, dir_ = lazy_exports(
        "pkg", namespace, {"os.path": "join sep", "json": "dumps"}, on_first_use=lambda: calls.append("hook")
    )
    assert calls == []
    assert getattr_("join") is os.path.join
    assert getattr_("dumps") is importlib.import_module("json").dumps
    assert calls == ["hook"]
    assert namespace["join"] is os.path.join
    assert {"join", "sep", "dumps"} <= set(dir_())
    with pytest.raises(AttributeError, match=r"^module 'pkg' has no attribute 'split'$"):
        getattr_("split")


def test_a_name_exported_twice_is_refused() -> None:
    with pytest.raises(ValueError, match=r"^pkg exports 'join' twice \(os.path, posixpath\)$"):
        lazy_exports("pkg", {}, {"os.path": "join", "posixpath": "join"})


def test_subpackages_resolve_as_attributes() -> None:
    language = ascx.language
    assert isinstance(language, ModuleType)
    assert ascx.adv is importlib.import_module("ascx.language.adv")
    assert ascx.runtime.config is importlib.import_module("ascx.runtime.config")


def test_docstrings_come_with_the_first_name_of_a_package_unless_skipped() -> None:
    probe = (
        "{setup}import ascx as asc\n"
        "print('Forms::' in (asc.add.__doc__ or ''), 'Forms::' in (asc.TPipe.__doc__ or ''))\n"
    )
    assert _python(probe.format(setup="")) == "True True\n"
    skipped = "from ascx.language.docstrings import skip_docstrings\nskip_docstrings()\n"
    assert _python(probe.format(setup=skipped)) == "False False\n"


def test_a_name_shared_with_a_submodule_stays_the_exported_value() -> None:
    """``asc.range`` is the function even when its submodule ``ascx.language.core.range`` is imported
    first or later (importing a submodule sets the package attribute of that name)."""
    probe = (
        "import ascx.language.core.range, ascx.runtime.jit\n"
        "import ascx as asc\n"
        "print(type(asc.range).__name__, type(asc.runtime.jit).__name__, type(asc.language.core.range).__name__)\n"
        "import ascx.language.basic.fixpipe\n"
        "print(type(asc.fixpipe).__name__, type(asc.language.basic.fixpipe).__name__)\n"
    )
    assert _python(probe) == "function function function\nfunction function\n"
