"""Every enum's members are listed once in Python (issue 26, point 5).

The kernel API and the dialect share one ``IntEnum`` per concept (``ascx.enums``); the dialect's
attributes hold its members (``IrEnumAttribute``) and print them as the lower-case IR spellings the
dialect always used.  The scan below fails when two enum classes of ``src/ascx`` list the same members
(one's member names a subset of the other's), or when a literal tuple or list of strings spells an
enum's members, except for the pairs in ``ALLOWED``, which is exact.
"""

from __future__ import annotations

import ast
import itertools
from pathlib import Path

import pytest
from xdsl.context import Context
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError, VerifyException

import ascx as asc
from ascx.dialects import ascendc as ir
from ascx.dialects.ascendc.enum_attr import IrEnumAttribute
from ascx.enums import IrEnum

SRC = Path(ir.__file__).resolve().parents[3]
ENUM_BASES = frozenset({"Enum", "IntEnum", "StrEnum", "IrEnum", "Flag", "IntFlag"})

ALLOWED: dict[frozenset[str], str] = {
    frozenset({"ascx.enums.TPosition", "ascx.lib.host.enums.TPosition"}): (
        "the host tiling API's matmul_tiling::TPosition is another C++ enum (other numbering, more members)"
    ),
    frozenset({"ascx.enums.CubeFormat", "ascx.lib.host.enums.CubeFormat"}): (
        "the host tiling API's matmul_tiling::CubeFormat is another C++ enum (ROW_MAJOR, COLUMN_MAJOR)"
    ),
    frozenset({"ascx.enums.CO2Layout", "ascx.lib.host.enums.CubeFormat"}): "unrelated enums sharing three names",
    frozenset({"ascx.language.basic.vec_fused", "ascx.dialects.ascendc.basic_enums.TernaryKind"}): (
        "the API functions fused_mul_add... are named as the op kinds (the record's note names the three)"
    ),
    frozenset({"ascx.language.basic.vec_binary_scalar", "ascx.dialects.ascendc.basic_enums.BinaryScalarKind"}): (
        "the module's __all__ lists its API functions, which are named as the op kinds"
    ),
}
"""Overlaps that are not one enum listed twice, with the reason."""


def _base_name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else None


