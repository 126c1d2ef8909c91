"""pyasc 1.1.1's Matmul unit-test kernels (``python/test/unit/language/adv/test_matmul.py``), written
fresh for ascx: each compiles, and its Matmul calls are pyasc's, call for call (modulo variable names
and literal spelling), except where pyasc is wrong or ascx is stricter
(docs/matmul-protocol.md#checks-made-while-tracing).

Each difference is named next to the kernel:

- ``IterateBatch`` always gets all nine arguments (pyasc drops ``enPartialSum``/``enAtomic``).
- The static tiling is a ``constexpr static`` constant (pyasc: a non-constexpr local).
- Rules pyasc only documents (availability per kernel mode, the configuration, positions, the
  workspace, fetches and their iteration, batch layouts): the kernel is
  adjusted so that it obeys them (shown in a comment), and the calls are otherwise pyasc's.
- The default pipeline migrates ``AsyncGetTensorC`` to ``GetTensorC<false>`` (with a warning).

pyasc's calls were read from ``../shared/tools/pyasc-ref emit`` on the pyasc form of each kernel.
"""

from __future__ import annotations

import contextlib
import re
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

import ascx as asc
from ascx.runtime.jit import MockTensor
from ascx.testing import load_kernel_source

PRELUDE = """
GM = asc.TPosition.GM
ND = asc.CubeFormat.ND
F16 = asc.adv.MatmulType(position=GM, format=ND, dtype=asc.float16)
BATCH = asc.adv.MatmulType(position=GM, format=ND, dtype=asc.float16, layout=asc.LayoutMode.BSNGD)
"""

