"""Whether this process gives the API its docstrings from the reference records.

The family packages apply the records' docstrings before their first name is imported
(``ascx.language.reference.document_package``).  A command-line tool shows no docstring, so it
switches that off (``skip_docstrings``): reading the records and importing every documented module
of a package is a twentieth of a cold compile.  A module of its own so that switching costs nothing.
"""

from __future__ import annotations

_wanted = True


def skip_docstrings() -> None:
    """Leave the records' docstrings off the API in this process."""
    global _wanted
    _wanted = False


def docstrings_wanted() -> bool:
    return _wanted
