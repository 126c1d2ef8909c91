// RUN: ascx-opt %s -t ascendc | filecheck %s --match-full-lines --strict-whitespace

// The scalar unit's square root (C's sqrt on a float, as Huawei's A2 kernels write it), the integer
// bitcast that changes signedness (an explicit value.cast), and unsigned constants above INT32_MAX,
// which keep a U suffix so that C++ reads them as unsigned int rather than long.

func.func @scalar_math(%f: f32, %u: ui32, %n: i32) attributes {ascendc.kernel} {
  %root = math.sqrt %f : f32
  %signed = arith.bitcast %u : ui32 to i32
  %unsigned = arith.bitcast %n : i32 to ui32
  %mask = ascendc.constant 4294967264 : ui32
  %small = ascendc.constant 2147483647 : ui32
  %aligned = arith.andi %u, %mask : ui32
  %kept = arith.andi %u, %small : ui32
  func.return
}

// CHECK:extern "C" __global__ __aicore__ void scalar_math(float f, uint32_t u, int32_t n) {
// CHECK-NEXT:    float root = sqrt(f);
// CHECK-NEXT:    int32_t signed_1 = static_cast<int32_t>(u);
// CHECK-NEXT:    uint32_t unsigned_1 = static_cast<uint32_t>(n);
// CHECK-NEXT:    uint32_t aligned = u & 4294967264U;
// CHECK-NEXT:    uint32_t kept = u & 2147483647;
// CHECK-NEXT:}
