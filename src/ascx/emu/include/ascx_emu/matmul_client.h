// ascx host emulation: MatmulClient, the AIV side of a MIX kernel (docs/emulation.md#what-the-headers-provide).
//
// On hardware every call becomes a KFC message that the AIC serves.  Here the client owns a
// MatmulEngine that does the AIC's work inside the call (sequential execution is a valid
// linearisation, docs/emulation.md#how-a-launch-runs).  The member list, parameter types and defaults are those of the
// dav-c220 USE_WORKSPACE client; every method first checks that REGIST_MATMUL_OBJ registered it.
#pragma once

#include "ascx_emu/matmul_traits.h"

namespace AscendC {

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE, const auto& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<nullptr, nullptr, nullptr>,
          template <const auto& = MM_CFG, typename...> class MATMUL_POLICY = Impl::Detail::MatmulPolicy>
class MatmulClient {
    using Traits = ascx_emu::MatmulTraits<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, MATMUL_POLICY>;
    using SrcAT = typename Traits::SrcAT;
    using SrcBT = typename Traits::SrcBT;
    using DstT = typename Traits::DstT;
    using BiasT = typename Traits::BiasT;
    using Engine = typename Traits::Engine;
    constexpr static MatmulConfig kCfg = Traits::cfg;

    static_assert(Traits::policy != Impl::Detail::PolicyKind::NBUFFER33,
                  "NBuffer33MatmulPolicy is only supported in cube-only kernels");

public:
    constexpr static bool ascx_mix_dual_master = kCfg.enableMixDualMaster;

    MatmulClient() { engine_.set_static_tiling(Traits::static_tiling()); }

