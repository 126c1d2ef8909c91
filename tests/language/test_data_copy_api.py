"""``data_copy`` and ``data_copy_pad`` with their parameter structs: the exact C++ of every form, and
every check with its exact message at the call's line (the kernel is ``ascx.testing.snippets``).

The forms and keywords are pyasc 1.1.1's (``count``/``repeat_params``; ``data_copy_params``/
``pad_params``); the C++ calls are pyasc's.  Struct fields are written in their C++ types: a
constant is a literal, a runtime value a ``static_cast`` (brace initialisation does not narrow).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ascx.testing.snippets import snippet_error, snippet_lines

EMITS: dict[str, tuple[str, list[str]]] = {
    "count_gm_to_ub": (
        "asc.data_copy(a, xg, 256)",
        ["AscendC::DataCopy(a, xg, 256);"],
    ),
    "count_ub_to_ub_runtime": (
        "asc.data_copy(b, a, n)",
        ["AscendC::DataCopy(b, a, n);"],
    ),
    "count_ub_to_gm_keyword": (
        "asc.data_copy(yg, c, count=256)",
        ["AscendC::DataCopy(yg, c, 256);"],
    ),
    "view_and_runtime_count": (
        "asc.data_copy(a, xg[n:], n * 2)",
        ["AscendC::GlobalTensor<half> v = xg[n];", "int32_t v_1 = n * 2;", "AscendC::DataCopy(a, v, v_1);"],
    ),
    "params": (
        "asc.data_copy(a, xg, asc.DataCopyParams(2, 8, 0, 0))",
        ["AscendC::DataCopyParams v{2, 8, 0, 0};", "AscendC::DataCopy(a, xg, v);"],
    ),
    "params_keyword": (
        "asc.data_copy(b, a, repeat_params=asc.DataCopyParams(1, 16))",
        ["AscendC::DataCopyParams v{1, 16, 0, 0};", "AscendC::DataCopy(b, a, v);"],
    ),
    "params_runtime_field": (
        "asc.data_copy(yg, c, asc.DataCopyParams(block_count=n, block_len=16, src_stride=1, dst_stride=2))",
        ["AscendC::DataCopyParams v{static_cast<uint16_t>(n), 16, 1, 2};", "AscendC::DataCopy(yg, c, v);"],
    ),
    "queue_tensors": (
        "t = qin.alloc_tensor(asc.float16); asc.data_copy(t, xg, 256); qin.enque(t); u = qout.alloc_tensor(asc.float16); asc.data_copy(yg, u, 256)",
        [
            "AscendC::LocalTensor<half> t = qin.AllocTensor<half>();",
            "AscendC::DataCopy(t, xg, 256);",
            "qin.EnQue(t);",
            "AscendC::LocalTensor<half> u = qout.AllocTensor<half>();",
            "AscendC::DataCopy(yg, u, 256);",
        ],
    ),
    "pad_ext_in": (
        "asc.data_copy_pad(a, xg, asc.DataCopyExtParams(1, 20, 0, 0, 0), asc.DataCopyPadExtParams(asc.float16, True, 0, 6, 0))",
        [
            "AscendC::DataCopyExtParams v{1, 20, 0, 0, 0};",
            "AscendC::DataCopyPadExtParams<half> v_1{true, 0, 6, half(0.0)};",
            "AscendC::DataCopyPad(a, xg, v, v_1);",
        ],
    ),
    "pad_ext_out": (
        "asc.data_copy_pad(yg, c, asc.DataCopyExtParams(1, 20, 0, 0, 0))",
        ["AscendC::DataCopyExtParams v{1, 20, 0, 0, 0};", "AscendC::DataCopyPad(yg, c, v);"],
    ),
    "pad_in": (
        "asc.data_copy_pad(a, xg, asc.DataCopyParams(1, 20, 0, 0), asc.DataCopyPadParams(True, 0, 6, 0))",
        [
            "AscendC::DataCopyParams v{1, 20, 0, 0};",
            "AscendC::DataCopyPadParams v_1{true, 0, 6, 0};",
            "AscendC::DataCopyPad(a, xg, v, v_1);",
        ],
    ),
    "pad_out": (
        "asc.data_copy_pad(yg, c, asc.DataCopyParams(1, 20, 0, 0))",
        ["AscendC::DataCopyParams v{1, 20, 0, 0};", "AscendC::DataCopyPad(yg, c, v);"],
    ),
    "pad_keywords": (
        "asc.data_copy_pad(a, xg, data_copy_params=asc.DataCopyParams(1, 40, 0, 0), pad_params=asc.DataCopyPadParams(True, 0, 2, 0))",
        [
            "AscendC::DataCopyParams v{1, 40, 0, 0};",
            "AscendC::DataCopyPadParams v_1{true, 0, 2, 0};",
            "AscendC::DataCopyPad(a, xg, v, v_1);",
        ],
    ),
    "pad_ext_runtime_fields": (
        "asc.data_copy_pad(a, xg, asc.DataCopyExtParams(n, n * 2), asc.DataCopyPadExtParams(asc.float16, True, 1, 1, f))",
        [
            "int32_t v = n * 2;",
            "AscendC::DataCopyExtParams v_1{static_cast<uint16_t>(n), static_cast<uint32_t>(v), 0, 0, 0};",
            "half v_2 = static_cast<half>(f);",
            "AscendC::DataCopyPadExtParams<half> v_3{true, 1, 1, v_2};",
            "AscendC::DataCopyPad(a, xg, v_1, v_3);",
        ],
    ),
}

REJECTS: dict[str, tuple[str, str]] = {
    "gm_to_gm": (
        "asc.data_copy(xg, yg, 256)",
        "TypeError: data_copy: both dst and src are GlobalTensors; a copy moves data between global memory and a LocalTensor",
    ),
    "type_differs": (
        "asc.data_copy(g32, xg, 256)",
        "TypeError: data_copy: dst is float32 but src is float16; a copy does not convert",
    ),
    "count_not_32_bytes": (
        "asc.data_copy(a, xg, 10)",
        "ValueError: data_copy: count * sizeof(float16) = 20 bytes is not a multiple of 32",
    ),
    "unknown_keyword": (
        "asc.data_copy(a, xg, params=asc.DataCopyParams(1, 8))",
        "TypeError: data_copy(): no form takes (LocalTensor, GlobalTensor, params=DataCopyParams); the forms are:\n  data_copy(dst, src, repeat_params: DataCopyParams)\n  data_copy(dst, src, count: int)\n  data_copy(dst, src, repeat_params: DataCopyParams, enhanced_params: DataCopyEnhancedParams)\n  data_copy(dst, src, intri_params: Nd2NzParams)\n  data_copy(dst, src, intri_params: Nz2NdParamsFull)\n  data_copy(dst, src, intri_params: DataCopyCO12DstParams)",
    ),
    "zero_blocks": (
        "asc.data_copy(a, xg, asc.DataCopyParams(0, 8))",
        "ValueError: data_copy: block_count must be at least 1, got 0",
    ),
    "zero_block_len": (
        "asc.data_copy(b, a, repeat_params=asc.DataCopyParams())",
        "ValueError: data_copy: block_len must be at least 1, got 0: the copy would move nothing",
    ),
    "block_count_overflows": (
        "asc.data_copy(a, xg, asc.DataCopyParams(70000, 8))",
        "ValueError: DataCopyParams: block_count 70000 does not fit uint16",
    ),
    "not_a_tensor": (
        "asc.data_copy(a, x, 256)",
        "TypeError: data_copy: src must be a GlobalTensor or a LocalTensor, got a GlobalAddress",
    ),
    "pad_in_needs_pad_params": (
        "asc.data_copy_pad(a, xg, asc.DataCopyParams(1, 20, 0, 0))",
        "TypeError: data_copy_pad: a copy from global memory needs pad_params",
    ),
    "pad_out_takes_no_pad_params": (
        "asc.data_copy_pad(yg, c, asc.DataCopyParams(1, 20, 0, 0), asc.DataCopyPadParams())",
        "TypeError: data_copy_pad: pad_params apply to copies from global memory only",
    ),
    "pad_value_type": (
        "asc.data_copy_pad(a, xg, asc.DataCopyExtParams(1, 20), asc.DataCopyPadExtParams(asc.float32))",
        "TypeError: data_copy_pad: pad_params are for float32, but the tensors are float16",
    ),
    "pad_params_kinds_mixed": (
        "asc.data_copy_pad(a, xg, asc.DataCopyExtParams(1, 20), asc.DataCopyPadParams())",
        "TypeError: data_copy_pad(): no form takes (LocalTensor, GlobalTensor, DataCopyExtParams, DataCopyPadParams); the forms are:\n  data_copy_pad(dst, src, data_copy_params: DataCopyExtParams, pad_params: DataCopyPadExtParams = None)\n  data_copy_pad(dst, src, data_copy_params: DataCopyParams, pad_params: DataCopyPadParams = None)"
        "\n  data_copy_pad(dst, src, data_copy_params: DataCopyExtParams, nd2nz_params: Nd2NzParams)"
        "\n  data_copy_pad(dst, src, data_copy_params: DataCopyParams, nd2nz_params: Nd2NzParams)",
    ),
    "is_pad_not_bool": (
        "p = asc.DataCopyPadParams(1)",
        "TypeError: DataCopyPadParams: is_pad must be a bool, got int",
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


@pytest.mark.parametrize(
    ("statement", "hint"),
    [
        ("asc.data_copy(a, xg, 10)", "copy a multiple of 32 bytes, or use asc.data_copy_pad for unaligned lengths"),
        (
            "asc.data_copy(a, x, 256)",
            "wrap the address in a tensor: g = asc.GlobalTensor(); g.set_global_buffer(address)",
        ),
    ],
)
def test_hints(tmp_path: Path, statement: str, hint: str) -> None:
    error, _ = snippet_error(tmp_path, statement)
    assert error.hints == [hint]
