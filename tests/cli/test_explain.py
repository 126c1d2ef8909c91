"""``ascx explain RULE`` prints the rule catalogue's section on a rule, for every rule of ``RULES``; an
unknown rule is a usage error with the close matches."""

from __future__ import annotations

from pathlib import Path

import pytest

from ascx.analysis.rules import RULES
from ascx.cli.ascx_main import main
from ascx.cli.explain import explain, find_rule, slug
from ascx.errors import AscxError


def test_ascx_explain_prints_the_rules_section(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "MM-4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        "## MM-4\n\n**error**, or **warning** only where a loop runs zero times ([loops that may run zero times]"
        "(#loops-that-may-run-zero-times))\n· `mm.wait_iterate_all()` with no waitable"
    )
    assert "mm.wait_iterate_all()\n" in out  # the example
    assert "[MM-4]" in out  # the diagnostic it gives
    assert "**Fix:**" in out
    assert "## MM-5" not in out


def test_a_rule_can_be_named_in_any_case() -> None:
    assert explain("fl-1") == explain("FL-1")
    assert explain(" in-e2 ").startswith("## IN-E2\n")


@pytest.mark.parametrize("rule", sorted(RULES))
def test_every_rule_is_explained(rule: str) -> None:
    assert explain(rule).startswith(f"## {rule}\n\n**")


def test_an_unknown_rule_is_a_usage_error_with_close_matches(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "MM-44"]) == 1
    err = capsys.readouterr().err
    assert err.strip() == "error: unknown rule 'MM-44'; did you mean MM-4, MM-14, MM-9, MM-8?"


def test_a_name_like_no_rule_lists_the_families() -> None:
    with pytest.raises(AscxError) as caught:
        find_rule("XYZ")
    assert str(caught.value).startswith("error: unknown rule 'XYZ'; the rules are MM-0 … MM-31, FL-1 … FL-12,")


def test_without_the_source_tree_the_rule_is_still_summarised(tmp_path: Path) -> None:
    with pytest.raises(AscxError) as caught:
        explain("HZ-1", docs=tmp_path / "docs")
    assert "HZ-1: read after write on two pipes without ordering" in str(caught.value)
    assert "docs/rules/hazards.md#hz-1" in str(caught.value)


def test_anchors_are_githubs() -> None:
    assert slug("MM-4") == "mm-4"
    assert slug("The happens-before model") == "the-happens-before-model"
    assert slug("Tracer (`ascx.tracer`)") == "tracer-ascxtracer"
    assert slug("`asc.set_atomic_add`") == "ascset_atomic_add"
