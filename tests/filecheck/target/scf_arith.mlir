// RUN: ascx-opt %s -t ascendc | filecheck %s --match-full-lines --strict-whitespace

// Scalar arithmetic, casts and structured control flow in C++: C division, unsigned predicates,
// loop-carried values assigned in parallel (a swap goes through temporaries), an if whose then-branch
// is empty printed as if (!c), and a while whose condition is traced once in the before-region.

func.func @scalar_ops(%a: i32, %b: i32, %u: ui32, %f: f32, %h: f16, %n: i32) attributes {ascendc.kernel} {
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %sum = arith.addi %a, %b : i32
  %q = arith.divsi %a, %b : i32
  %r = arith.remsi %a, %b : i32
  %uq = arith.divui %u, %u : ui32
  %lt = arith.cmpi ult, %u, %u : ui32
  %sel = arith.select %lt, %a, %b : i32
  %wide = arith.extsi %a : i32 to i64
  %fl = arith.sitofp %a : i32 to f32
  %back = arith.fptosi %f : f32 to i32
  %hf = arith.extf %h : f16 to f32
  %fm = arith.mulf %f, %hf : f32
  %neg = arith.negf %fm : f32
  %x, %y = scf.for %i = %c0 to %n step %c1 iter_args(%p = %a, %q2 = %b) -> (i32, i32) : i32 {
    scf.yield %q2, %p : i32, i32
  }
  %t = arith.constant true
  scf.if %lt {
  } else {
    %z = arith.subi %x, %y : i32
  }
  %w = scf.while (%k = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %k, %n : i32
    scf.condition(%more) %k : i32
  } do {
  ^bb0(%k2: i32):
    %k3 = arith.addi %k2, %c1 : i32
    scf.yield %k3 : i32
  }
  func.return
}

// CHECK:extern "C" __global__ __aicore__ void scalar_ops(int32_t a, int32_t b, uint32_t u, float f, half h, int32_t n) {
// CHECK-NEXT:    int32_t sum = a + b;
// CHECK-NEXT:    int32_t q = a / b;
// CHECK-NEXT:    int32_t r = a % b;
// CHECK-NEXT:    uint32_t uq = u / u;
// CHECK-NEXT:    bool lt = u < u;
// CHECK-NEXT:    int32_t sel = lt ? a : b;
// CHECK-NEXT:    int64_t wide = static_cast<int64_t>(a);
// CHECK-NEXT:    float fl = static_cast<float>(a);
// CHECK-NEXT:    int32_t back = static_cast<int32_t>(f);
// CHECK-NEXT:    float hf = static_cast<float>(h);
// CHECK-NEXT:    float fm = f * hf;
// CHECK-NEXT:    float neg = -fm;
// CHECK-NEXT:    int32_t x = a;
// CHECK-NEXT:    int32_t y = b;
// CHECK-NEXT:    for (int32_t i = 0; i < n; i += 1) {
// CHECK-NEXT:        int32_t x_next = y;
// CHECK-NEXT:        int32_t y_next = x;
// CHECK-NEXT:        x = x_next;
// CHECK-NEXT:        y = y_next;
// CHECK-NEXT:    }
// CHECK-NEXT:    if (!lt) {
// CHECK-NEXT:        int32_t z = x - y;
// CHECK-NEXT:    }
// CHECK-NEXT:    int32_t k = 0;
// CHECK-NEXT:    while (true) {
// CHECK-NEXT:        bool more = k < n;
// CHECK-NEXT:        if (!more) break;
// CHECK-NEXT:        int32_t k3 = k + 1;
// CHECK-NEXT:        k = k3;
// CHECK-NEXT:    }
// CHECK-NEXT:}