KERNELS: dict[str, tuple[str, tuple[object, ...], list[str]]] = {
    "init": (
        """
        @asc.jit
        def k(w: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            matmul = asc.adv.Matmul(F16, F16, F16)
            asc.adv.register_matmul(pipe, w, matmul)
        """,
        (MockTensor(asc.uint8),),
        ["REGIST_MATMUL_OBJ(&pipe, w, matmul);"],
    ),
    "end": (
        """
        @asc.jit
        def k(w: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            matmul = asc.adv.Matmul(F16, F16, F16)
            asc.adv.register_matmul(pipe, w, matmul)
            matmul.end()
        """,
        (MockTensor(asc.uint8),),
        ["REGIST_MATMUL_OBJ(&pipe, w, matmul);", "matmul.End();"],
    ),
    "get_tensor_c": (
        # get_tensor_c is driven by an iterate on the same object; computing needs a tiling.
        """
        @asc.jit
        def k(c_addr: asc.GlobalAddress, w: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            c = asc.adv.MatmulType(position=GM, format=asc.CubeFormat.NZ, dtype=asc.float16)
            matmul = asc.adv.Matmul(F16, F16, c)
            tiling = asc.adv.TCubeTiling(m=512)
            asc.adv.register_matmul(pipe, w, matmul, tiling)
            x_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
            c_global = asc.GlobalTensor()
            c_global.set_global_buffer(c_addr)
            with matmul.iterate() as count:
                matmul.get_tensor_c(tensor=x_local)
                matmul.get_tensor_c(tensor=c_global, optional_tensor=x_local)
        """,
        (MockTensor(asc.float16), MockTensor(asc.uint8)),
        [
            "REGIST_MATMUL_OBJ(&pipe, w, matmul, &tiling);",
            "bool v = matmul.Iterate<true>(false);",
            "matmul.GetTensorC<true>(x_local, 0, false);",
            "matmul.GetTensorC<true>(c_global, x_local, 0, false);",
        ],
    ),
    "get_batch_tensor_c": (
        # is_n_batch, batch layouts, set_workspace, an async iterate_n_batch first, a tiling.
        """
        @asc.jit
        def k(ws: asc.GlobalAddress, w: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            matmul = asc.adv.Matmul(BATCH, BATCH, BATCH, matmul_config=asc.adv.MatmulConfig(is_n_batch=True))
            tiling = asc.adv.TCubeTiling(m=512)
            asc.adv.register_matmul(pipe, w, matmul, tiling)
            x_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
            matmul.set_workspace(ws, 1024)
            matmul.iterate_n_batch(2, 2, 2, False, sync=False)
            matmul.get_batch_tensor_c(x_local, 2, 2, sync=False)
            g = matmul.get_batch_tensor_c(2, 2, False, False)
        """,
        (MockTensor(asc.uint8), MockTensor(asc.uint8)),
        [
            "REGIST_MATMUL_OBJ(&pipe, w, matmul, &tiling);",
            "matmul.SetWorkspace(ws, 1024);",
            "matmul.IterateNBatch<false, false>(2, 2, 2, false, 0, 0, 0);",
            "matmul.GetBatchTensorC<false>(x_local, 2, 2, false);",
            "AscendC::GlobalTensor<half> g = matmul.GetBatchTensorC<false>(2, 2, false);",
        ],
    ),
    "initialize": (
        """
        @asc.jit
        def k(w: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            matmul = asc.adv.Matmul(F16, F16, F16)
            asc.adv.register_matmul(pipe, w, matmul)
            tiling = asc.adv.TCubeTiling(used_core_num=24, m=512, k_a=512, k_b=512, n=512, base_m=64, base_k=64,
                                         base_n=64, single_core_m=256, single_core_k=256, single_core_n=256,
                                         depth_a1=1, depth_b1=1, step_m=1, step_n=1, share_mode=0, share_ub_size=0,
                                         share_l1_size=asc.property(asc.TOTAL_L1_SIZE),
                                         share_l0c_size=asc.property(asc.TOTAL_L0C_SIZE))
            matmul.init(tiling)
        """,
        (MockTensor(asc.uint8),),
        ["REGIST_MATMUL_OBJ(&pipe, w, matmul);", "matmul.Init(&tiling);"],
    ),
    "set_self_define_data and set_user_def_info": (
        """
        @asc.jit
        def k(a: asc.GlobalAddress, w: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            matmul = asc.adv.Matmul(F16, F16, F16)
            asc.adv.register_matmul(pipe, w, matmul)
            tiling = asc.adv.TCubeTiling(used_core_num=24, m=512)
            matmul.init(tiling)
            matmul.set_self_define_data(a)
            matmul.set_user_def_info(a)
        """,
        (MockTensor(asc.float16), MockTensor(asc.uint8)),
        [
            "REGIST_MATMUL_OBJ(&pipe, w, matmul);",
            "matmul.Init(&tiling);",
            "matmul.SetSelfDefineData(reinterpret_cast<uint64_t>(a));",
            "matmul.SetUserDefInfo(reinterpret_cast<uint64_t>(a));",
        ],
    ),
    "get_matmul_api_tiling": (
        # A constexpr static constant, usable as a template argument.
        """
        @asc.jit
        def k(w: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            matmul = asc.adv.Matmul(F16, F16, F16)
            asc.adv.register_matmul(pipe, w, matmul)
            mm_cfg = asc.adv.MatmulConfig(do_norm=False, iterate_mode=asc.IterateMode.ITERATE_MODE_DEFAULT,
                                          single_core_mn=0, schedule_type=asc.ScheduleType.INNER_PRODUCT)
            static = asc.adv.get_matmul_api_tiling(mm_cfg=mm_cfg, l1_size=524288, a_type=F16, b_type=F16,
                                                   c_type=F16, bias_type=F16)
        """,
        (MockTensor(asc.uint8),),
        [
            "REGIST_MATMUL_OBJ(&pipe, w, matmul);",
            "constexpr static MatmulApiStaticTiling static_1 = AscendC::GetMatmulApiTiling<"
            "AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, "
            "AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, "
            "AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half, false, LayoutMode::NONE>, "
            "AscendC::MatmulType<AscendC::TPosition::GM, CubeFormat::ND, half>>(static_1_cfg, 524288);",
        ],
    ),
    "iterate": (
        # A LocalTensor bias needs a non-GM bias MatmulType. pyasc's set_tensor_a(8) and set_tensor_b(8) are
        # left out: a scalar A needs A in CubeFormat.SCALAR (this A is ND), and CANN refuses a scalar B.
        """
        @asc.jit
        def k(a: asc.GlobalAddress, b: asc.GlobalAddress, workspace: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            bias = asc.adv.MatmulType(position=asc.TPosition.VECIN, format=ND, dtype=asc.float16)
            matmul = asc.adv.Matmul(F16, F16, F16, bias)
            asc.adv.register_matmul(pipe, workspace, matmul)
            tiling = asc.adv.TCubeTiling(used_core_num=24, m=512)
            matmul.init(tiling)
            a_global = asc.GlobalTensor()
            b_global = asc.GlobalTensor()
            a_global.set_global_buffer(a)
            b_global.set_global_buffer(b)
            matmul.set_tensor_a(a_global)
            matmul.set_tensor_b(b_global)
            bias_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
            matmul.set_bias(bias_local)
            matmul.disable_bias()
            with matmul.iterate() as count:
                pass
            matmul.end()
        """,
        (MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.uint8)),
        [
            "REGIST_MATMUL_OBJ(&pipe, workspace, matmul);",
            "matmul.Init(&tiling);",
            "matmul.SetTensorA(a_global, false);",
            "matmul.SetTensorB(b_global, false);",
            "matmul.SetBias(bias_local);",
            "matmul.DisableBias();",
            "bool v = matmul.Iterate<true>(false);",
            "matmul.End();",
        ],
    ),
    "iterate_all": (
        # The LocalTensor iterate_all of pyasc's kernel needs C in L1: see "iterate_all to L1".
        """
        @asc.jit
        def k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
              quant_vector: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            matmul = asc.adv.Matmul(F16, F16, F16)
            asc.adv.register_matmul(pipe, workspace, matmul)
            tiling = asc.adv.TCubeTiling(used_core_num=24, m=512)
            matmul.init(tiling)
            a_global = asc.GlobalTensor()
            b_global = asc.GlobalTensor()
            c_global = asc.GlobalTensor()
            quant_global = asc.GlobalTensor()
            a_global.set_global_buffer(a)
            b_global.set_global_buffer(b)
            c_global.set_global_buffer(c)
            quant_global.set_global_buffer(quant_vector)
            matmul.set_tensor_a(a_global)
            matmul.set_tensor_b(b_global)
            matmul.set_quant_scalar(2)
            matmul.set_quant_vector(quant_global)
            matmul.set_org_shape(512, 512, 512)
            matmul.set_org_shape(512, 512, 512, 512)
            matmul.set_org_shape(512, 512, 512, 512, 512)
            matmul.set_single_shape(256, 256, 256)
            matmul.iterate_all(c_global, en_atomic=0, en_sequential_write=False, wait_iterate_all=True,
                               fake_msg=False, sync=False)
            matmul.wait_iterate_all()
            matmul.end()
        """,
        (MockTensor(asc.float16),) * 3 + (MockTensor(asc.uint8), MockTensor(asc.uint64)),
        [
            "REGIST_MATMUL_OBJ(&pipe, workspace, matmul);",
            "matmul.Init(&tiling);",
            "matmul.SetTensorA(a_global, false);",
            "matmul.SetTensorB(b_global, false);",
            "matmul.SetQuantScalar(2);",
            "matmul.SetQuantVector(quant_global);",
            "matmul.SetOrgShape(512, 512, 512);",
            "matmul.SetOrgShape(512, 512, 512, 512);",
            "matmul.SetOrgShape(512, 512, 512, 512, 512);",
            "matmul.SetSingleShape(256, 256, 256);",
            "matmul.IterateAll<false>(c_global, 0, false, true, false);",
            "matmul.WaitIterateAll();",
            "matmul.End();",
        ],
    ),
    "iterate_all to L1": (
        """
        @asc.jit
        def k(workspace: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            c1 = asc.adv.MatmulType(position=asc.TPosition.C1, format=ND, dtype=asc.float16)
            matmul = asc.adv.Matmul(F16, F16, c1)
            tiling = asc.adv.TCubeTiling(m=512)
            asc.adv.register_matmul(pipe, workspace, matmul, tiling)
            ub_matrix = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.C1, addr=0, tile_size=512)
            matmul.iterate_all(ub_matrix)
            matmul.end()
        """,
        (MockTensor(asc.uint8),),
        [
            "REGIST_MATMUL_OBJ(&pipe, workspace, matmul, &tiling);",
            "matmul.IterateAll<true>(ub_matrix, 0);",
            "matmul.End();",
        ],
    ),
    "iterate_batch": (
        # Batch layouts; all nine arguments.
        """
        @asc.jit
        def k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            matmul = asc.adv.Matmul(BATCH, BATCH, F16)
            asc.adv.register_matmul(pipe, workspace, matmul)
            tiling = asc.adv.TCubeTiling(used_core_num=24, m=512)
            matmul.init(tiling)
            a_global = asc.GlobalTensor()
            b_global = asc.GlobalTensor()
            c_global = asc.GlobalTensor()
            a_global.set_global_buffer(a)
            b_global.set_global_buffer(b)
            c_global.set_global_buffer(c)
            matmul.set_tensor_a(a_global)
            matmul.set_tensor_b(b_global)
            matmul.iterate_batch(c_global, 2, 2, en_sequential_write=False, matrix_stride_a=0, matrix_stride_b=0,
                                 matrix_stride_c=0, sync=False, wait_iterate_batch=True)
            matmul.wait_iterate_batch()
            matmul.end()
        """,
        (MockTensor(asc.float16),) * 3 + (MockTensor(asc.uint8),),
        [
            "REGIST_MATMUL_OBJ(&pipe, workspace, matmul);",
            "matmul.Init(&tiling);",
            "matmul.SetTensorA(a_global, false);",
            "matmul.SetTensorB(b_global, false);",
            "matmul.IterateBatch<false, true>(c_global, 2, 2, false, 0, 0, 0, false, 0);",
            "matmul.WaitIterateBatch();",
            "matmul.End();",
        ],
    ),
    "iterate_n_batch": (
        # set_hf32 is cube-only (pyasc drops the calls); is_n_batch; set_workspace
        # before iterate_n_batch; the workspace GlobalTensor gets a size (pyasc's has none, and CANN's
        # SetWorkspace asserts GetSize() > 0).  wait_get_tensor_c/async_get_tensor_c: see "async_get_tensor_c".
        """
        @asc.jit
        def k(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            b_type = asc.adv.MatmulType(position=GM, format=ND, dtype=asc.float16, is_trans=True,
                                        layout=asc.LayoutMode.BSNGD)
            matmul = asc.adv.Matmul(BATCH, b_type, BATCH, matmul_config=asc.adv.MatmulConfig(is_n_batch=True))
            asc.adv.register_matmul(pipe, workspace, matmul)
            tiling = asc.adv.TCubeTiling(used_core_num=24, m=512)
            matmul.init(tiling)
            a_global = asc.GlobalTensor()
            b_global = asc.GlobalTensor()
            a_global.set_global_buffer(a)
            b_global.set_global_buffer(b)
            matmul.set_tensor_a(a_global)
            matmul.set_tensor_b(b_global)
            matmul.set_tail(31, 15, 7)
            matmul.set_workspace(workspace, 1024)
            workspace_global = asc.GlobalTensor()
            workspace_global.set_global_buffer(workspace, 1024)
            matmul.set_workspace(workspace_global)
            matmul.iterate_n_batch(64, 64, 64, False)
            matmul.iterate_n_batch(64, 64, 64, False, 1, 1)
            matmul.iterate_n_batch(64, 64, 64, False, 1, 1, 1, False, True)
            matmul.wait_iterate_batch()
            matmul.end()
        """,
        (MockTensor(asc.float16),) * 3 + (MockTensor(asc.uint8),),
        [
            "REGIST_MATMUL_OBJ(&pipe, workspace, matmul);",
            "matmul.Init(&tiling);",
            "matmul.SetTensorA(a_global, false);",
            "matmul.SetTensorB(b_global, false);",
            "matmul.SetTail(31, 15, 7);",
            "matmul.SetWorkspace(workspace, 1024);",
            "matmul.SetWorkspace(workspace_global);",
            "matmul.IterateNBatch<true, false>(64, 64, 64, false, 0, 0, 0);",
            "matmul.IterateNBatch<true, false>(64, 64, 64, false, 1, 1, 0);",
            "matmul.IterateNBatch<false, true>(64, 64, 64, false, 1, 1, 1);",
            "matmul.WaitIterateBatch();",
            "matmul.End();",
        ],
    ),
    "async_get_tensor_c": (
        # Driven by an asynchronous iterate, which needs C in UB and a workspace.
        """
        @asc.jit
        def k(workspace: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            c = asc.adv.MatmulType(position=asc.TPosition.VECIN, format=ND, dtype=asc.float16)
            matmul = asc.adv.Matmul(F16, F16, c)
            tiling = asc.adv.TCubeTiling(m=512)
            asc.adv.register_matmul(pipe, workspace, matmul, tiling)
            matmul.set_workspace(workspace, 1024)
            matmul.iterate(sync=False)
            x_local = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
            matmul.async_get_tensor_c(c=x_local)
            matmul.wait_get_tensor_c()
            matmul.end()
        """,
        (MockTensor(asc.uint8),),
        [
            "REGIST_MATMUL_OBJ(&pipe, workspace, matmul, &tiling);",
            "matmul.SetWorkspace(workspace, 1024);",
            "matmul.Iterate<false>(false);",
            "matmul.GetTensorC<false>(x_local, 0, false);",
            "matmul.WaitGetTensorC();",
            "matmul.End();",
        ],
    ),
    "cube_only": (
        # set_sparse_index needs an MDL config.
        """
        @asc.jit(matmul_cube_only=True)
        def k(x_gm: asc.GlobalAddress, w: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            matmul = asc.adv.Matmul(BATCH, BATCH, BATCH, matmul_config=asc.adv.get_mdl_config())
            asc.adv.register_matmul(pipe, w, matmul)
            x = asc.GlobalTensor()
            x.set_global_buffer(x_gm)
            matmul.set_sparse_index(x)
            matmul.set_batch_num(2, 2)
        """,
        (MockTensor(asc.uint8), MockTensor(asc.uint8)),
        ["REGIST_MATMUL_OBJ(&pipe, w, matmul);", "matmul.SetSparseIndex(x);", "matmul.SetBatchNum(2, 2);"],
    ),
    "get_config": (
        # Configs that feed no Matmul emit nothing, in pyasc and in ascx.
        """
        @asc.jit
        def k(w: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            matmul = asc.adv.Matmul(F16, F16, F16)
            asc.adv.register_matmul(pipe, w, matmul)
            config_mode = asc.MatmulConfigMode.CONFIG_NORM
            shape_params = asc.adv.MatmulShapeParams(128, 128, 128, 64, 64, 64)
            quant_params = asc.adv.MatmulQuantParams(False, False)
            batch_params = asc.adv.MatmulBatchParams(False)
            func_params = asc.adv.MatmulFuncParams(False, True)
            asc.adv.QuantConfig(512, 64, 2, 1024)
            asc.adv.get_mm_config(config_mode, shape_params, quant_params, batch_params, func_params)
            asc.adv.get_special_basic_config(256, 256, 256, 16, 16, 16, 2, 2)
            asc.adv.get_normal_config()
            asc.adv.get_mdl_config()
            asc.adv.get_special_mdl_config()
            asc.adv.get_ib_share_norm_config()
            asc.adv.get_mm_config()
        """,
        (MockTensor(asc.uint8),),
        ["REGIST_MATMUL_OBJ(&pipe, w, matmul);"],
    ),
}

