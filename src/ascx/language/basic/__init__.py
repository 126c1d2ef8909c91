"""pyasc's ``asc.language.basic``: data movement, vector ops, synchronisation, system values,
atomics and debug output."""

from ascx.language.basic._exports import EXPORTS
from ascx.lazy_exports import lazy_exports

__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        **EXPORTS,
        "ascx.language.basic": "cache common determine_compute_sync set_atomic utils list_tensor",
    },
)
