"""Random kernels for fuzzing the whole pipeline (hypothesis strategies).

``kernels()`` draws a module holding one kernel ``k`` (and the device functions it may call) from
the API families (vector ops and data copies on UB tensors, scalar reads and writes, queues and
their protocol, flags and barriers, a Matmul object and its protocol), wrapped in the control flow
the tracer accepts (runtime and compile-time ``if``, ``range`` and ``asc.static_range`` loops,
runtime ``while``, early ``return``, calls of ``@asc.jit`` device functions) and seasoned with
misuse (wrong dtypes, counts that are not 32-byte multiples, missing or doubled waits and queue
steps, calls after ``end()``).  Most programs are meant to compile; many are meant not to.

The kernel's runtime inputs are fixed, so that every drawn kernel can also run on the emulation:
``x`` (256 ``float32``), ``z`` (512 ``float32``), and for the Matmul family ``a``, ``b`` (256
``float16``), ``c`` (256 ``float32``), ``ws`` (a workspace), a 16x16x16 ``TCubeTiling`` and the trip
count ``m`` of the Matmul's own loops (CANN's per-batch and per-block loops, whose count is at least one:
``MATMUL_TRIPS``); then the trip count ``n`` of runtime loops and the branch conditions ``c0`` and
``c1``.  Control flow depends on ``n``, ``m``, ``c0`` and ``c1`` only, never on data, so running every
combination of ``RUN_TRIPS``, ``MATMUL_TRIPS`` and ``(0, 1)`` conditions covers every path the kernel's
loops and branches take with those trip counts: the kernel's valid inputs.

The ``slices`` family (drawn only when asked for: ``kernels(families=(..., "slices"))``) gives each of
``SLICE_BLOCKS`` blocks a part of ``x`` and of ``y`` (an argument of its own: ``xs``, ``ys``:
``set_global_buffer(x + asc.get_block_idx() * 128, 128)``, and views ``yg[asc.get_block_idx() * 128 + k:]`` of
the whole buffer) and copies inside it, or (misuse) past its end into the next block's part or from the
other block's part; such a kernel is launched on ``SLICE_BLOCKS`` blocks.  :attr:`Kernel.parts_overlap` says
whether two blocks' copies touch the same element with one of them writing (a race, which XC-7 must report:
docs/rules/cross-core.md#xc-7), :attr:`Kernel.parts_proved` whether XC-7's proof clears them.
Its statements are drawn at the top level of the kernel only, outside branches and loops.

``nb`` is a ``uint32`` argument that scalar statements compute with next to negative and large
constants; ``unsigned_expressions()`` draws such expressions on their own, and ``CppUint32`` computes
what C++ computes for them (the constants converted to ``uint32`` with wrap-around).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np
from hypothesis import strategies as st

from ascx.testing.tilings import system_workspace

FAMILIES = ("vector", "scalar", "queue", "flags", "matmul")
"""The API families a kernel draws its statements from (each kernel uses a non-empty subset); ``slices`` is
drawn when asked for."""

SLICE_BLOCKS = 2
"""The blocks a kernel with per-block parts (the ``slices`` family) is launched on."""

CONDITIONS = ("c0", "c1")
UNSIGNED_NB = 0xFFFFFFE1
"""The value of the ``uint32`` argument ``nb`` (above ``INT32_MAX``, and not a multiple of 32)."""
RUN_TRIPS = (0, 1, 2)
"""The trip counts ``n`` a kernel is run with (together with every combination of conditions): zero, an
odd and an even count (a ping-pong loop can be wrong after an odd number of iterations only)."""
MATMUL_TRIPS = (1, 2)
"""The trip counts ``m`` of the Matmul's loops (a batch or block count: at least one, never zero)."""

UB = ("u", "v")
"""The two ``float32`` UB tensors every kernel has (``h`` is a ``float16`` one, ``w`` the two 128-element
halves of a ping-pong loop).  They lie above the
buffers ``pipe.init_buffer`` carves from the start of UB: the static analysis takes raw-address tensors
and pipe buffers as disjoint (docs/sync-model.md#what-is-not-verified), which the fuzzer found."""

PRELUDE = """\
    xg = asc.GlobalTensor()
    zg = asc.GlobalTensor()
    xg.set_global_buffer(x, 256)
    zg.set_global_buffer(z, 512)
    u = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 65536, 256)
    v = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 66560, 256)
    h = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 67584, 256)
    w = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 68096, 256)
    s = 0.5
"""

