"""pyasc's ``asc.fixpipe`` and ``asc.set_fix_pipe_pre_quant_flag``: the way out of L0C.

``fixpipe(dst, src, params, config)`` moves an ``m_size x n_size`` result from L0C (``CO1``, NZ) to
GM or L1 on the FIX pipe: ``CO2Layout.ROW_MAJOR`` (the default) writes ND rows of ``dst_stride``
elements, ``CO2Layout.NZ`` keeps the fractal layout; ``quant_pre`` converts on the way (``F322F16``:
float to half, rounding to nearest even) and ``relu_en`` clamps negatives to zero first.  The
tensor form (``VDEQF16``, ``VQF322B8_PRE``, ``VREQ8``) takes per-channel factors from a
``uint64`` tensor in L1 (``cbuf_workspace``).
"""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.cube_operands import L0C, L1, UB, check_alignment, check_range, field, local_operand
from ascx.language.basic.mm import DAV_C220, unit_flag_message
from ascx.language.basic.operands import element_dtype
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.convert import describe, integer_operand
from ascx.language.core.cube_enums import CO2Layout, QuantModes
from ascx.language.core.cube_params import FixpipeConfig, FixpipeParamsV220
from ascx.language.core.dtype import DataType, bfloat16, float16, float32, int8, int32, uint8, uint64
from ascx.language.core.enums import TPosition
from ascx.language.core.forms import Form, Param, bind, instance_of
from ascx.language.core.tensor import BaseTensor, GlobalTensor, LocalTensor
from ascx.language.records import records

record = records(__name__, "basic/cube_data_movement")

CONVERSIONS: dict[tuple[DataType, DataType], tuple[QuantModes, ...]] = {
    (float32, float32): (QuantModes.NoQuant,),
    (float32, float16): (QuantModes.F322F16,),
    (float32, bfloat16): (QuantModes.F322BF16,),
    (float32, int8): (QuantModes.QF322B8_PRE, QuantModes.VQF322B8_PRE),
    (float32, uint8): (QuantModes.QF322B8_PRE, QuantModes.VQF322B8_PRE),
    (int32, int32): (QuantModes.NoQuant,),
    (int32, float16): (QuantModes.DEQF16, QuantModes.VDEQF16),
    (int32, int8): (QuantModes.REQ8, QuantModes.VREQ8),
    (int32, uint8): (QuantModes.REQ8, QuantModes.VREQ8),
}
"""(L0C type, destination type) -> the quant_pre modes that convert it, on dav-c220."""

TENSOR_QUANT = frozenset({QuantModes.VDEQF16, QuantModes.VQF322B8_PRE, QuantModes.VREQ8})
"""The modes whose factors come per channel from ``cbuf_workspace``."""


COLUMN_MAJOR_UNSUPPORTED = (
    f"fixpipe: CO2Layout.COLUMN_MAJOR (NZ to DN) is not supported on {DAV_C220}: CANN documents it for the "
    "Ascend 950 only"
)
ZERO_DST_STRIDE = "fixpipe: dst_stride must not be 0 (ND: elements per row; NZ: 32-byte blocks between Z blocks)"


def quant_message(api: str, quant: QuantModes, src: DataType, dst: DataType) -> str:
    return f"{api}: quant_pre {quant.name} does not convert {src} to {dst}"


def conversion_message(src: DataType, dst: DataType) -> str:
    targets = sorted(str(d) for (s, d) in CONVERSIONS if s == src)
    return (
        f"fixpipe: Fixpipe does not convert {src} to {dst}; from {src} it writes {', '.join(targets) or 'nothing'}"
        f" on {DAV_C220}"
    )


def to_ub_message(position: TPosition) -> str:
    return f"fixpipe: dst is at position {position.name}, but Fixpipe from L0C to UB is not supported on {DAV_C220}"


def workspace_needed_message(quant: QuantModes) -> str:
    return f"fixpipe: quant_pre {quant.name} takes its factors from a cbuf_workspace"


def src_stride_message(src_stride: int, m_size: int) -> str:
    return (
        f"fixpipe: src_stride {src_stride} is less than m_size {m_size} rounded up to 16 "
        f"({(m_size + 15) // 16 * 16}): the Z blocks of the NZ source would overlap"
    )


def pre_quant_config_message(got: str) -> str:
    return f"set_fix_pipe_pre_quant_flag: config must be an integer, got {got}"


def _tensor(value: object) -> bool:
    return isinstance(value, BaseTensor)


