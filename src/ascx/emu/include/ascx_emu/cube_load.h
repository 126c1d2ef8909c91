// ascx host emulation: the loads of the cube's inputs (CANN's LoadData, LoadDataWithTranspose,
// InitConstValue and the load settings).
//
// LoadData (2D) moves `repeatTimes` 512-byte fractals: repeat i reads fractal startIndex +/- i * srcStride
// of the source (addrMode 0 / 1; 1 from GM into L1 only, the one path CANN's dav-c220 LoadData applies it
// on) and writes fractal i * (1 + dstGap) of the destination; with ifTranspose each 16 x 16 fractal of a
// 16-bit type is transposed.  From GM it runs on MTE2, from L1 on
// MTE1.  LoadDataWithTranspose (MTE1) moves square blocks: one 16 x 16 fractal (16-bit types), two
// 16 x 32 fractals stacked into a 32 x 32 square (8-bit) or two 16 x 8 fractals side by side in a
// 16 x 16 square (32-bit); the square is transposed and written as fractals dstFracGap + 1 fractals
// apart, repeat i starting at fractal i * (dstGap + 1).  InitConstValue fills blocks of 32 bytes (L1, on
// MTE2) or 512 bytes (L0A/L0B, on MTE1).  The 3D (img2col) loads and LoadDataWithSparse are recorded
// by the dynamic checker but not computed: they stop the run with an error.
#pragma once

#include "ascx_emu/checker.h"
#include "ascx_emu/cube_structs.h"
#include "ascx_emu/fractal.h"
#include "ascx_emu/registers.h"
#include "ascx_emu/tensor.h"

namespace ascx_emu {
namespace cube {

/// addrMode 1 (decreasing) is applied by CANN's dav-c220 LoadData from GM into L1 only: its loads into L0A/L0B and
/// LoadDataWithTranspose pass addr_cal_mode inc whatever addrMode says (ascx refuses a constant 1 while tracing).
inline void require_increasing(uint8_t addr_mode, const char* what) {
    if (addr_mode != 0) {
        fail("%s: addrMode %u (decreasing) is not applied on dav-c220: CANN counts the fractals up here (it applies "
             "addrMode to loads from GM into L1 only)",
             what, static_cast<unsigned>(addr_mode));
    }
}

/// The index of the fractal repeat ``i`` reads.
inline int64_t source_fractal(uint64_t start, uint64_t i, uint64_t stride, uint8_t addr_mode) {
    return addr_mode == 0 ? static_cast<int64_t>(start + i * stride)
                          : static_cast<int64_t>(start) - static_cast<int64_t>(i * stride);
}

/// LoadData 2D from ``from`` (``src_count`` elements available) into ``to``.
template <typename T>
void load_2d(T* to, const T* from, const AscendC::LoadData2DParams& p, const char* what) {
    constexpr uint32_t frac = fractal_elements<T>();
    constexpr uint32_t width = c0<T>();
    for (uint32_t i = 0; i < p.repeatTimes; ++i) {
        const int64_t s = source_fractal(p.startIndex, i, p.srcStride, p.addrMode);
        if (s < 0) {
            fail("%s: repeat %u reads fractal %lld, before the source's start (addrMode 1 counts down)", what, i,
                 static_cast<long long>(s));
        }
        const T* src = from + static_cast<uint64_t>(s) * frac;
        T* dst = to + uint64_t{i} * (1u + p.dstGap) * frac;
        if (!p.ifTranspose) {
            std::memmove(dst, src, FRACTAL_BYTES);
            continue;
        }
        for (uint32_t r = 0; r < FRACTAL_ROWS; ++r) {
            for (uint32_t c = 0; c < width; ++c) {
                dst[r * width + c] = src[c * width + r];
            }
        }
    }
}

/// The elements of the source / destination a 2D load touches, from their starts.
inline uint64_t load_2d_source_extent(const AscendC::LoadData2DParams& p, uint32_t frac) {
    if (p.repeatTimes == 0) {
        return 0;
    }
    const uint64_t last = p.addrMode == 0 ? p.startIndex + uint64_t{p.repeatTimes - 1u} * p.srcStride : p.startIndex;
    return (last + 1) * frac;
}

inline uint64_t load_2d_dest_extent(const AscendC::LoadData2DParams& p, uint32_t frac) {
    return p.repeatTimes == 0 ? 0 : (uint64_t{p.repeatTimes - 1u} * (1u + p.dstGap) + 1) * frac;
}

}  // namespace cube
}  // namespace ascx_emu

