"""``asc.adv.Matmul`` and ``asc.adv.register_matmul``: the Matmul high-level API.

Each method checks its arguments at trace time with pyasc's messages (or ascx's own where pyasc has
none: docs/matmul-protocol.md#checks-made-while-tracing) and builds one op of the ``ascendc``
dialect.
"""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.adv import matmul_gemv
from ascx.language.adv.errors import require_compile_time
from ascx.language.adv.matmul_config import MatmulConfig
from ascx.language.adv.matmul_inputs import MatmulInputs
from ascx.language.adv.matmul_modes import check_declaration
from ascx.language.adv.matmul_results import MatmulIterator, MatmulResults
from ascx.language.adv.matmul_type import MatmulType
from ascx.language.adv.static_tiling import MatmulApiStaticTiling
from ascx.language.adv.tiling import TCubeTiling
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.checks import is_instance
from ascx.language.core.enums import LayoutMode, MatmulPolicy, TPosition
from ascx.language.core.values import GlobalAddress
from ascx.language.fwk.tpipe import TPipe

__all__ = ["Matmul", "MatmulIterator", "register_matmul"]


class Matmul(MatmulInputs, MatmulResults):
    """``AscendC::Matmul<A, B, C, Bias, CFG[, CB, Policy]>``.

    ``bias=None`` gives the bias C's position, format and dtype; ``matmul_config=None`` means
    ``MatmulConfig()``; a ``MatmulApiStaticTiling`` (from ``get_matmul_api_tiling``) gives a Matmul
    with constant tiling, whose config is the tiling's.
    """

    __slots__ = ()

    def __init__(
        self,
        a: MatmulType,
        b: MatmulType,
        c: MatmulType,
        bias: MatmulType | None = None,
        matmul_config: MatmulConfig | MatmulApiStaticTiling | None = None,
        matmul_policy: MatmulPolicy | None = MatmulPolicy.MatmulPolicy,
    ) -> None:
        super().__init__()
        builder = active("Matmul")
        for name, value in (("a", a), ("b", b), ("c", c)):
            if not is_instance(value, MatmulType):
                raise ValueError(f"{name} must be MatmulType and cannot be None.")
        if bias is not None and not is_instance(bias, MatmulType):
            raise ValueError("bias must be MatmulType or None.")
        if matmul_config is not None and not is_instance(matmul_config, (MatmulConfig, MatmulApiStaticTiling)):
            raise ValueError("matmul_config must be MatmulConfig, MatmulApiStaticTiling or None.")
        self.seen = set()
        self.last_iterate_sync = None
        self.a_type, self.b_type, self.c_type = a, b, c
        self.bias_type = bias if bias is not None else MatmulType(c.position, c.format, c.dtype)
        static = matmul_config if isinstance(matmul_config, MatmulApiStaticTiling) else None
        if static is not None:
            self.config = static.cfg
        else:
            self.config = matmul_config if isinstance(matmul_config, MatmulConfig) else MatmulConfig()
        a_attr, b_attr, c_attr = a.to_attr(), b.to_attr(), c.to_attr()
        bias_attr = MatmulType(self.bias_type.position, self.bias_type.format, self.bias_type.dtype).to_attr()
        matmul_gemv.check_declaration(a, b, c, self.bias_type, self.config)
        self.policy = _check_policy(matmul_policy, self.config, builder, (a, b))
        if not builder.options.matmul_cube_only:
            _check_batch_template(a, self.config)
        self.modes = check_declaration(builder, a, b, c, bias, self.config)
        policy = self.policy
        if static is not None:
            op = ir.MatmulCreateOp(a_attr, b_attr, c_attr, bias_attr, None, policy, static.ssa)
        else:
            op = ir.MatmulCreateOp(a_attr, b_attr, c_attr, bias_attr, self.config.to_attr(), policy)
        self.bind(builder.insert(op).result)

    def init(self, tiling: TCubeTiling) -> None:
        """``mm.Init(&tiling)``: give the object its tiling (when ``register_matmul`` did not)."""
        builder = self._builder("init")
        if not is_instance(tiling, TCubeTiling) or not tiling.is_bound:
            raise TypeError("init: tiling must be a TCubeTiling")
        self.seen.add("tiling")
        builder.insert(ir.MatmulInitOp(self.ssa, tiling.ssa))

    def end(self) -> None:
        """``mm.End()``: release the object; required before switching to another Matmul."""
        builder = self._builder("end")
        self._requires("enable_end", "end")
        builder.insert(ir.MatmulEndOp(self.ssa))


