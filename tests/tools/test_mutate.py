"""The mutation tool (tools/mutate.py, docs/testing.md#mutation-testing): its operators on small sources, its
deterministic sampling, and a smoke run of three fixed mutants on a copy of HEAD: two that the tests kill
and one equivalent mutant that they must let survive."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[2]


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ascx_mutate_tool", REPO / "tools" / "mutate.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


mutate = _load()
ENUMS: dict[str, tuple[str, ...]] = {"CMPMODE": ("LT", "GT", "EQ", "LE", "GE", "NE")}


def _summary(mutants: list[object]) -> list[tuple[int, int, str, str, str]]:
    return [(m.line, m.col, m.operator, m.original, m.replacement) for m in mutants]  # type: ignore[attr-defined]


def test_python_operators() -> None:
    source = (
        "def f(a, *args, flag=True):\n"
        '    """a < b in a docstring"""\n'
        "    x = a + 1  # a comment: a - 1\n"
        "    if x <= 2 and flag:\n"
        "        return CMPMODE.NE\n"
        "    return -x * 3\n"
    )
    assert _summary(mutate.python_mutants("m.py", source, ENUMS)) == [
        (1, 21, "boolean", "True", "False"),
        (3, 10, "arithmetic", "+", "-"),
        (3, 12, "constant", "1", "2"),
        (4, 9, "relational", "<=", "<"),
        (4, 12, "constant", "2", "3"),
        (4, 14, "boolean", "and", "or"),
        (5, 23, "enum", "NE", "LT"),
        (6, 14, "arithmetic", "*", "/"),
        (6, 16, "constant", "3", "4"),
        (3, 0, "delete", "    x = a + 1  # a comment: a - 1\n", "    pass\n"),
        (5, 0, "delete", "        return CMPMODE.NE\n", "        pass\n"),
        (6, 0, "delete", "    return -x * 3\n", "    pass\n"),
    ]  # not the unary minus, the star argument, the docstring or the comment


def test_a_printed_enum_is_swapped_for_the_next_member_when_printed() -> None:
    source = 'def g(op):\n    return f"AscendC::CMPMODE::{op.cmp_mode.data.name}"\n'
    (mutant,) = [m for m in mutate.python_mutants("m.py", source, ENUMS) if m.operator == "enum"]
    namespace: dict[str, object] = {}
    exec(mutant.apply(source), namespace)  # the mutated source of this test

    from ascx.dialects.ascendc import CmpModeAttr
    from ascx.enums import CMPMODE

    class Op:
        cmp_mode = CmpModeAttr(CMPMODE.NE)

    assert namespace["g"](Op()) == "AscendC::CMPMODE::LT"  # type: ignore[operator]


def test_cpp_operators() -> None:
    source = (
        "#include <a.h>  // x < y\n"
        "template <typename T> T f(T a, const char* s) {\n"
        '    s = "a < b";\n'
        "    int n = a < 16U ? a * 2 : -a;  /* a > b */\n"
        "    mode = CMPMODE::NE;\n"
        "    Done(n && true);\n"
        "    return n;\n"
        "}\n"
    )
    assert _summary(mutate.cpp_mutants("h.h", source, ENUMS)) == [
        (3, 0, "delete", '    s = "a < b";\n', "\n"),
        (4, 14, "relational", "<", "<="),
        (4, 16, "constant", "16", "17"),
        (4, 24, "arithmetic", "*", "/"),
        (4, 26, "constant", "2", "3"),
        (5, 20, "enum", "NE", "LT"),
        (5, 0, "delete", "    mode = CMPMODE::NE;\n", "\n"),
        (6, 11, "boolean", "&&", "||"),
        (6, 14, "boolean", "true", "false"),
        (6, 0, "delete", "    Done(n && true);\n", "\n"),
    ]  # not the include, the template brackets, the strings, comments or declaration, the unary minus


def test_apply_changes_one_token_and_refuses_a_stale_mutant() -> None:
    source = "a = 1\nb = a < 2\n"
    (mutant,) = [m for m in mutate.python_mutants("m.py", source, ENUMS) if m.operator == "relational"]
    assert mutant.id == "m.py:2:6:relational"
    assert mutant.apply(source) == "a = 1\nb = a <= 2\n"
    with pytest.raises(AssertionError):
        mutant.apply("a = 1\nb = a + 2\n")


def test_sampling_is_deterministic_and_takes_every_operator_in_turn() -> None:
    mutants = [mutate.Mutant("f.py", line, 0, op, "x", "y") for line in range(1, 40) for op in mutate.OPERATORS]
    first = mutate.sample(mutants, 12, seed=32)
    assert first == mutate.sample(mutants, 12, seed=32)
    assert first != mutate.sample(mutants, 12, seed=33)
    assert sorted(m.operator for m in first) == sorted(mutate.OPERATORS * 2)
    assert first == sorted(first)
    assert mutate.sample(mutants[:3], 12, seed=32) == sorted(mutants[:3])


def test_every_area_has_files_with_mutants_and_tests() -> None:
    enums = mutate.enum_members()
    assert enums["CMPMODE"] == ("LT", "GT", "EQ", "LE", "GE", "NE")
    assert enums["SELMODE"] == enums["SelMode"]
    for name, area in mutate.AREAS.items():
        files = area.files()
        assert files, name
        for path in files:
            for test in area.selection(path):
                assert (REPO / test.removeprefix("lit:").split("::")[0]).exists(), (name, path, test)
        assert len(mutate.area_mutants(area, enums)) > 100, name


def test_each_hand_written_mutant_changes_the_line_it_names_and_its_tests_exist() -> None:
    """Issue 32's hand-written mutants still find their text in the current source (a stale one would stop the
    campaign's rerun), each changing one occurrence; every test they name exists."""
    names = [h.name for h in mutate.HANDWRITTEN]
    assert names == [
        "pad-out-row",
        "compare-printed-ne-as-eq",
        "compare-ne-computes-eq",
        "tiling-c-single-buffered",
        "counter-mode-repeats",
        "continuous-mask-word",
    ]
    for hand in mutate.HANDWRITTEN:
        mutant = hand.mutant()
        text = (REPO / hand.path).read_text()
        line = text.splitlines()[mutant.line - 1]
        assert line[mutant.col : mutant.col + len(hand.original)] == hand.original, hand.name
        changed = mutant.apply(text).splitlines()[mutant.line - 1]
        assert changed == line[: mutant.col] + hand.replacement + line[mutant.col + len(hand.original) :]
        offset = sum(len(t) for t in text.splitlines(keepends=True)[: mutant.line - 1]) + mutant.col
        assert text.find(hand.after) < offset, hand.name
        for test in hand.tests:
            path, _, function = test.removeprefix("lit:").partition("::")
            assert (REPO / path).exists(), (hand.name, test)
            assert not function or f"def {function}(" in (REPO / path).read_text(), (hand.name, test)


