"""Every enum value the C++ printer can write is pinned by a test of the printed C++.

The values come from the printer's own tables: the members each enum attribute of the ``ascendc``
dialect may hold (``IrEnum.in_ir``, or every member of a dialect-only ``StrEnum``), the C++ enums of
struct fields (``CPP_ENUMS``), the ``MatmulConfig`` enumerators and named templates, and the kernel
types.  ``SPELLINGS`` says how the printer writes each enum (the f-strings of ``ascx.target``); a new
enum attribute with no entry fails ``test_every_enum_attribute_has_a_printed_spelling``.

A value is pinned when its printed spelling occurs in a printed-C++ context of the tests: a check
line (``CHECK:``, ``CPP-NEXT:``, ... but not ``-NOT``) of a filecheck file under ``tests/filecheck``,
or a string literal of a Python test in a directory whose tests compare printed C++ (``PRINTER_TESTS``).
The IR spells these values in lower case (``#ascendc<cmp_mode ne>``), so an IR check never pins one.
A mutant that prints ``CMPMODE::EQ`` for ``NE`` then fails an exact C++ comparison.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from enum import Enum
from functools import cache
from pathlib import Path

import pytest
from xdsl.dialects.utils import EnumAttribute

from ascx import enums as E
from ascx.dialects.ascendc import AscendC
from ascx.dialects.ascendc.basic_enums import BinaryKind
from ascx.dialects.ascendc.basic_types import CPP_ENUMS
from ascx.dialects.ascendc.enum_attr import IrEnumAttribute
from ascx.dialects.ascendc.fwk_ops import EventIdAction
from ascx.dialects.ascendc.list_tensor_ops import TensorDescQuery
from ascx.dialects.ascendc.matmul_config_fields import CONFIG_FIELDS, ENUMERATORS
from ascx.dialects.ascendc.matmul_named_configs import NAMED_CONFIGS
from ascx.kernel_type import KernelType

TESTS = Path(__file__).resolve().parents[1]
PRINTER_TESTS = ("target", "language", "passes", "tracer", "examples", "cli", "analysis", "parity", "runtime")
"""Directories under ``tests/`` whose Python tests compare printed C++ (``emu``, ``cann`` and ``real``
compile hand-written C++, which pins nothing about the printer)."""

_CHECK_LINE = re.compile(r"^\s*(?://|#|;)\s*[A-Z][A-Z0-9_]*(?:-NEXT|-SAME|-DAG|-LABEL)?:(.*)$")


def _qualified(prefix: str) -> Callable[[Enum], str]:
    return lambda member: re.escape(prefix + member.name) + r"\b"


def _call(member: Enum) -> str:
    """A kind the printer writes as the name of the function or method it calls (``.cpp``)."""
    return r"\b" + re.escape(str(member.cpp)) + r"\b\s*[<(]"


SPELLINGS: dict[type[Enum], Callable[[Enum], str]] = {
    E.TPosition: _qualified("AscendC::TPosition::"),  # printer.position, emit_ascendc, emit_cube
    E.CubeFormat: _qualified("CubeFormat::"),  # printer.matmul_type
    E.LayoutMode: _qualified("LayoutMode::"),  # printer.matmul_type
    E.MatmulPolicy: _qualified("AscendC::Impl::Detail::"),  # emit_matmul
    E.PipeID: lambda m: r"\b" + m.name + r"\b",  # emit_sync, emit_ascendc: the bare macro
    E.HardEvent: _qualified("AscendC::HardEvent::"),  # emit_sync, emit_fwk
    E.RoundMode: _qualified("AscendC::RoundMode::"),  # emit_vector (Cast), emit_scalar_unit
    E.CMPMODE: _qualified("AscendC::CMPMODE::"),  # emit_vector, emit_vector_mask
    E.SelMode: _qualified("AscendC::SELMODE::"),  # emit_vector, emit_vector_mask
    E.CacheMode: _qualified("AscendC::CacheMode::"),  # emit_core
    E.CacheRwMode: _qualified("AscendC::CacheRwMode::"),  # emit_core
    E.ReduceOrder: _qualified("AscendC::ReduceOrder::"),  # emit_reduce
    E.MaskMode: _qualified("AscendC::MaskMode::"),  # emit_vector_mask
    E.Hardware: _qualified("AscendC::Hardware::"),  # emit_cube
    E.AippInputFormat: _qualified("AscendC::AippInputFormat::"),  # emit_cube
    E.CO2Layout: lambda m: re.escape(m.config) + r"\b",  # emit_cube: AscendC::CFG_NZ
    E.CacheLine: _qualified("AscendC::CacheLine::"),  # emit_system._enum
    E.DcciDst: _qualified("AscendC::DcciDst::"),  # emit_system._enum
    E.MemDsbT: _qualified("AscendC::MemDsbT::"),  # emit_system._enum
    E.AtomicDtype: _qualified("AscendC::AtomicDtype::"),  # emit_system._enum
    E.AtomicOp: _qualified("AscendC::AtomicOp::"),  # emit_system._enum
    KernelType: lambda m: r"\bKERNEL_TASK_TYPE_DEFAULT\(" + m.cann_name + r"\)",  # emit_ascendc
    EventIdAction: lambda m: r"\." + ("AllocEventID" if m is EventIdAction.ALLOC else "FetchEventID") + "<",
    TensorDescQuery: lambda m: r"\." + ("GetDim" if m is TensorDescQuery.DIM else "GetIndex") + r"\(",
}
"""How the printer writes each enum's members, as a regular expression of one member."""

EXTRA_MEMBERS: dict[type[Enum], tuple[Enum, ...]] = {E.TPosition: (E.TPosition.MAX,)}
"""Members outside ``in_ir`` the printer still writes: ``TPosition::MAX`` (emit_cube, no position given)."""


