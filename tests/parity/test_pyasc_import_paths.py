"""The module paths pyasc's tests import from exist in ascx with pyasc's meaning (issue 28, point 6):
``asc.language.core.dtype.KnownTypes`` (pyasc's generalization tests write ``KT.int32``)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import ascx
from ascx.language.core.dtype import KnownTypes

PYASC_KNOWN_TYPES = {
    "void": "void",
    "int1": "int1",
    "int8": "int8",
    "int16": "int16",
    "int32": "int32",
    "int64": "int64",
    "float16": "float16",
    "float32": "float32",
    "float64": "float64",
    "uint8": "uint8",
    "uint16": "uint16",
    "uint32": "uint32",
    "uint64": "uint64",
    "bit": "int1",
    "bool_": "int8",
    "int_": "int32",
    "half": "float16",
    "float_": "float32",
    "double": "float64",
}
"""pyasc 1.1.1's ``KnownTypes`` (asc/language/core/dtype.py): attribute -> the data type it is."""


def test_known_types_are_pyascs() -> None:
    ours = {name: str(value) for name, value in vars(KnownTypes).items() if not name.startswith("_")}
    assert ours == PYASC_KNOWN_TYPES
    assert KnownTypes.half is ascx.float16
    assert KnownTypes.int32 is ascx.int32


def test_pyasc_import_path_in_a_kernel() -> None:
    """``from asc.language.core.dtype import KnownTypes`` under the ``asc`` alias, used in a kernel."""
    script = textwrap.dedent(
        """
        from ascx.testing.asc_alias import install
        install()
        import asc
        from asc.language.core.dtype import KnownTypes as KT
        from ascx.runtime.jit import MockTensor

        @asc.jit
        def k(x: asc.GlobalAddress) -> None:
            g = asc.GlobalTensor()
            g.set_global_buffer(x)
            g.set_value(0, asc.number(7, KT.int32))

        print(KT.int32 is asc.int32)
        print([line.strip() for line in k.compile(MockTensor(KT.int32)).source.splitlines() if "SetValue" in line])
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["True", "['g.SetValue(0, 7);']"]
