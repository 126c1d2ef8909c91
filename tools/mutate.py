"""Mutation testing of ascx (docs/testing.md#mutation-testing).

Applies one mutant at a time to a copy of the repository (``git archive HEAD`` into a temporary
directory; the working tree is never touched), runs the tests that cover the mutated file (``AREAS``: each
source area's files and, per file, its test selection), and records whether the tests killed the mutant
(some test failed, or the build failed), let it survive (every test passed) or timed out.

Operators (``OPERATORS``): relational and arithmetic operator swaps, off-by-one on integer constants,
boolean flips (``True``/``False``, ``and``/``or``, ``&&``/``||``), enum member swaps (``CMPMODE::NE`` ->
the next member of the enum, in C++ and in Python's ``CMPMODE.NE``), and deleting a statement line.  The
mutants of a file are enumerated in source order; a campaign samples ``--count`` of an area's mutants with
``random.Random(--seed)``, so the same seed and commit give the same mutants.

    python tools/mutate.py list --area printer --count 20 --seed 32
    python tools/mutate.py run --area printer --count 20 --seed 32 --out results/printer.json
    python tools/mutate.py run --mutant 'src/ascx/target/emit_vector.py:121:31:enum'
    python tools/mutate.py run --mutant ID --tests tests/language/test_vector_api.py  # another selection

A C++ mutant of the clean-room emulation headers changes the build key of every kernel that includes the
header, so each one rebuilds the kernels its tests run; its tests run on the clean-room backend alone
(``ASCX_TEST_CANN`` points nowhere, so the differential check does not also build the CANN backend) with
a build directory of the campaign (``ASCX_EMU_BUILD_DIR``), never the suite's cache.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
import tokenize
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from fnmatch import fnmatch
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

# --- the mutants -----------------------------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Mutant:
    """One change of one token (or the deletion of one statement line) of one file."""

    path: str
    """The file, relative to the repository root."""
    line: int
    """1-based."""
    col: int
    """0-based offset of the changed text in its line (0 for a deleted line)."""
    operator: str
    original: str
    replacement: str

    @property
    def id(self) -> str:
        return f"{self.path}:{self.line}:{self.col}:{self.operator}"

    def apply(self, text: str) -> str:
        """``text`` (the file's source) with this mutant applied."""
        lines = text.splitlines(keepends=True)
        old = lines[self.line - 1]
        if self.operator == "delete":
            assert old.strip() == self.original.strip(), (self.id, old)
            lines[self.line - 1] = self.replacement
        else:
            end = self.col + len(self.original)
            assert old[self.col : end] == self.original, (self.id, old[self.col : end], self.original)
            lines[self.line - 1] = old[: self.col] + self.replacement + old[end:]
        return "".join(lines)


OPERATORS = ("relational", "arithmetic", "constant", "boolean", "enum", "delete")

RELATIONAL = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}
ARITHMETIC = {"+": "-", "-": "+", "*": "/", "/": "*", "//": "*", "%": "*"}
BOOLEAN = {"True": "False", "False": "True", "and": "or", "or": "and", "true": "false", "false": "true"}
PY_BOOLEAN = frozenset({"True", "False", "and", "or"})
BOOLEAN_CPP = {"&&": "||", "||": "&&"}


def enum_members() -> dict[str, tuple[str, ...]]:
    """Enum name -> its members in declaration order: the shared enums of ``ascx.enums`` (C++ spells them
    alike; ``SelMode`` is C++'s ``SELMODE``) and the dialect's kinds."""
    sys.path.insert(0, str(REPO / "src"))
    from enum import Enum

    import ascx.dialects.ascendc.basic_enums as kinds
    import ascx.enums as shared

    found: dict[str, tuple[str, ...]] = {}
    for module in (shared, kinds):
        for name, value in vars(module).items():
            if isinstance(value, type) and issubclass(value, Enum) and value.__module__ == module.__name__:
                members = tuple(m.name for m in value)  # pyright: ignore[reportUnknownVariableType]
                if len(members) > 1:
                    found[name] = members
    found["SELMODE"] = found["SelMode"]
    return found


