"""Objects are declared where they are created, and no value is used outside the region that makes
it (issue 31, point 1; docs/tracing.md#objects-created-before-a-region)."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import numpy as np
import pytest

import ascx as asc
from ascx.errors import KernelError
from ascx.runtime.jit import MockTensor, MockValue

pytestmark = pytest.mark.differential  # its launches: docs/emulation.md#the-differential-check-in-the-suite

F32 = MockTensor(asc.float32)

EARLY_RETURN_INIT = """
@asc.jit
def init(x, g, n):
    if n <= 0:
        return 0
    g.set_global_buffer(x, n)
    return n

@asc.jit
def k(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int) -> None:
    x_gm = asc.GlobalTensor()
    length = init(x, x_gm, n)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y, length)
    t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 256)
    asc.data_copy(t, x_gm, count=256)
    asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
    asc.data_copy(y_gm, t, count=256)
"""


def test_a_tensor_given_its_buffer_after_an_early_return_is_declared_in_the_kernel(
    kernel_module: Callable[[str], ModuleType],
) -> None:
    kernel = kernel_module(EARLY_RETURN_INIT).k
    source = kernel.compile(F32, F32, MockValue(asc.int32)).source
    body = source[source.index("{") + 1 : source.index("AscendC::LocalTensor")]
    assert body.split("\n")[1:] == [
        "    bool v = n <= 0;",
        "    AscendC::GlobalTensor<float> x_gm;",
        "    int32_t length;",
        "    if (v) {",
        "        length = 0;",
        "    } else {",
        "        x_gm.SetGlobalBuffer(x, n);",
        "        length = n;",
        "    }",
        "    AscendC::GlobalTensor<float> y_gm;",
        "    y_gm.SetGlobalBuffer(y, length);",
        "    ",
    ]
    x = np.arange(256, dtype=np.float32)
    y = np.zeros_like(x)
    kernel[1](x, y, 256)
    np.testing.assert_array_equal(y, x)


def test_a_tensor_set_in_both_arms_of_a_runtime_if_is_one_tensor(kernel_module: Callable[[str], ModuleType]) -> None:
    kernel = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress, z: asc.GlobalAddress, y: asc.GlobalAddress, c: int) -> None:
            src = asc.GlobalTensor()
            if c > 0:
                src.set_global_buffer(x, 256)
            else:
                src.set_global_buffer(z, 256)
            y_gm = asc.GlobalTensor()
            y_gm.set_global_buffer(y, 256)
            t = asc.LocalTensor(asc.float32, asc.TPosition.VECCALC, 0, 256)
            asc.data_copy(t, src, count=256)
            asc.set_flag(asc.HardEvent.MTE2_MTE3, 0)
            asc.wait_flag(asc.HardEvent.MTE2_MTE3, 0)
            asc.data_copy(y_gm, t, count=256)
        """
    ).k
    source = kernel.compile(F32, F32, F32, MockValue(asc.int32)).source
    assert source.count("AscendC::GlobalTensor<float> src;") == 1
    x = np.arange(256, dtype=np.float32)
    z = -x
    for c, expected in ((1, x), (0, z)):
        y = np.zeros_like(x)
        kernel[1](x, z, y, c)
        np.testing.assert_array_equal(y, expected)


def test_a_tensor_filled_inside_a_runtime_if_and_used_after_it_is_an_error(
    kernel_module: Callable[[str], ModuleType],
) -> None:
    module = kernel_module(
        """
        @asc.jit
        def k(x: asc.GlobalAddress, n: int) -> None:
            x_gm = asc.GlobalTensor()
            x_gm.set_global_buffer(x, n)
            pipe = asc.TPipe()
            que = asc.TQue(asc.TPosition.VECIN, 1)
            pipe.init_buffer(que, 1, 1024)
            t = asc.LocalTensor(asc.float32)
            if n > 0:
                que.alloc_tensor(t)
            asc.data_copy(t, x_gm, count=256)
        """
    )
    with pytest.raises(KernelError) as caught:
        module.k.compile(F32, MockValue(asc.int32))
    path = module.__file__
    assert str(caught.value).split("\n")[0] == (
        f"{path}:15:5: error: 't' is used here, outside the runtime 'if' at {path}:13 in which it gets its value"
    )
    assert caught.value.kind == "value-escapes-region"
    assert caught.value.notes == [f"'t' gets this value at {path}:14, inside the runtime 'if' at {path}:13"]
    assert caught.value.hints == ["give 't' its value before the runtime 'if', or use it only inside it"]
