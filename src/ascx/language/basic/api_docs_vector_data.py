"""The families of the data-rearranging vector ops, the fused and quantizing ops and the mask registers
(rendered by ``ascx.language.reference``; ``ascx.language.basic.api_docs`` lists the families); their
records stand beside the APIs, in the modules each family names."""

from __future__ import annotations

from ascx.language.reference import Family

_B = "ascx.language.basic"
_P = "ascx.language.core.vector_params"

# --- data-rearranging ops ---------------------------------------------------------------------------

VECTOR_DATA = Family(
    "basic/vector_data",
    "Vector ops: gather, scatter, broadcast, copy, `gather_mask`, transpose and 5HD",
    """
    Ops that move elements within the unified buffer on the vector pipe: by offsets (`gather`,
    `gatherb`, `scatter`), by a bit pattern (`gather_mask`), by broadcast (`brcb`), with strides
    (`copy`) and by layout (`transpose`, `trans_data_to_5hd`).  Each op names the tensors it reads
    and writes, so the sync analyses order it; the emulation implements each as CANN documents it
    (Atlas A2), with the count and mask forms and counter mode.  pyasc's submodules
    `asc.language.basic.vec_gather`, `vec_gather_mask`, `vec_scatter`, `vec_brcb` and
    `vec_transpose` exist in ascx with the same names.
    """,
    (
        f"{_B}.vec_gather",
        f"{_B}.vec_scatter",
        f"{_B}.vec_brcb",
        f"{_B}.vec_copy",
        f"{_B}.vec_gather_mask",
        f"{_B}.vec_transpose",
        _P,
        "ascx.language.core.tensor",
    ),
    """
    @asc.jit
    def kernel(n: int) -> None:
        a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
        c = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 512, 256)
        off = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 1024, 256)
        u = asc.LocalTensor(asc.uint16, asc.TPosition.VECCALC, 2048, 256)
        p16 = asc.LocalTensor(asc.uint16, asc.TPosition.VECCALC, 2560, 16)
        work = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 4096, 9216)
        addrs = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, 16384, 32)
        asc.gather(c, a, off, 0, 256)
        asc.gatherb(u, u, off, 1, asc.GatherRepeatParams(1, 8))
        asc.scatter(c, a, off, 0, 128, 1, 8)
        asc.brcb(c, a, 2, asc.BrcbRepeatParams(1, 8))
        asc.copy(c, a, 128, 2, asc.CopyRepeatParams(1, 1, 8, 8))
        kept = asc.gather_mask(c, a, p16, False, 0, asc.GatherMaskParams(1, 1, 8, 0))
        left = asc.get_gather_mask_remain_count()
        asc.transpose(c, a)
        shape = asc.TransposeParamsExt(1, 16, 4, 4, asc.TransposeType.TRANSPOSE_NCHW2NHWC)
        asc.transpose(c, a, work, shape)
        params = asc.TransDataTo5HDParams(False, False, 1, 0, 0)
        for i in range(16):
            addrs.set_value(i, c[i * 16].get_phy_addr())
            addrs.set_value(16 + i, a[i * 16].get_phy_addr())
        asc.trans_data_to_5hd(addrs, addrs[16:], params)
    """,
    "(MockValue(asc.int32),)",
)


# --- fused and quantizing ops -----------------------------------------------------------------------

