"""Every kernel ascx's tests and examples emit type-checks against CANN's own Ascend C headers, on both
core sides (aiv, aic), with every host compiler installed (``ascx.runtime.cann_check``).

The kernels are found where the tests keep them (``ascx.testing.cann_kernels``): the lit RUN lines that
print C++, the snippet tables (``EMITS``), the test modules with a ``cann_check_kernels`` hook, the
examples with the arguments their tests and docs use, and the tracer conformance kernels.  A new test
of any of these kinds is checked without being listed here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

import ascx as asc
from ascx.dialects import ascendc as ir
from ascx.emu.build import Compiler
from ascx.runtime.cann_check import SIDES, CannHeaders, Failure, Kernel, check_kernels
from ascx.runtime.jit import MockTensor
from ascx.target import printer
from ascx.target.emitter_modules import load_all_emitters
from ascx.testing.cann_kernels import all_kernels

ORIGINS = ("lit", "snippets", "test hooks", "examples", "conformance")

KNOWN_REJECTIONS: dict[str, str] = {
    "tests/filecheck/target/matmul_get_offset_c.mlir:1": (
        "GetOffsetC: CANN documents it as a reserved interface, and CANN 9.1's MatmulImpl::GetOffsetC<true> "
        "static_asserts 'unsupported!'; the printer still prints the op written in IR, while a kernel that "
        "calls get_offset_c stops at the call"
    ),
}
"""Kernels CANN's headers reject for a reason ascx has not settled yet: kernel name -> why.  Each must
still be rejected (``test_known_rejections_are_still_rejected``), so an entry cannot outlive its reason."""


@pytest.fixture(scope="session")
def kernels(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[Kernel]]:
    return all_kernels(scratch=tmp_path_factory.mktemp("cann-kernels"))


NEWER_HEADERS: dict[str, str] = {
    "kernel_operator_list_tensor_intf.h": "ListTensorDesc and TensorDesc come with asc-devkit releases after "
    "CANN 9.1's; tests/language/test_list_tensor_api.py checks their kernels against the asc-devkit snapshot",
}
"""Headers ascx's C++ includes that a CANN tree may predate: header -> where its kernels are checked instead.
A kernel that includes one the tree lacks is left out of the check (and checked when the tree has it)."""


def _checkable(kernel: Kernel, headers: CannHeaders) -> bool:
    return all(
        f'#include "{header}"' not in kernel.source or any((d / header).exists() for d in headers.include_dirs)
        for header in NEWER_HEADERS
    )


@pytest.fixture(scope="session")
def failures(kernels: dict[str, list[Kernel]], cann_headers: CannHeaders, compilers: list[Compiler]) -> list[Failure]:
    """One check of every kernel, so the compilers run in parallel across all origins."""
    checkable = [k for found in kernels.values() for k in found if _checkable(k, cann_headers)]
    return check_kernels(checkable, cann_headers, compilers=compilers)


def test_only_the_list_tensor_kernels_are_left_out(kernels: dict[str, list[Kernel]], cann_headers: CannHeaders) -> None:
    """What the tree cannot check is what needs the newer header: kernels that use (List)TensorDesc."""
    every = [k for found in kernels.values() for k in found]
    left_out = {k.name for k in every if not _checkable(k, cann_headers)}
    assert left_out <= {k.name for k in every if "TensorDesc" in k.source}


@pytest.mark.parametrize("origin", ORIGINS)
def test_every_emitted_kernel_type_checks(
    origin: str, kernels: dict[str, list[Kernel]], failures: list[Failure]
) -> None:
    names = {k.name for k in kernels[origin]}
    assert names, f"no kernels found for {origin}"
    rejected = [f for f in failures if f.kernel.name in names and f.kernel.name not in KNOWN_REJECTIONS]
    assert not rejected, "CANN's headers reject:\n\n" + "\n\n".join(map(str, rejected))


def test_known_rejections_are_still_rejected(kernels: dict[str, list[Kernel]], failures: list[Failure]) -> None:
    found = {k.name for found in kernels.values() for k in found}
    rejected = {f.kernel.name for f in failures}
    for name, reason in KNOWN_REJECTIONS.items():
        assert name in found, f"{name} is no longer emitted: remove it from KNOWN_REJECTIONS"
        assert name in rejected, f"CANN's headers now accept {name}: remove it from KNOWN_REJECTIONS ({reason})"


def test_the_origins_cover_the_printer_tests_examples_and_conformance(kernels: dict[str, list[Kernel]]) -> None:
    names = {origin: {k.name for k in found} for origin, found in kernels.items()}
    assert "tests/filecheck/target/matmul_ops.mlir:1" in names["lit"]
    assert "tests/filecheck/api/vector.py:5" in names["lit"]
    assert "tests/language/test_vector_api.py::EMITS[add_mask]" in names["snippets"]
    assert "tests/language/test_matmul_methods.py::set_bias" in names["test hooks"]
    assert any(n.startswith("tests/language/test_pyasc_matmul_unit.py::") for n in names["test hooks"])
    assert "tests/filecheck/examples/matmul_iterate_all_async.test:4" in names["lit"]  # the README's default arguments
    assert any(n.startswith("examples/matmul_cube_only.py#") for n in names["examples"])
    assert "kernels.py::t16_for_range_runtime" in names["conformance"]


# -- the check bites


KERNEL = """
@asc.jit
def flags(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor(); xg.set_global_buffer(x)
    zg = asc.GlobalTensor(); zg.set_global_buffer(z)
    buf = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 64)
    asc.data_copy(buf, xg, 64)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(zg, buf, 64)
