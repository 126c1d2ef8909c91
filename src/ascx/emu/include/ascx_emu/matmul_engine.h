// ascx host emulation: the Matmul engine (docs/emulation.md#the-matmul-engine).
//
// One MatmulEngine lives inside every MIX-client (EMU_AIV) and cube-only (EMU_AIC + ASCENDC_CUBE_ONLY)
// Matmul object.  It holds the per-object state the hardware keeps (tiling, org/single shapes, the
// A/B/bias sources, the workspace, iteration cursors, pending waits) and computes results
// sequentially on the CPU:
//   * sync Iterate computes one baseM x baseN block per call, in the documented iterate order, and
//     GetTensorC writes it to GM (at its place, or dense with enSequentialWrite) or to a LocalTensor;
//   * async Iterate<false> computes every block into its workspace slot at the first call (a valid
//     linearisation of the AIC running ahead), later calls only count, GetTensorC<false> serves slots;
//   * IterateAll computes the whole single-core result; IterateBatch repeats it per batch (NORMAL
//     layout only).
// Accumulation is fp32 for half / bfloat16 / float inputs and int32 for int8, sequential over k;
// results are cast to the C type with round-to-nearest-even.  Every documented constraint that
// real builds drop (ASSERTs) is an ascx_emu::fail with a message naming the object and the call.
#pragma once

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <type_traits>
#include <vector>

#include "ascx_emu/base.h"
#include "ascx_emu/checker.h"
#include "ascx_emu/half.h"
#include "ascx_emu/matmul_core.h"
#include "ascx_emu/matmul_tiling_check.h"
#include "ascx_emu/matmul_types.h"
#include "ascx_emu/pipe.h"
#include "ascx_emu/tensor.h"
#include "kernel_tiling/kernel_tiling.h"

namespace ascx_emu {

// ---------------------------------------------------------------------------------------------------
// Kernel-end checks: pending waits outlive the objects (the launcher checks after the body returned),
// so they are kept in a per-thread table rather than in the objects.

struct MatmulPendingWaits {
    const void* owner = nullptr;
    char name[64] = {0};
    bool iterate_all = false;  ///< IterateAll<false>(..., waitIterateAll=true) without WaitIterateAll()
    bool batch = false;        ///< IterateBatch / IterateNBatch<false, true> without WaitIterateBatch()
};

inline thread_local std::vector<MatmulPendingWaits> matmul_pending_waits;
inline thread_local bool matmul_hf32_warned = false;

/// Forget the Matmul state of the previous kernel run.
inline void reset_matmul_state() {
    matmul_pending_waits.clear();
    matmul_hf32_warned = false;
}

inline void check_matmul_at_exit();

/// Hook check_matmul_at_exit into the launcher's end-of-run checks.  The launcher clears that list
/// before each run, so an absent hook also means a new run: the previous run's records (left behind
/// when it stopped with an error) are dropped then.
inline void ensure_matmul_exit_check() {
    for (void (*check)() : at_kernel_exit) {
        if (check == &check_matmul_at_exit) {
            return;
        }
    }
    reset_matmul_state();
    at_kernel_exit.push_back(&check_matmul_at_exit);
}

/// Called by the launcher after a kernel body returned: every asynchronous Matmul operation that
/// needs a wait must have had it (docs/emulation.md#the-matmul-engine).
inline void check_matmul_at_exit() {
    for (const MatmulPendingWaits& p : matmul_pending_waits) {
        if (p.iterate_all || p.batch) {
            char name[sizeof p.name];
            std::memcpy(name, p.name, sizeof name);
            const bool all = p.iterate_all;
            matmul_pending_waits.clear();
            if (all) {
                fail("%s: IterateAll<false>(..., waitIterateAll=true) is never followed by WaitIterateAll() before the "
                     "kernel returns",
                     name);
            }
            fail("%s: IterateBatch / IterateNBatch<false, true> is never followed by WaitIterateBatch() before the "
                 "kernel returns",
                 name);
        }
    }
    matmul_pending_waits.clear();
}

inline const char* format_name(CubeFormat f) {
    switch (f) {
        case CubeFormat::ND: return "ND";
        case CubeFormat::NZ: return "NZ";
        case CubeFormat::ZN: return "ZN";
        case CubeFormat::ZZ: return "ZZ";
        case CubeFormat::NN: return "NN";
        case CubeFormat::ND_ALIGN: return "ND_ALIGN";
        case CubeFormat::SCALAR: return "SCALAR";
        case CubeFormat::VECTOR: return "VECTOR";
        default: return "COLUMN_MAJOR";
    }
}

inline const char* layout_name(LayoutMode l) {
    switch (l) {
        case LayoutMode::NONE: return "NONE";
        case LayoutMode::BSNGD: return "BSNGD";
        case LayoutMode::SBNGD: return "SBNGD";
        case LayoutMode::BNGS1S2: return "BNGS1S2";
        default: return "NORMAL";
    }
}

constexpr bool position_is_ub(AscendC::TPosition p) {
    return p == AscendC::TPosition::VECIN || p == AscendC::TPosition::VECOUT || p == AscendC::TPosition::VECCALC;
}

constexpr bool position_is_l1(AscendC::TPosition p) {
    return p == AscendC::TPosition::A1 || p == AscendC::TPosition::B1 || p == AscendC::TPosition::C1 ||
           p == AscendC::TPosition::TSCM;
}

/// Where a Matmul input comes from: a GlobalTensor, a LocalTensor or a scalar filling the matrix.
template <typename T>
struct MatmulSource {
    enum class Kind : uint8_t { NONE, GLOBAL, LOCAL, SCALAR };
    Kind kind = Kind::NONE;
    AscendC::GlobalTensor<T> global;
    AscendC::LocalTensor<T> local;
    T scalar{};
    bool transpose = false;

    /// The first ``count`` elements, bounds-checked against the tensor (not for SCALAR).
    const T* data(uint64_t count, const char* what) const {
        return kind == Kind::GLOBAL ? global.span(count, what) : local.span(count, what);
    }
    uint64_t size() const { return kind == Kind::GLOBAL ? global.GetSize() : local.GetSize(); }
};

/// ``source`` as the Matmul core reads it (matmul_core.h), for an operand of ``format``.
template <typename T>
MatmulOperand matmul_operand(const MatmulSource<T>& source, CubeFormat format) {
    static_assert(matmul_elem_of<T>::known, "the emulation's Matmul computes operands of half, bfloat16_t, float, "
                                            "int8_t, uint8_t, int16_t or int32_t");
    MatmulOperand o;
    o.kind = static_cast<MatmulOperand::Kind>(source.kind);
    o.transpose = source.transpose;
    o.nz = format == CubeFormat::NZ;
    o.vector = format == CubeFormat::VECTOR;
    o.elem = matmul_elem_of<T>::value;
    o.source = &source;
    o.scalar = &source.scalar;
    o.data = [](const void* s, uint64_t count, const char* what) -> const void* {
        return static_cast<const MatmulSource<T>*>(s)->data(count, what);
    };
    o.size = [](const void* s) { return static_cast<const MatmulSource<T>*>(s)->size(); };
    o.record_local = [](const void* s, uint64_t count, sync_check::Actor actor, const char* call) {
        static_cast<const MatmulSource<T>*>(s)->local.record(count, actor, false, call);
    };
    return o;
}

// ---------------------------------------------------------------------------------------------------
// The engine

template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE>
class MatmulEngine {
public:
    using SrcAT = typename A_TYPE::T;
    using SrcBT = typename B_TYPE::T;
    using DstT = typename C_TYPE::T;
    using BiasT = typename BIAS_TYPE::T;
    using L0cT = typename AscendC::GetMmDstType<SrcAT>::Type;

    /// Which class owns the engine: the MIX AIV client or the cube-only implementation.
    enum class Side : uint8_t { CLIENT, IMPL };

    MatmulEngine(Side side, const MatmulConfig& cfg, bool has_callbacks)
        : side_(side), cfg_(cfg), has_callbacks_(has_callbacks) {
        std::snprintf(name_, sizeof name_, "Matmul object");
    }

    // --- registration and tiling -----------------------------------------------------------------

    void set_name(const char* name, size_t length) {
        if (length >= sizeof name_ - 10) {
            length = sizeof name_ - 11;
        }
        std::snprintf(name_, sizeof name_, "Matmul '%.*s'", static_cast<int>(length), name);
    }
    void mark_registered(AscendC::TPipe* pipe) {
        ensure_matmul_exit_check();
        registered_ = true;
        pipe_ = pipe;
    }
    void set_pipe(AscendC::TPipe* pipe) {
        if (pipe != nullptr) {
            pipe_ = pipe;
        }
    }
    /// MIX client: the KFC client exists only after REGIST_MATMUL_OBJ, and an End() after a synchronous
    /// computation posts MMFUN_END, on which the AIC destroys the object's buffers (CANN's matmul_client.h
    /// End, matmul_server.h): only Init() makes it usable again.  After an asynchronous computation End()
    /// posts nothing and the object is used again as it was (docs/rules/matmul.md#mm-13).
    void require_registered(const char* what) const {
        if (side_ == Side::CLIENT && !registered_) {
            error(what, "the object is used before REGIST_MATMUL_OBJ registered it");
        }
        if (side_ == Side::CLIENT && released_ && std::strcmp(what, "Init") != 0) {
            error(what, "the object is used after End() released it (End() after a synchronous computation posts "
                        "MMFUN_END and the AIC destroys the object's buffers; only Init() makes it usable again)");
        }
    }
    void set_static_tiling(const MatmulApiStaticTiling* st) { static_tiling_ = st; }

    void init(const TCubeTiling* tiling, const char* what) {
        if (tiling == nullptr) {
            error(what, "the tiling pointer is null");
        }
        check_idle(what);
        tiling_ = *tiling;
        inited_ = true;
        released_ = false;
        org_m_ = tiling_.M;
        org_n_ = tiling_.N;
        org_ka_ = tiling_.Ka;
        org_kb_ = tiling_.Kb;
        org_kc_ = 0;
        single_m_ = tiling_.singleCoreM;
        single_n_ = tiling_.singleCoreN;
        single_k_ = tiling_.singleCoreK;
        check_static_tiling(what);
        matmul_tiling_check::check<A_TYPE, B_TYPE, L0cT>(cfg_, tiling_, static_tiling_, name_, what);
        new_computation();
    }

    // --- inputs --------------------------------------------------------------------------------

