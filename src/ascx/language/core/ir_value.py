"""pyasc's ``asc.language.core.ir_value``: the runtime values of a kernel.  ascx's live in
``ascx.language.core.values``: ``GlobalAddress`` (a kernel's pointer parameters), ``RuntimeScalar``
(pyasc's ``PlainValue``) and their base ``Handle`` (pyasc's ``IRValue``)."""

from ascx.language.core.values import GlobalAddress, Handle, RuntimeScalar, TypedValue

IRValue = Handle
PlainValue = RuntimeScalar

__all__ = ["GlobalAddress", "Handle", "RuntimeScalar", "TypedValue"]
