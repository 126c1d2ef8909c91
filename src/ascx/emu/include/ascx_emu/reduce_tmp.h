// ascx host emulation: the scratch space ReduceSum / ReduceMax / ReduceMin need, by the formulas of
// CANN's ReduceSum and ReduceMax pages (Atlas A2), in elements of T:
//   ReduceSum, count form             none: the repeat sums are added in order
//   ReduceSum, mask form              the repeat sums, rounded up to a 32-byte block
//   ReduceMax/Min without calIndex    2 * (first-round repeats), rounded up to a block
//   ReduceMax/Min with calIndex       the first round's (value, index) pairs, rounded up to a block, plus
//                                     those of the later rounds
// where the first-round repeats are the mask form's repeatTime or the count form's
// count / (elements per repeat), at least 1.  A smaller sharedTmpBuffer is an error; the scratch
// space is written on the V pipe (its contents are not modelled).
#pragma once

#include "ascx_emu/repeat.h"
#include "ascx_emu/checker.h"

namespace ascx_emu {

inline uint64_t ceil_to(uint64_t value, uint64_t unit) { return (value + unit - 1) / unit * unit; }

/// The elements of scratch space a reduction needs (see above).
template <typename T>
uint64_t reduce_tmp_elements(const Repeats& rep, bool sum, bool calIndex) {
    const uint64_t per_block = BLOCK_BYTES / sizeof(T);
    const uint64_t per_repeat = REPEAT_BYTES / sizeof(T);
    uint64_t first = rep.count_form ? rep.count / per_repeat : rep.times;
    first = first == 0 ? 1 : first;
    if (sum) {
        return rep.count_form ? 0 : ceil_to(first, per_block);
    }
    const uint64_t round1 = first * 2;
    if (!calIndex) {
        return ceil_to(round1, per_block);
    }
    const uint64_t round2_start = ceil_to(round1, per_block);
    const uint64_t round2 = (round1 + per_repeat - 1) / per_repeat * 2;
    const uint64_t round2_end = ceil_to(round2, per_block);
    if (round2 <= 2) {
        return round2_start + round2_end;
    }
    const uint64_t round3 = (round2 + per_repeat - 1) / per_repeat * 2;
    return round2_start + round2_end + ceil_to(round3, per_block);
}

/// Check ``tmp`` against what the reduction needs and record its write.
template <typename T>
void use_reduce_tmp(const AscendC::LocalTensor<T>& tmp, const Repeats& rep, bool sum, bool calIndex,
                    const char* what) {
    const uint64_t need = reduce_tmp_elements<T>(rep, sum, calIndex);
    if (need > tmp.GetSize()) {
        fail("%s: sharedTmpBuffer holds %u elements but the reduction needs %llu (CANN's formula for %s)", what,
             tmp.GetSize(), static_cast<unsigned long long>(need),
             rep.count_form ? "the count form" : "the mask form");
    }
    if (need > 0) {
        tmp.span(need, what);
        tmp.record(need, sync_check::V, true, what);
    }
}

}  // namespace ascx_emu
