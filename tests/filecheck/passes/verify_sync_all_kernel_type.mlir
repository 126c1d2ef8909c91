// RUN: env PYTHONUNBUFFERED=1 ascx-opt %s -p ascx-verify-pipe-sync --verify-diagnostics --split-input-file 2>&1 | filecheck %s

// ascx-verify-pipe-sync (docs/rules/cross-core.md#xc-8): the hardware SyncAll and the kernel type.

// XC-8: the hardware SyncAll in a kernel recorded as AIV_ONLY (CANN's SyncAll page requires MIX_AIV_1_0);
// the software form is fine there.
func.func @k(%gm: !ascendc.global_tensor<i32> loc(unknown), %ub: !ascendc.local_tensor<i32> loc(unknown), %n: i32 loc(unknown)) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type aiv_only>} {
  ascendc.sync_all aiv_only true workspaces %gm, %ub, %n : !ascendc.global_tensor<i32>, !ascendc.local_tensor<i32>, i32 loc("k.py":4:5)
  ascendc.sync_all aiv_only true loc("k.py":5:5)
  func.return loc("k.py":5:5)
}
// CHECK:      k.py:5:5: error: the hardware `asc.sync_all()` is not allowed in an AIV_ONLY kernel: CANN's SyncAll page requires KERNEL_TYPE_MIX_AIV_1_0 for a pure vector kernel (kernel_type=KernelType.MIX_AIV_1_0), or the software `asc.sync_all(gm_workspace, ub_workspace, used_cores)` [XC-8]
// CHECK-NOT:  k.py:4:5

// -----

// The same in a MIX_AIV_1_0 kernel: quiet.
func.func @k() attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aiv_1_0>} {
  ascendc.sync_all aiv_only true loc("k.py":5:5)
  func.return loc("k.py":5:5)
}
// CHECK-NOT: XC-8
