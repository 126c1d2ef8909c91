"""pyasc's option classes: ``asc.CodegenOptions`` and ``asc.CompileOptions`` (``asc.LaunchOptions`` is
in ``ascx.runtime.launcher``).

In pyasc, ``@asc.jit(**options)`` sorts its keywords into these dataclasses.  ascx's ``@asc.jit``
takes the same keywords (see ``docs/reference/jit.md``); these classes carry pyasc's fields and
defaults so that code which builds them runs unchanged.  ascx's own defaults for the sync options
differ: ``verify_sync`` and ``insert_sync`` are on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass
class CodegenOptions:
    """pyasc's code-generation options (accepted by ``@asc.jit``; they change nothing in ascx)."""

    capture_exceptions: bool = True
    ir_multithreading: bool = True


@dataclass
class CompileOptions:
    """pyasc's compile options, as ``@asc.jit`` keywords: ``kernel_type``, ``always_compile``,
    ``matmul_cube_only``, ``verify_sync`` and ``insert_sync`` are honoured by ascx; the others are
    accepted."""

    debug: bool = False
    strip_loc: bool = False
    verify_sync: bool = False
    print_ir_before_all: bool = False
    run_passes: bool = True
    kernel_type: Any = None
    opt_level: int | None = 3
    auto_sync: bool | None = True
    auto_sync_log: str | None = ""
    bisheng_options: tuple[str, ...] | None = None
    always_compile: bool = False
    matmul_cube_only: bool = False
    insert_sync: bool | None = None
