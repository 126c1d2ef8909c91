// ascx host emulation: MatmulServiceAux, the AIC side of a MIX kernel (docs/emulation.md#what-the-headers-provide).
//
// On the AIC, REGIST_MATMUL_OBJ serves the AIVs' requests and returns, so user code after it never
// runs; it must still compile against these declarations, and every member is a no-op.  In
// MixDualMaster mode (MatmulConfig::enableMixDualMaster) the AIC runs the kernel's code itself: the
// members the mode allows (the shapes, GM inputs, IterateAll to GM, End) drive an engine that
// computes on the cube, as the real class forwards them to its MatmulImpl.  The surface
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
    using Engine = typename Traits::Engine;
    constexpr static MatmulConfig kCfg = Traits::cfg;
    constexpr static bool kDual = kCfg.enableMixDualMaster;

public:
    constexpr static bool ascx_mix_dual_master = kDual;

    void Init(TCubeTiling* cubeTiling, TPipe* tpipe = nullptr) {
        if constexpr (kDual) {
            engine_.set_pipe(tpipe);
            engine_.init(cubeTiling, "Init");
        }
    }
    template <class T>
    void SetWorkspace(__gm__ T*, int) {}
    template <class T>
    void SetWorkspace(GlobalTensor<T>&) {}
    void SetOrgShape(int orgM, int orgN, int orgK) {
        if constexpr (kDual) {
            engine_.set_org_shape(orgM, orgN, orgK, orgK, 0);
        }
    }
    void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int orgKc = 0) {
        if constexpr (kDual) {
            engine_.set_org_shape(orgM, orgN, orgKa, orgKb, orgKc);
        }
    }
    void SetSingleShape(int singleM, int singleN, int singleK) {
        if constexpr (kDual) {
            engine_.set_single_shape(singleM, singleN, singleK);
        }
    }
    void SetTail(int tailM = -1, int tailN = -1, int tailK = -1) {
        if constexpr (kDual) {
            engine_.set_tail(tailM, tailN, tailK);
        }
    }
    void SetHF32(bool enableHF32 = false, int32_t = 0) {
        if constexpr (kDual) {
            engine_.set_hf32(enableHF32);
        }
    }
    void SetTensorA(const LocalTensor<SrcAT>&, bool = false) {}
    void SetTensorB(const LocalTensor<SrcBT>&, bool = false) {}
    void SetBias(const LocalTensor<BiasT>&) {}
    void SetTensorA(const GlobalTensor<SrcAT>& gm, bool isTransposeA = false) {
        if constexpr (kDual) {
            engine_.set_a_global(gm, isTransposeA);
        }
    }
    void SetTensorB(const GlobalTensor<SrcBT>& gm, bool isTransposeB = false) {
        if constexpr (kDual) {
            engine_.set_b_global(gm, isTransposeB);
        }
    }
    void SetSelfDefineData(const uint64_t) {}
    void SetUserDefInfo(const uint64_t) {}
    void SetQuantScalar(const uint64_t) {
        if constexpr (kDual) {
            engine_.set_quant();
        }
    }
    void SetQuantVector(const GlobalTensor<uint64_t>&) {
        if constexpr (kDual) {
            engine_.set_quant();
        }
    }
    void SetQuantVector(const LocalTensor<uint64_t>&) {}
    void SetBias(const GlobalTensor<BiasT>& biasGlobal) {
        if constexpr (kDual) {
            engine_.set_bias_global(biasGlobal);
        }
    }
    void SetTensorA(SrcAT) {}
    void SetTensorB(SrcBT) {}
    void DisableBias() {
        if constexpr (kDual) {
            engine_.disable_bias();
        }
    }
    void ClearBias() { DisableBias(); }
    void End() {
        if constexpr (kDual) {
            engine_.end("End");
        }
    }
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
    /// MixDualMaster: the cube computes the whole result (synchronously: the AIVs' IterateAll waits for
    /// it), then the object ends, as the real class's MatmulImpl does.
    template <bool sync = true>
    void IterateAll(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                    bool waitIterateAll = false, bool fakeMsg = false) {
        if constexpr (kDual) {
            (void)waitIterateAll;
            engine_.check_ib_share_full_load("IterateAll");
            engine_.iterate_all_gm(gm, enAtomic, enSequentialWrite, true, false, fakeMsg, "IterateAll");
            engine_.end("IterateAll");
        }
    }
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

    /// Emulation internal: the engine REGIST_MATMUL_OBJ registers (used in MixDualMaster mode).
    Engine& ascx_engine() { return engine_; }

private:
    Engine engine_{Engine::Side::IMPL, kCfg, Traits::has_callbacks};
};

}  // namespace AscendC
