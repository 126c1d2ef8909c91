"""Trace-time rules of GEMV: A in ``CubeFormat.VECTOR``, a 1 x K vector
(docs/reference/matmul.md#gemv-a-in-cubeformatvector).

CANN's rules, each an error at the call that breaks it:

- VECTOR is a format of A only: CANN's MatmulType documentation (``Matmul使用说明.md``, FORMAT, Atlas A2)
  lists ND, NZ and VECTOR for A, ND and NZ for B, ND for the bias.
- The BasicBlock template does not take it: CANN's ``CheckBasicBlock`` (``scheduler_norm.h``) static_asserts
  with the message below, so the kernel's C++ does not compile.
- A is not transposed: CANN's ``SetTensorA`` asserts it (``MatmulTensorInfo::CheckMatrixA``); a transpose
  flag known while tracing is checked here, one known only at run time by the emulation.

That A's M is 1 and A's GM data 16-byte aligned (CANN's GEMV page) are run-time facts the emulation checks.
"""

from __future__ import annotations

from ascx.language.adv.matmul_config import MatmulConfig
from ascx.language.adv.matmul_type import MatmulType
from ascx.language.core.api_errors import ApiValueError
from ascx.language.core.enums import CubeFormat

BASIC_BLOCK = "The BasicBlock template does not support matrix A in scalar or vector format."
"""CANN's static_assert message (``MatmulScheduler::CheckBasicBlock``)."""
TRANSPOSED = "In GEMV mode, matrix A should not be transposed."
"""CANN's assertion message (``MatmulTensorInfo::CheckMatrixA``)."""
_OTHER_FORMATS = {"B": "ND or NZ", "C": "ND, NZ or ND_ALIGN", "the bias": "ND"}


def is_gemv(a: MatmulType) -> bool:
    """A is a vector: ``MatmulType(..., CubeFormat.VECTOR, ...)``."""
    return CubeFormat(a.format) is CubeFormat.VECTOR


def check_declaration(a: MatmulType, b: MatmulType, c: MatmulType, bias: MatmulType, config: MatmulConfig) -> None:
    """The GEMV rules of one ``Matmul(...)``."""
    for role, operand in (("B", b), ("C", c), ("the bias", bias)):
        if CubeFormat(operand.format) is CubeFormat.VECTOR:
            raise ApiValueError(
                f"CubeFormat.VECTOR is a format of A only (GEMV: A is a 1 x K vector); {role} may be "
                f"{_OTHER_FORMATS[role]}",
                "declare A as the vector: the product of a 1 x K A and a K x N B",
            )
    if is_gemv(a) and config.do_basic_block:
        raise ApiValueError(
            f"A in CubeFormat.VECTOR (GEMV): {BASIC_BLOCK}",
            "use the Norm template (asc.adv.get_normal_config()) or MDL for a GEMV Matmul",
        )


def transposed_message(method: str) -> str:
    """A GEMV A passed with ``transpose=True``: CANN's assertion, at the call."""
    return f"{method}: A is in CubeFormat.VECTOR (GEMV): {TRANSPOSED}"


def check_transpose(a: MatmulType, method: str) -> None:
    """``set_tensor_a(tensor, transpose=True)`` with the flag known while tracing."""
    if is_gemv(a):
        raise ApiValueError(
            transposed_message(method),
            "pass transpose=False: a GEMV A is one row of K elements",
        )
