"""The CANN backend's builds (docs/emulation.md#build-time): with clang a kernel's build is thin (its unit at
``-O0`` from its preamble precompiled, linking the preamble's code, compiled once at ``-O0``, and the runtime
object, compiled once at ``-O2``); every preamble, a cube-only kernel's ``#define`` first included, and every
set of the macros CANN's toolchain defines for a kernel type has its own prelude;
``ASCX_CANN_THIN=0`` keeps the whole build (g++, every unit at ``-O1``); a kernel that does not compile is a build
error with the compiler's errors and a hint."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import pytest

from ascx.emu import build
from ascx.emu.build import BuildError
from ascx.emu.cann_backend import build as cann_build
from ascx.emu.cann_backend.build import kernel_defines
from ascx.kernel_type import KernelType
from ascx.runtime.cann_check import CannHeaders

VECTOR = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void thin_probe(__gm__ float* x) {
    ascx_emu::at("/somewhere/thin_probe.py", 7);
    AscendC::GlobalTensor<float> g;
    g.SetGlobalBuffer(x, 8);
    g.SetValue(0, g.GetValue(1) * 2.0f);
}

extern "C" void ascx_cann_body(void* const* args) {
    thin_probe(static_cast<__gm__ float*>(args[0]));
}
"""
CUBE_ONLY_PREAMBLE = '#define ASCENDC_CUBE_ONLY\n#include "kernel_operator.h"\n#include "lib/matmul_intf.h"\n'


@pytest.fixture
def clang() -> build.Compiler:
    compiler = build.find_compiler("clang++")
    if compiler is None:
        pytest.skip("clang++ is not installed: the CANN backend builds whole with g++")
    return compiler


