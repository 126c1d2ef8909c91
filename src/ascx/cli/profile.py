"""``ascx profile FILE.py[::FUNC]``: run a script's launches under the timeline profiler
(docs/emulation.md#timeline, docs/reference/cli.md#ascx-profile-filepyfunc)."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

from ascx.errors import AscxError


def run_profile(target: str, directory: Path, block: int, argv: list[str]) -> str:
    """Run ``target`` (a script as ``__main__`` with ``argv``, or ``FILE.py::FUNC`` called with no
    arguments) with every clean-room launch profiled into ``directory``; each launch's summary and files."""
    from ascx.emu.timeline import Profile, profiling

    file_part, _, func_name = target.partition("::")
    path = Path(file_part)
    if not path.is_file():
        raise AscxError(f"no such file: {file_part}", kind="usage")
    found: list[Profile] = []
    saved_argv, saved_path = sys.argv, list(sys.path)
    sys.argv = [str(path), *argv]
    sys.path.insert(0, str(path.resolve().parent))  # as `python FILE.py` does
    try:
        with profiling(directory, block=block, quiet=True) as profiles:
            found = profiles
            if not func_name:
                runpy.run_path(str(path), run_name="__main__")
            else:
                namespace = runpy.run_path(str(path), run_name=f"ascx_profile_{path.stem}")
                function = namespace.get(func_name)
                if not callable(function):
                    raise AscxError(f"{file_part} has no function '{func_name}'", kind="usage")
                function()
    except SystemExit as stop:
        if stop.code not in (None, 0):
            raise AscxError(f"{target} exited with status {stop.code}", kind="usage") from None
    finally:
        sys.argv, sys.path[:] = saved_argv, saved_path
    if not found:
        raise AscxError(
            f"{target} ran no kernel on the CPU emulation, so there is no timeline",
            hints=[f"name the function that launches the kernel: ascx profile {file_part}::main"],
            kind="usage",
        )
    return "".join(profile.text for profile in found)
