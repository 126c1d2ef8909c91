// ascx host emulation: the body of matmul_tiling_check.h's check_tiling (ASCX_EMU_MATMUL_SHARED, matmul_core.h),
// which a kernel built with -DASCX_EMU_THIN links from runtime.o instead of compiling.  Clean-room; included
// at the end of matmul_tiling_check.h.
#pragma once

namespace ascx_emu {
namespace matmul_tiling_check {

void check_tiling(const Operands& o, const MatmulConfig& cfg, const TCubeTiling& tiling,
                  const MatmulApiStaticTiling* constant, const char* name, const char* what) {
    auto report = [name, what](const char* format, auto... args) { matmul_error(name, what, format, args...); };
    using S = MatmulApiStaticTiling;
    using T = TCubeTiling;
    const View v{tiling, constant};
    const int64_t depth_a1 = v.get(&T::depthA1, &S::depthA1), depth_b1 = v.get(&T::depthB1, &S::depthB1);
    const int64_t step_m = v.get(&T::stepM, &S::stepM), step_n = v.get(&T::stepN, &S::stepN);
    const int64_t step_ka = v.get(&T::stepKa, &S::stepKa), step_kb = v.get(&T::stepKb, &S::stepKb);
    const int64_t base_m = v.get(&T::baseM, &S::baseM), base_n = v.get(&T::baseN, &S::baseN);
    const int64_t base_k = v.get(&T::baseK, &S::baseK);
    // NumericalValidCheck
    const struct {
        const char* name;
        int64_t value;
        bool zero_allowed;
        const char* check;
    } signs[] = {
        {"depthA1", depth_a1, false, "NumericalValidCheck"},
        {"depthB1", depth_b1, false, "NumericalValidCheck"},
        {"stepM", step_m, false, "NumericalValidCheck"},
        {"stepN", step_n, false, "NumericalValidCheck"},
        {"isBias", v.get(&T::isBias, &S::isBias), true, "NumericalValidCheck"},
        {"iterateOrder", v.get(&T::iterateOrder, &S::iterateOrder), true, "NumericalValidCheck"},
        {"shareMode", v.get(&T::shareMode, &S::shareMode), true, "ShareInfoCheck"},
        {"shareL1Size", v.get(&T::shareL1Size, &S::shareL1Size), true, "ShareInfoCheck"},
        {"shareL0CSize", v.get(&T::shareL0CSize, &S::shareL0CSize), true, "ShareInfoCheck"},
        {"shareUbSize", v.get(&T::shareUbSize, &S::shareUbSize), true, "ShareInfoCheck"},
    };
    for (const auto& f : signs) {
        if (f.zero_allowed ? f.value < 0 : f.value <= 0) {
            report("the tiling's %s is %lld, which should be %s (CANN's %s; asc.lib.host's tiling API fills it)",
                   f.name, static_cast<long long>(f.value), f.zero_allowed ? "not less than 0" : "larger than 0",
                   f.check);
        }
    }
    // ShapeValidCheck: the base blocks in L0A / L0B / L0C (dav-c220: 64, 64 and 128 KiB)
    const auto l0a = static_cast<int64_t>(memory_capacity(Memory::L0A));
    const auto l0b = static_cast<int64_t>(memory_capacity(Memory::L0B));
    const auto l0c = static_cast<int64_t>(memory_capacity(Memory::L0C));
    const int64_t db_l0a = v.get(&T::dbL0A, &S::dbL0A), db_l0b = v.get(&T::dbL0B, &S::dbL0B);
    const int64_t db_l0c = v.get(&T::dbL0C, &S::dbL0C);
    const int64_t ab_factor = ((db_l0a - 1) & (db_l0b - 1)) != 0 ? 2 : 1;
    const int64_t c_factor = db_l0c == 2 ? 2 : 1;
    const int64_t a_bytes = base_m * base_k * o.a_bits / 8;
    const int64_t b_bytes = base_n * base_k * o.a_bits / 8;
    const int64_t c_bytes = base_m * base_n * static_cast<int64_t>(o.l0c_bytes);
    const char* const doubled = " (doubled: dbL0A and dbL0B are both other than 1)";
    if (a_bytes * ab_factor > l0a) {
        report("baseM * baseK (%lld x %lld) takes %lld bytes of L0A%s, more than its %lld (ShapeValidCheck)",
               static_cast<long long>(base_m), static_cast<long long>(base_k),
               static_cast<long long>(a_bytes * ab_factor), ab_factor == 2 ? doubled : "", static_cast<long long>(l0a));
    }
    if (b_bytes * ab_factor > l0b) {
        report("baseN * baseK (%lld x %lld) takes %lld bytes of L0B%s, more than its %lld (ShapeValidCheck)",
               static_cast<long long>(base_n), static_cast<long long>(base_k),
               static_cast<long long>(b_bytes * ab_factor), ab_factor == 2 ? doubled : "", static_cast<long long>(l0b));
    }
    if (c_bytes * c_factor > l0c) {
        report("baseM * baseN (%lld x %lld) takes %lld bytes of L0C%s, more than its %lld (ShapeValidCheck)",
               static_cast<long long>(base_m), static_cast<long long>(base_n),
               static_cast<long long>(c_bytes * c_factor), c_factor == 2 ? " (doubled: dbL0C is 2)" : "",
               static_cast<long long>(l0c));
    }
    if ((cfg.doNorm || cfg.doMultiDataLoad) && cfg.isA2B2Shared) {
        if (a_bytes > l0a / 2 || b_bytes > l0b / 2) {
            report("with MatmulConfig::isA2B2Shared, baseM * baseK and baseN * baseK must take at most half of L0A / "
                   "L0B (%lld bytes); they take %lld and %lld (ShapeValidCheck)",
                   static_cast<long long>(l0a / 2), static_cast<long long>(a_bytes), static_cast<long long>(b_bytes));
        }
    }
    if (v.get(&T::shareMode, &S::shareMode) == 1 && (a_bytes > l0a / 2 || b_bytes > l0b / 2 || c_bytes > l0c / 2)) {
        report("with shareMode 1, baseM * baseK, baseN * baseK and baseM * baseN must take at most half of L0A, L0B "
               "and L0C; they take %lld, %lld and %lld bytes (ShapeValidCheck)",
               static_cast<long long>(a_bytes), static_cast<long long>(b_bytes), static_cast<long long>(c_bytes));
    }
    // DepthCheck (MDL and SpecialMDL configurations)
    if (cfg.doMultiDataLoad || cfg.doSpecialMDL) {
        const struct {
            const char* depth;
            int64_t value;
            const char* step;
            int64_t outer;
            const char* k_step;
            int64_t k;
        } depths[] = {{"depthA1", depth_a1, "stepM", step_m, "stepKa", step_ka},
                      {"depthB1", depth_b1, "stepN", step_n, "stepKb", step_kb}};
        for (const auto& d : depths) {
            const int64_t unit = d.outer * d.k;
            if (unit <= 0) {
                report("the tiling's %s * %s is %lld: an MDL Matmul divides %s by it (DepthCheck); both must be "
                       "larger than 0",
                       d.step, d.k_step, static_cast<long long>(unit), d.depth);
            }
            if (d.value % unit != 0 || d.value / unit > 2) {
                report("the tiling's %s (%lld) must be %s * %s (%lld) or twice that in an MDL Matmul (DepthCheck)",
                       d.depth, static_cast<long long>(d.value), d.step, d.k_step, static_cast<long long>(unit));
            }
        }
    }
    if (cfg.doSpecialMDL && base_k > 0 && v.get(&T::singleCoreK, &S::singleCoreK) / base_k > step_kb && step_n > 2) {
        report("in a SpecialMDL Matmul whose K is not whole in L1 (singleCoreK / baseK > stepKb), stepN (%lld) must be "
               "at most 2 (DepthCheck)",
               static_cast<long long>(step_n));
    }
    // ConfigCommonCheck and the configuration checks of each scene
    if (o.a_layout == LayoutMode::NONE && !cfg.isBiasBatch) {
        report("MatmulConfig::isBiasBatch false (bias reuse) is only valid in a batch Matmul (A's layout is NONE)");
    }
    const bool norm_scene = cfg.doNorm || cfg.doBasicBlock || cfg.doSpecialBasicBlock;
    const bool mdl_scene = cfg.doMultiDataLoad || cfg.doSpecialMDL;
    if (norm_scene) {
        if (cfg.doNorm && o.a_layout != LayoutMode::NONE && cfg.batchMode == BatchMode::SINGLE_LARGE_THAN_L1 &&
            !cfg.isBiasBatch) {
            report("bias reuse (MatmulConfig::isBiasBatch false) does not support BatchMode::SINGLE_LARGE_THAN_L1");
        }
    } else if (!mdl_scene && cfg.doIBShareNorm) {
        if (o.a_ib_share && o.b_ib_share) {
            report("an IBShare Matmul shares A or B, not both: B's MatmulType has ibShare too");
        }
        if (!o.a_ib_share && !o.b_ib_share) {
            report("an IBShare Matmul shares A or B: neither MatmulType has ibShare");
        }
    } else if (!mdl_scene) {
        report("unsupported Matmul config: none of doNorm, doBasicBlock, doSpecialBasicBlock, doMultiDataLoad, "
               "doSpecialMDL, doIBShareNorm is set");
    }
    // The batch buffers, sized right after the check (BatchScheduler::Init: BatchLoop, then BatchCopyCubeIn):
    // a Norm batch Matmul with BatchMode::BATCH_LESS_THAN_L1 takes its batch counts from the tiling's BatchNum
    // and gives each input it copies into L1 (one not there already) a buffer of BatchNum single-core
    // matrices; CANN's InitBuffer stops on a length that is not positive.
    if (cfg.doNorm && !cfg.doIBShareNorm && o.a_layout != LayoutMode::NONE &&
        cfg.batchMode == BatchMode::BATCH_LESS_THAN_L1) {
        const int64_t batch_num = v.get(&T::BatchNum, &S::BatchNum);
        const char* copied = !position_in_l1(o.a_pos)                                            ? "A"
                             : o.b_layout != LayoutMode::NONE && !position_in_l1(o.b_pos) ? "B"
                                                                                                  : nullptr;
        if (copied != nullptr && batch_num <= 0) {
            report("the tiling's BatchNum is %lld, which should be larger than 0 in a batch Matmul (A's layout is not "
                   "NONE, BatchMode::BATCH_LESS_THAN_L1): CANN's Init sizes the L1 buffer of %s's batches, BatchNum "
                   "single-core matrices, from it (asc.lib.host's tiling API fills it with set_batch_num: the larger "
                   "of IterateBatch's batchA and batchB)",
                   static_cast<long long>(batch_num), copied);
        }
    }
}

}  // namespace matmul_tiling_check
}  // namespace ascx_emu
