"""The Matmul async protocol: ascx-verify-matmul-sync verdicts (insert_sync=False) and what
ascx-insert-sync does with the same kernels, for the Matmul mistakes pyasc does not catch and the
examples of docs/rules/matmul.md and docs/passes/insert-sync.md.  Diagnostics are compared exactly,
with their lines."""

from __future__ import annotations

import re
import textwrap
import warnings
from collections.abc import Callable
from types import ModuleType

import pytest

import ascx as asc
from ascx.analysis import dataflow
from ascx.analysis.report import SyncError
from ascx.runtime.jit import MockTensor, MockValue
from ascx.testing import line_of, without_excerpts

KERNEL = """
@asc.jit({options})
def k(a: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress, n: int) -> None:
    pipe = asc.TPipe()
    A = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16{layout})
    C = asc.adv.MatmulType(asc.TPosition.{c_pos}, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(A, A, C{config})
    asc.adv.register_matmul(pipe, ws, mm, asc.adv.TCubeTiling(m=64))
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    ws_gm = asc.GlobalTensor()
    ws_gm.set_global_buffer(c, 65536)
    cl = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    x = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 1024, 256)
    x16 = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 2048, 256)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(a_gm)  # the body follows
{body}
"""
ARGS = (MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.uint8), MockValue(asc.int32))
BODY_START = 0
"""The file line of the body's first statement (set by ``load_body``; every kernel file has the same prelude)."""


def compile_body(
    load: Callable[[str], ModuleType],
    body: str,
    *,
    insert: bool = False,
    c_pos: str = "GM",
    batch: bool = False,
    options: str = "",
) -> tuple[ModuleType, asc.CompiledKernel]:
    flags = f"insert_sync={insert}" + (f", {options}" if options else "")
    source = KERNEL.format(
        options=flags,
        body=textwrap.indent(textwrap.dedent(body).strip("\n"), "    "),
        c_pos=c_pos,
        layout=", layout=asc.LayoutMode.BSNGD" if batch else "",
        config=", matmul_config=asc.adv.MatmulConfig(is_n_batch=True)" if batch else "",
    )
    module = _load(load, source)
    return module, module.k.compile(*ARGS)


def diagnostics(load: Callable[[str], ModuleType], body: str, **kw: object) -> list[str]:
    """The rendered diagnostics of a failing compile, with paths removed: ``L<line>:<col>: ...``."""
    with pytest.raises(SyncError) as info:
        compile_body(load, body, **kw)  # type: ignore[arg-type]
    return [_relative(line) for line in without_excerpts(str(info.value))]


def _relative(line: str) -> str:
    return re.sub(r"^\S+?\.py:(\d+):(\d+): ", lambda m: f"L{int(m[1]) - BODY_START + 1}:{m[2]}: ", line)


def _load(load: Callable[[str], ModuleType], source: str) -> ModuleType:
    module = load(source)
    global BODY_START
    BODY_START = line_of(module, "# the body follows") + 1
    return module


def warnings_of(record: pytest.WarningsRecorder) -> list[str]:
    return [f"L{w.lineno - BODY_START + 1}: " + "\n".join(without_excerpts(str(w.message))) for w in record]


def sync_lines(source: str) -> list[str]:
    """The statements of the kernel body that touch the Matmul object or copy data."""
    wanted = re.compile(r"\bmm\.(Iterate|Wait|End|GetTensorC|SetWorkspace)|DataCopy|\bif \(|Abs\(")
    return [line.strip() for line in source.splitlines() if wanted.search(line) and "is_aic" not in line]


# --- verifier verdicts (insert_sync=False) ---------------------------------------------------------


def test_read_before_wait_and_end_while_pending(kernel_module: Callable[[str], ModuleType]) -> None:
    """An output read before its wait, and end() while pending."""
    assert diagnostics(
        kernel_module,
        """
        mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
        asc.data_copy(cl, c_gm, count=256)
        mm.end()
        """,
    ) == [
        "L2:5: error: `asc.data_copy` reads `c_gm`, the output of asynchronous `mm.iterate_all(sync=False)`, before "
        "`mm.wait_iterate_all()` [MM-1]",
        "L1:5: note: asynchronous mm.iterate_all started here; call mm.wait_iterate_all() before the first access to "
        "its output",
        "L3:5: error: `mm.end()` is called while asynchronous `mm.iterate_all` is still pending [MM-2]",
        "L1:5: note: started here; call mm.wait_iterate_all() before mm.end()",
    ]


def test_pending_at_return(kernel_module: Callable[[str], ModuleType]) -> None:
    """MM-3, and MM-16 for the missing end()."""
    assert diagnostics(kernel_module, "mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)") == [
        "L1:5: error: kernel returns while asynchronous `mm.iterate_all(sync=False)` has not completed [MM-3]",
        "L1:5: note: started here; call mm.wait_iterate_all() before the kernel returns",
        "L1:5: warning: Matmul object `mm` is not ended; call `mm.end()` after its last use [MM-16]",
    ]


def test_waits_without_a_start(kernel_module: Callable[[str], ModuleType]) -> None:
    """A wait after a synchronous call, and a wait matched on one path only (with a path note)."""
    assert diagnostics(
        kernel_module,
        """
        mm.iterate_all(c_gm)
        mm.wait_iterate_all()
        if n > 0:
            mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
        mm.wait_iterate_all()
        mm.end()
        """,
    ) == [
        "L2:5: error: `mm.wait_iterate_all()` has no matching asynchronous `mm.iterate_all(..., sync=False, "
        "wait_iterate_all=True)`; it would wait for a completion that is never signalled [MM-4]",
        "L1:5: note: this call is synchronous (sync=True)",
        "L5:5: error: `mm.wait_iterate_all()` has no matching asynchronous `mm.iterate_all(..., sync=False, "
        "wait_iterate_all=True)`; it would wait for a completion that is never signalled [MM-4]",
        "L3:8: note: on the path where `n > 0` is false",
    ]


