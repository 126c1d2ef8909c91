// RUN: ascx-opt %s -p ascx-kernel-prologue --split-input-file | filecheck %s
// RUN: ascx-opt %s -p ascx-kernel-prologue,ascx-kernel-prologue --split-input-file | filecheck %s

// A vector kernel that prints gets the dump buffer parameter, last, and InitDump first.
func.func @prints(%x: !ascendc.gm_addr<f16>, %n: i32) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
  ascendc.printf "n=%d\0A"(%n) : i32
  func.return
}
// CHECK:      builtin.module {
// CHECK-NEXT:   ascendc.include "kernel_operator.h"
// CHECK-NEXT:   func.func @prints(%x: !ascendc.gm_addr<f16>, %n: i32, %dump_addr: !ascendc.gm_addr<ui8> {ascendc.dump_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
// CHECK-NEXT:     ascendc.init_dump %dump_addr mix false : !ascendc.gm_addr<ui8>
// CHECK-NEXT:     ascendc.printf "n=%d\0A"(%n) : i32
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// A MIX kernel that dumps a tensor in a branch: the dump parameter follows ffts_addr, InitDump (for
// MIX) comes before the MIX prologue.
func.func @dumps(%w: !ascendc.gm_addr<ui8>, %c: i1) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>} {
  %g = ascendc.global_tensor : !ascendc.global_tensor<ui8>
  scf.if %c {
    %d = ascendc.constant 1 : ui32
    ascendc.dump_tensor %g, %d, %d : !ascendc.global_tensor<ui8>, ui32, ui32
  }
  func.return
}
// CHECK:        func.func @dumps(%w: !ascendc.gm_addr<ui8>, %c: i1, %ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}, %dump_addr: !ascendc.gm_addr<ui8> {ascendc.dump_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>} {
// CHECK-NEXT:     ascendc.init_dump %dump_addr mix true : !ascendc.gm_addr<ui8>
// CHECK-NEXT:     ascendc.set_ffts_base_addr %ffts_addr

// -----

// A kernel without debug output gets no dump parameter.
func.func @quiet() attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
  func.return
}
// CHECK:        func.func @quiet() attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
// CHECK-NEXT:     func.return
