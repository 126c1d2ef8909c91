"""``asc.LocalTensorAuto``: pyasc's automatic tensors.  A kernel written in pyasc's automatic-sync
style declares its on-chip tensors with ``LocalTensorAuto(dtype, shape)`` and never calls a queue or
a flag; the compiler gives each tensor memory and ``ascx-insert-sync`` orders the pipes.

ascx gives each tensor a ``TBuf`` of its own in the unified buffer (``VECCALC``), declared and
initialised from the kernel's ``TPipe`` once, before the kernel's first statement that needs it
(the pipe is created at the kernel's entry when the kernel has none), and the tensor is the
buffer's ``Get<T>()`` where the kernel asks for it: a ``LocalTensorAuto`` in a loop is the same
buffer in every iteration, as a pyasc queue of depth 1 would be.
"""

from __future__ import annotations

import math
from typing import Any, cast

from xdsl.rewriter import InsertPoint

from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.convert import describe
from ascx.language.core.dtype import DataType
from ascx.language.core.enums import TPosition
from ascx.language.core.tensor import LocalTensor
from ascx.language.core.values import Handle, RuntimeScalar
from ascx.language.records import records

record = records(__name__, "core/helpers")
NEEDS_INSERT_SYNC = "LocalTensorAuto: automatic tensors need ascx-insert-sync, which places their synchronisation"


def dim_type_message(got: str) -> str:
    return f"LocalTensorAuto: a dimension of the shape must be an integer, got {got}"


RUNTIME_SHAPE_NESTED = (
    "LocalTensorAuto: a shape computed at run time is allocated where it is given, which must be the kernel's "
    "top level (not in a loop or a branch): the pipe gives a buffer its memory once"
)


_ANCHOR_KEY = "local_tensor_auto_anchor"
"""kernel_state: the last op of the declarations made for automatic tensors (the next go after it)."""


Dim = int | RuntimeScalar
"""A dimension: a compile-time int, or an integer computed at run time."""


def _shape(shape: Any) -> tuple[Dim, ...]:
    dims: list[Any] = list(cast("list[Any]", shape)) if isinstance(shape, list | tuple) else [shape]
    for dim in dims:
        if isinstance(dim, RuntimeScalar) and dim.dtype.is_int() and dim.dtype.bitwidth > 1:
            continue
        if not isinstance(dim, int) or isinstance(dim, bool):
            raise ApiTypeError(
                dim_type_message(describe(dim)),
                "give an int, or an integer computed at run time (an `int` kernel parameter)",
            )
        if dim <= 0:
            raise ApiValueError(f"LocalTensorAuto: a dimension must be positive, got {dim}")
    if not dims:
        raise ApiValueError("LocalTensorAuto: the shape has no dimensions")
    return tuple(cast("list[Dim]", dims))


def _length(dims: tuple[Dim, ...], dtype: DataType) -> int | RuntimeScalar:
    """The buffer's bytes: the elements times the element size, a run-time value when a dimension is one
    (computed where the tensor is given; the constant part first)."""
    static = math.prod(d for d in dims if isinstance(d, int)) * dtype.sizeof()
    runtime = [d for d in dims if isinstance(d, RuntimeScalar)]
    if not runtime:
        return static
    length: RuntimeScalar = runtime[0] if static == 1 else runtime[0] * static
    for dim in runtime[1:]:
        length = dim * length
    return length


def _declaration_point(builder: IRBuilder) -> tuple[Any, InsertPoint]:
    """The kernel's pipe and where the next automatic buffer is declared: after the previous one, or
    after the pipe; a kernel without a pipe gets one at its entry."""
    from ascx.dialects import ascendc as ir
    from ascx.language.fwk.tpipe import TPipe, get_tpipe_ptr

    anchor = builder.kernel_state.get(_ANCHOR_KEY)
    if anchor is not None:
        return get_tpipe_ptr(), InsertPoint.after(anchor)
    if "tpipe" in builder.kernel_state:
        pipe = get_tpipe_ptr()
        owner = pipe.ssa.owner
        assert isinstance(owner, ir.PipeOp)
        return pipe, InsertPoint.after(owner)
    with builder.at(InsertPoint.at_start(builder.entry_block())):
        pipe = TPipe()
    pipe.suggest_name("pipe")
    owner = pipe.ssa.owner
    assert isinstance(owner, ir.PipeOp)
    return pipe, InsertPoint.after(owner)


