"""CANN's Ascend C headers on the host: where they are and the include path that reaches them
(docs/cann_check.md#where-the-headers-come-from).  The CANN emulation backend builds on them, and the
type-check of emitted kernels (``ascx.runtime.cann_check``) parses them.

The headers come from a CANN installation (``$ASCEND_HOME_PATH``: ``compiler/tikcpp/tikcfw`` or
``asc/include``, and the CPU-debug headers of ``tools/tikicpulib/lib/include``) or from a tree laid
out like CANN's open-source devkit with stand-ins for the closed CPU-debug headers: ``asc-devkit/``
(the devkit's ``include/`` and ``impl/``), ``stub/`` (``stub_def.h``, ...) and ``gen/`` (the generated
``kernel_tiling/kernel_tiling.h``).  ascx never ships these headers.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from ascx.errors import AscxError

Side = Literal["aiv", "aic"]
SIDES: tuple[Side, ...] = ("aiv", "aic")
SIDE_MACROS: dict[Side, tuple[str, ...]] = {
    "aiv": ("-D__DAV_C220__", "-D__DAV_C220_VEC__", "-D__DAV_VEC__"),
    "aic": ("-D__DAV_C220__", "-D__DAV_C220_CUBE__", "-D__DAV_CUBE__"),
}
"""The macros that select a core's side of the headers (Atlas A2, ``dav-c220``)."""

DEVKIT_TREE_DIRS = (
    "stub", "gen", "asc-devkit", "asc-devkit/include", "asc-devkit/include/adv_api", "asc-devkit/include/basic_api",
    "asc-devkit/include/utils", "asc-devkit/impl", "asc-devkit/impl/basic_api",
)  # fmt: skip
"""The include path into a tree laid out like ``asc-devkit/`` + ``stub/`` + ``gen/``, in order."""

INSTALLATION_DIRS = (
    "tools/tikicpulib/lib/include", "include", "asc", "asc/impl", "asc/impl/adv_api", "asc/impl/basic_api",
    "asc/impl/c_api", "asc/impl/micro_api", "asc/impl/simt_api", "asc/impl/utils", "asc/include", "asc/include/adv_api",
    "asc/include/adv_api/matmul", "asc/include/aicpu_api", "asc/include/basic_api", "asc/include/c_api",
    "asc/include/interface", "asc/include/micro_api", "asc/include/simt_api", "asc/include/tiling",
    "asc/include/utils", "compiler/tikcpp/tikcfw", "compiler/tikcpp/tikcfw/impl", "compiler/tikcpp/tikcfw/interface",
)  # fmt: skip
"""The include path into a CANN installation (those of its directories that exist), in order: the
CPU-debug headers, then the system include path of CANN's own CPU-mode builds (its CMake support,
``asc/...``, with ``asc`` and ``asc/impl`` themselves, which the headers' ``impl/...`` includes need),
then the older layout's ``compiler/tikcpp/tikcfw``."""

REQUIRED_HEADERS = ("kernel_operator.h", "lib/matmul_intf.h", "kernel_tiling/kernel_tiling.h", "stub_def.h")
"""What an emitted kernel includes, and the CPU-debug header those include first."""


class CannCheckError(AscxError):
    """The check cannot run (no headers, no compiler) or a kernel does not type-check."""


@dataclass(frozen=True)
class CannHeaders:
    """CANN's Ascend C headers: where they are, and the include path that reaches them."""

    root: Path
    layout: Literal["devkit tree", "installation"]
    include_dirs: tuple[Path, ...]

    @property
    def digest(self) -> str:
        return _tree_digest(self.include_dirs if self.layout == "installation" else (self.root,))


HEADERS_ENV = "ASCX_CANN_HEADERS"
"""Where CANN's headers are, for the CANN emulation backend and for the check alike: an asc-devkit tree
(with ``stub/`` and ``gen/``) or a CANN installation (docs/cann_check.md#where-the-headers-come-from)."""


def find_headers(directory: str | os.PathLike[str] | None = None) -> CannHeaders:
    """The headers under ``directory`` (else ``$ASCX_CANN_HEADERS``, else ``$ASCEND_HOME_PATH``); a one-line
    error naming what is missing."""
    if directory is None:
        directory = os.environ.get(HEADERS_ENV) or os.environ.get("ASCEND_HOME_PATH")
        if not directory:
            raise CannCheckError(
                "no CANN headers to type-check against: pass --cann-headers DIR (a CANN installation, or a tree "
                f"with asc-devkit/, stub/ and gen/) or set {HEADERS_ENV} or ASCEND_HOME_PATH",
                kind="no-backend",
            )
    root = Path(directory)
    if not root.is_dir():
        raise CannCheckError(f"no CANN headers in {root}: not a directory", kind="no-backend")
    if (root / "asc-devkit" / "include" / "kernel_operator.h").is_file():
        layout: Literal["devkit tree", "installation"] = "devkit tree"
        dirs = tuple(root / d for d in DEVKIT_TREE_DIRS)
    else:
        layout = "installation"
        dirs = tuple(root / d for d in INSTALLATION_DIRS if (root / d).is_dir())
    missing = [h for h in REQUIRED_HEADERS if not any((d / h).is_file() for d in dirs)]
    if missing:
        raise CannCheckError(
            f"no CANN headers in {root}: {', '.join(missing)} not found (expected a CANN installation with "
            "compiler/tikcpp/tikcfw and tools/tikicpulib/lib/include, or a tree with asc-devkit/, stub/ and gen/)",
            kind="no-backend",
        )
    return CannHeaders(root, layout, dirs)


@cache
def _tree_digest(roots: tuple[Path, ...]) -> str:
    """A digest of every file under ``roots`` (nested roots counted once): their paths, sizes and
    modification times (an installation's ``include/`` holds far more than the kernel headers, so
    their contents are not read)."""
    digest = hashlib.sha256()
    resolved = sorted({r.resolve() for r in roots})
    tops = [r for r in resolved if not any(r != other and r.is_relative_to(other) for other in resolved)]
    for top in tops:
        for directory, subdirs, files in os.walk(top):
            subdirs.sort()
            for name in sorted(files):
                path = Path(directory) / name
                try:
                    stat = path.stat()
                    facts = f"{path.relative_to(top.parent)}\0{stat.st_size}\0{stat.st_mtime_ns}\0"
                except OSError:  # a dangling link
                    facts = f"{path.relative_to(top.parent)}\0?\0"
                digest.update(facts.encode())
    return digest.hexdigest()
