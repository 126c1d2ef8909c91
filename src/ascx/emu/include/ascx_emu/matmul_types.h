// ascx host emulation: the Matmul-side types (docs/emulation.md#what-the-headers-provide).
//
// What this models: the global enums, MatmulConfig (member order matters, ascx writes it as a
// 50-value aggregate initialiser), the config getters and constants, the params structs consumed
// by GetMMConfig, MatrixOffset, MatmulApiStaticTiling / GetMatmulApiTiling, and, in AscendC,
// MatmulType, MatmulCallBackFunc and the policy templates.  Clean-room: written from the documented
// list of names, members, defaults and documented getter results.
#pragma once

#include <cstdint>
#include <type_traits>

#include "ascx_emu/base.h"
#include "ascx_emu/half.h"
#include "ascx_emu/tensor.h"

// ---------------------------------------------------------------------------------------------------
// Enumerations (global namespace)

constexpr uint32_t SHARED_CO1_BUFFER_SIZE = 64 * 1024;

enum class CubeFormat { ND = 0, NZ, ZN, ZZ, NN, ND_ALIGN, SCALAR, VECTOR, ROW_MAJOR = ND, COLUMN_MAJOR = 8 };
enum class LayoutMode { NONE = 0, BSNGD, SBNGD, BNGS1S2, NORMAL };
enum class BatchMode { NONE = 0, BATCH_LESS_THAN_L1, BATCH_LARGE_THAN_L1, SINGLE_LARGE_THAN_L1 };
enum BatchOutMode { SINGLE_BATCH = 0, MULTI_BATCH, DYNAMIC };
#ifndef ASCC_STRUCT_ITERATEORDER
#define ASCC_STRUCT_ITERATEORDER
enum class IterateOrder { ORDER_M = 0, ORDER_N, UNDEF };
#endif
enum class ScheduleType { INNER_PRODUCT = 0, OUTER_PRODUCT };
enum IterateMode : uint8_t {
    ITERATE_MODE_NORMAL = 0b00000001,
    ITERATE_MODE_ALL = 0b00000010,
    ITERATE_MODE_BATCH = 0b00000100,
    ITERATE_MODE_N_BATCH = 0b00001000,
    ITERATE_MODE_DEFAULT = 0b11111111
};
enum class DecompressionMode {
    DECOMP_NONE = 0b0000,
    DECOMP_2bitTo8bit = 0b0001,
    DECOMP_3bitTo8bit = 0b0010,
    DECOMP_4bitTo8bit = 0b0011,
    DECOMP_16bitTo64bit = 0b100,
    DECOMP_1bitTo8bit = 0b0101,
    DECOMP_1bitTo4bit = 0b0110,
    DECOMP_2bitTo4bit = 0b0111,
    DECOMP_3bitTo4bit = 0b1000
};
enum class MatmulConfigMode { CONFIG_NORM, CONFIG_MDL, CONFIG_SPECIALMDL, CONFIG_IBSHARE };

// ---------------------------------------------------------------------------------------------------
// MatmulConfig: 53 members; ascx initialises the first 50 positionally, 51-53 keep their defaults.

struct MatmulConfig {
    bool doNorm;
    bool doBasicBlock;
    bool doMultiDataLoad;
    uint32_t basicM;
    uint32_t basicN;
    uint32_t basicK;
    bool intrinsicsCheck;
    bool isNBatch;
    bool enVecND2NZ;
    bool doSpecialBasicBlock;
    uint32_t doMTE2Preload;
    uint32_t singleCoreM;
    uint32_t singleCoreN;
    uint32_t singleCoreK;
    uint32_t stepM;
    uint32_t stepN;
    uint32_t baseMN;
    uint32_t singleCoreMN;
    bool enUnitFlag = true;
    bool isPerTensor;
    bool hasAntiQuantOffset;
    bool doIBShareNorm;
    bool doSpecialMDL;
    bool enableInit = true;
    BatchMode batchMode;
    bool enableEnd = true;
    bool enableGetTensorC = true;
    bool enableSetOrgShape = true;
    bool enableSetBias = true;
    bool enableSetTail = true;
    bool enableQuantVector = true;
    bool enableSetDefineData = true;
    uint8_t iterateMode = IterateMode::ITERATE_MODE_DEFAULT;
    bool enableReuse = true;
    bool enableUBReuse;
    bool enableL1CacheUB;
    bool intraBlockPartSum = false;
    IterateOrder iterateOrder{IterateOrder::UNDEF};
    ScheduleType scheduleType;
    bool enableDoubleCache;
    bool isBiasBatch = true;
    bool enableStaticPadZeros = false;
    bool isPartialOutput = false;
    bool enableMixDualMaster = false;
    bool isA2B2Shared = false;
    bool isEnableChannelSplit = false;
    bool enableKdimReorderLoad = false;
    bool isCO1Shared = false;
    uint32_t sharedCO1BufferSize = SHARED_CO1_BUFFER_SIZE;
    BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
    bool enableL1BankConflictOptimise = false;
    bool enableRelu = false;
    DecompressionMode decompMode = DecompressionMode::DECOMP_NONE;
};

