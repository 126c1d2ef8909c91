"""IBShare (``MatmulType(ib_share=True)``, an ascx extension) and MixDualMaster
(``MatmulConfig(enable_mix_dual_master=True)``): where CANN allows them, each rule a located error at
the ``Matmul(...)`` line, and in each mode every method CANN forbids an error at its own call, with
the mode and the alternative in the message and a hint (docs/matmul-protocol.md#availability-per-kernel-mode)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

import ascx as asc
from ascx.runtime.jit import MockTensor
from ascx.testing import line_of

KERNEL = """
GM, ND = asc.TPosition.GM, asc.CubeFormat.ND


@asc.jit{options}
def k(a: asc.GlobalAddress, c: asc.GlobalAddress, w: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    f16 = asc.adv.MatmulType(GM, ND, asc.float16)
    shared = asc.adv.MatmulType(GM, ND, asc.float16, ib_share=True)
    f32 = asc.adv.MatmulType(GM, ND, asc.float32)
    ub_c = asc.adv.MatmulType(asc.TPosition.VECIN, ND, asc.float32)
    dual = asc.adv.MatmulConfig(enable_ub_reuse=True, enable_mix_dual_master=True)
    mm = {declaration}  # the declaration
    asc.adv.register_matmul(pipe, w, mm, asc.adv.TCubeTiling(m=64))
    a_global = asc.GlobalTensor(); a_global.set_global_buffer(a)
    c_global = asc.GlobalTensor(); c_global.set_global_buffer(c)
    a_local = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 1024)
    c_local = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 4096, 1024)
    mm.set_tensor_a(a_global)
    mm.set_tensor_b(a_global)
    {statement}  # the call under test
    mm.end()