    void set_a_global(const AscendC::GlobalTensor<SrcAT>& t, bool transpose) {
        set_tensor(a_, "SetTensorA", A_TYPE::pos, A_TYPE::isTrans, transpose, true, "A");
        check_gemv_transpose(transpose);
        check_scalar_format_tensor();
        a_.global = t;
    }
    void set_a_local(const AscendC::LocalTensor<SrcAT>& t, bool transpose) {
        set_tensor(a_, "SetTensorA", A_TYPE::pos, A_TYPE::isTrans, transpose, false, "A");
        check_gemv_transpose(transpose);
        check_scalar_format_tensor();
        a_.local = t;
    }
    /// CANN's MatmulImpl takes a scalar A only in CubeFormat::SCALAR (its LoadToL0A for that format fills L0A
    /// with it; the others ignore it) and its KFC server reads it back from the message only then.
    void set_a_scalar(SrcAT value) {
        if constexpr (A_TYPE::format != CubeFormat::SCALAR) {
            error("SetTensorA", "a scalar A needs A's MatmulType in CubeFormat::SCALAR, not %s (CANN's Matmul "
                  "ignores the scalar in any other format)", format_name(A_TYPE::format));
        }
        set_scalar(a_, value, "SetTensorA");
    }
    void set_b_global(const AscendC::GlobalTensor<SrcBT>& t, bool transpose) {
        set_tensor(b_, "SetTensorB", B_TYPE::pos, B_TYPE::isTrans, transpose, true, "B");
        b_.global = t;
    }
    void set_b_local(const AscendC::LocalTensor<SrcBT>& t, bool transpose) {
        set_tensor(b_, "SetTensorB", B_TYPE::pos, B_TYPE::isTrans, transpose, false, "B");
        b_.local = t;
    }
    /// CANN's MatmulImpl asserts this in SetTensorB(SrcBT) (matmul_impl_base.h).
    void set_b_scalar(SrcBT value) {
        (void)value;
        error("SetTensorB", "It is not allowed to set matrix B with scalar.");
    }

    void set_bias_global(const AscendC::GlobalTensor<BiasT>& t) {
        check_bias_kind(true);
        bias_.kind = MatmulSource<BiasT>::Kind::GLOBAL;
        bias_.global = t;
        bias_enabled_ = true;
        new_computation();
    }
    void set_bias_local(const AscendC::LocalTensor<BiasT>& t) {
        check_bias_kind(false);
        bias_.kind = MatmulSource<BiasT>::Kind::LOCAL;
        bias_.local = t;
        bias_enabled_ = true;
        new_computation();
    }
    void disable_bias() {
        bias_enabled_ = false;
        new_computation();
    }

    // --- shapes --------------------------------------------------------------------------------

    void set_org_shape(int m, int n, int ka, int kb, int kc) {
        org_m_ = m;
        org_n_ = n;
        org_ka_ = ka;
        org_kb_ = kb;
        org_kc_ = kc;
        new_computation();
    }
    void set_single_shape(int m, int n, int k) {
        single_m_ = m;
        single_n_ = n;
        single_k_ = k;
        new_computation();
    }
    void set_tail(int m, int n, int k) {
        if (m != -1) {
            single_m_ = m;
        }
        if (n != -1) {
            single_n_ = n;
        }
        if (k != -1) {
            single_k_ = k;
        }
        new_computation();
    }
    void set_batch_num(int32_t batch_a, int32_t batch_b) {
        batch_a_ = batch_a;
        batch_b_ = batch_b;
        batch_num_set_ = true;
    }

    // --- options that the emulation records but cannot compute ----------------------------------

    void set_quant() { quant_set_ = true; }
    void set_anti_quant() { anti_quant_set_ = true; }
    void set_sparse_index() { sparse_set_ = true; }
    void set_hf32(bool enable) {
        if (enable && !matmul_hf32_warned) {
            matmul_hf32_warned = true;
            std::fprintf(stderr,
                         "ascx_emu warning: %s: SetHF32(true): HF32 numerics are not emulated, computing in full fp32\n",
                         name_);
        }
    }
    void require_not_dual_master(const char* what) const {
        if (cfg_.enableMixDualMaster) {
            error(what, "not supported when MatmulConfig::enableMixDualMaster is set");
        }
    }

    // --- workspace -----------------------------------------------------------------------------

    template <typename T>
    void set_workspace_tensor(const AscendC::GlobalTensor<T>& t) {
        require_not_dual_master("SetWorkspace");
        const uint64_t bytes = t.GetSize() * sizeof(T);
        if (bytes == 0) {
            error("SetWorkspace", "the workspace GlobalTensor is empty (its size must be > 0)");
        }
        ws_ = reinterpret_cast<unsigned char*>(t.GetPhyAddr(0));
        check_gm(ws_, bytes, "SetWorkspace");
        ws_bytes_ = bytes;
    }
    void set_workspace_pointer(const void* address, int size) {
        require_not_dual_master("SetWorkspace");
        if (size <= 0) {
            error("SetWorkspace", "size must be > 0 (got %d)", size);
        }
        if (address == nullptr) {
            error("SetWorkspace", "the workspace address is null");
        }
        // The client keeps only the address; the usable space is the rest of the GM buffer.
        const GmAllocation& a = check_gm(address, 0, "SetWorkspace");
        ws_ = const_cast<unsigned char*>(static_cast<const unsigned char*>(address));
        ws_bytes_ = static_cast<uint64_t>(a.end - ws_);
    }

    // --- sync Iterate / GetTensorC --------------------------------------------------------------

    bool iterate_sync(bool partial_sum, const char* what) {
        check_idle(what);
        require_mode_bit(ITERATE_MODE_NORMAL, what);
        if (sync_next_ < 0 || dirty_) {
            prepare(what);
            sync_next_ = 0;
        }
        if (sync_next_ >= static_cast<int64_t>(blocks_)) {
            sync_next_ = -1;  // the next call starts a new computation
            return false;
        }
        if (partial_sum && (single_m_ != tiling_.baseM || single_n_ != tiling_.baseN)) {
            error(what, "enPartialSum requires singleCoreM == baseM and singleCoreN == baseN (got %d x %d, base %d x %d)",
                  single_m_, single_n_, tiling_.baseM, tiling_.baseN);
        }
        // enPartialSum adds to the sums L0C holds: the last block's, fetched by GetTensorC or not (CANN's
        // GetTensorC frees the CO1 tensor but the next mad accumulates into what it holds)
        const bool accumulate = partial_sum && l0c_sums_;
        current_ = sync_next_++;
        cube_starts();
        compute_block(static_cast<uint64_t>(current_), acc_, cur_h_, cur_w_, accumulate, 0, 0, 0);
        cube_joins();
        acc_valid_ = true;
        l0c_sums_ = true;
        mode_ = Mode::SYNC;
        last_sync_ = true;
        return true;
    }

    /// Cube-only Iterate(enPartialSum, co1Local): the block goes to a CO1 tensor in NZ (16 x 16 fractals).
    template <typename T>
    bool iterate_to_co1(bool partial_sum, const AscendC::LocalTensor<T>& co1, const char* what) {
        static_assert(std::is_same_v<T, L0cT>, "Iterate(enPartialSum, localCmatrix): the tensor must have the "
                                               "accumulator type (float, or int32_t for int8 inputs)");
        check_idle(what);
        if (sync_next_ < 0 || dirty_) {
            prepare(what);
            sync_next_ = 0;
        }
        if (sync_next_ >= static_cast<int64_t>(blocks_)) {
            sync_next_ = -1;
            return false;
        }
        current_ = sync_next_++;
        cube_starts();
        compute_block(static_cast<uint64_t>(current_), acc_, cur_h_, cur_w_, false, 0, 0, 0);
        MatrixLayout lay;
        lay.nz = true;
        lay.c0 = 16;
        lay.r16 = ceil_div(static_cast<uint64_t>(tiling_.baseM), 16) * 16;
        const uint64_t count = lay.index(cur_h_ - 1, cur_w_ - 1) + 1;
        T* out = co1.span(count, what);
        co1.record(count, cube(), true, what);
        cube_joins();
        for (uint64_t r = 0; r < cur_h_; ++r) {
            for (uint64_t c = 0; c < cur_w_; ++c) {
                T& slot = out[lay.index(r, c)];
                slot = partial_sum ? static_cast<T>(slot + acc_[r * cur_w_ + c]) : acc_[r * cur_w_ + c];
            }
        }
        acc_valid_ = false;
        l0c_sums_ = false;
        mode_ = Mode::SYNC;
        last_sync_ = true;
        return true;
    }

    void get_sync_gm(const AscendC::GlobalTensor<DstT>& gm, uint8_t atomic, bool sequential, const char* what) {
        require_sync_block(what);
        cube_starts();
        write_block_gm(gm, acc_.data(), static_cast<uint64_t>(current_), cur_h_, cur_w_, atomic, sequential, 0, what);
        cube_joins();
        acc_valid_ = false;
    }
    void get_sync_local(const AscendC::LocalTensor<DstT>& ub, uint8_t atomic, const char* what) {
        require_sync_block(what);
        require_no_atomic(atomic, what);
        client_copy_in(ub, write_block_dense(ub, acc_.data(), cur_h_, cur_w_, what), true, what);
        acc_valid_ = false;
    }
    void get_sync_gm_local(const AscendC::GlobalTensor<DstT>& gm, const AscendC::LocalTensor<DstT>& ub, uint8_t atomic,
                           bool sequential, const char* what) {
        require_sync_block(what);
        cube_starts();
        write_block_gm(gm, acc_.data(), static_cast<uint64_t>(current_), cur_h_, cur_w_, atomic, sequential, 0, what);
        cube_joins();
        client_copy_in(ub, write_block_dense(ub, acc_.data(), cur_h_, cur_w_, what), true, what);
        acc_valid_ = false;
    }

    /// Where the current block sits in C (cube-only GetOffsetC).
    MatrixOffset offset_c() const {
        MatrixOffset o{0, 0, 0, 0, 0};
        if (current_ < 0) {
            return o;
        }
        uint64_t mi = 0;
        uint64_t ni = 0;
        block_coords(static_cast<uint64_t>(current_), mi, ni);
        o.row = static_cast<int32_t>(mi * tiling_.baseM);
        o.col = static_cast<int32_t>(ni * tiling_.baseN);
        o.height = static_cast<int32_t>(cur_h_);
        o.width = static_cast<int32_t>(cur_w_);
        o.offset = static_cast<int32_t>(o.row * c_ld() + o.col);
        return o;
    }

    // --- async Iterate<false> and the workspace slots -----------------------------------------------

