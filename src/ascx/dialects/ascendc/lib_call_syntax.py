"""The custom syntax of the library ops (``ascendc.adv.*``: the math functions, SoftMax, RmsNorm,
AscendQuant, Concat, Extract).

An op prints its mode keyword (which function), its leading operands, each present optional operand
as ``keyword %value``, each present attribute property as ``name <attribute>``, its unit flags by
name, and the types of all its operands::

    ascendc.adv.math acos %dst, %src count %n tmp %t : (!ascendc.local_tensor<f16>, ..., i32, ...)
    ascendc.adv.math exp %dst, %src count %n taylor_expand_level 3 : i64 reuse_source : (...)

Each op declares ``MODE`` (property name and enum attribute class, or None), ``LEADING`` and
``OPTIONAL`` operand names, ``ATTRS`` (optional non-unit properties) and ``FLAGS`` (``UnitAttr``
properties).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Self

from xdsl.dialects.builtin import UnitAttr
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer

from ascx.dialects.ascendc.enum_attr import AnyEnumAttribute

Names = tuple[str, ...]


class LibCallSyntax(IRDLOperation):
    """Mixin: the shared ``print``/``parse`` and builder of the library ops."""

    MODE: ClassVar[tuple[str, type[AnyEnumAttribute]] | None] = None
    LEADING: ClassVar[Names] = ()
    OPTIONAL: ClassVar[Names] = ()
    ATTRS: ClassVar[Names] = ()
    FLAGS: ClassVar[Names] = ()

    @classmethod
    def of(
        cls,
        leading: Sequence[SSAValue],
        optional: Mapping[str, SSAValue | None] | None = None,
        properties: Mapping[str, Attribute | None] | None = None,
        flags: Sequence[str] = (),
    ) -> Self:
        """The op with ``leading`` operands in order, the present ``optional`` operands by name, the
        given ``properties`` (None entries left out) and the unit ``flags`` set."""
        given = {name: value for name, value in (optional or {}).items() if value is not None}
        assert set(given) <= set(cls.OPTIONAL), given
        assert len(leading) == len(cls.LEADING), leading
        operands: list[SSAValue | Sequence[SSAValue]] = [*leading]
        operands += [[given[name]] if name in given else [] for name in cls.OPTIONAL]
        props: dict[str, Attribute] = {k: v for k, v in (properties or {}).items() if v is not None}
        for flag in flags:
            assert flag in cls.FLAGS, flag
            props[flag] = UnitAttr()
        return cls.build(operands=operands, properties=props)

    def present_optional(self) -> list[tuple[str, SSAValue]]:
        return [(name, value) for name in self.OPTIONAL if (value := getattr(self, name)) is not None]

    def has_flag(self, flag: str) -> bool:
        return self.properties.get(flag) is not None

    def print(self, printer: Printer) -> None:
        if self.MODE is not None:
            printer.print_string(" ")
            getattr(self, self.MODE[0]).print_parameter(printer)
        printer.print_string(" ")
        printer.print_list([getattr(self, name) for name in self.LEADING], printer.print_operand)
        for name, value in self.present_optional():
            printer.print_string(f" {name} ")
            printer.print_operand(value)
        for name in self.ATTRS:
            attr = self.properties.get(name)
            if attr is not None:
                printer.print_string(f" {name} ")
                printer.print_attribute(attr)
        for flag in self.FLAGS:
            if self.has_flag(flag):
                printer.print_string(f" {flag}")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : (")
        printer.print_list([o.type for o in self.operands], printer.print_attribute)
        printer.print_string(")")

    @classmethod
    def parse(cls, parser: Parser) -> LibCallSyntax:
        properties: dict[str, Attribute] = {}
        if cls.MODE is not None:
            name, attr_type = cls.MODE
            properties[name] = attr_type(attr_type.parse_parameter(parser))
        leading = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_unresolved_operand)
        optional: dict[str, UnresolvedOperand] = {}
        while (keyword := parser.parse_optional_keyword_in(cls.OPTIONAL)) is not None:
            optional[keyword] = parser.parse_unresolved_operand()
        while (keyword := parser.parse_optional_keyword_in(cls.ATTRS)) is not None:
            properties[keyword] = parser.parse_attribute()
        while (keyword := parser.parse_optional_keyword_in(cls.FLAGS)) is not None:
            properties[keyword] = UnitAttr()
        attributes = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types = parser.parse_comma_separated_list(parser.Delimiter.PAREN, parser.parse_type)
        ordered = leading + [optional[name] for name in cls.OPTIONAL if name in optional]
        if len(leading) != len(cls.LEADING):
            parser.raise_error(f"expected {len(cls.LEADING)} leading operands, got {len(leading)}")
        if len(types) != len(ordered):
            parser.raise_error(f"expected {len(ordered)} operand types, got {len(types)}")
        values = iter(parser.resolve_operand(u, t) for u, t in zip(ordered, types, strict=True))
        operands: list[SSAValue | Sequence[SSAValue]] = [next(values) for _ in cls.LEADING]
        operands += [[next(values)] if name in optional else [] for name in cls.OPTIONAL]
        return cls.build(operands=operands, properties=properties, attributes=attributes)
