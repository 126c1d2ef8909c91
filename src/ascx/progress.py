"""Progress of ascx's slow steps through Python's ``logging`` (docs/emulation.md#progress-and-timings).

Every step that can take over about a second (building an emulated kernel with the host compiler, the
emulation prelude's one-off build, running a kernel on the emulation, the CANN type-check, a bisheng
build) logs a line when it starts and one with its duration when it ends, on a logger under ``ascx``:

- ``ascx.compile``: compiling a kernel to Ascend C (DEBUG: a compile takes well under a second);
- ``ascx.cache``: the disk cache of compiled kernels;
- ``ascx.build``: the host-compiler builds of the CPU emulation (both backends);
- ``ascx.emu``: running a kernel on the emulation;
- ``ascx.cann_check``: the type-check against CANN's headers (``ascx build --target check``);
- ``ascx.cann_build``: the bisheng build for the NPU (``ascx build --target cann``).

A step's summary is at INFO ("building 'k' with g++ against the emulation headers ..."), each compiler
run inside it at DEBUG.  As a library ascx prints nothing: it adds no handler, and these records are below
the WARNING that Python shows by default, so they reach an application's handlers only if it asks for them
(``logging.basicConfig(level=logging.INFO)``).  (No ``NullHandler`` either: the one WARNING ascx logs, a corrupt
kernel cache entry it discards, still reaches stderr through ``logging.lastResort``.)
:func:`show_progress` prints them on stderr as ``ascx: ...`` lines; the ``ascx`` command and the examples
call it.  ``ASCX_LOG`` (``debug``, ``info``, ``warning``, ``off``) is the level they show.
"""

from __future__ import annotations

import contextvars
import logging
import os
import sys
import time
from collections.abc import Callable, Generator
from concurrent.futures import Executor, Future
from contextlib import contextmanager
from contextvars import ContextVar
from typing import ParamSpec, TextIO, TypeVar

ROOT = "ascx"
"""The logger every ascx logger is under."""
LOG_ENV = "ASCX_LOG"
"""The level :func:`show_progress` shows when it is not given one."""
LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING, "off": logging.CRITICAL + 1}
"""What ``ASCX_LOG`` takes (``off``: no progress; warnings still go through the ``warnings`` module)."""
FORMAT = "ascx: %(message)s"
"""How :func:`show_progress` prints a record."""

P = ParamSpec("P")
R = TypeVar("R")


def logger(name: str) -> logging.Logger:
    """The logger ``ascx.<name>``."""
    return logging.getLogger(f"{ROOT}.{name}")


class _StderrHandler(logging.StreamHandler[TextIO]):
    """Writes to ``stream``, else to the ``sys.stderr`` of the moment (pytest's capture, a later redirection)."""

    def __init__(self, stream: TextIO | None) -> None:
        super().__init__(stream if stream is not None else sys.stderr)
        self._fixed = stream

    def emit(self, record: logging.LogRecord) -> None:
        if self._fixed is None:
            self.stream = sys.stderr
        super().emit(record)


_shown: tuple[logging.Handler, int, bool] | None = None
"""The handler :func:`show_progress` added, and the ``ascx`` logger's level and ``propagate`` before it."""


def level_from_environment(default: int = logging.INFO) -> int:
    """``$ASCX_LOG`` as a level, else ``default``; a one-line error for anything else."""
    value = os.environ.get(LOG_ENV, "").strip().lower()
    if not value:
        return default
    if value not in LEVELS:
        from ascx.errors import AscxError

        raise AscxError(f"{LOG_ENV}={value!r} is not a log level: use one of {', '.join(LEVELS)}", kind="usage")
    return LEVELS[value]