def test_correlated_branches_are_not_reported(kernel_module: Callable[[str], ModuleType]) -> None:
    """Correlated branches: `if c: start` ... `if c: wait` is correct on every feasible path."""
    _, compiled = compile_body(
        kernel_module,
        """
        if n > 0:
            mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
        if n > 0:
            mm.wait_iterate_all()
        mm.end()
        """,
    )
    assert "mm.WaitIterateAll();" in compiled.source


def test_loop_carried_start(kernel_module: Callable[[str], ModuleType]) -> None:
    """The loop fixpoint finds the start still pending from the previous iteration."""
    assert diagnostics(
        kernel_module,
        """
        for i in range(4):
            mm.iterate_all(c_gm[i * 64:], sync=False, wait_iterate_all=True)
            asc.abs(x, x, 64)
        mm.wait_iterate_all()
        mm.end()
        """,
    ) == [
        "L2:9: error: `mm.iterate_all` starts while asynchronous `mm.iterate_all` on the same Matmul object is still "
        "pending [MM-7]",
        "L2:9: note: still pending from here in the previous loop iteration",
        "L3:9: error: `asc.abs` reads `x` written by `asc.abs` on the same pipe V without "
        "`asc.pipe_barrier(PipeID.PIPE_V)` [HZ-4]",
        "L3:9: note: written here in the previous loop iteration",
    ]


def test_async_fetch_read_before_wait(kernel_module: Callable[[str], ModuleType]) -> None:
    """An asynchronous fetch consumed before its wait (with a workspace, so MM-17 does not fire).
    ascx-verify-pipe-sync adds
    the loop-carried write-after-write of ``x`` (the next block's fetch on MTE2 after this block's ``abs``
    on V), which insertion orders with a ``V_MTE2`` pair."""
    lines = diagnostics(
        kernel_module,
        """
        mm.set_workspace(ws_gm)
        with mm.iterate(sync=False) as count:
            mm.get_tensor_c(x, sync=False)
            asc.abs(x, x, 256)
        mm.end()
        """,
        c_pos="VECIN",
    )
    assert lines == [
        "L2:5: warning: `with mm.iterate(sync=False)` calls Iterate<false> once per block; Ascend C documents one "
        "Iterate<false>() followed by one GetTensorC<false> per block [MM-29]",
        "L3:9: error: `mm.get_tensor_c` (MTE2) and `asc.abs` (V) both write `x` without ordering [HZ-3]",
        "L4:9: note: written here in the previous loop iteration",
        "L4:9: error: `asc.abs` reads `x`, the output of asynchronous `mm.get_tensor_c(sync=False)`, before "
        "`mm.wait_get_tensor_c()` [MM-1]",
        "L3:9: note: asynchronous mm.get_tensor_c started here; call mm.wait_get_tensor_c() before the first access "
        "to its output",
        "L5:5: error: `mm.end()` is called while asynchronous `mm.get_tensor_c` is still pending [MM-2]",
        "L3:9: note: started here; call mm.wait_get_tensor_c() before mm.end()",
    ]


def test_iterate_blocks_never_fetched(kernel_module: Callable[[str], ModuleType]) -> None:
    """MM-11."""
    assert diagnostics(
        kernel_module,
        """
        with mm.iterate() as count:
            pass
        with mm.iterate() as count:
            mm.get_tensor_c(c_gm)
            mm.get_tensor_c(c_gm)
        mm.end()
        """,
    ) == [
        "L1:5: error: the block produced by each `mm.iterate()` step is never fetched [MM-11]",
        "L3:5: error: `mm.get_tensor_c` is called 2 times in one `mm.iterate()` step; each step produces one "
        "block [MM-11]",
    ]


def test_async_batch_never_waited(kernel_module: Callable[[str], ModuleType]) -> None:
    """An asynchronous iterate_n_batch pending at end()."""
    assert diagnostics(
        kernel_module,
        """
        mm.set_workspace(ws_gm)
        mm.iterate_n_batch(4, 2, 2, False, sync=False, wait_iterate_batch=True)
        mm.end()
        """,
        batch=True,
    ) == [
        "L3:5: error: `mm.end()` is called while asynchronous `mm.iterate_n_batch` is still pending [MM-2]",
        "L2:5: note: started here; call mm.wait_iterate_batch() before mm.end()",
    ]


def test_unwaitable_start_read(kernel_module: Callable[[str], ModuleType]) -> None:
    """MM-8 and MM-1 with the note that no wait is possible; insertion cannot fix it."""
    body = """
        mm.iterate_all(c_gm, sync=False)
        asc.data_copy(cl, c_gm, count=256)
        mm.end()
        """
    expected = [
        "L1:5: warning: asynchronous `mm.iterate_all` with wait_iterate_all=False: this core cannot wait for it with "
        "`mm.wait_iterate_all()`; completion must be established by other means [MM-8]",
        "L2:5: error: `asc.data_copy` reads `c_gm`, the output of asynchronous `mm.iterate_all(sync=False)`, before "
        "`mm.wait_iterate_all()` [MM-1]",
        "L1:5: note: this call passes wait_iterate_all=False, so mm.wait_iterate_all() cannot complete it; pass "
        "wait_iterate_all=True and wait, or use sync=True",
    ]
    assert diagnostics(kernel_module, body) == expected
    assert diagnostics(kernel_module, body, insert=True) == expected


def test_wait_get_tensor_c_without_async_fetch(kernel_module: Callable[[str], ModuleType]) -> None:
    """MM-6 is a warning."""
    with pytest.warns(asc.AscxWarning) as record:
        compile_body(
            kernel_module,
            """
            with mm.iterate() as count:
                mm.get_tensor_c(c_gm)
                mm.wait_get_tensor_c()
            mm.end()
            """,
        )
    assert warnings_of(record) == [
        "L3: `mm.wait_get_tensor_c()` has no preceding asynchronous `mm.get_tensor_c(..., sync=False)`; it only "
        "orders earlier MTE2 copies before vector operations [MM-6]\n"
        f"{record[0].filename}:{BODY_START + 1}:9: note: this fetch is synchronous (sync=True)"
    ]