def register_matmul(pipe: TPipe, workspace: GlobalAddress, matmul: Matmul, tiling: TCubeTiling | None = None) -> None:
    """``REGIST_MATMUL_OBJ(&pipe, workspace, matmul[, &tiling])``: registers a Matmul object."""
    builder = active("register_matmul")
    if not is_instance(pipe, TPipe):
        raise TypeError(f"register_matmul: pipe must be a TPipe, got {type(pipe).__name__}")
    if not is_instance(workspace, GlobalAddress):
        raise TypeError("register_matmul: workspace must be a GM address")
    if not is_instance(matmul, Matmul):
        raise TypeError(f"register_matmul: matmul must be a Matmul, got {type(matmul).__name__}")
    if tiling is not None and not (is_instance(tiling, TCubeTiling) and tiling.is_bound):
        raise TypeError("register_matmul: tiling must be a TCubeTiling")
    tilings = [tiling.ssa] if tiling is not None else []
    if tiling is not None:
        matmul.seen.add("tiling")
    builder.insert(ir.RegisterMatmulOp(pipe.ssa, workspace.ssa, [matmul.ssa], tilings))


def _check_batch_template(a: MatmulType, config: MatmulConfig) -> None:
    """In a MIX kernel, a batch layout on A makes CANN build the batch Matmul (the AIC side serves every
    call), whose scheduler exists for the Norm template only (``BatchScheduler``: ``DoMatmulNorm(MM_CFG)``);
    with another template CANN's headers do not compile (checked with ``cann-typecheck`` for MDL and
    basic-block configs).  A cube-only kernel instantiates only what it calls: ``iterate_batch`` checks
    the template there."""
    layout = LayoutMode(a.layout)
    if layout is LayoutMode.NONE:
        return
    if not config.is_norm_template():
        raise ValueError(
            f"a Matmul with A in layout {layout.name} is a batch Matmul, which only supports the Norm template"
        )


def _check_policy(
    policy: Any, config: MatmulConfig, builder: IRBuilder, inputs: tuple[MatmulType, MatmulType]
) -> MatmulPolicy:
    """Validate ``matmul_policy`` against the config and the kernel mode (docs/matmul-protocol.md#the-configuration)."""
    if policy is None:
        return MatmulPolicy.MatmulPolicy
    require_compile_time(policy, "matmul_policy", "Matmul")
    try:
        member = MatmulPolicy(policy)
    except ValueError:
        raise ValueError(f"matmul_policy {policy!r} is not a valid MatmulPolicy") from None
    is_mdl = config.do_multi_data_load
    if member in (MatmulPolicy.TrianUpperMatmulPolicy, MatmulPolicy.TrianLowerMatmulPolicy):
        if not (config.do_norm or is_mdl):
            raise ValueError(f"{member.name} only supports a Norm or MDL config")
    elif member is MatmulPolicy.NBuffer33MatmulPolicy:
        if not is_mdl:
            raise ValueError("NBuffer33MatmulPolicy only supports an MDL config")
        if not builder.options.matmul_cube_only:
            raise ValueError("NBuffer33MatmulPolicy only supports cube-only kernels")
        if any(TPosition(t.position) is not TPosition.GM for t in inputs):
            raise ValueError("NBuffer33MatmulPolicy only supports A and B at TPosition.GM")
    return member