"""
ARGS = (MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.uint8))
AB = "asc.adv.Matmul(shared, shared, f32)"
DUAL = "asc.adv.Matmul(shared, shared, f32, matmul_config=dual)"
DUAL_UB = "asc.adv.Matmul(shared, shared, ub_c, matmul_config=dual)"


def compile_kernel(
    load: Callable[[str], ModuleType], declaration: str, statement: str = "mm.iterate_all(c_global)", options: str = ""
) -> tuple[ModuleType, str]:
    module = load(KERNEL.format(declaration=declaration, statement=statement, options=options))
    return module, module.k.compile(*ARGS).source


def failure(
    load: Callable[[str], ModuleType], declaration: str, statement: str = "mm.iterate_all(c_global)", options: str = ""
) -> tuple[asc.KernelError, ModuleType]:
    module = load(KERNEL.format(declaration=declaration, statement=statement, options=options))
    with pytest.raises(asc.KernelError) as info:
        module.k.compile(*ARGS)
    return info.value, module


# --- IBShare -------------------------------------------------------------------------------------------


def test_ib_share_on_a_and_b_is_the_sixth_matmul_type_argument(kernel_module: Callable[[str], ModuleType]) -> None:
    _, source = compile_kernel(kernel_module, AB)
    shared = "AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE, true>"
    plain = "AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float, false, LayoutMode::NONE>"
    bias = "AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, float>"
    assert f"    AscendC::Matmul<{shared}, {shared}, {plain}, {bias}, mm_cfg> mm;\n" in source


def test_ib_share_on_b_alone_with_the_ib_share_template(kernel_module: Callable[[str], ModuleType]) -> None:
    _, source = compile_kernel(
        kernel_module, "asc.adv.Matmul(f16, shared, f32, matmul_config=asc.adv.get_ib_share_norm_config())"
    )
    assert "LayoutMode::NONE>, AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, " in source
    assert "LayoutMode::NONE, true>, AscendC::MatmulType<" in source
    assert ", CFG_IBSHARE_NORM> mm;\n" in source


def test_ib_share_is_hashable_and_defaults_to_false() -> None:
    t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    assert t.ib_share is False
    assert hash(t) != hash(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, ib_share=True))


DECLARATION_ERRORS = {
    "not a bool": (
        "asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16, ib_share=2), f16, f32)",
        "",
        "ValueError: MatmulType ib_share 2 is not a valid bool",
        (),
    ),
    "on C": (
        "asc.adv.Matmul(f16, f16, asc.adv.MatmulType(GM, ND, asc.float32, ib_share=True))",
        "",
        "ValueError: ib_share applies to the A and B MatmulTypes only, not to C",
        (),
    ),
    "on the bias": (
        "asc.adv.Matmul(f16, f16, f32, asc.adv.MatmulType(GM, ND, asc.float32, ib_share=True))",
        "",
        "ValueError: ib_share applies to the A and B MatmulTypes only, not to the bias",
        (),
    ),
    "in a cube-only kernel": (
        AB,
        "(matmul_cube_only=True)",
        "ValueError: IBShare (ib_share=True) is only supported in MIX kernels, not in cube-only kernels "
        "(matmul_cube_only=True)",
        ("drop matmul_cube_only=True: IBShare shares A or B between the vector cores of a MIX kernel",),
    ),
    "on A alone without the IBShare template": (
        "asc.adv.Matmul(shared, f16, f32)",
        "",
        "ValueError: ib_share on A alone requires the IBShare template (MatmulConfig.do_ib_share_norm=True)",
        ("pass matmul_config=asc.adv.get_ib_share_norm_config(), or set ib_share=True on both A and B",),
    ),
    "on B alone without the IBShare template": (
        "asc.adv.Matmul(f16, shared, f32, matmul_config=asc.adv.get_mdl_config())",
        "",
        "ValueError: ib_share on B alone requires the IBShare template (MatmulConfig.do_ib_share_norm=True)",
        ("pass matmul_config=asc.adv.get_ib_share_norm_config(), or set ib_share=True on both A and B",),
    ),
    "on A and B with another template": (
        "asc.adv.Matmul(shared, shared, f32, matmul_config=asc.adv.get_mdl_config())",
        "",
        "ValueError: ib_share on both A and B requires the Norm template (MatmulConfig.do_norm=True)",
        ("use MatmulConfig() or asc.adv.get_normal_config()",),
    ),
    # MixDualMaster
    "MixDualMaster without IBShare": (
        "asc.adv.Matmul(f16, f16, f32, matmul_config=dual)",
        "",
        "ValueError: enable_mix_dual_master in a MIX_AIC_1_2 kernel (1 AIC : 2 AIV) requires ib_share=True on "
        "both A and B, but A and B have ib_share=False",
        (
            "set ib_share=True on the MatmulTypes of A and B, or make the kernel 1:1 with "
            "@asc.jit(kernel_type=asc.runtime.config.KernelType.MIX_AIC_1_1)",
        ),
    ),
    "MixDualMaster without IBShare on B": (
        "asc.adv.Matmul(shared, f16, f32, matmul_config=dual)",
        "",
        "ValueError: ib_share on A alone requires the IBShare template (MatmulConfig.do_ib_share_norm=True)",
        ("pass matmul_config=asc.adv.get_ib_share_norm_config(), or set ib_share=True on both A and B",),
    ),
    "MixDualMaster with IBShare on B alone": (
        "asc.adv.Matmul(f16, shared, f32, matmul_config=asc.adv.MatmulConfig("
        "do_norm=False, do_ib_share_norm=True, enable_mix_dual_master=True))",
        "",
        "ValueError: enable_mix_dual_master in a MIX_AIC_1_2 kernel (1 AIC : 2 AIV) requires ib_share=True on "
        "both A and B, but A has ib_share=False",
        (
            "set ib_share=True on the MatmulTypes of A and B, or make the kernel 1:1 with "
            "@asc.jit(kernel_type=asc.runtime.config.KernelType.MIX_AIC_1_1)",
        ),
    ),
    "MixDualMaster in a cube-only kernel": (
        "asc.adv.Matmul(f16, f16, f32, matmul_config=dual)",
        "(matmul_cube_only=True)",
        "ValueError: enable_mix_dual_master requires a MIX kernel, not a cube-only one (matmul_cube_only=True)",
        (),
    ),
}


@pytest.mark.parametrize("case", sorted(DECLARATION_ERRORS))
def test_declaration_rules(kernel_module: Callable[[str], ModuleType], case: str) -> None:
    declaration, options, message, hints = DECLARATION_ERRORS[case]
    error, module = failure(kernel_module, declaration, options=options)
    assert error.message == message
    assert tuple(error.hints) == hints
    assert error.location is not None
    assert error.location.line == line_of(module, "# the declaration")


SECOND = """
    other = {other}  # the second object
    asc.adv.register_matmul(pipe, w, other, asc.adv.TCubeTiling(m=64))
    other.end()"""


@pytest.mark.parametrize(
    ("first", "other", "message"),
    [
        (
            AB,
            "asc.adv.Matmul(f16, f16, f32)",
            "ib_share on both A and B must be the same for all Matmul objects of a kernel",
        ),
        (
            DUAL,
            AB,
            "enable_mix_dual_master must be the same for all Matmul objects of a kernel",
        ),
    ],
)
def test_the_objects_of_a_kernel_agree(
    kernel_module: Callable[[str], ModuleType], first: str, other: str, message: str
) -> None:
    source = KERNEL.format(declaration=first, statement="mm.iterate_all(c_global)", options="").replace(
        "    mm.end()\n", "    mm.end()" + SECOND.format(other=other) + "\n"
    )
    module = kernel_module(source)
    with pytest.raises(asc.KernelError) as info:
        module.k.compile(*ARGS)
    assert info.value.message == f"ValueError: {message}"
    assert info.value.location is not None
    assert info.value.location.line == line_of(module, "# the second object")


# --- the methods each mode forbids ----------------------------------------------------------------------

RESULTS = "results come only from iterate_all to a GlobalTensor"
INPUTS = "A, B and the bias come only from GM"
DUAL_MODE = "is not supported in MixDualMaster mode (enable_mix_dual_master=True)"

FORBIDDEN_IN_DUAL = {
    # CANN's page of each method says it is not supported in MixDualMaster mode
    "iterate": ("mm.iterate()", "iterate", RESULTS),
    "iterate async": ("mm.iterate(sync=False)", "iterate", RESULTS),
    "get_tensor_c": ("mm.get_tensor_c(c_global)", "get_tensor_c", RESULTS),
    "get_tensor_c returning": ("g = mm.get_tensor_c(sync=False)", "get_tensor_c", RESULTS),
    "get_tensor_c to GM and UB": ("mm.get_tensor_c(c_global, optional_tensor=c_local)", "get_tensor_c", RESULTS),
    "async_get_tensor_c": ("mm.async_get_tensor_c(c_local)", "async_get_tensor_c", RESULTS),
    "wait_get_tensor_c": ("mm.wait_get_tensor_c()", "wait_get_tensor_c", RESULTS),
    "iterate_batch": ("mm.iterate_batch(c_global, 2, 2, False)", "iterate_batch", RESULTS),
    "iterate_n_batch": ("mm.iterate_n_batch(2, 2, 2, False)", "iterate_n_batch", RESULTS),
    "get_batch_tensor_c": ("g = mm.get_batch_tensor_c(2, 2, sync=False)", "get_batch_tensor_c", RESULTS),
    "get_batch_tensor_c to UB": ("mm.get_batch_tensor_c(c_local, 2, 2, sync=False)", "get_batch_tensor_c", RESULTS),
    "get_batch_c": ("g = mm.get_batch_c(2, 2, sync=False)", "get_batch_c", RESULTS),
    "wait_iterate_batch": ("mm.wait_iterate_batch()", "wait_iterate_batch", RESULTS),
    "set_workspace": ("mm.set_workspace(c_global)", "set_workspace", RESULTS),
    "set_batch_num": ("mm.set_batch_num(2, 2)", "set_batch_num", RESULTS),
    "set_self_define_data": ("mm.set_self_define_data(7)", "set_self_define_data", RESULTS),
    "set_user_def_info": ("mm.set_user_def_info(w)", "set_user_def_info", RESULTS),
    "iterate_all to a LocalTensor": ("mm.iterate_all(c_local)", "iterate_all to a LocalTensor", RESULTS),
    "set_tensor_a with a LocalTensor": ("mm.set_tensor_a(a_local)", "set_tensor_a with a LocalTensor", INPUTS),
    "set_tensor_b with a LocalTensor": ("mm.set_tensor_b(a_local)", "set_tensor_b with a LocalTensor", INPUTS),
    "set_tensor_a with a scalar": ("mm.set_tensor_a(1.5)", "set_tensor_a with a scalar", INPUTS),
    "set_tensor_b with a scalar": ("mm.set_tensor_b(1.5)", "set_tensor_b with a scalar", INPUTS),
    "set_bias with a LocalTensor": ("mm.set_bias(c_local)", "set_bias with a LocalTensor", INPUTS),
}


@pytest.mark.parametrize("case", sorted(FORBIDDEN_IN_DUAL))
def test_mix_dual_master_forbids_the_method_at_its_call(kernel_module: Callable[[str], ModuleType], case: str) -> None:
    statement, method, alternative = FORBIDDEN_IN_DUAL[case]
    error, module = failure(kernel_module, DUAL, statement)
    assert error.message == f"ValueError: {method} {DUAL_MODE}: {alternative}"
    assert error.hints == (
        ["pass a GlobalTensor (A, B and the bias at TPosition.GM)"]
        if alternative == INPUTS
        else ["compute with iterate_all(c_global), which MixDualMaster mode supports"]
    )
    assert error.location is not None
    assert error.location.line == line_of(module, "# the call under test")


FORBIDDEN_WITH_AB = {
    "iterate": ("mm.iterate()", "iterate"),
    "get_tensor_c": ("mm.get_tensor_c(c_global)", "get_tensor_c"),
    "get_tensor_c returning": ("g = mm.get_tensor_c(sync=False)", "get_tensor_c"),
    "async_get_tensor_c": ("mm.async_get_tensor_c(c_local)", "async_get_tensor_c"),
    "iterate_batch": ("mm.iterate_batch(c_global, 2, 2, False)", "iterate_batch"),
    "iterate_n_batch": ("mm.iterate_n_batch(2, 2, 2, False)", "iterate_n_batch"),
    "get_batch_tensor_c": ("g = mm.get_batch_tensor_c(2, 2, sync=False)", "get_batch_tensor_c"),
    "iterate_all to a LocalTensor": ("mm.iterate_all(c_local)", "iterate_all to a LocalTensor"),
}


@pytest.mark.parametrize("case", sorted(FORBIDDEN_WITH_AB))
def test_ib_share_on_a_and_b_allows_only_iterate_all_to_gm(
    kernel_module: Callable[[str], ModuleType], case: str
) -> None:
    statement, method = FORBIDDEN_WITH_AB[case]
    error, module = failure(kernel_module, AB, statement)
    assert (
        error.message
        == f"ValueError: {method} is not supported when A and B are both IBShare (ib_share=True): {RESULTS}"
    )
    assert error.hints == ["compute with iterate_all(c_global), or share only one of A and B with the IBShare template"]
    assert error.location is not None
    assert error.location.line == line_of(module, "# the call under test")


@pytest.mark.parametrize(
    "statement",
    [
        "mm.iterate_all(c_global)",
        "mm.iterate_all(c_global, sync=False, wait_iterate_all=True); mm.wait_iterate_all()",
        "mm.set_single_shape(64, 64, 64); mm.set_tail(32, 32); mm.iterate_all(c_global)",
        "mm.set_bias(c_global); mm.disable_bias(); mm.iterate_all(c_global)",
    ],
)
def test_what_mix_dual_master_allows(kernel_module: Callable[[str], ModuleType], statement: str) -> None:
    _, source = compile_kernel(kernel_module, DUAL, statement)
    assert "    MatmulConfig config = CFG_NORM;\n    config.enableMixDualMaster = true;\n    return config;\n" in source


def test_the_ub_output_type_does_not_change_the_rule(kernel_module: Callable[[str], ModuleType]) -> None:
    error, _ = failure(kernel_module, DUAL_UB, "mm.iterate(sync=False)")
    assert error.message == f"ValueError: iterate {DUAL_MODE}: {RESULTS}"
