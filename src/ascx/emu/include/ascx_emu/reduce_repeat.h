// ascx host emulation: the reductions with one result per repeat, per block or per pair (Atlas A2
// semantics, from CANN's ReduceRepeat / ReduceDataBlock / ReducePairElem pages):
//
//   WholeReduceSum   dst[r * dstRepStride]                   = sum of the active lanes of repeat r
//   WholeReduceMax   the largest active lane of repeat r and its lane index j (0 .. lanes-1), stored
//   WholeReduceMin   as ReduceOrder says: [value, index] / [index, value] in 2 * sizeof(T) bytes at
//                    r * dstRepStride pairs, [value] at element r * dstRepStride, or [index] as a
//                    uint32_t at byte 4 * r * dstRepStride.  An index is the bits of an unsigned
//                    integer of T's size (a uint32_t for ORDER_ONLY_INDEX); ties keep the first lane.
//   BlockReduce*     dst[r * dstRepStride * 8 + b]           = the reduction of 32-byte block b; a
//                    block with no active lane is not written
//   PairReduceSum    dst[r * dstRepStride * lanes / 2 + p]   = lane 2p + lane 2p+1; a pair with no
//                    active lane is not written
//   RepeatReduceSum  WholeReduceSum (dstBlkStride is not used on Atlas A2)
//
// Sums add as a binary tree over the lanes (neighbours first; an inactive lane counts as 0), every
// addition rounded to T: half sums round to half after each addition, as the hardware's half adder
// does.  A mask or repeat count of 0 makes the call do nothing.  The source lanes are read on the
// V pipe over the extent the repeats reach; the destination is written over the extent of the
// results.  The results of all repeats are computed before any is stored.
#pragma once

#include <algorithm>
#include <tuple>
#include <vector>

#include "ascx_emu/vector.h"

namespace AscendC {

enum class ReduceOrder : uint8_t { ORDER_VALUE_INDEX = 0, ORDER_INDEX_VALUE, ORDER_ONLY_VALUE, ORDER_ONLY_INDEX };

}  // namespace AscendC

namespace ascx_emu {
namespace per_repeat {

inline void check_range(int64_t value, int64_t low, int64_t high, const char* name, const char* what) {
    if (value < low || value > high) {
        fail("%s: %s %lld is outside [%lld, %lld]", what, name, static_cast<long long>(value),
             static_cast<long long>(low), static_cast<long long>(high));
    }
}

inline void check_strides(std::initializer_list<std::pair<const char*, int32_t>> strides, const char* what) {
    for (const auto& [name, value] : strides) {
        check_range(value, 0, 65535, name, what);
    }
}

/// The repeats of a call with a lane-count mask; false when CANN documents the call as a no-op.
template <typename T, bool isSetMask>
bool repeats(Repeats& rep, int32_t mask, int32_t repeatTime, const char* what) {
    check_range(repeatTime, 0, 255, "repeatTime", what);
    if constexpr (isSetMask) {
        if (mask < 0) {
            fail("%s: the continuous mask %d is negative", what, static_cast<int>(mask));
        }
        if (mask == 0) {
            return false;
        }
    }
    if (repeatTime == 0) {
        return false;
    }
    rep = mask_repeats<isSetMask>(sizeof(T), static_cast<uint64_t>(mask), static_cast<uint32_t>(repeatTime), what);
    return true;
}

/// The repeats of a call with a bit mask; false when CANN documents the call as a no-op.
template <typename T, bool isSetMask>
bool repeats(Repeats& rep, const uint64_t mask[], int32_t repeatTime, const char* what) {
    check_range(repeatTime, 0, 255, "repeatTime", what);
    if constexpr (isSetMask) {
        if (mask[0] == 0 && (lanes_for(sizeof(T)) <= 64 || mask[1] == 0)) {
            return false;
        }
    }
    if (repeatTime == 0) {
        return false;
    }
    rep = mask_repeats<isSetMask>(sizeof(T), mask, static_cast<uint32_t>(repeatTime), what);
    return true;
}

/// One repeat's lanes as read: the value of every lane and whether it is active.
template <typename T>
struct RepeatLanes {
    T value[MAX_LANES];
    bool active[MAX_LANES];
    uint32_t count;
};

/// Call ``f(r, lanes)`` for every repeat, after recording the source read.
template <typename T, typename F>
void read_repeats(const AscendC::LocalTensor<T>& src, const Repeats& rep, const Stride& ss, F&& f, const char* what) {
    const uint64_t extent = rep.extent(ss);
    const T* in = src.span(extent, what);
    on_v(src, extent, false, what);
    RepeatLanes<T> lanes;
    lanes.count = rep.lanes;
    for (uint32_t r = 0; r < rep.times; ++r) {
        for (uint32_t j = 0; j < rep.lanes; ++j) {
            lanes.active[j] = rep.active(r, j);
            lanes.value[j] = lanes.active[j] ? in[lane_offset(ss, r, j)] : T(0);
        }
        f(r, lanes);
    }
}

/// Results to store into a destination, as (byte offset, bytes) pairs: collected while the source is
/// read, written (and recorded) once every repeat is done.
class Results {
public:
    template <typename V>
    void put(uint64_t byte_offset, const V& value) {
        Item item{byte_offset, sizeof(V), {}};
        std::memcpy(item.bytes, &value, sizeof(V));
        items_.push_back(item);
        end_ = std::max(end_, byte_offset + sizeof(V));
    }

