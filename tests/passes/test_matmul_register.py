"""Where the one ``REGIST_MATMUL_OBJ`` of a kernel goes (docs/matmul-protocol.md#registration): before the first
``InitBuffer`` on its pipe and before the first Matmul call, with the objects' constructions; an
error when that is impossible."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

import ascx as asc
from ascx.runtime.jit import MockTensor, MockValue
from ascx.testing import line_of

PRELUDE = """
@asc.jit
def k(a: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress, n: int) -> None:
    pipe = asc.TPipe()
    A = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    C = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
{body}
"""
ARGS = (MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.uint8), MockValue(asc.int32))


def _compile(load: Callable[[str], ModuleType], body: str) -> tuple[ModuleType, str]:
    lines = "\n".join("    " + line for line in body.strip("\n").splitlines())
    module = load(PRELUDE.format(body=lines))
    return module, module.k.compile(*ARGS).source


@pytest.mark.parametrize("workspace", ["ws", "asc.get_sys_workspace()"])
def test_registration_after_init_buffer_is_hoisted(kernel_module: Callable[[str], ModuleType], workspace: str) -> None:
    """pyasc's tutorial 05 order: init_buffer, then the Matmul and its registration.  With a kernel-argument
    workspace and with the system workspace alike (issue 24: the second was an error), the registration moves
    before init_buffer, with a warning that cites CANN's rule (REGIST_MATMUL_OBJ before InitBuffer)."""
    body = f"""
tiling = asc.adv.TCubeTiling(m=64)
q = asc.TQue(asc.TPosition.VECOUT, 1)
pipe.init_buffer(q, 1, 1024)
mm = asc.adv.Matmul(A, A, C)
asc.adv.register_matmul(pipe, {workspace}, mm, tiling)
mm.set_tensor_a(a_gm)
mm.set_tensor_b(a_gm)
mm.iterate_all(c_gm)
mm.end()
"""
    with pytest.warns(asc.AscxWarning) as record:
        module, source = _compile(kernel_module, body)
    init_line = line_of(module, "pipe.init_buffer(q, 1, 1024)")
    assert [(w.lineno, str(w.message)) for w in record] == [
        (
            line_of(module, "asc.adv.register_matmul("),
            f"register_matmul comes after pipe.init_buffer ({Path(module.__file__ or '').name}:{init_line}); CANN's "
            "REGIST_MATMUL_OBJ must precede the first InitBuffer of its pipe in separated (MIX) mode, so ascx moved "
            "the registration before it",
        )
    ]
    statements = [line.strip() for line in source.splitlines()]
    regist = next(i for i, line in enumerate(statements) if line.startswith("REGIST_MATMUL_OBJ("))
    init = statements.index("pipe.InitBuffer(q, 1, 1024);")
    declaration = next(i for i, line in enumerate(statements) if line.endswith(" mm;"))
    assert declaration < regist < init
    if workspace != "ws":
        fetched = statements.index("__gm__ uint8_t* sys_workspace = GetSysWorkSpacePtr();")
        assert fetched < regist
        assert statements[regist] == "REGIST_MATMUL_OBJ(&pipe, sys_workspace, mm, &tiling);"


def test_registration_after_an_early_return(kernel_module: Callable[[str], ModuleType]) -> None:
    """Issue 31: Huawei's GEMV kernel registers after early returns.  The rest of the kernel is the else arm of
    the return's branch; the registration stays there, with every use of the object after it (the AIC runs
    the server loop where it stands, and the condition is the same on the AIC and its AIVs)."""
    body = """
if n <= 0:
    return
mm = asc.adv.Matmul(A, A, C)
asc.adv.register_matmul(pipe, ws, mm, asc.adv.TCubeTiling(m=64))
mm.set_tensor_a(a_gm)
mm.set_tensor_b(a_gm)
mm.iterate_all(c_gm)
mm.end()
"""
    _, source = _compile(kernel_module, body)
    statements = [line.strip() for line in source.splitlines()]
    branch = statements.index("if (!v) {")
    regist = next(i for i, line in enumerate(statements) if line.startswith("REGIST_MATMUL_OBJ("))
    assert branch < regist < statements.index("mm.End();") < statements.index("}", regist)


