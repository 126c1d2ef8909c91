"""Reference records of ``asc.language.basic``: data movement, the vector op families, synchronisation,
system values, atomics and debug output (rendered by ``ascx.language.reference``)."""

from __future__ import annotations

from ascx.language.basic.api_docs_reduce_sort import SCALAR_UNIT, SORT, VECTOR_REDUCE
from ascx.language.basic.api_docs_system import FAMILIES as SYSTEM_FAMILIES
from ascx.language.basic.api_docs_vector_data import VECTOR_DATA, VECTOR_FUSED, VECTOR_MASK
from ascx.language.basic.cube_api_docs import FAMILIES as CUBE_FAMILIES
from ascx.language.reference import Family

_B = "ascx.language.basic"

DATA_COPY = Family(
    "basic/data_copy",
    "Data movement: `data_copy`, `data_copy_pad` and their parameters, `init_global_memory`",
    """
    `data_copy` moves data between global memory and on-chip tensors, or between on-chip tensors.
    Its pipe follows the direction: GM to UB on MTE2, UB to GM on MTE3, UB to UB on the vector pipe
    (docs/sync-model.md#which-pipe-runs-what).  The count form moves `count` elements; the `DataCopyParams` form
    moves `block_count` blocks of `block_len` 32-byte units with gaps between them.
    `data_copy_pad` measures blocks in bytes and pads each to 32 bytes on chip.  Struct fields take
    their C++ types: a constant is a literal, a runtime value is converted.
    """,
    (f"{_B}.data_copy", f"{_B}.global_memory", "ascx.language.core.params"),
    """
    @asc.jit
    def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
        pipe = asc.TPipe()
        xg = asc.GlobalTensor()
        xg.set_global_buffer(x)
        yg = asc.GlobalTensor()
        yg.set_global_buffer(y, 4096)
        asc.init_global_memory(yg, 4096, 0.0)
        a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 1024)
        b = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 2048, 1024)
        asc.data_copy(a, xg, 1024)
        asc.data_copy(b, a, count=n)
        asc.data_copy(yg[n:], b, asc.DataCopyParams(block_count=n, block_len=8))
        asc.data_copy_pad(a, xg, asc.DataCopyExtParams(1, 20), asc.DataCopyPadExtParams(asc.float16, True, 0, 6))
        asc.data_copy_pad(yg, b, asc.DataCopyExtParams(1, 20))
        asc.data_copy_pad(a, xg, asc.DataCopyParams(1, 20), asc.DataCopyPadParams(True, 0, 6, 0))
    """,
    "(MockTensor(asc.float16), MockTensor(asc.float16), MockValue(asc.int32))",
)

VECTOR_BINARY = Family(
    "basic/vector_binary",
    "Vector ops: element-wise binary",
    """
    Element-wise operations of two tensors, on the vector pipe.  Each has a count form (the first
    `count` elements) and a mask form (`repeat_times` repeats of 256 bytes, with a mask of the
    elements of each repeat and the strides of a `BinaryRepeatParams`).  pyasc's dispatch order and
    keywords are kept: the mask forms are tried first, then the count form.
    """,
    (f"{_B}.vec_binary", "ascx.language.core.params"),
    """
    @asc.jit
    def kernel(n: int) -> None:
        a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
        b = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 512, 256)
        c = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 1024, 256)
        i = asc.LocalTensor(asc.int16, asc.TPosition.VECCALC, 2048, 256)
        asc.add(c, a, b, 256)
        asc.sub(c, a, b, 128, 2, asc.BinaryRepeatParams())
        asc.mul(c, a, b, [n, 0], 2, asc.BinaryRepeatParams(), False)
        asc.div(c, a, b, n)
        asc.max(c, a, b, 256)
        asc.min(c, a, b, 256)
        asc.bitwise_and(i, i, i, 256)
        asc.bitwise_or(i, i, i, 256)
    """,
    "(MockValue(asc.int32),)",
)

VECTOR_BINARY_SCALAR = Family(
    "basic/vector_binary_scalar",
    "Vector ops: element-wise with a scalar",
    """
    Element-wise operations of a tensor and a scalar, on the vector pipe.  Ascend C names the
    element type and `isSetMask` in the template of both forms.
    """,
    (f"{_B}.vec_binary_scalar",),
    """
    @asc.jit
    def kernel(alpha: float) -> None:
        a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
        c = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 1024, 256)
        asc.adds(c, a, 1.0, 256)
        asc.muls(c, a, alpha, 64, 4, asc.UnaryRepeatParams())
        asc.maxs(c, a, 0.0, 256, False)
        asc.mins(c, a, 6.0, count=256)
        asc.leaky_relu(c, a, alpha, 256)
        i = asc.LocalTensor(asc.int16, asc.TPosition.VECCALC, 2048, 256)
        asc.shift_left(i, i, 3, 256)
        asc.shift_right(i, i, 1, 128, 2, asc.UnaryRepeatParams())
    """,
    "(MockValue(asc.float32),)",
)

