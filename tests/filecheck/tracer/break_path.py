# The code on the way to a break runs inside the iteration that leaves (docs/tracing.md#break-and-return-in-runtime-loops):
# 'p' is assigned by every iteration and read before the break, so the loop does not carry it, and the
# SetValue of the break path stays in the arm that sets 'left'.
#
# RUN: ascx compile %s::first_over | filecheck %s --match-full-lines --strict-whitespace
import ascx as asc


@asc.jit
def first_over(x: asc.GlobalAddress, n: int, limit: int) -> None:
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    for i in range(n):
        p = g.get_value(i) * 2
        if p > limit:
            g.set_value(0, p)
            break
        g.set_value(i, p)
    g.set_value(1, limit)


# CHECK:    int32_t i = 0;
# CHECK-NEXT:    int32_t left = 0;
# CHECK-NEXT:    while (true) {
# CHECK-NEXT:        bool v = left == 0;
# CHECK-NEXT:        bool v_1 = i < n;
# CHECK-NEXT:        bool v_2 = v_1 & v;
# CHECK-NEXT:        if (!v_2) break;
# CHECK-NEXT:        half v_3 = g.GetValue(i);
# CHECK-NEXT:        half p = v_3 * half(2.0);
# CHECK-NEXT:        half v_4 = static_cast<half>(limit);
# CHECK-NEXT:        bool v_5 = p > v_4;
# CHECK-NEXT:        int32_t left_1;
# CHECK-NEXT:        if (v_5) {
# CHECK-NEXT:            g.SetValue(0, p);
# CHECK-NEXT:            left_1 = 1;
# CHECK-NEXT:        } else {
# CHECK-NEXT:            g.SetValue(i, p);
# CHECK-NEXT:            left_1 = left;
# CHECK-NEXT:        }
# CHECK-NEXT:        int32_t v_6 = i + 1;
# CHECK-NEXT:        i = v_6;
# CHECK-NEXT:        left = left_1;
# CHECK-NEXT:    }
# CHECK-NEXT:    half v_7 = static_cast<half>(limit);
# CHECK-NEXT:    g.SetValue(1, v_7);
# CHECK-NEXT:}
