"""Every Matmul method: its trace-time checks (exact message, at the call's line), and a valid call.

The kernel template declares A and B as float16 and C as float32; a case may change the C position
and format, the A/B layout, the config, the kernel mode, and add setup statements before the call.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

import ascx as asc
from ascx.runtime.jit import MockTensor, MockValue
from ascx.testing import line_of, load_kernel_source

KERNEL = """
@asc.jit{options}
def k(a: asc.GlobalAddress, c: asc.GlobalAddress, w: asc.GlobalAddress, u8: asc.GlobalAddress,
      u64: asc.GlobalAddress, n: int) -> None:
    pipe = asc.TPipe()
    A = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, layout={layout})
    B = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, layout={layout})
    C = asc.adv.MatmulType(asc.TPosition.{c_pos}, asc.CubeFormat.{c_fmt}, asc.float32)
    mm = asc.adv.Matmul(A, B, C{config})
    asc.adv.register_matmul(pipe, w, mm, asc.adv.TCubeTiling(m=64))
    ga = asc.GlobalTensor(); ga.set_global_buffer(a)
    gc = asc.GlobalTensor(); gc.set_global_buffer(c, 65536)
    g8 = asc.GlobalTensor(); g8.set_global_buffer(u8)
    g64 = asc.GlobalTensor(); g64.set_global_buffer(u64)
    ub = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 1024)
    ub16 = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 1024)
    {setup}
    {statement}  # the call under test
    {teardown}
