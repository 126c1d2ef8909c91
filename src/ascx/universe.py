"""ascx in xDSL's plugin mechanism: the ``ascendc`` dialect, ascx's passes and the ``ascendc`` target,
published through the ``xdsl.universe`` entry point (``pyproject.toml``), so plain ``xdsl-opt`` parses
ascx's IR and runs its passes, as ``ascx-opt`` does.  Everything is a factory, imported when used.
(docs/extending.md#ascx-in-xdsl-opt)"""

from __future__ import annotations

from xdsl.ir import Dialect
from xdsl.universe import Universe
from xdsl.utils.target import Target

from ascx.passes import get_all_passes


def _ascendc_dialect() -> Dialect:
    from ascx.dialects.ascendc.dialect import AscendC

    return AscendC


def _ascendc_target() -> type[Target]:
    from ascx.target import AscendCTarget

    return AscendCTarget


ASCX_UNIVERSE = Universe(
    all_dialects={"ascendc": _ascendc_dialect},
    all_passes=get_all_passes(),
    all_targets={"ascendc": _ascendc_target},
)
"""The dialects the tracer also emits (``builtin``, ``func``, ``arith``, ``math``, ``scf``) are xDSL's own."""
