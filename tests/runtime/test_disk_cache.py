"""The on-disk kernel cache: reuse across processes, invalidation, corruption, atomicity."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import ascx as asc
from ascx.runtime import disk_cache
from ascx.runtime.compiler import CompiledKernel
from ascx.runtime.jit import MockTensor
from ascx.testing.kernels import HEADER

ARG = MockTensor(asc.float16)

KERNEL = """
SIZE = 64

@asc.jit
def k(x: asc.GlobalAddress) -> None:
    x_global = asc.GlobalTensor()
    x_global.set_global_buffer(x, SIZE)
"""


def write(tmp_path: Path, source: str, name: str = "kern.py") -> Path:
    path = tmp_path / name
    path.write_text(HEADER + textwrap.dedent(source))
    return path


def fresh_import(path: Path) -> ModuleType:
    """Import ``path`` as a new module of the same name: new function objects, as in another process."""
    spec = importlib.util.spec_from_file_location(f"ascx_disk_cache_test_{path.stem}", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def entries(root: Path) -> list[Path]:
    return sorted(p.parent for p in (root / "kernels").glob("*/*/*/manifest.json"))


def compiled_from(module: ModuleType, *args: Any) -> CompiledKernel:
    return module.k.compile(*(args or (ARG,)))


def test_a_new_process_loads_the_kernel_from_disk(tmp_path: Path, kernel_cache_dir: Path) -> None:
    path = write(tmp_path, KERNEL)
    first = compiled_from(fresh_import(path))
    assert set(first.timings) == {"trace", "passes", "print"}
    assert len(entries(kernel_cache_dir)) == 1
    second = compiled_from(fresh_import(path))
    assert set(second.timings) == {"load"}
    assert second.source == first.source
    assert second.ir == first.ir
    assert second.ir_with_locations() == first.ir_with_locations()
    assert second.kernel_type == first.kernel_type
    assert [d.describe() for d in second.dependencies] == [d.describe() for d in first.dependencies]
    assert second.launch == first.launch  # what the emulation builds, without the IR
    assert second.launch is not None
    assert "ascx_emu::at(" in second.launch.emulation_source


def test_a_real_second_interpreter_hits_the_cache(tmp_path: Path, kernel_cache_dir: Path) -> None:
    path = write(tmp_path, KERNEL)
    script = (
        "import importlib.util, sys\n"
        "from ascx.runtime.jit import MockTensor\nimport ascx as asc\n"
        f"spec = importlib.util.spec_from_file_location('kern', {str(path)!r})\n"
        "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n"
        "k = m.k.compile(MockTensor(asc.float16))\n"
        "print(sorted(k.timings))\n"
    )
    env = {**os.environ, disk_cache.CACHE_DIR_ENV: str(kernel_cache_dir)}
    runs = [subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env) for _ in "ab"]
    assert [r.stdout for r in runs] == ["['passes', 'print', 'trace']\n", "['load']\n"], [r.stderr for r in runs]


def test_a_changed_global_recompiles_and_keeps_both_entries(tmp_path: Path, kernel_cache_dir: Path) -> None:
    path = write(tmp_path, KERNEL)
    module = fresh_import(path)
    assert "SetGlobalBuffer(x, 64);" in compiled_from(module).source
    other = fresh_import(path)
    other.SIZE = 32
    recompiled = compiled_from(other)
    assert "SetGlobalBuffer(x, 32);" in recompiled.source
    assert "load" not in recompiled.timings
    assert len(entries(kernel_cache_dir)) == 2
    again = fresh_import(path)
    again.SIZE = 32
    assert set(compiled_from(again).timings) == {"load"}


def test_changed_code_is_a_different_key(tmp_path: Path, kernel_cache_dir: Path) -> None:
    path = write(tmp_path, KERNEL)
    compiled_from(fresh_import(path))
    path.write_text(path.read_text().replace("x, SIZE)", "x, SIZE + 1)"))
    changed = compiled_from(fresh_import(path))
    assert "SetGlobalBuffer(x, 65);" in changed.source
    assert "load" not in changed.timings
    assert len({p.parent for p in entries(kernel_cache_dir)}) == 2


def test_module_attributes_and_device_functions_are_dependencies(
    tmp_path: Path, kernel_cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tmp_path, "TILE = 16\n", name="ascx_test_cfg.py")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "ascx_test_cfg", raising=False)
    source = """
    import ascx_test_cfg as cfg

    @asc.jit
    def size() -> int:
        return cfg.TILE * 2

    @asc.jit
    def k(x: asc.GlobalAddress) -> None:
        x_global = asc.GlobalTensor()
        x_global.set_global_buffer(x, size())
    """
    path = write(tmp_path, source)
    module = fresh_import(path)
    assert "SetGlobalBuffer(x, 32);" in compiled_from(module).source
    described = [d.describe() for d in compiled_from(module).dependencies]
    assert described == [
        "global 'asc'",
        "attribute 'GlobalTensor'",
        "global 'size'",
        "global 'cfg'",
        "attribute 'TILE'",
    ]
    module.cfg.TILE = 8  # the module object is shared: memory and disk caches both notice
    assert "SetGlobalBuffer(x, 16);" in compiled_from(module).source
    assert set(compiled_from(fresh_import(path)).timings) == {"load"}
    sys.modules.pop("ascx_test_cfg")


def test_constexpr_values_and_options_are_in_the_key(tmp_path: Path, kernel_cache_dir: Path) -> None:
    source = """
    @asc.jit
    def k(x: asc.GlobalAddress, n: asc.ConstExpr[int]) -> None:
        x_global = asc.GlobalTensor()
        x_global.set_global_buffer(x, n)
    """
    path = write(tmp_path, source)
    module = fresh_import(path)
    assert "SetGlobalBuffer(x, 3);" in module.k.compile(ARG, 3).source
    assert "SetGlobalBuffer(x, 4);" in module.k.compile(ARG, 4).source
    assert len(entries(kernel_cache_dir)) == 2
    params = module.k.specialize(ARG, 3)
    fn = module.k.ascx_python_function
    cube_only = asc.jit(matmul_cube_only=True)(fn).kernel_options
    keys = {
        disk_cache.cache_key(fn, params, module.k.kernel_options, ("a",)),
        disk_cache.cache_key(fn, params, cube_only, ("a",)),
        disk_cache.cache_key(fn, params, module.k.kernel_options, ("a", "b")),
        disk_cache.cache_key(fn, module.k.specialize(ARG, 4), module.k.kernel_options, ("a",)),
    }
    assert len(keys) == 4


def test_python_and_ascx_versions_and_sources_are_in_the_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module = fresh_import(write(tmp_path, KERNEL))
    fn, params, options = module.k.ascx_python_function, module.k.specialize(ARG), module.k.kernel_options
    base = disk_cache.cache_key(fn, params, options, ())
    monkeypatch.setattr(disk_cache, "python_tag", lambda: ["cpython", 3, 12, 0])
    python = disk_cache.cache_key(fn, params, options, ())
    monkeypatch.setattr(disk_cache, "__version__", "99.0")
    version = disk_cache.cache_key(fn, params, options, ())
    monkeypatch.setattr(disk_cache, "_package_print", "an edited ascx checkout")
    edited = disk_cache.cache_key(fn, params, options, ())
    assert len({base, python, version, edited}) == 4


def test_values_without_a_stable_fingerprint_stay_in_memory(tmp_path: Path, kernel_cache_dir: Path) -> None:
    source = """
    class Box:
        def __init__(self):
            self.size = 8
    BOX = Box()

    @asc.jit
    def k(x: asc.GlobalAddress) -> None:
        x_global = asc.GlobalTensor()
        x_global.set_global_buffer(x, BOX.size)
    """
    module = fresh_import(write(tmp_path, source))
    compiled = compiled_from(module)
    assert "SetGlobalBuffer(x, 8);" in compiled.source
    assert compiled_from(module) is compiled
    assert entries(kernel_cache_dir) == []


def _drop_from_manifest(entry: Path, field: str) -> None:
    manifest = json.loads((entry / "manifest.json").read_text())
    del manifest[field]
    (entry / "manifest.json").write_text(json.dumps(manifest))


@pytest.mark.parametrize(
    ("damage", "what"),
    [
        (lambda e: (e / "manifest.json").write_text("{not json"), "the manifest"),
        (lambda e: (e / "manifest.json").write_text(json.dumps({"format": 1})), "a manifest without fields"),
        (lambda e: (e / "kernel.cpp").write_text("truncated"), "the source"),
        (lambda e: (e / "kernel.cpp").unlink(), "a missing source file"),
        (lambda e: (e / "kernel.emu.cpp").write_text("truncated"), "the emulation source"),
        (lambda e: (e / "kernel.emu.cpp").unlink(), "a missing emulation source"),
        (lambda e: _drop_from_manifest(e, "mix_dual_master"), "a manifest without the MixDualMaster flag"),
    ],
)
def test_a_corrupt_entry_is_ignored_and_rebuilt(
    tmp_path: Path, kernel_cache_dir: Path, caplog: pytest.LogCaptureFixture, damage: Any, what: str
) -> None:
    path = write(tmp_path, KERNEL)
    good = compiled_from(fresh_import(path))
    [entry] = entries(kernel_cache_dir)
    damage(entry)
    with caplog.at_level("WARNING", logger="ascx.cache"):
        rebuilt = compiled_from(fresh_import(path))
    assert "load" not in rebuilt.timings, what
    assert rebuilt.source == good.source
    assert "discarding corrupt kernel cache entry" in caplog.text
    assert entries(kernel_cache_dir) == [entry]
    assert set(compiled_from(fresh_import(path)).timings) == {"load"}


def test_a_failed_compile_writes_nothing(tmp_path: Path, kernel_cache_dir: Path) -> None:
    source = """
    @asc.jit
    def k(x: asc.GlobalAddress) -> None:
        pipe = asc.TPipe()
        pipe.no_such_method()
    """
    with pytest.raises(asc.KernelError):
        compiled_from(fresh_import(write(tmp_path, source)))
    assert list(kernel_cache_dir.rglob("*")) == []


def test_always_compile_bypasses_the_disk_cache(tmp_path: Path) -> None:
    path = write(tmp_path, KERNEL.replace("@asc.jit", "@asc.jit(always_compile=True)"))
    compiled_from(fresh_import(path))
    assert "load" not in compiled_from(fresh_import(path)).timings


def test_an_unwritable_cache_warns_once_and_still_compiles(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("")
    disk_cache.set_cache_root(blocker)
    module = fresh_import(write(tmp_path, KERNEL))
    with pytest.warns(asc.AscxWarning, match="cannot write the kernel cache at .*not-a-dir"):
        compiled = compiled_from(module)
    assert "SetGlobalBuffer(x, 64);" in compiled.source


def test_an_empty_cache_dir_disables_the_disk_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(disk_cache.CACHE_DIR_ENV, "")
    assert disk_cache.cache_root() is None
    monkeypatch.delenv(disk_cache.CACHE_DIR_ENV)
    monkeypatch.setenv("XDG_CACHE_HOME", "/somewhere")
    assert disk_cache.cache_root() == Path("/somewhere/ascx")


def test_the_ir_of_a_loaded_kernel_is_rebuilt_and_checked(tmp_path: Path) -> None:
    path = write(tmp_path, KERNEL)
    first = compiled_from(fresh_import(path))
    module = fresh_import(path)
    loaded = compiled_from(module)
    assert set(loaded.timings) == {"load"}
    module.SIZE = 16  # after loading: the IR can no longer be rebuilt to match the loaded source
    with pytest.raises(asc.AscxError, match="the IR of 'k' cannot be rebuilt: a value the kernel reads changed"):
        _ = loaded.ir
    module.SIZE = 64
    assert loaded.ir == first.ir


def test_a_loaded_kernel_gives_its_warnings_again(tmp_path: Path) -> None:
    source = """
    @asc.jit
    def k(a: asc.GlobalAddress, w: asc.GlobalAddress) -> None:
        pipe = asc.TPipe()
        t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
        mm = asc.adv.Matmul(t, t, t)
        asc.adv.register_matmul(pipe, w, mm, asc.adv.TCubeTiling())
        g = asc.GlobalTensor()
        g.set_global_buffer(a)
        mm.iterate_all(g, sync=False)  # warns
        mm.end()
    """
    path = write(tmp_path, source)
    message = "with wait_iterate_all=False: this core cannot wait for it"
    with pytest.warns(asc.AscxWarning, match=message) as first:
        compiled_from(fresh_import(path), ARG, ARG)
    with pytest.warns(asc.AscxWarning, match=message) as second:
        loaded = compiled_from(fresh_import(path), ARG, ARG)
    assert set(loaded.timings) == {"load"}
    assert [(w.filename, w.lineno) for w in second] == [(w.filename, w.lineno) for w in first]
    assert first[0].lineno == path.read_text().splitlines().index("    mm.iterate_all(g, sync=False)  # warns") + 1
    assert first[0].filename == str(path)


def test_the_sources_fingerprint_follows_every_python_file_and_nothing_else(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub" / "__pycache__").mkdir(parents=True)
    (package / "a.py").write_text("x = 1\n")
    (package / "sub" / "b.py").write_text("y = 2\n")
    first = disk_cache.sources_fingerprint(str(package))
    (package / "sub" / "__pycache__" / "b.cpython-311.pyc").write_bytes(b"\0")
    (package / "notes.txt").write_text("not code")
    assert disk_cache.sources_fingerprint(str(package)) == first
    (package / "sub" / "b.py").write_text("y = 22\n")
    edited = disk_cache.sources_fingerprint(str(package))
    assert edited != first
    os.utime(package / "a.py", ns=(1, 1))
    assert disk_cache.sources_fingerprint(str(package)) not in (first, edited)
    (package / "c.py").write_text("")
    assert len({first, edited, disk_cache.sources_fingerprint(str(package))}) == 3