// ---------------------------------------------------------------------------------------------------
// Params structs (GetMMConfig arguments) and MatrixOffset

struct MatmulShapeParams {
    uint32_t singleCoreM;
    uint32_t singleCoreN;
    uint32_t singleCoreK;
    uint32_t basicM;
    uint32_t basicN;
    uint32_t basicK;
};

struct MatmulQuantParams {
    bool isPerTensor;
    bool hasAntiQuantOffset;
};

struct MatmulBatchParams {
    bool isNBatch;
    BatchMode batchMode;
    bool isBiasBatch = true;
    BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH;
};

struct MatmulFuncParams {
    bool intrinsicsCheck;
    bool enVecND2NZ;
    bool enableDoubleCache;
    bool enableL1CacheUB;
    uint32_t doMTE2Preload;
    IterateOrder iterateOrder;
    ScheduleType scheduleType;
    bool enableReuse = true;
    bool enableUBReuse;
    bool isPartialOutput = false;
    bool isA2B2Shared = false;
    bool isEnableChannelSplit = false;
    bool enableKdimReorderLoad = false;
    bool enableL1BankConflictOptimise = false;
    bool enableRelu = false;
    DecompressionMode decompMode = DecompressionMode::DECOMP_NONE;
};

struct MatmulBiasParams {
    bool enableSetBias = true;
};

/// Where a result block sits (all members are marked "reserved" by the docs).
struct MatrixOffset {
    int32_t offset;
    int32_t row;
    int32_t col;
    int32_t height;
    int32_t width;
};

// ---------------------------------------------------------------------------------------------------
// Config getters.  Each starts from the Norm configuration documented for GetNormalConfig()
// and changes what the documentation lists for that getter.

namespace ascx_emu {

/// GetNormalConfig() with every parameter at its default.
constexpr MatmulConfig normal_config_base() {
    MatmulConfig c{};
    c.doNorm = true;
    c.doBasicBlock = false;
    c.doMultiDataLoad = false;
    c.basicM = c.basicN = c.basicK = 0;
    c.intrinsicsCheck = false;
    c.isNBatch = false;
    c.enVecND2NZ = false;
    c.doSpecialBasicBlock = false;
    c.doMTE2Preload = 0;
    c.singleCoreM = c.singleCoreN = c.singleCoreK = 0;
    c.stepM = c.stepN = 0;
    c.baseMN = 0;
    c.singleCoreMN = 0;
    c.enUnitFlag = true;
    c.isPerTensor = false;
    c.hasAntiQuantOffset = false;
    c.doIBShareNorm = false;
    c.doSpecialMDL = false;
    c.enableInit = true;
    c.batchMode = BatchMode::BATCH_LESS_THAN_L1;
    c.enableEnd = c.enableGetTensorC = c.enableSetOrgShape = c.enableSetBias = true;
    c.enableSetTail = c.enableQuantVector = c.enableSetDefineData = true;
    c.iterateMode = IterateMode::ITERATE_MODE_DEFAULT;
    c.enableReuse = true;
    c.enableUBReuse = true;
    c.enableL1CacheUB = false;
    c.intraBlockPartSum = false;
    c.iterateOrder = IterateOrder::UNDEF;
    c.scheduleType = ScheduleType::INNER_PRODUCT;
    c.enableDoubleCache = false;
    c.isBiasBatch = true;
    c.enableStaticPadZeros = c.isPartialOutput = c.enableMixDualMaster = false;
    c.isA2B2Shared = c.isEnableChannelSplit = c.enableKdimReorderLoad = c.isCO1Shared = false;
    c.sharedCO1BufferSize = SHARED_CO1_BUFFER_SIZE;
    c.bmmOutMode = BatchOutMode::SINGLE_BATCH;
    c.enableL1BankConflictOptimise = false;
    c.enableRelu = false;
    c.decompMode = DecompressionMode::DECOMP_NONE;
    return c;
}

}  // namespace ascx_emu

