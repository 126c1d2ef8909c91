"""pyasc 1.1.1's unit-test kernels of the reductions, the sort and proposal family and the scalar ops
(``python/test/unit/language/basic``: ``test_vector_reduce.py``, ``test_proposal.py``, ``test_scalar.py``
and the matching kernels of ``test_common_api.py``), written fresh for ascx: each compiles, and its
calls are pyasc's, call for call (modulo variable names and literal spelling; pyasc's C++ was read
from ``../shared/tools/pyasc-ref emit``), except for these differences:

- ascx names ``<T, isSetMask>`` on the mask forms of the per-repeat reductions; pyasc drops them.
- ``MrgSortSrcList<T>`` is built at the call with CANN's four-tensor constructor; pyasc declares it with
  braces, which CANN rejects for fewer than four tensors.
- The ``block_reduce_*`` kernels of ``test_common_api.py`` also pass ``mask=512`` and ``mask=2**31 - 1``;
  CANN documents at most 128 lanes for half, and ascx rejects those calls on purpose
  (``docs/reference/pyasc_rejections.md``); the kernels here keep the other calls, and
  ``test_pyasc_block_reduce_masks_past_a_repeat_are_rejected`` checks the rejections.
- The region-proposal kernels (``rp_sort16``, ``proposal_concat``, ``proposal_extract``, ``mrg_sort4``)
  compile with the warning that the Ascend 910B family does not run them.
"""

from __future__ import annotations

import re
import textwrap
import warnings
from collections.abc import Callable
from types import ModuleType

import pytest

import ascx as asc
from ascx.errors import KernelError

API = re.compile(r"AscendC::(Whole|Block|Pair|Repeat|Reduce|Sort|MrgSort|RpSort|Proposal|GetSort|GetMrg|Scalar|Count)")

TWO = """
    src = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
    dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
"""
"""The two tensors most of pyasc's kernels declare (both at address 0, as pyasc's are)."""

FULL = "[2**64 - 1, 2**64 - 1]"

