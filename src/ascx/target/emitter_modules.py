"""Which emitter modules print the ops of which op module, so the printer imports only those a
module's IR needs (a Matmul kernel never loads the vector, sort or cube printers).

``load_emitters(module)`` imports the emitters of every op module the IR uses before printing, so
the file-scope printers of those emitters (the Matmul ``constexpr`` configs) run too;
``load_all_emitters()`` imports every one (``ascx-opt -t ascendc`` and the tests).
``tests/target/test_printer_coverage.py`` checks that this table names the module of every
printer entry.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable

from xdsl.dialects.builtin import ModuleOp

_D = "ascx.dialects.ascendc."
_T = "ascx.target."

EMITTER_MODULES: dict[str, tuple[str, ...]] = {
    f"{_D}adv_ops": (f"{_T}emit_adv",),
    f"{_D}allocator_ops": (f"{_T}emit_cube",),
    f"{_D}array_ops": (f"{_T}emit_array",),
    f"{_D}cube_ops": (f"{_T}emit_cube",),
    f"{_D}data_copy_ops": (f"{_T}emit_data_copy",),
    f"{_D}fwk_ops": (f"{_T}emit_fwk",),
    f"{_D}kernel_ops": (f"{_T}emit_ascendc",),
    f"{_D}list_tensor_ops": (f"{_T}emit_list_tensor",),
    f"{_D}matmul_compute_ops": (f"{_T}emit_matmul",),
    f"{_D}matmul_ops": (f"{_T}emit_matmul",),
    f"{_D}matmul_setter_ops": (f"{_T}emit_matmul",),
    f"{_D}object_ops": (f"{_T}emit_ascendc", f"{_T}emit_scalar"),
    f"{_D}reduce_ops": (f"{_T}emit_reduce",),
    f"{_D}scalar_unit_ops": (f"{_T}emit_scalar_unit",),
    f"{_D}sort_ops": (f"{_T}emit_sort",),
    f"{_D}static_tiling_ops": (f"{_T}emit_matmul",),
    f"{_D}sync_ops": (f"{_T}emit_sync",),
    f"{_D}system_api_ops": (f"{_T}emit_system",),
    f"{_D}system_ops": (f"{_T}emit_sync",),
    f"{_D}tensor_address_ops": (f"{_T}emit_vector_data",),
    f"{_D}tensor_method_ops": (f"{_T}emit_list_tensor",),
    f"{_D}tensor_ops": (f"{_T}emit_ascendc", f"{_T}emit_core"),
    f"{_D}vector_data_ops": (f"{_T}emit_vector_data",),
    f"{_D}vector_fused_ops": (f"{_T}emit_vector_fused",),
    f"{_D}vector_mask_ops": (f"{_T}emit_vector_mask",),
    f"{_D}vector_ops": (f"{_T}emit_vector",),
    "xdsl.dialects.arith": (f"{_T}emit_scalar",),
    "xdsl.dialects.math": (f"{_T}emit_scalar",),
    "xdsl.dialects.scf": (f"{_T}emit_control",),
}
"""Op module -> the emitter modules with printer entries for its ops (``func`` is the printer's own)."""

_loaded: set[str] = set()


def _load(op_modules: Iterable[str]) -> None:
    for op_module in op_modules:
        if op_module in _loaded:
            continue
        _loaded.add(op_module)
        for emitter in EMITTER_MODULES.get(op_module, ()):
            importlib.import_module(emitter)


def load_emitters(module: ModuleOp) -> None:
    """Import the emitters of every op module ``module`` uses."""
    _load({type(op).__module__ for op in module.walk()})


def load_emitters_of(op_module: str) -> None:
    """Import the emitters of the ops of ``op_module`` (an op the printer met without an entry)."""
    _load((op_module,))


def load_all_emitters() -> None:
    _load(EMITTER_MODULES)
