"""Regenerate the API reference pages: ``python -m ascx.cli.api_docs [REFERENCE_DIRECTORY]``.

The Matmul pages (``matmul/``, one per API) are rendered from the records beside the Matmul methods
that ``ascx.language.adv.api_docs`` collects, those of the rest of the library (``adv/``, one per
function) from the records beside the functions that ``ascx.language.adv.lib_api_docs`` collects; the
family pages of the core, framework and basic APIs (``core/``, ``fwk/``, ``basic/``) from the records that
``ascx.language.reference`` collects.  The same records give the Python objects their docstrings.  The
default directory is ``docs/reference``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ascx.language import reference
from ascx.language.adv import api_docs as matmul_docs, lib_api_docs


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    root = Path(args[0] if args else "docs/reference")
    matmul_docs.write_pages(root / "matmul")
    lib_api_docs.write_pages(root / "adv")
    reference.write_pages(root)


if __name__ == "__main__":
    main()
