"""The tracer conformance kernels (docs/tracing.md#conformance-kernels): each is traced as a device function and its IR
must be byte-identical on CPython 3.11, 3.12 and 3.13 (goldens in ``goldens/``).

Parameter conventions (``ascx.testing.conformance``): ``f`` is a float32 scalar, ``w`` a GM
address, ``asc.ConstExpr`` parameters take the value in ``CONSTEXPR``, everything else is an
int32 scalar.  Kernels named ``e<NN>_...`` must fail; ``ERRORS`` gives their kind and the text
that marks the line the error points at.
"""

import ascx as asc

DEBUG = False


class Mode:
    A = 1
    B = 2


MODE = Mode.B


def scale_by(v, *, scale=2):
    return v * scale


@asc.jit
def make_mm(w):
    pipe = asc.TPipe()
    t = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    mm = asc.adv.Matmul(t, t, t)
    asc.adv.register_matmul(pipe, w, mm, asc.adv.TCubeTiling(m=64))
    return mm


# -- compile and fold -----------------------------------------------------------------------------


@asc.jit
def t01_fold_constexpr(x, n: asc.ConstExpr[int]):
    return x * (n * 2 + 1)


@asc.jit
def t02_const_if_folds(x, flag: asc.ConstExpr[bool]):
    if flag:
        x = x + 1
    else:
        x = x - 1
    return x


@asc.jit
def t03_dead_code_is_not_traced(x):
    if DEBUG:
        print(x)
    return x


# -- runtime if ------------------------------------------------------------------------------------


@asc.jit
def t04_if_else_two_results(x, n):
    acc = 0
    if x > n:
        acc = x + 1
        y = 2
    else:
        acc = x - 1
        y = 3
    return acc * y


@asc.jit
def t05_if_no_else(x, n):
    y = x
    if x > n:
        y = n
    return y


@asc.jit
def t06_elif_chain(x):
    if x > 2:
        y = 1
    elif x > 1:
        y = 2
    else:
        y = 3
    return y


@asc.jit
def t07_if_tail_shared(x, n):
    y = 0
    if x > n:
        y = x
    z = y + 1
    w = z * 2
    v = w - 3
    return v


@asc.jit
def t08_if_dead_temp_types(x, f):
    if x > 0:
        tmp = x
        y = x + 1
    else:
        tmp = f
        y = x - 1
    return y


@asc.jit
def t09_early_return(x):
    if x > 0:
        return x
    return 0 - x


@asc.jit
def t10_nested_early_return(x):
    if x > 0:
        if x > 10:
            return 10
        return x
    return 0


@asc.jit
def t11_ternary(x):
    y = x if x > 0 else 0 - x
    return y + 1


@asc.jit
def t12_and_sc(x, y):
    if x > 0 and y > 0:
        return 1
    return 2


@asc.jit
def t12_or_sc(x, y):
    if x > 0 or y > 0:
        r = 1
    else:
        r = 2
    return r


@asc.jit
def t13_chained_compare(x, n):
    if 0 < x < n:
        return 1
    return 2


@asc.jit
def t13_chained_value(x, n):
    r = 0 < x < n
    return r


@asc.jit
def t14_not_condition(x):
    if not x > 0:
        x = 0 - x
    return x


@asc.jit
def t15_is_none_folds(x, opt: asc.ConstExpr[object] = None):
    if opt is None:
        return x
    return x + opt


# -- runtime for ------------------------------------------------------------------------------------


@asc.jit
def t16_for_range_runtime(n, a):
    acc = a
    for i in range(n):
        acc = acc + i
    return acc


@asc.jit
def t17_for_range_const_bounds(a):
    for i in range(4):
        a = a + i
    return a


@asc.jit
def t18_for_py_acc(n):
    acc = 0
    for i in range(n):
        acc = acc + i
    return acc


@asc.jit
def t19_for_if_else(n, a):
    acc = a
    for i in range(n):
        if i > 2:
            acc = acc + i
        else:
            acc = acc - i
    return acc


@asc.jit
def t19_for_if_only(n, a):
    acc = a
    for i in range(n):
        if i > 2:
            acc = acc + i
    return acc


@asc.jit
def t20_for_continue(n, a):
    acc = a
    for i in range(n):
        if i == 1:
            continue
        acc = acc + i
    return acc


@asc.jit
def t21_nested_for(n, m):
    acc = 0
    for i in range(n):
        for j in range(m):
            acc = acc + i * j
    return acc


