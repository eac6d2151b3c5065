"""Stability: the same conversation, rendered at two clock times and with two seeds."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from promptlint.templates.conversations import Scenario
from promptlint.templates.render_report import (
    RenderIssue,
    count_phrase,
    difference,
    token_phrase,
)
from promptlint.templates.replay import (
    BASE_CLOCK,
    BASE_SEED,
    LATER_SAME_DAY,
    NEXT_DAY,
    OTHER_SEED,
    Renderer,
    Replay,
)
from promptlint.templates.token_count import TokenCounter
from promptlint.templates.tracing import Rendered
from promptlint.wire.prefix import common_prefix


@dataclass(frozen=True)
class _Probe:
    kind: str
    code: str
    name: str
    clock: datetime
    seed: int
    date_string: bool = False


_PROBES = (
    _Probe("nondeterministic", "PL103", "volatile-random", BASE_CLOCK, BASE_SEED),
    _Probe("clock-time", "PL101", "volatile-timestamp", LATER_SAME_DAY, BASE_SEED),
    _Probe("clock-day", "PL101", "volatile-timestamp", NEXT_DAY, BASE_SEED),
    _Probe("random", "PL103", "volatile-random", BASE_CLOCK, OTHER_SEED),
    # Not a clock: a server that fills `date_string` makes it one (PL105, a note).
    _Probe("date-string", "PL105", "date-input", NEXT_DAY, BASE_SEED, date_string=True),
)


def stability_issues(
    renderer: Renderer,
    replays: list[Replay],
    counter: TokenCounter,
) -> list[RenderIssue]:
    issues: list[RenderIssue] = []
    seen_codes: set[str] = set()
    for probe in _PROBES:
        if probe.code in seen_codes:
            continue  # e.g. a per-request clock value also changes daily: report it once
        if probe.date_string and ("date_string" not in renderer.variables or seen_codes):
            continue  # a clock already found moves the prefix on every server
        for replay in replays:
            if replay.engine != renderer.sandbox.engine:
                continue
            scenario, prompts = replay.scenario, replay.prompts
            messages = replay.requests[-1].messages
            extra_a = (
                {"date_string": BASE_CLOCK.strftime("%d %b %Y")} if probe.date_string else None
            )
            extra_b = (
                {"date_string": probe.clock.strftime("%d %b %Y")} if probe.date_string else None
            )
            try:
                first = (
                    renderer.render(scenario, messages, True, extra=extra_a)
                    if extra_a
                    else prompts[-1]
                )
                second = renderer.render(
                    scenario, messages, True, clock=probe.clock, seed=probe.seed, extra=extra_b
                )
            except Exception:
                continue  # the scenario rendered before; a failure here is not a stability fact
            if first.text == second.text:
                continue
            offset = common_prefix(first.text, second.text)
            issues.append(_stability_issue(probe, scenario, first, second, offset, counter))
            seen_codes.add(probe.code)
            break
    return issues


def _stability_issue(
    probe: _Probe,
    scenario: Scenario,
    first: Rendered,
    second: Rendered,
    offset: int,
    counter: TokenCounter,
) -> RenderIssue:
    reused = counter.count(first.text[:offset])
    total = counter.count(first.text)
    at = token_phrase(reused, counter)
    summaries = {
        "nondeterministic": "The template renders the same conversation differently on every call.",
        "clock-time": "The template prints the current time: renders a few hours apart differ.",
        "clock-day": "The template prints today's date: renders on two days differ.",
        "random": "The template picks text at random: renders with two random seeds differ.",
        "date-string": (
            "The template prints `date_string` into the prompt; when the server fills it with "
            "today's date (asked for in llama.cpp #12729, added by SGLang PR #5927), renders on "
            "two days differ."
        ),
    }
    productions = {
        "nondeterministic": f"no two requests share more than {at} of cached prefix.",
        "clock-time": (
            f"every request recomputes everything after {at} of {count_phrase(total, counter)}: "
            "no request ever reuses the cached conversation."
        ),
        "clock-day": (
            f"the first request of each day, and every conversation that runs past midnight, "
            f"recomputes everything after {at}."
        ),
        "random": (
            f"requests share only the first {at}; everything after is recomputed unless the "
            "same random choice comes up again."
        ),
        "date-string": (
            f"on such servers the first request of each day, and every conversation that runs past "
            f"midnight, recomputes everything after {at}."
        ),
    }
    return RenderIssue(
        code=probe.code,
        name=probe.name,
        kind=probe.kind,
        scenario=scenario.label,
        summary=summaries[probe.kind],
        production=productions[probe.kind],
        diff=difference(first, second, offset),
        reused_tokens=reused,
        held_tokens=total,
        exact_tokens=counter.exact,
    )
