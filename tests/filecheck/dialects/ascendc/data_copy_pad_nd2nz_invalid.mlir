// RUN: ascx-opt %s --verify-diagnostics --split-input-file | filecheck %s

// The verifier rules of ascendc.data_copy_pad_nd2nz: one rule per case, reported at the op's location.

func.func @f(%t: !ascendc.local_tensor<f16>, %u: !ascendc.local_tensor<f16>, %p: !ascendc.params<data_copy_pad>, %nz: !ascendc.params<nd2nz>) {
  ascendc.data_copy_pad_nd2nz %t, %u, %p, %nz : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<data_copy_pad>, !ascendc.params<nd2nz> loc("k.py":1:1)
  func.return
}
// CHECK: k.py:1:1: error: params must be a DataCopyExtParams or DataCopyParams, got !ascendc.params<data_copy_pad>

// -----

func.func @f(%t: !ascendc.local_tensor<f16>, %u: !ascendc.local_tensor<f16>, %p: !ascendc.params<data_copy_ext>, %nz: !ascendc.params<nz2nd_full>) {
  ascendc.data_copy_pad_nd2nz %t, %u, %p, %nz : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<data_copy_ext>, !ascendc.params<nz2nd_full> loc("k.py":2:1)
  func.return
}
// CHECK: k.py:2:1: error: nd2nz must be a Nd2NzParams, got !ascendc.params<nz2nd_full>

// -----

func.func @f(%t: !ascendc.local_tensor<f32>, %u: !ascendc.local_tensor<f16>, %p: !ascendc.params<data_copy_ext>, %nz: !ascendc.params<nd2nz>) {
  ascendc.data_copy_pad_nd2nz %t, %u, %p, %nz : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.params<data_copy_ext>, !ascendc.params<nd2nz> loc("k.py":3:1)
  func.return
}
// CHECK: k.py:3:1: error: src has element type f16, but dst has f32
