"""Names of the attributes that describe kernel functions in IR."""

KERNEL_ATTR = "ascendc.kernel"
"""Unit attribute: this ``func.func`` is a kernel entry point (``extern "C" __global__``)."""

CUBE_ONLY_ATTR = "ascendc.matmul_cube_only"
"""Unit attribute: the kernel was declared with ``@asc.jit(matmul_cube_only=True)``."""

KERNEL_TYPE_ATTR = "ascendc.kernel_type"
"""``#ascendc<kernel_type ...>``: the kernel type decided by ``ascx-kernel-type``."""

FFTS_ADDR_ARG_ATTR = "ascendc.ffts_addr"
"""Unit argument attribute marking the hidden ``__gm__ uint64_t*`` FFTS address parameter."""

DUMP_ADDR_ARG_ATTR = "ascendc.dump_addr"
"""Unit argument attribute marking the hidden ``__gm__ uint8_t*`` dump buffer parameter of kernels
that print (``printf``, ``DumpTensor``)."""

LEAVES_LOOP_ATTR = "ascendc.leaves_loop"
"""Unit attribute on the ``scf.yield`` of an ``scf.if`` arm that leaves the enclosing ``scf.while``: the
tracer's lowering of ``break`` and ``return`` in runtime loops sets the loop's exit selector there, so
the loop stops before another iteration (docs/tracing.md#break-and-return-in-runtime-loops).  The sync
analyses take that arm's state to the loop's exit, not around its back edge."""
