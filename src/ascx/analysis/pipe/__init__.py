"""The pipe happens-before analysis (docs/sync-model.md#the-happens-before-model): its state, the ordering
primitives every rule family uses, and :class:`~ascx.analysis.pipe.analysis.PipeSyncAnalysis`, the facade
that walks a kernel and hands each op to the family that handles it (flags, queues, hazards, atomics)."""
