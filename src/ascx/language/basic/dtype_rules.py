"""The data types each vector op supports (Atlas A2, dav-c220).

pyasc checks the element-wise binary ops only (``check_type``, whose messages ascx keeps, with its
wrong dtype in the source messages fixed); the other sets are those the Ascend C documentation
gives for each API, which pyasc only documents and ascx enforces.
"""

from __future__ import annotations

from ascx.language.core.dtype import DataType, float16, float32, int16, int32, uint16, uint32

FLOATS = (float16, float32)
ARITHMETIC = (float16, float32, int16, int32)
BITWISE = (int16, uint16)

BINARY: dict[str, tuple[DataType, ...]] = {
    "add": ARITHMETIC, "sub": ARITHMETIC, "mul": ARITHMETIC, "max": ARITHMETIC, "min": ARITHMETIC,
    "div": FLOATS, "bitwise_and": BITWISE, "bitwise_or": BITWISE,
}  # fmt: skip
BINARY_SCALAR: dict[str, tuple[DataType, ...]] = {
    "adds": ARITHMETIC, "muls": ARITHMETIC, "maxs": ARITHMETIC, "mins": ARITHMETIC, "leaky_relu": FLOATS,
}  # fmt: skip
UNARY: dict[str, tuple[DataType, ...]] = {
    "abs": FLOATS, "exp": FLOATS, "ln": FLOATS, "sqrt": FLOATS, "rsqrt": FLOATS, "reciprocal": FLOATS,
    "relu": (float16, float32, int32), "bitwise_not": BITWISE,
}  # fmt: skip
DUPLICATE = (float16, float32, int16, uint16, int32, uint32)
REDUCE = FLOATS
COMPARE = (float16, float32, int32)
SELECT = FLOATS


def pyasc_valid_types(valid: tuple[DataType, ...]) -> str:
    """pyasc's rendering of a valid-type table: ``{'src': ['float16', ...], 'dst': [...]}``."""
    names = [d.name for d in valid]
    return str({"src": names, "dst": names})
