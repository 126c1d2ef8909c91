"""The examples of the rule catalogue (``docs/rules/``), run: each example that breaks a rule is compiled
and must report it, each fixed example must not, and the diagnostics a page shows under an example are
the ones ascx prints.

``python -m ascx.testing.rule_pages [--write] [PAGE.md ...]`` checks the pages (all of them by default);
``--write`` rewrites the diagnostics shown under the examples from what ascx reports now.

A page's examples are fenced code blocks in a rule's section, their info string saying how to run them:

- ``python`` / ``python queues`` / ``python matmul`` / ``python fetch``: the body of that kernel of
  ``docs/rules/README.md`` (the raw one by default; its line ``# the example's body`` is replaced by
  the block), compiled without insertion; the section's rule must be reported;
- ``python insert``: the same, compiled with ``ascx-insert-sync`` and its remarks;
- ``python sync_lints=True`` (any ``name=value``): the same, with these ``@asc.jit`` options;
- ``... fixed``: the corrected example: it must compile with no error and without the rule;
- ``... rejected``: the example is refused while the kernel is traced (the rule is the verifier's for
  IR that does not come from Python); the error is shown;
- ``mlir`` (``mlir insert``): a module for ``ascx-opt``, run through the verifiers (after insertion).

The diagnostics shown are the ``text`` block right after an example (for a rejected example, the
error): the diagnostics of the section's rule, with their notes, the kernel file written ``k.py``.
"""

from __future__ import annotations

import importlib.util
import itertools
import re
import sys
import tempfile
import textwrap
import warnings
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from xdsl.dialects import func
from xdsl.parser import Parser

from ascx.analysis.report import Diagnostic, collecting
from ascx.analysis.sync import insert_sync, verify_matmul_sync, verify_pipe_sync
from ascx.cli.explain import DOCS, sections
from ascx.cli.kernel_loading import parse_arguments
from ascx.dialects import make_context
from ascx.errors import AscxError
from ascx.runtime.pipeline import pipeline_for, run_pipeline
from ascx.tracer import trace_kernel

_files = itertools.count()

RULES_DIR = DOCS / "rules"
BODY_MARKER = "# the example's body"
_FENCE = re.compile(r"^```(\S*)(.*)$")
_RULE_HEADING = re.compile(r"^## ((?:MM|FL|TQ|HZ|AT|XC|IN|PA)-E?\d+)\s*$")


@dataclass(frozen=True)
class Example:
    rule: str
    language: str
    """``python`` or ``mlir``."""
    flags: frozenset[str]
    """``queues``, ``matmul``, ``insert``, ``fixed``, ``rejected``."""
    code: str
    start: int
    """The index of the opening fence in the page's lines."""
    end: int
    """The index of the closing fence."""

    @property
    def prelude(self) -> str:
        return next((name for name in ("queues", "matmul", "fetch") if name in self.flags), "raw")

    @property
    def shows_output(self) -> bool:
        return "fixed" not in self.flags


def examples(page: str) -> list[Example]:
    """Every example block of every rule section of ``page``."""
    found: list[Example] = []
    lines = page.splitlines()
    rule: str | None = None
    index = 0
    while index < len(lines):
        heading = _RULE_HEADING.match(lines[index])
        if heading:
            rule = heading.group(1)
        elif lines[index].startswith("## "):
            rule = None
        fence = _FENCE.match(lines[index])
        if fence:
            end = next(i for i in range(index + 1, len(lines)) if lines[i].startswith("```"))
            language = fence.group(1)
            if rule is not None and language in ("python", "mlir"):
                flags = frozenset(fence.group(2).split())
                found.append(Example(rule, language, flags, "\n".join(lines[index + 1 : end]) + "\n", index, end))
            index = end
        index += 1
    return found


def preludes() -> dict[str, str]:
    """The kernels of ``docs/rules/README.md`` the Python examples are bodies of, by name."""
    found: dict[str, str] = {}
    for anchor, text in sections((RULES_DIR / "README.md").read_text()).items():
        match = re.match(r"the-(\w+)-kernel$", anchor)
        if match:
            code = re.search(r"```python\n(.*?)```", text, re.S)
            assert code is not None, f"docs/rules/README.md#{anchor} has no kernel"
            found[match.group(1)] = code.group(1)
    return found


def _kernel_source(example: Example, prelude: str) -> str:
    body_line = next(line for line in prelude.splitlines() if BODY_MARKER in line)
    indent = body_line[: len(body_line) - len(body_line.lstrip())]
    source = prelude.replace(body_line + "\n", textwrap.indent(example.code, indent))
    options = [flag for flag in sorted(example.flags) if "=" in flag]
    if "insert" in example.flags:
        options = ["sync_report=True", *options]
    if options:
        wanted = "insert_sync=True" if "insert" in example.flags else "insert_sync=False"
        source = source.replace("insert_sync=False", ", ".join([wanted, *options]), 1)
    return source


def _arguments(prelude: str) -> list[object]:
    match = re.search(r"^# arguments: (.*)$", prelude, re.M)
    assert match is not None, "a kernel of docs/rules/README.md says its arguments"
    return parse_arguments(match.group(1))


