"""``IrEnumAttribute``: an xDSL attribute holding a member of one of the shared ``IrEnum``s (``ascx.enums``).

The kernel API and the dialect share one ``IntEnum`` per concept (pyasc's names and integer values,
the members listed once); this is the dialect's wrapper of such a member, as xDSL's ``EnumAttribute``
wraps a ``StrEnum``'s.  It prints the member's ``ir`` spelling (its name in lower case:
``#ascendc<position vecin>``, bare inside an op's syntax) and parses it back; only the members of
``in_ir()`` are IR values.  Parsing goes through xDSL's ``parse_str_enum`` on a ``StrEnum`` derived
from ``in_ir()``, so a wrong spelling reports xDSL's own message (``Expected `gm`, `a1`, ..., or
`tscm`.``) at the same place.

The op families' kinds (``BinaryKind``...) exist in the dialect only and stay ``StrEnum``s with
xDSL's ``EnumAttribute``.
"""

from __future__ import annotations

from functools import cache
from typing import Any, ClassVar, Generic, TypeAlias, TypeVar, cast, get_args, get_origin

from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Data
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum

from ascx.enums import IrEnum

E = TypeVar("E", bound=IrEnum)


@cache
def _spellings(enum_type: type[IrEnum]) -> type[StrEnum]:
    """A ``StrEnum`` whose members are ``enum_type``'s IR members, valued by their ``ir`` spelling."""
    members = [(member.name, member.ir) for member in enum_type.in_ir()]
    return cast(type[StrEnum], StrEnum(enum_type.__name__, members))  # the functional API makes a class


def parse_ir_enum(parser: AttrParser, enum_type: type[E]) -> E:
    """An IR member of ``enum_type``, spelled as ``ir`` (xDSL's error when the spelling is no member)."""
    spelled = parser.parse_str_enum(_spellings(enum_type))
    return enum_type[spelled.name]


class IrEnumAttribute(Data[E], Generic[E]):
    """An attribute holding an ``IrEnum`` member, printed as its ``ir`` spelling.

    Subclass it as xDSL's ``EnumAttribute``::

        @irdl_attr_definition
        class TPositionAttr(IrEnumAttribute[TPosition], SpacedOpaqueSyntaxAttribute):
            name = "ascendc.position"
    """

    enum_type: ClassVar[type[IrEnum]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        bases = cast(tuple[Any, ...], getattr(cls, "__orig_bases__", ()))
        for base in bases:
            if get_origin(base) is IrEnumAttribute:
                (enum_type,) = get_args(base)
                if isinstance(enum_type, TypeVar):
                    raise TypeError("Only direct inheritance from IrEnumAttribute is allowed.")
                cls.enum_type = cast(type[IrEnum], enum_type)

    def verify(self) -> None:
        if not isinstance(self.data, self.enum_type) or self.data not in self.enum_type.in_ir():
            raise VerifyException(f"{self.data!r} is no {self.enum_type.__name__} of the IR")

    def print_parameter(self, printer: Printer) -> None:
        printer.print_identifier_or_string_literal(self.data.ir)

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> E:
        return cast(E, parse_ir_enum(parser, cls.enum_type))


AnyEnumAttribute: TypeAlias = EnumAttribute[Any] | IrEnumAttribute[Any]
"""An enum attribute of either kind: xDSL's (a dialect-only ``StrEnum``) or an ``IrEnumAttribute``; both print
and parse their member with ``print_parameter``/``parse_parameter``."""
