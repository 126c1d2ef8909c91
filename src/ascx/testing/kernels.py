"""Write kernel source to real files and import them, so locations and source excerpts are real."""

from __future__ import annotations

import importlib.util
import itertools
import sys
import textwrap
from pathlib import Path
from types import ModuleType

HEADER = "import ascx as asc\nfrom ascx.runtime.jit import MockTensor, MockValue\n\n"
"""Prepended to every kernel source: kernels refer to ``asc``, ``MockTensor`` and ``MockValue``."""

_counter = itertools.count()


def load_kernel_source(directory: Path, source: str) -> ModuleType:
    """Write ``HEADER`` + dedented ``source`` to a new file in ``directory`` and import it."""
    index = next(_counter)
    path = directory / f"kernel_{index}.py"
    path.write_text(HEADER + textwrap.dedent(source))
    spec = importlib.util.spec_from_file_location(f"ascx_test_kernel_{index}", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def line_of(module: ModuleType, marker: str) -> int:
    """The 1-based number of the first line of ``module``'s file that contains ``marker``."""
    assert module.__file__ is not None
    for number, text in enumerate(Path(module.__file__).read_text().splitlines(), start=1):
        if marker in text:
            return number
    raise AssertionError(f"{marker!r} is not in {module.__file__}")
