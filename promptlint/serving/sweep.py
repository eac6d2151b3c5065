"""The concurrency cliff from the scheduler simulation: N sessions on one engine, N swept.

Each level runs N sessions of one shape in lockstep rounds (`fleet.replay_rounds`): every
session sends its next turn, the engine runs the round, the next round follows. That is the
shape `promptlint probe` measures on a real engine, where the simulation predicted every
request's cached tokens (docs/probe.md); the hits do not depend on step times. The cliff is
the level whose hit rate falls most from the level before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .engine import EngineSim, Limits
from .fleet import Fleet, LeastLoaded, Session, replay_rounds

CLIFF_RULE = "the level whose hit rate falls most (≥ 5 points) from the level before"


@dataclass(frozen=True)
class LevelResult:
    sessions: int
    requests: int
    prompt_tokens: int
    hit_tokens: int  # what vllm:prefix_cache_hits_total would count
    preemptions: int

    @property
    def hit_rate(self) -> float:
        return self.hit_tokens / self.prompt_tokens if self.prompt_tokens else 0.0


def cliff(levels: Sequence[int], rates: Sequence[float], min_drop: float = 0.05) -> int | None:
    """The level where the hit rate falls most from the level before (None: no fall ≥ min_drop).

    A steepest-fall rule, not a threshold: a threshold marks a gradual decline at whichever
    level happens to cross it, so two close curves could be marked levels apart.
    """
    best: int | None = None
    steepest = min_drop
    for i in range(1, min(len(levels), len(rates))):
        fall = rates[i - 1] - rates[i]
        if fall >= steepest:
            best, steepest = levels[i], fall
    return best


def levels_around(fit: int) -> list[int]:
    """Levels that bracket `fit` sessions (the capacity model's bound): from 1 to twice it."""
    fit = max(1, fit)
    factors = (0.5, 0.75, 1.0, 1.25, 1.5, 2.0)
    return sorted({1, fit + 1, *(max(1, round(fit * f)) for f in factors)})


def simulate_levels(
    sessions_for: Callable[[int], list[Session]],
    levels: Sequence[int],
    num_blocks: int,
    block_size: int,
    limits: Limits,
) -> list[LevelResult]:
    """Each level's sessions in lockstep rounds on a fresh engine (`num_blocks` as vLLM's
    num_gpu_blocks, the null block included)."""
    out = []
    for level in levels:
        engine = EngineSim(num_blocks, block_size, limits)
        result = replay_rounds(sessions_for(level), Fleet([engine]), LeastLoaded(), level)
        out.append(
            LevelResult(
                sessions=level,
                requests=len(result.outcomes),
                prompt_tokens=sum(len(o.turn.prompt) for o in result.outcomes),
                hit_tokens=engine.metric_hits,
                preemptions=engine.preemptions,
            )
        )
    return out