def test_a_hand_written_mutant_whose_text_is_gone_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "f.py").write_text("def f(x):\n    return x + 1\n\n\ndef g(x):\n    return x + 1\n")
    second = mutate.Handwritten("g-minus", "f.py", "x + 1", "x - 1", (), "g subtracts", after="def g(")
    assert second.mutant(tmp_path) == mutate.Mutant("f.py", 6, 11, "hand", "x + 1", "x - 1")
    with pytest.raises(ValueError, match=r"g-minus: 'def h\(' is not found exactly once in f.py"):
        mutate.Handwritten("g-minus", "f.py", "x + 1", "x - 1", (), "", after="def h(").mutant(tmp_path)
    with pytest.raises(ValueError, match=r"no line of f.py after 'def g\(' holds 'x \* 1'"):
        mutate.Handwritten("g-minus", "f.py", "x * 1", "x - 1", (), "", after="def g(").mutant(tmp_path)


def test_every_failing_test_is_read_from_pytest_and_lit_output() -> None:
    pytest_output = (
        "F.F\n=== short test summary info ===\n"
        "FAILED tests/emu/test_a.py::test_x[1] - AssertionError: no\n"
        "ERROR tests/emu/test_b.py::test_y - RuntimeError\n"
        "FAILED tests/emu/test_a.py::test_z\n2 failed, 1 error\n"
    )
    assert mutate._failures(pytest_output) == [
        "tests/emu/test_a.py::test_x[1]",
        "tests/emu/test_b.py::test_y",
        "tests/emu/test_a.py::test_z",
    ]
    lit_output = "********************\nFailed Tests (2):\n  ascx :: target/a.mlir\n  ascx :: api/b.py\n\n"
    assert mutate._failures(lit_output) == ["ascx :: target/a.mlir", "ascx :: api/b.py"]


