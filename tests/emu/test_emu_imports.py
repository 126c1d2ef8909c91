"""``ascx.emu`` is a leaf of the compiler (docs/architecture.md#driver-ascxruntime): it builds and runs the C++
text and the launch facts recorded at compile time, and never reads the IR or calls the printer.  Between
``ascx.runtime``, ``ascx.lib`` and ``ascx.emu`` imports go one way (runtime → lib → emu, runtime → emu)."""

from __future__ import annotations

import ast
from pathlib import Path

import ascx.emu

SRC = Path(ascx.emu.__file__).parent.parent

FORBIDDEN = ("ascx.dialects", "ascx.passes", "ascx.analysis", "ascx.target")


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports, at any depth (imports inside functions count)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            found.extend((node.lineno, f"{node.module}.{alias.name}") for alias in node.names)
    return found


def test_emu_imports_nothing_of_the_compiler() -> None:
    root = Path(ascx.emu.__file__).parent
    offending = [
        f"{path.relative_to(root)}:{line}: {module}"
        for path in sorted(root.rglob("*.py"))
        for line, module in imported_modules(path)
        if module.startswith(FORBIDDEN)
    ]
    assert offending == []


def test_the_check_sees_imports_inside_functions(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("import os\n\ndef f():\n    from ascx.target import print_ascendc\n")
    assert imported_modules(probe) == [(1, "os"), (4, "ascx.target.print_ascendc")]


LAYERS = ("runtime", "lib", "emu")
"""Each may import the ones after it, never one before it."""


def test_runtime_lib_and_emu_import_one_way() -> None:
    """No import cycle between the three, counting imports inside functions and ``TYPE_CHECKING`` blocks."""
    offending = [
        f"{path.relative_to(SRC)}:{line}: {module}"
        for rank, layer in enumerate(LAYERS)
        for path in sorted((SRC / layer).rglob("*.py"))
        for line, module in imported_modules(path)
        if any(module == f"ascx.{above}" or module.startswith(f"ascx.{above}.") for above in LAYERS[:rank])
    ]
    assert offending == []
