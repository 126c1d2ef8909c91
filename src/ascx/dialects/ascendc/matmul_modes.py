"""The Matmul modes that restrict which methods an object may call: MixDualMaster and IBShare.

- **MixDualMaster** (``MatmulConfig.enable_mix_dual_master``): the AIC and the AIVs run the kernel's
  code each on their own, without KFC messages.  CANN allows it in a MIX kernel with AIC:AIV 1:1, or
  1:2 with IBShare on both A and B (docs: MatmulConfig, ``examples/.../matmul_mixdualmaster``); A, B
  and the bias come only from GM and results only from ``IterateAll`` (to a GlobalTensor on Atlas
  A2/A3): each method's page lists it as unsupported in the mode.
- **IBShare** (``MatmulType`` ``IBSHARE``, ascx's ``MatmulType(ib_share=True)``): the AIVs of a block
  share A or B in L1.  MIX kernels only; on one of A and B it needs the IBShare template
  (``doIBShareNorm``); on both, the Norm template, the same on every object of the kernel, and results
  only from ``IterateAll`` to a GlobalTensor (docs: MatmulType IBSHARE, GetIBShareNormConfig; header
  ASSERT "MM_CFG should use norm config when sameab is enabled").

The messages are shared by the trace-time checks of ``asc.adv`` and the op verifiers here, which
check IR from any source (``ascx-opt``); the traits name what each op may not do in which mode.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from xdsl.dialects import func
from xdsl.ir import Operation
from xdsl.irdl import OpTrait
from xdsl.utils.exceptions import VerifyException

from ascx.dialects.ascendc.enums import KernelType, KernelTypeAttr
from ascx.dialects.ascendc.kernel_attrs import CUBE_ONLY_ATTR, KERNEL_TYPE_ATTR
from ascx.dialects.ascendc.types import GlobalTensorType

if TYPE_CHECKING:
    from ascx.dialects.ascendc.matmul_attrs import MatmulConfigAttr, MatmulTypeAttr
    from ascx.dialects.ascendc.matmul_ops import MatmulCreateOp

MIX_DUAL_MASTER = "MixDualMaster mode (enable_mix_dual_master=True)"
RESULTS_FROM_ITERATE_ALL = "results come only from iterate_all to a GlobalTensor"
INPUTS_FROM_GM = "A, B and the bias come only from GM"


def forbidden_in_mix_dual_master(method: str, inputs: bool = False) -> str:
    """A method (or a form of it) CANN does not support in MixDualMaster mode."""
    return f"{method} is not supported in {MIX_DUAL_MASTER}: {INPUTS_FROM_GM if inputs else RESULTS_FROM_ITERATE_ALL}"


def forbidden_with_ib_share_ab(method: str) -> str:
    """A method CANN does not support when A and B are both IBShare."""
    return f"{method} is not supported when A and B are both IBShare (ib_share=True): {RESULTS_FROM_ITERATE_ALL}"


MIX_DUAL_MASTER_HINT = "compute with iterate_all(c_global), which MixDualMaster mode supports"
IB_SHARE_AB_HINT = "compute with iterate_all(c_global), or share only one of A and B with the IBShare template"
IB_SHARE_ONLY_AB = "ib_share applies to the A and B MatmulTypes only, not to {role}"
IB_SHARE_NOT_CUBE_ONLY = (
    "IBShare (ib_share=True) is only supported in MIX kernels, not in cube-only kernels (matmul_cube_only=True)"
)
IB_SHARE_ONE_NEEDS_TEMPLATE = (
    "ib_share on {role} alone requires the IBShare template (MatmulConfig.do_ib_share_norm=True)"
)
IB_SHARE_AB_NEEDS_NORM = "ib_share on both A and B requires the Norm template (MatmulConfig.do_norm=True)"
IB_SHARE_AB_SAME = "ib_share on both A and B must be the same for all Matmul objects of a kernel"
MIX_DUAL_MASTER_SAME = "enable_mix_dual_master must be the same for all Matmul objects of a kernel"
MIX_DUAL_MASTER_NOT_CUBE_ONLY = (
    "enable_mix_dual_master requires a MIX kernel, not a cube-only one (matmul_cube_only=True)"
)
MIX_DUAL_MASTER_NEEDS_AB = (
    "enable_mix_dual_master in a MIX_AIC_1_2 kernel (1 AIC : 2 AIV) requires ib_share=True on both A and B, "
    "but {missing} ib_share=False"
)
MIX_DUAL_MASTER_NEEDS_AB_HINT = (
    "set ib_share=True on the MatmulTypes of A and B, or make the kernel 1:1 with "
    "@asc.jit(kernel_type=asc.runtime.config.KernelType.MIX_AIC_1_1)"
)


def missing_ib_share(a: bool, b: bool) -> str:
    """``"A has"``, ``"B has"`` or ``"A and B have"``: the operands without IBShare."""
    if not a and not b:
        return "A and B have"
    return "A has" if not a else "B has"


def is_mix_dual_master(config: MatmulConfigAttr) -> bool:
    return bool(config.field("enable_mix_dual_master"))


def shares_a_and_b(a: MatmulTypeAttr, b: MatmulTypeAttr) -> bool:
    return bool(a.ib_share.data) and bool(b.ib_share.data)


def _kernel(op: Operation) -> func.FuncOp | None:
    parent = op.parent_op()
    while parent is not None and not isinstance(parent, func.FuncOp):
        parent = parent.parent_op()
    return parent


def verify_declaration(create: MatmulCreateOp) -> None:
    """The rules of IBShare and MixDualMaster on one Matmul declaration, and where the kernel's type
    is already recorded, on the kernel it is in."""
    a, b, config = create.a_type, create.b_type, create.effective_config
    for role, attr in (("C", create.c_type), ("the bias", create.bias_type)):
        if attr.ib_share.data:
            raise VerifyException(IB_SHARE_ONLY_AB.format(role=role))
    kernel = _kernel(create)
    cube_only = kernel is not None and CUBE_ONLY_ATTR in kernel.attributes
    share_a, share_b = bool(a.ib_share.data), bool(b.ib_share.data)
    if (share_a or share_b) and cube_only:
        raise VerifyException(IB_SHARE_NOT_CUBE_ONLY)
    if share_a != share_b and not config.field("do_ib_share_norm"):
        raise VerifyException(IB_SHARE_ONE_NEEDS_TEMPLATE.format(role="A" if share_a else "B"))
    if share_a and share_b and not config.field("do_norm"):
        raise VerifyException(IB_SHARE_AB_NEEDS_NORM)
    if not is_mix_dual_master(config):
        return
    if cube_only:
        raise VerifyException(MIX_DUAL_MASTER_NOT_CUBE_ONLY)
    kind = kernel.attributes.get(KERNEL_TYPE_ATTR) if kernel is not None else None
    if isinstance(kind, KernelTypeAttr) and kind.data == KernelType.MIX_AIC_1_2 and not (share_a and share_b):
        raise VerifyException(MIX_DUAL_MASTER_NEEDS_AB.format(missing=missing_ib_share(share_a, share_b)))


def verify_registration(objects: list[MatmulCreateOp]) -> None:
    """The objects registered together agree on MixDualMaster and on IBShare of both A and B."""
    if len({is_mix_dual_master(o.effective_config) for o in objects}) > 1:
        raise VerifyException(MIX_DUAL_MASTER_SAME)
    if len({shares_a_and_b(o.a_type, o.b_type) for o in objects}) > 1:
        raise VerifyException(IB_SHARE_AB_SAME)


def _declaration(op: Operation) -> MatmulCreateOp:
    from ascx.dialects.ascendc.matmul_ops import matmul_declaration

    return matmul_declaration(op.operands[0])


@dataclass(frozen=True)
class NotInMixDualMaster(OpTrait):
    """The op's method (``method``, its Python name) is not supported in MixDualMaster mode; with
    ``local_operand``, only when that operand is a LocalTensor (``inputs``: the input setters)."""

    method: str
    local_operand: str | None = None
    inputs: bool = False

    def verify(self, op: Operation) -> None:
        if not is_mix_dual_master(_declaration(op).effective_config):
            return
        if self.local_operand is not None and isinstance(getattr(op, self.local_operand).type, GlobalTensorType):
            return
        raise VerifyException(forbidden_in_mix_dual_master(self.method, self.inputs))


@dataclass(frozen=True)
class NotWithIBShareAB(OpTrait):
    """The op's method is not supported when A and B are both IBShare."""

    method: str

    def verify(self, op: Operation) -> None:
        create = _declaration(op)
        if is_mix_dual_master(create.effective_config):
            return  # NotInMixDualMaster reports it, with the mode's message
        if shares_a_and_b(create.a_type, create.b_type):
            raise VerifyException(forbidden_with_ib_share_ab(self.method))
