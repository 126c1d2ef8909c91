"""Reference records of the system APIs (``docs/reference/basic/system_control.md``) and of the
checkpoint and profiling APIs (``docs/reference/basic/profiling.md``)."""

from __future__ import annotations

from ascx.language.reference import ApiEntry, Family

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
        ApiEntry(
            f"{_B}.cache:data_cache_clean_and_invalid",
            "Write the data cache's dirty lines of ``dst`` back and invalidate them, so that what the scalar unit "
            "reads and writes through the cache meets what the DMA pipes read and write.",
            (
                "asc.data_cache_clean_and_invalid(entire_type, dst, dcci_dst=None)",
                "asc.data_cache_clean_and_invalid(entire_type, dcci_dst, dst)",
            ),
            (
                "template <typename T, CacheLine entireType, DcciDst dcciDst> "
                "void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst);",
                "template <typename T, CacheLine entireType, DcciDst dcciDst> "
                "void DataCacheCleanAndInvalid(const LocalTensor<T>& dst);",
                "template <typename T, CacheLine entireType> "
                "void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst);",
            ),
            (
                (
                    "entire_type",
                    "``asc.CacheLine.SINGLE_CACHE_LINE`` (the line of ``dst``'s address) or "
                    "``ENTIRE_DATA_CACHE`` (the whole cache; slow)",
                ),
                ("dst", "a ``GlobalTensor``, or a ``LocalTensor`` with ``dcci_dst``"),
                ("dcci_dst", "an ``asc.DcciDst``: which cache"),
            ),
            (
                'The modes are enum members: "data_cache_clean_and_invalid: entire_type must be an asc.CacheLine, '
                'got the int 0".',
                'A LocalTensor needs ``dcci_dst``: "data_cache_clean_and_invalid: a LocalTensor needs dcci_dst (CANN '
                'has no DataCacheCleanAndInvalid<T, entireType> of a LocalTensor)".',
            ),
            ("The scalar pipe reads and writes ``dst`` (the sync passes order it like a scalar access).",),
        ),
        ApiEntry(
            f"{_B}.common:data_cache_preload",
            "Load the cache line ``cache_offset`` bytes into ``src`` into the data cache (a hint).",
            ("asc.data_cache_preload(src, cache_offset)",),
            ("template <typename T> void DataCachePreload(const GlobalTensor<uint64_t>& src, const T cacheOffset);",),
            (("src", "a ``GlobalTensor`` of ``uint64``"), ("cache_offset", "bytes; passed as ``int64_t``")),
            (
                '"data_cache_preload: src must be a GlobalTensor of uint64, got float16 (CANN: const '
                'GlobalTensor<uint64_t>& src)".',
            ),
            (
                "CANN accepts an ``int16_t`` or ``int64_t`` offset; ascx always writes ``<int64_t>`` (pyasc passes an "
                "``int32_t`` constant, which CANN's dav-c220 implementation does not support).",
                "More than four preloads in a row stall the scalar pipe (CANN).",
            ),
        ),
        ApiEntry(
            f"{_B}.cache:icache_preload",
            "Preload ``pre_fetch_len`` 2 KiB units of the kernel's instructions into the instruction cache (a hint).",
            ("asc.icache_preload(pre_fetch_len)",),
            ("void ICachePreLoad(const int64_t preFetchLen);",),
            rules=(
                "A constant length is below the instruction cache's size in 2 KiB units: 8 on a vector core (16 KiB), "
                '16 in a cube-only kernel (32 KiB): "icache_preload: pre_fetch_len counts 2 KiB units and must be 0 to '
                '7, got 8 (the instruction cache is 16 KiB on a vector core)".',
            ),
        ),
        ApiEntry(
            f"{_B}.cache:get_icache_preload_status",
            "0 when the last ``icache_preload`` has completed, 1 while it runs (``int64``; always 0 on the emulation).",
            ("status = asc.get_icache_preload_status()",),
            ("int64_t GetICachePreloadStatus();",),
        ),
        ApiEntry(
            f"{_B}.sys_var:get_system_cycle",
            "The system counter (``int64``): 50 counts a microsecond on the 910B.  It is read on the scalar pipe: "
            "to time another pipe's work, put a ``pipe_barrier`` of that pipe before it.",
            ("cycle = asc.get_system_cycle()",),
            ("int64_t GetSystemCycle();",),
            notes=("On the emulation it follows the host's steady clock at 50 MHz and always advances.",),
        ),
        ApiEntry(
            f"{_B}.sys_var:get_program_counter",
            "Where the program is (``int64``).",
            ("pc = asc.get_program_counter()",),
            ("int64_t GetProgramCounter();",),
            notes=("On the emulation: the kernel's Python source line being run.",),
        ),
        ApiEntry(
            f"{_B}.sys_var:get_arch_version",
            "The AI core's architecture version, hexadecimal coded (``uint32``; ``0x220`` on the 910B): written into "
            "a ``uint32_t`` variable initialised with ``core_version``, which ascx returns.",
            ("version = asc.get_arch_version(core_version)",),
            ("void GetArchVersion(uint32_t& coreVersion);",),
            notes=("pyasc's returns nothing, so the version is lost; ascx returns it.",),
        ),
        ApiEntry(
            f"{_B}.sys_var:get_data_block_size_in_bytes",
            "The bytes of a data block: 32 (``int32``).",
            ("size = asc.get_data_block_size_in_bytes()",),
            ("constexpr int16_t GetDataBlockSizeInBytes();",),
        ),
        ApiEntry(
            f"{_B}.sys_var:get_task_ratio",
            "How many cores of this kind the task has per logical AI core (``int64``): 2 on a vector core of a MIX "
            "1:2 kernel, otherwise 1.",
            ("ratio = asc.get_task_ratio()",),
            ("int64_t GetTaskRatio();",),
        ),
        ApiEntry(
            f"{_B}.sys_var:trap",
            "Stop the AI core: an exception for the host.  On the emulation the run fails at the call with "
            '"Trap() stopped the kernel".',
            ("asc.trap()",),
            ("void Trap();",),
        ),
        ApiEntry(
            f"{_B}.block_sync:data_sync_barrier",
            "The scalar unit waits until its earlier memory accesses have completed: of GM and UB (``ALL``), GM "
            "(``DDR``), UB, or SEQ.",
            ("asc.data_sync_barrier(asc.MemDsbT.ALL)",),
            ("template <MemDsbT arg0> void DataSyncBarrier();",),
            rules=('"data_sync_barrier: arg0 must be an asc.MemDsbT, got the int 0".',),
            notes=("It orders the scalar unit's own accesses; pipes are ordered with flags and barriers.",),
        ),
        ApiEntry(
            f"{_B}.common:set_store_atomic_config",
            "The atomic mode of later copies to GM: they add to the data there in ``atomic_type`` "
            "(``AtomicDtype.ATOMIC_NONE``: they overwrite again).",
            ("asc.set_store_atomic_config(atomic_type, atomic_op)",),
            ("template <AtomicDtype type, AtomicOp op> void SetStoreAtomicConfig();",),
            (
                (
                    "atomic_type",
                    "an ``asc.AtomicDtype``: ``ATOMIC_NONE``, ``ATOMIC_F32``, ``ATOMIC_F16``, ``ATOMIC_S16``, "
                    "``ATOMIC_S32``, ``ATOMIC_S8``, ``ATOMIC_BF16``",
                ),
                ("atomic_op", "``asc.AtomicOp.ATOMIC_SUM``"),
            ),
            ('"set_store_atomic_config: atomic_op must be an asc.AtomicOp, got the int 0".',),
            (
                "The same mode as ``set_atomic_add(dtype)``; ``ascx-verify-pipe-sync``'s AT rules do not follow this "
                "call yet.",
            ),
        ),
        ApiEntry(
            f"{_B}.common:get_store_atomic_config",
            "The store atomic's type and operation, as the numbers of ``asc.AtomicDtype`` and ``asc.AtomicOp`` (two "
            "``uint16``; type 0 when no atomic add is set).",
            ("atomic_type, atomic_op = asc.get_store_atomic_config()",),
            ("void GetStoreAtomicConfig(uint16_t& atomicType, uint16_t& atomicOp);",),
        ),
        ApiEntry(
            f"{_B}.common:init_soc_state",
            "Reset the core's state: no atomic mode, mask mode normal, the vector mask full (on a cube core, the "
            "load padding value and boundary).",
            ("asc.init_soc_state()",),
            ("void InitSocState();",),
        ),
        ApiEntry(
            "ascx.language.core.system_params:CheckLocalMemoryIAParam",
            "The set-up of ``check_local_memory_ia``: which exception register, the UB range ``(start_addr, "
            "end_addr]`` in 32-byte units, the kinds of access to trap, and whether the register is armed.",
            (
                "asc.CheckLocalMemoryIAParam(enable_bit=0, start_addr=0, end_addr=0, is_scalar_read=False, "
                "is_scalar_write=False, is_vector_read=False, is_vector_write=False, is_mte_read=False, "
                "is_mte_write=False, is_enable=False)",
            ),
            (
                "struct CheckLocalMemoryIAParam { uint8_t enableBit; uint32_t startAddr; uint32_t endAddr; "
                "bool isScalarRead; ... bool isEnable; };",
            ),
            rules=(
                '"CheckLocalMemoryIAParam: enable_bit selects exception register 0 to 3, got 4"; '
                '"CheckLocalMemoryIAParam: end_addr counts 32-byte units, 0 to 65535, got 70000"; '
                '"CheckLocalMemoryIAParam: the range (start_addr, end_addr] is empty: 9 > 3".',
            ),
            title="asc.CheckLocalMemoryIAParam",
        ),
        ApiEntry(
            f"{_B}.common:check_local_memory_ia",
            "Arm exception register ``enable_bit`` to trap the selected kinds of UB access (scalar, vector, MTE; "
            "read, write) in the 32-byte units ``(start_addr, end_addr]``; a call with ``is_enable=False`` disarms "
            "it (CANN: disarm after each use).",
            ("asc.check_local_memory_ia(asc.CheckLocalMemoryIAParam(...))",),
            ("void CheckLocalMemoryIA(const CheckLocalMemoryIAParam& checkParams);",),
            rules=('"check_local_memory_ia: check_params must be an asc.CheckLocalMemoryIAParam, got the int 3".',),
            notes=(
                'On the emulation an armed register stops the kernel at a watched access: "Duplicate: vector write of '
                "UB bytes 0..255 hits the range (1, 3] of 32-byte units that CheckLocalMemoryIA armed in exception "
                'register 2".',
            ),
        ),
        ApiEntry(
            f"{_B}.common:set_hccl_context",
            "Store the address of HCCL communication context ``index`` (0 or 1) for the collective-communication "
            "library.",
            ("asc.set_hccl_context(index, context)",),
            ("template <uint32_t index> void SetHcclContext(__gm__ uint8_t* context);",),
            (("index", "0 or 1, a compile-time int (a template argument)"), ("context", "a global address")),
            (
                '"set_hccl_context: index must be 0 or 1 (a core keeps two HCCL contexts), got 2"; "get_hccl_context: '
                'index must be a compile-time int (it is a template argument), got a runtime int32 value".',
            ),
        ),
        ApiEntry(
            f"{_B}.common:get_hccl_context",
            "The address ``set_hccl_context`` stored for context ``index`` (a ``uint8`` address).",
            ("context = asc.get_hccl_context(index)",),
            ("template <uint32_t index> __gm__ uint8_t* GetHcclContext();",),
        ),
        ApiEntry(
            f"{_B}.common:set_sys_workspace",
            "Set the system workspace library APIs use (a workspace already set is kept).",
            ("asc.set_sys_workspace(workspace)",),
            ("void SetSysWorkspace(GM_ADDR workspace);",),
            rules=(
                '"set_sys_workspace: workspace must be a global address (a pointer parameter of the kernel), got the '
                'int 0".',
            ),
            notes=("CANN marks ``SetSysWorkspace`` deprecated.",),
        ),
        ApiEntry(
            f"{_B}.common:get_sys_workspace",
            "The system workspace (a ``uint8`` address): the one ``set_sys_workspace`` set, else the runtime's.",
            ("workspace = asc.get_sys_workspace()",),
            ("__gm__ uint8_t* GetSysWorkSpacePtr();  // outside namespace AscendC",),
        ),
        ApiEntry(
            "ascx.language.core.system_params:SliceInfo",
            "One dimension of a sliced copy: elements ``start_index`` to ``end_index``, ``stride`` apart, in bursts of "
            "``burst_len`` elements, of a dimension of ``shape_value`` elements.",
            ("asc.SliceInfo(start_index=0, end_index=None, stride=0, burst_len=None, shape_value=0)",),
            (
                "struct SliceInfo { uint32_t startIndex; uint32_t endIndex = 31; uint32_t stride; "
                "uint32_t burstLen = 32; uint32_t shapeValue; };",
            ),
            notes=("``end_index`` defaults to 31 and ``burst_len`` to 32, as in CANN.",),
            title="asc.SliceInfo",
        ),
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
    (
        ApiEntry(
            f"{_B}.debug:dump_acc_chk_point",
            "Print ``dump_size`` elements of ``tensor`` from element ``count_off``, labelled with the number "
            "``index``.",
            ("asc.dump_acc_chk_point(tensor, index, count_off, dump_size)",),
            (
                "template <typename T> void DumpAccChkPoint(const LocalTensor<T>& tensor, uint32_t index, "
                "uint32_t countOff, uint32_t dumpSize);",
                "template <typename T> void DumpAccChkPoint(const GlobalTensor<T>& tensor, uint32_t index, "
                "uint32_t countOff, uint32_t dumpSize);",
            ),
            rules=(
                'A checkpoint prints at most 30 KiB: "dump_acc_chk_point: 20000 float16 elements are 40000 bytes, '
                'more than the 30 KiB a checkpoint prints (CANN prints nothing then)".',
                'In the unified buffer the offset keeps 32-byte alignment: "dump_acc_chk_point: count_off 3 puts the '
                'dump at byte 6 of a unified-buffer tensor, which is not 32-byte aligned".',
            ),
        ),
        ApiEntry(
            f"{_B}.debug:print_time_stamp",
            "Record a time stamp labelled ``desc_id`` (in builds with ``ASCENDC_TIME_STAMP_ON``; otherwise nothing).",
            ("asc.print_time_stamp(desc_id)",),
            ("void PrintTimeStamp(uint32_t descId);",),
        ),
        ApiEntry(
            f"{_B}.debug:metrics_prof_start",
            "Start the profiler's metrics collection.",
            ("asc.metrics_prof_start()",),
            ("void MetricsProfStart();",),
        ),
        ApiEntry(
            f"{_B}.debug:metrics_prof_stop",
            "Stop the profiler's metrics collection.",
            ("asc.metrics_prof_stop()",),
            ("void MetricsProfStop();",),
        ),
    ),
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
    (),
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
    modules=(f"{_B}.list_tensor",),
)

FAMILIES = (SYSTEM_CONTROL, PROFILING, LIST_TENSOR)
