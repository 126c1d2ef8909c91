// ascx host emulation: the bodies of matmul_core.h's functions (ASCX_EMU_MATMUL_SHARED), which a kernel
// built with -DASCX_EMU_THIN links from runtime.o instead of compiling.  Clean-room; included at the end of
// matmul_core.h.
#pragma once

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <mutex>

#include "ascx_emu/gemm.h"

namespace ascx_emu {

void matmul_error(const char* name, const char* what, const char* format, ...) {
    char message[768];
    std::va_list args;
    va_start(args, format);
    std::vsnprintf(message, sizeof message, format, args);
    va_end(args);
    fail("%s: %s: %s", name, what, message);
}

void matmul_record_gm_region(const void* base, uint64_t element_size, const MatrixLayout& lay, uint64_t r0,
                             uint64_t c0, uint64_t h, uint64_t w, sync_check::Actor actor, bool write,
                             const char* call) {
    if (!sync_check::state.enabled || h == 0 || w == 0) {
        return;
    }
    const unsigned char* bytes = static_cast<const unsigned char*>(base);
#if !ASCX_EMU_DEBUG
    if (!lay.nz) {  // one operation over the rows of the tile
        sync_check::global_rows(bytes + lay.index(r0, c0) * element_size, h, w * element_size, lay.ld * element_size,
                                actor, write, call);
        return;
    }
#endif
    for (uint64_t r = r0; r < r0 + h; ++r) {
        if (!lay.nz) {
            sync_check::global(bytes + lay.index(r, c0) * element_size, w * element_size, actor, write, call);
            continue;
        }
        for (uint64_t c = c0; c < c0 + w;) {  // one run per fractal the row crosses
            const uint64_t end = std::min((c / lay.c0 + 1) * lay.c0, c0 + w);
            sync_check::global(bytes + lay.index(r, c) * element_size, (end - c) * element_size, actor, write, call);
            c = end;
        }
    }
}

namespace matmul_core {

template <typename T>
struct Type {
    using type = T;
};

/// ``f(Type<T>{})`` for the element type ``e`` of a source whose accumulator is L (GetMmDstType: int32_t
/// for int8_t inputs, float for the others).
template <typename L, class F>
inline void with_source_elem(MatmulElem e, F&& f) {
    if constexpr (std::is_same_v<L, int32_t>) {
        switch (e) {
            case MatmulElem::I8: return f(Type<int8_t>{});
            case MatmulElem::I32: return f(Type<int32_t>{});  // a bias of int8 inputs
            case MatmulElem::F32: return f(Type<float>{});
            case MatmulElem::F16: return f(Type<Float16<false>>{});
            default: break;
        }
    } else {
        switch (e) {
            case MatmulElem::F16: return f(Type<Float16<false>>{});
            case MatmulElem::BF16: return f(Type<Float16<true>>{});
            case MatmulElem::F32: return f(Type<float>{});
            case MatmulElem::U8: return f(Type<uint8_t>{});
            case MatmulElem::I16: return f(Type<int16_t>{});
            case MatmulElem::I32: return f(Type<int32_t>{});
            default: break;
        }
    }
    fail("Matmul: an operand's element type has no %s accumulator in the emulation",
         std::is_same_v<L, int32_t> ? "int32_t" : "float");
}

inline uint64_t element_size(MatmulElem e) {
    switch (e) {
        case MatmulElem::I8:
        case MatmulElem::U8: return 1;
        case MatmulElem::F16:
        case MatmulElem::BF16:
        case MatmulElem::I16: return 2;
        default: return 4;
    }
}

/// ``n`` source elements from ``from``, widened into ``to`` (half through the conversion cache).
template <typename L, typename T>
inline void widen_run(L* to, const T* from, uint64_t n) {
    if constexpr (std::is_same_v<T, half> && std::is_same_v<L, float>) {
        static_assert(sizeof(half) == sizeof(uint16_t), "half is its bits");
        half_bits_to_floats(to, reinterpret_cast<const uint16_t*>(from), n);
    } else {
        for (uint64_t i = 0; i < n; ++i) {
            to[i] = to_acc<L>(from[i]);
        }
    }
}

/// The storage of an input operand of ``rows`` x ``cols`` (ND, or NZ with C0 = 32 bytes of elements).
inline MatrixLayout input_layout(const MatmulOperand& o, uint64_t rows, uint64_t cols) {
    MatrixLayout lay;
    if (o.nz) {
        lay.nz = true;
        lay.c0 = 32 / element_size(o.elem);
        lay.r16 = ceil_div(rows, 16) * 16;
    } else {
        lay.ld = cols;
    }
    return lay;
}

inline void require_dim(const MatmulBlockJob& job, int value, const char* dim, const char* role) {
    if (value <= 0) {
        matmul_error(job.name, job.what, "%s's org shape %s is %d: set it in the tiling or call SetOrgShape", role,
                     dim, value);
    }
}

/// Record the cube's read of a source region (storage coordinates).
inline void record_source(const MatmulBlockJob& job, const MatmulOperand& o, const void* base, uint64_t count,
                          const MatrixLayout& lay, uint64_t r0, uint64_t c0, uint64_t h, uint64_t w, const char* call) {
    if (o.kind == MatmulOperand::Kind::GLOBAL) {
        matmul_record_gm_region(base, element_size(o.elem), lay, r0, c0, h, w, job.cube, false, call);
    } else {
        o.record_local(o.source, count, job.cube, call);
    }
}

/// Rows [r0, r0+h) and all k < K of A, widened, row-major h x K; the fast build pads the rows with
/// zeros to a multiple of gemm::ROWS (see gemm.h).
template <typename L, typename T>
void load_a(const MatmulBlockJob& job, std::vector<L>& out, uint64_t r0, uint64_t h, uint64_t k_len,
            uint64_t offset) {
    const MatmulOperand& a = job.a;
#if ASCX_EMU_DEBUG
    out.resize(h * k_len);
#else
    out.resize(gemm::padded_rows(h) * k_len);
    std::fill(out.begin() + static_cast<std::ptrdiff_t>(h * k_len), out.end(), L(0));
#endif
    if (a.kind == MatmulOperand::Kind::SCALAR) {
        std::fill(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(h * k_len),
                  to_acc<L>(*static_cast<const T*>(a.scalar)));
        return;
    }
    const bool t = a.transpose;
    require_dim(job, job.org_m, "M", "A");
    require_dim(job, job.org_ka, "Ka", "A");
    // storage: [orgM, orgKa], or [orgKa, orgM] when transposed
    const uint64_t rows = t ? job.org_ka : job.org_m;
    const uint64_t cols = t ? job.org_m : job.org_ka;
    const uint64_t col_extent = t ? r0 + h : k_len;
    if (!a.nz && col_extent > (job.a_ld != 0 ? job.a_ld : cols)) {
        matmul_error(job.name, job.what, "A reads %llu columns per row but its rows hold %llu (%s)",
                     static_cast<unsigned long long>(col_extent), static_cast<unsigned long long>(cols),
                     t ? "orgM" : "orgKa");
    }
    MatrixLayout lay = input_layout(a, rows, cols);
    lay.ld = job.a_ld != 0 ? job.a_ld : lay.ld;  // BSNGD / SBNGD rows (batch_input)
    const uint64_t last = t ? lay.index(k_len - 1, r0 + h - 1) : lay.index(r0 + h - 1, k_len - 1);
    const T* p = static_cast<const T*>(a.data(a.source, offset + last + 1, "Matmul (reading A)")) + offset;
    // the GEMV page: in GEMV mode A's data in GM is 16-byte aligned
    if (a.vector && a.kind == MatmulOperand::Kind::GLOBAL) {
        const uint64_t past = reinterpret_cast<uintptr_t>(p) % 16;
        if (past != 0) {
            matmul_error(job.name, job.what,
                         "A in CubeFormat::VECTOR (GEMV) must be 16-byte aligned in GM; it starts %llu bytes past a "
                         "16-byte boundary",
                         static_cast<unsigned long long>(past));
        }
    }
    record_source(job, a, p, offset + last + 1, lay, t ? 0 : r0, t ? r0 : 0, t ? k_len : h, t ? h : k_len,
                  "Matmul (reading A)");
    L* to = out.data();
    if (!ASCX_EMU_DEBUG && !t && !lay.nz) {  // rows of A are rows of the source
        for (uint64_t r = 0; r < h; ++r) {
            widen_run(to + r * k_len, p + lay.index(r0 + r, 0), k_len);
        }
        return;
    }
    for (uint64_t r = 0; r < h; ++r) {
        for (uint64_t k = 0; k < k_len; ++k) {
            to[r * k_len + k] = to_acc<L>(p[t ? lay.index(k, r0 + r) : lay.index(r0 + r, k)]);
        }
    }
}

/// All k < K and columns [c0, c0+w) of B, widened: row-major K x w in the debug build, in the panels
/// of gemm.h (gemm::COLS columns each, zero columns past w) in the fast build.
template <typename L, typename T>
void load_b(const MatmulBlockJob& job, std::vector<L>& out, std::vector<L>& row_buf, uint64_t c0, uint64_t w,
            uint64_t k_len, uint64_t offset) {
    const MatmulOperand& b = job.b;
#if ASCX_EMU_DEBUG
    (void)row_buf;
    out.resize(k_len * w);
    auto at = [w](uint64_t k, uint64_t c) { return k * w + c; };
#else
    constexpr uint64_t COLS = gemm::COLS;
    out.resize(gemm::panels(w) * COLS * k_len);
    if (w % COLS != 0) {  // the last panel's columns past w
        L* last = out.data() + (w / COLS) * COLS * k_len;
        for (uint64_t k = 0; k < k_len; ++k) {
            std::fill(last + k * COLS + w % COLS, last + (k + 1) * COLS, L(0));
        }
    }
    auto at = [k_len](uint64_t k, uint64_t c) { return (c / COLS) * k_len * COLS + k * COLS + c % COLS; };
#endif
    L* to = out.data();
    if (b.kind == MatmulOperand::Kind::SCALAR) {
        const L value = to_acc<L>(*static_cast<const T*>(b.scalar));
        for (uint64_t k = 0; k < k_len; ++k) {
            for (uint64_t c = 0; c < w; ++c) {
                to[at(k, c)] = value;
            }
        }
        return;
    }
    const bool t = b.transpose;
    require_dim(job, job.org_n, "N", "B");
    require_dim(job, job.org_kb, "Kb", "B");
    // storage: [orgKb, orgN], or [orgN, orgKb] when transposed
    const uint64_t rows = t ? job.org_n : job.org_kb;
    const uint64_t cols = t ? job.org_kb : job.org_n;
    const uint64_t col_extent = t ? k_len : c0 + w;
    if (!b.nz && col_extent > (job.b_ld != 0 ? job.b_ld : cols)) {
        matmul_error(job.name, job.what, "B reads %llu columns per row but its rows hold %llu (%s)",
                     static_cast<unsigned long long>(col_extent), static_cast<unsigned long long>(cols),
                     t ? "orgKb" : "orgN");
    }
    MatrixLayout lay = input_layout(b, rows, cols);
    lay.ld = job.b_ld != 0 ? job.b_ld : lay.ld;
    const uint64_t last = t ? lay.index(c0 + w - 1, k_len - 1) : lay.index(k_len - 1, c0 + w - 1);
    const T* p = static_cast<const T*>(b.data(b.source, offset + last + 1, "Matmul (reading B)")) + offset;
    record_source(job, b, p, offset + last + 1, lay, t ? c0 : 0, t ? 0 : c0, t ? w : k_len, t ? k_len : w,
                  "Matmul (reading B)");
#if !ASCX_EMU_DEBUG
    if (!t && !lay.nz) {  // a row of the source, widened, is a row of every panel
        std::vector<L>& row = row_buf;
        row.resize(w);
        const uint64_t whole = w / COLS * COLS;  // columns in whole panels
        for (uint64_t k = 0; k < k_len; ++k) {
            widen_run(row.data(), p + lay.index(k, c0), w);
            for (uint64_t c = 0; c < whole; c += COLS) {
                std::memcpy(to + at(k, c), row.data() + c, COLS * sizeof(L));
            }
            if (whole < w) {
                std::memcpy(to + at(k, whole), row.data() + whole, (w - whole) * sizeof(L));
            }
        }
        return;
    }
#endif
    for (uint64_t k = 0; k < k_len; ++k) {
        for (uint64_t c = 0; c < w; ++c) {
            to[at(k, c)] = to_acc<L>(p[t ? lay.index(c0 + c, k) : lay.index(k, c0 + c)]);
        }
    }
}

/// Multiply-accumulate: fp32, or int32 with wrap-around.
template <typename L>
inline L mac(L sum, L a, L b) {
    if constexpr (std::is_integral_v<L>) {
        return static_cast<L>(static_cast<uint32_t>(sum) + static_cast<uint32_t>(a) * static_cast<uint32_t>(b));
    } else {
        const L product = a * b;
        return sum + product;
    }
}

/// The scratch of compute_block, per thread and accumulator type: a run stopped by fail() (longjmp)
/// leaks nothing of it.
template <typename L>
struct Scratch {
    std::vector<L> a, b, sums;
};
template <typename L>
inline Scratch<L>& scratch() {
    static thread_local Scratch<L> buffers;
    return buffers;
}

template <typename L>
void compute_block(const MatmulBlockJob& job, uint64_t r0, uint64_t c0, uint64_t h, uint64_t w, uint64_t k_len,
                   bool accumulate, uint64_t a_offset, uint64_t b_offset, uint64_t bias_offset, std::vector<L>& acc) {
    Scratch<L>& buffers = scratch<L>();  // thread_local: looked up once
    std::vector<L>& a_buf = buffers.a;
    std::vector<L>& b_buf = buffers.b;
    with_source_elem<L>(job.a.elem, [&](auto type) {
        load_a<L, typename decltype(type)::type>(job, a_buf, r0, h, k_len, a_offset);
    });
    with_source_elem<L>(job.b.elem, [&](auto type) {
        load_b<L, typename decltype(type)::type>(job, b_buf, buffers.sums, c0, w, k_len, b_offset);
    });
    sync_check::work(job.cube, h * w * k_len, static_cast<unsigned>(element_size(job.a.elem)));  // docs/emulation.md#timeline
    if (!accumulate || acc.size() != h * w) {
#if ASCX_EMU_DEBUG
        acc.assign(h * w, L(0));
#else
        acc.resize(h * w);  // gemm::product writes every element
#endif
        accumulate = false;
    }
    if (job.bias_enabled && !accumulate) {
        const MatmulOperand& bias = job.bias;
        if (bias.size(bias.source) < static_cast<uint64_t>(job.single_n)) {
            matmul_error(job.name, job.what, "the bias holds %llu elements, fewer than singleCoreN (%d)",
                         static_cast<unsigned long long>(bias.size(bias.source)), job.single_n);
        }
        const uint64_t count = c0 + w + bias_offset;
        const unsigned char* start = static_cast<const unsigned char*>(bias.data(bias.source, count, "Matmul (reading the bias)")) +
                                     bias_offset * element_size(bias.elem);
        MatrixLayout row;
        row.ld = c0 + w;
        record_source(job, bias, start, count, row, 0, c0, 1, w, "Matmul (reading the bias)");
        with_source_elem<L>(bias.elem, [&](auto type) {
            using B = typename decltype(type)::type;
            const B* values = reinterpret_cast<const B*>(start);
            for (uint64_t r = 0; r < h; ++r) {
                for (uint64_t c = 0; c < w; ++c) {
                    acc[r * w + c] = to_acc<L>(values[c0 + c]);
                }
            }
        });
        accumulate = true;
    }
#if ASCX_EMU_DEBUG
    std::vector<L>& sum_buf = buffers.sums;
    sum_buf.assign(w, L(0));
    for (uint64_t r = 0; r < h; ++r) {
        for (uint64_t c = 0; c < w; ++c) {
            sum_buf[c] = accumulate ? acc[r * w + c] : L(0);
        }
        for (uint64_t k = 0; k < k_len; ++k) {
            const L av = a_buf[r * k_len + k];
            const L* brow = &b_buf[k * w];
            for (uint64_t c = 0; c < w; ++c) {
                sum_buf[c] = mac(sum_buf[c], av, brow[c]);
            }
        }
        for (uint64_t c = 0; c < w; ++c) {
            acc[r * w + c] = sum_buf[c];
        }
    }
#else
    gemm::product(a_buf.data(), b_buf.data(), h, w, k_len, accumulate, acc.data());
#endif
}

template <typename D, typename L>
void store(D* base, const MatrixLayout& lay, uint64_t r0, uint64_t c0, uint64_t h, uint64_t w, const L* acc,
           uint8_t atomic) {
#if !ASCX_EMU_DEBUG
    if (!lay.nz && atomic == 0) {  // rows of the block are runs of the destination
        for (uint64_t r = 0; r < h; ++r) {
            D* to = base + lay.index(r0 + r, c0);
            const L* from = acc + r * w;
            if constexpr (std::is_same_v<D, L>) {
                std::memcpy(static_cast<void*>(to), from, w * sizeof(D));
            } else {
                for (uint64_t c = 0; c < w; ++c) {
                    to[c] = from_acc<D>(from[c]);
                }
            }
        }
        return;
    }
#endif
    static std::mutex atomic_writes;  // enAtomic from cores on several threads: one at a time
    std::unique_lock<std::mutex> hold(atomic_writes, std::defer_lock);
    if (atomic != 0) {
        hold.lock();
    }
    for (uint64_t r = 0; r < h; ++r) {
        for (uint64_t c = 0; c < w; ++c) {
            D& slot = base[lay.index(r0 + r, c0 + c)];
            slot = combine(slot, from_acc<D>(acc[r * w + c]), atomic);
        }
    }
}

}  // namespace matmul_core

void matmul_compute_block(const MatmulBlockJob& job, uint64_t r0, uint64_t c0, uint64_t h, uint64_t w, uint64_t k_len,
                          bool accumulate, uint64_t a_offset, uint64_t b_offset, uint64_t bias_offset,
                          std::vector<float>& acc) {
    matmul_core::compute_block<float>(job, r0, c0, h, w, k_len, accumulate, a_offset, b_offset, bias_offset, acc);
}

void matmul_compute_block(const MatmulBlockJob& job, uint64_t r0, uint64_t c0, uint64_t h, uint64_t w, uint64_t k_len,
                          bool accumulate, uint64_t a_offset, uint64_t b_offset, uint64_t bias_offset,
                          std::vector<int32_t>& acc) {
    matmul_core::compute_block<int32_t>(job, r0, c0, h, w, k_len, accumulate, a_offset, b_offset, bias_offset, acc);
}

void matmul_store(void* base, MatmulElem dst, const MatrixLayout& lay, uint64_t r0, uint64_t c0, uint64_t h,
                  uint64_t w, const float* acc, uint8_t atomic) {
    switch (dst) {
        case MatmulElem::F32: return matmul_core::store(static_cast<float*>(base), lay, r0, c0, h, w, acc, atomic);
        case MatmulElem::F16:
            return matmul_core::store(static_cast<Float16<false>*>(base), lay, r0, c0, h, w, acc, atomic);
        case MatmulElem::BF16:
            return matmul_core::store(static_cast<Float16<true>*>(base), lay, r0, c0, h, w, acc, atomic);
        default: fail("Matmul: C's element type is no plain cast of a float accumulator");
    }
}

void matmul_store(void* base, MatmulElem dst, const MatrixLayout& lay, uint64_t r0, uint64_t c0, uint64_t h,
                  uint64_t w, const int32_t* acc, uint8_t atomic) {
    if (dst != MatmulElem::I32) {
        fail("Matmul: C's element type is no plain cast of an int32_t accumulator");
    }
    matmul_core::store(static_cast<int32_t*>(base), lay, r0, c0, h, w, acc, atomic);
}

}  // namespace ascx_emu
