"""Turn over turn: does each request's render extend what the engine held after the last one?

What the engine holds is the prompt plus what the model generated after it (its
reasoning, the answer, up to the stop token: `generation.py`). A break is classified by
where it falls: in history before the last message (a system prompt or tool list that
moves, reasoning stripped, an earlier turn re-rendered), in the last message itself
(rendered differently while it is last: `loop.last`), after it (an instruction appended
after the last message of every request; a generation prompt history never shows), or
in the generated reply.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from promptlint.templates.conversations import SYSTEM, TOOLS, Request
from promptlint.templates.generation import THINK_PAIRS, closes_reasoning, generated_text
from promptlint.templates.render_report import (
    RenderIssue,
    count_phrase,
    difference,
    token_phrase,
)
from promptlint.templates.replay import Replay
from promptlint.templates.token_count import TokenCounter
from promptlint.templates.tracing import Rendered
from promptlint.wire.prefix import common_prefix

# Text of the first tool's definition: where the tool list sits in a render.
TOOL_MARK = TOOLS[0]["function"]["description"]
# A reasoning block's opening tag (any family's), or `</think>`, removed where the texts part.
THINK_TAGS = (*(opening for opening, _ in THINK_PAIRS), "</think>")


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


def turn_issues(
    replays: list[Replay],
    counter: TokenCounter,
    tags: tuple[str, str] | None = None,
    eos: str | None = None,
    verdicts: dict[str, list[str]] | None = None,
) -> list[RenderIssue]:
    """One issue per (kind, template line): the scenario where it costs the most, naming
    every mode it happens in. `verdicts` receives each scenario's break kinds."""
    best: dict[tuple[str, int | None], RenderIssue] = {}
    lost: dict[tuple[str, int | None], int] = {}
    modes: dict[tuple[str, int | None], list[str]] = {}
    for replay in replays:
        breaks = _breaks(replay, counter, tags, eos)
        if verdicts is not None:
            verdicts[replay.scenario.label] = sorted({b.kind for b in breaks})
        transitions = len(replay.requests) - 1
        for kind in dict.fromkeys(b.kind for b in breaks):
            of_kind = [b for b in breaks if b.kind == kind]
            worst = max(of_kind, key=lambda b: b.lost)
            diff = difference(worst.held, worst.nxt, worst.offset)
            key = (kind, diff.before_line or diff.after_line)
            seen = modes.setdefault(key, [])
            if replay.scenario.mode.name not in seen:
                seen.append(replay.scenario.mode.name)
            if key in lost and lost[key] >= worst.lost:
                continue
            lost[key] = worst.lost
            best[key] = RenderIssue(
                code="PL301",
                name="history-rewrite",
                kind=kind,
                scenario=replay.scenario.label,
                summary=_turn_summary(kind),
                production=_turn_production(of_kind, worst, transitions, replay.requests, counter),
                diff=diff,
                reused_tokens=worst.reused,
                held_tokens=worst.held_tokens,
                exact_tokens=counter.exact,
            )
    every_mode = list(dict.fromkeys(r.scenario.mode.name for r in replays))
    out = []
    for key, issue in best.items():
        if every_mode != ["default"]:
            issue = _with_modes(issue, modes[key], every_mode)
        out.append(issue)
    return out


def _mode_names(names: list[str]) -> str:
    return ", ".join("no kwargs" if m == "default" else m for m in names)


def _with_modes(issue: RenderIssue, broke: list[str], every_mode: list[str]) -> RenderIssue:
    """ "With enable_thinking=false: … Not with no kwargs, enable_thinking=true." """
    fine = [m for m in every_mode if m not in broke]
    summary = f"With {_mode_names(broke)}: {issue.summary}"
    if fine:
        summary += f" Not with {_mode_names(fine)}."
    return replace(issue, summary=summary)


def _held(replay: Replay, i: int, tags: tuple[str, str] | None, eos: str | None) -> Rendered:
    """What the engine holds after request `i`: its prompt plus what the model generated."""
    prompt, final = replay.prompts[i], replay.finals[i]
    reasons = (
        replay.scenario.reasoning is not None
        and not replay.scenario.mode.reasoning_off
        and not closes_reasoning(prompt.text, tags)
    )
    generated = generated_text(
        prompt.text,
        final.text,
        replay.requests[i].reply,
        tags,
        reasons,
        eos,
        replay.bases[i].text,
    )
    if final.text.startswith(prompt.text + generated):
        end = len(prompt.text) + len(generated)
        cut = next((k for k, e in enumerate(final.chunk_ends) if e >= end), None)
        if cut is not None:
            return Rendered(
                final.text[:end],
                [*final.chunk_ends[:cut], end],
                final.chunk_lines[: cut + 1],
            )
    end = len(prompt.text) + len(generated)
    # Line 0: these characters were generated by the model, not printed by the template.
    return Rendered(prompt.text + generated, [*prompt.chunk_ends, end], [*prompt.chunk_lines, 0])


