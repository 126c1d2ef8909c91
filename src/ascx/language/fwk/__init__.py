"""pyasc's ``asc.language.fwk``: pipes, queues and buffers."""

from ascx.language.fwk.tpipe import TPipe

__all__ = ["TPipe"]