namespace AscendC {

template <typename T>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2DParams& loadDataParams) {
    ASCX_COVER_FORM("LoadData", "LocalTensor, LocalTensor, LoadData2DParams");
    using namespace ascx_emu;
    const char* what = "LoadData (L1 to L0A/L0B)";
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4, "LoadData moves 8-, 16- and 32-bit types");
    cube::require_memory(src, {Memory::L1}, what, "src");
    cube::require_memory(dst, {Memory::L0A, Memory::L0B}, what, "dst");
    cube::require_aligned(dst, cube::FRACTAL_BYTES, what, "dst");
    cube::require_aligned(src, 32, what, "src");
    if (loadDataParams.ifTranspose && sizeof(T) != 2) {
        fail("%s: ifTranspose transposes 16-bit fractals only", what);
    }
    cube::require_increasing(loadDataParams.addrMode, what);
    constexpr uint32_t frac = cube::fractal_elements<T>();
    const uint64_t src_count = cube::load_2d_source_extent(loadDataParams, frac);
    const uint64_t dst_count = cube::load_2d_dest_extent(loadDataParams, frac);
    const T* from = src.span(src_count, what);
    T* to = dst.span(dst_count, what);
    src.record(src_count, sync_check::MTE1, false, what);
    dst.record(dst_count, sync_check::MTE1, true, what);
    cube::load_2d(to, from, loadDataParams, what);
}

template <typename T>
void LoadData(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const LoadData2DParams& loadDataParams) {
    ASCX_COVER_FORM("LoadData", "LocalTensor, GlobalTensor, LoadData2DParams");
    using namespace ascx_emu;
    const char* what = "LoadData (GM to L1/L0A/L0B)";
    cube::require_memory(dst, {Memory::L1, Memory::L0A, Memory::L0B}, what, "dst");
    cube::require_aligned(dst, dst.memory() == Memory::L1 ? 32 : cube::FRACTAL_BYTES, what, "dst");
    if (loadDataParams.ifTranspose) {
        fail("%s: ifTranspose applies to loads from L1 only", what);
    }
    if (dst.memory() != Memory::L1) {
        cube::require_increasing(loadDataParams.addrMode, what);
    }
    constexpr uint32_t frac = cube::fractal_elements<T>();
    const uint64_t src_count = cube::load_2d_source_extent(loadDataParams, frac);
    const uint64_t dst_count = cube::load_2d_dest_extent(loadDataParams, frac);
    const T* from = src.span(src_count, what);
    T* to = dst.span(dst_count, what);
    src.record(src_count, sync_check::MTE2, false, what);
    dst.record(dst_count, sync_check::MTE2, true, what);
    cube::load_2d(to, from, loadDataParams, what);
}

template <typename T>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData2DParamsV2& loadDataParams) {
    ASCX_COVER_FORM("LoadData", "LocalTensor, LocalTensor, LoadData2DParamsV2");
    (void)dst;
    (void)src;
    (void)loadDataParams;
    ascx_emu::fail("LoadData (2D V2): not available on dav-c220 (Ascend 950 only)");
}

template <typename T>
void LoadData(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const LoadData2DParamsV2& loadDataParams) {
    ASCX_COVER_FORM("LoadData", "LocalTensor, GlobalTensor, LoadData2DParamsV2");
    (void)dst;
    (void)src;
    (void)loadDataParams;
    ascx_emu::fail("LoadData (2D V2): not available on dav-c220 (Ascend 950 only)");
}

namespace detail {
/// A 3D load is recorded (so the checker sees it) and stops the run: img2col is not emulated.
template <typename T>
void load_3d(const LocalTensor<T>& dst, const LocalTensor<T>& src, const char* what) {
    using namespace ascx_emu;
    cube::require_memory(src, {Memory::L1}, what, "src");
    cube::require_memory(dst, {Memory::L0A, Memory::L0B}, what, "dst");
    fail("%s: the img2col (3D) load is not emulated", what);
}
}  // namespace detail

template <typename T, typename U>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData3DParamsV1<U>& loadDataParams) {
    ASCX_COVER_FORM("LoadData", "LocalTensor, LocalTensor, LoadData3DParamsV1");
    (void)loadDataParams;
    detail::load_3d(dst, src, "LoadData (3D v1)");
}

