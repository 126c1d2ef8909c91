"""The XC rules: pairing lints across cores and blocks (docs/rules/cross-core.md).  Cross-core and
inter-block happens-before is not modelled; these check that every signal has its partner.

- :mod:`~ascx.analysis.cross_core.flags`: cross-core flags and ``sync_all`` (XC-1 ... XC-4);
- :mod:`~ascx.analysis.cross_core.blocks`: inter-block signals and GM shared between blocks (XC-5 ...
  XC-7).
"""
