"""The hand-written cube matmul examples: they run on the CPU emulation and match numpy bit for bit;
their synchronisation is checked statically (``ascx-verify-pipe-sync``) and at run time (the dynamic
checker), both of which report a missing flag at its place; with ``insert_sync=True`` the pass adds
every flag a flagless version needs, and the result still matches.
"""

from __future__ import annotations

import importlib
import importlib.util
import re
import sys
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import ascx as asc
from ascx.emu.launch import EmulationError
from ascx.errors import AscxError, AscxWarning
from ascx.runtime.jit import MockTensor

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CUBE_EXAMPLES = {
    "cube_matmul": "cube_matmul: OK (64x96 @ 96x48, bit-exact: True",
    "cube_matmul_queues": "cube_matmul_queues: OK (32x128 @ 128x48 in 4 steps, bit-exact: True)",
    "cube_matmul_transpose": "cube_matmul_transpose: OK (48x80 @ 80x64, bit-exact: True)",
}


@pytest.fixture(autouse=True)
def examples_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(EXAMPLES))


@pytest.mark.parametrize("name", sorted(CUBE_EXAMPLES))
def test_example_runs_and_matches_numpy_bit_for_bit(
    name: str, emulator: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with warnings.catch_warnings():
        # cube_matmul_queues: the static analysis does not model the cube's queues (TQ-14, HZ-5 warnings)
        warnings.simplefilter("ignore", AscxWarning)
        importlib.import_module(name).main()
    assert capsys.readouterr().out.startswith(CUBE_EXAMPLES[name])


def variant(directory: Path, name: str, edit: Any, jit: str) -> ModuleType:
    """``examples/<name>.py`` changed by ``edit`` (source -> source), its kernel compiled with ``jit``."""
    source = (EXAMPLES / f"{name}.py").read_text()
    source = re.sub(r"@asc\.jit\(matmul_cube_only=True[^)]*\)", f"@asc.jit(matmul_cube_only=True, {jit})", edit(source))
    path = directory / f"{name}_variant.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(f"{name}_variant_{abs(hash(source))}", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def without_flag(event: str) -> Any:
    return lambda source: re.sub(rf"    asc\.(set|wait)_flag\(asc\.HardEvent\.{event}, 0\)\n", "", source)


def line_of(module: ModuleType, text: str) -> int:
    assert module.__file__ is not None
    lines = Path(module.__file__).read_text().splitlines()
    return next(number for number, line in enumerate(lines, start=1) if text in line)


def test_the_verifier_accepts_the_synchronised_kernel() -> None:
    cube_matmul = importlib.import_module("cube_matmul")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        compiled = cube_matmul.cube_matmul.compile(*_args())
    assert compiled.warnings == ()


def _args() -> tuple[Any, ...]:
    import ascx as asc

    return (MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32))


def test_the_verifier_reports_a_missing_m_to_fix_flag(tmp_path: Path) -> None:
    module = variant(tmp_path, "cube_matmul", without_flag("M_FIX"), "insert_sync=False")
    with pytest.raises(AscxError) as caught:
        module.cube_matmul.compile(*_args())
    assert caught.value.message == (
        "`asc.fixpipe` (FIX) reads `c1` written by `asc.mmad` (M) without synchronization; needs M → FIX ordering"
    )
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "asc.fixpipe(")


@pytest.mark.parametrize(
    ("event", "reader", "writer", "tensor"),
    [
        ("MTE2_MTE1", "asc.load_data", "asc.data_copy_nd2nz", "a1"),
        ("MTE1_M", "asc.mmad", "asc.load_data", "a2"),
    ],
)
def test_the_verifier_warns_of_a_missing_flag_before_a_view(
    tmp_path: Path, event: str, reader: str, writer: str, tensor: str
) -> None:
    """The loads read (write) views at run-time offsets of the tensors the copies write (the mmad reads):
    the analysis cannot compare the offsets, so the hazard is possible (HZ-5), a warning."""
    module = variant(tmp_path, "cube_matmul", without_flag(event), "insert_sync=False")
    src, dst = event.split("_")
    with pytest.warns(AscxWarning) as caught:
        module.cube_matmul.compile(*_args())
    messages = [str(w.message).split("\n")[0] for w in caught]
    assert (
        f"possible hazard: `{reader}` ({dst}) reads `{tensor}` written by `{writer}` ({src}) without "
        f"synchronization; needs {src} → {dst} ordering [HZ-5]"
    ) in messages


@pytest.mark.parametrize(
    ("event", "message", "written_at", "read_at"),
    [
        (
            "MTE2_MTE1",
            "LoadData (L1 to L0A/L0B) (MTE1) reads L1 bytes [0, 32) written by DataCopy (GM to L1, ND to NZ) (MTE2)",
            "asc.data_copy(a1",
            "asc.load_data(a2",
        ),
        (
            "MTE1_M",
            "Mmad (M) reads L0A bytes [0, 32) written by LoadData (L1 to L0A/L0B) (MTE1)",
            "asc.load_data(a2",
            "asc.mmad(",
        ),
        (
            "M_FIX",
            "Fixpipe (L0C to GM) (FIX) reads L0C bytes [0, 32) written by Mmad (M)",
            "asc.mmad(",
            "asc.fixpipe(",
        ),
    ],
)
def test_the_dynamic_checker_reports_a_missing_flag(
    tmp_path: Path, event: str, message: str, written_at: str, read_at: str
) -> None:
    module = variant(tmp_path, "cube_matmul", without_flag(event), "insert_sync=False, verify_sync=False")
    a = np.ones((module.M, module.K), np.float16)
    b = np.ones((module.K, module.N), np.float16)
    c = np.zeros((module.M, module.N), np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AscxWarning)
        with pytest.raises(EmulationError) as caught:
            module.cube_matmul[1](a, b, c)
    path = module.__file__
    assert caught.value.message == (
        "kernel 'cube_matmul' failed in the CPU emulation: block 0 (sub-block 0): RAW hazard: "
        f"{message} ({path}:{line_of(module, written_at)}) with no synchronisation between them"
    )
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, read_at)