SLICES = """\
    xs = asc.GlobalTensor()
    ys = asc.GlobalTensor()
    yg = asc.GlobalTensor()
    xs.set_global_buffer(x + asc.get_block_idx() * 128, 128)
    ys.set_global_buffer(y + asc.get_block_idx() * 128, 128)
    yg.set_global_buffer(y, 512)
"""
"""Each block's part of ``x`` and of ``y`` (128 elements each; ``y``, an argument of its own that only this
family touches, holds 512, so the copies past a part stay inside it), and the whole of ``y``."""

PIPE = "    pipe = asc.TPipe()\n"

QUEUES = """\
    qi = asc.TQue(asc.TPosition.VECIN, 1)
    qo = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(qi, 1, 1024)
    pipe.init_buffer(qo, 1, 1024)
"""

MATMUL = """\
    gm = asc.TPosition.GM
    mm = asc.adv.Matmul(asc.adv.MatmulType(gm, asc.CubeFormat.ND, asc.float16),
                        asc.adv.MatmulType(gm, asc.CubeFormat.ND, asc.float16),
                        asc.adv.MatmulType(gm, asc.CubeFormat.ND, asc.float32))
    asc.adv.register_matmul(pipe, ws, mm, tiling)
    ag = asc.GlobalTensor()
    bg = asc.GlobalTensor()
    cg = asc.GlobalTensor()
    ag.set_global_buffer(a, 256)
    bg.set_global_buffer(b, 256)
    cg.set_global_buffer(c, 256)
    mm.set_tensor_a(ag)
    mm.set_tensor_b(bg)
"""

HELPERS = """\
K = 2


@asc.jit
def helper_add(p, q):
    asc.add(p, p, q, 256)


@asc.jit
def helper_load(p, g):
    asc.data_copy(p, g, 256)


@asc.jit
def helper_scale(p, q, factor: float):
    if factor > 1.0:
        asc.muls(p, q, factor, 256)
    else:
        asc.adds(p, q, factor, 256)


@asc.jit
def helper_wait(m):
    m.wait_iterate_all()


@asc.jit
def helper_bind(g, address, flag):
    if flag <= 0:
        return 0
    g.set_global_buffer(address, 256)
    return 1

"""


# --- statements ------------------------------------------------------------------------------------


_ub = st.sampled_from(UB)
_ub_pair = st.permutations(UB)

_vector = st.one_of(
    _ub.map(lambda t: [f"asc.data_copy({t}, xg, 256)"]),
    _ub.map(lambda t: [f"asc.data_copy(zg[{0 if t == 'u' else 256}:], {t}, 256)"]),
    st.tuples(_ub, _ub, _ub).map(lambda t: [f"asc.add({t[0]}, {t[1]}, {t[2]}, 256)"]),
    st.tuples(_ub, _ub, _ub).map(lambda t: [f"asc.mul({t[0]}, {t[1]}, {t[2]}, 256)"]),
    _ub_pair.map(lambda t: [f"asc.exp({t[0]}, {t[1]}, 256)"]),
    _ub_pair.map(lambda t: [f"asc.adds({t[0]}, {t[1]}, 2.0, 256)"]),
    _ub.map(lambda t: [f"asc.duplicate({t}, 1.0, 256)"]),
    _ub.map(lambda t: [f"asc.cast(h, {t}, asc.RoundMode.CAST_RINT, 256)"]),
    _ub.map(lambda t: [f"asc.cast({t}, h, asc.RoundMode.CAST_NONE, 256)"]),
    _ub_pair.map(lambda t: [f"asc.data_copy({t[0]}, {t[1]}, 256)"]),
    _ub_pair.map(lambda t: [f"helper_add({t[0]}, {t[1]})"]),
    _ub.map(lambda t: [f"helper_load({t}, xg)"]),
    st.tuples(_ub_pair, st.sampled_from(("2.0", "0.5"))).map(lambda t: [f"helper_scale({t[0][0]}, {t[0][1]}, {t[1]})"]),
    st.tuples(_ub, st.sampled_from(CONDITIONS)).map(lambda t: bind_after_early_return(*t)),
)


def bind_after_early_return(tensor: str, condition: str) -> list[str]:
    """A GlobalTensor of the kernel given its buffer by a device function after an early return, and
    used in another runtime region: its declaration must reach both (issue 31, point 1)."""
    return [
        "wg = asc.GlobalTensor()",
        f"if helper_bind(wg, x, {condition}) > 0:",
        f"    asc.data_copy({tensor}, wg, 256)",
    ]