def test_registration_under_the_block_index_is_a_warning(kernel_module: Callable[[str], ModuleType]) -> None:
    """GetBlockIdx() differs between the AIC and its AIVs: unless the kernel makes the condition agree, the AIC
    would not run the server its AIVs post to.  A warning: the kernel may normalise it, as Huawei's LoRA
    kernels do."""
    body = """
if asc.get_block_idx() >= n:
    return
mm = asc.adv.Matmul(A, A, C)
asc.adv.register_matmul(pipe, ws, mm, asc.adv.TCubeTiling(m=64))
mm.end()
"""
    with pytest.warns(asc.AscxWarning) as record:
        module, _ = _compile(kernel_module, body)
    assert [(w.lineno, str(w.message)) for w in record] == [
        (
            line_of(module, "asc.adv.register_matmul("),
            "register_matmul is reached under a condition computed from `GetBlockIdx()`, which differs between "
            "the AIC and its AIVs: unless the kernel makes it agree on both (as by dividing an AIV's block index "
            "by the sub-block count), the AIC does not serve the AIVs' Matmul calls, or waits for AIVs that never "
            "register",
        )
    ]


def test_a_tiling_built_after_the_first_matmul_call_cannot_be_registered(
    kernel_module: Callable[[str], ModuleType],
) -> None:
    """The second object's tiling is built after the first object is used."""
    body = """
mm = asc.adv.Matmul(A, A, C)
asc.adv.register_matmul(pipe, ws, mm, asc.adv.TCubeTiling(m=64))
mm.set_tensor_a(a_gm)
mm.set_tensor_b(a_gm)
mm.iterate_all(c_gm)
mm.end()
mm2 = asc.adv.Matmul(A, A, C)
asc.adv.register_matmul(pipe, ws, mm2, asc.adv.TCubeTiling(m=64))
mm2.end()
"""
    with pytest.raises(asc.IRError) as caught:
        _compile(kernel_module, body)
    error = caught.value
    assert error.location is not None
    lines = Path(error.location.file).read_text().splitlines()
    first_call = next(i for i, line in enumerate(lines, 1) if "mm.set_tensor_a" in line)
    assert error.message == (
        f"register_matmul must come before the first call on a registered Matmul ({Path(error.location.file).name}:"
        f"{first_call}), but the tiling of Matmul mm2 is defined after it"
    )
    assert lines[error.location.line - 1].strip() == "asc.adv.register_matmul(pipe, ws, mm2, asc.adv.TCubeTiling(m=64))"
    assert error.hints == [
        "all Matmul objects of a kernel are registered by one REGIST_MATMUL_OBJ, before InitBuffer and before any "
        "Matmul call: create and register every Matmul object (with its tiling) first"
    ]


MIX_PRELUDE = PRELUDE.replace("@asc.jit\n", "@asc.jit(kernel_type=KernelType.{kernel_type})\n").replace(
    "\n@asc.jit", "from ascx.runtime.config import KernelType\n\n@asc.jit", 1
)
SECOND_AIV_RETURNS = """
tiling = asc.adv.TCubeTiling(m=64)
if asc.ascend_is_aiv():
    if asc.get_sub_block_idx() == 1:
        return
mm = asc.adv.Matmul(A, A, C)
asc.adv.register_matmul(pipe, ws, mm, tiling)
mm.set_tensor_a(a_gm)
mm.set_tensor_b(a_gm)
mm.iterate_all(c_gm)
mm.end()
"""
"""sgl-kernel-npu's LoRA kernels: the second AIV of each AI core returns before the registration."""


def _compile_mix(load: Callable[[str], ModuleType], kernel_type: str, body: str) -> tuple[ModuleType, str]:
    lines = "\n".join("    " + line for line in body.strip("\n").splitlines())
    module = load(MIX_PRELUDE.format(kernel_type=kernel_type, body=lines))
    return module, module.k.compile(*ARGS).source


