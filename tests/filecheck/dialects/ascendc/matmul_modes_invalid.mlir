// RUN: ascx-opt %s --verify-diagnostics --split-input-file | filecheck %s

// The op verifiers of IBShare and MixDualMaster (dialect module matmul_modes): where a declaration
// may use them, and the method ops each mode forbids (traits NotInMixDualMaster, NotWithIBShareAB),
// reported at the op's location with the messages of the trace-time checks.

%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32, ib_share> bias <gm, nd, f32> loc("k.py":4:5)
// CHECK: k.py:4:5: error: ib_share applies to the A and B MatmulTypes only, not to C

// -----

%mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32, ib_share> loc("k.py":4:5)
// CHECK: k.py:4:5: error: ib_share applies to the A and B MatmulTypes only, not to the bias

// -----

%mm = ascendc.matmul.create a <gm, nd, f16, ib_share> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> loc("k.py":4:5)
// CHECK: k.py:4:5: error: ib_share on A alone requires the IBShare template (MatmulConfig.do_ib_share_norm=True)

// -----

%mm = ascendc.matmul.create a <gm, nd, f16, ib_share> b <gm, nd, f16, ib_share> c <gm, nd, f32> bias <gm, nd, f32> config <do_norm = false, do_multi_data_load = true> loc("k.py":4:5)
// CHECK: k.py:4:5: error: ib_share on both A and B requires the Norm template (MatmulConfig.do_norm=True)

// -----

func.func @cube(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel, ascendc.matmul_cube_only} {
  %mm = ascendc.matmul.create a <gm, nd, f16, ib_share> b <gm, nd, f16, ib_share> c <gm, nd, f32> bias <gm, nd, f32> loc("k.py":4:5)
  func.return
}
// CHECK: k.py:4:5: error: IBShare (ib_share=True) is only supported in MIX kernels, not in cube-only kernels (matmul_cube_only=True)

// -----

func.func @cube(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel, ascendc.matmul_cube_only} {
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <enable_mix_dual_master = true> loc("k.py":4:5)
  func.return
}
// CHECK: k.py:4:5: error: enable_mix_dual_master requires a MIX kernel, not a cube-only one (matmul_cube_only=True)

// -----

func.func @mix(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel, ascendc.kernel_type = #ascendc<kernel_type mix_aic_1_2>} {
  %mm = ascendc.matmul.create a <gm, nd, f16, ib_share> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <do_norm = false, do_ib_share_norm = true, enable_mix_dual_master = true> loc("k.py":4:5)
  func.return
}
// CHECK: k.py:4:5: error: enable_mix_dual_master in a MIX_AIC_1_2 kernel (1 AIC : 2 AIV) requires ib_share=True on both A and B, but B has ib_share=False

// -----

%pipe = ascendc.pipe
%w = "test.op"() : () -> !ascendc.gm_addr<ui8>
%t = ascendc.cube_tiling
%one = ascendc.matmul.create a <gm, nd, f16, ib_share> b <gm, nd, f16, ib_share> c <gm, nd, f32> bias <gm, nd, f32> config <enable_mix_dual_master = true>
%two = ascendc.matmul.create a <gm, nd, f16, ib_share> b <gm, nd, f16, ib_share> c <gm, nd, f32> bias <gm, nd, f32>
ascendc.register_matmul %pipe, %w objects(%one, %two) tilings(%t, %t) : !ascendc.gm_addr<ui8> loc("k.py":6:5)
// CHECK: k.py:6:5: error: enable_mix_dual_master must be the same for all Matmul objects of a kernel

// -----

%pipe = ascendc.pipe
%w = "test.op"() : () -> !ascendc.gm_addr<ui8>
%t = ascendc.cube_tiling
%one = ascendc.matmul.create a <gm, nd, f16, ib_share> b <gm, nd, f16, ib_share> c <gm, nd, f32> bias <gm, nd, f32>
%two = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32>
ascendc.register_matmul %pipe, %w objects(%one, %two) tilings(%t, %t) : !ascendc.gm_addr<ui8> loc("k.py":6:5)
// CHECK: k.py:6:5: error: ib_share on both A and B must be the same for all Matmul objects of a kernel

// -----

%mm = ascendc.matmul.create a <gm, nd, f16, ib_share> b <gm, nd, f16, ib_share> c <gm, nd, f32> bias <gm, nd, f32> config <enable_mix_dual_master = true>
%false = arith.constant false
%more = ascendc.matmul.iterate %mm, %false loc("k.py":7:5)
// CHECK: k.py:7:5: error: iterate is not supported in MixDualMaster mode (enable_mix_dual_master=True): results come only from iterate_all to a GlobalTensor

// -----

%mm = ascendc.matmul.create a <gm, nd, f16, ib_share> b <gm, nd, f16, ib_share> c <gm, nd, f32> bias <gm, nd, f32> config <enable_mix_dual_master = true>
%ws = ascendc.global_tensor : !ascendc.global_tensor<f32>
ascendc.matmul.set_workspace %mm, %ws : !ascendc.global_tensor<f32> loc("k.py":7:5)
// CHECK: k.py:7:5: error: set_workspace is not supported in MixDualMaster mode (enable_mix_dual_master=True): results come only from iterate_all to a GlobalTensor

// -----

%mm = ascendc.matmul.create a <vecin, nd, f16> b <gm, nd, f16> c <gm, nd, f32> bias <gm, nd, f32> config <enable_mix_dual_master = true>
%a = ascendc.constant 0 : ui32
%ub = ascendc.local_tensor vecin, %a, %a : ui32, ui32 -> !ascendc.local_tensor<f16>
%false = arith.constant false
ascendc.matmul.set_tensor_a %mm, %ub, %false : !ascendc.local_tensor<f16> loc("k.py":8:5)
// CHECK: k.py:8:5: error: set_tensor_a with a LocalTensor is not supported in MixDualMaster mode (enable_mix_dual_master=True): A, B and the bias come only from GM

// -----

%mm = ascendc.matmul.create a <gm, nd, f16, ib_share> b <gm, nd, f16, ib_share> c <gm, nd, f32> bias <gm, nd, f32>
%gm = ascendc.global_tensor : !ascendc.global_tensor<f32>
%c0 = arith.constant 0 : i8
%false = arith.constant false
ascendc.matmul.get_tensor_c %mm, %gm, %c0, %false : !ascendc.global_tensor<f32> loc("k.py":9:5)
// CHECK: k.py:9:5: error: get_tensor_c is not supported when A and B are both IBShare (ib_share=True): results come only from iterate_all to a GlobalTensor