@record(
    forms=("t = asc.LocalTensorAuto(dtype, shape)",),
    cpp=(
        "AscendC::TBuf<AscendC::TPosition::VECCALC> buf;  // at the entry, with pipe.InitBuffer(buf, n)",
        "AscendC::LocalTensor<T> t = buf.Get<T>();",
    ),
    params=(
        ("dtype", "the element type"),
        ("shape", "an int or a tuple of ints, each compile-time or an integer computed at run time"),
    ),
    rules=(
        f'A dimension is an integer: "{dim_type_message("the float 2.5")}".',
        f'A shape computed at run time is given at the kernel\'s top level: "{RUNTIME_SHAPE_NESTED}".',
        f'The tensors need the insertion: "{NEEDS_INSERT_SYNC}" with ``insert_sync=False``.',
        "They share the unified buffer's budget with the kernel's other buffers.",
    ),
    notes=(
        "A kernel that uses them has its pipe made for it: a later ``asc.TPipe()`` is an error "
        "(use ``asc.get_tpipe_ptr()``).",
        "A shape with a dimension computed at run time (pyasc's ``LocalTensorAuto(dtype, (dim1, dim2))`` with "
        "``dim2: int``) is allocated where it is given, as pyasc's MaterializeTensor pass does: "
        "``pipe.InitBuffer(buf, dim2 * 8)`` there, its length computed at run time.  The trace-time budget "
        "cannot count it (it counts the sizes it knows); the emulation checks the unified buffer's capacity "
        "when ``InitBuffer`` runs, and a kernel that overflows it stops there "
        "([how a launch runs](../../emulation.md#how-a-launch-runs)).",
    ),
    title="asc.LocalTensorAuto",
)
class LocalTensorAuto(LocalTensor):
    """An on-chip tensor whose memory and synchronisation the compiler provides: each is a ``TBuf`` of its own
    (``VECCALC``) from the kernel's ``TPipe``, declared once before the first statement that needs it (the pipe
    is created at the kernel's entry when the kernel has none); ``ascx-insert-sync`` places every flag and
    barrier.  One in a loop is the same buffer in every iteration."""

    __slots__ = ("shape",)

    shape: tuple[Dim, ...]

    def __init__(self, dtype: Any, shape: Any) -> None:
        from ascx.language.fwk.tbuf import TBuf

        api = "LocalTensorAuto"
        builder = active(api)
        if not isinstance(dtype, DataType) or not dtype.is_numeric():
            raise ApiTypeError(f"{api}: dtype must be a data type (e.g. asc.float32), got {describe(dtype)}")
        if not builder.options.insert_sync:
            raise ApiValueError(
                NEEDS_INSERT_SYNC,
                "remove insert_sync=False from @asc.jit",
            )
        dims = _shape(shape)
        if all(isinstance(d, int) for d in dims):
            pipe, point = _declaration_point(builder)
            with builder.at(point):
                buffer = TBuf(TPosition.VECCALC)
                buffer.suggest_name("auto_buf")
                pipe.init_buffer(buffer, _length(dims, dtype))
            after = point.insert_before
            builder.kernel_state[_ANCHOR_KEY] = after.prev_op if after is not None else point.block.last_op
        else:
            # docs/reference/core/helpers.md#asc-localtensorauto: allocated here, where the shape is known
            if builder.block is not builder.entry_block():
                raise ApiValueError(
                    RUNTIME_SHAPE_NESTED, "give the tensor before the loop or branch, where its shape is known"
                )
            pipe, _ = _declaration_point(builder)
            buffer = TBuf(TPosition.VECCALC)
            buffer.suggest_name("auto_buf")
            pipe.init_buffer(buffer, _length(dims, dtype))
        tensor = buffer.get(dtype)
        # not LocalTensor.__init__, which declares a tensor: an automatic tensor is its buffer's
        Handle.__init__(self, tensor.ssa)
        self.dtype = tensor.dtype
        self.position = tensor.position
        self.queue = None
        self.shape = dims


__all__ = ["LocalTensorAuto"]
