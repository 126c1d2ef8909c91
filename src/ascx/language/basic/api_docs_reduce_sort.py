"""The families of the reductions, the sort and region-proposal APIs and the scalar-unit ops (part of
``ascx.language.basic.api_docs``, which lists these families with the others); their records stand
beside the APIs, in the modules each family names."""

from __future__ import annotations

from ascx.language.reference import Family

_B = "ascx.language.basic"


VECTOR_REDUCE = Family(
    "basic/vector_reduce",
    "Vector ops: reductions",
    """
    `reduce_sum`, `reduce_max` and `reduce_min` reduce a tensor to one value on the vector pipe,
    using a scratch tensor; `reduce_max`/`reduce_min` always pass `calIndex` in C++.  The mask-form
    reductions give one result per repeat (`whole_reduce_*`, `repeat_reduce_sum`), per 32-byte
    block (`block_reduce_*`) or per pair of neighbouring lanes (`pair_reduce_sum`); they print
    `<T, isSetMask>`, and CANN documents a mask or repeat count of 0 as a no-op on Atlas A2.
    The emulation's results are CANN's documented layouts; its sums round like the hardware's
    binary tree (see [the emulation](../../emulation.md)).
    """,
    (f"{_B}.vec_reduce", f"{_B}.vec_reduce_per_repeat"),
    """
    @asc.jit
    def kernel(n: int) -> None:
        src = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 256)
        dst = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 1024, 64)
        tmp = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 2048, 256)
        asc.reduce_sum(dst, src, tmp, 256)
        asc.reduce_max(dst, src, tmp, n, True)
        asc.reduce_min(dst, src, tmp, 64, 4, 8)
        asc.whole_reduce_sum(dst, src, 64, 4, 1, 1, 8)
        asc.whole_reduce_max(dst, src, 64, 4, 1, 1, 8, asc.ReduceOrder.ORDER_INDEX_VALUE)
        asc.whole_reduce_min(dst, src, [n], 4, 1, 1, 8, is_set_mask=False)
        asc.block_reduce_sum(dst, src, 4, 64, 1, 1, 8)
        asc.block_reduce_max(dst, src, 4, 32, 1, 1, 8)
        asc.block_reduce_min(dst, src, 1, 64, 1, 1, 8)
        asc.pair_reduce_sum(dst, src, 2, 64, 1, 1, 8)
        asc.repeat_reduce_sum(dst, src, 4, 64, 0, 1, 1, 8)
    """,
    "(MockValue(asc.int32),)",
)

# --- sorting and region proposals -----------------------------------------------------------------------

SORT = Family(
    "basic/sort",
    "Sorting: `sort32`, `sort`, `mrg_sort`, region proposals",
    """
    On Atlas A2 a sorted element is an 8-byte (score, index) structure: the score in the first
    bytes (a float16 score leaves bytes 2-3 reserved), the `uint32` index in bytes 4-7.  `sort32`
    sorts groups of 32 scores with their indices, largest first (equal scores keep their order);
    `mrg_sort` merges up to four sorted queues; `sort` is `sort32` plus, with `is_full_sort`, a merge
    of all groups.  `get_sort_len`/`get_sort_offset` count elements of that layout and
    `get_mrg_sort_result` says how far an exhausted-suspension merge got.  `rp_sort16`,
    `proposal_concat`, `proposal_extract` and `mrg_sort4` work on region proposals; CANN runs them
    on the Atlas inference and training products only, so on the Ascend 910B family they compile
    with a warning.  All run on the vector pipe except the three queries (scalar unit).
    """,
    (f"{_B}.proposal", "ascx.language.core.sort_structs"),
    """
    @asc.jit
    def kernel(n: int) -> None:
        scores = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 128)
        indices = asc.LocalTensor(asc.uint32, asc.TPosition.VECIN, 1024, 128)
        sorted32 = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 2048, 256)
        tmp = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 4096, 256)
        dst = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 8192, 256)
        asc.sort32(sorted32, scores, indices, 4)
        queues = asc.MrgSortSrcList(asc.float32, sorted32, sorted32[64:], sorted32[128:], sorted32[192:])
        asc.mrg_sort(dst, queues, [32, 32, 32, 32], [0, 0, 0, 0], 15, 1)
        asc.sort(dst, scores, indices, tmp, 4, True)
        info = asc.MrgSort4Info([32, 32, 0, 0], if_exhausted_suspension=True, valid_bit=3)
        asc.mrg_sort(dst, asc.MrgSortSrcList(asc.float32, sorted32, sorted32[64:]), info)
        l1, l2, l3, l4 = asc.get_mrg_sort_result()
        length = asc.get_sort_len(n)
        offset = asc.get_sort_offset(32, asc.float32)
        asc.proposal_concat(dst, scores, 1, 4)
        asc.rp_sort16(tmp, dst, 1)
        asc.mrg_sort4(dst, asc.MrgSortSrcList(asc.float32, tmp, tmp[64:]), info)
        asc.proposal_extract(scores, dst, 1, 4)
    """,
    "(MockValue(asc.int32),)",
)

# --- scalar unit ------------------------------------------------------------------------------------------

SCALAR_UNIT = Family(
    "basic/scalar",
    "Scalar unit: `scalar_cast`, `to_float` and the bit counts",
    """
    Computations of the scalar unit on runtime values (pyasc's `asc.language.basic.scalar`); each
    returns a runtime value.  ascx prints the function names pyasc prints (`ScalarCast`,
    `ScalarGetSFFValue`, ...); CANN keeps them next to their successors (`Cast`, `GetSFFValue`,
    `GetBitCount`, `CountLeadingZero`), and the emulation has both.
    """,
    (f"{_B}.scalar",),
    """
    @asc.jit
    def kernel(n: int, f: float) -> None:
        rounded = asc.scalar_cast(f, asc.int32, asc.RoundMode.CAST_ROUND)
        odd = asc.scalar_cast(f, asc.float16, asc.RoundMode.CAST_ODD)
        brain = asc.scalar_cast(f, asc.bfloat16, asc.RoundMode.CAST_RINT)
        wide = asc.to_float(brain)
        lowest_one = asc.scalar_get_sff_value(n, 1)
        zeros = asc.scalar_get_count_of_value(n, 0)
        leading = asc.scalar_count_leading_zero(n)
        same = asc.count_bits_cnt_same_as_sign_bit(n)
    """,
    "(MockValue(asc.int32), MockValue(asc.float32))",
)
