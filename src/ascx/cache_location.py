"""Where ascx keeps what it caches on disk: compiled kernels (``ascx.runtime.disk_cache``), emulation
builds (``ascx.emu.build``) and CANN check verdicts.  A module below all three, so none imports another
to find its directory (docs/architecture.md#caches)."""

from __future__ import annotations

import os
from pathlib import Path

CACHE_DIR_ENV = "ASCX_CACHE_DIR"
"""Where the cache lives; empty disables the disk cache.  It chooses a location, never behaviour."""


def default_cache_root() -> Path | None:
    """``$ASCX_CACHE_DIR``, else ``$XDG_CACHE_HOME/ascx``, else ``~/.cache/ascx``; None when disabled."""
    configured = os.environ.get(CACHE_DIR_ENV)
    if configured is not None:
        return Path(configured) if configured else None
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "ascx"


_root_override: tuple[Path | None] | None = None


def set_cache_root(root: str | os.PathLike[str] | None) -> None:
    """Use ``root`` for the disk cache from now on (None disables it), overriding the environment."""
    global _root_override
    _root_override = (Path(root) if root is not None else None,)


def cache_root() -> Path | None:
    """The directory of the disk cache in use, or None when the disk cache is disabled."""
    return _root_override[0] if _root_override is not None else default_cache_root()
