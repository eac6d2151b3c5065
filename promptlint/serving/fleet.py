"""Clients, a router and N simulated engines on one clock: replaying sessions onto replicas.

Sessions are closed loops, as agents and chat users are: a session sends its next turn when
the previous answer has arrived (plus its think time), and at most `concurrency` sessions
are live at once (a finished session makes room for the next one). The router picks a
replica for each request when it is sent, from what a router can know: how many requests it
has in flight on each replica and, for the prefix-aware policy, the replica's cached prefix.
"""

from __future__ import annotations

import hashlib
import heapq
import itertools
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import cast

from .engine import EngineSim, SimRequest


@dataclass
class Turn:
    """One request of a session: its prompt ids and how many tokens it generates."""

    id: str
    prompt: Sequence[int]
    output_tokens: int = 1
    think_seconds: float = 0.0  # the client's pause before sending it, after the last answer
    output_ids: Sequence[int] = ()  # the answer's tokens, when a later turn sends them back


@dataclass
class Session:
    id: str
    turns: list[Turn]
    start: float = 0.0  # earliest send time of its first turn


@dataclass
class Delays:
    """Client ↔ engine latency: send → arrival at the engine, step end → client has it.

    `per_answer`: the client takes answers one at a time (one process reads the streams), each
    costing this much, so answers that end in the same step reach it one after another, in no
    set order (drawn with `seed`), and the first one's next turn is sent before the others
    are in: what makes a least-loaded router send it back where it came from.
    """

    send: float = 0.0
    back: float = 0.0
    per_answer: float = 0.0
    seed: int = 0


@dataclass
class Outcome:
    """What happened to one request."""

    turn: Turn
    session: str
    replica: int
    request: SimRequest
    sent_at: float
    received_first_at: float
    received_done_at: float

    @property
    def ttft(self) -> float:
        return self.received_first_at - self.sent_at


class Router:
    """A routing policy: `choose` returns the replica for a request."""

    name = "router"

    def choose(self, session: str, prompt: Sequence[int], fleet: Fleet) -> int:
        raise NotImplementedError


class RoundRobin(Router):
    name = "round-robin"

    def __init__(self) -> None:
        self._next = itertools.count()

    def choose(self, session: str, prompt: Sequence[int], fleet: Fleet) -> int:
        return next(self._next) % len(fleet.engines)


