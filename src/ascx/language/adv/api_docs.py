"""The reference of the Matmul API: one record per API, rendered both as the docstring of the Python
function and as its page under ``docs/reference/matmul/``.

    python -m ascx.cli.api_docs docs/reference/matmul     # regenerate the pages

``tests/docs/test_matmul_pages.py`` checks that the pages are up to date, that every public Matmul
method has one, and that every example compiles.  The C++ prototypes are those of CANN 9.1 (the
MIX client's), not pyasc's documentation, which has errors.
"""

from __future__ import annotations

import inspect
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ascx.dialects.ascendc.matmul_modes import forbidden_in_mix_dual_master, forbidden_with_ib_share_ab


def _not_in_dual(method: str, inputs: bool = False) -> str:
    """The rule of a method CANN's documentation does not support in MixDualMaster mode."""
    return f'Not in MixDualMaster mode (CANN\'s page of the method): "{forbidden_in_mix_dual_master(method, inputs)}".'


def _not_with_ab(method: str) -> str:
    """The rule of a result method CANN does not support with IBShare on both A and B."""
    return f'Not with IBShare on both A and B: "{forbidden_with_ib_share_ab(method)}".'


KERNEL_HEAD = """import ascx as asc
from ascx.runtime.jit import MockTensor

F16 = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
"""

_ARGS = "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.uint8)"

_EXTRA: dict[str, tuple[str, str]] = {
    "quant": (", quant_vector: asc.GlobalAddress", ", MockTensor(asc.uint64)"),
}
"""Flavors with parameters beyond the common four: (parameter list, compile arguments)."""

_FLAVORS: dict[str, tuple[str, str, str]] = {
    # name: (decorator options, declarations, compile arguments of the common four)
    "gm": (
        "",
        """c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(F16, F16, c_type)""",
        _ARGS,
    ),
    "ub": (
        "",
        """c_type = asc.adv.MatmulType(asc.TPosition.VECIN, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(F16, F16, c_type)""",
        _ARGS,
    ),
    "batch": (
        "",
        """batch = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, layout=asc.LayoutMode.BSNGD)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32, layout=asc.LayoutMode.BSNGD)
    mm = asc.adv.Matmul(batch, batch, c_type, matmul_config=asc.adv.MatmulConfig(is_n_batch=True))""",
        _ARGS,
    ),
    "cube": (
        "(matmul_cube_only=True)",
        """c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(F16, F16, c_type, matmul_config=asc.adv.get_mdl_config())""",
        _ARGS,
    ),
    "quant": (
        "",
        """c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(F16, F16, c_type)""",
        _ARGS,
    ),
    "static": (
        "",
        """c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    static = asc.adv.get_matmul_api_tiling(asc.adv.get_mdl_config(), F16, F16, c_type)
    mm = asc.adv.Matmul(F16, F16, c_type, matmul_config=static)""",
        _ARGS,
    ),
    "cube_batch": (
        "(matmul_cube_only=True)",
        """batch = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16, layout=asc.LayoutMode.BSNGD)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(batch, batch, c_type)""",
        _ARGS,
    ),
}


def render_example(flavor: str, body: str) -> str:
    """A complete kernel: the Matmul of ``flavor``, registered with a tiling, then ``body``."""
    options, declarations, arguments = _FLAVORS[flavor]
    extra_params, extra_args = _EXTRA.get(flavor, ("", ""))
    arguments += extra_args
    body = textwrap.dedent(body).strip("\n")
    if not body.endswith("mm.end()"):
        body += "\nmm.end()"  # a complete kernel releases its Matmul object
    lines = textwrap.indent(body, "    ")
    return f"""{KERNEL_HEAD}

@asc.jit{options}
def kernel(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress{extra_params}) -> None:
    pipe = asc.TPipe()
    {declarations}
    tiling = asc.adv.TCubeTiling(m=512, n=512, k_a=512, k_b=512, base_m=128, base_n=256, base_k=64,
                                 single_core_m=256, single_core_n=256, single_core_k=256)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    a_global = asc.GlobalTensor()
    a_global.set_global_buffer(a)
    b_global = asc.GlobalTensor()
    b_global.set_global_buffer(b)
    c_global = asc.GlobalTensor()
    c_global.set_global_buffer(c, 512 * 512)
{lines}


ARGS = ({arguments})
print(kernel.compile(*ARGS).source)
"""


@dataclass(frozen=True)
class ApiDoc:
    """The reference of one API."""

    name: str
    summary: str
    cpp: tuple[str, ...]
    """The C++ prototypes the call resolves to."""
    params: tuple[tuple[str, str], ...] = ()
    rules: tuple[str, ...] = ()
    """Constraints, with the exact messages of their errors."""
    example: tuple[str, str] = ("gm", "")
    """(flavor, statements after the common set-up); an empty body means no example."""
    notes: tuple[str, ...] = ()
    owner: str = "Matmul"
    """``Matmul`` for methods, ``asc.adv`` for functions."""
    overloads: tuple[str, ...] = ()
    """The Python signatures of an overloaded API (otherwise read from the function)."""

    @property
    def title(self) -> str:
        return f"Matmul.{self.name}" if self.owner == "Matmul" else f"asc.adv.{self.name}"


