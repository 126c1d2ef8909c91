"""pyasc's ``asc.language.fwk.utils``: in pyasc, the docstrings of the framework classes.  ascx's come
from the records of ``ascx.language.fwk.api_docs``, which this module re-exports."""

from ascx.language.fwk.api_docs import FAMILIES

__all__ = ["FAMILIES"]
