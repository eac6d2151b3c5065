"""The render check: replay synthetic conversations through a chat template, as a server would.

Static rules read the template; this check runs it, in the sandbox model servers use
(`sandbox.py`), and verifies the two properties a prefix cache relies on:

1. **Stability** — the same conversation rendered twice, at two clock times and with two
   random seeds, gives the same text. Otherwise every request (or the first one each day)
   starts a new prefix: PL101 (clock) or PL103 (random).
2. **Turn-over-turn prefix** — what the engine holds after a request (the prompt rendered
   with the generation prompt, plus the reply as the model generated it) is a prefix of
   the next request's render. Otherwise the template rewrites history (stripped
   reasoning, a system prompt moved into the latest user message, …) and the engine
   recomputes everything after the first difference: PL301.

The reply "as generated" is the template's own rendering of that reply as the newest
message, when that rendering extends the prompt (the usual case); otherwise only the
prompt is known to be held, and the check compares that.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import meta

from promptlint.templates.conversations import (
    SYSTEM,
    TOOLS,
    Message,
    Request,
    Scenario,
    scenarios_for,
)
from promptlint.templates.sandbox import Sandbox, alias_reasoning
from promptlint.templates.token_count import TokenCounter, counter_for
from promptlint.templates.tracing import Rendered, error_line, render_traced

BASE_CLOCK = datetime(2026, 3, 2, 9, 15, 0)
# Same day, another time: a difference here means the prefix changes on every request.
LATER_SAME_DAY = BASE_CLOCK + timedelta(hours=2, minutes=3, seconds=7)
# Next day, same time: a difference only here means the prefix changes once a day.
NEXT_DAY = BASE_CLOCK + timedelta(days=1)
BASE_SEED, OTHER_SEED = 1, 2
SNIPPET_BEFORE, SNIPPET_AFTER = 24, 56
# Text of the first tool's definition: where the tool list sits in a render.
TOOL_MARK = TOOLS[0]["function"]["description"]
THINK_TAGS = ("<think>", "</think>", "<|begin_of_thought|>", "<thinking>")


@dataclass(frozen=True)
class Difference:
    """Where two renders part: offset into the first, snippets of both, printing lines."""

    offset: int
    before: str
    after: str
    before_line: int | None
    after_line: int | None


@dataclass(frozen=True)
class RenderIssue:
    code: str
    name: str
    kind: str
    scenario: str
    summary: str
    production: str
    diff: Difference
    # Tokens (or estimated tokens) of the held text before the difference, and in all.
    reused_tokens: int
    held_tokens: int
    exact_tokens: bool

    @property
    def line(self) -> int | None:
        # The line whose output the engine cached and the next render does not reproduce;
        # when that output was the model's own, the line that re-renders it.
        return self.diff.before_line or self.diff.after_line

    def where(self) -> str:
        """Which template lines printed the two sides of the difference."""
        before, after = self.diff.before_line, self.diff.after_line
        if before and after and before != after:
            return f"template line {before} printed the first, line {after} the second"
        if after or before:
            return f"printed by template line {after or before}"
        return "the difference is in the model's generated text"

    def message(self) -> str:
        return (
            f"{self.summary} First difference at character {self.diff.offset:,} "
            f"(scenario '{self.scenario}'; {self.where()}): {self.diff.before!r} became "
            f"{self.diff.after!r}. In production: {self.production}"
        )


@dataclass(frozen=True)
class RenderError:
    message: str
    line: int | None


@dataclass
class RenderReport:
    label: str
    issues: list[RenderIssue] = field(default_factory=list)
    error: RenderError | None = None
    scenarios_run: list[str] = field(default_factory=list)
    skipped: list[tuple[str, str]] = field(default_factory=list)
    token_source: str = ""
    # Template inputs without a default that the check filled with placeholders.
    assumed_inputs: list[str] = field(default_factory=list)

    def text(self) -> str:
        lines = [f"render check: {self.label}"]
        if self.error is not None:
            where = f" (template line {self.error.line})" if self.error.line else ""
            lines.append(f"  error{where}: {self.error.message}")
            return "\n".join(lines)
        lines.append(f"  scenarios replayed: {', '.join(self.scenarios_run)}")
        for name, reason in self.skipped:
            lines.append(f"  scenario '{name}' skipped: the template raised: {reason}")
        if self.assumed_inputs:
            shown = ", ".join(self.assumed_inputs)
            lines.append(f"  inputs without a default, filled with placeholders: {shown}")
        lines.append(f"  positions in {self.token_source}")
        if not self.issues:
            lines.append(
                "  OK: stable across clock times and random seeds, and every request's render"
                " extends what the engine held after the previous one."
            )
        for issue in self.issues:
            where = f"template line {issue.line}" if issue.line else "template"
            lines.append(f"  {issue.code} {issue.name} ({where}): {issue.summary}")
            lines.append(f"    scenario: {issue.scenario}; {issue.where()}")
            lines.append(f"    first difference at character {issue.diff.offset:,}:")
            lines.append(f"      before: {issue.diff.before!r}")
            lines.append(f"      after:  {issue.diff.after!r}")
            lines.append(f"    In production: {issue.production}")
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "error": None
            if self.error is None
            else {"message": self.error.message, "line": self.error.line},
            "scenarios_run": self.scenarios_run,
            "skipped": [{"scenario": s, "reason": r} for s, r in self.skipped],
            "token_source": self.token_source,
            "assumed_inputs": self.assumed_inputs,
            "issues": [
                {
                    "code": i.code,
                    "name": i.name,
                    "kind": i.kind,
                    "scenario": i.scenario,
                    "line": i.line,
                    "offset": i.diff.offset,
                    "before": i.diff.before,
                    "after": i.diff.after,
                    "reused_tokens": i.reused_tokens,
                    "held_tokens": i.held_tokens,
                    "exact": i.exact_tokens,
                    "summary": i.summary,
                    "production": i.production,
                }
                for i in self.issues
            ],
        }


def _special_tokens(doc: Any) -> dict[str, str]:
    out: dict[str, str] = {}
    if not isinstance(doc, dict):
        return out
    for key in ("bos_token", "eos_token", "unk_token", "pad_token"):
        value = doc.get(key)
        if isinstance(value, dict):
            value = value.get("content")
        if isinstance(value, str):
            out[key] = value
    return out


def special_tokens_near(path: str | Path | None) -> dict[str, str]:
    """Special tokens from the `tokenizer_config.json` beside a template, if any."""
    if path is None:
        return {}
    candidate = Path(path).parent / "tokenizer_config.json"
    try:
        return _special_tokens(json.loads(candidate.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return {}


def _lcp(a: str, b: str) -> int:
    n = min(len(a), len(b))
    lo, hi = 0, n
    # Binary search on prefix equality: long renders, one comparison per step.
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[:mid] == b[:mid]:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _snippet(text: str, offset: int) -> str:
    start = max(0, offset - SNIPPET_BEFORE)
    prefix = "…" if start > 0 else ""
    suffix = "…" if offset + SNIPPET_AFTER < len(text) else ""
    return prefix + text[start : offset + SNIPPET_AFTER] + suffix


def _difference(before: Rendered, after: Rendered, offset: int) -> Difference:
    return Difference(
        offset=offset,
        before=_snippet(before.text, offset),
        after=_snippet(after.text, offset),
        before_line=before.line_at(offset) or None,
        after_line=after.line_at(offset) or None,
    )


class _Renderer:
    def __init__(self, template: jinja2.Template, sandbox: Sandbox, variables: set[str]) -> None:
        self.template = template
        self.sandbox = sandbox
        self.variables = variables
        # Inputs the template requires and the check fills with "<name>".
        self.placeholders: dict[str, str] = {}

    def render(
        self,
        scenario: Scenario,
        messages: Sequence[Message],
        generation_prompt: bool,
        clock: datetime = BASE_CLOCK,
        seed: int = BASE_SEED,
        extra: dict[str, Any] | None = None,
    ) -> Rendered:
        self.sandbox.set(clock, seed)
        context: dict[str, Any] = {
            **self.sandbox.special_tokens,
            "messages": [alias_reasoning(m) for m in messages],
            "tools": scenario.tools_list(),
            "documents": scenario.documents_list(),
            "add_generation_prompt": generation_prompt,
            **self.placeholders,
            **scenario.kwargs,
            **(extra or {}),
        }
        return render_traced(self.template, context)


def check_template(
    source: str,
    *,
    label: str = "<template>",
    path: str | Path | None = None,
    special_tokens: dict[str, str] | None = None,
    counter: TokenCounter | None = None,
) -> RenderReport:
    """Run the render check on a chat template's source."""
    counter = counter if counter is not None else counter_for(path)
    tokens = special_tokens if special_tokens is not None else special_tokens_near(path)
    report = RenderReport(label=label, token_source=counter.describe())
    sandbox = Sandbox(tokens)
    try:
        template = sandbox.compile(source)
        variables = meta.find_undeclared_variables(sandbox.env.parse(source))
    except jinja2.TemplateSyntaxError as exc:
        report.error = RenderError(f"syntax error: {exc.message}", exc.lineno)
        return report
    renderer = _Renderer(template, sandbox, set(variables))
    replays: list[tuple[Scenario, list[Request], list[Rendered], list[Rendered]]] = []
    for index, scenario in enumerate(scenarios_for(set(variables))):
        try:
            scenario, requests, prompts, finals = _replay_variants(renderer, scenario, report)
        except Exception as exc:  # a template is untrusted code: any error is its answer
            reason = (
                f"{type(exc).__name__}: {exc}"
                if not isinstance(exc, jinja2.TemplateError)
                else str(exc)
            )
            if index == 0:
                report.error = RenderError(
                    f"raises while rendering a plain user/assistant conversation: {reason}",
                    error_line(exc),
                )
                return report
            report.skipped.append((scenario.name, reason))
            continue
        notes = [
            n
            for n, on in (
                ("string arguments", scenario.string_arguments),
                ("documents", scenario.documents),
            )
            if on
        ]
        report.scenarios_run.append(
            f"{scenario.name} ({', '.join(notes)})" if notes else scenario.name
        )
        replays.append((scenario, requests, prompts, finals))
    report.issues.extend(_stability_issues(renderer, replays, counter))
    report.issues.extend(_turn_issues(replays, counter))
    return report


