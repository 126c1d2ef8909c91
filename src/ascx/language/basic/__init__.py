"""pyasc's ``asc.language.basic``: data movement, vector ops, synchronisation, system values,
atomics and debug output."""

from typing import TYPE_CHECKING

from ascx.lazy_exports import lazy_exports


def _document() -> None:
    from ascx.language.docstrings import docstrings_wanted

    if docstrings_wanted():
        from ascx.language.reference import document_package

        document_package(__name__)


if TYPE_CHECKING:
    from ascx.language.basic import cache as cache
    from ascx.language.basic import common as common
    from ascx.language.basic import determine_compute_sync as determine_compute_sync
    from ascx.language.basic import list_tensor as list_tensor
    from ascx.language.basic import set_atomic as set_atomic
    from ascx.language.basic import utils as utils
    from ascx.language.basic.aipp import load_image_to_local, set_aipp_functions
    from ascx.language.basic.atomic import (
        set_atomic_add,
        set_atomic_max,
        set_atomic_min,
        set_atomic_none,
        set_atomic_type,
    )
    from ascx.language.basic.block_sync import (
        cross_core_set_flag,
        cross_core_wait_flag,
        data_sync_barrier,
        ib_set,
        ib_wait,
        notify_next_block,
        pipe_barrier,
        set_flag,
        sync_all,
        wait_flag,
        wait_pre_block,
    )
    from ascx.language.basic.cache import (
        data_cache_clean_and_invalid,
        get_icache_preload_status,
        icache_preload,
    )
    from ascx.language.basic.common import (
        check_local_memory_ia,
        data_cache_preload,
        get_hccl_context,
        get_store_atomic_config,
        get_sys_workspace,
        init_soc_state,
        set_hccl_context,
        set_store_atomic_config,
        set_sys_workspace,
    )
    from ascx.language.basic.data_copy import data_copy, data_copy_pad, set_pad_value
    from ascx.language.basic.debug import (
        dump_acc_chk_point,
        dump_tensor,
        metrics_prof_start,
        metrics_prof_stop,
        print_time_stamp,
        printf,
    )
    from ascx.language.basic.fixpipe import fixpipe, set_fix_pipe_pre_quant_flag
    from ascx.language.basic.global_memory import init_global_memory
    from ascx.language.basic.list_tensor import ListTensorDesc, TensorDesc
    from ascx.language.basic.mm import (
        init_const_value,
        load_data,
        load_data_with_sparse,
        load_data_with_transpose,
        mmad,
        mmad_with_sparse,
        set_load_data_boundary,
        set_load_data_padding_value,
        set_load_data_repeat,
    )
    from ascx.language.basic.mm_modes import set_hf32_mode, set_hf32_trans_mode, set_mm_layout_transform
    from ascx.language.basic.proposal import (
        get_mrg_sort_result,
        get_sort_len,
        get_sort_offset,
        mrg_sort,
        mrg_sort4,
        proposal_concat,
        proposal_extract,
        rp_sort16,
        sort,
        sort32,
    )
    from ascx.language.basic.scalar import (
        count_bits_cnt_same_as_sign_bit,
        scalar_cast,
        scalar_count_leading_zero,
        scalar_get_count_of_value,
        scalar_get_sff_value,
        to_float,
    )
    from ascx.language.basic.sys_var import (
        ascend_is_aic,
        ascend_is_aiv,
        get_arch_version,
        get_block_idx,
        get_block_num,
        get_data_block_size_in_bytes,
        get_program_counter,
        get_sub_block_idx,
        get_sub_block_num,
        get_system_cycle,
        get_task_ratio,
        trap,
    )
    from ascx.language.basic.vec_bilinear import bilinear_interpolation
    from ascx.language.basic.vec_binary import add, bitwise_and, bitwise_or, div, max, min, mul, sub
    from ascx.language.basic.vec_binary_scalar import adds, leaky_relu, maxs, mins, muls, shift_left, shift_right
    from ascx.language.basic.vec_brcb import brcb
    from ascx.language.basic.vec_cast import cast
    from ascx.language.basic.vec_cmpsel import compare, compare_scalar, get_cmp_mask, select, set_cmp_mask
    from ascx.language.basic.vec_copy import copy
    from ascx.language.basic.vec_duplicate import duplicate
    from ascx.language.basic.vec_fused import (
        add_deq_relu,
        add_relu,
        add_relu_cast,
        fused_mul_add,
        fused_mul_add_relu,
        mul_add_dst,
        mul_cast,
        sub_relu,
        sub_relu_cast,
    )
    from ascx.language.basic.vec_gather import gather, gatherb
    from ascx.language.basic.vec_gather_mask import gather_mask, get_gather_mask_remain_count
    from ascx.language.basic.vec_mask import reset_mask, set_mask_count, set_mask_norm, set_vector_mask
    from ascx.language.basic.vec_reduce import reduce_max, reduce_min, reduce_sum
    from ascx.language.basic.vec_reduce_per_repeat import (
        block_reduce_max,
        block_reduce_min,
        block_reduce_sum,
        pair_reduce_sum,
        repeat_reduce_sum,
        whole_reduce_max,
        whole_reduce_min,
        whole_reduce_sum,
    )
    from ascx.language.basic.vec_scatter import scatter
    from ascx.language.basic.vec_ternary_scalar import axpy
    from ascx.language.basic.vec_transpose import trans_data_to_5hd, transpose
    from ascx.language.basic.vec_unary import abs, bitwise_not, exp, ln, reciprocal, relu, rsqrt, sqrt
    from ascx.language.basic.vec_vconv import cast_deq, set_deq_scale