_vector_misuse = st.sampled_from(
    (
        ["asc.add(u, h, v, 256)"],  # mixed dtypes
        ["asc.data_copy(u, xg, 7)"],  # 28 bytes: not a multiple of 32
        ["asc.exp(h, u, 256)"],  # dst and src dtypes differ
        ["asc.adds(u, v, 2, 256)"],  # an int scalar for a float tensor
        ["asc.data_copy(zg, h, 256)"],  # half into a float tensor
    )
)
UNSIGNED_CONSTANTS = ("-1", "-32", "~31", "0xFFFFFFFF", "2147483648", "4294967264", "7", "1")
"""Constants next to the ``uint32`` value ``nb``: negative ones and ones above ``INT32_MAX`` wrap or keep
their bits as C++ converts them (``(nb + 31) & ~31`` crashed the tracer once)."""
UNSIGNED_OPERATORS = ("+", "-", "*", "&", "|", "^")
"""Operators whose ``uint32`` result is defined for every operand (no division by zero, no shift past
the width)."""


@st.composite
def unsigned_expressions(draw: st.DrawFn, depth: int = 2) -> str:
    """An expression on ``nb`` (a runtime ``uint32``) mixing it with negative and large constants."""
    kind = draw(st.sampled_from(("leaf", "binary", "binary", "invert")) if depth > 0 else st.just("leaf"))
    if kind == "leaf":
        return "nb"
    if kind == "invert":
        return f"~({draw(unsigned_expressions(depth - 1))})"
    left = draw(unsigned_expressions(depth - 1))
    constant = draw(st.sampled_from(UNSIGNED_CONSTANTS))
    symbol = draw(st.sampled_from(UNSIGNED_OPERATORS))
    return f"({constant} {symbol} {left})" if draw(st.booleans()) else f"({left} {symbol} {constant})"


class CppUint32:
    """A ``uint32_t`` as C++ computes with it: results and Python int operands wrap modulo 2**32."""

    __slots__ = ("value",)

    def __init__(self, value: int):
        self.value = value & 0xFFFFFFFF

    def _apply(self, other: object, operation: Callable[[int, int], int], reflected: bool = False) -> CppUint32:
        right = other.value if isinstance(other, CppUint32) else int(cast(int, other)) & 0xFFFFFFFF
        return CppUint32(operation(right, self.value) if reflected else operation(self.value, right))

    def __add__(self, other: object) -> CppUint32:
        return self._apply(other, lambda a, b: a + b)

    def __radd__(self, other: object) -> CppUint32:
        return self._apply(other, lambda a, b: a + b, True)

    def __sub__(self, other: object) -> CppUint32:
        return self._apply(other, lambda a, b: a - b)

    def __rsub__(self, other: object) -> CppUint32:
        return self._apply(other, lambda a, b: a - b, True)

    def __mul__(self, other: object) -> CppUint32:
        return self._apply(other, lambda a, b: a * b)

    def __rmul__(self, other: object) -> CppUint32:
        return self._apply(other, lambda a, b: a * b, True)

    def __and__(self, other: object) -> CppUint32:
        return self._apply(other, lambda a, b: a & b)

    def __rand__(self, other: object) -> CppUint32:
        return self._apply(other, lambda a, b: a & b, True)

    def __or__(self, other: object) -> CppUint32:
        return self._apply(other, lambda a, b: a | b)

    def __ror__(self, other: object) -> CppUint32:
        return self._apply(other, lambda a, b: a | b, True)

    def __xor__(self, other: object) -> CppUint32:
        return self._apply(other, lambda a, b: a ^ b)

    def __rxor__(self, other: object) -> CppUint32:
        return self._apply(other, lambda a, b: a ^ b, True)

    def __invert__(self) -> CppUint32:
        return CppUint32(~self.value)


def cpp_value(expression: str, nb: int) -> int:
    """What C++ computes for ``expression`` (from :func:`unsigned_expressions`) with ``uint32_t nb``."""
    result = eval(expression, {"__builtins__": {}}, {"nb": CppUint32(nb)})  # our own expressions
    return result.value if isinstance(result, CppUint32) else int(result) & 0xFFFFFFFF