def _replay_variants(
    renderer: _Renderer, scenario: Scenario, report: RenderReport
) -> tuple[Scenario, list[Request], list[Rendered], list[Rendered]]:
    """Replay a scenario; if the template rejects it, retry the inputs servers also send.

    Some templates concatenate tool-call arguments as a string (OpenAI's wire format)
    rather than reading an object; RAG templates need `documents`. The first error is
    the one reported when no variant renders.
    """
    variants = [scenario]
    if scenario.tools:
        variants.append(replace(scenario, string_arguments=True))
    if "documents" in renderer.variables:
        variants.extend(replace(v, documents=True) for v in list(variants))
    first_error: Exception | None = None
    for variant in variants:
        try:
            requests = variant.requests()
            prompts, finals = _replay(renderer, variant, requests, report)
            return variant, requests, prompts, finals
        except Exception as exc:  # a template is untrusted code: any error is its answer
            first_error = first_error or exc
    assert first_error is not None
    raise first_error


_UNDEFINED = re.compile(r"^'(\w+)' is undefined$")
MAX_PLACEHOLDERS = 8


def _replay(
    renderer: _Renderer, scenario: Scenario, requests: list[Request], report: RenderReport
) -> tuple[list[Rendered], list[Rendered]]:
    """Render every request with and without its reply.

    A template input the caller must pass (a custom `chat_template_kwargs` value) gets a
    placeholder string, so the check can go on; the report lists those assumptions.
    """
    for _ in range(MAX_PLACEHOLDERS + 1):
        try:
            prompts = [renderer.render(scenario, r.messages, True) for r in requests]
            finals = [renderer.render(scenario, [*r.messages, r.reply], False) for r in requests]
            return prompts, finals
        except jinja2.UndefinedError as exc:
            match = _UNDEFINED.match(str(exc))
            name = match.group(1) if match else None
            if name is None or name not in renderer.variables or name in renderer.placeholders:
                raise
            renderer.placeholders[name] = f"<{name}>"
            report.assumed_inputs.append(name)
    raise RuntimeError("too many undefined template inputs")


