// ascx host emulation: the repeat model of the vector instructions (docs/emulation.md#the-vector-instructions).
//
// A vector instruction works on "repeats" of 256 bytes: 8 blocks of 32 bytes.  One repeat holds
// ``lanes = 256 / sizeof(widest element type)`` elements.  Lane ``j`` of repeat ``r`` of an operand
// with block stride ``bs`` and repeat stride ``rs`` (both in 32-byte blocks of that operand) is the
// element
//
//     r * rs * per_block + (j / per_block) * bs * per_block + j % per_block,   per_block = 32 / sizeof(T)
//
// The mask picks the lanes of every repeat: a continuous mask ``m`` takes lanes [0, m); a bit mask
// (``uint64_t mask[]``) takes lane j when bit j % 64 of word j / 64 is set (word 1 only for 16-bit
// types).  The count form is the same machine with contiguous operands: ``count`` elements in
// repeats of ``lanes``, the last one partial.  In counter mode (SetMaskCount) the mask form works the
// same way over its strided operands: word 0 of the mask register is the element count, and the repeat
// count is whatever that takes (the call's repeatTimes is ignored).
#pragma once

#include "ascx_emu/data_copy.h"
#include "ascx_emu/registers.h"
#include "ascx_emu/tensor.h"

namespace AscendC {

// --- repeat parameter structs (field names and order as in CANN; strides in 32-byte blocks) ---------

constexpr uint32_t DEFAULT_BLK_NUM = 8;
constexpr uint16_t DEFAULT_BLK_STRIDE = 1;
constexpr uint8_t DEFAULT_REPEAT_STRIDE = 8;

struct UnaryRepeatParams {
    UnaryRepeatParams() {}
    UnaryRepeatParams(const uint16_t dstBlkStrideIn, const uint16_t srcBlkStrideIn, const uint8_t dstRepStrideIn,
                      const uint8_t srcRepStrideIn)
        : dstBlkStride(dstBlkStrideIn), srcBlkStride(srcBlkStrideIn), dstRepStride(dstRepStrideIn),
          srcRepStride(srcRepStrideIn) {}
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint16_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint16_t srcBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t srcRepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
    bool halfBlock = false;
};

struct BinaryRepeatParams {
    BinaryRepeatParams() {}
    BinaryRepeatParams(const uint8_t dstBlkStrideIn, const uint8_t src0BlkStrideIn, const uint8_t src1BlkStrideIn,
                       const uint8_t dstRepStrideIn, const uint8_t src0RepStrideIn, const uint8_t src1RepStrideIn)
        : dstBlkStride(dstBlkStrideIn), src0BlkStride(src0BlkStrideIn), src1BlkStride(src1BlkStrideIn),
          dstRepStride(dstRepStrideIn), src0RepStride(src0RepStrideIn), src1RepStride(src1RepStrideIn) {}
    uint32_t blockNumber = DEFAULT_BLK_NUM;
    uint8_t dstBlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src0BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t src1BlkStride = DEFAULT_BLK_STRIDE;
    uint8_t dstRepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src0RepStride = DEFAULT_REPEAT_STRIDE;
    uint8_t src1RepStride = DEFAULT_REPEAT_STRIDE;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

}  // namespace AscendC

namespace ascx_emu {

constexpr uint32_t REPEAT_BYTES = 256;
constexpr uint32_t MAX_LANES = 128;  ///< the mask register has 128 bits

/// Lanes of one repeat for elements of ``bytes`` bytes (the widest type of the instruction).
constexpr uint32_t lanes_for(uint32_t bytes) { return REPEAT_BYTES / bytes < MAX_LANES ? REPEAT_BYTES / bytes : MAX_LANES; }

/// How one operand of an instruction is laid out over the repeats.
struct Stride {
    uint32_t elem_bytes;    ///< sizeof its element type
    uint32_t block;         ///< block stride, in 32-byte blocks
    uint32_t repeat;        ///< repeat stride, in 32-byte blocks
};

template <typename T>
constexpr Stride strided(uint32_t block_stride, uint32_t repeat_stride) {
    return Stride{static_cast<uint32_t>(sizeof(T)), block_stride, repeat_stride};
}

/// The element offset of lane ``j`` of repeat ``r`` of an operand.
inline uint64_t lane_offset(const Stride& s, uint32_t r, uint32_t j) {
    const uint32_t per_block = s.elem_bytes < BLOCK_BYTES ? BLOCK_BYTES / s.elem_bytes : 1;
    return uint64_t{r} * s.repeat * per_block + uint64_t{j / per_block} * s.block * per_block + j % per_block;
}

/// What one instruction processes: ``times`` repeats of ``lanes`` lanes, with the lanes picked by a
/// mask (mask form) or by a total element count (count form).
struct Repeats {
    uint32_t lanes = 0;
    uint32_t times = 0;
    uint64_t bits[2] = {0, 0};   ///< mask form: the active lanes of every repeat
    uint64_t count = 0;          ///< count form and counter mode: the elements in all
    bool count_form = false;
    bool counted = false;        ///< counter mode: lanes are picked by ``count``, operands keep their strides

