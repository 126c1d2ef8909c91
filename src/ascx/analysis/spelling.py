"""How diagnostics name ops and values: in the kernel author's Python spelling, never by IR op name
(docs/sync-model.md#diagnostics): ``mm.iterate_all``, ``asc.data_copy``, ``qin.deque()``, ``c_gm``."""

from __future__ import annotations

import linecache
import re
from enum import Enum

from xdsl.dialects import scf
from xdsl.ir import Attribute, Operation, SSAValue

from ascx.analysis.report import at
from ascx.dialects.ascendc.traits import MatmulMethod

_WORD = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def snake_case(cpp_name: str) -> str:
    """``IterateNBatch`` -> ``iterate_n_batch``, ``SetHF32`` -> ``set_hf32``."""
    return _WORD.sub("_", cpp_name).lower()


def value_name(value: SSAValue, fallback: str = "the tensor") -> str:
    """The Python variable a value came from (its SSA name hint without the tracer's ``_1`` suffixes)."""
    hint = value.name_hint
    if hint is None:
        owner = value.owner
        if isinstance(owner, Operation) and owner.operands and owner.name in _VIEWS:
            return value_name(owner.operands[0], fallback)
        return fallback
    return re.sub(r"_\d+$", "", hint)


_VIEWS = {"ascendc.sub_tensor", "ascendc.reinterpret_cast"}

_METHODS = {
    "ascendc.get_value": "get_value",
    "ascendc.set_value": "set_value",
    "ascendc.alloc_tensor": "alloc_tensor",
    "ascendc.enque": "enque",
    "ascendc.deque": "deque",
    "ascendc.free_tensor": "free_tensor",
}


def _enum_data(attr: Attribute | None) -> str | None:
    data = getattr(attr, "data", None)
    return data.value if isinstance(data, Enum) else None


def matmul_call(op: Operation) -> str:
    """``mm.iterate_all`` for a Matmul method op."""
    method = op.get_trait(MatmulMethod)
    assert method is not None
    return f"{value_name(op.operands[0], 'mm')}.{snake_case(method.cpp_name)}"


def python_call(op: Operation) -> str:
    """The Python call that built ``op``, without its arguments: ``asc.abs``, ``qin.deque``, ``mm.end``."""
    if op.get_trait(MatmulMethod) is not None:
        return matmul_call(op)
    method = _METHODS.get(op.name)
    if method is not None:
        return f"{value_name(op.operands[0], 'tensor')}.{method}"
    if op.name.startswith("ascendc.vec."):  # a family of vector ops: the kind is the API (asc.add), else the op
        kind = _enum_data(op.properties.get("kind"))
        return f"asc.{kind if kind is not None else op.name.removeprefix('ascendc.vec.')}"
    if not op.name.startswith("ascendc."):
        return op.name  # not built by an asc call (an op of another dialect, e.g. a call that was not inlined)
    short = op.name.removeprefix("ascendc.").replace(".", "_")
    return f"asc.{short}"


def condition_text(branch: scf.IfOp) -> str:
    """The source text of ``branch``'s condition (``n > 0``), read from the kernel's source line."""
    location = at(branch)
    if location is not None:
        line = linecache.getline(location.file, location.line)
        match = re.match(r"\s*(?:el)?if\s+(.+?):\s*(?:#.*)?$", line)
        if match:
            return match.group(1)
    hint = branch.cond.name_hint
    return hint if hint is not None else "the condition"