@asc.jit
def t22_for_swap_carried(a, b, n):
    for i in range(n):
        a, b = b, a
    return a


@asc.jit
def t23_for_dead_store(n, a):
    for i in range(n):
        t = a + i
    return a


@asc.jit
def t24_for_else_no_break(n, a):
    acc = a
    for i in range(n):
        acc = acc + i
    else:
        acc = acc * 2
    return acc


@asc.jit
def t25_loop_var_after_loop(n):
    i = 0
    for i in range(n):
        pass
    return i


# -- compile-time loops -------------------------------------------------------------------------------


@asc.jit
def t26_static_unroll(x):
    for i in asc.static_range(3):
        if i == 1:
            continue
        x = x * 2
    return x


@asc.jit
def t26_static_unroll_break(x):
    for i in asc.static_range(10):
        if i == 3:
            break
        x = x + i
    return x


@asc.jit
def t27_tuple_unroll_runtime_if(x):
    for s in (1, 2):
        if x > s:
            x = x - s
    return x


@asc.jit
def t27_unroll_return(x):
    for s in (1, 2, 3):
        if s == 2:
            return x * s
    return x


@asc.jit
def t28_compile_time_while(x):
    k = 0
    while k < 3:
        x = x + k
        k += 1
    return x


# -- runtime while -----------------------------------------------------------------------------------


@asc.jit
def t29_while_cond(i, n):
    while i < n:
        i = i + 1
    return i


@asc.jit
def t30_while_iterate(w, a):
    mm = make_mm(w)
    c = 0
    while mm.iterate():
        c = c + a
    return c


@asc.jit
def t30_while_true_break(w, a):
    mm = make_mm(w)
    c = 0
    while True:
        if not mm.iterate():
            break
        c = c + a
    return c


@asc.jit
def t30_while_walrus(w, a):
    mm = make_mm(w)
    c = 0
    while ok := mm.iterate():
        c = c + a
    return c


@asc.jit
def t30_while_true_named(w, a):
    mm = make_mm(w)
    c = 0
    while True:
        ok = mm.iterate()
        if not ok:
            break
        c = c + a
    return c


@asc.jit
def t31_while_continue(i, n, a):
    acc = a
    while i < n:
        i = i + 1
        if i == 3:
            continue
        acc = acc + i
    return acc


@asc.jit
def t32_while_in_for(n, m):
    acc = 0
    for i in range(n):
        j = 0
        while j < m:
            j = j + 1
            acc = acc + j
    return acc


@asc.jit
def t33_nested_while(i, n, m):
    while i < n:
        j = 0
        while j < m:
            j = j + 1
        i = i + j
    return i


@asc.jit
def t34_while_not_flag(i, n):
    done = i > n
    while not done:
        i = i + 1
        done = i > n
    return i


@asc.jit
def t35_while_compound_cond(w, i, n):
    mm = make_mm(w)
    while i < n and mm.iterate():
        i = i + 1
    return i


@asc.jit
def t36_with_iterate_count(w, a):
    mm = make_mm(w)
    s = a
    with mm.iterate() as count:
        s = s + count
    return s


# -- calls ---------------------------------------------------------------------------------------------


@asc.jit
def t37_kwcall_plain_fn(x):
    y = scale_by(x, scale=3)
    if MODE == Mode.A:
        y = y + 1
    for s in (1, 2):
        y = y + s
    return y


@asc.jit
def t38_device_function_tuple(x, n):
    a, b = split(x, n)
    return a + b


@asc.jit
def split(x, n):
    if x > n:
        return x - n, n
    return n - x, x


# -- leaving runtime loops early (break, return) -----------------------------------------------------


@asc.jit
def t40_break_in_runtime_for(n, a):
    for i in range(n):
        if i > a:
            break
    return a


@asc.jit
def t41_return_in_runtime_for(n, a):
    for i in range(n):
        if i > a:
            return i
    return a


@asc.jit
def t42_break_in_runtime_while(i, n):
    while i < n:
        i += 1
        if i > 5:
            i = 0
            break
    return i


@asc.jit
def t39_while_break_at_top(i, n):
    while i < n:
        if i > 5:
            break
        i += 1
    return i


@asc.jit
def t45_return_from_nested_loops(n, a):
    i = 0
    for j in range(n):
        for i in range(n):
            if i + j > a:
                return i
    return -1


@asc.jit
def t46_for_else_with_break(n, a):
    for i in range(n):
        if i > a:
            break
    else:
        a = a * 2
    return a


