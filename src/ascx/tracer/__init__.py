"""The bytecode tracer: Python kernel functions to IR.

``decode`` normalises CPython bytecode, ``interpreter`` executes it symbolically, and
``kernel.trace_kernel`` wraps the result in a kernel ``func.func``.
"""

from ascx.lazy_exports import lazy_exports

__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        "ascx.tracer.kernel": "TraceResult trace_function trace_kernel",
        "ascx.tracer.signature": "KernelParam",
    },
)
