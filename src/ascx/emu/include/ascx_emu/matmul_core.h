// ascx host emulation: the Matmul engine's type-erased core (docs/emulation.md#build-time).  Clean-room.
//
// The heavy loops of the Matmul engine (matmul_engine.h) do not depend on the MatmulType parameters a
// kernel instantiates the engine with, only on the element types and formats of its operands, which
// the core takes as runtime descriptors: reading A and B (widened into the accumulator type), the
// bias, the inner product (gemm.h), writing a result block into C's format, and recording the cube's
// accesses for the synchronisation checker.  It is compiled once into runtime.o (linkage.h: the
// functions are ASCX_EMU_MATMUL_SHARED), so a kernel's translation unit keeps only the engine's thin
// template (its state, checks and protocol).  The code is the engine's own, moved: the same loops,
// the same order of checks and messages, the same bits.
//
// A thin kernel links the core only with ASCX_EMU_MATMUL_LINKED, which ascx's build sets when the kernel's
// preamble includes lib/matmul_intf.h (the runtime object of that preamble holds the core); otherwise (a
// Matmul header included after the preamble, or $ASCX_EMU_MATMUL_CORE=0: the approach before, kept to
// measure against, benchmarks/edit_run_latency.py) the kernel's unit compiles the core as inline functions.
#pragma once

#include <cstdint>
#include <type_traits>
#include <vector>

#include "ascx_emu/base.h"
#include "ascx_emu/checker.h"
#include "ascx_emu/half.h"

#if (defined(ASCX_EMU_RUNTIME_OBJECT) || defined(ASCX_EMU_THIN)) && defined(ASCX_EMU_MATMUL_LINKED)
#define ASCX_EMU_MATMUL_SHARED
#else
#define ASCX_EMU_MATMUL_SHARED inline
#endif