def test_wait_iterate_batch_after_a_sync_batch(kernel_module: Callable[[str], ModuleType]) -> None:
    """MM-5."""
    assert diagnostics(
        kernel_module,
        """
        mm.iterate_batch(c_gm, 2, 2, False)
        mm.wait_iterate_batch()
        mm.end()
        """,
        batch=True,
    ) == [
        "L2:5: error: `mm.wait_iterate_batch()` has no matching asynchronous `mm.iterate_batch(..., sync=False, "
        "wait_iterate_batch=True)`; it would wait for a completion that is never signalled [MM-5]",
        "L1:5: note: this call is synchronous (sync=True)",
    ]


def test_missing_end_and_use_after_end(kernel_module: Callable[[str], ModuleType]) -> None:
    """A missing end() (a warning) and a use after end() (MM-13)."""
    with pytest.warns(asc.AscxWarning) as record:
        compile_body(kernel_module, "mm.iterate_all(c_gm)")
    assert warnings_of(record) == ["L1: Matmul object `mm` is not ended; call `mm.end()` after its last use [MM-16]"]
    assert diagnostics(kernel_module, "mm.end()\nmm.iterate_all(c_gm)") == [
        "L2:5: error: `mm.iterate_all` uses Matmul object `mm` after `mm.end()` [MM-13]",
        "L1:5: note: ended here",
        "L2:5: warning: Matmul object `mm` is not ended; call `mm.end()` after its last use [MM-16]",
    ]


def test_workspace_on_one_path_only(kernel_module: Callable[[str], ModuleType]) -> None:
    """A missing workspace on a path the trace-order check cannot see: MM-17 with a path note."""
    assert diagnostics(
        kernel_module,
        """
        if n > 0:
            mm.set_workspace(ws_gm)
        mm.iterate(sync=False)
        for j in range(2):
            mm.get_tensor_c(x, sync=False)
            mm.wait_get_tensor_c()
        mm.end()
        """,
        c_pos="VECIN",
    ) == [
        "L3:5: error: asynchronous `mm.iterate` requires `mm.set_workspace(...)` before it [MM-17]",
        "note: the workspace is set on some paths only",
    ]


def test_input_overwritten_while_pending(kernel_module: Callable[[str], ModuleType]) -> None:
    """MM-9: a copy into matrix A while the computation that reads it is pending."""
    assert diagnostics(
        kernel_module,
        """
        mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
        asc.data_copy(a_gm, x16, count=256)
        mm.wait_iterate_all()
        mm.end()
        """,
    ) == [
        "L2:5: error: `asc.data_copy` overwrites `a_gm`, an input of asynchronous `mm.iterate_all` that is still "
        "pending [MM-9]",
        "L-1:5: note: bound as matrix A here",
    ]


# --- insertion ------------------------------------------------------------------------------------


def test_wait_before_the_first_consumer(kernel_module: Callable[[str], ModuleType]) -> None:
    """The wait before the first consumer, and the warning at the asynchronous start (issue: repairs of user code are
    reported)."""
    with pytest.warns(asc.AscxWarning) as record:
        _, compiled = compile_body(
            kernel_module,
            """
            mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
            asc.data_copy(cl, c_gm, count=256)
            mm.end()
            """,
            insert=True,
        )
    assert sync_lines(compiled.source) == [
        "mm.IterateAll<false>(c_gm, 0, false, true, false);",
        "mm.WaitIterateAll();",
        "AscendC::DataCopy(cl, c_gm, 256);",
        "mm.End();",
    ]
    assert warnings_of(record) == [
        "L1: asynchronous `mm.iterate_all(sync=False)` is not completed before the first access to its output; "
        f"ascx inserted `mm.wait_iterate_all()` before line {BODY_START + 1} (`asc.data_copy(cl, c_gm, count=256)`) "
        "[MM-1]"
    ]


def _insertion_warnings(load: Callable[[str], ModuleType], body: str) -> list[tuple[int, int | None, str]]:
    """The line (relative to the body), column and whole text (excerpt included) of each warning of a compile
    with insertion."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        compile_body(load, body, insert=True)
    found: list[tuple[int, int | None, str]] = []
    for w in caught:
        assert isinstance(w.message, asc.AscxWarning)
        found.append((w.lineno - BODY_START + 1, w.message.column, str(w.message)))
    return found


def test_the_warning_says_where_the_wait_went_straight_line(kernel_module: Callable[[str], ModuleType]) -> None:
    """Issue 28.5: the MM-1 warning has the start's column and says where the wait went: before the line of the
    consumer, with its source."""
    assert _insertion_warnings(
        kernel_module,
        """
        mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
        asc.abs(x, x, 256)
        asc.data_copy(cl, c_gm, count=256)
        mm.end()
        """,
    ) == [
        (
            1,
            5,
            "asynchronous `mm.iterate_all(sync=False)` is not completed before the first access to its output; "
            f"ascx inserted `mm.wait_iterate_all()` before line {BODY_START + 2} "
            "(`asc.data_copy(cl, c_gm, count=256)`) [MM-1]\n"
            f"{BODY_START:>5} |     mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)\n"
            "      |     ^",
        )
    ]


def test_the_warning_says_where_the_wait_went_in_a_loop(kernel_module: Callable[[str], ModuleType]) -> None:
    """A start that the next iteration's copy reads: the wait goes before the copy, in the loop body, under a
    test that skips the first iteration; the start's column is that of the indented call."""
    found = _insertion_warnings(
        kernel_module,
        """
        for i in range(n):
            asc.data_copy(cl, c_gm, count=256)
            mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
        mm.wait_iterate_all()
        mm.end()
        """,
    )
    assert found[0] == (
        3,
        9,
        "asynchronous `mm.iterate_all(sync=False)` is not completed before the first access to its output; "
        f"ascx inserted `mm.wait_iterate_all()` before line {BODY_START + 1} (`asc.data_copy(cl, c_gm, count=256)`), "
        "guarded to run only where the work is pending [MM-1]\n"
        f"{BODY_START + 2:>5} |         mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)\n"
        "      |         ^",
    )


