"""The compile driver and ``@asc.jit``."""

from ascx.lazy_exports import lazy_exports

__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        "ascx.runtime": "config launcher",
        "ascx.runtime.compiler": "CompiledKernel compile_kernel",
        "ascx.runtime.jit": "JITFunction MockTensor MockValue jit",
    },
    star_submodules="config launcher",
)
