"""Every public name of pyasc 1.1.1 exists in ascx at the same place, with a compatible signature
(issue 14, point 1).

``pyasc_api_snapshot.json`` is written by ``tools/snapshot_pyasc_api.py`` from the pyasc 1.1.1 wheel;
the same introspection (``ascx.testing.api_facts``) runs here on ascx.  A name may be missing only
while it is PENDING: listed below with the work that will add it.  PENDING is exact: a listed name
that ascx has is an error too, so the set only shrinks.

Signatures are compared where ascx's can be introspected (it lists its parameters rather than taking
``*args, **kwargs``): every call that one of pyasc's forms accepts must bind to ascx's signature with
the same parameter names, positions and defaults (ascx may add parameters that have defaults, and
may give a default where pyasc requires the argument).  pyasc's ``handle`` parameters and its
``from_ir``/``to_ir``/``get_ir_type`` methods are its IR plumbing and are not compared.  Known
differences are listed in DEVIATIONS with their reasons; that list is exact too.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from ascx.testing import api_facts

SNAPSHOT = json.loads((Path(__file__).with_name("pyasc_api_snapshot.json")).read_text())
MODULES: dict[str, dict[str, Any]] = SNAPSHOT["modules"]
ADV = "asc.language.adv"


PENDING: dict[str, frozenset[str]] = {}
"""Names ascx does not have yet, by the work that adds them (``frozenset("a b".split())``); today none.
``name`` stands for the name in every module but asc.language.adv, ``adv:name`` for asc.language.adv's."""

IR_PLUMBING = frozenset({"from_ir", "to_ir", "get_ir_type"})
"""pyasc's methods that convert to and from its MLIR handles."""

_GLOBAL_ADDRESS = (
    "kernels never construct a GlobalAddress: ascx makes one for each pointer parameter (pyasc's constructor "
    "takes its IR handle)"
)
_GET_VALUE = (
    "LocalTensor shares BaseTensor's get_value/set_value, whose parameter is GlobalTensor's `offset` "
    "(pyasc names LocalTensor's `index`): positional calls are the same"
)
DEVIATIONS: dict[str, str] = {
    "asc:GlobalAddress.__init__": _GLOBAL_ADDRESS,
    "asc.language.core:GlobalAddress.__init__": _GLOBAL_ADDRESS,
    "asc:LocalTensor.get_value": _GET_VALUE,
    "asc:LocalTensor.set_value": _GET_VALUE,
    "asc.language.core:LocalTensor.get_value": _GET_VALUE,
    "asc.language.core:LocalTensor.set_value": _GET_VALUE,
    "asc:LocalTensorAuto.get_value": _GET_VALUE,
    "asc:LocalTensorAuto.set_value": _GET_VALUE,
    "asc.language.core:LocalTensorAuto.get_value": _GET_VALUE,
    "asc.language.core:LocalTensorAuto.set_value": _GET_VALUE,
    "asc.language.adv:MatmulBatchParams.__init__": (
        "is_bias_batch defaults to True, as CANN's MatmulBatchParams (adv_api/matmul/matmul_config.h: "
        "isBiasBatch = true); pyasc 1.1.1 writes False"
    ),
    "asc.language.adv:get_normal_config": (
        "iterate_order defaults to IterateOrder.UNDEF, as CANN's GetNormalConfig (adv_api/matmul/tiling.h); "
        "pyasc 1.1.1 writes ORDER_M"
    ),
}
"""``module:Name[.method]`` -> why ascx's signature differs from every pyasc form."""

_STRUCT_METHODS = ("addressof", "create_local", "get_field", "pack")
_STRUCT_CLASSES = ("MatmulApiStaticTiling", "RmsNormTiling", "SoftmaxTiling", "TCubeTiling")
PENDING_METHODS: dict[str, frozenset[str]] = {
    "pyasc's tiling structs derive from its generic Struct (asc.language.core.struct); ascx's are CANN's "
    "structs and do not, so they lack Struct's host methods": frozenset(
        f"asc.language.adv:{cls}.{method}"
        for cls in _STRUCT_CLASSES
        for method in _STRUCT_METHODS
        if method != "pack" or cls == "MatmulApiStaticTiling"
    ),
}
"""``module:Class.method`` pyasc has and ascx does not have yet, by the work that adds them.  Methods and
properties a pyasc class has through its bases count (issue 28, point 6)."""

