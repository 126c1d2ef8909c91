"""GEMV (A in ``CubeFormat.VECTOR``) while tracing: the C++ it prints, and CANN's rules as located errors at
the call that breaks them, with a hint (docs/reference/matmul.md#gemv-a-in-cubeformatvector)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

import ascx as asc
from ascx.runtime.jit import MockTensor
from ascx.testing import line_of

KERNEL = """
GM, ND, VECTOR = asc.TPosition.GM, asc.CubeFormat.ND, asc.CubeFormat.VECTOR


@asc.jit
def k(a: asc.GlobalAddress, c: asc.GlobalAddress, w: asc.GlobalAddress, flag: bool) -> None:
    pipe = asc.TPipe()
    vec = asc.adv.MatmulType(GM, VECTOR, asc.float16)
    vec_t = asc.adv.MatmulType(GM, VECTOR, asc.float16, is_trans=True)
    f16 = asc.adv.MatmulType(GM, ND, asc.float16)
    f32 = asc.adv.MatmulType(GM, ND, asc.float32)
    mm = {declaration}  # the declaration
    asc.adv.register_matmul(pipe, w, mm, asc.adv.TCubeTiling(m=1))
    a_global = asc.GlobalTensor(); a_global.set_global_buffer(a)
    c_global = asc.GlobalTensor(); c_global.set_global_buffer(c)
    {statement}  # the call under test
    mm.set_tensor_b(a_global)
    mm.iterate_all(c_global)
    mm.end()
"""
ARGS = (MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.uint8), True)
GEMV = "asc.adv.Matmul(vec, f16, f32)"


def load(kernel_module: Callable[[str], ModuleType], declaration: str, statement: str) -> ModuleType:
    return kernel_module(KERNEL.format(declaration=declaration, statement=statement))


def test_a_vector_a_is_printed_as_cubeformat_vector(kernel_module: Callable[[str], ModuleType]) -> None:
    """A transpose flag known only at run time is left to the emulation (tests/emu/test_matmul_gemv.py)."""
    module = load(kernel_module, "asc.adv.Matmul(vec_t, f16, f32)", "mm.set_tensor_a(a_global, flag)")
    source = module.k.compile(*ARGS).source
    vector = "AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::VECTOR, half, true, LayoutMode::NONE>"
    assert f"    AscendC::Matmul<{vector}, " in source
    assert "    bool v_1 = static_cast<bool>(flag);\n    mm.SetTensorA(a_global, v_1);\n" in source


ERRORS = {
    "B in VECTOR": (
        "asc.adv.Matmul(vec, vec, f32)",
        "mm.set_tensor_a(a_global)",
        "# the declaration",
        "ValueError: CubeFormat.VECTOR is a format of A only (GEMV: A is a 1 x K vector); B may be ND or NZ",
        ("declare A as the vector: the product of a 1 x K A and a K x N B",),
    ),
    "C in VECTOR": (
        "asc.adv.Matmul(vec, f16, asc.adv.MatmulType(GM, VECTOR, asc.float32))",
        "mm.set_tensor_a(a_global)",
        "# the declaration",
        "ValueError: CubeFormat.VECTOR is a format of A only (GEMV: A is a 1 x K vector); C may be ND, NZ or ND_ALIGN",
        ("declare A as the vector: the product of a 1 x K A and a K x N B",),
    ),
    "the bias in VECTOR": (
        "asc.adv.Matmul(vec, f16, f32, asc.adv.MatmulType(GM, VECTOR, asc.float32))",
        "mm.set_tensor_a(a_global)",
        "# the declaration",
        "ValueError: CubeFormat.VECTOR is a format of A only (GEMV: A is a 1 x K vector); the bias may be ND",
        ("declare A as the vector: the product of a 1 x K A and a K x N B",),
    ),
    "the BasicBlock template": (
        "asc.adv.Matmul(vec, f16, f32, matmul_config=asc.adv.get_basic_config(16, 16, 64))",
        "mm.set_tensor_a(a_global)",
        "# the declaration",
        "ValueError: A in CubeFormat.VECTOR (GEMV): The BasicBlock template does not support matrix A in scalar or "
        "vector format.",
        ("use the Norm template (asc.adv.get_normal_config()) or MDL for a GEMV Matmul",),
    ),
    "A transposed": (
        "asc.adv.Matmul(vec_t, f16, f32)",
        "mm.set_tensor_a(a_global, True)",
        "# the call under test",
        "ValueError: set_tensor_a: A is in CubeFormat.VECTOR (GEMV): In GEMV mode, matrix A should not be transposed.",
        ("pass transpose=False: a GEMV A is one row of K elements",),
    ),
    "A transposed without is_trans: CANN's ISTRANS check comes first": (
        GEMV,
        "mm.set_tensor_a(a_global, transpose=True)",
        "# the call under test",
        "ValueError: set_tensor_a: transpose=True requires the A MatmulType to have is_trans=True",
        (),
    ),
}


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_gemv_rules(kernel_module: Callable[[str], ModuleType], case: str) -> None:
    declaration, statement, marker, message, hints = ERRORS[case]
    module = load(kernel_module, declaration, statement)
    with pytest.raises(asc.KernelError) as info:
        module.k.compile(*ARGS)
    assert info.value.message == message
    assert tuple(info.value.hints) == hints
    assert info.value.location is not None
    assert info.value.location.line == line_of(module, marker)
