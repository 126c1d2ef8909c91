// ascx host emulation: the fractal layouts of the cube (CANN's "matrix compute" documentation).
//
//  - A fractal of L1, L0A and L0B is 512 bytes: 16 rows of C0 = 32 / sizeof(T) elements (16 x 16 half,
//    16 x 8 float, 16 x 32 int8), stored row by row.
//  - NZ (L1, L0C): a matrix of fractals stored column of fractals by column of fractals; the element
//    (r, c) of an NZ matrix with column blocks `c0_stride` rows apart is at
//    (c / C0) * c0_stride * C0 + r * C0 + c % C0.
//  - ZZ (L0A, the left matrix): fractals row of fractals by row of fractals, rows inside.
//  - ZN (L0B, the right matrix): fractals row by row over (k, n), each holding 16 columns of n with C0
//    values of k: the element (k, n) of a fractal is at (n % 16) * C0 + k % C0.
//  - L0C holds 16 x 16 fractals of the accumulator (float or int32_t) in NZ.
#pragma once

#include "ascx_emu/tensor.h"

namespace ascx_emu {
namespace cube {

constexpr uint32_t FRACTAL_BYTES = 512;
constexpr uint32_t FRACTAL_ROWS = 16;
constexpr uint32_t BLOCK_BYTES = 32;

template <typename T>
constexpr uint32_t c0() {
    return BLOCK_BYTES / sizeof(T);
}

template <typename T>
constexpr uint32_t fractal_elements() {
    return FRACTAL_BYTES / sizeof(T);
}

inline uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

/// The tensor's memory must be one of ``memories``; ``what`` names the API, ``role`` the operand.
template <typename T>
void require_memory(const AscendC::LocalTensor<T>& t, std::initializer_list<Memory> memories, const char* what,
                    const char* role) {
    for (Memory m : memories) {
        if (t.memory() == m) {
            return;
        }
    }
    char allowed[64] = {0};
    for (Memory m : memories) {
        std::strncat(allowed, allowed[0] ? "/" : "", sizeof(allowed) - std::strlen(allowed) - 1);
        std::strncat(allowed, memory_name(m), sizeof(allowed) - std::strlen(allowed) - 1);
    }
    fail("%s: %s is in %s, but it must be in %s", what, role, memory_name(t.memory()), allowed);
}

/// The tensor must start at a multiple of ``alignment`` bytes of its memory.
template <typename T>
void require_aligned(const AscendC::LocalTensor<T>& t, uint64_t alignment, const char* what, const char* role) {
    if (t.GetPhyAddr() % alignment != 0) {
        fail("%s: %s starts at byte %llu of %s, which is not %llu-byte aligned", what, role,
             static_cast<unsigned long long>(t.GetPhyAddr()), memory_name(t.memory()),
             static_cast<unsigned long long>(alignment));
    }
}

/// Warn once per run of the process that ``what`` is only recorded, not computed.
inline void warn_once(bool& warned, const char* message) {
    if (!warned) {
        warned = true;
        std::fprintf(stderr, "ascx_emu warning: %s\n", message);
    }
}

}  // namespace cube
}  // namespace ascx_emu
