// RUN: ascx-opt %s --verify-diagnostics --split-input-file | filecheck %s

// The verifier rules of the Matmul method ops, LocalTensor and static tiling: one rule per case,
// reported at the op's location.

%a = ascendc.constant 0 : ui32
%t = ascendc.local_tensor gm, %a, %a : ui32, ui32 -> !ascendc.local_tensor<f16> loc("k.py":2:5)
// CHECK: k.py:2:5: error: a LocalTensor cannot be at position gm

// -----

%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
%a = ascendc.constant 0 : ui32
%ub = ascendc.local_tensor vecin, %a, %a : ui32, ui32 -> !ascendc.local_tensor<f16>
%false = arith.constant false
ascendc.matmul.set_tensor_a %mm, %ub, %false : !ascendc.local_tensor<f16> loc("k.py":3:5)
// CHECK: k.py:3:5: error: a LocalTensor does not match the A MatmulType position gm

// -----

%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
%v = arith.constant 1.0 : f32
ascendc.matmul.set_scalar_a %mm, %v : f32 loc("k.py":4:5)
// CHECK: k.py:4:5: error: scalar of type f32 does not match the A MatmulType element type f16

// -----

%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
%b = ascendc.global_tensor : !ascendc.global_tensor<f16>
ascendc.matmul.set_bias %mm, %b : !ascendc.global_tensor<f16> loc("k.py":5:5)
// CHECK: k.py:5:5: error: tensor element type f16 does not match the bias MatmulType element type f32

// -----

%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
%i = ascendc.global_tensor : !ascendc.global_tensor<i8>
ascendc.matmul.set_sparse_index %mm, %i : !ascendc.global_tensor<i8> loc("k.py":6:5)
// CHECK: k.py:6:5: error: the sparse index must be a GlobalTensor of ui8

// -----

func.func @k(%w: !ascendc.gm_addr<ui8>) {
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
  ascendc.matmul.set_workspace %mm, %w : !ascendc.gm_addr<ui8> loc("k.py":7:5)
  func.return
}
// CHECK: k.py:7:5: error: set_workspace: size is required when addr is a GM address

// -----

%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
%q = ascendc.global_tensor : !ascendc.global_tensor<ui32>
ascendc.matmul.set_quant_vector %mm, %q : !ascendc.global_tensor<ui32> loc("k.py":8:5)
// CHECK: k.py:8:5: error: the quant vector must have ui64 elements

// -----

%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <vecin, nd, f32> bias <gm, nd, f32>
%g = ascendc.global_tensor : !ascendc.global_tensor<f32>
%c0 = arith.constant 0 : i8
%false = arith.constant false
ascendc.matmul.get_tensor_c async %mm, %g, %c0, %false : !ascendc.global_tensor<f32> loc("k.py":9:5)
// CHECK: k.py:9:5: error: get_tensor_c with sync=False only supports a LocalTensor output or the returning form

// -----

%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <vecin, nd, f32> bias <gm, nd, f32>
%c0 = arith.constant 0 : i8
%false = arith.constant false
%g = ascendc.matmul.get_tensor_c_view %mm, %c0, %false : !ascendc.global_tensor<f16> loc("k.py":10:5)
// CHECK: k.py:10:5: error: tensor element type f16 does not match the C MatmulType element type f32

// -----

%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <vecin, nd, f32> bias <gm, nd, f32>
%a = ascendc.constant 0 : ui32
%ub = ascendc.local_tensor vecin, %a, %a : ui32, ui32 -> !ascendc.local_tensor<f32>
%c0 = arith.constant 0 : i8
ascendc.matmul.iterate_all_local %mm, %ub, %c0 : !ascendc.local_tensor<f32> loc("k.py":11:5)
// CHECK: k.py:11:5: error: iterate_all to a LocalTensor requires C in L1 or CO1, not vecin

// -----

%mm = ascendc.matmul.create a <gm, nd, f16, layout bsngd> b <gm, nd, f16, layout bsngd> c <gm, nd, f32> bias <gm, nd, f32>
%g = ascendc.global_tensor : !ascendc.global_tensor<f32>
%c2 = arith.constant 2 : i32
%c0 = arith.constant 0 : i8
%false = arith.constant false
ascendc.matmul.iterate_batch wait %mm, %g, %c2, %c2, %false, %c2, %c2, %c2, %false, %c0 : !ascendc.global_tensor<f32> loc("k.py":12:5)
// CHECK: k.py:12:5: error: Param wait_iterate_batch can be True only when sync is False

// -----

%mm = ascendc.matmul.create a <gm, nd, f16, layout bsngd> b <gm, nd, f16, layout bsngd> c <vecin, nd, f32> bias <gm, nd, f32>
%a = ascendc.constant 0 : ui32
%ub = ascendc.local_tensor vecin, %a, %a : ui32, ui32 -> !ascendc.local_tensor<f32>
%c2 = arith.constant 2 : i32
%c0 = arith.constant 0 : i8
%true = arith.constant true
%false = arith.constant false
ascendc.matmul.iterate_batch async %mm, %ub, %c2, %c2, %true, %c2, %c2, %c2, %false, %c0 : !ascendc.local_tensor<f32> loc("k.py":13:5)
// CHECK: k.py:13:5: error: iterate_batch to a LocalTensor is synchronous and takes no wait_iterate_batch

// -----

%mm = ascendc.matmul.create a <gm, nd, f16, layout bsngd> b <gm, nd, f16, layout bsngd> c <gm, nd, f32> bias <gm, nd, f32>
%c2 = arith.constant 2 : i32
%false = arith.constant false
ascendc.matmul.iterate_n_batch wait %mm, %c2, %c2, %c2, %false, %c2, %c2, %c2 loc("k.py":14:5)
// CHECK: k.py:14:5: error: Param wait_iterate_batch can be True only when sync is False

// -----

%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <co1, nz, f32> bias <gm, nd, f32>
%a = ascendc.constant 0 : ui32
%co1 = ascendc.local_tensor co1, %a, %a : ui32, ui32 -> !ascendc.local_tensor<f32>
%false = arith.constant false
%r = ascendc.matmul.iterate async %mm, %false, %co1 : !ascendc.local_tensor<f32> loc("k.py":15:5)
// CHECK: k.py:15:5: error: iterate with local_c_matrix is synchronous

// -----

%st = ascendc.matmul.static_tiling a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
%m = ascendc.static_tiling.get %st "batchM" : i32 loc("k.py":16:5)
// CHECK: k.py:16:5: error: 'batchM' is not a MatmulApiStaticTiling field

// -----

%st = ascendc.matmul.static_tiling a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <do_norm = false> static_tiling %st loc("k.py":17:5)
// CHECK: k.py:17:5: error: a Matmul with a static tiling takes its config from the tiling
