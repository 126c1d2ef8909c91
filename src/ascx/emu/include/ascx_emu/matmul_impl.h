// ascx host emulation: MatmulImpl, the cube-only Matmul (docs/emulation.md#what-the-headers-provide).
//
// Used by kernels compiled with ASCENDC_CUBE_ONLY on the AIC.  Everything is synchronous.  The common
// members live in MatmulImplBase; the class then adds, by A's layout, either IterateAll and the
// anti-quant setters (layout NONE) or SetBatchNum / SetNBatchOutNum and the cube-signature
// IterateBatch (batch layouts) - and nothing of the MIX-only async / wait / batch-fetch surface.
#pragma once

#include "ascx_emu/matmul_traits.h"

namespace ascx_emu {

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE, const auto& MM_CFG, class MM_CB,
          template <const auto&, typename...> class MATMUL_POLICY>
class MatmulImplBase {
protected:
    using Traits = MatmulTraits<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, MATMUL_POLICY>;
    using SrcAT = typename Traits::SrcAT;
    using SrcBT = typename Traits::SrcBT;
    using DstT = typename Traits::DstT;
    using BiasT = typename Traits::BiasT;
    using SrcT = SrcAT;
    using Engine = typename Traits::Engine;
    constexpr static MatmulConfig kCfg = Traits::cfg;
    constexpr static bool kNBuffer33 = Traits::policy == AscendC::Impl::Detail::PolicyKind::NBUFFER33;

public:
    constexpr static bool ascx_mix_dual_master = kCfg.enableMixDualMaster;

    MatmulImplBase() { engine_.set_static_tiling(Traits::static_tiling()); }

    void Init(const TCubeTiling* __restrict cubeTiling, AscendC::TPipe* tpipe = nullptr) {
        ASCX_COVER("MatmulImpl::Init");
        engine_.set_pipe(tpipe);
        engine_.init(cubeTiling, "Init");
    }
    void SetOrgShape(int orgM, int orgN, int orgK) { ASCX_COVER_FORM("MatmulImpl::SetOrgShape", "int, int, int"); engine_.set_org_shape(orgM, orgN, orgK, orgK, 0); }
    void SetOrgShape(int orgM, int orgN, int orgKa, int orgKb, int orgKc = 0) {
        ASCX_COVER_FORM("MatmulImpl::SetOrgShape", "int, int, int, int, int");
        engine_.set_org_shape(orgM, orgN, orgKa, orgKb, orgKc);
    }
    void SetSingleShape(int singleM, int singleN, int singleK) { ASCX_COVER("MatmulImpl::SetSingleShape"); engine_.set_single_shape(singleM, singleN, singleK); }
    void SetTail(int tailM = -1, int tailN = -1, int tailK = -1) { ASCX_COVER("MatmulImpl::SetTail"); engine_.set_tail(tailM, tailN, tailK); }
    void SetTensorA(const AscendC::GlobalTensor<SrcAT>& gm, bool isTransposeA = false) {
        ASCX_COVER_FORM("MatmulImpl::SetTensorA", "GlobalTensor, bool");
        engine_.set_a_global(gm, isTransposeA);
    }
    void SetTensorB(const AscendC::GlobalTensor<SrcBT>& gm, bool isTransposeB = false) {
        ASCX_COVER_FORM("MatmulImpl::SetTensorB", "GlobalTensor, bool");
        engine_.set_b_global(gm, isTransposeB);
    }
    void SetBias(const AscendC::GlobalTensor<BiasT>& biasGlobal) { ASCX_COVER_FORM("MatmulImpl::SetBias", "GlobalTensor"); engine_.set_bias_global(biasGlobal); }
    /// Data for user copy callbacks; recorded only (callbacks are not emulated).
    template <class T>
    void SetSelfDefineData(T dataPtr) {
        ASCX_COVER("MatmulImpl::SetSelfDefineData");
        engine_.require_not_dual_master("SetSelfDefineData");
        (void)dataPtr;
    }
    void SetSparseIndex(const AscendC::GlobalTensor<uint8_t>& indexGlobal) {
        ASCX_COVER("MatmulImpl::SetSparseIndex");
        (void)indexGlobal;
        engine_.set_sparse_index();
    }
    void SetUserDefInfo(const uint64_t tilingPtr) {
        ASCX_COVER("MatmulImpl::SetUserDefInfo");
        engine_.require_not_dual_master("SetUserDefInfo");
        (void)tilingPtr;
    }
    void SetQuantScalar(const uint64_t quantScalar) {
        ASCX_COVER("MatmulImpl::SetQuantScalar");
        (void)quantScalar;
        engine_.set_quant();
    }
    void SetQuantVector(const AscendC::GlobalTensor<uint64_t>& quantTensor) {
        ASCX_COVER_FORM("MatmulImpl::SetQuantVector", "GlobalTensor");
        (void)quantTensor;
        engine_.set_quant();
    }
    void SetQuantVector(const AscendC::LocalTensor<uint64_t>& quantTensor) {
        ASCX_COVER_FORM("MatmulImpl::SetQuantVector", "LocalTensor");
        (void)quantTensor;
        engine_.set_quant();
    }
    void SetTensorA(const AscendC::LocalTensor<SrcAT>& leftMatrix, bool isTransposeA = false) {
        ASCX_COVER_FORM("MatmulImpl::SetTensorA", "LocalTensor, bool");
        engine_.set_a_local(leftMatrix, isTransposeA);
    }
    void SetTensorB(const AscendC::LocalTensor<SrcBT>& rightMatrix, bool isTransposeB = false) {
        ASCX_COVER_FORM("MatmulImpl::SetTensorB", "LocalTensor, bool");
        engine_.set_b_local(rightMatrix, isTransposeB);
    }
    void SetTensorA(SrcAT aScalar) { ASCX_COVER_FORM("MatmulImpl::SetTensorA", "SrcAT"); engine_.set_a_scalar(aScalar); }
    void SetTensorB(SrcBT bScalar) { ASCX_COVER_FORM("MatmulImpl::SetTensorB", "SrcBT"); engine_.set_b_scalar(bScalar); }
    void SetBias(const AscendC::LocalTensor<BiasT>& inputBias) { ASCX_COVER_FORM("MatmulImpl::SetBias", "LocalTensor"); engine_.set_bias_local(inputBias); }
    void DisableBias() { ASCX_COVER("MatmulImpl::DisableBias"); engine_.disable_bias(); }
    void ClearBias() { ASCX_COVER("MatmulImpl::ClearBias"); engine_.disable_bias(); }

