"""The compile driver prints a kernel once, with its Python-line markers (what the emulation builds), and
takes the Ascend C as that text without the markers: the two must be exactly what the printer gives with
and without ``source_lines``."""

from __future__ import annotations

import warnings

import pytest

from ascx.target import print_ascendc
from ascx.target.printer import without_source_lines
from ascx.testing.examples import EXAMPLE_ARGUMENTS, example_kernel


@pytest.mark.parametrize("name", sorted(EXAMPLE_ARGUMENTS))
def test_the_plain_source_is_the_annotated_one_without_markers(name: str) -> None:
    kernel, arguments = example_kernel(name)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        compiled = kernel.compile(*arguments)
    annotated = print_ascendc(compiled.module, source_lines=True)
    assert "ascx_emu::at(" in annotated
    assert without_source_lines(annotated) == print_ascendc(compiled.module)
    assert compiled.source == print_ascendc(compiled.module)
    assert compiled.launch_facts.emulation_source == annotated


def test_only_whole_marker_lines_go() -> None:
    text = '    ascx_emu::at("a \\"b\\".py", 12);\n    int x = 1;  // ascx_emu::at("k.py", 3);\n'
    assert without_source_lines(text) == '    int x = 1;  // ascx_emu::at("k.py", 3);\n'
