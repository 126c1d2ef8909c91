"""pyasc's ``asc.language.core``: data types, enums, values, tensors and properties."""

from typing import TYPE_CHECKING

from ascx.lazy_exports import lazy_exports


def _document() -> None:
    from ascx.language.docstrings import docstrings_wanted

    if docstrings_wanted():
        from ascx.language.reference import document_package

        document_package(__name__)


if TYPE_CHECKING:
    from ascx.language.core import aipp_types as aipp_types
    from ascx.language.core import ir_value as ir_value
    from ascx.language.core import memory_allocator as memory_allocator
    from ascx.language.core import ops as ops
    from ascx.language.core import struct as struct
    from ascx.language.core import types as types
    from ascx.language.core import utils as utils
    from ascx.language.core.aipp_types import (
        AippChannelPaddingParams,
        AippColorSpaceConvParams,
        AippDataTypeConvParams,
        AippPaddingParams,
        AippParams,
        AippSingleLineParams,
        AippSwapParams,
    )
    from ascx.language.core.array import array
    from ascx.language.core.constexpr import ConstExpr
    from ascx.language.core.cube_enums import AippInputFormat, CO2Layout, QuantModes
    from ascx.language.core.cube_params import (
        DataCopyCO12DstParams,
        DataCopyEnhancedParams,
        FixpipeConfig,
        FixpipeParamsV220,
        InitConstValueParams,
        LoadData2DParams,
        LoadData2DParamsV2,
        LoadData2dTransposeParams,
        LoadData2dTransposeParamsV2,
        LoadData3DParamsV1,
        LoadData3DParamsV2,
        LoadData3DParamsV2Pro,
        LoadDataRepeatParam,
        LoadImageToLocalParams,
        MmadParams,
        Nd2NzParams,
        Nz2NdParamsFull,
    )
    from ascx.language.core.dtype import (
        DataType,
        bfloat16,
        bit,
        bool_,
        double,
        float16,
        float32,
        float64,
        float_,
        half,
        int1,
        int8,
        int16,
        int32,
        int64,
        int_,
        uint8,
        uint16,
        uint32,
        uint64,
        void,
    )
    from ascx.language.core.enums import (
        CMPMODE,
        BatchMode,
        BatchOutMode,
        CacheMode,
        CacheRwMode,
        CubeFormat,
        DeqScale,
        GatherMaskMode,
        HardEvent,
        IterateMode,
        IterateOrder,
        LayoutMode,
        MaskMode,
        MatmulConfigMode,
        MatmulPolicy,
        PipeID,
        ReduceOrder,
        RoundMode,
        ScheduleType,
        SelMode,
        TPosition,
        TransposeType,
    )
    from ascx.language.core.memory_allocator import LocalMemAllocator
    from ascx.language.core.ops import inline, number
    from ascx.language.core.params import (
        BinaryRepeatParams,
        DataCopyExtParams,
        DataCopyPadExtParams,
        DataCopyPadParams,
        DataCopyParams,
        UnaryRepeatParams,
    )
    from ascx.language.core.properties import (
        DEFAULT_C0_SIZE,
        ONE_BLK_SIZE,
        TOTAL_L0C_SIZE,
        TOTAL_L1_SIZE,
        Property,
        property,
    )
    from ascx.language.core.range import range, static_range
    from ascx.language.core.shape_info import ShapeInfo, get_shape_size
    from ascx.language.core.sort_structs import MrgSort4Info, MrgSortSrcList
    from ascx.language.core.system_enums import (
        AtomicDtype,
        AtomicOp,
        BlockMode,
        CacheLine,
        DataFormat,
        DcciDst,
        Hardware,
        MemDsbT,
        pad_t,
    )
    from ascx.language.core.system_params import CheckLocalMemoryIAParam, SliceInfo
    from ascx.language.core.tensor import BaseTensor, GlobalTensor, LocalTensor
    from ascx.language.core.tensor_auto import LocalTensorAuto
    from ascx.language.core.utils import ceildiv, static_assert
    from ascx.language.core.values import GlobalAddress
    from ascx.language.core.vector_params import (
        BrcbRepeatParams,
        CopyRepeatParams,
        GatherMaskParams,
        GatherRepeatParams,
        TransDataTo5HDParams,
        TransposeParamsExt,
        VdeqInfo,
    )

