"""Workloads the probe sends: synthetic shapes, a JSON file format, sessions from the store.

Prompts are token ids wherever a prediction must be exact: the simulator then hashes exactly
what the engine hashes. Chat workloads send text; their prompt ids come from the server's
`/tokenize` (the same chat template the engine applies) before they are predicted.

Blocks cached by earlier runs on an attached engine are never hit: every phase sends its own
`cache_salt` (and a fresh random seed unless one is given). They only fill free-queue slots,
which the simulator's empty start models as well: eviction only ever pops the queue's head,
so how many blocks sit ahead of ours matters, not what they hold.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from promptlint.errors import UserError
from promptlint.serving.sessions import prompt_tokens, recorded_prompts

SYNTHETIC = ("agentic", "rag", "chat", "mixed")


@dataclass
class ProbeRequest:
    id: str
    session: str
    prompt: list[int] | None = None  # token ids (exact), or …
    messages: list[dict[str, Any]] | None = None  # … chat messages (tokenized by the server)
    max_tokens: int = 1

    def prompt_len(self) -> int:
        return len(self.prompt) if self.prompt is not None else 0


@dataclass
class Workload:
    name: str
    requests: list[ProbeRequest]
    description: str
    assumptions: list[str] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)  # the synthetic shape's sizes

    def sessions(self) -> list[list[ProbeRequest]]:
        """Requests grouped by session, sessions in order of their first request."""
        grouped: dict[str, list[ProbeRequest]] = {}
        for request in self.requests:
            grouped.setdefault(request.session, []).append(request)
        return list(grouped.values())

    def check_fits(self, max_model_len: int | None) -> None:
        if max_model_len is None:
            return
        for request in self.requests:
            if (
                request.prompt is not None
                and request.prompt_len() + request.max_tokens > max_model_len
            ):
                raise UserError(
                    f"workload {self.name!r}: request {request.id} needs "
                    f"{request.prompt_len()} + {request.max_tokens} tokens; the engine's "
                    f"max_model_len is {max_model_len}"
                )


@dataclass(frozen=True)
class Shape:
    """What synthetic workloads size themselves by: the engine's pool and limits."""

    block_size: int
    pool_tokens: int  # tokens the usable blocks hold
    max_model_len: int
    vocab_size: int = 32000


@dataclass(frozen=True)
class Options:
    """The DESIGN's workload options; None means: sized from the engine (see `resolve`)."""

    system: int | None = None  # tokens of the system prompt
    turns: int | None = None
    turn_tokens: int | None = None  # tokens each turn adds (user + assistant)
    output_tokens: int = 8  # generated per request (not fed back)
    sessions: int | None = None
    shared_system: bool = True
    pressure: float = 1.5  # working set / pool: > 1 forces eviction
    session_tokens: int | None = None  # a session's final size (default: a third of the pool)


