"""Structured control flow: runtime branches, loops and ``with`` regions (docs/tracing.md#symbolic-execution).

A branch on a compile-time value takes one edge.  A branch on a runtime value traces both arms
into their own blocks until they meet again at the branch's immediate post-dominator, and merges
the values live there into the results of an ``scf.if``.  Loops over ``range``/``asc.range``
become ``scf.for``, loops over Python values are unrolled, ``while`` loops are unrolled while
their condition is compile-time and become ``scf.while`` otherwise, and ``with mm.iterate()``
becomes an ``scf.while`` that counts.  Loop-carried values are the names stored in the loop that
are live at its header (or after it); their initial values are materialised before the body is
traced.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, NoReturn

from xdsl.dialects import scf
from xdsl.dialects.builtin import UnitAttr
from xdsl.ir import Block, Operation, Region
from xdsl.rewriter import Rewriter

from ascx.dialects.ascendc.kernel_attrs import LEAVES_LOOP_ATTR
from ascx.errors import KernelError
from ascx.language.core import scalar
from ascx.language.core.builder import IRBuilder
from ascx.language.core.dtype import DataType, bit, int32
from ascx.language.core.range import RangeSpec, loop_bound
from ascx.language.core.values import CompileTimeRequired, Handle, RuntimeScalar
from ascx.tracer.cfg import Loop, Region as CFGRegion, WhileShape
from ascx.tracer.instructions import Instr, Position
from ascx.tracer.merging import MISSING, Merger, Plan, TensorLeaf, is_number, rebuild
from ascx.tracer.state import (
    Brk,
    Condition,
    Cont,
    Decided,
    FunctionContext,
    Left,
    Outcome,
    Ret,
    RunContext,
    State,
    Stop,
    Undef,
)

ONLY_LOOP_CONDITION = "the result of iterate() can only be used as a with-item, a while condition, or discarded"
"""docs/matmul-protocol.md#the-result-of-iterate: the message for any other use of what ``mm.iterate()`` returns."""

UNROLL_LIMIT = 1024
"""The most iterations one loop may be unrolled."""

_IMMUTABLE = (bool, int, float, complex, str, bytes, tuple, frozenset, type(None))


@dataclass
class RangeIter:
    """The iterator of a runtime loop: ``for i in range(...)`` becomes ``scf.for``."""

    spec: RangeSpec
    anchor: Position | None


@dataclass
class UnrolledIter:
    """The iterator of a loop over Python values, unrolled at compile time."""

    iterator: Iterator[Any]
    anchor: Position | None


class WithMarker:
    """Stands for the ``__exit__`` slot a ``with`` statement keeps on the stack."""

    def __call__(self, *args: Any) -> NoReturn:
        raise TypeError("leaving the body of 'with mm.iterate()' early is not supported")


SELECTOR = "<loop exit>"
"""The pseudo-local of a runtime loop body that says how the loop is left: 0 while it runs, ``k`` once
a ``break`` or ``return`` has left it for its ``k``-th exit (docs/tracing.md#break-and-return-in-runtime-loops).
Not a Python identifier, so no kernel variable can take its name."""


@dataclass
class Breaks:
    """The exits of a runtime loop whose body can leave it (``break``, or ``return`` inside the loop)."""

    fc: FunctionContext
    header: int
    carried: frozenset[str]
    """The names the loop carries (the selector included): merged wherever an iteration ends."""
    depth: int
    """The height of the value stack in the body (the iterators of the loops around it)."""
    targets: list[int] = field(default_factory=list[int])
    """The blocks the body left for, in the order tracing met them: exit ``k`` is ``targets[k - 1]``."""
    positions: list[Position | None] = field(default_factory=list[Position | None])
    """Where each exit is taken (its ``break`` or ``return``)."""
    stacks: list[list[Any]] = field(default_factory=list[list[Any]])
    """The value stack each exit leaves with (the iterators of the loops it leaves, which the code at
    the exit pops)."""


@dataclass
class LoopInfo:
    kind: str
    """``runtime`` or ``unrolled``."""
    anchor: Position | None
    exit: int | None = None
    """The block the loop leaves to when it ends normally."""
    breaks: Breaks | None = None
    """How the body of a runtime loop that can leave early records where it left for."""


@dataclass
class Scope:
    """A runtime region (an arm, a loop body) and the Python objects created inside it."""

    kind: str
    pos: Position | None = None
    """Where the region starts: the branch of an ``if``, the header of a loop."""
    condition: RuntimeScalar | None = None
    """The runtime condition of an ``if`` arm."""
    created: set[int] = field(default_factory=set[int])


