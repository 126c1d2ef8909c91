"""Control-flow analyses of canonical instructions, computed once per code object
(docs/tracing.md#control-flow-analyses).

Blocks are identified by the index of their first instruction.  The analyses are the ones the
structured interpreter needs: successors, dominators, natural loops, liveness of locals,
``stored_in``, region-relative immediate post-dominators (merge points of runtime branches),
and the shape of ``while`` loops (where their condition decides).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Literal, TypeVar

from ascx.tracer.instructions import Instr, targets

_ENDS_BLOCK = frozenset({"JUMP", "BRANCH", "FOR_ITER", "RETURN_VALUE", "RAISE_VARARGS", "UNSUPPORTED"})
_NO_FALLTHROUGH = frozenset({"JUMP", "RETURN_VALUE", "RAISE_VARARGS", "UNSUPPORTED"})
_BREAK_TAIL = frozenset({"POP_TOP", "NOP"})
"""What a ``break`` does before it jumps: pop the iterators of the loops it leaves (``NOP``s mark lines)."""

Virtual = Literal["CONT", "RET", "EXIT"] | tuple[Literal["BRK"], int]
"""Virtual exits of a region: back to its header, a return, the end, or leaving to a block."""
Node = int | Virtual
N = TypeVar("N")


@dataclass(frozen=True)
class Region:
    """A set of blocks traced together: a function body (no header) or a loop body."""

    blocks: frozenset[int]
    header: int | None


@dataclass(frozen=True)
class Loop:
    """A natural loop."""

    header: int
    blocks: frozenset[int]
    latches: frozenset[int]

    @cached_property
    def region(self) -> Region:
        return Region(self.blocks, self.header)


@dataclass(frozen=True)
class WhileShape:
    """Where a ``while``-type loop decides: its condition runs from the header to the branch of
    ``decider``, whose edges go to ``body`` (stay) and ``exit``.  ``exits`` are the blocks the
    condition's branches leave to, all equivalent to ``exit`` (they only add ``NOP``s)."""

    decider: int
    branch: int
    body: int
    exit: int
    exits: frozenset[int]