    bool iterate_async(bool partial_sum, const char* what) {
        check_idle(what);
        require_mode_bit(ITERATE_MODE_NORMAL, what);
        if (!position_is_ub(C_TYPE::pos)) {
            error(what, "async Iterate requires the C MatmulType position to be VECIN, VECOUT or VECCALC");
        }
        require_workspace(what);
        if (partial_sum) {
            error(what, "enPartialSum with Iterate<false> is not emulated");
        }
        if (!async_posted_ || async_iterated_all_ || dirty_) {
            // The first call posts the whole computation: every block lands in its slot now.
            prepare(what);
            const uint64_t slot = slot_elements();
            const MatrixLayout lay = dense_layout();
            const uint64_t extent = lay.index(tiling_.baseM - 1, tiling_.baseN - 1) + 1;
            if (extent > slot) {
                error(what, "a %d x %d block in C's format takes %llu elements, more than a workspace slot (%llu%s)",
                      tiling_.baseM, tiling_.baseN, static_cast<unsigned long long>(extent),
                      static_cast<unsigned long long>(slot), cfg_.baseMN != 0 ? ", MatmulConfig::baseMN" : "");
            }
            const uint64_t need = blocks_ * slot * sizeof(DstT);
            if (need > ws_bytes_) {
                error(what,
                      "the workspace holds %llu bytes but %llu blocks of %llu elements need %llu bytes "
                      "(ceil(singleM/baseM) * ceil(singleN/baseN) * baseM * baseN * sizeof(C))",
                      static_cast<unsigned long long>(ws_bytes_), static_cast<unsigned long long>(blocks_),
                      static_cast<unsigned long long>(slot), static_cast<unsigned long long>(need));
            }
            check_gm(ws_, need, what);
            cube_starts();
            for (uint64_t i = 0; i < blocks_; ++i) {
                uint64_t h = 0;
                uint64_t w = 0;
                compute_block(i, acc_, h, w, false, 0, 0, 0);
                DstT* out = reinterpret_cast<DstT*>(ws_ + i * slot * sizeof(DstT));
                record_gm_region(out, lay, 0, 0, h, w, cube(), true, "Iterate<false> (workspace slot)");
                store(out, lay, 0, 0, h, w, acc_.data(), 0);
            }
            acc_valid_ = false;
            l0c_sums_ = false;
            async_posted_ = true;
            async_iterated_all_ = false;
            async_count_ = 0;
            fetch_cursor_ = 0;
            mode_ = Mode::ASYNC;
            last_sync_ = false;
            return true;
        }
        if (++async_count_ >= blocks_) {
            async_iterated_all_ = true;
            return false;
        }
        return true;
    }

    /// GetTensorC<false>(ub) and AsyncGetTensorC(ub): copy the next slot into ``ub``.
    void fetch_async_local(const AscendC::LocalTensor<DstT>& ub, uint8_t atomic, bool handshake, const char* what) {
        require_not_dual_master(what);
        require_async_fetch(what);
        require_no_atomic(atomic, what);
        const uint64_t slot = slot_elements();
        if (ub.GetSize() < slot) {
            error(what, "the LocalTensor holds %u elements, less than one result slot (%llu = baseM * baseN)",
                  ub.GetSize(), static_cast<unsigned long long>(slot));
        }
        // Hardware copies ub.GetSize() elements from the slot; the emulation copies the slot itself.
        const unsigned char* from = next_slot(what);
        // the client waits for the AIC's event, then MTE2 copies the slot
        sync_check::import(sync_check::S, sync_check::CUBE);
        sync_check::import(sync_check::MTE2, sync_check::CUBE);
        sync_check::global(from, slot * sizeof(DstT), sync_check::MTE2, false, what);
        std::memcpy(ub.span(slot, what), from, slot * sizeof(DstT));
        client_copy_in(ub, slot, handshake, what);
        fetch_unwaited_ = true;
    }

    /// GetTensorC<false>(): a GlobalTensor over the next slot.
    AscendC::GlobalTensor<DstT> fetch_async_view(uint8_t atomic, const char* what) {
        require_not_dual_master(what);
        require_async_fetch(what);
        if (atomic != 0) {
            error(what, "enAtomic must be 0 for an asynchronous GetTensorC (got %u)", static_cast<unsigned>(atomic));
        }
        if (C_TYPE::pos != AscendC::TPosition::VECIN) {
            error(what, "the returning GetTensorC<false>() requires the C MatmulType position VECIN");
        }
        unsigned char* slot = next_slot(what);
        cube_joins();  // the client waited for the AIC's event
        AscendC::GlobalTensor<DstT> view;
        view.SetGlobalBuffer(reinterpret_cast<DstT*>(slot), slot_elements());
        return view;
    }

    void wait_get_tensor_c(const char* what) {
        require_not_dual_master(what);
        if ((mode_ != Mode::ASYNC && nbatch_loops_ == 0) || ws_ == nullptr) {
            error(what, "requires an asynchronous Iterate<false>() (or IterateNBatch<false>) and a workspace "
                        "(SetWorkspace) before it");
        }
        if (!fetch_unwaited_) {
            error(what, "there is no asynchronous fetch (AsyncGetTensorC or GetTensorC<false>) to wait for since the "
                        "last WaitGetTensorC()");
        }
        fetch_unwaited_ = false;
        sync_check::import(sync_check::V, sync_check::MTE2);  // SetFlag / WaitFlag<MTE2_V>
    }

    // --- IterateAll ------------------------------------------------------------------------------

    void iterate_all_gm(const AscendC::GlobalTensor<DstT>& gm, uint8_t atomic, bool sequential, bool sync,
                        bool wait_iterate_all, bool fake_msg, const char* what) {
        check_idle(what);
        require_mode_bit(ITERATE_MODE_ALL, what);
        if (cfg_.isPartialOutput) {
            error(what, "not supported when MatmulConfig::isPartialOutput is set");
        }
        if (side_ == Side::IMPL && !sync) {
            error(what, "IterateAll<false> is not supported in cube-only kernels (pure Cube is synchronous)");
        }
        if (sync && wait_iterate_all) {
            error(what, "waitIterateAll=true requires IterateAll<false>");
        }
        if (fake_msg) {
            if (!cfg_.doIBShareNorm && !cfg_.intraBlockPartSum) {
                error(what, "fakeMsg=true requires an IBShare config or intraBlockPartSum");
            }
            error(what, "fakeMsg=true is not emulated");
        }
        prepare(what);
        // The cube-only IterateAll ignores enSequentialWrite; the client applies it per block.
        const bool seq = side_ == Side::CLIENT && sequential;
        cube_starts();
        for (uint64_t i = 0; i < blocks_; ++i) {
            uint64_t h = 0;
            uint64_t w = 0;
            compute_block(i, acc_, h, w, false, 0, 0, 0);
            write_block_gm(gm, acc_.data(), i, h, w, atomic, seq, 0, what);
        }
        if (sync) {
            cube_joins();
        }
        finish_whole_computation(sync ? Mode::ALL_SYNC : Mode::ALL_ASYNC);
        if (!sync && wait_iterate_all) {
            set_pending(pending_all_, true);
        }
    }

    void iterate_all_local(const AscendC::LocalTensor<DstT>& out, uint8_t atomic, bool sync, const char* what) {
        check_idle(what);
        require_mode_bit(ITERATE_MODE_ALL, what);
        if (!sync) {
            error(what, "IterateAll to a LocalTensor only supports sync=true");
        }
        require_no_atomic(atomic, what);
        const bool allowed = position_is_l1(C_TYPE::pos) ||
                             (side_ == Side::IMPL && C_TYPE::pos == AscendC::TPosition::CO1);
        if (!allowed) {
            error(what, "IterateAll to a LocalTensor requires the C MatmulType position A1, B1, C1 or TSCM%s",
                  side_ == Side::IMPL ? " (or CO1)" : "");
        }
        prepare(what);
        const MatrixLayout lay = output_layout(static_cast<uint64_t>(single_m_), static_cast<uint64_t>(single_n_));
        const uint64_t count = lay.index(single_m_ - 1, single_n_ - 1) + 1;
        DstT* base = out.span(count, what);
        cube_starts();
        out.record(count, cube(), true, what);
        for (uint64_t i = 0; i < blocks_; ++i) {
            uint64_t h = 0;
            uint64_t w = 0;
            uint64_t mi = 0;
            uint64_t ni = 0;
            compute_block(i, acc_, h, w, false, 0, 0, 0);
            block_coords(i, mi, ni);
            store(base, lay, mi * tiling_.baseM, ni * tiling_.baseN, h, w, acc_.data(), 0);
        }
        cube_joins();
        finish_whole_computation(Mode::ALL_SYNC);
    }

    void wait_iterate_all(const char* what) {
        if (!pending_all_) {
            error(what, "there is no pending IterateAll<false>(..., waitIterateAll=true) on this Matmul");
        }
        set_pending(pending_all_, false);
        cube_joins();
    }

    /// IBShare: the matrix the AIVs share must be whole in L1 (CANN: "the A/B matrix several AIVs reuse
    /// must be fully loaded in L1 Buffer"): A's singleCoreM x singleCoreK within stepM * baseM x
    /// stepKa * baseK, B's singleCoreK x singleCoreN within stepKb * baseK x stepN * baseN.
    void check_ib_share_full_load(const char* what) const {
        if (!inited_) {
            return;  // the compute call reports the missing tiling
        }
        const TCubeTiling& t = tiling_;
        if (A_TYPE::ibShare && (single_m_ > t.stepM * t.baseM || single_k_ > t.stepKa * t.baseK)) {
            error(what, "IBShare on A requires A to be whole in L1: singleCoreM (%d) <= stepM * baseM (%d) and "
                        "singleCoreK (%d) <= stepKa * baseK (%d)",
                  single_m_, t.stepM * t.baseM, single_k_, t.stepKa * t.baseK);
        }
        if (B_TYPE::ibShare && (single_n_ > t.stepN * t.baseN || single_k_ > t.stepKb * t.baseK)) {
            error(what, "IBShare on B requires B to be whole in L1: singleCoreN (%d) <= stepN * baseN (%d) and "
                        "singleCoreK (%d) <= stepKb * baseK (%d)",
                  single_n_, t.stepN * t.baseN, single_k_, t.stepKb * t.baseK);
        }
    }