INSERTED = [
    "AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE1>(0);",
    "AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE1>(1);",
    "AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE1>(0);",
    "AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE1>(1);",
    "AscendC::SetFlag<AscendC::HardEvent::MTE1_M>(0);",
    "AscendC::WaitFlag<AscendC::HardEvent::MTE1_M>(0);",
    "AscendC::SetFlag<AscendC::HardEvent::M_FIX>(0);",
    "AscendC::WaitFlag<AscendC::HardEvent::M_FIX>(0);",
    "AscendC::PipeBarrier<PIPE_ALL>();",
]
"""The synchronisation ``ascx-insert-sync`` writes into the flagless kernel, in order."""


def test_insert_sync_adds_the_flags_of_a_flagless_kernel(tmp_path: Path) -> None:
    no_flags = lambda source: re.sub(r"    asc\.(set|wait)_flag\(asc\.HardEvent\.\w+, 0\)\n", "", source)  # noqa: E731
    module = variant(tmp_path, "cube_matmul", no_flags, "insert_sync=True")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        compiled = module.cube_matmul.compile(*_args())
    sync = [line.strip() for line in compiled.source.splitlines() if "Flag<" in line or "PipeBarrier" in line]
    assert sync == INSERTED
    rng = np.random.default_rng(4)
    a = rng.standard_normal((module.M, module.K)).astype(np.float16)
    b = rng.standard_normal((module.K, module.N)).astype(np.float16)
    c = np.zeros((module.M, module.N), np.float32)
    module.cube_matmul[1](a, b, c)
    assert np.array_equal(c, module.reference(a, b))


ACCUMULATE = """
@asc.jit(matmul_cube_only=True, insert_sync=False)
def k(a: asc.GlobalAddress) -> None:
    a2 = asc.LocalMemAllocator(asc.Hardware.L0A).alloc(asc.TPosition.A2, asc.float16, 256)
    b2 = asc.LocalMemAllocator(asc.Hardware.L0B).alloc(asc.TPosition.B2, asc.float16, 256)
    c1 = asc.LocalMemAllocator(asc.Hardware.L0C).alloc(asc.TPosition.CO1, asc.float32, {size})
    asc.mmad(c1, a2, b2, asc.MmadParams({m}, {n}, 16))
    asc.mmad(c1, a2, b2, asc.MmadParams({m}, {n}, 16, cmatrix_init_val=False))  # the second
"""


def test_the_verifier_asks_for_a_barrier_between_accumulating_mmads(kernel_module: Any) -> None:
    """A 16 x 16 tile ((16 / 16) * (16 / 16) < 10): the second Mmad reads what the first wrote on M."""
    module = kernel_module(ACCUMULATE.format(size=256, m=16, n=16))
    with pytest.raises(AscxError) as caught:
        module.k.compile(MockTensor(asc.float16))
    assert caught.value.message == (
        "`asc.mmad` reads `c1` written by `asc.mmad` on the same pipe M without `asc.pipe_barrier(PipeID.PIPE_M)`"
    )
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "# the second")


def test_a_large_tile_needs_no_barrier(kernel_module: Any) -> None:
    """64 x 48: (64 / 16) * (48 / 16) = 12, the cube orders the accumulation itself (CANN's threshold)."""
    module = kernel_module(ACCUMULATE.format(size=3072, m=64, n=48))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        module.k.compile(MockTensor(asc.float16))


def test_the_dynamic_checker_asks_for_the_barrier_too(kernel_module: Any) -> None:
    module = kernel_module(
        ACCUMULATE.format(size=256, m=16, n=16).replace("insert_sync=False", "insert_sync=False, verify_sync=False")
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AscxWarning)
        with pytest.raises(EmulationError) as caught:
            module.k[1](np.zeros(16, np.float16))
    assert caught.value.message == (
        "kernel 'k' failed in the CPU emulation: block 0 (sub-block 0): RAW hazard: Mmad (M) reads L0C bytes "
        "[0, 32) written on the same pipe, with no PipeBarrier in between, by Mmad (M) "
        f"({module.__file__}:{line_of(module, 'asc.mmad(')}) with no synchronisation between them"
    )
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "# the second")


def test_insert_sync_adds_the_barrier_between_accumulating_mmads(kernel_module: Any) -> None:
    module = kernel_module(ACCUMULATE.format(size=256, m=16, n=16).replace("insert_sync=False", "insert_sync=True"))
    source = module.k.compile(MockTensor(asc.float16)).source
    body = [line.strip() for line in source.splitlines() if "Mmad(" in line or "PipeBarrier" in line]
    assert body == [
        "AscendC::Mmad(c1, a2, b2, v_3);",
        "AscendC::PipeBarrier<PIPE_M>();",
        "AscendC::Mmad(c1, a2, b2, v_4);",
    ]
