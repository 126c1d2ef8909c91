"""Merging the values of a name across the arms of a runtime ``if`` (docs/tracing.md#merging-at-an-if).

A merge first *plans* (per name or stack slot: unchanged, undefined, or a runtime result, with
tuples and lists merged element-wise), then each arm materialises its side of every runtime
result at the end of its own block, and the results of the ``scf.if`` rebuild the values.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, NoReturn, cast

from xdsl.ir import Attribute, Block, SSAValue

from ascx.language.core import scalar
from ascx.language.core.builder import IRBuilder
from ascx.language.core.dtype import DataType
from ascx.language.core.tensor import LocalTensor
from ascx.language.core.values import Handle, RuntimeScalar
from ascx.tracer.state import Undef

MISSING: Any = Undef("not assigned")
"""Stands for a name that has no binding in an arm."""


@dataclass(frozen=True)
class Same:
    value: Any


@dataclass(frozen=True)
class Leaf:
    values: tuple[Any, ...]
    dtype: DataType


@dataclass(frozen=True)
class Seq:
    kind: type
    items: tuple[Plan, ...]


@dataclass(frozen=True)
class TensorLeaf:
    """A ``LocalTensor`` that is a different one in each arm (``x = ping if c else pong``): the ``scf.if``
    yields the tensor value, which may be either buffer (docs/tracing.md#merging-at-an-if)."""

    values: tuple[LocalTensor, ...]

    @property
    def ir_type(self) -> Attribute:
        return self.values[0].ssa.type

    def merged(self, ssa: SSAValue) -> LocalTensor:
        first = self.values[0]
        assert first.dtype is not None
        position = first.position if all(v.position == first.position for v in self.values) else None
        queue = first.queue if all(v.queue is first.queue for v in self.values) else None
        return LocalTensor.wrap(ssa, first.dtype, position, queue)


Plan = Same | Undef | Leaf | TensorLeaf | Seq

ErrorFn = Callable[[str, str], NoReturn]
"""``error(kind, message)`` raises the located diagnostic."""


def kind_name(value: object) -> str:
    """How messages name the kind of a value: ``an int``, ``a GlobalTensor``, ``None``."""
    if value is None:
        return "None"
    if isinstance(value, RuntimeScalar):
        return f"a runtime {value.dtype} value"
    name = type(value).__name__
    return f"an {name}" if name[:1].lower() in "aeiou" else f"a {name}"


def is_number(value: object) -> bool:
    """Python numbers (bools and int enums included) can become runtime scalars."""
    return isinstance(value, (bool, int, float))


_PRIMITIVES = (bool, int, float, complex, str, bytes, type(None), Enum, DataType)


def _same_constant(a: Any, b: Any) -> bool:
    """Equal compile-time constants: primitives, enums, data types, and tuples of those.

    Never calls ``==`` on anything that might hold a runtime value (its ``==`` would build IR).
    """
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        left, right = cast(tuple[Any, ...], a), cast(tuple[Any, ...], b)
        return len(left) == len(right) and all(_same_constant(x, y) for x, y in zip(left, right, strict=True))
    return isinstance(a, _PRIMITIVES) and bool(a == b)


def ir_type_name(dtype: DataType) -> str:
    return str(dtype.to_ir())


class Merger:
    """Plans and emits one merge; ``labels`` name the arms in messages (``then-branch``...)."""

    def __init__(self, labels: Sequence[str], where: str, error: ErrorFn):
        self.labels = labels
        self.where = where
        """The construct, for messages: ``the 'if' at line 7``."""
        self.error = error

    def plan(self, name: str, values: Sequence[Any]) -> Plan:
        first = values[0]
        if all(v is first for v in values[1:]):
            return Same(first)
        if any(isinstance(v, Undef) for v in values):
            return Undef(f"assigned in only one branch of {self.where}")
        if all(_same_constant(first, v) for v in values[1:]):
            return Same(first)
        items: list[Any] = list(values)
        if all(isinstance(v, RuntimeScalar) or is_number(v) for v in items):
            return Leaf(tuple(items), self._leaf_type(name, items))
        if all(isinstance(v, LocalTensor) for v in items):
            return self._tensor_leaf(name, [cast(LocalTensor, v) for v in items])
        kinds: set[type] = {type(v) for v in items}
        if len(kinds) == 1 and kinds <= {tuple, list}:
            sequences = [cast(Sequence[Any], v) for v in items]
            if len({len(s) for s in sequences}) == 1:
                plans = tuple(self.plan(f"{name}[{i}]", [s[i] for s in sequences]) for i in range(len(sequences[0])))
                return Seq(kinds.pop(), plans)
        described = " and ".join(f"{kind_name(v)} in the {label}" for v, label in zip(values, self.labels, strict=True))
        self.error("branch-kind-mismatch", f"{name} is {described} of {self.where}")

    def _tensor_leaf(self, name: str, tensors: Sequence[LocalTensor]) -> TensorLeaf:
        """LocalTensors of one element type merge into the tensor the ``scf.if`` yields."""
        for tensor, label in zip(tensors, self.labels, strict=True):
            if not tensor.is_bound:
                self.error(
                    "branch-kind-mismatch",
                    f"{name} is a LocalTensor without memory in the {label} of {self.where}; it cannot be "
                    "chosen at run time",
                )
        types = [t.ssa.type for t in tensors]
        if any(t != types[0] for t in types[1:]):
            described = " and ".join(
                f"a LocalTensor of {t.dtype} in the {label}" for t, label in zip(tensors, self.labels, strict=True)
            )
            self.error("branch-type-mismatch", f"{name} is {described} of {self.where}")
        return TensorLeaf(tuple(tensors))

    def _leaf_type(self, name: str, values: Sequence[Any]) -> DataType:
        runtime = [v for v in values if isinstance(v, RuntimeScalar)]
        dtype = runtime[0].dtype if runtime else scalar.default_dtype(values[0])
        for value, label in zip(values, self.labels, strict=True):
            compatible = (
                value.dtype == dtype
                if isinstance(value, RuntimeScalar)
                else not (isinstance(value, float) and not dtype.is_float())
            )
            if not compatible:
                got = ir_type_name(value.dtype) if isinstance(value, RuntimeScalar) else type(value).__name__
                others = [lbl for lbl in self.labels if lbl != label]
                self.error(
                    "branch-type-mismatch",
                    f"{name} has type {ir_type_name(dtype)} in the {others[0]} but {got} in the {label} "
                    f"of {self.where}",
                )
        return dtype

    def leaves(self, plan: Plan) -> list[Leaf | TensorLeaf]:
        if isinstance(plan, Leaf | TensorLeaf):
            return [plan]
        if isinstance(plan, Seq):
            return [leaf for item in plan.items for leaf in self.leaves(item)]
        return []

    def materialize(self, builder: IRBuilder, plans: Sequence[Plan], arm: int, block: Block) -> list[SSAValue]:
        """Arm ``arm``'s side of every runtime result, materialised at the end of ``block``."""
        with builder.at_end(block):
            return [
                leaf.values[arm].ssa
                if isinstance(leaf, TensorLeaf)
                else scalar.materialize(builder, leaf.values[arm], leaf.dtype, what="merging values").ssa
                for plan in plans
                for leaf in self.leaves(plan)
            ]


def rebuild(plan: Plan, results: Iterator[Handle]) -> Any:
    """The merged value of ``plan``, taking runtime results in order."""
    if isinstance(plan, Same):
        return plan.value
    if isinstance(plan, Undef):
        return plan
    if isinstance(plan, Leaf | TensorLeaf):
        return next(results)
    items = [rebuild(item, results) for item in plan.items]
    return tuple(items) if plan.kind is tuple else list(items)
