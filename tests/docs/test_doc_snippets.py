"""Every fenced code block of the README and of ``docs/`` runs as written (issue 28.10), by its language
and the marker before it (docs/extending.md#code-blocks-in-the-documentation says how to write them):

- ``python``: run from the repository root (a temporary copy of its layout, so files a block writes land
  outside the repository), with nothing on stderr;
- ``bash`` / ``console``: run there too (``console``: the ``$ `` lines are the commands, the other lines
  their output, compared);
- ``mlir``: parsed with ascx's dialects; ``toml``: parsed;
- ``text`` and ``c++``: the output of the block before (``<!-- snippet: output -->``), compared, or
  ``<!-- snippet: illustrative: REASON -->``.

A marker ``<!-- snippet: ... -->`` on the line before a fence changes that: ``not run: REASON``,
``tested by tests/PATH.py::TEST``, ``excerpt of PATH`` (the block's lines appear in that file in order,
``...`` standing for anything), ``continues`` (a Python block run after the page's previous Python block).
The rule catalogue and the generated reference pages are checked by their own tests (``DELEGATED``)."""

from __future__ import annotations

import ast
import inspect
import os
import re
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from xdsl.parser import Parser

from ascx.dialects import make_context
from ascx.language.records import ApiEntry
from ascx.language.reference import all_families

REPO = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
PAGES = [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md"))]

DELEGATED = {
    "docs/rules/": "tests/docs/test_rule_pages.py (every example is run, the diagnostics shown compared)",
    "docs/reference/core/": "tests/docs/test_api_family_pages.py (generated; the example kernel is compiled)",
    "docs/reference/fwk/": "tests/docs/test_api_family_pages.py (generated; the example kernel is compiled)",
    "docs/reference/basic/": "tests/docs/test_api_family_pages.py (generated; the example kernel is compiled)",
    "docs/reference/matmul/": "tests/docs/test_matmul_pages.py (generated; each example is compiled)",
    "docs/reference/adv/": "tests/docs/test_adv_lib_pages.py (generated; each example is compiled)",
}
"""Pages whose code blocks other tests check, by path prefix: the rule catalogue's examples and the pages
``python -m ascx.cli.api_docs`` generates (their call forms and CANN prototypes come from the records)."""

LANGUAGES = {"python", "bash", "console", "mlir", "toml", "text", "c++"}
NEEDS_MARKER = {"text", "c++"}
"""Blocks that are not code: each says whose output it is, or why it is only illustrative."""
ACTIONS = ("not run:", "tested by ", "illustrative:", "excerpt of ", "output", "continues")

_FENCE = re.compile(r"^```(.*)$")
_MARKER = re.compile(r"^<!-- snippet: (.*) -->$")
_DURATION = re.compile(r"\b\d+(?:\.\d+)?\s?(?:ms|s)\b")


@dataclass(frozen=True)
class Block:
    page: str
    """The page's path from the repository root."""
    line: int
    """The line of the opening fence (from 1)."""
    language: str
    code: str
    marker: str
    """The text of the ``<!-- snippet: ... -->`` line before the fence, or ``""``."""

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}"


def blocks(page: Path, root: Path = REPO) -> list[Block]:
    lines = page.read_text().splitlines()
    found: list[Block] = []
    index = 0
    while index < len(lines):
        fence = _FENCE.match(lines[index])
        if fence:
            end = next(i for i in range(index + 1, len(lines)) if lines[i].startswith("```"))
            marker = _MARKER.match(lines[index - 1]) if index else None
            name = page.relative_to(root).as_posix()
            code = "".join(line + "\n" for line in lines[index + 1 : end])
            found.append(Block(name, index + 1, fence.group(1).strip(), code, marker.group(1) if marker else ""))
            index = end
        index += 1
    return found


def delegated(block: Block) -> bool:
    return any(block.page.startswith(prefix) for prefix in DELEGATED)


