"""Ending a command-line process without Python's teardown.

At exit the interpreter clears every module and collects their objects; after a compile that is
xDSL's and the dialect's definitions, about a fifth of a cold ``ascx compile`` and more than the
whole of a disk-cache hit (benchmarks/cold_start.py).  A command whose work is done and whose
output is flushed has nothing left to clean up, so it leaves with ``os._exit`` (as mypy does).
Commands that may leave temporary files or worker threads behind exit normally.
"""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Callable
from typing import NoReturn


def exit_now(status: int) -> NoReturn:
    """Flush the standard streams and end the process with ``status``, skipping the teardown."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe: nothing more can be written anyway
            pass
    os._exit(status)


def run_command(main: Callable[[], int], *, quick_exit: Callable[[], bool]) -> NoReturn:
    """Run ``main`` and exit with its status; when ``quick_exit()`` says the command allows it, without
    teardown and without the cyclic garbage collector.

    A command-line tool shows no docstring, so the API is not given its docstrings here
    (``ascx.language.docstrings``)."""
    from ascx.language.docstrings import skip_docstrings

    skip_docstrings()
    if quick_exit():
        # A short-lived process that ends without teardown: reference counting frees what it drops, and
        # the cyclic collector would only scan the dialect's long-lived objects, a twentieth of a cold
        # compile, to find nothing.
        gc.disable()
    try:
        status = main()
    except SystemExit as stop:  # argparse's usage errors, --help
        code = stop.code
        status = code if isinstance(code, int) else (0 if code is None else 1)
        if not isinstance(code, int) and code is not None:
            print(code, file=sys.stderr)
    if quick_exit():
        exit_now(status)
    sys.exit(status)
