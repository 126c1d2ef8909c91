"""Analyses over structured ``ascendc`` IR that passes share: the forward dataflow engine, memory
regions, and the diagnostics of the sync verifiers (docs/sync-model.md)."""
