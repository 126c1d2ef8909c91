"""The ``ascendc`` dialect: Ascend C objects, the Matmul high-level API and kernel ABI ops.

Types carry element types; Matmul objects are described once, by the op that creates them
(``ascendc.matmul.create``), and every other Matmul op refers to that object.  Ops declare the
facts that passes need through traits (``ascx.dialects.ascendc.traits``), so analyses never test op
names.  Every op has a verifier and a custom assembly format that round-trips.
"""

from ascx.dialects.ascendc._exports import EXPORTS
from ascx.lazy_exports import lazy_exports

__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        **EXPORTS,
    },
)