def test_the_warning_says_where_the_wait_went_at_the_end_of_a_loop_body(
    kernel_module: Callable[[str], ModuleType],
) -> None:
    """A ``while`` loop restarting the work: the wait goes at the end of the loop body (after ``i += 1``),
    which the warning names by the loop's line."""
    found = _insertion_warnings(
        kernel_module,
        """
        i = 0
        while i < n:
            mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
            i += 1
        mm.end()
        """,
    )
    assert found == [
        (
            3,
            9,
            "asynchronous `mm.iterate_all(sync=False)` is not completed before the object starts new asynchronous "
            "work; ascx inserted `mm.wait_iterate_all()` at the end of the body of the loop at line "
            f"{BODY_START + 1} (`while i < n:`) [MM-7]\n"
            f"{BODY_START + 2:>5} |         mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)\n"
            "      |         ^",
        )
    ]


def test_the_warning_says_where_the_wait_went_before_the_return(kernel_module: Callable[[str], ModuleType]) -> None:
    found = _insertion_warnings(
        kernel_module,
        """
        mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
        asc.abs(x, x, 256)
        """,
    )
    assert found[0] == (
        1,
        5,
        "asynchronous `mm.iterate_all(sync=False)` is not completed before the kernel returns; ascx inserted "
        "`mm.wait_iterate_all()` before the kernel returns [MM-3]\n"
        f"{BODY_START:>5} |     mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)\n"
        "      |     ^",
    )


def test_wait_before_end(kernel_module: Callable[[str], ModuleType]) -> None:
    with pytest.warns(asc.AscxWarning, match=r"not completed before `mm.end\(\)`; ascx inserted"):
        _, compiled = compile_body(
            kernel_module,
            """
            mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
            asc.abs(x, x, 256)
            mm.end()
            """,
            insert=True,
        )
    assert sync_lines(compiled.source) == [
        "mm.IterateAll<false>(c_gm, 0, false, true, false);",
        "AscendC::Abs(x, x, 256);",
        "mm.WaitIterateAll();",
        "mm.End();",
    ]


def test_guarded_wait(kernel_module: Callable[[str], ModuleType]) -> None:
    """Pending on one path only, the wait is guarded by the same condition value."""
    with pytest.warns(asc.AscxWarning, match="before the first access to its output"):
        _, compiled = compile_body(
            kernel_module,
            """
            if n > 0:
                mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
            asc.data_copy(cl, c_gm, count=256)
            mm.end()
            """,
            insert=True,
        )
    lines = sync_lines(compiled.source)
    assert lines[1:] == [
        "mm.IterateAll<false>(c_gm, 0, false, true, false);",
        lines[0],
        "mm.WaitIterateAll();",
        "AscendC::DataCopy(cl, c_gm, 256);",
        "mm.End();",
    ]
    assert re.fullmatch(r"if \((\w+)\) \{", lines[0])
    assert compiled.source.count(lines[0]) == 2, "both ifs test the same condition value"


def test_report_lists_inserted_waits(kernel_module: Callable[[str], ModuleType]) -> None:
    with pytest.warns(asc.AscxWarning) as record:
        compile_body(
            kernel_module,
            "mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)\nmm.end()",
            insert=True,
            options="sync_report=True",
        )
    texts = ["\n".join(without_excerpts(str(w.message))) for w in record]
    assert texts[1].startswith("remark: inserted mm.wait_iterate_all() for MM-2 (mm.iterate_all at ")
    assert texts[1].endswith(":5) [MM-2]")


def test_async_fetch_gets_its_wait(kernel_module: Callable[[str], ModuleType]) -> None:
    """the MM-1 on the fetched tile is fixed by wait_get_tensor_c."""
    with pytest.warns(asc.AscxWarning) as record:
        _, compiled = compile_body(
            kernel_module,
            """
            mm.set_workspace(ws_gm)
            mm.iterate(sync=False)
            for j in range(2):
                mm.get_tensor_c(x, sync=False)
                asc.abs(x, x, 256)
            mm.end()
            """,
            c_pos="VECIN",
            insert=True,
        )
    assert [line for line in sync_lines(compiled.source) if "Wait" in line or "Abs" in line] == [
        "mm.WaitGetTensorC();",
        "AscendC::Abs(x, x, 256);",
    ]
    assert len(record) == 1


def test_insertion_is_idempotent_and_keeps_correct_kernels(kernel_module: Callable[[str], ModuleType]) -> None:
    """Idempotence: a kernel that verifies gets nothing inserted; the output of insertion verifies unchanged."""
    body = """
        mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
        mm.wait_iterate_all()
        asc.data_copy(cl, c_gm, count=256)
        mm.end()
        """
    _, plain = compile_body(kernel_module, body)
    _, inserted = compile_body(kernel_module, body, insert=True)
    assert inserted.source == plain.source
    assert "ascx.inserted" not in inserted.ir


# --- more mistakes pyasc misses, and rules (pipe-sync issue) -----------------------------------------------


def test_one_shot_iteration_never_fetched(kernel_module: Callable[[str], ModuleType]) -> None:
    lines = diagnostics(kernel_module, "mm.set_workspace(ws_gm)\nmm.iterate(sync=False)\nmm.end()", c_pos="VECIN")
    assert lines == [
        "L2:5: error: the blocks computed by asynchronous `mm.iterate(sync=False)` are never fetched with "
        "`mm.get_tensor_c(..., sync=False)` [MM-11]",
        "L3:5: note: the object ends here",
    ]


