"""pyasc's ``asc.language.basic``: data movement, vector ops, synchronisation, system values,
atomics and debug output."""

from ascx.lazy_exports import lazy_exports


def _document() -> None:
    from ascx.language.docstrings import docstrings_wanted

    if docstrings_wanted():
        from ascx.language.reference import document_package

        document_package(__name__)


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