# -- stability ---------------------------------------------------------------------------


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
    _Probe("date-string", "PL101", "volatile-timestamp", NEXT_DAY, BASE_SEED, date_string=True),
)


def _stability_issues(
    renderer: _Renderer,
    replays: list[tuple[Scenario, list[Request], list[Rendered], list[Rendered]]],
    counter: TokenCounter,
) -> list[RenderIssue]:
    issues: list[RenderIssue] = []
    seen_codes: set[str] = set()
    for probe in _PROBES:
        if probe.code in seen_codes:
            continue  # e.g. a per-request clock value also changes daily: report it once
        if probe.date_string and "date_string" not in renderer.variables:
            continue
        for scenario, requests, prompts, _ in replays:
            messages = requests[-1].messages
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
            offset = _lcp(first.text, second.text)
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
    at = _token_phrase(reused, counter)
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
            f"every request recomputes everything after {at} of {_count(total, counter)}: "
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
        scenario=scenario.name,
        summary=summaries[probe.kind],
        production=productions[probe.kind],
        diff=_difference(first, second, offset),
        reused_tokens=reused,
        held_tokens=total,
        exact_tokens=counter.exact,
    )


def _count(n: int, counter: TokenCounter) -> str:
    return f"{n:,} tokens" if counter.exact else f"≈{n:,} tokens (estimate)"


