"""AIPP, the cube core's image preprocessing: ``set_aipp_functions`` names the source image(s) in GM and
the preprocessing (``asc.AippParams``), ``load_image_to_local`` loads a window of the image,
preprocessed, into L1.
"""

from __future__ import annotations

from typing import Any

from ascx.dialects import ascendc as ir
from ascx.language.basic.cube_operands import (
    L1,
    check_alignment,
    check_dtypes,
    check_range,
    dtypes_message,
    local_operand,
    position_message,
)
from ascx.language.core.aipp_types import AippParams
from ascx.language.core.api_errors import ApiTypeError, ApiValueError
from ascx.language.core.builder import active
from ascx.language.core.checks import is_instance
from ascx.language.core.convert import describe
from ascx.language.core.cube_enums import AippInputFormat
from ascx.language.core.cube_params import LoadImageToLocalParams
from ascx.language.core.dtype import float16, float32, int8, uint8
from ascx.language.core.enums import TPosition
from ascx.language.core.forms import Form, Param, bind, instance_of
from ascx.language.core.tensor import GlobalTensor
from ascx.language.records import records

record = records(__name__, "basic/aipp")

IMAGE_TYPES = (int8, float16)
"""What ``load_image_to_local`` writes into L1."""
TWO_PLANES = "set_aipp_functions: a YUV420SP_U8 image has two planes: pass src0 (Y) and src1 (UV)"


def image_dtype_message(param: str, got: object, image_format: AippInputFormat) -> str:
    return f"set_aipp_functions: {param} holds {got}, but AippInputFormat.{image_format.name} images are uint8"


def _format(value: object) -> bool:
    return is_instance(value, AippInputFormat)


SET_AIPP_FORMS = [
    Form(
        "two",
        (
            Param("src0", instance_of(GlobalTensor), "GlobalTensor"),
            Param("src1", instance_of(GlobalTensor), "GlobalTensor"),
            Param("input_format", _format, "AippInputFormat"),
            Param("config", instance_of(AippParams), "AippParams"),
        ),
    ),
    Form(
        "one",
        (
            Param("src0", instance_of(GlobalTensor), "GlobalTensor"),
            Param("input_format", _format, "AippInputFormat"),
            Param("config", instance_of(AippParams), "AippParams"),
        ),
    ),
]


@record(
    forms=(
        "asc.set_aipp_functions(src0, input_format, config)",
        "asc.set_aipp_functions(src0, src1, input_format, config)  # YUV420SP: Y and UV planes",
    ),
    cpp=(
        "template <typename T, typename U> void SetAippFunctions(const GlobalTensor<T>& src0, "
        "AippInputFormat format, AippParams<U> config);",
        "template <typename T, typename U> void SetAippFunctions(const GlobalTensor<T>& src0, "
        "const GlobalTensor<T>& src1, AippInputFormat format, AippParams<U> config);",
    ),
    params=(("input_format", f"an ``asc.AippInputFormat``: {', '.join(f.name for f in AippInputFormat)}"),),
    rules=(f'"{image_dtype_message("src0", float16, AippInputFormat.RGB888_U8)}"; "{TWO_PLANES}".',),
    notes=("pyasc's tests pass int8 and float16 images; CANN documents uint8 images, which ascx requires.",),
)
def set_aipp_functions(*args: Any, **kwargs: Any) -> None:
    """Name the image and the preprocessing of the next ``load_image_to_local`` calls."""
    api = "set_aipp_functions"
    builder = active(api)
    form, bound = bind(api, SET_AIPP_FORMS, args, kwargs)
    image_format = AippInputFormat(bound["input_format"])
    src0 = bound["src0"]
    assert isinstance(src0, GlobalTensor)
    images = [src0] + ([bound["src1"]] if form == "two" else [])
    for name, image in zip(("src0", "src1"), images, strict=False):
        assert isinstance(image, GlobalTensor)
        if image.dtype is None:
            raise ApiValueError(f"{api}: {name} has no data type yet", "call set_global_buffer first")
        if image.dtype != uint8:
            raise ApiTypeError(
                image_dtype_message(name, image.dtype, image_format),
                "read the image through a uint8 GlobalTensor",
            )
    if image_format is AippInputFormat.YUV420SP_U8 and form == "one":
        raise ApiTypeError(TWO_PLANES)
    if image_format is not AippInputFormat.YUV420SP_U8 and form == "two":
        raise ApiTypeError(f"{api}: src1 is the UV plane of a YUV420SP_U8 image; a {image_format.name} image has one")
    config = bound["config"]
    assert isinstance(config, AippParams)
    second = bound.get("src1")
    src1 = second.ssa if isinstance(second, GlobalTensor) else None
    builder.insert(ir.SetAippFunctionsOp(ir.AippInputFormat[image_format.name], src0.ssa, config.ssa, src1))


@record(
    forms=("asc.load_image_to_local(dst, load_data_params)",),
    cpp=(
        "template <typename T> void LoadImageToLocal(const LocalTensor<T>& dst, "
        "const LoadImageToLocalParams& loadDataParams);",
    ),
    rules=(
        f'"{position_message("load_image_to_local", "dst", TPosition.VECIN, L1)}"; '
        f'"{dtypes_message("load_image_to_local", "dst", float32, IMAGE_TYPES)}".',
    ),
    notes=("Not emulated: running it on the CPU stops with a located error.",),
)
def load_image_to_local(dst: Any, load_data_params: Any) -> None:
    """Load a window of the image ``set_aipp_functions`` named into L1, preprocessed, on MTE2."""
    api = "load_image_to_local"
    builder = active(api)
    d = local_operand(dst, api, "dst", L1)
    check_dtypes(api, "dst", d.dtype or int8, IMAGE_TYPES)
    check_alignment(builder, api, "dst", d, 32)
    params = load_data_params
    if not isinstance(params, LoadImageToLocalParams):
        raise ApiTypeError(f"{api}: load_data_params must be an asc.LoadImageToLocalParams, got {describe(params)}")
    for name, low in (("horiz_size", 2), ("vert_size", 2), ("src_horiz_size", 2)):
        check_range(api, params, name, low, 4095)
    for name in ("horiz_start_pos", "vert_start_pos"):
        check_range(api, params, name, 0, 4095)
    for name in ("top_pad_size", "bot_pad_size", "left_pad_size", "right_pad_size"):
        check_range(api, params, name, 0, 32)
    builder.insert(ir.LoadImageToLocalOp(d.ssa, params.ssa))


__all__ = ["load_image_to_local", "set_aipp_functions"]
