"""The tutorial examples make the calls pyasc 1.1.1 makes, call for call.

``pyasc_reference/`` holds pyasc's Ascend C for each example (see its README).  Both sides are
reduced to their sequence of calls: the function or method called, its template arguments and
its number of arguments, so variable names and literal spellings do not matter (``1``/``true``,
``c0_i1``/``false`` are the same template argument).  Declarations are not calls, except a
``LocalTensor`` constructed at a fixed address, which both write as a constructor.

Where ascx differs on purpose, the difference is named here:

- ``set_ffts_base_addr``: pyasc starts every kernel with it; ascx only kernels that use the cube
  core (a vector-only kernel has no FFTS address parameter, docs/matmul-protocol.md#kernel-modes).
- Synchronization ``ascx-insert-sync`` adds (docs/passes/insert-sync.md), which pyasc leaves to bisheng's
  auto-sync: the trailing ``PipeBarrier<PIPE_ALL>`` when a GM write is still unordered at the return
  (IN-12), and in ``matmul_leaky_relu`` the loop-carried ``MTE3_MTE2`` pair that orders the previous
  block's copy-out before ``GetTensorC`` refills the VECOUT buffer, with its pool id.
- The Matmul config: pyasc writes its 50 values as a brace initialiser; ascx writes CANN's named
  configuration, here ``CFG_NORM`` with ``enableUBReuse`` off in a ``constexpr`` function at file
  scope that the kernel calls (``mm_config()``, docs/matmul-protocol.md#the-configuration).
- ``REGIST_MATMUL_OBJ`` before the first ``InitBuffer``: pyasc emits it where ``register_matmul`` was
  written, after ``init_buffer`` in ``matmul_leaky_relu``; Ascend C requires it before InitBuffer in
  separated mode, so ascx hoists it (docs/matmul-protocol.md#registration).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from ascx.cli.kernel_loading import find_kernel, load_module, parse_arguments

REPO = Path(__file__).resolve().parents[2]
REFERENCE = Path(__file__).resolve().parent / "pyasc_reference"

_FINAL_BARRIER = "PipeBarrier<PIPE_ALL>(0)"
_REFILL_PAIR = [
    ".AllocEventID<AscendC::HardEvent::MTE3_MTE2>(0)",
    "SetFlag<AscendC::HardEvent::MTE3_MTE2>(1)",
    "WaitFlag<AscendC::HardEvent::MTE3_MTE2>(1)",
    "SetFlag<AscendC::HardEvent::MTE3_MTE2>(1)",
    "WaitFlag<AscendC::HardEvent::MTE3_MTE2>(1)",
    ".ReleaseEventID<AscendC::HardEvent::MTE3_MTE2>(1)",
]

EXAMPLES: dict[str, tuple[str, str, list[str]] | tuple[str, str, list[str], list[str]]] = {
    # example: (ascx --args, kernel, pyasc-only calls[, ascx-only calls])
    "vector_add": (
        "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32)",
        "vector_add",
        ["set_ffts_base_addr(1)"],
        [_FINAL_BARRIER],
    ),
    "vector_add_queues": (
        "MockTensor(asc.float32), MockTensor(asc.float32), MockTensor(asc.float32), MockValue(asc.int32), 128",
        "vector_add_queues",
        ["set_ffts_base_addr(1)"],
        [_FINAL_BARRIER],
    ),
    "matmul_leaky_relu": (
        "MockTensor(asc.float16), MockTensor(asc.float16), MockTensor(asc.float32), MockTensor(asc.float32), "
        "MockValue(asc.float32), asc.adv.TCubeTiling, MockTensor(asc.uint8)",
        "matmul_leaky_relu",
        [],
        ["mm_config(0)", *_REFILL_PAIR],
    ),
}

_CALL = re.compile(r"(?:\b\w+\.)?\b((?:AscendC::)?[A-Za-z_]\w*)(<[^<>()]*>)?\(")
_METHOD = re.compile(r"\b\w+\.(\w+)(<[^<>()]*>)?\($")
_CONSTRUCTED = re.compile(r"\bAscendC::LocalTensor(<[^<>()]*>) \w+\(")
_NOT_CALLS = {"static_cast", "reinterpret_cast", "sizeof", "if", "while", "for"}
_TEMPLATE_SPELLINGS = {"1": "true", "cm1_i1": "true", "0": "false", "c0_i1": "false"}


def _arity(line: str, open_paren: int) -> int:
    depth, count, empty = 0, 1, True
    for ch in line[open_paren + 1 :]:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                return 0 if empty else count
            depth -= 1
        elif ch == "," and depth == 0:
            count += 1
        if not ch.isspace():
            empty = False
    raise AssertionError(f"unbalanced call in {line!r}")


def _template(text: str | None) -> str:
    if not text:
        return ""
    args = [_TEMPLATE_SPELLINGS.get(a.strip(), a.strip()) for a in text[1:-1].split(",")]
    return f"<{', '.join(args)}>"


def calls(cpp: str) -> list[str]:
    """The calls of the kernel body, in order: ``Name<template>(arity)``, methods as ``.Name``."""
    body = cpp[cpp.index("__global__") :].split("{", 1)[1]
    found: list[str] = []
    for line in body.split("\n"):
        constructed = _CONSTRUCTED.search(line)
        if constructed:
            found.append(f"LocalTensor{_template(constructed.group(1))}({_arity(line, constructed.end() - 1)})")
            continue
        for match in _CALL.finditer(line):
            name = match.group(1).removeprefix("AscendC::")
            if name in _NOT_CALLS:
                continue
            method = _METHOD.search(line[: match.end()])
            prefix = "." if method and method.group(1) == name else ""
            found.append(f"{prefix}{name}{_template(match.group(2))}({_arity(line, match.end() - 1)})")
    return found


def _ascx_source(example: str, arguments: str, kernel: str) -> str:
    path = REPO / "examples" / f"{example}.py"
    compiled: Any = find_kernel(load_module(path), path, kernel).compile(*parse_arguments(arguments))
    return compiled.source


@pytest.mark.filterwarnings("ignore:register_matmul comes after pipe.init_buffer")  # pyasc tutorial 05's order
@pytest.mark.parametrize("example", sorted(EXAMPLES))
def test_calls_match_pyasc(example: str) -> None:
    arguments, kernel, pyasc_only, *rest = EXAMPLES[example]
    ours = calls(_ascx_source(example, arguments, kernel))
    theirs = _registration_first(calls((REFERENCE / f"{example}.cpp").read_text()))
    for call in pyasc_only:
        theirs.remove(call)
    for call in rest[0] if rest else []:
        ours.remove(call)
    assert ours == theirs


def _registration_first(sequence: list[str]) -> list[str]:
    """``sequence`` with ``REGIST_MATMUL_OBJ`` moved before the first ``InitBuffer`` (as ascx places it)."""
    registration = next((c for c in sequence if c.startswith("REGIST_MATMUL_OBJ(")), None)
    init = next((i for i, c in enumerate(sequence) if c == ".InitBuffer(3)"), None)
    if registration is None or init is None or sequence.index(registration) < init:
        return sequence
    moved = [c for c in sequence if c is not registration]
    return [*moved[:init], registration, *moved[init:]]


def test_call_extraction() -> None:
    cpp = """__global__ __aicore__ void k() {
    AscendC::LocalTensor<half> a(AscendC::TPosition::VECIN, 0, n);
    AscendC::LocalTensor<half> v = AscendC::LocalTensor<half>(AscendC::TPosition::VECIN, v1, v2);
    int32_t v7 = static_cast<int32_t>(AscendC::GetBlockIdx());
    v12.InitBuffer(v13, c2_i32, c256_i32);
    AscendC::Add<half, 1>(c, a, b, f(x, y), 2, p);
    bool v = mm.Iterate<cm1_i1>(c0_i1);
}"""
    assert calls(cpp) == [
        "LocalTensor<half>(3)",
        "LocalTensor<half>(3)",
        "GetBlockIdx(0)",
        ".InitBuffer(3)",
        "Add<half, true>(6)",
        "f(2)",
        ".Iterate<true>(1)",
    ]
