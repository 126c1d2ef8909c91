"""Reference records of the core APIs added for pyasc parity: tensor metadata methods and the
methods pyasc exposes that a kernel for the NPU cannot call (``docs/reference/core/tensor_metadata.md``),
and the kernel helpers ``LocalTensorAuto``, ``asc.array``, ``asc.number``, ``asc.inline``, ``ceildiv``
and ``static_assert`` (``docs/reference/core/helpers.md``)."""

from __future__ import annotations

from ascx.language.reference import ApiEntry, Family

_T = "ascx.language.core.tensor"
_RECORDS = "ascx.language.core.api_docs_parity"
_CPU_ONLY = "CANN declares it in its CPU debug build only (``ASCENDC_CPU_DEBUG``): a kernel for the NPU cannot call it."


def _not_for_the_npu(target: str, summary: str, form: str, message: str, title: str) -> ApiEntry:
    return ApiEntry(target, summary, (form,), (), rules=(f'"{message}".',), title=title)


TENSOR_METADATA = Family(
    "core/tensor_metadata",
    "Tensor metadata, and what a kernel for the NPU cannot call",
    """
    The metadata of a tensor object: its address, its shape information, a tag, its size.  They run
    on the scalar unit and change the tensor object, not its data.  pyasc also exposes methods that
    CANN's kernel API does not offer a kernel (CPU-debug-only functions, protected members); ascx has
    them, and each is an error at the call that says why.
    """,
    (
        ApiEntry(
            f"{_T}:GlobalTensor.get_phy_addr",
            "The address of element ``offset`` (a global address).",
            ("address = g.get_phy_addr(offset=0)",),
            ("__gm__ T* GetPhyAddr(const uint64_t offset) const;",),
        ),
        ApiEntry(
            f"{_T}:BaseTensor.get_shape_info",
            "The shape the tensor was given with ``set_shape_info`` (an ``asc.ShapeInfo``).",
            ("shape = t.get_shape_info()",),
            ("ShapeInfo GetShapeInfo() const;",),
        ),
        ApiEntry(
            f"{_T}:BaseTensor.set_shape_info",
            "Give the tensor a shape (``dump_tensor`` and the library APIs read it).",
            ("t.set_shape_info(shape_info)",),
            ("void SetShapeInfo(const ShapeInfo& shapeInfo);",),
            rules=('"LocalTensor.set_shape_info: shape_info must be an asc.ShapeInfo, got the int 3".',),
        ),
        ApiEntry(
            f"{_T}:LocalTensor.get_user_tag",
            "The tag ``set_user_tag`` gave the tensor (``int32``).",
            ("tag = t.get_user_tag()",),
            ("TTagType GetUserTag() const;",),
        ),
        ApiEntry(
            f"{_T}:LocalTensor.set_user_tag",
            "Attach a number to the tensor.",
            ("t.set_user_tag(tag=0)",),
            ("void SetUserTag(const TTagType tag);",),
        ),
        ApiEntry(
            f"{_T}:LocalTensor.set_size",
            "The tensor's number of elements (it must stay within its memory).",
            ("t.set_size(size=0)",),
            ("void SetSize(const uint32_t size);",),
        ),
        ApiEntry(
            f"{_T}:LocalTensor.set_buffer_len",
            "The tensor's length in bytes.",
            ("t.set_buffer_len(data_len)",),
            ("void SetBufferLen(uint32_t dataLen);",),
        ),
        ApiEntry(
            f"{_T}:LocalTensor.set_addr_with_offset",
            "The tensor becomes ``src``'s memory from element ``offset`` of ``src`` on.",
            ("t.set_addr_with_offset(src, offset)",),
            ("template <typename S> void SetAddrWithOffset(LocalTensor<S>& src, uint32_t offset);",),
            notes=(
                "CANN marks it deprecated; ``src[offset:]`` is the same view.  The sync passes do not see that the "
                "tensor now shares ``src``'s memory.",
            ),
        ),
        ApiEntry(
            "ascx.language.core.shape_info:ShapeInfo.shape",
            "Dimension ``dim`` of a shape built in the kernel, as it was given.",
            ("size = shape_info.shape(dim)",),
            (),
            rules=(
                "The shape must be known when the kernel is traced: a ShapeInfo from ``get_shape_info`` has no known "
                "dimensions.",
            ),
        ),
        ApiEntry(
            "ascx.language.core.shape_info:ShapeInfo.original_shape",
            "Dimension ``dim`` of the original shape (ascx's ShapeInfos are ND: the shape itself).",
            ("size = shape_info.original_shape(dim)",),
            (),
        ),
        _not_for_the_npu(
            f"{_T}:LocalTensor.print",
            "pyasc's ``Print``. " + _CPU_ONLY,
            "t.print(data_len)",
            "LocalTensor.print: CANN has LocalTensor::Print only in its CPU debug build (ASCENDC_CPU_DEBUG): a kernel "
            "for the NPU cannot call it",
            "LocalTensor.print",
        ),
        _not_for_the_npu(
            f"{_T}:LocalTensor.to_file",
            "pyasc's ``ToFile``. " + _CPU_ONLY,
            "t.to_file(file_name)",
            "LocalTensor.to_file: CANN has LocalTensor::ToFile only in its CPU debug build (ASCENDC_CPU_DEBUG): a "
            "kernel for the NPU cannot call it",
            "LocalTensor.to_file",
        ),
    ),
    """
    @asc.jit
    def kernel(x: asc.GlobalAddress) -> None:
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        t = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, 512)
        view = asc.LocalTensor(asc.float16, asc.TPosition.VECCALC, 0, 512)
        address = t.get_phy_addr(256)
        element = g.get_phy_addr(8)
        shape = asc.ShapeInfo([16, 32])
        t.set_shape_info(shape)
        g.set_shape_info(t.get_shape_info())
        t.set_user_tag(7)
        tag = t.get_user_tag()
        t.set_size(256)
        t.set_buffer_len(512)
        view.set_addr_with_offset(t, 128)
        rows = shape.shape(0)
    """,
    "(MockTensor(asc.float16),)",
    records=_RECORDS,
    modules=("ascx.language.fwk.tpipe", "ascx.language.fwk.tque"),
)

