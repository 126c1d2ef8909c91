"""``ascx-migrate-async-get-tensor-c``: rewrite the deprecated ``AsyncGetTensorC(c)`` into
``GetTensorC<false>(c, 0, false)``, warning at each call's source line.

Ascend C documents ``AsyncGetTensorC`` as superseded by the asynchronous ``GetTensorC``; both copy
the next result block into a LocalTensor and are completed by ``WaitGetTensorC``.  The printer still
prints ``AsyncGetTensorC`` when this pass does not run.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerAttr, ModuleOp, i1, i8
from xdsl.rewriter import InsertPoint, Rewriter

from ascx.diagnostics import source_location
from ascx.dialects.ascendc import MatmulAsyncGetTensorCOp, MatmulGetTensorCOp
from ascx.errors import AscxWarning
from ascx.passes.base import AscxPass

MESSAGE = "async_get_tensor_c is deprecated: use get_tensor_c(c, sync=False), which ascx emits in its place"


def _warn(op: MatmulAsyncGetTensorCOp) -> None:
    location = source_location(op.location)
    if location is None:
        warnings.warn(MESSAGE, AscxWarning, stacklevel=2)
    else:
        warnings.warn_explicit(MESSAGE, AscxWarning, location.file, location.line)


@dataclass(frozen=True)
class MigrateAsyncGetTensorCPass(AscxPass):
    """Replace every ``ascendc.matmul.async_get_tensor_c`` by an asynchronous ``get_tensor_c``."""

    name = "ascx-migrate-async-get-tensor-c"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for old in [o for o in op.walk() if isinstance(o, MatmulAsyncGetTensorCOp)]:
            _warn(old)
            en_atomic = arith.ConstantOp(IntegerAttr(0, i8))
            sequential = arith.ConstantOp(IntegerAttr(0, i1))
            new = MatmulGetTensorCOp(old.matmul, old.tensor, en_atomic.result, sequential.result, sync=False)
            for created in (en_atomic, sequential, new):
                created.location = old.location
            Rewriter.insert_op([en_atomic, sequential], InsertPoint.before(old))
            Rewriter.replace_op(old, new)
