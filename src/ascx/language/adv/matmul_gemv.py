"""Trace-time rules of GEMV: A in ``CubeFormat.VECTOR``, a 1 x K vector
(docs/reference/matmul.md#gemv-a-in-cubeformatvector), and A in ``CubeFormat.SCALAR``, a 1 x K vector of one
value set by ``set_tensor_a(scalar)`` (docs/reference/matmul.md#a-scalar-a-in-cubeformatscalar).

CANN's rules, each an error at the call that breaks it:

- VECTOR is a format of A only: CANN's MatmulType documentation (``Matmul使用说明.md``, FORMAT, Atlas A2)
  lists ND, NZ and VECTOR for A, ND and NZ for B, ND for the bias.
- The BasicBlock template takes neither VECTOR nor SCALAR: CANN's ``CheckBasicBlock`` (``scheduler_norm.h``)
  static_asserts with the message below, so the kernel's C++ does not compile.
- A is not transposed: CANN's ``SetTensorA`` asserts it (``MatmulTensorInfo::CheckMatrixA``); a transpose
  flag known while tracing is checked here, one known only at run time by the emulation.

That A's M is 1 and A's GM data 16-byte aligned (CANN's GEMV page) are run-time facts the emulation checks.

The scalar inputs (CANN's SetTensorA/SetTensorB pages, and its code):

- CANN's SetTensorA page makes a scalar A a 1 x K matrix of that value: only CANN's
  ``LoadToL0A`` for A in SCALAR fills L0A with it (``load_to_l0a_gemv.h``; in every other format its
  ``SetScalar`` does nothing), and its KFC server reads the scalar back from the client's message only in
  that format (``matmul_server_impl.h``). So a scalar A needs A in SCALAR, in a cube-only or a MIX kernel.
- A tensor A in SCALAR is never copied (``CopyTileToCube`` returns for that format).
- A scalar B is refused everywhere: ``MatmulImplBase::SetTensorB(SrcBT)`` asserts with the message below.
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
SCALAR_B = "It is not allowed to set matrix B with scalar."
"""CANN's assertion message (``MatmulImplBase::SetTensorB(SrcBT)``)."""
_OTHER_FORMATS = {"B": "ND or NZ", "C": "ND, NZ or ND_ALIGN", "the bias": "ND"}
_A_ONLY = (CubeFormat.VECTOR, CubeFormat.SCALAR)


def is_gemv(a: MatmulType) -> bool:
    """A is a vector: ``MatmulType(..., CubeFormat.VECTOR, ...)``."""
    return CubeFormat(a.format) is CubeFormat.VECTOR


def is_scalar(a: MatmulType) -> bool:
    """A is one value: ``MatmulType(..., CubeFormat.SCALAR, ...)``."""
    return CubeFormat(a.format) is CubeFormat.SCALAR


def check_declaration(a: MatmulType, b: MatmulType, c: MatmulType, bias: MatmulType, config: MatmulConfig) -> None:
    """The GEMV rules of one ``Matmul(...)``."""
    for role, operand in (("B", b), ("C", c), ("the bias", bias)):
        form = CubeFormat(operand.format)
        if form in _A_ONLY:
            raise ApiValueError(
                f"CubeFormat.{form.name} is a format of A only (GEMV: A is a 1 x K vector); {role} may be "
                f"{_OTHER_FORMATS[role]}",
                "declare A as the vector: the product of a 1 x K A and a K x N B",
            )
    if CubeFormat(a.format) in _A_ONLY and config.do_basic_block:
        raise ApiValueError(
            f"A in CubeFormat.{CubeFormat(a.format).name} (GEMV): {BASIC_BLOCK}",
            "use the Norm template (asc.adv.get_normal_config()) or MDL for a GEMV Matmul",
        )


def transposed_message(method: str) -> str:
    """A GEMV A passed with ``transpose=True``: CANN's assertion, at the call."""
    return f"{method}: A is in CubeFormat.VECTOR (GEMV): {TRANSPOSED}"


def scalar_a_message(form: CubeFormat) -> str:
    """``set_tensor_a(scalar)`` with A in ``form``, a format other than SCALAR."""
    return f"set_tensor_a: a scalar A needs A's MatmulType in CubeFormat.SCALAR, not {form.name}"


def check_scalar_a(a: MatmulType) -> None:
    """``set_tensor_a(scalar)``: CANN uses the scalar only with A in SCALAR and ignores it otherwise."""
    if not is_scalar(a):
        raise ApiValueError(
            scalar_a_message(CubeFormat(a.format)),
            "declare A as asc.adv.MatmulType(position, asc.CubeFormat.SCALAR, dtype): A is then one row of K "
            "copies of the scalar (M = 1); in any other format CANN's Matmul ignores the scalar",
        )


TENSOR_A_IN_SCALAR = "set_tensor_a: A in CubeFormat.SCALAR takes a scalar, not a tensor"


def check_tensor_a(a: MatmulType) -> None:
    """``set_tensor_a(tensor)`` with A in SCALAR: CANN copies no tensor in that format."""
    if is_scalar(a):
        raise ApiValueError(
            TENSOR_A_IN_SCALAR,
            "pass the value (mm.set_tensor_a(1.0)), or declare A in ND, NZ or VECTOR for a tensor A",
        )


def scalar_b_message() -> str:
    """``set_tensor_b(scalar)``: CANN's assertion, at the call."""
    return f"set_tensor_b: {SCALAR_B}"


def refuse_scalar_b() -> None:
    """``set_tensor_b(scalar)``, refused in every kernel as CANN's MatmulImpl refuses it."""
    raise ApiValueError(
        scalar_b_message(),
        "pass B as a GlobalTensor or LocalTensor holding the value: CANN's Matmul takes a scalar for A only "
        "(with A in CubeFormat.SCALAR)",
    )


def check_transpose(a: MatmulType, method: str) -> None:
    """``set_tensor_a(tensor, transpose=True)`` with the flag known while tracing."""
    if is_gemv(a):
        raise ApiValueError(
            transposed_message(method),
            "pass transpose=False: a GEMV A is one row of K elements",
        )
