"""ascx's passes, registered lazily by name (as xDSL registers its own).

Each pass lives in a module of its own and is a ``ModulePass`` with a kebab-case ``name``.
"""

from collections.abc import Callable

from xdsl.passes import ModulePass


def _kernel_type() -> type[ModulePass]:
    from ascx.passes.kernel_type import KernelTypePass

    return KernelTypePass


def _kernel_prologue() -> type[ModulePass]:
    from ascx.passes.kernel_prologue import KernelProloguePass

    return KernelProloguePass


def get_all_passes() -> dict[str, Callable[[], type[ModulePass]]]:
    """Pass name -> factory of the pass class."""
    return {
        "ascx-kernel-type": _kernel_type,
        "ascx-kernel-prologue": _kernel_prologue,
    }
