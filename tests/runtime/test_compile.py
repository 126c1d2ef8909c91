"""``kernel.compile(...)``: the host API that compiles without launching."""

from __future__ import annotations

import traceback
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import ascx as asc
from ascx.dialects.ascendc import KernelType
from ascx.runtime.jit import JITFunction, MockTensor, MockValue
from ascx.testing import line_of, load_kernel_source

pytestmark = pytest.mark.differential  # its launches: docs/emulation.md#the-differential-check-in-the-suite

SLICE_ARGS = tuple(MockTensor(asc.float16) for _ in range(4))


@pytest.fixture
def slice_kernel(repo: Path, tmp_path: Path) -> JITFunction[..., None]:
    source = (repo / "examples" / "matmul_iterate_all_async.py").read_text()
    module = load_kernel_source(tmp_path, source)
    return module.matmul_iterate_all_async


def test_compile_returns_ir_and_source(slice_kernel: JITFunction[..., None]) -> None:
    compiled = slice_kernel.compile(*SLICE_ARGS)
    assert compiled.name == "matmul_iterate_all_async"
    assert compiled.kernel_type == KernelType.MIX_AIC_1_2
    assert compiled.ir.startswith("builtin.module {\n")
    assert "ascendc.matmul.iterate_all async wait %matmul, %c_global" in compiled.ir
    assert compiled.source.startswith('#include "kernel_operator.h"\n#include "lib/matmul_intf.h"\n\n')
    assert "    matmul.IterateAll<false>(c_global, 0, false, true, false);\n" in compiled.source
    assert set(compiled.timings) == {"trace", "passes", "print"}
    assert [p.kind for p in compiled.params] == ["pointer"] * 4


def test_numpy_arrays_and_mock_tensors_specialise_alike(slice_kernel: JITFunction[..., None]) -> None:
    arrays = [np.zeros(4, dtype=np.float16) for _ in range(4)]
    assert slice_kernel.compile(*arrays).source == slice_kernel.compile(*SLICE_ARGS).source


def test_argument_dtype_reaches_the_cpp_signature(slice_kernel: JITFunction[..., None]) -> None:
    workspace = MockTensor(asc.uint8)
    compiled = slice_kernel.compile(*SLICE_ARGS[:3], workspace)
    assert "__gm__ uint8_t* workspace" in compiled.source


def test_compile_is_cached_per_specialisation(slice_kernel: JITFunction[..., None]) -> None:
    first = slice_kernel.compile(*SLICE_ARGS)
    assert slice_kernel.compile(*SLICE_ARGS) is first
    other = slice_kernel.compile(*SLICE_ARGS[:3], MockTensor(asc.uint8))
    assert other is not first


def test_always_compile_bypasses_the_cache(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        @asc.jit(always_compile=True)
        def k(a: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
        """
    )
    assert module.k.compile(MockTensor(asc.float16)) is not module.k.compile(MockTensor(asc.float16))


def test_vector_kernel_has_no_matmul_prologue(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        @asc.jit
        def copy(x: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            x_global = asc.GlobalTensor()
            x_global.set_global_buffer(x, 1024)
        """
    )
    compiled = module.copy.compile(MockTensor(asc.float32))
    assert compiled.kernel_type == KernelType.AIV_ONLY
    assert compiled.source == (
        '#include "kernel_operator.h"\n'
        "\n"
        'extern "C" __global__ __aicore__ void copy(__gm__ float* x) {\n'
        "    AscendC::TPipe pipe;\n"
        "    AscendC::GlobalTensor<float> x_global;\n"
        "    x_global.SetGlobalBuffer(x, 1024);\n"
        "}\n"
    )


def test_scalar_and_constexpr_parameters(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress, n: int, size: asc.ConstExpr[int]) -> None:
            x_global = asc.GlobalTensor()
            x_global.set_global_buffer(x, size * 2)
        """
    )
    compiled = module.k.compile(MockTensor(asc.int8), 3, 16)
    assert "void k(__gm__ int8_t* x, int32_t n) {" in compiled.source
    assert "x_global.SetGlobalBuffer(x, 32);" in compiled.source
    assert module.k.compile(MockTensor(asc.int8), MockValue(asc.int32), 16) is compiled
    assert module.k.compile(MockTensor(asc.int8), 3, 8) is not compiled


def test_unsupported_argument_type(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            pass
        """
    )
    with pytest.raises(TypeError, match="Argument type in JIT function is not supported: object"):
        module.k.compile(object())