class RandomChoice(Router):
    """Uniform at random, seeded; the draw is a hash of the request (its session and prompt
    length), so the same request goes to the same replica whatever order requests come in."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, session: str, prompt: Sequence[int], fleet: Fleet) -> int:
        key = f"{self.seed}:{session}:{len(prompt)}".encode()
        digest = hashlib.sha256(key).digest()
        return int.from_bytes(digest[:8], "big") % len(fleet.engines)


class LeastLoaded(Router):
    """Fewest requests in flight (sent, not yet answered); ties taken in turn.

    Taking ties in turn (as nginx's least_conn does) rather than always the first matters:
    when requests finish faster than they are sent, every choice is a tie.
    """

    name = "least-loaded"

    def __init__(self) -> None:
        self._last = -1

    def choose(self, session: str, prompt: Sequence[int], fleet: Fleet) -> int:
        n = len(fleet.engines)
        low = min(fleet.in_flight)
        for step in range(1, n + 1):
            i = (self._last + step) % n
            if fleet.in_flight[i] == low:
                self._last = i
                return i
        raise AssertionError("unreachable: some replica has the least load")


class SessionAffinity(Router):
    """A session's requests all go to one replica: a stable hash of its id."""

    name = "session-affinity"

    def choose(self, session: str, prompt: Sequence[int], fleet: Fleet) -> int:
        digest = hashlib.sha256(session.encode()).digest()
        return int.from_bytes(digest[:8], "big") % len(fleet.engines)


class PrefixAware(Router):
    """The longest cached prefix among replicas within a load bound (as KV-aware routers do).

    A replica is eligible while its in-flight count, with this request, stays within
    `load_bound` × the fleet's mean (bounded-load consistent hashing's rule); among those the
    one that holds the longest prefix wins, ties to the least loaded.
    """

    name = "prefix-aware"

    def __init__(self, load_bound: float = 1.25) -> None:
        if load_bound < 1.0:
            raise ValueError("the load bound is a factor ≥ 1 of the mean load")
        self.load_bound = load_bound

    def choose(self, session: str, prompt: Sequence[int], fleet: Fleet) -> int:
        n = len(fleet.engines)
        cap = math.ceil(self.load_bound * (sum(fleet.in_flight) + 1) / n)
        eligible = [i for i in range(n) if fleet.in_flight[i] + 1 <= cap] or list(range(n))

        def score(i: int) -> tuple[int, int, int]:
            cached = fleet.engines[i].pool.cached_prefix_tokens(prompt)
            return (-cached, fleet.in_flight[i], i)

        return min(eligible, key=score)


POLICIES: dict[str, Callable[[], Router]] = {
    "round-robin": RoundRobin,
    "random": RandomChoice,
    "least-loaded": LeastLoaded,
    "session-affinity": SessionAffinity,
    "prefix-aware": PrefixAware,
}


@dataclass
class Load:
    """In-flight requests on one replica over time (a step function of the clock)."""

    max: int = 0
    area: float = 0.0  # ∫ in-flight dt
    since: float = 0.0
    current: int = 0

    def change(self, now: float, delta: int) -> None:
        self.area += self.current * (now - self.since)
        self.since = now
        self.current += delta
        self.max = max(self.max, self.current)


@dataclass
class Fleet:
    engines: list[EngineSim]
    in_flight: list[int] = field(default_factory=list)
    load: list[Load] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.in_flight = [0] * len(self.engines)
        self.load = [Load() for _ in self.engines]


@dataclass
class Replay:
    outcomes: list[Outcome]  # in send order
    fleet: Fleet
    seconds: float  # the clock when the last answer arrived

    def mean_load(self, replica: int) -> float:
        return self.fleet.load[replica].area / self.seconds if self.seconds > 0 else 0.0


def _dispatch(fleet: Fleet, router: Router, session_id: str, turn: Turn, at: float) -> Outcome:
    """Route one turn and count it in flight on its replica from `at` (its outcome, not yet
    answered); the caller delivers the request to the engine."""
    replica = router.choose(session_id, turn.prompt, fleet)
    request = SimRequest(turn.id, turn.prompt, turn.output_tokens, output_ids=turn.output_ids)
    fleet.in_flight[replica] += 1
    fleet.load[replica].change(at, +1)
    return Outcome(turn, session_id, replica, request, at, -1.0, -1.0)


# At one instant: arrivals first, then step ends, answers the client reads, sends; idle
# engines start last, so requests that arrive together are scheduled together.
_ARRIVE, _STEP_END, _RECEIVE, _SEND, _KICK = 0, 1, 2, 3, 4


def replay(
    sessions: Sequence[Session],
    fleet: Fleet,
    router: Router,
    concurrency: int,
    delays: Delays | None = None,
) -> Replay:
    """Run the sessions through the router onto the fleet; returns every request's outcome."""
    if concurrency < 1:
        raise ValueError("concurrency must be ≥ 1")
    delays = delays or Delays()
    client_free = 0.0  # when the client has read the answers before
    read_order = random.Random(delays.seed)
    seq = itertools.count()
    events: list[tuple[float, int, int, object]] = []
    pending = list(reversed(sessions))
    by_id = {s.id: s for s in sessions}
    if len(by_id) != len(sessions):
        raise ValueError("session ids must be unique")
    progress: dict[str, int] = {}
    outcomes: list[Outcome] = []
    by_request: dict[int, Outcome] = {}
    clock = 0.0

    def push(at: float, kind: int, payload: object) -> None:
        heapq.heappush(events, (at, kind, next(seq), payload))

    def start_session(now: float) -> None:
        if pending:
            session = pending.pop()
            progress[session.id] = 0
            push(max(now, session.start) + session.turns[0].think_seconds, _SEND, session)

    def start_step(replica: int, now: float) -> None:
        engine = fleet.engines[replica]
        until = engine.start(now)
        if until is not None:
            push(until, _STEP_END, replica)
        elif engine.stalled():
            raise ValueError(f"{engine.name}: a request can never be scheduled (pool too small)")

    for _ in range(concurrency):
        start_session(0.0)
    while events:
        clock, kind, _, payload = heapq.heappop(events)
        if kind == _SEND:
            assert isinstance(payload, Session)
            outcome = _dispatch(
                fleet, router, payload.id, payload.turns[progress[payload.id]], clock
            )
            outcomes.append(outcome)
            by_request[id(outcome.request)] = outcome
            push(clock + delays.send, _ARRIVE, (outcome.replica, outcome.request))
        elif kind == _ARRIVE:
            replica, request = cast(tuple[int, SimRequest], payload)
            fleet.engines[replica].add(request, clock)
            push(clock, _KICK, replica)
        elif kind == _KICK:
            assert isinstance(payload, int)
            start_step(payload, clock)
        elif kind == _STEP_END:
            assert isinstance(payload, int)
            replica = payload
            engine = fleet.engines[replica]
            finished, until = engine.step_end(clock)
            if until is not None:
                push(until, _STEP_END, replica)
            elif engine.stalled():
                raise ValueError(f"{engine.name}: a request can never be scheduled")
            if delays.per_answer:
                read_order.shuffle(finished)
            for request in finished:
                done = by_request[id(request)]
                assert request.first_token_at is not None
                done.received_first_at = request.first_token_at + delays.back
                client_free = max(clock + delays.back, client_free) + delays.per_answer
                done.received_done_at = client_free
                push(client_free, _RECEIVE, done)
        else:  # _RECEIVE: the router learns of the answer when the client has it
            assert isinstance(payload, Outcome)
            fleet.in_flight[payload.replica] -= 1
            fleet.load[payload.replica].change(clock, -1)
            session = by_id[payload.session]
            progress[session.id] += 1
            if progress[session.id] < len(session.turns):
                turn = session.turns[progress[session.id]]
                push(clock + turn.think_seconds, _SEND, session)
            else:
                start_session(clock)
    end = max((o.received_done_at for o in outcomes), default=0.0)
    for load in fleet.load:
        load.change(end, 0)
    return Replay(outcomes, fleet, end)


def lockstep_rounds(
    sessions: Sequence[Session], concurrency: int
) -> list[list[tuple[Session, Turn]]]:
    """Sessions in lockstep rounds: `concurrency` sessions live, each round sends the next turn
    of every live one; a finished session's place goes to the next session at the next round."""
    if concurrency < 1:
        raise ValueError("concurrency must be ≥ 1")
    pending = list(reversed(sessions))
    live: list[tuple[Session, int]] = []
    rounds: list[list[tuple[Session, Turn]]] = []
    while pending or live:
        while pending and len(live) < concurrency:
            live.append((pending.pop(), 0))
        rounds.append([(s, s.turns[i]) for s, i in live])
        live = [(s, i + 1) for s, i in live if i + 1 < len(s.turns)]
    return rounds


def run_until_idle(engine: EngineSim, now: float) -> float:
    """Step the engine until every request it holds has finished; returns the clock then."""
    until = engine.start(now)
    while until is not None:
        now = until
        _, until = engine.step_end(now)
    if engine.has_work():
        raise ValueError(f"{engine.name}: a request can never be scheduled (pool too small)")
    return now


def replay_rounds(
    sessions: Sequence[Session],
    fleet: Fleet,
    router: Router,
    concurrency: int,
    delays: Delays | None = None,
) -> Replay:
    """Run the sessions in lockstep rounds (`lockstep_rounds`) through the router onto the fleet.

    A round's requests are routed in turn and all reach their engine's queue before it
    schedules any of them (the probe pauses the engine while it sends them); the next round
    starts when every answer is in. The engines' order of events then follows from the
    scheduler alone, not from when the client's requests happen to arrive. Think times are
    not used.
    """
    delays = delays or Delays()
    outcomes: list[Outcome] = []
    clock = 0.0
    for turns in lockstep_rounds(sessions, concurrency):
        start = clock
        sent: list[Outcome] = []
        for session, turn in turns:
            outcome = _dispatch(fleet, router, session.id, turn, start)
            fleet.engines[outcome.replica].add(outcome.request, start + delays.send)
            sent.append(outcome)
        for engine in fleet.engines:
            if engine.has_work():
                run_until_idle(engine, start + delays.send)
        for outcome in sent:
            request = outcome.request
            assert request.first_token_at is not None and request.finished_at is not None
            outcome.received_first_at = request.first_token_at + delays.back
            outcome.received_done_at = request.finished_at + delays.back
        for outcome in sorted(sent, key=lambda o: o.received_done_at):
            fleet.in_flight[outcome.replica] -= 1
            fleet.load[outcome.replica].change(outcome.received_done_at, -1)
        clock = max(o.received_done_at for o in sent)
        outcomes += sent
    for load in fleet.load:
        load.change(clock, 0)
    return Replay(outcomes, fleet, clock)


ARRIVALS = ("rounds", "closed-loop")


def replay_sessions(
    arrival: str,
    sessions: Sequence[Session],
    fleet: Fleet,
    router: Router,
    concurrency: int,
    delays: Delays | None = None,
) -> Replay:
    """`replay_rounds` or the closed-loop `replay`, by name."""
    if arrival == "rounds":
        return replay_rounds(sessions, fleet, router, concurrency, delays)
    if arrival == "closed-loop":
        return replay(sessions, fleet, router, concurrency, delays)
    raise ValueError(f"unknown arrival {arrival!r}: use {', '.join(ARRIVALS)}")