    bool active(uint32_t r, uint32_t j) const {
        if (count_form || counted) {
            return uint64_t{r} * lanes + j < count;
        }
        return ((bits[j / 64] >> (j % 64)) & 1u) != 0;
    }
    /// The layout of an operand that the count form reads or writes contiguously.
    template <typename T>
    Stride contiguous() const {
        return strided<T>(1, static_cast<uint32_t>(uint64_t{lanes} * sizeof(T) / BLOCK_BYTES));
    }
    /// How many elements an operand must hold: one past the furthest element any active lane touches.
    uint64_t extent(const Stride& s) const {
        if (count_form) {
            return count;
        }
        if (times == 0) {
            return 0;
        }
        uint64_t furthest = 0;
        bool any = false;
        // The last repeat reaches furthest, but a partial one (counter mode) may not reach as far as
        // the full one before it.
        for (uint32_t r = times >= 2 && counted ? times - 2 : times - 1; r < times; ++r) {
            for (uint32_t j = 0; j < lanes; ++j) {
                if (active(r, j)) {
                    const uint64_t at = lane_offset(s, r, j) + 1;
                    furthest = at > furthest ? at : furthest;
                    any = true;
                }
            }
        }
        return any ? furthest : 0;
    }
};

/// The count form over elements of ``lane_bytes`` bytes: every op of the count form leaves the mask
/// register full, as CANN's count-mode wrappers do.
inline Repeats count_repeats(uint32_t lane_bytes, int64_t count, const char* what) {
    if (count < 0) {
        fail("%s: the element count %lld is negative", what, static_cast<long long>(count));
    }
    ASCX_COVER_FORM("vector mask", "count");
    registers.vector_mask[0] = ~uint64_t{0};
    registers.vector_mask[1] = ~uint64_t{0};
    registers.mask_counter = false;
    Repeats r;
    r.lanes = lanes_for(lane_bytes);
    r.count = static_cast<uint64_t>(count);
    r.times = static_cast<uint32_t>((r.count + r.lanes - 1) / r.lanes);
    r.count_form = true;
    return r;
}

/// The mask form with the mask register as it is (isSetMask = false), keeping the lanes that exist; in
/// counter mode, the register's element count in as many repeats as it takes.
inline Repeats register_repeats(uint32_t lane_bytes, uint32_t times) {
    Repeats r;
    r.lanes = lanes_for(lane_bytes);
    if (registers.mask_counter) {
        r.count = registers.vector_mask[0];
        r.times = static_cast<uint32_t>((r.count + r.lanes - 1) / r.lanes);
        r.counted = true;
        return r;
    }
    r.times = times;
    r.bits[0] = registers.vector_mask[0];
    r.bits[1] = registers.vector_mask[1];
    if (r.lanes < 128) {
        r.bits[1] = 0;
        if (r.lanes < 64) {
            r.bits[0] &= (uint64_t{1} << r.lanes) - 1;
        }
    }
    return r;
}

/// Coverage of the forms that run under the mask register as it is (isSetMask = false).
inline void cover_register_form() {
    if (registers.mask_counter) {
        ASCX_COVER_FORM("vector mask", "register, counter mode");
    } else {
        ASCX_COVER_FORM("vector mask", "register, normal mode");
    }
}

/// CANN's conversion of a continuous mask ``len`` into the register's two words (``SetMask<T>(len)``):
/// the first ``len`` lanes, all of them from 128 (or the lanes of a repeat) on.
inline void set_continuous_mask(uint32_t lane_bytes, uint64_t len) {
    const uint32_t lanes = lanes_for(lane_bytes);
    if (len == lanes || len >= 128) {
        registers.vector_mask[0] = ~uint64_t{0};
        registers.vector_mask[1] = ~uint64_t{0};
    } else {
        registers.vector_mask[0] = len >= 64 ? ~uint64_t{0} : (uint64_t{1} << len) - 1;
        registers.vector_mask[1] = len > 64 ? (uint64_t{1} << (len - 64)) - 1 : 0;
    }
}

/// The mask form with a continuous mask: lanes [0, mask).  In counter mode the mask is written to the
/// register as CANN writes it (the lane bits of ``mask``), whose word 0 is then the element count: pass
/// the count in the bit-mask form (``{count, 0}``) instead.
template <bool isSetMask>
Repeats mask_repeats(uint32_t lane_bytes, uint64_t mask, uint32_t times, const char* what) {
    if constexpr (!isSetMask) {
        (void)mask;
        (void)what;
        cover_register_form();
        return register_repeats(lane_bytes, times);
    } else {
        if (registers.mask_counter) {
            ASCX_COVER_FORM("vector mask", "continuous, counter mode");
            set_continuous_mask(lane_bytes, mask);
            return register_repeats(lane_bytes, times);
        }
        ASCX_COVER_FORM("vector mask", "continuous, normal mode");
        const uint32_t lanes = lanes_for(lane_bytes);
        if (mask == 0 || mask > lanes) {
            fail("%s: the continuous mask %llu is outside [1, %u] (the lanes of one repeat of %u-byte elements)", what,
                 static_cast<unsigned long long>(mask), lanes, lane_bytes);
        }
        registers.vector_mask[0] = mask >= 64 ? ~uint64_t{0} : (uint64_t{1} << mask) - 1;
        registers.vector_mask[1] = mask >= 128 ? ~uint64_t{0} : mask > 64 ? (uint64_t{1} << (mask - 64)) - 1 : 0;
        return register_repeats(lane_bytes, times);
    }
}

/// The mask form with a bit mask: word 0 for lanes 0-63, word 1 (16-bit types only) for lanes 64-127.
template <bool isSetMask>
Repeats mask_repeats(uint32_t lane_bytes, const uint64_t mask[], uint32_t times, const char* what) {
    if constexpr (!isSetMask) {
        (void)mask;
        (void)what;
        cover_register_form();
        return register_repeats(lane_bytes, times);
    } else {
        if (registers.mask_counter) {  // word 0 is the element count
            ASCX_COVER_FORM("vector mask", "bits, counter mode");
            registers.vector_mask[0] = mask[0];
            registers.vector_mask[1] = mask[1];
            return register_repeats(lane_bytes, times);
        }
        ASCX_COVER_FORM("vector mask", "bits, normal mode");
        const uint32_t lanes = lanes_for(lane_bytes);
        const uint64_t low = mask[0];
        const uint64_t high = lanes > 64 ? mask[1] : 0;  // 32-bit types take a one-word mask
        if (low == 0 && high == 0) {
            fail("%s: the bit mask selects no element", what);
        }
        if (lanes < 64 && (low >> lanes) != 0) {
            fail("%s: the bit mask 0x%llx selects lanes past the %u of one repeat", what,
                 static_cast<unsigned long long>(low), lanes);
        }
        registers.vector_mask[0] = low;
        registers.vector_mask[1] = high;
        return register_repeats(lane_bytes, times);
    }
}

/// The count form of an op with an ``isSetMask`` template argument: ``count`` elements, or with
/// isSetMask = false one instruction under the mask register as it is (in counter mode, its element count).
template <bool isSetMask>
Repeats count_or_register_repeats(uint32_t lane_bytes, int64_t count, const char* what) {
    if constexpr (isSetMask) {
        return count_repeats(lane_bytes, count, what);
    } else {
        (void)count;
        (void)what;
        cover_register_form();
        return register_repeats(lane_bytes, 1);
    }
}

}  // namespace ascx_emu
