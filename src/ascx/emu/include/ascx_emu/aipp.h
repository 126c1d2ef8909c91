// ascx host emulation: AIPP, the image preprocessing of the cube core.  SetAippFunctions only sets
// registers; LoadImageToLocal (MTE2) stops the run: the preprocessing is not emulated.
#pragma once

#include "ascx_emu/cube_structs.h"
#include "ascx_emu/fractal.h"
#include "ascx_emu/tensor.h"

namespace AscendC {

template <typename T, typename U>
void SetAippFunctions(const GlobalTensor<T>& src0, AippInputFormat format, AippParams<U> config) {
    ASCX_COVER_FORM("SetAippFunctions", "GlobalTensor, AippInputFormat, AippParams");
    (void)src0;
    (void)format;
    (void)config;
}

template <typename T, typename U>
void SetAippFunctions(const GlobalTensor<T>& src0, const GlobalTensor<T>& src1, AippInputFormat format,
                      AippParams<U> config) {
    ASCX_COVER_FORM("SetAippFunctions", "GlobalTensor, GlobalTensor, AippInputFormat, AippParams");
    (void)src1;
    SetAippFunctions(src0, format, config);
}

template <typename T>
void LoadImageToLocal(const LocalTensor<T>& dst, const LoadImageToLocalParams& loadDataParams) {
    ASCX_COVER("LoadImageToLocal");
    using namespace ascx_emu;
    cube::require_memory(dst, {Memory::L1}, "LoadImageToLocal", "dst");
    (void)loadDataParams;
    fail("LoadImageToLocal: the AIPP image preprocessing is not emulated");
}

}  // namespace AscendC