class CFG:
    """Blocks, dominators, loops and liveness of one function's canonical instructions."""

    def __init__(self, instrs: tuple[Instr, ...]):
        self.instrs = instrs
        self.leaders = self._leaders()
        self.blocks: list[int] = []
        self.block_end: dict[int, int] = {}
        self.succs: dict[int, tuple[int, ...]] = {}
        self._build()
        self.preds: dict[int, list[int]] = {b: [] for b in self.blocks}
        for b in self.blocks:
            for s in self.succs[b]:
                self.preds[s].append(b)
        self.block_of = self._block_of()
        self.idom = immediate_dominators(0, lambda b: self.succs[b]) if self.blocks else {}
        self._enter, self._leave = _tree_intervals(self.idom, 0)
        self.loops = self._loops()
        self.live_in, self.live_out = self._liveness()
        self._ipdoms: dict[Region, dict[Node, Node]] = {}
        self._body_regions: dict[tuple[int, int], Region] = {}
        self.function_region = Region(frozenset(self.blocks), None)

    # -- blocks --------------------------------------------------------------------------------

    def _leaders(self) -> set[int]:
        leaders = {0}
        for index, ins in enumerate(self.instrs):
            leaders.update(targets(ins))
            if ins.op in _ENDS_BLOCK or ins.op in ("WITH_ENTER", "WITH_EXIT"):
                leaders.add(index + 1)
            if ins.op == "WITH_ENTER":
                leaders.add(ins.arg)
            if ins.op == "WITH_EXIT":
                leaders.add(index)
        leaders.update(self._break_statements(leaders))
        return {i for i in leaders if i < len(self.instrs)}

    def _break_statements(self, leaders: set[int]) -> set[int]:
        """Where a ``break`` statement starts: the pops of the iterators it leaves and its jump (on 3.12+
        its fall-through; at the end of a function, 3.11's copy of the implicit ``return None``) get a
        block of their own, so that the code before it can run inside the loop it leaves
        (:meth:`break_paths`).  A ``POP_TOP`` at the position of the instruction before it discards an
        expression statement's value and is not part of it."""
        found: set[int] = set()
        for index, ins in enumerate(self.instrs):
            end = index
            if ins.op == "RETURN_VALUE" and index > 0 and self._loads_none(index - 1):
                end = index - 1
            elif not (ins.op == "JUMP" or (index + 1 in leaders and ins.op in _BREAK_TAIL)):
                continue
            start = end
            while start > 0 and start not in leaders and self.instrs[start - 1].op in _BREAK_TAIL:
                start -= 1
            first = self.instrs[start]
            if first.op == "POP_TOP" and start > 0 and first.pos == self.instrs[start - 1].pos:
                start += 1  # the value of an expression statement, not an iterator
            if start > end or (end != index and start == end):
                continue  # nothing popped or jumped; or a return without pops: no loop to leave
            if start > 0 and start not in leaders and self.instrs[start - 1].op not in _ENDS_BLOCK:
                found.add(start)
        return found

    def _loads_none(self, index: int) -> bool:
        ins = self.instrs[index]
        return ins.op == "LOAD_CONST" and ins.arg is None

    def _build(self) -> None:
        work, seen = [0] if self.instrs else [], set[int]()
        while work:
            start = work.pop()
            if start in seen:
                continue
            seen.add(start)
            end = start + 1
            while end < len(self.instrs) and end not in self.leaders and self.instrs[end - 1].op not in _ENDS_BLOCK:
                end += 1
            last = self.instrs[end - 1]
            succs = list(targets(last))
            if last.op == "FOR_ITER":
                succs = [end, last.arg]
            elif last.op not in _NO_FALLTHROUGH and last.op != "BRANCH" and end < len(self.instrs):
                succs = [end]
            self.block_end[start] = end
            self.succs[start] = tuple(succs)
            work.extend(succs)
        self.blocks = sorted(seen)

    def _block_of(self) -> list[int]:
        owner = [-1] * len(self.instrs)
        for b in self.blocks:
            for i in range(b, self.block_end[b]):
                owner[i] = b
        return owner

    def terminator(self, block: int) -> Instr:
        return self.instrs[self.block_end[block] - 1]

    # -- dominators and loops --------------------------------------------------------------------

    def dominates(self, a: int, b: int) -> bool:
        """Whether ``a`` dominates ``b`` (both reachable): ``b``'s interval nests in ``a``'s, O(1)."""
        if a not in self._enter or b not in self._enter:
            return False
        return self._enter[a] <= self._enter[b] and self._leave[b] <= self._leave[a]

    def _loops(self) -> dict[int, Loop]:
        bodies: dict[int, set[int]] = {}
        latches: dict[int, set[int]] = {}
        for u in self.blocks:
            for h in self.succs[u]:
                if self.dominates(h, u):
                    body = bodies.setdefault(h, {h})
                    latches.setdefault(h, set()).add(u)
                    work = [u]
                    while work:
                        b = work.pop()
                        if b not in body:
                            body.add(b)
                            work.extend(self.preds[b])
        return {h: Loop(h, frozenset(body), frozenset(latches[h])) for h, body in bodies.items()}

    def while_shape(self, loop: Loop) -> WhileShape | None:
        """The deciding branch of a ``while``-type loop: the deepest block whose branch has exactly
        one edge out of the loop and that every iteration passes through."""
        candidates = [
            b
            for b in loop.blocks
            if self.terminator(b).op == "BRANCH"
            and sum(s not in loop.blocks for s in self.succs[b]) == 1
            and all(self.dominates(b, latch) for latch in loop.latches)
        ]
        if not candidates:
            return None

        def depth(b: int) -> int:
            return sum(self.dominates(c, b) for c in candidates)

        def exit_of(b: int) -> int:
            return next(s for s in self.succs[b] if s not in loop.blocks)

        # Branches that leave to the same place as the first one form the (compound) condition;
        # a branch that leaves elsewhere is a 'break' inside the body.
        first_exit = self.skip_nops(exit_of(min(candidates, key=depth)))
        condition = [c for c in candidates if self.skip_nops(exit_of(c)) == first_exit]
        decider = max(condition, key=depth)
        inside = next(s for s in self.succs[decider] if s in loop.blocks)
        exits = frozenset(exit_of(c) for c in condition) | {first_exit}
        return WhileShape(decider, self.block_end[decider] - 1, inside, first_exit, exits)

    def skip_nops(self, block: int) -> int:
        """The block that ``block`` leads to when it only holds ``NOP``s (position markers)."""
        seen: set[int] = set()
        while (
            block not in seen
            and len(self.succs[block]) == 1
            and all(ins.op in ("NOP", "JUMP") for ins in self.instrs[block : self.block_end[block]])
        ):
            seen.add(block)
            block = self.succs[block][0]
        return block

    # -- liveness ----------------------------------------------------------------------------------

    def _liveness(self) -> tuple[dict[int, frozenset[str]], dict[int, frozenset[str]]]:
        uses: dict[int, set[str]] = {}
        defs: dict[int, set[str]] = {}
        for b in self.blocks:
            use, define = set[str](), set[str]()
            for ins in self.instrs[b : self.block_end[b]]:
                if ins.op == "LOAD_FAST" and ins.arg not in define:
                    use.add(ins.arg)
                elif ins.op in ("STORE_FAST", "DELETE_FAST"):
                    define.add(ins.arg)
            uses[b], defs[b] = use, define
        live_in = {b: frozenset[str]() for b in self.blocks}
        live_out = {b: frozenset[str]() for b in self.blocks}
        changed = True
        while changed:
            changed = False
            for b in reversed(self.blocks):
                out = frozenset[str]().union(*(live_in[s] for s in self.succs[b]))
                new_in = frozenset(uses[b] | (out - defs[b]))
                if out != live_out[b] or new_in != live_in[b]:
                    live_out[b], live_in[b] = out, new_in
                    changed = True
        return live_in, live_out

    def live_before(self, index: int) -> frozenset[str]:
        """The locals live just before instruction ``index``."""
        block = self.block_of[index]
        live = set(self.live_out[block])
        for ins in reversed(self.instrs[index : self.block_end[block]]):
            if ins.op in ("STORE_FAST", "DELETE_FAST"):
                live.discard(ins.arg)
            elif ins.op == "LOAD_FAST":
                live.add(ins.arg)
        return frozenset(live)

    def exit_path(self, target: int, loop_exit: int | None) -> tuple[str, int]:
        """What leaving a loop for ``target`` is: ``("break", anchor)`` when the path reaches the
        loop's own exit, ``("return", anchor)`` when it returns first.  ``anchor`` is the index of
        the instruction to report (the ``break``'s own jump, or the iterator ``POP_TOP``)."""
        block, anchor = target, None
        for _ in range(64):
            if block == loop_exit:
                return "break", anchor if anchor is not None else target
            for index in range(block, self.block_end[block]):
                if anchor is None and self.instrs[index].op in ("JUMP", "NOP", "POP_TOP"):
                    anchor = index
            if self.terminator(block).op == "RETURN_VALUE":
                return "return", target
            if len(self.succs[block]) != 1:
                break
            block = self.succs[block][0]
        return "break", anchor if anchor is not None else target

    def body_region(self, loop: Loop, body: int) -> Region:
        """The blocks an iteration of ``loop`` runs, starting at ``body`` (its first block after the header):
        the natural loop and its :meth:`break_paths`."""
        key = (loop.header, body)
        region = self._body_regions.get(key)
        if region is None:
            paths = self.break_paths(loop, body)
            region = loop.region if not paths else Region(loop.blocks | paths, loop.header)
            self._body_regions[key] = region
        return region

    def break_paths(self, loop: Loop, body: int) -> frozenset[int]:
        """The code on the way to a ``break``: blocks outside the natural loop that only its body reaches
        (``body`` dominates them), up to the ``break`` statement (:meth:`_break_statements`) and not
        including a block that ends the function (a ``return``, a ``raise``).  An iteration runs them
        before it leaves (docs/tracing.md#break-and-return-in-runtime-loops), as the source nests them."""
        found: set[int] = set()
        work = [s for b in loop.blocks for s in self.succs[b] if s not in loop.blocks]
        while work:
            block = work.pop()
            if block in found or block in loop.blocks or not self.dominates(body, block):
                continue
            if not self.succs[block] or self.is_break_statement(block, body):
                continue
            found.add(block)
            work.extend(self.succs[block])
        return frozenset(found)

    def is_break_statement(self, block: int, body: int) -> bool:
        """Whether ``block``, in code that only ``body`` reaches, is a ``break`` (or the pops before a
        ``return``): it only pops and jumps (or falls through), and what it leads to is code that ``body``
        does not dominate, or ends the function.  A jump to the join of an ``if`` on the way is none."""
        seen: set[int] = set()
        while block not in seen and self._only_pops_and_jumps(block):
            seen.add(block)
            if len(self.succs[block]) != 1:
                return True
            block = self.succs[block][0]
        if not seen:
            return False
        return not self.dominates(body, block) or not self.succs[block]

    def _only_pops_and_jumps(self, block: int) -> bool:
        return all(ins.op in _BREAK_TAIL or ins.op == "JUMP" for ins in self.instrs[block : self.block_end[block]])

    def leaving_body(self, loop: Loop, body: int) -> tuple[int, ...]:
        """The blocks outside the :meth:`body_region` of ``loop`` that its body (the blocks reached from
        ``body`` without passing the header) goes to: the ``break`` statements and the ``return`` blocks
        inside the loop, in the order of the code."""
        blocks = self.body_region(loop, body).blocks
        seen: set[int] = set()
        work = [body]
        while work:
            block = work.pop()
            if block in seen or block == loop.header or block not in blocks:
                continue
            seen.add(block)
            work.extend(self.succs[block])
        return tuple(sorted({s for b in seen for s in self.succs[b] if s not in blocks}))

    def leads_to(self, block: int, target: int, pops: int) -> bool:
        """Whether the code from ``block`` only pops ``pops`` stack values (the iterators of the loops it
        leaves) and goes to ``target``: a ``break`` whose path does nothing else."""
        seen: set[int] = set()
        while block != target and block not in seen:
            seen.add(block)
            for ins in self.instrs[block : self.block_end[block]]:
                if ins.op == "POP_TOP":
                    pops -= 1
                elif ins.op not in ("NOP", "JUMP"):
                    return False
            if len(self.succs[block]) != 1:
                return False
            block = self.succs[block][0]
        return block == target and pops == 0

    def join_point(self, blocks: Iterable[int], region: Region) -> Node:
        """Where paths starting at ``blocks`` meet again inside ``region``: their nearest common
        post-dominator (a block, or a virtual exit as for :meth:`ipdom`)."""
        table = self._ipdoms.get(region)
        if table is None:
            table = self._ipdoms[region] = self._post_dominators(region)

        exit_node: Node = "EXIT"

        def chain(node: Node) -> list[Node]:
            nodes: list[Node] = [node]
            while nodes[-1] != exit_node and (parent := table.get(nodes[-1], exit_node)) != nodes[-1]:
                nodes.append(parent)
            if nodes[-1] != exit_node:
                nodes.append(exit_node)
            return nodes

        def node_of(block: int) -> Node:
            if block == region.header:
                return "CONT"
            return block if block in region.blocks else ("BRK", block)

        starts: list[Node] = [node_of(b) for b in blocks]
        common: list[Node] = chain(starts[0])
        for start in starts[1:]:
            others: set[Node] = set(chain(start))
            common = [n for n in common if n in others]
        return common[0]

    def stored_in(self, blocks: Iterable[int]) -> frozenset[str]:
        """The locals some ``STORE_FAST`` or ``DELETE_FAST`` of ``blocks`` assigns."""
        return frozenset(
            ins.arg
            for b in blocks
            for ins in self.instrs[b : self.block_end[b]]
            if ins.op in ("STORE_FAST", "DELETE_FAST")
        )

    # -- post-dominators ---------------------------------------------------------------------------

    def ipdom(self, block: int, region: Region) -> Node:
        """Where the two arms of the branch ending ``block`` meet again, inside ``region``: a block,
        or a virtual exit (``CONT`` back to the header, ``("BRK", target)``, ``RET``, ``EXIT``)."""
        table = self._ipdoms.get(region)
        if table is None:
            table = self._ipdoms[region] = self._post_dominators(region)
        return table.get(block, "EXIT")

    def _post_dominators(self, region: Region) -> dict[Node, Node]:
        forward: dict[Node, list[Node]] = {"CONT": ["EXIT"], "RET": ["EXIT"], "EXIT": []}
        for b in region.blocks:
            edges: list[Node] = []
            for s in self.succs[b]:
                if s == region.header:
                    edges.append("CONT")
                elif s not in region.blocks:
                    brk: Node = ("BRK", s)
                    forward[brk] = ["EXIT"]
                    edges.append(brk)
                else:
                    edges.append(s)
            if not edges:
                edges.append("RET" if self.terminator(b).op == "RETURN_VALUE" else "EXIT")
            forward[b] = edges
        backward: dict[Node, list[Node]] = {n: [] for n in forward}
        for n, succs in forward.items():
            for s in succs:
                backward[s].append(n)
        return immediate_dominators("EXIT", lambda n: backward[n])