    /// IterateAll to GM whose computation another core does: the AIV side of MixDualMaster mode (the
    /// AIC runs the kernel and computes), or sub-block 1 when A and B are both IBShare (sub-block 0's
    /// call drives the cube for the block).  The call's checks and its wait protocol, nothing computed.
    void iterate_all_gm_elsewhere(bool sync, bool wait_iterate_all, bool fake_msg, const char* what) {
        check_idle(what);
        require_mode_bit(ITERATE_MODE_ALL, what);
        if (cfg_.isPartialOutput) {
            error(what, "not supported when MatmulConfig::isPartialOutput is set");
        }
        if (sync && wait_iterate_all) {
            error(what, "waitIterateAll=true requires IterateAll<false>");
        }
        if (fake_msg && !cfg_.doIBShareNorm && !cfg_.intraBlockPartSum) {
            error(what, "fakeMsg=true requires an IBShare config or intraBlockPartSum");
        }
        finish_whole_computation(sync ? Mode::ALL_SYNC : Mode::ALL_ASYNC);
        if (!sync && wait_iterate_all) {
            set_pending(pending_all_, true);
        }
    }

    // --- IterateBatch / IterateNBatch -----------------------------------------------------------------

    /// MIX IterateBatch to GM (also the cube-only one, with the counts from SetBatchNum).
    void iterate_batch_gm(const AscendC::GlobalTensor<DstT>& gm, uint32_t batch_a, uint32_t batch_b, bool sequential,
                          uint32_t stride_a, uint32_t stride_b, uint32_t stride_c, bool partial_sum, uint8_t atomic,
                          bool sync, bool wait, const char* what) {
        begin_batch(what, sync, partial_sum);
        if (sync && wait) {
            error(what, "waitIterateBatch=true requires IterateBatch<false, true>");
        }
        if (sequential) {
            error(what, "enSequentialWrite must be false when IterateBatch outputs to GM");
        }
        cube_starts();
        run_batch(batch_a, batch_b, stride_a, stride_b, stride_c, what, [&](uint64_t c_offset, uint64_t block,
                                                                             uint64_t h, uint64_t w, bool reduce) {
            write_block_gm(gm, acc_.data(), block, h, w, reduce ? uint8_t{1} : atomic, false, c_offset, what);
        });
        if (sync) {
            cube_joins();
        }
        finish_whole_computation(sync ? Mode::ALL_SYNC : Mode::ALL_ASYNC);
        if (!sync && wait) {
            set_pending(pending_batch_, true);
        }
    }

    /// IterateBatch to a LocalTensor: dense [batch, singleM, singleN] (or strideC apart).  With enSequentialWrite
    /// (the MIX client's form) CANN's copy-out writes every [baseM, baseN] block of a batch densely at the
    /// batch's start (CopyOutNZ2ND<true>: no offset, the block's width as its row stride), the batches
    /// singleCoreM * singleCoreN (N rounded up to 32 bytes) apart (BatchScheduler::GetBatchResult): the form
    /// holds whole batches only when a batch is one block, which the emulation requires
    /// (docs/reference/matmul/iterate_batch.md).
    void iterate_batch_local(const AscendC::LocalTensor<DstT>& ub, uint32_t batch_a, uint32_t batch_b, bool sequential,
                             uint32_t stride_a, uint32_t stride_b, uint32_t stride_c, bool partial_sum, uint8_t atomic,
                             bool sync, const char* what) {
        begin_batch(what, sync, partial_sum);
        if (!sync) {
            error(what, "IterateBatch to a LocalTensor only supports sync=true");
        }
        if (side_ == Side::CLIENT && !sequential) {
            error(what, "enSequentialWrite must be true when IterateBatch outputs to a LocalTensor");
        }
        require_no_atomic(atomic, what);
        const MatrixLayout lay = output_layout(static_cast<uint64_t>(single_m_), static_cast<uint64_t>(single_n_));
        uint64_t per_batch = lay.index(single_m_ - 1, single_n_ - 1) + 1;
        if (sequential && C_TYPE::format == CubeFormat::ND) {
            const uint64_t c0 = 32 / sizeof(DstT);
            per_batch = static_cast<uint64_t>(single_m_) * (ceil_div(static_cast<uint64_t>(single_n_), c0) * c0);
        }
        const uint64_t c_stride = stride_c != 0 ? stride_c : per_batch;
        const uint64_t batches = batch_a > batch_b ? batch_a : batch_b;
        DstT* base = ub.span((batches - 1) * c_stride + per_batch, what);
        cube_starts();
        if (C_TYPE::layout == LayoutMode::BSNGD || C_TYPE::layout == LayoutMode::SBNGD) {
            error(what, "IterateBatch to a LocalTensor with C layout %s is not emulated", layout_name(C_TYPE::layout));
        }
        run_batch(batch_a, batch_b, stride_a, stride_b, c_stride, what, [&](uint64_t c_offset, uint64_t block,
                                                                              uint64_t h, uint64_t w, bool) {
            if (sequential && blocks_ > 1) {
                error(what, "with enSequentialWrite every [baseM, baseN] block of a batch is written at the batch's "
                      "start in the LocalTensor, so a batch must be one block: singleCoreM=%d, singleCoreN=%d, "
                      "baseM=%d, baseN=%d give %llu blocks", single_m_, single_n_, tiling_.baseM, tiling_.baseN,
                      static_cast<unsigned long long>(blocks_));
            }
            uint64_t mi = 0;
            uint64_t ni = 0;
            block_coords(block, mi, ni);
            store(base + c_offset, lay, mi * tiling_.baseM, ni * tiling_.baseN, h, w, acc_.data(), 0);
        });
        cube_joins();
        client_copy_in(ub, (batches - 1) * c_stride + per_batch, true, what);
        finish_whole_computation(Mode::ALL_SYNC);
    }

    /// IterateNBatch: ``batch_loop`` IterateBatch computations, step ``l`` reading A and B at the step's
    /// offsets in their layouts and writing its batch of C into the workspace at the step's offset in
    /// C's layout (nbatch_offset).  Computed at the call (a valid order for the async forms, whose
    /// results GetBatchTensorC reads, or WaitIterateBatch completes).
    void iterate_n_batch(uint32_t batch_loop, uint32_t batch_a, uint32_t batch_b, bool sequential,
                         uint32_t stride_a, uint32_t stride_b, uint32_t stride_c, bool sync, bool wait,
                         const char* what) {
        check_idle(what);
        require_not_dual_master(what);
        require_mode_bit(ITERATE_MODE_N_BATCH, what);
        if (!cfg_.isNBatch) {
            return;  // the header returns at once without MatmulConfig::isNBatch
        }
        require_workspace(what);
        if (sync && wait) {
            error(what, "waitIterateBatch=true requires IterateNBatch<false, true>");
        }
        if (sequential) {
            error(what, "enSequentialWrite is not emulated for IterateNBatch (the results go to the workspace)");
        }
        check_batch_operands(what);
        if (a_.kind != MatmulSource<SrcAT>::Kind::GLOBAL || b_.kind != MatmulSource<SrcBT>::Kind::GLOBAL) {
            error(what, "IterateNBatch reads A and B from GlobalTensors in the emulation");
        }
        const LayoutInfo la = layout_info('A');
        const LayoutInfo lb = layout_info('B');
        const LayoutInfo lc = layout_info('C');
        const uint64_t batch_c = batch_c_count(batch_a, batch_b);
        const uint64_t c_d = aligned_c(static_cast<uint64_t>(lc.d));
        AscendC::GlobalTensor<DstT> ws;
        ws.SetGlobalBuffer(reinterpret_cast<DstT*>(ws_), ws_bytes_ / sizeof(DstT));
        const AscendC::GlobalTensor<SrcAT> a_base = a_.global;
        const AscendC::GlobalTensor<SrcBT> b_base = b_.global;
        const AscendC::GlobalTensor<BiasT> bias_base = bias_.global;
        cube_starts();
        for (uint32_t l = 0; l < batch_loop; ++l) {
            a_.global = a_base[nbatch_offset<A_TYPE>(batch_a, l, la, static_cast<uint64_t>(la.d))];
            b_.global = b_base[nbatch_offset<B_TYPE>(batch_b, l, lb, static_cast<uint64_t>(lb.d))];
            if (bias_enabled_ && bias_.kind == MatmulSource<BiasT>::Kind::GLOBAL) {
                bias_.global = bias_base[static_cast<uint64_t>(lc.d) * batch_c * l];
            }
            const uint64_t c_offset = nbatch_offset<C_TYPE>(batch_c, l, lc, c_d);
            run_batch(batch_a, batch_b, stride_a, stride_b, stride_c, what,
                      [&](uint64_t offset, uint64_t block, uint64_t h, uint64_t w, bool reduce) {
                          write_block_gm(ws, acc_.data(), block, h, w, reduce ? uint8_t{1} : uint8_t{0}, false,
                                         c_offset + offset, what);
                      });
        }
        a_.global = a_base;
        b_.global = b_base;
        bias_.global = bias_base;
        if (sync) {
            cube_joins();
        }
        finish_whole_computation(sync ? Mode::ALL_SYNC : Mode::ALL_ASYNC);
        nbatch_loops_ = sync ? 0 : batch_loop;
        nbatch_fetched_ = 0;
        nbatch_view_offset_ = 0;
        if (!sync && wait) {
            set_pending(pending_batch_, true);
        }
    }

    /// GetBatchTensorC<false>(batchA, batchB): a GlobalTensor over the next max(batchA, batchB) single
    /// results of the workspace, one after another.
    AscendC::GlobalTensor<DstT> get_batch_view(bool sync, uint32_t batch_a, uint32_t batch_b, const char* what) {
        next_batch_fetch(sync, what);
        const uint64_t count = static_cast<uint64_t>(batch_a > batch_b ? batch_a : batch_b) * single_m_ * single_n_;
        DstT* at = reinterpret_cast<DstT*>(ws_) + nbatch_view_offset_;
        check_gm(at, count * sizeof(DstT), what);
        nbatch_view_offset_ += count;
        cube_joins();  // the client waited for the AIC's event
        AscendC::GlobalTensor<DstT> view;
        view.SetGlobalBuffer(at, count);
        return view;
    }