constexpr MatmulConfig GetNormalConfig(const bool intrinsicsLimit = false, const bool batchLoop = false,
                                       const bool isVecND2NZ = false,
                                       const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1,
                                       const bool isMsgReuse = true,
                                       const IterateOrder iterateOrder = IterateOrder::UNDEF,
                                       const ScheduleType scheduleType = ScheduleType::INNER_PRODUCT,
                                       const bool enUnitFlag = true, const bool enableMixDualMaster = false,
                                       const BatchOutMode bmmOutMode = BatchOutMode::SINGLE_BATCH) {
    MatmulConfig c = ascx_emu::normal_config_base();
    c.intrinsicsCheck = intrinsicsLimit;
    c.isNBatch = batchLoop;
    c.enVecND2NZ = isVecND2NZ;
    c.batchMode = bmmMode;
    c.enableReuse = isMsgReuse;
    c.iterateOrder = iterateOrder;
    c.scheduleType = scheduleType;
    c.enUnitFlag = enUnitFlag;
    c.enableMixDualMaster = enableMixDualMaster;
    c.bmmOutMode = bmmOutMode;
    return c;
}

constexpr MatmulConfig GetMDLConfig(const bool intrinsicsLimit = false, const bool batchLoop = false,
                                    const uint32_t doMTE2Preload = 0, const bool isVecND2NZ = false,
                                    bool isPerTensor = false, bool hasAntiQuantOffset = false,
                                    const bool enUnitFlag = false, const bool isMsgReuse = true,
                                    const bool enableUBReuse = true, const bool enableL1CacheUB = false,
                                    const bool enableMixDualMaster = false, const bool enableKdimReorderLoad = false,
                                    const bool enableL1BankConflictOptimise = false) {
    MatmulConfig c = ascx_emu::normal_config_base();
    c.doNorm = false;
    c.doMultiDataLoad = true;
    c.intrinsicsCheck = intrinsicsLimit;
    c.isNBatch = batchLoop;
    c.doMTE2Preload = doMTE2Preload;
    c.enVecND2NZ = isVecND2NZ;
    c.isPerTensor = isPerTensor;
    c.hasAntiQuantOffset = hasAntiQuantOffset;
    c.enUnitFlag = enUnitFlag;
    c.batchMode = BatchMode::NONE;
    c.enableReuse = isMsgReuse;
    c.enableUBReuse = enableUBReuse;
    c.enableL1CacheUB = enableL1CacheUB;
    c.iterateOrder = IterateOrder::UNDEF;
    c.scheduleType = ScheduleType::INNER_PRODUCT;
    c.enableMixDualMaster = enableMixDualMaster;
    c.enableKdimReorderLoad = enableKdimReorderLoad;
    c.enableL1BankConflictOptimise = enableL1BankConflictOptimise;
    return c;
}

constexpr MatmulConfig GetSpecialMDLConfig(const bool intrinsicsLimit = false, const bool batchLoop = false,
                                           const uint32_t doMTE2Preload = 0, const bool isVecND2NZ = false,
                                           bool isPerTensor = false, bool hasAntiQuantOffset = false) {
    MatmulConfig c = ascx_emu::normal_config_base();
    c.doNorm = false;
    c.doMultiDataLoad = false;
    c.doSpecialMDL = true;
    c.intrinsicsCheck = intrinsicsLimit;
    c.isNBatch = batchLoop;
    c.doMTE2Preload = doMTE2Preload;
    c.enVecND2NZ = isVecND2NZ;
    c.isPerTensor = isPerTensor;
    c.hasAntiQuantOffset = hasAntiQuantOffset;
    c.enUnitFlag = false;
    c.batchMode = BatchMode::NONE;
    return c;
}

