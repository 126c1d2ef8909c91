"""The ops and attributes of the APIs added for pyasc parity (issue 14): the system APIs, arrays and
verbatim C++, tensor lists.  One tuple each, so that the dialect registers them in one place."""

from ascx.dialects.ascendc.array_ops import ARRAY_ATTRS, ARRAY_OPS
from ascx.dialects.ascendc.list_tensor_ops import LIST_TENSOR_ATTRS, LIST_TENSOR_OPS
from ascx.dialects.ascendc.system_api_ops import SYSTEM_API_ATTRS, SYSTEM_API_OPS
from ascx.dialects.ascendc.tensor_method_ops import TENSOR_METHOD_ATTRS, TENSOR_METHOD_OPS

PARITY_OPS = (*SYSTEM_API_OPS, *ARRAY_OPS, *LIST_TENSOR_OPS, *TENSOR_METHOD_OPS)
PARITY_ATTRS = (*SYSTEM_API_ATTRS, *ARRAY_ATTRS, *LIST_TENSOR_ATTRS, *TENSOR_METHOD_ATTRS)