class ControlFlow(ABC):
    """The control-flow half of the interpreter (mixed into ``Interpreter``)."""

    pos: Position | None
    fc: FunctionContext | None

    def __init__(self) -> None:
        self.scopes: list[Scope] = []
        self.loop_stack: list[LoopInfo] = []

    @property
    @abstractmethod
    def builder(self) -> IRBuilder: ...

    @abstractmethod
    def run(self, rc: RunContext, pc: int, state: State, *, at_header: bool = False) -> Outcome: ...

    @abstractmethod
    def error(
        self,
        message: str,
        *,
        kind: str,
        hints: tuple[str, ...] = (),
        notes: tuple[str, ...] = (),
        pos: Position | None = None,
    ) -> KernelError: ...

    @abstractmethod
    def library_error(self, exc: BaseException) -> KernelError: ...

    @abstractmethod
    def native(self, callee: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any: ...

    @abstractmethod
    def line_ref(self, pos: Position | None) -> str: ...

    # -- Python objects mutated inside runtime regions ---------------------------------------------

    def note_created(self, obj: Any) -> Any:
        """Record that ``obj`` was created in the current runtime region (it may be mutated there)."""
        if self.scopes and not _immutable(obj):
            self.scopes[-1].created.add(id(obj))
        return obj

    def check_mutation(self, obj: Any, state: State) -> None:
        """Mutating a Python object created outside the current runtime region happens only once."""
        if not self.scopes or _immutable(obj) or id(obj) in self.scopes[-1].created:
            return
        name = next((f"'{n}'" for n, v in state.locals.items() if v is obj), "this object")
        kind = type(obj).__name__
        raise self.error(
            f"{name} is a Python {kind} created outside this {self.scopes[-1].kind}; "
            "mutating it here runs only once at compile time",
            kind="python-mutation-in-region",
            hints=("build a new value inside the region, or use a tuple built before it and asc.static_range",),
        )

    def _push_scope(self, kind: str, pos: Position | None = None, condition: RuntimeScalar | None = None) -> None:
        self.scopes.append(Scope(kind, pos, condition))

    def _pop_scope(self) -> None:
        scope = self.scopes.pop()
        if self.scopes:
            self.scopes[-1].created |= scope.created

    # -- conditions -------------------------------------------------------------------------------

    def runtime_condition(self, value: Any, *, loop_condition: bool) -> RuntimeScalar | None:
        """The runtime ``int1`` that ``value`` tests as, or None when ``value`` is compile-time.

        Objects with ``__ascx_condition__`` (what ``mm.iterate()`` returns) make a condition only
        where a loop tests it: the condition of a ``while`` or a ``with`` loop.
        """
        hook = getattr(value, "__ascx_condition__", None)
        if hook is not None:
            if not loop_condition:
                self.native(bool, (value,), {})  # the object says why it is no condition here
            value = self.native(hook, (), {})
        if isinstance(value, RuntimeScalar):
            return self.native(scalar.truth, (value,), {})
        if isinstance(value, Handle):
            raise self.library_error(CompileTimeRequired(value, "a condition"))
        return None

    def op_branch(self, rc: RunContext, state: State, ins: Instr) -> int | Outcome:
        test, if_true, if_false = ins.arg
        value = state.stack.pop()
        if test == "is_none":
            if isinstance(value, Handle):
                raise self.library_error(CompileTimeRequired(value, "'is None'"))
            return self._take(rc, ins, value is None)
        condition = self.runtime_condition(value, loop_condition=rc.condition is not None)
        if condition is None:
            return self._take(rc, ins, bool(self.native(bool, (value,), {})))
        cond = rc.condition
        if cond is not None and _decides(cond, if_true, if_false):
            stay = condition if if_true == cond.body else self.native(scalar.logical_not, (condition,), {})
            return Decided(stay, state)
        return self._fork(rc, state, ins, condition)

    def _take(self, rc: RunContext, ins: Instr, truth: bool) -> int:
        edge = 0 if truth else 1
        rc.via = ins.origins[edge] if ins.origins else None
        return ins.arg[1 + edge]

    def _fork(self, rc: RunContext, state: State, ins: Instr, condition: RuntimeScalar) -> int | Outcome:
        cfg = rc.fc.cfg
        merge = cfg.ipdom(cfg.block_of[rc.pc], rc.region)
        stops = rc.stops | {merge} if isinstance(merge, int) else rc.stops
        arms: list[tuple[Block, Outcome]] = []
        for edge, target in enumerate(ins.arg[1:]):
            block = Block()
            self._push_scope("runtime 'if' branch", ins.pos, condition)
            try:
                with self.builder.at_end(block):
                    # the original target, so that an arm that leaves at once is located at its own jump
                    arm = RunContext(
                        rc.fc, stops, rc.region, rc.condition, via=ins.origins[edge] if ins.origins else None
                    )
                    outcome = self.run(arm, target, state.copy())
            finally:
                self._pop_scope()
            arms.append((block, outcome))
        self.pos = ins.pos
        return self._merge_arms(rc, state, ins, condition, arms)

    def _merge_arms(
        self, rc: RunContext, state: State, ins: Instr, condition: RuntimeScalar, arms: list[tuple[Block, Outcome]]
    ) -> int | Outcome:
        """Join the two arms of a runtime ``if`` that end the same way into one ``scf.if``."""
        (true_block, first), (false_block, second) = arms
        first, second = self._lower_break(rc, first), self._lower_break(rc, second)
        line = ins.pos.line if ins.pos is not None else 0
        names = self._live_at_join(rc, first, second)
        merger = Merger(("then-branch", "else-branch"), f"the 'if' at line {line}", self._merge_error)
        merged = State()
        plans: list[tuple[str, Plan]] = []
        for name in sorted(names | set(first.state.locals) | set(second.state.locals)):
            a, b = first.state.locals.get(name, MISSING), second.state.locals.get(name, MISSING)
            if a is b:
                merged.locals[name] = a
            elif name in names:
                plans.append((name, merger.plan(f"'{name}'", (a, b))))
            else:
                merged.locals[name] = Undef(f"assigned differently in the branches of the 'if' at line {line}")
        if len(first.state.stack) != len(second.state.stack):
            raise self.error("internal error: the arms of an 'if' leave different stack depths", kind="internal")
        slot = self._slot_name(rc, first)
        stack_plans = [merger.plan(slot, pair) for pair in zip(first.state.stack, second.state.stack, strict=True)]
        extra = [merger.plan(what, pair) for what, pair in _outcome_values(first, second)]
        results = self._emit_if(condition, merger, [p for _, p in plans] + stack_plans + extra, true_block, false_block)
        for block, outcome in ((true_block, first), (false_block, second)):
            if isinstance(outcome, Left) and (end := block.last_op) is not None:
                end.attributes[LEAVES_LOOP_ATTR] = UnitAttr()  # the analyses take this arm to the loop's exit
        for name, plan in plans:
            value = rebuild(plan, results)
            if isinstance(value, Handle):
                value.suggest_name(_display(name))
            merged.locals[name] = value
        merged.stack = [rebuild(plan, results) for plan in stack_plans]
        extra_values = [rebuild(plan, results) for plan in extra]
        state.assign(merged)
        return _joined(first, second, state, extra_values)

    def _live_at_join(self, rc: RunContext, first: Outcome, second: Outcome) -> frozenset[str]:
        """The locals live where both arms continue; arms that end differently are an error."""
        cfg = rc.fc.cfg
        if _ending(first) is not _ending(second):
            self._mixed_exits(first, second)
        if isinstance(first, Stop) and isinstance(second, Stop):
            if first.block != second.block:
                raise self.error("internal error: the arms of an 'if' stop at different points", kind="internal")
            return cfg.live_in[first.block]
        if isinstance(first, Cont):
            assert rc.region.header is not None
            breaks = self._breaks(rc)
            return cfg.live_in[rc.region.header] | (breaks.carried if breaks is not None else frozenset[str]())
        if isinstance(first, Brk) and isinstance(second, Brk):
            if first.target != second.target:
                self._mixed_exits(first, second)
            return cfg.live_in[first.target]
        if isinstance(first, Decided):
            assert rc.condition is not None
            return cfg.live_in[rc.condition.body].union(*(cfg.live_in[e] for e in rc.condition.exits))
        return frozenset()

    def _breaks(self, rc: RunContext) -> Breaks | None:
        """The exits of the runtime loop whose body ``rc`` traces, when that body can leave early."""
        loop = self.loop_stack[-1] if self.loop_stack else None
        breaks = loop.breaks if loop is not None else None
        if breaks is None or breaks.fc is not rc.fc or rc.region.header != breaks.header or rc.condition is not None:
            return None
        return breaks

    def _lower_break(self, rc: RunContext, outcome: Outcome) -> Outcome:
        """A path that leaves the runtime loop whose body ``rc`` traces ends the iteration with the
        loop's selector set to that exit: the loop stops before the next one, and the code at the exit
        runs after the loop (docs/tracing.md#break-and-return-in-runtime-loops)."""
        breaks = self._breaks(rc)
        if breaks is None or not isinstance(outcome, Brk):
            return outcome
        if outcome.target not in breaks.targets:
            breaks.targets.append(outcome.target)
            breaks.positions.append(outcome.pos)
            breaks.stacks.append(list(outcome.state.stack))
        outcome.state.locals[SELECTOR] = breaks.targets.index(outcome.target) + 1
        del outcome.state.stack[breaks.depth :]
        return Left(outcome.state)

    def _slot_name(self, rc: RunContext, outcome: Outcome) -> str:
        if isinstance(outcome, Stop):
            ins = rc.fc.instrs[outcome.block]
            if ins.op == "STORE_FAST":
                return f"'{ins.arg}'"
        return "the value of the expression"

    def _emit_if(
        self,
        condition: RuntimeScalar,
        merger: Merger,
        plans: list[Plan],
        true_block: Block,
        false_block: Block,
    ) -> Iterator[Handle]:
        builder = self.builder
        leaves = [leaf for plan in plans for leaf in merger.leaves(plan)]
        for arm, block in enumerate((true_block, false_block)):
            values = merger.materialize(builder, plans, arm, block)
            with builder.at_end(block):
                builder.insert(scf.YieldOp(*values))
        else_region = Region(false_block) if leaves or len(false_block.ops) > 1 else Region()
        types = [leaf.ir_type if isinstance(leaf, TensorLeaf) else leaf.dtype.to_ir() for leaf in leaves]
        if_op = builder.insert(scf.IfOp(condition.ssa, types, Region(true_block), else_region))
        line = self.line_ref(self.pos)
        return iter(
            leaf.merged(value)
            if isinstance(leaf, TensorLeaf)
            else self._result(value, leaf.dtype, f"a value merged out of the runtime 'if' at {line}")
            for value, leaf in zip(if_op.results, leaves, strict=True)
        )

    @staticmethod
    def _result(ssa: Any, dtype: DataType, origin: str) -> RuntimeScalar:
        return RuntimeScalar(ssa, dtype, origin=origin)

    def _merge_error(self, kind: str, message: str) -> NoReturn:
        raise self.error(message, kind=kind, hints=("give the variable one type on every path",))

    def _mixed_exits(self, first: Outcome, second: Outcome) -> NoReturn:
        for outcome in (first, second):
            if isinstance(outcome, Brk):
                self._leave_error(outcome)
        kinds = sorted({type(first).__name__, type(second).__name__})
        if "Ret" in kinds:
            self._leave_error(None)
        raise self.error(f"internal error: the arms of a runtime 'if' end differently ({kinds})", kind="internal")

    def _leave_error(self, brk: Brk | None) -> NoReturn:
        """A ``break`` or ``return`` that leaves a runtime loop, or happens under a runtime condition."""
        loop = self.loop_stack[-1] if self.loop_stack else None
        runtime = loop is not None and loop.kind == "runtime"
        kind, pos = "return", self.pos
        if brk is not None and self.fc is not None:
            kind, anchor = self.fc.cfg.exit_path(brk.target, loop.exit if loop is not None else None)
            pos = self.fc.instrs[anchor].pos
        if kind == "return" and pos is not None and self.fc is not None:
            # a 'break' whose loop exit is the function's end jumps straight to the return
            if re.match(r"break\b", self.fc.locator.text_at(pos)):
                kind = "break"
        notes: tuple[str, ...] = ()
        if loop is not None:
            notes = (f"the loop at {self.line_ref(loop.anchor)} is {'a runtime' if runtime else 'an unrolled'} loop",)
        where = "out of a runtime loop" if runtime else "under a runtime condition"
        hint = (
            "use asc.static_range(...) for a compile-time trip count, or restructure the loop with a flag"
            if kind == "break"
            else "assign the result to a variable and return it after the loop"
        )
        raise self.error(f"cannot '{kind}' {where}", kind=f"runtime-{kind}", pos=pos, notes=notes, hints=(hint,))

    # -- loops ------------------------------------------------------------------------------------

    def enter_loop(self, rc: RunContext, header: int, state: State) -> Outcome | int:
        loop = rc.fc.cfg.loops[header]
        if rc.fc.instrs[header].op == "FOR_ITER":
            iterator = state.stack[-1]
            if isinstance(iterator, RangeIter):
                return self._runtime_for(rc, loop, state, iterator)
            assert isinstance(iterator, UnrolledIter)
            return self._unrolled_for(rc, loop, state, iterator)
        return self._while(rc, loop, state)

    def for_iter_without_loop(self, rc: RunContext, state: State, ins: Instr) -> int | None:
        """``FOR_ITER`` outside a natural loop: the body never loops back (it always leaves)."""
        iterator = state.stack[-1]
        if isinstance(iterator, RangeIter):
            raise self.error(
                "a runtime loop whose body always leaves it is not supported",
                kind="runtime-break",
                hints=("use an if statement instead of the loop",),
            )
        assert isinstance(iterator, UnrolledIter)
        try:
            value = next(iterator.iterator)
        except StopIteration:
            state.stack.pop()
            return ins.arg
        state.stack.append(value)
        return None

    def _unrolled_for(self, rc: RunContext, loop: Loop, state: State, iterator: UnrolledIter) -> Outcome | int:
        fc = rc.fc
        header = loop.header
        body = fc.cfg.block_end[header]
        count = 0
        self.loop_stack.append(LoopInfo("unrolled", iterator.anchor, fc.instrs[header].arg))
        try:
            while True:
                self.pos = iterator.anchor
                try:
                    value = next(iterator.iterator)
                except StopIteration:
                    state.stack.pop()
                    return fc.instrs[header].arg
                except Exception as exc:
                    raise self.library_error(exc) from exc
                count += 1
                self._check_unroll(count, iterator.anchor)
                state.stack.append(value)
                outcome = self.run(RunContext(fc, frozenset(), loop.region), body, state)
                if isinstance(outcome, Cont):
                    state.assign(outcome.state)
                elif isinstance(outcome, Brk):
                    state.assign(outcome.state)
                    return outcome.target
                elif isinstance(outcome, Ret):
                    return outcome
                else:
                    raise self.error("internal error: unexpected end of an unrolled loop body", kind="internal")
        finally:
            self.loop_stack.pop()

    def _check_unroll(self, count: int, anchor: Position | None) -> None:
        if count > UNROLL_LIMIT:
            raise self.error(
                f"the loop at line {anchor.line if anchor else '?'} unrolled more than {UNROLL_LIMIT} iterations",
                kind="unroll-limit",
                pos=anchor,
                hints=("use range(...) for a loop that runs on the device instead of being unrolled",),
            )

    def _carried_init(self, name: str, value: Any, anchor: Position | None) -> RuntimeScalar:
        """The initial value of a loop-carried name, materialised before the loop."""
        if isinstance(value, Undef):
            raise self.error(
                f"'{name}' is assigned inside the loop at line {anchor.line if anchor else '?'} and read after it "
                "or in the next iteration, but has no value before the loop",
                kind="carried-no-init",
                pos=anchor,
                hints=(f"initialise '{name}' before the loop",),
            )
        if isinstance(value, RuntimeScalar):
            return value
        if is_number(value):
            return self.native(
                scalar.materialize, (self.builder, value, scalar.default_dtype(value)), {"what": f"'{name}'"}
            )
        raise self.error(
            f"'{name}' holds {_kind(value)} and is reassigned in a runtime loop; only scalars can change "
            "from one iteration to the next",
            kind="carried-kind",
            pos=anchor,
            hints=("keep such values unchanged inside runtime loops",),
        )

    def _carried_next(self, name: str, value: Any, init: RuntimeScalar, anchor: Position | None) -> RuntimeScalar:
        """The value of a loop-carried name at the end of an iteration, in the loop's type."""
        line = anchor.line if anchor else "?"
        if isinstance(value, RuntimeScalar) and value.dtype != init.dtype:
            raise self.error(
                f"'{name}' enters the loop at line {line} as {init.dtype.to_ir()} but is {value.dtype.to_ir()} "
                "at the end of the body",
                kind="carried-type-change",
                pos=anchor,
                hints=(f"initialise '{name}' with a value of the loop's type",),
            )
        if isinstance(value, Undef):
            raise self.error(
                f"'{name}' is not defined at the end of every iteration of the loop at line {line} ({value.reason})",
                kind="undefined-on-path",
                pos=anchor,
            )
        if isinstance(value, float) and not init.dtype.is_float():
            raise self.error(
                f"'{name}' enters the loop at line {line} as {init.dtype.to_ir()} "
                "but is a float at the end of the body",
                kind="carried-type-change",
                pos=anchor,
                hints=(f"initialise '{name}' with a value of the loop's type",),
            )
        if not isinstance(value, RuntimeScalar) and not is_number(value):
            raise self.error(
                f"'{name}' enters the loop at line {line} as a scalar but is {_kind(value)} at the end of the body",
                kind="carried-type-change",
                pos=anchor,
            )
        return self.native(scalar.materialize, (self.builder, value, init.dtype), {"what": f"'{name}'"})

    def _bind_carried(
        self, state: State, names: list[str], args: tuple[Any, ...], types: list[DataType], origin: str
    ) -> None:
        for name, arg, dtype in zip(names, args, types, strict=True):
            arg.name_hint = _hint(name)
            value = RuntimeScalar(arg, dtype, origin=origin)
            value.suggest_name(_display(name))
            state.locals[name] = value

    def _after_loop(self, state: State, loop: Loop, cfg_stored: frozenset[str], carried: list[str], line: int) -> None:
        for name in cfg_stored - set(carried):
            state.locals[name] = Undef(f"only assigned inside the loop at line {line}")

    def _runtime_for(self, rc: RunContext, loop: Loop, state: State, iterator: RangeIter) -> Outcome | int:
        fc, builder = rc.fc, self.builder
        cfg, header = fc.cfg, loop.header
        if cfg.leaving_body(loop, cfg.block_end[header]):
            return self._runtime_for_leaving(rc, loop, state, iterator)
        anchor = iterator.anchor
        line = anchor.line if anchor else 0
        self.pos = anchor
        stored = cfg.stored_in(loop.blocks)
        carried = sorted(stored & cfg.live_in[header])
        inits = [self._carried_init(n, state.locals.get(n, MISSING), anchor) for n in carried]
        spec = iterator.spec
        bounds = [
            self.native(loop_bound, (builder, bound, f"the {role} of range()"), {}).ssa
            for role, bound in (("start", spec.start), ("stop", spec.stop), ("step", spec.step))
        ]
        types = [init.dtype for init in inits]
        body = Block(arg_types=[int32.to_ir(), *(t.to_ir() for t in types)])
        body_state = state.copy()
        loop_ref = self.line_ref(anchor)
        self._bind_carried(body_state, carried, body.args[1:], types, f"carried by the runtime loop at {loop_ref}")
        induction = RuntimeScalar(
            body.args[0], int32, origin=f"the induction variable of the runtime loop at {loop_ref}"
        )
        body_state.stack.append(induction)
        outcome = self._trace_body(rc, loop, body, cfg.block_end[header], body_state, anchor, fc.instrs[header].arg)
        with builder.at_end(body):
            nexts = [
                self._carried_next(n, outcome.state.locals.get(n, MISSING), init, anchor).ssa
                for n, init in zip(carried, inits, strict=True)
            ]
            builder.insert(scf.YieldOp(*nexts))
        self.pos = anchor
        for_op = builder.insert(scf.ForOp(bounds[0], bounds[1], bounds[2], [i.ssa for i in inits], body))
        for name, result, dtype in zip(carried, for_op.results, types, strict=True):
            result.name_hint = _hint(name)
            state.locals[name] = RuntimeScalar(result, dtype, origin=f"carried by the runtime loop at {loop_ref}")
        self._after_loop(state, loop, stored, carried, line)
        state.stack.pop()
        return fc.instrs[header].arg

    def _runtime_for_leaving(self, rc: RunContext, loop: Loop, state: State, iterator: RangeIter) -> Outcome | int:
        """A ``range`` loop whose body can leave it: an ``scf.while`` that counts, and stops when the
        count reaches the bound or the selector says a ``break`` or ``return`` left the loop."""
        fc, builder = rc.fc, self.builder
        cfg, header = fc.cfg, loop.header
        anchor = iterator.anchor
        line = anchor.line if anchor else 0
        loop_ref = self.line_ref(anchor)
        origin = f"carried by the runtime loop at {loop_ref}"
        self.pos = anchor
        body_start = cfg.block_end[header]
        exits = cfg.leaving_body(loop, body_start)
        loop_exit = fc.instrs[header].arg
        target_name = fc.instrs[body_start].arg if fc.instrs[body_start].op == "STORE_FAST" else None
        stored = cfg.stored_in(cfg.body_region(loop, body_start).blocks)
        carried = sorted(stored & cfg.live_in[header].union(*(cfg.live_in[e] for e in exits)))
        inits: list[RuntimeScalar] = []
        for name in carried:
            value = state.locals.get(name, MISSING)
            if name == target_name and isinstance(value, Undef) and name not in cfg.live_in[header]:
                value = 0  # only read on the way out, after the iteration assigned it
            inits.append(self._carried_init(name, value, anchor))
        spec = iterator.spec
        start, stop, step = (
            self.native(loop_bound, (builder, bound, f"the {role} of range()"), {})
            for role, bound in (("start", spec.start), ("stop", spec.stop), ("step", spec.step))
        )
        zero = self.native(scalar.materialize, (builder, 0, int32), {"what": "the loop's exit selector"})
        types = [int32, int32, *(i.dtype for i in inits)]
        before = Block(arg_types=[t.to_ir() for t in types])
        before.args[0].name_hint = "i" if target_name is None else _hint(target_name)
        before.args[1].name_hint = "left"
        for arg, name in zip(before.args[2:], carried, strict=True):
            arg.name_hint = _hint(name)
        with builder.at_end(before):
            count = RuntimeScalar(before.args[0], int32, origin=origin)
            running = self.native(scalar.compare, ("==", RuntimeScalar(before.args[1], int32), 0), {})
            in_range = self.native(scalar.compare, ("<", count, stop), {})
            stay = self.native(scalar.binary, ("and", in_range, running), {})
            builder.insert(scf.ConditionOp(stay.ssa, *before.args))
        after = Block(arg_types=[t.to_ir() for t in types])
        body_state = state.copy()
        self._bind_carried(body_state, [SELECTOR, *carried], after.args[1:], types[1:], origin)
        after.args[0].name_hint = before.args[0].name_hint
        body_state.stack.append(
            RuntimeScalar(after.args[0], int32, origin=f"the induction variable of the runtime loop at {loop_ref}")
        )
        breaks = Breaks(fc, header, frozenset([SELECTOR, *carried]), len(state.stack))
        outcome = self._trace_body(rc, loop, after, body_start, body_state, anchor, loop_exit, breaks)
        with builder.at_end(after):
            counted = self.native(scalar.binary, ("add", RuntimeScalar(after.args[0], int32), step), {})
            nexts = [counted.ssa]
            nexts += [
                self._carried_next(n, outcome.state.locals.get(n, MISSING), init, anchor).ssa
                for n, init in zip([SELECTOR, *carried], [zero, *inits], strict=True)
            ]
            builder.insert(scf.YieldOp(*nexts))
        self.pos = anchor
        while_op = builder.insert(
            scf.WhileOp([start.ssa, zero.ssa, *(i.ssa for i in inits)], [t.to_ir() for t in types], [before], [after])
        )
        while_op.results[1].name_hint = "left"
        for name, result, dtype in zip(carried, while_op.results[2:], types[2:], strict=True):
            result.name_hint = _hint(name)
            state.locals[name] = RuntimeScalar(result, dtype, origin=origin)
        self._after_loop(state, loop, stored, carried, line)
        selector = RuntimeScalar(while_op.results[1], int32, origin=origin)
        state.stack.pop()
        return self._after_exits(rc, state, breaks, selector, loop_exit, fc.instrs[header])

    def _after_exits(
        self,
        rc: RunContext,
        state: State,
        breaks: Breaks,
        selector: RuntimeScalar,
        normal: int,
        ins: Instr,
    ) -> Outcome | int:
        """Go on after a loop that its body may have left: at the exit the selector names, tracing
        the code there under ``if (selector == k)`` (an exit that only pops the loop's iterators and
        goes where the loop ends needs none)."""
        cfg = rc.fc.cfg
        real = [
            (k, t)
            for k, t in enumerate(breaks.targets, 1)
            if not cfg.leads_to(t, normal, len(breaks.stacks[k - 1]) - len(state.stack))
        ]
        if not real:
            return normal
        merge = cfg.join_point([t for _, t in real] + [normal], rc.region)
        stops = rc.stops | {merge} if isinstance(merge, int) else rc.stops
        return self._branch_to_exit(rc, state, stops, real, selector, normal, breaks.stacks, ins)

    def _branch_to_exit(
        self,
        rc: RunContext,
        state: State,
        stops: frozenset[int],
        real: list[tuple[int, int]],
        selector: RuntimeScalar,
        normal: int,
        stacks: list[list[Any]],
        ins: Instr,
    ) -> Outcome | int:
        (k, target), rest = real[0], real[1:]
        self.pos = ins.pos
        condition = self.native(scalar.compare, ("==", selector, k), {})
        arms: list[tuple[Block, Outcome]] = []
        for taken in (True, False):
            block = Block()
            arm = state.copy()
            self._push_scope("runtime 'if' branch", ins.pos, condition)
            try:
                with self.builder.at_end(block):
                    run = RunContext(rc.fc, stops, rc.region, rc.condition)
                    if taken:
                        arm.stack = list(stacks[k - 1])
                        outcome = self.run(run, target, arm)
                    elif rest:
                        nxt = self._branch_to_exit(rc, arm, stops, rest, selector, normal, stacks, ins)
                        outcome = self.run(run, nxt, arm) if isinstance(nxt, int) else nxt
                    else:
                        outcome = self.run(run, normal, arm)
            finally:
                self._pop_scope()
            arms.append((block, outcome))
        self.pos = ins.pos
        result = self._merge_arms(rc, state, ins, condition, arms)
        _drop_if_empty(self.builder.block.last_op)
        return result

    def _trace_body(
        self,
        rc: RunContext,
        loop: Loop,
        block: Block,
        start: int,
        state: State,
        anchor: Position | None,
        loop_exit: int,
        breaks: Breaks | None = None,
    ) -> Cont:
        """Trace one runtime iteration into ``block``; it must end by going back to the header (or, with
        ``breaks``, by leaving the loop: the code on the way to a ``break`` is part of the iteration)."""
        self.loop_stack.append(LoopInfo("runtime", anchor, loop_exit, breaks))
        self._push_scope("runtime loop", anchor)
        try:
            body = RunContext(rc.fc, frozenset(), rc.fc.cfg.body_region(loop, start))
            with self.builder.at_end(block):
                outcome = self._lower_break(body, self.run(body, start, state))
        finally:
            self._pop_scope()
            self.loop_stack.pop()
        if isinstance(outcome, Cont):
            return outcome
        self.loop_stack.append(LoopInfo("runtime", anchor, loop_exit))
        try:
            if isinstance(outcome, Brk | Ret):
                self._leave_error(outcome if isinstance(outcome, Brk) else None)
        finally:
            self.loop_stack.pop()
        raise self.error("internal error: unexpected end of a runtime loop body", kind="internal")

    def _while(self, rc: RunContext, loop: Loop, state: State) -> Outcome | int:
        fc = rc.fc
        shape = fc.cfg.while_shape(loop)
        if shape is None:
            return self._unrolled_while(rc, loop, state, None)
        anchor = fc.instrs[shape.branch].pos
        condition = Condition(shape.body, shape.exits)
        scratch = Block()
        trial = state.copy()
        with self.builder.at_end(scratch):
            decided = self.run(RunContext(fc, frozenset(), loop.region, condition), loop.header, trial, at_header=True)
        if not isinstance(decided, Decided):
            raise self.error("internal error: a loop condition did not decide", kind="internal")
        if isinstance(decided.stay, RuntimeScalar):
            _discard(scratch)
            return self._runtime_while(rc, loop, shape, state, anchor)
        self.builder.adopt(scratch)
        state.assign(decided.state)
        if not decided.stay:
            return shape.exit
        return self._unrolled_while(rc, loop, state, shape)

    def _unrolled_while(self, rc: RunContext, loop: Loop, state: State, shape: WhileShape | None) -> Outcome | int:
        """A ``while`` whose condition is compile-time: trace iterations until it is false.

        ``shape`` is None for loops without a deciding condition (``while True:`` with a
        ``break``); otherwise the condition has just been found true and the body runs next.
        """
        fc = rc.fc
        anchor = fc.instrs[shape.branch].pos if shape is not None else fc.instrs[loop.header].pos
        count = 0
        self.loop_stack.append(LoopInfo("unrolled", anchor, shape.exit if shape is not None else None))
        try:
            start, at_header = (shape.body, False) if shape is not None else (loop.header, True)
            while True:
                count += 1
                self._check_unroll(count, anchor)
                outcome = self.run(RunContext(fc, frozenset(), loop.region), start, state, at_header=at_header)
                if isinstance(outcome, Brk):
                    state.assign(outcome.state)
                    return outcome.target
                if isinstance(outcome, Ret):
                    return outcome
                if not isinstance(outcome, Cont):
                    raise self.error("internal error: unexpected end of an unrolled loop body", kind="internal")
                state.assign(outcome.state)
                if shape is None:
                    continue
                decided = self.run(
                    RunContext(fc, frozenset(), loop.region, Condition(shape.body, shape.exits)),
                    loop.header,
                    state,
                    at_header=True,
                )
                if not isinstance(decided, Decided):
                    raise self.error("internal error: a loop condition did not decide", kind="internal")
                state.assign(decided.state)
                if isinstance(decided.stay, RuntimeScalar):
                    raise self.error(
                        "the condition of this while loop became a runtime value after it was unrolled",
                        kind="needs-compile-time",
                        pos=anchor,
                        hints=(
                            "make the loop's variables runtime values before the loop "
                            "(e.g. start from a runtime value)",
                        ),
                    )
                if not decided.stay:
                    return shape.exit
        finally:
            self.loop_stack.pop()

    def _runtime_while(
        self, rc: RunContext, loop: Loop, shape: WhileShape, state: State, anchor: Position | None
    ) -> Outcome | int:
        fc, builder = rc.fc, self.builder
        cfg = fc.cfg
        line = anchor.line if anchor else 0
        loop_ref = self.line_ref(anchor)
        self.pos = anchor
        stored = cfg.stored_in(cfg.body_region(loop, shape.body).blocks)
        exits = cfg.leaving_body(loop, shape.body)
        leaving = stored & frozenset[str]().union(*(cfg.live_in[e] for e in exits))
        hidden = [SELECTOR] if exits else []
        entering = sorted(stored & cfg.live_in[loop.header] | leaving)
        forwarded = sorted(stored & (cfg.live_in[shape.body] | cfg.live_in[shape.exit]) | leaving)
        inits = [self._carried_init(n, state.locals.get(n, MISSING), anchor) for n in entering]
        if exits:
            inits.insert(0, self.native(scalar.materialize, (builder, 0, int32), {"what": "the loop's exit selector"}))
        types = [init.dtype for init in inits]
        origin = f"carried by the runtime loop at {loop_ref}"
        before = Block(arg_types=[t.to_ir() for t in types])
        before_state = state.copy()
        self._bind_carried(before_state, [*hidden, *entering], before.args, types, origin)
        self.loop_stack.append(LoopInfo("runtime", anchor, shape.exit))
        self._push_scope("runtime loop", anchor)
        try:
            with builder.at_end(before):
                decided = self.run(
                    RunContext(fc, frozenset(), loop.region, Condition(shape.body, shape.exits)),
                    loop.header,
                    before_state,
                    at_header=True,
                )
        finally:
            self._pop_scope()
            self.loop_stack.pop()
        if not isinstance(decided, Decided):
            raise self.error("internal error: a loop condition did not decide", kind="internal")
        forward_values: list[RuntimeScalar] = []
        named_inits = dict(zip([*hidden, *entering], inits, strict=True))
        with builder.at_end(before):
            stay = self.native(scalar.materialize, (builder, decided.stay, bit), {"what": "the loop condition"})
            if exits:
                running = self.native(scalar.compare, ("==", decided.state.locals[SELECTOR], 0), {})
                stay = self.native(scalar.binary, ("and", stay, running), {})
            for name in [*hidden, *forwarded]:
                value = decided.state.locals.get(name, MISSING)
                init = named_inits.get(name)
                if init is None:
                    init = self._carried_init(name, value, anchor)
                forward_values.append(self._carried_next(name, value, init, anchor))
            builder.insert(scf.ConditionOp(stay.ssa, *(v.ssa for v in forward_values)))
        forward_types = [v.dtype for v in forward_values]
        after = Block(arg_types=[t.to_ir() for t in forward_types])
        after_state = decided.state.copy()
        for name in stored - set(forwarded):
            if after_state.locals.get(name, MISSING) is not state.locals.get(name, MISSING):
                after_state.locals[name] = Undef(f"assigned in the condition of the loop at line {line}")
        self._bind_carried(after_state, [*hidden, *forwarded], after.args, forward_types, origin)
        breaks = Breaks(fc, loop.header, frozenset([*hidden, *entering]), len(state.stack)) if exits else None
        outcome = self._trace_body(rc, loop, after, shape.body, after_state, anchor, shape.exit, breaks)
        if breaks is not None and breaks.targets:
            self._check_condition_repeatable(before, breaks, anchor)
        with builder.at_end(after):
            nexts = [
                self._carried_next(n, outcome.state.locals.get(n, MISSING), init, anchor).ssa
                for n, init in zip([*hidden, *entering], inits, strict=True)
            ]
            builder.insert(scf.YieldOp(*nexts))
        self.pos = anchor
        while_op = builder.insert(
            scf.WhileOp([i.ssa for i in inits], [t.to_ir() for t in forward_types], [before], [after])
        )
        results = list(while_op.results)
        if exits:
            results[0].name_hint = "left"
        for name, result, dtype in zip(forwarded, results[len(hidden) :], forward_types[len(hidden) :], strict=True):
            result.name_hint = _hint(name)
            state.locals[name] = RuntimeScalar(result, dtype, origin=origin)
        self._after_loop(state, loop, stored, forwarded, line)
        if breaks is None:
            return shape.exit
        selector = RuntimeScalar(results[0], int32, origin=origin)
        ins = fc.instrs[shape.branch]
        return self._after_exits(rc, state, breaks, selector, shape.exit, ins)

    def _check_condition_repeatable(self, before: Block, breaks: Breaks, anchor: Position | None) -> None:
        """A ``while`` loop left by a ``break`` evaluates its condition once more before it stops: that
        is only allowed when the condition computes without effects (it calls no API)."""
        effects = [
            op for op in before.walk() if op.dialect_name() not in ("arith", "scf") and op.name != "ascendc.constant"
        ]
        if not effects:
            return
        raise self.error(
            "cannot leave this while loop with 'break' or 'return': its condition calls the kernel API, "
            "which would run once more after the loop is left",
            kind="runtime-break",
            pos=breaks.positions[0],
            notes=(f"the condition of the loop at {self.line_ref(anchor)} calls the API",),
            hints=("compute the condition into a variable at the end of the body, and test that variable",),
        )

    # -- with mm.iterate() as count ------------------------------------------------------------------

    def op_with_enter(self, rc: RunContext, state: State, ins: Instr) -> int:
        context = state.stack.pop()
        if not getattr(context, "__ascx_loop__", False):
            raise self.error(
                f"a 'with' statement on {_kind(context)} is not supported in kernels",
                kind="unsupported-construct",
                hints=("the only supported form is 'with mm.iterate() as count:'",),
            )
        fc, builder = rc.fc, self.builder
        cfg = fc.cfg
        anchor = ins.pos
        line_ref = self.line_ref(anchor)
        body_start, exit_index = rc.pc + 1, ins.arg
        blocks = frozenset(b for b in cfg.blocks if body_start <= b < exit_index)
        target = fc.instrs[body_start].arg if fc.instrs[body_start].op == "STORE_FAST" else None
        stored = cfg.stored_in(blocks) - {target}
        live = cfg.live_in[body_start] | cfg.live_in[exit_index]
        carried = sorted(stored & live)
        origin = f"carried by the 'with' loop at {line_ref}"
        inits = [builder_zero(builder)] + [self._carried_init(n, state.locals.get(n, MISSING), anchor) for n in carried]
        types = [init.dtype for init in inits]
        before = Block(arg_types=[t.to_ir() for t in types])
        for arg, name in zip(before.args, [target or "count", *carried], strict=True):
            arg.name_hint = _hint(name)
        with builder.at_end(before):
            more = self.runtime_condition(context, loop_condition=True)
            assert more is not None
            builder.insert(scf.ConditionOp(more.ssa, *before.args))
        after = Block(arg_types=[t.to_ir() for t in types])
        body_state = state.copy()
        self._bind_carried(body_state, carried, after.args[1:], types[1:], origin)
        after.args[0].name_hint = _hint(target or "count")
        count = RuntimeScalar(after.args[0], int32, origin=f"the block counter of the 'with' loop at {line_ref}")
        body_state.stack.extend([WithMarker(), count])
        self.loop_stack.append(LoopInfo("runtime", anchor, exit_index))
        self._push_scope("'with' body", anchor)
        try:
            with builder.at_end(after):
                outcome = self.run(
                    RunContext(fc, frozenset({exit_index}), CFGRegion(blocks, None)), body_start, body_state
                )
        finally:
            self._pop_scope()
            self.loop_stack.pop()
        if not isinstance(outcome, Stop):
            raise self.error(
                "'break', 'continue' and 'return' are not supported in the body of 'with mm.iterate()'",
                kind="runtime-break",
                pos=outcome.pos if isinstance(outcome, Brk) else None,
                hints=("let the body run to its end",),
            )
        with builder.at_end(after):
            nexts = [self.native(scalar.binary, ("add", count, 1), {}).ssa]
            nexts += [
                self._carried_next(n, outcome.state.locals.get(n, MISSING), init, anchor).ssa
                for n, init in zip(carried, inits[1:], strict=True)
            ]
            builder.insert(scf.YieldOp(*nexts))
        self.pos = anchor
        while_op = builder.insert(scf.WhileOp([i.ssa for i in inits], [t.to_ir() for t in types], [before], [after]))
        while_op.results[0].name_hint = _hint(target or "count")
        for name, result, dtype in zip(carried, while_op.results[1:], types[1:], strict=True):
            result.name_hint = _hint(name)
            state.locals[name] = RuntimeScalar(result, dtype, origin=origin)
        for name in stored - set(carried):
            state.locals[name] = Undef(f"only assigned inside the 'with' body at line {anchor.line if anchor else 0}")
        if target is not None:
            state.locals[target] = Undef(f"the block counter of the 'with' loop at line {anchor.line if anchor else 0}")
        state.stack.append(WithMarker())
        return exit_index


def _joined(first: Outcome, second: Outcome, state: State, extra_values: list[Any]) -> int | Outcome:
    """How the ``if`` whose arms ended with ``first`` and ``second`` ends: where tracing goes on (the merge
    point), or the outcome both arms share, with the merged ``state`` and return value or condition."""
    if isinstance(first, Stop):
        return first.block
    if isinstance(first, Left) and isinstance(second, Left):
        return Left(state)
    if isinstance(first, Cont):
        return Cont(state)
    if isinstance(first, Brk):
        return Brk(first.target, state, first.pos)
    if isinstance(first, Ret):
        return Ret(extra_values[0], state)
    return Decided(extra_values[0], state)


def _ending(outcome: Outcome) -> type:
    """How an arm ends, for matching the arms of an ``if``: an iteration that left its loop ends the
    iteration as one that goes on does."""
    return Cont if isinstance(outcome, Cont) else type(outcome)


def _outcome_values(first: Outcome, second: Outcome) -> list[tuple[str, tuple[Any, Any]]]:
    """Values that arms ending in a return or a loop decision carry besides their locals."""
    if isinstance(first, Ret) and isinstance(second, Ret):
        return [("the return value", (first.value, second.value))]
    if isinstance(first, Decided) and isinstance(second, Decided):
        return [("the loop condition", (first.stay, second.stay))]
    return []


def _decides(condition: Condition, if_true: int, if_false: int) -> bool:
    """Whether a branch goes straight to the body on one edge and out of the loop on the other."""
    targets = {if_true, if_false}
    return condition.body in targets and bool(targets & condition.exits)


def builder_zero(builder: IRBuilder) -> RuntimeScalar:
    """The counter's start value: an ``int32`` 0."""
    return scalar.materialize(builder, 0, int32, what="the 'with' counter")


def _drop_if_empty(op: Operation | None) -> None:
    """Erase ``op`` when it is an ``scf.if`` without results whose arms do nothing, and then its
    condition when nothing else uses it (an exit whose code the normal exit shares)."""
    if not isinstance(op, scf.IfOp) or op.results:
        return
    if any(len(r.block.ops) > 1 for r in op.regions if r.blocks):
        return
    condition = op.cond.owner
    Rewriter.erase_op(op)
    if isinstance(condition, Operation) and not any(r.uses for r in condition.results):
        Rewriter.erase_op(condition)


def _discard(block: Block) -> None:
    """Drop the ops traced into a scratch block."""
    for op in reversed(list(block.ops)):
        Rewriter.erase_op(op, safe_erase=False)


def _immutable(value: object) -> bool:
    return isinstance(value, _IMMUTABLE)


def _kind(value: object) -> str:
    from ascx.tracer.merging import kind_name

    return kind_name(value)


def _hint(name: str) -> str | None:
    from ascx.language.core.values import sanitize_name

    return sanitize_name(_display(name))


def _display(name: str) -> str:
    """The variable a local is printed as: the selector of a loop's exits is ``left``."""
    return "left" if name == SELECTOR else name
