// RUN: ascx-opt %s --verify-diagnostics --split-input-file | filecheck %s

// The verifier rules of the cube-level ops (tests/filecheck/dialects/ascendc/cube_roundtrip.mlir has
// every op in its valid forms): one rule per case, reported at the op's location.

func.func @f(%c: !ascendc.local_tensor<f32>, %a: !ascendc.local_tensor<f16>, %b: !ascendc.local_tensor<f16>, %p: !ascendc.params<load_data_2d>) {
  ascendc.mmad %c, %a, %b, %p : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<load_data_2d> loc("k.py":1:1)
  func.return
}
// CHECK: k.py:1:1: error: params must be a MmadParams, got !ascendc.params<load_data_2d>

// -----

func.func @f(%c: !ascendc.local_tensor<f32>, %a: !ascendc.local_tensor<f16>, %b: !ascendc.local_tensor<f32>, %p: !ascendc.params<mmad>) {
  ascendc.mmad %c, %a, %b, %p : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.params<mmad> loc("k.py":2:1)
  func.return
}
// CHECK: k.py:2:1: error: filter has element type f32, but fm has f16

// -----

func.func @f(%c: !ascendc.local_tensor<f16>, %a: !ascendc.local_tensor<f16>, %p: !ascendc.params<mmad>) {
  ascendc.mmad %c, %a, %a, %p : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<mmad> loc("k.py":3:1)
  func.return
}
// CHECK: k.py:3:1: error: Mmad does not compute f16 x f16 -> f16; dav-c220 supports i8 x i8 -> i32, f16 x f16 -> f32, f32 x f32 -> f32, bf16 x bf16 -> f32

// -----

func.func @f(%c: !ascendc.local_tensor<f32>, %a: !ascendc.local_tensor<f16>, %bias: !ascendc.local_tensor<f16>, %p: !ascendc.params<mmad>) {
  ascendc.mmad %c, %a, %a bias %bias, %p : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<mmad> bias !ascendc.local_tensor<f16> loc("k.py":4:1)
  func.return
}
// CHECK: k.py:4:1: error: bias has element type f16, but dst has f32

// -----

func.func @f(%c: !ascendc.local_tensor<f32>, %a: !ascendc.local_tensor<f16>, %p: !ascendc.params<mmad>) {
  ascendc.mmad_with_sparse %c, %a, %a, %p : !ascendc.local_tensor<f32>, !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<mmad> loc("k.py":5:1)
  func.return
}
// CHECK: k.py:5:1: error: MmadWithSparse computes int8 x int8 -> int32

// -----

func.func @f(%a2: !ascendc.local_tensor<f16>, %a1: !ascendc.local_tensor<f16>, %p: !ascendc.params<load_data_3d_v2, f32>) {
  ascendc.load_data %a2, %a1, %p : !ascendc.local_tensor<f16>, !ascendc.local_tensor<f16>, !ascendc.params<load_data_3d_v2, f32> loc("k.py":6:1)
  func.return
}
// CHECK: k.py:6:1: error: LoadData3DParamsV2<f32> does not match the tensors' element type f16

// -----

func.func @f(%a2: !ascendc.local_tensor<f16>, %g: !ascendc.global_tensor<f16>, %p: !ascendc.params<load_data_3d_v2_pro>) {
  ascendc.load_data %a2, %g, %p : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.params<load_data_3d_v2_pro> loc("k.py":7:1)
  func.return
}
// CHECK: k.py:7:1: error: 3D loads read L1, not GM

// -----

func.func @f(%b2: !ascendc.local_tensor<f16>, %g: !ascendc.global_tensor<f16>, %p: !ascendc.params<load_data_2d_transpose>) {
  ascendc.load_data_with_transpose %b2, %g, %p : !ascendc.local_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.params<load_data_2d_transpose> loc("k.py":8:1)
  func.return
}
// CHECK: k.py:8:1: error: LoadDataWithTranspose reads L1, not GM

// -----

func.func @f(%b2: !ascendc.local_tensor<i8>, %b1: !ascendc.local_tensor<i8>, %idx: !ascendc.local_tensor<i8>, %p: !ascendc.params<load_data_2d>) {
  ascendc.load_data_with_sparse %b2, %b1, %idx, %p : !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.local_tensor<i8>, !ascendc.params<load_data_2d> loc("k.py":9:1)
  func.return
}
// CHECK: k.py:9:1: error: LoadDataWithSparse loads int8 weights with a uint8 index

// -----

func.func @f(%a1: !ascendc.local_tensor<f16>, %p: !ascendc.params<init_const_value, f32>) {
  ascendc.init_const_value %a1, %p : !ascendc.local_tensor<f16>, !ascendc.params<init_const_value, f32> loc("k.py":10:1)
  func.return
}
// CHECK: k.py:10:1: error: InitConstValueParams<f32> does not match the tensor's element type f16