    template <bool sync = true>
    bool Iterate(bool enPartialSum = false) {
        ASCX_COVER_FORM("MatmulImpl::Iterate", "bool");
        static_assert(!kNBuffer33, "NBuffer33MatmulPolicy: results are only available through IterateAll");
        static_assert(!kCfg.enableMixDualMaster, "Iterate is not supported when enableMixDualMaster is set");
        if (!sync) {
            engine_.error("Iterate<false>", "not supported in cube-only kernels (pure Cube is synchronous)");
        }
        return engine_.iterate_sync(enPartialSum, "Iterate");
    }
    template <bool sync = true, typename T>
    bool Iterate(bool enPartialSum, const AscendC::LocalTensor<T>& localCmatrix) {
        ASCX_COVER_FORM("MatmulImpl::Iterate", "bool, LocalTensor");
        static_assert(!kNBuffer33, "NBuffer33MatmulPolicy: results are only available through IterateAll");
        if (!sync) {
            engine_.error("Iterate<false>", "not supported in cube-only kernels (pure Cube is synchronous)");
        }
        if (C_TYPE::pos != AscendC::TPosition::CO1 || C_TYPE::format != CubeFormat::NZ) {
            engine_.error("Iterate (CO1 LocalTensor)", "requires the C MatmulType position CO1 and format NZ");
        }
        return engine_.iterate_to_co1(enPartialSum, localCmatrix, "Iterate (CO1 LocalTensor)");
    }
    template <bool sync = true>
    void GetTensorC(const AscendC::LocalTensor<DstT>& co2Local, uint8_t enAtomic = 0, bool enSequentialWrite = false) {
        ASCX_COVER_FORM("MatmulImpl::GetTensorC", "LocalTensor, uint8_t, bool");
        static_assert(kCfg.enableGetTensorC, "GetTensorC requires MatmulConfig::enableGetTensorC");
        (void)enSequentialWrite;
        require_sync("GetTensorC", sync);
        engine_.get_sync_local(co2Local, enAtomic, "GetTensorC (LocalTensor)");
    }
    template <bool sync = true>
    void GetTensorC(const AscendC::GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false) {
        ASCX_COVER_FORM("MatmulImpl::GetTensorC", "GlobalTensor, uint8_t, bool");
        static_assert(kCfg.enableGetTensorC, "GetTensorC requires MatmulConfig::enableGetTensorC");
        require_sync("GetTensorC", sync);
        engine_.get_sync_gm(gm, enAtomic, enSequentialWrite, "GetTensorC (GlobalTensor)");
    }
    template <bool sync = true>
    void GetTensorC(const AscendC::GlobalTensor<DstT>& gm, const AscendC::LocalTensor<DstT>& co2Local,
                    uint8_t enAtomic = 0, bool enSequentialWrite = false) {
        ASCX_COVER_FORM("MatmulImpl::GetTensorC", "GlobalTensor, LocalTensor, uint8_t, bool");
        static_assert(kCfg.enableGetTensorC, "GetTensorC requires MatmulConfig::enableGetTensorC");
        require_sync("GetTensorC", sync);
        engine_.get_sync_gm_local(gm, co2Local, enAtomic, enSequentialWrite, "GetTensorC (GlobalTensor, LocalTensor)");
    }
    /// Where the current block sits in C (all fields are "reserved" in the docs).
    template <bool isTurnOnDebug = true>
    MatrixOffset GetOffsetC() {
        ASCX_COVER("MatmulImpl::GetOffsetC");
        return engine_.offset_c();
    }
    void End() { ASCX_COVER("MatmulImpl::End"); engine_.end("End"); }
    void SetHF32(bool enableHF32 = false, int32_t transMode = 0) {
        ASCX_COVER("MatmulImpl::SetHF32");
        (void)transMode;
        engine_.set_hf32(enableHF32);
    }
    void SetSubBlockIdx(uint8_t subBlockIdx) { ASCX_COVER("MatmulImpl::SetSubBlockIdx"); sub_block_idx_ = subBlockIdx; }
    uint8_t GetSubBlockIdx() { ASCX_COVER("MatmulImpl::GetSubBlockIdx"); return sub_block_idx_; }
    template <class T>
    void SetWorkspace(__gm__ const T* addr, int size) {  // a no-op in cube-only kernels
        ASCX_COVER_FORM("MatmulImpl::SetWorkspace", "T*, int");
        (void)addr;
        (void)size;
    }
    template <class T>
    void SetWorkspace(AscendC::GlobalTensor<T>& addr) {
        ASCX_COVER_FORM("MatmulImpl::SetWorkspace", "GlobalTensor");
        (void)addr;
    }
    void SetLocalWorkspace(const AscendC::LocalTensor<uint8_t>& tmpBuffer) { ASCX_COVER("MatmulImpl::SetLocalWorkspace"); (void)tmpBuffer; }

