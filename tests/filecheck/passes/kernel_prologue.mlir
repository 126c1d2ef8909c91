// RUN: ascx-opt %s -p ascx-kernel-prologue --split-input-file | filecheck %s
// RUN: ascx-opt %s -p ascx-kernel-prologue,ascx-kernel-prologue --split-input-file | filecheck %s

// MIX: includes, the hidden ffts_addr parameter, set_ffts_base_addr and the AIC cross-core sync.
func.func @mix(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>} {
  %pipe = ascendc.pipe
  func.return
}
// CHECK:      builtin.module {
// CHECK-NEXT:   ascendc.include "kernel_operator.h"
// CHECK-NEXT:   ascendc.include "lib/matmul_intf.h"
// CHECK-NEXT:   func.func @mix(%w: !ascendc.gm_addr<ui8>, %ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>} {
// CHECK-NEXT:     ascendc.set_ffts_base_addr %ffts_addr
// CHECK-NEXT:     %is_aic = ascendc.ascend_is_aic
// CHECK-NEXT:     scf.if %is_aic {
// CHECK-NEXT:       ascendc.ffts_cross_core_sync pipe_mte3, 3873
// CHECK-NEXT:     }
// CHECK-NEXT:     %pipe = ascendc.pipe
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// Cube-only: #define ASCENDC_CUBE_ONLY first, no cross-core sync.
func.func @cube() attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aic_only>} {
  func.return
}
// CHECK:      builtin.module {
// CHECK-NEXT:   ascendc.define "ASCENDC_CUBE_ONLY"
// CHECK-NEXT:   ascendc.include "kernel_operator.h"
// CHECK-NEXT:   ascendc.include "lib/matmul_intf.h"
// CHECK-NEXT:   func.func @cube(%ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aic_only>} {
// CHECK-NEXT:     ascendc.set_ffts_base_addr %ffts_addr
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// Vector kernels only include kernel_operator.h; an include already present is reused.
ascendc.include "kernel_operator.h"
func.func @vector() attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
  func.return
}
// CHECK:      builtin.module {
// CHECK-NEXT:   ascendc.include "kernel_operator.h"
// CHECK-NEXT:   func.func @vector() attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// MIX_AIC_1_1: the MIX prologue, after the declaration of the type CANN does not infer.
func.func @one_to_one(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_1>} {
  func.return
}
// CHECK:      builtin.module {
// CHECK-NEXT:   ascendc.include "kernel_operator.h"
// CHECK-NEXT:   ascendc.include "lib/matmul_intf.h"
// CHECK-NEXT:   func.func @one_to_one(%w: !ascendc.gm_addr<ui8>, %ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_1>} {
// CHECK-NEXT:     ascendc.kernel_task_type mix_aic_1_1
// CHECK-NEXT:     ascendc.set_ffts_base_addr %ffts_addr
// CHECK-NEXT:     %is_aic = ascendc.ascend_is_aic
// CHECK-NEXT:     scf.if %is_aic {
// CHECK-NEXT:       ascendc.ffts_cross_core_sync pipe_mte3, 3873
// CHECK-NEXT:     }
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// MIX_AIV_1_0: the declaration and the FFTS base address (the hardware SyncAll signals through FFTS),
// no cube core to notify, no Matmul header.
func.func @vector_mix() attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aiv_1_0>} {
  func.return
}
// CHECK:      builtin.module {
// CHECK-NEXT:   ascendc.include "kernel_operator.h"
// CHECK-NEXT:   func.func @vector_mix(%ffts_addr: !ascendc.gm_addr<ui64> {ascendc.ffts_addr}) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aiv_1_0>} {
// CHECK-NEXT:     ascendc.kernel_task_type mix_aiv_1_0
// CHECK-NEXT:     ascendc.set_ffts_base_addr %ffts_addr
// CHECK-NEXT:     func.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