def _scan(root: Path) -> tuple[dict[str, list[str]], list[tuple[str, list[str]]]]:
    """The enum classes under ``root`` (qualified name -> member names) and the string tuples (module, items)."""
    classes: dict[str, list[str]] = {}
    literals: list[tuple[str, list[str]]] = []
    for path in sorted(root.rglob("*.py")):
        module = ".".join(path.relative_to(root).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and any(_base_name(b) in ENUM_BASES for b in node.bases):
                names = [
                    target.id
                    for statement in node.body
                    if isinstance(statement, ast.Assign)
                    for target in statement.targets
                    if isinstance(target, ast.Name) and not target.id.startswith("_")
                ]
                if names:
                    classes[f"{module}.{node.name}"] = names
            elif isinstance(node, ast.Tuple | ast.List) and len(node.elts) >= 2:
                items = [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
                if len(items) == len(node.elts):
                    literals.append((module, items))
    return classes, literals


def _overlaps(root: Path) -> set[frozenset[str]]:
    classes, literals = _scan(root)
    found: set[frozenset[str]] = set()
    lowered = {name: {m.lower() for m in members} for name, members in classes.items()}
    for (a, sa), (b, sb) in itertools.combinations(lowered.items(), 2):
        if min(len(sa), len(sb)) >= 2 and (sa <= sb or sb <= sa):
            found.add(frozenset({a, b}))
    for module, items in literals:
        spelled = {item.lower() for item in items}
        found |= {frozenset({module, name}) for name, members in lowered.items() if spelled == members}
    return found


def test_the_scan_finds_an_enum_listed_twice(tmp_path: Path) -> None:
    """The scan itself: a StrEnum repeating an IntEnum's members, or a tuple of its names, is found."""
    (tmp_path / "shared.py").write_text("class Where(IntEnum):\n    GM = 0\n    VECIN = 9\n    X = 1\n")
    (tmp_path / "dialect.py").write_text(
        "class Where(StrEnum):\n    GM = auto()\n    VECIN = auto()\n\nNAMES = ('gm', 'vecin', 'x')\n"
    )
    assert _overlaps(tmp_path) == {frozenset({"shared.Where", "dialect.Where"}), frozenset({"dialect", "shared.Where"})}


def test_no_enum_is_listed_twice() -> None:
    found = _overlaps(SRC)
    unexpected = found - set(ALLOWED)
    assert not unexpected, f"enum members listed twice: {sorted(sorted(pair) for pair in unexpected)}"
    stale = set(ALLOWED) - found
    assert not stale, f"ALLOWED lists pairs that no longer overlap: {sorted(sorted(pair) for pair in stale)}"


def _ir_enum_attributes() -> list[type[IrEnumAttribute[IrEnum]]]:
    return [a for a in ir.AscendC.attributes if issubclass(a, IrEnumAttribute)]


def test_the_kernel_api_exports_the_dialects_enums() -> None:
    """``asc.X`` is the class the dialect's attribute holds (the dialect calls PipeID ``Pipe``, CMPMODE
    ``CmpMode``)."""
    attributes = _ir_enum_attributes()
    assert len(attributes) >= 20
    for attribute in attributes:
        enum = attribute.enum_type
        where = asc.runtime.config if enum.__name__ == "KernelType" else asc  # pyasc's place of it
        assert getattr(where, enum.__name__) is enum, enum
    assert ir.Pipe is asc.PipeID
    assert ir.CmpMode is asc.CMPMODE
    assert asc.TPosition.VECIN == 9
    assert asc.CacheMode.CACHE_MODE_PERSISTENT == 4
    assert ir.KernelType is asc.runtime.config.KernelType
    assert asc.runtime.config.KernelType.MIX_AIC_1_2 == 7


@pytest.mark.parametrize("attribute", _ir_enum_attributes(), ids=lambda a: a.name)
def test_every_member_round_trips_with_its_ir_spelling(attribute: type[IrEnumAttribute[IrEnum]]) -> None:
    context = Context()
    context.load_dialect(ir.AscendC)
    for member in attribute.enum_type.in_ir():
        text = str(attribute(member))
        assert text == f"#ascendc<{attribute.name.removeprefix('ascendc.')} {member.ir}>"
        assert Parser(context, text).parse_attribute() == attribute(member)


def test_spellings_kept_from_the_string_enums() -> None:
    assert str(ir.TPositionAttr(ir.TPosition.VECIN)) == "#ascendc<position vecin>"
    assert str(ir.MatmulPolicyAttr(ir.MatmulPolicy.TrianUpperMatmulPolicy)) == (
        "#ascendc<policy TrianUpperMatmulPolicy>"
    )
    assert str(ir.HardEventAttr(ir.HardEvent.MTE2_V)) == "#ascendc<event mte2_v>"
    assert ir.HardEvent.MTE2_V.src is ir.Pipe.PIPE_MTE2
    assert ir.HardEvent.MTE2_V.dst is ir.Pipe.PIPE_V


def test_members_outside_the_ir_are_refused() -> None:
    with pytest.raises(VerifyException, match="no TPosition of the IR"):
        ir.TPositionAttr(ir.TPosition.MAX)
    with pytest.raises(VerifyException, match="no Hardware of the IR"):
        ir.HardwareAttr(ir.Hardware.MAX)
    with pytest.raises(VerifyException):
        ir.TPositionAttr(ir.Hardware.GM)  # pyright: ignore[reportArgumentType]
    context = Context()
    context.load_dialect(ir.AscendC)
    with pytest.raises(ParseError, match=r"Expected `gm`, .*`veccalc`, or `tscm`\."):
        Parser(context, "#ascendc<position max>").parse_attribute()
