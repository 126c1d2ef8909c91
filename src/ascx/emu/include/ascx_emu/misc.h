// ascx host emulation: the rest of the basic API that ascx emits: hardware constants, the atomic
// mode of GM writes, debug output (debug.h), ShapeInfo, TBufPool (buf_pool.h) and the L2 cache hint
// enums (cache_hint.h).
#pragma once

#include "ascx_emu/buf_pool.h"
#include "ascx_emu/cache_hint.h"
#include "ascx_emu/debug.h"
#include "ascx_emu/registers.h"

namespace AscendC {

// --- hardware constants (dav-c220; the types ascx gives them) ---------------------------------------

constexpr int32_t DEFAULT_C0_SIZE = 32;           ///< bytes of a C0 fractal row
constexpr int16_t ONE_BLK_SIZE = 32;              ///< bytes of a UB block
constexpr int32_t TOTAL_L1_SIZE = 512 * 1024;     ///< bytes of L1
constexpr int32_t TOTAL_L0C_SIZE = 128 * 1024;    ///< bytes of L0C

// --- atomic mode of copies to GM -------------------------------------------------------------------
//
// Until SetAtomicNone(), every DataCopy / DataCopyPad to GM combines each element with the one
// already there (add, max or min) in the atomic type, instead of overwriting it.

template <typename T>
void SetAtomicAdd() {
    ASCX_COVER("SetAtomicAdd");
    ascx_emu::registers.atomic_op = ascx_emu::AtomicOp::ADD;
    ascx_emu::registers.atomic_type = ascx_emu::atomic_type_of<T>();
}

template <typename T>
void SetAtomicMax() {
    ASCX_COVER("SetAtomicMax");
    ascx_emu::registers.atomic_op = ascx_emu::AtomicOp::MAX;
    ascx_emu::registers.atomic_type = ascx_emu::atomic_type_of<T>();
}

template <typename T>
void SetAtomicMin() {
    ASCX_COVER("SetAtomicMin");
    ascx_emu::registers.atomic_op = ascx_emu::AtomicOp::MIN;
    ascx_emu::registers.atomic_type = ascx_emu::atomic_type_of<T>();
}

/// The element type of the atomic operation, keeping the operation.
template <typename T>
void SetAtomicType() {
    ASCX_COVER("SetAtomicType");
    ascx_emu::registers.atomic_type = ascx_emu::atomic_type_of<T>();
}

inline void SetAtomicNone() { ASCX_COVER("SetAtomicNone"); ascx_emu::registers.atomic_op = ascx_emu::AtomicOp::NONE; }

}  // namespace AscendC