def _next_member(members: tuple[str, ...], name: str) -> str:
    return members[(members.index(name) + 1) % len(members)]


def python_mutants(path: str, text: str, enums: dict[str, tuple[str, ...]]) -> list[Mutant]:
    """The mutants of a Python source: tokens outside strings and comments, and simple statements."""
    found: list[Mutant] = []
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(text).readline) if t.type not in _LAYOUT]
    operand_end = {tokenize.NAME, tokenize.NUMBER, tokenize.STRING}
    for i, tok in enumerate(tokens):
        (line, col), s = tok.start, tok.string
        prev = tokens[i - 1] if i else None
        binary = prev is not None and (prev.type in operand_end or prev.string in {")", "]"})
        binary = binary and prev is not None and prev.string not in {"lambda", "return", "in", "not", "and", "or"}
        if tok.type == tokenize.OP and s in RELATIONAL:
            found.append(Mutant(path, line, col, "relational", s, RELATIONAL[s]))
        elif tok.type == tokenize.OP and s in ARITHMETIC and binary and not _is_star_argument(tokens, i):
            found.append(Mutant(path, line, col, "arithmetic", s, ARITHMETIC[s]))
        elif tok.type == tokenize.NUMBER and re.fullmatch(r"\d+", s):
            found.append(Mutant(path, line, col, "constant", s, str(int(s) + 1)))
        elif tok.type == tokenize.NAME and s in BOOLEAN and s in PY_BOOLEAN:
            found.append(Mutant(path, line, col, "boolean", s, BOOLEAN[s]))
        elif (
            tok.type == tokenize.NAME
            and prev is not None
            and prev.string == "."
            and i >= 2
            and tokens[i - 2].string in enums
            and s in enums[tokens[i - 2].string]
        ):
            found.append(Mutant(path, line, col, "enum", s, _next_member(enums[tokens[i - 2].string], s)))
    found.extend(_printed_enum_swaps(path, text))
    found.extend(_python_deletions(path, text))
    return found


_PRINTED_ENUM = re.compile(r"\{([\w.]+)\.data\.(name|cpp)\}")
_NEXT_MEMBER = "(lambda e: list(type(e))[(list(type(e)).index(e) + 1) % len(type(e))])"


def _printed_enum_swaps(path: str, text: str) -> list[Mutant]:
    """In a printer's f-string, an enum attribute printed by ``{x.data.name}`` or ``{x.data.cpp}`` spelled as
    the next member of its enum (the printer writing ``CMPMODE::EQ`` for ``NE``)."""
    found: list[Mutant] = []
    for line_no, line in enumerate(text.splitlines(), start=1):
        for m in _PRINTED_ENUM.finditer(line):
            replacement = "{" + f"{_NEXT_MEMBER}({m.group(1)}.data).{m.group(2)}" + "}"
            found.append(Mutant(path, line_no, m.start(), "enum", m.group(0), replacement))
    return found


_LAYOUT = {tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.COMMENT, tokenize.ENCODING}


def _is_star_argument(tokens: list[tokenize.TokenInfo], i: int) -> bool:
    return tokens[i].string == "*" and tokens[i + 1].string in {")", ","}


def _python_deletions(path: str, text: str) -> list[Mutant]:
    """Single-line statements (assignments, calls, returns, raises) replaced by ``pass``."""
    lines = text.splitlines(keepends=True)
    found: list[Mutant] = []
    for node in ast.walk(ast.parse(text)):
        if not isinstance(node, ast.Assign | ast.AugAssign | ast.Expr | ast.Return | ast.Raise):
            continue
        if node.lineno != node.end_lineno:
            continue
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # a docstring
        line = lines[node.lineno - 1]
        if line.strip().startswith(("def ", "class ", "if ", "elif ", "for ", "while ", "with ")) or ";" in line:
            continue
        indent = line[: len(line) - len(line.lstrip())]
        found.append(Mutant(path, node.lineno, 0, "delete", line, f"{indent}pass\n"))
    return sorted(found)