__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        "ascx.language.core.aipp_types": (
            "AippChannelPaddingParams AippColorSpaceConvParams AippDataTypeConvParams AippPaddingParams "
            "AippParams AippSingleLineParams AippSwapParams "
        ),
        "ascx.language.core.constexpr": "ConstExpr",
        "ascx.language.core.cube_enums": "AippInputFormat CO2Layout QuantModes",
        "ascx.language.core.cube_params": (
            "DataCopyCO12DstParams DataCopyEnhancedParams FixpipeConfig FixpipeParamsV220 InitConstValueParams "
            "LoadData2DParams LoadData2DParamsV2 LoadData2dTransposeParams LoadData2dTransposeParamsV2 "
            "LoadData3DParamsV1 LoadData3DParamsV2 LoadData3DParamsV2Pro LoadDataRepeatParam "
            "LoadImageToLocalParams MmadParams Nd2NzParams Nz2NdParamsFull "
        ),
        "ascx.language.core.dtype": (
            "DataType bfloat16 bit bool_ double float16 float32 float64 float_ half int1 int8 int16 int32 int64 "
            "int_ uint8 uint16 uint32 uint64 void "
        ),
        "ascx.language.core.enums": (
            "CMPMODE BatchMode BatchOutMode CacheMode CacheRwMode CubeFormat DeqScale GatherMaskMode HardEvent "
            "IterateMode IterateOrder LayoutMode MaskMode MatmulConfigMode MatmulPolicy PipeID ReduceOrder "
            "RoundMode ScheduleType SelMode TPosition TransposeType "
        ),
        "ascx.language.core.memory_allocator": "LocalMemAllocator",
        "ascx.language.core.params": (
            "BinaryRepeatParams DataCopyExtParams DataCopyPadExtParams DataCopyPadParams DataCopyParams "
            "UnaryRepeatParams "
        ),
        "ascx.language.core.properties": "DEFAULT_C0_SIZE ONE_BLK_SIZE TOTAL_L0C_SIZE TOTAL_L1_SIZE Property property",
        "ascx.language.core.range": "range static_range",
        "ascx.language.core.shape_info": "ShapeInfo get_shape_size",
        "ascx.language.core.sort_structs": "MrgSort4Info MrgSortSrcList",
        "ascx.language.core.tensor": "BaseTensor GlobalTensor LocalTensor",
        "ascx.language.core.values": "GlobalAddress",
        "ascx.language.core.vector_params": (
            "BrcbRepeatParams CopyRepeatParams GatherMaskParams GatherRepeatParams TransDataTo5HDParams "
            "TransposeParamsExt VdeqInfo "
        ),
        "ascx.language.core": "aipp_types ir_value memory_allocator ops struct types utils",
        "ascx.language.core.array": "array",
        "ascx.language.core.ops": "inline number",
        "ascx.language.core.system_enums": (
            "AtomicDtype AtomicOp BlockMode CacheLine DataFormat DcciDst Hardware MemDsbT pad_t "
        ),
        "ascx.language.core.system_params": "CheckLocalMemoryIAParam SliceInfo",
        "ascx.language.core.tensor_auto": "LocalTensorAuto",
        "ascx.language.core.utils": "ceildiv static_assert",
    },
    on_first_use=_document,
)

__all__ = [
    "CMPMODE",
    "DEFAULT_C0_SIZE",
    "ONE_BLK_SIZE",
    "TOTAL_L0C_SIZE",
    "TOTAL_L1_SIZE",
    "AippChannelPaddingParams",
    "AippColorSpaceConvParams",
    "AippDataTypeConvParams",
    "AippInputFormat",
    "AippPaddingParams",
    "AippParams",
    "AippSingleLineParams",
    "AippSwapParams",
    "BaseTensor",
    "BatchMode",
    "BatchOutMode",
    "BinaryRepeatParams",
    "BrcbRepeatParams",
    "CO2Layout",
    "CacheMode",
    "CacheRwMode",
    "ConstExpr",
    "CopyRepeatParams",
    "CubeFormat",
    "DataCopyCO12DstParams",
    "DataCopyEnhancedParams",
    "DataCopyExtParams",
    "DataCopyPadExtParams",
    "DataCopyPadParams",
    "DataCopyParams",
    "DataType",
    "DeqScale",
    "FixpipeConfig",
    "FixpipeParamsV220",
    "GatherMaskMode",
    "GatherMaskParams",
    "GatherRepeatParams",
    "GlobalAddress",
    "GlobalTensor",
    "HardEvent",
    "InitConstValueParams",
    "IterateMode",
    "IterateOrder",
    "LayoutMode",
    "LoadData2DParams",
    "LoadData2DParamsV2",
    "LoadData2dTransposeParams",
    "LoadData2dTransposeParamsV2",
    "LoadData3DParamsV1",
    "LoadData3DParamsV2",
    "LoadData3DParamsV2Pro",
    "LoadDataRepeatParam",
    "LoadImageToLocalParams",
    "LocalMemAllocator",
    "LocalTensor",
    "MaskMode",
    "MatmulConfigMode",
    "MatmulPolicy",
    "MmadParams",
    "MrgSort4Info",
    "MrgSortSrcList",
    "Nd2NzParams",
    "Nz2NdParamsFull",
    "PipeID",
    "Property",
    "QuantModes",
    "ReduceOrder",
    "RoundMode",
    "ScheduleType",
    "SelMode",
    "ShapeInfo",
    "TPosition",
    "TransDataTo5HDParams",
    "TransposeParamsExt",
    "TransposeType",
    "UnaryRepeatParams",
    "VdeqInfo",
    "bfloat16",
    "bit",
    "bool_",
    "double",
    "float16",
    "float32",
    "float64",
    "float_",
    "get_shape_size",
    "half",
    "int1",
    "int8",
    "int16",
    "int32",
    "int64",
    "int_",
    "property",
    "range",
    "static_range",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
]
__all__ += [
    "AtomicDtype",
    "AtomicOp",
    "BlockMode",
    "CacheLine",
    "CheckLocalMemoryIAParam",
    "DataFormat",
    "DcciDst",
    "Hardware",
    "LocalTensorAuto",
    "MemDsbT",
    "SliceInfo",
    "array",
    "ceildiv",
    "inline",
    "number",
    "pad_t",
    "static_assert",
    "void",
]
