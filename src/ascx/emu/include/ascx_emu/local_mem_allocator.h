// ascx host emulation: LocalMemAllocator, static tensor programming — consecutive tensors of one
// physical memory, from its first byte, without TPipe or queues.
#pragma once

#include "ascx_emu/cube_structs.h"
#include "ascx_emu/tensor.h"

namespace ascx_emu {

/// The physical memory of a Hardware (MAX for GM and MAX).
constexpr Memory memory_of(AscendC::Hardware hard) {
    using AscendC::Hardware;
    switch (hard) {
        case Hardware::UB: return Memory::UB;
        case Hardware::L1: return Memory::L1;
        case Hardware::L0A: return Memory::L0A;
        case Hardware::L0B: return Memory::L0B;
        case Hardware::L0C: return Memory::L0C;
        case Hardware::BIAS: return Memory::BT;
        case Hardware::FIXBUF: return Memory::FB;
        default: return Memory::COUNT;
    }
}

/// The position a tensor of ``hard`` gets when Alloc names none (CANN's GetDefaultPosition).
constexpr AscendC::TPosition default_position(AscendC::Hardware hard) {
    using AscendC::Hardware;
    using AscendC::TPosition;
    switch (hard) {
        case Hardware::L1: return TPosition::A1;
        case Hardware::L0A: return TPosition::A2;
        case Hardware::L0B: return TPosition::B2;
        case Hardware::L0C: return TPosition::CO1;
        case Hardware::BIAS: return TPosition::C2;
        default: return TPosition::VECCALC;
    }
}

}  // namespace ascx_emu

namespace AscendC {

template <Hardware hard = Hardware::UB>
class LocalMemAllocator {
    static_assert(hard != Hardware::GM && hard != Hardware::MAX, "illegal hardware position GM or MAX");

public:
    LocalMemAllocator() = default;
    uint32_t GetCurAddr() const { return head_; }

    template <TPosition pos, class DataType, uint32_t tileSize>
    LocalTensor<DataType> Alloc() {
        static_assert(ascx_emu::memory_of(pos) == ascx_emu::memory_of(hard), "logic pos and hardware pos not matched.");
        return take<DataType>(pos, tileSize);
    }
    template <TPosition pos, class DataType>
    LocalTensor<DataType> Alloc(uint32_t tileSize) {
        static_assert(ascx_emu::memory_of(pos) == ascx_emu::memory_of(hard), "logic pos and hardware pos not matched.");
        return take<DataType>(pos, tileSize);
    }
    template <class DataType, uint32_t tileSize>
    LocalTensor<DataType> Alloc() {
        return take<DataType>(ascx_emu::default_position(hard), tileSize);
    }
    template <class DataType>
    LocalTensor<DataType> Alloc(uint32_t tileSize) {
        return take<DataType>(ascx_emu::default_position(hard), tileSize);
    }

private:
    template <class DataType>
    LocalTensor<DataType> take(TPosition pos, uint32_t tileSize) {
        LocalTensor<DataType> tensor = LocalTensor<DataType>::at(ascx_emu::memory_of(hard), pos, head_, tileSize);
        head_ += static_cast<uint32_t>(uint64_t{tileSize} * sizeof(DataType));
        return tensor;
    }

    uint32_t head_ = 0;
};

}  // namespace AscendC