    /// Emulation internal: the engine REGIST_MATMUL_OBJ / InitCurObj configures.
    Engine& ascx_engine() { return engine_; }

protected:
    void require_sync(const char* what, bool sync) const {
        if (!sync) {
            engine_.error(what, "sync=false is not supported in cube-only kernels (pure Cube is synchronous)");
        }
    }

    Engine engine_{Engine::Side::IMPL, kCfg, Traits::has_callbacks};
    uint8_t sub_block_idx_ = 0;
};

/// A layout NONE: plain matmul.
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE, const auto& MM_CFG, class MM_CB,
          template <const auto&, typename...> class MATMUL_POLICY>
class MatmulImplPlain : public MatmulImplBase<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, MATMUL_POLICY> {
    using Base = MatmulImplBase<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, MATMUL_POLICY>;
    using DstT = typename Base::DstT;
    using SrcT = typename Base::SrcT;

public:
    /// Iterate() / GetTensorC(gm, enAtomic) over every block; enSequentialWrite is ignored.
    template <bool sync = true>
    void IterateAll(const AscendC::GlobalTensor<DstT>& gm, uint8_t enAtomic = 0, bool enSequentialWrite = false,
                    bool waitIterateAll = false, bool fakeMsg = false) {
        ASCX_COVER_FORM("MatmulImpl::IterateAll", "GlobalTensor, uint8_t, bool, bool, bool");
        this->engine_.iterate_all_gm(gm, enAtomic, enSequentialWrite, sync, waitIterateAll, fakeMsg, "IterateAll");
    }
    template <bool sync = true>
    void IterateAll(const AscendC::LocalTensor<DstT>& ubCmatrix, uint8_t enAtomic = 0) {
        ASCX_COVER_FORM("MatmulImpl::IterateAll", "LocalTensor, uint8_t");
        this->engine_.iterate_all_local(ubCmatrix, enAtomic, sync, "IterateAll (LocalTensor)");
    }
    void SetAntiQuantScalar(const SrcT offsetScalar, const SrcT scaleScalar) {
        ASCX_COVER("MatmulImpl::SetAntiQuantScalar");
        (void)offsetScalar;
        (void)scaleScalar;
        this->engine_.set_anti_quant();
    }
    void SetAntiQuantVector(const AscendC::LocalTensor<SrcT>& offsetTensor,
                            const AscendC::LocalTensor<SrcT>& scaleTensor) {
        ASCX_COVER("MatmulImpl::SetAntiQuantVector");
        (void)offsetTensor;
        (void)scaleTensor;
        this->engine_.set_anti_quant();
    }
};

/// A batch layout: IterateBatch with the counts given by SetBatchNum.
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE, const auto& MM_CFG, class MM_CB,
          template <const auto&, typename...> class MATMUL_POLICY>
class MatmulImplBatch : public MatmulImplBase<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, MATMUL_POLICY> {
    using Base = MatmulImplBase<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, MATMUL_POLICY>;
    using DstT = typename Base::DstT;

public:
    void SetBatchNum(int32_t batchA, int32_t batchB) {
        ASCX_COVER("MatmulImpl::SetBatchNum");
        this->engine_.require_not_dual_master("SetBatchNum");
        this->engine_.set_batch_num(batchA, batchB);
    }
    void SetNBatchOutNum(int32_t nBatchOutNumIn) { ASCX_COVER("MatmulImpl::SetNBatchOutNum"); (void)nBatchOutNumIn; }
    void IterateBatch(const AscendC::GlobalTensor<DstT>& gm, bool enPartialSum, uint8_t enAtomic,
                      bool enSequentialWrite, const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0,
                      const uint32_t matrixStrideC = 0) {
        ASCX_COVER_FORM("MatmulImpl::IterateBatch", "GlobalTensor, bool, uint8_t, bool, uint32_t, uint32_t, uint32_t");
        uint32_t a = 0;
        uint32_t b = 0;
        counts("IterateBatch", a, b);
        this->engine_.iterate_batch_gm(gm, a, b, enSequentialWrite, matrixStrideA, matrixStrideB, matrixStrideC,
                                       enPartialSum, enAtomic, true, false, "IterateBatch");
    }
    void IterateBatch(const AscendC::LocalTensor<DstT>& ubCmatrix, bool enPartialSum, uint8_t enAtomic,
                      bool enSequentialWrite, const uint32_t matrixStrideA = 0, const uint32_t matrixStrideB = 0,
                      const uint32_t matrixStrideC = 0) {
        ASCX_COVER_FORM("MatmulImpl::IterateBatch", "LocalTensor, bool, uint8_t, bool, uint32_t, uint32_t, uint32_t");
        uint32_t a = 0;
        uint32_t b = 0;
        counts("IterateBatch (LocalTensor)", a, b);
        this->engine_.iterate_batch_local(ubCmatrix, a, b, enSequentialWrite, matrixStrideA, matrixStrideB,
                                          matrixStrideC, enPartialSum, enAtomic, true, "IterateBatch (LocalTensor)");
    }

private:
    void counts(const char* what, uint32_t& a, uint32_t& b) {
        if (!this->engine_.batch_num_set()) {
            this->engine_.error(what, "requires SetBatchNum(batchA, batchB) before it in cube-only kernels");
        }
        if (this->engine_.batch_a() <= 0 || this->engine_.batch_b() <= 0) {
            this->engine_.error(what, "SetBatchNum counts must be positive (got %d and %d)", this->engine_.batch_a(),
                                this->engine_.batch_b());
        }
        a = static_cast<uint32_t>(this->engine_.batch_a());
        b = static_cast<uint32_t>(this->engine_.batch_b());
    }
};

}  // namespace ascx_emu

namespace AscendC {

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE, const auto& MM_CFG = CFG_NORM,
          class MM_CB = MatmulCallBackFunc<nullptr, nullptr, nullptr>,
          template <const auto& = MM_CFG, typename...> class MATMUL_POLICY = Impl::Detail::MatmulPolicy>
class MatmulImpl
    : public std::conditional_t<
          A_TYPE::layout == LayoutMode::NONE,
          ascx_emu::MatmulImplPlain<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, MATMUL_POLICY>,
          ascx_emu::MatmulImplBatch<A_TYPE, B_TYPE, C_TYPE, BIAS_TYPE, MM_CFG, MM_CB, MATMUL_POLICY>> {};

}  // namespace AscendC
