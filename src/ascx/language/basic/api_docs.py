"""Reference records of ``asc.language.basic``: data movement, the vector op families, synchronisation,
system values, atomics and debug output (rendered by ``ascx.language.reference``)."""

from __future__ import annotations

from ascx.language.basic.api_docs_reduce_sort import SCALAR_UNIT, SORT, VECTOR_REDUCE
from ascx.language.basic.api_docs_system import FAMILIES as SYSTEM_FAMILIES
from ascx.language.basic.api_docs_vector_data import VECTOR_DATA, VECTOR_FUSED, VECTOR_MASK
from ascx.language.basic.cube_api_docs import FAMILIES as CUBE_FAMILIES
from ascx.language.basic.dtype_rules import BINARY, BINARY_SCALAR, UNARY, pyasc_valid_types
from ascx.language.reference import ApiEntry, Family

_B = "ascx.language.basic"
_VECTOR_RULES = (
    'Every tensor is a LocalTensor in the unified buffer: "add: src1 is a GlobalTensor, but vector ops work on '
    'LocalTensors in the unified buffer"; a tensor at A1 etc.: "add: dst is at position A1, but vector ops work on '
    'the unified buffer (VECIN, VECOUT, VECCALC)".',
    'A constant count is positive ("add: count must be positive, got 0"); repeat counts and strides fit '
    '``uint8_t`` ("add: repeat_times 300 does not fit uint8").',
    'A call that fits no form lists the forms: "add(): no form takes (LocalTensor, LocalTensor, LocalTensor, float); '
    'the forms are: ...".',
)
_MASK_PARAMS = (
    ("count", "elements, from the start of each tensor"),
    (
        "mask",
        "the mask form: an int (how many elements of each 256-byte repeat), or a list of one or two 64-bit "
        "words (which elements), emitted as ``uint64_t mask[]``",
    ),
    ("repeat_times", "repeats of the mask"),
    ("is_set_mask", "compile-time; False when the mask register is already set"),
)


