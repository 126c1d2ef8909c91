"""Builds start from a prelude (docs/emulation.md#build-time): the kernel's preamble precompiled, which the
compilers really use, and the runtime object, which holds the shared machinery the kernel's own
translation unit no longer compiles.  A preamble that does not precompile falls back to the whole build and
its error; ``ASCX_EMU_PRELUDE=0`` selects the whole build."""

from __future__ import annotations

import ctypes
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from ascx.emu import build, prelude

VECTOR_KERNEL = """#include "kernel_operator.h"

extern "C" __global__ __aicore__ void probe(__gm__ float* x) {
    AscendC::GlobalTensor<float> g;
    g.SetGlobalBuffer(x, 8);
}
"""
THIN = (*build.BUILD_FLAGS["fast"], prelude.THIN)


def test_the_preamble_is_the_leading_defines_and_includes() -> None:
    source = '#define ASCENDC_CUBE_ONLY\n#include "kernel_operator.h"\n#include "lib/matmul_intf.h"\n\nint x;\n'
    assert prelude.source_preamble(source) == (
        '#define ASCENDC_CUBE_ONLY\n#include "kernel_operator.h"\n#include "lib/matmul_intf.h"\n'
    )
    assert prelude.source_preamble(VECTOR_KERNEL) == '#include "kernel_operator.h"\n'
    assert prelude.source_preamble('// a comment first\n#include "kernel_operator.h"\n') == ""
    assert prelude.source_preamble("#define ONLY_A_MACRO\nint x;\n") == ""


@pytest.fixture
def scratch_builds(tmp_path: Path) -> Iterator[Path]:
    """A build directory of the test's own, for a test that needs its prelude built afresh or breaks it; the others
    share the session's (tests/conftest.py): what they inspect does not depend on who built it, and a warm run
    then builds nothing for them."""
    build.set_build_dir(tmp_path / "builds")
    yield tmp_path / "builds"
    build.set_build_dir(None)


def compiler_or_skip(name: str) -> build.Compiler:
    compiler = build.find_compiler(name)
    if compiler is None:
        pytest.skip(f"{name} is not installed")
    return compiler


def test_gcc_uses_the_precompiled_preamble(tmp_path: Path) -> None:
    compiler = compiler_or_skip("g++")
    parts = build.build_prelude(VECTOR_KERNEL, "aiv", compiler, THIN, link=False)
    assert parts is not None
    prefix, objects = parts
    header = Path(prefix[1])
    assert prefix == ("-include", str(header))
    assert objects == ()
    assert header.read_text() == '#include "kernel_operator.h"\n'
    source = tmp_path / "probe.cpp"
    source.write_text(VECTOR_KERNEL)
    command = [*build.compile_command(compiler, "aiv", source, None, THIN, prefix), "-H"]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    # -H marks a precompiled header it used with '!' (and one it could not use with 'x')
    assert f"! {header}.gch" in result.stderr.splitlines()


def test_clang_reads_the_precompiled_preamble(scratch_builds: Path, tmp_path: Path) -> None:
    compiler = compiler_or_skip("clang++")
    parts = build.build_prelude(VECTOR_KERNEL, "aiv", compiler, THIN, link=False)
    assert parts is not None
    source = tmp_path / "probe.cpp"
    source.write_text(VECTOR_KERNEL)
    command = build.compile_command(compiler, "aiv", source, None, THIN, parts[0])
    assert subprocess.run(command, capture_output=True, check=False).returncode == 0
    precompiled = Path(parts[0][1] + ".pch")
    precompiled.write_bytes(b"not an AST file")  # were it not read, the build would not notice
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode != 0
    assert str(precompiled) in result.stderr


def defined_symbols(path: Path) -> set[str]:
    listing = subprocess.run(["nm", "-C", "--defined-only", str(path)], capture_output=True, text=True, check=True)
    return {line.split(" ", 2)[2] for line in listing.stdout.splitlines() if line.count(" ") >= 2}


