"""pyasc's ``asc.language.core.struct`` (issue 28, point 6): structs declared in Python with ``Field`` and
``StructField``, built on the host and passed to kernels (pyasc's generalization test
``basic/test_vadd_tiling.py``), or built in a kernel.  Host bytes, the printed C++ (type-checked
against CANN), the emulation on both backends, and the errors."""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np
import pytest

import ascx as asc
from ascx.language.core.dtype import KnownTypes as KT
from ascx.language.core.struct import Field, Struct, StructField
from ascx.runtime.jit import MockTensor
from ascx.testing.kernels import line_of

pytestmark = pytest.mark.differential  # docs/emulation.md#the-differential-check-in-the-suite


class SpanConfig(Struct):
    start = Field(dtype=KT.int32, default=0)


class StepConfig(Struct):
    length = Field(dtype=KT.int32, default=0)
    count = Field(dtype=KT.int32)
    scale = Field(dtype=KT.float32, default=1.5)


class RunConfig(Struct):
    span = StructField(SpanConfig)
    step = StructField(StepConfig, default=StepConfig(count=2))


class WideConfig(Struct):
    small = Field(dtype=KT.int16, default=0)


@asc.jit
def read_config(x: asc.GlobalAddress, config: RunConfig) -> None:
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    g.set_value(0, config.span.start)
    g.set_value(1, config.step.length * config.step.count)
    g.set_value(2, asc.number(config.step.scale * 2.0, asc.int32))


def test_host_structs_hold_pyascs_bytes() -> None:
    config = RunConfig(span=SpanConfig(start=3))
    config.step.length = 5  # a nested struct shares its parent's bytes
    assert (config.span.start, config.step.length, config.step.count, config.step.scale) == (3, 5, 2, 1.5)
    assert config.pack() == np.array([3, 5, 2], np.int32).tobytes() + np.float32(1.5).tobytes()
    assert ctypes.sizeof(RunConfig.ctypes_class) == 16
    assert config.addressof() == ctypes.addressof(config.ctypes_struct)
    assert RunConfig.get_field("span").struct_cls is SpanConfig  # type: ignore[attr-defined]
    config.step = StepConfig(length=1, count=9)
    assert (config.step.length, config.step.count) == (1, 9)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: StepConfig(length=1), "StepConfig does not have a default value for 'count'"),
        (lambda: StepConfig(count=1, width=2), "StepConfig does not have a field 'width'"),
        (lambda: RunConfig.get_field("width"), "RunConfig does not have a field 'width'"),
    ],
)
def test_host_errors_are_pyascs(make: object, message: str) -> None:
    with pytest.raises(RuntimeError) as caught:
        make()  # type: ignore[operator]
    assert str(caught.value) == message


def test_a_struct_needs_a_field() -> None:
    with pytest.raises(RuntimeError) as caught:

        class Empty(Struct):  # pyright: ignore[reportUnusedClass]
            pass

    assert str(caught.value) == "Struct 'Empty' must have at least one field"


def test_a_struct_cannot_take_a_cann_struct_name() -> None:
    with pytest.raises(RuntimeError) as caught:

        class SoftMaxTiling(Struct):  # pyright: ignore[reportUnusedClass]
            src_m = Field(dtype=KT.int32, default=0)

    assert str(caught.value) == "Struct 'SoftMaxTiling': CANN declares a struct of this name; choose another"


def test_the_cpp_defines_the_structs_and_reads_the_fields() -> None:
    source = read_config.compile(MockTensor(asc.int32), RunConfig(step=StepConfig(count=1))).source
    assert source.startswith(
        '#include "kernel_operator.h"\n\n'
        "struct SpanConfig {\n    int32_t start;\n};\n\n"
        "struct StepConfig {\n    int32_t length;\n    int32_t count;\n    float scale;\n};\n\n"
        "struct RunConfig {\n    SpanConfig span;\n    StepConfig step;\n};\n\n"
        'extern "C" __global__ __aicore__ void read_config(__gm__ int32_t* x, __gm__ RunConfig* config_gm) {\n'
        "    RunConfig config;\n"
    )
    for line in (
        "    int32_t start = config.span.start;\n",
        "    int32_t length = config.step.length;\n",
        "    int32_t count = config.step.count;\n",
        "    float scale = config.step.scale;\n",
    ):
        assert line in source


def test_the_cpp_type_checks_against_cann(cann_typecheck: Path, tmp_path: Path) -> None:
    source = tmp_path / "kernel.cpp"
    source.write_text(read_config.compile(MockTensor(asc.int32), RunConfig(step=StepConfig(count=1))).source)
    result = subprocess.run(
        [str(cann_typecheck), str(source), "aiv", "-w"],
        capture_output=True,
        text=True,
        env={**os.environ, "CANN_TYPECHECK_PCH": "1"},
        check=False,
    )
    assert result.returncode == 0, result.stderr[-3000:]


def test_a_kernel_reads_the_host_values() -> None:
    x = np.zeros(8, np.int32)
    read_config[1](x, RunConfig(span=SpanConfig(start=7), step=StepConfig(length=4, count=6, scale=2.5)))
    np.testing.assert_array_equal(x[:3], [7, 24, 5])


@asc.jit
def build_config(x: asc.GlobalAddress, n: int) -> None:
    g = asc.GlobalTensor()
    g.set_global_buffer(x)
    step = StepConfig(length=n, count=3)
    step.count = step.count + 1
    g.set_value(0, step.length * step.count)


def test_a_struct_built_in_a_kernel() -> None:
    source = build_config.compile(MockTensor(asc.int32), 5).source
    assert "    StepConfig step;\n    step.length = n;\n    step.count = 3;\n" in source
    x = np.zeros(8, np.int32)
    build_config[1](x, 5)
    assert x[0] == 20


def test_a_kernel_takes_int32_and_float32_fields() -> None:
    @asc.jit
    def k(x: asc.GlobalAddress, config: WideConfig) -> None:
        g = asc.GlobalTensor()
        g.set_global_buffer(x)

    with pytest.raises(asc.KernelError) as caught:
        k.compile(MockTensor(asc.int32), WideConfig())
    assert caught.value.message == (
        "kernel 'k', parameter 'config': WideConfig: field 'small' is int16; a kernel reads and writes "
        "int32 and float32 struct fields (its local copy is made word by word)"
    )
    assert caught.value.hints == ["declare it as int32 or float32"]
    assert caught.value.location is not None


def test_a_kernel_cannot_assign_a_nested_struct() -> None:
    @asc.jit
    def k(x: asc.GlobalAddress, config: RunConfig) -> None:
        config.span = SpanConfig(start=1)  # here

    with pytest.raises(asc.KernelError) as caught:
        k.compile(MockTensor(asc.int32), RunConfig(step=StepConfig(count=1)))
    assert caught.value.message == "TypeError: RunConfig: a kernel cannot assign the struct member 'span' as a whole"
    assert caught.value.hints == ["assign its fields one by one"]
    assert caught.value.location is not None
    assert caught.value.location.line == line_of(sys.modules[__name__], "config.span = SpanConfig(start=1)  # here")


def test_pyascs_import_paths() -> None:
    script = textwrap.dedent(
        """
        from ascx.testing.asc_alias import install
        install()
        from asc.language.core.struct import Field, Struct, StructField
        import ascx.language.core.struct as ours
        print(Field is ours.Field, Struct is ours.Struct, StructField is ours.StructField)
        """
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True", "True"]
