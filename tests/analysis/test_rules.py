"""The RULES table against the code: every rule ID the code can report is in the table, every entry of
the table is reported somewhere, and each rule lives in one place (its owner's package).

The IDs the code can report are its string constants that are rule IDs (every report names its rule
by a literal; a rule chosen at run time is one of those literals too, and
``DiagnosticList.add`` refuses an ID outside the table while the diagnostic tests run).
"""

from __future__ import annotations

import ast
import functools
import importlib
import re
from pathlib import Path

from ascx.analysis.rules import FAMILIES, RULES, Rule

SRC = Path(__file__).resolve().parents[2] / "src"
RULE_ID = re.compile(r"(?:MM|FL|TQ|HZ|AT|XC|IN|PA)-E?\d+")
INSERTION = SRC / "ascx" / "analysis" / "insertion"
TABLE = SRC / "ascx" / "analysis" / "rules.py"


@functools.cache
def rule_literals() -> dict[str, frozenset[Path]]:
    """Every string constant of ``src/ascx`` (but the table's) that is a rule ID -> the files it is in."""
    found: dict[str, set[Path]] = {}
    for path in sorted((SRC / "ascx").rglob("*.py")):
        text = path.read_text()
        if path == TABLE or not RULE_ID.search(text):
            continue
        for node in ast.walk(ast.parse(text, str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and RULE_ID.fullmatch(node.value):
                found.setdefault(node.value, set()).add(path)
    return {rule: frozenset(paths) for rule, paths in found.items()}


def home(rule: Rule) -> Path:
    """Where a rule lives: its owner's package (a family package of ``ascx.analysis``), or the owner module
    itself when it is a module of ``ascx.analysis``."""
    owner = SRC / Path(*rule.owner.split("."))
    return owner.parent if owner.parent.name != "analysis" else owner.with_suffix(".py")


def test_every_reported_id_is_in_the_table() -> None:
    missing = sorted(set(rule_literals()) - set(RULES))
    assert missing == [], f"rule IDs the code reports but RULES lacks: {missing}"


def test_every_id_of_the_table_is_reported() -> None:
    unused = sorted(set(RULES) - set(rule_literals()))
    assert unused == [], f"RULES entries nothing reports: {unused}"


def test_each_rule_is_reported_by_its_owner_and_lives_in_one_place() -> None:
    """The owner module names the rule; no module outside the owner's package does, except insertion's,
    which repairs rules of other families and reports what it did under their IDs."""
    for rule_id, paths in rule_literals().items():
        rule = RULES[rule_id]
        owner = importlib.import_module(rule.owner).__file__
        assert owner is not None
        assert Path(owner).resolve() in paths, f"{rule_id}: {rule.owner} does not report it"
        place = home(rule)
        for path in paths:
            inside = path == place or place in path.parents
            repaired_by_insertion = rule.repaired and INSERTION in path.parents
            assert inside or repaired_by_insertion, f"{rule_id} is named in {path.relative_to(SRC)}, outside {place}"


def test_entries_are_well_formed() -> None:
    for rule_id, rule in RULES.items():
        assert rule.id == rule_id
        assert rule.family in FAMILIES, rule_id
        assert rule.severities, rule_id
        assert rule.anchor == f"docs/rules/{FAMILIES[rule.family][0]}.md#{rule_id.lower()}"