def _breaks(
    replay: Replay, counter: TokenCounter, tags: tuple[str, str] | None, eos: str | None
) -> list[_Break]:
    out = []
    requests = replay.requests
    for i in range(len(requests) - 1):
        held = _held(replay, i, tags, eos)
        nxt = replay.prompts[i + 1]
        offset = common_prefix(held.text, nxt.text)
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
                kind=_classify(replay, i, held.text, nxt.text, offset, tags),
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


def _classify(
    replay: Replay, i: int, held: str, nxt: str, offset: int, tags: tuple[str, str] | None
) -> str:
    scenario = replay.scenario
    held_tail = held[offset:]
    if scenario.system and SYSTEM in held_tail and held.find(SYSTEM) != nxt.find(SYSTEM):
        return "system-moved"
    if scenario.tools and TOOL_MARK in held_tail and held.find(TOOL_MARK) != nxt.find(TOOL_MARK):
        return "tools-moved"
    prompt = replay.prompts[i].text
    base = replay.bases[i].text
    # Where the generation prompt starts, and where the request's last message sits.
    gen_start = len(base) if prompt.startswith(base) else len(prompt)
    last = replay.requests[i].messages[-1].get("content") or ""
    last_start = prompt.rfind(last, 0, gen_start) if last else -1
    last_end = last_start + len(last)
    if _empty_block(held, offset, len(prompt), tags):
        # An empty think block a generation prompt printed (thinking off), dropped later;
        # a block the model closes itself is its reasoning (below).
        return "generation-prompt-dropped"
    for text in scenario.reasoning_texts():
        if text in held_tail and text not in nxt:
            return "reasoning-stripped"
    if _tag_removed(held, nxt, offset):
        return "reasoning-stripped"
    if last_start >= 0 and last_start <= offset < gen_start:
        appended = held[max(offset, last_end) : gen_start].strip()
        if offset >= last_end and _has_words(appended) and nxt.find(appended, offset + 1) > offset:
            return "appended-after-last"
        return "last-message"
    if gen_start <= offset < len(prompt):
        return "generation-prompt-dropped"
    if offset >= len(prompt):
        return "reply-rerendered"
    return "history-rerendered"


_MARKUP = re.compile(r"<[^<>\s]{1,48}>|\[/?[A-Z_]{2,32}\]")


def _has_words(text: str) -> bool:
    """Text beyond closing markup: an instruction, not a `<|im_end|>` or `</tool_response>`."""
    return len(re.findall(r"\w", _MARKUP.sub("", text))) >= 12


def _empty_block(held: str, offset: int, end: int, tags: tuple[str, str] | None) -> bool:
    """At `offset` (or inside the tag there) `held` has an empty reasoning block printed
    by the template (it closes before `end`): `<think>\n\n</think>`."""
    opening, closing = tags or ("<think>", "</think>")
    # The two texts may part inside the tag (`<think>` against `<tool_call>`).
    start = held.rfind(opening, max(0, offset - len(opening) + 1), offset + len(opening))
    text = held[start if start >= 0 else offset : end]
    at = text.find(closing)
    return at >= 0 and not text[:at].replace(opening, "").strip()


TURN_SUMMARIES = {
    "reasoning-stripped": (
        "Reasoning the model generated is dropped when the template re-renders that "
        "assistant turn for the next request."
    ),
    "tools-moved": (
        "The tool definitions move when a new turn arrives (they are rendered with the "
        "latest user message, not at a fixed place)."
    ),
    "system-moved": (
        "The system prompt moves when a new turn arrives (it is rendered with the latest "
        "message, not at a fixed place)."
    ),
    "last-message": (
        "The last message of a request renders differently once another message follows "
        "it (the template tests its position, e.g. `loop.last`)."
    ),
    "appended-after-last": (
        "The template appends text after the last message of every request (an instruction "
        "turn); the next request prints it after its own last message instead."
    ),
    "generation-prompt-dropped": (
        "The generation prompt prints text (e.g. an empty think block) that the template "
        "never renders back into history."
    ),
    "reply-rerendered": (
        "The reply renders differently in history than the model generated it after the "
        "generation prompt."
    ),
    "history-rerendered": (
        "An earlier part of the conversation renders differently once a new turn arrives."
    ),
}


def _turn_summary(kind: str) -> str:
    return TURN_SUMMARIES[kind]


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
    at = token_phrase(worst.reused, counter)
    return (
        f"{when}, the engine recomputes everything after {at} of the conversation it cached "
        f"for the previous request: here up to {count_phrase(worst.lost, counter)} of the "
        f"{count_phrase(worst.held_tokens, counter)} it held, and more as conversations grow."
    )
