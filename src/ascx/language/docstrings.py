"""Whether this process gives the API its docstrings from the reference records.

Declaring an API's record gives the API its whole docstring when its module is imported
(``ascx.language.records``).  A command-line tool shows no docstring, so it switches that off
(``skip_docstrings``): the records are still declared, their docstrings not rendered.  A module of its
own so that switching costs nothing.
"""

from __future__ import annotations

_wanted = True


def skip_docstrings() -> None:
    """Leave the records' docstrings off the API in this process."""
    global _wanted
    _wanted = False


def docstrings_wanted() -> bool:
    return _wanted
