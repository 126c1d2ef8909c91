// ascx host emulation: TPipe, TQueBind / TQue, TBuf (docs/emulation.md#how-a-launch-runs).  InitBuffer carves
// each memory from its start; the budget of each physical memory is enforced; the queue protocol
// (allocating more buffers than exist, freeing twice, dequeuing an empty queue) is checked.
#pragma once

#include <deque>

#include "ascx_emu/system_state.h"
#include "ascx_emu/tensor.h"

namespace ascx_emu {

/// The event a queue implies between its producer and consumer (EnQue -> DeQue); FreeTensor ->
/// AllocTensor is the same pair of pipes the other way (docs/sync-model.md#queues).  TBuf has none.
struct QueueEvents {
    bool implied;
    sync_check::Actor producer;
    sync_check::Actor consumer;
};

constexpr QueueEvents queue_events(AscendC::TPosition src, AscendC::TPosition dst) {
    using AscendC::TPosition;
    using namespace sync_check;
    if (src == TPosition::GM && dst == TPosition::VECIN) return {true, MTE2, V};
    if (src == TPosition::VECOUT && dst == TPosition::GM) return {true, V, MTE3};
    if (src == TPosition::VECIN && dst == TPosition::VECOUT) return {true, MTE2, MTE3};
    if (src == TPosition::GM && (dst == TPosition::A1 || dst == TPosition::B1 || dst == TPosition::C1)) {
        return {true, MTE2, MTE1};
    }
    if (dst == TPosition::A2 || dst == TPosition::B2) return {true, MTE1, M};
    if (src == TPosition::CO1 || dst == TPosition::CO1) return {true, M, FIX};
    return {false, S, S};
}

}  // namespace ascx_emu

namespace AscendC {

class TPipe;

/// What TPipe needs to know about a queue or buffer (not part of the Ascend C surface).
class QueueStorage {
public:
    ascx_emu::Memory memory() const { return memory_; }

protected:
    enum class State : uint8_t { FREE, ALLOCATED, ENQUEUED, DEQUEUED };

    void assign(ascx_emu::Memory memory, uint32_t first, uint8_t num, uint32_t len) {
        memory_ = memory;
        first_ = first;
        num_ = num;
        len_ = len;
        states_.assign(num, State::FREE);
        cursor_ = 0;
        fifo_.clear();
        initialised_ = true;
    }
    uint32_t buffer_offset(uint32_t index) const { return first_ + index * len_; }
    uint32_t index_of(uint32_t offset, const char* what) const {
        if (!initialised_) {
            ascx_emu::fail("%s: the queue was never initialised with pipe.InitBuffer", what);
        }
        if (offset < first_ || offset >= first_ + num_ * len_ || (offset - first_) % len_ != 0) {
            ascx_emu::fail("%s: the tensor was not allocated from this queue", what);
        }
        return (offset - first_) / len_;
    }
    void require_initialised(const char* what) const {
        if (!initialised_) {
            ascx_emu::fail("%s: the queue was never initialised with pipe.InitBuffer", what);
        }
    }

    ascx_emu::Memory memory_ = ascx_emu::Memory::UB;
    uint32_t first_ = 0;
    uint8_t num_ = 0;
    uint32_t len_ = 0;
    bool initialised_ = false;
    std::vector<State> states_;
    uint32_t cursor_ = 0;  ///< where AllocTensor looks first: CANN's TQue hands its buffers out round robin
    std::deque<uint32_t> fifo_;

    friend class TPipe;
};

template <TPosition src, TPosition dst, int32_t depth, auto mask = 0>
class TQueBind : public QueueStorage {
public:
    static constexpr TPosition position = src == TPosition::GM ? dst : src;
    static constexpr ascx_emu::QueueEvents events = ascx_emu::queue_events(src, dst);

