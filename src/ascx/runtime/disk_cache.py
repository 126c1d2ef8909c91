"""The on-disk kernel cache: compiled kernels as text artifacts, reused across processes.

Layout under the cache root (``cache_root()``)::

    kernels/<key[:2]>/<key>/<entry>/manifest.json   what the entry depends on, and artifact digests
                                    kernel.cpp      the Ascend C source
                                    kernel.emu.cpp  the source the emulation builds (``LaunchFacts``)

``key`` digests everything known before tracing (``cache_key``): the kernel's code, the Python
version, ascx's version, the argument kinds and compile-time values, the options and the pipeline.
What the trace read from outside the kernel (globals, closure cells, module attributes) is only
known after tracing, so one key may hold several entries, one per set of dependency values; a
lookup reads each entry's dependencies again from the live kernel function and takes the entry
whose fingerprints all match (``ascx.runtime.fingerprint``).

The IR is not stored: a loaded kernel recompiles when its IR is asked for, which costs about what
printing and parsing the IR would.  Nothing is pickled.  An entry is written to a temporary
directory and renamed into place, so a crash or a failed compile never leaves a half-written
entry; an entry that cannot be read or whose artifacts do not match their digests is deleted and
rebuilt.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FunctionType, ModuleType
from typing import TYPE_CHECKING, Any, cast

from ascx.cache_location import (
    CACHE_DIR_ENV as CACHE_DIR_ENV,
    cache_root as cache_root,
    default_cache_root as default_cache_root,
    set_cache_root as set_cache_root,
)
from ascx.errors import AscxWarning
from ascx.kernel_type import KernelType
from ascx.language.core.kernel_options import KernelOptions
from ascx.lazy_exports import LazyDefault, is_default, lazy_names
from ascx.runtime.compiled import CompiledKernel, KernelWarning, LaunchFacts
from ascx.runtime.fingerprint import code_fingerprint, fingerprint
from ascx.tracer.dependencies import MISSING, Dependency, Where, container_of, read_value
from ascx.tracer.signature import KernelParam
from ascx.version import __version__

if TYPE_CHECKING:
    import logging

FORMAT = 3
"""The layout of entries; bump it when the manifest or the artifacts change meaning."""
_package_print: str | None = None


def package_fingerprint() -> str:
    """A digest of ascx's own source files (``sources_fingerprint``), computed once per process.

    The version alone does not change while ascx is developed (an editable install), so this keeps
    the cache from serving kernels that an older tracer or printer produced.
    """
    global _package_print
    if _package_print is None:
        _package_print = sources_fingerprint(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return _package_print


def sources_fingerprint(package: str) -> str:
    """A digest of the path, size and modification time of every ``.py`` file under ``package``.

    Every process that compiles pays for it, disk-cache hits included, so the walk uses ``os.scandir``
    (a fifth of ``Path.rglob``'s time) and skips ``__pycache__``.
    """
    prefix = len(package) + 1
    parts: list[str] = []
    directories = [package]
    while directories:
        with os.scandir(directories.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    if entry.name != "__pycache__":
                        directories.append(entry.path)
                elif entry.name.endswith(".py"):
                    stat = entry.stat()
                    relative = entry.path[prefix:].replace(os.sep, "/")
                    parts.append(f"{relative}:{stat.st_size}:{stat.st_mtime_ns}")
    return hashlib.sha256("\n".join(sorted(parts)).encode()).hexdigest()


_SOURCE, _EMULATION_SOURCE, _MANIFEST = "kernel.cpp", "kernel.emu.cpp", "manifest.json"


SLOW_LOAD = 1.0
"""Seconds after which a load from the cache is reported (``ascx.cache``, INFO; it takes milliseconds)."""


def _log() -> logging.Logger:
    """The cache's logger (``logging`` is imported when there is something to log: not on a plain hit)."""
    import logging

    return logging.getLogger("ascx.cache")


_WHERE: tuple[Where, ...] = ("global", "builtin", "closure", "attribute")


class CorruptEntry(Exception):
    """An entry that cannot be used: unreadable, incomplete, or not what its manifest says."""


def python_tag() -> list[Any]:
    """The interpreter in the key: patch releases have changed bytecode, so all three numbers count."""
    return [sys.implementation.name, *sys.version_info[:3]]


def cache_key(
    fn: FunctionType, params: Sequence[KernelParam], options: KernelOptions, pipeline: Sequence[str]
) -> str | None:
    """The key of everything known before tracing; None when an argument has no stable fingerprint."""
    param_keys: list[Any] = []
    for param in params:
        if param.kind == "constexpr":
            printed = fingerprint(param.value)
            if printed is None:
                return None
            param_keys.append([param.name, param.kind, printed])
        else:
            param_keys.append([str(part) for part in param.key()])
    options_print = fingerprint(options)
    if options_print is None:
        return None
    parts = {
        "format": FORMAT,
        "ascx": __version__,
        "package": package_fingerprint(),
        "python": python_tag(),
        "function": f"{fn.__module__}.{fn.__qualname__}",
        "code": code_fingerprint(fn.__code__),
        "params": param_keys,
        "options": options_print,
        "pipeline": list(pipeline),
    }
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(frozen=True)
class _RecordedDependency:
    where: Where
    name: str
    owner: int
    fingerprint: str


def _recorded(dependencies: Sequence[Dependency]) -> list[_RecordedDependency] | None:
    """The dependencies as the manifest records them; None when one cannot be found again or compared."""
    recorded: list[_RecordedDependency] = []
    for dep in dependencies:
        owner_print = recorded[dep.owner].fingerprint if dep.owner is not None and dep.owner >= 0 else None
        printed = _dependency_print(dep, owner_print)
        if dep.owner is None or printed is None:
            _log().debug("not caching on disk: %s has no stable fingerprint or owner", dep.describe())
            return None
        recorded.append(_RecordedDependency(dep.where, dep.name, dep.owner, printed))
    return recorded


_API = "ascx-api:"


def _dependency_print(dep: Dependency, owner_print: str | None) -> str | None:
    """The fingerprint of what ``dep`` read.  ascx's own API objects are named by the path they were read
    through (``ascx-api:ascx.adv.Matmul``) rather than printed: ascx's sources are in the key, and an
    object not imported yet (:class:`~ascx.lazy_exports.LazyDefault`) is compared without importing it."""
    container, value = dep.container, dep.value
    if dep.where == "attribute":
        if owner_print is not None and owner_print.startswith(_API):
            base = owner_print
        elif isinstance(container, ModuleType) and lazy_names(container):
            base = f"{_API}{container.__name__}"
        else:
            base = None
        if base is not None:
            if isinstance(value, LazyDefault) or isinstance(container, (type, LazyDefault)):
                return f"{base}.{dep.name}"
            if isinstance(container, ModuleType) and is_default(container, dep.name, value):
                return f"{base}.{dep.name}"
    return fingerprint(value)


class DiskCache:
    """Compiled kernels under ``root/kernels`` (see the module docstring)."""

    def __init__(self, root: Path):
        self.root = root
        self.kernels = root / "kernels"

    def _key_dir(self, key: str) -> Path:
        return self.kernels / key[:2] / key

    # -- lookup --------------------------------------------------------------------------------------

    def load(
        self, key: str, fn: FunctionType, params: tuple[KernelParam, ...], rebuild: Callable[[], CompiledKernel]
    ) -> CompiledKernel | None:
        """The entry for ``key`` whose dependencies match the live kernel, or None.

        ``rebuild`` compiles the kernel again; the loaded kernel calls it when its IR is asked for.
        """
        key_dir = self._key_dir(key)
        try:
            entries = sorted(p for p in key_dir.iterdir() if not p.name.startswith("."))
        except OSError:
            return None
        for entry in entries:
            start = time.perf_counter()
            try:
                kernel = self._load_entry(entry, fn, params, rebuild)
            except CorruptEntry as error:
                import shutil

                _log().warning("discarding corrupt kernel cache entry %s: %s", entry, error)
                shutil.rmtree(entry, ignore_errors=True)
                continue
            if kernel is not None:
                kernel.timings["load"] = time.perf_counter() - start
                if kernel.timings["load"] > SLOW_LOAD:
                    _log().info("loading '%s' from the kernel cache: %.2f s", kernel.name, kernel.timings["load"])
                return kernel
        return None

    def _load_entry(
        self, entry: Path, fn: FunctionType, params: tuple[KernelParam, ...], rebuild: Callable[[], CompiledKernel]
    ) -> CompiledKernel | None:
        manifest = _read_manifest(entry)
        dependencies = _revalidate(manifest["dependencies"], fn, entry)
        if dependencies is None:
            return None
        source = _read_artifact(entry, manifest, _SOURCE)
        try:
            kernel_type = KernelType[manifest["kernel_type"]]
        except KeyError as error:
            raise CorruptEntry(f"no kernel type {error}") from error
        launch = _read_launch_facts(entry, manifest)
        kernel = CompiledKernel.from_source(
            manifest["name"],
            source,
            rebuild,
            kernel_type=kernel_type,
            params=params,
            dependencies=tuple(dependencies),
            warnings=_warnings(manifest.get("warnings", [])),
            launch=launch,
        )
        for warning in kernel.warnings:
            warning.issue()
        return kernel

    # -- store ---------------------------------------------------------------------------------------

    def store(self, key: str, kernel: CompiledKernel) -> bool:
        """Write ``kernel`` under ``key``; False when it cannot be cached on disk (or writing failed)."""
        recorded = _recorded(kernel.dependencies)
        if recorded is None:
            return False
        entry_id = hashlib.sha256(json.dumps([d.fingerprint for d in recorded]).encode()).hexdigest()[:24]
        key_dir = self._key_dir(key)
        final = key_dir / entry_id
        if final.exists():
            return True
        facts = kernel.launch_facts
        artifacts = {_SOURCE: kernel.source, _EMULATION_SOURCE: facts.emulation_source}
        manifest = {
            "format": FORMAT,
            "key": key,
            "name": kernel.name,
            "kernel_type": kernel.kernel_type.name,
            "mix_dual_master": facts.mix_dual_master,
            "dependencies": [
                {"where": d.where, "name": d.name, "owner": d.owner, "fingerprint": d.fingerprint} for d in recorded
            ],
            "artifacts": {name: _digest(text) for name, text in artifacts.items()},
            "warnings": [[w.message, w.filename, w.lineno, w.column] for w in kernel.warnings],
        }
        import shutil
        import tempfile

        try:
            key_dir.mkdir(parents=True, exist_ok=True)
            staging = Path(tempfile.mkdtemp(prefix=".tmp-", dir=key_dir))
            try:
                for name, text in artifacts.items():
                    (staging / name).write_text(text, encoding="utf-8")
                (staging / _MANIFEST).write_text(json.dumps(manifest, indent=1), encoding="utf-8")
                staging.rename(final)
            except OSError:
                shutil.rmtree(staging, ignore_errors=True)
                if final.exists():  # another process wrote the same entry first
                    return True
                raise
        except OSError as error:
            _warn_once(f"cannot write the kernel cache at {self.root}: {error}")
            return False
        return True


def _read_artifact(entry: Path, manifest: dict[str, Any], name: str) -> str:
    """The text of artifact ``name``, which must match the digest the manifest records."""
    try:
        text = (entry / name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise CorruptEntry(f"cannot read {name}: {error}") from error
    if _digest(text) != manifest["artifacts"].get(name):
        raise CorruptEntry(f"{name} does not match its digest")
    return text


def _read_launch_facts(entry: Path, manifest: dict[str, Any]) -> LaunchFacts:
    text = _read_artifact(entry, manifest, _EMULATION_SOURCE)
    dual = manifest.get("mix_dual_master")
    if not isinstance(dual, bool):
        raise CorruptEntry("the manifest has no mix_dual_master flag")
    return LaunchFacts(text, dual)


def _read_manifest(entry: Path) -> dict[str, Any]:
    try:
        manifest = json.loads((entry / _MANIFEST).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CorruptEntry(f"cannot read the manifest: {error}") from error
    if not isinstance(manifest, dict) or cast(dict[str, Any], manifest).get("format") != FORMAT:
        raise CorruptEntry("the manifest has another format")
    manifest = cast(dict[str, Any], manifest)
    for field, kind in (("name", str), ("kernel_type", str), ("dependencies", list), ("artifacts", dict)):
        if not isinstance(manifest.get(field), kind):
            raise CorruptEntry(f"the manifest has no valid '{field}'")
    return manifest


def _warnings(recorded: Any) -> tuple[KernelWarning, ...]:
    if not isinstance(recorded, list):
        raise CorruptEntry("the manifest's warnings are not a list")
    result: list[KernelWarning] = []
    for item in cast(list[Any], recorded):
        if not (isinstance(item, list) and len(cast(list[Any], item)) == 4):
            raise CorruptEntry("a recorded warning is malformed")
        message, filename, lineno, column = cast(list[Any], item)
        if not (isinstance(message, str) and isinstance(filename, str) and isinstance(lineno, int)):
            raise CorruptEntry("a recorded warning is malformed")
        if not (column is None or isinstance(column, int)):
            raise CorruptEntry("a recorded warning is malformed")
        result.append(KernelWarning(message, filename, lineno, column))
    return tuple(result)


def _revalidate(recorded: list[Any], fn: FunctionType, entry: Path) -> list[Dependency] | None:
    """Read each recorded dependency again; None (and a log line) when one of them changed."""
    prints: list[str] = []
    dependencies: list[Dependency] = []
    for item in recorded:
        where, name, owner, printed = _parse_dependency(item, len(dependencies))
        owner_value = fn if owner < 0 else dependencies[owner].value
        container = container_of(where, name, owner_value)
        value = MISSING if container is None else read_value(where, name, container)
        dependency = None if container is None else Dependency(where, name, container, value, owner)
        owner_print = prints[owner] if owner >= 0 else None
        if dependency is None or value is MISSING or _dependency_print(dependency, owner_print) != printed:
            _log().debug("kernel cache entry %s is stale: %s '%s' changed", entry.name, where, name)
            return None
        prints.append(printed)
        dependencies.append(dependency)
    return dependencies


def _parse_dependency(item: Any, count: int) -> tuple[Where, str, int, str]:
    if not isinstance(item, dict):
        raise CorruptEntry("a dependency is not an object")
    fields = cast(dict[str, Any], item)
    where, name, owner, printed = (
        fields.get("where"),
        fields.get("name"),
        fields.get("owner"),
        fields.get("fingerprint"),
    )
    if where not in _WHERE or not isinstance(name, str) or not isinstance(printed, str):
        raise CorruptEntry("a dependency is malformed")
    if not isinstance(owner, int) or not -1 <= owner < count:
        raise CorruptEntry("a dependency names an owner that does not precede it")
    return where, name, owner, printed


_warned: set[str] = set()


def _warn_once(message: str) -> None:
    if message not in _warned:
        _warned.add(message)
        warnings.warn(message, AscxWarning, stacklevel=4)


def active_cache() -> DiskCache | None:
    """The disk cache in use, or None when it is disabled."""
    root = cache_root()
    return DiskCache(root) if root is not None else None
