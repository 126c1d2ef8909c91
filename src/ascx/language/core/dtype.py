"""Scalar data types (pyasc's ``asc.float16``, ``asc.int32``, ...).

A :class:`DataType` is a compile-time value.  Two data types are equal when their names are
equal, as in pyasc; the aliases (``half``, ``float_``, ``int_``, ``bool_``, ``bit``, ``double``)
are the same objects as the types they name.
"""

from __future__ import annotations

import re
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from xdsl.ir import Attribute

_NAME = re.compile(r"^(int|uint|float|bfloat)([0-9]+)$")


class DataType:
    """A scalar element type, named as in pyasc (``"float16"``, ``"uint8"``, ...)."""

    __slots__ = ("bitwidth", "kind", "name")

    def __init__(self, name: str):
        if name == "void":  # pyasc's asc.void: no values, no size
            self.name, self.kind, self.bitwidth = name, name, 0
            return
        match = _NAME.match(name)
        if match is None or name not in _NAMES:
            raise ValueError(f"Unsupported DataType name: {name}")
        self.name = name
        self.kind = match[1]
        self.bitwidth = int(match[2])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DataType) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)

    def __str__(self) -> str:
        return self.name

    def __ascx_fingerprint__(self) -> str:
        return f"dtype:{self.name}"

    def __repr__(self) -> str:
        return f"asc.{self.name}"

    def is_float(self) -> bool:
        return self.kind in ("float", "bfloat")

    def is_int(self) -> bool:
        return self.kind in ("int", "uint")

    def is_signed(self) -> bool:
        return self.kind == "int"

    def is_unsigned(self) -> bool:
        return self.kind == "uint"

    def is_numeric(self) -> bool:
        """An integer or floating-point type (not ``void``)."""
        return self.is_int() or self.is_float()

    def is_void(self) -> bool:
        return self.kind == "void"

    def sizeof(self) -> int:
        """The size in bytes (``int1`` counts as one byte)."""
        if self.is_void():
            raise ValueError(f"DataType does not have a bitwidth: {self.name}")
        return max(1, self.bitwidth // 8)

    def to_ir(self) -> Attribute:
        """The xDSL type that represents this data type in IR."""
        if self.is_void():
            raise TypeError("asc.void has no values: it cannot be the type of an element or a scalar")
        return _ir_types()[self.name]

    @classmethod
    def from_ir(cls, ir_type: Attribute) -> DataType:
        """The data type an IR element type stands for."""
        for name, candidate in _ir_types().items():
            if candidate == ir_type:
                return cls(name)
        raise ValueError(f"IR type {ir_type} has no ascx data type")

    @classmethod
    def from_numpy(cls, dtype: Any) -> DataType:
        """The data type of a numpy dtype (or anything ``numpy.dtype`` accepts, e.g. ``"float16"``)."""
        import numpy as np

        name = np.dtype(dtype).name
        if name == "bool":
            return int8
        try:
            return cls(name)
        except ValueError:
            raise TypeError(f"numpy dtype {name} has no ascx data type") from None


_NAMES = frozenset(
    {"int1", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"}
    | {"float16", "bfloat16", "float32", "float64"}
)
"""The data types that have values (every one but ``void``)."""


@cache
def _ir_types() -> dict[str, Attribute]:
    """Name -> the xDSL type of the IR, built on first use: ``import ascx`` does not load xDSL."""
    from xdsl.dialects.builtin import BFloat16Type, Float16Type, Float32Type, Float64Type, IntegerType, Signedness

    unsigned = Signedness.UNSIGNED
    types: dict[str, Attribute] = {f"int{width}": IntegerType(width) for width in (1, 8, 16, 32, 64)}
    types.update({f"uint{width}": IntegerType(width, unsigned) for width in (8, 16, 32, 64)})
    types.update(float16=Float16Type(), bfloat16=BFloat16Type(), float32=Float32Type(), float64=Float64Type())
    assert set(types) == _NAMES
    return types


int1 = DataType("int1")
int8 = DataType("int8")
int16 = DataType("int16")
int32 = DataType("int32")
int64 = DataType("int64")
uint8 = DataType("uint8")
uint16 = DataType("uint16")
uint32 = DataType("uint32")
uint64 = DataType("uint64")
float16 = DataType("float16")
bfloat16 = DataType("bfloat16")
float32 = DataType("float32")
float64 = DataType("float64")
void = DataType("void")

bit = int1
bool_ = int8
int_ = int32
half = float16
float_ = float32
double = float64


class KnownTypes:
    """pyasc's ``asc.language.core.dtype.KnownTypes``: the predefined data types as class attributes, for
    code that writes ``KT.int32`` (pyasc's generalization tests import it as ``KT``).  The same objects as
    the module's names: ``KnownTypes.half is float16``."""

    void = void
    int1 = int1
    int8 = int8
    int16 = int16
    int32 = int32
    int64 = int64
    float16 = float16
    float32 = float32
    float64 = float64
    uint8 = uint8
    uint16 = uint16
    uint32 = uint32
    uint64 = uint64
    bit = bit
    bool_ = bool_
    int_ = int_
    half = half
    float_ = float_
    double = double


__all__ = [
    "DataType",
    "bfloat16",
    "bit",
    "bool_",
    "double",
    "float16",
    "float32",
    "float64",
    "float_",
    "half",
    "int1",
    "int8",
    "int16",
    "int32",
    "int64",
    "int_",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "void",
]