DOCS: tuple[ApiDoc, ...] = (
    ApiDoc(
        "register_matmul",
        "Register a Matmul object with the pipe and the system workspace: ``REGIST_MATMUL_OBJ``.",
        ("REGIST_MATMUL_OBJ(&pipe, workspace, mm[, &tiling], ...);",),
        (
            ("pipe", "the kernel's ``TPipe``"),
            ("workspace", "the system (KFC) workspace: a GM address, i.e. a kernel pointer argument"),
            ("matmul", "the ``Matmul`` to register"),
            ("tiling", "a kernel-local ``TCubeTiling``; without one, call ``init(tiling)`` before computing"),
        ),
        (
            '``workspace`` must be a GM address: "register_matmul: workspace must be a GM address".',
            "Every Matmul object is registered exactly once, not inside a loop and under no branch that "
            "differs between the AIC and its AIVs, before any method is called on it and in a block that holds "
            'every call: "Matmul {obj} is used before register_matmul".',
            "All registrations of a kernel become one ``REGIST_MATMUL_OBJ`` (the macro declares fixed names and "
            "returns on the AIC side); they must share the pipe and the workspace.",
            "At most 4 objects; with more than one, each registration passes a tiling.",
            "In MixDualMaster mode (``MatmulConfig(enable_mix_dual_master=True)``) the AIC does not return in "
            "``REGIST_MATMUL_OBJ``: it runs the kernel's code and computes its objects itself, without messages "
            "from the AIVs (the CPU emulation runs it too).",
        ),
        ("gm", "mm.iterate_all(c_global)\nmm.end()"),
        owner="asc.adv",
    ),
    ApiDoc(
        "init",
        "Give the Matmul its tiling, when ``register_matmul`` did not.",
        ("void Init(const TCubeTiling* __restrict cubeTiling, TPipe* tpipe = nullptr);",),
        (("tiling", "a kernel-local ``TCubeTiling`` (built in the kernel, or a ``TCubeTiling`` kernel parameter)"),),
        (
            '``tiling`` must be a TCubeTiling: "init: tiling must be a TCubeTiling".',
            "A computation (``iterate``, ``iterate_all``, ``iterate_batch``, ``iterate_n_batch``) needs the tiling "
            'from ``register_matmul`` or ``init``: "Matmul {obj} has no tiling: pass a tiling to register_matmul or '
            'call init(tiling) before {method}".',
        ),
        ("gm", "local = asc.adv.TCubeTiling(m=512, n=512, k_a=512, k_b=512)\nmm.init(local)\nmm.iterate_all(c_global)"),
    ),
    ApiDoc(
        "end",
        "Release the Matmul object; required before calling methods of another Matmul.",
        ("void End();",),
        rules=(
            '``MatmulConfig.enable_end`` must be True: "end requires MatmulConfig.enable_end=True".',
            "A kernel that uses several Matmul objects ends one before calling another's methods: \"end() must be "
            'called on Matmul {a} before calling {method} on Matmul {b}".',
        ),
        example=("gm", "mm.iterate_all(c_global)\nmm.end()"),
    ),
    ApiDoc(
        "set_tensor_a",
        "Set the left matrix A: a tensor (GlobalTensor for a GM A, LocalTensor otherwise), or a scalar that "
        "every element of A equals.",
        (
            "void SetTensorA(const GlobalTensor<SrcAT>& gm, bool isTransposeA = false);",
            "void SetTensorA(const LocalTensor<SrcAT>& leftMatrix, bool isTransposeA = false);",
            "void SetTensorA(SrcAT aScalar);",
        ),
        (
            ("tensor", "float16, float32 or int8, of A's dtype; both C++ arguments are always written"),
            ("transpose", "A is transposed; needs ``is_trans=True`` on A's MatmulType"),
            ("scalar", "a number or a runtime scalar, converted to A's dtype (half or float32 only)"),
        ),
        (
            '"Tensor type is not supported in set_tensor_a"; "Tensor dtype {got} does not match the A dtype {want} '
            'declared by the Matmul in set_tensor_a".',
            'A GlobalTensor needs A at GM, a LocalTensor elsewhere: "set_tensor_a: a LocalTensor does not match the A '
            'MatmulType position GM".',
            '"set_tensor_a: transpose=True requires the A MatmulType to have is_trans=True"; '
            '"Scalar type is not supported in set_tensor_a" for an int8 A.',
            _not_in_dual("set_tensor_a with a LocalTensor", inputs=True) + " Likewise with a scalar.",
            "A in ``CubeFormat.VECTOR`` (GEMV) is not transposed (CANN asserts it in SetTensorA): "
            '"set_tensor_a: A is in CubeFormat.VECTOR (GEMV): In GEMV mode, matrix A should not be transposed."; a '
            "flag known only at run time is checked by the emulation "
            "([GEMV](../matmul.md#gemv-a-in-cubeformatvector)).",
        ),
        ("gm", "mm.set_tensor_a(a_global)\nmm.set_tensor_a(a_global[64:], transpose=False)\nmm.set_tensor_a(1.5)"),
        overloads=("set_tensor_a(tensor, transpose=False)", "set_tensor_a(scalar)"),
    ),
    ApiDoc(
        "set_tensor_b",
        "Set the right matrix B, as ``set_tensor_a`` sets A.",
        (
            "void SetTensorB(const GlobalTensor<SrcBT>& gm, bool isTransposeB = false);",
            "void SetTensorB(const LocalTensor<SrcBT>& rightMatrix, bool isTransposeB = false);",
            "void SetTensorB(SrcBT bScalar);",
        ),
        (
            ("tensor", "float16, float32 or int8, of B's dtype"),
            ("transpose", "B is transposed; needs ``is_trans=True`` on B's MatmulType"),
            ("scalar", "a number or a runtime scalar, converted to B's dtype"),
        ),
        ("The rules of ``set_tensor_a``, for B.", _not_in_dual("set_tensor_b with a LocalTensor", inputs=True)),
        ("gm", "mm.set_tensor_b(b_global)"),
        overloads=("set_tensor_b(tensor, transpose=False)", "set_tensor_b(scalar)"),
    ),
    ApiDoc(
        "set_bias",
        "Set the bias row added to every row of C.",
        ("void SetBias(const GlobalTensor<BiasT>& biasGlobal);", "void SetBias(const LocalTensor<BiasT>& inputBias);"),
        (("tensor", "of the bias MatmulType's dtype (C's, when ``Matmul(bias=None)``)"),),
        (
            'int32 when A and B are int8 ("Bias type is not supported when input A and B is int8"), else float16 or '
            'float32 ("Bias type is not supported in set_bias").',
            "``MatmulConfig.enable_set_bias`` must be True; the tiling must have ``is_bias=1``.",
            _not_in_dual("set_bias with a LocalTensor", inputs=True),
        ),
        ("gm", "mm.set_bias(c_global)\nmm.iterate_all(c_global)"),
    ),
    ApiDoc(
        "disable_bias",
        "Compute without a bias.",
        ("void DisableBias();",),
        example=("gm", "mm.disable_bias()"),
    ),
    ApiDoc(
        "set_self_define_data",
        "Pass a value to user-defined copy callbacks. Returns None.",
        ("void SetSelfDefineData(const uint64_t dataPtr);",),
        (("data_ptr", "a GM address, a GlobalTensor (its address) or an integer, passed as ``uint64_t``"),),
        (
            "``MatmulConfig.enable_set_define_data`` must be True; call it before ``set_tensor_a``/``set_tensor_b``.",
            _not_in_dual("set_self_define_data"),
        ),
        ("gm", "mm.set_self_define_data(a)\nmm.set_self_define_data(a_global)\nmm.set_self_define_data(7)"),
    ),
    ApiDoc(
        "set_user_def_info",
        "Pass the address of user tiling data in GM to the callbacks. Returns None.",
        ("void SetUserDefInfo(const uint64_t tilingPtr);",),
        (("tiling_ptr", "a GM address or a GlobalTensor"),),
        (
            '"set_user_def_info: tiling_ptr must be a GM address" otherwise (an int or a TCubeTiling).',
            _not_in_dual("set_user_def_info"),
        ),
        ("gm", "mm.set_user_def_info(workspace)"),
    ),
    ApiDoc(
        "set_sparse_index",
        "Set the index of a sparse B (cube-only kernels, MDL config).",
        ("void SetSparseIndex(const GlobalTensor<uint8_t>& indexGlobal);",),
        (("index_global", "a GlobalTensor of uint8, in NZ format"),),
        (
            '"set_sparse_index is only supported in cube-only kernels (matmul_cube_only=True)"',
            '"set_sparse_index requires an MDL config (do_multi_data_load=True)"',
        ),
        ("cube", "index = asc.GlobalTensor()\nindex.set_global_buffer(workspace)\nmm.set_sparse_index(index)"),
    ),
    ApiDoc(
        "set_hf32",
        "Compute float32 inputs in HF32 mode (cube-only kernels).",
        ("void SetHF32(bool enableHF32 = false, int32_t transMode = 0);",),
        (("enable_hf32", "turn HF32 on"), ("trans_mode", "1 selects HF32 transform mode 1, anything else mode 0")),
        ('"set_hf32 is only supported in cube-only kernels (matmul_cube_only=True)"',),
        ("cube", "mm.set_hf32(True, 1)"),
    ),
    ApiDoc(
        "set_tail",
        "Override singleCoreM/N/K for the next computation; -1 keeps a value.",
        ("void SetTail(int tailM = -1, int tailN = -1, int tailK = -1);",),
        (("tail_m", "M"), ("tail_n", "N"), ("tail_k", "K")),
        ("``MatmulConfig.enable_set_tail`` must be True. All three C++ arguments are always written.",),
        ("gm", "mm.set_tail(tail_k=32)\nmm.iterate_all(c_global)"),
    ),
    ApiDoc(
        "set_batch_num",
        "Set the batch counts of A and B (cube-only batch Matmul).",
        ("void SetBatchNum(int32_t batchA, int32_t batchB);",),
        (("batch_a", "batches of A"), ("batch_b", "batches of B")),
        (
            "Cube-only kernels only, and A's layout must not be NONE "
            '("set_batch_num does not support layout NONE for A").',
            _not_in_dual("set_batch_num"),
        ),
        ("cube_batch", "mm.set_batch_num(2, 2)\nmm.iterate_batch(c_global, False, 0, False)"),
    ),
    ApiDoc(
        "set_workspace",
        "Set the workspace where asynchronous results are written before they are fetched.",
        (
            "template <class T> void SetWorkspace(GlobalTensor<T>& addr);",
            "template <class T> void SetWorkspace(__gm__ T* addr, int size);",
        ),
        (("addr", "a GlobalTensor, or a GM address"), ("size", "required with a GM address")),
        (
            '"set_workspace: size is required when addr is a GM address".',
            "A GlobalTensor should have a size: CANN's ``SetWorkspace(GlobalTensor)`` asserts ``addr.GetSize() > 0`` "
            "in its CPU-debug build (``MatmulClient`` in ``include/adv_api/matmul/matmul_client.h``, ``MatmulImpl`` in "
            "``matmul_impl_base.h``), where the kernel aborts; the NPU build does not check (CANN's own "
            "``matmul_async_iterate`` sample gives none). So a tensor whose every ``set_global_buffer`` gives no "
            "``buffer_size`` (or a constant 0) is a warning at the call naming each ``set_global_buffer``: "
            "\"set_workspace: the workspace GlobalTensor has no size: CANN's SetWorkspace(GlobalTensor) asserts "
            "addr.GetSize() > 0 in its CPU-debug build (...)\". A size computed at run time is CANN's to check.",
            "Call it before an asynchronous ``iterate``, ``get_tensor_c(sync=False)`` or ``iterate_n_batch``.",
            _not_in_dual("set_workspace"),
        ),
        ("ub", "mm.set_workspace(c_global)\nmm.set_workspace(workspace, 65536)"),
    ),
    ApiDoc(
        "set_quant_scalar",
        "Set one quantisation parameter for the whole result.",
        ("void SetQuantScalar(const uint64_t quantScalar);",),
        (("quant_scalar", "an integer, passed as uint64_t"),),
        ("``MatmulConfig.enable_quant_vector`` must be True; not with ``iterate_batch``/``iterate_n_batch``.",),
        ("gm", "mm.set_quant_scalar(2)\nmm.iterate_all(c_global)"),
    ),
    ApiDoc(
        "set_quant_vector",
        "Set one quantisation parameter per output channel.",
        ("void SetQuantVector(const GlobalTensor<uint64_t>& quantTensor);",),
        (("quant_vector", "a GlobalTensor of uint64"),),
        ("The rules of ``set_quant_scalar``; the dtype must be uint64.",),
        (
            "quant",
            """quant = asc.GlobalTensor()
quant.set_global_buffer(quant_vector)
mm.set_quant_vector(quant)
mm.iterate_all(c_global)""",
        ),
    ),
    ApiDoc(
        "set_org_shape",
        "Set the full (original) shapes of A, B and C.",
        (
            "void SetOrgShape(int orgM, int orgN, int orgK);",
            "void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int orgKc = 0);",
        ),
        (
            ("org_m", "M of A and C"),
            ("org_n", "N of B and C"),
            ("org_ka", "K of A (and of B, when ``org_kb`` is not given)"),
            ("org_kb", "K of B"),
            ("org_kc", "N of the output C; needs ``org_kb``"),
        ),
        ('"set_org_shape: org_kc requires org_kb"; ``MatmulConfig.enable_set_org_shape`` must be True.',),
        ("gm", "mm.set_org_shape(512, 512, 512)\nmm.set_org_shape(512, 512, 512, 512, 512)"),
    ),
    ApiDoc(
        "set_single_shape",
        "Set the shape this core computes.",
        ("void SetSingleShape(int singleM, int singleN, int singleK);",),
        (("single_m", "M"), ("single_n", "N"), ("single_k", "K")),
        example=("gm", "mm.set_single_shape(256, 256, 256)"),
    ),
    ApiDoc(
        "get_offset_c",
        "pyasc's query of where the current result block lies in C. CANN reserves it, so ascx stops at the call.",
        ("template <bool isTurnOnDebug = true> MatrixOffset GetOffsetC();",),
        rules=(
            '"get_offset_c is only supported in cube-only kernels (matmul_cube_only=True)"',
            '"get_offset_c is reserved in CANN: MatmulImpl::GetOffsetC static_asserts "unsupported!" and the MIX '
            'client reports it not supported, so no kernel that calls it builds" (in a cube-only kernel)',
        ),
        notes=(
            "CANN 9.1 documents ``GetOffsetC`` as a reserved interface: with its default template argument its "
            "implementation fails to compile, and the MIX client only reports it not supported. pyasc 1.1.1 "
            "prints the call all the same. The example stops at ``get_offset_c`` with the error above.",
        ),
        example=("cube", "mm.iterate()\noffset = mm.get_offset_c()"),
    ),
    ApiDoc(
        "iterate",
        "Compute the next result block; false when there is none. With ``sync=False`` the first call posts the "
        "whole computation to the cube core.",
        (
            "template <bool sync = true> bool Iterate(bool enPartialSum = false);",
            "template <bool sync = true, typename T> bool Iterate(bool enPartialSum, const LocalTensor<T>& localCmatrix);",
        ),
        (
            ("en_partial_sum", "accumulate into the previous result"),
            ("sync", "compile-time; the C++ template argument"),
            ("local_c_matrix", "a CO1 LocalTensor (cube-only kernels, C at CO1 in NZ format)"),
        ),
        (
            "Use the result as ``while mm.iterate():``, ``with mm.iterate() as count:`` (count numbers the blocks "
            'from 0), or as a statement (one call): "the result of iterate() can only be used as a with-item, a '
            'while condition, or discarded".',
            '``sync=False`` needs a MIX kernel, C at VECIN/VECOUT/VECCALC and ``set_workspace`` first: "iterate with '
            'sync=False requires the C MatmulType position to be VECIN, VECOUT or VECCALC".',
            "``MatmulConfig.iterate_mode`` must include ``ITERATE_MODE_NORMAL``.",
            _not_in_dual("iterate"),
            _not_with_ab("iterate"),
        ),
        (
            "gm",
            "with mm.iterate() as count:\n    mm.get_tensor_c(c_global)\nwhile mm.iterate():\n    mm.get_tensor_c(c_global)",
        ),
        notes=(
            "pyasc's documentation writes ``while mm.iterate() as count:``, which is not Python; the with-form is "
            "pyasc's, the while-form an ascx extension.",
        ),
    ),
    ApiDoc(
        "get_tensor_c",
        "Fetch the current result block: into a tensor, into GM and a LocalTensor at once, or (no tensor, "
        "``sync=False``) as a returned GlobalTensor viewing the workspace slot.",
        (
            "template <bool sync = true> void GetTensorC(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, "
            "bool enSequentialWrite = false);",
            "template <bool sync = true, bool doPad = false> void GetTensorC(const LocalTensor<DstT>& c, "
            "uint8_t enAtomic = 0, bool enSequentialWrite = false, ...);",
            "template <bool sync = true> void GetTensorC(const GlobalTensor<DstT>& gm, const LocalTensor<DstT>& "
            "co2Local, uint8_t enAtomic = 0, bool enSequentialWrite = false);",
            "template <bool sync = true> GlobalTensor<DstT> GetTensorC(uint8_t enAtomic = 0, bool enSequentialWrite = false);",
        ),
        (
            ("tensor", "the destination, of C's dtype"),
            ("en_atomic", "0-3 (0 for a LocalTensor destination)"),
            ("en_sequential_write", "write a dense base block instead of its place in C"),
            ("sync", "compile-time; must match the driving ``iterate``"),
            ("optional_tensor", "a LocalTensor that also receives the block (GM + UB form)"),
        ),
        (
            '"Tensor type is not supported in get_tensor_c"; "Params en_atomic should be in [0, 1, 2, 3]".',
            'Driven by an ``iterate`` of the same ``sync``: "get_tensor_c must follow iterate() on the same Matmul".',
            '``sync=False`` only into a LocalTensor or in the returning form: "get_tensor_c with sync=False only '
            'supports a LocalTensor output or the returning form"; the returning form needs C at VECIN.',
            "``MatmulConfig.enable_get_tensor_c`` must be True.",
            _not_in_dual("get_tensor_c"),
            _not_with_ab("get_tensor_c"),
        ),
        (
            "ub",
            """c_block = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 128 * 256)
mm.set_workspace(c_global)
mm.iterate(sync=False)
for i in range(2):
    mm.get_tensor_c(c_block, sync=False)
    mm.wait_get_tensor_c()
view = mm.get_tensor_c(sync=False)""",
        ),
        overloads=(
            "get_tensor_c(tensor, en_atomic=0, en_sequential_write=False, sync=True, optional_tensor=None)",
            "get_tensor_c(en_atomic=0, en_sequential_write=False, sync=True) -> GlobalTensor",
        ),
    ),
    ApiDoc(
        "async_get_tensor_c",
        "Deprecated: fetch the next block into a LocalTensor asynchronously. ascx rewrites it into "
        "``get_tensor_c(c, sync=False)`` and warns.",
        ("void AsyncGetTensorC(const LocalTensor<DstT>& c);",),
        (("c", "a LocalTensor of C's dtype"),),
        (
            '"async_get_tensor_c: c must be a LocalTensor"; MIX kernels only; after an asynchronous ``iterate``.',
            _not_in_dual("async_get_tensor_c"),
            _not_with_ab("async_get_tensor_c"),
        ),
        (
            "ub",
            """c_block = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 128 * 256)
mm.set_workspace(c_global)
mm.iterate(sync=False)
mm.async_get_tensor_c(c_block)  # AscxWarning: emitted as GetTensorC<false>(c_block, 0, false)
mm.wait_get_tensor_c()""",
        ),
    ),
    ApiDoc(
        "wait_get_tensor_c",
        "Complete the asynchronous fetches into LocalTensors (an MTE2 to vector handshake).",
        ("void WaitGetTensorC();",),
        rules=(
            'MIX kernels only: "wait_get_tensor_c is not supported in cube-only kernels".',
            _not_in_dual("wait_get_tensor_c"),
        ),
        example=(
            "ub",
            """c_block = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 128 * 256)
mm.set_workspace(c_global)
mm.iterate(sync=False)
mm.get_tensor_c(c_block, sync=False)
mm.wait_get_tensor_c()""",
        ),
    ),
    ApiDoc(
        "iterate_all",
        "Compute the whole result: into a GlobalTensor (optionally asynchronously), or into an L1 LocalTensor.",
        (
            "template <bool sync = true> void IterateAll(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, "
            "bool enSequentialWrite = false, bool waitIterateAll = false, bool fakeMsg = false);",
            "template <bool sync = true> void IterateAll(const LocalTensor<DstT>& ubCmatrix, uint8_t enAtomic = 0);",
        ),
        (
            ("tensor", "the output, of C's dtype"),
            ("en_atomic", "0-3"),
            ("sync", "compile-time"),
            ("en_sequential_write", "GlobalTensor output only"),
            ("wait_iterate_all", "with ``sync=False``: ``wait_iterate_all()`` completes the computation"),
            ("fake_msg", "needs ``do_ib_share_norm`` or ``intra_block_part_sum``"),
        ),
        (
            '"Param wait_iterate_all can be True only when sync is False".',
            '"When iterate_all output to LocalTensor, param {name} is not supported."; a LocalTensor output is '
            "synchronous and needs C at A1, B1, C1 or TSCM (or CO1 in cube-only kernels).",
            "``sync=False`` without ``wait_iterate_all=True`` warns: the kernel must synchronise by other means.",
            "In MixDualMaster mode, and with IBShare on both A and B, results come only from ``iterate_all`` to a "
            f'GlobalTensor: "{forbidden_in_mix_dual_master("iterate_all to a LocalTensor")}".',
            "In a MIX kernel the tensors are set (``set_tensor_a``/``set_tensor_b``) since the client's last message "
            "to the AIC: every message clears CANN's ``isFirstIter``, which this call asserts; the emulation stops "
            "there (docs/emulation.md#the-tiling-check).",
        ),
        ("gm", "mm.iterate_all(c_global, sync=False, wait_iterate_all=True)\nmm.wait_iterate_all()"),
        notes=(
            "MixDualMaster mode (``MatmulConfig(enable_mix_dual_master=True)``; in a MIX 1:2 kernel with "
            "``MatmulType(..., ib_share=True)`` on A and B) computes on the AIC while the AIVs' ``iterate_all`` "
            "only waits: see ``examples/matmul_mix_dual_master.py``.",
        ),
    ),
    ApiDoc(
        "wait_iterate_all",
        "Complete an ``iterate_all(sync=False, wait_iterate_all=True)``.",
        ("void WaitIterateAll();",),
        rules=("MIX kernels only.",),
        example=("gm", "mm.iterate_all(c_global, sync=False, wait_iterate_all=True)\nmm.wait_iterate_all()"),
        notes=("pyasc's documentation shows ``SetSingleShape``'s prototype here; this is the right one.",),
    ),
    ApiDoc(
        "iterate_batch",
        "Batch Matmul. The signature follows the kernel mode: the first form in MIX kernels, the second in "
        "cube-only kernels.",
        (
            "template <bool sync = true, bool waitIterateBatch = false> void IterateBatch(const GlobalTensor<DstT>& gm, "
            "uint32_t batchA, uint32_t batchB, bool enSequentialWrite, uint32_t matrixStrideA = 0, "
            "uint32_t matrixStrideB = 0, uint32_t matrixStrideC = 0, bool enPartialSum = false, uint8_t enAtomic = 0);",
            "template <bool sync = true> void IterateBatch(const LocalTensor<DstT>& ubCmatrix, ...same arguments...);",
            "void IterateBatch(const GlobalTensor<DstT>& gm, bool enPartialSum, uint8_t enAtomic, "
            "bool enSequentialWrite, uint32_t matrixStrideA = 0, uint32_t matrixStrideB = 0, "
            "uint32_t matrixStrideC = 0);  // cube-only",
        ),
        (
            ("tensor", "int32, float32 or float16 output"),
            ("batch_a, batch_b", "batch counts (MIX)"),
            ("en_sequential_write", "False for GM output, True for UB output"),
            ("en_partial_sum, en_atomic", "omitted ones are written as C++'s defaults ``false``/``0``"),
            ("sync, wait_iterate_batch", "compile-time; a UB output is synchronous"),
        ),
        (
            'A and B need the same layout, not NONE: "iterate_batch does not support layout NONE for A".',
            "The Norm template only; no quantisation on the object; cube-only kernels call ``set_batch_num`` first "
            "and output to GM only.",
            "Layouts (CANN's IterateBatch docs): NORMAL and BNGS1S2 hold whole matrices one after another; BSNGD is "
            "``[B, S, N, G, D]`` with each batch an ``[S, D]`` matrix whose rows are ``N * G * D`` apart and the "
            "batches of one call ``D`` apart (``matrix_stride_a``/``b`` override it), SBNGD ``[S, B, N, G, D]`` "
            "with rows ``B * N * G * D`` apart; the tiling's layout fields (``set_a_layout`` ...) give B, S, N, G, "
            "D. Different batch counts broadcast G, N or B; a C with G = 1 adds up the G results.",
            _not_in_dual("iterate_batch"),
            _not_with_ab("iterate_batch"),
            "In a MIX kernel the tensors are set (``set_tensor_a``/``set_tensor_b``) since the client's last message "
            "to the AIC: every message clears CANN's ``isFirstIter``, which this call asserts; the emulation stops "
            "there (docs/emulation.md#the-tiling-check).",
        ),
        (
            "batch",
            """mm.iterate_batch(c_global, 2, 2, False, sync=False, wait_iterate_batch=True)
mm.wait_iterate_batch()""",
        ),
        overloads=(
            "iterate_batch(tensor, batch_a, batch_b, en_sequential_write, matrix_stride_a=0, matrix_stride_b=0, "
            "matrix_stride_c=0, en_partial_sum=None, en_atomic=None, sync=True, wait_iterate_batch=None)",
            "iterate_batch(tensor, en_partial_sum, en_atomic, en_sequential_write, matrix_stride_a=0, "
            "matrix_stride_b=0, matrix_stride_c=0)  # cube-only kernels",
        ),
    ),
    ApiDoc(
        "iterate_n_batch",
        "Run ``batch_loop`` batch computations in one call (MIX kernels).",
        (
            "template <bool sync = true, bool waitIterateBatch = false> void IterateNBatch(const uint32_t batchLoop, "
            "uint32_t batchA, uint32_t batchB, bool enSequentialWrite, uint32_t matrixStrideA = 0, "
            "uint32_t matrixStrideB = 0, uint32_t matrixStrideC = 0);",
        ),
        (
            ("batch_loop", "how many batches"),
            ("batch_a, batch_b", "batch counts"),
            ("en_sequential_write", "dense output"),
            ("sync, wait_iterate_batch", "compile-time"),
        ),
        (
            '"Param wait_iterate_batch can be True only when sync is False".',
            "Needs ``MatmulConfig.is_n_batch=True``, A and B layouts other than NONE/NORMAL, and "
            "``set_workspace`` first.",
            "Step ``l`` reads A and B ``l * batch`` heads further in their layouts and writes its ``max(batch_a, "
            "batch_b)`` results into the workspace after step ``l - 1``'s (in C's layout).",
            _not_in_dual("iterate_n_batch"),
            _not_with_ab("iterate_n_batch"),
            "In a MIX kernel the tensors are set (``set_tensor_a``/``set_tensor_b``) since the client's last message "
            "to the AIC: every message clears CANN's ``isFirstIter``, which this call asserts; the emulation stops "
            "there (docs/emulation.md#the-tiling-check).",
        ),
        (
            "batch",
            """mm.set_workspace(c_global)
mm.iterate_n_batch(4, 2, 2, False, sync=False, wait_iterate_batch=True)
mm.wait_iterate_batch()""",
        ),
    ),
    ApiDoc(
        "get_batch_tensor_c",
        "Fetch a batch result of an asynchronous ``iterate_n_batch``: returned as a GlobalTensor, or into a "
        "LocalTensor.",
        (
            "template <bool sync = true> GlobalTensor<DstT> GetBatchTensorC(uint32_t batchA, uint32_t batchB, "
            "bool enSequentialWrite = false);",
            "template <bool sync = true> void GetBatchTensorC(const LocalTensor<DstT>& c, uint32_t batchA, "
            "uint32_t batchB, bool enSequentialWrite = false);",
        ),
        (
            ("tensor", "a LocalTensor (second form)"),
            ("batch_a, batch_b", "required"),
            ("sync", "must be False"),
        ),
        (
            '"Matmul get_batch_tensor_c only support params sync=False"; after ``iterate_n_batch(sync=False)``, at '
            "most ``batch_loop`` times.",
            "The returned GlobalTensor views the next ``max(batch_a, batch_b) * singleCoreM * singleCoreN`` results "
            "of the workspace; into a LocalTensor, one step's results keep the row strides of C's layout.",
            _not_in_dual("get_batch_tensor_c"),
            _not_with_ab("get_batch_tensor_c"),
        ),
        (
            "batch",
            """mm.set_workspace(c_global)
mm.iterate_n_batch(4, 2, 2, False, sync=False, wait_iterate_batch=True)
mm.wait_iterate_batch()
result = mm.get_batch_tensor_c(2, 2, sync=False)""",
        ),
        overloads=(
            "get_batch_tensor_c(batch_a, batch_b, en_sequential_write=False, sync=True) -> GlobalTensor",
            "get_batch_tensor_c(tensor, batch_a, batch_b, en_sequential_write=False, sync=True)",
        ),
    ),
    ApiDoc(
        "get_batch_c",
        "CANN's ``GetBatchC``, which does what ``get_batch_tensor_c`` does (an ascx extension: pyasc 1.1.1 has only "
        "``get_batch_tensor_c``). Printed as ``GetBatchTensorC``, which CANN recommends.",
        (
            "template <bool sync = true> GlobalTensor<DstT> GetBatchC(uint32_t batchA, uint32_t batchB, "
            "bool enSequentialWrite = false);",
            "template <bool sync = true> void GetBatchC(const LocalTensor<DstT>& c, uint32_t batchA, "
            "uint32_t batchB, bool enSequentialWrite = false);",
        ),
        (
            ("tensor", "a LocalTensor (second form)"),
            ("batch_a, batch_b", "required"),
            ("sync", "must be False"),
        ),
        (
            "The rules of ``get_batch_tensor_c``; the messages name ``get_batch_c``.",
            _not_in_dual("get_batch_c"),
        ),
        (
            "batch",
            """mm.set_workspace(c_global)
mm.iterate_n_batch(4, 2, 2, False, sync=False, wait_iterate_batch=True)
mm.wait_iterate_batch()
result = mm.get_batch_c(2, 2, sync=False)""",
        ),
        overloads=(
            "get_batch_c(batch_a, batch_b, en_sequential_write=False, sync=True) -> GlobalTensor",
            "get_batch_c(tensor, batch_a, batch_b, en_sequential_write=False, sync=True)",
        ),
    ),
    ApiDoc(
        "wait_iterate_batch",
        "Complete an asynchronous ``iterate_batch`` or ``iterate_n_batch`` started with ``wait_iterate_batch=True``.",
        ("void WaitIterateBatch();",),
        rules=("MIX kernels only.", _not_in_dual("wait_iterate_batch")),
        example=(
            "batch",
            """mm.iterate_batch(c_global, 2, 2, False, sync=False, wait_iterate_batch=True)
mm.wait_iterate_batch()""",
        ),
    ),
    ApiDoc(
        "get_matmul_api_tiling",
        "Compute a constant tiling at compile time: ``constexpr static MatmulApiStaticTiling``, usable as "
        "``Matmul(..., matmul_config=tiling)``. Reading a field (``tiling.base_m``) reads the constant.",
        (
            "template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE> constexpr MatmulApiStaticTiling "
            "GetMatmulApiTiling(const MatmulConfig& mmCFG, int32_t l1Size = Impl::L1_SIZE);",
        ),
        (
            ("mm_cfg", "the MatmulConfig"),
            ("a_type, b_type, c_type", "MatmulTypes"),
            ("bias_type", "None: C's position, format and dtype"),
            ("l1_size", "None: C++'s default"),
        ),
        ("The order pyasc documents, ``(mm_cfg, l1_size, a_type, b_type, c_type, bias_type=None)``, is accepted too.",),
        ("static", "base_m = static.base_m\nmm.iterate_all(c_global)"),
        owner="asc.adv",
    ),
)

