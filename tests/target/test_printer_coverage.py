"""Every op of the ``ascendc`` dialect has a printer entry (``@emits``), or is listed here as having no
C++ form (a pass must rewrite it before printing; the printer refuses it with a located error)."""

from __future__ import annotations

import importlib

import ascx.target as target
from ascx.dialects.ascendc import AscendC
from ascx.target import printer
from ascx.target.emitter_modules import EMITTER_MODULES, load_all_emitters

load_all_emitters()

NO_CPP_FORM: frozenset[str] = frozenset()
"""Ops of the dialect that the printer refuses (by IR name), each for a reason its op documents."""


def test_every_op_has_a_printer_entry_or_is_listed_as_having_no_cpp_form() -> None:
    assert target.AscendCTarget.name == "ascendc"
    missing = sorted(op.name for op in AscendC.operations if op not in printer._EMITTERS and op.name not in NO_CPP_FORM)
    assert missing == [], (
        "ops with neither a printer entry (@emits in ascx.target) nor a place in NO_CPP_FORM: " + ", ".join(missing)
    )


def test_ops_listed_without_a_cpp_form_have_no_printer_entry() -> None:
    names = {op.name: op for op in AscendC.operations}
    assert NO_CPP_FORM <= set(names), f"not ops of the dialect: {sorted(NO_CPP_FORM - set(names))}"
    printed = sorted(name for name in NO_CPP_FORM if names[name] in printer._EMITTERS)
    assert printed == [], f"listed as having no C++ form, but printed: {printed}"


def test_the_emitter_table_names_the_module_of_every_printer_entry() -> None:
    """The printer imports an op module's emitters from ``EMITTER_MODULES`` when the IR uses that op
    module: an entry in a module the table does not name for its op would never be loaded."""
    misplaced = sorted(
        f"{op.__name__} ({op.__module__}) is printed by {emitter.__module__}"
        for op, emitter in printer._EMITTERS.items()  # pyright: ignore[reportPrivateUsage]
        if emitter.__module__ != printer.__name__ and emitter.__module__ not in EMITTER_MODULES.get(op.__module__, ())
    )
    assert misplaced == []
    for emitters in EMITTER_MODULES.values():
        for name in emitters:
            importlib.import_module(name)  # every named module exists


def test_a_kernel_loads_only_the_emitters_its_ops_need() -> None:
    import subprocess
    import sys

    code = (
        "import sys\nimport ascx as asc\n"
        "@asc.jit\ndef k(x: asc.GlobalAddress) -> None:\n"
        "    g = asc.GlobalTensor()\n    g.set_global_buffer(x, 64)\n"
        "k.compile(asc.MockTensor(asc.float16))\n"
        "print(sorted(m for m in sys.modules if m.startswith(('ascx.target.emit_', 'ascx.dialects.ascendc.vector'))))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**__import__("os").environ, "ASCX_CACHE_DIR": ""},
    )
    assert result.stdout == "['ascx.target.emit_ascendc', 'ascx.target.emit_scalar']\n"
