"""The Matmul reference pages: up to date with their records, one per public API, and every example
compiles (its C++ calls the method the page documents)."""

from __future__ import annotations

import contextlib
import inspect
import re
from pathlib import Path

import pytest

import ascx as asc
from ascx.language.adv.api_docs import DOCS, DOCS_BY_NAME, ApiDoc, pages, render_docstring
from ascx.language.core.values import Handle

PAGES = Path(__file__).resolve().parents[2] / "docs" / "reference" / "matmul"
_EXAMPLE = re.compile(r"## Example\n\n```python\n(.*?)\n```", re.DOTALL)
_CPP_NAME = re.compile(r"\b([A-Z][A-Za-z0-9_]+)\(")


@pytest.mark.parametrize("name", sorted(pages()))
def test_page_is_generated_from_its_record(name: str) -> None:
    path = PAGES / name
    assert path.exists(), f"{path} is missing: run `python -m ascx.cli.api_docs`"
    assert path.read_text() == pages()[name], f"{path} is stale: run `python -m ascx.cli.api_docs`"


def test_every_public_matmul_api_has_a_page() -> None:
    methods = {
        name
        for name, member in inspect.getmembers(asc.adv.Matmul)
        if not name.startswith("_") and inspect.isfunction(member) and not hasattr(Handle, name)
    }
    functions = {"register_matmul", "get_matmul_api_tiling"}
    assert methods | functions == set(DOCS_BY_NAME)


def test_docstrings_come_from_the_records() -> None:
    for doc in DOCS:
        target = getattr(asc.adv.Matmul, doc.name, None) or getattr(asc.adv, doc.name)
        assert inspect.getdoc(target) == inspect.cleandoc(render_docstring(doc))


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.name)
def test_example_compiles(doc: ApiDoc, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = pages()[f"{doc.name}.md"]
    match = _EXAMPLE.search(text)
    assert match is not None, f"the page of {doc.name} has no example"
    path = tmp_path / "example.py"
    path.write_text(match.group(1))
    code = compile(match.group(1), str(path), "exec")
    if doc.name == "get_offset_c":  # reserved by CANN: the example shows the error
        with pytest.raises(asc.KernelError, match=r"example\.py:\d+:\d+: error: ValueError: get_offset_c is reserved"):
            exec(code, {"__name__": "example"})
        return
    migrated = pytest.warns(asc.AscxWarning, match="async_get_tensor_c is deprecated")
    with migrated if doc.name == "async_get_tensor_c" else contextlib.nullcontext():
        exec(code, {"__name__": "example"})
    source = capsys.readouterr().out
    assert 'extern "C" __global__ __aicore__ void kernel(' in source
    wanted = {m.group(1) for p in doc.cpp for m in _CPP_NAME.finditer(p)}
    if "AsyncGetTensorC" in wanted:  # migrated by the default pipeline
        wanted = {"GetTensorC<false>"}
    if "GetBatchC" in wanted:  # printed as GetBatchTensorC, the name CANN recommends
        wanted = {"GetBatchTensorC<false>"}
    assert any(name in source for name in wanted), wanted