NOT_PRINTABLE: dict[str, str] = {
    "Hardware.GM": "LocalMemAllocatorOp.verify_ rejects GM (a LocalMemAllocator allocates on-chip memory), and "
    "the allocator is the only op printing a Hardware",
}
"""Values an attribute may hold that the printer never writes, each with the reason."""


def config_enumerators() -> list[str]:
    """The ``MatmulConfig`` enumerators the printer can write: ``describe_config`` writes a field only where it
    differs from the config's template, so a field's value that every template holds is never printed
    (``IterateOrder::UNDEF``, ``ScheduleType::INNER_PRODUCT``, ``BatchOutMode::SINGLE_BATCH``)."""
    printable: list[str] = []
    for index, field in enumerate(CONFIG_FIELDS):
        if field.kind != "enum":
            continue
        everywhere = {values[index] for values in NAMED_CONFIGS.values()}
        for name in ENUMERATORS[field.enum]:
            if {name} != everywhere:
                printable.append(f"{field.enum}::{name}")
    return printable


def _members(enum: type[Enum]) -> tuple[Enum, ...]:
    in_ir = getattr(enum, "in_ir", None)
    members: tuple[Enum, ...] = tuple(in_ir()) if callable(in_ir) else tuple(enum)
    return members + EXTRA_MEMBERS.get(enum, ())


def _enum_attributes() -> list[type[Enum]]:
    found: list[type[Enum]] = []
    for attr in AscendC.attributes:
        if issubclass(attr, IrEnumAttribute | EnumAttribute):
            found.append(attr.enum_type)  # pyright: ignore
    return found


def printable_values() -> Iterator[tuple[str, str]]:
    """(the value, named as ``Enum.MEMBER`` or by its C++ spelling; the regex of its printed spelling)."""
    for enum in _enum_attributes():
        spell = SPELLINGS.get(enum, _call if hasattr(enum, "cpp") else None)
        if spell is None:
            continue  # test_every_enum_attribute_has_a_printed_spelling names it
        for member in _members(enum):
            if f"{enum.__name__}.{member.name}" in NOT_PRINTABLE:
                continue
            yield f"{enum.__name__}.{member.name}", spell(member)
    for cpp_enum, names in CPP_ENUMS.items():  # struct fields (emit_data_copy)
        for name in names:
            yield f"{cpp_enum}::{name}", re.escape(f"{cpp_enum}::{name}") + r"\b"
    for name in config_enumerators():  # MatmulConfig fields (emit_matmul)
        yield name, r"\b" + re.escape(name) + r"\b"
    for template in NAMED_CONFIGS:  # MatmulConfig templates (emit_matmul)
        yield template, r"\b" + template + r"\b"


@cache
def pinned_text() -> str:
    """The printed-C++ contexts of the tests, one per line."""
    chunks: list[str] = []
    for path in sorted((TESTS / "filecheck").rglob("*")):
        if path.suffix not in {".mlir", ".py"}:
            continue
        for line in path.read_text().splitlines():
            if (match := _CHECK_LINE.match(line)) is not None:
                chunks.append(match.group(1))
    for directory in PRINTER_TESTS:
        for path in sorted((TESTS / directory).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    chunks.append(node.value)
    return "\n".join(chunks)


def test_every_enum_attribute_has_a_printed_spelling() -> None:
    unknown = sorted(e.__name__ for e in _enum_attributes() if e not in SPELLINGS and not hasattr(e, "cpp"))
    assert unknown == [], f"enum attributes with no entry in SPELLINGS (how does the printer write them?): {unknown}"


def test_every_printable_enum_value_appears_in_a_printed_cpp_test() -> None:
    text = pinned_text()
    values = list(printable_values())
    assert len(values) > 250  # the tables were found
    unpinned = [name for name, pattern in values if re.search(pattern, text) is None]
    assert unpinned == [], (
        "printable enum values that no golden or filecheck test of the printed C++ contains: " + ", ".join(unpinned)
    )


def test_the_exemptions_are_real() -> None:
    """Every value ``NOT_PRINTABLE`` names exists, and the printer refuses to print it."""
    from xdsl.utils.exceptions import VerifyException

    from ascx.dialects.ascendc.allocator_ops import LocalMemAllocatorOp
    from ascx.enums import Hardware

    assert set(NOT_PRINTABLE) == {"Hardware.GM"}
    with pytest.raises(VerifyException, match="a LocalMemAllocator allocates on-chip memory, not GM"):
        LocalMemAllocatorOp(Hardware.GM).verify()
    assert "IterateOrder::ORDER_M" in config_enumerators()
    assert "IterateOrder::UNDEF" not in config_enumerators()


def test_the_check_reads_only_printed_cpp_contexts() -> None:
    """A value in an IR check line, a ``-NOT`` line or a comment pins nothing."""
    assert _CHECK_LINE.match("// CHECK-NEXT:  AscendC::Add(x);") is not None
    assert _CHECK_LINE.match("# CPP: AscendC::Add(x);") is not None
    assert _CHECK_LINE.match("// CHECK-NOT: AscendC::Add(x);") is None
    assert _CHECK_LINE.match("// a comment: AscendC::Add(x);") is None
    assert re.search(SPELLINGS[E.CMPMODE](E.CMPMODE.NE), "#ascendc<cmp_mode ne>") is None
    assert re.search(SPELLINGS[E.CMPMODE](E.CMPMODE.LE), "AscendC::CMPMODE::LE>(") is not None
    assert re.search(_call(BinaryKind.ADD), "AscendC::Add<half>(") is not None
    assert re.search(_call(BinaryKind.ADD), "AscendC::Adds<half>(") is None