    void Init(const TCubeTiling* __restrict cubeTiling, TPipe* tpipe = nullptr) {
        ASCX_COVER("MatmulClient::Init");
        use("Init");
        engine_.set_pipe(tpipe);
        engine_.init(cubeTiling, "Init");
        posted();
    }
    template <class T>
    void SetWorkspace(GlobalTensor<T>& addr) {
        ASCX_COVER_FORM("MatmulClient::SetWorkspace", "GlobalTensor");
        use("SetWorkspace");
        engine_.set_workspace_tensor(addr);
    }
    template <class T>
    void SetWorkspace(__gm__ const T* addr, int size) {
        ASCX_COVER_FORM("MatmulClient::SetWorkspace", "T*, int");
        use("SetWorkspace");
        engine_.set_workspace_pointer(addr, size);
    }
    void SetOrgShape(int orgM, int orgN, int orgK) {
        ASCX_COVER_FORM("MatmulClient::SetOrgShape", "int, int, int");
        use("SetOrgShape");
        engine_.set_org_shape(orgM, orgN, orgK, orgK, 0);
        posted();
    }
    void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int orgKc = 0) {
        ASCX_COVER_FORM("MatmulClient::SetOrgShape", "int, int, int, int, int");
        use("SetOrgShape");
        engine_.set_org_shape(orgM, orgN, orgKa, orgKb, orgKc);
        posted();
    }
    void SetSingleShape(int singleM, int singleN, int singleK) {
        ASCX_COVER("MatmulClient::SetSingleShape");
        use("SetSingleShape");
        engine_.set_single_shape(singleM, singleN, singleK);
    }
    void SetTail(int tailM = -1, int tailN = -1, int tailK = -1) {
        ASCX_COVER("MatmulClient::SetTail");
        use("SetTail");
        engine_.set_tail(tailM, tailN, tailK);
    }
    void SetHF32(bool enableHF32 = false, int32_t transMode = 0) {
        ASCX_COVER("MatmulClient::SetHF32");
        use("SetHF32");
        (void)transMode;
        engine_.set_hf32(enableHF32);
        posted();
    }
    void SetTensorA(const LocalTensor<SrcAT>& leftMatrix, bool isTransposeA = false) {
        ASCX_COVER_FORM("MatmulClient::SetTensorA", "LocalTensor, bool");
        use("SetTensorA");
        engine_.set_a_local(leftMatrix, isTransposeA);
        first_iter_ = true;
    }
    void SetTensorB(const LocalTensor<SrcBT>& rightMatrix, bool isTransposeB = false) {
        ASCX_COVER_FORM("MatmulClient::SetTensorB", "LocalTensor, bool");
        use("SetTensorB");
        engine_.set_b_local(rightMatrix, isTransposeB);
        first_iter_ = true;
    }
    void SetBias(const LocalTensor<BiasT>& inputBias) {
        ASCX_COVER_FORM("MatmulClient::SetBias", "LocalTensor");
        use("SetBias");
        engine_.set_bias_local(inputBias);
        first_iter_ = true;
    }
    void SetTensorA(const GlobalTensor<SrcAT>& gm, bool isTransposeA = false) {
        ASCX_COVER_FORM("MatmulClient::SetTensorA", "GlobalTensor, bool");
        use("SetTensorA");
        engine_.set_a_global(gm, isTransposeA);
        first_iter_ = true;
    }
    void SetTensorB(const GlobalTensor<SrcBT>& gm, bool isTransposeB = false) {
        ASCX_COVER_FORM("MatmulClient::SetTensorB", "GlobalTensor, bool");
        use("SetTensorB");
        engine_.set_b_global(gm, isTransposeB);
        first_iter_ = true;
    }
    /// Data for user copy callbacks; recorded only (callbacks are not emulated).
    void SetSelfDefineData(const uint64_t dataPtr) {
        ASCX_COVER("MatmulClient::SetSelfDefineData");
        use("SetSelfDefineData");
        engine_.require_not_dual_master("SetSelfDefineData");
        self_define_data_ = dataPtr;
        posted();
    }
    void SetUserDefInfo(const uint64_t tilingPtr) {
        ASCX_COVER("MatmulClient::SetUserDefInfo");
        use("SetUserDefInfo");
        engine_.require_not_dual_master("SetUserDefInfo");
        user_def_info_ = tilingPtr;
        posted();
    }
    void SetSparseIndex(const GlobalTensor<uint8_t>& indexGlobal) {  // a no-op on the client
        ASCX_COVER("MatmulClient::SetSparseIndex");
        use("SetSparseIndex");
        (void)indexGlobal;
    }
    void SetQuantScalar(const uint64_t quantScalar) {
        ASCX_COVER("MatmulClient::SetQuantScalar");
        use("SetQuantScalar");
        (void)quantScalar;
        engine_.set_quant();
    }
    void SetQuantVector(const GlobalTensor<uint64_t>& quantTensor) {
        ASCX_COVER_FORM("MatmulClient::SetQuantVector", "GlobalTensor");
        use("SetQuantVector");
        (void)quantTensor;
        engine_.set_quant();
    }
    void SetQuantVector(const LocalTensor<uint64_t>& quantTensor) {
        ASCX_COVER_FORM("MatmulClient::SetQuantVector", "LocalTensor");
        use("SetQuantVector");
        (void)quantTensor;
        engine_.set_quant();
    }
    void SetBias(const GlobalTensor<BiasT>& biasGlobal) {
        ASCX_COVER_FORM("MatmulClient::SetBias", "GlobalTensor");
        use("SetBias");
        engine_.set_bias_global(biasGlobal);
    }
    void SetTensorA(SrcAT aScalar) {
        ASCX_COVER_FORM("MatmulClient::SetTensorA", "SrcAT");
        use("SetTensorA");
        engine_.set_a_scalar(aScalar);
    }
    void SetTensorB(SrcBT bScalar) {
        ASCX_COVER_FORM("MatmulClient::SetTensorB", "SrcBT");
        use("SetTensorB");
        engine_.set_b_scalar(bScalar);
    }
    void DisableBias() {
        ASCX_COVER("MatmulClient::DisableBias");
        use("DisableBias");
        engine_.disable_bias();
    }
    void ClearBias() {
        ASCX_COVER("MatmulClient::ClearBias");
        use("ClearBias");
        engine_.disable_bias();
    }
    void End() {
        ASCX_COVER("MatmulClient::End");
        use("End");
        engine_.end("End");
    }

