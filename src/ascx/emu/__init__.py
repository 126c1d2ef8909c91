"""The host emulation of the Ascend C API: clean-room C++ headers (``include/``), building emitted
kernels with a host compiler (:mod:`ascx.emu.build`) and running them on the CPU
(:mod:`ascx.emu.launch`)."""