def _blank_cpp(text: str) -> str:
    """``text`` with comments, string and character literals and preprocessor lines blanked (offsets kept)."""
    pattern = re.compile(r"//[^\n]*|/\*.*?\*/|\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'|^[ \t]*#[^\n]*", re.S | re.M)
    return pattern.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


_CPP_TOKEN = re.compile(
    r"(?<=\s)(?P<op><=|>=|==|!=|<|>|&&|\|\||[+\-*/%])(?=\s)"
    r"|(?<![\w.])(?P<num>\d+)(?P<suffix>[uU]?[lL]{0,2})(?![\w.])"
    r"|\b(?P<bool>true|false)\b"
    r"|\b(?P<enum>[A-Za-z_]\w*)::(?P<member>[A-Z][A-Z0-9_]*)\b"
)
_CPP_STATEMENT = re.compile(
    r"^\s*(?:[A-Za-z_][\w.\[\]]*(?:->[\w\[\]]+)*\s*(?:[+\-*/%|&^]?=|<<=|>>=)[^=].*;"  # an assignment
    r"|(?:\+\+|--)?[A-Za-z_][\w.:]*(?:->\w+)*(?:\+\+|--)?;"  # an increment
    r"|[A-Za-z_][\w.:]*(?:->\w+)*(?:<[^;]*>)?\(.*\);)\s*$"  # a call
)
_CPP_KEYWORD_START = re.compile(r"^\s*(?:return|if|for|while|else|case|break|continue|static_assert|using|typedef)\b")


def cpp_mutants(path: str, text: str, enums: dict[str, tuple[str, ...]]) -> list[Mutant]:
    """The mutants of a C++ header: binary operators written with a space on each side (template brackets
    and unary operators are not), decimal integer constants, ``true``/``false``, enumerators of the
    shared enums, and statement lines (assignments, increments, calls)."""
    found: list[Mutant] = []
    blank = _blank_cpp(text)
    starts = [0]
    for ln in blank.splitlines(keepends=True):
        starts.append(starts[-1] + len(ln))
    for line_no, (line, original) in enumerate(
        zip(blank.splitlines(), text.splitlines(keepends=True), strict=False), start=1
    ):
        for m in _CPP_TOKEN.finditer(line):
            if (op := m.group("op")) is not None:
                if op in BOOLEAN_CPP:
                    found.append(Mutant(path, line_no, m.start("op"), "boolean", op, BOOLEAN_CPP[op]))
                elif op in RELATIONAL:
                    found.append(Mutant(path, line_no, m.start("op"), "relational", op, RELATIONAL[op]))
                else:
                    found.append(Mutant(path, line_no, m.start("op"), "arithmetic", op, ARITHMETIC[op]))
            elif (num := m.group("num")) is not None:
                found.append(Mutant(path, line_no, m.start("num"), "constant", num, str(int(num) + 1)))
            elif (flag := m.group("bool")) is not None:
                found.append(Mutant(path, line_no, m.start("bool"), "boolean", flag, BOOLEAN[flag]))
            elif m.group("enum") in enums and m.group("member") in enums[m.group("enum")]:
                member = m.group("member")
                replacement = _next_member(enums[m.group("enum")], member)
                found.append(Mutant(path, line_no, m.start("member"), "enum", member, replacement))
        if _CPP_STATEMENT.match(line) and not _CPP_KEYWORD_START.match(line) and line.count(";") == 1:
            found.append(Mutant(path, line_no, 0, "delete", original, "\n"))
    return found


def file_mutants(path: str, enums: dict[str, tuple[str, ...]], root: Path = REPO) -> list[Mutant]:
    text = (root / path).read_text()
    if path.endswith(".py"):
        return python_mutants(path, text, enums)
    return cpp_mutants(path, text, enums)


