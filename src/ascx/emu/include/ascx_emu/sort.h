// ascx host emulation: sorting with indices and region proposals (from CANN's Sort32, MrgSort, Sort,
// RpSort16, MrgSort4, ProposalConcat and ProposalExtract pages).
//
// Sorted data on Atlas A2 is a sequence of 8-byte (score, index) structures: the score in the first
// sizeof(T) bytes (for half, bytes 2-3 are reserved and left as they are), the uint32_t index in
// bytes 4-7.  Sort32 sorts each group of 32 by score, largest first; equal scores keep their input
// order.  MrgSort merges two to four sorted queues the same way: on equal scores the queue listed
// first goes first.  A NaN score counts as larger than every number.
//
// A region proposal is 8 elements of T: x1, y1, x2, y2, score, label and two reserved elements.
// RpSort16 sorts groups of 16 proposals by score; MrgSort4 merges queues of proposals; ProposalConcat
// puts 16 consecutive elements into field ``modeNumber`` of 16 proposals and ProposalExtract takes
// them out.  CANN implements these four on the Atlas inference and training products only (on the
// Ascend 910B family they compile and report an error when they run); the emulation runs them as
// those products document.
//
// ``MrgSort4Info::repeatTimes`` above 1 needs four contiguous queues of one length, validBit 15 and no
// exhausted suspension, as CANN documents; anything else is an error here.  With ifExhaustedSuspension
// the merge stops once a queue runs out; GetMrgSortResult reads how many structures each queue gave.
#pragma once

#include <algorithm>
#include <vector>

#include "ascx_emu/vector.h"

namespace AscendC {

constexpr int32_t MRG_SORT_ELEMENT_LEN = 4;

struct MrgSort4Info {
    MrgSort4Info() {}
    MrgSort4Info(const uint16_t elementLengthsIn[MRG_SORT_ELEMENT_LEN], const bool ifExhaustedSuspensionIn,
                 const uint16_t validBitIn, const uint16_t repeatTimesIn)
        : ifExhaustedSuspension(ifExhaustedSuspensionIn), validBit(validBitIn),
          repeatTimes(static_cast<uint8_t>(repeatTimesIn)) {
        for (int32_t i = 0; i < MRG_SORT_ELEMENT_LEN; ++i) {
            elementLengths[i] = elementLengthsIn[i];
        }
    }
    uint16_t elementLengths[MRG_SORT_ELEMENT_LEN] = {0};
    bool ifExhaustedSuspension = false;
    uint16_t validBit = 0;
    uint8_t repeatTimes = 1;
};

template <typename T>
struct MrgSortSrcList {
    MrgSortSrcList() {}
    MrgSortSrcList(const LocalTensor<T>& src1In, const LocalTensor<T>& src2In, const LocalTensor<T>& src3In,
                   const LocalTensor<T>& src4In)
        : src1(src1In), src2(src2In), src3(src3In), src4(src4In) {}
    LocalTensor<T> src1;
    LocalTensor<T> src2;
    LocalTensor<T> src3;
    LocalTensor<T> src4;
};

}  // namespace AscendC

namespace ascx_emu {
namespace sorting {

/// How a sorted item is laid out: ``elements`` elements of T, the score at element ``score_at``.
struct Layout {
    uint32_t elements;
    uint32_t score_at;
};

template <typename T>
constexpr Layout pair_layout() {
    return Layout{static_cast<uint32_t>(8 / sizeof(T)), 0};
}

constexpr Layout PROPOSAL{8, 4};

/// ``a`` goes before ``b`` (largest first; NaN above every number).
template <typename T>
bool before(T a, T b) {
    if constexpr (is_floating_v<T>) {
        const bool a_nan = std::isnan(widen(a));
        const bool b_nan = std::isnan(widen(b));
        if (a_nan || b_nan) {
            return a_nan && !b_nan;
        }
    }
    return widen(a) > widen(b);
}

inline void check_range(int64_t value, int64_t low, int64_t high, const char* name, const char* what) {
    if (value < low || value > high) {
        fail("%s: %s %lld is outside [%lld, %lld]", what, name, static_cast<long long>(value),
             static_cast<long long>(low), static_cast<long long>(high));
    }
}

/// Sort groups of ``group`` items of ``items`` (each ``layout.elements`` elements) by score, stably.
template <typename T>
void sort_groups(T* items, uint32_t groups, uint32_t group, Layout layout) {
    const uint32_t n = layout.elements;
    std::vector<T> copy(items, items + uint64_t{groups} * group * n);
    for (uint32_t g = 0; g < groups; ++g) {
        std::vector<uint32_t> order(group);
        for (uint32_t i = 0; i < group; ++i) {
            order[i] = g * group + i;
        }
        std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
            return before(copy[uint64_t{a} * n + layout.score_at], copy[uint64_t{b} * n + layout.score_at]);
        });
        for (uint32_t i = 0; i < group; ++i) {
            std::memcpy(items + (uint64_t{g} * group + i) * n, copy.data() + uint64_t{order[i]} * n, n * sizeof(T));
        }
    }
}

