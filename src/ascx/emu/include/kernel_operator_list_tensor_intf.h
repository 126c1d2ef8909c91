// ascx host emulation of Ascend C's kernel_operator_list_tensor_intf.h: TensorDesc<T> and
// ListTensorDesc.  Clean-room, from CANN's documentation of the list layout: a uint64 header holding
// the byte offset of the data pointers; per tensor a record whose first word has the number of
// dimensions in its low 32 bits (and, in the first record, the number of tensors in its high 32 bits,
// or 0: then the last record's high 32 bits hold the last index), then one word per dimension (a
// tensor without dimensions has a record of two words, the second 0xffffffff); then the data
// pointers.  Every read of the list is checked against the GM buffers of the launch.
#pragma once

#include "kernel_operator.h"

namespace AscendC {

class ListTensorDesc;

template <class T>
class TensorDesc {
public:
    TensorDesc() {}
    ~TensorDesc() {}

    void SetShapeAddr(uint64_t* shapePtr) {
        if (shapePtr == nullptr) {
            ascx_emu::fail("TensorDesc::SetShapeAddr: the shape address is a null pointer");
        }
        shape_ = shapePtr;
    }
    uint64_t GetDim() { return dim_; }
    uint64_t GetIndex() { return index_; }
    uint64_t GetShape(uint32_t offset) {
        if (offset >= dim_) {
            ascx_emu::fail("TensorDesc::GetShape: dimension %u of a tensor of %llu dimensions", offset,
                           static_cast<unsigned long long>(dim_));
        }
        return shape_[offset];
    }
    __gm__ T* GetDataPtr() { return ptr_; }
    /// The tensor, as many elements as its shape has.
    GlobalTensor<T> GetDataObj() {
        uint64_t count = 1;
        for (uint64_t i = 0; i < dim_; ++i) {
            count *= shape_[i];
        }
        GlobalTensor<T> tensor;
        tensor.SetGlobalBuffer(ptr_, count);
        return tensor;
    }

    friend class ListTensorDesc;

private:
    uint64_t dim_ = 0;
    uint64_t index_ = 0;
    uint64_t* shape_ = nullptr;
    __gm__ T* ptr_ = nullptr;
};

class ListTensorDesc {
public:
    ListTensorDesc() {}
    ~ListTensorDesc() {}
    ListTensorDesc(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff) {
        Init(data, length, shapeSize);
    }

    void Init(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff) {
        if (data == nullptr) {
            ascx_emu::fail("ListTensorDesc::Init: the list's address is a null pointer");
        }
        words_ = static_cast<__gm__ uint64_t*>(data);
        const uint64_t pointers = word(0, "ListTensorDesc::Init");
        const uint64_t first = word(1, "ListTensorDesc::Init");
        dim_ = static_cast<uint32_t>(first & 0xffffffffULL);
        record_ = dim_ == 0 ? 2 : 1 + dim_;
        if (pointers % sizeof(uint64_t) != 0 || pointers < 2 * sizeof(uint64_t)) {
            ascx_emu::fail("ListTensorDesc::Init: the data pointers are at byte %llu of the list, not a word after "
                           "the header", static_cast<unsigned long long>(pointers));
        }
        pointers_ = pointers / sizeof(uint64_t);
        const uint32_t stated = static_cast<uint32_t>(first >> 32);
        count_ = stated != 0 ? stated : static_cast<uint32_t>(word(pointers_ - record_, "ListTensorDesc::Init") >> 32) + 1;
        const bool consistent = dim_ != 0 ? uint64_t{count_} * record_ == pointers_ - 1
                                          : word(2, "ListTensorDesc::Init") == 0xffffffffULL && pointers == 24;
        if (!consistent) {
            ascx_emu::fail("ListTensorDesc::Init: the list's records (%u of %u words) do not end where its data "
                           "pointers start (word %llu)", count_, record_, static_cast<unsigned long long>(pointers_));
        }
        if (length != 0xffffffffU && shapeSize != 0xffffffffU) {
            if (count_ != shapeSize || length != pointers + count_ * sizeof(uint64_t)) {
                ascx_emu::fail("ListTensorDesc::Init: the list has %u tensors in %llu bytes, not %u in %u", count_,
                               static_cast<unsigned long long>(pointers + count_ * sizeof(uint64_t)), shapeSize,
                               length);
            }
        }
    }

    template <class T>
    void GetDesc(TensorDesc<T>& desc, uint32_t index) {
        check_index(index, "ListTensorDesc::GetDesc");
        if (dim_ == 0) {
            ascx_emu::fail("ListTensorDesc::GetDesc: the list's tensors have no dimensions");
        }
        if (desc.shape_ == nullptr) {
            ascx_emu::fail("ListTensorDesc::GetDesc: the TensorDesc has no shape address: call SetShapeAddr first");
        }
        desc.dim_ = dim_;
        desc.index_ = index;
        desc.ptr_ = reinterpret_cast<__gm__ T*>(word(pointers_ + index, "ListTensorDesc::GetDesc"));
        for (uint32_t i = 0; i < dim_; ++i) {
            desc.shape_[i] = word(1 + uint64_t{index} * record_ + 1 + i, "ListTensorDesc::GetDesc");
        }
    }

    template <class T>
    __gm__ T* GetDataPtr(uint32_t index) {
        check_index(index, "ListTensorDesc::GetDataPtr");
        return reinterpret_cast<__gm__ T*>(word(pointers_ + index, "ListTensorDesc::GetDataPtr"));
    }

    uint32_t GetSize() { return count_; }

private:
    uint64_t word(uint64_t at, const char* what) const {
        if (words_ == nullptr) {
            ascx_emu::fail("%s: the ListTensorDesc was not initialised (call Init)", what);
        }
        ascx_emu::check_gm(words_ + at, sizeof(uint64_t), what);
        return words_[at];
    }
    void check_index(uint32_t index, const char* what) const {
        if (index >= count_) {
            ascx_emu::fail("%s: tensor %u of a list of %u", what, index, count_);
        }
    }

    __gm__ uint64_t* words_ = nullptr;
    uint32_t dim_ = 0;
    uint32_t record_ = 0;
    uint32_t count_ = 0;
    uint64_t pointers_ = 0;
};

}  // namespace AscendC