def test_the_second_aiv_returning_in_a_one_to_one_kernel_registers_on_each_side(
    kernel_module: Callable[[str], ModuleType],
) -> None:
    """The tracer traces the rest of the kernel after ``return`` into each arm that goes on: the AIV's (under
    ``GetSubBlockIdx() != 1``) and the AIC's (the else arm of ``ASCEND_IS_AIV``).  The two registrations are
    copies that no run reaches together, each merged on its own (the same-pipe-and-workspace rule was raised
    across them: sgemmc_shrink of the real-kernel corpus); with one AIV per AIC, ``GetSubBlockIdx()`` is 0 on
    both cores (CANN's GetSubBlockNum page: 1 on the AIV and the AIC of KERNEL_TYPE_MIX_AIC_1_1), and each side
    reaches a copy: no warning."""
    _, source = _compile_mix(kernel_module, "MIX_AIC_1_1", SECOND_AIV_RETURNS)
    statements = [line.strip() for line in source.splitlines()]
    registrations = [i for i, line in enumerate(statements) if line.startswith("REGIST_MATMUL_OBJ(")]
    assert [statements[i] for i in registrations] == [
        "REGIST_MATMUL_OBJ(&pipe, ws, mm, &tiling);",
        "REGIST_MATMUL_OBJ(&pipe, ws, mm_1, &tiling);",
    ]
    second_aiv = statements.index("bool v_1 = sub_block_idx == 1;")
    aic = statements.index("} else {", registrations[0])  # the else arm of `if (v)`, v = the core is an AIV
    assert second_aiv < statements.index("if (!v_1) {") < registrations[0] < aic < registrations[1]
    assert statements[aic - 2 : aic] == ["mm.End();", "}"]


def test_the_second_aiv_returning_in_a_one_to_two_kernel_is_a_warning(
    kernel_module: Callable[[str], ModuleType],
) -> None:
    """With two AIVs per AIC the second never registers, and the AIC's server waits for its quit message
    (``KfcServer::isRun``: ``quitSize < MIX_NUM``, 2 there): the AIV's copy is reached under a condition on
    ``GetSubBlockIdx()``.  The AIC's copy, in the other arm of ``ASCEND_IS_AIV``, is no warning: each core
    type reaches a registration of the same object."""
    with pytest.warns(asc.AscxWarning) as record:
        module, _ = _compile_mix(kernel_module, "MIX_AIC_1_2", SECOND_AIV_RETURNS)
    assert {(w.lineno, str(w.message)) for w in record} == {
        (
            line_of(module, "asc.adv.register_matmul("),
            "register_matmul is reached under a condition computed from `GetSubBlockIdx()`, which differs between "
            "the AIC and its AIVs: unless the kernel makes it agree on both (as by dividing an AIV's block index "
            "by the sub-block count), the AIC does not serve the AIVs' Matmul calls, or waits for AIVs that never "
            "register",
        )
    }


def test_a_registration_on_one_side_of_the_core_type_is_a_warning(kernel_module: Callable[[str], ModuleType]) -> None:
    """``if asc.ascend_is_aiv(): return`` before the registration of a MIX kernel: only the AIC registers, and
    its server waits for clients that never come (a cube-only kernel may do this: there the macro only
    initialises the objects)."""
    body = """
if asc.ascend_is_aiv():
    return
mm = asc.adv.Matmul(A, A, C)
asc.adv.register_matmul(pipe, ws, mm, asc.adv.TCubeTiling(m=64))
mm.end()
"""
    with pytest.warns(asc.AscxWarning) as record:
        module, _ = _compile_mix(kernel_module, "MIX_AIC_1_1", body)
    assert [(w.lineno, str(w.message)) for w in record] == [
        (
            line_of(module, "asc.adv.register_matmul("),
            "register_matmul is reached under a condition computed from `ASCEND_IS_AIV`, which differs between "
            "the AIC and its AIVs: unless the kernel makes it agree on both (as by dividing an AIV's block index "
            "by the sub-block count), the AIC does not serve the AIVs' Matmul calls, or waits for AIVs that never "
            "register",
        )
    ]


def test_the_block_index_agrees_in_a_one_to_one_kernel(kernel_module: Callable[[str], ModuleType]) -> None:
    """With one AIV per AIC, ``GetBlockIdx()`` is ``block_idx * 1 + 0`` on the AIV, as on the AIC: a condition
    on it takes the same arm on both, and the registration after it is no warning."""
    body = """
if asc.get_block_idx() >= n:
    return
mm = asc.adv.Matmul(A, A, C)
asc.adv.register_matmul(pipe, ws, mm, asc.adv.TCubeTiling(m=64))
mm.end()
"""
    _, source = _compile_mix(kernel_module, "MIX_AIC_1_1", body)
    assert sum(line.strip().startswith("REGIST_MATMUL_OBJ(") for line in source.splitlines()) == 1
