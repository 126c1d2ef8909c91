"""Keeping the emulation's build directory to a size (docs/emulation.md#the-build-cache).

Every build the emulation makes (a kernel's library or executable, a prelude, a CANN-backend runtime) is kept
in the build directory under a key of its source, compiler, flags and headers, and reused.  Nothing ever
replaces an entry, so a directory only grows: each change of the headers leaves a new set of preludes
(tens of MB each) behind.  After a build, at most once an hour per directory, :func:`after_build` removes the
least recently used entries until the directory is under its limit (``$ASCX_EMU_CACHE_LIMIT``, 10 GiB by
default), and the scratch directories of builds that were killed.

An entry's last use is the latest access or modification time of its files (a directory's own access
time moves whenever it is listed, so only its modification time counts).  Linux's default
``relatime`` moves an access time forward at most once a day, so an entry used in the last
:data:`KEEP_RECENT` (two days) may look a day older than it is: such entries are never removed, even over
the limit, and nothing another process is about to use goes away under it.  Builds check that their
outputs exist each time, so an entry removed is rebuilt when it is needed again.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ascx.errors import AscxError
from ascx.progress import logger

LOG = logger("build")

LIMIT_ENV = "ASCX_EMU_CACHE_LIMIT"
DEFAULT_LIMIT = 10 * 2**30
KEEP_RECENT = 2 * 24 * 3600.0
"""Seconds since its last use within which an entry is kept whatever the directory's size."""
PRUNE_EVERY = 3600.0
"""Seconds between two prunes of one directory (the stamp file's age)."""
STAMP = ".pruned"
SCRATCH_PREFIX = ".build-"
SCRATCH_AGE = 24 * 3600.0
"""A build's scratch directory older than this belongs to a build that was killed."""
NESTED = ("prelude",)
"""Subdirectories whose children are entries of their own (the clean-room preludes)."""

_SIZE = re.compile(r"(?P<number>\d+(?:\.\d+)?)\s*(?P<unit>[KMGT]?)(?:i?B)?", re.IGNORECASE)
_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}


@dataclass(frozen=True)
class Entry:
    """One cached build: a file or a directory, its size in bytes and when it was last used."""

    path: Path
    size: int
    last_use: float


def cache_limit() -> int | None:
    """``$ASCX_EMU_CACHE_LIMIT`` in bytes (``10G``, ``500M``, ``2.5G``; binary units), ``None`` for ``none``
    (never prune), :data:`DEFAULT_LIMIT` when unset; a one-line error for anything else."""
    value = os.environ.get(LIMIT_ENV, "").strip()
    if not value:
        return DEFAULT_LIMIT
    if value.lower() == "none":
        return None
    match = _SIZE.fullmatch(value)
    if match is None:
        raise AscxError(
            f"{LIMIT_ENV} must be a size such as '10G' or '500M', or 'none', got {value!r}",
            hints=["the build directory is pruned to this size after builds (docs/emulation.md#the-build-cache)"],
            kind="usage",
        )
    return int(float(match["number"]) * _UNITS[match["unit"].upper()])


def _measure(path: Path) -> tuple[int, float]:
    """The bytes of the files under ``path`` and the latest access or modification time of anything in it."""
    status = path.lstat()
    directory = path.is_dir() and not path.is_symlink()
    # a directory's own access time moves whenever it is listed (by this very walk): only its files' count
    size, latest = (0, status.st_mtime) if directory else (status.st_size, max(status.st_atime, status.st_mtime))
    if directory:
        for root, _, files in os.walk(path):
            for name in files:
                try:
                    inner = Path(root, name).lstat()
                except OSError:
                    continue
                size += inner.st_size
                latest = max(latest, inner.st_atime, inner.st_mtime)
    return size, latest


def entries(directory: Path) -> Iterator[Entry]:
    """The cached builds in ``directory`` (not the stamp, nor builds in progress)."""
    for path in directory.iterdir():
        if path.name == STAMP or path.name.startswith(SCRATCH_PREFIX):
            continue
        if path.name in NESTED and path.is_dir():
            for child in path.iterdir():
                yield _entry(child)
            continue
        yield _entry(path)


def _entry(path: Path) -> Entry:
    size, last_use = _measure(path)
    return Entry(path, size, last_use)


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path, ignore_errors=True)
    else:
        path.unlink(missing_ok=True)


def prune(directory: Path, limit: int, *, now: float | None = None) -> list[Entry]:
    """Remove the least recently used entries of ``directory`` until it holds at most ``limit`` bytes,
    keeping those used in the last :data:`KEEP_RECENT` seconds, and the scratch directories of killed
    builds; the entries removed, oldest first."""
    now = time.time() if now is None else now
    for scratch in directory.glob(f"{SCRATCH_PREFIX}*"):
        try:
            if now - scratch.lstat().st_mtime > SCRATCH_AGE:
                _remove(scratch)
        except OSError:
            continue
    cached = sorted(entries(directory), key=lambda entry: entry.last_use)
    total = sum(entry.size for entry in cached)
    removed: list[Entry] = []
    for entry in cached:
        if total <= limit or now - entry.last_use < KEEP_RECENT:
            break
        _remove(entry.path)
        total -= entry.size
        removed.append(entry)
    return removed


def after_build(directory: Path) -> None:
    """Prune ``directory`` to :func:`cache_limit` unless it was pruned less than :data:`PRUNE_EVERY` ago.
    A directory it cannot read or clean is left as it is; only a malformed ``$ASCX_EMU_CACHE_LIMIT`` is an
    error."""
    limit = cache_limit()
    if limit is None:
        return
    stamp = directory / STAMP
    try:
        if time.time() - stamp.stat().st_mtime < PRUNE_EVERY:
            return
    except FileNotFoundError:
        pass
    except OSError:
        return
    try:
        stamp.touch()
        removed = prune(directory, limit)
    except OSError as error:
        LOG.debug("could not prune the build directory %s: %s", directory, error)
        return
    if removed:
        freed = sum(entry.size for entry in removed) / 2**20
        LOG.info(
            "removed %d unused builds (%.0f MiB) from %s to keep it under %.1f GiB (%s)",
            *(len(removed), freed, directory, limit / 2**30, LIMIT_ENV),
        )
