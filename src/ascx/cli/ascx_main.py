"""``ascx``: compile kernels written in Python to Ascend C.

ascx compile FILE.py[::FUNC] [--emit ascendc|ir|ir-traced] [--args "MockTensor(asc.float16), ..."] [-o OUT]
ascx build FILE.py[::FUNC] [--target cann|emu|check] [--args ...] [-o DIR] [--auto-sync] [--cann-headers DIR]
ascx profile FILE.py[::FUNC] [-o DIR] [--block N] [ARGS ...]
ascx explain RULE
"""

from __future__ import annotations

import argparse
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from ascx.errors import AscxError, AscxWarning, KernelError, SourceLocation
from ascx.version import __version__

if TYPE_CHECKING:
    from ascx.cli.kernel_loading import KernelArguments
    from ascx.runtime.compiler import CompiledKernel
    from ascx.runtime.jit import JITFunction


def _kernel_types() -> list[str]:
    """The kernel types ascx builds, which ``@asc.jit(kernel_type=...)`` can ask for
    (docs/reference/jit.md#kernel-types)."""
    from ascx.kernel_type import KernelType

    return [kind.name for kind in KernelType]


def _add_jit_options(command: argparse.ArgumentParser) -> None:
    """``@asc.jit``'s options, overriding the kernel's own where given."""
    group = command.add_argument_group("@asc.jit options (the kernel's own unless given)")
    group.add_argument("--insert-sync", action=argparse.BooleanOptionalAction, help="insert_sync")
    group.add_argument("--verify-sync", action=argparse.BooleanOptionalAction, help="verify_sync")
    group.add_argument("--sync-report", action=argparse.BooleanOptionalAction, help="sync_report")
    group.add_argument("--warnings-as-errors", action=argparse.BooleanOptionalAction, help="warnings_as_errors")
    group.add_argument("--kernel-type", choices=_kernel_types(), help="kernel_type: ask for this kernel type")


def _add_progress_options(command: argparse.ArgumentParser) -> None:
    """How much progress goes to stderr (docs/emulation.md#progress-and-timings)."""
    group = command.add_argument_group("progress (on stderr; default: $ASCX_LOG, else info)")
    volume = group.add_mutually_exclusive_group()
    volume.add_argument(
        "-q", "--quiet", action="store_true", help="no progress lines (ASCX_LOG=off); errors and warnings still print"
    )
    volume.add_argument(
        "-v", "--verbose", action="store_true", help="also each compiler run and compile step (ASCX_LOG=debug)"
    )


def progress_level(args: argparse.Namespace) -> int | None:
    """The level of the progress lines the command line asks for: ``-q``, ``-v``, else ``$ASCX_LOG``, else INFO;
    None when none are shown.  ``ascx compile``'s steps are DEBUG, so without ``-v`` or ``$ASCX_LOG`` it sets
    nothing up (and a kernel cache hit does not import ``logging``)."""
    if getattr(args, "quiet", False):
        return None
    import os

    asked = getattr(args, "verbose", False) or os.environ.get("ASCX_LOG")  # ascx.progress.LOG_ENV
    if args.command != "build" and not asked:
        return None
    from ascx.progress import LEVELS, level_from_environment

    level = LEVELS["debug"] if getattr(args, "verbose", False) else level_from_environment()
    return None if level >= LEVELS["off"] else level


