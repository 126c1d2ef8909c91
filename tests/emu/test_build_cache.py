"""The build directory is kept to its size (docs/emulation.md#the-build-cache): the least recently used
builds go first, recent ones and builds in progress stay, killed builds' scratch goes."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from ascx.emu import build, build_cache
from ascx.errors import AscxError

DAY = 24 * 3600.0
TINY = 'extern "C" int tiny() { return 1; }\n'


def _make(path: Path, size: int, age_days: float, *, now: float) -> Path:
    """A cached entry of ``size`` bytes last used ``age_days`` ago (a directory when ``path`` has no suffix)."""
    target = path if path.suffix else path / "preamble.h.pch"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(b"\0" * size)
    when = now - age_days * DAY
    for each in {target, path}:
        os.utime(each, (when, when))
    return path


def test_prune_removes_the_least_recently_used_until_under_the_limit(tmp_path: Path) -> None:
    now = time.time()
    oldest = _make(tmp_path / "a-aiv-g++-1.so", 400, 30, now=now)
    older = _make(tmp_path / "cann-prelude-aiv-clang++-2", 300, 20, now=now)
    old = _make(tmp_path / "prelude" / "aiv-clang++-3", 200, 10, now=now)
    fresh = _make(tmp_path / "b-aiv-g++-4.so", 100, 5, now=now)
    removed = build_cache.prune(tmp_path, 350, now=now)
    assert [entry.path for entry in removed] == [oldest, older]
    assert [entry.size for entry in removed] == [400, 300]
    assert not oldest.exists()
    assert not older.exists()
    assert old.exists()
    assert fresh.exists()
    assert (tmp_path / "prelude").is_dir()


def test_prune_keeps_what_was_used_in_the_last_two_days_over_the_limit(tmp_path: Path) -> None:
    now = time.time()
    stale = _make(tmp_path / "a-aiv-g++-1.so", 100, 3, now=now)
    recent = _make(tmp_path / "b-aiv-g++-2.so", 1000, 1.9, now=now)
    removed = build_cache.prune(tmp_path, 10, now=now)
    assert [entry.path for entry in removed] == [stale]
    assert recent.exists()


def test_a_directory_is_as_recent_as_its_newest_file(tmp_path: Path) -> None:
    now = time.time()
    prelude = _make(tmp_path / "prelude" / "aiv-g++-1", 100, 30, now=now)
    used = prelude / "runtime.o"
    used.write_bytes(b"\0" * 50)
    os.utime(used, (now - 0.5 * DAY, now - 40 * DAY))  # read half a day ago, written long before
    os.utime(prelude, (now - 30 * DAY, now - 30 * DAY))
    assert build_cache.prune(tmp_path, 0, now=now) == []
    assert [(entry.size, entry.last_use) for entry in build_cache.entries(tmp_path)] == [(150, now - 0.5 * DAY)]


def test_prune_removes_killed_builds_scratch_but_not_builds_in_progress(tmp_path: Path) -> None:
    now = time.time()
    killed = _make(tmp_path / ".build-killed", 10, 2, now=now)
    running = _make(tmp_path / ".build-running", 10, 0.01, now=now)
    build_cache.prune(tmp_path, 10**9, now=now)
    assert not killed.exists()
    assert running.exists()


@pytest.mark.parametrize(
    ("value", "limit"),
    [("", build_cache.DEFAULT_LIMIT), ("10G", 10 * 2**30), ("500M", 500 * 2**20), ("2.5g", int(2.5 * 2**30)),
     ("64KiB", 64 * 2**10), ("123", 123), ("none", None), ("None", None)],
)  # fmt: skip
def test_the_limit_is_read_from_the_environment(monkeypatch: pytest.MonkeyPatch, value: str, limit: int | None) -> None:
    monkeypatch.setenv(build_cache.LIMIT_ENV, value)
    assert build_cache.cache_limit() == limit


def test_a_malformed_limit_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(build_cache.LIMIT_ENV, "lots")
    with pytest.raises(AscxError) as raised:
        build_cache.cache_limit()
    assert str(raised.value) == (
        "error: ASCX_EMU_CACHE_LIMIT must be a size such as '10G' or '500M', or 'none', got 'lots'\n"
        "hint: the build directory is pruned to this size after builds (docs/emulation.md#the-build-cache)"
    )
    assert raised.value.kind == "usage"


def test_a_build_prunes_its_directory_at_most_once_an_hour(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(build_cache.LIMIT_ENV, "1")
    monkeypatch.setattr(build, "_build_dir_override", tmp_path)
    now = time.time()
    stale = _make(tmp_path / "gone-aiv-g++-1.so", 100, 30, now=now)
    library = build.build_library(TINY, "aiv", name="tiny")
    assert not stale.exists()
    assert library.exists()  # the build itself is recent, so it stays over the limit
    assert now - (tmp_path / build_cache.STAMP).stat().st_mtime < 60
    later = _make(tmp_path / "later-aiv-g++-2.so", 100, 30, now=now)
    build.build_library(TINY + "// another\n", "aiv", name="tiny")
    assert later.exists()  # pruned less than an hour ago
    os.utime(tmp_path / build_cache.STAMP, (now - 2 * 3600, now - 2 * 3600))
    build.build_library(TINY + "// a third\n", "aiv", name="tiny")
    assert not later.exists()


def test_none_never_prunes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(build_cache.LIMIT_ENV, "none")
    stale = _make(tmp_path / "kept-aiv-g++-1.so", 100, 300, now=time.time())
    build_cache.after_build(tmp_path)
    assert stale.exists()
    assert not (tmp_path / build_cache.STAMP).exists()