    template <typename T>
    LocalTensor<T> AllocTensor() {
        require_initialised("TQue::AllocTensor");
        for (uint32_t tried = 0; tried < num_; ++tried) {  // from the cursor, which moves on past each buffer tried
            const uint32_t i = cursor_;
            cursor_ = cursor_ + 1 == num_ ? 0 : cursor_ + 1;
            if (states_[i] == State::FREE) {
                states_[i] = State::ALLOCATED;
                if (events.implied) {  // waits for the FreeTensor of this buffer's previous use
                    ascx_emu::sync_check::await(ascx_emu::sync_check::queue_key(this, i, true), events.producer);
                }
                return LocalTensor<T>::at(memory_, position, buffer_offset(i), len_ / sizeof(T));
            }
        }
        ascx_emu::fail("TQue::AllocTensor: all %u buffers of the queue are in use (free one with FreeTensor first)",
                       static_cast<unsigned>(num_));
    }
    template <typename T>
    void AllocTensor(LocalTensor<T>& tensor) {
        tensor = AllocTensor<T>();
    }
    template <typename T>
    void FreeTensor(LocalTensor<T>& tensor) {
        const uint32_t i = index_of(static_cast<uint32_t>(tensor.GetPhyAddr()), "TQue::FreeTensor");
        if (states_[i] == State::FREE) {
            ascx_emu::fail("TQue::FreeTensor: the buffer is already free (freed twice?)");
        }
        if (states_[i] == State::ENQUEUED) {
            ascx_emu::fail("TQue::FreeTensor: the tensor is still enqueued (DeQue it first)");
        }
        states_[i] = State::FREE;
        if (events.implied) {
            ascx_emu::sync_check::signal(ascx_emu::sync_check::queue_key(this, i, true), events.consumer);
        }
    }
    template <typename T>
    bool EnQue(const LocalTensor<T>& tensor) {
        const uint32_t i = index_of(static_cast<uint32_t>(tensor.GetPhyAddr()), "TQue::EnQue");
        if (states_[i] == State::FREE) {
            ascx_emu::fail("TQue::EnQue: the tensor's buffer is not allocated");
        }
        if (states_[i] == State::ENQUEUED) {
            ascx_emu::fail("TQue::EnQue: the tensor is already enqueued");
        }
        if (depth > 0 && fifo_.size() >= static_cast<size_t>(depth)) {
            ascx_emu::fail("TQue::EnQue: the queue already holds %d tensors (its depth)", static_cast<int>(depth));
        }
        states_[i] = State::ENQUEUED;
        fifo_.push_back(i);
        if (events.implied) {
            ascx_emu::sync_check::signal(ascx_emu::sync_check::queue_key(this, i, false), events.producer);
        }
        return true;
    }
    template <typename T>
    void DeQue(LocalTensor<T>& tensor) {
        tensor = DeQue<T>();
    }
    template <typename T>
    LocalTensor<T> DeQue() {
        require_initialised("TQue::DeQue");
        if (fifo_.empty()) {
            ascx_emu::fail("TQue::DeQue: the queue is empty (would wait forever on hardware)");
        }
        const uint32_t i = fifo_.front();
        fifo_.pop_front();
        states_[i] = State::DEQUEUED;
        if (events.implied) {
            ascx_emu::sync_check::await(ascx_emu::sync_check::queue_key(this, i, false), events.consumer);
        }
        return LocalTensor<T>::at(memory_, position, buffer_offset(i), len_ / sizeof(T));
    }
    template <TPosition srcUserPos, TPosition dstUserPos, typename T>
    bool EnQue(const LocalTensor<T>& tensor) {
        return EnQue(tensor);
    }
    template <TPosition srcUserPos, TPosition dstUserPos, typename T>
    LocalTensor<T> DeQue() {
        return DeQue<T>();
    }
    bool VacantInQue() { return depth == 0 || fifo_.size() < static_cast<size_t>(depth); }
    bool HasTensorInQue() { return !fifo_.empty(); }
    int32_t GetTensorCountInQue() { return static_cast<int32_t>(fifo_.size()); }
    bool HasIdleBuffer() {
        for (State s : states_) {
            if (s == State::FREE) {
                return true;
            }
        }
        return false;
    }
    void FreeAllEvent() {}
};

namespace detail {
constexpr TPosition que_src(TPosition pos) {
    return pos == TPosition::VECIN || pos == TPosition::A1 || pos == TPosition::B1 ? TPosition::GM : pos;
}
constexpr TPosition que_dst(TPosition pos) {
    return pos == TPosition::VECOUT || pos == TPosition::CO2 ? TPosition::GM : pos;
}
}  // namespace detail

template <TPosition pos, int32_t depth, auto mask = 0>
class TQue : public TQueBind<detail::que_src(pos), detail::que_dst(pos), depth, mask> {
public:
    TQue() = default;
};

template <TPosition pos = TPosition::LCM>
class TBuf : public TQueBind<pos, pos, 0, 0> {
public:
    template <typename T>
    LocalTensor<T> Get() {
        this->require_initialised("TBuf::Get");
        return LocalTensor<T>::at(this->memory_, pos, this->first_, this->len_ / sizeof(T));
    }
    template <typename T>
    LocalTensor<T> Get(uint32_t len) {
        if (uint64_t{len} * sizeof(T) > this->len_) {
            ascx_emu::fail("TBuf::Get: %u elements exceed the buffer's %u bytes", len, this->len_);
        }
        this->require_initialised("TBuf::Get");
        return sized<T>(len);
    }
    template <typename T>
    LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset) {
        this->require_initialised("TBuf::GetWithOffset");
        if (bufOffset + uint64_t{size} * sizeof(T) > this->len_) {
            ascx_emu::fail("TBuf::GetWithOffset: %u elements at byte %u exceed the buffer's %u bytes", size, bufOffset,
                           this->len_);
        }
        return LocalTensor<T>::at(this->memory_, pos, this->first_ + bufOffset, size);
    }

private:
    template <typename T>
    LocalTensor<T> sized(uint32_t len) {
        return LocalTensor<T>::at(this->memory_, pos, this->first_, len);
    }
};

