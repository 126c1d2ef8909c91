"""A scalar Matmul input while tracing: ``set_tensor_a(value)`` with A in ``CubeFormat.SCALAR`` prints CANN's
``SetTensorA(SrcAT)``; what CANN cannot run is a located error at the call, with a hint
(docs/reference/matmul.md#a-scalar-a-in-cubeformatscalar): a scalar B (CANN's MatmulImpl asserts), a scalar A
in another format (CANN ignores it), a tensor A in SCALAR (CANN copies none), SCALAR for B, C or the bias,
and the BasicBlock template with A in SCALAR (CANN's static_assert)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

import ascx as asc
from ascx.runtime.jit import MockTensor
from ascx.testing import line_of

KERNEL = """
GM, ND, SCALAR = asc.TPosition.GM, asc.CubeFormat.ND, asc.CubeFormat.SCALAR


@asc.jit{options}
def k(a: asc.GlobalAddress, c: asc.GlobalAddress, w: asc.GlobalAddress, value: float) -> None:
    pipe = asc.TPipe()
    one = asc.adv.MatmulType(GM, SCALAR, asc.float16)
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
ARGS = (MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.uint8), 1.0)
SCALAR_A = "asc.adv.Matmul(one, f16, f32)"
MODES = {"MIX": "", "cube-only": "(matmul_cube_only=True)"}


def load(kernel_module: Callable[[str], ModuleType], declaration: str, statement: str, mode: str) -> ModuleType:
    return kernel_module(KERNEL.format(options=MODES[mode], declaration=declaration, statement=statement))


@pytest.mark.parametrize("mode", sorted(MODES))
def test_a_scalar_a_in_cubeformat_scalar_is_printed(kernel_module: Callable[[str], ModuleType], mode: str) -> None:
    module = load(kernel_module, SCALAR_A, "mm.set_tensor_a(1.5)\n    mm.set_tensor_a(value)", mode)
    source = module.k.compile(*ARGS).source
    scalar = "AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::SCALAR, half, false, LayoutMode::NONE>"
    assert f"    AscendC::Matmul<{scalar}, " in source
    assert "    mm.SetTensorA(half(1.5));\n" in source
    assert "    half v_1 = static_cast<half>(value);\n    mm.SetTensorA(v_1);\n" in source


HINT_B = (
    "pass B as a GlobalTensor or LocalTensor holding the value: CANN's Matmul takes a scalar for A only (with A in "
    "CubeFormat.SCALAR)"
)
HINT_A = (
    "declare A as asc.adv.MatmulType(position, asc.CubeFormat.SCALAR, dtype): A is then one row of K copies of the "
    "scalar (M = 1); in any other format CANN's Matmul ignores the scalar"
)
ONLY_A = ("declare A as the vector: the product of a 1 x K A and a K x N B",)
ERRORS = {
    "a scalar B": (
        SCALAR_A,
        "mm.set_tensor_a(1.5); mm.set_tensor_b(2.0)",
        "# the call under test",
        "ValueError: set_tensor_b: It is not allowed to set matrix B with scalar.",
        (HINT_B,),
    ),
    "a scalar A in ND": (
        "asc.adv.Matmul(f16, f16, f32)",
        "mm.set_tensor_a(value)",
        "# the call under test",
        "ValueError: set_tensor_a: a scalar A needs A's MatmulType in CubeFormat.SCALAR, not ND",
        (HINT_A,),
    ),
    "a tensor A in SCALAR": (
        SCALAR_A,
        "mm.set_tensor_a(a_global)",
        "# the call under test",
        "ValueError: set_tensor_a: A in CubeFormat.SCALAR takes a scalar, not a tensor",
        ("pass the value (mm.set_tensor_a(1.0)), or declare A in ND, NZ or VECTOR for a tensor A",),
    ),
    "B in SCALAR": (
        "asc.adv.Matmul(f16, one, f32)",
        "mm.set_tensor_a(a_global)",
        "# the declaration",
        "ValueError: CubeFormat.SCALAR is a format of A only (GEMV: A is a 1 x K vector); B may be ND or NZ",
        ONLY_A,
    ),
    "C in SCALAR": (
        "asc.adv.Matmul(f16, f16, asc.adv.MatmulType(GM, SCALAR, asc.float32))",
        "mm.set_tensor_a(a_global)",
        "# the declaration",
        "ValueError: CubeFormat.SCALAR is a format of A only (GEMV: A is a 1 x K vector); C may be ND, NZ or ND_ALIGN",
        ONLY_A,
    ),
    "the BasicBlock template": (
        "asc.adv.Matmul(one, f16, f32, matmul_config=asc.adv.get_basic_config(16, 16, 64))",
        "mm.set_tensor_a(1.0)",
        "# the declaration",
        "ValueError: A in CubeFormat.SCALAR (GEMV): The BasicBlock template does not support matrix A in scalar or "
        "vector format.",
        ("use the Norm template (asc.adv.get_normal_config()) or MDL for a GEMV Matmul",),
    ),
}


@pytest.mark.parametrize("mode", sorted(MODES))
@pytest.mark.parametrize("case", sorted(ERRORS))
def test_scalar_input_rules(kernel_module: Callable[[str], ModuleType], case: str, mode: str) -> None:
    declaration, statement, marker, message, hints = ERRORS[case]
    module = load(kernel_module, declaration, statement, mode)
    with pytest.raises(asc.KernelError) as info:
        module.k.compile(*ARGS)
    assert info.value.message == message
    assert tuple(info.value.hints) == hints
    assert info.value.location is not None
    assert info.value.location.line == line_of(module, marker)
