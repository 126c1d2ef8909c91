"""Everything the printer emits compiles against the emulation headers, warning-free, with every
installed host compiler (g++, and clang++ in CI), on each core side it is built for (ascendc-cpp-api
spec §11.3): the C++ of the printer's filecheck tests and of every example kernel."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from xdsl.parser import Parser

from ascx.dialects.ascendc.enums import KernelType
from ascx.emu.build import CoreMode, available_compilers, check_source
from ascx.runtime.pipeline import shared_context
from ascx.target import print_ascendc
from ascx.testing.examples import EXAMPLE_ARGUMENTS, example_kernel

REPO = Path(__file__).resolve().parents[2]
PRINTER_TESTS = sorted(
    p for p in (REPO / "tests" / "filecheck" / "target").glob("*.mlir") if not p.name.endswith("_invalid.mlir")
)
COMPILERS = available_compilers()
MODES: dict[KernelType, tuple[CoreMode, ...]] = {
    KernelType.MIX_AIC_1_2: ("aic", "aiv"),
    KernelType.AIC_ONLY: ("aic",),
    KernelType.AIV_ONLY: ("aiv",),
}


def test_the_required_compilers_are_installed() -> None:
    """CI installs clang and says so (``ASCX_TEST_COMPILERS`` in .ci/run); elsewhere the matrix runs with
    the compilers that are installed, at least g++."""
    required = os.environ.get("ASCX_TEST_COMPILERS", "g++").split()
    assert set(required) <= {c.name for c in COMPILERS}


SNIPPET_WARNINGS = ("[-Wunused-variable]", "[-Wunused-but-set-variable]", "[-Wtautological-compare]")
"""What the printer tests' hand-written IR does on purpose: it computes values only to print them
(``%ok = ascendc.enque ...`` with ``%ok`` unused) and compares a value with itself.  Warnings about
the headers, and any warning in the examples' C++, still fail."""


def with_includes(source: str) -> str:
    """A printer test's IR need not carry the ``ascendc.include`` ops the kernel-prologue pass adds:
    add the includes a kernel of that content would have."""
    needed = ['#include "kernel_operator.h"']
    if "Matmul" in source or "REGIST_MATMUL_OBJ" in source or "TCubeTiling" in source:
        needed.append('#include "lib/matmul_intf.h"')
    missing = "".join(f"{line}\n" for line in needed if line not in source)
    if source.startswith("#define ASCENDC_CUBE_ONLY\n"):
        head, rest = source.split("\n", 1)
        return f"{head}\n{missing}{rest}"
    return missing + source


@pytest.mark.parametrize("compiler", COMPILERS, ids=lambda c: c.name)
@pytest.mark.parametrize("mode", ["aiv", "aic"])
@pytest.mark.parametrize("path", PRINTER_TESTS, ids=lambda p: p.stem)
def test_printer_test_output_compiles(path: Path, mode: CoreMode, compiler: object) -> None:
    module = Parser(shared_context(), path.read_text(), path.name).parse_module()
    source = with_includes(print_ascendc(module))
    if "#define ASCENDC_CUBE_ONLY" in source and mode == "aiv":
        pytest.skip("cube-only kernels are only built for the AIC")
    warnings = check_source(source, mode, compiler=compiler, name=path.stem)  # type: ignore[arg-type]
    assert [w for w in warnings if not any(flag in w for flag in SNIPPET_WARNINGS)] == []


@pytest.mark.parametrize("compiler", COMPILERS, ids=lambda c: c.name)
@pytest.mark.parametrize("example", sorted(EXAMPLE_ARGUMENTS))
def test_example_compiles_on_each_side(example: str, compiler: object) -> None:
    kernel, arguments = example_kernel(example)
    compiled = kernel.compile(*arguments)
    for mode in MODES[compiled.kernel_type]:
        assert check_source(compiled.source, mode, compiler=compiler, name=example) == []  # type: ignore[arg-type]