_scalar = st.one_of(
    _ub.map(lambda t: [f"s = {t}.get_value(0)"]),
    _ub.map(lambda t: [f"{t}.set_value(1, s)"]),
    _ub.map(lambda t: [f"{t}.set_value(0, 1.0)"]),
    st.just(["s = s * 2.0 + 1.0"]),
    unsigned_expressions().map(lambda e: [f"nb = {e}"]),
    _ub.map(lambda t: [f"{t}.set_value(2, nb)"]),
)
_EVENTS = ("MTE2_V", "V_MTE3", "MTE3_MTE2", "MTE3_V", "V_MTE2", "S_MTE3", "MTE3_S", "V_S", "S_V", "MTE2_S", "S_MTE2")
_event = st.tuples(st.sampled_from(_EVENTS), st.integers(0, 1))
_flags = st.one_of(
    _event.map(
        lambda e: [f"asc.set_flag(asc.HardEvent.{e[0]}, {e[1]})", f"asc.wait_flag(asc.HardEvent.{e[0]}, {e[1]})"]
    ),
    _event.map(lambda e: [f"asc.set_flag(asc.HardEvent.{e[0]}, {e[1]})"]),
    _event.map(lambda e: [f"asc.wait_flag(asc.HardEvent.{e[0]}, {e[1]})"]),
    st.sampled_from(("PIPE_V", "PIPE_MTE2", "PIPE_MTE3", "PIPE_S", "PIPE_ALL")).map(
        lambda p: [f"asc.pipe_barrier(asc.PipeID.{p})"]
    ),
)

PING_PONG_IDS = ("{i} & 1", "{i} % 2", "0 if ({i} & 1) == 0 else 1")
"""How a ping-pong loop spells its event id (docs/rules/flags.md#event-ids)."""

PING_PONG_MISTAKES = ("prime_twice", "drain_twice", "no_wait", "swapped_set", "one_buffer")
"""What a ping-pong loop may get wrong: a slot primed twice (the other never), drained twice, the wait in
the loop left out, the set on the other slot, one buffer for both slots."""


def _ping_pong(draw: st.DrawFn, scope: _Scope) -> list[str]:
    """A double-buffered loop with ping-pong flags (asc-devkit's ``add_high_performance``): both ``V_MTE2``
    slots primed, in iteration i a wait on slot ``i & 1``, the copy-in into half ``i & 1`` of ``w``, an
    ``MTE2_V`` pair on the same id, the vector op on that half, the set of the slot; both slots drained.
    Sometimes with one of :data:`PING_PONG_MISTAKES`."""
    name = next(scope.loop_names)
    ident = f"e{name}"
    mistake = draw(st.sampled_from(("none", "none", "none", *PING_PONG_MISTAKES)))
    half = "w" if mistake == "one_buffer" else f"w[{ident} * 128 :]"
    body = [f"{ident} = {draw(st.sampled_from(PING_PONG_IDS)).format(i=name)}"]
    if mistake != "no_wait":
        body.append(f"asc.wait_flag(asc.HardEvent.V_MTE2, {ident})")
    body += [
        f"asc.data_copy({half}, xg[{ident} * 128 :], 128)",
        f"asc.set_flag(asc.HardEvent.MTE2_V, {ident})",
        f"asc.wait_flag(asc.HardEvent.MTE2_V, {ident})",
        f"asc.adds({half}, {half}, 1.0, 128)",
        f"asc.set_flag(asc.HardEvent.V_MTE2, {ident + ' ^ 1' if mistake == 'swapped_set' else ident})",
    ]
    return [
        "asc.set_flag(asc.HardEvent.V_MTE2, 0)",
        f"asc.set_flag(asc.HardEvent.V_MTE2, {0 if mistake == 'prime_twice' else 1})",
        f"for {name} in range(n):",
        *_indent(body),
        "asc.wait_flag(asc.HardEvent.V_MTE2, 0)",
        f"asc.wait_flag(asc.HardEvent.V_MTE2, {0 if mistake == 'drain_twice' else 1})",
    ]


_QUEUE_IN: tuple[str, ...] = (
    "t = qi.alloc_tensor(asc.float32)",
    "asc.data_copy(t, xg, 256)",
    "qi.enque(t)",
    "t = qi.deque(asc.float32)",
    "asc.add(u, t, t, 256)",
    "qi.free_tensor(t)",
)
_QUEUE_OUT: tuple[str, ...] = (
    "o = qo.alloc_tensor(asc.float32)",
    "asc.adds(o, u, 1.0, 256)",
    "qo.enque(o)",
    "o = qo.deque(asc.float32)",
    "asc.data_copy(zg[256:], o, 256)",
    "qo.free_tensor(o)",
)


@st.composite
def _queue_stage(draw: st.DrawFn) -> list[str]:
    """One trip through a queue: the whole protocol, or (misuse) with a step dropped or repeated."""
    steps: list[str] = list(draw(st.sampled_from((_QUEUE_IN, _QUEUE_OUT))))
    mutation = draw(st.sampled_from(("none", "none", "none", "drop", "repeat")))
    if mutation != "none":
        index = draw(st.integers(0, len(steps) - 1))
        if mutation == "drop":
            del steps[index]
        else:
            steps.insert(index, steps[index])
    return steps