    /// The client declares this overload but it is a stub that computes nothing.
    template <bool sync = true, typename T>
    bool Iterate(bool enPartialSum, const LocalTensor<T>& localCmatrix) {
        ASCX_COVER_FORM("MatmulClient::Iterate", "bool, LocalTensor");
        static_assert(!kCfg.enableMixDualMaster, "Iterate is not supported when enableMixDualMaster is set");
        use("Iterate");
        (void)enPartialSum;
        (void)localCmatrix;
        return false;
    }
    template <bool sync = true>
    bool Iterate(bool enPartialSum = false) {
        ASCX_COVER_FORM("MatmulClient::Iterate", "bool");
        static_assert(!kCfg.enableMixDualMaster, "Iterate is not supported when enableMixDualMaster is set");
        use(sync ? "Iterate<true>" : "Iterate<false>");
        first_iter_ = false;  // the first call posts the computation, the others find the flag clear
        return sync ? engine_.iterate_sync(enPartialSum, "Iterate<true>")
                    : engine_.iterate_async(enPartialSum, "Iterate<false>");
    }
    void WaitIterateAll() {
        ASCX_COVER("MatmulClient::WaitIterateAll");
        use("WaitIterateAll");
        engine_.wait_iterate_all("WaitIterateAll");
    }
    void WaitIterateBatch() {
        ASCX_COVER("MatmulClient::WaitIterateBatch");
        use("WaitIterateBatch");
        engine_.wait_iterate_batch("WaitIterateBatch");
    }
    template <bool sync = true>
    void IterateAll(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                    bool waitIterateAll = false, bool fakeMsg = false) {
        ASCX_COVER_FORM("MatmulClient::IterateAll", "GlobalTensor, uint8_t, bool, bool, bool");
        const char* what = sync ? "IterateAll<true>" : "IterateAll<false>";
        use(what);
        engine_.check_ib_share_full_load(what);
        if constexpr (kCfg.enableMixDualMaster) {  // the AIC computes: this core only waits for it
            engine_.iterate_all_gm_elsewhere(sync, waitIterateAll, fakeMsg, what);
            return;
        }
        require_first_iter(what);
        if constexpr (A_TYPE::ibShare && B_TYPE::ibShare) {  // sub-block 0 drives the cube for the block
            if (ascx_emu::block.sub_block_idx == 1) {
                engine_.iterate_all_gm_elsewhere(sync, waitIterateAll, fakeMsg, what);
                return;
            }
        }
        engine_.iterate_all_gm(gm, enAtomic, enSequentialWrite, sync, waitIterateAll, fakeMsg, what);
    }
    template <bool sync = true>
    void IterateAll(const LocalTensor<DstT>& ubCmatrix, uint8_t enAtomic = 0) {
        ASCX_COVER_FORM("MatmulClient::IterateAll", "LocalTensor, uint8_t");
        use("IterateAll");
        require_first_iter("IterateAll (LocalTensor)");
        engine_.iterate_all_local(ubCmatrix, enAtomic, sync, "IterateAll (LocalTensor)");
    }
    template <bool sync = true, bool waitIterateBatch = false>
    void IterateBatch(const GlobalTensor<DstT>& gm, uint32_t batchA, uint32_t batchB, bool enSequentialWrite,
                      const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0,
                      const uint32_t matrixStrideC = 0, const bool enPartialSum = false, const uint8_t enAtomic = 0) {
        ASCX_COVER_FORM("MatmulClient::IterateBatch", "GlobalTensor, uint32_t, uint32_t, bool, uint32_t, uint32_t, uint32_t, bool, uint8_t");
        use("IterateBatch");
        require_first_iter("IterateBatch");
        engine_.iterate_batch_gm(gm, batchA, batchB, enSequentialWrite, matrixStrideA, matrixStrideB, matrixStrideC,
                                 enPartialSum, enAtomic, sync, waitIterateBatch, "IterateBatch");
    }
    template <bool sync = true>
    void IterateBatch(const LocalTensor<DstT>& ubCmatrix, uint32_t batchA, uint32_t batchB, bool enSequentialWrite,
                      const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0,
                      const uint32_t matrixStrideC = 0, const bool enPartialSum = false, const uint8_t enAtomic = 0) {
        ASCX_COVER_FORM("MatmulClient::IterateBatch", "LocalTensor, uint32_t, uint32_t, bool, uint32_t, uint32_t, uint32_t, bool, uint8_t");
        use("IterateBatch");
        require_first_iter("IterateBatch (LocalTensor)");
        engine_.iterate_batch_local(ubCmatrix, batchA, batchB, enSequentialWrite, matrixStrideA, matrixStrideB,
                                    matrixStrideC, enPartialSum, enAtomic, sync, "IterateBatch (LocalTensor)");
    }
    template <bool sync = true, bool waitIterateBatch = false>
    void IterateNBatch(const uint32_t batchLoop, uint32_t batchA, uint32_t batchB, bool enSequentialWrite,
                       const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0,
                       const uint32_t matrixStrideC = 0, const bool enPartialSum = false, const uint8_t enAtomic = 0) {
        ASCX_COVER("MatmulClient::IterateNBatch");
        static_assert(!kCfg.enableMixDualMaster, "IterateNBatch is not supported when enableMixDualMaster is set");
        static_assert(A_TYPE::layout != LayoutMode::NONE && A_TYPE::layout != LayoutMode::NORMAL &&
                          B_TYPE::layout != LayoutMode::NONE && B_TYPE::layout != LayoutMode::NORMAL &&
                          C_TYPE::layout != LayoutMode::NORMAL,
                      "IterateNBatch: A and B layouts must not be NONE or NORMAL, and C's must not be NORMAL");
        use("IterateNBatch");
        require_first_iter("IterateNBatch");
        if (enPartialSum || enAtomic != 0) {
            engine_.error("IterateNBatch", "enPartialSum and enAtomic are not emulated");
        }
        engine_.iterate_n_batch(batchLoop, batchA, batchB, enSequentialWrite, matrixStrideA, matrixStrideB,
                                matrixStrideC, sync, waitIterateBatch, "IterateNBatch");
    }
    template <bool sync = true>
    void GetTensorC(const GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false) {
        ASCX_COVER_FORM("MatmulClient::GetTensorC", "GlobalTensor, uint8_t, bool");
        static_assert(kCfg.enableGetTensorC, "GetTensorC requires MatmulConfig::enableGetTensorC");
        use("GetTensorC");
        if (!sync) {
            engine_.error("GetTensorC<false> (GlobalTensor)",
                          "asynchronous results only go to a LocalTensor on dav-c220 (use GetTensorC<false>(ub))");
        }
        engine_.require_not_dual_master("GetTensorC");
        engine_.get_sync_gm(gm, enAtomic, enSequentialWrite, "GetTensorC<true> (GlobalTensor)");
    }
    template <bool sync = true, bool doPad = false>
    void GetTensorC(const LocalTensor<DstT>& c, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                    uint32_t height = 0, uint32_t width = 0, uint32_t srcGap = 0, uint32_t dstGap = 0) {
        ASCX_COVER_FORM("MatmulClient::GetTensorC", "LocalTensor, uint8_t, bool, uint32_t, uint32_t, uint32_t, uint32_t");
        static_assert(kCfg.enableGetTensorC, "GetTensorC requires MatmulConfig::enableGetTensorC");
        use("GetTensorC");
        (void)enSequentialWrite;
        if (doPad || height != 0 || width != 0 || srcGap != 0 || dstGap != 0) {
            engine_.error("GetTensorC", "the deprecated padding parameters (doPad, height, width, srcGap, dstGap) "
                                        "are not emulated");
        }
        engine_.require_not_dual_master("GetTensorC");
        if (sync) {
            engine_.get_sync_local(c, enAtomic, "GetTensorC<true> (LocalTensor)");
        } else {
            engine_.fetch_async_local(c, enAtomic, true, "GetTensorC<false> (LocalTensor)");
        }
    }
    template <bool sync = true>
    void GetTensorC(const GlobalTensor<DstT>& gm, const LocalTensor<DstT>& co2Local, uint8_t enAtomic = 0,
                    bool enSequentialWrite = false) {
        ASCX_COVER_FORM("MatmulClient::GetTensorC", "GlobalTensor, LocalTensor, uint8_t, bool");
        static_assert(kCfg.enableGetTensorC, "GetTensorC requires MatmulConfig::enableGetTensorC");
        static_assert(!kCfg.enableMixDualMaster, "GetTensorC is not supported when enableMixDualMaster is set");
        use("GetTensorC");
        if (!sync) {
            engine_.error("GetTensorC<false> (GlobalTensor, LocalTensor)",
                          "asynchronous results only go to a LocalTensor on dav-c220 (use GetTensorC<false>(ub))");
        }
        engine_.get_sync_gm_local(gm, co2Local, enAtomic, enSequentialWrite,
                                  "GetTensorC<true> (GlobalTensor, LocalTensor)");
    }
    template <bool sync = true>
    GlobalTensor<DstT> GetTensorC(uint8_t enAtomic = 0, bool enSequentialWrite = false) {
        ASCX_COVER_FORM("MatmulClient::GetTensorC", "uint8_t, bool");
        static_assert(kCfg.enableGetTensorC, "GetTensorC requires MatmulConfig::enableGetTensorC");
        static_assert(!kCfg.enableMixDualMaster, "GetTensorC is not supported when enableMixDualMaster is set");
        use("GetTensorC");
        (void)enSequentialWrite;
        if (sync) {
            engine_.error("GetTensorC<true>()", "the returning GetTensorC only supports sync=false");
        }
        return engine_.fetch_async_view(enAtomic, "GetTensorC<false>()");
    }
    template <bool sync = true>
    GlobalTensor<DstT> GetBatchTensorC(uint32_t batchA, uint32_t batchB, bool enSequentialWrite = false) {
        ASCX_COVER_FORM("MatmulClient::GetBatchTensorC", "uint32_t, uint32_t, bool");
        use("GetBatchTensorC");
        (void)enSequentialWrite;
        return engine_.get_batch_view(sync, batchA, batchB, "GetBatchTensorC");
    }
    template <bool sync = true>
    GlobalTensor<DstT> GetBatchC(uint32_t batchA, uint32_t batchB, bool enSequentialWrite = false) {
        ASCX_COVER_FORM("MatmulClient::GetBatchC", "uint32_t, uint32_t, bool");
        return GetBatchTensorC<sync>(batchA, batchB, enSequentialWrite);
    }
    template <bool sync = true>
    void GetBatchTensorC(const LocalTensor<DstT>& c, uint32_t batchA, uint32_t batchB, bool enSequentialWrite = false) {
        ASCX_COVER_FORM("MatmulClient::GetBatchTensorC", "LocalTensor, uint32_t, uint32_t, bool");
        use("GetBatchTensorC");
        (void)enSequentialWrite;
        engine_.get_batch_local(c, sync, batchA, batchB, "GetBatchTensorC (LocalTensor)");
    }
    template <bool sync = true>
    void GetBatchC(const LocalTensor<DstT>& c, uint32_t batchA, uint32_t batchB, bool enSequentialWrite = false) {
        ASCX_COVER_FORM("MatmulClient::GetBatchC", "LocalTensor, uint32_t, uint32_t, bool");
        GetBatchTensorC<sync>(c, batchA, batchB, enSequentialWrite);
    }
    /// GetTensorC<false>(c) without the MTE2 -> V handshake: WaitGetTensorC() must follow.
    void AsyncGetTensorC(const LocalTensor<DstT>& c) {
        ASCX_COVER("MatmulClient::AsyncGetTensorC");
        use("AsyncGetTensorC");
        engine_.fetch_async_local(c, 0, false, "AsyncGetTensorC");
    }
    void WaitGetTensorC() {
        ASCX_COVER("MatmulClient::WaitGetTensorC");
        use("WaitGetTensorC");
        engine_.wait_get_tensor_c("WaitGetTensorC");
    }
    template <bool isTurnOnDebug = true>
    MatrixOffset GetOffsetC() {
        ASCX_COVER("MatmulClient::GetOffsetC");
        use("GetOffsetC");
        engine_.error("GetOffsetC", "not supported on the MIX client (cube-only kernels only)");
        return MatrixOffset{0, 0, 0, 0, 0};
    }
    void SetLocalWorkspace(const LocalTensor<uint8_t>& tmpBuffer) {
        ASCX_COVER("MatmulClient::SetLocalWorkspace");
        use("SetLocalWorkspace");
        (void)tmpBuffer;
    }