class TokenSource:
    """Random token ids from the middle of the vocabulary (clear of special tokens)."""

    def __init__(self, vocab_size: int, seed: int) -> None:
        self.rng = random.Random(seed)
        self.low = min(256, vocab_size // 8)
        self.high = vocab_size - min(300, vocab_size // 8)
        if self.high - self.low < 16:
            raise UserError(f"vocabulary of {vocab_size} tokens is too small for the probe")

    def take(self, n: int) -> list[int]:
        return [self.rng.randrange(self.low, self.high) for _ in range(n)]


def _agentic_sizes(shape: Shape, opts: Options) -> tuple[int, int, int, int]:
    turns = opts.turns or 6
    room = shape.max_model_len - opts.output_tokens - 1
    final = min(room, max(4 * shape.block_size, opts.session_tokens or shape.pool_tokens // 3))
    system = opts.system if opts.system is not None else final // 4
    turn_tokens = opts.turn_tokens or max(2, (final - system) // turns)
    final = system + turns * turn_tokens
    if final > room:
        raise UserError(
            f"a session grows to {final} tokens; the engine allows {room} "
            f"(max_model_len {shape.max_model_len}): lower --turns/--turn-tokens/--system"
        )
    sessions = opts.sessions or max(2, math.ceil(opts.pressure * shape.pool_tokens / final))
    return system, turns, turn_tokens, sessions


def agentic(shape: Shape, opts: Options, seed: int) -> Workload:
    """Sessions of a system prompt plus N turns; each turn resends the whole history.

    Sessions advance in lockstep (turn 1 of every session, then turn 2, …): as many agents
    sharing one engine do. Their joint working set is `pressure` × the pool, so LRU evicts.
    """
    system_n, turns, turn_tokens, sessions = _agentic_sizes(shape, opts)
    src = TokenSource(shape.vocab_size, seed)
    shared_system = src.take(system_n)
    user_n = max(1, (2 * turn_tokens) // 3)
    histories = [
        shared_system if opts.shared_system else src.take(system_n) for _ in range(sessions)
    ]
    histories = [list(h) for h in histories]
    requests: list[ProbeRequest] = []
    for turn in range(turns):
        for s in range(sessions):
            histories[s] += src.take(user_n)
            requests.append(
                ProbeRequest(
                    f"agentic-s{s}-t{turn}",
                    f"agentic-{s}",
                    list(histories[s]),
                    max_tokens=opts.output_tokens,
                )
            )
            histories[s] += src.take(turn_tokens - user_n)  # the assistant's (synthetic) reply
    params = {
        "system": system_n,
        "turns": turns,
        "user_tokens": user_n,
        "assistant_tokens": turn_tokens - user_n,
        "sessions": sessions,
        "shared_system": opts.shared_system,
    }
    return Workload(
        "agentic",
        requests,
        f"{sessions} agent sessions × {turns} turns: {system_n}-token "
        f"{'shared' if opts.shared_system else 'per-session'} system prompt, "
        f"+{turn_tokens} tokens per turn, {opts.output_tokens} generated",
        params=params,
    )


def rag(shape: Shape, opts: Options, seed: int) -> Workload:
    """Requests of a shared instruction + one of D documents + a unique question.

    Documents are picked with Zipf-like weights, so some stay hot and others get evicted.
    """
    src = TokenSource(shape.vocab_size, seed)
    room = shape.max_model_len - opts.output_tokens - 1
    default_instruction = min(room // 4, max(shape.block_size, shape.pool_tokens // 16))
    instruction = src.take(opts.system if opts.system is not None else default_instruction)
    doc_n = min(room - len(instruction) - 32, max(2 * shape.block_size, shape.pool_tokens // 5))
    if doc_n < 1:
        raise UserError("max_model_len too small for the rag workload")
    n_docs = opts.sessions or max(3, math.ceil(opts.pressure * shape.pool_tokens / doc_n))
    docs = [src.take(doc_n) for _ in range(n_docs)]
    weights = [1.0 / (i + 1) for i in range(n_docs)]
    n_requests = (opts.turns or 4) * n_docs
    requests = []
    for i in range(n_requests):
        d = src.rng.choices(range(n_docs), weights)[0]
        prompt = instruction + docs[d] + src.take(24)
        requests.append(ProbeRequest(f"rag-{i}", f"rag-{i}", prompt, max_tokens=opts.output_tokens))
    return Workload(
        "rag",
        requests,
        f"{n_requests} questions over {n_docs} documents of {doc_n} tokens "
        f"(Zipf-weighted), {len(instruction)}-token shared instruction",
    )


_SYLLABLES = [a + b for a in "kmnprstvz" for b in "aeiou"]


def _words(rng: random.Random, n: int) -> str:
    return " ".join(
        "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(1, 3))) for _ in range(n)
    )


def chat(shape: Shape, opts: Options, seed: int) -> Workload:
    """Chat sessions in text (OpenAI messages); the server tokenizes them with its template."""
    rng = random.Random(seed)
    system_n, turns, turn_tokens, sessions = _agentic_sizes(
        shape, replace(opts, turns=opts.turns or 4)
    )
    # About one token per syllable-word for small vocabularies: sized in words, measured in tokens.
    words = lambda n: _words(rng, max(1, n // 2))  # noqa: E731
    system = words(system_n)
    requests = []
    histories: list[list[dict[str, Any]]] = [
        [{"role": "system", "content": system if opts.shared_system else words(system_n)}]
        for _ in range(sessions)
    ]
    for turn in range(turns):
        for s in range(sessions):
            histories[s].append({"role": "user", "content": words(2 * turn_tokens // 3)})
            requests.append(
                ProbeRequest(
                    f"chat-s{s}-t{turn}",
                    f"chat-{s}",
                    messages=[dict(m) for m in histories[s]],
                    max_tokens=opts.output_tokens,
                )
            )
            histories[s].append({"role": "assistant", "content": words(turn_tokens // 3)})
    return Workload(
        "chat",
        requests,
        f"{sessions} chat sessions × {turns} turns in text, tokenized by the server",
        ["chat prompts are text: their ids come from the server's /tokenize"],
    )


def mixed(shape: Shape, opts: Options, seed: int) -> Workload:
    """Agent sessions and RAG questions interleaved, one of each in turn."""
    a = agentic(shape, opts, seed)
    r = rag(shape, replace(opts, turns=2), seed + 1)
    requests = [req for pair in _zip_longest(a.requests, r.requests) for req in pair]
    return Workload("mixed", requests, f"{a.description}; interleaved with {r.description}")


def _zip_longest(*lists: Sequence[ProbeRequest]) -> Iterator[list[ProbeRequest]]:
    for i in range(max(len(x) for x in lists)):
        yield [x[i] for x in lists if i < len(x)]


def synthetic(name: str, shape: Shape, opts: Options, seed: int) -> Workload:
    builders = {"agentic": agentic, "rag": rag, "chat": chat, "mixed": mixed}
    return builders[name](shape, opts, seed)


# -- the file format ---------------------------------------------------------------------------

FILE_FORMAT = """\
{"name": "...",                                  (optional)
 "segments": {"system": 600, "doc": [5, 6, 7]},  named shared parts: N random tokens or ids
 "requests": [
   {"session": "a", "parts": ["system", 40], "max_tokens": 4},
   {"session": "a", "extend": true, "parts": [30]},   the session's last prompt + new parts
   {"prompt": [1, 2, 3]},                              literal token ids
   {"messages": [{"role": "user", "content": "hi"}]}   chat, tokenized by the server
 ]}
A part is a segment name, a count of fresh random tokens, or a list of token ids."""


def load_file(path: Path, vocab_size: int, seed: int) -> Workload:
    try:
        data = json.loads(path.read_text())
    except OSError as exc:
        raise UserError(f"cannot read workload file {path}: {exc.strerror}") from exc
    except json.JSONDecodeError as exc:
        raise UserError(
            f"workload file {path}: invalid JSON at line {exc.lineno}: {exc.msg}"
        ) from exc
    if (
        not isinstance(data, dict)
        or not isinstance(data.get("requests"), list)
        or not data["requests"]
    ):
        raise UserError(
            f"workload file {path}: expected an object with a non-empty 'requests' list"
        )
    src = TokenSource(vocab_size, seed)
    segments: dict[str, list[int]] = {}
    raw_segments = data.get("segments") or {}
    if not isinstance(raw_segments, dict):
        raise UserError(f"workload file {path}: 'segments' must be an object")
    for name, spec in raw_segments.items():
        segments[name] = _part(spec, src, {}, f"{path}: segment {name!r}")
    last: dict[str, list[int]] = {}
    requests: list[ProbeRequest] = []
    for i, item in enumerate(data["requests"]):
        where = f"{path}: request {i}"
        if not isinstance(item, dict):
            raise UserError(f"{where}: expected an object")
        session = str(item.get("session", f"r{i}"))
        max_tokens = item.get("max_tokens", 1)
        if not isinstance(max_tokens, int) or max_tokens < 1:
            raise UserError(f"{where}: max_tokens must be a positive integer")
        if "messages" in item:
            if not isinstance(item["messages"], list):
                raise UserError(f"{where}: 'messages' must be a list")
            requests.append(
                ProbeRequest(f"req-{i}", session, messages=item["messages"], max_tokens=max_tokens)
            )
            continue
        if "prompt" in item:
            prompt = _part(item["prompt"], src, segments, where)
        else:
            parts = item.get("parts")
            if not isinstance(parts, list) or not parts:
                raise UserError(f"{where}: needs 'parts', 'prompt' or 'messages'")
            prompt = list(last.get(session, [])) if item.get("extend") else []
            for part in parts:
                prompt += _part(part, src, segments, where)
        last[session] = prompt
        requests.append(ProbeRequest(f"req-{i}", session, prompt, max_tokens=max_tokens))
    return Workload(str(data.get("name") or path.stem), requests, f"from {path}")


def _part(
    spec: object, src: TokenSource, segments: Mapping[str, list[int]], where: str
) -> list[int]:
    if isinstance(spec, bool):
        raise UserError(f"{where}: a part must be a name, a token count or a list of ids")
    if isinstance(spec, int):
        if spec < 1:
            raise UserError(f"{where}: token counts must be positive")
        return src.take(spec)
    if isinstance(spec, str):
        if spec not in segments:
            raise UserError(f"{where}: unknown segment {spec!r}")
        return list(segments[spec])
    if (
        isinstance(spec, list)
        and spec
        and all(isinstance(t, int) and not isinstance(t, bool) and t >= 0 for t in spec)
    ):
        return list(spec)
    raise UserError(f"{where}: a part must be a name, a token count or a list of token ids")


# -- sessions recorded by the proxy ------------------------------------------------------------


def from_records(
    sessions: Iterable[Sequence[Any]], shape: Shape, opts: Options, seed: int
) -> Workload:
    """Rebuild recorded sessions' prefix structure with random ids of the same token counts.

    Each request keeps its prompt length and the prefix it shares with its parent (the whole
    parent prompt, or up to its first recorded break); sizes are scaled down together when
    the longest prompt would not fit the engine's max_model_len.
    """
    src = TokenSource(shape.vocab_size, seed)
    recorded = [list(s) for s in sessions if s]
    if not recorded:
        raise UserError("the store holds no sessions to replay")
    longest = max(prompt_tokens(r) for s in recorded for r in s)
    room = shape.max_model_len - opts.output_tokens - 1
    scale = min(1.0, room / longest) if longest else 1.0
    assumptions = [
        "prompt contents are random ids; token counts and shared prefixes are the recording's"
    ]
    if scale < 1.0:
        assumptions.append(
            f"token counts scaled by {scale:.3f} to fit max_model_len {shape.max_model_len}"
        )
    prompts = recorded_prompts(recorded, src.take, scale)
    requests = [
        ProbeRequest(rec.id, rec.session_id, prompts[rec.id], max_tokens=opts.output_tokens)
        for s in recorded
        for rec in s
    ]
    return Workload(
        "store",
        requests,
        f"{len(recorded)} recorded sessions, {len(requests)} requests",
        assumptions,
    )