_CALL = re.compile(r"\bmatmul\.[A-Z]|REGIST_MATMUL_OBJ|GetMatmulApiTiling")


def matmul_calls(source: str) -> list[str]:
    """The statements of the kernel that call the Matmul API, stripped."""
    return [line.strip() for line in source.splitlines() if _CALL.search(line)]


def unchecked(body: str) -> str:
    """The kernel ``body`` compiled without the sync passes."""
    text = textwrap.dedent(body).replace("@asc.jit\n", "@asc.jit()\n")
    return text.replace("@asc.jit(", "@asc.jit(verify_sync=False, insert_sync=False, ")


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_pyasc_unit_kernel(kernel_module: Callable[[str], ModuleType], name: str) -> None:
    """pyasc's unit kernels exercise call shapes, not the async protocol (several never call end() or
    fetch a block), so they compile unchecked, as pyasc compiles them."""
    body, args, calls = KERNELS[name]
    module = kernel_module(PRELUDE + unchecked(body))
    migrated = pytest.warns(asc.AscxWarning, match="async_get_tensor_c is deprecated")
    with pytest.warns(asc.AscxWarning, match=r"verify_sync=False: this kernel's synchronization is not verified"):
        with migrated if name == "async_get_tensor_c" else contextlib.nullcontext():
            compiled = module.k.compile(*args)
    assert matmul_calls(compiled.source) == calls


def test_unused_configs_run_on_the_host_too() -> None:
    """The config helpers and params classes are pure values."""
    config = asc.adv.get_mm_config(asc.MatmulConfigMode.CONFIG_MDL, asc.adv.MatmulShapeParams(128, 128, 128))
    assert (config.do_norm, config.do_multi_data_load, config.single_core_m) == (False, True, 128)


def cann_check_kernels(directory: Path) -> Iterator[tuple[str, str]]:
    """The C++ of every kernel above, for the CANN type-check (``ascx.testing.cann_kernels``)."""
    for name, (body, args, _) in sorted(KERNELS.items()):
        module = load_kernel_source(directory, PRELUDE + unchecked(body))
        yield name, module.k.compile(*args).source
