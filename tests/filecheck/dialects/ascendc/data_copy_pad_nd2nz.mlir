// RUN: ascx-opt %s --split-input-file | filecheck %s
// RUN: ascx-opt %s --split-input-file --print-op-generic | ascx-opt --split-input-file | filecheck %s

// ascendc.data_copy_pad_nd2nz (DataCopyPad from UB to L1 with Nd2NzParams), with either copy struct:
// the custom format round-trips, and so does the generic one.

func.func @ext(%t: !ascendc.local_tensor<f16>, %u: !ascendc.local_tensor<f16>, %p: !ascendc.params<data_copy_ext>, %nz: !ascendc.params<nd2nz>) {
  ascendc.data_copy_pad_nd2nz %t, %u, %p, %nz : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<data_copy_ext>, !ascendc.params<nd2nz>
  func.return
}
// CHECK:      func.func @ext(%t: !ascendc.local_tensor<f16>, %u: !ascendc.local_tensor<f16>, %p: !ascendc.params<data_copy_ext>, %nz: !ascendc.params<nd2nz>) {
// CHECK-NEXT:   ascendc.data_copy_pad_nd2nz %t, %u, %p, %nz : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<data_copy_ext>, !ascendc.params<nd2nz>
// CHECK-NEXT:   func.return
// CHECK-NEXT: }

// -----

func.func @plain(%t: !ascendc.local_tensor<i8>, %u: !ascendc.local_tensor<i8>, %p: !ascendc.params<data_copy>, %nz: !ascendc.params<nd2nz>) {
  ascendc.data_copy_pad_nd2nz %t, %u, %p, %nz : !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.params<data_copy>, !ascendc.params<nd2nz>
  func.return
}
// CHECK:        ascendc.data_copy_pad_nd2nz %t, %u, %p, %nz : !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.params<data_copy>, !ascendc.params<nd2nz>
