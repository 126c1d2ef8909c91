"""Attributes that describe a Matmul object: its MatmulTypes and its MatmulConfig."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import (
    IntAttr,
)
from xdsl.ir import (
    Attribute,
    Data,
    ParametrizedAttribute,
)
from xdsl.irdl import (
    irdl_attr_definition,
    param_def,
)
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from ascx.dialects.ascendc.enum_attr import parse_ir_enum
from ascx.dialects.ascendc.enums import (
    CubeFormat,
    CubeFormatAttr,
    LayoutMode,
    LayoutModeAttr,
    TPosition,
    TPositionAttr,
)
from ascx.dialects.ascendc.matmul_config_fields import (
    CONFIG_FIELDS,
    DEFAULT_CONFIG,
    FIELD_INDEX,
    ConfigValue,
    check_config_value,
)
from ascx.dialects.ascendc.types import (
    ElementType,
)


@irdl_attr_definition
class MatmulTypeAttr(ParametrizedAttribute):
    """One ``MatmulType<POSITION, FORMAT, T, ISTRANS, LAYOUT, IBSHARE>``.

    Syntax: ``<gm, nd, f16>``, ``<gm, nd, f16, trans>``, ``<gm, nd, f16, layout bsngd>``,
    ``<gm, nd, f16, ib_share>`` (the optional items in this order).
    """

    name = "ascendc.matmul_type"
    position: TPositionAttr
    format: CubeFormatAttr
    element_type: Attribute = param_def(ElementType)
    is_trans: IntAttr
    layout: LayoutModeAttr
    ib_share: IntAttr

    def __init__(
        self,
        position: TPosition,
        format: CubeFormat,
        element_type: Attribute,
        is_trans: bool = False,
        layout: LayoutMode = LayoutMode.NONE,
        ib_share: bool = False,
    ):
        super().__init__(
            TPositionAttr(position),
            CubeFormatAttr(format),
            element_type,
            IntAttr(int(is_trans)),
            LayoutModeAttr(layout),
            IntAttr(int(ib_share)),
        )

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            position = parse_ir_enum(parser, TPosition)
            parser.parse_punctuation(",")
            fmt = parse_ir_enum(parser, CubeFormat)
            parser.parse_punctuation(",")
            element_type = parser.parse_type()
            is_trans, layout, ib_share = False, LayoutMode.NONE, False
            while parser.parse_optional_punctuation(","):
                if parser.parse_optional_keyword("trans"):
                    is_trans = True
                elif parser.parse_optional_keyword("ib_share"):
                    ib_share = True
                else:
                    parser.parse_keyword("layout")
                    layout = parse_ir_enum(parser, LayoutMode)
        return (
            TPositionAttr(position),
            CubeFormatAttr(fmt),
            element_type,
            IntAttr(int(is_trans)),
            LayoutModeAttr(layout),
            IntAttr(int(ib_share)),
        )

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.position.data.ir}, {self.format.data.ir}, ")
        printer.print_attribute(self.element_type)
        if self.is_trans.data:
            printer.print_string(", trans")
        if self.layout.data != LayoutMode.NONE:
            printer.print_string(f", layout {self.layout.data.ir}")
        if self.ib_share.data:
            printer.print_string(", ib_share")
        printer.print_string(">")

    def verify(self) -> None:
        if self.is_trans.data not in (0, 1):
            raise VerifyException("is_trans must be 0 or 1")
        if self.ib_share.data not in (0, 1):
            raise VerifyException("ib_share must be 0 or 1")


@irdl_attr_definition
class MatmulConfigAttr(Data[tuple[ConfigValue, ...]]):
    """The 50 values of a ``MatmulConfig``, in C++ member order.

    Syntax lists only the fields that differ from pyasc's ``MatmulConfig()``:
    ``<do_norm = false, basic_m = 128, batch_mode = BATCH_LARGE_THAN_L1>``.
    """

    name = "ascendc.matmul_config"

    @classmethod
    def from_fields(cls, **fields: ConfigValue) -> MatmulConfigAttr:
        values = list(DEFAULT_CONFIG)
        for key, value in fields.items():
            values[FIELD_INDEX[key]] = value
        return cls(tuple(values))

    def field(self, name: str) -> ConfigValue:
        """The value of the field with the Python name ``name``."""
        return self.data[FIELD_INDEX[name]]

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> tuple[ConfigValue, ...]:
        values = list(DEFAULT_CONFIG)

        def parse_entry() -> None:
            name_pos = parser.pos
            key = parser.parse_identifier()
            if key not in FIELD_INDEX:
                parser.raise_error(f"unknown MatmulConfig field '{key}'", name_pos, parser.pos)
            parser.parse_punctuation("=")
            field = CONFIG_FIELDS[FIELD_INDEX[key]]
            value: ConfigValue
            if field.kind == "bool":
                value = parser.parse_boolean()
            elif field.kind == "enum":
                value = parser.parse_identifier()
            else:
                value = parser.parse_integer(allow_boolean=False, allow_negative=False)
            if (why := check_config_value(field, value)) is not None:
                parser.raise_error(f"invalid value for MatmulConfig field '{key}': {why}", name_pos, parser.pos)
            values[FIELD_INDEX[key]] = value

        parser.parse_comma_separated_list(parser.Delimiter.ANGLE, parse_entry)
        return tuple(values)

    def print_parameter(self, printer: Printer) -> None:
        entries: list[str] = []
        for field, value, default in zip(CONFIG_FIELDS, self.data, DEFAULT_CONFIG, strict=True):
            if value == default and type(value) is type(default):
                continue
            text = ("true" if value else "false") if isinstance(value, bool) else str(value)
            entries.append(f"{field.name} = {text}")
        printer.print_string("<" + ", ".join(entries) + ">")

    def verify(self) -> None:
        if len(self.data) != len(CONFIG_FIELDS):
            raise VerifyException(f"MatmulConfig has {len(CONFIG_FIELDS)} fields, got {len(self.data)}")
        for field, value in zip(CONFIG_FIELDS, self.data, strict=True):
            if (why := check_config_value(field, value)) is not None:
                raise VerifyException(f"invalid value for MatmulConfig field '{field.name}': {why}")


__all__ = ["MatmulConfigAttr", "MatmulTypeAttr"]