SHARED = "ascx_emu::sync_check::global(void const*, unsigned long, ascx_emu::sync_check::Actor, bool, char const*)"
UNUSED = "ascx_emu::blocks::check_deadlock(ascx_emu::Launch&)"
"""A shared function the probe kernel never calls (it has no launcher)."""


@pytest.mark.parametrize("compiler_name", build.COMPILERS)
def test_the_shared_machinery_is_compiled_once_in_the_runtime_object(tmp_path: Path, compiler_name: str) -> None:
    compiler = compiler_or_skip(compiler_name)
    parts = build.build_prelude(VECTOR_KERNEL, "aiv", compiler, THIN, link=True)
    assert parts is not None
    prefix, (runtime,) = parts
    assert Path(runtime).name == "runtime.o"
    assert SHARED in defined_symbols(Path(runtime))
    source = tmp_path / "probe.cpp"
    source.write_text(VECTOR_KERNEL)
    kernel = tmp_path / "probe.o"
    command = [*build.compile_command(compiler, "aiv", source, None, THIN, prefix)[:-2], "-c", "-o", str(kernel)]
    subprocess.run([*command, str(source)], capture_output=True, check=True)
    assert SHARED not in defined_symbols(kernel)  # GlobalTensor's checks call it; the kernel does not compile it
    library = build.build_library(VECTOR_KERNEL, "aiv", compiler=compiler, name="probe")
    assert SHARED in defined_symbols(library)  # linked in from the runtime object


def test_a_preamble_that_does_not_precompile_falls_back_to_the_whole_build(scratch_builds: Path) -> None:
    source = '#include "no_such_header.h"\nint x;\n'
    compiler = build.default_compiler()
    assert build.build_prelude(source, "aiv", compiler, THIN, link=True) is None
    with pytest.raises(build.BuildError) as caught:
        build.build_library(source, "aiv", compiler=compiler, name="broken")
    assert "no_such_header.h" in caught.value.message
    assert "error" in caught.value.message
    assert "preamble.h" not in caught.value.message