/// The bytes of a tensor's memory, for the overlap rule of the merges.
template <typename T>
std::pair<uint64_t, uint64_t> bytes_of(const AscendC::LocalTensor<T>& t, uint64_t elements) {
    return {t.GetPhyAddr(), t.GetPhyAddr() + elements * sizeof(T)};
}

/// Merge the valid queues of ``src`` into ``dst`` as ``info`` says; the number of items each queue gave
/// (for GetMrgSortResult) goes to the core's merge-sort register.
template <typename T>
void merge(const AscendC::LocalTensor<T>& dst, const AscendC::MrgSortSrcList<T>& src, const AscendC::MrgSort4Info& info,
           Layout layout, const char* what) {
    uint32_t queues = 0;
    switch (info.validBit) {
        case 3: queues = 2; break;
        case 7: queues = 3; break;
        case 15: queues = 4; break;
        default: fail("%s: validBit %u is not 3, 7 or 15", what, static_cast<unsigned>(info.validBit));
    }
    const AscendC::LocalTensor<T>* lists[4] = {&src.src1, &src.src2, &src.src3, &src.src4};
    uint32_t length[4] = {0, 0, 0, 0};
    for (uint32_t q = 0; q < queues; ++q) {
        check_range(info.elementLengths[q], 0, 4095, "elementLengths", what);
        length[q] = info.elementLengths[q];
    }
    const uint32_t repeat = info.repeatTimes;
    if (repeat == 0) {
        return;
    }
    const uint32_t n = layout.elements;
    if (repeat > 1) {
        bool contiguous = queues == 4 && !info.ifExhaustedSuspension;
        for (uint32_t q = 1; contiguous && q < 4; ++q) {
            contiguous = length[q] == length[0] && lists[q]->memory() == lists[0]->memory() &&
                         lists[q]->GetPhyAddr() == lists[0]->GetPhyAddr() + uint64_t{q} * length[0] * n * sizeof(T);
        }
        if (!contiguous) {
            fail("%s: repeatTimes %u needs four contiguous queues of one length, validBit 15 and no exhausted "
                 "suspension",
                 what, repeat);
        }
    }
    uint64_t total = 0;
    for (uint32_t q = 0; q < queues; ++q) {
        total += length[q];
    }
    // Read every queue (all repeats of queue 0 when they are contiguous), check the overlap rule.
    const T* data[4] = {nullptr, nullptr, nullptr, nullptr};
    const uint64_t dst_elements = total * n * repeat;
    const auto out_bytes = bytes_of(dst, dst_elements);
    for (uint32_t q = 0; q < queues; ++q) {
        const uint64_t elements = repeat > 1 && q == 0 ? total * n * repeat : uint64_t{length[q]} * n;
        data[q] = lists[q]->span(elements, what);
        on_v(*lists[q], elements, false, what);
        const auto in_bytes = bytes_of(*lists[q], elements);
        if (elements > 0 && lists[q]->memory() == dst.memory() && in_bytes.first < out_bytes.second &&
            out_bytes.first < in_bytes.second) {
            fail("%s: queue %u overlaps dst; the merge does not support overlapping source and destination", what,
                 q + 1);
        }
    }
    std::vector<T> merged;
    merged.reserve(dst_elements);
    uint32_t taken[4] = {0, 0, 0, 0};
    for (uint32_t r = 0; r < repeat; ++r) {
        std::fill(taken, taken + 4, 0u);
        const T* base[4];
        for (uint32_t q = 0; q < queues; ++q) {
            base[q] = repeat > 1 ? data[0] + (uint64_t{r} * 4 + q) * length[0] * n : data[q];
        }
        while (true) {
            int best = -1;
            for (uint32_t q = 0; q < queues; ++q) {
                if (taken[q] < length[q] &&
                    (best < 0 || before(base[q][uint64_t{taken[q]} * n + layout.score_at],
                                        base[best][uint64_t{taken[best]} * n + layout.score_at]))) {
                    best = static_cast<int>(q);
                }
            }
            if (best < 0) {
                break;
            }
            const T* item = base[best] + uint64_t{taken[best]} * n;
            merged.insert(merged.end(), item, item + n);
            ++taken[best];
            if (info.ifExhaustedSuspension && taken[best] == length[best]) {
                break;
            }
        }
    }
    registers.mrg_sort_result = uint64_t{taken[0]} | uint64_t{taken[1]} << 16 | uint64_t{taken[2]} << 32 |
                                uint64_t{taken[3]} << 48;
    if (merged.empty()) {
        return;
    }
    T* out = dst.span(merged.size(), what);
    on_v(dst, merged.size(), true, what);
    std::memcpy(out, merged.data(), merged.size() * sizeof(T));
}

}  // namespace sorting
}  // namespace ascx_emu

