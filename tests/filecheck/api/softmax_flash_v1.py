# softmax_flash (CANN's deprecated SoftmaxFlash): the first form with a tiling kernel parameter and a temporary
# buffer, then the update form with is_update a run-time bool and a SoftmaxShapeInfo, half data with float32
# stats (the stats updated in place).
#
# RUN: ascx compile %s --args "asc.adv.SoftmaxTiling(), MockValue(asc.int32)" --emit ir 2>/dev/null | filecheck %s --check-prefix=IR
# RUN: ascx compile %s --args "asc.adv.SoftmaxTiling(), MockValue(asc.int32)" 2>/dev/null | filecheck %s --check-prefix=CPP --match-full-lines --strict-whitespace
# RUN: ascx compile %s --args "asc.adv.SoftmaxTiling(), MockValue(asc.int32)" 2>&1 >/dev/null | filecheck %s --check-prefix=WARN
import ascx as asc


@asc.jit(insert_sync=False, verify_sync=False)
def softmax_flash(tiling: asc.adv.SoftmaxTiling, n: int) -> None:
    src = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 1024)
    dst = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 2048, 1024)
    row_sum = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 4096, 64)
    row_max = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 4352, 64)
    exp_max = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 4608, 128)
    tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 8192)
    asc.adv.softmax_flash(dst, row_sum, row_max, src, exp_max, row_sum, row_max, tiling, tmp)
    shape = asc.adv.SoftmaxShapeInfo(8, 128, 8, 128)
    asc.adv.softmax_flash(
        dst, row_sum, row_max, src, exp_max, row_sum, row_max, tiling, is_update=n > 0, softmax_shape_info=shape
    )


# IR: %tiling = ascendc.lib_tiling.load %tiling_gm : !ascendc.gm_struct_addr<!ascendc.lib_tiling<"SoftMaxTiling">> -> !ascendc.lib_tiling<"SoftMaxTiling">
# IR: %false = arith.constant false
# IR: ascendc.adv.softmax_flash %dst, %row_sum, %row_max, %src, %exp_max, %row_sum, %row_max, %tiling, %false tmp %tmp : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, i1, !ascendc.local_tensor<ui8>)
# IR: %shape = ascendc.lib_tiling : !ascendc.lib_tiling<"SoftMaxShapeInfo">
# IR: ascendc.adv.softmax_flash %dst, %row_sum, %row_max, %src, %exp_max, %row_sum, %row_max, %tiling, %{{.*}} shape_info %shape : (!ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.local_tensor<f32>, !ascendc.lib_tiling<"SoftMaxTiling">, i1, !ascendc.lib_tiling<"SoftMaxShapeInfo">)

# CPP:extern "C" __global__ __aicore__ void softmax_flash(__gm__ SoftMaxTiling* tiling_gm, int32_t n) {
# CPP:    AscendC::LocalTensor<uint8_t> tmp(AscendC::TPosition::VECCALC, 8192, 8192);
# CPP-NEXT:    AscendC::SoftmaxFlash<half, false, false>(dst, row_sum, row_max, src, exp_max, row_sum, row_max, tmp, tiling, false);
# CPP-NEXT:    AscendC::SoftMaxShapeInfo shape;
# CPP-NEXT:    shape.srcM = 8;
# CPP-NEXT:    shape.srcK = 128;
# CPP-NEXT:    shape.oriSrcM = 8;
# CPP-NEXT:    shape.oriSrcK = 128;
# CPP-NEXT:    bool v = n > 0;
# CPP-NEXT:    AscendC::SoftmaxFlash<half, false, false>(dst, row_sum, row_max, src, exp_max, row_sum, row_max, tiling, v, shape);
# CPP-NEXT:}

# WARN: softmax_flash: CANN marks SoftmaxFlash deprecated: adv_api/activation/softmaxflash.h is deprecated, please use softmaxflashv2.h instead! (use asc.adv.softmax_flash_v2)
