// ascx host emulation: positions, events, GlobalTensor and LocalTensor (docs/emulation.md#what-the-headers-provide).
#pragma once

#include "ascx_emu/base.h"
#include "ascx_emu/checker.h"
#include "ascx_emu/half.h"
#include "ascx_emu/cache_hint.h"

#include <map>

namespace AscendC {

enum class TPosition : uint8_t {
    GM, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM = VECCALC, SPM, SHM = SPM, TSCM, C2PIPE2GM,
    C2PIPE2LOCAL, MAX
};
using QuePosition = TPosition;

enum class HardEvent : uint8_t {
    MTE2_MTE1, MTE1_MTE2, MTE1_M, M_MTE1, MTE2_V, V_MTE2, MTE3_V, V_MTE3, M_V, V_M, V_V, MTE3_MTE1, MTE1_MTE3,
    MTE1_V, MTE2_M, M_MTE2, V_MTE1, M_FIX, FIX_M, MTE3_MTE2, MTE2_MTE3, S_V, V_S, S_MTE2, MTE2_S, S_MTE3, MTE3_S,
    MTE2_FIX, FIX_MTE2, FIX_S, M_S, FIX_MTE3, MTE1_FIX, FIX_MTE1, FIX_FIX, MAX
};

using TEventID = int8_t;
struct ShapeInfo;
constexpr int32_t MIX = 0;
constexpr int32_t AIC = 1;
constexpr int32_t AIV = 2;

}  // namespace AscendC

namespace ascx_emu {

/// Tensor metadata the kernel sets and reads back (SetShapeInfo/GetShapeInfo), kept per tensor address
/// so that tensors stay small plain values.
template <class S>
S& tensor_metadata(const void* address) {
    static thread_local std::map<const void*, S> table;
    return table[address];
}

}  // namespace ascx_emu

namespace ascx_emu {

/// The physical memory a logical position lives in on dav-c220.
constexpr Memory memory_of(AscendC::TPosition pos) {
    using AscendC::TPosition;
    switch (pos) {
        case TPosition::A1:
        case TPosition::B1:
        case TPosition::C1:
        case TPosition::TSCM: return Memory::L1;
        case TPosition::A2: return Memory::L0A;
        case TPosition::B2: return Memory::L0B;
        case TPosition::CO1: return Memory::L0C;
        case TPosition::C2: return Memory::BT;
        default: return Memory::UB;
    }
}

}  // namespace ascx_emu

namespace AscendC {

template <typename T>
class GlobalTensor {
public:
    using PrimType = T;
    GlobalTensor() = default;
    /// Only stores the address, as on the NPU: a block that never uses its tensor (one beyond the cores a
    /// tiling uses) may point anywhere.  Every access is checked against the GM buffer it falls in.
    void SetGlobalBuffer(__gm__ T* buffer, uint64_t bufferSize) {
        address_ = buffer;
        size_ = bufferSize;
    }
    void SetGlobalBuffer(__gm__ T* buffer) {
        const ascx_emu::GmAllocation* a = ascx_emu::find_gm(buffer);
        address_ = buffer;
        size_ = a != nullptr ? static_cast<uint64_t>(a->end - reinterpret_cast<const unsigned char*>(buffer)) / sizeof(T)
                             : UNKNOWN_SIZE;
    }
    const __gm__ T* GetPhyAddr() const { return address_; }
    __gm__ T* GetPhyAddr(const uint64_t offset) const { return address_ + offset; }
    template <class S = ShapeInfo>
    void SetShapeInfo(const S& shapeInfo) {
        ascx_emu::tensor_metadata<S>(address_) = shapeInfo;
    }
    template <class S = ShapeInfo>
    S GetShapeInfo() const {
        return ascx_emu::tensor_metadata<S>(address_);
    }
    T GetValue(const uint64_t offset) const {
        T* at = element(offset, "GlobalTensor::GetValue");
        ascx_emu::sync_check::global(at, sizeof(T), ascx_emu::sync_check::S, false, "GlobalTensor::GetValue");
        return *at;
    }
    __gm__ T& operator()(const uint64_t offset) const {
        T* at = element(offset, "GlobalTensor::operator()");
        ascx_emu::sync_check::global(at, sizeof(T), ascx_emu::sync_check::S, true, "GlobalTensor::operator()");
        return *at;
    }
    void SetValue(const uint64_t offset, T value) {
        T* at = element(offset, "GlobalTensor::SetValue");
        ascx_emu::sync_check::global(at, sizeof(T), ascx_emu::sync_check::S, true, "GlobalTensor::SetValue");
        *at = value;
    }
    uint64_t GetSize() const { return size_; }
    template <CacheRwMode rwMode = CacheRwMode::RW>
    void SetL2CacheHint(CacheMode mode) {
        (void)mode;
    }
    GlobalTensor operator[](const uint64_t offset) const {
        if (size_ != UNKNOWN_SIZE && offset > size_) {
            ascx_emu::fail("GlobalTensor::operator[]: offset %llu is past the tensor's %llu elements",
                           static_cast<unsigned long long>(offset), static_cast<unsigned long long>(size_));
        }
        GlobalTensor view = *this;
        view.address_ = address_ + offset;
        view.size_ = size_ == UNKNOWN_SIZE ? UNKNOWN_SIZE : size_ - offset;
        return view;
    }
    template <typename U>
    GlobalTensor<U> ReinterpretCast() const {
        GlobalTensor<U> other;
        other.SetGlobalBuffer(reinterpret_cast<__gm__ U*>(address_), size_ * sizeof(T) / sizeof(U));
        return other;
    }

