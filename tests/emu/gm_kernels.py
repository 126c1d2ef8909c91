"""Small kernels over global-memory arrays for the emulation tests: each named input is copied into a
``LocalTensor`` of the same name, each named output starts as a copy of its array, the body computes, and
each output is copied back (ascx inserts the synchronisation).  ``gm`` arrays are only ``GlobalTensor``s
(``{name}_gm``) that the body reads or writes itself."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping
from types import ModuleType

import numpy as np

_DTYPES = {
    np.dtype(np.float16): "float16",
    np.dtype(np.float32): "float32",
    np.dtype(np.int8): "int8",
    np.dtype(np.uint8): "uint8",
    np.dtype(np.int16): "int16",
    np.dtype(np.uint16): "uint16",
    np.dtype(np.int32): "int32",
    np.dtype(np.uint32): "uint32",
    np.dtype(np.uint64): "uint64",
    np.dtype(np.int64): "int64",
}
SCRATCH = 131072
"""Unified-buffer bytes from here on are free for the body's own tensors (the inputs and outputs lie below)."""


def source(
    body: str,
    inputs: Mapping[str, np.ndarray],
    outputs: Mapping[str, np.ndarray],
    gm: Mapping[str, np.ndarray] | None = None,
    options: str = "",
) -> str:
    gm = gm or {}
    names = [*inputs, *gm, *outputs]
    lines = [f"@asc.jit{options}", f"def k({', '.join(f'{n}_gm_addr: asc.GlobalAddress' for n in names)}) -> None:"]
    for name in names:
        lines += [f"    {name}_gm = asc.GlobalTensor()", f"    {name}_gm.set_global_buffer({name}_gm_addr)"]
    address = 0
    for name, array in {**inputs, **outputs}.items():
        position = "VECIN" if name in inputs else "VECOUT"
        dtype = _DTYPES[array.dtype]
        lines.append(f"    {name} = asc.LocalTensor(asc.{dtype}, asc.TPosition.{position}, {address}, {array.size})")
        address += -(-array.nbytes // 256) * 256
    assert address <= SCRATCH, "the inputs and outputs do not fit below SCRATCH"
    for name, array in {**inputs, **outputs}.items():
        lines.append(f"    asc.data_copy({name}, {name}_gm, {array.size})")
    lines.append(textwrap.indent(textwrap.dedent(body).strip("\n"), "    "))
    for name, array in outputs.items():
        lines.append(f"    asc.data_copy({name}_gm, {name}, {array.size})")
    return "\n".join(lines) + "\n"


def run(
    load: Callable[[str], ModuleType],
    body: str,
    inputs: Mapping[str, np.ndarray],
    outputs: Mapping[str, np.ndarray],
    gm: Mapping[str, np.ndarray] | None = None,
    options: str = "",
) -> dict[str, np.ndarray]:
    """Run the kernel on one block; returns the outputs and the ``gm`` arrays after the run."""
    gm = gm or {}
    kernel = load(source(body, inputs, outputs, gm, options)).k
    results = {name: array.copy() for name, array in {**gm, **outputs}.items()}
    kernel[1](*[a.copy() for a in inputs.values()], *results.values())
    return results