    template <typename T>
    void store(const AscendC::LocalTensor<T>& dst, const char* what) const {
        if (items_.empty()) {
            return;
        }
        const uint64_t elements = (end_ + sizeof(T) - 1) / sizeof(T);
        auto* out = reinterpret_cast<unsigned char*>(dst.span(elements, what));
        on_v(dst, elements, true, what);
        for (const Item& item : items_) {
            std::memcpy(out + item.offset, item.bytes, item.size);
        }
    }

private:
    struct Item {
        uint64_t offset;
        uint64_t size;
        unsigned char bytes[8];
    };
    std::vector<Item> items_;
    uint64_t end_ = 0;
};

/// The binary-tree sum of ``count`` values (a power of two), rounded to T after every addition.
template <typename T>
T tree_sum(const T* values, uint32_t count) {
    T level[MAX_LANES];
    for (uint32_t i = 0; i < count; ++i) {
        level[i] = values[i];
    }
    for (uint32_t n = count; n > 1; n /= 2) {
        for (uint32_t i = 0; i < n / 2; ++i) {
            level[i] = ops::add(level[2 * i], level[2 * i + 1]);
        }
    }
    return count == 0 ? T(0) : level[0];
}

/// Whether ``v`` replaces ``best`` in a maximum (or minimum): a NaN wins, and ties keep the first.
template <typename T>
bool better(T v, T best, bool maximum) {
    if constexpr (is_floating_v<T>) {
        if (std::isnan(widen(best))) {
            return false;
        }
        if (std::isnan(widen(v))) {
            return true;
        }
    }
    return maximum ? widen(v) > widen(best) : widen(v) < widen(best);
}

/// The extreme active lane among ``[first, first + count)`` as (found, value, lane).
template <typename T>
std::tuple<bool, T, uint32_t> extreme(const RepeatLanes<T>& lanes, uint32_t first, uint32_t count, bool maximum) {
    bool found = false;
    T best = T(0);
    uint32_t at = 0;
    for (uint32_t j = first; j < first + count; ++j) {
        if (lanes.active[j] && (!found || better(lanes.value[j], best, maximum))) {
            found = true;
            best = lanes.value[j];
            at = j;
        }
    }
    return {found, best, at};
}

template <typename T>
using IndexBits = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;

template <typename T, bool isSetMask, typename Mask>
void whole_sum(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, Mask mask, int32_t repeatTime,
               int32_t dstRepStride, int32_t srcBlkStride, int32_t srcRepStride, const char* what) {
    check_strides({{"dstRepStride", dstRepStride}, {"srcBlkStride", srcBlkStride}, {"srcRepStride", srcRepStride}},
                  what);
    Repeats rep;
    if (!repeats<T, isSetMask>(rep, mask, repeatTime, what)) {
        return;
    }
    Results results;
    read_repeats(src, rep, strided<T>(srcBlkStride, srcRepStride), [&](uint32_t r, const RepeatLanes<T>& lanes) {
        results.put(uint64_t{r} * dstRepStride * sizeof(T), tree_sum(lanes.value, lanes.count));
    }, what);
    results.store(dst, what);
}

template <typename T, bool isSetMask, typename Mask>
void whole_extreme(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, Mask mask,
                   int32_t repeatTime, int32_t dstRepStride, int32_t srcBlkStride, int32_t srcRepStride,
                   AscendC::ReduceOrder order, bool maximum, const char* what) {
    check_strides({{"dstRepStride", dstRepStride}, {"srcBlkStride", srcBlkStride}, {"srcRepStride", srcRepStride}},
                  what);
    Repeats rep;
    if (!repeats<T, isSetMask>(rep, mask, repeatTime, what)) {
        return;
    }
    Results results;
    read_repeats(src, rep, strided<T>(srcBlkStride, srcRepStride), [&](uint32_t r, const RepeatLanes<T>& lanes) {
        const auto [found, value, lane] = extreme(lanes, 0, lanes.count, maximum);
        (void)found;  // a mask that selects no lane is an error of mask_repeats
        const uint64_t at = uint64_t{r} * static_cast<uint64_t>(dstRepStride);
        const auto index = static_cast<IndexBits<T>>(lane);
        switch (order) {
            case AscendC::ReduceOrder::ORDER_VALUE_INDEX:
                results.put(at * 2 * sizeof(T), value);
                results.put(at * 2 * sizeof(T) + sizeof(T), index);
                break;
            case AscendC::ReduceOrder::ORDER_INDEX_VALUE:
                results.put(at * 2 * sizeof(T), index);
                results.put(at * 2 * sizeof(T) + sizeof(T), value);
                break;
            case AscendC::ReduceOrder::ORDER_ONLY_VALUE: results.put(at * sizeof(T), value); break;
            case AscendC::ReduceOrder::ORDER_ONLY_INDEX: results.put(at * 4, static_cast<uint32_t>(lane)); break;
            default: fail("%s: unknown ReduceOrder %d", what, static_cast<int>(order));
        }
    }, what);
    results.store(dst, what);
}

enum class Kind { SUM, MAX, MIN };

template <typename T, bool isSetMask, typename Mask>
void block(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, int32_t repeatTime, Mask mask,
           int32_t dstRepStride, int32_t srcBlkStride, int32_t srcRepStride, Kind kind, const char* what) {
    check_strides({{"dstRepStride", dstRepStride}, {"srcBlkStride", srcBlkStride}, {"srcRepStride", srcRepStride}},
                  what);
    Repeats rep;
    if (!repeats<T, isSetMask>(rep, mask, repeatTime, what)) {
        return;
    }
    constexpr uint32_t per_block = BLOCK_BYTES / sizeof(T);
    Results results;
    read_repeats(src, rep, strided<T>(srcBlkStride, srcRepStride), [&](uint32_t r, const RepeatLanes<T>& lanes) {
        for (uint32_t b = 0; b * per_block < lanes.count; ++b) {
            const uint32_t first = b * per_block;
            const auto [found, value, lane] = extreme(lanes, first, per_block, kind == Kind::MAX);
            (void)lane;
            if (!found) {
                continue;  // a block with no active lane keeps what dst holds (Atlas A2)
            }
            const T result = kind == Kind::SUM ? tree_sum(lanes.value + first, per_block) : value;
            results.put((uint64_t{r} * static_cast<uint64_t>(dstRepStride) * 8 + b) * sizeof(T), result);
        }
    }, what);
    results.store(dst, what);
}

template <typename T, bool isSetMask, typename Mask>
void pair(const AscendC::LocalTensor<T>& dst, const AscendC::LocalTensor<T>& src, int32_t repeatTime, Mask mask,
          int32_t dstRepStride, int32_t srcBlkStride, int32_t srcRepStride, const char* what) {
    check_strides({{"dstRepStride", dstRepStride}, {"srcBlkStride", srcBlkStride}, {"srcRepStride", srcRepStride}},
                  what);
    Repeats rep;
    if (!repeats<T, isSetMask>(rep, mask, repeatTime, what)) {
        return;
    }
    Results results;
    read_repeats(src, rep, strided<T>(srcBlkStride, srcRepStride), [&](uint32_t r, const RepeatLanes<T>& lanes) {
        const uint32_t pairs = lanes.count / 2;
        for (uint32_t p = 0; p < pairs; ++p) {
            if (!lanes.active[2 * p] && !lanes.active[2 * p + 1]) {
                continue;  // both masked: the destination element is left as it is (Atlas A2)
            }
            const T sum = ops::add(lanes.value[2 * p], lanes.value[2 * p + 1]);
            results.put((uint64_t{r} * static_cast<uint64_t>(dstRepStride) * pairs + p) * sizeof(T), sum);
        }
    }, what);
    results.store(dst, what);
}

}  // namespace per_repeat
}  // namespace ascx_emu

