"""Fuzzing the whole pipeline with generated kernels (``ascx.testing.kernel_gen``).

Properties, on every generated kernel:

1. compiling either succeeds or raises an ``AscxError`` located in the kernel's file at a line the
   file has (every diagnostic of a ``SyncError`` too); warnings are ``AscxWarning``s; nothing else
   escapes (an internal error is a failing example);
2. ``ascx-insert-sync`` is idempotent, and its output passes both sync verifiers with no error and
   no warning the kernel did not already get without insertion;
3. the static verdict (``ascx-verify-pipe-sync`` / ``ascx-verify-matmul-sync`` without insertion)
   equals the dynamic checker's over every trip count and branch combination the kernel is run
   with (a warning that holds only where a loop runs zero times counts as failing); a kernel the
   dynamic checker runs clean for every valid input compiles without an error; with insertion, the
   kernel runs clean (so its C++ builds against the emulation headers);
4. recompiling from the disk cache gives the same text and warnings;
5. a sample of the emitted C++ type-checks against CANN's headers;
6. scalar expressions mixing a ``uint32`` value with negative and large constants compute on the
   emulation what C++ computes;
7. a kernel that creates its ``TPipe`` below the entry (in a runtime ``if``, after an early ``return``, in
   a device function after its own early ``return``) declares exactly one ``TPipe`` in its C++, and property 3
   holds for it (issue 31 point 2: the insertion declared a second one for the ids of its flags);
8. a sample of the kernels without Matmul runs on both emulation backends (``ASCX_EMULATOR=both``: the
   clean-room headers and CANN's own headers over ascx's intrinsic layer) with bit-equal outputs, for every
   trip count and branch combination (docs/emulation.md#the-differential-check-in-the-suite).

Property 3 is also checked on kernels that each hold a ping-pong loop (flags whose id alternates with
the loop's iterations, a buffer half per id), correct or with one of the usual mistakes, and on kernels that
copy to and from each block's part of GM, launched on several blocks; on those, XC-7 warns whenever two
blocks' copies touch one element with one of them writing, and exactly when its proof does not clear a pair.

The default profile is derandomized and small (it runs in the default suite); ``ASCX_FUZZ=long``
draws fresh random programs, many more of them (``docs/fuzzing.md``).
"""

from __future__ import annotations

import functools
import os
import re
import traceback
import warnings
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from xdsl.dialects.builtin import ModuleOp

import ascx as asc
from ascx.analysis.report import SyncError
from ascx.emu.build import default_compiler
from ascx.emu.launch import EmulationError
from ascx.errors import AscxError, AscxWarning, SourceLocation
from ascx.runtime.cann_check import CannHeaders, Kernel as CannKernel, check_kernels
from ascx.runtime.compiler import compile_kernel
from ascx.runtime.pipeline import run_pipeline
from ascx.runtime.pipeline_spec import DEFAULT_PIPELINE, SYNC_INSERTION, SYNC_VERIFICATION
from ascx.testing.kernel_gen import (
    FAMILIES,
    PIPE_PLACEMENTS,
    SLICE_COPIES,
    UNSIGNED_NB,
    Kernel,
    bind_after_early_return,
    cpp_value,
    kernel_of,
    kernels,
    nested_pipe_kernel_of,
    nested_pipe_kernels,
    parts_overlap,
    parts_proved,
    slice_copy,
    unsigned_expressions,
    with_options,
)

LONG = os.environ.get("ASCX_FUZZ", "") == "long"
SCALE = float(os.environ.get("ASCX_FUZZ_SCALE", "1"))
"""Test configuration: a factor on the long profile's program counts (to fit a run into a time budget)."""