def _config(value: object) -> bool:
    """A ``FixpipeConfig``, or one of its factories (pyasc's default is ``FixpipeConfig.cfg_row_major``)."""
    return isinstance(value, FixpipeConfig) or (callable(value) and getattr(value, "__self__", None) is FixpipeConfig)


_DEFAULT_CONFIG = FixpipeConfig(CO2Layout.ROW_MAJOR)
FIXPIPE_FORMS = [
    Form(
        "plain",
        (
            Param("dst", _tensor),
            Param("src", _tensor),
            Param("params", instance_of(FixpipeParamsV220), "FixpipeParamsV220"),
            Param("config", _config, "FixpipeConfig", _DEFAULT_CONFIG),
        ),
    ),
    Form(
        "workspace",
        (
            Param("dst", _tensor),
            Param("src", _tensor),
            Param("cbuf_workspace", instance_of(LocalTensor), "LocalTensor"),
            Param("params", instance_of(FixpipeParamsV220), "FixpipeParamsV220"),
            Param("config", _config, "FixpipeConfig", _DEFAULT_CONFIG),
        ),
    ),
]


@record(
    forms=(
        "asc.fixpipe(dst, src, intri_params, config=asc.FixpipeConfig(asc.CO2Layout.ROW_MAJOR))",
        "asc.fixpipe(dst, src, cbuf_workspace, intri_params, config=asc.FixpipeConfig(asc.CO2Layout.ROW_MAJOR))",
    ),
    cpp=(
        "template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR> void Fixpipe(const "
        "GlobalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& intriParams);",
        "template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR> void Fixpipe(const "
        "LocalTensor<T>& dst, const LocalTensor<U>& src, const FixpipeParamsV220& intriParams);  // into L1",
        "template <typename T, typename U, const FixpipeConfig& config = CFG_ROW_MAJOR, typename S = uint64_t, ...> "
        "void Fixpipe(const GlobalTensor<T>& dst, const LocalTensor<U>& src, const LocalTensor<S>& cbufWorkspace, "
        "const FixpipeParamsV220& intriParams);",
    ),
    params=(
        ("dst", "a GlobalTensor, or a LocalTensor in L1 (A1/B1/C1/TSCM)"),
        ("src", "CO1 (L0C), float32 or int32"),
        ("cbuf_workspace", "uint64 per-channel quantisation factors in C1, for the vector ``quant_pre`` modes"),
        (
            "config",
            "``FixpipeConfig.cfg_row_major()`` / ``cfg_nz()``; printed as ``AscendC::CFG_ROW_MAJOR`` / ``CFG_NZ``",
        ),
    ),
    rules=(
        f'The conversion needs its mode: "{quant_message("fixpipe", QuantModes.NoQuant, float32, float16)}" (hint: '
        f'QuantModes.{CONVERSIONS[float32, float16][0].name}); "{conversion_message(float32, int32)}".',
        f'"{to_ub_message(TPosition.VECIN)}"; "{COLUMN_MAJOR_UNSUPPORTED}".',
        f'"{workspace_needed_message(QuantModes.VQF322B8_PRE)}"; "{src_stride_message(16, 30)}"; "{ZERO_DST_STRIDE}".',
    ),
    notes=(
        "Emulation: NZ to ND and NZ to NZ, float32 -> float16/bfloat16 rounding to nearest even (F322F16, "
        "F322BF16), ReLU, windows of the source, into GM and into L1; the other ``quant_pre`` modes, the "
        "``cbuf_workspace``, channel split and int8 NZ output stop with a located error.",
    ),
)
def fixpipe(dst: Any, src: Any, *args: Any, **kwargs: Any) -> None:
    """Take ``m_size`` x ``n_size`` results out of L0C (CO1) to GM or L1 on FIX, converting (``quant_pre``),
    with ReLU, and in the layout the config names: ND (``ROW_MAJOR``, the default) or NZ."""
    api = "fixpipe"
    builder = active(api)
    form, bound = bind(api, FIXPIPE_FORMS, (dst, src, *args), kwargs)
    config = bound["config"]
    if not isinstance(config, FixpipeConfig):
        assert callable(config)
        config = config()
    assert isinstance(config, FixpipeConfig)
    if config.layout is CO2Layout.COLUMN_MAJOR:
        raise ApiValueError(
            COLUMN_MAJOR_UNSUPPORTED,
            "use CO2Layout.ROW_MAJOR or CO2Layout.NZ",
        )
    s = local_operand(bound["src"], api, "src", L0C)
    check_alignment(builder, api, "src", s, 64)
    d = _destination(api, bound["dst"])
    params = bound["params"]
    assert isinstance(params, FixpipeParamsV220)
    quant = _check_conversion(api, element_dtype(s, api), element_dtype(d, api), params)
    workspace = None
    if form == "workspace":
        cbuf = local_operand(bound["cbuf_workspace"], api, "cbuf_workspace", frozenset({TPosition.C1}))
        if cbuf.dtype != uint64:
            raise ApiTypeError(f"{api}: cbuf_workspace holds uint64 quantisation factors, not {cbuf.dtype}")
        check_alignment(builder, api, "cbuf_workspace", cbuf, 32)
        if quant is not None and quant not in TENSOR_QUANT:
            raise ApiValueError(
                f"{api}: cbuf_workspace gives per-channel factors, which quant_pre {quant.name} does not use",
                "pass the workspace with VDEQF16, VQF322B8_PRE or VREQ8 only",
            )
        workspace = cbuf.ssa
    elif quant in TENSOR_QUANT:
        assert quant is not None
        raise ApiValueError(
            workspace_needed_message(quant),
            "call asc.fixpipe(dst, src, cbuf_workspace, params, config)",
        )
    nd2nd = config.layout is CO2Layout.ROW_MAJOR and isinstance(d, GlobalTensor)
    _check_params(api, params, nd2nd, element_dtype(s, api), element_dtype(d, api), config.layout)
    layout = ir.CO2Layout[config.layout.name]
    builder.insert(ir.FixpipeOp(layout, d.ssa, s.ssa, params.ssa, workspace))