DOCS_BY_NAME = {doc.name: doc for doc in DOCS}


def _target(doc: ApiDoc) -> Callable[..., Any]:
    from ascx.language import adv

    if doc.owner == "Matmul":
        return getattr(adv.Matmul, doc.name)
    return getattr(adv, doc.name)


def signature(doc: ApiDoc) -> str:
    """``name(param, param=default, ...)``: the Python call, keyword names and defaults as pyasc has them."""
    parameters = inspect.signature(_target(doc)).parameters.values()
    shown: list[str] = []
    for p in parameters:
        if p.name == "self":
            continue
        if p.kind is inspect.Parameter.VAR_POSITIONAL:
            shown.append(f"*{p.name}")
        elif p.kind is inspect.Parameter.VAR_KEYWORD:
            shown.append(f"**{p.name}")
        elif p.default is inspect.Parameter.empty:
            shown.append(p.name)
        else:
            shown.append(f"{p.name}={_default(p.default)}")
    return f"{doc.name}({', '.join(shown)})"


def _default(value: object) -> str:
    from enum import Enum

    if isinstance(value, Enum):
        return f"{type(value).__name__}.{value.name}"
    return repr(value)


def render_docstring(doc: ApiDoc) -> str:
    """The docstring of the API: summary, C++, parameters, rules."""
    lines = [doc.summary, "", "C++::", ""]
    lines += [f"    {p}" for p in doc.cpp]
    if doc.params:
        lines += ["", "Parameters:"]
        lines += [f"    {name}: {text}" for name, text in doc.params]
    if doc.rules:
        lines += ["", "Rules:"]
        lines += [f"    - {rule}" for rule in doc.rules]
    lines += ["", f"Reference: docs/reference/matmul/{doc.name}.md"]
    return "\n".join(lines)