"""
ARGS = (
    MockTensor(asc.float16),
    MockTensor(asc.float32),
    MockTensor(asc.uint8),
    MockTensor(asc.uint8),
    MockTensor(asc.uint64),
    MockValue(asc.int32),
)


@dataclass(frozen=True)
class Case:
    statement: str
    message: str = ""
    """``"<Exception>: <text>"``, or empty for a call that must compile."""
    cube: bool = False
    c_pos: str = "GM"
    c_fmt: str = "ND"
    layout: str = "asc.LayoutMode.NONE"
    config: str = ""
    setup: str = "pass"
    teardown: str = "mm.end()"
    """After the call: a kernel that compiles must be protocol-correct (it ends its Matmul)."""


def compile_case(load: Callable[[str], ModuleType], case: Case) -> ModuleType:
    source = KERNEL.format(
        options="(matmul_cube_only=True)" if case.cube else "",
        c_pos=case.c_pos,
        c_fmt=case.c_fmt,
        layout=case.layout,
        config=f", matmul_config={case.config}" if case.config else "",
        setup=case.setup,
        statement=case.statement,
        teardown=case.teardown,
    )
    return load(source)


BSNGD = "asc.LayoutMode.BSNGD"
WS = "mm.set_workspace(gc)"
NO_WORKSPACE_SIZE = (
    "set_workspace: the workspace GlobalTensor has no size: CANN's SetWorkspace(GlobalTensor) asserts "
    "addr.GetSize() > 0 in its CPU-debug build (MatmulClient in include/adv_api/matmul/matmul_client.h, MatmulImpl "
    "in matmul_impl_base.h), where the kernel aborts; the NPU build does not check"
)
NO_WORKSPACE_SIZE_HINT = (
    "give set_global_buffer the workspace's size in elements, or call set_workspace(addr, size) with a GM address"
)

CASES: dict[str, Case] = {
    # set_tensor_a / set_tensor_b
    "set_tensor_a local at GM": Case(
        "mm.set_tensor_a(ub16)", "TypeError: set_tensor_a: a LocalTensor does not match the A MatmulType position GM"
    ),
    "set_tensor_b dtype": Case(
        "mm.set_tensor_b(gc)",
        "ValueError: Tensor dtype float32 does not match the B dtype float16 declared by the Matmul in set_tensor_b",
    ),
    "set_tensor_a allow-list": Case("mm.set_tensor_a(g8)", "ValueError: Tensor type is not supported in set_tensor_a"),
    "set_tensor_a scalar of an int8 A": Case(
        "mm2 = asc.adv.Matmul(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8), "
        "asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.int8), C); mm2.set_tensor_a(2)",
        "ValueError: Scalar type is not supported in set_tensor_a",
    ),
    "set_tensor_a dispatch": Case(
        "mm.set_tensor_a(None)",
        "RuntimeError: No viable candidates were found to dispatch Matmul.set_tensor_a(): got (NoneType); "
        "candidates: set_tensor_a(scalar: int | float); set_tensor_a(tensor: BaseTensor, transpose: bool = False)",
    ),
    "set_tensor_a scalar of an ND A": Case(
        "mm.set_tensor_a(2.5)",
        "ValueError: set_tensor_a: a scalar A needs A's MatmulType in CubeFormat.SCALAR, not ND",
    ),
    "set_tensor_b runtime scalar": Case(
        "mm.set_tensor_b(n)", "ValueError: set_tensor_b: It is not allowed to set matrix B with scalar."
    ),
    "set_tensor_a view": Case("mm.set_tensor_a(ga[64:])"),
    # set_bias, disable_bias
    "set_bias dtype": Case(
        "mm.set_bias(ub16)",
        "ValueError: Tensor dtype float16 does not match the bias dtype float32 declared by the Matmul in set_bias",
    ),
    "set_bias allow-list": Case("mm.set_bias(g8)", "ValueError: Bias type is not supported in set_bias"),
    "set_bias kind": Case(
        "mm.set_bias(ub)", "TypeError: set_bias: a LocalTensor does not match the bias MatmulType position GM"
    ),
    "set_bias gate": Case(
        "mm.set_bias(gc)",
        "ValueError: set_bias requires MatmulConfig.enable_set_bias=True",
        config="asc.adv.MatmulConfig(enable_set_bias=False)",
    ),
    "set_bias not a tensor": Case(
        "mm.set_bias(3)", "TypeError: set_bias: tensor must be a GlobalTensor or LocalTensor, got int"
    ),
    "set_bias": Case("mm.set_bias(gc)"),
    "disable_bias": Case("mm.disable_bias()"),
    # user data
    "set_self_define_data kind": Case(
        "mm.set_self_define_data(2.5)",
        "TypeError: set_self_define_data: data_ptr must be a GM address, a GlobalTensor or an integer",
    ),
    "set_self_define_data gate": Case(
        "mm.set_self_define_data(a)",
        "ValueError: set_self_define_data requires MatmulConfig.enable_set_define_data=True",
        config="asc.adv.MatmulConfig(enable_set_define_data=False)",
    ),
    "set_self_define_data forms": Case(
        "mm.set_self_define_data(a); mm.set_self_define_data(ga); mm.set_self_define_data(7)"
    ),
    "set_user_def_info kind": Case(
        "mm.set_user_def_info(5)", "TypeError: set_user_def_info: tiling_ptr must be a GM address"
    ),
    "set_user_def_info": Case("mm.set_user_def_info(u8)"),
    # cube-only setters
    "set_sparse_index in MIX": Case(
        "mm.set_sparse_index(g8)",
        "ValueError: set_sparse_index is only supported in cube-only kernels (matmul_cube_only=True)",
    ),
    "set_sparse_index config": Case(
        "mm.set_sparse_index(g8)",
        "ValueError: set_sparse_index requires an MDL config (do_multi_data_load=True)",
        cube=True,
    ),
    "set_sparse_index dtype": Case(
        "mm.set_sparse_index(ga)",
        "ValueError: Tensor dtype float16 does not match the sparse index dtype uint8 declared by the Matmul in "
        "set_sparse_index",
        cube=True,
        config="asc.adv.get_mdl_config()",
    ),
    "set_sparse_index": Case("mm.set_sparse_index(g8)", cube=True, config="asc.adv.get_mdl_config()"),
    "set_hf32 in MIX": Case(
        "mm.set_hf32(True)", "ValueError: set_hf32 is only supported in cube-only kernels (matmul_cube_only=True)"
    ),
    "set_hf32": Case("mm.set_hf32(True, 1)", cube=True),
    "set_batch_num in MIX": Case(
        "mm.set_batch_num(2, 2)",
        "ValueError: set_batch_num is only supported in cube-only kernels (matmul_cube_only=True)",
    ),
    "set_batch_num layout": Case(
        "mm.set_batch_num(2, 2)", "ValueError: set_batch_num does not support layout NONE for A", cube=True
    ),
    "set_batch_num": Case("mm.set_batch_num(2, n)", cube=True, layout=BSNGD),
    "get_offset_c in MIX": Case(
        "mm.get_offset_c()", "ValueError: get_offset_c is only supported in cube-only kernels (matmul_cube_only=True)"
    ),
    "get_offset_c reserved": Case(
        "r = mm.get_offset_c()",
        'ValueError: get_offset_c is reserved in CANN: MatmulImpl::GetOffsetC static_asserts "unsupported!" and the '
        "MIX client reports it not supported, so no kernel that calls it builds",
        cube=True,
    ),
    # shapes, tail, workspace, quantisation
    "set_tail gate": Case(
        "mm.set_tail(1)",
        "ValueError: set_tail requires MatmulConfig.enable_set_tail=True",
        config="asc.adv.MatmulConfig(enable_set_tail=False)",
    ),
    "set_tail": Case("mm.set_tail(tail_k=7)"),
    "set_workspace address without size": Case(
        "mm.set_workspace(w)", "ValueError: set_workspace: size is required when addr is a GM address"
    ),
    "set_workspace kind": Case("mm.set_workspace(3)", "TypeError: set_workspace: addr must be a GM address"),
    "set_workspace forms": Case("mm.set_workspace(gc); mm.set_workspace(w, 1024)"),
    "set_workspace tensor of a runtime size": Case(
        "gz = asc.GlobalTensor(); gz.set_global_buffer(c, n); mm.set_workspace(gz)"
    ),
    "set_quant_scalar gate": Case(
        "mm.set_quant_scalar(2)",
        "ValueError: set_quant_scalar requires MatmulConfig.enable_quant_vector=True",
        config="asc.adv.MatmulConfig(enable_quant_vector=False)",
    ),
    "set_quant_vector dtype": Case(
        "mm.set_quant_vector(gc)",
        "ValueError: Tensor dtype float32 does not match the quant vector dtype uint64 declared by the Matmul in "
        "set_quant_vector",
    ),
    "set_quant_vector kind": Case(
        "mm.set_quant_vector(ub)", "TypeError: set_quant_vector: quant_vector must be a GlobalTensor"
    ),
    "set_quant": Case("mm.set_quant_scalar(2); mm.set_quant_vector(g64)"),
    "set_org_shape": Case("mm.set_org_shape(1, 2, 3, 4, 5)"),
    "set_single_shape": Case("mm.set_single_shape(n, 2, 3)"),
    # iterate
    "iterate sync runtime": Case(
        "mm.iterate(sync=n)", "ValueError: Param sync of iterate must be a compile-time constant"
    ),
    "iterate async without workspace": Case(
        "mm.iterate(sync=False)", "ValueError: iterate requires set_workspace() on this Matmul before it", c_pos="VECIN"
    ),
    "iterate async C position": Case(
        "mm.iterate(sync=False)",
        "ValueError: iterate with sync=False requires the C MatmulType position to be VECIN, VECOUT or VECCALC",
    ),
    "iterate async in cube-only": Case(
        "mm.iterate(sync=False)", "ValueError: iterate with sync=False is not supported in cube-only kernels", cube=True
    ),
    "iterate mode gate": Case(
        "mm.iterate()",
        "ValueError: iterate requires MatmulConfig.iterate_mode to include ITERATE_MODE_NORMAL",
        config="asc.adv.MatmulConfig(iterate_mode=asc.IterateMode.ITERATE_MODE_ALL)",
    ),
    "iterate local_c_matrix dtype": Case(
        "mm.iterate(local_c_matrix=ub16)", "ValueError: Local_c_matrix Tensor type is not supported in iterate"
    ),
    "iterate local_c_matrix in MIX": Case(
        "mm.iterate(local_c_matrix=ub)",
        "ValueError: iterate with local_c_matrix is only supported in cube-only kernels (matmul_cube_only=True)",
    ),
    "iterate local_c_matrix position": Case(
        "mm.iterate(local_c_matrix=ub)",
        "ValueError: iterate with local_c_matrix requires the C MatmulType position CO1 and format NZ",
        cube=True,
    ),
    "iterate local_c_matrix": Case(
        "l0c = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 1024)\n    with mm.iterate(local_c_matrix=l0c) as i:\n        pass",
        cube=True,
        c_pos="CO1",
        c_fmt="NZ",
    ),
    "iterate result stored": Case(
        "r = mm.iterate()\n    if r:\n        pass",
        "TypeError: the result of iterate() can only be used as a with-item, a while condition, or discarded",
    ),
    "iterate result never used": Case(
        "r = mm.iterate()",
        "TypeError: the result of iterate() can only be used as a with-item, a while condition, or discarded",
    ),
    "iterate forms": Case(
        "mm.iterate()\n    mm.get_tensor_c(gc)\n    while mm.iterate():\n        mm.get_tensor_c(gc)\n"
        "    with mm.iterate(True) as count:\n"
        "        mm.get_tensor_c(gc)"
    ),
    # get_tensor_c
    "get_tensor_c allow-list": Case("mm.get_tensor_c(g64)", "ValueError: Tensor type is not supported in get_tensor_c"),
    "get_tensor_c en_atomic": Case(
        "mm.get_tensor_c(gc, en_atomic=5)", "ValueError: Params en_atomic should be in [0, 1, 2, 3]"
    ),
    "get_tensor_c dual kinds": Case(
        "mm.get_tensor_c(ub, optional_tensor=ub)",
        "TypeError: When use get_tensor_c to fetch output to both GM and VECIN, the first input should be "
        "GlobalTensor, and the last input should be LocalTensor",
    ),
    "get_tensor_c without iterate": Case(
        "mm.get_tensor_c(gc)", "ValueError: get_tensor_c must follow iterate() on the same Matmul"
    ),
    "get_tensor_c sync mismatch": Case(
        "mm.iterate(sync=False)\n    mm.get_tensor_c(ub)",
        "ValueError: get_tensor_c sync=True does not match sync=False of the driving iterate()",
        c_pos="VECIN",
        setup=WS,
    ),
    "get_tensor_c local en_atomic": Case(
        "mm.get_tensor_c(ub, en_atomic=1)",
        "ValueError: Params en_atomic should be 0 when get_tensor_c outputs to LocalTensor",
    ),
    "get_tensor_c async to GM": Case(
        "mm.iterate(sync=False)\n    mm.get_tensor_c(gc, sync=False)",
        "ValueError: get_tensor_c with sync=False only supports a LocalTensor output or the returning form",
        c_pos="VECIN",
        setup=WS,
    ),
    "get_tensor_c gate": Case(
        "mm.get_tensor_c(gc)",
        "ValueError: get_tensor_c requires MatmulConfig.enable_get_tensor_c=True",
        config="asc.adv.MatmulConfig(enable_get_tensor_c=False)",
        setup="mm.iterate()",
    ),
    "get_tensor_c in a with loop": Case(
        "with mm.iterate() as i:\n        mm.get_tensor_c(gc)\n    with mm.iterate() as i:\n"
        "        mm.get_tensor_c(gc, optional_tensor=ub)"
    ),
    "get_tensor_c returning sync": Case(
        "g = mm.get_tensor_c()", "ValueError: Matmul get_tensor_c with return value only support params sync=False"
    ),
    "get_tensor_c returning position": Case(
        "g = mm.get_tensor_c(sync=False)",
        "ValueError: get_tensor_c with return value requires the C MatmulType position VECIN",
    ),
    "get_tensor_c into GM and UB in cube-only": Case(
        "mm.iterate()\n    mm.get_tensor_c(gc, optional_tensor=ub)",
        "ValueError: get_tensor_c is not supported in cube-only kernels",
        cube=True,
    ),
    "get_tensor_c returning in cube-only": Case(
        "g = mm.get_tensor_c(sync=False)", "ValueError: get_tensor_c is not supported in cube-only kernels", cube=True
    ),
    "get_tensor_c returning": Case(
        "mm.iterate(sync=False)\n    g = mm.get_tensor_c(sync=False)\n    h = g[16:]", c_pos="VECIN", setup=WS
    ),
    "async_get_tensor_c kind": Case(
        "mm.async_get_tensor_c(gc)", "TypeError: async_get_tensor_c: c must be a LocalTensor"
    ),
    "wait_get_tensor_c in cube-only": Case(
        "mm.wait_get_tensor_c()", "ValueError: wait_get_tensor_c is not supported in cube-only kernels", cube=True
    ),
    # iterate_all
    "iterate_all local keywords": Case(
        "mm.iterate_all(ub, fake_msg=False)",
        "ValueError: When iterate_all output to LocalTensor, param fake_msg is not supported.",
    ),
    "iterate_all local async": Case(
        "mm.iterate_all(ub, sync=False)", "ValueError: iterate_all to a LocalTensor only supports sync=True"
    ),
    "iterate_all local position": Case(
        "mm.iterate_all(ub)",
        "ValueError: iterate_all to a LocalTensor requires the C MatmulType position to be A1, B1, C1 or TSCM",
    ),
    "iterate_all local position cube-only": Case(
        "mm.iterate_all(ub)",
        "ValueError: iterate_all to a LocalTensor requires the C MatmulType position to be A1, B1, C1, TSCM or CO1",
        cube=True,
    ),
    "iterate_all local": Case(
        "l1 = asc.LocalTensor(asc.float32, asc.TPosition.C1, 0, 1024)\n    mm.iterate_all(l1)", c_pos="C1"
    ),
    "iterate_all async in cube-only": Case(
        "mm.iterate_all(gc, sync=False, wait_iterate_all=True)",
        "ValueError: iterate_all with sync=False is not supported in cube-only kernels",
        cube=True,
    ),
    "iterate_all cube-only batch layout": Case(
        "mm.iterate_all(gc)",
        "ValueError: iterate_all is not supported in cube-only kernels when the A MatmulType layout is not NONE",
        cube=True,
        layout=BSNGD,
    ),
    "iterate_all partial output": Case(
        "mm.iterate_all(gc)",
        "ValueError: iterate_all requires MatmulConfig.is_partial_output=False",
        config="asc.adv.MatmulConfig(is_partial_output=True)",
    ),
    "wait_iterate_all in cube-only": Case(
        "mm.wait_iterate_all()", "ValueError: wait_iterate_all is not supported in cube-only kernels", cube=True
    ),
    # iterate_batch (MIX)
    "iterate_batch allow-list": Case(
        "mm.iterate_batch(g8, 2, 2, False)", "ValueError: Tensor type is not supported in iterate_batch", layout=BSNGD
    ),
    "iterate_batch GM sequential": Case(
        "mm.iterate_batch(gc, 2, 2, True)",
        "ValueError: When output to GM, en_sequential_write should be False in iterate_batch",
        layout=BSNGD,
    ),
    "iterate_batch UB sequential": Case(
        "mm.iterate_batch(ub, 2, 2, False)",
        "ValueError: When output to UB, en_sequential_write should be True in iterate_batch",
        layout=BSNGD,
    ),
    "iterate_batch en_atomic": Case(
        "mm.iterate_batch(gc, 2, 2, False, en_atomic=7)",
        "ValueError: Params en_atomic should be in [None, 0, 1, 2, 3]",
        layout=BSNGD,
    ),
    "iterate_batch wait with sync": Case(
        "mm.iterate_batch(gc, 2, 2, False, wait_iterate_batch=True)",
        "ValueError: Param wait_iterate_batch can be True only when sync is False",
        layout=BSNGD,
    ),
    "iterate_batch UB async": Case(
        "mm.iterate_batch(ub, 2, 2, True, sync=False)",
        "ValueError: iterate_batch to a LocalTensor only supports sync=True",
        layout=BSNGD,
    ),
    "iterate_batch UB wait": Case(
        "mm.iterate_batch(ub, 2, 2, True, wait_iterate_batch=False)",
        "ValueError: Param wait_iterate_batch is not supported when iterate_batch outputs to LocalTensor",
        layout=BSNGD,
    ),
    "iterate_batch template": Case(
        "mm.iterate_batch(gc, False, 0, False, 1, 1, 1)",
        "ValueError: iterate_batch only supports the Norm template",
        cube=True,
        layout=BSNGD,
        config="asc.adv.get_mdl_config()",
        setup="mm.set_batch_num(2, 2)",
    ),
    "iterate_batch layout": Case(
        "mm.iterate_batch(gc, 2, 2, False)", "ValueError: iterate_batch does not support layout NONE for A"
    ),
    "iterate_batch quant": Case(
        "mm.iterate_batch(gc, 2, 2, False)",
        "ValueError: iterate_batch does not support quantization (set_quant_scalar / set_quant_vector)",
        layout=BSNGD,
        setup="mm.set_quant_scalar(1)",
    ),
    "iterate_batch": Case(
        "mm.iterate_batch(gc, 2, 2, False, en_atomic=1, sync=False, wait_iterate_batch=True)\n    "
        "mm.wait_iterate_batch()\n    mm.iterate_batch(ub, 2, 2, True)",
        layout=BSNGD,
    ),
    # iterate_batch (cube-only)
    "iterate_batch cube UB": Case(
        "mm.iterate_batch(ub, False, 0, False)",
        "TypeError: iterate_batch interface under cube-only scene only support output to GM.",
        cube=True,
        layout=BSNGD,
    ),
    "iterate_batch cube MIX keyword": Case(
        "mm.iterate_batch(gc, False, 0, False, sync=True)",
        "TypeError: iterate_batch: parameter sync is not supported in cube-only kernels",
        cube=True,
        layout=BSNGD,
    ),
    "iterate_batch cube set_batch_num": Case(
        "mm.iterate_batch(gc, False, 0, False)",
        "ValueError: iterate_batch in a cube-only kernel requires set_batch_num() before it",
        cube=True,
        layout=BSNGD,
    ),
    "iterate_batch cube": Case(
        "mm.iterate_batch(gc, False, 0, False, 1, 1, 1)", cube=True, layout=BSNGD, setup="mm.set_batch_num(2, 2)"
    ),
    # iterate_n_batch
    "iterate_n_batch wait with sync": Case(
        "mm.iterate_n_batch(4, 2, 2, False, sync=True, wait_iterate_batch=True)",
        "ValueError: Param wait_iterate_batch can be True only when sync is False",
    ),
    "iterate_n_batch in cube-only": Case(
        "mm.iterate_n_batch(4, 2, 2, False)",
        "ValueError: iterate_n_batch is not supported in cube-only kernels",
        cube=True,
    ),
    "iterate_n_batch gate": Case(
        "mm.iterate_n_batch(4, 2, 2, False)",
        "ValueError: iterate_n_batch requires MatmulConfig.is_n_batch=True",
        layout=BSNGD,
    ),
    "iterate_n_batch layout": Case(
        "mm.iterate_n_batch(4, 2, 2, False)",
        "ValueError: iterate_n_batch does not support layout NONE for A",
        config="asc.adv.MatmulConfig(is_n_batch=True)",
    ),
    "iterate_n_batch workspace": Case(
        "mm.iterate_n_batch(4, 2, 2, False)",
        "ValueError: iterate_n_batch requires set_workspace() on this Matmul before it",
        layout=BSNGD,
        config="asc.adv.MatmulConfig(is_n_batch=True)",
    ),
    "iterate_n_batch and get_batch_tensor_c": Case(
        "mm.iterate_n_batch(4, 2, 2, False, sync=False, wait_iterate_batch=True)\n    "
        "g = mm.get_batch_tensor_c(2, 2, sync=False)\n    mm.get_batch_tensor_c(ub, 2, 2, sync=False)\n    "
        "mm.wait_get_tensor_c()\n    mm.wait_iterate_batch()",
        layout=BSNGD,
        config="asc.adv.MatmulConfig(is_n_batch=True)",
        setup=WS,
    ),
    # get_batch_tensor_c
    "get_batch_tensor_c sync": Case(
        "mm.get_batch_tensor_c(2, 2)", "ValueError: Matmul get_batch_tensor_c only support params sync=False"
    ),
    "get_batch_tensor_c GM": Case(
        "mm.get_batch_tensor_c(gc, 2, 2, sync=False)", "TypeError: get_batch_tensor_c: tensor must be a LocalTensor"
    ),
    "get_batch_tensor_c without iterate_n_batch": Case(
        "mm.get_batch_tensor_c(2, 2, sync=False)",
        "ValueError: get_batch_tensor_c must follow iterate_n_batch(sync=False) on the same Matmul",
        config="asc.adv.MatmulConfig(is_n_batch=True)",
    ),
    "wait_iterate_batch in cube-only": Case(
        "mm.wait_iterate_batch()", "ValueError: wait_iterate_batch is not supported in cube-only kernels", cube=True
    ),
    # init, end
    "end gate": Case(
        "mm.end()",
        "ValueError: end requires MatmulConfig.enable_end=True",
        config="asc.adv.MatmulConfig(enable_end=False)",
    ),
    "init and end": Case("t = asc.adv.TCubeTiling(m=16)\n    mm.init(t)\n    mm.end()", teardown="pass"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_method(kernel_module: Callable[[str], ModuleType], name: str) -> None:
    case = CASES[name]
    module = compile_case(kernel_module, case)
    if not case.message:
        module.k.compile(*ARGS)
        return
    with pytest.raises(asc.KernelError) as info:
        module.k.compile(*ARGS)
    assert info.value.message == case.message
    assert info.value.location is not None
    assert info.value.location.line == line_of(module, "# the call under test") or case.statement.count("\n")


def test_a_workspace_without_a_size_warns_naming_every_buffer_it_got(
    kernel_module: Callable[[str], ModuleType],
) -> None:
    """A warning at the set_workspace call naming each set_global_buffer (here one on each path of a runtime
    branch, neither with a size), then the hint; the kernel compiles (CANN's NPU build does not check)."""
    module = kernel_module(
        """
        @asc.jit
        def k(a: asc.GlobalAddress, c: asc.GlobalAddress, w: asc.GlobalAddress, n: int) -> None:
            pipe = asc.TPipe()
            f16 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
            f32 = asc.adv.MatmulType(asc.TPosition.VECIN, asc.CubeFormat.ND, asc.float32)
            mm = asc.adv.Matmul(f16, f16, f32)
            asc.adv.register_matmul(pipe, w, mm, asc.adv.TCubeTiling(m=64))
            ga = asc.GlobalTensor(); ga.set_global_buffer(a)
            ws = asc.GlobalTensor()
            if n > 0:
                ws.set_global_buffer(c)  # first
            else:
                ws.set_global_buffer(c + 64, 0)  # second
            mm.set_tensor_a(ga); mm.set_tensor_b(ga)
            mm.set_workspace(ws)  # the call
            mm.end()
        """
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module.k.compile(MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.uint8), MockValue(asc.int32))
    path = module.__file__
    ours = [w for w in caught if str(w.message).startswith("set_workspace")]
    assert [(w.filename, w.lineno) for w in ours] == [(path, line_of(module, "# the call"))]
    assert str(ours[0].message) == (
        f"{NO_WORKSPACE_SIZE} (its buffer is set at {path}:{line_of(module, '# first')} without a buffer_size; "
        f"its buffer is set at {path}:{line_of(module, '# second')} with a buffer_size of 0); {NO_WORKSPACE_SIZE_HINT}"
    )


@pytest.mark.parametrize("size", ["", ", n"], ids=["none", "runtime"])
def test_a_workspace_without_a_size_in_one_statement(kernel_module: Callable[[str], ModuleType], size: str) -> None:
    """No size: the warning; a runtime size: none (CANN checks it)."""
    case = Case(f"gz = asc.GlobalTensor(); gz.set_global_buffer(c{size}); mm.set_workspace(gz)")
    module = compile_case(kernel_module, case)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        module.k.compile(*ARGS)
    messages = [str(w.message) for w in caught if str(w.message).startswith("set_workspace")]
    if size:
        assert messages == []
    else:
        assert len(messages) == 1
        assert messages[0].startswith(NO_WORKSPACE_SIZE + " (its buffer is set at ")


def test_two_matmul_objects_make_valid_cpp(kernel_module: Callable[[str], ModuleType]) -> None:
    """Each object has its own config constant, and one REGIST_MATMUL_OBJ lists both."""
    module = kernel_module(
        """
        @asc.jit
        def k(a: asc.GlobalAddress, c: asc.GlobalAddress, w: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            f16 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
            f32 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
            t0 = asc.adv.TCubeTiling(m=64)
            t1 = asc.adv.TCubeTiling(m=128)
            first = asc.adv.Matmul(f16, f16, f32)
            asc.adv.register_matmul(pipe, w, first, t0)
            second = asc.adv.Matmul(f16, f16, f32, matmul_config=asc.adv.get_mdl_config())
            asc.adv.register_matmul(pipe, w, second, t1)
            ga = asc.GlobalTensor(); ga.set_global_buffer(a)
            gc = asc.GlobalTensor(); gc.set_global_buffer(c)
            first.set_tensor_a(ga); first.set_tensor_b(ga); first.iterate_all(gc); first.end()
            second.set_tensor_a(ga); second.set_tensor_b(ga); second.iterate_all(gc); second.end()
        """
    )
    source = module.k.compile(MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.uint8)).source
    lines = [line.strip() for line in source.splitlines()]
    assert [line for line in lines if "REGIST_MATMUL_OBJ" in line] == [
        "REGIST_MATMUL_OBJ(&pipe, w, first, &t0, second, &t1);"
    ]
    declarations = [line.split()[-1] for line in lines if line.startswith("AscendC::Matmul<")]
    assert declarations == ["first;", "second;"]
    configs = [line for line in lines if line.startswith("constexpr static MatmulConfig")]
    assert configs == ["constexpr static MatmulConfig first_cfg = first_config();"]  # the second is CFG_MDL
    assert "CFG_MDL> second;" in source
    assert lines.index("REGIST_MATMUL_OBJ(&pipe, w, first, &t0, second, &t1);") < lines.index(
        "first.SetTensorA(ga, false);"
    )


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            "asc.adv.register_matmul(pipe, w, first)\n    first.iterate_all(gc)",
            "ValueError: Matmul first has no tiling: pass a tiling to register_matmul or call init(tiling) before "
            "iterate_all",
        ),
        (
            "asc.adv.register_matmul(pipe, w, first, t)\n    asc.adv.register_matmul(pipe, w, second, t)\n"
            "    first.set_org_shape(64, 64, 64)\n    second.iterate_all(gc)",
            "ValueError: end() must be called on Matmul first before calling iterate_all on Matmul second",
        ),
    ],
    ids=["no tiling", "switching objects without end"],
)
def test_object_rules(kernel_module: Callable[[str], ModuleType], body: str, message: str) -> None:
    module = kernel_module(
        f"""
@asc.jit
def k(c: asc.GlobalAddress, w: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    f16 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    f32 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    t = asc.adv.TCubeTiling(m=64)
    first = asc.adv.Matmul(f16, f16, f32)
    second = asc.adv.Matmul(f16, f16, f32)
    gc = asc.GlobalTensor(); gc.set_global_buffer(c)
    {body}
"""
    )
    with pytest.raises(asc.KernelError) as info:
        module.k.compile(MockTensor(asc.float32), MockTensor(asc.uint8))
    assert info.value.message == message
    assert info.value.location is not None
    assert info.value.location.line == len(Path(module.__file__).read_text().splitlines())


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The C++ of every case that compiles, for the CANN type-check (``ascx.testing.cann_kernels``)."""
    for name, case in sorted(CASES.items()):
        if not case.message:
            module = compile_case(lambda source: load_kernel_source(directory, source), case)
            yield name, module.k.compile(*ARGS).source


@pytest.mark.parametrize(
    ("layout", "config", "message"),
    [
        ("BSNGD", "asc.adv.get_mdl_config()", "BSNGD"),
        ("SBNGD", "asc.adv.MatmulConfig(do_norm=False, do_basic_block=True)", "SBNGD"),
        ("NORMAL", "asc.adv.get_mdl_config()", "NORMAL"),
        (
            "NORMAL",
            "asc.adv.MatmulConfig(do_norm=False, do_multi_data_load=True, batch_mode=asc.BatchMode.SINGLE_LARGE_THAN_L1)",
            "NORMAL",
        ),
        ("BSNGD", "asc.adv.MatmulConfig()", ""),
        ("NONE", "asc.adv.get_mdl_config()", ""),
    ],
    ids=["BSNGD with MDL", "SBNGD basic block", "NORMAL with MDL", "NORMAL single large", "BSNGD Norm", "no batch"],
)
def test_a_batch_layout_needs_the_norm_template(
    kernel_module: Callable[[str], ModuleType], layout: str, config: str, message: str
) -> None:
    """CANN's batch Matmul (A in a batch layout) has a scheduler for the Norm template only: any other
    config fails to compile in its headers, so it is an error at ``Matmul(...)``."""
    module = kernel_module(
        f"""
@asc.jit
def k(c: asc.GlobalAddress, w: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    f16 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, layout=asc.LayoutMode.{layout})
    f32 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, layout=asc.LayoutMode.{layout})
    mm = asc.adv.Matmul(f16, f16, f32, matmul_config={config})
    asc.adv.register_matmul(pipe, w, mm, asc.adv.TCubeTiling(m=64))
    mm.end()
"""
    )
    if not message:
        module.k.compile(MockTensor(asc.float32), MockTensor(asc.uint8))
        return
    with pytest.raises(asc.KernelError) as info:
        module.k.compile(MockTensor(asc.float32), MockTensor(asc.uint8))
    assert info.value.message == (
        f"ValueError: a Matmul with A in layout {message} is a batch Matmul, which only supports the Norm template"
    )
    assert info.value.location is not None
    assert info.value.location.line == len(Path(module.__file__).read_text().splitlines()) - 2
