"""The one custom syntax of the vector op families.

A vector op prints its mode keywords (the op kind, a rounding or comparison mode), its leading
operands (destination first), then each present optional operand as ``keyword %value``, then its
flags, and the types of all its operands::

    ascendc.vec.binary add %c, %a, %b count %n : (!ascendc.local_tensor<f16>, ..., i32)
    ascendc.vec.binary add %c, %a, %b mask %m repeat_times %r repeat_params %p set_mask : (...)

Each family declares ``MODES`` (property name, enum attribute class), ``LEADING`` and ``OPTIONAL``
operand names and ``FLAGS`` (``UnitAttr`` property names); the optional operands form the count
form or the mask form of the call.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Self

from xdsl.dialects.builtin import UnitAttr
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ascx.dialects.ascendc.enum_attr import AnyEnumAttribute

Modes = tuple[tuple[str, type[AnyEnumAttribute]], ...]
Names = tuple[str, ...]

_FLAG_SPELLING = {
    "is_set_mask": "set_mask",
    "cal_index": "cal_index",
    "is_aiv_only": "aiv_only",
    "is_vec_deq": "vec_deq",
    "half_block": "half_block",
    "repeat_mode": "repeat_mode",
}


class VectorSyntax(IRDLOperation):
    """Mixin: the shared ``print``/``parse`` of vector ops, and the count-or-mask form check."""

    MODES: ClassVar[Modes] = ()
    LEADING: ClassVar[Names] = ()
    OPTIONAL: ClassVar[Names] = ()
    FLAGS: ClassVar[Names] = ()
    COUNT_FORM: ClassVar[Names] = ("count",)
    MASK_FORM: ClassVar[Names] = ("mask", "repeat_times", "repeat_params")
    SET_MASK_IN_COUNT_FORM: ClassVar[bool] = False
    """Whether ``is_set_mask`` also applies to the count form (it does for tensor-scalar ops)."""
    WITNESSES: ClassVar[Names] = ()
    """Optional operands that are no argument of the C++ call: tensors the op reads or writes implicitly (a
    table a register points at), named so that the sync analyses see the access."""

    @classmethod
    def of(
        cls,
        leading: Sequence[SSAValue],
        optional: Mapping[str, SSAValue],
        properties: Mapping[str, Attribute] | None = None,
        flags: Sequence[str] = (),
    ) -> Self:
        """The op with ``leading`` operands in order, the ``optional`` operands present by name, and
        the unit ``flags`` set."""
        unknown = set(optional) - set(cls.OPTIONAL)
        assert not unknown, unknown
        assert len(leading) == len(cls.LEADING), leading
        operands: list[SSAValue | Sequence[SSAValue]] = [*leading]
        operands += [[optional[name]] if name in optional else [] for name in cls.OPTIONAL]
        props: dict[str, Attribute] = dict(properties or {})
        props.update({flag: UnitAttr() for flag in flags})
        return cls.build(operands=operands, properties=props)

    def present_optional(self) -> list[tuple[str, SSAValue]]:
        return [(name, value) for name in self.OPTIONAL if (value := getattr(self, name)) is not None]

    def is_mask_form(self) -> bool:
        """Whether the call uses the mask form (``mask`` and repeat operands) instead of a count."""
        return any(getattr(self, name) is not None for name in self.MASK_FORM)

    def verify_form(self) -> None:
        """Exactly the count form's operands or the mask form's are present."""
        present = {name for name, _ in self.present_optional() if name not in self.WITNESSES}
        if present not in (set(self.COUNT_FORM), set(self.MASK_FORM)):
            got = ", ".join(sorted(present)) or "none"
            if set(self.COUNT_FORM) == set(self.MASK_FORM):  # one form only
                raise VerifyException(f"expected all of {', '.join(self.MASK_FORM)}; got {got}")
            raise VerifyException(
                f"expected either {' and '.join(self.COUNT_FORM)} or all of {', '.join(self.MASK_FORM)}; got {got}"
            )
        if "is_set_mask" in self.FLAGS and not self.SET_MASK_IN_COUNT_FORM and not self.is_mask_form():
            if self.properties.get("is_set_mask") is not None:
                raise VerifyException("set_mask only applies to the mask form")

    def print(self, printer: Printer) -> None:
        for name, _ in self.MODES:
            printer.print_string(" ")
            getattr(self, name).print_parameter(printer)
        printer.print_string(" ")
        printer.print_list([getattr(self, name) for name in self.LEADING], printer.print_operand)
        for name, value in self.present_optional():
            printer.print_string(f" {name} ")
            printer.print_operand(value)
        for flag in self.FLAGS:
            if getattr(self, flag) is not None:
                printer.print_string(f" {_FLAG_SPELLING[flag]}")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : (")
        printer.print_list([o.type for o in self.operands], printer.print_attribute)
        printer.print_string(")")

    @classmethod
    def parse(cls, parser: Parser) -> VectorSyntax:
        properties: dict[str, Attribute] = {}
        for name, attr_type in cls.MODES:
            properties[name] = attr_type(attr_type.parse_parameter(parser))
        leading = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_unresolved_operand)
        optional: dict[str, UnresolvedOperand] = {}
        while (keyword := parser.parse_optional_keyword_in(cls.OPTIONAL)) is not None:
            optional[keyword] = parser.parse_unresolved_operand()
        spellings = {_FLAG_SPELLING[flag]: flag for flag in cls.FLAGS}
        while (keyword := parser.parse_optional_keyword_in(spellings)) is not None:
            properties[spellings[keyword]] = UnitAttr()
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


__all__ = ["VectorSyntax"]
