"""The modelled per-pipe timeline of emulated launches (docs/emulation.md#timeline).

With ``ASCX_PROFILE=DIR`` in the environment, or inside :func:`profiling`, every clean-room launch
records its timeline and writes three files to ``DIR``: a Chrome trace-event JSON, an SVG of one
block's core, and a text summary.  Times are modelled cycles from a cost table (:mod:`.costs`): relative,
for comparing variants of a kernel, not a measurement.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Generator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from ascx.emu.timeline.costs import DEFAULT as DEFAULT_COSTS, CostTable, costs, current_costs
from ascx.emu.timeline.events import Event
from ascx.emu.timeline.model import Timeline
from ascx.emu.timeline.recording import Recorded, write_files
from ascx.errors import AscxError

__all__ = [
    "DEFAULT_COSTS",
    "CostTable",
    "Event",
    "Profile",
    "Timeline",
    "costs",
    "current_costs",
    "drawn_block",
    "profile_dir",
    "profiling",
    "profiling_into",
    "recorded",
    "write_profile",
]

PROFILE_ENV = "ASCX_PROFILE"


@dataclass(frozen=True)
class Profile:
    """What one profiled launch wrote."""

    timeline: Timeline
    trace: Path
    svg: Path
    summary: Path
    text: str


@dataclass(frozen=True)
class _Settings:
    directory: Path
    block: int
    quiet: bool


_settings: ContextVar[_Settings | None] = ContextVar("ascx_profile", default=None)
_recorded: ContextVar[tuple[list[Profile], ...]] = ContextVar("ascx_profile_recorded", default=())
_counts: dict[tuple[Path, str], int] = {}


def profile_dir() -> Path | None:
    """Where this launch's timeline goes: :func:`profiling`'s directory, else ``$ASCX_PROFILE``, else None."""
    settings = _settings.get()
    if settings is not None:
        return settings.directory
    value = os.environ.get(PROFILE_ENV, "")
    return Path(value) if value else None


@contextmanager
def profiling(directory: str | Path, *, block: int = 0, quiet: bool = False) -> Generator[list[Profile]]:
    """Launches inside write their timelines to ``directory`` (the SVG draws block ``block``); yields the
    list of :class:`Profile` they add to (as do the lists of the :func:`profiling` it is inside).  ``quiet``:
    no line on stderr per launch."""
    found: list[Profile] = []
    token = _settings.set(_Settings(Path(directory), block, quiet))
    listed = _recorded.set((*_recorded.get(), found))
    try:
        yield found
    finally:
        _recorded.reset(listed)
        _settings.reset(token)


@contextmanager
def profiling_into(directory: object) -> Generator[None]:
    """:func:`profiling` into ``directory`` when it is one (``@asc.jit(profile=DIR)``, ``kernel[n](...,
    profile=DIR)``); nothing when it is None."""
    if directory is None:
        yield
        return
    path = Path(directory) if isinstance(directory, str | Path) and str(directory) else None
    if path is None and hasattr(directory, "__fspath__"):
        path = Path(os.fspath(cast("os.PathLike[str]", directory)))
    if path is None:
        raise AscxError(
            f"profile must be the directory for the timeline's files (a str or a path), got {directory!r}",
            kind="usage",
            hints=["e.g. kernel[n](..., profile='profile-out') (docs/emulation.md#timeline)"],
        )
    with profiling(path):
        yield


def drawn_block() -> int:
    """The block whose core a launch's SVG and summary show: :func:`profiling`'s ``block``, else 0."""
    settings = _settings.get()
    return settings.block if settings is not None else 0


def recorded() -> list[Profile] | None:
    """The profiles of the innermost :func:`profiling`."""
    lists = _recorded.get()
    return lists[-1] if lists else None


def write_profile(recorded: Recorded, directory: Path) -> Profile:
    """Write the trace, SVG and summary of ``recorded`` to ``directory`` (``KERNEL-N.*``, N counting this
    process's launches of the kernel) and say where on stderr."""
    timeline = recorded.timeline
    settings = _settings.get()
    n = _counts.get((directory, timeline.kernel), 0)
    _counts[(directory, timeline.kernel)] = n + 1
    stem = os.path.join(directory, f"{timeline.kernel}-{n}")
    paths = (f"{stem}.trace.json", f"{stem}.svg", f"{stem}.summary.txt")
    side, core = timeline.core
    try:
        text = write_files(recorded, paths, f"{timeline.kernel}, {side.upper()} core {core}")
    except OSError as error:
        raise AscxError(
            f"cannot write the modelled timeline of '{timeline.kernel}' to {directory}: "
            f"{error.strerror or error} ({error.filename})",
            kind="usage",
            hints=["ASCX_PROFILE, or a launch's profile=, names a directory for the files, made when missing "
                   "(docs/emulation.md#timeline)"],
        ) from None  # fmt: skip
    trace, svg, summary = (Path(path) for path in paths)
    files = f"  files: {trace}\n         {svg}\n         {summary}\n"
    profile = Profile(timeline, trace, svg, summary, text + files)
    for found in _recorded.get():
        found.append(profile)
    if settings is None or not settings.quiet:
        print(f"ascx: the modelled timeline of '{timeline.kernel}' is in {stem}.*", file=sys.stderr)
    return profile