_ENSURE_SHAPE = (
    "pyasc's BaseTensor.ensure_shape is its helper that turns a shape argument into its TensorShape "
    "(asc/language/core/tensor.py); CANN's tensors have no such member and kernels do not call it"
)
METHOD_EXEMPT: dict[str, str] = {
    f"{module}:{cls}.ensure_shape": _ENSURE_SHAPE
    for module in ("asc", "asc.language.core")
    for cls in ("GlobalTensor", "LocalTensor", "LocalTensorAuto")
}
"""``module:Class.method`` pyasc has that ascx leaves out on purpose, with the reason (exact: an exempt
method ascx has is an error).  docs/reference/pyasc_parity.md#the-names-a-snapshot-and-its-test lists them."""


def _pending_owner(module: str, name: str) -> str | None:
    key = f"adv:{name}" if module == ADV else name
    return next((owner for owner, names in PENDING.items() if key in names), None)


def _ascx_module(name: str) -> Any:
    return importlib.import_module("ascx" + name.removeprefix("asc"))


def _names() -> list[tuple[str, str]]:
    return [(module, name) for module, names in MODULES.items() for name in names]


def test_counts_in_snapshot() -> None:
    assert SNAPSHOT["pyasc_version"] == "1.1.1"
    assert {m: len(n) for m, n in MODULES.items()} == {
        "asc": 276,
        "asc.language.basic": 173,
        "asc.language.core": 122,
        "asc.language.fwk": 8,
        "asc.language.adv": 62,
        "asc.runtime.config": 5,
        "asc.lib.runtime": 54,
    }


@pytest.mark.parametrize("module", sorted(MODULES))
def test_every_name_exists_or_is_pending(module: str) -> None:
    ascx_module = _ascx_module(module)
    missing = sorted(n for n in MODULES[module] if not hasattr(ascx_module, n) and not _pending_owner(module, n))
    assert not missing, f"{module}: ascx lacks {missing}"
    present = sorted(n for n in MODULES[module] if hasattr(ascx_module, n) and _pending_owner(module, n))
    assert not present, f"{module}: {present} exist in ascx: remove them from PENDING"


def test_pending_names_are_pyasc_names() -> None:
    known = {f"adv:{n}" if m == ADV else n for m, n in _names()}
    for owner, names in PENDING.items():
        assert names <= known, f"{owner}: {sorted(names - known)} are not pyasc names"


@dataclass(frozen=True)
class Param:
    name: str
    kind: str
    default: str | None


def _split_parameters(signature: str) -> list[str]:
    """The parameters of a signature string, split at the commas outside brackets (a default such as
    ``pad_list=(0, 0, 0, 0)`` is one parameter)."""
    parts: list[str] = []
    depth = 0
    start = 0
    for index, char in enumerate(signature):
        if char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(signature[start:index].strip())
            start = index + 1
    if signature.strip():
        parts.append(signature[start:].strip())
    return parts


def _parse(signature: str) -> list[Param]:
    """The parameters of a signature string of ``api_facts.parameters``."""
    params: list[Param] = []
    kind = "positional"
    for part in _split_parameters(signature):
        if part == "/":
            continue
        if part == "*":
            kind = "keyword"
            continue
        if part.startswith("**"):
            params.append(Param(part[2:], "var_keyword", None))
            continue
        if part.startswith("*"):
            params.append(Param(part[1:], "var_positional", None))
            kind = "keyword"
            continue
        name, _, default = part.partition("=")
        params.append(Param(name, kind, default or None))
    return [p for p in params if p.name != "handle"]


def _same_default(pyasc: str, ascx: str, ascx_value: object) -> bool:
    if pyasc == ascx:
        return True
    if isinstance(ascx_value, enum.Enum):  # pyasc writes some enum defaults as their int
        return pyasc == repr(ascx_value.value)
    return False


def _accepts(form: str, ascx_sig: inspect.Signature, ascx_text: str) -> bool:
    """Whether every call pyasc's ``form`` accepts binds to ascx's signature the same way."""
    pyasc = _parse(form)
    ours = _parse(ascx_text)
    values = [p for p in ascx_sig.parameters.values() if p.name not in ("self", "cls")]
    by_name = {p.name: (i, p) for i, p in enumerate(ours)}
    for index, param in enumerate(pyasc):
        if param.kind.startswith("var_"):
            continue
        found = by_name.get(param.name)
        if found is None:
            return False
        position, mine = found
        if param.kind == "positional" and (mine.kind != "positional" or position != index):
            return False
        if param.default is not None:
            if mine.default is None or not _same_default(param.default, mine.default, values[position].default):
                return False
    named = {p.name for p in pyasc}
    return all(p.default is not None or p.name in named or p.kind.startswith("var_") for p in ours)