constexpr MatmulConfig GetBasicConfig(const uint32_t basicM, const uint32_t basicN, const uint32_t basicK,
                                      const bool intrinsicsLimit = false, const bool batchLoop = false,
                                      const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1) {
    MatmulConfig c = ascx_emu::normal_config_base();
    c.doNorm = false;
    c.doBasicBlock = true;
    c.basicM = basicM;
    c.basicN = basicN;
    c.basicK = basicK;
    c.intrinsicsCheck = intrinsicsLimit;
    c.isNBatch = batchLoop;
    c.enVecND2NZ = false;
    c.enUnitFlag = false;
    c.batchMode = bmmMode;
    return c;
}

constexpr MatmulConfig GetIBShareNormConfig(const bool intrinsicsLimit = false, const bool batchLoop = false,
                                            const bool isVecND2NZ = false,
                                            const BatchMode bmmMode = BatchMode::BATCH_LESS_THAN_L1,
                                            const bool isDoubleCache = false, const bool enUnitFlag = true) {
    MatmulConfig c = ascx_emu::normal_config_base();
    c.doNorm = false;
    c.doIBShareNorm = true;
    c.doMTE2Preload = 0;
    c.intrinsicsCheck = intrinsicsLimit;
    c.isNBatch = batchLoop;
    c.enVecND2NZ = isVecND2NZ;
    c.batchMode = bmmMode;
    c.enableDoubleCache = isDoubleCache;
    c.enUnitFlag = enUnitFlag;
    return c;
}

constexpr MatmulConfig CFG_NORM = GetNormalConfig();
constexpr MatmulConfig CFG_MDL = GetMDLConfig();
constexpr MatmulConfig MM_CFG_BB = GetBasicConfig(128, 128, 128);
constexpr MatmulConfig CFG_IBSHARE_NORM = GetIBShareNormConfig();

namespace ascx_emu {

// GetMMConfig: apply each params struct to the base config, in argument order.
constexpr void apply_config(MatmulConfig& c, const MatmulShapeParams& p) {
    c.singleCoreM = p.singleCoreM;
    c.singleCoreN = p.singleCoreN;
    c.singleCoreK = p.singleCoreK;
    c.basicM = p.basicM;
    c.basicN = p.basicN;
    c.basicK = p.basicK;
}
constexpr void apply_config(MatmulConfig& c, const MatmulQuantParams& p) {
    c.isPerTensor = p.isPerTensor;
    c.hasAntiQuantOffset = p.hasAntiQuantOffset;
}
constexpr void apply_config(MatmulConfig& c, const MatmulBatchParams& p) {
    c.isNBatch = p.isNBatch;
    c.batchMode = p.batchMode;
    c.isBiasBatch = p.isBiasBatch;
    c.bmmOutMode = p.bmmOutMode;
}
constexpr void apply_config(MatmulConfig& c, const MatmulFuncParams& p) {
    c.intrinsicsCheck = p.intrinsicsCheck;
    c.enVecND2NZ = p.enVecND2NZ;
    c.enableDoubleCache = p.enableDoubleCache;
    c.enableL1CacheUB = p.enableL1CacheUB;
    c.doMTE2Preload = p.doMTE2Preload;
    c.iterateOrder = p.iterateOrder;
    c.scheduleType = p.scheduleType;
    c.enableReuse = p.enableReuse;
    c.enableUBReuse = p.enableUBReuse;
    c.isPartialOutput = p.isPartialOutput;
    c.isA2B2Shared = p.isA2B2Shared;
    c.isEnableChannelSplit = p.isEnableChannelSplit;
    c.enableKdimReorderLoad = p.enableKdimReorderLoad;
    c.enableL1BankConflictOptimise = p.enableL1BankConflictOptimise;
    c.enableRelu = p.enableRelu;
    c.decompMode = p.decompMode;
}
constexpr void apply_config(MatmulConfig& c, const MatmulBiasParams& p) { c.enableSetBias = p.enableSetBias; }

}  // namespace ascx_emu

template <MatmulConfigMode configMode, typename... ArgTypes>
constexpr MatmulConfig GetMMConfig(ArgTypes&&... args) {
    MatmulConfig c = configMode == MatmulConfigMode::CONFIG_NORM   ? CFG_NORM
                     : configMode == MatmulConfigMode::CONFIG_MDL  ? CFG_MDL
                     : configMode == MatmulConfigMode::CONFIG_SPECIALMDL ? GetSpecialMDLConfig()
                                                                         : CFG_IBSHARE_NORM;
    (ascx_emu::apply_config(c, args), ...);
    return c;
}

