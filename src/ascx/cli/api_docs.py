"""Regenerate the Matmul API reference pages: ``python -m ascx.cli.api_docs [DIRECTORY]``.

The pages are rendered from ``ascx.language.adv.api_docs``, the same records that give the Python
functions their docstrings; the default directory is ``docs/reference/matmul``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ascx.language.adv.api_docs import write_pages


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    write_pages(Path(args[0] if args else "docs/reference/matmul"))


if __name__ == "__main__":
    main()
