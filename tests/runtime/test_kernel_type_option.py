"""``@asc.jit(kernel_type=asc.runtime.config.KernelType.X)``: the requested type is checked against
what the kernel does (a contradiction is an error at the op, with a hint) and decides the kernel type
the prologue, the printer and the emulation use."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import numpy as np
import pytest

import ascx as asc
from ascx.dialects.ascendc import KernelType as BuiltType
from ascx.runtime.config import KernelType
from ascx.runtime.jit import MockTensor
from ascx.testing.kernels import line_of

pytestmark = pytest.mark.differential  # its launches: docs/emulation.md#the-differential-check-in-the-suite

KernelModule = Callable[[str], ModuleType]

VECTOR = """
@asc.jit(kernel_type=asc.runtime.config.KernelType.{kind})
def k(x: asc.GlobalAddress) -> None:
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 64)
    asc.data_copy(ub, g, 64)
    asc.adds(ub, ub, 1.0, 64)  # the vector op
    asc.data_copy(g, ub, 64)
"""

MATMUL = """
F16 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
F32 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)

@asc.jit(kernel_type=asc.runtime.config.KernelType.{kind}{extra})
def k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, w: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(F16, F16, F32)
    asc.adv.register_matmul(pipe, w, mm)  # the registration
"""
MATMUL_ARGS = (MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.uint8))


def test_the_enum_is_pyascs() -> None:
    assert {k.name: k.value for k in KernelType} == {
        "AIV_ONLY": 0,
        "AIC_ONLY": 1,
        "MIX_AIV_HARD_SYNC": 2,
        "MIX_AIC_HARD_SYNC": 3,
        "MIX_AIV_1_0": 4,
        "MIX_AIC_1_0": 5,
        "MIX_AIC_1_1": 6,
        "MIX_AIC_1_2": 7,
    }


def test_a_vector_kernel_asked_to_be_aiv_only(kernel_module: KernelModule) -> None:
    module = kernel_module(VECTOR.format(kind="AIV_ONLY"))
    compiled = module.k.compile(MockTensor(asc.float32))
    assert compiled.kernel_type is BuiltType.AIV_ONLY
    x = np.arange(64, dtype=np.float32)
    module.k[1](x)
    np.testing.assert_array_equal(x, np.arange(64, dtype=np.float32) + 1)


def test_a_matmul_kernel_asked_to_be_mix(kernel_module: KernelModule) -> None:
    module = kernel_module(MATMUL.format(kind="MIX_AIC_1_2", extra=""))
    assert module.k.compile(*MATMUL_ARGS).kernel_type is BuiltType.MIX_AIC_1_2


def test_a_cube_only_matmul_kernel_asked_to_be_aic_only(kernel_module: KernelModule) -> None:
    module = kernel_module(MATMUL.format(kind="AIC_ONLY", extra=", matmul_cube_only=True"))
    compiled = module.k.compile(*MATMUL_ARGS)
    assert compiled.kernel_type is BuiltType.AIC_ONLY
    assert compiled.source.startswith("#define ASCENDC_CUBE_ONLY\n")


def test_a_kernel_without_vector_work_asked_to_be_aic_only(kernel_module: KernelModule) -> None:
    module = kernel_module(
        """
        @asc.jit(kernel_type=asc.runtime.config.KernelType.AIC_ONLY)
        def k(x: asc.GlobalAddress) -> None:
            g = asc.GlobalTensor()
            g.set_global_buffer(x)
            if asc.ascend_is_aiv():
                asc.pipe_barrier(asc.PipeID.PIPE_V)  # never on a cube core
            g.set_value(0, asc.get_block_idx())
        """
    )
    compiled = module.k.compile(MockTensor(asc.int32))
    assert compiled.kernel_type is BuiltType.AIC_ONLY
    assert "#define ASCENDC_CUBE_ONLY" in compiled.source
    assert compiled.core_type is asc.lib.runtime.CoreType.CubeCore


REJECTS: dict[str, tuple[str, str, str, str]] = {
    "aiv_only_with_a_matmul": (
        MATMUL.format(kind="AIV_ONLY", extra=""),
        "# the registration",
        "kernel_type=KernelType.AIV_ONLY, but the kernel registers a Matmul object, whose matrix work runs on the "
        "cube cores",
        "drop kernel_type: a kernel that registers a Matmul is a MIX_AIC_1_2 kernel (MIX_AIC_1_1 on request, "
        "AIC_ONLY with matmul_cube_only=True)",
    ),
    "aic_only_with_a_mix_matmul": (
        MATMUL.format(kind="AIC_ONLY", extra=""),
        "# the registration",
        "kernel_type=KernelType.AIC_ONLY, but the Matmul object is a MIX one (its client runs on the vector cores)",
        "add matmul_cube_only=True to @asc.jit for the cube-only Matmul, or drop kernel_type",
    ),
    "aic_only_with_vector_work": (
        VECTOR.format(kind="AIC_ONLY"),
        "# the vector op",
        "kernel_type=KernelType.AIC_ONLY, but this runs on PIPE_V, a pipe of the vector cores",
        "use KernelType.AIV_ONLY for a vector kernel, or put the vector work under `if asc.ascend_is_aiv():` in a "
        "MIX kernel",
    ),
    "mix_without_a_matmul": (
        VECTOR.format(kind="MIX_AIC_1_2"),
        "@asc.jit",
        "kernel_type=KernelType.MIX_AIC_1_2, but the kernel registers no Matmul object: ascx builds MIX_AIC_1_2 "
        "kernels for the Matmul API's AIC/AIV split",
        "drop kernel_type (the kernel is AIV_ONLY), or register the Matmul with asc.adv.register_matmul",
    ),
    "mix_cube_only": (
        MATMUL.format(kind="MIX_AIC_1_2", extra=", matmul_cube_only=True"),
        "@asc.jit",
        "kernel_type=KernelType.MIX_AIC_1_2, but matmul_cube_only=True makes a cube-only kernel",
        "use KernelType.AIC_ONLY",
    ),
    "mix_1_1_without_a_matmul": (
        VECTOR.format(kind="MIX_AIC_1_1"),
        "@asc.jit",
        "kernel_type=KernelType.MIX_AIC_1_1, but the kernel registers no Matmul object: ascx builds MIX_AIC_1_1 "
        "kernels for the Matmul API's AIC/AIV split",
        "drop kernel_type (the kernel is AIV_ONLY), or register the Matmul with asc.adv.register_matmul",
    ),
    "not_built": (
        VECTOR.format(kind="MIX_AIC_1_0"),
        "@asc.jit",
        "kernel_type=KernelType.MIX_AIC_1_0 is not supported: ascx builds AIV_ONLY, AIC_ONLY, MIX_AIV_1_0, "
        "MIX_AIC_1_1 and MIX_AIC_1_2 kernels",
        "drop kernel_type to let ascx derive the kernel type from what the kernel does",
    ),
}


@pytest.mark.parametrize("name", sorted(REJECTS))
def test_a_contradiction_is_an_error_at_the_op(kernel_module: KernelModule, name: str) -> None:
    source, marker, message, hint = REJECTS[name]
    module = kernel_module(source)
    args = MATMUL_ARGS if "mm = " in source else (MockTensor(asc.float32),)
    with pytest.raises(asc.KernelError) as caught:
        module.k.compile(*args)
    assert caught.value.message == message
    assert caught.value.hints == [hint]
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, marker)  # the op, or the decorator that asks


def test_a_kernel_type_that_is_not_the_enum_is_refused() -> None:
    with pytest.raises(RuntimeError, match=r"kernel_type must be an asc.runtime.config.KernelType or None"):

        @asc.jit(kernel_type="AIV_ONLY")
        def k(x: asc.GlobalAddress) -> None:
            pass


def test_the_option_is_part_of_the_compile_cache_key(kernel_module: KernelModule) -> None:
    module = kernel_module(VECTOR.format(kind="AIV_ONLY"))
    assert module.k.kernel_options.kernel_type == "AIV_ONLY"
    plain = kernel_module(VECTOR.replace("(kernel_type=asc.runtime.config.KernelType.{kind})", ""))
    assert plain.k.kernel_options.kernel_type is None
    assert module.k.compile(MockTensor(asc.float32)).source == plain.k.compile(MockTensor(asc.float32)).source