def problems(found: list[Block]) -> list[str]:
    """What is wrong with the fences and markers of ``found`` (the blocks of some pages, in page order)."""
    wrong: list[str] = []
    for previous, block in zip([None, *found], found, strict=False):
        if block.language.split(" ")[0] not in LANGUAGES or (" " in block.language and not delegated(block)):
            wrong.append(
                f"{block.id}: ```{block.language}: tag the fence with one of {sorted(LANGUAGES)} (a shell command: "
                "bash; commands and their output: console; output or a diagram: text, with a marker), see "
                "docs/extending.md#code-blocks-in-the-documentation"
            )
        elif delegated(block):
            continue
        elif block.marker and not block.marker.startswith(ACTIONS):
            wrong.append(f"{block.id}: unknown marker {block.marker!r} (one of {ACTIONS})")
        elif block.marker.startswith(("not run:", "illustrative:")) and not block.marker.split(":", 1)[1].strip():
            wrong.append(f"{block.id}: {block.marker!r} gives no reason")
        elif block.language in NEEDS_MARKER and not block.marker:
            wrong.append(
                f"{block.id}: a {block.language} block says what it is: <!-- snippet: output --> (the output of "
                "the block before, compared) or <!-- snippet: illustrative: REASON -->"
            )
        elif block.marker == "output" and (
            previous is None
            or previous.page != block.page
            or previous.language not in ("python", "bash")
            or previous.marker not in ("", "continues")
        ):
            wrong.append(f"{block.id}: an output block comes right after the Python or shell block run for it")
    return wrong


ALL = [block for page in PAGES for block in blocks(page)]
OWN = [block for block in ALL if not delegated(block)]


def test_every_block_names_its_language_and_says_how_it_is_checked() -> None:
    wrong = problems(ALL)
    assert wrong == [], "\n".join(wrong)


def _page(tmp_path: Path, text: str) -> list[Block]:
    page = tmp_path / "notes" / "page.md"
    page.parent.mkdir(exist_ok=True)
    page.write_text(text)
    return blocks(page, tmp_path)


_TAG = (
    "tag the fence with one of ['bash', 'c++', 'console', 'mlir', 'python', 'text', 'toml'] (a shell command: "
    "bash; commands and their output: console; output or a diagram: text, with a marker), see "
    "docs/extending.md#code-blocks-in-the-documentation"
)


def test_a_block_without_a_language_or_a_reason_fails_saying_what_to_do(tmp_path: Path) -> None:
    found = _page(
        tmp_path,
        "# A page\n\n```\nascx compile k.py\n```\n\n```text\nk.py:1: error\n```\n\n"
        "<!-- snippet: output -->\n```text\nout\n```\n\n<!-- snippet: skip it -->\n```bash\nls\n```\n\n"
        "<!-- snippet: not run: -->\n```bash\nls\n```\n\n```python fixed\npass\n```\n",
    )
    assert problems(found) == [
        f"notes/page.md:3: ```: {_TAG}",
        "notes/page.md:7: a text block says what it is: <!-- snippet: output --> (the output of the block before, "
        "compared) or <!-- snippet: illustrative: REASON -->",
        "notes/page.md:12: an output block comes right after the Python or shell block run for it",
        "notes/page.md:17: unknown marker 'skip it' (one of ('not run:', 'tested by ', 'illustrative:', "
        "'excerpt of ', 'output', 'continues'))",
        "notes/page.md:22: 'not run:' gives no reason",
        f"notes/page.md:26: ```python fixed: {_TAG}",
    ]


