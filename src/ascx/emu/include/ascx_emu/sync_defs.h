// ascx host emulation: the bodies of sync.h's shared functions (ASCX_EMU_SHARED, linkage.h), which a
// kernel built with -DASCX_EMU_THIN links from runtime.o instead of compiling.  Clean-room; included at
// the end of sync.h.
#pragma once

namespace ascx_emu {

void check_flags_at_exit() {
    for (int e = 0; e < static_cast<int>(AscendC::HardEvent::MAX); ++e) {
        for (int id = 0; id < 8; ++id) {
            if (flag_slots.pending[e][id]) {
                fail("SetFlag<%s>(%d) is never matched by a WaitFlag before the kernel returns",
                     event_name(static_cast<AscendC::HardEvent>(e)), id);
            }
        }
    }
}

}  // namespace ascx_emu

namespace AscendC {
namespace detail {

void cross_core_check(int mode, uint16_t flag, const char* what) {
    if (flag > 15) {
        ascx_emu::fail("%s: flag id %u is outside 0 to 15", what, static_cast<unsigned>(flag));
    }
    (void)mode;
}

}  // namespace detail
}  // namespace AscendC