KERNELS: dict[str, tuple[str, list[str]]] = {
    "repeat_reduce_sum": (
        TWO + "asc.repeat_reduce_sum(dst, src, repeat_time=4, mask=128, dst_blk_stride=0, src_blk_stride=1, "
        "dst_rep_stride=8, src_rep_stride=8)",
        ["AscendC::RepeatReduceSum<half, true>(dst, src, 4, 128, 0, 1, 8, 8);"],
    ),
    "pair_reduce_sum": (
        TWO + "asc.pair_reduce_sum(dst, src, repeat_time=2, mask=128, dst_rep_stride=1, src_blk_stride=1, "
        "src_rep_stride=8)\n"
        + f"asc.pair_reduce_sum(dst, src, repeat_time=2, mask={FULL}, dst_rep_stride=1, src_blk_stride=1, "
        "src_rep_stride=8)",
        [
            "AscendC::PairReduceSum<half, true>(dst, src, 2, 128, 1, 1, 8);",
            "AscendC::PairReduceSum<half, true>(dst, src, 2, mask, 1, 1, 8);",
        ],
    ),
    "whole_reduce_sum": (
        TWO + "asc.whole_reduce_sum(dst, src, mask=128, repeat_time=4, dst_rep_stride=1, src_blk_stride=1, "
        "src_rep_stride=8)\n"
        + f"asc.whole_reduce_sum(dst, src, mask={FULL}, repeat_time=4, dst_rep_stride=1, src_blk_stride=1, "
        "src_rep_stride=8)",
        [
            "AscendC::WholeReduceSum<half, true>(dst, src, 128, 4, 1, 1, 8);",
            "AscendC::WholeReduceSum<half, true>(dst, src, mask, 4, 1, 1, 8);",
        ],
    ),
    **{
        f"whole_reduce_{kind}": (
            TWO
            + "\n".join(
                f"asc.whole_reduce_{kind}(dst, src, mask={mask}, repeat_time=4, dst_rep_stride=1, src_blk_stride=1, "
                f"src_rep_stride=8{order})"
                for mask in ("128", FULL)
                for order in ("", ", order=asc.ReduceOrder.ORDER_INDEX_VALUE")
            ),
            [
                f"AscendC::WholeReduce{kind.capitalize()}<half, true>(dst, src, {mask}, 4, 1, 1, 8, "
                f"AscendC::ReduceOrder::{order});"
                for mask in ("128", "mask", "mask_1")
                for order in ("ORDER_VALUE_INDEX", "ORDER_INDEX_VALUE")
                if (mask == "128") or (mask == "mask") == (order == "ORDER_VALUE_INDEX")
            ],
        )
        for kind in ("max", "min")
    },
    **{
        f"reduce_{kind}": (
            """
            src = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=8320)
            dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=8320)
            tmp = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECCALC, addr=0, tile_size=8320)
            """
            + f"asc.reduce_{kind}(dst, src, shared_tmp_buffer=tmp, mask=128, repeat_time=128, "
            f"src_rep_stride=65{index})\n"
            + f"asc.reduce_{kind}(dst, src, shared_tmp_buffer=tmp, mask={FULL}, repeat_time=65, "
            f"src_rep_stride=8{index})\n" + f"asc.reduce_{kind}(dst, src, shared_tmp_buffer=tmp, count=2048{index})",
            [
                f"AscendC::Reduce{kind.capitalize()}(dst, src, tmp, 128, 128, 65{cpp_index});",
                f"AscendC::Reduce{kind.capitalize()}(dst, src, tmp, mask, 65, 8{cpp_index});",
                f"AscendC::Reduce{kind.capitalize()}(dst, src, tmp, 2048{cpp_index});",
            ],
        )
        for kind, index, cpp_index in (
            ("max", ", cal_index=True", ", true"),
            ("min", ", cal_index=True", ", true"),
            ("sum", "", ""),
        )
    },
    "get_sort_len": ("length = asc.get_sort_len(100)", ["uint32_t length = AscendC::GetSortLen<float>(100);"]),
    "get_sort_offset": ("offset = asc.get_sort_offset(10)", ["uint32_t offset = AscendC::GetSortOffset<float>(10);"]),
    "scalar_cast": (
        "value = asc.scalar_cast(2.5, asc.int32, asc.RoundMode.CAST_ROUND)",
        ["int32_t value = AscendC::ScalarCast<float, int32_t, AscendC::RoundMode::CAST_ROUND>(2.5f);"],
    ),
    "scalar_get_sff_value": (
        "zeros = asc.scalar_get_sff_value(28, 0)\nones = asc.scalar_get_sff_value(28, 1)",
        ["int64_t zeros = AscendC::ScalarGetSFFValue<0>(28);", "int64_t ones = AscendC::ScalarGetSFFValue<1>(28);"],
    ),
    "scalar_get_count_of_value": (
        "zeros = asc.scalar_get_count_of_value(16, 0)\nones = asc.scalar_get_count_of_value(16, 1)",
        [
            "int64_t zeros = AscendC::ScalarGetCountOfValue<0>(16);",
            "int64_t ones = AscendC::ScalarGetCountOfValue<1>(16);",
        ],
    ),
    "scalar_count_leading_zero": (
        "zeros = asc.scalar_count_leading_zero(0x0FFFFFFFFFFFFFFF)",
        ["int64_t zeros = AscendC::ScalarCountLeadingZero(1152921504606846975);"],
    ),
    "count_bits_cnt_same_as_sign_bit": (
        "a = asc.count_bits_cnt_same_as_sign_bit(0x0F00000000000000)\n"
        "b = asc.count_bits_cnt_same_as_sign_bit(0)\n"
        "c = asc.count_bits_cnt_same_as_sign_bit(-1)",
        [
            "int64_t a = AscendC::CountBitsCntSameAsSignBit(1080863910568919040);",
            "int64_t b = AscendC::CountBitsCntSameAsSignBit(0);",
            "int64_t c = AscendC::CountBitsCntSameAsSignBit(-1);",
        ],
    ),
    **{
        f"block_reduce_{kind}": (
            TWO + f"asc.block_reduce_{kind}(dst, src, repeat=1, mask=0, dst_rep_stride=8, src_blk_stride=1, "
            "src_rep_stride=8)\n"
            + f"asc.block_reduce_{kind}(dst, src, repeat=1, mask={FULL}, dst_rep_stride=8, src_blk_stride=1, "
            "src_rep_stride=8)",
            [
                f"AscendC::BlockReduce{kind.capitalize()}<half, true>(dst, src, 1, 0, 8, 1, 8);",
                f"AscendC::BlockReduce{kind.capitalize()}<half, true>(dst, src, 1, mask, 8, 1, 8);",
            ],
        )
        for kind in ("max", "min", "sum")
    },
    "proposal_concat": (
        """
        dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=256)
        src = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=256)
        asc.proposal_concat(dst, src, repeat_time=2, mode_number=4)
        """,
        ["AscendC::ProposalConcat(dst, src, 2, 4);"],
    ),
    "proposal_extract": (
        """
        dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=256)
        src = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=256)
        asc.proposal_extract(dst, src, repeat_time=2, mode_number=4)
        """,
        ["AscendC::ProposalExtract(dst, src, 2, 4);"],
    ),
    "get_mrg_sort_result": (
        "a, b, c, d = asc.get_mrg_sort_result()",
        ["AscendC::GetMrgSortResult(a, b, c, d);"],
    ),
    "mrg_sort": (
        """
        q1 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
        q2 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=512, tile_size=512)
        q3 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=1024, tile_size=512)
        q4 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=1536, tile_size=512)
        dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=2048)
        queues = asc.MrgSortSrcList(asc.float16, q1, q2, q3, q4)
        counts = [128, 128, 128, 128]
        done = [0, 0, 0, 0]
        asc.mrg_sort(dst, queues, counts, done, valid_bit=15, repeat_time=1)
        asc.mrg_sort(dst, queues, counts, done, valid_bit=15, repeat_time=1, is_exhausted_suspension=True)
        info = asc.MrgSort4Info(counts, if_exhausted_suspension=False, valid_bit=7, repeat_times=1)
        asc.mrg_sort(dst, queues, info)
        """,
        [
            "AscendC::MrgSort<half, false>(dst, AscendC::MrgSortSrcList<half>(q1, q2, q3, q4), element_count_list, "
            "sorted_num, 15, 1);",
            "AscendC::MrgSort<half, true>(dst, AscendC::MrgSortSrcList<half>(q1, q2, q3, q4), element_count_list_1, "
            "sorted_num_1, 15, 1);",
            "AscendC::MrgSort4Info info{info_lengths, false, 7, 1};",
            "AscendC::MrgSort(dst, AscendC::MrgSortSrcList<half>(q1, q2, q3, q4), info);",
        ],
    ),
    "mrg_sort4": (
        """
        q1 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
        q2 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=512, tile_size=512)
        q3 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=1024, tile_size=512)
        q4 = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=1536, tile_size=512)
        dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=2048)
        queues = asc.MrgSortSrcList(asc.float16, q1, q2, q3, q4)
        info = asc.MrgSort4Info([16, 16, 16, 16], if_exhausted_suspension=False, valid_bit=7, repeat_times=1)
        asc.mrg_sort4(dst, queues, info)
        """,
        [
            "AscendC::MrgSort4Info info{info_lengths, false, 7, 1};",
            "AscendC::MrgSort4(dst, AscendC::MrgSortSrcList<half>(q1, q2, q3, q4), info);",
        ],
    ),
    "rp_sort16": (
        """
        src = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
        dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=512)
        asc.rp_sort16(dst, src, repeat_time=2)
        """,
        ["AscendC::RpSort16(dst, src, 2);"],
    ),
    "sort32": (
        """
        scores = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
        indices = asc.LocalTensor(dtype=asc.uint32, pos=asc.TPosition.VECIN, addr=512, tile_size=512)
        dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=1024)
        asc.sort32(dst, scores, indices, repeat_time=4)
        """,
        ["AscendC::Sort32(dst, scores, indices, 4);"],
    ),
    "sort": (
        """
        concat = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=0, tile_size=512)
        index = asc.LocalTensor(dtype=asc.uint32, pos=asc.TPosition.VECIN, addr=512, tile_size=512)
        tmp = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECIN, addr=1024, tile_size=512)
        dst = asc.LocalTensor(dtype=asc.float16, pos=asc.TPosition.VECOUT, addr=0, tile_size=1024)
        asc.sort(dst, concat, index, tmp, repeat_time=4)
        """,
        ["AscendC::Sort<half, false>(dst, concat, index, tmp, 4);"],
    ),
}