"""

BROKEN = {
    "a wrong enum value": (
        lambda p, op: p.line(f"AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE4>({p.expr(op.event_id)});"),
        "MTE2_MTE4",
        SIDES,
    ),
    "an argument too many": (
        lambda p, op: p.line(f"AscendC::SetFlag<AscendC::HardEvent::{op.event.data.name}>({p.expr(op.event_id)}, 0);"),
        "SetFlag",
        ("aiv",),
    ),
}
"""Printer entries broken on purpose: the entry, what the compilers' errors name, the sides checked."""


@pytest.mark.parametrize("breakage", sorted(BROKEN))
def test_a_broken_printer_entry_fails_the_check(
    breakage: str,
    kernel_module: Callable[[str], ModuleType],
    cann_headers: CannHeaders,
    compilers: list[Compiler],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    args = (MockTensor(asc.float32), MockTensor(asc.float32))
    good = kernel_module(KERNEL).flags.compile(*args).source
    assert check_kernels([Kernel("flags", good)], cann_headers, compilers=compilers) == []
    emit, named, sides = BROKEN[breakage]
    load_all_emitters()  # the real entries first, so none replaces the broken one later
    monkeypatch.setitem(printer._EMITTERS, ir.SetFlagOp, emit)  # pyright: ignore[reportPrivateUsage]
    bad = kernel_module(KERNEL).flags.compile(*args).source
    assert bad != good
    failures = check_kernels([Kernel("flags", bad)], cann_headers, sides=sides, compilers=compilers)
    assert sorted((f.side, f.compiler) for f in failures) == sorted((s, c.name) for s in sides for c in compilers)
    for failure in failures:
        assert named in failure.errors, failure.errors
        assert "error:" in failure.errors


def test_a_broken_kernel_among_many_is_found_and_checked_alone(
    kernel_module: Callable[[str], ModuleType],
    cann_headers: CannHeaders,
    compilers: list[Compiler],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """Kernels checked in one translation unit: the one that fails is named, and its errors are those of
    the kernel checked alone, as it was printed."""
    from ascx.runtime import cann_check

    monkeypatch.setattr(cann_check, "check_dir", lambda: tmp_path)
    sources = [
        kernel_module(KERNEL.replace("64", str(n)))
        .flags.compile(MockTensor(asc.float32), MockTensor(asc.float32))
        .source
        for n in (32, 64, 128)
    ]
    load_all_emitters()  # the real entries first, so none replaces the broken one later
    monkeypatch.setitem(printer._EMITTERS, ir.SetFlagOp, BROKEN["a wrong enum value"][0])  # pyright: ignore[reportPrivateUsage]
    broken = kernel_module(KERNEL).flags.compile(MockTensor(asc.float32), MockTensor(asc.float32)).source
    batch = [Kernel(f"good {i}", s) for i, s in enumerate(sources)] + [Kernel("broken", broken)]
    failures = check_kernels(batch, cann_headers, sides=("aiv",), compilers=compilers[:1])
    assert [f.kernel.name for f in failures] == ["broken"]
    assert failures[0].errors.startswith("broken.cpp:"), failures[0].errors
    assert "MTE2_MTE4" in failures[0].errors