    /// GetBatchTensorC<false>(ub, batchA, batchB): loop step i's batch of C from the workspace into
    /// ``ub``, rows at the same strides as in C's layout (contiguous for BNGS1S2).
    void get_batch_local(const AscendC::LocalTensor<DstT>& ub, bool sync, uint32_t batch_a, uint32_t batch_b,
                         const char* what) {
        const uint64_t step = next_batch_fetch(sync, what);
        const LayoutInfo lc = layout_info('C');
        const uint64_t batch_c = batch_c_count(batch_a, batch_b);
        const uint64_t n = static_cast<uint64_t>(single_n_);
        const uint64_t n_aligned = aligned_c(n);
        if (C_TYPE::format == CubeFormat::ND && (n * sizeof(DstT)) % 32 != 0) {
            error(what, "singleCoreN (%d) is not 32-byte aligned: the C MatmulType needs CubeFormat::ND_ALIGN",
                  single_n_);
        }
        const uint64_t from = nbatch_offset<C_TYPE>(batch_c, step, lc, n_aligned);
        // rows of the source and of ub: the C layout's row for BSNGD / SBNGD, one batch after another else
        const bool strided = C_TYPE::layout == LayoutMode::BSNGD || C_TYPE::layout == LayoutMode::SBNGD;
        const uint64_t row = strided ? c_row_stride(lc, n_aligned) : n_aligned;
        const uint64_t per_batch = strided ? n_aligned : static_cast<uint64_t>(single_m_) * n_aligned;
        const uint64_t count = (batch_c - 1) * per_batch + (static_cast<uint64_t>(single_m_) - 1) * row + n;
        const DstT* src = reinterpret_cast<const DstT*>(ws_) + from;
        check_gm(src, count * sizeof(DstT), what);
        sync_check::import(sync_check::S, sync_check::CUBE);
        sync_check::import(sync_check::MTE2, sync_check::CUBE);
        sync_check::global(src, count * sizeof(DstT), sync_check::MTE2, false, what);
        DstT* dst = ub.span(count, what);
        for (uint64_t j = 0; j < batch_c; ++j) {
            for (uint64_t r = 0; r < static_cast<uint64_t>(single_m_); ++r) {
                std::memcpy(dst + j * per_batch + r * row, src + j * per_batch + r * row, n * sizeof(DstT));
            }
        }
        client_copy_in(ub, count, false, what);  // GetBatchTensorC<false> copies without the MTE2 -> V wait
        fetch_unwaited_ = true;
    }

    void wait_iterate_batch(const char* what) {
        require_not_dual_master(what);
        if (!pending_batch_) {
            error(what, "there is no pending IterateBatch / IterateNBatch<false, true> on this Matmul");
        }
        set_pending(pending_batch_, false);
        cube_joins();
    }

    bool batch_num_set() const { return batch_num_set_; }
    int32_t batch_a() const { return batch_a_; }
    int32_t batch_b() const { return batch_b_; }

    // --- End -------------------------------------------------------------------------------------

    void end(const char* what) {
        check_idle(what);
        released_ = last_sync_;
        sync_next_ = -1;
        current_ = -1;
        acc_valid_ = false;
        l0c_sums_ = false;
    }

    [[noreturn]] void error(const char* what, const char* format, ...) const {
        char message[768];
        std::va_list args;
        va_start(args, format);
        std::vsnprintf(message, sizeof message, format, args);
        va_end(args);
        fail("%s: %s: %s", name_, what, message);
    }

private:
    enum class Mode : uint8_t { NONE, SYNC, ASYNC, ALL_SYNC, ALL_ASYNC };

    // --- checks ------------------------------------------------------------------------------------

    /// A new compute call (or End) must not start while an async operation still needs its wait.
    void check_idle(const char* what) const {
        if (pending_all_) {
            error(what, "IterateAll<false>(..., waitIterateAll=true) is still waiting for WaitIterateAll()");
        }
        if (pending_batch_) {
            error(what, "IterateBatch / IterateNBatch<false, true> is still waiting for WaitIterateBatch()");
        }
    }

    void require_mode_bit(uint8_t bit, const char* what) const {
        if ((cfg_.iterateMode & bit) == 0) {
            error(what, "MatmulConfig::iterateMode (0x%02x) does not include this call's mode bit 0x%02x",
                  static_cast<unsigned>(cfg_.iterateMode), static_cast<unsigned>(bit));
        }
    }

    void require_no_atomic(uint8_t atomic, const char* what) const {
        if (atomic != 0) {
            error(what, "enAtomic must be 0 when the output is a LocalTensor (got %u)", static_cast<unsigned>(atomic));
        }
    }

    void require_workspace(const char* what) const {
        if (ws_ == nullptr) {
            error(what, "requires SetWorkspace() on this Matmul before it");
        }
    }

    void require_sync_block(const char* what) const {
        if (mode_ == Mode::ASYNC) {
            error(what, "GetTensorC<true> after Iterate<false>: the sync flag must be the same as Iterate's");
        }
        if (mode_ != Mode::SYNC || current_ < 0 || !acc_valid_) {
            error(what, "there is no result block to fetch: call Iterate<true>() once before each GetTensorC<true>");
        }
    }

    void require_async_fetch(const char* what) const {
        if (mode_ == Mode::SYNC) {
            error(what, "GetTensorC<false> after Iterate<true>: the sync flag must be the same as Iterate's");
        }
        if (mode_ != Mode::ASYNC) {
            error(what, "there are no asynchronous results: call Iterate<false>() first");
        }
        require_workspace(what);
        if (fetch_cursor_ >= blocks_) {
            error(what, "called more times than the number of result blocks (%llu)",
                  static_cast<unsigned long long>(blocks_));
        }
    }

    template <typename S>
    void set_tensor(MatmulSource<S>& source, const char* what, AscendC::TPosition pos, bool trans_allowed,
                    bool transpose, bool global, const char* role) {
        if (transpose && !trans_allowed) {
            error(what, "transpose=true requires the %s MatmulType to have ISTRANS=true", role);
        }
        if (global != (pos == AscendC::TPosition::GM)) {
            error(what, "a %s does not match the %s MatmulType position (%s)", global ? "GlobalTensor" : "LocalTensor",
                  role, global ? "not GM" : "GM");
        }
        if (!global) {
            require_not_dual_master(what);
        }
        source.kind = global ? MatmulSource<S>::Kind::GLOBAL : MatmulSource<S>::Kind::LOCAL;
        source.transpose = transpose;
        new_computation();
    }
    template <typename S>
    void set_scalar(MatmulSource<S>& source, S value, const char* what) {
        require_not_dual_master(what);
        source.kind = MatmulSource<S>::Kind::SCALAR;
        source.scalar = value;
        source.transpose = false;
        new_computation();
    }
    void check_bias_kind(bool global) const {
        if (global != (BIAS_TYPE::pos == AscendC::TPosition::GM)) {
            error("SetBias", "a %s does not match the bias MatmulType position (%s)",
                  global ? "GlobalTensor" : "LocalTensor", global ? "not GM" : "GM");
        }
        if (!global) {
            require_not_dual_master("SetBias");
        }
    }

    /// MM_CFG given as a MatmulApiStaticTiling: its known shape fields must match the runtime tiling.
    void check_static_tiling(const char* what) const {
        if (static_tiling_ == nullptr) {
            return;
        }
        const MatmulApiStaticTiling& s = *static_tiling_;
        const struct {
            const char* name;
            int32_t constant;
            int32_t runtime;
        } fields[] = {{"M", s.M, tiling_.M},
                      {"N", s.N, tiling_.N},
                      {"Ka", s.Ka, tiling_.Ka},
                      {"Kb", s.Kb, tiling_.Kb},
                      {"singleCoreM", s.singleCoreM, tiling_.singleCoreM},
                      {"singleCoreN", s.singleCoreN, tiling_.singleCoreN},
                      {"singleCoreK", s.singleCoreK, tiling_.singleCoreK},
                      {"baseM", s.baseM, tiling_.baseM},
                      {"baseN", s.baseN, tiling_.baseN},
                      {"baseK", s.baseK, tiling_.baseK}};
        for (const auto& f : fields) {
            if (f.constant >= 0 && f.constant != f.runtime) {
                error(what, "the runtime tiling's %s (%d) differs from the constant tiling's (%d)", f.name, f.runtime,
                      f.constant);
            }
        }
    }

    // --- computation setup -------------------------------------------------------------------------

    void new_computation() { dirty_ = true; }

    /// Validate everything a compute call needs and derive the block grid.
    void prepare(const char* what) {
        what_ = what;
        if (!inited_) {
            error(what, "the object has no tiling: pass one to REGIST_MATMUL_OBJ or call Init(&tiling) first");
        }
        if (a_.kind == MatmulSource<SrcAT>::Kind::NONE) {
            error(what, "SetTensorA was not called");
        }
        if (b_.kind == MatmulSource<SrcBT>::Kind::NONE) {
            error(what, "SetTensorB was not called");
        }
        if (tiling_.baseM <= 0 || tiling_.baseN <= 0 || tiling_.baseK <= 0) {
            error(what, "the tiling's baseM / baseN / baseK must be positive (got %d, %d, %d)", tiling_.baseM,
                  tiling_.baseN, tiling_.baseK);
        }
        if (single_m_ <= 0 || single_n_ <= 0 || single_k_ <= 0) {
            error(what, "the single-core shape must be positive (got M=%d N=%d K=%d; set the tiling's singleCore* or "
                        "call SetSingleShape / SetTail)",
                  single_m_, single_n_, single_k_);
        }
        if (cfg_.scheduleType == ScheduleType::OUTER_PRODUCT) {
            error(what, "ScheduleType::OUTER_PRODUCT is not emulated");
        }
        if (cfg_.iterateOrder == IterateOrder::UNDEF) {
            if (tiling_.iterateOrder != 0 && tiling_.iterateOrder != 1) {
                error(what, "tiling.iterateOrder must be 0 (ORDER_M) or 1 (ORDER_N), got %d", tiling_.iterateOrder);
            }
            order_m_ = tiling_.iterateOrder == 0;
        } else {
            order_m_ = cfg_.iterateOrder == IterateOrder::ORDER_M;
        }
        if (bias_enabled_ && tiling_.isBias == 0) {
            error(what, "SetBias requires tiling.isBias == 1");
        }
        if (has_callbacks_) {
            error(what, "MatmulCallBackFunc copy callbacks are not emulated");
        }
        if (sparse_set_) {
            error(what, "sparse matmul (SetSparseIndex) is not emulated");
        }
        if (anti_quant_set_ || !std::is_same_v<SrcAT, SrcBT>) {
            error(what, "mixed A/B types and anti-quantisation are not emulated");
        }
        if (quant_set_) {
            error(what, "quantised output (SetQuantScalar / SetQuantVector) is not emulated: the formula is unverified");
        }
        if constexpr (!plain_cast_v<DstT, L0cT>) {
            error(what, "this C type needs quantisation parameters to convert the accumulator, which are not emulated");
        }
        check_format<A_TYPE, true>("A");
        check_format<B_TYPE, false>("B");
        check_gemv_shape();
        if constexpr (C_TYPE::format != CubeFormat::ND && C_TYPE::format != CubeFormat::NZ &&
                      C_TYPE::format != CubeFormat::ND_ALIGN) {
            error(what, "C format %s is not emulated", format_name(C_TYPE::format));
        }
        m_iter_ = ceil_div(static_cast<uint64_t>(single_m_), static_cast<uint64_t>(tiling_.baseM));
        n_iter_ = ceil_div(static_cast<uint64_t>(single_n_), static_cast<uint64_t>(tiling_.baseN));
        blocks_ = m_iter_ * n_iter_;
        dirty_ = false;
        sync_next_ = -1;
        current_ = -1;
    }

