"""pyasc's ``asc.language.core.memory_allocator``: ``LocalMemAllocator``, which hands out on-chip
buffers at increasing addresses.  It belongs to the cube API, which adds it here."""

__all__: list[str] = []
