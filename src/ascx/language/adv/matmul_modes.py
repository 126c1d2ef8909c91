"""Trace-time rules of the Matmul modes: IBShare (``MatmulType(ib_share=True)``) and MixDualMaster
(``MatmulConfig(enable_mix_dual_master=True)``), where CANN allows them and which methods they forbid.

The rules and their messages are CANN's documented ones (see :mod:`ascx.dialects.ascendc.matmul_modes`,
which also verifies them on IR); here they are checked at the ``Matmul(...)`` line and at each method
call, so the error points at the call that breaks them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ascx.dialects.ascendc import matmul_modes as rules
from ascx.language.adv.matmul_config import MatmulConfig
from ascx.language.adv.matmul_type import MatmulType
from ascx.language.core.api_errors import ApiValueError
from ascx.language.core.builder import IRBuilder

_KERNEL_MODES = "matmul.modes"
"""``IRBuilder.kernel_state`` key: the modes of the kernel's first Matmul object."""


@dataclass(frozen=True)
class MatmulModes:
    """What restricts a Matmul object's methods."""

    mix_dual_master: bool
    ib_share_ab: bool


def check_declaration(
    builder: IRBuilder, a: MatmulType, b: MatmulType, c: MatmulType, bias: MatmulType | None, config: MatmulConfig
) -> MatmulModes:
    """The IBShare and MixDualMaster rules of one ``Matmul(...)``, and the kernel-wide ones against the
    objects declared before it; returns the object's modes."""
    for role, operand in (("C", c), ("the bias", bias)):
        if operand is not None and operand.ib_share is True:
            raise ApiValueError(rules.IB_SHARE_ONLY_AB.format(role=role))
    share_a, share_b = a.ib_share is True, b.ib_share is True
    cube_only = builder.options.matmul_cube_only
    if (share_a or share_b) and cube_only:
        raise ApiValueError(rules.IB_SHARE_NOT_CUBE_ONLY, "drop matmul_cube_only=True: IBShare shares A or B between "
                            "the vector cores of a MIX kernel")  # fmt: skip
    if share_a != share_b and not config.do_ib_share_norm:
        raise ApiValueError(
            rules.IB_SHARE_ONE_NEEDS_TEMPLATE.format(role="A" if share_a else "B"),
            "pass matmul_config=asc.adv.get_ib_share_norm_config(), or set ib_share=True on both A and B",
        )
    if share_a and share_b and not config.do_norm:
        raise ApiValueError(rules.IB_SHARE_AB_NEEDS_NORM, "use MatmulConfig() or asc.adv.get_normal_config()")
    mix_dual_master = bool(config.enable_mix_dual_master)
    if mix_dual_master:
        _check_mix_dual_master(builder, share_a, share_b)
    modes = MatmulModes(mix_dual_master, share_a and share_b)
    first = builder.kernel_state.setdefault(_KERNEL_MODES, modes)
    assert isinstance(first, MatmulModes)
    if first.mix_dual_master != modes.mix_dual_master:
        raise ApiValueError(rules.MIX_DUAL_MASTER_SAME)
    if first.ib_share_ab != modes.ib_share_ab:
        raise ApiValueError(rules.IB_SHARE_AB_SAME)
    return modes


def _check_mix_dual_master(builder: IRBuilder, share_a: bool, share_b: bool) -> None:
    """MixDualMaster needs a MIX kernel, 1:1 or 1:2 with IBShare on A and B (MatmulConfig docs)."""
    if builder.options.matmul_cube_only:
        raise ApiValueError(rules.MIX_DUAL_MASTER_NOT_CUBE_ONLY)
    requested = getattr(builder.options, "kernel_type", None)  # @asc.jit(kernel_type=...), where supported
    if requested == "MIX_AIC_1_1":
        return
    if not (share_a and share_b):
        raise ApiValueError(
            rules.MIX_DUAL_MASTER_NEEDS_AB.format(missing=rules.missing_ib_share(share_a, share_b)),
            rules.MIX_DUAL_MASTER_NEEDS_AB_HINT,
        )


def require_results_mode(modes: MatmulModes, method: str) -> None:
    """A method that computes or fetches results other than ``iterate_all`` to a GlobalTensor (or a
    setter CANN forbids in MixDualMaster mode): not in MixDualMaster mode, nor with A and B IBShare."""
    if modes.mix_dual_master:
        raise ApiValueError(rules.forbidden_in_mix_dual_master(method), rules.MIX_DUAL_MASTER_HINT)
    if modes.ib_share_ab:
        raise ApiValueError(rules.forbidden_with_ib_share_ab(method), rules.IB_SHARE_AB_HINT)


def require_not_mix_dual_master(modes: MatmulModes, method: str, inputs: bool = False) -> None:
    """A method (or form) CANN forbids in MixDualMaster mode only; ``inputs`` for the input setters."""
    if modes.mix_dual_master:
        hint = "pass a GlobalTensor (A, B and the bias at TPosition.GM)" if inputs else rules.MIX_DUAL_MASTER_HINT
        raise ApiValueError(rules.forbidden_in_mix_dual_master(method, inputs), hint)


def not_in_mix_dual_master_rule(method: str, inputs: bool = False) -> str:
    """The reference rule of a method (or form) CANN's documentation does not support in MixDualMaster mode,
    quoting the error of :func:`require_not_mix_dual_master` (and of :func:`require_results_mode`)."""
    message = rules.forbidden_in_mix_dual_master(method, inputs)
    return f'Not in MixDualMaster mode (CANN\'s page of the method): "{message}".'


def not_with_ib_share_ab_rule(method: str) -> str:
    """The reference rule of a result method CANN does not support with IBShare on both A and B, quoting the
    error of :func:`require_results_mode`."""
    return f'Not with IBShare on both A and B: "{rules.forbidden_with_ib_share_ab(method)}".'
