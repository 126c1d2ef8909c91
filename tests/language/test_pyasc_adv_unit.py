"""pyasc 1.1.1's unit tests of the library functions (``python/test/unit/language/adv``: test_ops,
test_activation, test_normalization, test_sort), as ascx kernels: the same calls on tensors declared the
same way, compiled.  Each kernel either compiles or is rejected by a rule CANN documents, with the
message below; ``docs/reference/adv/README.md`` lists these rejections and their rules.

pyasc's tests declare every tensor of 512 elements at address 0 and give the functions a temporary buffer
of 512 bytes; CANN's ``Get<Op>MaxMinTmpSize`` documents a larger minimum for most of them ("the temporary
space reserved or allocated must not be smaller than the minimum"), which ascx checks at trace time.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ascx.errors import KernelError
from ascx.testing.kernels import line_of, load_kernel_source

DECLARATIONS = """
    x = asc.LocalTensor(dtype={t}, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
    y = asc.LocalTensor(dtype={t}, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
    z = asc.LocalTensor(dtype={t}, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
    tmp = asc.LocalTensor(dtype=asc.uint8, pos=asc.TPosition.VECCALC, addr=0, tile_size=512)
"""

ONE_SOURCE = [
    "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh", "digamma", "erf", "erfc", "floor",
    "frac", "lgamma", "round", "sign", "sin", "sinh", "tan", "tanh", "trunc",
]  # fmt: skip


def _one_source(name: str) -> tuple[str, list[str]]:
    return ("asc.float16", [f"asc.adv.{name}(z, x, count=512, temp_buffer=tmp)", f"asc.adv.{name}(z, x, count=512)"])


CALLS: dict[str, tuple[str, list[str]]] = {
    **{name: _one_source(name) for name in ONE_SOURCE},
    "exp": ("asc.float16", [
        "asc.adv.exp(z, x, count=512, taylor_expand_level=0, temp_buffer=tmp)",
        "asc.adv.exp(z, x, count=512, taylor_expand_level=0, is_reuse_source=True)",
    ]),
    "log": ("asc.float16", ["asc.adv.log(z, x)"]),
    "power": ("asc.float16", [
        "asc.adv.power(z, x, y, count=512, temp_buffer=tmp)", "asc.adv.power(z, x, y, count=512)",
    ]),
    "xor": ("asc.int16", ["asc.adv.xor(z, x, y, count=512, temp_buffer=tmp)", "asc.adv.xor(z, x, y, count=512)"]),
    "axpy": ("asc.float16", ["asc.adv.axpy(z, x, 3.0, count=512, temp_buffer=tmp)"]),
}  # fmt: skip
"""test_ops.py: per function, the element type and the calls of its test."""

MINIMUM = {
    "acos": ("Acos", 1536), "asin": ("Asin", 1536), "asinh": ("Asinh", 768), "atan": ("Atan", 3072),
    "atanh": ("Atanh", 1024), "cos": ("Cos", 2048), "cosh": ("Cosh", 1536), "digamma": ("Digamma", 4096),
    "erf": ("Erf", 2048), "erfc": ("Erfc", 4096), "frac": ("Frac", 1024), "lgamma": ("Lgamma", 6656),
    "sign": ("Sign", 768), "sin": ("Sin", 2048), "sinh": ("Sinh", 1024), "tan": ("Tan", 2560),
    "tanh": ("Tanh", 1024), "power": ("Power", 2048), "axpy": ("Axpy", 1024),
}  # fmt: skip
"""The tests whose 512-byte temporary buffer is below CANN's documented minimum for half inputs."""


def _kernel(directory: Path, element: str, calls: list[str]) -> tuple[object, int]:
    body = DECLARATIONS.format(t=element) + "".join(f"    {call}\n" for call in calls)
    source = f"\n@asc.jit\ndef kernel():\n{body}".replace(calls[0], f"{calls[0]}  # first call")
    module = load_kernel_source(directory, source)
    return module.kernel, line_of(module, "# first call")


@pytest.mark.parametrize("name", sorted(CALLS))
def test_ops(tmp_path: Path, name: str) -> None:
    element, calls = CALLS[name]
    kernel, line = _kernel(tmp_path, element, calls)
    if name not in MINIMUM:
        assert kernel.compile().kernel_type is not None  # pyright: ignore[reportAttributeAccessIssue]
        return
    cpp, minimum = MINIMUM[name]
    with pytest.raises(KernelError) as caught:
        kernel.compile()  # pyright: ignore[reportAttributeAccessIssue]
    assert caught.value.message == (
        f"ValueError: {name}: temp_buffer has 512 bytes, but {cpp} of float16 needs at least {minimum} bytes"
    )
    assert caught.value.location is not None
    assert caught.value.location.line == line


SOFTMAX = """
@asc.jit
def kernel() -> None:
    dst = asc.LocalTensor(dtype=asc.float16)
    sum_local = asc.LocalTensor(dtype=asc.float16)
    max_local = asc.LocalTensor(dtype=asc.float16)
    src = asc.LocalTensor(dtype=asc.float16)
    tiling = asc.adv.SoftmaxTiling(src_m=1, src_k=1, src_size=64)
    asc.adv.softmax(dst, sum_local, max_local, src, tiling)  # the call
"""


def test_activation_softmax_is_rejected_for_its_unaligned_last_axis(tmp_path: Path) -> None:
    """The tiling says rows of one half element: SoftMax documents the last axis 32-byte aligned."""
    module = load_kernel_source(tmp_path, SOFTMAX)
    with pytest.raises(KernelError) as caught:
        module.kernel.compile()
    assert caught.value.message == (
        "ValueError: softmax: the tiling's src_k 1 is not 32-byte aligned for float16; SoftMax needs the last axis "
        "32-byte aligned"
    )
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "# the call")


def test_activation_softmax_with_an_aligned_tiling(tmp_path: Path) -> None:
    module = load_kernel_source(tmp_path, SOFTMAX.replace("src_k=1, src_size=64", "src_k=64, src_size=64"))
    assert "AscendC::SoftMax<half, false, false, false>(dst, sum_local, max_local, src, tiling);" in (
        module.kernel.compile().source
    )


def test_normalization_rmsnorm(tmp_path: Path) -> None:
    module = load_kernel_source(
        tmp_path,
        """
        @asc.jit
        def kernel() -> None:
            dst = asc.LocalTensor(dtype=asc.float16)
            gamma_local = asc.LocalTensor(dtype=asc.float16)
            src = asc.LocalTensor(dtype=asc.float16)
            tiling = asc.adv.RmsNormTiling()
            epsilon = 1
            asc.adv.rmsnorm(dst, src, gamma_local, epsilon, tiling)
        """,
    )
    assert "AscendC::RmsNorm<half, false>(dst, src, gamma_local, half(1.0), tiling);" in module.kernel.compile().source


def test_sort_concat_and_extract(tmp_path: Path) -> None:
    module = load_kernel_source(
        tmp_path,
        """
        @asc.jit
        def concat_kernel():
            concat_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=128)
            value_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=128)
            concat_tmp_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=256)
            asc.adv.concat(concat_local, value_local, concat_tmp_local, 4)


        @asc.jit
        def extract_kernel():
            dst_value_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=128)
            dst_index_local = asc.LocalTensor(dtype=asc.uint32, pos=asc.TPosition.VECOUT, addr=0, tile_size=128)
            sort_tmp_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=256)
            asc.adv.extract(dst_value_local, dst_index_local, sort_tmp_local, 8)
        """,
    )
    assert "AscendC::Concat(concat_local, value_local, concat_tmp_local, 4);" in module.concat_kernel.compile().source
    assert "AscendC::Extract(dst_value_local, dst_index_local, sort_tmp_local, 8);" in (
        module.extract_kernel.compile().source
    )
