"""Analyses over structured ``ascendc`` IR that passes share: the forward dataflow engine, memory
regions, and the diagnostics of the sync verifiers (sync-model spec §1.9, §1.10, §2)."""
