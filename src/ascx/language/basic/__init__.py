"""pyasc's ``asc.language.basic``: data movement, vector ops, synchronisation, system values,
atomics and debug output."""

from ascx.language.basic._exports import EXPORTS
from ascx.lazy_exports import lazy_exports


def _document() -> None:
    from ascx.language.docstrings import docstrings_wanted

    if docstrings_wanted():
        from ascx.language.reference import document_package

        document_package(__name__)


__getattr__, __dir__ = lazy_exports(
    __name__,
    globals(),
    {
        **EXPORTS,
        "ascx.language.basic": "cache common determine_compute_sync set_atomic utils list_tensor",
    },
    on_first_use=_document,
)