def fuzz_settings(quick: int, long: int) -> Callable[[Any], Any]:
    return settings(
        derandomize=not LONG,
        database=None,
        max_examples=max(1, round(long * SCALE)) if LONG else quick,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


Loader = Callable[[str], ModuleType]


def _check_location(location: SourceLocation | None, module: ModuleType, what: str) -> None:
    path = str(module.__file__)
    lines = len(Path(path).read_text().splitlines())
    assert location is not None, f"{what} has no location"
    assert location.file == path, f"{what} is located in {location.file}, not in the kernel's file {path}"
    assert 1 <= location.line <= lines, f"{what} is at line {location.line} of a {lines}-line file"


def compile_outcome(module: ModuleType, args: list[Any]) -> tuple[asc.AscxError | None, list[Any]]:
    """Compile ``module.k``; the user error it raised (or None) and the warnings it gave.  Any other
    exception fails the property, with the kernel's source."""
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            module.k.compile(*args)
    except AscxError as error:
        return error, list(caught)
    except Exception:  # an internal error: that is what the fuzzer looks for
        pytest.fail(f"internal error:\n{traceback.format_exc()}\n{_describe_module(module)}")
    return None, list(caught)


def _describe_module(module: ModuleType) -> str:
    return f"kernel file {module.__file__}:\n{Path(str(module.__file__)).read_text()}"


def check_compile(load: Loader, kernel: Kernel, **options: object) -> tuple[ModuleType, AscxError | None]:
    module = load(with_options(kernel, **options))
    error, caught = compile_outcome(module, kernel.arguments())
    context = _describe_module(module)
    if error is not None:
        _check_location(error.location, module, f"error {error.message!r}\n{context}")
        if isinstance(error, SyncError):
            for diagnostic in error.diagnostics:
                _check_location(diagnostic.location, module, f"diagnostic {diagnostic.message!r}\n{context}")
    for w in caught:
        assert issubclass(w.category, AscxWarning), f"{w.category.__name__}: {w.message}\n{context}"
        assert w.filename == module.__file__, f"warning {w.message} located in {w.filename}\n{context}"
    return module, error


# --- 1. every compile succeeds or fails with a located user error -----------------------------------


@fuzz_settings(quick=80, long=4000)
@given(kernel=kernels())
def test_compiles_or_reports_a_located_user_error(kernel_module: Loader, kernel: Kernel) -> None:
    check_compile(kernel_module, kernel)
    check_compile(kernel_module, kernel, insert_sync=False)


# --- 2. insertion is idempotent and verifies -----------------------------------------------------------

FRONT = tuple(name for name in DEFAULT_PIPELINE if name not in SYNC_VERIFICATION)
"""The default pipeline without the verifiers (their verdicts are compared separately)."""
FRONT_WITHOUT_INSERTION = tuple(name for name in FRONT if name not in SYNC_INSERTION)


def _diagnostics(run: Callable[[], object]) -> tuple[list[str], list[str]]:
    """The errors and warnings ``run`` reports (as rendered text without locations)."""
    errors: list[str] = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            run()
        except SyncError as error:
            errors = [d.message for d in error.diagnostics if d.severity == "error"]
    return errors, [str(w.message) for w in caught if issubclass(w.category, AscxWarning)]


def _verdicts(module: ModuleOp) -> tuple[list[str], list[str]]:
    """Both verifiers' errors and warnings, each verifier run on its own (a failing one stops a pipeline)."""
    errors: list[str] = []
    found: list[str] = []
    for name in SYNC_VERIFICATION:
        more_errors, more = _diagnostics(functools.partial(run_pipeline, module, (name,)))
        errors += more_errors
        found += more
    return errors, found


@fuzz_settings(quick=40, long=2000)
@given(kernel=kernels())
def test_insertion_is_idempotent_and_its_output_verifies(kernel_module: Loader, kernel: Kernel) -> None:
    module, error = check_compile(kernel_module, kernel, insert_sync=False, verify_sync=False)
    if error is not None:
        return
    fn, options = module.k.ascx_python_function, module.k.kernel_options
    params = module.k.specialize(*kernel.arguments())
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            inserted = compile_kernel(fn, params, options, pipeline=FRONT).module
        except AscxError:
            return  # insertion reported an unfixable error (checked located by property 1)
        once = str(inserted)
        run_pipeline(inserted, ("ascx-insert-sync",))
        original = compile_kernel(fn, params, options, pipeline=FRONT_WITHOUT_INSERTION).module
    context = _describe_module(module)
    assert str(inserted) == once, f"a second ascx-insert-sync changed the IR\n{context}"
    errors_before, before = _verdicts(original)
    errors, after = _verdicts(inserted)
    # what insertion may not touch (a user's orphaned set_flag, a queue protocol violation) stays an error
    new_errors = sorted(set(errors) - set(errors_before))
    assert not new_errors, f"the output of ascx-insert-sync has new errors: {new_errors}\n{context}"
    new = sorted(set(after) - set(before))
    assert not new, f"verifying the inserted IR gave new warnings: {new}\n{context}"


# --- 3. static verdict == dynamic verdict; inserted sync runs clean ------------------------------------


def dynamic_verdict(module: ModuleType, kernel: Kernel) -> str | None:
    """The first run-time error over every run of ``kernel.runs()``, or None."""
    for n, conditions, m in kernel.runs():
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                module.k[kernel.blocks](*kernel.arguments(n, conditions, m))
        except EmulationError as error:
            return f"with n={n}, conditions={conditions}, m={m}: {error.message}"
    return None


@pytest.mark.filterwarnings("ignore")
@fuzz_settings(quick=6, long=400)
@given(kernel=kernels())
def test_static_verdict_equals_dynamic_verdict(kernel_module: Loader, kernel: Kernel) -> None:
    check_static_equals_dynamic(kernel_module, kernel)


def check_static_equals_dynamic(kernel_module: Loader, kernel: Kernel) -> None:
    """Property 3: a sync error without insertion exactly when the dynamic checker stops a run; with
    insertion, every run is clean."""
    module, error = check_compile(kernel_module, kernel, insert_sync=False, verify_sync=False)
    if error is not None:
        return  # a trace-time error: nothing to run
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        static = check_compile(kernel_module, kernel, insert_sync=False)[1]
    # a violation only where a loop over a runtime count runs zero times is a warning (docs/rules/matmul.md
    # #loops-that-may-run-zero-times), and the dynamic checker stops that run (n = 0)
    zero_trip = [str(w.message) for w in caught if "runs zero times" in str(w.message)]
    static_text = str(static).splitlines()[0] if static is not None else (zero_trip or [None])[0]
    dynamic = dynamic_verdict(module, kernel)
    context = _describe_module(module)
    failing = static is not None or bool(zero_trip)
    assert failing == (dynamic is not None), f"static: {static_text}\ndynamic: {dynamic}\n{context}"
    inserted, error = check_compile(kernel_module, kernel)
    if dynamic is None:  # clean for every valid input: compiles without an error (issue 24)
        assert error is None, f"runs clean for every valid input, but: {error}\n{context}"
    if error is None:
        assert dynamic_verdict(inserted, kernel) is None, f"inserted sync does not run clean\n{context}"


@pytest.mark.filterwarnings("ignore")
@fuzz_settings(quick=12, long=600)
@given(kernel=kernels(families=("vector", "scalar", "flags"), max_statements=3, ping_pong=True))
def test_a_ping_pong_kernel_runs_clean_exactly_when_it_compiles_without_an_error(
    kernel_module: Loader, kernel: Kernel
) -> None:
    """Property 3 on kernels that each hold a ping-pong loop (docs/rules/flags.md#event-ids), correct or with
    one of the usual mistakes: one the dynamic checker runs clean for n of 0, 1 and 2 compiles without a
    sync error, one it stops on does not."""
    check_static_equals_dynamic(kernel_module, kernel)


@pytest.mark.filterwarnings("ignore")
@fuzz_settings(quick=4, long=400)
@given(kernel=kernels(families=("slices", "scalar", "flags"), max_statements=5))
def test_a_kernel_with_block_parts_runs_clean_exactly_when_it_compiles_without_an_error(
    kernel_module: Loader, kernel: Kernel
) -> None:
    """Property 3 on kernels whose copies go to each block's part of GM, launched on ``SLICE_BLOCKS`` blocks
    (``kernel_gen.SLICE_COPIES``): one the dynamic checker runs clean on every block compiles without an error."""
    check_static_equals_dynamic(kernel_module, kernel)


@fuzz_settings(quick=12, long=1000)
@given(kernel=kernels(families=("slices",), max_statements=6))
def test_xc7_reports_every_race_between_block_parts(kernel_module: Loader, kernel: Kernel) -> None:
    """XC-7 (docs/rules/cross-core.md#xc-7) warns whenever two blocks' copies touch one element of GM, one of
    them writing it, with no inter-block synchronization between (the generator knows each copy's elements
    per block: ``Kernel.parts_overlap``), whatever order the kernel makes them in; and it warns exactly when
    its proof does not clear a pair (``Kernel.parts_proved``: the copies inside their parts are cleared, a
    copy past its part or into another block's is not, even where it happens to miss the other copies)."""
    module = kernel_module(with_options(kernel, insert_sync=False))
    error, caught = compile_outcome(module, kernel.arguments())
    if error is not None and not isinstance(error, SyncError):
        return  # a trace-time error (the vector family's misuse): nothing to verify
    xc7 = [str(w.message) for w in caught if "[XC-7]" in str(w.message)]
    if isinstance(error, SyncError):  # errors of other rules: the warnings come with them
        xc7 += [d.message for d in error.diagnostics if d.rule == "XC-7"]
    context = _describe_module(module)
    assert xc7 or not kernel.parts_overlap, f"a race between blocks without XC-7\n{context}"
    assert bool(xc7) == (not kernel.parts_proved), f"XC-7: {xc7}\nproved: {kernel.parts_proved}\n{context}"


# --- 4. the disk cache gives the same text -----------------------------------------------------------


@fuzz_settings(quick=20, long=500)
@given(kernel=kernels())
def test_the_disk_cache_gives_the_same_text(kernel_module: Loader, kernel: Kernel) -> None:
    module, error = check_compile(kernel_module, kernel)
    if error is not None:
        return
    args = kernel.arguments()
    first = module.k.compile(*args)  # from the in-memory cache
    module.k._cache.clear()  # the disk cache stays
    with warnings.catch_warnings(record=True) as replayed:
        warnings.simplefilter("always")
        second = module.k.compile(*args)
    context = _describe_module(module)
    assert "load" in second.timings, f"the second compile did not come from the disk cache\n{context}"
    assert second.source == first.source, context
    assert second.warnings == first.warnings, context
    assert [str(w.message) for w in replayed] == [w.message for w in first.warnings], context


# --- 5. a sample of the emitted C++ type-checks against CANN's headers ---------------------------------


@pytest.mark.filterwarnings("ignore")
@fuzz_settings(quick=3, long=60)
@given(kernel=kernels())
def test_a_sample_type_checks_against_cann(kernel_module: Loader, kernel: Kernel, cann_headers: CannHeaders) -> None:
    """The C++ of a successful compile is accepted by CANN's own headers on the vector and the cube side
    (``ascx.runtime.cann_check``, with the default host compiler; skipped without CANN's headers)."""
    module, error = check_compile(kernel_module, kernel)
    if error is not None:
        return
    source = module.k.compile(*kernel.arguments()).source
    failures = check_kernels([CannKernel("k", source)], cann_headers, compilers=[default_compiler()])
    context = _describe_module(module)
    assert not failures, "\n".join(str(f) for f in failures) + f"\n{context}"


# --- 8. both emulation backends compute the same bits ---------------------------------------------------


DIFFERENTIAL_FAMILIES = ("vector", "scalar", "queue", "flags") if not LONG else FAMILIES
"""The families property 8 draws from: the quick profile leaves out ``matmul``, whose MIX kernels build
twice through CANN's headers with the Matmul client and server (three such kernels took 11 minutes with
cold builds on the shared machine); the long profile draws from every family."""


@pytest.mark.filterwarnings("ignore")
@fuzz_settings(quick=3, long=100)
@given(kernel=kernels(families=DIFFERENTIAL_FAMILIES))
def test_a_sample_computes_the_same_on_both_emulation_backends(
    kernel_module: Loader, kernel: Kernel, cann_headers: CannHeaders, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kernel (with ascx's synchronisation, so every run is clean on the clean-room backend: property
    3) runs with ``ASCX_EMULATOR=both`` for every input of ``kernel.runs()``: the CANN backend runs it too and
    every output array is bit-equal (skipped without CANN's headers)."""
    module, error = check_compile(kernel_module, kernel)
    if error is not None:
        return
    monkeypatch.setenv("ASCX_CANN_HEADERS", str(cann_headers.root))
    monkeypatch.setenv("ASCX_EMULATOR", "both")
    context = _describe_module(module)
    for n, conditions, m in kernel.runs():
        try:
            module.k[1](*kernel.arguments(n, conditions, m))
        except EmulationError as failure:
            pytest.fail(f"with n={n}, conditions={conditions}, m={m}: {failure.message}\n{context}")


# --- regressions: kernels the generator can draw, checked against every property ------------------------


def test_a_tensor_bound_after_an_early_return_in_a_device_function(kernel_module: Loader) -> None:
    """Issue 31, point 1 (what the generator now draws): a GlobalTensor of the kernel, given its buffer
    by a device function after an early return and used in another runtime ``if``, was declared in the
    function's else-branch; its C++ did not build, so the emulation could not run it."""
    kernel = kernel_of(("vector",), [*bind_after_early_return("u", "c0"), "asc.data_copy(zg, u, 256)"])
    test_static_verdict_equals_dynamic_verdict.hypothesis.inner_test(kernel_module, kernel)  # type: ignore[attr-defined]
    module, error = check_compile(kernel_module, kernel)
    assert error is None, error
    x = kernel.arguments()[0]
    for c0 in (0, 1):
        args = kernel.arguments(1, (c0, 0))
        module.k[1](*args)
        assert (args[1][:256] == (x if c0 else 0)).all()


def test_the_parts_of_the_slices_family(kernel_module: Loader) -> None:
    """The model behind property 8 (``kernel_gen.parts_overlap``, ``parts_proved``) on the family's copies:
    copies inside the parts never race and are proved; the write past the part races with the reads of the
    next block's part, the read of the other block's part with its writes; and three kernels it draws,
    checked against XC-7 and run on two blocks."""
    inside = [c for c in SLICE_COPIES if c.inside]
    past, other = SLICE_COPIES[5], SLICE_COPIES[6]
    assert len(inside) == 5
    assert not past.inside
    assert not other.inside
    assert not parts_overlap(inside)
    assert parts_proved(inside)
    assert [parts_overlap([past, c]) for c in inside] == [False, False, False, True, True]
    assert [parts_overlap([other, c]) for c in inside] == [False, True, True, False, False]
    assert not parts_overlap([past, other])
    assert not parts_proved([past, other])
    assert not parts_overlap([past])
    assert parts_proved([past])
    kernels_drawn = [
        kernel_of(("slices",), [*slice_copy(SLICE_COPIES[1], "u"), *slice_copy(SLICE_COPIES[4], "v")]),
        kernel_of(("slices",), [*slice_copy(SLICE_COPIES[1], "u"), *slice_copy(other, "v")]),
        kernel_of(("slices",), [*slice_copy(SLICE_COPIES[2], "u"), *slice_copy(past, "v")]),
    ]
    assert [(k.parts_overlap, k.parts_proved, k.blocks) for k in kernels_drawn] == [
        (False, True, 2),
        (True, False, 2),
        (False, False, 2),
    ]
    for kernel in kernels_drawn:
        test_xc7_reports_every_race_between_block_parts.hypothesis.inner_test(kernel_module, kernel)  # type: ignore[attr-defined]
        test_a_kernel_with_block_parts_runs_clean_exactly_when_it_compiles_without_an_error.hypothesis.inner_test(  # type: ignore[attr-defined]
            kernel_module, kernel
        )


# --- 6. unsigned scalar expressions compute what C++ computes ------------------------------------------


@fuzz_settings(quick=3, long=100)
@given(expressions=st.lists(unsigned_expressions(), min_size=1, max_size=8))
def test_unsigned_expressions_compute_what_cpp_computes(kernel_module: Loader, expressions: list[str]) -> None:
    """Integer constants next to a ``uint32`` take its type with C++'s wrap-around (``(nb + 31) & ~31``
    crashed the tracer once), and the emulation computes what C++ computes."""
    stores = "\n".join(f"    o.set_value({i}, {e})" for i, e in enumerate(expressions))
    module = kernel_module(
        "@asc.jit\ndef k(out: asc.GlobalAddress, nb: int) -> None:\n"
        f"    o = asc.GlobalTensor()\n    o.set_global_buffer(out, 8)\n{stores}\n"
    )
    out = np.zeros(8, dtype=np.uint32)
    module.k[1](out, np.uint32(UNSIGNED_NB))
    want = [cpp_value(e, UNSIGNED_NB) for e in expressions]
    assert [int(v) for v in out[: len(expressions)]] == want, _describe_module(module)


# --- 7. one TPipe, wherever the kernel creates it --------------------------------------------------------

TPIPE_DECLARATION = re.compile(r"^\s*AscendC::TPipe \w+;$", re.MULTILINE)


def check_one_tpipe(kernel_module: Loader, kernel: Kernel) -> ModuleType:
    """Property 7: a successful compile (with insertion) declares one ``TPipe``, the kernel's (CANN's TPipe
    constructor resets the buffer pool, and its debug build asserts "TPipe has already been constructed")."""
    module, error = check_compile(kernel_module, kernel)
    if error is None:
        source = module.k.compile(*kernel.arguments()).source
        declared = TPIPE_DECLARATION.findall(source)
        assert len(declared) == 1, f"the C++ declares {declared}\n{source}\n{_describe_module(module)}"
    return module


@fuzz_settings(quick=20, long=800)
@given(kernel=nested_pipe_kernels())
def test_a_kernel_creating_its_pipe_below_the_entry_declares_one_tpipe(kernel_module: Loader, kernel: Kernel) -> None:
    check_one_tpipe(kernel_module, kernel)


@pytest.mark.filterwarnings("ignore")
@fuzz_settings(quick=3, long=300)
@given(kernel=nested_pipe_kernels(max_statements=4))
def test_a_kernel_creating_its_pipe_below_the_entry_runs_clean_exactly_when_it_compiles_without_an_error(
    kernel_module: Loader, kernel: Kernel
) -> None:
    """Property 3 on those kernels: every pair insertion adds takes its id from the kernel's own pipe (IN-E3
    would be an error where the dynamic checker runs clean)."""
    check_static_equals_dynamic(kernel_module, kernel)


QUEUE_TRIP_WITH_A_FLAG = [
    "t = qi.alloc_tensor(asc.float32)",
    "asc.data_copy(t, xg, 256)",
    "qi.enque(t)",
    "t = qi.deque(asc.float32)",
    "asc.adds(t, t, 1.0, 256)",
    "asc.data_copy(zg, t, 256)",  # V -> MTE3: insertion adds a pair, its id from the pipe's pool
    "qi.free_tensor(t)",
]


@pytest.mark.filterwarnings("ignore")
@pytest.mark.parametrize("placement", PIPE_PLACEMENTS)
def test_a_pipe_below_the_entry_is_the_one_tpipe(kernel_module: Loader, placement: str) -> None:
    """Issue 31 point 2, at each placement the generator draws: one ``TPipe`` in the C++, the inserted pair's
    id allocated from it, and the kernel runs clean and computes ``x + 1`` on the path that reaches the pipe."""
    kernel = nested_pipe_kernel_of(("queue", "vector"), QUEUE_TRIP_WITH_A_FLAG, placement, "c0")
    module = check_one_tpipe(kernel_module, kernel)
    source = module.k.compile(*kernel.arguments()).source
    assert "pipe.AllocEventID<AscendC::HardEvent::V_MTE3>()" in source
    x = kernel.arguments()[0]
    for c0 in (0, 1):
        args = kernel.arguments(1, (c0, 0))
        module.k[1](*args)
        reached = c0 > 0 if placement == "branch" else c0 == 0
        np.testing.assert_array_equal(args[1][:256], x + 1 if reached else 0)