def _find(path: str, operator: str, original: str, before: str) -> object:
    """The first mutant of ``path`` (in source order) with this operator and original text, where the line
    has ``before`` just before it (the start of the line for a deletion): found by content, so edits
    elsewhere in the file do not move it."""
    enums = mutate.enum_members()
    lines = (REPO / path).read_text().splitlines()
    found = [
        m
        for m in mutate.file_mutants(path, enums)
        if m.operator == operator
        and m.original.strip() == original
        and (lines[m.line - 1][: m.col] if operator != "delete" else "").endswith(before)
    ]
    assert found, (path, operator, original, before)
    return found[0]


@pytest.mark.skipif(shutil.which("git") is None, reason="the tool copies HEAD with git archive")
def test_smoke_two_killed_mutants_and_an_equivalent_one(tmp_path: Path) -> None:
    """The tool's verdicts on three fixed mutants, each with a one-test selection: the Compare printer writing
    the next CMPMODE (killed by the exact C++ of a GT compare), the host tiling's default of double-buffering C
    turned off (killed by the L0C depth), and an equivalent one (survives)."""
    if subprocess.run(["git", "rev-parse", "HEAD"], cwd=REPO, capture_output=True, check=False).returncode != 0:
        pytest.skip("not a git checkout")
    cmp_mode = _find("src/ascx/target/emit_vector.py", "enum", "{op.cmp_mode.data.name}", '"AscendC::CMPMODE::')
    db_c = _find("src/ascx/lib/host/tiling.py", "boolean", "True", '"c": ')
    equivalent = _find(*EQUIVALENT)
    area = mutate.Area(
        "smoke",
        (
            ("src/ascx/target/emit_vector.py", ("tests/language/test_vector_api.py::test_emits[compare_runtime]",)),
            (
                "src/ascx/lib/host/tiling.py",
                (
                    "tests/host/test_tiling.py::"
                    "test_c_is_double_buffered_in_l0c_by_default_when_two_blocks_fit[MatmulApiTiling]",
                ),
            ),
            (EQUIVALENT[0], EQUIVALENT_TESTS),
        ),
    )
    outcomes = mutate.run_mutants([cmp_mode, db_c, equivalent], area, baseline=False)
    assert [(o.path, o.outcome) for o in outcomes] == [
        ("src/ascx/target/emit_vector.py", "killed"),
        ("src/ascx/lib/host/tiling.py", "killed"),
        (EQUIVALENT[0], "survived"),
    ]
    assert outcomes[0].detail == "tests/language/test_vector_api.py::test_emits[compare_runtime]"


EQUIVALENT = ("src/ascx/lib/host/search.py", "delete", "sm, sn = candidates[0][-1], candidates[1][-1]", "")
"""Equivalent: when no core split fits, both loops over the candidates ran to their ends, so ``sm`` and ``sn``
already hold the last candidates the deleted statement assigns (and with no candidates both forms raise)."""
EQUIVALENT_TESTS = ("tests/host/test_tiling.py::test_get_tiling_explains_why_it_fails[single-needs-more-cores]",)
"""The test of the message the statement's values go into: it passes with the statement deleted."""
