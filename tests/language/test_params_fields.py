"""The parameter structs' field tables come from their C++ layouts (``ascx.language.core.params``):
the Python names are the C++ names in snake case unless the class renames them, and every cube
struct's constructor takes exactly those fields (save the ones pyasc does not expose)."""

from __future__ import annotations

import inspect

import pytest

from ascx.dialects import ascendc as ir
from ascx.language.core import aipp_types, cube_params, params, system_params, vector_params
from ascx.language.core.cube_params import CubeParams, DataCopyEnhancedParams, LoadData3DParamsV2, MmadParams
from ascx.language.core.params import ParamsStruct, python_name


def _structs() -> list[type[ParamsStruct]]:
    modules = (params, vector_params, system_params, cube_params, aipp_types)
    found = [value for module in modules for value in vars(module).values() if isinstance(value, type)]
    return [cls for cls in found if issubclass(cls, ParamsStruct) and "KIND" in vars(cls)]


@pytest.mark.parametrize(("cpp", "python"), [("l1H", "l1_h"), ("dstNzC0Stride", "dst_nz_c0_stride"), ("m", "m")])
def test_python_name(cpp: str, python: str) -> None:
    assert python_name(cpp) == python


def test_names_follow_the_layout() -> None:
    assert DataCopyEnhancedParams.NAMES == (
        "block_mode",
        "deq_scale",
        "deq_value_in",
        "sid_store_mode_in",
        "is_relu_in",
        "pad_mode_in",
        "pad_value_in",
    )
    for cls in _structs():
        assert len(cls.NAMES) == len(ir.LAYOUTS[cls.KIND].fields), cls.__name__


@pytest.mark.parametrize("cls", [c for c in _structs() if issubclass(c, CubeParams) and c.__name__ != "AippParams"])
def test_cube_constructors_take_the_fields(cls: type[CubeParams]) -> None:
    parameters = list(inspect.signature(cls.__init__).parameters)[1:]
    assert set(parameters) == set(cls.NAMES) - set(cls.FIXED)


def test_mmad_constructors_take_the_fields() -> None:
    parameters = set(list(inspect.signature(MmadParams.__init__).parameters)[1:])
    for kind in (ir.ParamsKind.MMAD, ir.ParamsKind.MMAD_LEGACY):
        assert set(MmadParams.field_names(kind)) <= parameters
    assert LoadData3DParamsV2.FIXED == {"en_small_k": False}


def test_stated_names_must_match_the_layout() -> None:
    with pytest.raises(TypeError, match="are not the fields of its layout"):

        class _Wrong(ParamsStruct):
            KIND = ir.ParamsKind.DATA_COPY
            NAMES = ("block_count", "block_len", "dst_stride", "src_stride")
