// RUN: ascx-opt %s -p ascx-migrate-async-get-tensor-c 2>&1 | filecheck %s
// RUN: ascx-opt %s -p ascx-migrate-async-get-tensor-c -t ascendc 2>/dev/null | filecheck %s --check-prefix=CPP
// RUN: ascx-opt %s -t ascendc | filecheck %s --check-prefix=OLD

// The deprecated AsyncGetTensorC becomes GetTensorC<false>(c, 0, false), with a warning at the call's
// source line; without the pass the printer still prints the old call.

func.func @k(%w: !ascendc.gm_addr<ui8>) attributes {ascendc.kernel} {
  %pipe = ascendc.pipe
  %mm = ascendc.matmul.create a <gm, nd, f16> b <gm, nd, f16> c <vecin, nd, f32> bias <gm, nd, f32>
  ascendc.register_matmul %pipe, %w objects(%mm) : !ascendc.gm_addr<ui8>
  %a = ascendc.constant 0 : ui32
  %ub = ascendc.local_tensor vecin, %a, %a : ui32, ui32 -> !ascendc.local_tensor<f32>
  ascendc.matmul.async_get_tensor_c %mm, %ub : !ascendc.local_tensor<f32> loc("k.py":12:5)
  ascendc.matmul.wait_get_tensor_c %mm
  func.return
}

// CHECK:      k.py:12: AscxWarning: async_get_tensor_c is deprecated: use get_tensor_c(c, sync=False), which ascx emits in its place
// CHECK:      %{{.*}} = arith.constant 0 : i8
// CHECK-NEXT: %{{.*}} = arith.constant false
// CHECK-NEXT: ascendc.matmul.get_tensor_c async %mm, %ub, %{{.*}}, %{{.*}} : !ascendc.local_tensor<f32>
// CHECK-NEXT: ascendc.matmul.wait_get_tensor_c %mm
// CHECK-NOT:  async_get_tensor_c

// CPP:      mm.GetTensorC<false>(ub, 0, false);
// CPP-NEXT: mm.WaitGetTensorC();

// OLD:      mm.AsyncGetTensorC(ub);
// OLD-NEXT: mm.WaitGetTensorC();
