"""pyasc's ``asc.language.adv`` (``asc.adv``): the high-level library: the Matmul API, the math
functions, ``softmax``, ``rmsnorm``, ``quant``, ``concat``/``extract`` and their tiling structs."""

from ascx.language.adv._exports import EXPORTS
from ascx.lazy_exports import lazy_exports

__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        **EXPORTS,
        "ascx.language.adv": "activation normalization quantization sort types utils math online_softmax",
        "ascx.language.core.enums": (
            "BatchMode BatchOutMode CubeFormat IterateMode IterateOrder LayoutMode MatmulConfigMode MatmulPolicy "
            "ScheduleType TPosition "
        ),
    },
    star_submodules="activation math normalization quantization sort types utils",
)