# --- the areas and their tests ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Area:
    """A source area: the files a campaign mutates and, per file pattern, the tests that cover it (pytest
    node ids or paths; ``lit:<path>`` runs a filecheck file or directory of tests/filecheck)."""

    description: str
    tests: tuple[tuple[str, tuple[str, ...]], ...]
    """(glob of files, the tests of a file it matches); a file is mutated when a glob matches it."""
    emulation: bool = False
    """The tests build emulation kernels (a campaign build directory; the clean-room backend alone)."""

    def files(self, root: Path = REPO) -> list[str]:
        listed = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True).stdout
        return sorted(f for f in listed.splitlines() if self.selection(f))

    def selection(self, path: str) -> tuple[str, ...]:
        for pattern, tests in self.tests:
            if fnmatch(path, pattern):
                return tests
        return ()


EMU = "src/ascx/emu/include/ascx_emu/"
VECTOR_OPS = "tests/emu/test_vector_ops.py::"
PRINTER_TESTS = (
    "tests/target",
    "tests/language/test_vector_api.py",
    "lit:tests/filecheck/target",
    "lit:tests/filecheck/api",
)
AREAS: dict[str, Area] = {
    "emu": Area(
        "the clean-room emulation headers: the vector, mask and data-copy instructions",
        (
            (
                EMU + "vector.h",
                (
                    VECTOR_OPS + "test_binary_ops_match_numpy_exactly",
                    VECTOR_OPS + "test_scalar_ops_match_numpy_exactly",
                    VECTOR_OPS + "test_every_compare_mode_of_both_compares",
                    VECTOR_OPS + "test_unary_and_duplicate_mask_forms",
                    VECTOR_OPS + "test_the_sync_checker_sees_a_unary_op_read_its_source",
                    VECTOR_OPS + "test_compare_then_select",
                    VECTOR_OPS + "test_a_full_mask_over_sixty_four_repeats",
                    VECTOR_OPS + "test_a_mask_form_reduce_sum_over_an_odd_number_of_repeats",
                    "tests/emu/test_build_kinds.py::test_vector_ops_in_place_masked_and_overlapping_agree",
                ),
            ),
            (EMU + "vector_mask.h", ("tests/emu/test_vector_mask_ops.py",)),
            (
                EMU + "data_copy.h",
                (
                    "tests/emu/test_data_copy_pad_gm_ub.py",
                    "tests/emu/test_cube_emulation.py::"
                    "test_data_copy_of_a_count_not_in_64_byte_units_into_the_bias_table_is_an_error",
                ),
            ),
        ),
        emulation=True,
    ),
    "printer": Area(
        "the C++ printer (src/ascx/target)",
        (("src/ascx/target/emit_*.py", PRINTER_TESTS), ("src/ascx/target/printer.py", PRINTER_TESTS)),
    ),
    "tiling": Area(
        "the host Matmul tiling (src/ascx/lib/host)",
        (
            ("src/ascx/lib/host/tiling.py", ("tests/host/test_tiling.py",)),
            ("src/ascx/lib/host/search.py", ("tests/host/test_tiling.py",)),
        ),
    ),
    "sync": Area(
        "the sync analyses (src/ascx/analysis)",
        (
            (
                "src/ascx/analysis/*.py",
                (
                    "tests/passes/test_one_mistake_one_error.py",
                    "tests/passes/test_correlated_branches.py",
                    "tests/analysis",
                    "lit:tests/filecheck/passes",
                ),
            ),
        ),
    ),
}


def area_mutants(area: Area, enums: dict[str, tuple[str, ...]], root: Path = REPO) -> list[Mutant]:
    return sorted(m for path in area.files(root) for m in file_mutants(path, enums, root))