namespace AscendC {

template <typename T>
void Sort32(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<uint32_t>& src1,
            const int32_t repeatTime) {
    ASCX_COVER("Sort32");
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "Sort32 sorts half or float scores");
    const char* what = "Sort32";
    ascx_emu::sorting::check_range(repeatTime, 0, 255, "repeatTime", what);
    if (repeatTime == 0) {
        return;
    }
    constexpr ascx_emu::sorting::Layout layout = ascx_emu::sorting::pair_layout<T>();
    const uint64_t count = uint64_t{32} * static_cast<uint64_t>(repeatTime);
    const T* scores = src0.span(count, what);
    const uint32_t* indices = src1.span(count, what);
    ascx_emu::on_v(src0, count, false, what);
    ascx_emu::on_v(src1, count, false, what);
    T* out = dst.span(count * layout.elements, what);
    std::vector<T> items(out, out + count * layout.elements);  // keeps the reserved bytes of half
    for (uint64_t i = 0; i < count; ++i) {
        items[i * layout.elements] = scores[i];
        std::memcpy(reinterpret_cast<unsigned char*>(items.data() + i * layout.elements) + 4, indices + i, 4);
    }
    ascx_emu::sorting::sort_groups(items.data(), static_cast<uint32_t>(repeatTime), 32, layout);
    ascx_emu::on_v(dst, count * layout.elements, true, what);
    std::memcpy(out, items.data(), items.size() * sizeof(T));
}

template <typename T>
void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const MrgSort4Info& params) {
    ASCX_COVER_FORM("MrgSort", "LocalTensor, MrgSortSrcList, MrgSort4Info");
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "MrgSort merges half or float scores");
    ascx_emu::sorting::merge(dst, src, params, ascx_emu::sorting::pair_layout<T>(), "MrgSort");
}

template <typename T, bool isExhaustedSuspension = false>
void MrgSort(const LocalTensor<T>& dst, const MrgSortSrcList<T>& sortList, const uint16_t elementCountList[4],
             uint32_t sortedNum[4], uint16_t validBit, const int32_t repeatTime) {
    ASCX_COVER_FORM("MrgSort", "LocalTensor, MrgSortSrcList, uint16_telementCountList[4], uint32_tsortedNum[4], uint16_t, int32_t");
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "MrgSort merges half or float scores");
    ascx_emu::sorting::check_range(repeatTime, 0, 255, "repeatTime", "MrgSort");
    const MrgSort4Info info(elementCountList, isExhaustedSuspension, validBit, static_cast<uint16_t>(repeatTime));
    ascx_emu::sorting::merge(dst, sortList, info, ascx_emu::sorting::pair_layout<T>(), "MrgSort");
    if (isExhaustedSuspension) {
        const uint64_t result = ascx_emu::registers.mrg_sort_result;
        for (int i = 0; i < 4; ++i) {
            sortedNum[i] = static_cast<uint32_t>((result >> (16 * i)) & 0xFFFFu);
        }
    }
}

template <typename T, bool isFullSort>
void Sort(const LocalTensor<T>& dst, const LocalTensor<T>& concat, const LocalTensor<uint32_t>& index, LocalTensor<T>& tmp,
          const int32_t repeatTime) {
    ASCX_COVER("Sort");
    Sort32(dst, concat, index, repeatTime);
    if constexpr (isFullSort) {
        if (repeatTime <= 1) {
            return;
        }
        const char* what = "Sort";
        constexpr ascx_emu::sorting::Layout layout = ascx_emu::sorting::pair_layout<T>();
        const uint64_t elements = uint64_t{32} * static_cast<uint64_t>(repeatTime) * layout.elements;
        ascx_emu::sync_check::barrier(ascx_emu::sync_check::V);  // CANN's Sort waits for Sort32 here
        tmp.required(elements, what, "tmp");
        ascx_emu::on_v(tmp, elements, true, what);  // the merge passes go through tmp
        T* out = dst.span(elements, what);
        ascx_emu::on_v(dst, elements, false, what);
        ascx_emu::sorting::sort_groups(out, 1, static_cast<uint32_t>(32 * repeatTime), layout);
        ascx_emu::on_v(dst, elements, true, what);
    }
}