VECTOR_UNARY = Family(
    "basic/vector_unary",
    "Vector ops: element-wise unary",
    """
    Element-wise functions of one tensor, on the vector pipe, in the count and mask forms.
    """,
    (f"{_B}.vec_unary", "ascx.language.core.params"),
    """
    @asc.jit
    def kernel(n: int) -> None:
        a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
        c = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 1024, 256)
        i = asc.LocalTensor(asc.int16, asc.TPosition.VECCALC, 2048, 256)
        asc.abs(c, a, 256)
        asc.exp(c, a, 128, 2, asc.UnaryRepeatParams())
        asc.ln(c, a, n)
        asc.sqrt(c, a, 256)
        asc.rsqrt(c, a, 256)
        asc.reciprocal(c, a, 256)
        asc.relu(c, a, [0xFFFF, 0], 1, asc.UnaryRepeatParams(), False)
        asc.bitwise_not(i, i, 256)
    """,
    "(MockValue(asc.int32),)",
)

VECTOR_CONVERSION = Family(
    "basic/vector_conversion",
    "Vector ops: `cast` and `duplicate`",
    """
    `cast` converts element types with a rounding mode; `duplicate` fills a tensor with a scalar.
    Both run on the vector pipe.
    """,
    (f"{_B}.vec_cast", f"{_B}.vec_duplicate"),
    """
    @asc.jit
    def kernel(value: float) -> None:
        h = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
        w = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 1024, 256)
        asc.cast(w, h, asc.RoundMode.CAST_NONE, 256)
        asc.cast(h, w, asc.RoundMode.CAST_RINT, 64, 4, asc.UnaryRepeatParams(1, 1, 4, 8))
        asc.duplicate(w, value, 256)
        asc.duplicate(h, 0.0, 128, 2, 1, 8)
    """,
    "(MockValue(asc.float32),)",
)

VECTOR_COMPARE_SELECT = Family(
    "basic/vector_compare_select",
    "Vector ops: `compare`, `compare_scalar` and `select`",
    """
    `compare` and `compare_scalar` write one bit per element into a `uint8` tensor; `select` takes
    each element from `src0` where the mask bit is set and from `src1` (a tensor or a scalar)
    where it is not.  The register forms work on the CMPMASK register instead
    ([the mask registers](vector_mask.md)): `compare(src0, src1, cmp_mode, mask, repeat_params)`
    writes its bits there (one repeat), and `select` without a `sel_mask` (CMPMASK mode) or without
    a `src1` (the scalar in CMPMASK) reads it.  pyasc's dispatch order is kept: the register forms
    are tried first.
    """,
    (f"{_B}.vec_cmpsel",),
    """
    @asc.jit
    def kernel(threshold: float) -> None:
        a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
        b = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 512, 256)
        c = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 1024, 256)
        bits = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 2048, 32)
        asc.compare(bits, a, b, asc.CMPMODE.LT, 256)
        asc.compare_scalar(bits, a, threshold, asc.CMPMODE.GE, 128, 2, asc.UnaryRepeatParams())
        asc.select(c, bits, a, b, asc.SelMode.VSEL_TENSOR_TENSOR_MODE, 256)
        asc.select(c, bits, a, 0.0, asc.SelMode.VSEL_TENSOR_SCALAR_MODE, 128, 2, asc.BinaryRepeatParams())
        asc.compare(a, b, asc.CMPMODE.GT, 128, asc.BinaryRepeatParams())
        asc.select(c, a, b, 1, asc.BinaryRepeatParams(), asc.SelMode.VSEL_CMPMASK_SPR)
        asc.select(c, bits, a, 2, asc.BinaryRepeatParams())
    """,
    "(MockValue(asc.float32),)",
)