    /// ND and NZ inputs, and A in VECTOR or SCALAR (GEMV).
    template <class TYPE, bool IS_A>
    void check_format(const char* role) const {
        constexpr bool gemv = IS_A && (TYPE::format == CubeFormat::VECTOR || TYPE::format == CubeFormat::SCALAR);
        if constexpr (TYPE::format != CubeFormat::ND && TYPE::format != CubeFormat::NZ && !gemv) {
            error(what_, "%s format %s is not emulated (ND and NZ are%s)", role, format_name(TYPE::format),
                  IS_A ? ", and VECTOR and SCALAR for A" : "");
        }
    }

    /// A tensor A in CubeFormat::SCALAR: CANN copies nothing to L1 and fills L0A with the last scalar.
    void check_scalar_format_tensor() const {
        if constexpr (A_TYPE::format == CubeFormat::SCALAR) {
            error("SetTensorA", "A in CubeFormat::SCALAR takes a scalar, not a tensor (CANN copies no tensor in "
                  "that format)");
        }
    }

    // --- GEMV: A in CubeFormat::VECTOR is one row of K elements (docs/emulation.md#the-matmul-engine) -------

    /// CANN's SetTensorA asserts it (MatmulTensorInfo::CheckMatrixA), after the ISTRANS check.
    void check_gemv_transpose(bool transpose) const {
        if (A_TYPE::format == CubeFormat::VECTOR && transpose) {
            error("SetTensorA", "In GEMV mode, matrix A should not be transposed.");
        }
    }

    /// CANN's GEMV page (Ascend C programming guide, "General Matrix-Vector Multiplication", constraints):
    /// A's original M is 1; CANN's copy moves one row and its mad runs with m = 1, so a single-core M
    /// above 1 would leave the other rows of C uncomputed.
    void check_gemv_shape() const {
        if ((A_TYPE::format == CubeFormat::VECTOR || A_TYPE::format == CubeFormat::SCALAR) &&
            (org_m_ != 1 || single_m_ != 1)) {
            error(what_, "A in CubeFormat::%s (GEMV) is a 1 x K vector: M must be 1, got orgM=%d and singleCoreM=%d",
                  format_name(A_TYPE::format), org_m_, single_m_);
        }
    }

    void finish_whole_computation(Mode mode) {
        mode_ = mode;
        last_sync_ = mode == Mode::ALL_SYNC;
        sync_next_ = -1;
        current_ = -1;
        acc_valid_ = false;
        l0c_sums_ = false;
    }

    void set_pending(bool& flag, bool value) {
        flag = value;
        MatmulPendingWaits& record = pending_record();
        record.iterate_all = pending_all_;
        record.batch = pending_batch_;
    }

    MatmulPendingWaits& pending_record() {
        ensure_matmul_exit_check();
        if (record_ < 0 || static_cast<size_t>(record_) >= matmul_pending_waits.size() ||
            matmul_pending_waits[record_].owner != this) {
            matmul_pending_waits.emplace_back();
            record_ = static_cast<int>(matmul_pending_waits.size() - 1);
            matmul_pending_waits.back().owner = this;
            std::snprintf(matmul_pending_waits.back().name, sizeof matmul_pending_waits.back().name, "%s", name_);
        }
        return matmul_pending_waits[record_];
    }

    // --- the dynamic synchronisation checker (docs/emulation.md#the-dynamic-synchronisation-checker) ------------------------------------------------
    // A MIX client's compute work is done by the actor CUBE (the AIC), a cube-only object's by M.  A
    // compute call is issued from S, so the cube first sees what S has seen; a blocking call (or a
    // wait) lets every pipe of the core see the cube's work.  Copies into the AIV's UB that the client
    // performs are MTE2 writes followed by the client's internal MTE2 -> V handshake.

    sync_check::Actor cube() const { return side_ == Side::CLIENT ? sync_check::CUBE : sync_check::M; }

    void cube_starts() const { sync_check::import(cube(), sync_check::S); }

    void cube_joins() const {
        using namespace sync_check;
        for (Actor a : {S, V, MTE1, MTE2, MTE3, M, FIX}) {
            if (a != cube()) {
                import(a, cube());
            }
        }
    }

    /// A copy into ``ub`` done by the client after the cube's work: MTE2 writes ``count`` elements,
    /// then (unless AsyncGetTensorC) the vector pipe waits for MTE2.
    template <typename T>
    void client_copy_in(const AscendC::LocalTensor<T>& ub, uint64_t count, bool handshake, const char* what) const {
        if (side_ != Side::CLIENT) {
            ub.record(count, cube(), true, what);
            return;
        }
        ub.record(count, sync_check::MTE2, true, what);
        if (handshake) {
            sync_check::import(sync_check::V, sync_check::MTE2);
        }
    }

    /// Record an access to rows [r0, r0+h) x columns [c0, c0+w) of a GM matrix stored as ``lay``.
    template <typename T>
    static void record_gm_region(const T* base, const MatrixLayout& lay, uint64_t r0, uint64_t c0, uint64_t h,
                                 uint64_t w, sync_check::Actor actor, bool write, const char* call) {
        matmul_record_gm_region(base, sizeof(T), lay, r0, c0, h, w, actor, write, call);
    }

    // --- block grid --------------------------------------------------------------------------------

    /// Block i of the iterate order: ORDER_M advances along M fastest, ORDER_N along N (docs/emulation.md#the-matmul-engine).
    void block_coords(uint64_t i, uint64_t& mi, uint64_t& ni) const {
        if (order_m_) {
            mi = i % m_iter_;
            ni = i / m_iter_;
        } else {
            mi = i / n_iter_;
            ni = i % n_iter_;
        }
    }

    uint64_t slot_elements() const {
        return cfg_.baseMN != 0 ? cfg_.baseMN : static_cast<uint64_t>(tiling_.baseM) * tiling_.baseN;
    }

    unsigned char* next_slot(const char* what) {
        const uint64_t bytes = slot_elements() * sizeof(DstT);
        unsigned char* slot = ws_ + fetch_cursor_ * bytes;
        check_gm(slot, bytes, what);
        ++fetch_cursor_;
        return slot;
    }

    void require_dim(int value, const char* dim, const char* role) const {
        if (value <= 0) {
            error(what_, "%s's org shape %s is %d: set it in the tiling or call SetOrgShape", role, dim, value);
        }
    }

    // --- one result block: the core's (matmul_core.h) -------------------------------------------------

    /// Computes block ``block`` of the iterate order into ``acc`` (its height and width into h and w):
    /// matmul_compute_block, whose comment says how.
    void compute_block(uint64_t block, std::vector<L0cT>& acc, uint64_t& h, uint64_t& w, bool accumulate,
                       uint64_t a_offset, uint64_t b_offset, uint64_t bias_offset) {
        uint64_t mi = 0;
        uint64_t ni = 0;
        block_coords(block, mi, ni);
        const uint64_t base_m = static_cast<uint64_t>(tiling_.baseM);
        const uint64_t base_n = static_cast<uint64_t>(tiling_.baseN);
        const uint64_t r0 = mi * base_m;
        const uint64_t c0 = ni * base_n;
        h = static_cast<uint64_t>(single_m_) - r0 < base_m ? static_cast<uint64_t>(single_m_) - r0 : base_m;
        w = static_cast<uint64_t>(single_n_) - c0 < base_n ? static_cast<uint64_t>(single_n_) - c0 : base_n;
        MatmulBlockJob job;
        job.name = name_;
        job.what = what_;
        job.a = matmul_operand(a_, A_TYPE::format);
        job.b = matmul_operand(b_, B_TYPE::format);
        job.bias = matmul_operand(bias_, BIAS_TYPE::format);
        job.bias_enabled = bias_enabled_;
        job.org_m = org_m_;
        job.org_n = org_n_;
        job.org_ka = org_ka_;
        job.org_kb = org_kb_;
        job.single_n = single_n_;
        job.a_ld = a_ld_;
        job.b_ld = b_ld_;
        job.cube = cube();
        matmul_compute_block(job, r0, c0, h, w, static_cast<uint64_t>(single_k_), accumulate, a_offset, b_offset,
                             bias_offset, acc);
    }

    // --- writing results -----------------------------------------------------------------

    /// C's leading dimension in GM: orgKc when set, otherwise orgN.
    uint64_t c_ld() const {
        return c_ld_ != 0 ? c_ld_ : static_cast<uint64_t>(org_kc_ != 0 ? org_kc_ : org_n_);  // c_ld_: batch_output
    }

    /// A [rows, cols] matrix in C's format (ND_ALIGN rounds rows up to 32 bytes).
    static MatrixLayout output_layout(uint64_t rows, uint64_t cols) {
        MatrixLayout lay;
        constexpr uint64_t c0 = 32 / sizeof(DstT);
        if constexpr (C_TYPE::format == CubeFormat::NZ) {
            lay.nz = true;
            lay.c0 = c0;
            lay.r16 = ceil_div(rows, 16) * 16;
        } else if constexpr (C_TYPE::format == CubeFormat::ND_ALIGN) {
            lay.ld = ceil_div(cols, c0) * c0;
        } else {
            lay.ld = cols;
        }
        return lay;
    }

    /// A dense baseM x baseN block: LocalTensor outputs, enSequentialWrite and workspace slots.
    MatrixLayout dense_layout() const {
        return output_layout(static_cast<uint64_t>(tiling_.baseM), static_cast<uint64_t>(tiling_.baseN));
    }

    void store(DstT* base, const MatrixLayout& lay, uint64_t r0, uint64_t c0, uint64_t h, uint64_t w, const L0cT* acc,
               uint8_t atomic) const {
        if constexpr (plain_cast_v<DstT, L0cT>) {
            matmul_store(base, matmul_elem_of<DstT>::value, lay, r0, c0, h, w, acc, atomic);
        } else {
            (void)base, (void)lay, (void)r0, (void)c0, (void)h, (void)w, (void)acc, (void)atomic;
        }
    }

