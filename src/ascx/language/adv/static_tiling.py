"""``asc.adv.get_matmul_api_tiling`` and ``MatmulApiStaticTiling``: tiling fixed at compile time."""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.adv.errors import require_compile_time
from ascx.language.adv.matmul_config import MatmulConfig
from ascx.language.adv.matmul_records import matmul_records
from ascx.language.adv.matmul_type import MatmulType
from ascx.language.adv.tiling import CPP_FIELD
from ascx.language.core.builder import active
from ascx.language.core.checks import is_instance
from ascx.language.core.dtype import int32
from ascx.language.core.values import Handle, RuntimeScalar

matmul_record = matmul_records(__name__)

STATIC_PY_FIELDS: dict[str, str] = {py: cpp for py, cpp in CPP_FIELD.items() if cpp in ir.STATIC_TILING_FIELDS}
"""Python field name -> C++ member of the 46 ``MatmulApiStaticTiling`` fields."""


class MatmulApiStaticTiling(Handle):
    """``constexpr static MatmulApiStaticTiling``: what ``get_matmul_api_tiling`` computes.

    Pass it as ``Matmul(..., matmul_config=tiling)`` for a Matmul with constant tiling.  Reading a
    field (``tiling.base_m``) emits ``int32_t x = tiling.baseM;``; ``tiling.cfg`` is its config.
    """

    __slots__ = ("cfg",)

    def __init__(self, cfg: MatmulConfig) -> None:
        super().__init__()
        self.cfg = cfg

    def __getattr__(self, name: str) -> Any:
        member = STATIC_PY_FIELDS.get(name)
        if member is None:
            raise AttributeError(f"MatmulApiStaticTiling has no field '{name}'")
        builder = active("MatmulApiStaticTiling")
        value = RuntimeScalar(builder.insert(ir.StaticTilingGetOp(self.ssa, member)).result, int32)
        value.origin = "a field of a MatmulApiStaticTiling, computed by GetMatmulApiTiling"
        value.suggest_name(name)
        return value


@matmul_record(
    cpp=(
        "template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE> constexpr MatmulApiStaticTiling "
        "GetMatmulApiTiling(const MatmulConfig& mmCFG, int32_t l1Size = Impl::L1_SIZE);",
    ),
    params=(
        ("mm_cfg", "the MatmulConfig"),
        ("a_type, b_type, c_type", "MatmulTypes"),
        ("bias_type", "None: C's position, format and dtype"),
        ("l1_size", "None: C++'s default"),
    ),
    rules=(
        "The order pyasc documents, ``(mm_cfg, l1_size, a_type, b_type, c_type, bias_type=None)``, is accepted too.",
    ),
    example=("static", "base_m = static.base_m\nmm.iterate_all(c_global)"),
)
def get_matmul_api_tiling(
    mm_cfg: MatmulConfig,
    a_type: Any,
    b_type: Any,
    c_type: Any = None,
    bias_type: Any = None,
    l1_size: Any = None,
    *rest: Any,
) -> MatmulApiStaticTiling:
    """Compute a constant tiling at compile time: ``constexpr static MatmulApiStaticTiling``, usable as ``Matmul(...,
    matmul_config=tiling)``. Reading a field (``tiling.base_m``) reads the constant."""
    builder = active("get_matmul_api_tiling")
    if not is_instance(a_type, MatmulType):  # the documented order: l1_size second
        l1_size, a_type, b_type, c_type, bias_type = a_type, b_type, c_type, bias_type, l1_size
        if rest:
            raise TypeError("get_matmul_api_tiling takes at most 6 arguments")
    elif rest:
        raise TypeError("get_matmul_api_tiling takes at most 6 arguments")
    require_compile_time(mm_cfg, "mm_cfg", "get_matmul_api_tiling")
    require_compile_time(l1_size, "l1_size", "get_matmul_api_tiling")
    if not is_instance(mm_cfg, MatmulConfig):
        raise ValueError("mm_cfg must be MatmulConfig.")
    for name, value in (("a_type", a_type), ("b_type", b_type), ("c_type", c_type)):
        if not is_instance(value, MatmulType):
            raise ValueError(f"{name} must be MatmulType and cannot be None.")
    if bias_type is not None and not is_instance(bias_type, MatmulType):
        raise ValueError("bias_type must be MatmulType or None.")
    if l1_size is not None and (isinstance(l1_size, bool) or not isinstance(l1_size, int) or l1_size <= 0):
        raise ValueError(f"l1_size must be a positive integer, got {l1_size!r}")
    bias = bias_type if bias_type is not None else MatmulType(c_type.position, c_type.format, c_type.dtype)
    method = "get_matmul_api_tiling"
    op = ir.MatmulStaticTilingOp(
        a_type.to_attr(method),
        b_type.to_attr(method),
        c_type.to_attr(method),
        MatmulType(bias.position, bias.format, bias.dtype).to_attr(method),
        mm_cfg.to_attr(),
        l1_size,
    )
    tiling = MatmulApiStaticTiling(mm_cfg)
    tiling.bind(builder.insert(op).result)
    return tiling


__all__ = ["MatmulApiStaticTiling", "get_matmul_api_tiling"]