SYNC = Family(
    "basic/sync",
    "Synchronisation: flags, barriers, cross-core flags, inter-block sync",
    """
    The pipes of a core run in parallel; these calls order them (docs/sync-model.md#ordering-primitives).
    `set_flag(E, id)` is issued into the source pipe of event `E` and `wait_flag(E, id)` into its
    destination pipe; `pipe_barrier(p)` orders a pipe's later work after its earlier work.
    Cross-core flags signal between the cube and vector cores of a group or between blocks;
    `sync_all` waits for every block, `ib_set`/`ib_wait` let one block wait for an event of
    another, and `wait_pre_block`/`notify_next_block` run a section block after block.
    """,
    (f"{_B}.block_sync",),
    """
    @asc.jit
    def kernel(w: asc.GlobalAddress, n: int) -> None:
        pipe = asc.TPipe()  # the inter-block calls below take event ids from it (XC-9)
        asc.set_flag(asc.HardEvent.MTE2_V, 0)
        asc.wait_flag(asc.HardEvent.MTE2_V, 0)
        asc.set_flag(asc.HardEvent.V_MTE3, n % 2)
        asc.wait_flag(asc.HardEvent.V_MTE3, n % 2)
        asc.pipe_barrier(asc.PipeID.PIPE_V)
        asc.cross_core_set_flag(3, 1, asc.PipeID.PIPE_MTE3)
        asc.cross_core_wait_flag(3, 1, asc.PipeID.PIPE_V)
        asc.sync_all()
        gm = asc.GlobalTensor()
        gm.set_global_buffer(w)
        ub = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 0, 256)
        asc.sync_all(gm, ub, asc.get_block_num())
        if asc.get_block_idx() == 0:
            asc.ib_set(gm, ub, 0, 1)
        else:
            asc.ib_wait(gm, ub, 0, 1)
        asc.wait_pre_block(gm, ub)
        asc.notify_next_block(gm, ub)
    """,
    "(MockTensor(asc.int32), MockValue(asc.int32))",
)


SYSTEM = Family(
    "basic/system",
    "System values and the core type",
    """
    Where the running core is.  In a MIX kernel, user code after `register_matmul` runs on the
    vector cores; `ascend_is_aic()`/`ascend_is_aiv()` test the core type (docs/sync-model.md#cores-and-kernel-types).
    """,
    (f"{_B}.sys_var",),
    """
    @asc.jit
    def kernel(x: asc.GlobalAddress, block_length: int) -> None:
        g = asc.GlobalTensor()
        g.set_global_buffer(x + asc.get_block_idx() * block_length, block_length)
        blocks = asc.get_block_num()
        lane = asc.get_sub_block_idx()
        lanes = asc.get_sub_block_num()
        if asc.ascend_is_aiv():
            asc.pipe_barrier(asc.PipeID.PIPE_V)
        if asc.ascend_is_aic():
            asc.pipe_barrier(asc.PipeID.PIPE_M)
    """,
    "(MockTensor(asc.float16), MockValue(asc.int32))",
)

ATOMIC = Family(
    "basic/atomic",
    "Atomic copies to global memory",
    """
    The atomic mode decides how later copies to global memory combine with the data already there,
    until `set_atomic_none`.
    """,
    (f"{_B}.atomic",),
    """
    @asc.jit
    def kernel(y: asc.GlobalAddress) -> None:
        yg = asc.GlobalTensor()
        yg.set_global_buffer(y)
        partial = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 0, 256)
        asc.set_atomic_add(asc.float32)
        asc.set_atomic_type(asc.float32)
        asc.data_copy(yg, partial, 256)
        asc.set_atomic_none()
        asc.set_atomic_max(asc.float32)
        asc.set_atomic_none()
        asc.set_atomic_min(asc.float32)
        asc.set_atomic_none()
    """,
    "(MockTensor(asc.float32),)",
)

DEBUG = Family(
    "basic/debug",
    "Debug output: `printf` and `dump_tensor`",
    """
    A kernel that prints gets the hidden `__gm__ uint8_t* dump_addr` parameter and starts with
    `AscendC::InitDump` (inside `#if defined ASCENDC_DUMP`); the output appears in builds that
    define `ASCENDC_DUMP`.
    """,
    (f"{_B}.debug",),
    """
    @asc.jit
    def kernel(x: asc.GlobalAddress, n: int) -> None:
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        asc.printf("block %d: %s\\n", asc.get_block_idx(), "start")
        asc.dump_tensor(g, 1, n)
    """,
    "(MockTensor(asc.float16), MockValue(asc.int32))",
)

FAMILIES = (
    DATA_COPY,
    VECTOR_BINARY,
    VECTOR_BINARY_SCALAR,
    VECTOR_UNARY,
    VECTOR_CONVERSION,
    VECTOR_REDUCE,
    SORT,
    SCALAR_UNIT,
    VECTOR_COMPARE_SELECT,
    VECTOR_MASK,
    VECTOR_DATA,
    VECTOR_FUSED,
    SYNC,
    SYSTEM,
    ATOMIC,
    DEBUG,
    *SYSTEM_FAMILIES,
    *CUBE_FAMILIES,
)