def test_async_batch_read_before_wait_is_fixed(kernel_module: Callable[[str], ModuleType]) -> None:
    body = """
        mm.iterate_batch(c_gm, 2, 2, False, sync=False, wait_iterate_batch=True)
        asc.data_copy(cl, c_gm, count=256)
        mm.end()
        """
    assert diagnostics(kernel_module, body, batch=True)[0] == (
        "L2:5: error: `asc.data_copy` reads `c_gm`, the output of asynchronous `mm.iterate_batch(sync=False)`, "
        "before `mm.wait_iterate_batch()` [MM-1]"
    )
    with pytest.warns(asc.AscxWarning):
        _, compiled = compile_body(kernel_module, body, batch=True, insert=True)
    assert [line for line in sync_lines(compiled.source) if "Wait" in line or "DataCopy" in line] == [
        "mm.WaitIterateBatch();",
        "AscendC::DataCopy(cl, c_gm, 256);",
    ]


ROW6 = """
    with mm.iterate() as count:
        mm.get_tensor_c(x)
        asc.data_copy(c_gm, x, count=256)
    mm.end()
    """


def test_matmul_tile_copied_straight_out(kernel_module: Callable[[str], ModuleType]) -> None:
    """The Matmul writes the UB tile with MTE2 (docs/matmul-protocol.md#on-the-pipes); the copy-out on MTE3 needs MTE2
    -> MTE3, and the next
    block's write needs the previous copy-out done (MTE3 -> MTE2)."""
    assert diagnostics(kernel_module, ROW6, c_pos="VECIN") == [
        "L2:9: error: `mm.get_tensor_c` (MTE2) overwrites `x` still being read by `asc.data_copy` (MTE3); needs MTE3 "
        "→ MTE2 ordering [HZ-2]",
        "L3:9: note: read here in the previous loop iteration",
        "L3:9: error: `asc.data_copy` (MTE3) reads `x` written by `mm.get_tensor_c` (MTE2) without synchronization; "
        "needs MTE2 → MTE3 ordering [HZ-1]",
        "L2:9: note: written here; e.g. asc.set_flag/asc.wait_flag(HardEvent.MTE2_MTE3, id)",
    ]
    _, compiled = compile_body(kernel_module, ROW6, c_pos="VECIN", insert=True)
    flags = [line.strip() for line in compiled.source.splitlines() if "Flag<" in line or "EventID" in line]
    assert flags == [
        "int32_t ev = pipe.AllocEventID<AscendC::HardEvent::MTE3_MTE2>();",
        "int32_t ev_1 = pipe.AllocEventID<AscendC::HardEvent::MTE2_MTE3>();",
        "AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(ev);",
        "AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(ev);",
        "AscendC::SetFlag<AscendC::HardEvent::MTE2_MTE3>(ev_1);",
        "AscendC::WaitFlag<AscendC::HardEvent::MTE2_MTE3>(ev_1);",
        "AscendC::SetFlag<AscendC::HardEvent::MTE3_MTE2>(ev);",
        "AscendC::WaitFlag<AscendC::HardEvent::MTE3_MTE2>(ev);",
        "pipe.ReleaseEventID<AscendC::HardEvent::MTE3_MTE2>(ev);",
        "pipe.ReleaseEventID<AscendC::HardEvent::MTE2_MTE3>(ev_1);",
    ]


def test_mm31_setter_while_pending(kernel_module: Callable[[str], ModuleType]) -> None:
    body = """
        mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
        mm.set_tensor_a(a_gm)
        mm.wait_iterate_all()
        mm.end()
        """
    with pytest.warns(asc.AscxWarning) as record:
        compile_body(kernel_module, body)
    assert [message.splitlines()[0] for message in warnings_of(record)] == [
        "L2: `mm.set_tensor_a` changes `mm` while asynchronous `mm.iterate_all` is still pending [MM-31]"
    ]


def test_mm28_setter_order(kernel_module: Callable[[str], ModuleType]) -> None:
    """The original shape goes before the tensors (Ascend C's documented order), a warning."""
    with pytest.warns(asc.AscxWarning) as record:
        compile_body(kernel_module, "mm.set_org_shape(64, 64, 64)\nmm.iterate_all(c_gm)\nmm.end()")
    assert [message.splitlines()[0] for message in warnings_of(record)] == [
        "L1: `mm.set_org_shape` must be called before `mm.set_tensor_a` [MM-28]"
    ]


def test_cross_core_flag_reserved_by_the_matmul(kernel_module: Callable[[str], ModuleType]) -> None:
    """REGIST_MATMUL_OBJ uses cross-core flags 0 and 1 for one Matmul object (XC-2)."""
    body = """
        asc.cross_core_set_flag(0, 2, asc.PipeID.PIPE_V)
        asc.cross_core_wait_flag(0, 2, asc.PipeID.PIPE_V)
        mm.iterate_all(c_gm)
        mm.end()
        """
    assert diagnostics(kernel_module, body) == [
        "L1:5: error: cross-core flag 0 is reserved by the Matmul objects (flags 0–1) [XC-2]",
        "L2:5: error: cross-core flag 0 is reserved by the Matmul objects (flags 0–1) [XC-2]",
    ]


def test_mm12_bare_synchronous_iterate(kernel_module: Callable[[str], ModuleType]) -> None:
    assert diagnostics(kernel_module, "mm.iterate()\nmm.end()") == [
        "L1:5: error: result of `mm.iterate()` is discarded; use `with mm.iterate() as i:` [MM-12]"
    ]


WORKSPACE_KERNEL = """
@asc.jit(insert_sync=False)
def k(a: asc.GlobalAddress, ws: asc.GlobalAddress, sys_ws: asc.GlobalAddress) -> None:
    pipe = asc.TPipe()
    A = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    C = asc.adv.MatmulType(asc.TPosition.VECIN, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(A, A, C)
    tiling = asc.adv.TCubeTiling(single_core_m=256, single_core_n=256, base_m=128, base_n=256)
    asc.adv.register_matmul(pipe, sys_ws, mm, tiling)
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    ws_gm = asc.GlobalTensor()
    ws_gm.set_global_buffer(ws, {elements})
    x = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(a_gm)
    mm.set_workspace(ws_gm)
    mm.iterate(sync=False)  # the body follows
    for j in range(2):
        mm.get_tensor_c(x, sync=False)
        mm.wait_get_tensor_c()
    mm.end()
"""