__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        "ascx.language.basic.aipp": "load_image_to_local set_aipp_functions",
        "ascx.language.basic.atomic": "set_atomic_add set_atomic_max set_atomic_min set_atomic_none set_atomic_type",
        "ascx.language.basic.block_sync": (
            "cross_core_set_flag cross_core_wait_flag ib_set ib_wait notify_next_block pipe_barrier set_flag "
            "sync_all wait_flag wait_pre_block data_sync_barrier "
        ),
        "ascx.language.basic.data_copy": "data_copy data_copy_pad set_pad_value",
        "ascx.language.basic.debug": (
            "dump_tensor printf dump_acc_chk_point metrics_prof_start metrics_prof_stop print_time_stamp "
        ),
        "ascx.language.basic.fixpipe": "fixpipe set_fix_pipe_pre_quant_flag",
        "ascx.language.basic.mm": (
            "init_const_value load_data load_data_with_sparse load_data_with_transpose mmad mmad_with_sparse "
            "set_load_data_boundary set_load_data_padding_value set_load_data_repeat "
        ),
        "ascx.language.basic.mm_modes": "set_hf32_mode set_hf32_trans_mode set_mm_layout_transform",
        "ascx.language.basic.proposal": (
            "get_mrg_sort_result get_sort_len get_sort_offset mrg_sort mrg_sort4 proposal_concat proposal_extract "
            "rp_sort16 sort sort32 "
        ),
        "ascx.language.basic.global_memory": "init_global_memory",
        "ascx.language.basic.scalar": (
            "count_bits_cnt_same_as_sign_bit scalar_cast scalar_count_leading_zero scalar_get_count_of_value "
            "scalar_get_sff_value to_float "
        ),
        "ascx.language.basic.sys_var": (
            "ascend_is_aic ascend_is_aiv get_block_idx get_block_num get_sub_block_idx get_sub_block_num "
            "get_arch_version get_data_block_size_in_bytes get_program_counter get_system_cycle get_task_ratio "
            "trap "
        ),
        "ascx.language.basic.vec_bilinear": "bilinear_interpolation",
        "ascx.language.basic.vec_binary": "add bitwise_and bitwise_or div max min mul sub",
        "ascx.language.basic.vec_binary_scalar": "adds leaky_relu maxs mins muls shift_left shift_right",
        "ascx.language.basic.vec_brcb": "brcb",
        "ascx.language.basic.vec_cast": "cast",
        "ascx.language.basic.vec_cmpsel": "compare compare_scalar get_cmp_mask select set_cmp_mask",
        "ascx.language.basic.vec_copy": "copy",
        "ascx.language.basic.vec_duplicate": "duplicate",
        "ascx.language.basic.vec_fused": (
            "add_deq_relu add_relu add_relu_cast fused_mul_add fused_mul_add_relu mul_add_dst mul_cast sub_relu "
            "sub_relu_cast "
        ),
        "ascx.language.basic.vec_gather": "gather gatherb",
        "ascx.language.basic.vec_gather_mask": "gather_mask get_gather_mask_remain_count",
        "ascx.language.basic.vec_mask": "reset_mask set_mask_count set_mask_norm set_vector_mask",
        "ascx.language.basic.vec_reduce": "reduce_max reduce_min reduce_sum",
        "ascx.language.basic.vec_reduce_per_repeat": (
            "block_reduce_max block_reduce_min block_reduce_sum pair_reduce_sum repeat_reduce_sum "
            "whole_reduce_max whole_reduce_min whole_reduce_sum "
        ),
        "ascx.language.basic.vec_scatter": "scatter",
        "ascx.language.basic.vec_ternary_scalar": "axpy",
        "ascx.language.basic.vec_transpose": "trans_data_to_5hd transpose",
        "ascx.language.basic.vec_unary": "abs bitwise_not exp ln reciprocal relu rsqrt sqrt",
        "ascx.language.basic.vec_vconv": "cast_deq set_deq_scale",
        "ascx.language.basic": "cache common determine_compute_sync set_atomic utils list_tensor",
        "ascx.language.basic.cache": "data_cache_clean_and_invalid get_icache_preload_status icache_preload",
        "ascx.language.basic.common": (
            "check_local_memory_ia data_cache_preload get_hccl_context get_store_atomic_config get_sys_workspace "
            "init_soc_state set_hccl_context set_store_atomic_config set_sys_workspace "
        ),
        "ascx.language.basic.list_tensor": "ListTensorDesc TensorDesc",
    },
    on_first_use=_document,
)