def _reverse_postorder(root: N, succs: Callable[[N], Iterable[N]]) -> list[N]:
    order: list[N] = []
    seen: set[N] = {root}
    stack: list[tuple[N, list[N]]] = [(root, list(succs(root)))]
    while stack:
        node, pending = stack[-1]
        if not pending:
            order.append(node)
            stack.pop()
            continue
        nxt = pending.pop()
        if nxt not in seen:
            seen.add(nxt)
            stack.append((nxt, list(succs(nxt))))
    return list(reversed(order))


def _tree_intervals(idom: dict[int, int], root: int) -> tuple[dict[int, int], dict[int, int]]:
    """Pre- and post-order numbers of the dominator tree, so that dominance is interval nesting."""
    children: dict[int, list[int]] = {}
    for node, parent in idom.items():
        if node != parent:
            children.setdefault(parent, []).append(node)
    enter: dict[int, int] = {}
    leave: dict[int, int] = {}
    if root not in idom:
        return enter, leave
    clock = 0
    stack: list[tuple[int, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        clock += 1
        if done:
            leave[node] = clock
            continue
        enter[node] = clock
        stack.append((node, True))
        stack.extend((child, False) for child in children.get(node, ()))
    return enter, leave


def _predecessors(rpo: list[N], succs: Callable[[N], Iterable[N]]) -> dict[N, list[N]]:
    preds: dict[N, list[N]] = {n: [] for n in rpo}
    for n in rpo:
        for s in succs(n):
            if s in preds:
                preds[s].append(n)
    return preds


def _intersect(a: N, b: N, idom: dict[N, N], number: dict[N, int]) -> N:
    while a != b:
        while number[a] > number[b]:
            a = idom[a]
        while number[b] > number[a]:
            b = idom[b]
    return a


def immediate_dominators(root: N, succs: Callable[[N], Iterable[N]]) -> dict[N, N]:
    """Cooper-Harvey-Kennedy: the immediate dominator of every node reachable from ``root``."""
    rpo = _reverse_postorder(root, succs)
    number = {n: i for i, n in enumerate(rpo)}
    preds = _predecessors(rpo, succs)
    idom: dict[N, N] = {root: root}
    changed = True
    while changed:
        changed = False
        for n in rpo[1:]:
            processed = [p for p in preds[n] if p in idom]
            if not processed:
                continue
            new = processed[0]
            for p in processed[1:]:
                new = _intersect(p, new, idom, number)
            if idom.get(n) != new:
                idom[n] = new
                changed = True
    return idom
