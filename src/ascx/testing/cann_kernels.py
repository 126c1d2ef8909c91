"""Every kernel ascx's own tests and examples emit, for the CANN type-check of the test suite
(``tests/cann``, ``ascx.runtime.cann_check``).

The kernels are found where the tests keep them, not in a list of their own, so a new test is
checked without anyone adding it here:

- **lit RUN lines** (``tests/filecheck/**``): every ``ascx compile ...`` that prints C++ (not
  ``--emit ir``) and every ``ascx-opt %s ... -t ascendc`` that is not a diagnostics test, run as
  the RUN line runs it (``%s``: the test file, ``%examples``: ``examples/``);
- **snippet tables**: the ``EMITS`` table (``{name: (statement, C++ lines)}``) of every test module
  under ``tests/`` that uses ``ascx.testing.snippets``, each statement compiled in the snippet kernel;
- **test modules with a hook**: a test module under ``tests/`` that defines
  ``cann_check_kernels(directory: Path) -> Iterable[tuple[str, str]]`` yields ``(name, C++ source)``
  pairs of the kernels it compiles (``directory`` is scratch space for kernel files);
- **examples** (``examples/*.py``): each with the arguments its tests use
  (``ascx.testing.examples.EXAMPLE_ARGUMENTS``), and every ``ascx compile`` command of its
  docstring and of the README, default arguments included;
- **the tracer conformance kernels** (``tests/tracer/conformance/kernels.py``): every ``tNN_``
  kernel traced as the conformance test traces it and printed as a device function.
"""

from __future__ import annotations

import ast
import contextlib
import importlib.util
import io
import re
import shlex
import sys
import warnings
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any, cast

from ascx.runtime.cann_check import Kernel

REPO = Path(__file__).resolve().parents[3]
HOOK = "cann_check_kernels"
"""The name of a test module's function that yields ``(name, C++ source)`` for the CANN check."""

_RUN = re.compile(r"^\s*(?://|#)\s*RUN:\s*(.*)$")
_DOC_COMMAND = re.compile(r"^\s*(ascx compile [^#\n]*?)\s*(?:#.*)?$", re.MULTILINE)
_INLINE_COMMAND = re.compile(r"`(ascx compile [^`]*)`")


def all_kernels(repo: Path = REPO, scratch: Path | None = None) -> dict[str, list[Kernel]]:
    """The kernels of each origin (``lit``, ``snippets``, ``test hooks``, ``examples``, ``conformance``);
    a source emitted by several origins is kept once, under its first name."""
    import tempfile

    with contextlib.ExitStack() as stack:
        directory = scratch or Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="ascx-cann-kernels-")))
        origins: dict[str, Callable[[], Iterable[Kernel]]] = {
            "lit": lambda: lit_kernels(repo / "tests" / "filecheck", repo),
            "snippets": lambda: snippet_kernels(repo / "tests", directory, repo),
            "test hooks": lambda: hook_kernels(repo / "tests", directory, repo),
            "examples": lambda: example_kernels(repo),
            "conformance": lambda: conformance_kernels(repo / "tests" / "tracer" / "conformance" / "kernels.py"),
        }
        seen: set[str] = set()
        found: dict[str, list[Kernel]] = {}
        for origin, collect in origins.items():
            found[origin] = []
            for kernel in collect():
                if kernel.source not in seen:
                    seen.add(kernel.source)
                    found[origin].append(kernel)
        return found


# -- running the command-line tools in this process


def run_cli(argv: list[str]) -> str:
    """The standard output of ``ascx ...`` or ``ascx-opt ...`` run in this process; an error if it fails."""
    from ascx.cli import ascx_main, ascx_opt

    tool = {"ascx": ascx_main.main, "ascx-opt": ascx_opt.main}[argv[0]]
    out, err = io.StringIO(), io.StringIO()
    path = list(sys.path)  # `ascx compile` puts the kernel's directory on it
    try:
        with warnings.catch_warnings(), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            warnings.simplefilter("ignore")
            status = tool(argv[1:])
    finally:
        sys.path[:] = path
    if status != 0:
        raise AssertionError(f"`{shlex.join(argv)}` failed:\n{err.getvalue()}")
    return out.getvalue()


def prints_cpp(argv: list[str]) -> bool:
    """Whether a command prints one translation unit of C++ from its input file (not IR, not diagnostics)."""
    if argv[:2] == ["ascx", "compile"]:
        return "--emit" not in argv or argv[argv.index("--emit") + 1] == "ascendc"
    if argv[:1] == ["ascx-opt"]:
        target = "-t" in argv and argv[argv.index("-t") + 1] == "ascendc"
        return target and not {"--verify-diagnostics", "--split-input-file"} & set(argv)
    return False


def _command(text: str, substitutions: dict[str, str]) -> list[str] | None:
    """The first command of a RUN line's pipeline, its redirections dropped; None if it reads ``%t``."""
    for key, value in substitutions.items():
        text = text.replace(key, value)
    words = shlex.split(text.split("|", 1)[0])
    argv = [w for w in words if not re.match(r"^\d?>", w)]
    if any("%t" in w for w in argv):
        return None
    return argv


def lit_kernels(filecheck: Path, repo: Path = REPO) -> Iterator[Kernel]:
    """The C++ every RUN line of the lit suite prints (see the module docstring)."""
    for path in sorted(p for p in filecheck.rglob("*") if p.suffix in {".mlir", ".py", ".test"}):
        substitutions = {"%examples": str(repo / "examples"), "%s": str(path)}
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            match = _RUN.match(line)
            if match is None:
                continue
            argv = _command(match.group(1), substitutions)
            if argv is not None and prints_cpp(argv):
                yield Kernel(f"{path.relative_to(repo)}:{number}", with_includes(run_cli(argv)))


