"""pyasc's ``asc.language.core.types``: the parameter structs and ``ShapeInfo``.  ascx's live in
``ascx.language.core.params`` (data copies, repeats), ``ascx.language.core.system_params``
(``CheckLocalMemoryIAParam``, ``SliceInfo``) and ``ascx.language.core.shape_info``; the structs of the
cube, gather and sort APIs are added by those APIs."""

from ascx.language.core.params import (
    BinaryRepeatParams,
    DataCopyExtParams,
    DataCopyPadExtParams,
    DataCopyPadParams,
    DataCopyParams,
    ParamsStruct,
    UnaryRepeatParams,
)
from ascx.language.core.shape_info import ShapeInfo, get_shape_size
from ascx.language.core.system_params import CheckLocalMemoryIAParam, SliceInfo

__all__ = [
    "BinaryRepeatParams",
    "CheckLocalMemoryIAParam",
    "DataCopyExtParams",
    "DataCopyPadExtParams",
    "DataCopyPadParams",
    "DataCopyParams",
    "ParamsStruct",
    "ShapeInfo",
    "SliceInfo",
    "UnaryRepeatParams",
    "get_shape_size",
]