def _token_phrase(n: int, counter: TokenCounter) -> str:
    return f"token {n:,}" if counter.exact else f"≈token {n:,} (estimated from characters)"


# -- turn over turn ----------------------------------------------------------------------


@dataclass(frozen=True)
class _Break:
    index: int  # the request whose held text the next request does not extend
    held: Rendered
    nxt: Rendered
    offset: int
    kind: str
    user_turn: bool  # the next request starts with a new user message
    reused: int
    lost: int
    held_tokens: int


def _turn_issues(
    replays: list[tuple[Scenario, list[Request], list[Rendered], list[Rendered]]],
    counter: TokenCounter,
) -> list[RenderIssue]:
    # One issue per (kind, template line): the scenario where it costs the most.
    best: dict[tuple[str, int | None], RenderIssue] = {}
    lost: dict[tuple[str, int | None], int] = {}
    for scenario, requests, prompts, finals in replays:
        breaks = _breaks(scenario, requests, prompts, finals, counter)
        transitions = len(requests) - 1
        for kind in dict.fromkeys(b.kind for b in breaks):
            of_kind = [b for b in breaks if b.kind == kind]
            worst = max(of_kind, key=lambda b: b.lost)
            diff = _difference(worst.held, worst.nxt, worst.offset)
            key = (kind, diff.before_line or diff.after_line)
            if key in lost and lost[key] >= worst.lost:
                continue
            lost[key] = worst.lost
            best[key] = RenderIssue(
                code="PL301",
                name="history-rewrite",
                kind=kind,
                scenario=scenario.name,
                summary=_turn_summary(kind),
                production=_turn_production(of_kind, worst, transitions, requests, counter),
                diff=diff,
                reused_tokens=worst.reused,
                held_tokens=worst.held_tokens,
                exact_tokens=counter.exact,
            )
    return list(best.values())


OPEN_TAGS = {"<think>": "</think>", "<thinking>": "</thinking>"}


def _generated_text(prompt: str, reply: Message) -> str:
    """What the model generated after `prompt` for `reply`, when the template cannot tell us."""
    content = reply.get("content") or ""
    reasoning = reply.get("reasoning_content") or ""
    if "</think>" in content:
        reasoning, content = content.split("</think>", 1)
        reasoning = reasoning.split("<think>")[-1].strip()
        content = content.lstrip()
    tail = prompt.rstrip()
    for opening, closing in OPEN_TAGS.items():
        if tail.endswith(opening):
            # The generation prompt opened a reasoning block: the model writes into it.
            return f"{reasoning}\n{closing}\n\n{content}"
    if reasoning:
        return f"<think>\n{reasoning}\n</think>\n\n{content}"
    return content


def _held(prompt: Rendered, final: Rendered, reply: Message) -> Rendered:
    """What the engine holds after a request: the prompt plus the reply as generated."""
    if final.text.startswith(prompt.text):
        # The template renders the newest reply as a continuation of its generation prompt.
        return final
    generated = _generated_text(prompt.text, reply)
    end = len(prompt.text) + len(generated)
    # Line 0: these characters were generated by the model, not printed by the template.
    return Rendered(prompt.text + generated, [*prompt.chunk_ends, end], [*prompt.chunk_lines, 0])


