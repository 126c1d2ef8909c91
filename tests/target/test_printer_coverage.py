"""Every op of the ``ascendc`` dialect has a printer entry (``@emits``), or is listed here as having no
C++ form (a pass must rewrite it before printing; the printer refuses it with a located error)."""

from __future__ import annotations

import ascx.target as target
from ascx.dialects.ascendc import AscendC
from ascx.target import printer

NO_CPP_FORM: frozenset[str] = frozenset()
"""Ops of the dialect that the printer refuses (by IR name), each for a reason its op documents."""


def test_every_op_has_a_printer_entry_or_is_listed_as_having_no_cpp_form() -> None:
    assert target.AscendCTarget.name == "ascendc"  # importing the target registers every printer entry
    missing = sorted(op.name for op in AscendC.operations if op not in printer._EMITTERS and op.name not in NO_CPP_FORM)
    assert missing == [], (
        "ops with neither a printer entry (@emits in ascx.target) nor a place in NO_CPP_FORM: " + ", ".join(missing)
    )


def test_ops_listed_without_a_cpp_form_have_no_printer_entry() -> None:
    names = {op.name: op for op in AscendC.operations}
    assert NO_CPP_FORM <= set(names), f"not ops of the dialect: {sorted(NO_CPP_FORM - set(names))}"
    printed = sorted(name for name in NO_CPP_FORM if names[name] in printer._EMITTERS)
    assert printed == [], f"listed as having no C++ form, but printed: {printed}"
