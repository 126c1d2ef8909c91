"""pyasc's ``asc.language.core``: data types, enums, values, tensors and properties."""

from ascx.language.core._exports import EXPORTS
from ascx.lazy_exports import lazy_exports

__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        **EXPORTS,
        "ascx.language.core": "aipp_types ir_value memory_allocator ops struct types utils",
    },
)