def _breaks(
    scenario: Scenario,
    requests: list[Request],
    prompts: list[Rendered],
    finals: list[Rendered],
    counter: TokenCounter,
) -> list[_Break]:
    out = []
    for i in range(len(requests) - 1):
        held = _held(prompts[i], finals[i], requests[i].reply)
        nxt = prompts[i + 1]
        offset = _lcp(held.text, nxt.text)
        if offset == len(held.text) or _only_stop_token_differs(held.text, offset):
            continue
        reused = counter.count(held.text[:offset])
        total = counter.count(held.text)
        out.append(
            _Break(
                index=i,
                held=held,
                nxt=nxt,
                offset=offset,
                kind=_classify(scenario, held.text, nxt.text, offset),
                user_turn=requests[i + 1].user_turn,
                reused=reused,
                lost=total - reused,
                held_tokens=total,
            )
        )
    return out


def _tag_removed(held: str, nxt: str, offset: int) -> bool:
    """A reasoning tag in `held` at (or overlapping) `offset` is missing from `nxt` there."""
    for tag in THINK_TAGS:
        for back in range(len(tag)):
            start = offset - back
            if start >= 0 and held.startswith(tag, start) and not nxt.startswith(tag, start):
                return True
        if held[offset:].lstrip().startswith(tag) and not nxt[offset:].lstrip().startswith(tag):
            return True
    return False


# A special token at the very end of the held text: the stop token the model sampled last.
_FINAL_STOP_TOKEN = re.compile(r"(<[|｜][^<>\s]{1,48}[|｜]>|</s>|<eos>|<end_of_turn>)\s*$")


def _only_stop_token_differs(held: str, offset: int) -> bool:
    """The texts part inside the final stop token (gpt-oss re-renders `<|return|>` as `<|end|>`).

    The engine never runs the model on the last token it sampled, so that token has no KV
    in the cache and a different token in its place costs nothing.
    """
    match = _FINAL_STOP_TOKEN.search(held)
    return match is not None and match.start() <= offset


def _classify(scenario: Scenario, held: str, nxt: str, offset: int) -> str:
    held_tail = held[offset:]
    if scenario.system and SYSTEM in held_tail and held.find(SYSTEM) != nxt.find(SYSTEM):
        return "system-moved"
    if scenario.tools and TOOL_MARK in held_tail and held.find(TOOL_MARK) != nxt.find(TOOL_MARK):
        return "tools-moved"
    for text in scenario.reasoning_texts():
        if text in held_tail and text not in nxt:
            return "reasoning-stripped"
    if _tag_removed(held, nxt, offset):
        return "reasoning-stripped"
    return "history-rerendered"


def _turn_summary(kind: str) -> str:
    if kind == "reasoning-stripped":
        return (
            "Reasoning the model generated is dropped when the template re-renders that "
            "assistant turn for the next request."
        )
    if kind == "tools-moved":
        return (
            "The tool definitions move when a new turn arrives (they are rendered with the "
            "latest user message, not at a fixed place)."
        )
    if kind == "system-moved":
        return (
            "The system prompt moves when a new turn arrives (it is rendered with the latest "
            "message, not at a fixed place)."
        )
    return "An earlier part of the conversation renders differently once a new turn arrives."


def _turn_production(
    breaks: list[_Break],
    worst: _Break,
    transitions: int,
    requests: list[Request],
    counter: TokenCounter,
) -> str:
    user_transitions = sum(1 for r in requests[1:] if r.user_turn)
    user_breaks = sum(1 for b in breaks if b.user_turn)
    if len(breaks) == transitions:
        when = "on every new request"
    elif user_breaks == user_transitions and len(breaks) == user_breaks:
        when = "on every new user message (tool results in between are fine)"
    else:
        when = f"on {len(breaks)} of the {transitions} follow-up requests here"
    at = _token_phrase(worst.reused, counter)
    return (
        f"{when}, the engine recomputes everything after {at} of the conversation it cached "
        f"for the previous request: here up to {_count(worst.lost, counter)} of the "
        f"{_count(worst.held_tokens, counter)} it held, and more as conversations grow."
    )


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m promptlint.templates.render_check FILE...`: print the full render report."""
    from promptlint.templates.loading import TemplateLoadError, load_template_file

    status = 0
    for arg in argv if argv is not None else sys.argv[1:]:
        try:
            sources = load_template_file(Path(arg))
        except TemplateLoadError as exc:
            print(f"{arg}: error: {exc.reason}")
            status = 2
            continue
        for src in sources:
            report = check_template(src.source, label=src.label, path=src.path)
            print(report.text())
            status = max(status, 1 if report.issues or report.error else 0)
    return status


if __name__ == "__main__":
    sys.exit(main())