_matmul = st.sampled_from(
    (
        ["mm.iterate_all(cg, sync=False, wait_iterate_all=True)"],
        ["mm.iterate_all(cg, sync=False, wait_iterate_all=True)", "mm.wait_iterate_all()"],
        ["mm.iterate_all(cg)"],
        ["mm.wait_iterate_all()"],
        ["helper_wait(mm)"],
        ["while mm.iterate():", "    mm.get_tensor_c(cg)"],
        ["mm.set_tensor_a(ag)"],
        # CANN's loops over a runtime count of at least one: IterateAll<false> per batch, one wait after the
        # loop (docs/rules/matmul.md#loops-that-may-run-zero-times)
        ["for j in range(m):", "    mm.iterate_all(cg, sync=False, wait_iterate_all=True)", "mm.wait_iterate_all()"],
        # Huawei's per-batch reuse after an End() that posts nothing (docs/rules/matmul.md#mm-13)
        [
            "for j in range(m):",
            "    mm.set_tensor_a(ag)",
            "    mm.iterate_all(cg, sync=False, wait_iterate_all=True)",
            "    mm.wait_iterate_all()",
            "    mm.end()",
        ],
        [
            "mm.iterate_all(cg, sync=False, wait_iterate_all=True)",
            "mm.wait_iterate_all()",
            "mm.end()",
            "mm.iterate_all(cg, sync=False, wait_iterate_all=True)",
            "mm.wait_iterate_all()",
        ],
        ["asc.data_copy(u, cg, 256)"],  # reads C
        ["asc.data_copy(cg, v, 256)"],  # overwrites C
        ["asc.data_copy(ag, h, 256)"],  # overwrites A, an input of the Matmul
        ["mm.end()"],
    )
)


@dataclass(frozen=True)
class SliceCopy:
    """A copy between a UB tensor and a block's part of GM: block ``b`` touches
    ``[b · stride + start, b · stride + start + count)`` of ``buffer``."""

    text: str
    """The statement, with ``{t}`` for the UB tensor."""
    buffer: str
    stride: int
    start: int
    count: int
    write: bool

    @property
    def inside(self) -> bool:
        """Whether every block's copy stays inside its own part."""
        return self.stride > 0 and 0 <= self.start and self.start + self.count <= self.stride

    def elements(self, block: int) -> range:
        first = block * self.stride + self.start
        return range(first, first + self.count)


SLICE_COPIES = (
    SliceCopy("asc.data_copy({t}, xs, 128)", "x", 128, 0, 128, False),
    SliceCopy("asc.data_copy(ys, {t}, 64)", "y", 128, 0, 64, True),
    SliceCopy("asc.data_copy(yg[asc.get_block_idx() * 128 :], {t}, 64)", "y", 128, 0, 64, True),
    SliceCopy("asc.data_copy({t}, ys[64:], 64)", "y", 128, 64, 64, False),
    SliceCopy("asc.data_copy({t}, yg[asc.get_block_idx() * 128 + 64 :], 64)", "y", 128, 64, 64, False),
    # misuse: a write past the end of the part (into the next block's), a read of the other block's part
    SliceCopy("asc.data_copy(yg[asc.get_block_idx() * 128 + 192 :], {t}, 64)", "y", 128, 192, 64, True),
    SliceCopy("asc.data_copy({t}, yg[(1 - asc.get_block_idx()) * 128 :], 64)", "y", -128, 128, 64, False),
)
"""The copies of the ``slices`` family (``SLICE_BLOCKS`` blocks; ``x`` holds 256 elements, ``y`` 512).  Inside
its part a block writes the first 64 elements and reads the next 64; the misuse touches other elements of
the block (never what it writes and reads in its part: within a block the copies need no synchronization
the static analysis cannot see), but other blocks' parts."""


def parts_overlap(copies: Sequence[SliceCopy], blocks: int = SLICE_BLOCKS) -> bool:
    """Whether two of ``copies`` (two calls: a call is not paired with itself) touch one element of a buffer
    from two blocks, one of them writing it: a race between blocks."""
    for (i, first), (j, second) in itertools.product(enumerate(copies), repeat=2):
        if i == j or first.buffer != second.buffer or not (first.write or second.write):
            continue
        for b1, b2 in itertools.permutations(range(blocks), 2):
            if set(first.elements(b1)) & set(second.elements(b2)):
                return True
    return False


def parts_proved(copies: Sequence[SliceCopy]) -> bool:
    """Whether XC-7's proof (docs/rules/cross-core.md#disjoint-block-slices) clears every pair of ``copies``
    (two calls, one of them writing): both stay inside their parts, ``[0, stride)`` from the part's start."""
    for (i, first), (j, second) in itertools.product(enumerate(copies), repeat=2):
        if i == j or first.buffer != second.buffer or not (first.write or second.write):
            continue
        if not (first.inside and second.inside and first.stride == second.stride):
            return False
    return True