def _root_copy(tmp_path: Path) -> Path:
    """The repository's top level, linked: commands see ``examples/``, ``src/`` ... and write beside them."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    for entry in REPO.iterdir():
        if not entry.name.startswith("."):
            (tmp_path / entry.name).symlink_to(entry)
    return tmp_path


def _run(command: list[str], cwd: Path, build_dir: Path, stdin: str | None = None, quiet: bool = False) -> str:
    env = {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
        "ASCX_EMU_BUILD_DIR": str(build_dir),
    }
    result = subprocess.run(
        command, cwd=cwd, env=env, input=stdin, capture_output=True, text=True, check=False, timeout=600
    )
    assert result.returncode == 0, f"exit {result.returncode}\n{result.stdout[-2000:]}\n{result.stderr[-3000:]}"
    assert result.stderr == "" or not quiet, f"the block wrote to stderr:\n{result.stderr[-3000:]}"
    return result.stdout


def _normalised(output: str, root: Path) -> str:
    return _DURATION.sub("<duration>", output.replace(str(root), ".")).rstrip("\n")


def _console(code: str) -> tuple[str, str]:
    """The commands of a ``console`` block (its ``$ `` lines) and the output it shows."""
    lines = code.splitlines()
    commands = [line[2:] for line in lines if line.startswith("$ ")]
    return "\n".join(commands) + "\n", "\n".join(line for line in lines if not line.startswith("$ "))


def _excerpt_problem(block: Block) -> str | None:
    source = (REPO / block.marker.removeprefix("excerpt of ")).read_text().splitlines()
    position = 0
    for wanted in block.code.splitlines():
        if not wanted.strip() or wanted.strip() == "...":
            continue
        pattern = re.compile(".*".join(re.escape(part) for part in wanted.strip().split("...")))
        position = next((i + 1 for i in range(position, len(source)) if pattern.fullmatch(source[i].strip())), -1)
        if position < 0:
            return f"{block.id}: {wanted.strip()!r} is not in {block.marker.removeprefix('excerpt of ')} (in order)"
    return None


def _delegated_problem(block: Block) -> str | None:
    path, _, test = block.marker.removeprefix("tested by ").partition("::")
    target = REPO / path
    if not target.is_file() or not re.search(rf"^def {re.escape(test)}\(", target.read_text(), re.M):
        return f"{block.id}: {block.marker!r}: no test {test!r} in {path}"
    return None


def check(block: Block, page: list[Block], tmp_path: Path, build_dir: Path) -> None:
    """Run ``block`` (one of ``page``'s blocks) as its language and marker say; an assertion says what failed."""
    marker = block.marker
    if marker.startswith("tested by "):
        assert _delegated_problem(block) is None, _delegated_problem(block)
        return
    if marker.startswith("excerpt of "):
        assert _excerpt_problem(block) is None, _excerpt_problem(block)
        return
    if marker.startswith("illustrative:"):
        return
    root = _root_copy(tmp_path)
    later = [b for b in page if b.line > block.line]
    shown = later[0].code if later and later[0].marker == "output" else None
    if block.language == "python":
        code = block.code
        if marker == "continues":
            code = [b for b in page if b.line < block.line and b.language == "python"][-1].code + code
        output = _run([sys.executable, "-c", code], root, build_dir, quiet=True)
    elif block.language in ("bash", "console"):
        script = block.code
        if block.language == "console":
            script, shown = _console(block.code)
        output = _run(["bash", "-euo", "pipefail", "-s"], root, build_dir, stdin=script)
    elif block.language in ("mlir", "toml"):
        try:
            if block.language == "mlir":
                Parser(make_context(), block.code, block.id).parse_module().verify()
            else:
                tomllib.loads(block.code)
        except Exception as error:  # xDSL's parse and verify errors, TOMLDecodeError
            raise AssertionError(f"{block.id}: {type(error).__name__}: {error}") from error
        return
    else:
        raise AssertionError(f"{block.id}: a {block.language} block needs a marker")
    if shown is not None:
        assert _normalised(output, root) == _normalised(shown, root), f"{block.id}: the output differs"


RUN = [b for b in OWN if b.marker != "output" and not b.marker.startswith("illustrative:")]
"""The blocks checked one by one: an output block is compared in its command's test, and an illustrative one
only needs its marker (``problems``)."""


@pytest.mark.parametrize("block", RUN, ids=lambda b: b.id)
def test_the_block_runs_as_written(block: Block, tmp_path: Path, shared_build_dir: Path) -> None:
    if block.marker.startswith("not run:"):
        pytest.skip(f"{block.id}: {block.marker}")
    check(block, [b for b in OWN if b.page == block.page], tmp_path, shared_build_dir)


def test_a_wrong_block_fails(tmp_path: Path) -> None:
    """Each kind of check passes on a right block and fails on a wrong one: a command's output (a console
    block's too), a Python block's warning, an excerpt, a delegation, MLIR and TOML."""
    page = _page(
        tmp_path,
        "```bash\necho 'took 1.5 s'\n```\n\n<!-- snippet: output -->\n```text\ntook 2 s\n```\n\n"
        "```bash\necho 'took 1.5 s'\n```\n\n<!-- snippet: output -->\n```text\nlook 2 s\n```\n\n"
        "```python\nimport warnings\n\nwarnings.warn('careful')\n```\n\n"
        "<!-- snippet: excerpt of examples/vector_add.py -->\n```python\n@asc.jit\n...\nimport ascx as asc\n```\n\n"
        "<!-- snippet: tested by tests/docs/test_rule_pages.py::test_nothing -->\n```bash\nls\n```\n\n"
        "```python\nvalue = 6 * 7\n```\n\n<!-- snippet: continues -->\n```python\nprint(value)\n```\n\n"
        "<!-- snippet: output -->\n```text\n42\n```\n\n"
        "```console\n$ echo one\n$ echo two\none\ntwo\n```\n\n```console\n$ echo one\ntwo\n```\n\n"
        "```mlir\nbuiltin.module {\n  func.func @k() {\n    func.return\n  }\n}\n```\n\n"
        '```mlir\nbuiltin.module {\n  "ascendc.no_such_op"() : () -> ()\n}\n```\n\n```toml\n[a]\nb = 1\n```\n\n'
        "```toml\n[a\n```\n",
    )
    assert problems(page) == []
    for index in (0, 8, 10, 12, 14):  # durations are normalised; a continued block runs after the one it continues
        check(page[index], page, tmp_path / str(index), tmp_path)
    messages: list[str] = []
    for index in (2, 4, 5, 6, 11, 13, 15):
        with pytest.raises(AssertionError) as caught:
            check(page[index], page, tmp_path / str(index), tmp_path)
        messages.append(str(caught.value))
    failures = [message.splitlines()[0] for message in messages]
    assert "Operation ascendc.no_such_op is not registered" in messages[5]
    assert failures == [
        "notes/page.md:10: the output differs",
        "the block wrote to stderr:",
        "notes/page.md:26: 'import ascx as asc' is not in examples/vector_add.py (in order)",
        "notes/page.md:33: 'tested by tests/docs/test_rule_pages.py::test_nothing': no test 'test_nothing' in "
        "tests/docs/test_rule_pages.py",
        "notes/page.md:58: the output differs",
        "notes/page.md:71: ParseError: notes/page.md:71:2:23",
        "notes/page.md:82: TOMLDecodeError: Expected ']' at the end of a table declaration (at line 1, column 3)",
    ]


def _bind_problem(entry: ApiEntry, form: str) -> str | None:
    """Whether the calls of the API in one of its record's call forms (a statement, as the family page shows
    it) bind to the API's signature; None when they do or when the form is notation, not Python."""
    api = entry.resolve()
    name = entry.target.split(":")[1].split(".")[-1]
    try:
        tree = ast.parse(form.split(" -> ")[0])
        signature = inspect.signature(api)
    except (SyntaxError, TypeError, ValueError):
        return None
    if any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in signature.parameters.values()):
        return None  # a dispatcher over overloads: its forms are checked where it dispatches
    method = next(iter(signature.parameters), None) == "self"
    for call in ast.walk(tree):
        if isinstance(call, ast.Call) and name in (getattr(call.func, "attr", None), getattr(call.func, "id", None)):
            arguments = [None] * (len(call.args) + method)
            try:
                signature.bind(*arguments, **{k.arg: None for k in call.keywords if k.arg is not None})
            except TypeError as error:
                return f"{entry.name}: {form!r} does not bind to {signature}: {error}"
    return None


def test_the_call_forms_of_the_family_pages_bind_to_their_apis() -> None:
    """The family pages' ```python blocks are their records' call forms (notation, not run): each call of the
    documented API in a form must be one its signature accepts (the same parameter names and count)."""
    entries = [entry for family in all_families() for entry in family.entries]
    checked = [(entry, form) for entry in entries for form in entry.forms]
    wrong = [problem for entry, form in checked if (problem := _bind_problem(entry, form))]
    assert wrong == [], "\n".join(wrong)
    assert len(checked) > 300
