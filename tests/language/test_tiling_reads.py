"""Reads of a ``TCubeTiling`` field are shared while the value they read can be used: later in the
same block or in a nested region, until the field is set again."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import ascx as asc
from ascx.runtime.jit import MockTensor, MockValue


def _reads(load: Callable[[str], ModuleType], body: str) -> list[str]:
    module = load(
        "@asc.jit\n"
        "def k(x: asc.GlobalAddress, n: int, tiling: asc.adv.TCubeTiling) -> None:\n"
        "    g = asc.GlobalTensor()\n"
        "    g.set_global_buffer(x)\n" + "".join(f"    {line}\n" for line in body.strip("\n").split("\n"))
    )
    source = module.k.compile(MockTensor(asc.float16), MockValue(asc.int32), asc.adv.TCubeTiling).source
    return [line.strip() for line in source.split("\n") if "= tiling." in line]


def test_a_field_is_read_once_in_straight_line_code(kernel_module: Callable[[str], ModuleType]) -> None:
    reads = _reads(kernel_module, "g.set_value(0, tiling.m)\ng.set_value(1, tiling.m + tiling.n)")
    assert reads == ["int32_t m = tiling.M;", "int32_t n_1 = tiling.N;"]


def test_a_read_before_a_loop_serves_the_loop(kernel_module: Callable[[str], ModuleType]) -> None:
    reads = _reads(kernel_module, "m = tiling.m\nfor i in range(n):\n    g.set_value(i, tiling.m)")
    assert reads == ["int32_t m = tiling.M;"]


def test_a_read_in_a_branch_does_not_serve_the_code_after_it(kernel_module: Callable[[str], ModuleType]) -> None:
    reads = _reads(kernel_module, "if n > 0:\n    g.set_value(0, tiling.m)\ng.set_value(1, tiling.m)")
    assert reads == ["int32_t m = tiling.M;", "int32_t m_1 = tiling.M;"]


def test_setting_a_field_reads_it_again(kernel_module: Callable[[str], ModuleType]) -> None:
    reads = _reads(kernel_module, "g.set_value(0, tiling.m)\ntiling.m = n\ng.set_value(1, tiling.m)")
    assert reads == ["int32_t m = tiling.M;", "int32_t m_1 = tiling.M;"]
