"""The HZ rules: accesses to one memory region on two pipes (or one) that nothing orders
(docs/rules/hazards.md).

- :mod:`~ascx.analysis.hazards.log`: what each op accesses, on which pipe, and the log of accesses the
  later ones are checked against (HZ-0, HZ-7, HZ-8);
- :mod:`~ascx.analysis.hazards.conflicts`: whether an access conflicts with a logged one and is not
  ordered after it (HZ-1 ... HZ-5).
"""
