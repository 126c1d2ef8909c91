# softmax_flash_v2 (SoftmaxFlashV2): the no-update form with a tiling kernel parameter and a temporary
# buffer, and the update form with a SoftmaxShapeInfo and half data with float32 stats, as FlashAttention
# calls it (the stats updated in place).
#
# RUN: ascx compile %s --args "asc.adv.SoftmaxTiling(), MockValue(asc.int32)" --emit ir | filecheck %s --check-prefix=IR
# RUN: ascx compile %s --args "asc.adv.SoftmaxTiling(), MockValue(asc.int32)" | filecheck %s --check-prefix=CPP --match-full-lines --strict-whitespace
import ascx as asc


@asc.jit(insert_sync=False, verify_sync=False)
def softmax_flash(tiling: asc.adv.SoftmaxTiling, n: int) -> None:
    src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 1024)
    dst = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 2048, 1024)
    row_sum = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 4096, 64)
    row_max = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 4352, 64)
    exp_max = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 4608, 128)
    tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 8192)
    asc.adv.softmax_flash_v2(dst, row_sum, row_max, src, exp_max, row_sum, row_max, tiling, tmp)
    shape = asc.adv.SoftmaxShapeInfo(8, 128, 8, n)
    asc.adv.softmax_flash_v2(
        dst, row_sum, row_max, src, exp_max, row_sum, row_max, tiling, is_update=True, softmax_shape_info=shape
    )


# IR: %tiling = ascendc.lib_tiling.load %tiling_gm : !ascendc.gm_struct_addr<!ascendc.lib_tiling<"SoftMaxTiling">> -> !ascendc.lib_tiling<"SoftMaxTiling">
# IR: ascendc.adv.softmax_flash_v2 %dst, %row_sum, %row_max, %src, %exp_max, %row_sum, %row_max, %tiling tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.local_tensor<ui8>)
# IR: %shape = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxShapeInfo">
# IR: ascendc.lib_tiling.set %shape "oriSrcK", %n : !ascendc.lib_tiling<"SoftMaxShapeInfo">, i32
# IR: ascendc.adv.softmax_flash_v2 %dst, %row_sum, %row_max, %src, %exp_max, %row_sum, %row_max, %tiling shape_info %shape is_update : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, !ascendc.lib_tiling<"SoftMaxShapeInfo">)

# CPP:extern "C" __global__ __aicore__ void softmax_flash(__gm__ SoftMaxTiling* tiling_gm, int32_t n) {
# CPP:    AscendC::LocalTensor<uint8_t> tmp(AscendC::TPosition::VECCALC, 8192, 8192);
# CPP-NEXT:    AscendC::SoftmaxFlashV2<half, false, false, false, false, AscendC::SOFTMAX_DEFAULT_CFG>(dst, row_sum, row_max, src, exp_max, row_sum, row_max, tmp, tiling);
# CPP-NEXT:    AscendC::SoftMaxShapeInfo shape;
# CPP-NEXT:    shape.srcM = 8;
# CPP-NEXT:    shape.srcK = 128;
# CPP-NEXT:    shape.oriSrcM = 8;
# CPP-NEXT:    shape.oriSrcK = n;
# CPP-NEXT:    AscendC::SoftmaxFlashV2<half, true, false, false, false, AscendC::SOFTMAX_DEFAULT_CFG>(dst, row_sum, row_max, src, exp_max, row_sum, row_max, tiling, shape);
# CPP-NEXT:}
