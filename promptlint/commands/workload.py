"""The workload options of `cost`, `capacity` and `probe`, declared once.

DESIGN's CLI contract: `--system TOKENS --turns N --turn-tokens TOKENS --output-tokens
TOKENS [--sessions N] [--gap SECONDS] [--shared-system/--unique-system]`. The three
commands take them with the same types and ranges; an option not given takes the value of
`promptlint.cost.workload.DEFAULT` (`cost`, `capacity`), or is sized from the engine's
block pool (`probe`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, TypeVar

import click

from promptlint.cost.workload import DEFAULT, Workload
from promptlint.errors import UserError

F = TypeVar("F", bound=Callable[..., Any])
_NAMES = ("system", "turns", "turn_tokens", "output_tokens", "sessions", "gap", "shared_system")


@dataclass(frozen=True)
class WorkloadFlags:
    """The workload options as given on the command line (None: not given)."""

    system_tokens: int | None = None
    turns: int | None = None
    turn_tokens: int | None = None
    output_tokens: int | None = None
    sessions: int | None = None
    gap_seconds: float | None = None
    shared_system: bool = True

    def given(self) -> bool:
        """Whether any workload option was given (`--unique-system` included)."""
        values = (self.system_tokens, self.turns, self.turn_tokens, self.output_tokens)
        given = any(v is not None for v in (*values, self.sessions, self.gap_seconds))
        return given or not self.shared_system

    def workload(self, default: Workload = DEFAULT, **extra: Any) -> Workload:
        """The workload these options describe, `default` filling what is not given."""
        given: dict[str, Any] = {
            "system_tokens": self.system_tokens,
            "turns": self.turns,
            "turn_tokens": self.turn_tokens,
            "output_tokens": self.output_tokens,
            "sessions": self.sessions,
            "gap_seconds": self.gap_seconds,
        }
        # `extra` overrides what was given (capacity sizes one session, whatever --sessions says).
        fields = {k: v for k, v in given.items() if v is not None} | extra
        try:
            return replace(default, shared_system=self.shared_system, **fields)
        except ValueError as exc:
            raise UserError(f"workload: {exc}") from None


def workload_options(
    *,
    sessions_help: str,
    sized_by: str | None = None,
    gap: bool = True,
    help_for: Mapping[str, str] | None = None,
    dest: str = "workload",
) -> Callable[[F], F]:
    """Add the workload options to a click command; it receives them as `dest`.

    `sessions_help` says what sessions mean to the command; `sized_by`: where values not
    given come from when not from `DEFAULT` (the probe: "the engine"); `help_for`: option
    name -> help, where the command reads an option its own way.
    """
    helps = dict(help_for or {})

    def default(value: object) -> str:
        return f"[sized from {sized_by}]" if sized_by else f"[{value}]"

    options = [
        click.option(
            "--system",
            type=click.IntRange(min=0),
            help=helps.get("system", f"System prompt tokens {default(DEFAULT.system_tokens)}."),
        ),
        click.option(
            "--turns",
            type=click.IntRange(min=1),
            help=helps.get("turns", f"Turns per session {default(DEFAULT.turns)}."),
        ),
        click.option(
            "--turn-tokens",
            type=click.IntRange(min=0),
            help=helps.get(
                "turn_tokens",
                f"New user/tool input tokens per turn {default(DEFAULT.turn_tokens)}.",
            ),
        ),
        click.option(
            "--output-tokens",
            type=click.IntRange(min=0),
            help=helps.get(
                "output_tokens", f"Answer tokens per turn {default(DEFAULT.output_tokens)}."
            ),
        ),
        click.option("--sessions", type=click.IntRange(min=1), help=sessions_help),
    ]
    if gap:
        options.append(
            click.option(
                "--gap",
                type=click.FloatRange(min=0),
                help=f"Seconds between consecutive requests [{DEFAULT.gap_seconds:g}].",
            )
        )
    options.append(
        click.option(
            "--shared-system/--unique-system",
            default=True,
            help="Whether sessions share one system prompt [shared].",
        )
    )

    def decorate(fn: F) -> F:
        @functools.wraps(fn)
        def command(*args: Any, **kwargs: Any) -> Any:
            values = {name: kwargs.pop(name, None) for name in _NAMES}
            kwargs[dest] = WorkloadFlags(
                system_tokens=values["system"],
                turns=values["turns"],
                turn_tokens=values["turn_tokens"],
                output_tokens=values["output_tokens"],
                sessions=values["sessions"],
                gap_seconds=values["gap"],
                shared_system=values["shared_system"] is not False,
            )
            return fn(*args, **kwargs)

        decorated: Any = command
        for option in reversed(options):
            decorated = option(decorated)
        return decorated

    return decorate
