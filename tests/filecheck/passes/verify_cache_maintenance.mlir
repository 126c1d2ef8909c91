// RUN: env PYTHONUNBUFFERED=1 ascx-opt %s -p ascx-verify-pipe-sync --verify-diagnostics --split-input-file 2>&1 | filecheck %s

// ascx-verify-pipe-sync (docs/rules/hazards.md#hz-7): GM that DMA wrote, read through the scalar data cache,
// with data_cache_clean_and_invalid between on one path only (HZ-7), then on every path (quiet).
// Python source:
//   asc.data_copy(xl, x_gm, 256)
//   asc.set_flag(asc.HardEvent.MTE2_S, 0)
//   asc.wait_flag(asc.HardEvent.MTE2_S, 0)
//   if n > 0:
//       asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, x_gm, asc.DcciDst.CACHELINE_OUT)
//   v = x_gm.get_value(0)
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":2:5)
  ascendc.global_tensor.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":3:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":4:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":4:10)
  %xl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":4:10)
  %c256_i32 = arith.constant 256 : i32 loc("k.py":5:5)
  ascendc.data_copy %xl, %x_gm, %c256_i32 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":5:5)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":6:5)
  ascendc.set_flag mte2_s, %c0_i32 : i32 loc("k.py":6:5)
  ascendc.wait_flag mte2_s, %c0_i32 : i32 loc("k.py":7:5)
  %0 = arith.cmpi sgt, %n, %c0_i32 : i32 loc("k.py":8:8)
  scf.if %0 {
    ascendc.data_cache_clean_and_invalid %x_gm single_cache_line to cacheline_out : !ascendc.global_tensor<f32> loc("k.py":9:9)
  } loc("k.py":8:8)
  %v = ascendc.get_value %x_gm[%c0_ui32 : ui32] : !ascendc.global_tensor<f32> -> f32 loc("k.py":10:9)
  func.return loc("k.py":10:9)
}
// CHECK:      k.py:10:9: error: `x_gm.get_value` accesses `x_gm` through the scalar data cache after `asc.data_copy` accessed it by DMA; cache maintenance is required [HZ-7]
// CHECK-NEXT: k.py:5:5: note: accessed here

// -----

// The same with the maintenance on every path: no HZ-7.
func.func @k(%x: !ascendc.gm_addr<f32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel} {
  %x_gm = ascendc.global_tensor : !ascendc.global_tensor<f32> loc("k.py":2:5)
  ascendc.global_tensor.set_global_buffer %x_gm, %x : !ascendc.global_tensor<f32>, !ascendc.gm_addr<f32> loc("k.py":3:5)
  %c0_ui32 = ascendc.constant 0 : ui32 loc("k.py":4:10)
  %c256_ui32 = ascendc.constant 256 : ui32 loc("k.py":4:10)
  %xl = ascendc.local_tensor vecin, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32> loc("k.py":4:10)
  %c256_i32 = arith.constant 256 : i32 loc("k.py":5:5)
  ascendc.data_copy %xl, %x_gm, %c256_i32 : !ascendc.local_tensor<f32>, !ascendc.global_tensor<f32>, i32 loc("k.py":5:5)
  %c0_i32 = arith.constant 0 : i32 loc("k.py":6:5)
  ascendc.set_flag mte2_s, %c0_i32 : i32 loc("k.py":6:5)
  ascendc.wait_flag mte2_s, %c0_i32 : i32 loc("k.py":7:5)
  ascendc.data_cache_clean_and_invalid %x_gm entire_data_cache to cacheline_out : !ascendc.global_tensor<f32> loc("k.py":9:9)
  %v = ascendc.get_value %x_gm[%c0_ui32 : ui32] : !ascendc.global_tensor<f32> -> f32 loc("k.py":10:9)
  func.return loc("k.py":10:9)
}
// CHECK-NOT: HZ-7
