"""pyasc's ``asc.language.fwk``: the pipe, queues and buffers."""

from ascx.language.fwk.tbuf import TBuf, TBufPool
from ascx.language.fwk.tpipe import TPipe, get_tpipe_ptr
from ascx.language.fwk.tque import TQue, TQueBind

__all__ = ["TBuf", "TBufPool", "TPipe", "TQue", "TQueBind", "get_tpipe_ptr"]

from ascx.language.fwk import utils as utils