@asc.jit
def t47_value_set_on_the_way_out(n, a):
    found = -1
    for i in range(n):
        if i * i > a:
            found = i
            break
    return found


@asc.jit
def t48_break_and_continue(n, a):
    acc = a
    for i in range(n):
        if i == 2:
            continue
        if acc > 100:
            break
        acc = acc + i
    return acc


@asc.jit
def t49_break_path_reads_the_iteration(n, a):
    found = -1
    for i in range(n):
        pair = (i, i * i)  # not carried: only this iteration's way out reads it
        if pair[1] > a:
            found = pair[0] + 1
            break
    return found


@asc.jit
def t50_work_before_break_at_function_end(w, n):
    g = asc.GlobalTensor()
    g.set_global_buffer(w)
    for i in range(n):
        v = i * 3
        if v > 5:
            g.set_value(0, v)
            break


@asc.jit
def t51_if_on_the_way_to_a_break(w, n, a):
    g = asc.GlobalTensor()
    g.set_global_buffer(w)
    for i in range(n):
        if i == a:
            if i > 2:
                g.set_value(0, i)
            break
        g.set_value(1, i)
    g.set_value(2, n)


# -- expected errors -------------------------------------------------------------------------------------


@asc.jit
def e04_undefined_on_path(x):
    if x > 0:  # E04-if
        y = 1
    return y  # E04


@asc.jit
def e05_branch_type_mismatch(x, f):
    if x > 0:  # E05
        y = x
    else:
        y = f
    return y


@asc.jit
def e06_ternary_type_mismatch(x, f):
    y = x if x > 0 else f  # E06
    return y


@asc.jit
def e07_carried_no_init(n):
    for i in range(n):  # E07
        t = i
    return t


@asc.jit
def e08_carried_type_change(n, f):
    acc = 0
    for i in range(n):  # E08
        acc = f
    return acc


@asc.jit
def e09_compile_time_assert(x, k: asc.ConstExpr[int]):
    assert k > 3, "k must be > 3"  # E09
    return x


@asc.jit
def e10_try_except(x):
    try:  # E10
        x = x + 1
    except Exception:
        pass
    return x


@asc.jit
def e11_is_none_on_runtime(x):
    if x is None:  # E11
        return 1
    return x


@asc.jit
def e12_listcomp_rejected(x):
    ws = [i * 2 for i in range(3)]  # E12
    return x


@asc.jit
def e13_branch_kind_mismatch(x):
    y = None
    if x:  # E13
        y = 1
    else:
        y = [1, 2]
    z = y + 2
    return z


@asc.jit
def e14_range_outside_for(n):
    t = tuple(range(n))  # E14
    return n


@asc.jit
def e15_unroll_limit(x):
    for i in asc.static_range(100000):  # E15
        x = x + 1
    return x


@asc.jit
def e16_python_mutation_in_region(n):
    lst = []
    for i in range(n):
        lst.append(i)  # E16
    return n


@asc.jit
def t43_break_to_function_end(i, n):
    while i < n:
        if i > 5:
            break
        i += 2


@asc.jit
def e18_nested_def(x):
    def inner():  # E18
        return 1

    return x + inner()


@asc.jit
def e19_lambda_capturing_runtime(x):
    f = lambda: x + 1  # E19
    return f()


@asc.jit
def e20_generator_expression(x):
    t = tuple(i * 2 for i in (1, 2))  # E20
    return x + t[0]


@asc.jit
def e21_global_store(x):
    global G
    G = x  # E21
    return x


def _with_cell():
    v = 0

    @asc.jit
    def e22_nonlocal_store(x):
        nonlocal v
        v = 1  # E22
        return x

    return e22_nonlocal_store


e22_nonlocal_store = _with_cell()


@asc.jit
def e23_with_unknown_object(x, w):
    with w:  # E23
        x = x + 1
    return x


def _positive(v):
    if v > 0:  # E24
        return 1
    return 0


@asc.jit
def e24_truth_test_in_plain_function(x):
    return _positive(x)


@asc.jit
def e25_static_range_runtime(x, n):
    for i in asc.static_range(n):  # E25
        x = x + i
    return x


@asc.jit
def e26_python_index_by_runtime(x):
    t = (1, 2, 3)
    return t[x]  # E26


@asc.jit
def t44_return_under_runtime_if_in_while(i, n):
    while i < n:
        i += 1
        if i > 4:
            return i
    return n


@asc.jit
def e28_break_with_api_condition(w, a):
    mm = make_mm(w)
    c = 0
    while mm.iterate():
        if a > 0:
            if c > a:
                break  # E28
        c = c + 1
    return c


