"""How much synchronization ascx's insertion emits next to pyasc 1.1.1's ``insert_sync=True``.

    python benchmarks/sync_insertion_counts.py [--no-pyasc] [--pyasc-ref PATH] [--smoke]

For each kernel, the sync statements of the emitted Ascend C are counted by kind: event flags
(``SetFlag``/``WaitFlag``), barriers (``PipeBarrier``), queue hand-offs (``EnQue``/``DeQue``) and
event-id pool calls (``FetchEventID``/``AllocEventID``/``ReleaseEventID``).  The kernels are in pyasc's
``insert_sync`` style — ``vadd``, ``vadd_scalar`` and ``matmul`` (benchmarks/sync_kernels/
insert_sync_kernels.py: queue tensors without any enque/deque, no flags) — plus pyasc's tutorial 05
(examples/matmul_leaky_relu.py), whose Matmul tile refill needs an order pyasc does not insert.
pyasc runs through ``../shared/tools/pyasc-ref`` when it is available (x86_64, CPython 3.11);
otherwise only ascx's counts are printed, and a line says pyasc was skipped.  ``--smoke`` (what CI
runs, to keep the script working) skips pyasc.

Fewer is not automatically better: pyasc misses orders ascx inserts (tutorial 05's ``MTE3 -> MTE2``
refill of the Matmul tile) and inserts ones that order nothing (a ``PipeBarrier<PIPE_V>`` after
every copy-out).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import tempfile
import warnings
from pathlib import Path

from ascx.cli.kernel_loading import find_kernel, load_module, parse_arguments

REPO = Path(__file__).resolve().parent.parent
PYASC_REF = REPO.parent / "shared" / "tools" / "pyasc-ref"
KERNELS = REPO / "benchmarks" / "sync_kernels" / "insert_sync_kernels.py"

CASES: dict[str, tuple[Path, str, str, str]] = {
    # name: (file, kernel, ascx arguments, pyasc arguments)
    "vadd": (
        KERNELS,
        "vadd",
        "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), 256",
        "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), 256",
    ),
    "vadd_scalar": (
        KERNELS,
        "vadd_scalar",
        "MockTensor(asc.float32), MockTensor(asc.float32), 256",
        "MockTensor(asc.float32), MockTensor(asc.float32), 256",
    ),
    "matmul": (
        KERNELS,
        "matmul",
        "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.float32), "
        "asc.adv.TCubeTiling, MockTensor(asc.uint8)",
        "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.float32), "
        "asc.adv.TCubeTiling(), MockTensor(asc.uint8)",
    ),
    "tutorial 05": (
        REPO / "examples" / "matmul_leaky_relu.py",
        "matmul_leaky_relu",
        "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.float32), "
        "MockValue(asc.float32), asc.adv.TCubeTiling, MockTensor(asc.uint8)",
        "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.float32), "
        "0.001, asc.adv.TCubeTiling(), MockTensor(asc.uint8)",
    ),
}

KINDS = {
    "flags": re.compile(r"\b(SetFlag|WaitFlag)<"),
    "barriers": re.compile(r"\bPipeBarrier<"),
    "queue": re.compile(r"\.(EnQue|DeQue)\b"),
    "ids": re.compile(r"\.(FetchEventID|AllocEventID|ReleaseEventID)<"),
}


def count(source: str) -> dict[str, int]:
    """Sync statements of a kernel's C++ by kind (the ``total`` of all four)."""
    counts = {kind: sum(1 for line in source.splitlines() if pattern.search(line)) for kind, pattern in KINDS.items()}
    counts["total"] = sum(counts.values())
    return counts


def ascx_source(path: Path, kernel: str, arguments: str) -> str:
    function = find_kernel(load_module(path), path, kernel)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return function.compile(*parse_arguments(arguments)).source


def pyasc_source(path: Path, kernel: str, arguments: str, tool: Path = PYASC_REF) -> str | None:
    if not tool.exists():
        return None
    source = path.read_text().replace("import ascx as asc", "import asc")
    source = re.sub(rf"@asc\.jit\s*\ndef {kernel}\(", f"@asc.jit(insert_sync=True)\ndef {kernel}(", source)
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / path.name
        copy.write_text(source)
        result = subprocess.run(
            [str(tool), "emit", str(copy), kernel, arguments], capture_output=True, text=True, check=False
        )
    if result.returncode != 0:
        print(f"pyasc-ref could not run {kernel}: {result.stderr.strip().splitlines()[-1:]}")
        return None
    return result.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-pyasc", action="store_true", help="count ascx's sync only")
    parser.add_argument("--pyasc-ref", type=Path, default=PYASC_REF, help=f"the pyasc-ref script (default {PYASC_REF})")
    parser.add_argument("--smoke", action="store_true", help="ascx only (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.no_pyasc = True
    header = (
        f"{'kernel':12} {'tool':6} {'flags':>6} {'barriers':>9} {'flags+barriers':>15} {'queue':>6} {'ids':>4} "
        f"{'total':>6}"
    )
    print(header)
    print("-" * len(header))
    skipped = False
    for name, (path, kernel, ascx_args, pyasc_args) in CASES.items():
        pyasc = None if args.no_pyasc else pyasc_source(path, kernel, pyasc_args, args.pyasc_ref)
        skipped = skipped or pyasc is None
        rows = [("ascx", ascx_source(path, kernel, ascx_args)), ("pyasc", pyasc)]
        totals: dict[str, int] = {}
        for tool, source in rows:
            if source is None:
                continue
            counts = count(source)
            totals[tool] = counts["total"]
            print(
                f"{name:12} {tool:6} {counts['flags']:>6} {counts['barriers']:>9} "
                f"{counts['flags'] + counts['barriers']:>15} {counts['queue']:>6} {counts['ids']:>4} "
                f"{counts['total']:>6}"
            )
        if len(totals) == 2:
            print(f"{name:12} ratio ascx/pyasc total: {totals['ascx'] / totals['pyasc']:.2f}")
    if skipped:
        why = "--smoke or --no-pyasc" if args.no_pyasc else f"not available here (needs {args.pyasc_ref})"
        print(f"pyasc 1.1.1: skipped ({why})")


if __name__ == "__main__":
    main()