def _copy_rules() -> tuple[str, ...]:
    return (
        'One end is a LocalTensor: "data_copy: both dst and src are GlobalTensors; a copy moves data between global '
        'memory and a LocalTensor"; the data types agree: "data_copy: dst is float32 but src is float16; a copy does '
        'not convert".',
        'A constant count moves a multiple of 32 bytes: "data_copy: count * sizeof(float16) = 20 bytes is not a multiple '
        'of 32" (hint: ``data_copy_pad``).',
        "A queue tensor copied against its position (copy-in into VECOUT, copy-out of VECIN) compiles; "
        "``ascx-verify-pipe-sync`` warns (TQ-12) and reports the hazards it leaves unordered.",
        'Constant ``block_count`` and ``block_len`` are at least 1: "data_copy: block_len must be at least 1, got 0: the '
        'copy would move nothing".',
    )


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
    (
        ApiEntry(
            f"{_B}.data_copy:data_copy",
            "Copy ``count`` elements, or blocks described by a ``DataCopyParams``.",
            ("asc.data_copy(dst, src, count)", "asc.data_copy(dst, src, repeat_params)"),
            (
                "template <typename T> void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const uint32_t count);",
                "template <typename T> void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count);",
                "template <typename T> void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count);",
                "template <typename T> void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p);",
            ),
            (("count", "elements"), ("repeat_params", "a ``DataCopyParams``; pyasc's keyword (not ``params``)")),
            _copy_rules(),
            (
                "The cube forms (``Nd2NzParams``, ``Nz2NdParamsFull``, ``DataCopyCO12DstParams``, "
                "``DataCopyEnhancedParams``) are on the [cube data movement page](cube_data_movement.md).",
            ),
        ),
        ApiEntry(
            f"{_B}.data_copy:data_copy_pad",
            "Copy blocks whose length is in bytes; a copy from global memory pads each block to 32 bytes.  From "
            "UB into L1 (TSCM) with ``Nd2NzParams``, the blocks become one matrix in the NZ layout.",
            (
                "asc.data_copy_pad(dst, src, data_copy_params, pad_params)  # GM -> UB",
                "asc.data_copy_pad(dst, src, data_copy_params)  # UB -> GM",
                "asc.data_copy_pad(dst, src, data_copy_params, nd2nz_params)  # UB -> L1 (TSCM), ND -> NZ",
            ),
            (
                "template <typename T> void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, "
                "const DataCopyExtParams& p, const DataCopyPadExtParams<T>& pad);",
                "template <typename T> void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, "
                "const DataCopyExtParams& p);",
                "template <typename T> void DataCopyPad(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
                "const DataCopyExtParams& p, const Nd2NzParams& nd2nzParams);",
                "// and the same with DataCopyParams / DataCopyPadParams",
            ),
            (
                ("data_copy_params", "``DataCopyExtParams`` or ``DataCopyParams``"),
                ("pad_params", "``DataCopyPadExtParams`` (with the Ext params) or ``DataCopyPadParams``"),
                (
                    "nd2nz_params",
                    "``Nd2NzParams`` of the one ND matrix (``nd_num`` 1) the blocks form in GM, read from its start",
                ),
            ),
            (
                '"data_copy_pad: a copy from global memory needs pad_params"; "data_copy_pad: pad_params apply to copies from '
                'global memory only"; "data_copy_pad: pad_params are for float32, but the tensors are float16".',
                "UB -> L1 (CANN's DataCopyPad (UBToL1) page and its checks): ``src`` in UB (VECIN/VECOUT/VECCALC), "
                '``dst`` in TSCM: "data_copy_pad: dst is at position VECIN, but data_copy_pad takes it in TSCM"; the '
                "elements are of 1, 2 or 4 bytes (the cube core's ND -> NZ copy takes no other): "
                '"data_copy_pad: the data type is int64; data_copy_pad supports int8, uint8, int16, uint16, int32, uint32, '
                'float16, bfloat16, float32"; both tensors 32-byte aligned; ``block_count`` in [1, 4095], ``block_len`` in '
                '[1, 2097151] (``DataCopyParams``: [1, 65535]) and whole elements: "data_copy_pad: '
                'DataCopyExtParams.block_len is 63 bytes, not a multiple of sizeof(float16) = 2"; one matrix: "data_copy_pad: '
                'a UB -> L1 ND to NZ copy moves one matrix: nd_num must be 1, got 2"; the ``Nd2NzParams`` ranges of '
                "``data_copy``.",
            ),
            (
                "UB -> L1 runs on MTE3 for the sync analyses (the vector core issues it: on the NPU it copies the "
                "blocks to a relay in the Matmul API's workspace, ``dst_stride`` bytes apart, and the cube core moves "
                "the relay's matrix into TSCM, which is why CANN asks for a registered Matmul; ascx does not check that).",
                "The emulation models the relay: reading a byte of it that the UB -> GM stage did not write (rows "
                "``src_d_value`` apart that reach a gap or past the last block) is an error at the call.",
                "GM -> UB, as CANN's page says: each block starts a 32-byte aligned row, ``left_padding`` elements "
                "in; with both paddings 0 the rest of the row (the dummy) repeats the block's first element, "
                "whatever ``is_pad`` says; otherwise the paddings and the dummy hold the pad value register, which "
                "``is_pad`` loads with ``padding_value`` and ``asc.set_pad_value`` sets (CANN calls it random "
                "without either). UB -> GM reads each block from the start of its 32-byte row and drops the dummy.",
            ),
        ),
        ApiEntry(
            f"{_B}.global_memory:init_global_memory",
            "Set the first ``size`` elements of a GlobalTensor to ``value`` (CANN's ``InitGlobalMemory``, a utility "
            "of the high-level library), e.g. to clear a workspace or an output before atomic adds.",
            ("asc.init_global_memory(gm_workspace_addr, size, value)",),
            (
                "template <typename T> void InitGlobalMemory(GlobalTensor<T>& gmWorkspaceAddr, const uint64_t size, "
                "const T value);",
            ),
            (
                (
                    "gm_workspace_addr",
                    "a GlobalTensor of float16, float32, int16, uint16, int32 or uint32, with a size",
                ),
                ("size", "how many elements to set (``uint64``)"),
                ("value", "a number or runtime value of the tensor's type"),
            ),
            (
                'A GlobalTensor: "init_global_memory: gm_workspace_addr must be a GlobalTensor, got a LocalTensor"; of '
                'a type CANN lists: "init_global_memory: the GlobalTensor holds uint8; InitGlobalMemory supports '
                'uint16, int16, float16, uint32, int32, float32".',
                "A constant ``size`` is at most the tensor's known size (CANN's kernel check asserts it): "
                "\"init_global_memory: size 4097 is more than the GlobalTensor's 4096 elements; CANN's "
                'InitGlobalMemory checks size <= gmWorkspaceAddr.GetSize()". A tensor whose every '
                "``set_global_buffer`` gives no size (or 0) is a warning at the call naming each of them: CANN "
                'asserts ``GetSize() > 0`` only in its CPU-debug build, where the kernel aborts ("init_global_memory: '
                "the GlobalTensor has no size: CANN's InitGlobalMemory checks gmWorkspaceAddr.GetSize() > 0 in its "
                'CPU-debug build (...)"). Run-time sizes are checked by the emulation.',
                "After ``asc.TPipe()`` and before any ``init_buffer`` (CANN's page): \"init_global_memory: the kernel "
                'has no TPipe; CANN\'s InitGlobalMemory takes its buffer and event id from it", "init_global_memory: '
                "called after TPipe.init_buffer; CANN's InitGlobalMemory page supports it only before InitBuffer (it "
                "fills the unified buffer's free space)\".",
            ),
            (
                "For the sync analyses it is an MTE3 write of the tensor (CANN fills a unified-buffer block on the "
                "vector pipe and copies it out on MTE3, waiting for its copies at the end). CANN's page asks for an "
                "MTE3 -> MTE2 wait before later copies into the unified buffer and ``sync_all`` before other cores "
                "read what it wrote; ascx's analyses do not model its use of the unified buffer.",
                "pyasc has no ``init_global_memory``; ascx names CANN's function in pyasc's style.",
            ),
        ),
        ApiEntry(
            "ascx.language.core.params:DataCopyParams",
            "``block_count`` blocks of ``block_len`` 32-byte units; the strides skip 32-byte units between blocks.",
            ("asc.DataCopyParams(block_count=1, block_len=0, src_stride=0, dst_stride=0)",),
            ("AscendC::DataCopyParams p{blockCount, blockLen, srcStride, dstStride};  // uint16_t each",),
            rules=('Constants fit their fields: "DataCopyParams: block_count 70000 does not fit uint16".',),
            title="asc.DataCopyParams",
        ),
        ApiEntry(
            "ascx.language.core.params:DataCopyExtParams",
            "``data_copy_pad``'s copy parameters, with 32-bit lengths in bytes.",
            ("asc.DataCopyExtParams(block_count=1, block_len=0, src_stride=0, dst_stride=0, rsv=0)",),
            (
                "AscendC::DataCopyExtParams p{blockCount, blockLen, srcStride, dstStride, rsv};  // uint16_t, then uint32_t",
            ),
            title="asc.DataCopyExtParams",
        ),
        ApiEntry(
            "ascx.language.core.params:DataCopyPadParams",
            "Pad each copied block with ``left_padding``/``right_padding`` elements of ``padding_value``.",
            ("asc.DataCopyPadParams(is_pad=False, left_padding=0, right_padding=0, padding_value=0)",),
            ("AscendC::DataCopyPadParams p{isPad, leftPadding, rightPadding, paddingValue};",),
            rules=('``is_pad`` is a bool: "DataCopyPadParams: is_pad must be a bool, got int".',),
            title="asc.DataCopyPadParams",
        ),
        ApiEntry(
            "ascx.language.core.params:DataCopyPadExtParams",
            "As ``DataCopyPadParams``, with a padding value of the tensors' type ``dtype``.",
            ("asc.DataCopyPadExtParams(dtype, is_pad=False, left_padding=0, right_padding=0, padding_value=0)",),
            ("AscendC::DataCopyPadExtParams<T> p{isPad, leftPadding, rightPadding, paddingValue};",),
            title="asc.DataCopyPadExtParams",
        ),
    ),
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

