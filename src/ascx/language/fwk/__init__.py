"""pyasc's ``asc.language.fwk``: the pipe, queues and buffers."""

from typing import TYPE_CHECKING

from ascx.lazy_exports import lazy_exports


def _document() -> None:
    from ascx.language.docstrings import docstrings_wanted

    if docstrings_wanted():
        from ascx.language.reference import document_package

        document_package(__name__)


if TYPE_CHECKING:
    from ascx.language.fwk import utils as utils
    from ascx.language.fwk.tbuf import TBuf, TBufPool
    from ascx.language.fwk.tpipe import TPipe, get_tpipe_ptr
    from ascx.language.fwk.tque import TQue, TQueBind

__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        "ascx.language.fwk.tbuf": "TBuf TBufPool",
        "ascx.language.fwk.tpipe": "TPipe get_tpipe_ptr",
        "ascx.language.fwk.tque": "TQue TQueBind",
        "ascx.language.fwk": "utils",
    },
    on_first_use=_document,
)

__all__ = ["TBuf", "TBufPool", "TPipe", "TQue", "TQueBind", "get_tpipe_ptr"]