template <typename T>
uint32_t GetSortLen(const uint32_t elemCount) {
    ASCX_COVER("GetSortLen");
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "GetSortLen takes half or float");
    return elemCount * static_cast<uint32_t>(8 / sizeof(T));
}

template <typename T>
uint32_t GetSortOffset(const uint32_t elemOffset) {
    ASCX_COVER("GetSortOffset");
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "GetSortOffset takes half or float");
    return elemOffset * static_cast<uint32_t>(8 / sizeof(T));
}

inline void GetMrgSortResult(uint16_t& mrgSortList1, uint16_t& mrgSortList2, uint16_t& mrgSortList3,
                             uint16_t& mrgSortList4) {
    ASCX_COVER("GetMrgSortResult");
    const uint64_t result = ascx_emu::registers.mrg_sort_result;
    mrgSortList1 = static_cast<uint16_t>(result & 0xFFFFu);
    mrgSortList2 = static_cast<uint16_t>((result >> 16) & 0xFFFFu);
    mrgSortList3 = static_cast<uint16_t>((result >> 32) & 0xFFFFu);
    mrgSortList4 = static_cast<uint16_t>((result >> 48) & 0xFFFFu);
}

// --- region proposals ------------------------------------------------------------------------------------

template <typename T>
void RpSort16(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime) {
    ASCX_COVER("RpSort16");
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "RpSort16 sorts half or float proposals");
    const char* what = "RpSort16";
    ascx_emu::sorting::check_range(repeatTime, 0, 255, "repeatTime", what);
    if (repeatTime == 0) {
        return;
    }
    const uint64_t elements = uint64_t{16} * static_cast<uint64_t>(repeatTime) * ascx_emu::sorting::PROPOSAL.elements;
    const T* in = src.span(elements, what);
    ascx_emu::on_v(src, elements, false, what);
    std::vector<T> items(in, in + elements);
    ascx_emu::sorting::sort_groups(items.data(), static_cast<uint32_t>(repeatTime), 16, ascx_emu::sorting::PROPOSAL);
    T* out = dst.span(elements, what);
    ascx_emu::on_v(dst, elements, true, what);
    std::memcpy(out, items.data(), elements * sizeof(T));
}

template <typename T>
void MrgSort4(const LocalTensor<T>& dst, const MrgSortSrcList<T>& src, const MrgSort4Info& params) {
    ASCX_COVER("MrgSort4");
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "MrgSort4 merges half or float proposals");
    ascx_emu::sorting::merge(dst, src, params, ascx_emu::sorting::PROPOSAL, "MrgSort4");
}

namespace detail {
template <typename T>
void proposal_fields(const LocalTensor<T>& dst, const LocalTensor<T>& src, int32_t repeatTime, int32_t modeNumber,
                     bool extract, const char* what) {
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "proposals are half or float");
    ascx_emu::sorting::check_range(repeatTime, 0, 255, "repeatTime", what);
    ascx_emu::sorting::check_range(modeNumber, 0, 5, "modeNumber", what);
    const uint64_t count = uint64_t{16} * static_cast<uint64_t>(repeatTime);
    const uint64_t proposals = count * ascx_emu::sorting::PROPOSAL.elements;
    if (count == 0) {
        return;
    }
    const T* in = src.span(extract ? proposals : count, what);
    ascx_emu::on_v(src, extract ? proposals : count, false, what);
    std::vector<T> values(count);
    for (uint64_t i = 0; i < count; ++i) {
        values[i] = extract ? in[i * ascx_emu::sorting::PROPOSAL.elements + modeNumber] : in[i];
    }
    T* out = dst.span(extract ? count : proposals, what);
    ascx_emu::on_v(dst, extract ? count : proposals, true, what);
    for (uint64_t i = 0; i < count; ++i) {
        out[extract ? i : i * ascx_emu::sorting::PROPOSAL.elements + modeNumber] = values[i];
    }
}
}  // namespace detail

template <typename T>
void ProposalConcat(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                    const int32_t modeNumber) {
    ASCX_COVER("ProposalConcat");
    detail::proposal_fields(dst, src, repeatTime, modeNumber, false, "ProposalConcat");
}

template <typename T>
void ProposalExtract(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                     const int32_t modeNumber) {
    ASCX_COVER("ProposalExtract");
    detail::proposal_fields(dst, src, repeatTime, modeNumber, true, "ProposalExtract");
}

}  // namespace AscendC
