"""Emulation builds that do not depend on where the kernel's Python file is (docs/emulation.md#builds).

The emulation source marks each statement with the Python line it comes from, ``ascx_emu::at("file",
line)``.  The file is an absolute path, which differs between checkouts, temporary directories and test
runs; compiled into the build, it would make a new build of the same kernel for every place its file is.
So a build compiles the *relocated* source: each file's name becomes a token, ``@ascx-file-0@`` for the
first file, and the build's key and the compiled code see only the tokens.  What the kernel reports at run
time (an error's text, where it stopped) names the token, and :meth:`Relocated.restore` puts the file back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

_MARKER = re.compile(r'(ascx_emu::at\(")((?:[^"\\\n]|\\.)*)(", \d+\);)')
_TOKEN = re.compile(r"@ascx-file-(\d+)@")


def token(index: int) -> str:
    """The name file ``index`` has in a relocated source."""
    return f"@ascx-file-{index}@"


@dataclass(frozen=True)
class Relocated:
    """A source with its files' names replaced by tokens, and the names, in the order of the tokens."""

    source: str
    files: tuple[str, ...]

    def restore(self, text: str) -> str:
        """``text`` with each token replaced by its file's name (a token of another source stays)."""

        def name(match: re.Match[str]) -> str:
            index = int(match.group(1))
            return self.files[index] if index < len(self.files) else match.group(0)

        return _TOKEN.sub(name, text) if "@ascx-file-" in text else text


@lru_cache(maxsize=32)  # a build and its launch relocate the same source
def relocate(source: str) -> Relocated:
    """``source`` with the file of every ``ascx_emu::at`` marker replaced by its token (the first file
    named is token 0)."""
    files: dict[str, int] = {}

    def replace(match: re.Match[str]) -> str:
        escaped = match.group(2)
        name = escaped.replace('\\"', '"').replace("\\\\", "\\")
        index = files.setdefault(name, len(files))
        return f"{match.group(1)}{token(index)}{match.group(3)}"

    relocated = _MARKER.sub(replace, source)
    return Relocated(relocated, tuple(files))
