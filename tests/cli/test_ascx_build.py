"""``ascx build --target cann``: bisheng's command lines, checked against a recording stand-in
compiler and linker (no CANN toolkit is needed), and the error when no toolkit is installed."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

import pytest

from ascx.cli.ascx_main import main

REPO = Path(__file__).resolve().parents[2]
RECORDER = """#!{python}
import json, os, sys
with open(os.environ["ASCX_TEST_RECORD"], "a") as log:
    log.write(json.dumps([os.path.basename(sys.argv[0])] + sys.argv[1:]) + "\\n")
out = sys.argv[sys.argv.index("-o") + 1]
open(out, "w").write("object")
"""


@pytest.fixture
def toolkit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fake CANN install: ASCEND_HOME_PATH, and bisheng / ld.lld that record their arguments."""
    import sys

    home = tmp_path / "cann"
    (home / "compiler" / "tikcpp").mkdir(parents=True)
    tools = tmp_path / "bin"
    tools.mkdir()
    for name in ("bisheng", "ld.lld"):
        tool = tools / name
        tool.write_text(RECORDER.format(python=sys.executable))
        tool.chmod(tool.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("ASCEND_HOME_PATH", str(home))
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("ASCX_TEST_RECORD", str(tmp_path / "record.jsonl"))
    return tmp_path


def recorded(root: Path) -> list[list[str]]:
    return [json.loads(line) for line in (root / "record.jsonl").read_text().splitlines()]


def common(home: Path) -> list[str]:
    tik = home / "compiler" / "tikcpp"
    return [
        "-std=c++17", "--cce-disable-kernel-global-attr-check", "-mllvm", "-cce-aicore-stack-size=0x8000",
        "-mllvm", "-cce-aicore-function-stack-size=0x8000", "-mllvm", "-cce-aicore-dcci-insert-for-scalar=false",
        f"-I{tik}/tikcfw", f"-I{tik}/tikcfw/impl", f"-I{tik}/tikcfw/interface", "-DASCENDC_DUMP=0",
    ]  # fmt: skip


def test_a_mix_kernel_is_compiled_for_both_cores_and_linked(toolkit: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = toolkit / "out"
    target = f"{REPO}/examples/matmul_iterate_all_async.py"
    args = "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.uint8)"
    assert main(["build", target, "--target", "cann", "--args", args, "-o", str(out)]) == 0
    assert capsys.readouterr().out == f"{out}/matmul_iterate_all_async.o\n"
    src = f"{out}/matmul_iterate_all_async.cce"
    home = toolkit / "cann"
    commands = recorded(toolkit)
    for command, core in zip(commands, ("cube", "vec"), strict=False):
        assert command == [
            "bisheng", "-c", "-x", "cce", "-O3", src, f"--cce-aicore-arch=dav-c220-{core}", "--cce-aicore-only",
            "-o", f"{out}/matmul_iterate_all_async_{core}.o", *common(home), "-cce-enable-mix",
            "-D__MIX_CORE_MACRO__=1", "-D__NPU_TILING__", "-DTILING_KEY_VAR=0",
        ]  # fmt: skip
    assert commands[2] == [
        "ld.lld", "-m", "aicorelinux", "-Ttext=0", f"{out}/matmul_iterate_all_async_cube.o",
        f"{out}/matmul_iterate_all_async_vec.o", "-static", "-o", f"{out}/matmul_iterate_all_async.o",
    ]  # fmt: skip
    assert len(commands) == 3
    assert "IterateAll<false>" in Path(src).read_text()


def test_a_mix_aic_1_1_kernel_is_compiled_with_one_aiv_per_aic(toolkit: Path) -> None:
    """pyasc's compiler.py adds ``-D__MIX_CORE_AIC_RATION__=1`` for MIX_AIC_1_1: CANN's KFC server then serves
    one AIV per AIC (MIX_NUM 1) instead of waiting for two AIVs' quit messages."""
    out = toolkit / "out"
    target = f"{REPO}/examples/matmul_mix_dual_master_1_1.py"
    args = (
        "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.float32), "
        "MockTensor(asc.uint8), asc.adv.TCubeTiling"
    )
    assert main(["build", target, "--target", "cann", "--args", args, "-o", str(out)]) == 0
    compiles = [command for command in recorded(toolkit) if command[0] == "bisheng"]
    assert [command[6] for command in compiles] == ["--cce-aicore-arch=dav-c220-cube", "--cce-aicore-arch=dav-c220-vec"]
    for command in compiles:
        assert command[-5:] == [
            "-cce-enable-mix", "-D__MIX_CORE_MACRO__=1", "-D__MIX_CORE_AIC_RATION__=1", "-D__NPU_TILING__",
            "-DTILING_KEY_VAR=0",
        ]  # fmt: skip


def test_a_vector_kernel_is_compiled_once_with_auto_sync_on_request(toolkit: Path) -> None:
    out = toolkit / "out"
    target = f"{REPO}/examples/vector_add.py"
    args = "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32)"
    assert main(["build", target, "--target", "cann", "--args", args, "-o", str(out), "--auto-sync"]) == 0
    assert recorded(toolkit) == [
        [
            "bisheng", "-c", "-x", "cce", "-O3", f"{out}/vector_add.cce", "--cce-aicore-arch=dav-c220-vec",
            "--cce-aicore-only", "-o", f"{out}/vector_add.o", *common(toolkit / "cann"), "--cce-auto-sync",
            "-mllvm", "-api-deps-filter", "-D__NPU_TILING__", "-DTILING_KEY_VAR=0",
        ]
    ]  # fmt: skip


@pytest.mark.filterwarnings("ignore:register_matmul comes after pipe.init_buffer")  # pyasc tutorial 05's order
def test_the_files_are_named_after_the_kernels_cpp_symbol(toolkit: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A kernel named ``matmul`` is ``matmul_kernel`` in C++ (``namespace matmul`` of lib/matmul_intf.h)."""
    out = toolkit / "out"
    target = f"{REPO}/benchmarks/sync_kernels/insert_sync_kernels.py::matmul"
    args = (
        "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.float32), "
        "asc.adv.TCubeTiling, MockTensor(asc.uint8)"
    )
    assert main(["build", target, "--target", "cann", "--args", args, "-o", str(out)]) == 0
    assert capsys.readouterr().out == f"{out}/matmul_kernel.o\n"
    assert [c[c.index("-o") + 1] for c in recorded(toolkit)] == [
        f"{out}/matmul_kernel_cube.o",
        f"{out}/matmul_kernel_vec.o",
        f"{out}/matmul_kernel.o",
    ]
    assert 'extern "C" __global__ __aicore__ void matmul_kernel(' in (out / "matmul_kernel.cce").read_text()


def test_without_a_toolkit_the_error_says_what_is_missing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("ASCEND_HOME_PATH", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    target = f"{REPO}/examples/vector_add.py"
    args = "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32)"
    assert main(["build", target, "--target", "cann", "--args", args]) == 1
    assert capsys.readouterr().err == (
        "error: cannot build for the NPU: no CANN toolkit found: ASCEND_HOME_PATH is not set (source "
        "<cann>/set_env.sh); bisheng is not on PATH; ld.lld is not on PATH\n"
        "hint: install the CANN toolkit and source its set_env.sh, or run kernels on the CPU emulation "
        "(kernel[block_dim](...))\n"
    )


VECTOR_ADD_ARGS = "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32)"


@pytest.mark.parametrize(
    ("headers", "message"),
    [
        (
            None,
            "error: no CANN headers to type-check against: pass --cann-headers DIR (a CANN installation, or a tree "
            "with asc-devkit/, stub/ and gen/) or set ASCX_CANN_HEADERS or ASCEND_HOME_PATH\n",
        ),
        ("missing", "error: no CANN headers in {tmp}/missing: not a directory\n"),
        (
            "empty",
            "error: no CANN headers in {tmp}/empty: kernel_operator.h, lib/matmul_intf.h, "
            "kernel_tiling/kernel_tiling.h, stub_def.h not found (expected a CANN installation with "
            "compiler/tikcpp/tikcfw and tools/tikicpulib/lib/include, or a tree with asc-devkit/, stub/ and gen/)\n",
        ),
    ],
    ids=["no directory given", "not a directory", "no headers in it"],
)
def test_check_without_headers_says_what_is_missing(
    headers: str | None,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.delenv("ASCEND_HOME_PATH", raising=False)
    monkeypatch.delenv("ASCX_CANN_HEADERS", raising=False)
    (tmp_path / "empty").mkdir()
    where = ["--cann-headers", str(tmp_path / headers)] if headers else []
    target = f"{REPO}/examples/vector_add.py"
    assert main(["build", target, "--target", "check", "--args", VECTOR_ADD_ARGS, *where]) == 1
    assert capsys.readouterr().err == message.format(tmp=tmp_path)


def test_check_takes_its_headers_from_ascx_cann_headers_as_the_cann_backend_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without ``--cann-headers``, the check looks where the CANN emulation backend looks
    (``$ASCX_CANN_HEADERS``) before ``$ASCEND_HOME_PATH``; a directory that is not there is one line."""
    monkeypatch.setenv("ASCX_CANN_HEADERS", str(tmp_path / "missing"))
    monkeypatch.setenv("ASCEND_HOME_PATH", str(tmp_path))
    target = f"{REPO}/examples/vector_add.py"
    assert main(["build", target, "--target", "check", "--args", VECTOR_ADD_ARGS]) == 1
    assert capsys.readouterr().err == f"error: no CANN headers in {tmp_path}/missing: not a directory\n"


def test_the_npu_build_reports_its_progress(toolkit: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/emulation.md#progress-and-timings: the build at INFO; ``-v`` adds the compile and each bisheng
    and ld.lld run; ``-q`` prints none."""
    out = toolkit / "out"
    target = f"{REPO}/examples/matmul_iterate_all_async.py"
    specs = "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.uint8)"
    args = ["build", target, "--target", "cann", "-o", str(out), "--args", specs]
    building = "ascx: building 'matmul_iterate_all_async' for the NPU with bisheng"
    assert main([*args, "-v"]) == 0
    steps = [line for line in capsys.readouterr().err.splitlines() if line.endswith(" ...")]
    assert steps == [
        "ascx: compiling 'matmul_iterate_all_async' to Ascend C ...",
        f"{building} ...",
        "ascx: running bisheng for 'matmul_iterate_all_async' (dav-c220-cube) ...",
        "ascx: running bisheng for 'matmul_iterate_all_async' (dav-c220-vec) ...",
        "ascx: running ld.lld for 'matmul_iterate_all_async' ...",
    ]
    assert main(args) == 0
    err = capsys.readouterr().err.splitlines()
    assert len(err) == 2, err
    assert err[0] == f"{building} ..."
    assert re.fullmatch(re.escape(building) + r": \d+\.\d\d s", err[1]), err
    assert main([*args, "-q"]) == 0
    assert capsys.readouterr().err == ""
