"""One conversation shape: cost, capacity and probe take the same workload options."""

from __future__ import annotations

import click
import pytest

from promptlint.cli import cli
from promptlint.cost.workload import DEFAULT, Workload

OPTIONS = ("system", "turns", "turn_tokens", "output_tokens", "sessions", "shared_system")


def _params(name: str) -> dict[str, click.Parameter]:
    command = cli.get_command(click.Context(cli), name)
    assert command is not None
    return {p.name: p for p in command.params if p.name}


def _range(p: click.Parameter) -> tuple[object, ...]:
    t = p.type
    return (type(t).__name__, getattr(t, "min", None), getattr(t, "max", None), p.default)


def test_cost_capacity_and_probe_declare_the_workload_options_alike() -> None:
    cost, capacity, probe = _params("cost"), _params("capacity"), _params("probe")
    for option in OPTIONS:
        assert _range(cost[option]) == _range(capacity[option]) == _range(probe[option]), option
    assert _range(cost["gap"])[:3] == ("FloatRange", 0, None)


def test_a_session_holds_system_plus_each_turn_and_its_answer() -> None:
    w = Workload(system_tokens=100, turns=3, turn_tokens=10, output_tokens=5)
    assert [w.context_after(k) for k in (1, 2, 3)] == [115, 130, 145]
    assert DEFAULT.context_after(DEFAULT.turns) == 4000 + 12 * 1900


@pytest.mark.parametrize("bad", [{"turns": 0}, {"system_tokens": -1}, {"sessions": 0}])
def test_workload_rejects_impossible_shapes(bad: dict[str, int]) -> None:
    fields = {"system_tokens": 1, "turns": 1, "turn_tokens": 1, "output_tokens": 1, **bad}
    with pytest.raises(ValueError):
        Workload(**fields)