def _destination(api: str, value: object) -> BaseTensor:
    if isinstance(value, GlobalTensor):
        return value
    if isinstance(value, LocalTensor) and value.position is not None and value.position in UB:
        raise ApiValueError(
            to_ub_message(value.position),
            "take the result to GM, or to L1 (A1, B1, C1)",
        )
    return local_operand(value, api, "dst", L1)


def _check_conversion(api: str, src: DataType, dst: DataType, params: FixpipeParamsV220) -> QuantModes | None:
    modes = CONVERSIONS.get((src, dst))
    if modes is None:
        raise ApiTypeError(conversion_message(src, dst))
    value = params.values["quant_pre"]
    if isinstance(value, int) and not isinstance(value, bool):
        quant = QuantModes(value)
        if quant not in modes:
            raise ApiValueError(
                quant_message(api, quant, src, dst),
                f"use QuantModes.{modes[0].name}",
            )
        return quant
    return None


def _check_params(
    api: str, params: FixpipeParamsV220, nz2nd: bool, src: DataType, dst: DataType, layout: CO2Layout
) -> None:
    check_range(api, params, "n_size", 0, 4095)
    check_range(api, params, "m_size", 0, 8192 if nz2nd else 65535)
    check_range(api, params, "src_nd_stride", 0, 512)
    dst_stride = field(params, "dst_stride")
    if dst_stride == 0:
        raise ApiValueError(ZERO_DST_STRIDE)
    m_size, src_stride = field(params, "m_size"), field(params, "src_stride")
    if m_size is not None and src_stride is not None and src_stride < (m_size + 15) // 16 * 16:
        raise ApiValueError(src_stride_message(src_stride, m_size))
    unit_flag = field(params, "unit_flag")
    if unit_flag is not None and unit_flag not in (0, 2, 3):
        raise ApiValueError(unit_flag_message(api, unit_flag))
    if field(params, "is_channel_split"):
        if not (src == float32 and dst == float32):
            raise ApiValueError(f"{api}: is_channel_split needs float32 source and destination, not {src} -> {dst}")
        if layout is not CO2Layout.NZ:
            raise ApiValueError(f"{api}: is_channel_split cannot be combined with NZ to ND (use CO2Layout.NZ)")


@record(
    forms=("asc.set_fix_pipe_pre_quant_flag(config)",),
    cpp=("void SetFixpipePreQuantFlag(uint64_t config);",),
    rules=(f'"{pre_quant_config_message(describe(True))}".',),
)
def set_fix_pipe_pre_quant_flag(config: Any) -> None:
    """The scalar quantisation factor ``fixpipe``'s scalar ``quant_pre`` modes use (the FPC register)."""
    api = "set_fix_pipe_pre_quant_flag"
    builder = active(api)
    if isinstance(config, bool):
        raise ApiTypeError(pre_quant_config_message(describe(config)))
    value = integer_operand(builder, config, uint64, api=api, param="config")
    builder.insert(ir.CubeSettingOp(ir.CubeSetting.FIXPIPE_PRE_QUANT_FLAG, value))


__all__ = ["fixpipe", "set_fix_pipe_pre_quant_flag"]