    /// GetTensorC / IterateAll to GM: at the block's place in the [singleCoreM, N] output, or as a
    /// dense block at the start with enSequentialWrite.  ``c_offset`` selects a batch's C.
    void write_block_gm(const AscendC::GlobalTensor<DstT>& gm, const L0cT* acc, uint64_t block, uint64_t h, uint64_t w,
                        uint8_t atomic, bool sequential, uint64_t c_offset, const char* what) {
        if (atomic > 3) {
            error(what, "enAtomic must be 0, 1, 2 or 3 (got %u)", static_cast<unsigned>(atomic));
        }
        MatrixLayout lay;
        uint64_t r0 = 0;
        uint64_t c0 = 0;
        if (sequential) {
            lay = dense_layout();
        } else {
            require_dim(org_n_, "N", "C");
            lay = output_layout(static_cast<uint64_t>(org_m_ > 0 ? org_m_ : single_m_), c_ld());
            uint64_t mi = 0;
            uint64_t ni = 0;
            block_coords(block, mi, ni);
            r0 = mi * tiling_.baseM;
            c0 = ni * tiling_.baseN;
            if (!lay.nz && c0 + w > lay.ld) {
                error(what, "the block's columns [%llu, %llu) run past C's row length %llu (orgN / orgKc)",
                      static_cast<unsigned long long>(c0), static_cast<unsigned long long>(c0 + w),
                      static_cast<unsigned long long>(lay.ld));
            }
        }
        const uint64_t count = c_offset + lay.index(r0 + h - 1, c0 + w - 1) + 1;
        DstT* base = gm.span(count, what) + c_offset;
        record_gm_region(base, lay, r0, c0, h, w, cube(), true, what);
        store(base, lay, r0, c0, h, w, acc, atomic);
    }

    /// GetTensorC to a LocalTensor: always a dense block.
    /// Returns the number of elements written from the tensor's start (for the checker).
    uint64_t write_block_dense(const AscendC::LocalTensor<DstT>& ub, const L0cT* acc, uint64_t h, uint64_t w,
                               const char* what) {
        const MatrixLayout lay = dense_layout();
        const uint64_t block = static_cast<uint64_t>(tiling_.baseM) * tiling_.baseN;
        const uint64_t extent = lay.index(tiling_.baseM - 1, tiling_.baseN - 1) + 1;
        const uint64_t need = extent > block ? extent : block;
        if (ub.GetSize() < need) {
            error(what, "the LocalTensor holds %u elements, less than one block (%llu)", ub.GetSize(),
                  static_cast<unsigned long long>(need));
        }
        store(ub.span(need, what), lay, 0, 0, h, w, acc, 0);
        return lay.index(h - 1, w - 1) + 1;
    }

    // --- batches (the NORMAL layout) --------------------------------------------------------------

    void begin_batch(const char* what, bool sync, bool partial_sum) {
        (void)sync;
        check_idle(what);
        require_not_dual_master(what);
        require_mode_bit(ITERATE_MODE_BATCH, what);
        check_batch_operands(what);
        if (partial_sum) {
            error(what, "enPartialSum with IterateBatch is not emulated");
        }
    }

    /// What every batch call needs of the operands: one layout for A and B, ND data in the BSNGD
    /// family, no quantisation.
    void check_batch_operands(const char* what) const {
        if (A_TYPE::layout != B_TYPE::layout) {
            error(what, "A and B must use the same layout (A %s, B %s)", layout_name(A_TYPE::layout),
                  layout_name(B_TYPE::layout));
        }
        if (A_TYPE::layout == LayoutMode::NONE) {
            error(what, "the A MatmulType has no batch layout (LayoutMode::NONE)");
        }
        check_batch_formats(what);
        if (quant_set_) {
            error(what, "quantisation is not supported with IterateBatch");
        }
    }

    /// Each batch i of max(batchA, batchB) multiplies A's matrix ai by B's matrix bi (batch_index: the
    /// smaller count is broadcast) and hands every block to ``emit``, with C's offset for the batch
    /// and whether the batch adds into C (a G reduction).  Where the matrices lie follows the layouts
    /// (batch_input, batch_output); for NORMAL, strides of 0 mean dense: orgM * orgKa for A,
    /// orgKb * orgN for B, one output matrix for C.
    template <class Emit>
    void run_batch(uint32_t batch_a, uint32_t batch_b, uint32_t stride_a, uint32_t stride_b, uint64_t stride_c,
                   const char* what, Emit emit) {
        if (batch_a == 0 || batch_b == 0) {
            error(what, "batch counts must be positive (got %u and %u)", batch_a, batch_b);
        }
        const uint32_t batches = batch_a > batch_b ? batch_a : batch_b;
        if (batches % batch_a != 0 || batches % batch_b != 0) {
            error(what, "batchA (%u) and batchB (%u) must be multiples of each other", batch_a, batch_b);
        }
        prepare(what);
        const bool layouts = A_TYPE::layout != LayoutMode::NORMAL;
        const uint64_t sa = stride_a != 0 ? stride_a : static_cast<uint64_t>(org_m_) * org_ka_;
        const uint64_t sb = stride_b != 0 ? stride_b : static_cast<uint64_t>(org_kb_) * org_n_;
        const uint64_t sc = stride_c != 0 ? stride_c : static_cast<uint64_t>(org_m_ > 0 ? org_m_ : single_m_) * c_ld();
        BatchGrid grid;
        if (layouts) {
            grid = batch_grid(batch_a, batch_b, stride_a, stride_b, what);
        }
        for (uint64_t i = 0; i < batches; ++i) {
            uint64_t a_offset = i / (batches / batch_a) * sa;
            uint64_t b_offset = i / (batches / batch_b) * sb;
            uint64_t c_offset = i * sc;
            bool reduce = false;
            if (layouts) {
                a_offset = grid.a_offset(i);
                b_offset = grid.b_offset(i);
                c_offset = grid.c_offset(i, sc);
                reduce = grid.reduce_g > 1;
            }
            const uint64_t bias_offset = cfg_.isBiasBatch ? i * static_cast<uint64_t>(org_n_) : 0;
            a_ld_ = grid.a_ld;
            b_ld_ = grid.b_ld;
            c_ld_ = grid.c_ld;
            for (uint64_t block = 0; block < blocks_; ++block) {
                uint64_t h = 0;
                uint64_t w = 0;
                compute_block(block, acc_, h, w, false, a_offset, b_offset, bias_offset);
                emit(c_offset, block, h, w, reduce);
            }
            a_ld_ = b_ld_ = c_ld_ = 0;
        }
    }

    // --- batch layouts (docs/emulation.md#batch-matmul; CANN's IterateBatch docs and header): where each batch's matrices lie

    /// The tiling's layout fields of one operand: B, S, N, G, D (for C: B, S1, N, G, S2).
    struct LayoutInfo {
        int64_t b, s, n, g, d;
    };

    LayoutInfo layout_info(char role) const {
        const TCubeTiling& t = tiling_;
        switch (role) {
            case 'A': return {t.ALayoutInfoB, t.ALayoutInfoS, t.ALayoutInfoN, t.ALayoutInfoG, t.ALayoutInfoD};
            case 'B': return {t.BLayoutInfoB, t.BLayoutInfoS, t.BLayoutInfoN, t.BLayoutInfoG, t.BLayoutInfoD};
            default: return {t.CLayoutInfoB, t.CLayoutInfoS1, t.CLayoutInfoN, t.CLayoutInfoG, t.CLayoutInfoS2};
        }
    }

    void require_layout(const LayoutInfo& info, char role, bool with_b, const char* what) const {
        if (info.n <= 0 || info.g <= 0 || info.d <= 0 || info.s <= 0 || (with_b && info.b <= 0)) {
            error(what, "the tiling's %cLayoutInfo fields must be positive for layout BSNGD / SBNGD (got B=%lld S=%lld "
                        "N=%lld G=%lld D=%lld): set them with SetALayout / SetBLayout / SetCLayout",
                  role, static_cast<long long>(info.b), static_cast<long long>(info.s), static_cast<long long>(info.n),
                  static_cast<long long>(info.g), static_cast<long long>(info.d));
        }
    }

    /// BSNGD and SBNGD hold ND data only, as the docs say; NZ batches are NORMAL or BNGS1S2.
    void check_batch_formats(const char* what) const {
        auto strided = [](LayoutMode l) { return l == LayoutMode::BSNGD || l == LayoutMode::SBNGD; };
        if ((strided(A_TYPE::layout) && A_TYPE::format != CubeFormat::ND) ||
            (strided(B_TYPE::layout) && B_TYPE::format != CubeFormat::ND)) {
            error(what, "layouts BSNGD and SBNGD only hold ND data");
        }
        if (strided(C_TYPE::layout) && C_TYPE::format != CubeFormat::ND && C_TYPE::format != CubeFormat::ND_ALIGN) {
            error(what, "layouts BSNGD and SBNGD only hold ND data (C may be ND_ALIGN)");
        }
    }

    /// singleCoreN (or S2) rounded up to 32 bytes when C is ND_ALIGN.
    static uint64_t aligned_c(uint64_t n) {
        constexpr uint64_t c0 = 32 / sizeof(DstT);
        return C_TYPE::format == CubeFormat::ND_ALIGN ? ceil_div(n, c0) * c0 : n;
    }

    /// The elements between two rows of C in a BSNGD / SBNGD layout: G * S2 * N (* B).
    static uint64_t c_row_stride(const LayoutInfo& c, uint64_t s2) {
        const uint64_t row = static_cast<uint64_t>(c.g) * s2 * static_cast<uint64_t>(c.n);
        return C_TYPE::layout == LayoutMode::SBNGD ? row * static_cast<uint64_t>(c.b) : row;
    }

    /// The number of C matrices of a batch call: max(batchA, batchB), divided by G when C's G is 1 and
    /// A's or B's is not (the results of a G group add up).
    uint64_t batch_c_count(uint32_t batch_a, uint32_t batch_b) const {
        const uint64_t batches = batch_a > batch_b ? batch_a : batch_b;
        const uint64_t g = reduce_g();
        return g > 1 ? batches / g : batches;
    }