    /// ``count`` elements from the start, checked against the tensor and its GM buffer (for the API).
    __gm__ T* span(uint64_t count, const char* what) const {
        if (address_ == nullptr) {
            ascx_emu::fail("%s: the GlobalTensor has no buffer (call SetGlobalBuffer first)", what);
        }
        ascx_emu::check_gm(address_, count * sizeof(T), what);
        if (count > size_) {
            ascx_emu::fail("%s: %llu elements exceed the GlobalTensor's %llu", what,
                           static_cast<unsigned long long>(count), static_cast<unsigned long long>(size_));
        }
        return address_;
    }

    /// Record an access by ``actor`` to the first ``count`` elements (for the dynamic checker).
    void record(uint64_t count, ascx_emu::sync_check::Actor actor, bool write, const char* call) const {
        record_bytes(count * sizeof(T), actor, write, call);
    }
    void record_bytes(uint64_t bytes, ascx_emu::sync_check::Actor actor, bool write, const char* call) const {
        ascx_emu::sync_check::global(address_, bytes, actor, write, call);
    }

private:
    __gm__ T* element(uint64_t offset, const char* what) const { return span(offset + 1, what) + offset; }

    static constexpr uint64_t UNKNOWN_SIZE = ~uint64_t{0};  ///< an address outside every GM buffer

    __gm__ T* address_ = nullptr;
    uint64_t size_ = 0;
};

template <typename T>
class LocalTensor {
public:
    using PrimType = T;
    LocalTensor<T>() = default;
    /// A tensor at a fixed byte address of its position's memory (what ascx emits for asc.LocalTensor).
    LocalTensor<T>(TPosition pos, uint32_t addr, uint32_t tileSize)
        : memory_(ascx_emu::memory_of(pos)), position_(pos), offset_(addr), size_(tileSize) {
        check_extent(0, size_, "LocalTensor");
    }

    template <typename U>
    LocalTensor<U> ReinterpretCast() const {
        return LocalTensor<U>::at(memory_, position_, offset_, static_cast<uint32_t>(uint64_t{size_} * sizeof(T) / sizeof(U)));
    }
    uint64_t GetPhyAddr() const { return offset_; }
    uint64_t GetPhyAddr(const uint32_t offset) const { return offset_ + uint64_t{offset} * sizeof(T); }
    T GetValue(const uint32_t index) const {
        T* at = element(index, "LocalTensor::GetValue");
        scalar_access(index, false, "LocalTensor::GetValue");
        return *at;
    }
    __ubuf__ T& operator()(const uint32_t offset) const {
        T* at = element(offset, "LocalTensor::operator()");
        scalar_access(offset, true, "LocalTensor::operator()");
        return *at;
    }
    template <typename S>
    void SetValue(const uint32_t index, const S value) const {
        T* at = element(index, "LocalTensor::SetValue");
        scalar_access(index, true, "LocalTensor::SetValue");
        *at = static_cast<T>(value);
    }

    /// Record an access by ``actor`` to the first ``count`` elements (for the dynamic checker).
    void record(uint64_t count, ascx_emu::sync_check::Actor actor, bool write, const char* call) const {
        record_bytes(count * sizeof(T), actor, write, call);
    }
    void record_bytes(uint64_t bytes, ascx_emu::sync_check::Actor actor, bool write, const char* call) const {
        ascx_emu::sync_check::local(memory_, offset_, bytes, actor, write, call);
    }
    LocalTensor operator[](const uint32_t offset) const {
        if (offset > size_) {
            ascx_emu::fail("LocalTensor::operator[]: offset %u is past the tensor's %u elements", offset, size_);
        }
        return at(memory_, position_, static_cast<uint32_t>(offset_ + uint64_t{offset} * sizeof(T)), size_ - offset);
    }
    int32_t GetPosition() const { return static_cast<int32_t>(position_); }
    void SetSize(const uint32_t size) {
        check_extent(0, size, "LocalTensor::SetSize");
        size_ = size;
    }
    uint32_t GetSize() const { return size_; }
    uint32_t GetLength() const { return static_cast<uint32_t>(uint64_t{size_} * sizeof(T)); }
    /// The tensor's length in bytes: its size becomes ``dataLen / sizeof(T)`` elements.
    void SetBufferLen(uint32_t dataLen) { SetSize(static_cast<uint32_t>(dataLen / sizeof(T))); }
    void SetUserTag(const int32_t tag) { tag_ = tag; }
    int32_t GetUserTag() const { return tag_; }
    /// This tensor becomes ``src``'s memory from element ``offset`` on (of ``src``'s type).
    template <typename S>
    void SetAddrWithOffset(LocalTensor<S>& src, uint32_t offset) {
        memory_ = src.memory_;
        position_ = src.position_;
        offset_ = static_cast<uint32_t>(src.offset_ + uint64_t{offset} * sizeof(S));
        size_ = static_cast<uint32_t>((uint64_t{src.size_} - offset) * sizeof(S) / sizeof(T));
        check_extent(0, size_, "LocalTensor::SetAddrWithOffset");
    }
    template <class S = ShapeInfo>
    void SetShapeInfo(const S& shapeInfo) {
        ascx_emu::tensor_metadata<S>(ascx_emu::on_chip.base(memory_) + offset_) = shapeInfo;
    }
    template <class S = ShapeInfo>
    S GetShapeInfo() const {
        return ascx_emu::tensor_metadata<S>(ascx_emu::on_chip.base(memory_) + offset_);
    }