@asc.jit
def e29_read_after_break_without_init(n, a):
    for i in range(n):  # E29
        v = i * 2
        if v > a:
            break
    return v


CONSTEXPR = {
    "t01_fold_constexpr": {"n": 3},
    "t02_const_if_folds": {"flag": True},
    "e09_compile_time_assert": {"k": 2},
}

ERRORS = {
    "e28_break_with_api_condition": (
        "runtime-break",
        "cannot leave this while loop with 'break' or 'return': its condition calls the kernel API, "
        "which would run once more after the loop is left",
        "# E28",
    ),
    "e29_read_after_break_without_init": (
        "carried-no-init",
        "'v' is assigned inside the loop at line {line:E29} and read after it or in the next iteration, "
        "but has no value before the loop",
        "# E29",
    ),
    "e04_undefined_on_path": (
        "undefined-on-path",
        "'y' is not defined on every path here (assigned in only one branch of the 'if' at line {line:E04-if})",
        "# E04",
    ),
    "e05_branch_type_mismatch": (
        "branch-type-mismatch",
        "'y' has type i32 in the then-branch but f32 in the else-branch of the 'if' at line {line:E05}",
        "# E05",
    ),
    "e06_ternary_type_mismatch": (
        "branch-type-mismatch",
        "'y' has type i32 in the then-branch but f32 in the else-branch of the 'if' at line {line:E06}",
        "# E06",
    ),
    "e07_carried_no_init": (
        "carried-no-init",
        "'t' is assigned inside the loop at line {line:E07} and read after it or in the next iteration, "
        "but has no value before the loop",
        "# E07",
    ),
    "e08_carried_type_change": (
        "carried-type-change",
        "'acc' enters the loop at line {line:E08} as i32 but is f32 at the end of the body",
        "# E08",
    ),
    "e09_compile_time_assert": ("compile-time-assert", "assertion failed: k must be > 3", "# E09"),
    "e10_try_except": ("unsupported-construct", "a 'try' statement is not supported in kernels", "# E10"),
    "e11_is_none_on_runtime": (
        "needs-compile-time",
        "'is None' needs a compile-time value, but 'x' is a runtime value",
        "# E11",
    ),
    "e12_listcomp_rejected": (
        "unsupported-construct",
        "a nested function, lambda or comprehension is not supported in kernels",
        "# E12",
    ),
    "e13_branch_kind_mismatch": (
        "branch-kind-mismatch",
        "'y' is an int in the then-branch and a list in the else-branch of the 'if' at line {line:E13}",
        "# E13",
    ),
    "e14_range_outside_for": (
        "needs-compile-time",
        "range() outside a 'for' statement needs a compile-time value, but 'n' is a runtime value",
        "# E14",
    ),
    "e15_unroll_limit": ("unroll-limit", "the loop at line {line:E15} unrolled more than 1024 iterations", "# E15"),
    "e16_python_mutation_in_region": (
        "python-mutation-in-region",
        "'lst' is a Python list created outside this runtime loop; mutating it here runs only once at compile time",
        "# E16",
    ),
    "e18_nested_def": (
        "unsupported-construct",
        "a nested function, lambda or comprehension is not supported in kernels",
        "# E18",
    ),
    "e19_lambda_capturing_runtime": (
        "unsupported-construct",
        "a nested function, lambda or comprehension is not supported in kernels",
        "# E19",
    ),
    "e20_generator_expression": (
        "unsupported-construct",
        "a nested function, lambda or comprehension is not supported in kernels",
        "# E20",
    ),
    "e21_global_store": ("unsupported-construct", "a global statement is not supported in kernels", "# E21"),
    "e22_nonlocal_store": ("unsupported-construct", "a nonlocal statement is not supported in kernels", "# E22"),
    "e23_with_unknown_object": (
        "unsupported-construct",
        "a 'with' statement on a GlobalAddress is not supported in kernels",
        "# E23",
    ),
    "e24_truth_test_in_plain_function": (
        "needs-compile-time",
        "a Python truth test needs a compile-time value, but this condition is a runtime value",
        "# E24",
    ),
    "e25_static_range_runtime": (
        "needs-compile-time",
        "asc.static_range(...) needs a compile-time value, but 'n' is a runtime value",
        "# E25",
    ),
    "e26_python_index_by_runtime": (
        "needs-compile-time",
        "a Python integer needs a compile-time value, but 'x' is a runtime value",
        "# E26",
    ),
}
