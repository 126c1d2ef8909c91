"""The TQ rules: the TQue protocol (docs/rules/queues.md).

- :mod:`~ascx.analysis.queues.protocol`: ``init_buffer``, ``alloc_tensor``, ``enque``, ``deque``,
  ``free_tensor`` and the uses of queue tensors (TQ-1 ... TQ-7, TQ-12 ... TQ-15);
- :mod:`~ascx.analysis.queues.balance`: queues across control flow and at the kernel's exit (TQ-8 ...
  TQ-11).
"""
