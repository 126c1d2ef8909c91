"""Reference records of the system APIs (``docs/reference/basic/system_control.md``) and of the
checkpoint and profiling APIs (``docs/reference/basic/profiling.md``)."""

from __future__ import annotations

from ascx.language.reference import Family

_B = "ascx.language.basic"
_RECORDS = "ascx.language.basic.api_docs_system"

SYSTEM_CONTROL = Family(
    "basic/system_control",
    "Caches, system values and core state",
    """
    Cache maintenance, the system counters and versions, `trap`, `data_sync_barrier`, the store atomic
    configuration, `init_soc_state`, `check_local_memory_ia` and the addresses the libraries share (the
    HCCL contexts, the system workspace).  Every call runs on the scalar pipe (`PIPE_S`).  On the CPU
    emulation memory is coherent and the pipes complete in order, so cache maintenance, preloads and
    `data_sync_barrier` change nothing there; what a call reports or changes in the core's state is
    modelled: the counters advance, `trap` stops the kernel at the call, the store atomic configuration
    is the atomic mode of copies to GM, an armed exception register stops the UB access it watches.
    """,
    (
        f"{_B}.cache",
        f"{_B}.common",
        f"{_B}.sys_var",
        f"{_B}.block_sync",
        "ascx.language.core.system_params",
    ),
    """
    @asc.jit
    def kernel(x: asc.GlobalAddress, w: asc.GlobalAddress, n: int) -> None:
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        words = asc.GlobalTensor()
        words.set_global_buffer(w)
        asc.data_cache_preload(words, 0)
        asc.icache_preload(2)
        status = asc.get_icache_preload_status()
        start = asc.get_system_cycle()
        asc.set_store_atomic_config(asc.AtomicDtype.ATOMIC_F32, asc.AtomicOp.ATOMIC_SUM)
        atomic_type, atomic_op = asc.get_store_atomic_config()
        asc.set_store_atomic_config(asc.AtomicDtype.ATOMIC_NONE, asc.AtomicOp.ATOMIC_SUM)
        asc.data_sync_barrier(asc.MemDsbT.ALL)
        g.set_value(0, 1.0)
        asc.data_cache_clean_and_invalid(asc.CacheLine.SINGLE_CACHE_LINE, g, asc.DcciDst.CACHELINE_OUT)
        version = asc.get_arch_version(0)
        block_bytes = asc.get_data_block_size_in_bytes()
        ratio = asc.get_task_ratio()
        pc = asc.get_program_counter()
        asc.init_soc_state()
        watch = asc.CheckLocalMemoryIAParam(0, 0, 8, is_vector_write=True, is_enable=True)
        asc.check_local_memory_ia(watch)
        asc.check_local_memory_ia(asc.CheckLocalMemoryIAParam(0))
        asc.set_hccl_context(0, x)
        context = asc.get_hccl_context(0)
        asc.set_sys_workspace(w)
        workspace = asc.get_sys_workspace()
        part = asc.SliceInfo(0, 15, 0, 16, 16)
        if n > 100:
            asc.trap()
        asc.printf("%d %d %d %d %d\\n", asc.get_system_cycle() - start, status, version, ratio, pc)
    """,
    "(MockTensor(asc.float32), MockTensor(asc.uint64), MockValue(asc.int32))",
    records=_RECORDS,
)

PROFILING = Family(
    "basic/profiling",
    "Checkpoints and profiling marks",
    """
    `dump_acc_chk_point` prints part of a tensor, like `dump_tensor` (the kernel gets the dump buffer and
    `InitDump`); `print_time_stamp` records a time stamp in builds with `ASCENDC_TIME_STAMP_ON`;
    `metrics_prof_start`/`metrics_prof_stop` bracket the code the NPU profiler measures (nothing on the
    emulation).
    """,
    (f"{_B}.debug",),
    """
    @asc.jit
    def kernel(x: asc.GlobalAddress, n: int) -> None:
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        ub = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, 256)
        asc.metrics_prof_start()
        asc.print_time_stamp(1)
        asc.data_copy(ub, g, 256)
        asc.dump_acc_chk_point(ub, 10, 16, 32)
        asc.print_time_stamp(2)
        asc.metrics_prof_stop()
    """,
    "(MockTensor(asc.float16), MockValue(asc.int32))",
    records=_RECORDS,
)

LIST_TENSOR = Family(
    "basic/list_tensor",
    "Tensor lists: `TensorDesc` and `ListTensorDesc`",
    """
    A list of tensors in one GM buffer, as the framework passes a dynamic number of inputs, decoded by
    the scalar unit.  The buffer holds a `uint64` header (the byte offset of the data pointers), one
    record per tensor (a word whose low 32 bits are its number of dimensions, the first record's high
    32 bits the number of tensors, then one word per dimension) and the tensors' data pointers.  A
    kernel that uses them includes `kernel_operator_list_tensor_intf.h`.  On the emulation every word
    of the list is read with a bounds check, and a list whose records do not end where its pointers
    start is an error ("ListTensorDesc::Init: the list's records (2 of 3 words) do not end where its
    data pointers start (word 8)").
    """,
    (f"{_B}.list_tensor",),
    """
    @asc.jit
    def kernel(inputs: asc.GlobalAddress, out: asc.GlobalAddress) -> None:
        o = asc.GlobalTensor()
        o.set_global_buffer(out)
        descs = asc.ListTensorDesc(inputs)
        late = asc.ListTensorDesc()
        late.init(inputs, 0xffffffff, 0xffffffff)
        shape = asc.array(asc.uint64, 8)
        desc = asc.TensorDesc(asc.float32)
        desc.set_shape_addr(shape)
        descs.get_desc(desc, 0)
        first = desc.get_data_obj()
        rows = desc.get_shape(0)
        dims = desc.get_dim()
        index = desc.get_index()
        data = asc.GlobalTensor()
        data.set_global_buffer(descs.get_data_ptr(late.get_size() - 1, asc.float32))
        same = asc.GlobalTensor()
        same.set_global_buffer(desc.get_data_ptr())
        o.set_value(0, first.get_value(0) + data.get_value(0) + same.get_value(1))
    """,
    "(MockTensor(asc.uint8), MockTensor(asc.float32))",
    records=_RECORDS,
)

FAMILIES = (SYSTEM_CONTROL, PROFILING, LIST_TENSOR)
