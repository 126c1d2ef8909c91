"""The size of the debug-print buffer: the printer passes it to ``AscendC::InitDump`` and the emulation
allocates it for each core (docs/emulation.md#how-a-launch-runs).  A module of its own, below both."""

DUMP_BYTES_PER_CORE = 1024 * 1024
"""Bytes of the dump buffer each core writes its ``printf``/``DumpTensor`` records to."""
