// ascx host emulation: TBufPool, a region of a pipe's memory that queues and buffers (and nested
// pools) are given memory from, and that Reset() frees for reuse.
//
// The pipe hands a pool its region through ``ascx_assign`` (TPipe::InitBufPool).  The pool carves
// its region from the start as TPipe does: each buffer rounded up to 32 bytes, the region's size
// enforced, at most ``bufIDSize`` queues and buffers.  Reset() frees the region and makes the queues
// it gave memory to uninitialised again (using one before a new InitBuffer is an error).
#pragma once

#include "ascx_emu/pipe.h"

namespace ascx_emu {

/// Reaches QueueStorage's protected set-up, which TPipe (a friend) uses: a pool sets up queues the
/// same way.  Members named through this derived class yield plain pointers to QueueStorage members.
struct QueueSetup : AscendC::QueueStorage {
    static void setup(AscendC::QueueStorage& q, Memory memory, uint32_t first, uint8_t num, uint32_t len) {
        (q.*(&QueueSetup::assign))(memory, first, num, len);
    }
    static bool& initialised_flag(AscendC::QueueStorage& q) { return q.*(&QueueSetup::initialised_); }
};

}  // namespace ascx_emu

namespace AscendC {

template <TPosition pos, uint32_t bufIDSize = 4>
class TBufPool {
public:
    static constexpr TPosition position = pos;

    template <class T>
    bool InitBuffer(T& que, uint8_t num, uint32_t len) {
        const char* what = "TBufPool::InitBuffer";
        if (ascx_emu::QueueSetup::initialised_flag(que)) {
            ascx_emu::fail("%s: the queue is initialised twice", what);
        }
        if (num == 0 || len == 0) {
            ascx_emu::fail("%s: num and len must be positive (got %u and %u)", what, static_cast<unsigned>(num), len);
        }
        if (ascx_emu::memory_of(T::position) != memory_) {
            ascx_emu::fail("%s: the queue lives in %s but the pool in %s", what,
                           ascx_emu::memory_name(ascx_emu::memory_of(T::position)), ascx_emu::memory_name(memory_));
        }
        if (given_.size() >= bufIDSize) {
            ascx_emu::fail("%s: the pool already gave memory to %u queues and buffers (its bufIDSize)", what,
                           static_cast<unsigned>(bufIDSize));
        }
        const uint32_t rounded = static_cast<uint32_t>(ascx_emu::round_up(len, ascx_emu::BLOCK_BYTES));
        ascx_emu::QueueSetup::setup(que, memory_, carve(uint64_t{num} * rounded, what), num, rounded);
        given_.push_back(&que);
        return true;
    }

    template <TPosition bufPos>
    bool InitBuffer(TBuf<bufPos>& buf, uint32_t len) {
        return InitBuffer(static_cast<TQueBind<bufPos, bufPos, 0, 0>&>(buf), 1, len);
    }

    /// A nested pool at the start of the free part of this one.
    template <class T>
    bool InitBufPool(T& bufPool, uint32_t len) {
        const char* what = "TBufPool::InitBufPool";
        const uint32_t rounded = static_cast<uint32_t>(ascx_emu::round_up(len, ascx_emu::BLOCK_BYTES));
        bufPool.ascx_assign(memory_, carve(rounded, what), rounded, what);
        return true;
    }

    /// A nested pool over the same memory as ``shareBuf`` (another pool).
    template <class T, class U>
    bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf) {
        bufPool.ascx_share(shareBuf, len, "TBufPool::InitBufPool");
        return true;
    }

    void Reset() {
        for (QueueStorage* q : given_) {
            ascx_emu::QueueSetup::initialised_flag(*q) = false;
        }
        given_.clear();
        cursor_ = 0;
    }

    // --- emulation hooks (not Ascend C API) ---

    /// Give the pool ``len`` bytes of ``memory`` at byte ``first`` (TPipe::InitBufPool and parent pools).
    void ascx_assign(ascx_emu::Memory memory, uint32_t first, uint32_t len, const char* what) {
        if (assigned_) {
            ascx_emu::fail("%s: the pool is initialised twice", what);
        }
        if (memory != ascx_emu::memory_of(pos)) {
            ascx_emu::fail("%s: a pool at %s cannot take memory of %s", what,
                           ascx_emu::memory_name(ascx_emu::memory_of(pos)), ascx_emu::memory_name(memory));
        }
        memory_ = memory;
        first_ = first;
        len_ = len;
        cursor_ = 0;
        assigned_ = true;
    }

    /// Give the pool the first ``len`` bytes of ``other``'s region (the ``shareBuf`` forms).
    template <class Other>
    void ascx_share(const Other& other, uint32_t len, const char* what) {
        if (!other.ascx_assigned()) {
            ascx_emu::fail("%s: the pool to share was never initialised", what);
        }
        const uint32_t rounded = static_cast<uint32_t>(ascx_emu::round_up(len, ascx_emu::BLOCK_BYTES));
        if (rounded > other.ascx_len()) {
            ascx_emu::fail("%s: %u bytes exceed the %u bytes of the pool to share", what, rounded, other.ascx_len());
        }
        ascx_assign(other.ascx_memory(), other.ascx_first(), rounded, what);
    }

    bool ascx_assigned() const { return assigned_; }
    ascx_emu::Memory ascx_memory() const { return memory_; }
    uint32_t ascx_first() const { return first_; }
    uint32_t ascx_len() const { return len_; }

private:
    uint32_t carve(uint64_t bytes, const char* what) {
        if (!assigned_) {
            ascx_emu::fail("%s: the pool was never initialised (pipe.InitBufPool)", what);
        }
        if (cursor_ + bytes > len_) {
            ascx_emu::fail("%s: %llu more bytes exceed the pool's %u bytes (%u already in use)", what,
                           static_cast<unsigned long long>(bytes), len_, cursor_);
        }
        const uint32_t at = first_ + cursor_;
        cursor_ = static_cast<uint32_t>(cursor_ + bytes);
        return at;
    }

    ascx_emu::Memory memory_ = ascx_emu::memory_of(pos);
    uint32_t first_ = 0;
    uint32_t len_ = 0;
    uint32_t cursor_ = 0;
    bool assigned_ = false;
    std::vector<QueueStorage*> given_;
};

}  // namespace AscendC
