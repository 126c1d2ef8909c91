// ascx host emulation: MatmulServiceAux, the AIC side of a MIX kernel (docs/emulation.md#what-the-headers-provide).
//
// On the AIC, REGIST_MATMUL_OBJ serves the AIVs' requests and returns, so user code after it never
// runs; it must still compile against these declarations.  Every member is a no-op.  The surface
// differs from the client's where the real header differs: non-const Init / SetWorkspace pointers,
// a four-parameter IterateAll(LocalTensor), both IterateBatch families, a seven-parameter
// IterateNBatch, padded GetBatchTensorC, a GetOffsetC that static_asserts, and no SetSparseIndex /
// SetBatchNum.
#pragma once

#include "ascx_emu/matmul_traits.h"

namespace AscendC {

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE, const auto& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<nullptr, nullptr, nullptr>,
          template <const auto& = MM_CFG, typename...> class MATMUL_POLICY = Impl::Detail::MatmulPolicy>
class MatmulServiceAux {
    using Traits = ascx_emu::MatmulTraits<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, MATMUL_POLICY>;
    using SrcAT = typename Traits::SrcAT;
    using SrcBT = typename Traits::SrcBT;
    using DstT = typename Traits::DstT;
    using BiasT = typename Traits::BiasT;
    constexpr static MatmulConfig kCfg = Traits::cfg;

public:
    constexpr static bool ascx_mix_dual_master = kCfg.enableMixDualMaster;

    void Init(TCubeTiling*, TPipe* = nullptr) {}
    template <class T>
    void SetWorkspace(__gm__ T*, int) {}
    template <class T>
    void SetWorkspace(GlobalTensor<T>&) {}
    void SetOrgShape(int, int, int) {}
    void SetOrgShape(int, int, int, int, int = 0) {}
    void SetSingleShape(int, int, int) {}
    void SetTail(int = -1, int = -1, int = -1) {}
    void SetHF32(bool = false, int32_t = 0) {}
    void SetTensorA(const LocalTensor<SrcAT>&, bool = false) {}
    void SetTensorB(const LocalTensor<SrcBT>&, bool = false) {}
    void SetBias(const LocalTensor<BiasT>&) {}
    void SetTensorA(const GlobalTensor<SrcAT>&, bool = false) {}
    void SetTensorB(const GlobalTensor<SrcBT>&, bool = false) {}
    void SetSelfDefineData(const uint64_t) {}
    void SetUserDefInfo(const uint64_t) {}
    void SetQuantScalar(const uint64_t) {}
    void SetQuantVector(const GlobalTensor<uint64_t>&) {}
    void SetQuantVector(const LocalTensor<uint64_t>&) {}
    void SetBias(const GlobalTensor<BiasT>&) {}
    void SetTensorA(SrcAT) {}
    void SetTensorB(SrcBT) {}
    void DisableBias() {}
    void ClearBias() {}
    void End() {}
    template <bool sync = true, typename T>
    bool Iterate(bool, const LocalTensor<T>&) {
        return false;
    }
    template <bool sync = true>
    bool Iterate(bool = false) {
        return false;
    }
    void WaitIterateAll() {}
    void WaitIterateBatch() {}
    template <bool sync = true>
    void IterateAll(const GlobalTensor<DstT>&, uint8_t = 0, bool = false, bool = false, bool = false) {}
    template <bool sync = true>
    void IterateAll(const LocalTensor<DstT>&, uint8_t = 0, bool = false, bool = false) {}
    // the MIX-signature IterateBatch family
    template <bool sync = true, bool waitIterateBatch = false>
    void IterateBatch(const GlobalTensor<DstT>&, uint32_t, uint32_t, bool, const uint32_t = 0, const uint32_t = 0,
                      const uint32_t = 0, const bool = false, const uint8_t = 0) {}
    template <bool sync = true>
    void IterateBatch(const LocalTensor<DstT>&, uint32_t, uint32_t, bool, const uint32_t = 0, const uint32_t = 0,
                      const uint32_t = 0, const bool = false, const uint8_t = 0) {}
    // the cube-signature IterateBatch family
    void IterateBatch(const GlobalTensor<DstT>&, bool, uint8_t, bool, const uint32_t = 0, const uint32_t = 0,
                      const uint32_t = 0) {}
    void IterateBatch(const LocalTensor<DstT>&, bool, uint8_t, bool, const uint32_t = 0, const uint32_t = 0,
                      const uint32_t = 0) {}
    template <bool sync = true, bool waitIterateBatch = false>
    void IterateNBatch(const uint32_t, uint32_t, uint32_t, bool, const uint32_t = 0, const uint32_t = 0,
                       const uint32_t = 0) {}
    template <bool sync = true>
    void GetTensorC(const GlobalTensor<DstT>&, uint8_t = 0, bool = false) {}
    template <bool sync = true, bool doPad = false>
    void GetTensorC(const LocalTensor<DstT>&, uint8_t = 0, bool = false, uint32_t = 0, uint32_t = 0, uint32_t = 0,
                    uint32_t = 0) {}
    template <bool sync = true>
    void GetTensorC(const GlobalTensor<DstT>&, const LocalTensor<DstT>&, uint8_t = 0, bool = false) {}
    template <bool sync = true>
    GlobalTensor<DstT> GetTensorC(uint8_t = 0, bool = false) {
        return GlobalTensor<DstT>();
    }
    template <bool sync = true>
    GlobalTensor<DstT> GetBatchTensorC(uint32_t, uint32_t, bool = false) {
        return GlobalTensor<DstT>();
    }
    template <bool sync = true>
    GlobalTensor<DstT> GetBatchC(uint32_t, uint32_t, bool = false) {
        return GlobalTensor<DstT>();
    }
    template <bool sync = true, bool doPad = false>
    void GetBatchTensorC(const LocalTensor<DstT>&, uint32_t, uint32_t, bool = false, uint32_t = 0, uint32_t = 0,
                         uint32_t = 0, uint32_t = 0) {}
    template <bool sync = true, bool doPad = false>
    void GetBatchC(const LocalTensor<DstT>&, uint32_t, uint32_t, bool = false, uint32_t = 0, uint32_t = 0,
                   uint32_t = 0, uint32_t = 0) {}
    void AsyncGetTensorC(const LocalTensor<DstT>&) {}
    void WaitGetTensorC() {}
    template <bool isTurnOnDebug = true>
    MatrixOffset GetOffsetC() {
        static_assert(!isTurnOnDebug, "Debug is not supported!");
        return MatrixOffset{0, 0, 0, 0, 0};
    }
    void SetLocalWorkspace(const LocalTensor<uint8_t>&) {}
};

}  // namespace AscendC
