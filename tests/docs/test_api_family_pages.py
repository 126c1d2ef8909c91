"""The family reference pages of the core, framework and basic APIs: generated from their records
and up to date, one record for every public API, docstrings from the records, and each page's
example kernel calls every API its records document."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

import ascx.language.basic as basic
import ascx.language.core as core
import ascx.language.fwk as fwk
from ascx.language.basic import cube_api_docs
from ascx.language.core.tensor import BaseTensor, GlobalTensor, LocalTensor
from ascx.language.core.values import Handle
from ascx.language.reference import ApiEntry, Family, all_families, compile_example, pages, render_docstring

REFERENCE = Path(__file__).resolve().parents[2] / "docs" / "reference"
ENTRIES = {entry.target: entry for family in all_families() for entry in family.entries}
PAGES = pages()


@pytest.mark.parametrize("name", sorted(PAGES))
def test_page_is_generated_from_its_records(name: str) -> None:
    path = REFERENCE / name
    assert path.exists(), f"{path} is missing: run `python -m ascx.cli.api_docs`"
    assert path.read_text() == PAGES[name], f"{path} is stale: run `python -m ascx.cli.api_docs`"


def _public_methods(cls: type) -> set[str]:
    return {
        name
        for name, member in vars(cls).items()
        if not name.startswith("_") and inspect.isfunction(member) and not hasattr(Handle, name)
    }


def test_every_public_api_has_a_record() -> None:
    documented = {entry.target.split(":")[1] for entry in ENTRIES.values()}
    expected = set(basic.__all__)
    expected |= {"TPipe", "TQue", "TQueBind", "TBuf", "TBufPool", "get_tpipe_ptr"}
    for cls in (fwk.TPipe, fwk.TQueBind, fwk.TBuf, fwk.TBufPool):
        expected |= {f"{cls.__name__}.{m}" for m in _public_methods(cls)}
    expected |= {"GlobalTensor", "LocalTensor", "ShapeInfo", "get_shape_size", "property"}
    expected |= {f"GlobalTensor.{m}" for m in _public_methods(GlobalTensor)}
    expected |= {f"LocalTensor.{m}" for m in _public_methods(LocalTensor) if m not in {"wrap", "rebind"}}
    expected |= {f"BaseTensor.{m}" for m in _public_methods(BaseTensor)} | {"BaseTensor.__getitem__"}
    expected |= {"GlobalAddress.__add__"}
    expected |= {"ShapeInfo.shape", "ShapeInfo.original_shape", "LocalTensorAuto", "array", "number", "inline"}
    expected |= {"ceildiv", "static_assert"}
    expected |= {name for name in core.__all__ if name.endswith("Params")}
    expected |= {"MrgSortSrcList", "MrgSort4Info"}
    expected |= {"TransposeParamsExt", "VdeqInfo"}
    expected |= {"CheckLocalMemoryIAParam", "SliceInfo"}
    for cls in (basic.TensorDesc, basic.ListTensorDesc):
        expected |= {f"{cls.__name__}.{m}" for m in _public_methods(cls)}
    expected |= cube_api_docs.CORE_NAMES
    assert expected == documented


@pytest.mark.parametrize("target", sorted(ENTRIES))
def test_docstring_comes_from_the_record(target: str) -> None:
    entry = ENTRIES[target]
    family = next(f for f in all_families() if entry in f.entries)
    assert inspect.getdoc(entry.resolve()) == inspect.cleandoc(render_docstring(entry, family.slug))


_CALLED = re.compile(r"\b([A-Za-z_]\w*)\s*(?:<[^;()]*?>)?\(")
_DECLARED = re.compile(r"\bAscendC::(\w+)")
_NOT_NAMES = {"template", "operator", "const", "static_cast", "LocalTensor", "GlobalTensor", "if"}


def _cpp_names(entry: ApiEntry) -> set[str]:
    text = " ".join(line.split("//")[0] for line in entry.cpp)
    called = {name for name in _CALLED.findall(text) if name not in _NOT_NAMES and len(name) > 1}
    return called or set(_DECLARED.findall(text))


@pytest.mark.parametrize("family", all_families(), ids=lambda f: f.slug)
def test_example_calls_every_documented_api(family: Family) -> None:
    source = compile_example(family)
    for entry in family.entries:
        names = _cpp_names(entry)
        if names:
            assert any(re.search(rf"\b{name}\b", source) for name in names), (entry.name, names)
