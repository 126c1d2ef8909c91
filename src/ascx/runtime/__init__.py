"""The compile driver and ``@asc.jit``."""

from ascx.runtime import config as config
from ascx.runtime.compiler import CompiledKernel, compile_kernel
from ascx.runtime.jit import JITFunction, MockTensor, MockValue, jit

__all__ = ["CompiledKernel", "JITFunction", "MockTensor", "MockValue", "compile_kernel", "config", "jit"]
