"""The Matmul idioms of CANN's samples and Huawei's operators that ascx used to reject (issue 24 idioms 1, 2, 7
and 8, issue 31 point 5): each compiles with verification on, without an error, runs on the emulation and
matches numpy; the warnings they get are compared exactly (docs/rules/matmul.md, docs/matmul-protocol.md).

Inputs are small integers, so every product and sum is exact in fp32."""

from __future__ import annotations

import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import ascx as asc
from ascx.testing import line_of, without_excerpts
from ascx.testing.tilings import ONE_BLOCK_L1_PLAN, system_workspace

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite

RNG = np.random.default_rng(24)

KERNELS = """
GM, ND = asc.TPosition.GM, asc.CubeFormat.ND


@asc.jit
def fetch_loop(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
               sys_workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling) -> None:
    \"\"\"CANN's matmul_async_iterate: one Iterate<false>, then singleCoreM / baseM * singleCoreN / baseN
    GetTensorC<false>, a trip count computed from the tiling at run time.\"\"\"
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(asc.TPosition.VECIN, ND, asc.float32))
    asc.adv.register_matmul(pipe, sys_workspace, mm, tiling)
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    wg = asc.GlobalTensor()
    # each AIV of the MIX block has a workspace of its own (SetWorkspace asserts a size): the AIC fills it for
    # one AIV's Iterate<false> while the other fetches from its own
    part = tiling.single_core_m * tiling.single_core_n
    wg.set_global_buffer(ws + asc.get_sub_block_idx() * part, part)
    block = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 16 * 32)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.set_workspace(wg)
    m_iter = tiling.single_core_m // tiling.base_m
    n_iter = tiling.single_core_n // tiling.base_n
    mm.iterate(sync=False)
    for i in range(m_iter * n_iter):
        mm.get_tensor_c(block, sync=False)
        mm.wait_get_tensor_c()
        asc.data_copy(cg[i * 16 * 32:], block, 16 * 32)
    mm.end()


@asc.jit
def iterate_all_loop(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                     sys_workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, n: int) -> None:
    \"\"\"n IterateAll<false> into consecutive slices of C, one WaitIterateAll after the loop.\"\"\"
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(GM, ND, asc.float32))
    asc.adv.register_matmul(pipe, sys_workspace, mm, tiling)
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    s = tiling.single_core_m * tiling.single_core_n
    for i in range(n):
        mm.set_tensor_a(ag)  # each IterateAll posts a message, which clears the client's isFirstIter; CANN
        mm.set_tensor_b(bg)  # asserts it at the next one
        mm.iterate_all(cg[i * s:], sync=False, wait_iterate_all=True)
    mm.wait_iterate_all()
    mm.end()


@asc.jit
def per_batch(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
              sys_workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling, batch: int) -> None:
    \"\"\"Huawei's per-batch loop: the inputs, Iterate<false>, the blocks, End(), and the same object again.\"\"\"
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(asc.TPosition.VECIN, ND, asc.float32))
    asc.adv.register_matmul(pipe, sys_workspace, mm, tiling)
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    wg = asc.GlobalTensor()
    # each AIV of the MIX block has a workspace of its own (SetWorkspace asserts a size): the AIC fills it for
    # one AIV's Iterate<false> while the other fetches from its own
    part = tiling.single_core_m * tiling.single_core_n
    wg.set_global_buffer(ws + asc.get_sub_block_idx() * part, part)
    block = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 16 * 32)
    blocks = tiling.single_core_m // tiling.base_m
    for bi in range(batch):
        mm.set_tensor_a(ag[bi * 32 * 16:])
        mm.set_tensor_b(bg)
        mm.set_workspace(wg)
        mm.iterate(sync=False)
        for i in range(blocks):
            mm.get_tensor_c(block, sync=False)
            mm.wait_get_tensor_c()
            asc.data_copy(cg[(bi * blocks + i) * 16 * 32:], block, 16 * 32)
        mm.end()
        # the next Iterate<false> refills the workspace the fetches read by MTE2 (the dynamic checker's WAR)
        asc.pipe_barrier(asc.PipeID.PIPE_ALL)


@asc.jit
def queue_hand_off(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress,
                   sys_workspace: asc.GlobalAddress, tiling: asc.adv.TCubeTiling) -> None:
    \"\"\"GetTensorC<false> into a VECIN queue tensor, EnQue / DeQue, Abs on the vector unit, out through VECOUT.\"\"\"
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(asc.TPosition.VECIN, ND, asc.float32))
    asc.adv.register_matmul(pipe, sys_workspace, mm, tiling)
    in_q = asc.TQue(asc.TPosition.VECIN, 1)
    out_q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=in_q, num=1, len=16 * 32 * 4)
    pipe.init_buffer(que=out_q, num=1, len=16 * 32 * 4)
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    wg = asc.GlobalTensor()
    # each AIV of the MIX block has a workspace of its own (SetWorkspace asserts a size): the AIC fills it for
    # one AIV's Iterate<false> while the other fetches from its own
    part = tiling.single_core_m * tiling.single_core_n
    wg.set_global_buffer(ws + asc.get_sub_block_idx() * part, part)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.set_workspace(wg)
    mm.iterate(sync=False)
    for i in range(2):
        x = in_q.alloc_tensor(asc.float32)
        mm.get_tensor_c(x, sync=False)
        in_q.enque(x)
        x = in_q.deque(asc.float32)
        y = out_q.alloc_tensor(asc.float32)
        asc.abs(y, x, 16 * 32)
        out_q.enque(y)
        in_q.free_tensor(x)
        y = out_q.deque(asc.float32)
        asc.data_copy(cg[i * 16 * 32:], y, 16 * 32)
        out_q.free_tensor(y)
    mm.end()


@asc.jit
def registered_late(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress,
                    tiling: asc.adv.TCubeTiling) -> None:
    \"\"\"pyasc's tutorial 05 order with the system workspace: init_buffer, then the registration.\"\"\"
    pipe = asc.TPipe()
    out_q = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(que=out_q, num=1, len=1024)
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(GM, ND, asc.float32))
    asc.adv.register_matmul(pipe, asc.get_sys_workspace(), mm, tiling)
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.iterate_all(cg)
    mm.end()


@asc.jit
def early_return(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, sys_workspace: asc.GlobalAddress,
                 tiling: asc.adv.TCubeTiling, rows: int) -> None:
    \"\"\"Huawei's GEMV order: return early when there is nothing to do, then create and register.\"\"\"
    if rows <= 0:
        return
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(GM, ND, asc.float32))
    asc.adv.register_matmul(pipe, sys_workspace, mm, tiling)
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    mm.iterate_all(cg)
    mm.end()
"""


