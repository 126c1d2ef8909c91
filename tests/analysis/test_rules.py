"""The RULES table against the code: every rule ID the code can report is in the table, and every
entry of the table is reported somewhere.

The IDs the code can report are its string constants that are rule IDs (every report names its rule
by a literal; a rule chosen at run time is one of those literals too, and
``DiagnosticList.add`` refuses an ID outside the table while the diagnostic tests run).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from ascx.analysis.rules import FAMILIES, RULES

SRC = Path(__file__).resolve().parents[2] / "src" / "ascx"
RULE_ID = re.compile(r"(?:MM|FL|TQ|HZ|AT|XC|IN|PA)-E?\d+")


def rule_literals() -> dict[str, set[Path]]:
    """Every string constant of ``src/ascx`` that is a rule ID -> the files it is in."""
    found: dict[str, set[Path]] = {}
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and RULE_ID.fullmatch(node.value):
                found.setdefault(node.value, set()).add(path)
    return found


def test_every_reported_id_is_in_the_table() -> None:
    missing = sorted(set(rule_literals()) - set(RULES))
    assert missing == [], f"rule IDs the code reports but RULES lacks: {missing}"


def test_every_id_of_the_table_is_reported() -> None:
    unused = sorted(set(RULES) - set(rule_literals()))
    assert unused == [], f"RULES entries nothing reports: {unused}"


def test_entries_are_well_formed() -> None:
    for rule_id, rule in RULES.items():
        assert rule.id == rule_id
        assert rule.family in FAMILIES, rule_id
        assert rule.severities, rule_id
        assert rule.anchor == f"docs/rules/{FAMILIES[rule.family][0]}.md#{rule_id.lower()}"