    /// The first ``count`` elements, checked against the tensor (for the API implementations).
    T* span(uint64_t count, const char* what) const {
        if (!valid_) {
            ascx_emu::fail("%s: the LocalTensor was never allocated", what);
        }
        if (count > size_) {
            overrun(count, what);
        }
        return data();
    }
    /// The first ``count`` elements of a work buffer ``name`` whose size a documented rule sets (a call's
    /// sharedTmpBuffer): past its end is an error in every overrun mode (docs/emulation.md#local-tensor-overruns).
    T* required(uint64_t count, const char* what, const char* name) const {
        if (valid_ && count > size_) {
            ascx_emu::fail("%s: %s holds %u elements but the call needs %llu", what, name, size_,
                           static_cast<unsigned long long>(count));
        }
        return span(count, what);
    }
    T* data() const { return reinterpret_cast<T*>(ascx_emu::on_chip.base(memory_) + offset_); }
    ascx_emu::Memory memory() const { return memory_; }

    static LocalTensor at(ascx_emu::Memory memory, TPosition pos, uint32_t offset, uint32_t size) {
        LocalTensor t;
        t.memory_ = memory;
        t.position_ = pos;
        t.offset_ = offset;
        t.size_ = size;
        t.check_extent(0, size, "LocalTensor");
        return t;
    }

private:
    /// ``count`` elements from the start run past the tensor's end: an error, or with
    /// ASCX_EMU_LOCAL_OVERRUN=warn a recorded access on into the memory (docs/emulation.md#local-tensor-overruns).
    void overrun(uint64_t count, const char* what) const {
        const uint64_t end = offset_ + count * sizeof(T);
        const uint64_t capacity = ascx_emu::memory_capacity(memory_);
        if (ascx_emu::block.local_overrun == nullptr) {
            ascx_emu::fail("%s: %llu elements exceed the LocalTensor's %u", what, static_cast<unsigned long long>(count),
                           size_);
        }
        if (end > capacity) {
            ascx_emu::fail("%s: %llu elements exceed the LocalTensor's %u and run past the end of %s (bytes [%u, %llu) "
                           "of %llu; ASCX_EMU_LOCAL_OVERRUN=warn)", what, static_cast<unsigned long long>(count), size_,
                           ascx_emu::memory_name(memory_), offset_, static_cast<unsigned long long>(end),
                           static_cast<unsigned long long>(capacity));
        }
        ascx_emu::note_local_overrun(what, count, size_, sizeof(T), memory_, offset_);
        ascx_emu::on_chip.note(memory_, end);
    }
    void check_extent(uint64_t first, uint64_t count, const char* what) const {
        const uint64_t end = offset_ + (first + count) * sizeof(T);
        if (end > ascx_emu::memory_capacity(memory_)) {
            ascx_emu::fail("%s: bytes [%u, %llu) are outside %s (%llu bytes)", what, offset_,
                           static_cast<unsigned long long>(end), ascx_emu::memory_name(memory_),
                           static_cast<unsigned long long>(ascx_emu::memory_capacity(memory_)));
        }
        ascx_emu::on_chip.note(memory_, end);
        valid_ = true;
    }
    T* element(uint32_t index, const char* what) const { return span(uint64_t{index} + 1, what) + index; }
    void scalar_access(uint32_t index, bool write, const char* call) const {
        ascx_emu::sync_check::local(memory_, offset_ + uint64_t{index} * sizeof(T), sizeof(T), ascx_emu::sync_check::S,
                                    write, call);
    }

    ascx_emu::Memory memory_ = ascx_emu::Memory::UB;
    TPosition position_ = TPosition::VECCALC;
    uint32_t offset_ = 0;
    uint32_t size_ = 0;
    int32_t tag_ = 0;
    mutable bool valid_ = false;

    template <typename U>
    friend class LocalTensor;
};

}  // namespace AscendC