    /// Emulation internal: the engine REGIST_MATMUL_OBJ registers.
    Engine& ascx_engine() { return engine_; }

private:
    void use(const char* what) const { engine_.require_registered(what); }

    /// CANN's client keeps its next message's flags in ``kfcMsg_.body``: SetTensorA, SetTensorB and
    /// SetBias(LocalTensor) set ``isFirstIter``, every message it posts clears them all (Init, SetOrgShape,
    /// SetHF32, SetSelfDefineData, SetUserDefInfo, Iterate, IterateAll, IterateBatch, IterateNBatch), and the
    /// IterateAll / IterateBatch / IterateNBatch that post a computation assert the flag.
    void posted() { first_iter_ = false; }
    void require_first_iter(const char* what) {
        if (!first_iter_) {
            engine_.error(what, "SetTensorA / SetTensorB was not called since the client's last message to the AIC "
                                "(CANN asserts kfcMsg_.body.isFirstIter: every message the client posts, such as "
                                "Init, SetOrgShape or a computation, clears it; set the tensors again before each "
                                "computation)");
        }
        first_iter_ = false;
    }

    Engine engine_{Engine::Side::CLIENT, kCfg, Traits::has_callbacks};
    uint64_t self_define_data_ = 0;
    uint64_t user_def_info_ = 0;
    bool first_iter_ = false;  ///< CANN's kfcMsg_.body.isFirstIter
};

}  // namespace AscendC
