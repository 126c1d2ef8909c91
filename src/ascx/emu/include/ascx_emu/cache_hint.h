// ascx host emulation: the L2 cache hint enums of GlobalTensor::SetL2CacheHint (values as in CANN).
// Kept separate so that tensor.h can include it for the member function; the hint has no effect on
// the host.
#pragma once

#include <cstdint>

namespace AscendC {

enum class CacheMode : uint8_t { CACHE_MODE_NORMAL = 0, CACHE_MODE_DISABLE = 1, CACHE_MODE_LAST = 2, CACHE_MODE_PERSISTENT = 4 };

enum class CacheRwMode : uint8_t { READ = 1, WRITE = 2, RW = 3 };

}  // namespace AscendC
