"""pyasc's ``asc.language.basic``: data movement, vector ops, synchronisation, system values,
atomics and debug output."""

from ascx.language.basic.atomic import set_atomic_add, set_atomic_max, set_atomic_min, set_atomic_none, set_atomic_type
from ascx.language.basic.block_sync import (
    cross_core_set_flag,
    cross_core_wait_flag,
    ib_set,
    ib_wait,
    notify_next_block,
    pipe_barrier,
    set_flag,
    sync_all,
    wait_flag,
    wait_pre_block,
)
from ascx.language.basic.data_copy import data_copy, data_copy_pad
from ascx.language.basic.debug import dump_tensor, printf
from ascx.language.basic.sys_var import (
    ascend_is_aic,
    ascend_is_aiv,
    get_block_idx,
    get_block_num,
    get_sub_block_idx,
    get_sub_block_num,
)
from ascx.language.basic.vec_binary import add, bitwise_and, bitwise_or, div, max, min, mul, sub
from ascx.language.basic.vec_binary_scalar import adds, leaky_relu, maxs, mins, muls
from ascx.language.basic.vec_cast import cast
from ascx.language.basic.vec_cmpsel import compare, compare_scalar, select
from ascx.language.basic.vec_duplicate import duplicate
from ascx.language.basic.vec_reduce import reduce_max, reduce_min, reduce_sum
from ascx.language.basic.vec_unary import abs, bitwise_not, exp, ln, reciprocal, relu, rsqrt, sqrt

__all__ = [
    "abs",
    "add",
    "adds",
    "ascend_is_aic",
    "ascend_is_aiv",
    "bitwise_and",
    "bitwise_not",
    "bitwise_or",
    "cast",
    "compare",
    "compare_scalar",
    "cross_core_set_flag",
    "cross_core_wait_flag",
    "data_copy",
    "data_copy_pad",
    "div",
    "dump_tensor",
    "duplicate",
    "exp",
    "get_block_idx",
    "get_block_num",
    "get_sub_block_idx",
    "get_sub_block_num",
    "ib_set",
    "ib_wait",
    "leaky_relu",
    "ln",
    "max",
    "maxs",
    "min",
    "mins",
    "mul",
    "muls",
    "notify_next_block",
    "pipe_barrier",
    "printf",
    "reciprocal",
    "reduce_max",
    "reduce_min",
    "reduce_sum",
    "relu",
    "rsqrt",
    "select",
    "set_atomic_add",
    "set_atomic_max",
    "set_atomic_min",
    "set_atomic_none",
    "set_atomic_type",
    "set_flag",
    "sqrt",
    "sub",
    "sync_all",
    "wait_flag",
    "wait_pre_block",
]
