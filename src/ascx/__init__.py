"""ascx: a bytecode-tracing compiler for Ascend NPU kernels written in Python.

``import ascx as asc`` gives pyasc's kernel API::

    @asc.jit
    def kernel(a: asc.GlobalAddress, ...) -> None:
        pipe = asc.TPipe()
        ...

    print(kernel.compile(asc.MockTensor(asc.float16), ...).source)
"""

from ascx.errors import AscxError, AscxWarning, IRError, KernelError
from ascx.language import adv, basic, core, fwk
from ascx.language.core import (
    DEFAULT_C0_SIZE,
    ONE_BLK_SIZE,
    TOTAL_L0C_SIZE,
    TOTAL_L1_SIZE,
    BatchMode,
    BatchOutMode,
    ConstExpr,
    CubeFormat,
    DataType,
    GlobalAddress,
    GlobalTensor,
    IterateMode,
    IterateOrder,
    LayoutMode,
    LocalTensor,
    MatmulConfigMode,
    MatmulPolicy,
    ScheduleType,
    TPosition,
    bfloat16,
    bit,
    bool_,
    double,
    float16,
    float32,
    float64,
    float_,
    half,
    int1,
    int8,
    int16,
    int32,
    int64,
    int_,
    property,
    range,
    static_range,
    uint8,
    uint16,
    uint32,
    uint64,
)
from ascx.language.fwk import TPipe
from ascx.runtime import CompiledKernel, MockTensor, MockValue, jit
from ascx.tracer.decode import check_python_version
from ascx.version import __version__ as __version__

check_python_version()

__all__ = [
    "DEFAULT_C0_SIZE",
    "ONE_BLK_SIZE",
    "TOTAL_L0C_SIZE",
    "TOTAL_L1_SIZE",
    "AscxError",
    "AscxWarning",
    "BatchMode",
    "BatchOutMode",
    "CompiledKernel",
    "ConstExpr",
    "CubeFormat",
    "DataType",
    "GlobalAddress",
    "GlobalTensor",
    "IRError",
    "IterateMode",
    "IterateOrder",
    "KernelError",
    "LayoutMode",
    "LocalTensor",
    "MatmulConfigMode",
    "MatmulPolicy",
    "MockTensor",
    "MockValue",
    "ScheduleType",
    "TPipe",
    "TPosition",
    "adv",
    "basic",
    "bfloat16",
    "bit",
    "bool_",
    "core",
    "double",
    "float16",
    "float32",
    "float64",
    "float_",
    "fwk",
    "half",
    "int1",
    "int8",
    "int16",
    "int32",
    "int64",
    "int_",
    "jit",
    "property",
    "range",
    "static_range",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
]
