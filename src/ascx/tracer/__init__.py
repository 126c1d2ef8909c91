"""The bytecode tracer: Python kernel functions to IR.

``decode`` normalises CPython bytecode, ``interpreter`` executes it symbolically, and
``kernel.trace_kernel`` wraps the result in a kernel ``func.func``.
"""

from typing import TYPE_CHECKING

from ascx.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from ascx.tracer.kernel import TraceResult, trace_function, trace_kernel
    from ascx.tracer.signature import KernelParam

__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        "ascx.tracer.kernel": "TraceResult trace_function trace_kernel",
        "ascx.tracer.signature": "KernelParam",
    },
)

__all__ = ["KernelParam", "TraceResult", "trace_function", "trace_kernel"]
