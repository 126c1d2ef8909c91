"""Tensors, addresses, shapes and properties: ``GlobalTensor``, ``LocalTensor``, ``GlobalAddress``
arithmetic, ``ShapeInfo``/``get_shape_size`` and ``asc.property``; the exact C++ of every call and
every check with its exact message at the call's line (the kernel is ``ascx.testing.snippets``).

Index and offset operands keep the C++ parameter types (``uint64_t`` for ``GlobalTensor`` element
access, ``uint32_t`` for ``LocalTensor``), so runtime ``int32`` values are passed as they are.
Where pyasc differs: ``GlobalTensor``/``LocalTensor`` calls (``t(i)``) are rejected (pyasc emits a
tensor initialised from an element reference, which does not compile); ``offset + address`` works.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ascx.testing.snippets import snippet_error, snippet_lines

EMITS: dict[str, tuple[str, list[str]]] = {
    "global_tensor_values": (
        "v = xg.get_value(3); xg.set_value(n, v); xg.set_value(7, 1.5); s = xg.get_size()",
        ["half v = xg.GetValue(3);", "xg.SetValue(n, v);", "xg.SetValue(7, half(1.5));", "uint64_t s = xg.GetSize();"],
    ),
    "global_tensor_views": (
        "v = xg[16:]; w = xg[n]; u = v[8]",
        [
            "AscendC::GlobalTensor<half> v = xg[16];",
            "AscendC::GlobalTensor<half> w = xg[n];",
            "AscendC::GlobalTensor<half> u = v[8];",
        ],
    ),
    "global_tensor_buffer_size": (
        "g = asc.GlobalTensor(); g.set_global_buffer(x + 64, n)",
        ["__gm__ half* v = x + 64;", "AscendC::GlobalTensor<half> g;", "g.SetGlobalBuffer(v, n);"],
    ),
    "l2_cache_hint": (
        "xg.set_l2_cache_hint(); xg.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE, asc.CacheRwMode.READ)",
        [
            "xg.SetL2CacheHint<AscendC::CacheRwMode::RW>(AscendC::CacheMode::CACHE_MODE_NORMAL);",
            "xg.SetL2CacheHint<AscendC::CacheRwMode::READ>(AscendC::CacheMode::CACHE_MODE_DISABLE);",
        ],
    ),
    "local_tensor_values": (
        "v = a.get_value(n); a.set_value(3, v); s = a.get_size(); p = a.get_position(); ln_ = a.get_length()",
        [
            "half v = a.GetValue(n);",
            "a.SetValue(3, v);",
            "int32_t s = a.GetSize();",
            "int32_t p = a.GetPosition();",
            "uint32_t ln_ = a.GetLength();",
        ],
    ),
    "local_tensor_views": (
        "v = a[16:]; w = a[n]",
        ["AscendC::LocalTensor<half> v = a[16];", "AscendC::LocalTensor<half> w = a[n];"],
    ),
    "local_tensor_runtime_address": (
        "t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, n * 4, 64)",
        ["int32_t v = n * 4;", "AscendC::LocalTensor<float> t(AscendC::TPosition::VECCALC, v, 64);"],
    ),
    "local_tensor_declared": (
        "t = asc.LocalTensor(asc.int32); qin.alloc_tensor(t)",
        ["AscendC::LocalTensor<int32_t> t = qin.AllocTensor<int32_t>();"],
    ),
    "reinterpret_cast": (
        "r = a.reinterpret_cast(asc.int16); same = a.reinterpret_cast(asc.float16); asc.adds(same, same, 1.0, 256)",
        [
            "AscendC::LocalTensor<int16_t> r = a.ReinterpretCast<int16_t>();",
            "AscendC::Adds<half, true>(a, a, half(1.0), 256);",
        ],
    ),
    "address_arithmetic": (
        "p = x + 64; q = 8 + p; r = x + n * 2",
        ["__gm__ half* p = x + 64;", "__gm__ half* q = p + 8;", "int32_t v = n * 2;", "__gm__ half* r = x + v;"],
    ),
    "shape_info": (
        "s = asc.ShapeInfo([2, n]); z = asc.get_shape_size(s)",
        [
            "uint32_t s_dims[] = {2, static_cast<uint32_t>(n)};",
            "AscendC::ShapeInfo s(2, s_dims);",
            "int32_t z = AscendC::GetShapeSize(s);",
        ],
    ),
    "property": (
        "size = n * asc.property(asc.ONE_BLK_SIZE)",
        ["int32_t v = static_cast<int32_t>(AscendC::ONE_BLK_SIZE);", "int32_t size = n * v;"],
    ),
    "provisional_names": (
        "b0 = asc.get_block_idx(); b1 = asc.get_block_idx() * n",
        [
            "int32_t b0 = AscendC::GetBlockIdx();",
            "int32_t block_idx = AscendC::GetBlockIdx();",
            "int32_t b1 = block_idx * n;",
        ],
    ),
}

REJECTS: dict[str, tuple[str, str]] = {
    "slice_with_stop": (
        "v = xg[1:5]",
        "RuntimeError: Slice operation with provided stop and step is not supported for GlobalTensor",
    ),
    "tensor_call": (
        "v = xg(3)",
        "TypeError: GlobalTensor(index) is not supported: use t[index:] for a view, t.get_value(index) or t.set_value(index, value) for one element",
    ),
    "address_minus": (
        "p = x - 1",
        "TypeError: unsupported operand type(s) for -: 'GlobalAddress' and 'int'",
    ),
    "address_float_offset": (
        "p = x + 1.5",
        "TypeError: GlobalAddress +: offset must be an integer, got the float 1.5",
    ),
    "cache_mode_int": (
        "xg.set_l2_cache_hint(0)",
        "TypeError: set_l2_cache_hint: mode must be an asc.CacheMode, got the int 0",
    ),
    "float_index": (
        "v = a.get_value(1.5)",
        "TypeError: LocalTensor.get_value: offset must be an integer, got the float 1.5",
    ),
    "str_value": (
        'a.set_value(0, "s")',
        "TypeError: LocalTensor.set_value: value must be a number, got a str",
    ),
    "value_out_of_range": (
        "i16.set_value(0, 70000)",
        "ValueError: LocalTensor.set_value: value 70000 does not fit int16",
    ),
    "local_tensor_partial": (
        "t = asc.LocalTensor(asc.float16, asc.TPosition.VECIN)",
        "TypeError: LocalTensor takes (dtype) or (dtype, pos, addr, tile_size); got pos without addr, tile_size",
    ),
    "local_tensor_gm": (
        "t = asc.LocalTensor(asc.float16, asc.TPosition.GM, 0, 16)",
        "ValueError: LocalTensor: pos must be an on-chip TPosition, got TPosition.GM",
    ),
    "local_tensor_beyond_ub": (
        "t = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 196000, 1024)",
        "ValueError: LocalTensor: the tensor ends at byte 198048, beyond the 196608 bytes of the unified buffer (UB)",
    ),
    "local_tensor_beyond_l1": (
        "t = asc.LocalTensor(asc.float16, asc.TPosition.A1, 524288, 16)",
        "ValueError: LocalTensor: the tensor ends at byte 524320, beyond the 524288 bytes of the L1 buffer",
    ),
    "shape_info_not_sequence": (
        "s = asc.ShapeInfo(5)",
        "TypeError: ShapeInfo: shape must be a list or tuple of dimensions, got the int 5",
    ),
    "shape_info_too_many_dims": (
        "s = asc.ShapeInfo([1] * 9)",
        "TypeError: ShapeInfo: a shape has 1 to 8 dimensions, got 9",
    ),
    "get_shape_size_not_shape": (
        "z = asc.get_shape_size(3)",
        "TypeError: get_shape_size: expected an asc.ShapeInfo, got the int 3",
    ),
    "reinterpret_cast_not_dtype": (
        "r = a.reinterpret_cast(3)",
        "RuntimeError: ReinterpretCast dtype must be integer or float",
    ),
    "global_value_before_buffer": (
        "g = asc.GlobalTensor(); v = g.get_value(0)",
        "RuntimeError: GlobalTensor is used before it is initialised",
    ),
}


@pytest.mark.parametrize("name", sorted(EMITS))
def test_emits(tmp_path: Path, name: str) -> None:
    statement, cpp = EMITS[name]
    assert snippet_lines(tmp_path, statement) == cpp


@pytest.mark.parametrize("name", sorted(REJECTS))
def test_rejects(tmp_path: Path, name: str) -> None:
    statement, message = REJECTS[name]
    error, line = snippet_error(tmp_path, statement)
    assert error.message == message
    assert error.location is not None
    assert error.location.line == line
