"""ascx: a bytecode-tracing compiler for Ascend NPU kernels written in Python.

``import ascx as asc`` gives pyasc's kernel API::

    @asc.jit
    def kernel(a: asc.GlobalAddress, ...) -> None:
        pipe = asc.TPipe()
        ...

    print(kernel.compile(asc.MockTensor(asc.float16), ...).source)
"""

from ascx.errors import (
    AscxError as AscxError,
    AscxWarning as AscxWarning,
    IRError as IRError,
    KernelError as KernelError,
)
from ascx.language import basic as _basic, core as _core, fwk as _fwk
from ascx.language.core.constexpr import ConstExpr as ConstExpr
from ascx.language.core.dtype import (
    DataType as DataType,
    bfloat16 as bfloat16,
    bit as bit,
    bool_ as bool_,
    double as double,
    float16 as float16,
    float32 as float32,
    float64 as float64,
    float_ as float_,
    half as half,
    int1 as int1,
    int8 as int8,
    int16 as int16,
    int32 as int32,
    int64 as int64,
    int_ as int_,
    uint8 as uint8,
    uint16 as uint16,
    uint32 as uint32,
    uint64 as uint64,
    void as void,
)
from ascx.language.core.values import GlobalAddress as GlobalAddress
from ascx.lazy_exports import lazy_exports, public_names
from ascx.runtime.compiled import CompiledKernel as CompiledKernel
from ascx.runtime.jit import MockTensor as MockTensor, MockValue as MockValue, jit as jit
from ascx.tracer.decode import check_python_version
from ascx.version import __version__ as __version__

check_python_version()

_EAGER = (
    "AscxError AscxWarning IRError KernelError ConstExpr DataType bfloat16 bit bool_ double float16 float32 float64 "
    "float_ half int1 int8 int16 int32 int64 int_ uint8 uint16 uint32 uint64 void GlobalAddress CompiledKernel "
    "MockTensor MockValue jit"
)
"""What ``import ascx`` imports at once (the ``X as X`` imports above); everything else is read on first use."""

__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        "ascx": "language lib runtime",
        "ascx.language": "adv basic core fwk",
        # pyasc's asc re-exports its families' names: read from their own tables (ascx.language.*)
        "ascx.language.basic": " ".join(public_names(_basic)),
        "ascx.language.core": " ".join(name for name in public_names(_core) if name not in _EAGER.split()),
        "ascx.language.fwk": " ".join(public_names(_fwk)),
        "ascx.runtime.launcher": "LaunchOptions",
        "ascx.runtime.options": "CodegenOptions CompileOptions",
        "ascx.progress": "show_progress hide_progress",
    },
    eager=_EAGER,
    star_submodules="lib",
)