def _load(directory: Path, source: str) -> ModuleType:
    """Import ``source`` from a new file (so diagnostics have real lines: those of the README's kernel)."""
    index = next(_files)
    path = directory / f"rule_example_{index}.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(f"ascx_rule_example_{index}", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def run(example: Example, directory: Path) -> tuple[list[Diagnostic], str | None, str | None]:
    """The sync diagnostics of ``example`` or the error that refused it while tracing, and the path of
    the kernel file."""
    if example.language == "mlir":
        return _run_mlir(example), None, None
    prelude = preludes()[example.prelude]
    module = _load(directory, _kernel_source(example, prelude))
    kernel = module.k
    params = kernel.specialize(*_arguments(prelude))
    options = kernel.kernel_options
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            traced = trace_kernel(kernel.ascx_python_function, params, options).module
            with collecting() as found:
                run_pipeline(traced, pipeline_for(options))
    except AscxError as error:
        return [], _shown(str(error), module.__file__), module.__file__
    return found, None, module.__file__


def _run_mlir(example: Example) -> list[Diagnostic]:
    module = Parser(make_context(), example.code).parse_module()
    found: list[Diagnostic] = []
    for kernel in module.body.block.ops:
        if isinstance(kernel, func.FuncOp) and kernel.body.blocks:
            if "insert" in example.flags:
                found += insert_sync(kernel)
            found += [*verify_matmul_sync(kernel), *verify_pipe_sync(kernel)]
    return found


def _shown(text: str, path: str | None) -> str:
    return text.replace(path, "k.py") if path else text


def rendered(example: Example, diagnostics: list[Diagnostic], path: str | None) -> str:
    """What the page shows under an example: the diagnostics of its rule, in source order."""
    ours = sorted((d for d in diagnostics if d.rule == example.rule), key=Diagnostic.sort_key)
    return "".join(_shown(d.render(), path) + "\n" for d in ours)


@dataclass(frozen=True)
class Outcome:
    example: Example
    shown: str
    """The text the page should show under the example."""
    problem: str | None
    """Why the example does not do what its flags say (None when it does)."""


def check(example: Example, directory: Path) -> Outcome:
    try:
        diagnostics, refused, path = run(example, directory)
    except Exception as error:  # a broken example (an IR that does not parse, a kernel that does not load)
        return Outcome(example, "", f"does not run: {type(error).__name__}: {error}")
    if "rejected" in example.flags:
        problem = None if refused is not None else "is not refused while tracing"
        return Outcome(example, refused or "", problem)
    if refused is not None:
        return Outcome(example, refused, f"is refused while tracing: {refused.splitlines()[0]}")
    rules = {d.rule for d in diagnostics}
    errors = [d for d in diagnostics if d.severity == "error"]
    if "fixed" in example.flags:
        problem = None
        if example.rule in rules:
            problem = f"still reports {example.rule}"
        elif errors:
            problem = f"reports {errors[0].render()}"
        return Outcome(example, "", problem)
    problem = None if example.rule in rules else f"does not report {example.rule} (it reports {sorted(rules)})"
    return Outcome(example, rendered(example, diagnostics, path), problem)


def shown_block(lines: list[str], example: Example) -> tuple[int, int] | None:
    """The line span (opening and closing fence) of the ``text`` block that follows ``example``."""
    index = example.end + 1
    while index < len(lines) and not lines[index].strip():
        index += 1
    if index < len(lines) and lines[index] == "```text":
        end = next(i for i in range(index + 1, len(lines)) if lines[i].startswith("```"))
        return index, end
    return None


def check_page(path: Path, *, write: bool = False) -> tuple[list[str], list[str]]:
    """The problems of one page's examples (empty when every example does what it says) and the examples
    whose diagnostics shown are not current (rewritten with ``write``)."""
    text = path.read_text()
    lines = text.splitlines()
    problems: list[str] = []
    stale: list[str] = []
    replacements: list[tuple[int, int, list[str]]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for example in examples(text):
            outcome = check(example, Path(tmp))
            where = f"{path.name}:{example.start + 1} ({example.rule})"
            if outcome.problem is not None:
                problems.append(f"{where}: the example {outcome.problem}")
            span = shown_block(lines, example)
            if not example.shows_output:
                if span is not None:
                    start = span[0] - 1 if not lines[span[0] - 1].strip() else span[0]
                    replacements.append((start, span[1] + 1, []))
                    stale.append(f"{where}: a fixed example shows diagnostics")
                continue
            wanted = ["```text", *outcome.shown.rstrip("\n").splitlines(), "```"]
            if span is None:
                replacements.append((example.end + 1, example.end + 1, ["", *wanted]))
                stale.append(f"{where}: no ```text block shows its diagnostics")
            elif lines[span[0] : span[1] + 1] != wanted:
                replacements.append((span[0], span[1] + 1, wanted))
                stale.append(f"{where}: the diagnostics shown are not the ones ascx reports")
    if write and replacements:
        for start, end, new in sorted(replacements, reverse=True):
            lines[start:end] = new
        path.write_text("\n".join(lines) + "\n")
    return problems, stale


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    write = "--write" in args
    pages = [Path(a) for a in args if a != "--write"] or sorted(
        p for p in RULES_DIR.glob("*.md") if p.name != "README.md"
    )
    problems: list[str] = []
    stale: list[str] = []
    for page in pages:
        page_problems, page_stale = check_page(page, write=write)
        problems += page_problems
        stale += page_stale
    for line in (*problems, *stale):
        print(line)
    return 1 if problems or (stale and not write) else 0


if __name__ == "__main__":
    sys.exit(main())
