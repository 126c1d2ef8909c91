"""pyasc's ``asc.language.basic.utils``: what the basic APIs share.  In pyasc it holds the docstring
builders and operand checks; in ascx the docstrings come from the records of ``api_docs`` and the
shared operand checks are these (``ascx.language.basic.operands``)."""

from ascx.language.basic.operands import any_tensor, element_dtype, vector_tensor
from ascx.language.basic.system_args import compile_time_int, enum_member

__all__ = ["any_tensor", "compile_time_int", "element_dtype", "enum_member", "vector_tensor"]
