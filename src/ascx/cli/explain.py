"""``ascx explain RULE``: print the section of the rule catalogue that explains a diagnostic's rule, as
``rustc --explain`` does (``ascx explain MM-4``, ``ascx explain fl-1``).

The catalogue is ``docs/rules/`` of the ascx source tree, one page per rule family with one section per
rule (``RULES[id].anchor``); this module finds a section by its anchor, as GitHub names headings.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

from ascx.analysis.rules import RULES, Rule
from ascx.errors import AscxError

DOCS = Path(__file__).resolve().parents[3] / "docs"
"""The documentation of the source tree this copy of ascx runs from."""

_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def slug(heading: str) -> str:
    """The anchor GitHub gives a markdown heading: lower case, punctuation but ``-`` and ``_`` dropped,
    spaces as ``-`` (``## MM-4`` -> ``mm-4``, ``## The happens-before model`` -> ``the-happens-before-model``)."""
    text = re.sub(r"`|\*\*|\*|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", heading).strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def sections(markdown: str) -> dict[str, str]:
    """Anchor -> the section it names: its heading and everything up to the next heading of the same or a
    higher level (headings inside fenced code blocks are not headings)."""
    lines = markdown.splitlines()
    headings: list[tuple[int, int, str]] = []
    fenced = False
    for index, line in enumerate(lines):
        if line.startswith("```"):
            fenced = not fenced
            continue
        match = _HEADING.match(line) if not fenced else None
        if match:
            headings.append((index, len(match.group(1)), slug(match.group(2))))
    found: dict[str, str] = {}
    seen: dict[str, int] = {}
    for position, (start, level, anchor) in enumerate(headings):
        end = next((i for i, lv, _ in headings[position + 1 :] if lv <= level), len(lines))
        count = seen.get(anchor, 0)
        seen[anchor] = count + 1
        key = anchor if count == 0 else f"{anchor}-{count}"
        found[key] = "\n".join(lines[start:end]).rstrip() + "\n"
    return found


def find_rule(name: str) -> Rule:
    """The rule ``name`` names (any case); an unknown name is a usage error listing close matches."""
    rule = RULES.get(name.strip().upper())
    if rule is not None:
        return rule
    close = difflib.get_close_matches(name.strip().upper(), list(RULES), n=4, cutoff=0.5)
    hint = f"; did you mean {', '.join(close)}?" if close else f"; the rules are {_families()}"
    raise AscxError(f"unknown rule '{name}'{hint}", kind="usage")


def _families() -> str:
    families: dict[str, list[str]] = {}
    for rule in RULES.values():
        families.setdefault(rule.family, []).append(rule.id)
    return ", ".join(f"{ids[0]} … {ids[-1]}" if len(ids) > 1 else ids[0] for ids in families.values())


def explain(name: str, docs: Path = DOCS) -> str:
    """The catalogue's section on rule ``name``."""
    rule = find_rule(name)
    page = docs.parent / rule.page
    if not page.is_file():
        raise AscxError(
            f"{rule.id}: {rule.summary}; its explanation is {rule.anchor} in the ascx source tree, which this "
            f"installation does not have ({page} is missing)",
            kind="usage",
        )
    section = sections(page.read_text()).get(rule.id.lower())
    if section is None:
        raise AscxError(f"{rule.page} has no section for {rule.id}", kind="usage")
    return section