@pytest.fixture(scope="module")
def kernels(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    from ascx.testing import load_kernel_source

    return load_kernel_source(tmp_path_factory.mktemp("matmul_idioms"), KERNELS)


def small_ints(shape: tuple[int, ...]) -> np.ndarray:
    return RNG.integers(-4, 5, shape).astype(np.float16)


def product(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a.astype(np.float32) @ b.astype(np.float32)


def tiling(m: int, n: int, k: int, base_m: int, base_n: int) -> Any:
    return asc.adv.TCubeTiling(
        used_core_num=1, m=m, n=n, k_a=k, k_b=k, single_core_m=m, single_core_n=n, single_core_k=k,
        base_m=base_m, base_n=base_n, base_k=16, **ONE_BLOCK_L1_PLAN,
    )  # fmt: skip


def sys_workspace() -> np.ndarray:
    return system_workspace()


def warnings_in(record: list[warnings.WarningMessage], module: ModuleType) -> list[str]:
    return [
        f"{Path(w.filename).name}:{w.lineno}: " + "\n".join(without_excerpts(str(w.message)))
        for w in record
        if Path(w.filename) == Path(module.__file__ or "")
    ]


def test_fetch_loop_with_a_tiling_trip_count(kernels: ModuleType) -> None:
    """Idiom 1: three 16x32 blocks fetched by a loop over singleCoreM / baseM * singleCoreN / baseN; silent
    (the zero-trip path, where no block is fetched, is accepted: the count comes from the tiling)."""
    m, n, k = 48, 32, 32
    a, b = small_ints((m, k)), small_ints((k, n))
    c = np.full((m, n), np.nan, np.float32)
    kernels.fetch_loop[1](a, b, c, np.zeros(2 * m * n, np.float32), sys_workspace(), tiling(m, n, k, 16, 32))
    np.testing.assert_array_equal(c, product(a, b))


def test_iterate_all_in_a_loop_with_one_wait_after_it(kernels: ModuleType) -> None:
    """Idiom 1, IterateAll: the restart waits for the previous call (MM-7, inserted) and the wait after the loop
    is guarded by its trip test (MM-4, a warning: ``n`` is a kernel argument)."""
    m, n, k = 16, 32, 32
    a, b = small_ints((m, k)), small_ints((k, n))
    c = np.full((1, m, n), np.nan, np.float32)
    with pytest.warns(asc.AscxWarning) as record:
        compiled = kernels.iterate_all_loop.compile(*_mock(a, b, c, sys_workspace()), tiling(m, n, k, 16, 32), 1)
    loop = line_of(kernels, "for i in range(n):")
    name = Path(kernels.__file__ or "").name
    assert warnings_in(record.list, kernels) == [
        f"{name}:{loop + 3}: asynchronous `mm.iterate_all(sync=False)` is not completed before the object starts "
        f"new asynchronous work; ascx inserted `mm.wait_iterate_all()` before line {loop + 1} (`mm.set_tensor_a(ag)`), "
        "guarded to run only where the work is pending [MM-7]",
        f"{name}:{loop + 4}: `mm.wait_iterate_all()` would wait forever when this loop runs zero times; ascx "
        "guarded it with the loop's trip test [MM-4]\n"
        f"{kernels.__file__}:{loop}:14: note: the loop that starts the work it waits for; its trip count is a "
        "runtime value",
    ]
    lines = [line.strip() for line in compiled.source.splitlines()]
    guard = lines.index("bool v_3 = 0 < n;")
    assert lines[guard : guard + 5] == ["bool v_3 = 0 < n;", "if (v_3) {", "mm.WaitIterateAll();", "}", "mm.End();"]


@pytest.mark.filterwarnings("ignore:`mm.wait_iterate_all\\(\\)` would wait forever")
@pytest.mark.filterwarnings("ignore:asynchronous `mm.iterate_all\\(sync=False\\)` is not completed")
@pytest.mark.parametrize("count", [1, 3])
def test_iterate_all_loop_matches_numpy(kernels: ModuleType, count: int) -> None:
    m, n, k = 16, 32, 32
    a, b = small_ints((m, k)), small_ints((k, n))
    c = np.full((count, m, n), np.nan, np.float32)
    kernels.iterate_all_loop[1](a, b, c, sys_workspace(), tiling(m, n, k, 16, 32), count)
    np.testing.assert_array_equal(c, np.broadcast_to(product(a, b), c.shape))


@pytest.mark.filterwarnings("ignore:`mm.wait_iterate_all\\(\\)` would wait forever")
@pytest.mark.filterwarnings("ignore:asynchronous `mm.iterate_all\\(sync=False\\)` is not completed")
def test_iterate_all_loop_that_runs_zero_times_returns(kernels: ModuleType) -> None:
    """With n = 0 the guarded wait is skipped: the kernel returns (an unguarded one would wait forever)."""
    m, n, k = 16, 32, 32
    a, b = small_ints((m, k)), small_ints((k, n))
    c = np.full((1, m, n), np.nan, np.float32)
    kernels.iterate_all_loop[1](a, b, c, sys_workspace(), tiling(m, n, k, 16, 32), 0)
    assert np.isnan(c).all()


def test_a_matmul_used_again_after_end(kernels: ModuleType) -> None:
    """Idiom 2: Iterate<false> again after End() (which posts nothing after an asynchronous computation), per
    batch; no diagnostic."""
    m, n, k, batch = 32, 32, 16, 3
    a, b = small_ints((batch, m, k)), small_ints((k, n))
    c = np.full((batch, m, n), np.nan, np.float32)
    kernels.per_batch[1](a, b, c, np.zeros(2 * m * n, np.float32), sys_workspace(), tiling(m, n, k, 16, 32), batch)
    np.testing.assert_array_equal(c, np.stack([product(a[i], b) for i in range(batch)]))


def test_queue_hand_off_after_an_asynchronous_fetch(kernels: ModuleType) -> None:
    """Idiom 7: the VECIN queue's EnQue / DeQue orders the fetched block before Abs; no wait_get_tensor_c is
    inserted and nothing is reported."""
    m, n, k = 32, 32, 16
    a, b = small_ints((m, k)), small_ints((k, n))
    c = np.full((m, n), np.nan, np.float32)
    args = (a, b, c, np.zeros(2 * m * n, np.float32), sys_workspace())
    compiled = kernels.queue_hand_off.compile(*_mock(*args), tiling(m, n, k, 16, 32))
    assert "WaitGetTensorC" not in compiled.source
    kernels.queue_hand_off[1](*args, tiling(m, n, k, 16, 32))
    np.testing.assert_array_equal(c, np.abs(product(a, b)))


def test_registration_after_init_buffer_with_the_system_workspace(kernels: ModuleType) -> None:
    """Idiom 8: moved before init_buffer (with GetSysWorkSpacePtr()), with a warning that cites CANN's rule."""
    m, n, k = 16, 32, 16
    a, b = small_ints((m, k)), small_ints((k, n))
    c = np.full((m, n), np.nan, np.float32)
    name = Path(kernels.__file__ or "").name
    with pytest.warns(asc.AscxWarning) as record:
        kernels.registered_late[1](a, b, c, tiling(m, n, k, 16, 32))
    init = line_of(kernels, "pipe.init_buffer(que=out_q, num=1, len=1024)")
    assert warnings_in(record.list, kernels) == [
        f"{name}:{init + 3}: register_matmul comes after pipe.init_buffer ({name}:{init}); CANN's REGIST_MATMUL_OBJ "
        "must precede the first InitBuffer of its pipe in separated (MIX) mode, so ascx moved the registration "
        "before it"
    ]
    np.testing.assert_array_equal(c, product(a, b))


@pytest.mark.parametrize("rows", [0, 16])
def test_registration_after_an_early_return(kernels: ModuleType, rows: int) -> None:
    """Issue 31 point 5: the registration in the rest of the kernel after an early return."""
    m, n, k = 16, 32, 16
    a, b = small_ints((m, k)), small_ints((k, n))
    c = np.full((m, n), np.nan, np.float32)
    kernels.early_return[1](a, b, c, sys_workspace(), tiling(m, n, k, 16, 32), rows)
    if rows:
        np.testing.assert_array_equal(c, product(a, b))
    else:
        assert np.isnan(c).all()


def _mock(*arrays: np.ndarray) -> tuple[Any, ...]:
    from ascx.runtime.jit import MockTensor

    return tuple(MockTensor(asc.float16 if x.dtype == np.float16 else asc.float32 if x.dtype == np.float32
                            else asc.uint8) for x in arrays)  # fmt: skip


REUSE = """
GM, ND = asc.TPosition.GM, asc.CubeFormat.ND


@asc.jit(insert_sync=False, verify_sync=False)
def reuse(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, sys_workspace: asc.GlobalAddress,
          tiling: asc.adv.TCubeTiling, sync: asc.ConstExpr[bool]) -> None:
    pipe = asc.TPipe()
    mm = asc.adv.Matmul(asc.adv.MatmulType(GM, ND, asc.float16), asc.adv.MatmulType(GM, ND, asc.float16),
                        asc.adv.MatmulType(GM, ND, asc.float32))
    asc.adv.register_matmul(pipe, sys_workspace, mm, tiling)
    ag = asc.GlobalTensor()
    ag.set_global_buffer(a)
    bg = asc.GlobalTensor()
    bg.set_global_buffer(b)
    cg = asc.GlobalTensor()
    cg.set_global_buffer(c)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
    if sync:
        mm.iterate_all(cg)
    else:
        mm.iterate_all(cg, sync=False, wait_iterate_all=True)
        mm.wait_iterate_all()
    mm.end()
    if not sync:  # the object is used again: the first IterateAll's message cleared the client's isFirstIter,
        mm.set_tensor_a(ag)  # which CANN asserts at the next one
        mm.set_tensor_b(bg)
    mm.iterate_all(cg)
    mm.end()
"""


@pytest.mark.filterwarnings("ignore:verify_sync=False")
@pytest.mark.parametrize("sync", [False, True])
def test_the_emulation_releases_the_object_at_an_end_after_a_synchronous_call(tmp_path: Path, sync: bool) -> None:
    """The dynamic side of MM-13: after an End() that follows a synchronous computation the emulation refuses
    the next use, as CANN's AIC has destroyed the object; after an asynchronous one it computes again."""
    from ascx.emu.launch import EmulationError
    from ascx.testing import load_kernel_source

    module = load_kernel_source(tmp_path, REUSE)
    m, n, k = 16, 32, 16
    a, b = small_ints((m, k)), small_ints((k, n))
    c = np.full((m, n), np.nan, np.float32)
    if not sync:
        module.reuse[1](a, b, c, sys_workspace(), tiling(m, n, k, 16, 32), sync)
        np.testing.assert_array_equal(c, product(a, b))
        return
    with pytest.raises(EmulationError) as caught:
        module.reuse[1](a, b, c, sys_workspace(), tiling(m, n, k, 16, 32), sync)
    assert caught.value.message.endswith(
        "Matmul 'mm': IterateAll<true>: the object is used after End() released it (End() after a synchronous "
        "computation posts MMFUN_END and the AIC destroys the object's buffers; only Init() makes it usable again)"
    )
    location = caught.value.location
    lines = Path(module.__file__ or "").read_text().splitlines()
    after_end = max(i for i, line in enumerate(lines, 1) if line.strip() == "mm.iterate_all(cg)")
    assert location is not None
    assert location.line == after_end