def slice_copy(copy: SliceCopy, tensor: str) -> list[str]:
    """The statement of ``copy`` with the UB tensor ``tensor``, marked with its index (:attr:`Kernel.slice_copies`)."""
    return [f"{copy.text.format(t=tensor)}  # slice {SLICE_COPIES.index(copy)}"]


_slices = st.tuples(st.sampled_from(SLICE_COPIES), _ub).map(lambda c: slice_copy(*c))


_FAMILY_STATEMENTS: dict[str, st.SearchStrategy[list[str]]] = {
    "vector": st.one_of(_vector, _vector, _vector, _vector_misuse),
    "scalar": _scalar,
    "queue": _queue_stage(),
    "flags": _flags,
    "matmul": _matmul,
    "slices": _slices,
}


# --- kernels ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Kernel:
    """A drawn kernel: its module source (below ``ascx.testing.kernels.HEADER``) and its families."""

    source: str
    families: frozenset[str]
    body: tuple[str, ...] = field(compare=False)

    @property
    def has_matmul(self) -> bool:
        return "matmul" in self.families

    @property
    def blocks(self) -> int:
        """The blocks the kernel is launched on: ``SLICE_BLOCKS`` with per-block parts, else one."""
        return SLICE_BLOCKS if "slices" in self.families else 1

    @property
    def slice_copies(self) -> list[SliceCopy]:
        """The copies of the ``slices`` family in the body (each marked with its index in ``SLICE_COPIES``)."""
        return [SLICE_COPIES[int(line.rsplit("# slice ", 1)[1])] for line in self.body if "# slice " in line]

    @property
    def parts_overlap(self) -> bool:
        """Whether two blocks' copies touch one element, one of them writing it (XC-7's race)."""
        return parts_overlap(self.slice_copies, self.blocks)

    @property
    def parts_proved(self) -> bool:
        """Whether XC-7's proof clears every pair of the kernel's copies to per-block parts."""
        return parts_proved(self.slice_copies)

    def arguments(self, n: int = 1, conditions: Sequence[int] = (0, 0), m: int = 1) -> list[Any]:
        """Fresh launch (and compile) arguments: the buffers (with ``m`` for the Matmul family), then ``n``
        and the conditions."""
        import ascx as asc
        from ascx.testing.tilings import ONE_BLOCK_L1_PLAN

        rng = np.random.default_rng(0)
        args: list[Any] = [rng.standard_normal(256).astype(np.float32), np.zeros(512, np.float32)]
        if "slices" in self.families:
            args.append(rng.standard_normal(512).astype(np.float32))
        if self.has_matmul:
            tiling = asc.adv.TCubeTiling(
                used_core_num=1, m=16, n=16, k_a=16, k_b=16, single_core_m=16, single_core_n=16,
                single_core_k=16, base_m=16, base_n=16, base_k=16, **ONE_BLOCK_L1_PLAN,
            )  # fmt: skip
            args += [
                rng.standard_normal(256).astype(np.float16),
                rng.standard_normal(256).astype(np.float16),
                np.zeros(256, np.float32),
                system_workspace(),
                tiling,
                m,
            ]
        return [*args, n, *conditions, np.uint32(UNSIGNED_NB)]

    def runs(self) -> Iterator[tuple[int, tuple[int, ...], int]]:
        """Every ``(n, conditions, m)`` the kernel is run with to cover its paths: its valid inputs."""
        for n in RUN_TRIPS:
            for m in MATMUL_TRIPS if self.has_matmul else (1,):
                for conditions in itertools.product((0, 1), repeat=len(CONDITIONS)):
                    yield n, conditions, m


@dataclass
class _Scope:
    """What the body being drawn may contain at this point."""

    families: tuple[str, ...]
    depth: int
    in_runtime_loop: bool
    loop_names: Iterator[str]
    innermost_runtime: bool = False
    """Whether the innermost loop around this point is a runtime one (a ``break`` under a runtime
    condition leaves only such a loop)."""


def _indent(lines: Sequence[str], by: str = "    ") -> list[str]:
    return [by + line for line in lines]