_C = "ascx.language.core"

HELPERS = Family(
    "core/helpers",
    "Kernel helpers: automatic tensors, arrays, typed numbers, inline C++, compile-time checks",
    """
    `LocalTensorAuto` is pyasc's automatic tensor (see [automatic synchronisation](../../passes/insert-sync.md));
    `asc.array` a scalar array of the kernel; `asc.number` a scalar of a given type; `asc.inline` C++ written
    by hand; `ceildiv` and `static_assert` compile-time helpers.
    """,
    (
        ApiEntry(
            f"{_C}.tensor_auto:LocalTensorAuto",
            "An on-chip tensor whose memory and synchronisation the compiler provides: each is a ``TBuf`` of its own "
            "(``VECCALC``) from the kernel's ``TPipe``, declared once before the first statement that needs it (the "
            "pipe is created at the kernel's entry when the kernel has none); ``ascx-insert-sync`` places every flag "
            "and barrier.  One in a loop is the same buffer in every iteration.",
            ("t = asc.LocalTensorAuto(dtype, shape)",),
            (
                "AscendC::TBuf<AscendC::TPosition::VECCALC> buf;  // at the entry, with pipe.InitBuffer(buf, n)",
                "AscendC::LocalTensor<T> t = buf.Get<T>();",
            ),
            (("dtype", "the element type"), ("shape", "an int or a tuple of ints (compile-time)")),
            (
                "The shape is compile-time: \"LocalTensorAuto: the shape's dimensions must be compile-time ints, got a "
                'runtime int32 value".',
                'The tensors need the insertion: "LocalTensorAuto: automatic tensors need ascx-insert-sync, which '
                'places their synchronisation" with ``insert_sync=False``.',
                "They share the unified buffer's budget with the kernel's other buffers.",
            ),
            (
                "A kernel that uses them has its pipe made for it: a later ``asc.TPipe()`` is an error "
                "(use ``asc.get_tpipe_ptr()``).",
            ),
            title="asc.LocalTensorAuto",
        ),
        ApiEntry(
            f"{_C}.array:array",
            "A scalar array of the kernel: uninitialised, filled with ``fill_value``, or holding ``values``; "
            "``a[i]`` reads and ``a[i] = v`` writes an element.",
            ("a = asc.array(dtype, length, fill_value=None)", "a = asc.array(dtype, values)"),
            ("T a[N];", "T a[N] = {v0, v1, ...};"),
            rules=(
                '"Array dtype must be integer or float"; "Array length must be a positive integer"; "fill_value cannot '
                "be provided together with initial values\" (pyasc's messages); a constant index out of range is an "
                "``IndexError``.",
            ),
        ),
        ApiEntry(
            f"{_C}.ops:number",
            "``value`` as a scalar of type ``dtype`` (a constant for a Python number, a conversion for a runtime "
            "scalar).",
            ("n = asc.number(value, dtype)",),
            (),
        ),
        ApiEntry(
            f"{_C}.ops:inline",
            "C++ written by hand: each ``{}`` in ``code`` becomes the C++ expression of the next of ``args``; with "
            "``before_function`` the code goes before the kernel function.  ascx does not look into it: the sync "
            "passes do not see its effects.",
            ("asc.inline(code, args=None, before_function=False)",),
            (),
            rules=(
                '"inline: the code has 2 {} for 1 arguments"; code before the function cannot use the kernel\'s '
                "values.",
            ),
        ),
        ApiEntry(
            f"{_C}.utils:ceildiv",
            "``(x + y - 1) // y``: computed on Python ints, built on runtime scalars.",
            ("n = asc.ceildiv(x, y)",),
            (),
        ),
        ApiEntry(
            f"{_C}.utils:static_assert",
            "Fail the compilation when the compile-time condition is false: ``AssertionError(message)`` (pyasc's "
            '``ValueError("miss message")`` without a message).',
            ("asc.static_assert(test, message=None)",),
            (),
            rules=('A runtime condition: "Assertion condition could not be determined, expected bool, got ...".',),
        ),
    ),
    """
    @asc.jit
    def kernel(x: asc.GlobalAddress, n: int) -> None:
        g = asc.GlobalTensor()
        g.set_global_buffer(x)
        asc.static_assert(asc.ceildiv(256, 64) == 4, "four tiles")
        t = asc.LocalTensorAuto(asc.float32, 256)
        asc.data_copy(t, g, 256)
        asc.adds(t, t, 1.0, 256)
        asc.data_copy(g, t, 256)
        table = asc.array(asc.int32, [1, 2, 4, 8])
        scale = asc.number(table[n], asc.float32)
        asc.inline("// scale is {}", (scale,))
    """,
    "(MockTensor(asc.float32), MockValue(asc.int32))",
    records=_RECORDS,
)

FAMILIES = (TENSOR_METADATA, HELPERS)