_BINARY = {
    "add": ("Add", "dst = src0 + src1"),
    "sub": ("Sub", "dst = src0 - src1"),
    "mul": ("Mul", "dst = src0 * src1"),
    "div": ("Div", "dst = src0 / src1"),
    "max": ("Max", "dst = max(src0, src1)"),
    "min": ("Min", "dst = min(src0, src1)"),
    "bitwise_and": ("And", "dst = src0 & src1"),
    "bitwise_or": ("Or", "dst = src0 | src1"),
}


def _binary(name: str) -> ApiEntry:
    cpp, meaning = _BINARY[name]
    valid = BINARY[name]
    return ApiEntry(
        f"{_B}.vec_binary:{name}",
        f"Element-wise ``{meaning}``.",
        (
            f"asc.{name}(dst, src0, src1, count, is_set_mask=True)",
            f"asc.{name}(dst, src0, src1, mask, repeat_times, repeat_params, is_set_mask=True)",
        ),
        (
            f"template <typename T> void {cpp}(const LocalTensor<T>& dst, const LocalTensor<T>& src0, "
            "const LocalTensor<T>& src1, const int32_t& count);",
            f"template <typename T, bool isSetMask = true> void {cpp}(const LocalTensor<T>& dst, const LocalTensor<T>& src0, "
            "const LocalTensor<T>& src1, uint64_t mask / const uint64_t mask[], const uint8_t repeatTimes, "
            "const BinaryRepeatParams& repeatParams);",
        ),
        (*_MASK_PARAMS, ("repeat_params", "a ``BinaryRepeatParams``")),
        (
            f"Data types {', '.join(d.name for d in valid)}, all the same (pyasc's check and messages): \"Invalid dst data "
            f'type, got uint8, expect {pyasc_valid_types(valid)}"; "Src0 and src1 must be same type."; "Src0, src1 and '
            'dst must be same type.".',
            *_VECTOR_RULES,
        ),
        ("The count form ignores ``is_set_mask``, as in pyasc.",),
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
    (
        *(_binary(name) for name in _BINARY),
        ApiEntry(
            "ascx.language.core.params:BinaryRepeatParams",
            "Strides of the mask form of binary ops: within a repeat (blocks of 32 bytes) and between repeats.",
            (
                "asc.BinaryRepeatParams(dst_blk_stride=1, src0_blk_stride=1, src1_blk_stride=1, dst_rep_stride=8, "
                "src0_rep_stride=8, src1_rep_stride=8)",
            ),
            (
                "AscendC::BinaryRepeatParams p{dstBlkStride, src0BlkStride, src1BlkStride, dstRepStride, src0RepStride, "
                "src1RepStride};  // uint8_t each",
            ),
            title="asc.BinaryRepeatParams",
        ),
    ),
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

_BINARY_SCALAR = {
    "adds": ("Adds", "dst = src + scalar"),
    "muls": ("Muls", "dst = src * scalar"),
    "maxs": ("Maxs", "dst = max(src, scalar)"),
    "mins": ("Mins", "dst = min(src, scalar)"),
    "leaky_relu": ("LeakyRelu", "dst = src if src >= 0 else src * scalar"),
}


def _binary_scalar(name: str) -> ApiEntry:
    cpp, meaning = _BINARY_SCALAR[name]
    valid = BINARY_SCALAR[name]
    return ApiEntry(
        f"{_B}.vec_binary_scalar:{name}",
        f"Element-wise ``{meaning}``; the scalar is converted to the tensors' type.",
        (
            f"asc.{name}(dst, src, scalar, count, is_set_mask=True)",
            f"asc.{name}(dst, src, scalar, mask, repeat_times, repeat_params, is_set_mask=True)",
        ),
        (
            f"template <typename T, bool isSetMask = true> void {cpp}(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
            "const T& scalarValue, const int32_t& count);",
            f"template <typename T, bool isSetMask = true> void {cpp}(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
            "const T& scalarValue, uint64_t mask / const uint64_t mask[], const uint8_t repeatTimes, "
            "const UnaryRepeatParams& repeatParams);",
        ),
        (("scalar", "a number or a runtime scalar"), *_MASK_PARAMS, ("repeat_params", "a ``UnaryRepeatParams``")),
        (
            f'Data types {", ".join(d.name for d in valid)}: "{name}: src has data type int16; {name} supports '
            f'{", ".join(d.name for d in valid)}" (for an unsupported type); dst and src agree.',
            'A float scalar for an integer tensor: "muls: scalar 3.7 must be an integer: the tensor\'s data type is int16".',
            *_VECTOR_RULES,
        ),
    )


VECTOR_BINARY_SCALAR = Family(
    "basic/vector_binary_scalar",
    "Vector ops: element-wise with a scalar",
    """
    Element-wise operations of a tensor and a scalar, on the vector pipe.  Ascend C names the
    element type and `isSetMask` in the template of both forms.
    """,
    tuple(_binary_scalar(name) for name in _BINARY_SCALAR),
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
    modules=(f"{_B}.vec_binary_scalar",),
)

_UNARY = {
    "abs": ("Abs", "dst = |src|"),
    "exp": ("Exp", "dst = e ** src"),
    "ln": ("Ln", "dst = ln(src)"),
    "sqrt": ("Sqrt", "dst = sqrt(src)"),
    "rsqrt": ("Rsqrt", "dst = 1 / sqrt(src)"),
    "reciprocal": ("Reciprocal", "dst = 1 / src"),
    "relu": ("Relu", "dst = max(src, 0)"),
    "bitwise_not": ("Not", "dst = ~src"),
}


def _unary(name: str) -> ApiEntry:
    cpp, meaning = _UNARY[name]
    valid = UNARY[name]
    return ApiEntry(
        f"{_B}.vec_unary:{name}",
        f"Element-wise ``{meaning}``.",
        (f"asc.{name}(dst, src, count)", f"asc.{name}(dst, src, mask, repeat_times, repeat_params, is_set_mask=True)"),
        (
            f"template <typename T> void {cpp}(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count);",
            f"template <typename T, bool isSetMask = true> void {cpp}(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
            "uint64_t mask / const uint64_t mask[], const uint8_t repeatTimes, const UnaryRepeatParams& repeatParams);",
        ),
        (*_MASK_PARAMS, ("repeat_params", "a ``UnaryRepeatParams``")),
        (
            f'Data types {", ".join(d.name for d in valid)}; dst and src agree: "Src and dst must be same type. '
            f'({name}: float16, float32)".',
            "The count form has no ``is_set_mask`` (as in pyasc): ``asc.abs(c, a, 256, False)`` fits no form.",
            *_VECTOR_RULES,
        ),
    )


VECTOR_UNARY = Family(
    "basic/vector_unary",
    "Vector ops: element-wise unary",
    """
    Element-wise functions of one tensor, on the vector pipe, in the count and mask forms.
    """,
    (
        *(_unary(name) for name in _UNARY),
        ApiEntry(
            "ascx.language.core.params:UnaryRepeatParams",
            "Strides of the mask form of unary and tensor-scalar ops.",
            ("asc.UnaryRepeatParams(dst_blk_stride=1, src_blk_stride=1, dst_rep_stride=8, src_rep_stride=8)",),
            (
                "AscendC::UnaryRepeatParams p{dstBlkStride, srcBlkStride, dstRepStride, srcRepStride};  // uint16_t, uint8_t",
            ),
            title="asc.UnaryRepeatParams",
        ),
    ),
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
    (
        ApiEntry(
            f"{_B}.vec_cast:cast",
            "Convert each element of ``src`` to the type of ``dst``, rounding as ``round_mode`` says.",
            (
                "asc.cast(dst, src, round_mode, count)",
                "asc.cast(dst, src, round_mode, mask, repeat_times, repeat_params, is_set_mask=True)",
            ),
            (
                "template <typename T1, typename T2> void Cast(const LocalTensor<T1>& dst, const LocalTensor<T2>& src, "
                "const RoundMode& roundMode, const uint32_t count);",
                "template <typename T1, typename T2, bool isSetMask = true> void Cast(..., const RoundMode& roundMode, "
                "uint64_t mask / const uint64_t mask[], const uint8_t repeatTimes, const UnaryRepeatParams& repeatParams);",
            ),
            (
                (
                    "round_mode",
                    "``asc.RoundMode``: CAST_NONE, CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC, CAST_ODD",
                ),
                *_MASK_PARAMS,
            ),
            (
                '"cast: dst and src are both float16; Cast converts between data types"; "cast: round_mode must be an '
                'asc.RoundMode, got the int 1".',
                *_VECTOR_RULES,
            ),
        ),
        ApiEntry(
            f"{_B}.vec_duplicate:duplicate",
            "Set every element of ``dst`` to ``scalar``; the mask form takes block and repeat strides.",
            (
                "asc.duplicate(dst, scalar, count)",
                "asc.duplicate(dst, scalar, mask, repeat_times, dst_block_stride, dst_repeat_stride, is_set_mask=True)",
            ),
            (
                "template <typename T> void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, const int32_t& count);",
                "template <typename T, bool isSetMask = true> void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, "
                "uint64_t mask / const uint64_t mask[], const uint8_t repeatTimes, const uint16_t dstBlockStride, "
                "const uint8_t dstRepeatStride);",
            ),
            (("scalar", "a number or a runtime scalar, converted to dst's type"), *_MASK_PARAMS),
            (
                'Data types float16, float32, int16, uint16, int32, uint32: "duplicate: dst has data type uint8; duplicate '
                'supports float16, float32, int16, uint16, int32, uint32".',
                *_VECTOR_RULES,
            ),
        ),
    ),
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
    (
        ApiEntry(
            f"{_B}.vec_cmpsel:compare",
            "Compare two tensors element by element.",
            (
                "asc.compare(dst, src0, src1, cmp_mode, count)",
                "asc.compare(dst, src0, src1, cmp_mode, mask, repeat_times, repeat_params, is_set_mask=True)",
                "asc.compare(src0, src1, cmp_mode, mask, repeat_params, is_set_mask=True)  # into CMPMASK",
            ),
            (
                "template <typename T, typename U> void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, "
                "const LocalTensor<T>& src1, CMPMODE cmpMode, uint32_t count);",
                "template <typename T, typename U, bool isSetMask = true> void Compare(..., CMPMODE cmpMode, "
                "uint64_t mask / const uint64_t mask[], uint8_t repeatTimes, const BinaryRepeatParams& repeatParams);",
                "template <typename T, bool isSetMask = true> void Compare(const LocalTensor<T>& src0, "
                "const LocalTensor<T>& src1, CMPMODE cmpMode, const uint64_t mask / const uint64_t mask[], "
                "const BinaryRepeatParams& repeatParams);",
            ),
            (("cmp_mode", "``asc.CMPMODE``: LT, GT, EQ, LE, GE, NE"), *_MASK_PARAMS),
            (
                '"compare: dst holds one bit per element and must be uint8, got float16"; sources float16, float32 or int32 of '
                "one type.",
                'The register form compares float16 or float32 (Atlas A2): "compare: src0 has data type int32; compare '
                'supports float16, float32".',
                *_VECTOR_RULES,
            ),
            (
                "pyasc cannot pass ``is_set_mask=False``; ascx names the template arguments then.",
                "The register form writes one repeat's bits into the 128-bit CMPMASK (``get_cmp_mask`` stores it); "
                "the emulation clears the bits of masked-off lanes and past the repeat's lanes.",
            ),
        ),
        ApiEntry(
            f"{_B}.vec_cmpsel:compare_scalar",
            "Compare a tensor with a scalar element by element.",
            (
                "asc.compare_scalar(dst, src0, src1_scalar, cmp_mode, count)",
                "asc.compare_scalar(dst, src0, src1_scalar, cmp_mode, mask, repeat_times, repeat_params, is_set_mask=True)",
            ),
            (
                "template <typename T, typename U> void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, "
                "const T src1Scalar, CMPMODE cmpMode, uint32_t count);",
            ),
            rules=("The rules of ``compare``; the scalar is converted to src0's type.",),
            notes=("CANN has no register form of CompareScalar.",),
        ),
        ApiEntry(
            f"{_B}.vec_cmpsel:select",
            "Choose each element from ``src0`` or ``src1`` by the bits of ``sel_mask``.",
            (
                "asc.select(dst, sel_mask, src0, src1, sel_mode, count)",
                "asc.select(dst, sel_mask, src0, src1, sel_mode, mask, repeat_times, repeat_params, is_set_mask=True)",
                "asc.select(dst, src0, src1, repeat_times, repeat_params, sel_mode=asc.SelMode.VSEL_CMPMASK_SPR)",
                "asc.select(dst, sel_mask, src0, repeat_times, repeat_params)  # the scalar in CMPMASK",
            ),
            (
                "template <typename T, typename U> void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, "
                "const LocalTensor<T>& src0, const LocalTensor<T>& src1 / T src1, SELMODE selMode, uint32_t count);",
                "template <typename T, typename U, bool isSetMask = true> void Select(..., SELMODE selMode, "
                "uint64_t mask / uint64_t mask[], uint8_t repeatTime, const BinaryRepeatParams& repeatParams);",
                "template <typename T, SELMODE selMode> void Select(const LocalTensor<T>& dst, const LocalTensor<T>& src0, "
                "const LocalTensor<T>& src1, uint8_t repeatTime, const BinaryRepeatParams& repeatParams);",
                "template <typename T, typename U> void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, "
                "const LocalTensor<T>& src0, uint8_t repeatTime, const BinaryRepeatParams& repeatParams);",
            ),
            (
                ("src1", "a tensor, or a scalar for ``VSEL_TENSOR_SCALAR_MODE``"),
                ("sel_mode", "``asc.SelMode``: VSEL_CMPMASK_SPR, VSEL_TENSOR_SCALAR_MODE, VSEL_TENSOR_TENSOR_MODE"),
            ),
            (
                '"select: sel_mask must be an unsigned integer tensor (uint8 ... uint64), got float16"; data types float16, '
                "float32.",
                'The scalar register form has no ``src1``: "select: without a mask, VSEL_TENSOR_SCALAR_MODE takes (dst, '
                'sel_mask, src0, repeat_times, repeat_params), the scalar in CMPMASK".',
                *_VECTOR_RULES,
            ),
            (
                "Without ``sel_mask``, VSEL_CMPMASK_SPR reads the bits in CMPMASK (``compare``'s register form, "
                "``set_cmp_mask``) and VSEL_TENSOR_TENSOR_MODE the mask tensor whose address ``set_cmp_mask`` loaded; "
                "the op names that tensor, so the sync analyses order it.",
                "The CMPMASK form names ``<T, SELMODE::...>``: pyasc omits them and CANN cannot deduce the mode.",
            ),
        ),
    ),
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

_EVENT_RULE = (
    'Events are ``asc.HardEvent`` members, not ints (C++ numbers events per architecture): "set_flag: the event must '
    'be an asc.HardEvent, got the int 4"; a constant id is 0 to 7: "set_flag: event_id 9 is not an event id (0 to 7)".'
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
    (
        ApiEntry(
            f"{_B}.block_sync:set_flag",
            "Fire event ``(event, event_id)`` once the source pipe's earlier work has completed.",
            ("asc.set_flag(event, event_id=0)",),
            ("template <HardEvent event> void SetFlag(int32_t eventID);",),
            (("event", "an ``asc.HardEvent``: SRC_DST"), ("event_id", "0 to 7, compile-time or runtime")),
            (_EVENT_RULE,),
        ),
        ApiEntry(
            f"{_B}.block_sync:wait_flag",
            "Make the destination pipe wait until event ``(event, event_id)`` fires.",
            ("asc.wait_flag(event, event_id=0)",),
            ("template <HardEvent event> void WaitFlag(int32_t eventID);",),
            rules=(_EVENT_RULE,),
        ),
        ApiEntry(
            f"{_B}.block_sync:pipe_barrier",
            "Order the pipe's later work after its earlier work; ``PIPE_ALL`` drains every pipe.",
            ("asc.pipe_barrier(pipe)",),
            ("template <pipe_t pipe> void PipeBarrier();",),
            rules=(
                '"pipe_barrier: PIPE_S cannot be a barrier (a hardware error): the scalar pipe runs in order"; the pipe '
                'is an ``asc.PipeID``: "pipe_barrier: the pipe must be an asc.PipeID, got the int 1".',
            ),
        ),
        ApiEntry(
            f"{_B}.block_sync:cross_core_set_flag",
            "Signal cross-core flag ``flag_id`` once ``pipe``'s earlier work is done.",
            ("asc.cross_core_set_flag(flag_id, mode_id, pipe)",),
            ("template <uint8_t modeId, pipe_t pipe> void CrossCoreSetFlag(uint16_t flagId);",),
            (
                ("flag_id", "0 to 15"),
                ("mode_id", "compile-time: 0 all cores, 1 the AIVs of a group, 2 AIC and AIVs of a group"),
            ),
            (
                '"cross_core_set_flag: mode_id must be a compile-time int, got a runtime int32 value"; "cross_core_wait_flag: '
                'flag_id 16 is not a cross-core flag (0 to 15)".',
            ),
        ),
        ApiEntry(
            f"{_B}.block_sync:cross_core_wait_flag",
            "Make ``pipe`` wait for cross-core flag ``flag_id``.",
            ("asc.cross_core_wait_flag(flag_id, mode_id, pipe)",),
            ("template <uint8_t modeId = 0, pipe_t pipe = PIPE_S> void CrossCoreWaitFlag(uint16_t flagId);",),
        ),
        ApiEntry(
            f"{_B}.block_sync:sync_all",
            "Wait until every block reaches this point: the hardware barrier, or with workspaces the software one.",
            (
                "asc.sync_all(is_aiv_only=True)",
                "asc.sync_all(gm_workspace, ub_workspace, used_cores=0, is_aiv_only=True)",
            ),
            (
                "template <bool isAIVOnly = true> void SyncAll();",
                "template <bool isAIVOnly = true> void SyncAll(const GlobalTensor<int32_t>& gmWorkspace, "
                "const LocalTensor<int32_t>& ubWorkspace, const int32_t usedCores = 0);",
            ),
            rules=('Workspaces are int32 tensors: "sync_all: gm_workspace must be int32, got float16".',),
            notes=(
                "``is_aiv_only=False`` works (pyasc's binding rejects it).",
                "The hardware form makes a vector kernel ``MIX_AIV_1_0``, as CANN's SyncAll page requires; "
                "``kernel_type=KernelType.AIV_ONLY`` with it is an error (docs/rules/cross-core.md).",
            ),
        ),
        ApiEntry(
            f"{_B}.block_sync:ib_set",
            "Mark event ``event_id`` of block ``block_idx`` done in the GM workspace, for an ``ib_wait`` on another block.",
            ("asc.ib_set(gm_workspace, ub_workspace, block_idx, event_id, is_aiv_only=True)",),
            (
                "template <bool isAIVOnly = true> void IBSet(const GlobalTensor<int32_t>& gmWorkspace, "
                "const LocalTensor<int32_t>& ubWorkspace, int32_t blockIdx, int32_t eventID);",
            ),
            (
                ("gm_workspace", "an int32 ``GlobalTensor`` shared by the blocks"),
                ("ub_workspace", "an int32 ``LocalTensor`` (at least 32 bytes) of this block"),
                ("block_idx", "the setting block (usually ``asc.get_block_idx()``)"),
                ("event_id", "the event; a wait matches a set with the same block and event"),
            ),
            (
                'Workspaces are int32 tensors: "wait_pre_block: ub_workspace must be int32, got float16"; constant '
                'ids are not negative: "ib_set: block_idx must not be negative, got -1".',
                "``ascx-verify-pipe-sync`` reports an ``ib_set`` that no ``ib_wait`` of the kernel can match, and the "
                "converse (XC-6).",
                "The kernel creates a TPipe: CANN's IBSet, IBWait, WaitPreBlock, NotifyNextBlock and the software "
                "SyncAll take their event ids from it; without one the call is an error (XC-9).",
            ),
            notes=("``is_aiv_only=False`` works (pyasc passes a keyword its binding does not know and fails).",),
        ),
        ApiEntry(
            f"{_B}.block_sync:ib_wait",
            "Wait until block ``block_idx`` has set event ``event_id`` with ``ib_set``.",
            ("asc.ib_wait(gm_workspace, ub_workspace, block_idx, event_id, is_aiv_only=True)",),
            (
                "template <bool isAIVOnly = true> void IBWait(const GlobalTensor<int32_t>& gmWorkspace, "
                "const LocalTensor<int32_t>& ubWorkspace, int32_t blockIdx, int32_t eventID);",
            ),
            rules=(
                "``block_idx`` is the block being waited for, not this one. A wait that no ``ib_set`` matches is an "
                "error (XC-6): `` `asc.ib_wait(block=0, event=1)` has no matching `asc.ib_set` ``.",
            ),
        ),
        ApiEntry(
            f"{_B}.block_sync:wait_pre_block",
            "Wait until the previous block has called ``notify_next_block`` (blocks run a section in block order).",
            ("asc.wait_pre_block(gm_workspace, ub_workspace)",),
            ("void WaitPreBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace);",),
            rules=(
                "Every path calls ``wait_pre_block`` and ``notify_next_block`` equally often; otherwise the next block "
                "waits forever (XC-5): `` `asc.wait_pre_block()` has no matching `asc.notify_next_block()` in the "
                "previous block ``.",
            ),
        ),
        ApiEntry(
            f"{_B}.block_sync:notify_next_block",
            "Let the next block past its ``wait_pre_block``.",
            ("asc.notify_next_block(gm_workspace, ub_workspace)",),
            ("void NotifyNextBlock(GlobalTensor<int32_t>& gmWorkspace, LocalTensor<int32_t>& ubWorkspace);",),
        ),
    ),
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


def _sys_var(name: str, cpp: str, summary: str, dtype: str) -> ApiEntry:
    return ApiEntry(
        f"{_B}.sys_var:{name}", f"{summary} (``{dtype}``).", (f"value = asc.{name}()",), (f"int64_t {cpp}();",)
    )


SYSTEM = Family(
    "basic/system",
    "System values and the core type",
    """
    Where the running core is.  In a MIX kernel, user code after `register_matmul` runs on the
    vector cores; `ascend_is_aic()`/`ascend_is_aiv()` test the core type (docs/sync-model.md#cores-and-kernel-types).
    """,
    (
        _sys_var("get_block_idx", "GetBlockIdx", "This core's block index", "int32"),
        _sys_var("get_block_num", "GetBlockNum", "The number of blocks launched", "int32"),
        _sys_var("get_sub_block_idx", "GetSubBlockIdx", "This vector core's index within its group", "int64"),
        _sys_var("get_sub_block_num", "GetSubBlockNum", "The number of vector cores per group", "int64"),
        ApiEntry(
            f"{_B}.sys_var:ascend_is_aic",
            "True on a cube core.",
            ("if asc.ascend_is_aic(): ...",),
            ("g_coreType == AscendC::AIC",),
        ),
        ApiEntry(
            f"{_B}.sys_var:ascend_is_aiv",
            "True on a vector core.",
            ("if asc.ascend_is_aiv(): ...",),
            ("g_coreType == AscendC::AIV",),
        ),
    ),
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

_ATOMIC_RULE = (
    'The data type is required and one of float32, float16, int16, int32, int8, bfloat16: "set_atomic_add: '
    'atomics do not support uint8; supported: float32, float16, int16, int32, int8, bfloat16".'
)


def _atomic(name: str, cpp: str, summary: str) -> ApiEntry:
    return ApiEntry(
        f"{_B}.atomic:{name}",
        summary,
        (f"asc.{name}(dtype)",),
        (f"template <typename T> void {cpp}();",),
        rules=(_ATOMIC_RULE,),
    )


ATOMIC = Family(
    "basic/atomic",
    "Atomic copies to global memory",
    """
    The atomic mode decides how later copies to global memory combine with the data already there,
    until `set_atomic_none`.
    """,
    (
        _atomic("set_atomic_add", "SetAtomicAdd", "Later copies to global memory add to the data there."),
        _atomic("set_atomic_max", "SetAtomicMax", "Later copies keep the maximum."),
        _atomic("set_atomic_min", "SetAtomicMin", "Later copies keep the minimum."),
        _atomic("set_atomic_type", "SetAtomicType", "Set the data type of the atomic operation."),
        ApiEntry(
            f"{_B}.atomic:set_atomic_none",
            "Later copies overwrite again.",
            ("asc.set_atomic_none()",),
            ("void SetAtomicNone();",),
        ),
    ),
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
    (
        ApiEntry(
            f"{_B}.debug:printf",
            "C's ``printf`` on the device; a Python ``str`` argument is spliced into the format in place of the next "
            "``%s``.",
            ("asc.printf(format, *args)",),
            ("template <class... Args> void printf(__gm__ const char* fmt, Args&&... args);",),
            (
                ("format", "a str; escaped for C++ (a Python newline becomes ``\\n``)"),
                ("args", "numbers, runtime scalars, addresses, and str for ``%s``"),
            ),
            (
                '"printf: the format has 2 %s but 1 str arguments"; "printf: cannot print a LocalTensor" (use '
                "``dump_tensor``).",
            ),
            ("pyasc writes the format unescaped, so a Python newline breaks the C++ literal.",),
        ),
        ApiEntry(
            f"{_B}.debug:dump_tensor",
            "Print ``dump_size`` elements of a tensor, labelled with the number ``desc``.",
            ("asc.dump_tensor(tensor, desc, dump_size, shape_info=None)",),
            (
                "template <typename T> void DumpTensor(const LocalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize);",
                "template <typename T> void DumpTensor(const GlobalTensor<T>& tensor, uint32_t desc, uint32_t dumpSize, "
                "const ShapeInfo& shapeInfo);",
            ),
            rules=('"dump_tensor: desc must be an integer, got the float 1.5".',),
        ),
    ),
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
