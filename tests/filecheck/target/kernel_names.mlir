// RUN: ascx-opt %s -t ascendc | filecheck %s --match-full-lines --strict-whitespace

// A kernel keeps its name as its C++ symbol, unless C++ or CANN's headers already use the name at
// global scope; then it is `<name>_kernel` (ascx.target.names.kernel_symbol).  Parameters and
// locals never take the kernel's symbol.

ascendc.include "kernel_operator.h"
ascendc.include "lib/matmul_intf.h"
// lib/matmul_intf.h declares `namespace matmul = AscendC;`.
func.func @matmul(%matmul_kernel: i32) attributes {ascendc.kernel} {
  func.return
}
// <unistd.h>, which the headers' CPU-debug path includes, declares `void sync(void)`.
func.func @sync() attributes {ascendc.kernel} {
  func.return
}
// <cmath> declares `double exp(double)`.
func.func @exp() attributes {ascendc.kernel} {
  func.return
}
// A C++ keyword.
func.func @static() attributes {ascendc.kernel} {
  func.return
}
// A name nothing declares.
func.func @vector_add() attributes {ascendc.kernel} {
  func.return
}

// CHECK:#include "kernel_operator.h"
// CHECK-NEXT:#include "lib/matmul_intf.h"
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" __global__ __aicore__ void matmul_kernel(int32_t matmul_kernel_1) {
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" __global__ __aicore__ void sync_kernel() {
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" __global__ __aicore__ void exp_kernel() {
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" __global__ __aicore__ void static_kernel() {
// CHECK-NEXT:}
// CHECK-EMPTY:
// CHECK-NEXT:extern "C" __global__ __aicore__ void vector_add() {
// CHECK-NEXT:}
