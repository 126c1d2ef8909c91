"""The CANN backend of the CPU emulation: a kernel's Ascend C built through CANN's own Ascend C headers
(their CPU-debug path), over a clean-room intrinsic layer and runtime, one process per core
(docs/emulation.md#the-cann-backend)."""