# --- mutants written by hand ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Handwritten:
    """A mutant the operators do not generate, written by hand (issue 32's, which the campaign's first tests
    let through or caught with one test): ``original``, text of one line, replaced by ``replacement`` at its
    first occurrence after ``after`` (text found once in the file; the file's start when empty)."""

    name: str
    path: str
    original: str
    replacement: str
    tests: tuple[str, ...]
    """The tests that should kill it, run whole (``run --handwritten`` records every one that fails)."""
    why: str
    """What the mutant breaks."""
    after: str = ""
    emulation: bool = False

    def mutant(self, root: Path = REPO) -> Mutant:
        text = (root / self.path).read_text()
        start = 0
        if self.after:
            if text.count(self.after) != 1:
                raise ValueError(f"{self.name}: {self.after!r} is not found exactly once in {self.path}")
            start = text.index(self.after)
        at = text.find(self.original, start)
        if at < 0 or "\n" in self.original:
            raise ValueError(f"{self.name}: no line of {self.path} after {self.after!r} holds {self.original!r}")
        line = text.count("\n", 0, at) + 1
        return Mutant(self.path, line, at - (text.rfind("\n", 0, at) + 1), "hand", self.original, self.replacement)

    def area(self) -> Area:
        return Area(f"the hand-written mutant {self.name}", ((self.path, self.tests),), self.emulation)


REPEAT_H = EMU + "repeat.h"
HANDWRITTEN: tuple[Handwritten, ...] = (
    Handwritten(
        "pad-out-row",
        EMU + "data_copy.h",
        "ascx_emu::round_up(len, ascx_emu::BLOCK_BYTES)",
        "len",
        ("tests/emu/test_data_copy_pad_gm_ub.py",),
        "DataCopyPad from UB to GM reads its blocks from rows of len bytes, not of len rounded up to 32",
        after="void pad_out(",
        emulation=True,
    ),
    Handwritten(
        "compare-printed-ne-as-eq",
        "src/ascx/target/emit_vector.py",
        "{op.cmp_mode.data.name}",
        "{op.cmp_mode.data.name.replace('NE', 'EQ')}",
        (*PRINTER_TESTS, VECTOR_OPS + "test_every_compare_mode_of_both_compares"),
        "the vector Compare prints CMPMODE::EQ for NE",
        after="def _compare(p",
        emulation=True,
    ),
    Handwritten(
        "compare-ne-computes-eq",
        EMU + "vector.h",
        "return x != y;",
        "return x == y;",
        (
            VECTOR_OPS + "test_every_compare_mode_of_both_compares",
            VECTOR_OPS + "test_the_mask_forms_of_both_compares",
            VECTOR_OPS + "test_compare_then_select",
            "tests/emu/test_vector_mask_ops.py",
        ),
        "the emulation's Compare in NE mode computes x == y",
        after="case AscendC::CMPMODE::NE:",
        emulation=True,
    ),
    Handwritten(
        "tiling-c-single-buffered",
        "src/ascx/lib/host/tiling.py",
        '"c": True',
        '"c": False',
        ("tests/host/test_tiling.py",),
        "the host tiling no longer double-buffers C in L0C by default",
    ),
    Handwritten(
        "counter-mode-repeats",
        REPEAT_H,
        "(r.count + r.lanes - 1) / r.lanes",
        "r.count / r.lanes",
        ("tests/emu/test_vector_mask_ops.py",),
        "in counter mode an op under the mask register drops the last, partial repeat of its element count",
        after="inline Repeats register_repeats(",
        emulation=True,
    ),
    Handwritten(
        "continuous-mask-word",
        REPEAT_H,
        "(uint64_t{1} << (mask - 64)) - 1",
        "(uint64_t{1} << (mask - 65)) - 1",
        ("tests/emu/test_vector_mask_ops.py", VECTOR_OPS + "test_a_continuous_mask_with_repeats_and_block_strides"),
        "a continuous mask past 64 lanes given to the op selects one lane too few in the second word",
        after="Repeats mask_repeats(uint32_t lane_bytes, uint64_t mask,",
        emulation=True,
    ),
)
"""Issue 32's mutants: the three the first tests let through (DataCopyPad's row rounding; Compare's NE, printed
and computed; C's double-buffering default) and the two one test each caught (the counter-mode repeat count,
the continuous mask's second word)."""


