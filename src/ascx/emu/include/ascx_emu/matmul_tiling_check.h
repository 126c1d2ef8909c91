// The checks CANN's Matmul makes of a TCubeTiling when the object is initialised (REGIST_MATMUL_OBJ with a
// tiling, or Init): on the CPU-debug path of dav-c220 its MatmulShapeTiling::CheckTiling runs the numerical
// check (depths and steps positive, isBias and iterateOrder not negative), the share check (shareMode and
// the share sizes not negative), the shape check (the base blocks fit L0A, L0B and L0C, with the L0 double
// buffering the tiling asks for), the depth check of the MDL configurations and the config checks of each
// scene; then, for a batch Matmul, the BatchNum its batch buffers are sized from (BatchCopyCubeIn::Init).  The conditions are CANN's (docs/emulation.md#the-tiling-check lists them); the messages name the
// field.  A MatmulApiStaticTiling config's known fields (not -1) take the place of the runtime tiling's,
// as CANN's MatmulTiling getters do.

#pragma once

#include <cstdint>

#include "ascx_emu/base.h"
#include "ascx_emu/matmul_core.h"
#include "ascx_emu/matmul_types.h"
#include "kernel_tiling/kernel_tiling.h"

namespace ascx_emu {
namespace matmul_tiling_check {

/// GetBitSize of a Matmul input type: the 4-bit integers count 4.
template <class T>
constexpr int64_t bit_size() {
    return static_cast<int64_t>(sizeof(T)) * 8;
}

/// CANN's PhyPosIsL1: an input at one of these positions is in L1 already (the Matmul copies it nowhere).
constexpr bool position_in_l1(AscendC::TPosition p) {
    return p == AscendC::TPosition::A1 || p == AscendC::TPosition::B1 || p == AscendC::TPosition::SHM ||
           p == AscendC::TPosition::TSCM;
}

/// The tiling as CANN's getters read it: a static tiling's known field, else the runtime one.
struct View {
    const TCubeTiling& t;
    const MatmulApiStaticTiling* s;
    int64_t get(int32_t TCubeTiling::*runtime, int32_t MatmulApiStaticTiling::*constant) const {
        if (s != nullptr && s->*constant != -1) {
            return s->*constant;
        }
        return t.*runtime;
    }
};

/// What the tiling check needs of a Matmul's MatmulTypes and accumulator.
struct Operands {
    int64_t a_bits;      ///< GetBitSize of A's type
    uint64_t l0c_bytes;  ///< sizeof the accumulator (L0C) type
    LayoutMode a_layout, b_layout;
    bool a_ib_share, b_ib_share;
    AscendC::TPosition a_pos, b_pos;
};

/// Checks ``tiling`` as CANN's CheckTiling does for a Matmul of operands ``o`` and configuration ``cfg``;
/// a failed check stops the kernel with "<name>: <what>: <message>" (matmul_error).  Compiled once into
/// runtime.o (matmul_core.h).
ASCX_EMU_MATMUL_SHARED void check_tiling(const Operands& o, const MatmulConfig& cfg, const TCubeTiling& tiling,
                                         const MatmulApiStaticTiling* constant, const char* name, const char* what);

/// check_tiling for a Matmul of inputs ``A_TYPE`` / ``B_TYPE`` with accumulator ``L0cT``.
template <class A_TYPE, class B_TYPE, class L0cT>
void check(const MatmulConfig& cfg, const TCubeTiling& tiling, const MatmulApiStaticTiling* constant, const char* name,
           const char* what) {
    const Operands o{bit_size<typename A_TYPE::T>(), sizeof(L0cT), A_TYPE::layout, B_TYPE::layout, A_TYPE::ibShare,
                     B_TYPE::ibShare, A_TYPE::pos, B_TYPE::pos};
    check_tiling(o, cfg, tiling, constant, name, what);
}

}  // namespace matmul_tiling_check
}  // namespace ascx_emu

#if !defined(ASCX_EMU_THIN) || !defined(ASCX_EMU_MATMUL_LINKED)
#include "ascx_emu/matmul_tiling_check_defs.h"
#endif