def render_page(doc: ApiDoc) -> str:
    """The Markdown page of the API."""
    shown = list(doc.overloads) or [signature(doc)]
    out = [f"# `{doc.title}`", "", doc.summary, "", "```python", *shown, "```", "", "## C++", "", "```c++"]
    out += list(doc.cpp)
    out += ["```", ""]
    if doc.params:
        out += ["## Parameters", "", "| Parameter | |", "|---|---|"]
        out += [f"| `{name}` | {text} |" for name, text in doc.params]
        out += [""]
    if doc.rules:
        out += ["## Rules", ""]
        out += [f"- {rule}" for rule in doc.rules]
        out += [""]
    flavor, body = doc.example
    if body:
        out += ["## Example", "", "```python", render_example(flavor, body).rstrip("\n"), "```", ""]
    if doc.notes:
        out += ["## Notes", ""]
        out += [f"- {note}" for note in doc.notes]
        out += [""]
    out += ["Generated from `ascx.language.adv.api_docs`; see also [the Matmul overview](../matmul.md).", ""]
    return "\n".join(out)


def render_index() -> str:
    out = ["# Matmul API reference", "", "One page per API, generated from `ascx.language.adv.api_docs`.", ""]
    out += [f"- [`{doc.title}`]({doc.name}.md): {doc.summary.split('. ')[0].rstrip('.')}." for doc in DOCS]
    return "\n".join(out) + "\n"


def pages() -> dict[str, str]:
    """File name -> text of every page, the index included."""
    result = {f"{doc.name}.md": render_page(doc) for doc in DOCS}
    result["README.md"] = render_index()
    return result


def apply_docstrings() -> None:
    """Give every documented API its docstring from the record (called when ``asc.adv`` is imported)."""
    for doc in DOCS:
        target = _target(doc)
        fn = getattr(target, "__func__", target)
        fn.__doc__ = render_docstring(doc)


def write_pages(directory: Path) -> None:
    """Write every page into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    for name, text in pages().items():
        (directory / name).write_text(text)
