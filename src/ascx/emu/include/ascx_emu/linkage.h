// ascx host emulation: how the shared machinery of the headers (the launcher, the error and bounds
// checks, the synchronisation checker) is compiled (docs/emulation.md#build-time).  Clean-room.
//
// ASCX_EMU_SHARED marks a function that every kernel uses but none specialises.  Its header declares it
// and includes the body from the header's `_defs.h` companion at its end:
// - a kernel built with -DASCX_EMU_THIN sees the declaration only, and the build links runtime.o;
// - runtime.o (built with -DASCX_EMU_RUNTIME_OBJECT, once per preamble, side, compiler and flags) holds
//   the one compiled copy;
// - any other translation unit (the headers built without ascx's build driver) gets ordinary inline
//   functions.
// Per-core state stays `inline thread_local`: the kernel's and the runtime's copies are one object once
// linked into the kernel's library.
#pragma once

#if defined(ASCX_EMU_RUNTIME_OBJECT) || defined(ASCX_EMU_THIN)
#define ASCX_EMU_SHARED
#else
#define ASCX_EMU_SHARED inline
#endif
