"""A kernel's arguments as ``launch_kernel`` receives them: 8-byte words, packed as pyasc's launcher
packs them.

Each scalar takes its own size, padded to 4 bytes when smaller; each device address (a tensor, or a
struct such as ``TCubeTiling`` copied to device memory) is aligned to 8 bytes and takes 8.  The
bytes are cut into little-endian 64-bit words.  :func:`pack_arguments` writes that layout for a
compiled kernel, :func:`unpack_arguments` reads it back into what the emulation's launcher takes:
numpy views of the device memory for pointers, numpy scalars for scalars.
"""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from ascx.lib.runtime.interface import RuntimeApiError, device_allocation

if TYPE_CHECKING:
    from ascx.kernel_facts import EmulatedKernel
    from ascx.language.core.dtype import DataType

WORD = 8


def numpy_dtype(dtype: DataType) -> np.dtype[Any]:
    """The numpy type of an ascx data type (``half`` is numpy's ``float16``)."""
    text = str(dtype)
    if text == "bfloat16":
        raise RuntimeApiError("bfloat16 kernel arguments cannot be passed from numpy")
    return np.dtype("float16" if text == "half" else text)


def element_bits_dtype(dtype: DataType) -> np.dtype[Any]:
    """The numpy type a pointer argument's memory is viewed as: ``numpy_dtype``, but ``uint16`` (the same
    bits) for ``bfloat16``, which numpy lacks (a torch ``bfloat16`` tensor's data)."""
    return np.dtype(np.uint16) if str(dtype) == "bfloat16" else numpy_dtype(dtype)


def _word(value: Any) -> int:
    if isinstance(value, ctypes.c_void_p):
        return int(value.value or 0)
    if isinstance(value, ctypes.c_uint64 | ctypes.c_int64):
        return int(value.value)
    if isinstance(value, int):
        return value & 0xFFFF_FFFF_FFFF_FFFF
    if isinstance(value, np.integer):
        return int(cast("np.integer[Any]", value)) & 0xFFFF_FFFF_FFFF_FFFF
    raise RuntimeApiError(
        f"launch_kernel: an argument word must be an int or a ctypes value, got {type(value).__name__}"
    )


def pack_arguments(kernel: EmulatedKernel, values: Sequence[Any]) -> list[ctypes.c_uint64]:
    """``values`` (one per runtime parameter: a device address for pointers and structs, a number for
    scalars) as the words ``launch_kernel`` takes."""
    blob = bytearray()
    runtime = [p for p in kernel.params if p.kind != "constexpr"]
    if len(values) != len(runtime):
        raise RuntimeApiError(f"kernel '{kernel.name}' takes {len(runtime)} runtime arguments, got {len(values)}")
    for param, value in zip(runtime, values, strict=True):
        if param.kind == "scalar":
            assert param.dtype is not None
            raw = np.array([value], dtype=numpy_dtype(param.dtype)).tobytes()
            blob += raw + b"\0" * (4 - len(raw) if len(raw) < 4 else 0)
        else:
            if len(blob) % WORD:
                blob += b"\0" * (WORD - len(blob) % WORD)
            blob += _word(value).to_bytes(WORD, "little")
    blob += b"\0" * (-len(blob) % WORD)
    return [ctypes.c_uint64(int.from_bytes(blob[i : i + WORD], "little")) for i in range(0, len(blob), WORD)]


def _device_view(address: int, dtype: np.dtype[Any], name: str) -> np.ndarray[Any, Any]:
    allocation = device_allocation(address, 1, "launch_kernel", f"argument '{name}'")
    owner: np.ndarray[Any, Any] = allocation.owner
    start = address - int(owner.ctypes.data)
    available = allocation.address + allocation.size - address
    count = available // dtype.itemsize
    return owner[start : start + count * dtype.itemsize].view(dtype)


def unpack_arguments(kernel: EmulatedKernel, words: Sequence[Any]) -> list[Any]:
    """The kernel's arguments (one per parameter, None for compile-time ones) from the packed words;
    pointers become views of the device memory they point into.  Words past the kernel's parameters
    (pyasc appends the FFTS address and the dump buffer) are ignored: the emulation provides those."""
    blob = b"".join(_word(w).to_bytes(WORD, "little") for w in words)
    at = 0
    out: list[Any] = []

    def take(size: int, name: str) -> bytes:
        nonlocal at
        if at + size > len(blob):
            raise RuntimeApiError(f"launch_kernel: the arguments end before parameter '{name}' of '{kernel.name}'")
        raw = blob[at : at + size]
        at += size
        return raw

    for param in kernel.params:
        if param.kind == "constexpr":
            out.append(None)
            continue
        if param.kind == "scalar":
            assert param.dtype is not None
            dtype = numpy_dtype(param.dtype)
            raw = take(max(dtype.itemsize, 4), param.name)
            out.append(np.frombuffer(raw[: dtype.itemsize], dtype=dtype)[0])
            continue
        at += -at % WORD
        address = int.from_bytes(take(WORD, param.name), "little")
        if param.kind == "pointer":
            assert param.dtype is not None
            out.append(_device_view(address, element_bits_dtype(param.dtype), param.name))
        else:
            out.append(_device_view(address, np.dtype(np.uint8), param.name))
    return out
