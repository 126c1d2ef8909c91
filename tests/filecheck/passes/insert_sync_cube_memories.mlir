// RUN: ascx-opt %s -p ascx-insert-sync | filecheck %s
// RUN: ascx-opt %s -p ascx-insert-sync | ascx-opt -p ascx-verify-pipe-sync 2>&1 | filecheck %s --check-prefix=VERIFIED

// ascx-insert-sync on the cube's memories (docs/sync-model.md#regions-and-aliasing): fixed-address
// LocalTensors at one address of different memories (L1 for A1, L0A for A2, L0B for B2, L0C for CO1)
// do not overlap, so the copy into A1 and the first Mmad, which reads A2 and B2, need no flag; the
// load from A1 into A2 waits for the copy (MTE2 -> MTE1) and for the first Mmad's read of A2
// (M -> MTE1), and the second Mmad waits for the load (MTE1 -> M).
// Python source:
//   a1 = asc.LocalTensor(asc.float16, asc.TPosition.A1, 0, 256)
//   a2 = asc.LocalTensor(asc.float16, asc.TPosition.A2, 0, 256)
//   b2 = asc.LocalTensor(asc.float16, asc.TPosition.B2, 0, 256)
//   c1 = asc.LocalTensor(asc.float32, asc.TPosition.CO1, 0, 256)
//   asc.data_copy(a1, xg, 256)
//   asc.mmad(c1, a2, b2, asc.MmadParams(16, 16, 16))
//   asc.load_data(a2, a1, asc.LoadData2DParams(0, 1))
//   asc.mmad(c1, a2, b2, asc.MmadParams(16, 16, 16))

// VERIFIED-NOT: error
// VERIFIED-NOT: warning

func.func @k(%x: !ascendc.gm_addr<f16>) attributes {ascendc.kernel, ascendc.matmul_cube_only} {
  %xg = ascendc.global_tensor : !ascendc.global_tensor<f16>
  ascendc.global_tensor.set_global_buffer %xg, %x : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f16>
  %c0_ui32 = ascendc.constant 0 : ui32
  %c256_ui32 = ascendc.constant 256 : ui32
  %a1 = ascendc.local_tensor a1, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
  %a2 = ascendc.local_tensor a2, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
  %b2 = ascendc.local_tensor b2, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f16>
  %c1 = ascendc.local_tensor co1, %c0_ui32, %c256_ui32 : ui32, ui32 -> !ascendc.local_tensor<f32>
  %c256_i32 = arith.constant 256 : i32
  ascendc.data_copy %a1, %xg, %c256_i32 : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, i32
  %c16_ui16 = ascendc.constant 16 : ui16
  %c0_ui8 = ascendc.constant 0 : ui8
  %false = arith.constant false
  %true = arith.constant true
  %0 = ascendc.params %c16_ui16, %c16_ui16, %c16_ui16, %c0_ui8, %false, %true : ui16, ui16, ui16, ui8, i1, i1 -> !ascendc.params<mmad>
  ascendc.mmad %c1, %a2, %b2, %0 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<mmad>
  %c0_ui16 = ascendc.constant 0 : ui16
  %c1_ui8 = ascendc.constant 1 : ui8
  %1 = ascendc.params %c0_ui16, %c1_ui8, %c0_ui16, %c0_ui8, %c0_ui16, %false, %c0_ui8 : ui16, ui8, ui16, ui8, ui16, i1, ui8 -> !ascendc.params<load_data_2d>
  ascendc.load_data %a2, %a1, %1 : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<load_data_2d>
  %2 = ascendc.params %c16_ui16, %c16_ui16, %c16_ui16, %c0_ui8, %false, %true : ui16, ui16, ui16, ui8, i1, i1 -> !ascendc.params<mmad>
  ascendc.mmad %c1, %a2, %b2, %2 : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<mmad>
  func.return
}
// CHECK:      ascendc.data_copy %a1, %xg, %c256_i32
// CHECK-NEXT: ascendc.set_flag mte2_mte1, %ev0 {ascx.inserted} : i32
// CHECK-NOT:  ascendc.wait_flag
// CHECK:      ascendc.mmad %c1, %a2, %b2, %0
// CHECK-NEXT: ascendc.set_flag m_mte1, %ev0 {ascx.inserted} : i32
// CHECK:      ascendc.wait_flag mte2_mte1, %ev0 {ascx.inserted} : i32
// CHECK-NEXT: ascendc.wait_flag m_mte1, %ev0 {ascx.inserted} : i32
// CHECK-NEXT: ascendc.load_data %a2, %a1, %1
// CHECK-NEXT: ascendc.set_flag mte1_m, %ev0 {ascx.inserted} : i32
// CHECK:      ascendc.wait_flag mte1_m, %ev0 {ascx.inserted} : i32
// CHECK-NEXT: ascendc.mmad %c1, %a2, %b2, %2
// CHECK-NEXT: func.return
