"""pyasc's ``asc.language.core``: data types, enums, values, tensors and properties."""

from ascx.lazy_exports import lazy_exports


def _document() -> None:
    from ascx.language.docstrings import docstrings_wanted

    if docstrings_wanted():
        from ascx.language.reference import document_package

        document_package(__name__)


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
