"""Stand-ins for array libraries that reach a launch through one protocol only: ``__array__`` (as many do),
DLPack (as torch's CPU tensors do) or the array interface.  Each wraps a numpy array; all but
``ArrayCopyOnly`` and ``ArrayCopyWithSetitem`` share its memory (docs/emulation.md#arguments)."""

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


class ArrayInterfaceOnly:
    """Exposes only ``__array_interface__`` (numpy's array interface), the array's own memory."""

    def __init__(self, data: np.ndarray[Any, Any]) -> None:
        self.data = data
        self.dtype = data.dtype
        self.__array_interface__ = data.__array_interface__


class ArrayCopyOnly:
    """Exposes only ``__array__``, and returns a new copy of its data each time (as a library whose data
    lives elsewhere does): a kernel cannot write into it."""

    def __init__(self, data: np.ndarray[Any, Any]) -> None:
        self.data = data
        self.dtype = data.dtype

    def __array__(self, dtype: object = None, copy: object = None) -> np.ndarray[Any, Any]:
        return self.data.copy()


class ArrayCopyWithSetitem(ArrayCopyOnly):
    """``ArrayCopyOnly`` that takes new contents through ``obj[...] = values``."""

    def __setitem__(self, key: Any, values: Any) -> None:
        self.data[key] = values
