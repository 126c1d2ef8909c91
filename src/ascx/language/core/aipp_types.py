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
from ascx.language.core.dtype import DataType, float16, int8


@dataclass
class AippPaddingParams:
    """``AscendC::AippPaddingParams<T>``: how the image is padded, and with what per channel."""

    padding_mode: Any = 0
    padding_value_ch0: Any = 0
    padding_value_ch1: Any = 0
    padding_value_ch2: Any = 0
    padding_value_ch3: Any = 0


@dataclass
class AippSwapParams:
    """``AscendC::AippSwapParams``: swap the R and B, U and V, or A and X channels."""

    is_swap_rb: Any = False
    is_swap_uv: Any = False
    is_swap_ax: Any = False


@dataclass
class AippSingleLineParams:
    """``AscendC::AippSingleLineParams``: copy a single line."""

    is_single_line_copy: Any = False


@dataclass
class AippDataTypeConvParams:
    """``AscendC::AippDataTypeConvParams``: ``(x - mean - min) * var`` per channel, converting the type."""

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


@dataclass
class AippChannelPaddingParams:
    """``AscendC::AippChannelPaddingParams<T>``: pad the channel dimension."""

    c_padding_mode: Any = 0
    c_padding_value: Any = 0


@dataclass
class AippColorSpaceConvParams:
    """``AscendC::AippColorSpaceConvParams``: a 3 x 3 colour space conversion with input/output biases."""

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


class AippParams(CubeParams):
    """``AscendC::AippParams<T>``: every AIPP setting, for images converted to ``dtype`` (``asc.int8`` or
    ``asc.float16``)."""

    __slots__ = ()
    KIND = ir.ParamsKind.AIPP
    NAMES = ("padding_params", "swap_params", "single_line_params", "dtc_params", "c_padding_params", "csc_params")

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
        if not is_instance(dtype, DataType) or dtype not in (int8, float16):
            raise TypeError(f"AippParams dtype must be asc.int8 or asc.float16, but got {dtype}")
        builder = active("AippParams")
        given = (padding_params, swap_params, single_line_params, dtc_params, c_padding_params, csc_params)
        values: dict[str, Any] = {}
        for name, part, (kind, cls, templated) in zip(self.NAMES, given, _PARTS, strict=True):
            if part is None:
                part = cls()
            if not isinstance(part, cls):
                raise TypeError(f"AippParams: {name} must be an asc.{cls.__name__}, got {type(part).__name__}")
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