class TPipe {
public:
    /// One TPipe exists at a time: CANN's pool state is global (g_tpipeImpl), its constructor resets it, and
    /// TPipe::Init asserts in the debug build that no other TPipe exists ("TPipe has already been
    /// constructed", impl/basic_api/kernel_tpipe_impl.h); Destroy and the destructor end it.
    TPipe() {
        if (ascx_emu::system_state.tpipe != nullptr) {
            ascx_emu::fail("TPipe: TPipe has already been constructed: a kernel has one TPipe at a time (CANN's "
                           "constructor resets the buffer pool of the one that exists, and its debug build asserts)");
        }
        ascx_emu::system_state.tpipe = this;
        Init();
    }
    ~TPipe() { end(); }
    void Init() {
        for (uint32_t& c : cursor_) {
            c = 0;
        }
        for (uint8_t& used : event_ids_) {
            used = 0;
        }
    }
    template <class Q>
    bool InitBuffer(Q& que, uint8_t num, uint32_t len) {
        if (que.initialised_) {
            ascx_emu::fail("TPipe::InitBuffer: the queue is initialised twice");
        }
        if (num == 0 || len == 0) {
            ascx_emu::fail("TPipe::InitBuffer: num and len must be positive (got %u and %u)", static_cast<unsigned>(num),
                           len);
        }
        const ascx_emu::Memory memory = ascx_emu::memory_of(Q::position);
        const uint32_t rounded = static_cast<uint32_t>(ascx_emu::round_up(len, 32));
        que.assign(memory, carve(memory, uint64_t{num} * rounded), num, rounded);
        return true;
    }
    template <TPosition pos>
    bool InitBuffer(TBuf<pos>& buf, uint32_t len) {
        return InitBuffer(static_cast<TQueBind<pos, pos, 0, 0>&>(buf), 1, len);
    }
    template <HardEvent evt>
    TEventID AllocEventID() {
        uint8_t& used = event_ids_[static_cast<int>(evt)];
        for (int id = 0; id < 8; ++id) {
            if (!(used & (1u << id))) {
                used = static_cast<uint8_t>(used | (1u << id));
                return static_cast<TEventID>(id);
            }
        }
        ascx_emu::fail("TPipe::AllocEventID: all 8 event ids of this event are allocated");
    }
    template <HardEvent evt>
    void ReleaseEventID(TEventID id) {
        uint8_t& used = event_ids_[static_cast<int>(evt)];
        if (id < 0 || id >= 8 || !(used & (1u << id))) {
            ascx_emu::fail("TPipe::ReleaseEventID: event id %d was not allocated", static_cast<int>(id));
        }
        used = static_cast<uint8_t>(used & ~(1u << id));
    }
    template <HardEvent evt>
    TEventID FetchEventID() {
        return FetchEventID(evt);
    }
    TEventID FetchEventID(HardEvent evt) {
        const uint8_t used = event_ids_[static_cast<int>(evt)];
        for (int id = 0; id < 8; ++id) {
            if (!(used & (1u << id))) {
                return static_cast<TEventID>(id);
            }
        }
        ascx_emu::fail("TPipe::FetchEventID: all 8 event ids of this event are allocated");
    }
    template <class T>
    bool InitBufPool(T& bufPool, uint32_t len) {
        const ascx_emu::Memory memory = ascx_emu::memory_of(T::position);
        const uint32_t rounded = static_cast<uint32_t>(ascx_emu::round_up(len, 32));
        bufPool.ascx_assign(memory, carve(memory, rounded), rounded, "TPipe::InitBufPool");
        return true;
    }
    template <class T, class U>
    bool InitBufPool(T& bufPool, uint32_t len, U& shareBuf) {
        bufPool.ascx_share(shareBuf, len, "TPipe::InitBufPool");
        return true;
    }
    void Destroy() {
        end();
        Init();
    }
    void Reset() { Init(); }

private:
    void end() {
        if (ascx_emu::system_state.tpipe == this) {
            ascx_emu::system_state.tpipe = nullptr;
        }
    }
    uint32_t carve(ascx_emu::Memory memory, uint64_t bytes) {
        uint32_t& cursor = cursor_[static_cast<int>(memory)];
        const uint64_t capacity = ascx_emu::memory_capacity(memory);
        if (cursor + bytes > capacity) {
            ascx_emu::fail("TPipe::InitBuffer: %llu more bytes of %s exceed its %llu bytes (%u already in use)",
                           static_cast<unsigned long long>(bytes), ascx_emu::memory_name(memory),
                           static_cast<unsigned long long>(capacity), cursor);
        }
        const uint32_t first = cursor;
        cursor = static_cast<uint32_t>(cursor + bytes);
        return first;
    }

    uint32_t cursor_[static_cast<int>(ascx_emu::Memory::COUNT)] = {};
    uint8_t event_ids_[static_cast<int>(HardEvent::MAX)] = {};
};

}  // namespace AscendC