def sample(mutants: Sequence[Mutant], count: int, seed: int) -> list[Mutant]:
    """``count`` of ``mutants`` (all if fewer), in source order: each operator's mutants shuffled by
    ``random.Random(seed)``, then taken from the operators in turn (``OPERATORS`` order), so an area whose
    statements outnumber its operators still gets every operator."""
    rng = random.Random(seed)
    queues: list[list[Mutant]] = []
    for operator in OPERATORS:
        group = [m for m in mutants if m.operator == operator]
        rng.shuffle(group)
        queues.append(group)
    chosen: list[Mutant] = []
    while len(chosen) < count and any(queues):
        for queue in queues:
            if queue and len(chosen) < count:
                chosen.append(queue.pop(0))
    return sorted(chosen)


# --- running ----------------------------------------------------------------------------------------------


@dataclass
class Outcome:
    id: str
    path: str
    line: int
    operator: str
    original: str
    replacement: str
    outcome: str
    """``killed``, ``survived`` or ``timeout``."""
    seconds: float
    detail: str = ""
    """For a killed mutant, the first failing test (or the build error); for a survivor, the tests run."""
    verdict: str = ""
    """Filled in by hand for a survivor: ``equivalent: <why>``, ``killed by <test>`` or ``open: <test to write>``."""
    failing: list[str] = field(default_factory=list[str])
    """With ``--every-failure``: every test of the selection that failed (how many tests catch the mutant)."""


@dataclass
class Copy:
    """A copy of the repository at HEAD, with a bin directory whose ``python``, ``ascx`` and ``ascx-opt``
    import the copy's ``src`` (lit runs the tools from the directory of the python it is given)."""

    root: Path
    bin: Path
    env: dict[str, str] = field(default_factory=dict[str, str])

    @classmethod
    def make(cls, base: Path, emulation: bool) -> Copy:
        root, bin_dir = base / "repo", base / "bin"
        root.mkdir(parents=True)
        bin_dir.mkdir()
        archive = subprocess.run(["git", "archive", "HEAD"], cwd=REPO, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(root)], input=archive, check=True)
        real_bin = Path(sys.executable).parent
        for name in ("python", "ascx", "ascx-opt", "filecheck", "lit"):
            target = real_bin / name if name != "python" else Path(sys.executable)
            if not target.exists():
                continue
            wrapper = bin_dir / name
            wrapper.write_text(f'#!/bin/sh\nPYTHONPATH="{root / "src"}" exec "{target}" "$@"\n')
            wrapper.chmod(0o755)
        env = {**os.environ, "PYTHONPATH": str(root / "src"), "ASCX_CACHE_DIR": str(base / "cache")}
        env["PATH"] = f"{bin_dir}{os.pathsep}{env.get('PATH', '')}"
        if emulation:
            env["ASCX_EMU_BUILD_DIR"] = str(base / "emu-builds")
            env["ASCX_TEST_CANN"] = str(base / "no-cann")  # the clean-room backend alone
        return cls(root, bin_dir, env)

    def run_tests(self, tests: Sequence[str], timeout: float) -> tuple[str, str]:
        """(``passed``/``failed``/``timeout``, the first failure's summary) of the selection."""
        status, detail, _ = self.run_selection(tests, timeout, every=False)
        return status, detail

    def run_selection(self, tests: Sequence[str], timeout: float, *, every: bool) -> tuple[str, str, list[str]]:
        """(``passed``/``failed``/``timeout``, the first failure's summary, the failing tests): with ``every``
        the whole selection runs and every failing test is listed, otherwise it stops at the first."""
        pytest_args = [t for t in tests if not t.startswith("lit:")]
        lit_args = [t.removeprefix("lit:") for t in tests if t.startswith("lit:")]
        deadline = time.monotonic() + timeout
        commands: list[list[str]] = []
        if pytest_args:
            pytest = [str(self.bin / "python"), "-m", "pytest", "-n", "0", "-q", "-p", "no:cacheprovider"]
            commands.append([*pytest, *([] if every else ["-x"]), *pytest_args])
        if lit_args:
            lit = [str(self.bin / "python"), "-c", "from lit.main import main; main()", "-q"]
            stop = [] if every else ["--max-failures=1"]
            commands.append([*lit, *stop, f"-Dpython={self.bin / 'python'}", *lit_args])
        first = ""
        failing: list[str] = []
        for command in commands:
            left = deadline - time.monotonic()
            if left <= 0:
                return "timeout", "", failing
            try:
                result = subprocess.run(
                    command, cwd=self.root, env=self.env, capture_output=True, text=True, timeout=left
                )
            except subprocess.TimeoutExpired:
                return "timeout", " ".join(command[-len(tests) :]), failing
            if result.returncode != 0:
                first = first or _first_failure(result.stdout + result.stderr)
                failing.extend(_failures(result.stdout + result.stderr))
                if not every:
                    break
        return ("failed" if first else "passed"), first, failing