def test_mm19_workspace_smaller_than_the_tile(kernel_module: Callable[[str], ModuleType]) -> None:
    """Two 128x256 float blocks (262144 bytes) into a workspace of 1024 floats: a warning; 65536 floats fit."""
    args = (MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.uint8))
    small = _load(kernel_module, WORKSPACE_KERNEL.format(elements=1024))
    with pytest.warns(asc.AscxWarning) as record:
        small.k.compile(*args)
    assert [message.splitlines()[0] for message in warnings_of(record)] == [
        "L0: workspace of 4096 bytes is smaller than the 262144 bytes asynchronous `mm.iterate` writes [MM-19]"
    ]
    enough = _load(kernel_module, WORKSPACE_KERNEL.format(elements=65536))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        enough.k.compile(*args)


def test_mm0_loop_that_does_not_stabilise(
    kernel_module: Callable[[str], ModuleType], monkeypatch: pytest.MonkeyPatch
) -> None:
    """MM-0: a loop whose state has not stabilised within the iteration budget is reported at the
    loop, naming the objects.  The lattices are finite and no kernel needs 16 iterations, so the budget is
    lowered to 1 here: the loop of test_loop_carried_start changes the state on its first back edge."""
    monkeypatch.setattr(dataflow, "MAX_LOOP_ITERATIONS", 1)
    body = """
    for i in range(4):
        mm.iterate_all(c_gm[i * 64:], sync=False, wait_iterate_all=True)
        mm.wait_iterate_all()
    mm.end()
    """
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        compile_body(kernel_module, body)
    assert [f"L{w.lineno - BODY_START + 1}: {w.message}" for w in record] == [
        "L1: Matmul sync analysis of 'mm' is imprecise here: the loop did not stabilise in 1 iterations [MM-0]\n"
        f"{BODY_START:>5} |     for i in range(4):\n"
        "      |              ^"
    ]


def test_mm18_set_workspace_after_the_async_iteration(kernel_module: Callable[[str], ModuleType]) -> None:
    body = """
    mm.set_workspace(ws_gm)
    mm.iterate(sync=False)
    mm.get_tensor_c(x, sync=False)
    mm.wait_get_tensor_c()
    mm.set_workspace(ws_gm)
    mm.end()
    """
    assert diagnostics(kernel_module, body, c_pos="VECIN") == [
        "L5:5: error: `mm.set_workspace` must be called before `mm.iterate` [MM-18]",
        "L2:5: note: asynchronous iteration started here",
    ]


TRACE_TIME_RULES = {
    # rule: (body, C position, the error raised while tracing, at body line)
    "MM-10": (
        "mm.set_workspace(ws_gm)\nmm.iterate(sync=False)\nmm.get_tensor_c(cl, sync=True)\nmm.end()",
        "VECIN",
        "ValueError: get_tensor_c sync=True does not match sync=False of the driving iterate()",
        3,
    ),
    "MM-15": (
        "mm.set_tensor_a(a_gm)\nmm2 = asc.adv.Matmul(A, A, C)\nmm2.set_tensor_a(a_gm)",
        "GM",
        "ValueError: end() must be called on Matmul mm before calling set_tensor_a on Matmul mm2",
        3,
    ),
}


@pytest.mark.parametrize("rule", sorted(TRACE_TIME_RULES))
def test_rules_the_tracer_enforces(kernel_module: Callable[[str], ModuleType], rule: str) -> None:
    """MM-10 and MM-15 on a straight path are errors while tracing, before any IR exists (the verifier's
    versions, for IR written by hand, are in tests/filecheck/passes/verify_matmul_sync_rules.mlir)."""
    body, c_pos, message, line = TRACE_TIME_RULES[rule]
    with pytest.raises(asc.KernelError) as caught:
        compile_body(kernel_module, body, c_pos=c_pos)
    assert caught.value.message == message
    assert caught.value.location is not None
    assert caught.value.location.line - BODY_START + 1 == line


def test_an_object_ended_by_the_server_may_be_switched_from(kernel_module: Callable[[str], ModuleType]) -> None:
    """Huawei's FlashAttention kernels set up and start a second Matmul while the first one's
    ``IterateAll<false>`` is in flight, and end each after its wait: the AIC's server ends an object after
    every IterateAll (CANN's matmul_server_impl_c220.h), so neither the tracer nor MM-15 refuses the switch
    (docs/matmul-protocol.md#switching-objects); the C++ keeps the calls in the kernel's order."""
    body = """
        lo = asc.GlobalTensor()
        lo.set_global_buffer(c, 4096)
        hi = asc.GlobalTensor()
        hi.set_global_buffer(c, 8192)
        mm.iterate_all(lo, sync=False, wait_iterate_all=True)
        mm2.set_tensor_a(a_gm)
        mm2.set_tensor_b(a_gm)
        mm.wait_iterate_all()
        mm2.iterate_all(hi[4096:], sync=False, wait_iterate_all=True)
        mm2.wait_iterate_all()
        mm.end()
        mm2.end()
    """
    source = KERNEL.format(
        options="insert_sync=False", body=textwrap.indent(textwrap.dedent(body).strip("\n"), "    "), c_pos="GM",
        layout="", config="",
    ).replace(
        "asc.adv.register_matmul(pipe, ws, mm, asc.adv.TCubeTiling(m=64))",
        "asc.adv.register_matmul(pipe, ws, mm, asc.adv.TCubeTiling(m=64))\n    mm2 = asc.adv.Matmul(A, A, C)\n"
        "    asc.adv.register_matmul(pipe, ws, mm2, asc.adv.TCubeTiling(m=64))",
    )  # fmt: skip
    compiled = _load(kernel_module, source).k.compile(*ARGS)
    calls = [line.strip() for line in compiled.source.splitlines() if "IterateAll" in line or ".End()" in line]
    assert calls == [
        "mm.IterateAll<false>(lo, 0, false, true, false);",
        "mm.WaitIterateAll();",
        "mm2.IterateAll<false>(v_2, 0, false, true, false);",
        "mm2.WaitIterateAll();",
        "mm.End();",
        "mm2.End();",
    ]


