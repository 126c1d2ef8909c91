"""pyasc's ``asc.language.core.aipp_types``: the settings of AIPP, the image preprocessing that
``set_aipp_functions`` configures and ``load_image_to_local`` applies.

The parts (``AippPaddingParams``, ``AippSwapParams``, ...) are plain Python dataclasses, as in pyasc;
``AippParams(dtype, ...)`` builds ``AscendC::AippParams<T>`` (``T`` is ``int8_t`` or ``half``) with
every part, a part not given taking its defaults.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.core.builder import active
from ascx.language.core.checks import is_instance
from ascx.language.core.cube_params import CubeParams, build_struct
from ascx.language.core.dtype import DataType, float16, float32, int8
from ascx.language.records import records

record = records(__name__, "basic/aipp")
AIPP_TYPES = (int8, float16)
"""The types ``AippParams`` converts images to."""


def aipp_dtype_message(got: object) -> str:
    return f"AippParams dtype must be {' or '.join(f'asc.{t}' for t in AIPP_TYPES)}, but got {got}"


def part_message(name: str, cls: type, got: object) -> str:
    return f"AippParams: {name} must be an asc.{cls.__name__}, got {type(got).__name__}"


@record(
    forms=(
        "asc.AippPaddingParams(padding_mode=0, padding_value_ch0=0, padding_value_ch1=0, padding_value_ch2=0, "
        "padding_value_ch3=0)",
    ),
    cpp=(
        "AscendC::AippPaddingParams<U> p{paddingMode, paddingValueCh0, paddingValueCh1, paddingValueCh2, "
        "paddingValueCh3};",
    ),
    title="asc.AippPaddingParams",
)
@dataclass
class AippPaddingParams:
    """Padding of the loaded image: mode and a value per channel."""

    padding_mode: Any = 0
    padding_value_ch0: Any = 0
    padding_value_ch1: Any = 0
    padding_value_ch2: Any = 0
    padding_value_ch3: Any = 0


@record(
    forms=("asc.AippSwapParams(is_swap_rb=False, is_swap_uv=False, is_swap_ax=False)",),
    cpp=("AscendC::AippSwapParams p{isSwapRB, isSwapUV, isSwapAX};",),
    title="asc.AippSwapParams",
)
@dataclass
class AippSwapParams:
    """Swap the R and B channels, U and V, or the alpha channel."""

    is_swap_rb: Any = False
    is_swap_uv: Any = False
    is_swap_ax: Any = False


@record(
    forms=("asc.AippSingleLineParams(is_single_line_copy=False)",),
    cpp=("AscendC::AippSingleLineParams p{isSingleLineCopy};",),
    title="asc.AippSingleLineParams",
)
@dataclass
class AippSingleLineParams:
    """Copy one line of the image."""

    is_single_line_copy: Any = False


@record(
    forms=(
        "asc.AippDataTypeConvParams(dtc_mean_ch0=0, dtc_mean_ch1=0, dtc_mean_ch2=0, dtc_min_ch0=0.0, "
        "dtc_min_ch1=0.0, dtc_min_ch2=0.0, dtc_var_ch0=1.0, dtc_var_ch1=1.0, dtc_var_ch2=1.0, dtc_round_mode=0)",
    ),
    cpp=(
        "AscendC::AippDataTypeConvParams p{dtcMeanCh0, dtcMeanCh1, dtcMeanCh2, dtcMinCh0, dtcMinCh1, dtcMinCh2, "
        "dtcVarCh0, dtcVarCh1, dtcVarCh2, dtcRoundMode};",
    ),
    title="asc.AippDataTypeConvParams",
)
@dataclass
class AippDataTypeConvParams:
    """Convert the pixels: ``(pixel - mean - min) * var`` per channel, with a rounding mode."""

    dtc_mean_ch0: Any = 0
    dtc_mean_ch1: Any = 0
    dtc_mean_ch2: Any = 0
    dtc_min_ch0: Any = 0.0
    dtc_min_ch1: Any = 0.0
    dtc_min_ch2: Any = 0.0
    dtc_var_ch0: Any = 1.0
    dtc_var_ch1: Any = 1.0
    dtc_var_ch2: Any = 1.0
    dtc_round_mode: Any = 0


@record(
    forms=("asc.AippChannelPaddingParams(c_padding_mode=0, c_padding_value=0)",),
    cpp=("AscendC::AippChannelPaddingParams<U> p{cPaddingMode, cPaddingValue};",),
    title="asc.AippChannelPaddingParams",
)
@dataclass
class AippChannelPaddingParams:
    """Pad the channels: mode and value."""

    c_padding_mode: Any = 0
    c_padding_value: Any = 0


@record(
    forms=(
        "asc.AippColorSpaceConvParams(is_enable_csc=False, csc_matrix_r0_c0=0, ..., csc_matrix_r2_c2=0, "
        "csc_bias_in_0=0, csc_bias_in_1=0, csc_bias_in_2=0, csc_bias_out_0=0, csc_bias_out_1=0, csc_bias_out_2=0)",
    ),
    cpp=(
        "AscendC::AippColorSpaceConvParams p{isEnableCsc, cscMatrixR0C0, ..., cscMatrixR2C2, cscBiasIn0, "
        "cscBiasIn1, cscBiasIn2, cscBiasOut0, cscBiasOut1, cscBiasOut2};",
    ),
    title="asc.AippColorSpaceConvParams",
)
@dataclass
class AippColorSpaceConvParams:
    """Colour space conversion: a 3 x 3 matrix with input and output biases."""

    is_enable_csc: Any = False
    csc_matrix_r0_c0: Any = 0
    csc_matrix_r0_c1: Any = 0
    csc_matrix_r0_c2: Any = 0
    csc_matrix_r1_c0: Any = 0
    csc_matrix_r1_c1: Any = 0
    csc_matrix_r1_c2: Any = 0
    csc_matrix_r2_c0: Any = 0
    csc_matrix_r2_c1: Any = 0
    csc_matrix_r2_c2: Any = 0
    csc_bias_in_0: Any = 0
    csc_bias_in_1: Any = 0
    csc_bias_in_2: Any = 0
    csc_bias_out_0: Any = 0
    csc_bias_out_1: Any = 0
    csc_bias_out_2: Any = 0


_PARTS: tuple[tuple[ir.ParamsKind, type, bool], ...] = (
    (ir.ParamsKind.AIPP_PADDING, AippPaddingParams, True),
    (ir.ParamsKind.AIPP_SWAP, AippSwapParams, False),
    (ir.ParamsKind.AIPP_SINGLE_LINE, AippSingleLineParams, False),
    (ir.ParamsKind.AIPP_DTC, AippDataTypeConvParams, False),
    (ir.ParamsKind.AIPP_CHANNEL_PADDING, AippChannelPaddingParams, True),
    (ir.ParamsKind.AIPP_CSC, AippColorSpaceConvParams, False),
)
"""Each part: its struct, its Python class, whether it is templated on the AIPP type."""


class _Part(CubeParams):
    """A part of ``AippParams``, built as its own struct."""

    __slots__ = ()


@record(
    forms=(
        "asc.AippParams(dtype, padding_params=None, swap_params=None, single_line_params=None, dtc_params=None, "
        "c_padding_params=None, csc_params=None)",
    ),
    cpp=(
        "AscendC::AippParams<U> cfg{paddingParams, swapParams, singleLineParams, dtcParams, cPaddingParams, "
        "cscParams};",
    ),
    rules=(f'"{aipp_dtype_message(float32)}"; "{part_message("swap_params", AippSwapParams, AippPaddingParams())}".',),
    title="asc.AippParams",
)
class AippParams(CubeParams):
    """The AIPP configuration ``set_aipp_functions`` takes: its parts, each defaulted, and the type ``dtype``
    (int8 or float16) of the padding values."""

    __slots__ = ()
    KIND = ir.ParamsKind.AIPP

    def __init__(
        self,
        dtype: DataType,
        padding_params: AippPaddingParams | None = None,
        swap_params: AippSwapParams | None = None,
        single_line_params: AippSingleLineParams | None = None,
        dtc_params: AippDataTypeConvParams | None = None,
        c_padding_params: AippChannelPaddingParams | None = None,
        csc_params: AippColorSpaceConvParams | None = None,
    ) -> None:
        if not is_instance(dtype, DataType) or dtype not in AIPP_TYPES:
            raise TypeError(aipp_dtype_message(dtype))
        builder = active("AippParams")
        given = (padding_params, swap_params, single_line_params, dtc_params, c_padding_params, csc_params)
        values: dict[str, Any] = {}
        for name, part, (kind, cls, templated) in zip(self.NAMES, given, _PARTS, strict=True):
            if part is None:
                part = cls()
            if not isinstance(part, cls):
                raise TypeError(part_message(name, cls, part))
            fields = dict(vars(part))
            names = tuple(fields)
            struct = object.__new__(_Part)
            CubeParams.__init__(struct)
            struct.bind(build_struct(builder, cls.__name__, kind, names, fields, dtype if templated else None))
            struct.ssa.name_hint = name
            struct.values = fields
            struct.element_dtype = dtype if templated else None
            values[name] = struct
        self._build_cube(values, dtype)


__all__ = [
    "AippChannelPaddingParams",
    "AippColorSpaceConvParams",
    "AippDataTypeConvParams",
    "AippPaddingParams",
    "AippParams",
    "AippSingleLineParams",
    "AippSwapParams",
]
