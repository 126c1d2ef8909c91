# break and return inside a runtime loop (issue 31, point 11; docs/tracing.md#break-and-return-in-runtime-loops):
# the loop becomes an scf.while that also stops on its exit selector 'left'; the arm that leaves sets
# it (its yield marked ascendc.leaves_loop for the sync analyses), and the code of the return runs after
# the loop under 'left == 1'.
#
# RUN: ascx compile %s::search --emit ir | filecheck %s --check-prefix=IR
# RUN: ascx compile %s::search | filecheck %s --check-prefix=CPP --match-full-lines --strict-whitespace
import ascx as asc


@asc.jit
def first_above(g, n, limit):
    for i in range(n):
        if g.get_value(i) > limit:
            return i
    return -1


@asc.jit
def search(x: asc.GlobalAddress, n: int) -> None:
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    found = first_above(g, n, 1.0)
    if found >= 0:
        g.set_value(found, 0.0)


# IR:      %{{.*}}, %left, %i = scf.while (%i_1 = %c0_i32, %left_1 = %c0_i32, %i_2 = %c0_i32) : (i32, i32, i32) -> (i32, i32, i32) {
# IR-NEXT:   %c0_i32_1 = arith.constant 0 : i32
# IR-NEXT:   %[[RUNNING:.*]] = arith.cmpi eq, %left_1, %c0_i32_1 : i32
# IR-NEXT:   %[[IN_RANGE:.*]] = arith.cmpi slt, %i_1, %n : i32
# IR-NEXT:   %[[GO:.*]] = arith.andi %[[IN_RANGE]], %[[RUNNING]] : i1
# IR-NEXT:   scf.condition(%[[GO]]) %i_1, %left_1, %i_2 : i32, i32, i32
# IR-NEXT: } do {
# IR-NEXT: ^bb0(%i_3: i32, %left_2: i32, %i_4: i32):
# IR:          %left_3 = scf.if %{{.*}} -> (i32) {
# IR-NEXT:       %c1_i32_1 = arith.constant 1 : i32
# IR-NEXT:       scf.yield {ascendc.leaves_loop} %c1_i32_1 : i32
# IR-NEXT:     } else {
# IR-NEXT:       scf.yield %left_2 : i32
# IR-NEXT:     }
# IR-NEXT:     %{{.*}} = arith.addi %i_3, %c1_i32 : i32
# IR-NEXT:     scf.yield %{{.*}}, %left_3, %i_3 : i32, i32, i32
# IR-NEXT:   }
# IR-NEXT:   %{{.*}} = arith.cmpi eq, %left, %c1_i32 : i32
# IR-NEXT:   %found = scf.if %{{.*}} -> (i32) {
# IR-NEXT:     scf.yield %i : i32
# IR-NEXT:   } else {
# IR-NEXT:     %cm1_i32 = arith.constant -1 : i32
# IR-NEXT:     scf.yield %cm1_i32 : i32
# IR-NEXT:   }

# CPP:    int32_t i = 0;
# CPP-NEXT:    int32_t left = 0;
# CPP-NEXT:    int32_t i_1 = 0;
# CPP-NEXT:    while (true) {
# CPP-NEXT:        bool v = left == 0;
# CPP-NEXT:        bool v_1 = i < n;
# CPP-NEXT:        bool v_2 = v_1 & v;
# CPP-NEXT:        if (!v_2) break;
# CPP-NEXT:        half v_3 = g.GetValue(i);
# CPP-NEXT:        bool v_4 = v_3 > half(1.0);
# CPP-NEXT:        int32_t left_1;
# CPP-NEXT:        if (v_4) {
# CPP-NEXT:            left_1 = 1;
# CPP-NEXT:        } else {
# CPP-NEXT:            left_1 = left;
# CPP-NEXT:        }
# CPP-NEXT:        int32_t v_5 = i + 1;
# CPP-NEXT:        int32_t i_next = v_5;
# CPP-NEXT:        int32_t left_next = left_1;
# CPP-NEXT:        int32_t i_1_next = i;
# CPP-NEXT:        i = i_next;
# CPP-NEXT:        left = left_next;
# CPP-NEXT:        i_1 = i_1_next;
# CPP-NEXT:    }
# CPP-NEXT:    bool v_6 = left == 1;
# CPP-NEXT:    int32_t found;
# CPP-NEXT:    if (v_6) {
# CPP-NEXT:        found = i_1;
# CPP-NEXT:    } else {
# CPP-NEXT:        found = -1;
# CPP-NEXT:    }