def _statement(draw: st.DrawFn, scope: _Scope) -> list[str]:
    """One simple statement (or statement group) of a family the kernel uses, or a control construct."""
    if scope.depth < 2 and draw(st.integers(0, 4)) == 0:
        return _control(draw, scope)
    top = scope.depth == 0 and "slices" in scope.families
    family = draw(st.sampled_from((*scope.families, "slices", "slices") if top else scope.families))
    if family == "slices" and scope.depth > 0:  # the parts' copies stay outside branches and loops
        family = "vector"
    return draw(_FAMILY_STATEMENTS[family])


def _block(draw: st.DrawFn, scope: _Scope, low: int = 1, high: int = 3) -> list[str]:
    lines: list[str] = []
    for _ in range(draw(st.integers(low, high))):
        lines += _statement(draw, scope)
    return lines


def _control(draw: st.DrawFn, scope: _Scope) -> list[str]:
    inner = _Scope(scope.families, scope.depth + 1, scope.in_runtime_loop, scope.loop_names, scope.innermost_runtime)
    looping = _Scope(scope.families, scope.depth + 1, True, scope.loop_names, True)
    unrolled = _Scope(scope.families, scope.depth + 1, scope.in_runtime_loop, scope.loop_names, False)
    kinds = ("if", "if", "if_static", "for", "static_for", "while", "return")
    if "flags" in scope.families and not {"queue", "matmul"} & set(scope.families):
        kinds += ("ping_pong",)  # its ids are hard-coded: next to a framework user of the pool that is FL-6
    kind = draw(st.sampled_from((*kinds, "break") if scope.innermost_runtime else kinds))
    if kind == "ping_pong":
        return _ping_pong(draw, scope)
    if kind == "if":
        condition = draw(st.sampled_from(CONDITIONS))
        lines = [f"if {condition} > 0:", *_indent(_block(draw, inner))]
        if draw(st.booleans()):
            lines += ["else:", *_indent(_block(draw, inner))]
        return lines
    if kind == "if_static":
        lines = [f"if K > {draw(st.sampled_from((1, 5)))}:", *_indent(_block(draw, inner))]
        return [*lines, "else:", *_indent(_block(draw, inner))] if draw(st.booleans()) else lines
    name = next(scope.loop_names)
    if kind == "for":
        return [f"for {name} in range(n):", *_indent(_block(draw, looping))]
    if kind == "static_for":
        return [f"for {name} in asc.static_range(2):", *_indent(_block(draw, unrolled))]
    if kind == "while":
        return [f"{name} = 0", f"while {name} < n:", *_indent([*_block(draw, looping), f"{name} = {name} + 1"])]
    # An early return under a runtime ``if``; inside runtime loops it leaves them, as a ``break`` leaves
    # the innermost one (docs/tracing.md#break-and-return-in-runtime-loops).
    condition = draw(st.sampled_from(CONDITIONS))
    leave = "break" if kind == "break" else "return"
    return [f"if {condition} > 0:", *_indent([*_block(draw, inner, 0, 2), leave])]


@st.composite
def kernels(
    draw: st.DrawFn, families: Sequence[str] = FAMILIES, max_statements: int = 8, *, ping_pong: bool = False
) -> Kernel:
    """A kernel module drawing from a non-empty subset of ``families`` (``ping_pong``: with a ping-pong loop
    between two blocks, the flags family and neither queues nor a Matmul object: the loop's ids are
    hard-coded, which next to a framework user of the pipe's pool is FL-6, and insertion's pool ids may
    equal them)."""
    chosen = tuple(sorted(draw(st.sets(st.sampled_from(tuple(families)), min_size=1))))
    if ping_pong:  # hard-coded ids: not next to a framework user of the pool, where they are FL-6
        chosen = tuple(sorted({*chosen, "flags"} - {"queue", "matmul"}))
    if "slices" in chosen:  # launched on several blocks: not with the Matmul family's one-core tiling
        chosen = tuple(c for c in chosen if c != "matmul")
    scope = _Scope(("vector", *chosen) if "vector" not in chosen else chosen, 0, False, _names())
    body = _block(draw, scope, 1, max_statements)
    if ping_pong:
        body += _ping_pong(draw, scope) + _block(draw, scope, 0, 2)
    if "matmul" in chosen and draw(st.integers(0, 3)) > 0:
        body.append("mm.end()")
    return kernel_of(chosen, body)


