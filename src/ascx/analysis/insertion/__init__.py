"""``ascx-insert-sync``'s work (docs/passes/insert-sync.md) and its IN rules (docs/rules/insertion.md).

- :mod:`~ascx.analysis.insertion.matmul_waits`: the missing Matmul waits (MM-1, MM-2, MM-3, MM-7);
- :mod:`~ascx.analysis.insertion.pipe_sync`: the pipe-level repairs of HZ-1 ... HZ-5, one hazard at a
  time, and what cannot be repaired (IN-E2);
- :mod:`~ascx.analysis.insertion.repairs`: the mechanism of one repair: a queue hand-off, a barrier, a
  flag pair (IN-E1 when the ids run out);
- :mod:`~ascx.analysis.insertion.placement`: where inserted ops go, and how they are marked;
- :mod:`~ascx.analysis.insertion.event_ids`: the ids of inserted pairs;
- :mod:`~ascx.analysis.insertion.final_barrier`: the ``PIPE_ALL`` barrier before the return (IN-12).
"""
