"""The ``ascendc`` dialect: Ascend C objects, the Matmul high-level API and kernel ABI ops.

Types carry element types; Matmul objects are described once, by the op that creates them
(``ascendc.matmul.create``), and every other Matmul op refers to that object.  Ops declare the
facts that passes need through traits (``ascx.dialects.ascendc.traits``), so analyses never test op
names.  Every op has a verifier and a custom assembly format that round-trips.
"""

from ascx.lazy_exports import lazy_exports

__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        "ascx.dialects.ascendc.dialect": "AscendC",
        "ascx.dialects.ascendc.adv_ops": "ADV_ATTRS ADV_OPS",
        "ascx.dialects.ascendc.allocator_ops": (
            "Hardware HardwareAttr LocalMemAllocatorAllocOp "
            "LocalMemAllocatorGetCurAddrOp LocalMemAllocatorOp LocalMemAllocatorType "
        ),
        "ascx.dialects.ascendc.basic_enums": (
            "BinaryKind BinaryKindAttr BinaryScalarKind BinaryScalarKindAttr CacheMode CacheModeAttr CacheRwMode "
            "CacheRwModeAttr CmpMode CmpModeAttr FusedKind FusedKindAttr HardEvent HardEventAttr MaskMode "
            "MaskModeAttr ReduceKind ReduceKindAttr RoundMode RoundModeAttr SelMode SelModeAttr TernaryKind "
            "TernaryKindAttr UnaryKind UnaryKindAttr "
        ),
        "ascx.dialects.ascendc.basic_types": "CPP_ENUMS LAYOUTS MaskListType ParamsKind ParamsType ShapeInfoType",
        "ascx.dialects.ascendc.cube_ops": (
            "AippInputFormat AippInputFormatAttr CO2Layout CO2LayoutAttr CubeSetting "
            "CubeSettingAttr CubeSettingOp DataCopyCO12DstOp DataCopyEnhancedOp DataCopyNd2NzOp DataCopyNz2NdOp "
            "DataCopyPadNd2NzOp FixpipeOp InitConstValueOp LoadDataOp LoadDataWithSparseOp "
            "LoadDataWithTransposeOp LoadImageToLocalOp MmadOp MmadWithSparseOp PadListOp SetAippFunctionsOp "
            "SetPadValueOp "
        ),
        "ascx.dialects.ascendc.cube_structs": "PadListType",
        "ascx.dialects.ascendc.data_copy_ops": "DataCopyOp DataCopyPadOp ParamsOp copy_pipe",
        "ascx.dialects.ascendc.enums": (
            "CubeFormat CubeFormatAttr KernelType KernelTypeAttr LayoutMode LayoutModeAttr MatmulPolicy "
            "MatmulPolicyAttr Pipe PipeAttr TPosition TPositionAttr "
        ),
        "ascx.dialects.ascendc.fwk_ops": (
            "AllocTensorOp DeclareOp DequeOp EnqueOp EventIdAction EventIdActionAttr EventIdOp FreeTensorOp "
            "InitBufferOp InitBufPoolOp Lifecycle LifecycleAttr LifecycleOp QueueQuery QueueQueryAttr "
            "QueueQueryOp ReleaseEventIdOp TBufGetOp TBufGetWithOffsetOp "
        ),
        "ascx.dialects.ascendc.fwk_types": (
            "BufferType QueueType TBufPoolType TBufType TQueBindType TQueType queue_positions "
        ),
        "ascx.dialects.ascendc.kernel_ops": (
            "AscendIsAicOp DefineOp FftsCrossCoreSyncOp IncludeOp KernelTaskTypeOp SetFftsBaseAddrOp"
        ),
        "ascx.dialects.ascendc.matmul_attrs": "MatmulConfigAttr MatmulTypeAttr",
        "ascx.dialects.ascendc.matmul_compute_ops": (
            "MatmulAsyncGetTensorCOp MatmulGetBatchTensorCOp MatmulGetBatchTensorCViewOp MatmulGetTensorCDualOp "
            "MatmulGetTensorCOp MatmulGetTensorCViewOp MatmulIterateAllLocalOp MatmulIterateBatchCubeOp "
            "MatmulIterateBatchOp MatmulIterateNBatchOp MatmulWaitGetTensorCOp MatmulWaitIterateBatchOp "
        ),
        "ascx.dialects.ascendc.matmul_ops": (
            "MatmulCreateOp MatmulEndOp MatmulInitOp MatmulIterateAllOp MatmulIterateOp MatmulMethodOp "
            "MatmulSetOrgShapeOp MatmulSetSingleShapeOp MatmulSetTensorAOp MatmulSetTensorBOp "
            "MatmulWaitIterateAllOp RegisterMatmulOp matmul_declaration "
        ),
        "ascx.dialects.ascendc.matmul_setter_ops": (
            "MatmulDisableBiasOp MatmulGetOffsetCOp MatmulSetBatchNumOp MatmulSetBiasOp MatmulSetHF32Op "
            "MatmulSetQuantScalarOp MatmulSetQuantVectorOp MatmulSetScalarAOp MatmulSetScalarBOp "
            "MatmulSetSelfDefineDataOp MatmulSetSparseIndexOp MatmulSetTailOp MatmulSetUserDefInfoOp "
            "MatmulSetWorkspaceOp MatrixOffsetOp "
        ),
        "ascx.dialects.ascendc.object_ops": (
            "TILING_FIELDS ConstantOp CubeTilingGetOp CubeTilingLoadOp CubeTilingOp CubeTilingSetOp "
            "GlobalTensorOp PipeOp PropertyOp SetGlobalBufferOp "
        ),
        "ascx.dialects.ascendc.reduce_ops": (
            "REDUCE_OPS ReduceOrder ReduceOrderAttr VecBlockReduceOp VecPairReduceSumOp VecRepeatReduceSumOp "
            "VecWholeReduceOp VecWholeReduceSumOp "
        ),
        "ascx.dialects.ascendc.scalar_unit_ops": (
            "SCALAR_UNIT_OPS ScalarBits ScalarBitsAttr ScalarBitsOp ScalarCastOp ToFloatOp"
        ),
        "ascx.dialects.ascendc.sort_ops": (
            "SORT_OPS GetMrgSortResultOp GetSortLenOp GetSortOffsetOp MrgSort4InfoOp MrgSort4InfoType MrgSort4Op "
            "MrgSortCountsOp MrgSortOp ProposalOp RpSort16Op Sort32Op SortOp "
        ),
        "ascx.dialects.ascendc.static_tiling_ops": "STATIC_TILING_FIELDS MatmulStaticTilingOp StaticTilingGetOp",
        "ascx.dialects.ascendc.sync_ops": (
            "AtomicKind AtomicKindAttr CrossCoreSetFlagOp CrossCoreWaitFlagOp IBSetOp IBWaitOp NotifyNextBlockOp "
            "PipeBarrierOp SetAtomicOp SetFlagOp SyncAllOp WaitFlagOp WaitPreBlockOp "
        ),
        "ascx.dialects.ascendc.system_ops": (
            "AscendIsAivOp DebugOutput DumpTensorOp InitDumpOp PrintfOp SysVar SysVarAttr SysVarOp "
        ),
        "ascx.dialects.ascendc.tensor_address_ops": "PhyAddrOp",
        "ascx.dialects.ascendc.tensor_ops": (
            "AnyInteger DeclareLocalTensorOp GetShapeSizeOp GetValueOp GMAddrOffsetOp LocalTensorOp "
            "ReinterpretCastOp SetL2CacheHintOp SetValueOp ShapeInfoOp SubTensorOp TensorQuery TensorQueryAttr "
            "TensorQueryOp "
        ),
        "ascx.dialects.ascendc.traits": "DecidesPipe ExecutesOn TensorAccess issued_pipe tensor_accesses",
        "ascx.dialects.ascendc.types": (
            "UI64 CubeTilingType ElementType GlobalTensorType GMAddrType GMStructAddrType LibTilingType "
            "LocalTensorType MatmulObjType MatrixOffsetType PipeType StaticTilingType TensorType float_type "
            "integer_type is_unsigned tensor_element_type "
        ),
        "ascx.dialects.ascendc.vector_data_ops": (
            "DATA_OPS NCHW_CONV_ADDR_LIST_SIZE GetGatherMaskRemainCountOp VecBrcbOp VecCopyOp VecGatherbOp "
            "VecGatherMaskOp VecGatherOp VecScatterOp VecTransDataTo5HDAddrOp VecTransDataTo5HDListOp "
            "VecTransDataTo5HDOp VecTransposeOp "
        ),
        "ascx.dialects.ascendc.vector_fused_ops": (
            "FUSED_OPS SetDeqScaleOp SetDeqScaleTableOp VdeqInfoOp VecAxpyOp VecBilinearInterpolationOp "
            "VecCastDeqOp VecFusedOp VecTernaryOp "
        ),
        "ascx.dialects.ascendc.vector_mask_ops": (
            "MASK_OPS GetCmpMaskOp ResetMaskOp SetCmpMaskOp SetMaskModeOp SetVectorMaskOp VecCompareCmpMaskOp "
            "VecSelectCmpMaskOp VecSelectScalarCmpMaskOp "
        ),
        "ascx.dialects.ascendc.vector_ops": (
            "VECTOR_OPS MaskListOp VecBinaryOp VecBinaryScalarOp VecCastOp VecCompareOp VecCompareScalarOp "
            "VecDuplicateOp VecReduceOp VecSelectOp VecUnaryOp "
        ),
        "ascx.dialects.ascendc.vector_syntax": "VectorSyntax",
    },
)