def test_ascx_emu_prelude_0_selects_the_whole_build(scratch_builds: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(prelude.PRELUDE_ENV, "0")
    library = build.build_library(VECTOR_KERNEL, "aiv", name="whole")
    assert not (scratch_builds / "prelude").exists()
    assert UNUSED not in defined_symbols(library)  # what the kernel does not use is not compiled
    monkeypatch.delenv(prelude.PRELUDE_ENV)
    thin = build.build_library(VECTOR_KERNEL, "aiv", name="whole")
    assert thin != library  # each approach keys its own build
    assert UNUSED in defined_symbols(thin)  # the runtime object holds every shared function


MATMUL_KERNEL = """#include "kernel_operator.h"
#include "lib/matmul_intf.h"

extern "C" __global__ __aicore__ void probe(__gm__ half* a, __gm__ half* b, __gm__ float* c, TCubeTiling* tiling) {
    AscendC::GlobalTensor<half> a_global;
    a_global.SetGlobalBuffer(a);
    AscendC::GlobalTensor<half> b_global;
    b_global.SetGlobalBuffer(b);
    AscendC::GlobalTensor<float> c_global;
    c_global.SetGlobalBuffer(c);
    AscendC::TPipe pipe;
    AscendC::Matmul<AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>,
                    AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>,
                    AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>> mm;
    REGIST_MATMUL_OBJ(&pipe, GetSysWorkSpacePtr(), mm, tiling);
    mm.SetTensorA(a_global);
    mm.SetTensorB(b_global);
    mm.IterateAll(c_global);
    mm.End();
}
"""
CORE = (
    "ascx_emu::matmul_compute_block(ascx_emu::MatmulBlockJob const&, unsigned long, unsigned long, unsigned long, "
    "unsigned long, unsigned long, bool, unsigned long, unsigned long, unsigned long, "
    "std::vector<float, std::allocator<float> >&)"
)
"""The Matmul engine's type-erased core: its loops over A, B, the bias and the inner product."""


def test_the_matmul_core_is_compiled_once_in_the_runtime_object(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiler = build.default_compiler()
    fast = build.BUILD_FLAGS["fast"]
    preamble = prelude.source_preamble(MATMUL_KERNEL)
    # the kernel's unit is optimised lighter and links the core; its runtime object keeps the kind's -O2
    gcc = (*fast, *prelude.thin_flags(fast, preamble))
    assert gcc == (*fast, "-O1", "-ftree-vectorize", "-finline-small-functions", prelude.MATMUL_LINKED, prelude.THIN)
    assert prelude.runtime_flags(gcc) == (*fast, prelude.MATMUL_LINKED)
    clang = (*fast, *prelude.thin_flags(fast, preamble, gcc=False))
    assert clang == (*fast, "-O1", "-fvectorize", "-fslp-vectorize", prelude.MATMUL_LINKED, prelude.THIN)
    assert prelude.runtime_flags(clang) == (*fast, prelude.MATMUL_LINKED)
    linked = gcc if compiler.name == "g++" else clang
    assert prelude.thin_flags(fast, prelude.source_preamble(VECTOR_KERNEL)) == (
        *prelude.KERNEL_OPTIMISATION,
        prelude.THIN,
    )
    assert prelude.thin_flags(fast, prelude.source_preamble(VECTOR_KERNEL), gcc=False) == (
        *prelude.CLANG_KERNEL_OPTIMISATION,
        prelude.THIN,
    )
    parts = build.build_prelude(MATMUL_KERNEL, "aiv", compiler, linked, link=True)
    assert parts is not None
    prefix, (runtime,) = parts
    assert CORE in defined_symbols(Path(runtime))
    source = tmp_path / "probe.cpp"
    source.write_text(MATMUL_KERNEL)
    kernel = tmp_path / "probe.o"
    command = [*build.compile_command(compiler, "aiv", source, None, linked, prefix)[:-2], "-c", "-o", str(kernel)]
    subprocess.run([*command, str(source)], capture_output=True, check=True)
    kernel_symbols = defined_symbols(kernel)
    assert CORE not in kernel_symbols  # the engine's thin template calls it; the kernel does not compile it
    assert not [name for name in kernel_symbols if "matmul_core::" in name]
    library = build.build_library(MATMUL_KERNEL, "aiv", compiler=compiler, name="probe")
    assert CORE in defined_symbols(library)  # linked in from the runtime object
    # ASCX_EMU_MATMUL_CORE=0: the kernel's own unit compiles the core (its loads, inlined or not), keyed apart
    monkeypatch.setenv(prelude.MATMUL_CORE_ENV, "0")
    in_kernel = (*fast, *prelude.thin_flags(fast, preamble))
    assert in_kernel == (*fast, prelude.THIN)
    parts = build.build_prelude(MATMUL_KERNEL, "aiv", compiler, in_kernel, link=True)
    assert parts is not None
    assert CORE not in defined_symbols(Path(parts[1][0]))
    command = [*build.compile_command(compiler, "aiv", source, None, in_kernel, parts[0])[:-2], "-c", "-o", str(kernel)]
    subprocess.run([*command, str(source)], capture_output=True, check=True)
    assert [name for name in defined_symbols(kernel) if "matmul_core::load_a" in name]
    assert build.build_library(MATMUL_KERNEL, "aiv", compiler=compiler, name="probe") != library


def test_a_matmul_header_after_the_preamble_compiles_the_core_in_the_kernel() -> None:
    """The runtime object of a preamble without the Matmul header has no core: a kernel that includes it later
    compiles the core itself, and its library has every symbol it calls."""
    source = VECTOR_KERNEL.replace("\nextern", '\n#include "lib/matmul_intf.h"\nextern', 1)
    source = source.replace("}\n", "}\n" + MATMUL_KERNEL.split("\n\n", 1)[1].replace("probe", "probe_mm"), 1)
    library = build.build_library(source, "aiv", name="late")
    undefined = subprocess.run(["nm", "-C", "--undefined-only", str(library)], capture_output=True, text=True)
    assert "matmul_" not in undefined.stdout
    ctypes.CDLL(str(library))  # binds every symbol at once (RTLD_NOW): it would fail on one the library lacks
