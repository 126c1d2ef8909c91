"""``ascx-opt``: passes on IR files, the ascendc target, and diagnostics instead of tracebacks."""

from __future__ import annotations

from pathlib import Path

import pytest

from ascx.cli.ascx_opt import main

KERNEL = """\
func.func @k(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
  ascendc.matmul.end %mm
  func.return
}
"""


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "input.mlir"
    path.write_text(text)
    return str(path)


def test_round_trip(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([write(tmp_path, KERNEL)]) == 0
    first = capsys.readouterr().out
    assert main([write(tmp_path, first)]) == 0
    assert capsys.readouterr().out == first


def test_pipeline_and_target(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write(tmp_path, KERNEL)
    assert main([path, "-p", "ascx-kernel-type,ascx-kernel-prologue", "-t", "ascendc"]) == 0
    out = capsys.readouterr().out
    assert out.startswith('#include "kernel_operator.h"\n#include "lib/matmul_intf.h"\n\n')
    assert 'extern "C" __global__ __aicore__ void k(__gm__ uint8_t* w, __gm__ uint64_t* ffts_addr) {\n' in out
    assert "    mm.End();\n}\n" in out


def test_target_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([write(tmp_path, KERNEL), "-t", "ascendc{indent=2}"]) == 0
    assert "\n  AscendC::TPipe pipe;\n" in capsys.readouterr().out


def failing(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(argv) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    return captured.err


def test_invalid_ir_is_a_diagnostic_at_the_op_in_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An op without ``loc(...)`` is located where it stands in the input file, as MLIR does."""
    bad = '%x = "test.op"() : () -> i32\n  "ascendc.matmul.end"(%x) : (i32) -> ()\n'
    assert failing([write(tmp_path, bad)], capsys) == (
        f"{tmp_path / 'input.mlir'}:2:3: error: operand 'matmul' at position 0 does not verify:\n"
        "i32 should be of base attribute ascendc.matmul\n"
        '    2 |   "ascendc.matmul.end"(%x) : (i32) -> ()\n'
        "      |   ^\n"
    )


def test_split_input_chunks_locate_ops_in_the_whole_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = '%x = "test.op"() : () -> !ascendc.matmul\n'
    bad = '%x = "test.op"() : () -> i32\n"ascendc.matmul.end"(%x) : (i32) -> ()\n'
    err = failing([write(tmp_path, good + "// -----\n" + bad), "--split-input-file"], capsys)
    assert err.startswith(f"{tmp_path / 'input.mlir'}:4:1: error: operand 'matmul' at position 0 does not verify")


def test_type_mismatch_is_a_parse_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = KERNEL.replace("objects(%mm)", "objects(%mm) tilings(%pipe)")
    err = failing([write(tmp_path, bad)], capsys)
    assert err.startswith(f"{tmp_path / 'input.mlir'}:4:")
    assert "operand is used with type !ascendc.cube_tiling, but has been previously used or defined" in err


def test_verifier_error_names_the_op(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = '%t = ascendc.cube_tiling\n%v = arith.constant 1 : i32\nascendc.cube_tiling.set %t "m", %v loc("k.py":3:5)\n'
    assert failing([write(tmp_path, bad)], capsys) == "k.py:3:5: error: 'm' is not a TCubeTiling field\n"


def test_parse_error_has_a_caret(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    err = failing([write(tmp_path, "ascendc.matmul.end\n")], capsys)
    assert err == f"{tmp_path / 'input.mlir'}:2:1: error: operand expected\n    2 | \n      | ^\n"


def test_unknown_pass(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        failing([write(tmp_path, KERNEL), "-p", "ascx-nope"], capsys) == "error: Unrecognized passes: ['ascx-nope']\n"
    )


def test_pass_error_is_located(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    kernel = 'func.func @k() attributes {ascendc.kernel} {\n  func.return\n} loc("k.py":3:1)\n'
    err = failing([write(tmp_path, kernel), "-p", "ascx-kernel-prologue"], capsys)
    assert (
        err
        == "k.py:3:1: error: kernel 'k' has no kernel type\nhint: run ascx-kernel-type before ascx-kernel-prologue\n"
    )


@pytest.mark.parametrize(
    ("type_text", "message", "carets"),
    [
        # Found by the input fuzzer (tests/fuzz/test_input_mutation.py): xDSL raised a bare ValueError
        # (too few / too many parameters) or an unlocated VerifyException (a parameter of the wrong kind).
        ("!ascendc.gm_addr<>", "'ascendc.gm_addr' takes 1 parameter", "^^"),
        ("!ascendc.gm_addr<f16, f32>", "'ascendc.gm_addr' takes 1 parameter", "^^^^^^^^^^"),
        (
            "!ascendc.gm_addr<index>",
            "invalid type 'ascendc.gm_addr': parameter 'element_type' does not verify:\nUnexpected attribute index",
            "^^^^^^^",
        ),
    ],
)
def test_malformed_types_are_located_parse_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], type_text: str, message: str, carets: str
) -> None:
    line = f"func.func @f(%a: {type_text}) {{"
    err = failing([write(tmp_path, f"{line}\n  func.return\n}}\n")], capsys)
    column = len("func.func @f(%a: !ascendc.gm_addr") + 1
    where = f"{tmp_path / 'input.mlir'}:1:{column}"
    assert err == f"{where}: error: {message}\n    1 | {line}\n      | {' ' * (column - 1)}{carets}\n"


def test_help_names_ascx_s_passes_first_in_pipeline_order() -> None:
    """``ascx-opt --help`` says which passes are ascx's, in the order ``ascx compile`` runs them, before
    xDSL's hundred (issue 28.3); ``-p``'s list also starts with them."""
    import subprocess
    import sys

    from ascx.passes import get_all_passes

    result = subprocess.run(
        [Path(sys.executable).parent / "ascx-opt", "--help"], capture_output=True, text=True, check=True
    )
    text = " ".join(result.stdout.split())
    assert (
        "ascx's passes, in the order ascx compile runs them: ascx-matmul-register, ascx-migrate-async-get-tensor-c, "
        "ascx-insert-sync, ascx-verify-matmul-sync, ascx-verify-pipe-sync, ascx-kernel-type, ascx-kernel-prologue "
        "(docs/passes/)" in text
    )
    listed = text[text.index("Available passes are:") :].split(":", 1)[1].replace(" ", "").split(",")
    assert set(listed[: len(get_all_passes())]) == set(get_all_passes())


def test_version_names_ascx_and_xdsl(capsys: pytest.CaptureFixture[str]) -> None:
    import xdsl

    from ascx.version import __version__

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"ascx-opt {__version__} (xDSL {xdsl.__version__})\n"