    uint64_t reduce_g() const {
        const TCubeTiling& t = tiling_;
        if (t.CLayoutInfoG == 1 && (t.ALayoutInfoG != 1 || t.BLayoutInfoG != 1)) {
            return static_cast<uint64_t>(t.ALayoutInfoG > t.BLayoutInfoG ? t.ALayoutInfoG : t.BLayoutInfoG);
        }
        return 1;
    }

    /// Where IterateNBatch's loop step ``l`` starts in an operand (elements): whole batch groups for
    /// BNGS1S2 / NORMAL, ``batchValue`` heads of width D for SBNGD, and for BSNGD across the S lines.
    template <class TYPE>
    static uint64_t nbatch_offset(uint64_t batch_value, uint64_t l, const LayoutInfo& info, uint64_t d) {
        const uint64_t s = static_cast<uint64_t>(info.s);
        if constexpr (TYPE::layout == LayoutMode::SBNGD) {
            return d * batch_value * l;
        } else if constexpr (TYPE::layout == LayoutMode::BSNGD) {
            const uint64_t ng = static_cast<uint64_t>(info.n) * static_cast<uint64_t>(info.g);
            return (l * batch_value / ng) * d * s * ng + (l * batch_value % ng) * d;
        } else {
            return d * s * batch_value * l;
        }
    }

    /// Batch i's matrices in one IterateBatch call.
    struct BatchGrid {
        uint64_t a_ld = 0, b_ld = 0, c_ld = 0;        ///< row strides (0: the ND default)
        uint64_t a_step = 0, b_step = 0, c_step = 0;  ///< between neighbouring batches (elements)
        uint64_t a_line = 0, b_line = 0;              ///< BSNGD: N * G batches per S line, and its size
        uint64_t a_line_size = 0, b_line_size = 0;
        uint64_t a_mod = 1, a_div = 1, b_mod = 1, b_div = 1;  ///< broadcast: index = i % mod + i / div
        uint64_t reduce_g = 1;
        bool c_strided = false;

        static uint64_t place(uint64_t j, uint64_t step, uint64_t line, uint64_t line_size) {
            return line != 0 ? (j / line) * line_size + (j % line) * step : j * step;
        }
        uint64_t a_offset(uint64_t i) const { return place(i % a_mod + i / a_div, a_step, a_line, a_line_size); }
        uint64_t b_offset(uint64_t i) const { return place(i % b_mod + i / b_div, b_step, b_line, b_line_size); }
        uint64_t c_offset(uint64_t i, uint64_t dense) const {
            const uint64_t j = i / reduce_g;
            return c_strided ? j * c_step : j * dense;
        }
    };

    /// One operand's addressing: BSNGD rows of N * G * D elements, SBNGD of B * N * G * D, batches D
    /// (or matrixStride) apart; NORMAL / BNGS1S2 matrices one after another.
    template <class TYPE>
    void batch_input(char role, uint64_t stored_rows, uint64_t stored_cols, uint64_t dense, uint32_t stride,
                     uint64_t& ld, uint64_t& step, uint64_t& line, uint64_t& line_size, const char* what) const {
        if constexpr (TYPE::layout == LayoutMode::BSNGD || TYPE::layout == LayoutMode::SBNGD) {
            const LayoutInfo info = layout_info(role);
            const bool sbngd = TYPE::layout == LayoutMode::SBNGD;
            require_layout(info, role, sbngd, what);
            const uint64_t ngd = static_cast<uint64_t>(info.n) * info.g * info.d;
            ld = sbngd ? ngd * static_cast<uint64_t>(info.b) : ngd;
            step = stride != 0 ? stride : stored_cols;
            if (!sbngd) {  // past N * G heads the next S line starts
                line = static_cast<uint64_t>(info.n) * info.g;
                line_size = line * stored_rows * stored_cols;
            }
        } else {
            step = stride != 0 ? stride : dense;
        }
    }

    /// CANN's broadcast of the smaller batch count for the BSNGD-family layouts: A (or B) with G = 1
    /// against G > 1, with N = 1 against N > 1, or with B = 1 against B > 1.
    static void broadcast(const LayoutInfo& mine, const LayoutInfo& other, uint64_t& mod, uint64_t& div) {
        if (mine.g == 1 && other.g != 1) {
            mod = 1;
            div = static_cast<uint64_t>(other.g);
        } else if (mine.n == 1 && other.n != 1) {
            mod = static_cast<uint64_t>(other.g);
            div = static_cast<uint64_t>(other.g) * other.n;
        } else if (mine.b == 1 && other.b != 1) {
            mod = static_cast<uint64_t>(other.g) * other.n;
            div = mod * other.b;
        }
    }

    BatchGrid batch_grid(uint32_t batch_a, uint32_t batch_b, uint32_t stride_a, uint32_t stride_b,
                         const char* what) const {
        BatchGrid grid;
        const uint64_t m = static_cast<uint64_t>(single_m_);
        const uint64_t n = static_cast<uint64_t>(single_n_);
        const uint64_t k = static_cast<uint64_t>(single_k_);
        const bool ta = a_.transpose;
        const bool tb = b_.transpose;
        batch_input<A_TYPE>('A', ta ? k : m, ta ? m : k, m * k, stride_a, grid.a_ld, grid.a_step, grid.a_line,
                            grid.a_line_size, what);
        batch_input<B_TYPE>('B', tb ? n : k, tb ? k : n, k * n, stride_b, grid.b_ld, grid.b_step, grid.b_line,
                            grid.b_line_size, what);
        if (batch_a != batch_b) {
            const LayoutInfo la = layout_info('A');
            const LayoutInfo lb = layout_info('B');
            if (batch_a < batch_b) {
                broadcast(la, lb, grid.a_mod, grid.a_div);
            } else {
                broadcast(lb, la, grid.b_mod, grid.b_div);
            }
            if (grid.a_div == 1 && grid.b_div == 1) {
                error(what, "batchA (%u) and batchB (%u) differ but the tiling's layouts broadcast no axis of G, N "
                            "or B",
                      batch_a, batch_b);
            }
        }
        if constexpr (C_TYPE::layout == LayoutMode::BSNGD || C_TYPE::layout == LayoutMode::SBNGD) {
            const LayoutInfo lc = layout_info('C');
            require_layout(lc, 'C', C_TYPE::layout == LayoutMode::SBNGD, what);
            grid.c_strided = true;
            grid.c_step = aligned_c(n);
            grid.c_ld = c_row_stride(lc, aligned_c(static_cast<uint64_t>(lc.d)));
        }
        grid.reduce_g = reduce_g();
        if (grid.reduce_g > 1 && bias_enabled_) {
            error(what, "a bias with a G reduction (C's G is 1, A's or B's is not) is not emulated");
        }
        const uint64_t batches = batch_a > batch_b ? batch_a : batch_b;
        for (uint64_t i = 0; i < batches; ++i) {
            const uint64_t ai = i % grid.a_mod + i / grid.a_div;
            const uint64_t bi = i % grid.b_mod + i / grid.b_div;
            if (ai >= batch_a || bi >= batch_b) {
                error(what, "batch %llu reads matrix %llu of A and %llu of B, past batchA (%u) or batchB (%u)",
                      static_cast<unsigned long long>(i), static_cast<unsigned long long>(ai),
                      static_cast<unsigned long long>(bi), batch_a, batch_b);
            }
        }
        return grid;
    }

    /// The next GetBatchTensorC<false> of an IterateNBatch<false>: its loop step.
    uint64_t next_batch_fetch(bool sync, const char* what) {
        require_not_dual_master(what);
        if (sync) {
            error(what, "only supports sync=false");
        }
        require_workspace(what);
        if (nbatch_loops_ == 0) {
            error(what, "there is no IterateNBatch<false> result on this Matmul to read");
        }
        if (nbatch_fetched_ >= nbatch_loops_) {
            error(what, "called more times than batchLoop (%llu) of the IterateNBatch it reads",
                  static_cast<unsigned long long>(nbatch_loops_));
        }
        return nbatch_fetched_++;
    }

    // --- state ---------------------------------------------------------------------------------------

    Side side_;
    MatmulConfig cfg_;
    bool has_callbacks_;
    char name_[64];
    const char* what_ = "Matmul";
    bool registered_ = false;
    AscendC::TPipe* pipe_ = nullptr;
    const MatmulApiStaticTiling* static_tiling_ = nullptr;

    TCubeTiling tiling_{};
    bool inited_ = false;
    int org_m_ = 0, org_n_ = 0, org_ka_ = 0, org_kb_ = 0, org_kc_ = 0;
    int single_m_ = 0, single_n_ = 0, single_k_ = 0;
    int32_t batch_a_ = 0, batch_b_ = 0;
    bool batch_num_set_ = false;

    MatmulSource<SrcAT> a_;
    MatmulSource<SrcBT> b_;
    MatmulSource<BiasT> bias_;
    bool bias_enabled_ = false;
    bool quant_set_ = false;
    bool anti_quant_set_ = false;
    bool sparse_set_ = false;

    unsigned char* ws_ = nullptr;
    uint64_t ws_bytes_ = 0;

    // the block grid of the current computation
    bool dirty_ = true;
    bool order_m_ = true;
    uint64_t m_iter_ = 0, n_iter_ = 0, blocks_ = 0;
    Mode mode_ = Mode::NONE;
    bool last_sync_ = true;  // the client's isSyncGetC: the sync of the latest computation (unknown before: true)
    bool released_ = false;  // End() posted MMFUN_END (see require_registered)

    // sync iteration: the next block, the block in acc_ (L0C) and whether it is still unfetched
    int64_t sync_next_ = -1;
    int64_t current_ = -1;
    uint64_t cur_h_ = 0, cur_w_ = 0;
    bool acc_valid_ = false;
    bool l0c_sums_ = false;  ///< acc_ holds the last sync block's sums, what enPartialSum adds to
    std::vector<L0cT> acc_;

    // async iteration: the posted run, the Iterate counter and the fetch cursor
    bool async_posted_ = false;
    bool async_iterated_all_ = false;
    uint64_t async_count_ = 0;
    uint64_t fetch_cursor_ = 0;
    bool fetch_unwaited_ = false;

    bool pending_all_ = false;
    bool pending_batch_ = false;
    int record_ = -1;

    // batch layouts: the row strides of the batch being computed (0: ND default), and the results of
    // an IterateNBatch<false> that GetBatchTensorC reads
    uint64_t a_ld_ = 0, b_ld_ = 0, c_ld_ = 0;
    uint64_t nbatch_loops_ = 0;
    uint64_t nbatch_fetched_ = 0;
    uint64_t nbatch_view_offset_ = 0;
};

}  // namespace ascx_emu