// ---------------------------------------------------------------------------------------------------
// MatmulApiStaticTiling: the 46 int32 tiling members, all -1 unless computed, and the config.

struct MatmulApiStaticTiling {
    int32_t usedCoreNum = -1;
    int32_t M = -1;
    int32_t N = -1;
    int32_t Ka = -1;
    int32_t Kb = -1;
    int32_t singleCoreM = -1;
    int32_t singleCoreN = -1;
    int32_t singleCoreK = -1;
    int32_t baseM = -1;
    int32_t baseN = -1;
    int32_t baseK = -1;
    int32_t depthA1 = -1;
    int32_t depthB1 = -1;
    int32_t stepM = -1;
    int32_t stepN = -1;
    int32_t isBias = -1;
    int32_t transLength = -1;
    int32_t iterateOrder = -1;
    int32_t shareMode = -1;
    int32_t shareL1Size = -1;
    int32_t shareL0CSize = -1;
    int32_t shareUbSize = -1;
    int32_t stepKa = -1;
    int32_t stepKb = -1;
    int32_t depthAL1CacheUB = -1;
    int32_t depthBL1CacheUB = -1;
    int32_t dbL0A = -1;
    int32_t dbL0B = -1;
    int32_t dbL0C = -1;
    int32_t ALayoutInfoB = -1;
    int32_t ALayoutInfoS = -1;
    int32_t ALayoutInfoN = -1;
    int32_t ALayoutInfoG = -1;
    int32_t ALayoutInfoD = -1;
    int32_t BLayoutInfoB = -1;
    int32_t BLayoutInfoS = -1;
    int32_t BLayoutInfoN = -1;
    int32_t BLayoutInfoG = -1;
    int32_t BLayoutInfoD = -1;
    int32_t CLayoutInfoB = -1;
    int32_t CLayoutInfoS1 = -1;
    int32_t CLayoutInfoN = -1;
    int32_t CLayoutInfoG = -1;
    int32_t CLayoutInfoS2 = -1;
    int32_t BatchNum = -1;
    int32_t mxTypePara = -1;
    MatmulConfig cfg = CFG_NORM;
};

/// The MatmulConfig inside a Matmul's MM_CFG template argument, which may be either kind.
constexpr MatmulConfig ToMatmulConfig(const MatmulConfig& cfg) { return cfg; }
constexpr MatmulConfig ToMatmulConfig(const MatmulApiStaticTiling& tiling) { return tiling.cfg; }

// ---------------------------------------------------------------------------------------------------
// AscendC: MatmulType, callbacks, policies, GetMatmulApiTiling

