"""``asc.adv.Matmul`` and ``asc.adv.register_matmul``: the Matmul high-level API.

Each method checks its arguments at trace time with pyasc's messages (or ascx's own where pyasc has
none: docs/matmul-protocol.md#checks-made-while-tracing) and builds one op of the ``ascendc``
dialect.
"""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.dialects.ascendc.matmul_ops import used_before_register_message
from ascx.language.adv import matmul_gemv
from ascx.language.adv.errors import require_compile_time
from ascx.language.adv.matmul_base import no_tiling_message, not_ended_message, requires_config_message
from ascx.language.adv.matmul_config import MatmulConfig
from ascx.language.adv.matmul_inputs import MatmulInputs
from ascx.language.adv.matmul_modes import check_declaration
from ascx.language.adv.matmul_records import matmul_records
from ascx.language.adv.matmul_results import MatmulIterator, MatmulResults
from ascx.language.adv.matmul_type import MatmulType
from ascx.language.adv.static_tiling import MatmulApiStaticTiling
from ascx.language.adv.tiling import TCubeTiling
from ascx.language.core.builder import IRBuilder, active
from ascx.language.core.checks import is_instance
from ascx.language.core.enums import LayoutMode, MatmulPolicy, TPosition
from ascx.language.core.values import GlobalAddress
from ascx.language.fwk.tpipe import TPipe

matmul_record = matmul_records(__name__)

__all__ = ["Matmul", "MatmulIterator", "register_matmul"]

WORKSPACE_NOT_GM = "register_matmul: workspace must be a GM address"
INIT_TILING_TYPE = "init: tiling must be a TCubeTiling"


@matmul_record(
    cpp=("REGIST_MATMUL_OBJ(&pipe, workspace, mm[, &tiling], ...);",),
    params=(
        ("pipe", "the kernel's ``TPipe``"),
        ("workspace", "the system (KFC) workspace: a GM address, i.e. a kernel pointer argument"),
        ("matmul", "the ``Matmul`` to register"),
        ("tiling", "a kernel-local ``TCubeTiling``; without one, call ``init(tiling)`` before computing"),
    ),
    rules=(
        f'``workspace`` must be a GM address: "{WORKSPACE_NOT_GM}".',
        "Every Matmul object is registered exactly once, not inside a loop and under no branch that "
        "differs between the AIC and its AIVs, before any method is called on it and in a block that holds "
        f'every call: "{used_before_register_message("{obj}")}".',
        "All registrations of a kernel become one ``REGIST_MATMUL_OBJ`` (the macro declares fixed names and "
        "returns on the AIC side); they must share the pipe and the workspace.",
        "At most 4 objects; with more than one, each registration passes a tiling.",
        "In MixDualMaster mode (``MatmulConfig(enable_mix_dual_master=True)``) the AIC does not return in "
        "``REGIST_MATMUL_OBJ``: it runs the kernel's code and computes its objects itself, without messages "
        "from the AIVs (the CPU emulation runs it too).",
    ),
    example=("gm", "mm.iterate_all(c_global)\nmm.end()"),
)
def register_matmul(pipe: TPipe, workspace: GlobalAddress, matmul: Matmul, tiling: TCubeTiling | None = None) -> None:
    """Register a Matmul object with the pipe and the system workspace: ``REGIST_MATMUL_OBJ``."""
    builder = active("register_matmul")
    if not is_instance(pipe, TPipe):
        raise TypeError(f"register_matmul: pipe must be a TPipe, got {type(pipe).__name__}")
    if not is_instance(workspace, GlobalAddress):
        raise TypeError(WORKSPACE_NOT_GM)
    if not is_instance(matmul, Matmul):
        raise TypeError(f"register_matmul: matmul must be a Matmul, got {type(matmul).__name__}")
    if tiling is not None and not (is_instance(tiling, TCubeTiling) and tiling.is_bound):
        raise TypeError("register_matmul: tiling must be a TCubeTiling")
    tilings = [tiling.ssa] if tiling is not None else []
    if tiling is not None:
        matmul.seen.add("tiling")
    builder.insert(ir.RegisterMatmulOp(pipe.ssa, workspace.ssa, [matmul.ssa], tilings))


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

    @matmul_record(
        cpp=("void Init(const TCubeTiling* __restrict cubeTiling, TPipe* tpipe = nullptr);",),
        params=(
            ("tiling", "a kernel-local ``TCubeTiling`` (built in the kernel, or a ``TCubeTiling`` kernel parameter)"),
        ),
        rules=(
            f'``tiling`` must be a TCubeTiling: "{INIT_TILING_TYPE}".',
            "A computation (``iterate``, ``iterate_all``, ``iterate_batch``, ``iterate_n_batch``) needs the tiling "
            f'from ``register_matmul`` or ``init``: "{no_tiling_message("{obj}", "{method}")}".',
        ),
        example=(
            "gm",
            "local = asc.adv.TCubeTiling(m=512, n=512, k_a=512, k_b=512)\nmm.init(local)\nmm.iterate_all(c_global)",
        ),
    )
    def init(self, tiling: TCubeTiling) -> None:
        """Give the Matmul its tiling, when ``register_matmul`` did not."""
        builder = self._builder("init")
        if not is_instance(tiling, TCubeTiling) or not tiling.is_bound:
            raise TypeError(INIT_TILING_TYPE)
        self.seen.add("tiling")
        builder.insert(ir.MatmulInitOp(self.ssa, tiling.ssa))

    @matmul_record(
        cpp=("void End();",),
        rules=(
            f'``MatmulConfig.enable_end`` must be True: "{requires_config_message("end", "enable_end")}".',
            "A kernel that uses several Matmul objects ends one before calling another's methods (an "
            "``iterate_all``/``iterate_batch`` into GM on a MIX kernel's vector core is ended by the AIC's server): "
            f'"{not_ended_message("{a}", "{method}", "{b}")}".',
        ),
        example=("gm", "mm.iterate_all(c_global)\nmm.end()"),
    )
    def end(self) -> None:
        """Release the Matmul object; required before calling methods of another Matmul."""
        builder = self._builder("end")
        self._requires("enable_end", "end")
        builder.insert(ir.MatmulEndOp(self.ssa))


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
