"""Reference roundings for tests of the emulation's conversions, computed from a float's bits."""

from __future__ import annotations

from typing import Any

import numpy as np

BFLOAT16_MODES = ("r", "a", "c", "f", "z")
"""The round modes of a float to bfloat16 conversion, by the suffix of the intrinsic that runs it
(``vconv_f322bf16r/a/c/f/z``): nearest even, nearest with ties away from zero, up, down, towards zero;
``Cast``'s ``CAST_RINT``, ``CAST_ROUND``, ``CAST_CEIL``, ``CAST_FLOOR``, ``CAST_TRUNC``."""


def bfloat16_bits(values: np.ndarray[Any, Any], mode: str) -> np.ndarray[Any, np.dtype[np.uint16]]:
    """float32 ``values`` as bfloat16 bits rounded by ``mode`` (one of :data:`BFLOAT16_MODES`): the upper half
    of a float's bits is the bfloat16 towards zero, one more (in magnitude) the one away from zero (the
    largest finite value's is infinity), and the lower half says how far between them the float lies.
    NaNs are not handled."""
    if mode not in BFLOAT16_MODES:
        raise ValueError(f"not a bfloat16 round mode: {mode!r}")
    bits = np.asarray(values, dtype=np.float32).view(np.uint32).astype(np.int64)
    upper, rest, negative = bits >> 16, bits & 0xFFFF, (bits >> 31) == 1
    inexact = rest != 0
    away = {
        "r": (rest > 0x8000) | ((rest == 0x8000) & ((upper & 1) == 1)),
        "a": rest >= 0x8000,
        "c": inexact & ~negative,
        "f": inexact & negative,
        "z": np.zeros_like(inexact),
    }[mode]
    return (upper + away).astype(np.uint16)
