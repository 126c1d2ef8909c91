"""``op_definition``: xDSL's ``irdl_op_definition`` with the assembly format parsed on first use.

xDSL parses every op's ``assembly_format`` into a ``FormatProgram`` when the class is defined; for
the ascendc dialect that is most of the cost of importing it, although a compile only ever parses
or prints a few of its ops.  ``op_definition`` builds the same class (the same ``OpDef``, accessors,
traits and ``verify_``; ``op_def.assembly_format`` stays set) but its ``parse`` and ``print`` build
the op's program on their first call and keep it.  A malformed format raises xDSL's
``PyRDLOpDefinitionError`` at that first call instead of at import; ``tests/dialects`` builds the
program of every ascendc op, so such an error is still caught before it reaches a user.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar
from weakref import WeakKeyDictionary

from xdsl.irdl import IRDLOperation, OpDef, get_accessors_from_op_def
from xdsl.utils.exceptions import ParseError, PyRDLOpDefinitionError

if TYPE_CHECKING:
    from xdsl.irdl.declarative_assembly_format import FormatProgram
    from xdsl.parser import Parser
    from xdsl.printer import Printer

_OpT = TypeVar("_OpT", bound=IRDLOperation)


def op_definition(cls: type[_OpT]) -> type[_OpT]:
    """Define the IRDL op ``cls``, as ``irdl_op_definition`` does, parsing its format lazily."""
    assert issubclass(cls, IRDLOperation), f"class {cls.__name__} should be a subclass of IRDLOperation"
    op_def = OpDef.from_pyrdl(cls)
    assembly_format = op_def.assembly_format
    # xDSL's accessors without the eager format parse; the format goes back before anyone sees
    # op_def (get_irdl_definition returns this very object).
    op_def.assembly_format = None
    try:
        new_attrs = get_accessors_from_op_def(op_def, getattr(cls, "verify_", None))
    finally:
        op_def.assembly_format = assembly_format
    if assembly_format is not None:
        lazy = _LazyFormat(op_def, assembly_format)
        _LAZY_FORMATS[cls] = lazy
        new_attrs.update(_lazy_format_methods(lazy))
    for name, value in new_attrs.items():
        setattr(cls, name, value)
    return cls


class _LazyFormat:
    """One op class's assembly format, parsed into its program on the first request."""

    __slots__ = ("_program", "op_def", "text")

    def __init__(self, op_def: OpDef, text: str):
        self.op_def = op_def
        self.text = text
        self._program: FormatProgram | None = None

    def program(self) -> FormatProgram:
        if self._program is None:
            self._program = build_format_program(self.op_def, self.text)
        return self._program


_LAZY_FORMATS: WeakKeyDictionary[type[IRDLOperation], _LazyFormat] = WeakKeyDictionary()


def _lazy_format_methods(lazy: _LazyFormat) -> dict[str, Any]:
    """``parse`` and ``print`` that run ``lazy``'s program."""

    def parse_with_format(cls: type[_OpT], parser: Parser) -> _OpT:
        return lazy.program().parse(parser, cls)

    def print_with_format(self: IRDLOperation, printer: Printer) -> None:
        lazy.program().print(printer, self)

    return {"parse": classmethod(parse_with_format), "print": print_with_format}


def format_program(op_type: type[IRDLOperation]) -> FormatProgram | None:
    """The program of the format ``op_type``'s ``parse`` and ``print`` use (built now if it was
    not yet), or None when the op has no ``op_definition`` assembly format."""
    for cls in op_type.__mro__:
        lazy = _LAZY_FORMATS.get(cls)
        if lazy is not None:
            return lazy.program()
    return None


def build_format_program(op_def: OpDef, assembly_format: str) -> FormatProgram:
    """``assembly_format`` parsed for ``op_def``, failing as ``irdl_op_definition`` would."""
    from xdsl.irdl.declarative_assembly_format import FormatProgram

    try:
        return FormatProgram.from_str(assembly_format, op_def)
    except ParseError as e:
        raise PyRDLOpDefinitionError("Error during the parsing of the assembly format: ", e.args) from e