def test_cube_only_kernel(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        @asc.jit(matmul_cube_only=True)
        def k(a: asc.GlobalAddress, c: asc.GlobalAddress, w: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
            mm = asc.adv.Matmul(t, t, t)
            asc.adv.register_matmul(pipe, w, mm, asc.adv.TCubeTiling())
            c_global = asc.GlobalTensor()
            c_global.set_global_buffer(c)
            mm.iterate_all(c_global)
            mm.end()
        """
    )
    compiled = module.k.compile(*(MockTensor(asc.float16) for _ in range(3)))
    assert compiled.kernel_type == KernelType.AIC_ONLY
    assert compiled.source.startswith(
        '#define ASCENDC_CUBE_ONLY\n#include "kernel_operator.h"\n#include "lib/matmul_intf.h"\n\n'
    )
    assert "ffts_cross_core_sync" not in compiled.source
    assert "    set_ffts_base_addr(*ffts_addr);\n    AscendC::TPipe pipe;\n" in compiled.source
    assert "mm.IterateAll<true>(c_global, 0, false, false, false);" in compiled.source


def test_kernel_error_points_at_the_source_line(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(a: asc.GlobalAddress, w: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
            c = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
            mm = asc.adv.Matmul(t, t, c)
            asc.adv.register_matmul(pipe, w, mm, asc.adv.TCubeTiling())
            a_global = asc.GlobalTensor()
            a_global.set_global_buffer(a)
            mm.iterate_all(a_global, sync=False, wait_iterate_all=True)  # wrong dtype
        """
    )
    with pytest.raises(asc.KernelError) as info:
        module.k.compile(MockTensor(asc.float16), MockTensor(asc.uint8))
    error = info.value
    assert error.kind == "library-error"
    assert error.message == (
        "ValueError: Tensor dtype float16 does not match the C dtype float32 declared by the Matmul in iterate_all"
    )
    assert error.location is not None
    assert (error.location.file, error.location.line) == (module.__file__, line_of(module, "# wrong dtype"))
    assert isinstance(error.__cause__, ValueError)
    rendered = str(error).splitlines()
    assert rendered[0] == f"{module.__file__}:{error.location.line}:5: error: {error.message}"
    assert rendered[1].endswith("|     mm.iterate_all(a_global, sync=False, wait_iterate_all=True)  # wrong dtype")
    assert rendered[2].endswith("|     " + "^" * len("mm.iterate_all(a_global, sync=False, wait_iterate_all=True)"))


def test_kernel_errors_carry_no_internal_traceback(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(a: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            pipe.no_such_method()
        """
    )
    with pytest.raises(asc.KernelError) as info:
        module.k.compile(MockTensor(asc.float16))
    package = str(Path(asc.__file__).parent)
    frames = traceback.extract_tb(info.value.__traceback__)
    internal = [f.filename for f in frames if f.filename.startswith(package)]
    assert internal == [str(Path(package) / "runtime" / "jit.py")]
    assert info.value.__cause__ is not None
    assert info.value.__cause__.__traceback__ is None
    assert info.value.message == "AttributeError: 'TPipe' object has no attribute 'no_such_method'"


def test_failed_compile_is_not_cached(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        FLAG = [True]

        @asc.jit
        def k(a: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
            assert FLAG[0], "flag is off"
        """
    )
    module.FLAG[0] = False
    with pytest.raises(asc.KernelError, match="assertion failed: flag is off"):
        module.k.compile(MockTensor(asc.float16))
    module.FLAG[0] = True
    assert "AscendC::TPipe pipe;" in module.k.compile(MockTensor(asc.float16)).source


def test_api_outside_a_kernel_names_the_function() -> None:
    with pytest.raises(RuntimeError, match=r"^'TPipe' cannot be called without initialization of global builder$"):
        asc.TPipe()
    with pytest.raises(RuntimeError, match=r"^'register_matmul' cannot be called without initialization"):
        asc.adv.register_matmul(None, None, None)  # type: ignore[arg-type]
    with pytest.raises(RuntimeError, match=r"^'GlobalTensor.set_global_buffer' cannot be called without"):
        asc.GlobalTensor().set_global_buffer(None)
    t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    with pytest.raises(RuntimeError, match=r"^'Matmul' cannot be called without initialization"):
        asc.adv.Matmul(t, t, t)
    with pytest.raises(RuntimeError, match=r"^'property' cannot be called without initialization"):
        asc.property(asc.TOTAL_L1_SIZE)


def test_host_values_may_be_built_outside_a_kernel() -> None:
    t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    assert hash(t) == hash(asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16))
    tiling = asc.adv.TCubeTiling(m=64, trans_length=3)
    assert (tiling.m, tiling.trans_length, tiling.n) == (64, 3, 0)
    assert asc.adv.MatmulConfig().to_attr() is None


def test_calling_a_kernel_directly_is_an_error(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(a: asc.GlobalAddress) -> None:
            pass
        """
    )
    with pytest.raises(RuntimeError, match=r"'k' is an @asc.jit function: launch it with k\[core_num\]"):
        module.k(None)


def test_launching_runs_on_the_cpu_emulation(kernel_module: Callable[[str], ModuleType]) -> None:
    """``kernel[n](...)`` compiles for the arguments and runs (tests/emu has the emulation's own tests)."""
    module = kernel_module(
        """
        @asc.jit
        def k(a: asc.GlobalAddress) -> None:
            g = asc.GlobalTensor()
            g.set_global_buffer(a)
            g.set_value(asc.get_block_idx(), 7)
        """
    )
    a = np.zeros(16, np.float16)
    module.k[8](a)
    np.testing.assert_array_equal(a, [7] * 8 + [0] * 8)


def test_unknown_jit_option() -> None:
    with pytest.raises(RuntimeError, match="The following option names are unknown: colour"):
        asc.jit(colour="red")(lambda: None)


def test_ignored_pyasc_option_warns() -> None:
    def k() -> None:
        pass

    with pytest.warns(asc.AscxWarning, match="options auto_sync are accepted for pyasc compatibility"):
        asc.jit(auto_sync=False)(k)


def test_changed_globals_invalidate_the_cache(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        SIZE = 64
        DIMS = (1, 2)

        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            x_global = asc.GlobalTensor()
            x_global.set_global_buffer(x, SIZE * DIMS[1])
        """
    )
    first = module.k.compile(MockTensor(asc.float16))
    assert "x_global.SetGlobalBuffer(x, 128);" in first.source
    module.DIMS = (1, 2)  # an equal tuple: still valid
    assert module.k.compile(MockTensor(asc.float16)) is first
    module.SIZE = 32
    second = module.k.compile(MockTensor(asc.float16))
    assert "x_global.SetGlobalBuffer(x, 64);" in second.source
    assert [d.describe() for d in second.dependencies] == [
        "global 'asc'",
        "attribute 'GlobalTensor'",
        "global 'SIZE'",
        "global 'DIMS'",
    ]


def test_changed_closure_cells_invalidate_the_cache(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        def make():
            size = 8

            @asc.jit
            def k(x: asc.GlobalAddress) -> None:
                x_global = asc.GlobalTensor()
                x_global.set_global_buffer(x, size)

            def resize(n):
                nonlocal size
                size = n

            return k, resize

        K, RESIZE = make()
        """
    )
    assert "SetGlobalBuffer(x, 8);" in module.K.compile(MockTensor(asc.float16)).source
    module.RESIZE(16)
    assert "SetGlobalBuffer(x, 16);" in module.K.compile(MockTensor(asc.float16)).source


def test_argument_errors() -> None:
    def k(x: asc.GlobalAddress, n: int) -> None:
        pass

    kernel = asc.jit(k)
    with pytest.raises(TypeError, match=r"argument 'n': a bare data type is ambiguous here; pass MockTensor"):
        kernel.compile(asc.float16, asc.int32)
    with pytest.raises(TypeError, match="numpy dtype complex64 has no ascx data type"):
        kernel.compile(np.zeros(2, np.complex64), 1)
    with pytest.raises(asc.KernelError) as caught:
        kernel.compile(asc.float16)
    assert caught.value.message == "kernel 'k': missing a required argument: 'n'"


def test_jit_needs_a_function() -> None:
    with pytest.raises(TypeError, match=r"@asc\.jit needs a Python function, got int"):
        asc.jit(5)  # type: ignore[arg-type]


def test_signature_hiding_wrappers_are_rejected(kernel_module: Callable[[str], ModuleType]) -> None:
    with pytest.raises(asc.KernelError) as info:
        kernel_module(
            """
            def log_calls(fn):
                def wrapper(*args, **kwargs):
                    return fn(*args, **kwargs)
                return wrapper

            @asc.jit
            @log_calls
            def k(x):
                pass
            """
        )
    assert info.value.message == "*args and **kwargs parameters are not supported in kernels"
    assert info.value.hints == ["if a decorator wraps the kernel and hides its signature, put @asc.jit innermost"]


def test_functools_wraps_is_seen_through(kernel_module: Callable[[str], ModuleType]) -> None:
    module = kernel_module(
        """
        import functools

        def log_calls(fn):
            @functools.wraps(fn)
            def wrapper(*args, **kwargs):
                return fn(*args, **kwargs)
            return wrapper

        @asc.jit
        @log_calls
        def k(x: asc.GlobalAddress) -> None:
            pipe = asc.TPipe()
        """
    )
    assert "AscendC::TPipe pipe;" in module.k.compile(MockTensor(asc.float16)).source


def test_unverified_sync_is_a_warning_at_the_kernel(kernel_module: Callable[[str], ModuleType]) -> None:
    """Found by the fuzzer: the warning that ``verify_sync=False`` leaves a kernel unverified pointed into
    ascx's own compiler module; it is located at the kernel's decorator line."""
    module = kernel_module(
        """
import ascx as asc


@asc.jit(verify_sync=False)
def k(x: asc.GlobalAddress) -> None:
    xg = asc.GlobalTensor()
    xg.set_global_buffer(x, 256)
"""
    )
    with pytest.warns(
        asc.AscxWarning, match="^verify_sync=False: this kernel's synchronization is not verified$"
    ) as record:
        module.k.compile(MockTensor(asc.float32))
    [warning] = record
    assert (warning.filename, warning.lineno) == (module.__file__, line_of(module, "@asc.jit(verify_sync=False)"))


def test_numpys_default_float64_is_a_located_error(kernel_module: Callable[[str], ModuleType]) -> None:
    """Issue 28.1: ``kernel[n](np.random.rand(8), ...)`` (float64) ended in xDSL's ``VerifyException``."""
    module = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
            xg = asc.GlobalTensor()
            xg.set_global_buffer(x)
        """
    )
    with pytest.raises(asc.KernelError) as caught:
        module.k[1](np.zeros(8, np.float32), np.random.default_rng(0).random(8))
    assert caught.value.message == (
        "kernel 'k', parameter 'y': a float64 array cannot be a kernel argument: Ascend C's tensors hold float16, "
        "bfloat16, float32 or integer (int8 … int64, uint8 … uint64) elements"
    )
    assert caught.value.hints == ["numpy's default dtype is float64: convert it, e.g. y.astype(np.float32)"]
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "@asc.jit")


def test_a_missing_argument_names_the_kernel_and_its_parameters(kernel_module: Callable[[str], ModuleType]) -> None:
    """Issue 28.5: a launch without one of the kernel's arguments was a bare ``TypeError`` from ``inspect``."""
    module = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int = 8) -> None:
            xg = asc.GlobalTensor()
            xg.set_global_buffer(x)
        """
    )
    with pytest.raises(asc.KernelError) as caught:
        module.k[1](np.zeros(8, np.float32))
    assert caught.value.message == "kernel 'k': missing a required argument: 'y'"
    assert caught.value.hints == ["its parameters are k(x: GlobalAddress, y: GlobalAddress, n: int = 8)"]
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(module, "@asc.jit")