def _forms(facts: dict[str, Any]) -> list[str]:
    signature: str | None = facts.get("signature")
    overloads: list[str] = facts.get("overloads", [])
    if signature is not None and api_facts.is_concrete(signature):
        return [signature, *overloads]
    return overloads


def _signature_problem(facts: dict[str, Any], target: Any) -> str | None:
    try:
        ascx_sig = inspect.signature(target)
    except (TypeError, ValueError):
        return None
    text = api_facts.parameters(ascx_sig, drop_self=True)
    forms = _forms(facts)
    if not api_facts.is_concrete(text) or not forms:
        return None
    if any(_accepts(form, ascx_sig, text) for form in forms):
        return None
    return f"pyasc: {' | '.join(f'({f})' for f in forms)}; ascx: ({text})"


def _comparisons() -> list[tuple[str, dict[str, Any], Any]]:
    """(key, pyasc facts, ascx object) for every function, constructor and method both have."""
    out: list[tuple[str, dict[str, Any], Any]] = []
    for module, names in MODULES.items():
        ascx_module = _ascx_module(module)
        for name, facts in names.items():
            if not hasattr(ascx_module, name):
                continue
            value = getattr(ascx_module, name)
            if facts["kind"] == "function":
                out.append((f"{module}:{name}", facts, value))
            elif facts["kind"] == "class" and isinstance(value, type):
                if "init" in facts:
                    out.append((f"{module}:{name}.__init__", facts["init"], value))
                for method, method_facts in facts.get("methods", {}).items():
                    if method not in IR_PLUMBING and hasattr(value, method):
                        out.append((f"{module}:{name}.{method}", method_facts, getattr(value, method)))
    return out


def test_signatures_accept_pyasc_calls() -> None:
    problems: dict[str, str] = {}
    for key, facts, target in _comparisons():
        problem = _signature_problem(facts, target)
        if problem is not None:
            problems[key] = problem
    unexplained = {k: v for k, v in problems.items() if k not in DEVIATIONS}
    assert not unexplained, "\n".join(f"{k}: {v}" for k, v in sorted(unexplained.items()))
    resolved = sorted(set(DEVIATIONS) - set(problems))
    assert not resolved, f"{resolved} now accept pyasc's calls: remove them from DEVIATIONS"


def test_methods_exist_or_are_pending() -> None:
    pending = {m for names in PENDING_METHODS.values() for m in names}
    missing: list[str] = []
    present: list[str] = []
    for module, names in MODULES.items():
        ascx_module = _ascx_module(module)
        for name, facts in names.items():
            value = getattr(ascx_module, name, None)
            if facts["kind"] != "class" or value is None:
                continue
            for method in [*facts.get("methods", {}), *facts.get("properties", [])]:
                key = f"{module}:{name}.{method}"
                if method in IR_PLUMBING:
                    continue
                has = hasattr(value, method)
                if not has and key not in pending and key not in METHOD_EXEMPT:
                    missing.append(key)
                if has and (key in pending or key in METHOD_EXEMPT):
                    present.append(key)
    assert not missing, f"ascx lacks the methods {missing}"
    assert not present, f"{present} exist in ascx: remove them from PENDING_METHODS or METHOD_EXEMPT"


def test_inherited_methods_are_in_the_snapshot() -> None:
    """pyasc's TBuf has TQueBind's methods through its base class: the snapshot lists them."""
    tbuf = MODULES["asc.language.fwk"]["TBuf"]["methods"]
    assert {"alloc_tensor", "enque", "deque", "free_tensor", "vacant_in_que", "init_buf_handle"} <= set(tbuf)


def test_pending_and_exempt_methods_are_pyasc_methods() -> None:
    known = {
        f"{module}:{name}.{method}"
        for module, names in MODULES.items()
        for name, facts in names.items()
        for method in [*facts.get("methods", {}), *facts.get("properties", [])]
    }
    listed = {m for names in PENDING_METHODS.values() for m in names} | set(METHOD_EXEMPT)
    assert listed <= known, sorted(listed - known)


def test_enum_members_match() -> None:
    problems: list[str] = []
    for module, names in MODULES.items():
        ascx_module = _ascx_module(module)
        for name, facts in names.items():
            value = getattr(ascx_module, name, None)
            if facts["kind"] != "enum" or value is None:
                continue
            ours = api_facts.name_facts(value).get("members", {})
            for member, member_value in facts["members"].items():
                if ours.get(member) != member_value:
                    problems.append(f"{module}:{name}.{member} = {member_value} (ascx: {ours.get(member)})")
    assert not problems, "\n".join(problems)
