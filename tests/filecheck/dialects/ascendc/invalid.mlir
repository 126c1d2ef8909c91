// RUN: ascx-opt %s --verify-diagnostics --split-input-file | filecheck %s

// Each case is one verifier rule; the diagnostic names the op's location.

func.func @k(%a: !ascendc.gm_addr<f32>) {
  %g = ascendc.global_tensor : !ascendc.global_tensor<f16>
  ascendc.global_tensor.set_global_buffer %g, %a : !ascendc.global_tensor<f16>, !ascendc.gm_addr<f32> loc("k.py":7:3)
  func.return
}
// CHECK: k.py:7:3: error: address element type f32 does not match the tensor element type f16

// -----

%t = ascendc.cube_tiling
%v = arith.constant 1 : i32
ascendc.cube_tiling.set %t "base_m", %v loc("k.py":3:1)
// CHECK: k.py:3:1: error: 'base_m' is not a TCubeTiling field

// -----

%t = ascendc.cube_tiling
%m = ascendc.cube_tiling.get %t "m" : i32 loc("k.py":5:9)
// CHECK: k.py:5:9: error: 'm' is not a TCubeTiling field

// -----

%p = ascendc.property "TOTAL_UB_SIZE" : i32 loc("k.py":2:8)
// CHECK: k.py:2:8: error: unknown property 'TOTAL_UB_SIZE'; known: DEFAULT_C0_SIZE, ONE_BLK_SIZE, TOTAL_L0C_SIZE, TOTAL_L1_SIZE

// -----

%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <> loc("k.py":4:5)
// CHECK: k.py:4:5: error: the default MatmulConfig is written by omitting 'config'

// -----

%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32, trans>
// CHECK: invalid.mlir:[[# @LINE - 1]]:1: error: the bias MatmulType has no transpose flag and no layout

// -----

func.func @k(%w: !ascendc.gm_addr<ui8>) {
  %pipe = ascendc.pipe
  %t = ascendc.cube_tiling
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm, %mm) tilings(%t) : !ascendc.gm_addr<ui8> loc("k.py":9:5)
  func.return
}
// CHECK: k.py:9:5: error: 2 Matmul objects but 1 tilings: pass one tiling per object

// -----

func.func @k(%w: !ascendc.gm_addr<ui8>) {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm, %mm) : !ascendc.gm_addr<ui8> loc("k.py":9:5)
  func.return
}
// CHECK: k.py:9:5: error: register_matmul: a tiling is required for every Matmul when more than one Matmul is registered

// -----

%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
%g = ascendc.global_tensor : !ascendc.global_tensor<f32>
%false = arith.constant false
ascendc.matmul.set_tensor_a %mm, %g, %false : !ascendc.global_tensor<f32> loc("k.py":12:5)
// CHECK: k.py:12:5: error: tensor element type f32 does not match the A MatmulType element type f16

// -----

%mm = ascendc.matmul.create a <gm, nd, f16> b <vecin, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
%g = ascendc.global_tensor : !ascendc.global_tensor<f16>
%false = arith.constant false
ascendc.matmul.set_tensor_b %mm, %g, %false : !ascendc.global_tensor<f16> loc("k.py":13:5)
// CHECK: k.py:13:5: error: a GlobalTensor does not match the B MatmulType position vecin

// -----

%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
%c = arith.constant 64 : i32
"ascendc.matmul.set_org_shape"(%mm, %c, %c, %c, %c) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1>}> : (!ascendc.matmul, i32, i32, i32, i32) -> () loc("k.py":14:5)
// CHECK: k.py:14:5: error: set_org_shape: org_kc requires org_kb

// -----

%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
%g = ascendc.global_tensor : !ascendc.global_tensor<f32>
%false = arith.constant false
%c0 = arith.constant 0 : i8
ascendc.matmul.iterate_all wait %mm, %g, %c0, %false, %false : !ascendc.global_tensor<f32> loc("k.py":15:5)
// CHECK: k.py:15:5: error: Param wait_iterate_all can be True only when sync is False

// -----

%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
%g = ascendc.global_tensor : !ascendc.global_tensor<f16>
%false = arith.constant false
%c0 = arith.constant 0 : i8
ascendc.matmul.iterate_all %mm, %g, %c0, %false, %false : !ascendc.global_tensor<f16> loc("k.py":16:5)
// CHECK: k.py:16:5: error: tensor element type f16 does not match the C MatmulType element type f32

// -----

func.func @k(%mm: !ascendc.matmul) {
  ascendc.matmul.end %mm loc("k.py":17:5)
  func.return
}
// CHECK: k.py:17:5: error: a Matmul object must be the result of 'ascendc.matmul.create'