def _failures(output: str) -> list[str]:
    """Every failing test a pytest (``FAILED``/``ERROR`` lines) or lit (``Failed Tests`` list) output names."""
    found = re.findall(r"^(?:FAILED|ERROR) (\S+)", output, re.M)
    found.extend(re.findall(r"^\s+(ascx :: \S+)\s*$", output, re.M))
    return found


def _first_failure(output: str) -> str:
    for pattern in (r"^FAILED (\S+)", r"^ERROR (\S+)", r"^\s*(ascx :: \S+)", r"^FAIL: (.+)$", r"error: (.+)$"):
        if (m := re.search(pattern, output, re.M)) is not None:
            return m.group(1).strip()
    return output.strip().splitlines()[-1] if output.strip() else "no output"


def run_mutants(
    mutants: Sequence[Mutant],
    area: Area,
    timeout_factor: float = 3.0,
    baseline: bool = True,
    progress: Callable[[list[Outcome]], None] | None = None,
    every: bool = False,
) -> list[Outcome]:
    """Each mutant applied alone to one copy of HEAD and its tests run; the baseline (no mutant) of each
    selection first, which must pass and sets the timeout (``timeout_factor`` times its time, at least a
    minute).  Without ``baseline`` (the smoke test's known mutants) every selection has ten minutes.
    ``progress`` sees the outcomes so far after each mutant (a long campaign's partial results); with ``every``
    each mutant's whole selection runs, to list every test that fails."""
    outcomes: list[Outcome] = []
    with tempfile.TemporaryDirectory(prefix="ascx-mutate-") as base:
        copy = Copy.make(Path(base), area.emulation)
        baselines: dict[tuple[str, ...], float] = {}
        for mutant in mutants:
            tests = area.selection(mutant.path)
            if tests not in baselines and not baseline:
                baselines[tests] = 200.0
            if tests not in baselines:
                start = time.monotonic()
                status, detail = copy.run_tests(tests, timeout=3600)
                if status != "passed":
                    raise SystemExit(f"the unmutated tests {' '.join(tests)} do not pass: {detail}")
                baselines[tests] = time.monotonic() - start
                print(f"baseline {' '.join(tests)}: {baselines[tests]:.1f}s", file=sys.stderr)
            target = copy.root / mutant.path
            original = target.read_text()
            target.write_text(mutant.apply(original))
            start = time.monotonic()
            try:
                status, detail, failing = copy.run_selection(
                    tests, timeout=max(60.0, timeout_factor * baselines[tests]), every=every
                )
            finally:
                target.write_text(original)
            outcome = {"failed": "killed", "passed": "survived", "timeout": "timeout"}[status]
            if outcome == "survived":
                detail = " ".join(tests)
            outcomes.append(
                Outcome(
                    mutant.id,
                    mutant.path,
                    mutant.line,
                    mutant.operator,
                    mutant.original.strip(),
                    mutant.replacement.strip(),
                    outcome,
                    round(time.monotonic() - start, 1),
                    detail,
                    failing=failing,
                )
            )
            if progress is not None:
                progress(outcomes)
            caught = f" ({len(failing)} failing tests)" if every and outcome == "killed" else ""
            print(
                f"{outcome:8} {mutant.id} {mutant.original.strip()!r} -> {mutant.replacement.strip()!r}{caught}",
                file=sys.stderr,
            )
    return outcomes


