"""CFG-level normalisation of canonical instructions (docs/tracing.md#decoding-and-normalisation).

- **Positions**: instructions without one take the previous instruction's (the next one's at
  the start), so every op and diagnostic has a location.
- **Jump threading**: a control transfer to a ``JUMP x`` goes to ``x`` directly.  The original
  target is kept in ``Instr.origins`` for diagnostics.
- **Cross-jumping**: two copies of the same code that end at the same point (a return, or a
  branch with the same targets) are merged by replacing the first instruction of one copy by a
  jump to the other.  This undoes 3.12+ return-tail duplication (so all versions merge an
  ``if`` at the same place) and de-rotates ``while`` loops: CPython compiles ``while c: body`` as
  ``if c: do { body } while c``; replacing the guard copy of ``c`` by a jump to the latch copy
  leaves a top-tested loop with the condition in its header.  Positions are part of the key, so
  distinct source code is never merged, and merging identical code with identical successors
  never changes behaviour.

Instruction indices never change: replaced copies simply become unreachable.
"""

from __future__ import annotations

from dataclasses import replace

from ascx.tracer.instructions import CONTROL_OPS, Instr, arg_key, targets, with_targets


def normalize(instrs: list[Instr]) -> tuple[Instr, ...]:
    """Fill positions, thread jumps and cross-jump duplicated code."""
    instrs = _fill_positions(instrs)
    instrs = [_record_origins(ins) for ins in instrs]
    _thread(instrs)
    while _cross_jump_once(instrs):
        _thread(instrs)
    return tuple(instrs)


def _fill_positions(instrs: list[Instr]) -> list[Instr]:
    first = next((ins.pos for ins in instrs if ins.pos is not None), None)
    result: list[Instr] = []
    previous = first
    for ins in instrs:
        if ins.pos is None:
            ins = replace(ins, pos=previous)
        previous = ins.pos
        result.append(ins)
    return result


def _record_origins(ins: Instr) -> Instr:
    return replace(ins, origins=targets(ins)) if ins.op in CONTROL_OPS else ins


def _final(instrs: list[Instr], target: int) -> int:
    seen: set[int] = set()
    while instrs[target].op == "JUMP" and target not in seen:
        seen.add(target)
        target = instrs[target].arg
    return target


def _thread(instrs: list[Instr]) -> None:
    for index, ins in enumerate(instrs):
        if ins.op in CONTROL_OPS:
            new = tuple(_final(instrs, t) for t in targets(ins))
            if new != targets(ins):
                instrs[index] = with_targets(ins, new)


def _reachable(instrs: list[Instr]) -> list[bool]:
    seen = [False] * len(instrs)
    work = [0] if instrs else []
    while work:
        index = work.pop()
        if index >= len(instrs) or seen[index]:
            continue
        seen[index] = True
        ins = instrs[index]
        work.extend(targets(ins))
        if ins.op not in ("JUMP", "RETURN_VALUE", "RAISE_VARARGS", "UNSUPPORTED"):
            work.append(index + 1)
    return seen


def _key(ins: Instr) -> object:
    return (ins.op, arg_key(ins.arg), ins.pos)


def _cross_jump_once(instrs: list[Instr]) -> bool:
    """Merge one pair of duplicated copies; return whether anything changed."""
    live = _reachable(instrs)
    jump_targets = {t for i, ins in enumerate(instrs) if live[i] for t in targets(ins)}
    groups: dict[object, list[int]] = {}
    for index, ins in enumerate(instrs):
        if live[index] and ins.op in ("RETURN_VALUE", "BRANCH"):
            groups.setdefault(_key(ins), []).append(index)
    for ends in groups.values():
        for a, first in enumerate(ends):
            for second in ends[a + 1 :]:
                if _merge(instrs, first, second, jump_targets):
                    return True
    return False


def _merge(instrs: list[Instr], first: int, second: int, jump_targets: set[int]) -> bool:
    """Merge the longest common suffix ending at ``first`` < ``second``."""
    length = 0
    while (
        first - length >= 0
        and second - length > first
        and _key(instrs[first - length]) == _key(instrs[second - length])
    ):
        length += 1
    if length == 0:
        return False
    # Return tails keep the earlier copy; a while condition keeps its latch copy (the later one).
    keep, drop = (first, second) if instrs[first].op == "RETURN_VALUE" else (second, first)
    start = drop - length + 1
    inner = [i for i in range(start + 1, drop + 1) if i in jump_targets]
    if inner:  # a jump into the middle of the dropped copy: merge only what follows it
        start = max(inner)
    if start > drop:
        return False
    target = keep - (drop - start)
    if instrs[start].op == "JUMP" and instrs[start].arg == target:
        return False
    instrs[start] = Instr("JUMP", target, instrs[start].pos, (target,))
    return True
