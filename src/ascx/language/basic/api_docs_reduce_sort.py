"""Reference records of the reductions, the sort and region-proposal family and the scalar-unit ops
(part of ``ascx.language.basic.api_docs``, which lists these families with the others)."""

from __future__ import annotations

from ascx.language.reference import ApiEntry, Family

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
    (),
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
    modules=(f"{_B}.vec_reduce", f"{_B}.vec_reduce_per_repeat"),
)

# --- sorting and region proposals -----------------------------------------------------------------------

_SORT_TYPES = 'Data types float16, float32: "sort32: src0 has data type int16; sort32 supports float16, float32".'
_REPEAT_RULE = 'A constant ``repeat_time`` is in [0, 255]: "sort32: repeat_time 256 is outside [0, 255]".'
_INDICES = 'The indices are ``uint32``: "sort32: src1 has data type int32; sort32 takes the indices as uint32".'
_A2_WARNING = (
    "CANN implements it for the Atlas inference and training products only: on the Ascend 910B family it compiles "
    'and fails when it runs, so ascx warns at the call ("rp_sort16: CANN supports RpSort16 on the Atlas inference '
    "and training products only; on the Ascend 910B family it compiles and fails when it runs (the CPU emulation runs "
    'RpSort16 as documented)"); the emulation runs the documented semantics.'
)
_PROPOSAL = (
    "A region proposal is 8 elements: x1, y1, x2, y2, score, label and two reserved (16 bytes in float16, 32 in "
    "float32)."
)
_VALID_BIT = (
    '``valid_bit`` is 3, 7 or 15 (the first 2, 3 or 4 queues) and at most the queues given: "mrg_sort: valid_bit 5 is '
    'not 3, 7 or 15 (the first 2, 3 or 4 queues)", "mrg_sort: valid_bit 15 merges 4 queues but sort_list has 2".'
)
_MERGE_SEMANTICS = (
    "Queues merge largest score first; on equal scores the queue listed first goes first.  A repeat count above 1 "
    "needs four contiguous queues of one length, ``valid_bit`` 15 and no exhausted suspension (an error on the "
    "emulation otherwise)."
)
_SOURCE_LIST = (
    "The queues print as ``AscendC::MrgSortSrcList<T>(src1, src2, src3, src4)`` at the call, missing queues as empty "
    "tensors; pyasc's ``MrgSortSrcList<half> v{a, b}`` for two queues does not compile against CANN, which has only "
    "the four-tensor constructor."
)

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
    (
        ApiEntry(
            f"{_B}.proposal:sort32",
            "Sort each group of 32 scores (``src0``) with their indices (``src1``) into (score, index) structures, "
            "largest score first.",
            ("asc.sort32(dst, src0, src1, repeat_time)",),
            (
                "template <typename T> void Sort32(const LocalTensor<T>& dst, const LocalTensor<T>& src0, "
                "const LocalTensor<uint32_t>& src1, const int32_t repeatTime);",
            ),
            (("repeat_time", "groups of 32, [0, 255]"),),
            (
                _SORT_TYPES,
                _INDICES,
                _REPEAT_RULE,
                'Operands start 32-byte aligned: "sort32: src0 starts 16 bytes past a 32-byte boundary; Sort32 takes '
                '32-byte aligned operands".',
            ),
            ("A NaN score sorts before every number on the emulation (not documented by CANN).",),
        ),
        ApiEntry(
            f"{_B}.proposal:sort",
            "``sort32`` of ``repeat_time`` groups, then with ``is_full_sort`` a merge of all of them into one sorted "
            "sequence (``tmp`` is scratch space of the sorted size).",
            ("asc.sort(dst, concat, index, tmp, repeat_time, is_full_sort=False)",),
            (
                "template <typename T, bool isFullSort> void Sort(const LocalTensor<T>& dst, const LocalTensor<T>& "
                "concat, const LocalTensor<uint32_t>& index, LocalTensor<T>& tmp, const int32_t repeatTime);",
            ),
            (("is_full_sort", "compile-time bool, pyasc's check and message"),),
            (
                _SORT_TYPES,
                _REPEAT_RULE,
                "``is_full_sort`` is a literal: \"The 'is_full_sort' argument must be a boolean literal (True or "
                "False), but got a runtime int1 value of type RuntimeScalar. This parameter must be a compile-time "
                'constant."',
            ),
        ),
        ApiEntry(
            f"{_B}.proposal:mrg_sort",
            "Merge two to four sorted queues of (score, index) structures into one, largest score first.",
            (
                "asc.mrg_sort(dst, sort_list, element_count_list, sorted_num, valid_bit, repeat_time, "
                "is_exhausted_suspension=False)",
                "asc.mrg_sort(dst, sort_list, params)",
            ),
            (
                "template <typename T, bool isExhaustedSuspension = false> void MrgSort(const LocalTensor<T>& dst, "
                "const MrgSortSrcList<T>& sortList, const uint16_t elementCountList[4], uint32_t sortedNum[4], "
                "uint16_t validBit, const int32_t repeatTime);",
                "template <typename T> void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, "
                "const MrgSort4Info& params);",
            ),
            (
                ("sort_list", "an ``asc.MrgSortSrcList``"),
                ("element_count_list", "4 queue lengths in structures, [0, 4095], printed as a ``uint16_t`` array"),
                (
                    "sorted_num",
                    "4 integers, printed as the ``uint32_t`` array CANN fills (the counts are read with "
                    "``get_mrg_sort_result``)",
                ),
                ("is_exhausted_suspension", "compile-time bool: stop when a queue runs out"),
            ),
            (
                _VALID_BIT,
                'The lists have 4 elements: "mrg_sort: element_count_list has 4 elements (one per queue), got 3"; '
                'lengths are in [0, 4095]: "mrg_sort: element_count_list 4096 is outside [0, 4095]".',
                'dst is 32-byte and the queues 8-byte aligned: "mrg_sort: sort_list.src2 starts 4 bytes past an '
                '8-byte boundary; MrgSort reads queues of 8-byte structures from 8-byte aligned addresses".',
                'The list and dst have one data type: "mrg_sort: sort_list is of float16 but dst is float32; '
                'mrg_sort works on one data type".',
            ),
            (_MERGE_SEMANTICS, _SOURCE_LIST),
        ),
        ApiEntry(
            f"{_B}.proposal:mrg_sort4",
            "Merge two to four sorted queues of region proposals into one, largest score first.",
            ("asc.mrg_sort4(dst, src, params)",),
            (
                "template <typename T> void MrgSort4(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, "
                "const MrgSort4Info& params);",
            ),
            (("params", "an ``asc.MrgSort4Info``; the lengths count proposals"),),
            (
                _VALID_BIT,
                'dst and the queues are 16-byte (float16) or 32-byte (float32) aligned: "mrg_sort4: dst starts 8 '
                'bytes past a 16-byte boundary; MrgSort4 takes 16-byte aligned float16 proposals".',
                _A2_WARNING,
            ),
            (_PROPOSAL, _MERGE_SEMANTICS),
        ),
        ApiEntry(
            f"{_B}.proposal:rp_sort16",
            "Sort each group of 16 region proposals by score, largest first.",
            ("asc.rp_sort16(dst, src, repeat_time)",),
            (
                "template <typename T> void RpSort16(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime);",
            ),
            (("repeat_time", "groups of 16 proposals, [0, 255]"),),
            (
                'Data types float16, float32: "rp_sort16: src has data type int16; rp_sort16 supports float16, float32".',
                _A2_WARNING,
            ),
            (_PROPOSAL,),
        ),
        ApiEntry(
            f"{_B}.proposal:proposal_concat",
            "Put 16 consecutive elements of ``src`` into field ``mode_number`` of 16 region proposals, per repeat.",
            ("asc.proposal_concat(dst, src, repeat_time, mode_number)",),
            (
                "template <typename T> void ProposalConcat(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
                "const int32_t repeatTime, const int32_t modeNumber);",
            ),
            (("mode_number", "the field: 0 x1, 1 y1, 2 x2, 3 y2, 4 score, 5 label"),),
            ('``mode_number`` is in [0, 5]: "proposal_concat: mode_number 6 is outside [0, 5]".', _A2_WARNING),
            (_PROPOSAL,),
        ),
        ApiEntry(
            f"{_B}.proposal:proposal_extract",
            "Take field ``mode_number`` of 16 region proposals into 16 consecutive elements, per repeat.",
            ("asc.proposal_extract(dst, src, repeat_time, mode_number)",),
            (
                "template <typename T> void ProposalExtract(const LocalTensor<T>& dst, const LocalTensor<T>& src, "
                "const int32_t repeatTime, const int32_t modeNumber);",
            ),
            (("mode_number", "the field: 0 x1, 1 y1, 2 x2, 3 y2, 4 score, 5 label"),),
            ("``mode_number`` is in [0, 5].", _A2_WARNING),
            (_PROPOSAL,),
        ),
        ApiEntry(
            f"{_B}.proposal:get_sort_len",
            "The elements of ``dtype`` that ``elem_count`` sorted structures take (``uint32``): 4 per structure for "
            "float16, 2 for float32.",
            ("asc.get_sort_len(elem_count, dtype=asc.float32)",),
            ("template <typename T> uint32_t GetSortLen(const uint32_t elemCount);",),
            (("dtype", "ascx's addition: the ``T`` of the C++ template; pyasc always prints ``float``"),),
            ('``dtype`` is float16 or float32: "get_sort_len: dtype must be asc.float16 or asc.float32, got int32".',),
        ),
        ApiEntry(
            f"{_B}.proposal:get_sort_offset",
            "Where sorted structure ``elem_offset`` starts, in elements of ``dtype`` (``uint32``).",
            ("asc.get_sort_offset(elem_offset, dtype=asc.float32)",),
            ("template <typename T> uint32_t GetSortOffset(const uint32_t elemOffset);",),
            (("dtype", "ascx's addition: the ``T`` of the C++ template; pyasc always prints ``float``"),),
            ('An integer offset: "get_sort_offset: elem_offset must be an integer, got the float 1.5".',),
        ),
        ApiEntry(
            f"{_B}.proposal:get_mrg_sort_result",
            "How many structures each of the four queues gave to the last ``mrg_sort`` with exhausted suspension "
            "(four ``uint16`` runtime values, read by the scalar unit).",
            ("l1, l2, l3, l4 = asc.get_mrg_sort_result()",),
            (
                "void GetMrgSortResult(uint16_t& mrgSortList1, uint16_t& mrgSortList2, uint16_t& mrgSortList3, "
                "uint16_t& mrgSortList4);",
            ),
        ),
        ApiEntry(
            "ascx.language.core.sort_structs:MrgSortSrcList",
            "The sorted queues of a merge: two to four LocalTensors of ``dtype`` (a compile-time list).",
            ("asc.MrgSortSrcList(dtype, src1, src2, src3=None, src4=None)",),
            ("template <typename T> struct MrgSortSrcList { LocalTensor<T> src1, src2, src3, src4; };",),
            rules=(
                "The tensors have the list's data type: \"MrgSortSrcList: src1 has data type float16 but the list is of "
                'float32"; "MrgSortSrcList: src4 is given without src3".',
            ),
            notes=(_SOURCE_LIST,),
        ),
        ApiEntry(
            "ascx.language.core.sort_structs:MrgSort4Info",
            "The parameters of ``mrg_sort``/``mrg_sort4``: four queue lengths, whether to stop when a queue runs "
            "out, the valid queues and the repeat count.",
            ("asc.MrgSort4Info(element_lengths, if_exhausted_suspension=False, valid_bit=15, repeat_times=1)",),
            (
                "uint16_t lengths[] = {...}; AscendC::MrgSort4Info info{lengths, ifExhaustedSuspension, validBit, "
                "repeatTimes};",
            ),
            rules=(
                '4 lengths in [0, 4095]: "MrgSort4Info: element_lengths has 4 queue lengths, got 2"; ``valid_bit`` is '
                '3, 7 or 15; ``repeat_times`` is in [0, 255]; the suspension switch is a bool: "MrgSort4Info: '
                'if_exhausted_suspension must be a bool, got the int 1".',
            ),
        ),
    ),
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