def with_includes(source: str) -> str:
    """``source``, with the headers ``ascx-kernel-prologue`` includes when it includes none (the IR of a
    printer test or a conformance kernel did not go through that pass)."""
    if re.search(r"^#include ", source, re.MULTILINE):
        return source
    defines = re.match(r"(#define .*\n)*", source)
    head = defines.group(0) if defines else ""
    includes = '#include "kernel_operator.h"\n#include "lib/matmul_intf.h"\n\n'
    return head + includes + source[len(head) :].lstrip("\n")


# -- test modules


def _test_modules(tests: Path, marker: str) -> Iterator[tuple[Path, ModuleType]]:
    """Each ``test_*.py`` under ``tests`` whose text contains ``marker``, imported."""
    for path in sorted(tests.rglob("test_*.py")):
        if marker not in path.read_text() or "filecheck" in path.parts:
            continue
        name = "ascx_cann_kernels_" + "_".join(path.relative_to(tests).with_suffix("").parts)
        module = sys.modules.get(name)
        if module is None:
            spec = importlib.util.spec_from_file_location(name, path)
            assert spec is not None
            assert spec.loader is not None
            module = importlib.util.module_from_spec(spec)
            sys.modules[name] = module
            spec.loader.exec_module(module)
        yield path, module


def snippet_kernels(tests: Path, directory: Path, repo: Path = REPO) -> Iterator[Kernel]:
    """Every statement of every ``EMITS`` snippet table, compiled in the snippet kernel."""
    from ascx.testing.snippets import snippet_source

    for path, module in _test_modules(tests, "ascx.testing.snippets"):
        table = cast("dict[str, tuple[str, list[str]]]", getattr(module, "EMITS", {}))
        for name, (statement, _) in sorted(table.items()):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # a statement's warnings are its own test's business
                source = snippet_source(directory, statement)
            yield Kernel(f"{path.relative_to(repo)}::EMITS[{name}]", source)


def hook_kernels(tests: Path, directory: Path, repo: Path = REPO) -> Iterator[Kernel]:
    """What every test module's ``cann_check_kernels`` hook yields."""
    for path, module in _test_modules(tests, f"def {HOOK}("):
        hook = cast("Callable[[Path], Iterable[tuple[str, str]]]", getattr(module, HOOK))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for name, source in hook(directory):
                yield Kernel(f"{path.relative_to(repo)}::{name}", source)


# -- examples and the conformance kernels


def _docstring_commands(path: Path) -> list[str]:
    docstring = ast.get_docstring(ast.parse(path.read_text())) or ""
    return _DOC_COMMAND.findall(docstring)


def example_kernels(repo: Path = REPO) -> Iterator[Kernel]:
    """Each example with its tests' arguments, then every ``ascx compile`` of its docstring and the README."""
    from ascx.testing.examples import EXAMPLE_ARGUMENTS

    examples = repo / "examples"
    text = (repo / "README.md").read_text()
    readme = _DOC_COMMAND.findall(text) + _INLINE_COMMAND.findall(text)
    for path in sorted(examples.glob("*.py")):
        commands: list[str] = []
        if path.stem in EXAMPLE_ARGUMENTS:
            commands.append(
                f"ascx compile examples/{path.name}::{path.stem} --args {shlex.quote(EXAMPLE_ARGUMENTS[path.stem])}"
            )
        relative = f"examples/{path.name}"
        commands += _docstring_commands(path)
        commands += [c for c in readme if relative in c]
        if not commands and "@asc.jit" not in path.read_text():
            continue  # a host program that launches another example's kernel
        if not commands:
            raise AssertionError(f"{relative}: no arguments to compile it with (EXAMPLE_ARGUMENTS or its docstring)")
        for index, command in enumerate(commands):
            argv = [str(repo / w) if w.startswith(relative) else w for w in shlex.split(command)]
            if prints_cpp(argv):
                yield Kernel(f"examples/{path.name}#{index}: {command}", run_cli(argv))


def conformance_kernels(path: Path) -> Iterator[Kernel]:
    """Every ``tNN_`` conformance kernel, traced as its test traces it and printed as a device function.

    A kernel that returns a value and registers a Matmul is left out: ``REGIST_MATMUL_OBJ`` ends the
    cube side of a kernel with ``return;``, so it only compiles in a ``void`` kernel entry, which a
    device function with a result is not (a real kernel inlines such helpers into its entry)."""
    from ascx.runtime.jit import JITFunction
    from ascx.target import print_ascendc
    from ascx.testing.conformance import load, parameters
    from ascx.tracer import trace_function

    module = load(path)
    constexprs: dict[str, dict[str, Any]] = getattr(module, "CONSTEXPR", {})
    for name, value in sorted(vars(module).items()):
        if isinstance(value, JITFunction) and name[:1] == "t" and name[1:3].isdigit():
            kernel = cast("JITFunction[..., Any]", value)
            traced = trace_function(kernel.ascx_python_function, parameters(name, kernel, constexprs))
            source = print_ascendc(traced.module)
            if "REGIST_MATMUL_OBJ" in source and not re.search(r"^__aicore__ inline void ", source, re.MULTILINE):
                continue
            yield Kernel(f"{path.name}::{name}", with_includes(source))