template <typename T, typename U>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData3DParamsV2<U>& loadDataParams) {
    ASCX_COVER_FORM("LoadData", "LocalTensor, LocalTensor, LoadData3DParamsV2");
    static_assert(std::is_same_v<T, U>, "LoadData3DParamsV2<U>: U must be the tensors' element type");
    (void)loadDataParams;
    detail::load_3d(dst, src, "LoadData (3D v2)");
}

template <typename T>
void LoadData(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LoadData3DParamsV2Pro& loadDataParams) {
    ASCX_COVER_FORM("LoadData", "LocalTensor, LocalTensor, LoadData3DParamsV2Pro");
    (void)loadDataParams;
    detail::load_3d(dst, src, "LoadData (3D v2 Pro)");
}

namespace detail {
/// One square of LoadDataWithTranspose: ``src`` points at its first element, ``dst`` at the first fractal
/// it writes; ``frac_step`` is the distance between the square's destination fractals, in elements.
template <typename T>
void transpose_square(T* dst, const T* src, uint64_t frac_step) {
    if constexpr (sizeof(T) == 2) {  // one 16 x 16 fractal
        for (uint32_t r = 0; r < 16; ++r) {
            for (uint32_t c = 0; c < 16; ++c) {
                dst[r * 16 + c] = src[c * 16 + r];
            }
        }
    } else if constexpr (sizeof(T) == 1) {  // two 16 x 32 fractals stacked: a 32 x 32 square, rows 16 j.. of its transpose
        for (uint32_t j = 0; j < 2; ++j) {
            for (uint32_t k = 0; k < 16; ++k) {
                for (uint32_t c = 0; c < 32; ++c) {
                    dst[j * frac_step + k * 32 + c] = src[c * 32 + j * 16 + k];
                }
            }
        }
    } else {  // two 16 x 8 fractals side by side: a 16 x 16 square, columns 8 j.. of its transpose
        for (uint32_t j = 0; j < 2; ++j) {
            for (uint32_t r = 0; r < 16; ++r) {
                for (uint32_t c = 0; c < 8; ++c) {
                    const uint32_t row = 8 * j + c;  // element (row, r) of the square: fractal r / 8, column r % 8
                    dst[j * frac_step + r * 8 + c] = r < 8 ? src[row * 8 + r] : src[128 + row * 8 + (r - 8)];
                }
            }
        }
    }
}
}  // namespace detail

template <typename T>
void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                           const LoadData2dTransposeParams& loadDataParams) {
    ASCX_COVER_FORM("LoadDataWithTranspose", "LocalTensor, LocalTensor, LoadData2dTransposeParams");
    using namespace ascx_emu;
    const char* what = "LoadDataWithTranspose";
    static_assert(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4, "LoadDataWithTranspose moves 8-, 16-, 32-bit types");
    cube::require_memory(src, {Memory::L1}, what, "src");
    cube::require_memory(dst, {Memory::L0A, Memory::L0B}, what, "dst");
    cube::require_aligned(dst, cube::FRACTAL_BYTES, what, "dst");
    cube::require_aligned(src, 32, what, "src");
    const LoadData2dTransposeParams& p = loadDataParams;
    cube::require_increasing(p.addrMode, what);
    constexpr uint32_t frac = cube::fractal_elements<T>();
    constexpr uint32_t fractals = sizeof(T) == 2 ? 1 : 2;  // per square
    const uint64_t square = uint64_t{frac} * fractals;
    if (p.repeatTimes == 0) {
        return;
    }
    const uint64_t last = p.addrMode == 0 ? p.startIndex + uint64_t{p.repeatTimes - 1u} * p.srcStride : p.startIndex;
    const uint64_t src_count = (last + 1) * square;
    const uint64_t frac_step = uint64_t{1u + p.dstFracGap} * frac;
    const uint64_t dst_count = uint64_t{p.repeatTimes - 1u} * (1u + p.dstGap) * frac + (fractals - 1) * frac_step + frac;
    const T* from = src.span(src_count, what);
    T* to = dst.span(dst_count, what);
    src.record(src_count, sync_check::MTE1, false, what);
    dst.record(dst_count, sync_check::MTE1, true, what);
    for (uint32_t i = 0; i < p.repeatTimes; ++i) {
        const int64_t s = cube::source_fractal(p.startIndex, i, p.srcStride, p.addrMode);
        if (s < 0) {
            fail("%s: repeat %u reads square %lld, before the source's start", what, i, static_cast<long long>(s));
        }
        detail::transpose_square(to + uint64_t{i} * (1u + p.dstGap) * frac, from + static_cast<uint64_t>(s) * square,
                                 frac_step);
    }
}