_BITS_VALUE = (
    'A constant ``value_in`` fits the parameter: "scalar_count_leading_zero: value_in -1 does not fit uint64"; a '
    "runtime integer converts at the call, as C++ converts it."
)
_COUNT_VALUE = (
    "``count_value`` is a compile-time 0 or 1 (pyasc's checks and messages): \"count_value must be a Python int "
    '(compile-time constant).", "count_value must be 0 or 1."'
)

SCALAR_UNIT = Family(
    "basic/scalar",
    "Scalar unit: `scalar_cast`, `to_float` and the bit counts",
    """
    Computations of the scalar unit on runtime values (pyasc's `asc.language.basic.scalar`); each
    returns a runtime value.  ascx prints the function names pyasc prints (`ScalarCast`,
    `ScalarGetSFFValue`, ...); CANN keeps them next to their successors (`Cast`, `GetSFFValue`,
    `GetBitCount`, `CountLeadingZero`), and the emulation has both.
    """,
    (
        ApiEntry(
            f"{_B}.scalar:scalar_cast",
            "Convert a float32 to ``dtype``: float16 rounding to odd, int32 with ``CAST_ROUND`` (half away from "
            "zero), ``CAST_CEIL``, ``CAST_FLOOR`` or ``CAST_RINT`` (half to even), bfloat16 to nearest even.",
            ("asc.scalar_cast(value_in, dtype, round_mode)",),
            (
                "template <typename T, typename U, RoundMode roundMode> U ScalarCast(T valueIn);",
                "bfloat16_t Cast(const float& fVal);  // for dtype=asc.bfloat16",
            ),
            (("value_in", "a number or a runtime value (converted to float)"),),
            (
                'The target type is float16, int32 or bfloat16 (pyasc\'s message): "Unsupported target dtype: int64".',
                'The rounding is one CANN documents for the type: "scalar_cast: float32 to float16 rounds with CAST_ODD, '
                'not CAST_RINT", "scalar_cast: float32 to int32 rounds with CAST_ROUND, CAST_CEIL, CAST_FLOOR, '
                'CAST_RINT, not CAST_TRUNC".',
                '``round_mode`` is an enum member: "scalar_cast: round_mode must be an asc.RoundMode, got the int 1".',
            ),
            (
                "bfloat16 is ascx's addition (pyasc raises for it after building the call); it prints CANN's "
                "``AscendC::Cast(float)``.",
                "On the emulation, int32 results outside the range saturate (assumed, not documented).",
            ),
        ),
        ApiEntry(
            f"{_B}.scalar:to_float",
            "Widen a runtime bfloat16 value to float32 (exact: its 16 bits become the top half of the float).",
            ("asc.to_float(value)",),
            ("float ToFloat(const bfloat16_t& bVal);",),
            (("value", "a runtime bfloat16 value (from a tensor's ``get_value``, or ``scalar_cast``)"),),
            (
                "Only a runtime bfloat16 value, the one type CANN's ToFloat takes on the Ascend 910B family: "
                "\"to_float: value must be a runtime bfloat16 value (CANN's ToFloat(const bfloat16_t&)), got a "
                'runtime float32 value" (a Python number is a float already).',
            ),
            (
                "pyasc has no ``to_float``; ascx names CANN's ``ToFloat`` in pyasc's style.  CANN marks it as "
                "superseded by ``Cast``, which it keeps for the other direction (``scalar_cast(..., asc.bfloat16, ...)``).",
            ),
        ),
        ApiEntry(
            f"{_B}.scalar:scalar_get_sff_value",
            "The position of the lowest bit of the 64-bit ``value_in`` that equals ``count_value``, or -1 (``int64``).",
            ("asc.scalar_get_sff_value(value_in, count_value)",),
            ("template <int countValue> int64_t ScalarGetSFFValue(uint64_t valueIn);",),
            rules=(_COUNT_VALUE, _BITS_VALUE),
        ),
        ApiEntry(
            f"{_B}.scalar:scalar_get_count_of_value",
            "How many of the 64 bits of ``value_in`` equal ``count_value`` (``int64``).",
            ("asc.scalar_get_count_of_value(value_in, count_value)",),
            ("template <int countValue> int64_t ScalarGetCountOfValue(uint64_t valueIn);",),
            rules=(_COUNT_VALUE, _BITS_VALUE),
            notes=("pyasc does not check ``count_value`` here; ascx checks it as for ``scalar_get_sff_value``.",),
        ),
        ApiEntry(
            f"{_B}.scalar:scalar_count_leading_zero",
            "The zero bits above the highest one bit of the 64-bit ``value_in``; 64 for 0 (``int64``).",
            ("asc.scalar_count_leading_zero(value_in)",),
            ("int64_t ScalarCountLeadingZero(uint64_t valueIn);",),
            rules=(_BITS_VALUE,),
        ),
        ApiEntry(
            f"{_B}.scalar:count_bits_cnt_same_as_sign_bit",
            "How many bits after the sign bit of the 64-bit ``value_in`` equal it, counted from the top; -1 for 0 "
            "and -1 (``int64``).",
            ("asc.count_bits_cnt_same_as_sign_bit(value_in)",),
            ("int64_t CountBitsCntSameAsSignBit(int64_t valueIn);",),
            rules=('An integer: "count_bits_cnt_same_as_sign_bit: value_in must be an integer, got the float 1.5".',),
        ),
    ),
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
