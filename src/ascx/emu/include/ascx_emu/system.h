// ascx host emulation: the system APIs (cache maintenance, system counters, GetArchVersion, Trap,
// DataSyncBarrier, the store atomic configuration, profiling marks, DumpAccChkPoint, InitSocState,
// CheckLocalMemoryIA, the HCCL contexts and the system workspace).  Clean-room, from CANN's
// documentation of each API.  The emulated memory is coherent and the pipes run in program order, so
// cache maintenance and preloads change nothing; what an API reports or changes in the core's state
// is modelled.
#pragma once

#include <chrono>

#include "ascx_emu/debug.h"
#include "ascx_emu/registers.h"
#include "ascx_emu/system_state.h"
#include "ascx_emu/tensor.h"

namespace AscendC {

enum class CacheLine { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum class DcciDst { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };
enum class MemDsbT { ALL = 0, DDR, UB, SEQ };
enum class AtomicDtype { ATOMIC_NONE = 0, ATOMIC_F32, ATOMIC_F16, ATOMIC_S16, ATOMIC_S32, ATOMIC_S8, ATOMIC_BF16 };
enum class AtomicOp { ATOMIC_SUM = 0 };

/// The exception-register set-up of CheckLocalMemoryIA (UB addresses in 32-byte units).
struct CheckLocalMemoryIAParam {
    CheckLocalMemoryIAParam() {}
    CheckLocalMemoryIAParam(const uint8_t enableBitIn, const uint32_t startAddrIn, const uint32_t endAddrIn,
                            const bool isScalarReadIn, const bool isScalarWriteIn, const bool isVectorReadIn,
                            const bool isVectorWriteIn, const bool isMteReadIn, const bool isMteWriteIn,
                            const bool isEnableIn)
        : enableBit(enableBitIn), startAddr(startAddrIn), endAddr(endAddrIn), isScalarRead(isScalarReadIn),
          isScalarWrite(isScalarWriteIn), isVectorRead(isVectorReadIn), isVectorWrite(isVectorWriteIn),
          isMteRead(isMteReadIn), isMteWrite(isMteWriteIn), isEnable(isEnableIn) {}
    uint8_t enableBit = 0;
    uint32_t startAddr = 0;
    uint32_t endAddr = 0;
    bool isScalarRead = false;
    bool isScalarWrite = false;
    bool isVectorRead = false;
    bool isVectorWrite = false;
    bool isMteRead = false;
    bool isMteWrite = false;
    bool isEnable = false;
    uint32_t reserved = 0;
};

/// One dimension of a sliced copy.
struct SliceInfo {
    SliceInfo() {}
    SliceInfo(const uint32_t startIndexIn, const uint32_t endIndexIn, const uint32_t strideIn,
              const uint32_t burstLenIn, const uint32_t shapeValueIn = 0)
        : startIndex(startIndexIn), endIndex(endIndexIn), stride(strideIn), burstLen(burstLenIn),
          shapeValue(shapeValueIn) {}
    uint32_t startIndex = 0;
    uint32_t endIndex = ONE_BLK_SIZE - 1;
    uint32_t stride = 0;
    uint32_t burstLen = ONE_BLK_SIZE;
    uint32_t shapeValue = 0;
};

// --- cache maintenance: the emulated memory is coherent ------------------------------------------------

template <typename T, CacheLine entireType, DcciDst dcciDst>
void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst) {
    ASCX_COVER_FORM("DataCacheCleanAndInvalid", "GlobalTensor");
    (void)dst;
}

template <typename T, CacheLine entireType, DcciDst dcciDst>
void DataCacheCleanAndInvalid(const LocalTensor<T>& dst) {
    ASCX_COVER_FORM("DataCacheCleanAndInvalid", "LocalTensor");
    (void)dst;
}

template <typename T, CacheLine entireType>
void DataCacheCleanAndInvalid(const GlobalTensor<T>& dst) {
    ASCX_COVER_FORM("DataCacheCleanAndInvalid", "GlobalTensor");
    (void)dst;
}

template <typename T>
void DataCachePreload(const GlobalTensor<uint64_t>& src, const T cacheOffset) {
    ASCX_COVER("DataCachePreload");
    static_assert(std::is_same_v<T, int16_t> || std::is_same_v<T, int64_t>,
                  "DataCachePreload: cacheOffset is int16_t or int64_t");
    (void)src;
    (void)cacheOffset;
}

inline void ICachePreLoad(const int64_t preFetchLen) { ASCX_COVER("ICachePreLoad"); (void)preFetchLen; }

/// 0: the preload has completed (it always has on the emulation).
inline int64_t GetICachePreloadStatus() { ASCX_COVER("GetICachePreloadStatus"); return 0; }

// --- counters and versions -------------------------------------------------------------------------------

/// The system counter: 50 MHz, as on the 910B, from the host's steady clock; it always advances.
inline int64_t GetSystemCycle() {
    ASCX_COVER("GetSystemCycle");
    const auto since = std::chrono::steady_clock::now().time_since_epoch();
    int64_t cycle = std::chrono::duration_cast<std::chrono::nanoseconds>(since).count() / 20;
    if (cycle <= ascx_emu::system_state.last_cycle) {
        cycle = ascx_emu::system_state.last_cycle + 1;
    }
    ascx_emu::system_state.last_cycle = cycle;
    return cycle;
}

/// Where the program is: on the emulation, the kernel's Python source line being run.
inline int64_t GetProgramCounter() { ASCX_COVER("GetProgramCounter"); return ascx_emu::block.line; }

/// The architecture version, hexadecimal coded: 0x220 (dav-c220, the Atlas A2 / 910B family).
inline void GetArchVersion(uint32_t& coreVersion) { ASCX_COVER("GetArchVersion"); coreVersion = 0x220; }

constexpr int16_t GetDataBlockSizeInBytes() { return ONE_BLK_SIZE; }

/// Stops the core: on the emulation, the run fails at the call.
inline void Trap() { ASCX_COVER("Trap"); ascx_emu::fail("Trap() stopped the kernel"); }

// --- synchronisation of the scalar unit's memory accesses: they complete in order on the emulation ----------

template <MemDsbT arg0>
void DataSyncBarrier() { ASCX_COVER("DataSyncBarrier"); }

// --- the store atomic configuration: the atomic mode of copies to GM (registers.h) -----------------------

template <AtomicDtype type, AtomicOp op>
void SetStoreAtomicConfig() {
    ASCX_COVER("SetStoreAtomicConfig");
    static_assert(op == AtomicOp::ATOMIC_SUM, "the store atomic adds");
    using ascx_emu::AtomicType;
    if constexpr (type == AtomicDtype::ATOMIC_NONE) {
        ascx_emu::registers.atomic_op = ascx_emu::AtomicOp::NONE;
        return;
    } else {
        ascx_emu::registers.atomic_op = ascx_emu::AtomicOp::ADD;
        ascx_emu::registers.atomic_type = type == AtomicDtype::ATOMIC_F32   ? AtomicType::F32
                                          : type == AtomicDtype::ATOMIC_F16 ? AtomicType::F16
                                          : type == AtomicDtype::ATOMIC_S16 ? AtomicType::S16
                                          : type == AtomicDtype::ATOMIC_S32 ? AtomicType::S32
                                          : type == AtomicDtype::ATOMIC_S8  ? AtomicType::S8
                                                                            : AtomicType::BF16;
    }
}

/// The store atomic's type (AtomicDtype's number: 0 when no atomic add is set) and operation (0: sum).
inline void GetStoreAtomicConfig(uint16_t& atomicType, uint16_t& atomicOp) {
    ASCX_COVER("GetStoreAtomicConfig");
    using ascx_emu::AtomicType;
    atomicOp = 0;
    if (ascx_emu::registers.atomic_op != ascx_emu::AtomicOp::ADD) {
        atomicType = 0;
        return;
    }
    switch (ascx_emu::registers.atomic_type) {
        case AtomicType::F32: atomicType = 1; break;
        case AtomicType::F16: atomicType = 2; break;
        case AtomicType::S16: atomicType = 3; break;
        case AtomicType::S32: atomicType = 4; break;
        case AtomicType::S8: atomicType = 5; break;
        case AtomicType::BF16: atomicType = 6; break;
    }
}

// --- profiling and checkpoints ------------------------------------------------------------------------------

inline void MetricsProfStart() { ASCX_COVER("MetricsProfStart"); }
inline void MetricsProfStop() { ASCX_COVER("MetricsProfStop"); }

/// A time stamp for the profiler, only in builds with ASCENDC_TIME_STAMP_ON (printed on the emulation).
inline void PrintTimeStamp(uint32_t descId) {
    ASCX_COVER("PrintTimeStamp");
#ifdef ASCENDC_TIME_STAMP_ON
    std::printf("PrintTimeStamp desc=%u cycle=%lld\n", descId, static_cast<long long>(GetSystemCycle()));
    std::fflush(stdout);
#else
    (void)descId;
#endif
}

/// ``dumpSize`` elements of ``tensor`` from element ``countOff``, labelled ``index``.
template <typename T>
void DumpAccChkPoint(const LocalTensor<T>& tensor, uint32_t index, uint32_t countOff, uint32_t dumpSize) {
    ASCX_COVER_FORM("DumpAccChkPoint", "LocalTensor, uint32_t, uint32_t, uint32_t");
    if (countOff > tensor.GetSize()) {
        ascx_emu::fail("DumpAccChkPoint: countOff %u is past the tensor's %u elements", countOff, tensor.GetSize());
    }
    DumpTensor(tensor[countOff], index, dumpSize);
}

template <typename T>
void DumpAccChkPoint(const GlobalTensor<T>& tensor, uint32_t index, uint32_t countOff, uint32_t dumpSize) {
    ASCX_COVER_FORM("DumpAccChkPoint", "GlobalTensor, uint32_t, uint32_t, uint32_t");
    DumpTensor(tensor[countOff], index, dumpSize);
}

// --- core state -----------------------------------------------------------------------------------------

/// Resets the core's state (910B): no atomic mode, the normal mask mode, the vector mask full.
inline void InitSocState() {
    ASCX_COVER("InitSocState");
    ascx_emu::registers.atomic_op = ascx_emu::AtomicOp::NONE;
    ascx_emu::registers.mask_counter = false;
    ascx_emu::registers.vector_mask[0] = ~uint64_t{0};
    ascx_emu::registers.vector_mask[1] = ~uint64_t{0};
}

/// Arms (isEnable) or disarms exception register enableBit for the UB units (startAddr, endAddr].
inline void CheckLocalMemoryIA(const CheckLocalMemoryIAParam& checkParams) {
    ASCX_COVER("CheckLocalMemoryIA");
    if (checkParams.enableBit > 3) {
        ascx_emu::fail("CheckLocalMemoryIA: enableBit %u is not an exception register (0 to 3)",
                       static_cast<unsigned>(checkParams.enableBit));
    }
    ascx_emu::IaRegister& ia = ascx_emu::system_state.ia[checkParams.enableBit];
    ia.armed = checkParams.isEnable;
    ia.first = (uint64_t{checkParams.startAddr} + 1) * 32;
    ia.last = (uint64_t{checkParams.endAddr} + 1) * 32;
    ia.scalar_read = checkParams.isScalarRead;
    ia.scalar_write = checkParams.isScalarWrite;
    ia.vector_read = checkParams.isVectorRead;
    ia.vector_write = checkParams.isVectorWrite;
    ia.mte_read = checkParams.isMteRead;
    ia.mte_write = checkParams.isMteWrite;
}

// --- addresses the libraries share ----------------------------------------------------------------------------

template <uint32_t index>
void SetHcclContext(__gm__ uint8_t* context) {
    ASCX_COVER("SetHcclContext");
    if constexpr (index <= 1) {
        ascx_emu::system_state.hccl_context[index] = context;
    }
}

template <uint32_t index>
__gm__ uint8_t* GetHcclContext() {
    ASCX_COVER("GetHcclContext");
    if constexpr (index <= 1) {
        return ascx_emu::system_state.hccl_context[index];
    }
    return nullptr;
}

/// The system workspace library APIs use; a workspace already set is kept.
inline void SetSysWorkspace(__gm__ uint8_t* workspace) {
    ASCX_COVER("SetSysWorkspace");
    if (workspace == nullptr) {
        ascx_emu::fail("SetSysWorkspace: the workspace is a null pointer");
    }
    if (ascx_emu::system_state.sys_workspace == nullptr) {
        ascx_emu::system_state.sys_workspace = workspace;
    }
}

}  // namespace AscendC

/// The system workspace (CANN declares it outside the AscendC namespace): the one SetSysWorkspace set,
/// else the emulation's stand-in.
inline __gm__ uint8_t* GetSysWorkSpacePtr() {
    return ascx_emu::system_state.sys_workspace != nullptr ? ascx_emu::system_state.sys_workspace
                                                           : AscendC::GetSysWorkSpacePtr();
}