def find_mutant(mutant_id: str, enums: dict[str, tuple[str, ...]]) -> tuple[Mutant, Area]:
    path = mutant_id.split(":")[0]
    for area in AREAS.values():
        if area.selection(path):
            for mutant in file_mutants(path, enums):
                if mutant.id == mutant_id:
                    return mutant, area
            raise SystemExit(f"no mutant {mutant_id} (python tools/mutate.py list --file {path})")
    raise SystemExit(f"{path} is in no area of tools/mutate.py (AREAS)")


def _chosen(args: argparse.Namespace, enums: dict[str, tuple[str, ...]]) -> list[tuple[list[Mutant], Area | None]]:
    """The mutants the command line names, grouped by the area whose tests run them."""
    if args.file:
        return [(file_mutants(args.file, enums), None)]
    if args.handwritten is not None:
        known = {h.name: h for h in HANDWRITTEN}
        unknown = [name for name in args.handwritten if name not in known]
        if unknown:
            raise SystemExit(f"no hand-written mutant {', '.join(unknown)} (they are: {', '.join(known)})")
        chosen = [known[name] for name in args.handwritten] if args.handwritten else list(HANDWRITTEN)
        return [([h.mutant()], h.area()) for h in chosen]
    if args.mutant:
        found = [find_mutant(m, enums) for m in args.mutant]
        groups = [([m for m, a in found if a is area], area) for area in {id(a): a for _, a in found}.values()]
        if not args.tests:
            return [(chosen, area) for chosen, area in groups]
        return [
            (chosen, Area(area.description, tuple((m.path, tuple(args.tests)) for m in chosen), area.emulation))
            for chosen, area in groups
        ]
    area = AREAS[args.area]
    return [(sample(area_mutants(area, enums), args.count, args.seed), area)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], prog="tools/mutate.py")
    parser.add_argument("command", choices=("list", "run"))
    parser.add_argument("--area", choices=sorted(AREAS))
    parser.add_argument("--file", help="list the mutants of one file")
    parser.add_argument("--mutant", action="append", default=[], help="a mutant id (repeatable)")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--seed", type=int, default=32)
    parser.add_argument("--out", type=Path, help="write the outcomes as JSON")
    parser.add_argument("--tests", nargs="+", help="with --mutant: run these tests instead of the area's selection")
    parser.add_argument(
        "--handwritten", nargs="*", metavar="NAME", help="the hand-written mutants (HANDWRITTEN; all without a name)"
    )
    parser.add_argument(
        "--every-failure", action="store_true", help="run each mutant's whole selection and record every failing test"
    )
    args = parser.parse_args(argv)
    if not (args.file or args.mutant or args.area or args.handwritten is not None):
        parser.error("give --area, --file, --mutant or --handwritten")
    groups = _chosen(args, enum_members())
    if args.command == "list":
        for chosen, _ in groups:
            for m in chosen:
                print(f"{m.id}\t{m.original.strip()!r} -> {m.replacement.strip()!r}")
        return 0
    outcomes: list[Outcome] = []
    start = time.monotonic()

    def write(done: list[Outcome]) -> None:
        if args.out:
            args.out.parent.mkdir(parents=True, exist_ok=True)
            args.out.write_text(json.dumps([asdict(o) for o in [*outcomes, *done]], indent=1) + "\n")

    for chosen, area in groups:
        if area is None:
            raise SystemExit("run takes --area or --mutant")
        outcomes.extend(run_mutants(chosen, area, progress=write, every=args.every_failure))
    killed = sum(o.outcome == "killed" for o in outcomes)
    print(f"{killed}/{len(outcomes)} killed in {time.monotonic() - start:.0f}s", file=sys.stderr)
    write([])
    if not args.out:
        print(json.dumps([asdict(o) for o in outcomes], indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