def kernel_of(chosen: Sequence[str], body: Sequence[str]) -> Kernel:
    """The kernel module whose body is ``body`` (unindented lines) after the prelude of ``chosen``."""
    params = "x: asc.GlobalAddress, z: asc.GlobalAddress"
    if "slices" in chosen:
        params += ", y: asc.GlobalAddress"
    if "matmul" in chosen:
        params += ", a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, ws: asc.GlobalAddress"
        params += ", tiling: asc.adv.TCubeTiling, m: int"
    params += ", n: int, " + ", ".join(f"{c}: int" for c in CONDITIONS) + ", nb: int"
    lines = ["@asc.jit({options})", f"def k({params}) -> None:", PRELUDE.rstrip("\n")]
    if "slices" in chosen:
        lines.append(SLICES.rstrip("\n"))
    if "queue" in chosen or "matmul" in chosen:
        lines.append(PIPE.rstrip("\n"))
    if "queue" in chosen:
        lines.append(QUEUES.rstrip("\n"))
    if "matmul" in chosen:
        lines.append(MATMUL.rstrip("\n"))
    lines += _indent(body)
    return Kernel(HELPERS + "\n".join(lines) + "\n", frozenset(chosen), tuple(body))


def _names() -> Iterator[str]:
    return (f"i{index}" for index in itertools.count())


def with_options(kernel: Kernel, **options: object) -> str:
    """The kernel's source with ``@asc.jit(**options)``."""
    spelled = ", ".join(f"{key}={value!r}" for key, value in options.items())
    return kernel.source.replace("@asc.jit({options})", f"@asc.jit({spelled})" if spelled else "@asc.jit")


# --- kernels that create their TPipe below the entry (issue 31, point 2) ---------------------------------

PIPE_PLACEMENTS = ("branch", "early_return", "device_function")
"""Where a kernel of :func:`nested_pipe_kernels` creates its ``TPipe`` and the rest of its setup (queues, the
Matmul object) and body: in a runtime ``if``; after an early ``return`` (the rest of the kernel is traced
into the ``else`` arm); in a device function ``stage``, after an early ``return`` of its own.
``ascx-insert-sync`` used to look for the pipe in the entry block only and declare a second
``AscendC::TPipe pipe;`` there for the ids of its flags (issue 31, point 2)."""

STAGE_PARAMS = ("x", "z", "xg", "zg", "u", "v", "h", "w", "s", "n", "c0", "c1", "nb")
"""What the drawn statements may use, passed by the kernel to the device function ``stage``."""
MATMUL_STAGE_PARAMS = ("a", "b", "c", "ws", "tiling", "m")
"""The same for the Matmul family."""


@st.composite
def nested_pipe_kernels(draw: st.DrawFn, families: Sequence[str] = FAMILIES, max_statements: int = 6) -> Kernel:
    """A kernel (as :func:`kernels` draws it, always with the queue family, so that inserted flags take pool
    ids from the pipe) that creates its ``TPipe`` at one of :data:`PIPE_PLACEMENTS`, with its queues, its
    Matmul object and its whole body after it in the same block: every pair insertion adds can take its id
    from that pipe."""
    chosen = tuple(sorted({"queue", *draw(st.sets(st.sampled_from(tuple(families))))}))
    scope = _Scope(("vector", *chosen) if "vector" not in chosen else chosen, 0, False, _names())
    body = _block(draw, scope, 1, max_statements)
    if "matmul" in chosen and draw(st.integers(0, 3)) > 0:
        body.append("mm.end()")
    return nested_pipe_kernel_of(
        chosen, body, draw(st.sampled_from(PIPE_PLACEMENTS)), draw(st.sampled_from(CONDITIONS))
    )


def nested_pipe_kernel_of(chosen: Sequence[str], body: Sequence[str], placement: str, condition: str) -> Kernel:
    """The kernel of :func:`kernel_of` with its pipe, queues, Matmul object and body moved to ``placement``
    (one of :data:`PIPE_PLACEMENTS`), behind the runtime ``condition``."""
    top = kernel_of(chosen, body)
    setup = PIPE + (QUEUES if "queue" in chosen else "") + (MATMUL if "matmul" in chosen else "")
    moved = setup + "".join(f"    {line}\n" for line in body)
    assert top.source.endswith(moved), "kernel_of puts the pipe's setup and the body last"
    inner = [line[4:] for line in setup.splitlines()] + list(body)
    stage = ""
    if placement == "branch":
        nested = [f"if {condition} > 0:", *_indent(inner)]
    elif placement == "early_return":
        nested = [f"if {condition} > 0:", "    return", *inner]
    else:
        params = ", ".join(STAGE_PARAMS + (MATMUL_STAGE_PARAMS if "matmul" in chosen else ()))
        function = [f"def stage({params}):", *_indent([f"if {condition} > 0:", "    return", *inner])]
        stage = "\n\n@asc.jit\n" + "\n".join(function) + "\n"
        nested = [f"stage({params})"]
    source = top.source[: -len(moved)] + "".join(f"    {line}\n" for line in nested) + stage
    return Kernel(source, top.families, tuple(body))