@pytest.fixture
def commands(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The compiler commands the CANN backend's builds run."""
    seen: list[list[str]] = []
    real = subprocess.run

    def recording(command: list[str], *args: Any, **kwargs: Any) -> subprocess.CompletedProcess[str]:
        seen.append(list(command))
        return real(command, *args, **kwargs)

    monkeypatch.setattr(cann_build.subprocess, "run", recording)
    return seen


def fresh_build(source: str, compiler: build.Compiler, commands: list[list[str]]) -> tuple[Path, list[str]]:
    """Build ``source`` for the AIV side with its cached executable removed first: the executable and the
    command that compiled the kernel's unit (the prelude and runtime object come from the build directory)."""
    cann_build.build_executable(source, "aiv", name="thin_probe", compiler=compiler).unlink()
    commands.clear()
    target = cann_build.build_executable(source, "aiv", name="thin_probe", compiler=compiler)
    kernel = [c for c in commands if "-o" in c and Path(c[c.index("-o") + 1]).name == "kernel"]
    assert len(kernel) == 1, commands
    return target, kernel[0]


def test_a_thin_build_compiles_the_kernel_at_O0_from_its_precompiled_preamble_and_links_its_code(
    cann_emulator: CannHeaders, clang: build.Compiler, commands: list[list[str]]
) -> None:
    target, command = fresh_build(VECTOR, clang, commands)
    prelude = cann_build.thin_prelude(
        '#include "kernel_operator.h"\n', "aiv", cann_build.cann_headers(str(cann_emulator.root)), clang
    )
    assert (prelude.precompiled.parent / "preamble.h").read_text() == '#include "kernel_operator.h"\n'
    assert command[0] == clang.path
    assert "-O0" in command
    assert "-O1" not in command
    assert "-O2" not in command
    assert command[command.index("-include-pch") + 1] == str(prelude.precompiled)
    objects = command[command.index("none") + 1 : command.index("-o")]
    assert objects[:2] == ["-Wl,--gc-sections", str(prelude.object)]  # only the functions the kernel reaches
    assert Path(objects[2]).name.startswith("cann-runtime-aiv-clang++-")
    assert target.name.startswith("thin_probe-cann-aiv-clang++-")
    assert target.stat().st_size < prelude.object.stat().st_size / 4
    assert subprocess.run([str(target), "--layout"], capture_output=True, check=False).returncode == 0


def test_the_preambles_code_is_compiled_once_at_O0(
    cann_emulator: CannHeaders, clang: build.Compiler, tmp_path: Path, commands: list[list[str]]
) -> None:
    headers = cann_build.cann_headers(str(cann_emulator.root))
    build.set_build_dir(tmp_path)
    try:
        prelude = cann_build.thin_prelude("#include <cstdint>\n", "aiv", headers, clang)  # small, so the test is
        again = cann_build.thin_prelude("#include <cstdint>\n", "aiv", headers, clang)  # quick
    finally:
        build.set_build_dir(None)
    assert again == prelude
    precompile, compile_object = commands  # the second call ran nothing
    assert precompile[precompile.index("-o") + 1].startswith(str(prelude.precompiled.parent / ".preamble.h.pch."))
    for flag in ("-O0", "-fpch-instantiate-templates", "-fpch-codegen", "c++-header"):
        assert flag in precompile
    assert "-O0" in compile_object  # 3 s of CPU instead of 18-22 s at -O2
    assert "-O2" not in compile_object
    assert "-ffunction-sections" in compile_object
    assert compile_object[compile_object.index("-c") + 1] == str(prelude.precompiled)
    assert prelude.object.stat().st_size > 0


def test_every_preamble_has_its_own_prelude(cann_emulator: CannHeaders, clang: build.Compiler) -> None:
    """A cube-only kernel's ``#define`` comes before its includes: before thin builds it was compiled without
    precompiled headers, now its preamble is precompiled like any other."""
    headers = cann_build.cann_headers(str(cann_emulator.root))
    mix = cann_build.thin_prelude(CUBE_ONLY_PREAMBLE.removeprefix("#define ASCENDC_CUBE_ONLY\n"), "aic", headers, clang)
    cube = cann_build.thin_prelude(CUBE_ONLY_PREAMBLE, "aic", headers, clang)
    assert mix.precompiled.parent != cube.precompiled.parent
    assert (cube.precompiled.parent / "preamble.h").read_text() == CUBE_ONLY_PREAMBLE
    assert cube.precompiled.exists()
    assert cube.object.exists()


def test_a_mix_aic_1_1_kernel_gets_cann_s_define_and_a_prelude_of_its_own(
    cann_emulator: CannHeaders, clang: build.Compiler
) -> None:
    """asc-devkit's compile_op.py and pyasc's compiler.py compile a KERNEL_TYPE_MIX_AIC_1_1 kernel with
    ``-D__MIX_CORE_AIC_RATION__=1``: without it CANN's KFC server of a 1:1 block waits for two AIVs' quit messages
    (tests/runtime/test_mix_kernel_types.py has the launch that hung).  The macro decides the preamble's code, so
    it has a prelude of its own."""
    assert kernel_defines(KernelType.MIX_AIC_1_1) == ("-D__MIX_CORE_AIC_RATION__=1",)
    for other in (KernelType.MIX_AIC_1_2, KernelType.MIX_AIV_1_0, KernelType.AIV_ONLY, KernelType.AIC_ONLY):
        assert kernel_defines(other) == ()
    headers = cann_build.cann_headers(str(cann_emulator.root))
    preamble = CUBE_ONLY_PREAMBLE.removeprefix("#define ASCENDC_CUBE_ONLY\n")
    plain = cann_build.thin_prelude_directory(preamble, "aic", headers, clang)
    one_to_one = cann_build.thin_prelude_directory(preamble, "aic", headers, clang, ("-D__MIX_CORE_AIC_RATION__=1",))
    assert one_to_one != plain


def test_a_checkout_elsewhere_gets_its_own_prelude(
    cann_emulator: CannHeaders, clang: build.Compiler, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """clang's precompiled header names the files it was made from and will not load once they are gone: a
    build cache shared by two checkouts (every CI run clones into a new directory, then deletes it) needs a
    prelude per checkout.  CI failed so: 'malformed or corrupted AST file: could not find file
    .../cann_backend/include/stub_def.h referenced by AST file'."""
    headers = cann_build.cann_headers(str(cann_emulator.root))
    here = cann_build.thin_prelude_directory(CUBE_ONLY_PREAMBLE, "aic", headers, clang)
    assert cann_build.thin_prelude_directory(CUBE_ONLY_PREAMBLE, "aic", headers, clang) == here
    monkeypatch.setattr(cann_build, "INCLUDE_DIR", tmp_path / "elsewhere" / "include")
    assert cann_build.thin_prelude_directory(CUBE_ONLY_PREAMBLE, "aic", headers, clang) != here


def test_ASCX_CANN_THIN_0_builds_whole_with_gcc(
    cann_emulator: CannHeaders, monkeypatch: pytest.MonkeyPatch, commands: list[list[str]]
) -> None:
    gcc = build.find_compiler("g++")
    if gcc is None:
        pytest.skip("g++ is not installed")
    monkeypatch.setenv(cann_build.THIN_ENV, "0")
    assert cann_build.cann_compiler() == gcc
    _, command = fresh_build(VECTOR, gcc, commands)
    assert "-O1" in command
    assert "-O0" not in command
    assert "-include-pch" not in command
    assert Path(command[command.index("-include") + 1]).name == "ascx_cann_pch.h"
    objects = command[command.index("none") + 1 : command.index("-o")]
    assert len(objects) == 1
    assert Path(objects[0]).name.startswith("cann-runtime-aiv-g++-")


def test_clang_is_the_backends_compiler_where_installed(monkeypatch: pytest.MonkeyPatch, clang: build.Compiler) -> None:
    monkeypatch.delenv(cann_build.THIN_ENV, raising=False)
    assert cann_build.cann_compiler() == clang


def test_a_kernel_that_does_not_compile_is_a_build_error_with_the_compilers_errors(
    cann_emulator: CannHeaders, clang: build.Compiler
) -> None:
    broken = VECTOR.replace("g.SetGlobalBuffer(x, 8);", "g.SetGlobalBuffer(x, 8)\n    undeclared_name = 1;")
    with pytest.raises(BuildError) as raised:
        cann_build.build_executable(broken, "aiv", name="thin_probe", compiler=clang)
    lines = raised.value.message.splitlines()
    assert lines[0] == "kernel 'thin_probe' (AIV side) does not build through CANN's headers:"
    assert any(line.endswith("error: expected ';' after expression") for line in lines[1:]), lines
    assert any(line.endswith("error: use of undeclared identifier 'undeclared_name'") for line in lines[1:]), lines
    assert raised.value.hints == ["this is a gap in ascx's CANN backend (its intrinsic layer) or in the printed C++"]
