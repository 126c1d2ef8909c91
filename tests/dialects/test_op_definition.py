"""``op_definition``: the class xDSL's ``irdl_op_definition`` builds, its format parsed on first use."""

from __future__ import annotations

import io

import pytest
from xdsl.context import Context
from xdsl.dialects.builtin import Builtin, IntegerAttr, i32
from xdsl.ir import Dialect
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, prop_def, result_def, traits_def
from xdsl.irdl.declarative_assembly_format import FormatProgram
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure
from xdsl.utils.exceptions import PyRDLOpDefinitionError

from ascx.dialects import make_context
from ascx.dialects.ascendc import AscendC
from ascx.dialects.ascendc.definition import format_program, op_definition


def _adder(format_: str) -> type[IRDLOperation]:
    """A fresh, undecorated op class with the assembly format ``format_``."""

    class AddOp(IRDLOperation):
        name = "test_lazy.add"
        lhs = operand_def(i32)
        rhs = operand_def(i32)
        bias = prop_def(IntegerAttr[type(i32)])  # pyright: ignore[reportGeneralTypeIssues]
        res = result_def(i32)
        traits = traits_def(Pure())
        assembly_format = format_

        def verify_(self) -> None:
            if self.bias.value.data < 0:
                raise ValueError("negative bias")

    return AddOp


_ADD_FORMAT = "$lhs `,` $rhs `bias` $bias attr-dict"


def test_every_ascendc_format_parses() -> None:
    with_format = [op for op in AscendC.operations if op.get_irdl_definition().assembly_format is not None]
    assert len(with_format) > 150
    failures: dict[str, str] = {}
    eager: list[str] = []  # defined with xDSL's irdl_op_definition, which parses at import
    for op in with_format:
        try:
            if format_program(op) is None:
                eager.append(op.name)
        except PyRDLOpDefinitionError as error:
            failures[op.name] = str(error)
    assert failures == {}
    assert eager == [], "define these ops with ascx.dialects.ascendc.definition.op_definition"


def test_the_class_is_the_one_irdl_op_definition_builds() -> None:
    eager = irdl_op_definition(_adder(_ADD_FORMAT))
    lazy = op_definition(_adder(_ADD_FORMAT))
    assert lazy.get_irdl_definition() == eager.get_irdl_definition()
    assert lazy.get_irdl_definition().assembly_format == _ADD_FORMAT
    assert set(vars(lazy)) == set(vars(eager))
    assert type(vars(lazy)["parse"]) is classmethod
    assert lazy.has_trait(Pure)
    assert eager.has_trait(Pure)

    def context(op_type: type[IRDLOperation]) -> Context:
        ctx = Context(allow_unregistered=True)
        ctx.load_dialect(Builtin)
        ctx.load_dialect(Dialect("test_lazy", [op_type]))
        return ctx

    def roundtrip(op_type: type[IRDLOperation], bias: int) -> str:
        text = (
            f'%a = "test.op"() : () -> i32\n%r = "test_lazy.add"(%a, %a) <{{bias = {bias} : i32}}> : (i32, i32) -> i32'
        )
        module = Parser(context(op_type), text).parse_module()
        out = io.StringIO()
        Printer(stream=out).print_op(module)
        parsed = Parser(context(op_type), out.getvalue()).parse_module()  # the custom form parses back
        parsed.verify()
        return out.getvalue()

    assert roundtrip(lazy, 3) == roundtrip(eager, 3)
    assert "test_lazy.add %a, %a bias 3 : i32" in roundtrip(lazy, 3)
    # verify_ runs the op definition's checks, then the class's own verify_.
    with pytest.raises(ValueError, match="negative bias"):
        roundtrip(lazy, -1)


def test_the_program_is_built_once_on_first_use(monkeypatch: pytest.MonkeyPatch) -> None:
    built: list[str] = []
    from_str = FormatProgram.from_str

    def counting_from_str(input: str, op_def: object) -> FormatProgram:
        built.append(input)
        return from_str(input, op_def)  # pyright: ignore[reportArgumentType]

    monkeypatch.setattr(FormatProgram, "from_str", staticmethod(counting_from_str))
    add = op_definition(_adder(_ADD_FORMAT))
    assert built == []
    program = format_program(add)
    assert format_program(add) is program
    assert built == [_ADD_FORMAT]


_BAD_FORMAT = "$lhs `,` $missing attr-dict"
_BAD_FORMAT_ERROR = (
    "('Error during the parsing of the assembly format: ', (Span[9:17]('$missing'), "
    "'expected variable to refer to an operand, attribute, region, or successor'))"
)


def test_xdsl_rejects_the_malformed_format_with_this_error() -> None:
    with pytest.raises(PyRDLOpDefinitionError) as eager:
        irdl_op_definition(_adder(_BAD_FORMAT))
    assert str(eager.value) == _BAD_FORMAT_ERROR


def test_a_malformed_format_fails_at_the_first_parse_with_xdsls_error() -> None:
    bad = op_definition(_adder(_BAD_FORMAT))  # defining it does not parse the format
    parser = Parser(make_context(), "")
    with pytest.raises(PyRDLOpDefinitionError) as error:
        bad.parse(parser)
    assert str(error.value) == _BAD_FORMAT_ERROR


def test_a_malformed_format_fails_at_the_first_print_with_xdsls_error() -> None:
    bad = op_definition(_adder(_BAD_FORMAT))
    printer = Printer(stream=io.StringIO())
    op = bad.create(operands=[], result_types=[])
    with pytest.raises(PyRDLOpDefinitionError) as error:
        printer.print_op(op)
    assert str(error.value) == _BAD_FORMAT_ERROR
