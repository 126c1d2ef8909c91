// ascx host emulation of Concat and Extract (the data preparation around Sort) for Atlas A2.  Clean-room.
//
// On Atlas A2, Sort stores (value, index) records of 8 bytes: the value in the low bytes (a half value in
// bytes 0-1, bytes 2-3 unused; a float value in bytes 0-3) and the uint32_t index in bytes 4-7, 32 records
// per repeat.  Extract writes the values and the indices of repeatTime * 32 records; Concat makes concat
// refer to src's memory (no data moves; CANN: concat = src).
#pragma once

#include <cstring>

#include "ascx_emu/lib_common.h"

namespace ascx_emu {
namespace lib {

inline void check_repeat(int32_t repeatTime, const char* api) {
    if (repeatTime < 0 || repeatTime > 255) {
        fail("%s: repeatTime %d is outside [0, 255]", api, static_cast<int>(repeatTime));
    }
}

}  // namespace lib
}  // namespace ascx_emu

namespace AscendC {

template <typename T>
void Concat(LocalTensor<T>& concat, const LocalTensor<T>& src, const LocalTensor<T>& tmp, const int32_t repeatTime) {
    ASCX_COVER("Concat");
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "Concat takes half or float");
    (void)tmp;
    ascx_emu::lib::check_repeat(repeatTime, "Concat");
    concat = src;
}

template <typename T>
void Extract(const LocalTensor<T>& dstValue, const LocalTensor<uint32_t>& dstIndex, const LocalTensor<T>& sorted,
             const int32_t repeatTime) {
    ASCX_COVER("Extract");
    static_assert(std::is_same_v<T, half> || std::is_same_v<T, float>, "Extract takes half or float");
    const char* api = "Extract";
    ascx_emu::lib::check_repeat(repeatTime, api);
    const uint64_t records = static_cast<uint64_t>(repeatTime) * 32;
    const uint64_t sorted_elements = records * 8 / sizeof(T);
    ascx_emu::lib::check_count(sorted, sorted_elements, "sorted (8 bytes per record)", api);
    ascx_emu::lib::check_count(dstValue, records, "dstValue", api);
    ascx_emu::lib::check_count(dstIndex, records, "dstIndex", api);
    ascx_emu::lib::reads(sorted, sorted_elements, api);
    ascx_emu::lib::writes(dstValue, records, api);
    ascx_emu::lib::writes(dstIndex, records, api);
    const auto* bytes = reinterpret_cast<const unsigned char*>(sorted.data());
    std::vector<unsigned char> copy(bytes, bytes + records * 8);  // the outputs may overlap the records
    for (uint64_t i = 0; i < records; ++i) {
        T value;
        uint32_t index;
        std::memcpy(&value, copy.data() + i * 8, sizeof(T));
        std::memcpy(&index, copy.data() + i * 8 + 4, sizeof(uint32_t));
        dstValue.data()[i] = value;
        dstIndex.data()[i] = index;
    }
}

}  // namespace AscendC
