"""Stand-ins for array libraries that reach a launch through one protocol only: ``__array__`` (as many do)
or DLPack (as torch's CPU tensors do).  Both wrap a numpy array and share its memory."""

from __future__ import annotations

from typing import Any

import numpy as np


class ArrayOnly:
    """Exposes only ``__array__``."""

    def __init__(self, data: np.ndarray[Any, Any]) -> None:
        self.data = data
        self.dtype = data.dtype

    def __array__(self, dtype: object = None, copy: object = None) -> np.ndarray[Any, Any]:
        return self.data


class DLPackOnly:
    """Exposes only the DLPack protocol."""

    def __init__(self, data: np.ndarray[Any, Any]) -> None:
        self.data = data
        self.dtype = data.dtype

    def __dlpack__(self, **kwargs: Any) -> object:
        return self.data.__dlpack__(**kwargs)

    def __dlpack_device__(self) -> tuple[int, int]:
        return self.data.__dlpack_device__()