def jit_options(args: argparse.Namespace) -> dict[str, object]:
    """The ``@asc.jit`` options the command line sets."""
    options: dict[str, object] = {
        name: getattr(args, name)
        for name in ("insert_sync", "verify_sync", "sync_report", "warnings_as_errors")
        if getattr(args, name, None) is not None
    }
    if getattr(args, "kernel_type", None) is not None:
        from ascx.runtime.config import KernelType

        options["kernel_type"] = KernelType[args.kernel_type]
    return options


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ascx", description="Compile Python kernels to Ascend C.")
    parser.add_argument("--version", action="version", version=f"ascx {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    compile_cmd = commands.add_parser("compile", help="compile a kernel and print its Ascend C (or IR)")
    compile_cmd.add_argument("target", metavar="FILE.py[::FUNC]", help="the kernel file, optionally ::kernel name")
    compile_cmd.add_argument(
        "--emit",
        choices=("ascendc", "ir", "ir-traced"),
        default="ascendc",
        help="what to print: the Ascend C (default), the IR after the pipeline, or the IR as traced, before any "
        "pass (what ascx-opt takes)",
    )
    compile_cmd.add_argument(
        "--args",
        metavar="EXPR",
        help="kernel arguments as the arguments of a call (positional, then name=value), with asc, MockTensor, "
        "MockValue and the data types in scope; a parameter left out takes its default, else "
        "MockTensor(asc.float16) for an address, MockValue for int/float",
    )
    compile_cmd.add_argument("--debug-info", action="store_true", help="with --emit ir: print op locations")
    compile_cmd.add_argument("-o", "--output", metavar="OUT", help="write to OUT instead of standard output")
    _add_jit_options(compile_cmd)
    _add_progress_options(compile_cmd)
    build_cmd = commands.add_parser(
        "build", help="compile a kernel and build it (CANN's bisheng, the CPU emulation, or a check against CANN)"
    )
    build_cmd.add_argument("target", metavar="FILE.py[::FUNC]", help="the kernel file, optionally ::kernel name")
    build_cmd.add_argument(
        "--target",
        dest="backend",
        choices=("cann", "emu", "check"),
        default="emu",
        help="cann: bisheng object for the NPU (needs a CANN toolkit); emu: the CPU emulation library (default); "
        "check: type-check the Ascend C against CANN's headers with the host compiler",
    )
    build_cmd.add_argument("--args", metavar="EXPR", help="kernel arguments, as for compile")
    _add_jit_options(build_cmd)
    _add_progress_options(build_cmd)
    build_cmd.add_argument("-o", "--output", metavar="DIR", default=".", help="where the build goes (cann; default .)")
    build_cmd.add_argument(
        "--auto-sync", action="store_true", help="cann: also let bisheng insert synchronisation (--cce-auto-sync)"
    )
    build_cmd.add_argument(
        "--cann-headers",
        metavar="DIR",
        help="check: a CANN installation, or a tree with asc-devkit/, stub/ and gen/, as for ASCX_CANN_HEADERS "
        "(default: $ASCX_CANN_HEADERS, else $ASCEND_HOME_PATH)",
    )
    profile_cmd = commands.add_parser(
        "profile", help="run a script's kernels on the CPU emulation and print their modelled per-pipe timelines"
    )
    profile_cmd.add_argument(
        "target",
        metavar="FILE.py[::FUNC]",
        help="the script (run as __main__), or FUNC in it (called with no arguments)",
    )
    profile_cmd.add_argument(
        "-o", "--output", metavar="DIR", default="ascx-profile", help="where the files go (default ./ascx-profile)"
    )
    profile_cmd.add_argument("--block", type=int, default=0, metavar="N", help="the block the SVG draws (default 0)")
    profile_cmd.add_argument(
        "argv", nargs="*", metavar="ARGS", help="the script's arguments (after --: those that start with -)"
    )
    explain_cmd = commands.add_parser("explain", help="explain a diagnostic's rule, e.g. ascx explain MM-4")
    explain_cmd.add_argument("rule", metavar="RULE", help="the rule ID in brackets at the end of a diagnostic")
    return parser


def _traced_ir(args: argparse.Namespace) -> str:
    """The kernel's IR before any pass, as ``--emit ir`` prints IR (``--debug-info`` adds locations)."""
    from io import StringIO

    from xdsl.printer import Printer

    kernel, given = _kernel_and_arguments(args)
    out = StringIO()
    Printer(stream=out, print_debuginfo=bool(args.debug_info)).print_op(kernel.trace(*given.args, **given.kwargs))
    return out.getvalue() + "\n"


def _kernel_and_arguments(args: argparse.Namespace) -> tuple[JITFunction[..., Any], KernelArguments]:
    """The kernel ``FILE.py[::FUNC]`` names, with the command line's ``@asc.jit`` options, and its arguments."""
    from ascx.cli.kernel_loading import find_kernel, kernel_arguments, load_module

    file_part, _, func_name = str(args.target).partition("::")
    path = Path(file_part)
    kernel = _with_options(find_kernel(load_module(path), path, func_name or None), args)
    return kernel, kernel_arguments(kernel, args.args)


def _with_options(kernel: JITFunction[..., Any], args: argparse.Namespace) -> JITFunction[..., Any]:
    """The kernel with the command line's ``@asc.jit`` options over its own."""
    options = jit_options(args)
    if not options:
        return kernel
    from ascx.runtime.jit import JITFunction

    return JITFunction(kernel.fn, **{**kernel.user_options, **options})


def _compiled(args: argparse.Namespace) -> CompiledKernel:
    from ascx.cli.kernel_loading import args_template

    kernel, given = _kernel_and_arguments(args)
    try:
        return kernel.compile(*given.args, **given.kwargs)
    except KernelError as exc:
        if exc.kind != "argument-count":
            assumption = given.assumption_hint()
            if assumption is not None:
                exc.notes.append(assumption)
            raise
        raise AscxError(
            exc.message,
            exc.location,
            hints=[f'--args gives the parameters of {kernel.__name__}, e.g. --args "{args_template(kernel)}"'],
            kind="usage",
        ) from None
    except TypeError as exc:
        code = kernel.ascx_python_function.__code__
        raise AscxError(
            f"cannot bind the arguments to {kernel.__name__}: {exc}",
            SourceLocation(code.co_filename, code.co_firstlineno),
            hints=[f'--args gives the parameters of {kernel.__name__}, e.g. --args "{args_template(kernel)}"'],
            kind="usage",
        ) from None


def run_build(args: argparse.Namespace) -> str:
    """Build the kernel; the path of what was built."""
    compiled = _compiled(args)
    if args.backend == "cann":
        from ascx.runtime.cann_build import build

        return f"{build(compiled, Path(args.output), auto_sync=bool(args.auto_sync))}\n"
    if args.backend == "check":
        from ascx.runtime.cann_check import check_compiled

        return check_compiled(compiled, args.cann_headers) + "\n"
    from ascx.emu.launch import build_kernel

    return f"{build_kernel(compiled)}\n"


def run_command(args: argparse.Namespace) -> str:
    """The command's output, with its progress on stderr (docs/emulation.md#progress-and-timings)."""
    if args.command == "explain":
        return run_compile(args)
    level = progress_level(args)
    if level is None:
        return run_compile(args)
    from ascx.progress import showing_progress

    with showing_progress(level):
        return run_compile(args)


def run_compile(args: argparse.Namespace) -> str:
    if args.command == "explain":
        from ascx.cli.explain import explain

        return explain(args.rule)
    if args.command == "build":
        return run_build(args)
    if args.command == "profile":
        from ascx.cli.profile import run_profile

        return run_profile(str(args.target), Path(args.output), int(args.block), list(args.argv))
    if args.emit == "ir-traced":
        return _traced_ir(args)
    compiled = _compiled(args)
    if args.emit == "ir":
        return compiled.ir_with_locations() if args.debug_info else compiled.ir
    return compiled.source


def _show_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """Print ascx's warnings as compiler diagnostics (``file:line[:col]: warning: ...``), others as Python does."""
    if issubclass(category, AscxWarning):
        column = message.column if isinstance(message, AscxWarning) else None
        where = f"{filename}:{lineno}" if column is None else f"{filename}:{lineno}:{column}"
        print(f"{where}: warning: {message}", file=file or sys.stderr)
    else:
        _python_show_warning(message, category, filename, lineno, file, line)


_python_show_warning = warnings.showwarning


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    shown, warnings.showwarning = warnings.showwarning, _show_warning
    try:
        text = run_command(args)
    except AscxError as error:
        print(error, file=sys.stderr)
        return 1
    finally:
        warnings.showwarning = shown
    if args.command == "compile" and args.output:
        Path(args.output).write_text(text)
    else:
        sys.stdout.write(text)
    return 0


_QUICK_EXIT = ("compile", "explain")
"""The commands that end without interpreter teardown (``ascx.cli.process_exit``): they leave no
temporary files or threads behind."""


def entry() -> None:
    """The ``ascx`` console script."""
    from ascx.cli.process_exit import run_command

    run_command(main, quick_exit=lambda: len(sys.argv) > 1 and sys.argv[1] in _QUICK_EXIT)


if __name__ == "__main__":
    entry()