template <typename T>
void LoadDataWithTranspose(const LocalTensor<T>& dst, const LocalTensor<T>& src,
                           const LoadData2dTransposeParamsV2& loadDataParams) {
    ASCX_COVER_FORM("LoadDataWithTranspose", "LocalTensor, LocalTensor, LoadData2dTransposeParamsV2");
    (void)dst;
    (void)src;
    (void)loadDataParams;
    ascx_emu::fail("LoadDataWithTranspose (LoadData2dTransposeParamsV2): not available on dav-c220 (Ascend 950 only)");
}

template <typename T = int8_t, typename U = uint8_t>
void LoadDataWithSparse(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<U>& idx,
                        const LoadData2dParams& loadDataParam) {
    ASCX_COVER("LoadDataWithSparse");
    static_assert(std::is_same_v<T, int8_t> && std::is_same_v<U, uint8_t>, "LoadDataWithSparse: int8_t with uint8_t");
    using namespace ascx_emu;
    const char* what = "LoadDataWithSparse";
    cube::require_memory(dst, {Memory::L0B}, what, "dst");
    cube::require_memory(src, {Memory::L1}, what, "src");
    cube::require_memory(idx, {Memory::L1}, what, "idx");
    (void)loadDataParam;
    fail("%s: the structured-sparse load is not emulated", what);
}

// --- InitConstValue ---------------------------------------------------------------------------------

template <typename T, typename U>
void InitConstValue(const LocalTensor<T>& dst, const InitConstValueParams<U>& initConstValueParams) {
    ASCX_COVER("InitConstValue");
    static_assert(std::is_same_v<T, U>, "InitConstValueParams<U>: U must be the tensor's element type");
    using namespace ascx_emu;
    const char* what = "InitConstValue";
    cube::require_memory(dst, {Memory::L1, Memory::L0A, Memory::L0B}, what, "dst");
    const bool l1 = dst.memory() == Memory::L1;
    const uint64_t block = l1 ? cube::BLOCK_BYTES : cube::FRACTAL_BYTES;
    cube::require_aligned(dst, block, what, "dst");
    const InitConstValueParams<U>& p = initConstValueParams;
    if (p.repeatTimes == 0 || p.blockNum == 0) {
        return;
    }
    const uint64_t per_block = block / sizeof(T);
    const uint64_t count = (uint64_t{p.repeatTimes - 1u} * (p.blockNum + p.dstGap) + p.blockNum) * per_block;
    T* to = dst.span(count, what);
    dst.record(count, l1 ? sync_check::MTE2 : sync_check::MTE1, true, what);
    for (uint32_t r = 0; r < p.repeatTimes; ++r) {
        T* run = to + uint64_t{r} * (p.blockNum + p.dstGap) * per_block;
        std::fill(run, run + uint64_t{p.blockNum} * per_block, p.initValue);
    }
}

template <typename T, typename U>
void Fill(const LocalTensor<T>& dst, const InitConstValueParams<U>& initConstValueParams) {
    ASCX_COVER("Fill");
    InitConstValue(dst, initConstValueParams);
}

// --- the load settings -------------------------------------------------------------------------------

inline void SetLoadDataBoundary(uint32_t boundaryValue) { ASCX_COVER("SetLoadDataBoundary"); ascx_emu::registers.cube.load_data_boundary = boundaryValue; }

template <typename T>
void SetLoadDataPaddingValue(const T padValue) {
    ASCX_COVER("SetLoadDataPaddingValue");
    uint64_t bits = 0;
    std::memcpy(&bits, &padValue, sizeof(T) < sizeof(bits) ? sizeof(T) : sizeof(bits));
    ascx_emu::registers.cube.load_data_padding = bits;
}

inline void SetLoadDataRepeat(const LoadDataRepeatParam& repeatParams) {
    ASCX_COVER("SetLoadDataRepeat");
    ascx_emu::registers.cube.load_data_repeat_stride = repeatParams.repeatStride;
    ascx_emu::registers.cube.load_data_repeat_time = repeatParams.repeatTime;
    ascx_emu::registers.cube.load_data_repeat_mode = repeatParams.repeatMode;
}

}  // namespace AscendC