namespace AscendC {

template <TPosition POSITION, CubeFormat FORMAT, typename TYPE, bool ISTRANS = false,
          LayoutMode LAYOUT = LayoutMode::NONE, bool IBSHARE = false, TPosition SRCPOS = TPosition::GM>
struct MatmulType {
    constexpr static TPosition pos = POSITION;
    constexpr static CubeFormat format = FORMAT;
    using T = TYPE;
    constexpr static bool isTrans = ISTRANS;
    constexpr static LayoutMode layout = LAYOUT;
    constexpr static bool ibShare = IBSHARE;
    constexpr static TPosition srcPos = SRCPOS;
};

/// User copy callbacks.  The emulation only records that one was given (and refuses to compute).
template <void (*DataCopyOut)(const __gm__ void* gm, const LocalTensor<int8_t>& co1Local, const void* dataCopyOutParams,
                              const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr,
          void (*CopyA1)(const LocalTensor<int8_t>& aMatrix, const __gm__ void* gm, int row, int col, int useM,
                         int useK, const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr,
          void (*CopyB1)(const LocalTensor<int8_t>& bMatrix, const __gm__ void* gm, int row, int col, int useK,
                         int useN, const uint64_t tilingPtr, const uint64_t dataPtr) = nullptr>
struct MatmulCallBackFunc {
    constexpr static auto DataCopyOutPtr = DataCopyOut;
    constexpr static auto CopyA1Ptr = CopyA1;
    constexpr static auto CopyB1Ptr = CopyB1;
};

/// The accumulator (L0C) type of an input type: fp32 for 16/32-bit floats, int32 for int8.
template <typename T>
struct GetMmDstType {
    using Type = float;
};
template <>
struct GetMmDstType<int8_t> {
    using Type = int32_t;
};

namespace Impl {

constexpr int32_t L1_SIZE = 512 * 1024;  // dav-c220 L1 (assumed: docs/emulation.md#not-verified)

namespace Detail {

// Policies select internal scheduling only; the emulation computes the same result for all of
// them and uses ``ascx_policy`` to apply the documented restrictions.
enum class PolicyKind { DEFAULT, TRIAN_UPPER, TRIAN_LOWER, NBUFFER33, WITH_SCALE, SPLIT_M, SPLIT_N };

template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct MatmulPolicy {
    constexpr static PolicyKind ascx_policy = PolicyKind::DEFAULT;
};
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct TrianUpperMatmulPolicy {
    constexpr static PolicyKind ascx_policy = PolicyKind::TRIAN_UPPER;
};
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct TrianLowerMatmulPolicy {
    constexpr static PolicyKind ascx_policy = PolicyKind::TRIAN_LOWER;
};
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct NBuffer33MatmulPolicy {
    constexpr static PolicyKind ascx_policy = PolicyKind::NBUFFER33;
};
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct MatmulWithScalePolicy {
    constexpr static PolicyKind ascx_policy = PolicyKind::WITH_SCALE;
};
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct SplitMMatmulPolicy {
    constexpr static PolicyKind ascx_policy = PolicyKind::SPLIT_M;
};
template <const auto& MM_CFG, typename IMPL, typename A_TYPE, typename B_TYPE, typename C_TYPE, typename BIAS_TYPE>
struct SplitNMatmulPolicy {
    constexpr static PolicyKind ascx_policy = PolicyKind::SPLIT_N;
};

}  // namespace Detail
}  // namespace Impl

/// Constant tiling from a config (GetMatmulApiTiling, docs/reference/matmul.md).  Partial constant (some singleCore* is 0):
/// the config, and base sizes / L0 double-buffering / isBias when basicM/N/K are all given.  Full
/// constant: the config plus M/N/Ka/Kb/singleCore*; the L1 factors are left at -1 and come from
/// the runtime TCubeTiling, which the engine checks against these fields.
template <class A_TYPE, class B_TYPE, class C_TYPE, class BIAS_TYPE>
constexpr MatmulApiStaticTiling GetMatmulApiTiling(const MatmulConfig& mmCFG, int32_t l1Size = Impl::L1_SIZE) {
    MatmulApiStaticTiling t{};
    t.cfg = mmCFG;
    (void)l1Size;
    if (mmCFG.singleCoreM == 0 || mmCFG.singleCoreN == 0 || mmCFG.singleCoreK == 0) {
        if (mmCFG.basicM != 0 && mmCFG.basicN != 0 && mmCFG.basicK != 0) {
            t.baseM = static_cast<int32_t>(mmCFG.basicM);
            t.baseN = static_cast<int32_t>(mmCFG.basicN);
            t.baseK = static_cast<int32_t>(mmCFG.basicK);
            // L0A / L0B hold 64 KiB each: double-buffer when two base tiles fit (emulation's rule).
            constexpr uint64_t l0_bytes = 64 * 1024;
            t.dbL0A = 2 * uint64_t{mmCFG.basicM} * mmCFG.basicK * sizeof(typename A_TYPE::T) <= l0_bytes ? 2 : 1;
            t.dbL0B = 2 * uint64_t{mmCFG.basicN} * mmCFG.basicK * sizeof(typename B_TYPE::T) <= l0_bytes ? 2 : 1;
            t.isBias = mmCFG.enableSetBias ? 1 : 0;
        }
        return t;
    }
    t.M = t.singleCoreM = static_cast<int32_t>(mmCFG.singleCoreM);
    t.N = t.singleCoreN = static_cast<int32_t>(mmCFG.singleCoreN);
    t.Ka = t.Kb = t.singleCoreK = static_cast<int32_t>(mmCFG.singleCoreK);
    return t;
}

}  // namespace AscendC