VECTOR_FUSED = Family(
    "basic/vector_fused",
    "Vector ops: fused, multiply-accumulate and quantizing",
    """
    Element-wise ops that fuse two steps (an add or subtract with a ReLU, a multiply with an add,
    a cast), the quantizing `cast_deq` and `add_deq_relu` with the DEQSCALE register that
    `set_deq_scale` sets, and `bilinear_interpolation`.  pyasc's forms, defaults and type checks
    are kept; ascx also checks the source/destination pairs CANN supports on Atlas A2.  pyasc's
    submodules `asc.language.basic.vec_ternary_scalar` (`axpy`) and `vec_vconv` (`cast_deq`,
    `set_deq_scale`, with `cast`, `add_relu_cast`, `sub_relu_cast`) exist in ascx with the same names.
    """,
    (f"{_B}.vec_fused", f"{_B}.vec_ternary_scalar", f"{_B}.vec_vconv", _P, f"{_B}.vec_bilinear"),
    """
    @asc.jit
    def kernel(n: int, alpha: float) -> None:
        a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
        b = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 512, 256)
        c = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 1024, 256)
        w = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 2048, 256)
        i8 = asc.LocalTensor(asc.int8, asc.TPosition.VECCALC, 3072, 256)
        i16 = asc.LocalTensor(asc.int16, asc.TPosition.VECCALC, 3584, 256)
        i32 = asc.LocalTensor(asc.int32, asc.TPosition.VECCALC, 4096, 256)
        off = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 5120, 16)
        vdeq = asc.LocalTensor(asc.uint64, asc.TPosition.VECCALC, 5632, 16)
        tmp = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 8192, 16384)
        asc.add_relu(c, a, b, 256)
        asc.sub_relu(c, a, b, 128, 2, asc.BinaryRepeatParams())
        asc.fused_mul_add(c, a, b, n)
        asc.fused_mul_add_relu(c, a, b, [n, 0], 2, asc.BinaryRepeatParams())
        asc.mul_add_dst(w, a, b, 64, 4, asc.BinaryRepeatParams(1, 1, 1, 8, 4, 4))
        asc.axpy(c, a, alpha, 256)
        asc.add_relu_cast(i8, a, b, 256)
        asc.sub_relu_cast(c, w, w, 256)
        asc.mul_cast(i8, a, b, 256)
        asc.set_deq_scale(0.5)
        asc.add_deq_relu(c, i32, i32, 256)
        asc.set_deq_scale(0.5, 3, True)
        asc.cast_deq(i8, i16, 256, False, False)
        asc.set_deq_scale(vdeq, asc.VdeqInfo([0.5] * 16, [1] * 16, [True] * 16))
        asc.cast_deq(i8, i16, 128, 1, asc.UnaryRepeatParams(1, 1, 4, 8))
        asc.bilinear_interpolation(c, a, off, b, 128, 1, False, 1, 128, 1, tmp)
    """,
    "(MockValue(asc.int32), MockValue(asc.float32))",
)


# --- mask registers ---------------------------------------------------------------------------------

VECTOR_MASK = Family(
    "basic/vector_mask",
    "Vector ops: the mask registers",
    """
    The vector mask register selects the lanes of each repeat of a mask-form op (normal mode) or
    counts its elements (counter mode, `set_mask_count`).  Mask-form ops set it from their `mask`
    argument unless called with `is_set_mask=False`; then they use what `set_vector_mask` left.
    The CMPMASK register holds the bits of `compare`'s register form and what `select`'s register
    forms read ([compare and select](vector_compare_select.md)).  The registers are per core; the
    emulation keeps both, and its tests compare the counter and normal modes with numpy.
    """,
    (f"{_B}.vec_mask", f"{_B}.vec_cmpsel"),
    """
    @asc.jit
    def kernel(n: int) -> None:
        a = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 0, 256)
        b = asc.LocalTensor(asc.float16, asc.TPosition.VECIN, 512, 256)
        c = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 1024, 256)
        bits = asc.LocalTensor(asc.uint8, asc.TPosition.VECCALC, 2048, 128)
        asc.set_mask_count()
        asc.set_vector_mask(n, dtype=asc.float16, mode=asc.MaskMode.COUNTER)
        asc.add(c, a, b, 0, 1, asc.BinaryRepeatParams(), False)
        asc.set_mask_norm()
        asc.set_vector_mask(0, 0xFFFF, dtype=asc.float16, mode=asc.MaskMode.NORMAL)
        asc.mul(c, a, b, 0, 2, asc.BinaryRepeatParams(), False)
        asc.reset_mask()
        asc.compare(a, b, asc.CMPMODE.LT, 128, asc.BinaryRepeatParams())
        asc.get_cmp_mask(bits)
        asc.set_cmp_mask(bits)
    """,
    "(MockValue(asc.int32),)",
)
