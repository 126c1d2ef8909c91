"""pyasc's ``asc.language.fwk``: the pipe, queues and buffers."""

from ascx.language.fwk._exports import EXPORTS
from ascx.lazy_exports import lazy_exports

__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        **EXPORTS,
        "ascx.language.fwk": "utils",
    },
)
