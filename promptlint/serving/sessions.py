"""Sessions to replay: a conversation shape, or the sessions the proxy recorded.

Prompts are token ids with the prefix structure that matters to a prefix cache; their
contents are random (a fixed seed), since only equality of blocks counts.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from datetime import datetime

from promptlint.store.records import RequestRecord

from .fleet import Session, Turn

Take = Callable[[int], list[int]]


def random_ids(seed: int, vocab_size: int = 32000) -> Take:
    """`take(n)`: n random ids from the middle of the vocabulary (clear of special tokens)."""
    rng = random.Random(seed)
    low, high = min(256, vocab_size // 8), vocab_size - min(300, vocab_size // 8)
    return lambda n: [rng.randrange(low, high) for _ in range(n)]


def agent_sessions(
    system_tokens: int,
    turns: int,
    turn_tokens: int,
    output_tokens: int,
    sessions: int,
    shared_system: bool = True,
    gap_seconds: float = 0.0,
    seed: int = 0,
) -> list[Session]:
    """Turn k of a session sends the system prompt, every earlier turn and its answer, and
    the new input; it generates `output_tokens` (the answer, sent again from turn k + 1, so
    the blocks the engine filled while generating it are hits then, as in vLLM, which caches
    generated tokens' blocks too; a chat template that re-renders the answer differently
    would lose them)."""
    take = random_ids(seed)
    system = take(system_tokens)
    out = []
    for s in range(sessions):
        history = list(system) if shared_system else take(system_tokens)
        session_turns = []
        for t in range(turns):
            history += take(turn_tokens)
            if not history:
                history = take(1)  # an empty prompt is no request
            answer = take(output_tokens)
            session_turns.append(
                Turn(
                    f"s{s}-t{t}",
                    list(history),
                    max(1, output_tokens),
                    think_seconds=gap_seconds if t else 0.0,
                    output_ids=answer,
                )
            )
            history += answer
        out.append(Session(f"s{s}", session_turns))
    return out


def prompt_tokens(rec: RequestRecord) -> int:
    """A recorded request's prompt length: its uncached, read and written tokens."""
    return int(
        rec.uncached_input_tokens
        + rec.cache_read_tokens
        + rec.cache_write_5m_tokens
        + rec.cache_write_1h_tokens
    )


def recorded_prompts(
    sessions: Sequence[Sequence[RequestRecord]], take: Take, scale: float = 1.0
) -> dict[str, list[int]]:
    """Prompt ids per record id, with each record's length and the prefix it shares with its
    parent: the whole parent prompt, or up to its first recorded break."""
    prompts: dict[str, list[int]] = {}
    for session in sessions:
        for rec in session:
            n = max(1, int(prompt_tokens(rec) * scale))
            parent = prompts.get(rec.parent_id) if rec.parent_id else None
            shared = 0
            if parent is not None:
                offsets = [b.token_offset for b in rec.breaks]
                shared = min([len(parent), *(int(o * scale) for o in offsets)])
            prompt = (parent[:shared] if parent else []) + take(max(0, n - shared))
            prompts[rec.id] = prompt[:n]
    return prompts


def _seconds(ts: str) -> float:
    return datetime.fromisoformat(ts.replace("Z", "+00:00")).timestamp()


def recorded_sessions(
    sessions: Sequence[Sequence[RequestRecord]], seed: int = 0, scale: float = 1.0
) -> list[Session]:
    """The recorded sessions as closed loops on their recorded clock: a session starts at its
    first request's time (from the earliest), and each next turn follows the previous answer
    after the pause the recording shows (arrival less the previous arrival and latency)."""
    recorded = [list(s) for s in sessions if s]
    prompts = recorded_prompts(recorded, random_ids(seed), scale)
    origin = min(_seconds(s[0].ts) for s in recorded) if recorded else 0.0
    out = []
    for session in recorded:
        turns = []
        previous_end: float | None = None
        for rec in session:
            start = _seconds(rec.ts)
            think = 0.0 if previous_end is None else max(0.0, start - previous_end)
            turns.append(Turn(rec.id, prompts[rec.id], max(1, rec.output_tokens), think))
            previous_end = start + rec.latency_ms / 1000
        out.append(Session(session[0].session_id, turns, start=_seconds(session[0].ts) - origin))
    return out
