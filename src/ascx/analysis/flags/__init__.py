"""The FL rules: event flags, barriers and event ids (docs/rules/flags.md).

- :mod:`~ascx.analysis.flags.slots`: how a flag names its slot, and how diagnostics spell flags;
- :mod:`~ascx.analysis.flags.event_ids`: the id of a flag and the pipe's pool (FL-4 ... FL-8);
- :mod:`~ascx.analysis.flags.pairing`: sets, waits and barriers (FL-1 ... FL-3, FL-10, FL-11);
- :mod:`~ascx.analysis.flags.lint`: flags and barriers that order nothing (FL-12, a lint).
"""