__all__ = [
    "abs",
    "add",
    "add_deq_relu",
    "add_relu",
    "add_relu_cast",
    "adds",
    "ascend_is_aic",
    "ascend_is_aiv",
    "axpy",
    "bilinear_interpolation",
    "bitwise_and",
    "bitwise_not",
    "bitwise_or",
    "block_reduce_max",
    "block_reduce_min",
    "block_reduce_sum",
    "brcb",
    "cast",
    "cast_deq",
    "compare",
    "compare_scalar",
    "copy",
    "count_bits_cnt_same_as_sign_bit",
    "cross_core_set_flag",
    "cross_core_wait_flag",
    "data_copy",
    "data_copy_pad",
    "div",
    "dump_tensor",
    "duplicate",
    "exp",
    "fixpipe",
    "fused_mul_add",
    "fused_mul_add_relu",
    "gather",
    "gather_mask",
    "gatherb",
    "get_block_idx",
    "get_block_num",
    "get_cmp_mask",
    "get_gather_mask_remain_count",
    "get_mrg_sort_result",
    "get_sort_len",
    "get_sort_offset",
    "get_sub_block_idx",
    "get_sub_block_num",
    "ib_set",
    "ib_wait",
    "init_const_value",
    "init_global_memory",
    "leaky_relu",
    "ln",
    "load_data",
    "load_data_with_sparse",
    "load_data_with_transpose",
    "load_image_to_local",
    "max",
    "maxs",
    "min",
    "mins",
    "mmad",
    "mmad_with_sparse",
    "mrg_sort",
    "mrg_sort4",
    "mul",
    "mul_add_dst",
    "mul_cast",
    "muls",
    "notify_next_block",
    "pair_reduce_sum",
    "pipe_barrier",
    "printf",
    "proposal_concat",
    "proposal_extract",
    "reciprocal",
    "reduce_max",
    "reduce_min",
    "reduce_sum",
    "relu",
    "repeat_reduce_sum",
    "reset_mask",
    "rp_sort16",
    "rsqrt",
    "scalar_cast",
    "scalar_count_leading_zero",
    "scalar_get_count_of_value",
    "scalar_get_sff_value",
    "scatter",
    "select",
    "set_aipp_functions",
    "set_atomic_add",
    "set_atomic_max",
    "set_atomic_min",
    "set_atomic_none",
    "set_atomic_type",
    "set_cmp_mask",
    "set_deq_scale",
    "set_fix_pipe_pre_quant_flag",
    "set_flag",
    "set_hf32_mode",
    "set_hf32_trans_mode",
    "set_load_data_boundary",
    "set_load_data_padding_value",
    "set_load_data_repeat",
    "set_mask_count",
    "set_mask_norm",
    "set_mm_layout_transform",
    "set_pad_value",
    "set_vector_mask",
    "shift_left",
    "shift_right",
    "sort",
    "sort32",
    "sqrt",
    "sub",
    "sub_relu",
    "sub_relu_cast",
    "sync_all",
    "to_float",
    "trans_data_to_5hd",
    "transpose",
    "wait_flag",
    "wait_pre_block",
    "whole_reduce_max",
    "whole_reduce_min",
    "whole_reduce_sum",
]
__all__ += [
    "check_local_memory_ia",
    "data_cache_clean_and_invalid",
    "data_cache_preload",
    "data_sync_barrier",
    "dump_acc_chk_point",
    "get_arch_version",
    "get_data_block_size_in_bytes",
    "get_hccl_context",
    "get_icache_preload_status",
    "get_program_counter",
    "get_store_atomic_config",
    "get_sys_workspace",
    "get_system_cycle",
    "get_task_ratio",
    "icache_preload",
    "init_soc_state",
    "metrics_prof_start",
    "metrics_prof_stop",
    "print_time_stamp",
    "set_hccl_context",
    "set_store_atomic_config",
    "set_sys_workspace",
    "trap",
]
__all__ += ["ListTensorDesc", "TensorDesc"]
