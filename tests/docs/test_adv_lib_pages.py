"""The reference pages of the library beyond Matmul (``docs/reference/adv/``): up to date with their records,
one per function of ``asc.adv`` beyond Matmul, docstrings from the records, and every example's C++ calls the
function the page documents."""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest

import ascx as asc
from ascx.language.adv import lib_api_docs
from ascx.language.adv.lib_api_docs import DOCS, DOCS_BY_NAME, MODULES, LibDoc, pages, render_docstring

PAGES = Path(__file__).resolve().parents[2] / "docs" / "reference" / "adv"
RENDERED = pages()
LIBRARY_MODULES = tuple(importlib.import_module(module) for module in MODULES)
"""The family modules of the library functions beyond Matmul (``lib_records.MODULES``)."""


@pytest.mark.parametrize("name", sorted(RENDERED))
def test_page_is_generated_from_its_record(name: str) -> None:
    path = PAGES / name
    assert path.exists(), f"{path} is missing: run `python -m ascx.cli.api_docs`"
    assert path.read_text() == RENDERED[name], f"{path} is stale: run `python -m ascx.cli.api_docs`"


def test_every_library_function_has_a_page() -> None:
    functions = {
        name
        for module in LIBRARY_MODULES
        for name, member in vars(module).items()
        if inspect.isfunction(member) and member.__module__ == module.__name__ and not name.startswith("_")
    }
    assert functions == set(DOCS_BY_NAME)
    assert all(getattr(asc.adv, name) is DOCS_BY_NAME[name].target() for name in functions)


def test_docstrings_come_from_the_records() -> None:
    for doc in DOCS:
        assert inspect.getdoc(getattr(asc.adv, doc.name)) == inspect.cleandoc(render_docstring(doc))


_CPP_NAME = re.compile(r"\b(?:void|bool|SoftMaxTiling) ([A-Z][A-Za-z0-9]+)\(")


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.name)
def test_example_calls_the_documented_function(doc: LibDoc) -> None:
    source = lib_api_docs.compile_example(doc)
    names = {m.group(1) for proto in doc.cpp for m in _CPP_NAME.finditer(proto)}
    assert len(names) == 1
    assert f"AscendC::{names.pop()}" in source


def test_the_overview_lists_every_page() -> None:
    index = RENDERED["README.md"]
    assert all(f"]({doc.name}.md)" in index for doc in DOCS)