// -----

func.func @f(%v: ui8) {
  %pad = ascendc.pad_list %v, %v, %v : ui8, ui8, ui8 -> !ascendc.pad_list<3> loc("k.py":11:1)
  func.return
}
// CHECK: k.py:11:1: error: a pad list has 4 values, got 3

// -----

func.func @f(%x: !ascendc.global_tensor<f16>, %p: !ascendc.params<data_copy>, %e: !ascendc.params<data_copy_enhanced>) {
  ascendc.data_copy_enhanced %x, %x, %p, %e : !ascendc.global_tensor<f16>, !ascendc.global_tensor<f16>, !ascendc.params<data_copy>, !ascendc.params<data_copy_enhanced> loc("k.py":12:1)
  func.return
}
// CHECK: k.py:12:1: error: a copy has an on-chip end: GlobalTensor to GlobalTensor is not a DataCopy

// -----

func.func @f(%y: !ascendc.global_tensor<i8>, %c: !ascendc.local_tensor<f32>, %ws: !ascendc.local_tensor<f32>, %p: !ascendc.params<fixpipe_v220>) {
  ascendc.fixpipe row_major %y, %c workspace %ws, %p : !ascendc.global_tensor<i8>, !ascendc.local_tensor<f32>, !ascendc.params<fixpipe_v220> workspace !ascendc.local_tensor<f32> loc("k.py":13:1)
  func.return
}
// CHECK: k.py:13:1: error: the cbufWorkspace of a Fixpipe holds uint64_t quantisation factors

// -----

func.func @f(%y: !ascendc.global_tensor<f16>, %c: !ascendc.local_tensor<f32>, %p: !ascendc.params<data_copy_co12_dst>) {
  ascendc.fixpipe row_major %y, %c, %p : !ascendc.global_tensor<f16>, !ascendc.local_tensor<f32>, !ascendc.params<data_copy_co12_dst> loc("k.py":14:1)
  func.return
}
// CHECK: k.py:14:1: error: params must be a FixpipeParamsV220, got !ascendc.params<data_copy_co12_dst>

// -----

func.func @f(%v: ui16) {
  ascendc.cube_setting load_data_repeat %v : ui16 loc("k.py":15:1)
  func.return
}
// CHECK: k.py:15:1: error: SetLoadDataRepeat takes a LoadDataRepeatParam, the other settings a scalar

// -----

func.func @f(%img: !ascendc.global_tensor<ui8>, %p: !ascendc.params<load_image_to_local>) {
  ascendc.set_aipp_functions rgb888_u8 %img, %p : !ascendc.global_tensor<ui8>, !ascendc.params<load_image_to_local> loc("k.py":16:1)
  func.return
}
// CHECK: k.py:16:1: error: config must be an AippParams, got !ascendc.params<load_image_to_local>

// -----

func.func @f(%a1: !ascendc.local_tensor<f16>, %p: !ascendc.params<load_data_2d>) {
  ascendc.load_image_to_local %a1, %p : !ascendc.local_tensor<f16>, !ascendc.params<load_data_2d> loc("k.py":17:1)
  func.return
}
// CHECK: k.py:17:1: error: params must be a LoadImageToLocalParams, got !ascendc.params<load_data_2d>

// -----

%a = ascendc.local_mem_allocator gm : !ascendc.local_mem_allocator<gm> loc("k.py":18:1)
// CHECK: k.py:18:1: error: a LocalMemAllocator allocates on-chip memory, not GM

// -----

%a = ascendc.local_mem_allocator l1 : !ascendc.local_mem_allocator<ub> loc("k.py":19:1)
// CHECK: k.py:19:1: error: the result type must be !ascendc.local_mem_allocator<l1>

// -----

%a = ascendc.local_mem_allocator l1 : !ascendc.local_mem_allocator<l1>
%t = ascendc.local_mem_allocator.alloc %a a2 size 512 : !ascendc.local_mem_allocator<l1> -> !ascendc.local_tensor<f16> loc("k.py":20:1)
// CHECK: k.py:20:1: error: position a2 is in l0a memory, but the allocator allocates l1

// -----

%a = ascendc.local_mem_allocator l1 : !ascendc.local_mem_allocator<l1>
%t = "ascendc.local_mem_allocator.alloc"(%a) <{position = #ascendc<position a1>}> : (!ascendc.local_mem_allocator<l1>) -> !ascendc.local_tensor<f16> loc("k.py":21:1)
// CHECK: k.py:21:1: error: an allocation has either a compile-time size or a run-time tile_size
