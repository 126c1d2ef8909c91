"""The rule catalogue (docs/rules/): a section for every rule of ``RULES`` and nothing else, an example
for every rule a kernel can break, and every example doing what it says (``ascx.testing.rule_pages``:
the broken ones report their rule with the diagnostics shown, the fixed ones compile without it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ascx.analysis.rules import FAMILIES, RULES
from ascx.cli.explain import sections
from ascx.testing.rule_pages import RULES_DIR, check_page, examples

PAGES = sorted(RULES_DIR.glob("*.md"))
RULE_PAGES = [page for page in PAGES if page.name != "README.md"]

WITHOUT_EXAMPLE = {
    "HZ-0": "a loop the analysis does not settle within its budget: no known kernel",
    "PA-8": "an internal error of the analysis: no kernel should produce it",
}
"""Rules no kernel is known to break, with the reason (their sections explain them without an example)."""


def test_every_rule_has_its_section_on_its_family_page() -> None:
    for rule in RULES.values():
        page = RULES_DIR.parent.parent / rule.page
        section = sections(page.read_text()).get(rule.id.lower())
        assert section is not None, f"{rule.page} has no section for {rule.id}"
        assert section.startswith(f"## {rule.id}\n"), rule.id
        severities = re.findall(r"\*\*(error|warning|remark)\*\*", section.split("\n\n")[1])
        assert set(severities) == set(rule.severities), f"{rule.id}: the section says {severities}"


def test_every_rule_section_is_a_rule_of_its_family() -> None:
    pages = {name: family for family, (name, _) in FAMILIES.items()}
    assert {page.stem for page in RULE_PAGES} == set(pages)
    for page in RULE_PAGES:
        for heading in re.findall(r"^## (\S+)$", page.read_text(), re.M):
            assert heading in RULES, f"{page.name}: {heading} is not in RULES"
            assert RULES[heading].family == pages[page.stem], f"{page.name}: {heading} belongs elsewhere"


def test_every_rule_a_kernel_can_break_has_an_example() -> None:
    shown = {example.rule for page in RULE_PAGES for example in examples(page.read_text())}
    shown_broken = {e.rule for page in RULE_PAGES for e in examples(page.read_text()) if "fixed" not in e.flags}
    assert shown_broken == set(RULES) - set(WITHOUT_EXAMPLE)
    assert not shown & set(WITHOUT_EXAMPLE)


@pytest.mark.parametrize("page", RULE_PAGES, ids=lambda p: p.name)
def test_the_examples_do_what_they_say(page: Path) -> None:
    problems, stale = check_page(page)
    assert problems == [], "\n".join(problems)
    assert stale == [], "\n".join(stale) + "\n(regenerate: python -m ascx.testing.rule_pages --write)"
