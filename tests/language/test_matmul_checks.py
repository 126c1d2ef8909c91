"""Trace-time checks of the Matmul API used by the iterate_all slice: exact messages, at the call's line."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from types import ModuleType

import pytest

import ascx as asc
from ascx.runtime.jit import MockTensor, MockValue
from ascx.testing import line_of

KERNEL = """
@asc.jit{options}
def k(a: asc.GlobalAddress, c: asc.GlobalAddress, w: asc.GlobalAddress, n: int) -> None:
    pipe = asc.TPipe()
    f16 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    f32 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(f16, f16, f32{config})
    asc.adv.register_matmul(pipe, w, mm, asc.adv.TCubeTiling(m=64))
    a_global = asc.GlobalTensor(); a_global.set_global_buffer(a)
    c_global = asc.GlobalTensor(); c_global.set_global_buffer(c)
    w_global = asc.GlobalTensor(); w_global.set_global_buffer(w)
    {statement}  # the call under test
"""
ARGS = (MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.uint8), MockValue(asc.int32))


def kernel(load: Callable[[str], ModuleType], statement: str, config: str = "", options: str = "") -> ModuleType:
    return load(KERNEL.format(statement=statement, config=config, options=options))


CASES = [
    ("asc.adv.Matmul(None, f16, f32)", "ValueError: a must be MatmulType and cannot be None."),
    ("asc.adv.Matmul(f16, f16, f32, bias=1)", "ValueError: bias must be MatmulType or None."),
    (
        "asc.adv.Matmul(f16, f16, f32, matmul_config=5)",
        "ValueError: matmul_config must be MatmulConfig, MatmulApiStaticTiling or None.",
    ),
    (
        "asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.MAX, asc.CubeFormat.ND, asc.float16), f16, f32)",
        "ValueError: MatmulType position MAX is not a valid position",
    ),
    (
        "asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, 9, asc.float16), f16, f32)",
        "ValueError: MatmulType format 9 is not a valid CubeFormat",
    ),
    (
        "asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, 'float16'), f16, f32)",
        "ValueError: MatmulType dtype 'float16' is not a valid DataType",
    ),
    (
        "asc.adv.Matmul(f16, f16, f32, matmul_policy=asc.MatmulPolicy.NBuffer33MatmulPolicy)",
        "ValueError: NBuffer33MatmulPolicy only supports an MDL config",
    ),
    (
        "asc.adv.Matmul(f16, f16, f32, matmul_config=asc.adv.MatmulConfig(do_norm=False), "
        "matmul_policy=asc.MatmulPolicy.TrianUpperMatmulPolicy)",
        "ValueError: TrianUpperMatmulPolicy only supports a Norm or MDL config",
    ),
    ("asc.adv.MatmulConfig(batch_mode=9)", "ValueError: Params batch_mode should be in [0, 1, 2, 3]"),
    ("asc.adv.MatmulConfig(basic_m=n)", "ValueError: Param basic_m of MatmulConfig must be a compile-time constant"),
    ("asc.adv.TCubeTiling(bogus=1)", "TypeError: TCubeTiling has no field 'bogus'"),
    (
        "mm.set_tensor_a(c_global)",
        "ValueError: Tensor dtype float32 does not match the A dtype float16 declared by the Matmul in set_tensor_a",
    ),
    ("mm.set_tensor_b(w_global)", "ValueError: Tensor type is not supported in set_tensor_b"),
    (
        "mm.set_tensor_a(a_global, transpose=True)",
        "ValueError: set_tensor_a: transpose=True requires the A MatmulType to have is_trans=True",
    ),
    (
        "mm.set_tensor_a('5')",
        "RuntimeError: No viable candidates were found to dispatch Matmul.set_tensor_a(): got (str); "
        "candidates: set_tensor_a(scalar: int | float); set_tensor_a(tensor: BaseTensor, transpose: bool = False)",
    ),
    ("mm.set_org_shape(1, 2, 3, org_kc=4)", "ValueError: set_org_shape: org_kc requires org_kb"),
    ("mm.set_single_shape(1, 2, 3.5)", "TypeError: set_single_shape: single_k must be an integer, got 3.5"),
    ("mm.init(5)", "TypeError: init: tiling must be a TCubeTiling"),
    ("asc.adv.register_matmul(pipe, a_global, mm)", "TypeError: register_matmul: workspace must be a GM address"),
    ("mm.iterate_all(c_global, en_atomic=4)", "ValueError: Params en_atomic should be in [0, 1, 2, 3]"),
    (
        "mm.iterate_all(c_global, wait_iterate_all=True)",
        "ValueError: Param wait_iterate_all can be True only when sync is False",
    ),
    (
        "mm.iterate_all(c_global, wait_iterate_all=1)",
        "ValueError: Param wait_iterate_all can be True only when sync is False",
    ),
    ("mm.iterate_all(c_global, sync=n)", "ValueError: Param sync of iterate_all must be a compile-time constant"),
    ("mm.iterate_all(w_global)", "ValueError: Tensor type is not supported in iterate_all"),
    (
        "mm.iterate_all(a_global)",
        "ValueError: Tensor dtype float16 does not match the C dtype float32 declared by the Matmul in iterate_all",
    ),
    (
        "mm.iterate_all(c_global, fake_msg=True)",
        "ValueError: fake_msg=True requires do_ib_share_norm=True or intra_block_part_sum=True",
    ),
]


@pytest.mark.parametrize(("statement", "message"), CASES)
def test_check(kernel_module: Callable[[str], ModuleType], statement: str, message: str) -> None:
    module = kernel(kernel_module, statement)
    with pytest.raises(asc.KernelError) as info:
        module.k.compile(*ARGS)
    assert info.value.message == message
    assert info.value.location is not None
    assert info.value.location.line == line_of(module, "# the call under test")


@pytest.mark.parametrize(
    ("config", "statement", "message"),
    [
        ("asc.adv.MatmulConfig(enable_end=False)", "mm.end()", "ValueError: end requires MatmulConfig.enable_end=True"),
        (
            "asc.adv.MatmulConfig(iterate_mode=asc.IterateMode.ITERATE_MODE_NORMAL)",
            "mm.iterate_all(c_global)",
            "ValueError: iterate_all requires MatmulConfig.iterate_mode to include ITERATE_MODE_ALL",
        ),
        (
            "asc.adv.MatmulConfig(enable_set_org_shape=False)",
            "mm.set_org_shape(1, 2, 3)",
            "ValueError: set_org_shape requires MatmulConfig.enable_set_org_shape=True",
        ),
    ],
)
def test_config_gates(kernel_module: Callable[[str], ModuleType], config: str, statement: str, message: str) -> None:
    module = kernel(kernel_module, statement, config=f", matmul_config={config}")
    with pytest.raises(asc.KernelError) as info:
        module.k.compile(*ARGS)
    assert info.value.message == message


@pytest.mark.parametrize(
    ("statement", "message"),
    [
        (
            "mm.iterate_all(c_global, sync=False)",
            "ValueError: iterate_all with sync=False is not supported in cube-only kernels",
        ),
        ("mm.wait_iterate_all()", "ValueError: wait_iterate_all is not supported in cube-only kernels"),
    ],
)
def test_cube_only_restrictions(kernel_module: Callable[[str], ModuleType], statement: str, message: str) -> None:
    module = kernel(kernel_module, statement, options="(matmul_cube_only=True)")
    with pytest.raises(asc.KernelError) as info:
        module.k.compile(*ARGS)
    assert info.value.message == message


def test_async_iterate_all_without_wait_warns_at_the_call(kernel_module: Callable[[str], ModuleType]) -> None:
    """MM-8 (ascx-verify-matmul-sync): nothing on this core can wait for the computation."""
    module = kernel(kernel_module, "mm.iterate_all(c_global, sync=False); mm.end()")
    with pytest.warns(asc.AscxWarning) as record:
        module.k.compile(*ARGS)
    assert len(record) == 1
    line = line_of(module, "# the call under test")
    assert str(record[0].message) == (
        "asynchronous `mm.iterate_all` with wait_iterate_all=False: this core cannot wait for it with "
        "`mm.wait_iterate_all()`; completion must be established by other means [MM-8]\n"
        f"{line:>5} |     mm.iterate_all(c_global, sync=False); mm.end()  # the call under test\n"
        "      |     ^"
    )
    assert (record[0].filename, record[0].lineno) == (module.__file__, line)


def test_valid_calls_compile_without_warnings(kernel_module: Callable[[str], ModuleType]) -> None:
    statement = (
        "mm.set_org_shape(n, 64, 64, 64); mm.set_tensor_a(a_global, False); "
        "mm.iterate_all(c_global, en_atomic=1, sync=False, wait_iterate_all=True); mm.wait_iterate_all(); mm.end()"
    )
    module = kernel(kernel_module, statement, config=", matmul_config=asc.adv.MatmulConfig(basic_m=128)")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        source = module.k.compile(*ARGS).source
    assert "    mm.SetOrgShape(n, 64, 64, 64);\n" in source
    assert "    mm.IterateAll<false>(c_global, 1, false, true, false);\n" in source
    config = "    MatmulConfig config = CFG_NORM;\n    config.basicM = 128;\n    config.enableUBReuse = false;\n"
    assert config in source
    assert "    constexpr static MatmulConfig mm_cfg = mm_config();\n" in source


@pytest.mark.parametrize(
    ("statement", "message"),
    [
        (
            "g = asc.GlobalTensor(); g.set_global_buffer(n)",
            "ValueError: Either DataType or typed GlobalAddress must be provided to instantiate GlobalTensor",
        ),
        (
            "g = asc.GlobalTensor(); g.set_global_buffer(a, 1.5)",
            "TypeError: set_global_buffer: buffer_size must be an integer, got the float 1.5",
        ),
        ("asc.property(5)", "TypeError: property: expected one of the asc property constants, got 5"),
        ("asc.adv.TCubeTiling(*range(51))", "TypeError: TCubeTiling takes at most 50 positional arguments"),
        (
            "asc.adv.TCubeTiling(1, used_core_num=2)",
            "TypeError: TCubeTiling got multiple values for field 'used_core_num'",
        ),
        ("asc.adv.register_matmul(1, w, mm)", "TypeError: register_matmul: pipe must be a TPipe, got int"),
        ("asc.adv.register_matmul(pipe, w, 1)", "TypeError: register_matmul: matmul must be a Matmul, got int"),
        ("asc.adv.register_matmul(pipe, w, mm, 3)", "TypeError: register_matmul: tiling must be a TCubeTiling"),
    ],
)
def test_core_checks(kernel_module: Callable[[str], ModuleType], statement: str, message: str) -> None:
    module = kernel(kernel_module, statement)
    with pytest.raises(asc.KernelError) as info:
        module.k.compile(*ARGS)
    assert info.value.message == message
