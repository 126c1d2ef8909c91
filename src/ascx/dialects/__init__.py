"""ascx's xDSL dialects, and the context that knows them.

Dialects are registered lazily by name (as xDSL does), so building a context is cheap.
"""

from collections.abc import Callable

from xdsl.context import Context
from xdsl.ir import Dialect


def _ascendc() -> Dialect:
    from ascx.dialects.ascendc.dialect import AscendC

    return AscendC


def _builtin() -> Dialect:
    from xdsl.dialects.builtin import Builtin

    return Builtin


def _func() -> Dialect:
    from xdsl.dialects.func import Func

    return Func


def _arith() -> Dialect:
    from xdsl.dialects.arith import Arith

    return Arith


def _math() -> Dialect:
    from xdsl.dialects.math import Math

    return Math


def _scf() -> Dialect:
    from xdsl.dialects.scf import Scf

    return Scf


def get_all_dialects() -> dict[str, Callable[[], Dialect]]:
    """The dialects of ascx kernels: ``ascendc`` plus the xDSL dialects the tracer emits."""
    return {"ascendc": _ascendc, "builtin": _builtin, "func": _func, "arith": _arith, "math": _math, "scf": _scf}


def make_context() -> Context:
    """A context in which every dialect of :func:`get_all_dialects` is registered."""
    ctx = Context()
    for name, factory in get_all_dialects().items():
        ctx.register_dialect(name, factory)
    return ctx
