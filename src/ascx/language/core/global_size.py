"""What the trace knows about a GlobalTensor's size (``GetSize()``): the ``buffer_size`` its
``set_global_buffer`` calls gave it, when every one of them is known.

APIs whose CANN implementation asserts that a GlobalTensor has elements (``Matmul.SetWorkspace``,
``InitGlobalMemory``) warn at the call about a tensor that is known to have none, naming each
``set_global_buffer``: CANN's assertions are compiled into its CPU-debug build only (``ASSERT`` and the
kernel checks are empty on the NPU, where such a kernel runs, and CANN's own samples do it), so the kernel
is not wrong on the device, but CANN's CPU simulator aborts it.  A size computed at run time is left to CANN.
"""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr
from xdsl.ir import SSAValue

from ascx.diagnostics import source_location
from ascx.dialects import ascendc as ir
from ascx.language.core.builder import IRBuilder
from ascx.language.core.tensor import GlobalTensor


def _constant(value: SSAValue) -> int | None:
    owner = value.owner
    if isinstance(owner, arith.ConstantOp | ir.ConstantOp) and isinstance(owner.value, IntegerAttr):
        return owner.value.value.data
    return None


def buffers_of(tensor: GlobalTensor) -> list[ir.SetGlobalBufferOp]:
    """The ``set_global_buffer`` calls traced so far on ``tensor``, in source order."""
    found = [use.operation for use in tensor.ssa.uses if isinstance(use.operation, ir.SetGlobalBufferOp)]
    return sorted(found, key=_source_line)


def known_size(tensor: GlobalTensor) -> int | None:
    """The elements of ``tensor`` when every ``set_global_buffer`` gives the same known number (0 without
    a ``buffer_size``: CANN's ``GetSize()`` of a tensor given none); None when unknown."""
    sizes = {0 if op.size is None else _constant(op.size) for op in buffers_of(tensor)}
    if len(sizes) != 1:
        return None
    return sizes.pop()


def warn_without_elements(builder: IRBuilder, tensor: GlobalTensor, message: str, hint: str) -> None:
    """Warn ``message`` at the call, naming each ``set_global_buffer``, then ``hint``, when ``tensor`` is known
    to have no elements."""
    buffers = buffers_of(tensor)
    if not buffers or known_size(tensor) != 0:
        return
    where = "; ".join(_where_the_buffer_is_set(op) for op in buffers)
    builder.warn(f"{message} ({where}); {hint}")


def _source_line(op: ir.SetGlobalBufferOp) -> int:
    location = source_location(op.location)
    return location.line if location is not None else 0


def _where_the_buffer_is_set(op: ir.SetGlobalBufferOp) -> str:
    location = source_location(op.location)
    where = f"at {location.file}:{location.line}" if location is not None else "by a set_global_buffer"
    what = "without a buffer_size" if op.size is None else "with a buffer_size of 0"
    return f"its buffer is set {where} {what}"
