"""pyasc's ``asc.language.core``: data types, enums, values, tensors and properties."""

from ascx.language.core._exports import EXPORTS
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
        "ascx.language.core": "aipp_types ir_value memory_allocator ops struct types utils",
    },
    on_first_use=_document,
)
