"""Everything the printer emits compiles against the emulation headers, warning-free, with every
installed host compiler (g++, and clang++ in CI), on each core side it is built for (docs/emulation.md#builds): the
C++ of the printer's filecheck tests and of every example kernel."""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import pytest
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser

from ascx.dialects.ascendc.enums import KernelType
from ascx.dialects.ascendc.kernel_attrs import CUBE_ONLY_ATTR, KERNEL_ATTR
from ascx.emu.build import CoreMode, available_compilers, check_source
from ascx.errors import AscxWarning
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
    KernelType.MIX_AIC_1_1: ("aic", "aiv"),
    KernelType.AIC_ONLY: ("aic",),
    KernelType.AIV_ONLY: ("aiv",),
}


def test_the_required_compilers_are_installed() -> None:
    """CI installs clang and says so (``ASCX_TEST_COMPILERS`` in .ci/run); elsewhere the matrix runs with
    the compilers that are installed, at least g++."""
    required = os.environ.get("ASCX_TEST_COMPILERS", "g++").split()
    assert set(required) <= {c.name for c in COMPILERS}


SNIPPET_WARNINGS = (
    "[-Wunused-variable]",
    "[-Wunused-but-set-variable]",
    "[-Wtautological-compare]",
    "[-Wunused-parameter]",
)
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


def kernels_of(path: Path) -> list[tuple[str, str, tuple[CoreMode, ...]]]:
    """Each kernel of a printer test, printed on its own (as a kernel file of its own would be), with
    the core sides it is built for: a cube-only kernel for the AIC only, any other for both."""
    module = Parser(shared_context(), path.read_text(), path.name).parse_module()
    heads = [op for op in module.body.block.ops if not isinstance(op, func.FuncOp)]
    found: list[tuple[str, str, tuple[CoreMode, ...]]] = []
    for op in module.body.block.ops:
        if not isinstance(op, func.FuncOp) or KERNEL_ATTR not in op.attributes:
            continue
        single = ModuleOp([h.clone() for h in heads] + [op.clone()])
        source = with_includes(print_ascendc(single))
        cube_only = CUBE_ONLY_ATTR in op.attributes
        if cube_only and "#define ASCENDC_CUBE_ONLY" not in source:
            source = "#define ASCENDC_CUBE_ONLY\n" + source
        found.append((f"{path.stem}.{op.sym_name.data}", source, ("aic",) if cube_only else ("aiv", "aic")))
    return found


PRINTER_KERNELS = [kernel for path in PRINTER_TESTS for kernel in kernels_of(path)]


@pytest.mark.parametrize("compiler", COMPILERS, ids=lambda c: c.name)
@pytest.mark.parametrize(("name", "source", "modes"), PRINTER_KERNELS, ids=[k[0] for k in PRINTER_KERNELS])
def test_printer_test_output_compiles(name: str, source: str, modes: tuple[CoreMode, ...], compiler: object) -> None:
    for mode in modes:
        warnings = check_source(source, mode, compiler=compiler, name=name)  # type: ignore[arg-type]
        assert [w for w in warnings if not any(flag in w for flag in SNIPPET_WARNINGS)] == []


@pytest.mark.parametrize("compiler", COMPILERS, ids=lambda c: c.name)
@pytest.mark.parametrize("example", sorted(EXAMPLE_ARGUMENTS))
def test_example_compiles_on_each_side(example: str, compiler: object) -> None:
    kernel, arguments = example_kernel(example)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AscxWarning)  # matmul_async_get_tensor_c shows a deprecated call
        compiled = kernel.compile(*arguments)
    for mode in MODES[compiled.kernel_type]:
        assert check_source(compiled.source, mode, compiler=compiler, name=example) == []  # type: ignore[arg-type]
