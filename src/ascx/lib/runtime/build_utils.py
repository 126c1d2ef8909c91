"""pyasc's ``asc.lib.runtime.build_utils``: builds its runtime wrapper against CANN's runtime
libraries.  ascx's model needs no wrapper (the emulation is built per kernel by ``ascx.emu.build``),
so building one is an NPU matter."""

from __future__ import annotations

from typing import Any, NoReturn

from ascx.lib.runtime.interface import NpuRequiredError


def build_npu_ext(obj_name: str, is_model: bool, soc: Any, src_path: str, src_dir: str) -> NoReturn:
    """Build pyasc's runtime extension against CANN's runtime (needs the NPU toolkit)."""
    del obj_name, is_model, soc, src_path, src_dir
    raise NpuRequiredError("build_utils.build_npu_ext")
