"""The order a whole run of the suite takes its test files in (docs/emulation.md#the-cold-suite).

With ``--dist loadfile`` a test file runs on one xdist worker; a long file that starts last keeps that worker
busy after the other has run out of work.  So the longest files (measured) start first, and the rest follow
with the files that have more tests first (pytest-xdist's own ordering, which ``--no-loadscope-reorder`` in
pyproject.toml turns off so that this one holds).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Protocol, TypeVar

LONGEST_FILES = (
    "tests/cann/test_cann_typecheck.py",
    "tests/test_filecheck_suite.py",
    "tests/benchmarks/test_benchmarks_smoke.py",
    "tests/host/test_tiling.py",
    "tests/emu/test_adv_math_numerics.py",
    "tests/fuzz/test_pipeline_fuzz.py",
    "tests/emu/test_prelude.py",
    "tests/emu/test_static_vs_dynamic.py",
    "tests/emu/test_matmul_numerics.py",
    "tests/emu/test_matmul_batch_layouts.py",
    "tests/passes/test_sync_mutations.py",
    "tests/cann/test_cann_build_check.py",
    "tests/real/test_softmax_v2.py",
    "tests/emu/test_adv_lib_numerics.py",
    "tests/examples/test_flash_attention.py",
    "tests/examples/test_tutorials_run.py",
    "tests/emu/test_matmul_idioms.py",
    "tests/runtime/test_progress.py",
    "tests/emu/test_matmul_setters.py",
    "tests/examples/test_main_job.py",
)
"""The test files that took longest in a cold run of the whole suite (2026-12-07, each over 140 s of a worker's
time on the loaded machine) or in a warm one (docs/testing.md#the-warm-suite: over 7 s of CPU on 2026-12-08),
about longest first.  A file of few tests sorts late among the rest, so a long one of them missing here is what
keeps one worker busy alone at the end of a run."""


class HasPath(Protocol):
    @property
    def path(self) -> Path: ...


Item = TypeVar("Item", bound=HasPath)


def ordered(items: Sequence[Item], root: Path) -> list[Item]:
    """``items`` file by file: :data:`LONGEST_FILES` first, in their order, then the files with more tests first
    (ties by name); a file's own tests keep their order."""
    files = [_relative(item.path, root) for item in items]
    counts = Counter(files)
    rank = {name: index for index, name in enumerate(LONGEST_FILES)}
    order = sorted(range(len(items)), key=lambda i: (rank.get(files[i], len(rank)), -counts[files[i]], files[i], i))
    return [items[i] for i in order]


def _relative(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return path.as_posix()