PREFETCH = """
for j in range(n):
    if j == 0:
        mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
    mm.wait_iterate_all()
    asc.data_copy(cl, c_gm, 256)
    if j + {ahead} < n:
        mm.set_org_shape(64, 64, 64)
        mm.set_tensor_a(a_gm)
        mm.set_tensor_b(a_gm)
        mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
    for c in range(2):
        asc.adds(x, x, 1.0, 256)
mm.end()
"""


def test_a_loop_that_prefetches_the_next_block_verifies(kernel_module: Callable[[str], ModuleType]) -> None:
    """FlashAttention's Q·Kᵀ prefetch: the next block starts on all but the last iteration (``j + 1 < n``) and
    is waited for at the top of the next one. The loop is walked peeled, so the start is known not to happen
    in the last iteration; the start stays pending across the inner loop; and each block's setters
    (SetOrgShape, then the tensors) are in the documented order for its computation (MM-28)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _, compiled = compile_body(kernel_module, PREFETCH.format(ahead=1), insert=True)
    assert [line for line in sync_lines(compiled.source) if "Iterate" in line or "End" in line] == [
        "mm.IterateAll<false>(c_gm, 0, false, true, false);",
        "mm.WaitIterateAll();",
        "mm.IterateAll<false>(c_gm, 0, false, true, false);",
        "mm.End();",
    ]


def test_a_prefetch_that_stops_one_block_early_leaves_a_wait_with_nothing_to_wait_for(
    kernel_module: Callable[[str], ModuleType],
) -> None:
    """The near miss: ``j + 2 < n`` starts no block for the last iteration, whose wait would never return."""
    assert diagnostics(kernel_module, PREFETCH.format(ahead=2), insert=True) == [
        "L4:9: error: `mm.wait_iterate_all()` has no matching asynchronous `mm.iterate_all(..., sync=False, "
        "wait_iterate_all=True)`; it would wait for a completion that is never signalled [MM-4]",
        "L1:14: note: on the second or a later iteration of this loop",
    ]


# --- found by the fuzzer (issue 19) ---------------------------------------------------------------------


def test_wait_in_one_arm_gets_the_other_arm(kernel_module: Callable[[str], ModuleType]) -> None:
    """Found by the fuzzer: a start on every path, its wait in one arm of a runtime ``if``: the wait is
    inserted in the arm that lacks it (``if not cond``), so ``end()`` sees it completed on both paths
    (before: ``AssertionError: ascx-insert-sync did not converge``)."""
    with pytest.warns(asc.AscxWarning) as record:
        _, compiled = compile_body(
            kernel_module,
            """
            mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
            if n > 4:
                mm.wait_iterate_all()
            mm.end()
            """,
            insert=True,
        )
    lines = sync_lines(compiled.source)
    assert lines == [
        "mm.IterateAll<false>(c_gm, 0, false, true, false);",
        lines[1],
        "mm.WaitIterateAll();",
        lines[1].replace("if (", "if (!"),
        "mm.WaitIterateAll();",
        "mm.End();",
    ]
    assert re.fullmatch(r"if \((\w+)\) \{", lines[1])
    assert warnings_of(record) == [
        "L1: asynchronous `mm.iterate_all(sync=False)` is not completed before `mm.end()`; ascx inserted "
        f"`mm.wait_iterate_all()` before line {BODY_START + 3} (`mm.end()`), guarded to run only where the work is "
        "pending [MM-2]"
    ]


def test_loop_restart_keeps_the_trailing_wait(kernel_module: Callable[[str], ModuleType]) -> None:
    """Found in issue 19: a loop restarting an asynchronous ``iterate_all`` with the user's own wait after
    the loop.  The wait is inserted before the restart, skipped on the first iteration, so the trailing
    wait stays valid (before: a wait at the end of the body made the trailing one MM-4)."""
    with pytest.warns(asc.AscxWarning) as record:
        _, compiled = compile_body(
            kernel_module,
            """
            for i in range(4):
                mm.set_tensor_a(a_gm[i * 4096:])
                mm.iterate_all(c_gm[i * 4096:], sync=False, wait_iterate_all=True)
            mm.wait_iterate_all()
            mm.end()
            """,
            insert=True,
        )
    assert warnings_of(record) == [
        "L3: asynchronous `mm.iterate_all(sync=False)` is not completed before the object starts new asynchronous "
        f"work; ascx inserted `mm.wait_iterate_all()` before line {BODY_START + 1} "
        "(`mm.set_tensor_a(a_gm[i * 4096:])`), guarded to run only where the work is pending [MM-7]"
    ]
    assert "    for (int32_t i = 0; i < 4; i += 1) {\n        bool v_1 = i != 0;\n" in compiled.source
    assert sync_lines(compiled.source) == [
        "if (v_1) {",
        "mm.WaitIterateAll();",
        "mm.IterateAll<false>(v_5, 0, false, true, false);",
        "mm.WaitIterateAll();",
        "mm.End();",
    ]


def test_loop_restart_with_a_runtime_trip_count(kernel_module: Callable[[str], ModuleType]) -> None:
    """The same loop over ``range(n)`` (issue 24's idiom): the restart is repaired the same way.  The trailing
    wait has nothing to wait for only when ``n`` is 0, where it would never return; it used to be an MM-4
    error, and is now guarded by the loop's trip test, with a warning since ``n`` is not a tiling field
    (docs/rules/matmul.md#loops-that-may-run-zero-times)."""
    with pytest.warns(asc.AscxWarning) as record:
        _, compiled = compile_body(
            kernel_module,
            """
            for i in range(n):
                mm.iterate_all(c_gm[i * 4096:], sync=False, wait_iterate_all=True)
            mm.wait_iterate_all()
            mm.end()
            """,
            insert=True,
        )
    assert warnings_of(record) == [
        "L2: asynchronous `mm.iterate_all(sync=False)` is not completed before the object starts new "
        f"asynchronous work; ascx inserted `mm.wait_iterate_all()` before line {BODY_START + 1} "
        "(`mm.iterate_all(c_gm[i * 4096:], sync=False, wait_iterate_all=True)`), guarded to run only where the "
        "work is pending [MM-7]",
        "L3: `mm.wait_iterate_all()` would wait forever when this loop runs zero times; ascx guarded it with "
        "the loop's trip test [MM-4]\n"
        f"{record[1].filename}:{BODY_START}:14: note: the loop that starts the work it waits for; its trip count "
        "is a runtime value",
    ]
    assert sync_lines(compiled.source) == [
        "if (v_1) {",
        "mm.WaitIterateAll();",
        "mm.IterateAll<false>(v_3, 0, false, true, false);",
        "if (v_4) {",
        "mm.WaitIterateAll();",
        "mm.End();",
    ]
    assert "    bool v_4 = 0 < n;" in compiled.source.splitlines()


def test_conditions_of_an_earlier_iteration_are_not_this_ones(kernel_module: Callable[[str], ModuleType]) -> None:
    """A wait under the same condition as the start, but the start was in the previous iteration, whose
    ``i * n > 3`` is not this one's: the wait may find nothing pending (on the first iteration it does).
    Before, the analysis took the two conditions for one and accepted the wait."""
    assert diagnostics(
        kernel_module,
        """
        for i in range(4):
            if i * n > 3:
                mm.wait_iterate_all()
            if i * n > 3:
                mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
        mm.end()
        """,
    ) == [
        "L3:13: error: `mm.wait_iterate_all()` has no matching asynchronous `mm.iterate_all(..., sync=False, "
        "wait_iterate_all=True)`; it would wait for a completion that is never signalled [MM-4]",
        "L1:14: note: on the first iteration of this loop",
        "L6:5: error: `mm.end()` is called while asynchronous `mm.iterate_all` is still pending [MM-2]",
        "L5:13: note: started here; call mm.wait_iterate_all() before mm.end()",
    ]


def test_a_repair_that_does_not_help_is_undone(
    kernel_module: Callable[[str], ModuleType], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The progress check: when a fix comes back after its wait was inserted, ascx-insert-sync removes that
    wait, says so, and stops; the verifier reports the violation (never an AssertionError).  A placement
    that cannot work (before the start) stands in for a placement bug; had the misplaced wait stayed, it would
    be reported as MM-4."""
    from ascx.analysis.insertion import matmul_waits

    monkeypatch.setattr(matmul_waits, "_anchor", lambda fix: fix.record.start)
    assert diagnostics(
        kernel_module,
        """
        mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
        mm.end()
        """,
        insert=True,
    ) == [
        "L1:5: warning: ascx-insert-sync found no place for `mm.wait_iterate_all()` that completes asynchronous "
        "`mm.iterate_all(sync=False)` before `mm.end()` on exactly the paths where it is pending; add the wait by "
        "hand [MM-2]",
        "L2:5: error: `mm.end()` is called while asynchronous `mm.iterate_all` is still pending [MM-2]",
        "L1:5: note: started here; call mm.wait_iterate_all() before mm.end()",
    ]


def test_work_started_after_end_is_not_repaired(kernel_module: Callable[[str], ModuleType]) -> None:
    """Found by the fuzzer: an asynchronous start after ``end()`` got an inserted wait, itself one more use
    after ``end()`` (a new MM-13).  The start is the error; insertion leaves it as it is.  The computation
    before ``end()`` is synchronous, so that ``End()`` releases the object (after an asynchronous one it
    posts nothing and the object may be used again: test_reuse_after_an_end_that_posts_nothing)."""
    body = """
    mm.iterate_all(c_gm)
    mm.end()
    mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
    """
    expected = [
        "L3:5: error: kernel returns while asynchronous `mm.iterate_all(sync=False)` has not completed [MM-3]",
        "L3:5: note: started here; call mm.wait_iterate_all() before the kernel returns",
        "L3:5: error: `mm.iterate_all` uses Matmul object `mm` after `mm.end()` [MM-13]",
        "L2:5: note: ended here",
        "L3:5: warning: Matmul object `mm` is not ended; call `mm.end()` after its last use [MM-16]",
    ]
    assert diagnostics(kernel_module, body) == expected
    assert diagnostics(kernel_module, body, insert=True) == expected


def test_reuse_after_an_end_that_posts_nothing(kernel_module: Callable[[str], ModuleType]) -> None:
    """CANN's client ``End()`` posts ``MMFUN_END`` only when the latest computation was synchronous
    (matmul_client.h): after an asynchronous one the object is unchanged, and Huawei's operators compute
    with it again per batch.  Not MM-13; the new work is checked as any other (here repaired, MM-3)."""
    body = """
    mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
    mm.wait_iterate_all()
    mm.end()
    mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
    """
    assert diagnostics(kernel_module, body) == [
        "L4:5: error: kernel returns while asynchronous `mm.iterate_all(sync=False)` has not completed [MM-3]",
        "L4:5: note: started here; call mm.wait_iterate_all() before the kernel returns",
        "L4:5: warning: Matmul object `mm` is not ended; call `mm.end()` after its last use [MM-16]",
    ]


def test_a_path_that_ended_after_a_synchronous_call_is_mm13(kernel_module: Callable[[str], ModuleType]) -> None:
    """Ended after a synchronous computation on one path: the object is released there."""
    assert diagnostics(
        kernel_module,
        """
        if n > 0:
            mm.iterate_all(c_gm)
        else:
            mm.iterate_all(c_gm, sync=False, wait_iterate_all=True)
            mm.wait_iterate_all()
        mm.end()
        mm.iterate_all(c_gm)
        mm.end()
        """,
    ) == [
        "L7:5: error: `mm.iterate_all` uses Matmul object `mm` after `mm.end()` [MM-13]",
        "L6:5: note: ended here",
        "L8:5: error: `mm.end` uses Matmul object `mm` after `mm.end()` [MM-13]",
        "L6:5: note: ended here",
    ]
