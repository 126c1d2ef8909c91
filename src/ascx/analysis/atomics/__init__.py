"""The AT rules: the atomic mode of GM writes (docs/rules/atomics.md), in
:mod:`~ascx.analysis.atomics.mode`."""
