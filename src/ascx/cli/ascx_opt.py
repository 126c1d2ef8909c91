"""``ascx-opt``: xDSL's optimizer driver with the ascx dialect, passes and the ``ascendc`` target.

    ascx-opt FILE.mlir -p ascx-kernel-type,ascx-kernel-prologue [-t ascendc]

Everything ``xdsl-opt`` offers works (``--split-input-file``, ``--verify-diagnostics``,
``--print-op-generic``...).  Errors in the input (parse errors, IR that does not verify, rules
a pass enforces) are printed as diagnostics on standard error with exit status 1, never as
Python tracebacks.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import IO

from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import ModulePass, PassPipeline
from xdsl.utils.exceptions import DiagnosticException, ParseError
from xdsl.xdsl_opt_main import xDSLOptMain

from ascx.cli.ir_parsing import LocatingParser, render_parse_error
from ascx.diagnostics import verify_module
from ascx.dialects import get_all_dialects
from ascx.errors import AscxError
from ascx.passes import get_all_passes


class AscxOptMain(xDSLOptMain):
    """``xdsl-opt`` plus ascx's dialects, passes and target; verification errors name the failing op."""

    def register_all_dialects(self) -> None:
        super().register_all_dialects()
        for name, factory in get_all_dialects().items():
            if name not in self.ctx.registered_dialect_names:
                self.ctx.register_dialect(name, factory)

    def register_all_passes(self) -> None:
        super().register_all_passes()
        for name, factory in get_all_passes().items():
            self.register_pass(name, factory)

    def register_all_targets(self) -> None:
        super().register_all_targets()

        def ascendc() -> type:
            from ascx.target import AscendCTarget

            return AscendCTarget

        self.available_targets["ascendc"] = ascendc

    def prepare_input(self) -> tuple[list[tuple[IO[bytes], int]], str]:
        try:
            return super().prepare_input()
        except ValueError as exc:  # an input file extension no frontend handles
            raise AscxError(str(exc), hints=["name IR files *.mlir or pass --frontend mlir"], kind="usage") from None

    def parse_chunk(self, chunk: IO[bytes], file_extension: str, start_offset: int = 0) -> ModuleOp | None:
        if file_extension != "mlir":
            return super().parse_chunk(chunk, file_extension, start_offset)
        text = chunk.read().decode("utf-8", errors="replace")
        parser = LocatingParser(self.ctx, text, self.get_input_name(), start_offset)
        return parser.parse_module(not self.args.no_implicit_module)

    def setup_pipeline(self) -> None:
        def verify_between(previous: ModulePass | None, module: ModuleOp, following: ModulePass | None) -> None:
            if not self.args.disable_verify:
                verify_module(module)
            if previous is not None and following is not None and self.args.print_between_passes:
                print(f"IR after {previous.name}:")
                print(module)
                print("\n\n")

        self.pipeline = PassPipeline.parse_spec(self.available_passes, self.args.passes, verify_between)


def description() -> str:
    """What ``ascx-opt --help`` says first: ascx's own passes, in the order of the compile's pipeline."""
    from ascx.language.core.kernel_options import KernelOptions
    from ascx.runtime.pipeline_spec import pipeline_for

    return (
        "xdsl-opt with ascx's ascendc dialect and target (-t ascendc prints Ascend C). ascx's passes, in the "
        f"order ascx compile runs them: {', '.join(pipeline_for(KernelOptions()))} (docs/passes/); xDSL's and any "
        "installed package's follow in -p's list."
    )


def main(argv: Sequence[str] | None = None) -> int:
    if list(sys.argv[1:] if argv is None else argv) == ["--version"]:  # xdsl-opt's own would name xDSL only
        import xdsl

        from ascx.version import __version__

        print(f"ascx-opt {__version__} (xDSL {xdsl.__version__})")
        return 0
    try:
        tool = AscxOptMain(description=description(), args=argv)
    except ValueError as error:  # unknown pass names or pass options
        print(f"error: {error}", file=sys.stderr)
        return 1
    try:
        tool.run()
    except ParseError as error:
        print(render_parse_error(error), end="", file=sys.stderr)
        return 1
    except DiagnosticException as error:
        print(error, file=sys.stderr)
        return 1
    return 0


def entry() -> None:
    """The ``ascx-opt`` console script: it ends without interpreter teardown (``ascx.cli.process_exit``)."""
    from ascx.cli.process_exit import run_command

    run_command(main, quick_exit=lambda: True)


if __name__ == "__main__":
    entry()