REGION_PROPOSALS = {"proposal_concat", "proposal_extract", "mrg_sort4", "rp_sort16"}


def _kernel(body: str) -> str:
    """The kernel of ``body``: top-level statements only, so each line is one statement."""
    statements = [line.strip() for line in body.splitlines() if line.strip()]
    return "@asc.jit\ndef k() -> None:\n" + textwrap.indent("\n".join(statements), "    ") + "\n"


def _calls(source: str) -> list[str]:
    return [line.strip() for line in source.splitlines() if API.search(line) or "MrgSort4Info" in line]


@pytest.mark.parametrize("name", sorted(KERNELS))
def test_pyasc_unit_kernel(kernel_module: Callable[[str], ModuleType], name: str) -> None:
    body, calls = KERNELS[name]
    module = kernel_module(_kernel(body))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        compiled = module.k.compile()
    warned = sorted({str(w.message).split(":")[0] for w in caught if issubclass(w.category, asc.AscxWarning)})
    assert warned == ([name] if name in REGION_PROPOSALS else [])
    assert _calls(compiled.source) == calls


@pytest.mark.parametrize(("kind", "mask"), [(k, m) for k in ("max", "min", "sum") for m in (512, 2**31 - 1)])
def test_pyasc_block_reduce_masks_past_a_repeat_are_rejected(
    kernel_module: Callable[[str], ModuleType], kind: str, mask: int
) -> None:
    call = f"asc.block_reduce_{kind}(dst, src, repeat=1, mask={mask}, dst_rep_stride=8, src_blk_stride=1, "
    call += "src_rep_stride=8)"
    module = kernel_module(_kernel(TWO + call))
    with pytest.raises(KernelError) as caught:
        module.k.compile()
    assert caught.value.message == (
        f"ValueError: block_reduce_{kind}: mask {mask} is more than the 128 elements of one repeat of float16"
    )
