"""The compile driver and ``@asc.jit``."""

from typing import TYPE_CHECKING

from ascx.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from ascx.runtime import config as config
    from ascx.runtime import launcher as launcher
    from ascx.runtime.compiler import CompiledKernel, compile_kernel
    from ascx.runtime.jit import JITFunction, MockTensor, MockValue, jit

__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        "ascx.runtime": "config launcher",
        "ascx.runtime.compiler": "CompiledKernel compile_kernel",
        "ascx.runtime.jit": "JITFunction MockTensor MockValue jit",
    },
)

__all__ = [
    "CompiledKernel",
    "JITFunction",
    "MockTensor",
    "MockValue",
    "compile_kernel",
    "config",
    "jit",
    "launcher",
]