def show_progress(level: int | None = None, stream: TextIO | None = None) -> None:
    """Print ascx's progress lines (``ascx: building 'k' ...: 3.21 s``) on ``stream`` (stderr by default)
    from now on: ``level`` INFO (the default, else ``$ASCX_LOG``) shows the slow steps, DEBUG every compiler
    run and cache lookup too.  The records stop propagating to the root logger meanwhile, so that an
    application's ``logging.basicConfig`` does not print them twice.  Calling it again replaces the first."""
    global _shown
    level = level if level is not None else level_from_environment()  # a bad $ASCX_LOG changes nothing
    hide_progress()
    root = logging.getLogger(ROOT)
    handler = _StderrHandler(stream)
    handler.setFormatter(logging.Formatter(FORMAT))
    _shown = (handler, root.level, root.propagate)
    root.addHandler(handler)
    root.setLevel(level)
    root.propagate = False


def hide_progress() -> None:
    """Undo :func:`show_progress`: ascx prints nothing again."""
    global _shown
    if _shown is None:
        return
    handler, level, propagate = _shown
    _shown = None
    root = logging.getLogger(ROOT)
    root.removeHandler(handler)
    root.setLevel(level)
    root.propagate = propagate


def progress_shown() -> bool:
    """Whether :func:`show_progress` is in effect."""
    return _shown is not None


@contextmanager
def showing_progress(level: int | None = None, stream: TextIO | None = None) -> Generator[None]:
    """:func:`show_progress` inside the block (nothing more when it is in effect already), then as before."""
    if progress_shown():
        yield
        return
    show_progress(level, stream)
    try:
        yield
    finally:
        hide_progress()


# -- steps


class _Step:
    """A running step: whether a tool (a compiler) ran inside it."""

    def __init__(self, outer: _Step | None) -> None:
        self.outer = outer
        self.worked = False


_step: ContextVar[_Step | None] = ContextVar("ascx_progress_step", default=None)
_timings: ContextVar[dict[str, float] | None] = ContextVar("ascx_progress_timings", default=None)


@contextmanager
def step(
    log: logging.Logger, text: str, *, level: int = logging.INFO, timing: str | None = None, cached_note: bool = False
) -> Generator[None]:
    """Log ``text ...`` before the block and ``text: 1.23 s`` after it.  ``cached_note``: the step is a build,
    which says ``(cached)`` when no :func:`tool_run` happened inside it.  ``timing``: the key of
    :func:`recording_timings`'s dictionary the step's seconds are added to (0 for a cached build)."""
    mine = _Step(_step.get())
    token = _step.set(mine)
    log.log(level, "%s ...", text)
    start = time.perf_counter()
    try:
        yield
    except BaseException:
        log.log(level, "%s: failed after %.2f s", text, time.perf_counter() - start)
        raise
    finally:
        _step.reset(token)
    elapsed = time.perf_counter() - start
    cached = cached_note and not mine.worked
    log.log(level, "%s: %.2f s%s", text, elapsed, " (cached)" if cached else "")
    times = _timings.get()
    if timing is not None and times is not None:
        times[timing] = times.get(timing, 0.0) + (0.0 if cached else elapsed)


@contextmanager
def tool_run(log: logging.Logger, text: str) -> Generator[None]:
    """A compiler run: a DEBUG :func:`step` that marks the steps around it as having done work (not cached)."""
    mark_work()
    with step(log, text, level=logging.DEBUG):
        yield


def mark_work() -> None:
    """Say that the steps around this point did work: a build among them is not ``(cached)``."""
    outer = _step.get()
    while outer is not None:
        outer.worked = True
        outer = outer.outer


@contextmanager
def recording_timings(keys: tuple[str, ...]) -> Generator[dict[str, float]]:
    """A dictionary, ``keys`` at 0.0, that the :func:`step` s with a ``timing`` inside the block add to."""
    times = dict.fromkeys(keys, 0.0)
    token = _timings.set(times)
    try:
        yield times
    finally:
        _timings.reset(token)


def submit(pool: Executor, fn: Callable[P, R], *args: P.args, **kwargs: P.kwargs) -> Future[R]:
    """``pool.submit(fn, ...)`` in a copy of this thread's context: the steps inside count toward this one's."""
    context = contextvars.copy_context()

    def run() -> R:
        return context.run(fn, *args, **kwargs)

    return pool.submit(run)