namespace AscendC {

// --- WholeReduceSum / WholeReduceMax / WholeReduceMin ----------------------------------------------------

template <typename T, bool isSetMask = true>
void WholeReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t mask, const int32_t repeatTime,
                    const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride) {
    ASCX_COVER_FORM("WholeReduceSum", "LocalTensor, LocalTensor, int32_t, int32_t, int32_t, int32_t, int32_t");
    ascx_emu::per_repeat::whole_sum<T, isSetMask>(dst, src, mask, repeatTime, dstRepStride, srcBlkStride,
                                                   srcRepStride, "WholeReduceSum");
}

template <typename T, bool isSetMask = true>
void WholeReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[],
                    const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                    const int32_t srcRepStride) {
    ASCX_COVER_FORM("WholeReduceSum", "LocalTensor, LocalTensor, uint64_t[], int32_t, int32_t, int32_t, int32_t");
    ascx_emu::per_repeat::whole_sum<T, isSetMask>(dst, src, mask, repeatTime, dstRepStride, srcBlkStride,
                                                   srcRepStride, "WholeReduceSum");
}

#define ASCX_EMU_WHOLE_EXTREME(NAME, MAXIMUM)                                                                      \
    template <typename T, bool isSetMask = true>                                                                   \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t mask, const int32_t repeatTime,  \
              const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride,                  \
              ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX) {                                                \
        ASCX_COVER_FORM(#NAME, "mask");                                                                            \
        ASCX_COVER_ENUM(#NAME, "order", ReduceOrder, order);                                                       \
        ascx_emu::per_repeat::whole_extreme<T, isSetMask>(dst, src, mask, repeatTime, dstRepStride, srcBlkStride,  \
                                                          srcRepStride, order, MAXIMUM, #NAME);                    \
    }                                                                                                              \
    template <typename T, bool isSetMask = true>                                                                   \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint64_t mask[],                        \
              const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,                    \
              const int32_t srcRepStride, ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX) {                    \
        ASCX_COVER_FORM(#NAME, "mask[]");                                                                          \
        ASCX_COVER_ENUM(#NAME, "order", ReduceOrder, order);                                                       \
        ascx_emu::per_repeat::whole_extreme<T, isSetMask>(dst, src, mask, repeatTime, dstRepStride, srcBlkStride,  \
                                                          srcRepStride, order, MAXIMUM, #NAME);                    \
    }

ASCX_EMU_WHOLE_EXTREME(WholeReduceMax, true)
ASCX_EMU_WHOLE_EXTREME(WholeReduceMin, false)
#undef ASCX_EMU_WHOLE_EXTREME

// --- BlockReduceSum / BlockReduceMax / BlockReduceMin / PairReduceSum -------------------------------------

#define ASCX_EMU_BLOCK_REDUCE(NAME, KIND)                                                                          \
    template <typename T, bool isSetMask = true>                                                                   \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime, const int32_t mask,  \
              const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride) {                \
        ASCX_COVER_FORM(#NAME, "mask");                                                                            \
        ascx_emu::per_repeat::block<T, isSetMask>(dst, src, repeatTime, mask, dstRepStride, srcBlkStride,          \
                                                  srcRepStride, KIND, #NAME);                                      \
    }                                                                                                              \
    template <typename T, bool isSetMask = true>                                                                   \
    void NAME(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,                     \
              const uint64_t mask[], const int32_t dstRepStride, const int32_t srcBlkStride,                       \
              const int32_t srcRepStride) {                                                                        \
        ASCX_COVER_FORM(#NAME, "mask[]");                                                                          \
        ascx_emu::per_repeat::block<T, isSetMask>(dst, src, repeatTime, mask, dstRepStride, srcBlkStride,          \
                                                  srcRepStride, KIND, #NAME);                                      \
    }

ASCX_EMU_BLOCK_REDUCE(BlockReduceSum, ascx_emu::per_repeat::Kind::SUM)
ASCX_EMU_BLOCK_REDUCE(BlockReduceMax, ascx_emu::per_repeat::Kind::MAX)
ASCX_EMU_BLOCK_REDUCE(BlockReduceMin, ascx_emu::per_repeat::Kind::MIN)
#undef ASCX_EMU_BLOCK_REDUCE

template <typename T, bool isSetMask = true>
void PairReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime, const int32_t mask,
                   const int32_t dstRepStride, const int32_t srcBlkStride, const int32_t srcRepStride) {
    ASCX_COVER_FORM("PairReduceSum", "LocalTensor, LocalTensor, int32_t, int32_t, int32_t, int32_t, int32_t");
    ascx_emu::per_repeat::pair<T, isSetMask>(dst, src, repeatTime, mask, dstRepStride, srcBlkStride, srcRepStride,
                                              "PairReduceSum");
}

template <typename T, bool isSetMask = true>
void PairReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                   const uint64_t mask[], const int32_t dstRepStride, const int32_t srcBlkStride,
                   const int32_t srcRepStride) {
    ASCX_COVER_FORM("PairReduceSum", "LocalTensor, LocalTensor, int32_t, uint64_t[], int32_t, int32_t, int32_t");
    ascx_emu::per_repeat::pair<T, isSetMask>(dst, src, repeatTime, mask, dstRepStride, srcBlkStride, srcRepStride,
                                              "PairReduceSum");
}

// --- RepeatReduceSum -------------------------------------------------------------------------------------

template <typename T, bool isSetMask = true>
void RepeatReduceSum(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t repeatTime,
                     const int32_t mask, const int32_t dstBlkStride, const int32_t srcBlkStride,
                     const int32_t dstRepStride, const int32_t srcRepStride) {
    ASCX_COVER("RepeatReduceSum");
    ascx_emu::per_repeat::check_range(dstBlkStride, 0, 65535, "dstBlkStride", "RepeatReduceSum");
    ascx_emu::per_repeat::whole_sum<T, isSetMask>(dst, src, mask, repeatTime, dstRepStride, srcBlkStride,
                                                   srcRepStride, "RepeatReduceSum");
}

}  // namespace AscendC
