"""The bytecode tracer: Python kernel functions to IR.

``decode`` normalises CPython bytecode, ``interpreter`` executes it symbolically, and
``kernel.trace_kernel`` wraps the result in a kernel ``func.func``.
"""

from ascx.tracer.kernel import TraceResult, trace_function, trace_kernel
from ascx.tracer.signature import KernelParam

__all__ = ["KernelParam", "TraceResult", "trace_function", "trace_kernel"]
