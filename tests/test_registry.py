"""The one registry helper (``ascx.registry``) behind ``@emits``, ``@transfers`` and ``@handles``: a key
has one function; a second one is an error naming both, and the same function again (a module reloaded)
replaces it."""

from __future__ import annotations

import pytest

from ascx.registry import Registry


def first() -> None: ...


def second() -> None: ...


class Op: ...


def test_a_key_has_one_function() -> None:
    table: Registry[type, object] = Registry("the test's handlers")
    assert table.add(Op, first) is first
    assert table[Op] is first
    with pytest.raises(ValueError, match="registered twice") as caught:
        table.add(Op, second)
    module = first.__module__
    assert str(caught.value) == f"the test's handlers: Op is registered twice, by {module}.first and {module}.second"
    assert table[Op] is first


def test_the_same_function_again_replaces_it() -> None:
    table: Registry[str, object] = Registry("the test's handlers")
    table.add("role", first)
    table.add("role", first)
    assert dict(table) == {"role": first}


def test_the_printer_the_pipe_analysis_and_the_matmul_roles_use_it() -> None:
    from ascx.analysis.matmul.roles import ROLE_HANDLERS
    from ascx.analysis.pipe.registry import HANDLERS
    from ascx.target import printer

    assert [t.what for t in (printer._EMITTERS, HANDLERS, ROLE_HANDLERS)] == [  # pyright: ignore[reportPrivateUsage]
        "the printer's emitters",
        "the pipe analysis's transfer functions",
        "the Matmul protocol's role handlers",
    ]


def test_the_pipe_analysis_runs_the_checks_the_families_register() -> None:
    """The facade calls no family by name: each family's checks at the exit, joins and loops are registered
    (docs/architecture.md#registries)."""
    from ascx.analysis.pipe import analysis as _analysis  # imports the families
    from ascx.analysis.pipe.registry import BRANCH_CHECKS, EXIT_CHECKS, LOOP_CHECKS, PEELED_CHECKS, PHASE_CHECKS

    assert _analysis.PipeSyncAnalysis is not None
    assert sorted(EXIT_CHECKS) == [
        "ascx.analysis.atomics.mode.check_exit",
        "ascx.analysis.flags.event_ids.check_exit",
        "ascx.analysis.flags.pairing.check_exit",
        "ascx.analysis.queues.balance.check_exit",
    ]
    assert sorted(BRANCH_CHECKS) == [
        "ascx.analysis.flags.pairing.check_branches_agree",
        "ascx.analysis.queues.balance.check_branches_agree",
    ]
    assert sorted(PEELED_CHECKS) == [
        "ascx.analysis.flags.pairing.check_peeled_exits",
        "ascx.analysis.queues.balance.check_peeled_exits",
    ]
    assert sorted(LOOP_CHECKS) == [
        "ascx.analysis.flags.pairing.check_loop_balanced",
        "ascx.analysis.queues.balance.check_loop_balanced",
    ]
    assert sorted(PHASE_CHECKS) == ["ascx.analysis.flags.pairing.check_odd_trip_count"]