namespace ascx_emu {

// ---------------------------------------------------------------------------------------------------
// Element types: widening into the accumulator, casting out of it, and atomic combining.

template <typename T>
struct is_float16 : std::false_type {};
template <bool Brain>
struct is_float16<Float16<Brain>> : std::true_type {};

/// What a value of T is computed in: float for floating types, int64 for integers.
template <typename T>
using wide_t = std::conditional_t<std::is_integral_v<T>, int64_t, float>;

template <typename L, typename T>
inline L to_acc(T v) {
    if constexpr (is_float16<T>::value) {
        return static_cast<L>(static_cast<float>(v));
    } else {
        return static_cast<L>(v);
    }
}

/// Whether the fixpipe casts the accumulator type L to D without quantisation parameters.
template <typename D, typename L>
constexpr bool plain_cast_v = (std::is_same_v<L, float> && (std::is_same_v<D, float> || is_float16<D>::value)) ||
                              (std::is_same_v<L, int32_t> && std::is_same_v<D, int32_t>);

template <typename D, typename L>
inline D from_acc(L v) {
    if constexpr (std::is_same_v<D, L>) {
        return v;
    } else {
        return D(v);  // half / bfloat16_t from float: round to nearest even
    }
}

/// enAtomic: 0 overwrites, 1 adds, 2 keeps the max, 3 the min, computed in D's arithmetic.
template <typename D>
inline D combine(D old, D value, uint8_t atomic) {
    if (atomic == 0) {
        return value;
    }
    using W = wide_t<D>;
    const W a = static_cast<W>(to_acc<W>(old));
    const W b = static_cast<W>(to_acc<W>(value));
    const W r = atomic == 1 ? a + b : atomic == 2 ? (a > b ? a : b) : (a < b ? a : b);
    return from_acc<D>(static_cast<std::conditional_t<std::is_integral_v<D>, D, float>>(r));
}

inline uint64_t ceil_div(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

/// How a 2-D matrix is stored: ND row-major with a leading dimension, or NZ fractals (16 rows x C0
/// columns, fractals column-major, elements row-major inside): (r, c) at
/// (c / C0) * R16 * C0 + r * C0 + c % C0 with R16 = rows rounded up to 16 (docs/emulation.md#the-matmul-engine).
struct MatrixLayout {
    bool nz = false;
    uint64_t ld = 0;   ///< ND: elements per row
    uint64_t r16 = 0;  ///< NZ: rows rounded up to 16
    uint64_t c0 = 1;   ///< NZ: columns per fractal
    uint64_t index(uint64_t r, uint64_t c) const { return nz ? (c / c0) * r16 * c0 + r * c0 + c % c0 : r * ld + c; }
};

// ---------------------------------------------------------------------------------------------------
// The core's view of an engine's operands

/// The element types the core computes with (the inputs CANN's Matmul takes, the accumulators and the
/// plain-cast outputs).
enum class MatmulElem : uint8_t { F16, BF16, F32, I8, U8, I16, I32 };

/// The MatmulElem of T (``known`` false for a type the core does not compute with).
template <typename T>
struct matmul_elem_of {
    static constexpr bool known = false;
};
template <MatmulElem E>
struct matmul_elem_known {
    static constexpr bool known = true;
    static constexpr MatmulElem value = E;
};
template <>
struct matmul_elem_of<Float16<false>> : matmul_elem_known<MatmulElem::F16> {};
template <>
struct matmul_elem_of<Float16<true>> : matmul_elem_known<MatmulElem::BF16> {};
template <>
struct matmul_elem_of<float> : matmul_elem_known<MatmulElem::F32> {};
template <>
struct matmul_elem_of<int8_t> : matmul_elem_known<MatmulElem::I8> {};
template <>
struct matmul_elem_of<uint8_t> : matmul_elem_known<MatmulElem::U8> {};
template <>
struct matmul_elem_of<int16_t> : matmul_elem_known<MatmulElem::I16> {};
template <>
struct matmul_elem_of<int32_t> : matmul_elem_known<MatmulElem::I32> {};

/// One input of a Matmul (A, B or the bias) as the core reads it: the engine's MatmulSource<T> behind
/// three functions of the thin template (matmul_operand below).
struct MatmulOperand {
    enum class Kind : uint8_t { NONE, GLOBAL, LOCAL, SCALAR };
    Kind kind = Kind::NONE;
    bool transpose = false;
    bool nz = false;      ///< CubeFormat::NZ
    bool vector = false;  ///< CubeFormat::VECTOR (GEMV A)
    MatmulElem elem = MatmulElem::F32;
    const void* source = nullptr;  ///< the MatmulSource<T>
    const void* scalar = nullptr;  ///< its scalar (a T)
    /// The first ``count`` elements, bounds-checked against the tensor (not for SCALAR).
    const void* (*data)(const void* source, uint64_t count, const char* what) = nullptr;
    uint64_t (*size)(const void* source) = nullptr;
    /// Record ``actor``'s read of the first ``count`` elements of a LocalTensor source.
    void (*record_local)(const void* source, uint64_t count, sync_check::Actor actor, const char* call) = nullptr;
};

/// What computing one block needs of an engine (MatmulEngine::compute_block).
struct MatmulBlockJob {
    const char* name = "";  ///< "Matmul 'mm'": the engine's name in its errors
    const char* what = "";  ///< the API call being computed
    MatmulOperand a, b, bias;
    bool bias_enabled = false;
    int org_m = 0, org_n = 0, org_ka = 0, org_kb = 0, single_n = 0;
    uint64_t a_ld = 0, b_ld = 0;  ///< BSNGD / SBNGD row strides (0: the ND default)
    sync_check::Actor cube = sync_check::CUBE;
};

/// The Matmul engine's error: "<name>: <what>: <message>", and the core stops.
[[noreturn]] ASCX_EMU_MATMUL_SHARED void matmul_error(const char* name, const char* what, const char* format, ...);

/// acc[r][c] = bias[c] + sum_k A[r][k] * B[k][c] for rows [r0, r0+h) and columns [c0, c0+w) of the
/// single-core result, sequential over k in the accumulator type (docs/emulation.md#the-matmul-engine).
/// With ``accumulate`` the sum continues from acc's previous contents (enPartialSum).  Offsets select
/// a batch's A, B and bias.
ASCX_EMU_MATMUL_SHARED void matmul_compute_block(const MatmulBlockJob& job, uint64_t r0, uint64_t c0, uint64_t h,
                                                 uint64_t w, uint64_t k_len, bool accumulate, uint64_t a_offset,
                                                 uint64_t b_offset, uint64_t bias_offset, std::vector<float>& acc);
ASCX_EMU_MATMUL_SHARED void matmul_compute_block(const MatmulBlockJob& job, uint64_t r0, uint64_t c0, uint64_t h,
                                                 uint64_t w, uint64_t k_len, bool accumulate, uint64_t a_offset,
                                                 uint64_t b_offset, uint64_t bias_offset, std::vector<int32_t>& acc);

/// Write an h x w block of sums into ``base`` (elements of ``dst``) stored as ``lay``, at (r0, c0),
/// combined by ``atomic``; ``dst`` is a plain cast of the accumulator (plain_cast_v).
ASCX_EMU_MATMUL_SHARED void matmul_store(void* base, MatmulElem dst, const MatrixLayout& lay, uint64_t r0, uint64_t c0,
                                         uint64_t h, uint64_t w, const float* acc, uint8_t atomic);
ASCX_EMU_MATMUL_SHARED void matmul_store(void* base, MatmulElem dst, const MatrixLayout& lay, uint64_t r0, uint64_t c0,
                                         uint64_t h, uint64_t w, const int32_t* acc, uint8_t atomic);

/// Record an access to rows [r0, r0+h) x columns [c0, c0+w) of a GM matrix of ``element_size``-byte
/// elements stored as ``lay``.
ASCX_EMU_MATMUL_SHARED void matmul_record_gm_region(const void* base, uint64_t element_size, const MatrixLayout& lay,
                                                    uint64_t r0, uint64_t c0, uint64_t h, uint64_t w,
                                                    sync_check::Actor actor, bool write, const char* call);

}  // namespace ascx_emu

#if !defined(ASCX_EMU_THIN) || !defined(ASCX_EMU_MATMUL_LINKED)
#include "ascx_emu/matmul_core_defs.h"
#endif
