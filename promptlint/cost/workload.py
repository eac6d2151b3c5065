"""A conversation shape: the one `Workload` of `cost`, `capacity` and `probe`.

Turn k of a session sends the system prompt, every earlier turn (its input and its answer)
and the new input. `cost` prices that sequence under a provider's cache policy, `capacity`
asks how many such sessions fit in a GPU's KV cache, the probe sizes its runs from it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Workload:
    system_tokens: int
    turns: int
    turn_tokens: int  # new user/tool input per turn
    output_tokens: int  # the answer per turn, sent again with the next turns
    sessions: int = 1
    gap_seconds: float = 0.0  # between consecutive requests
    shared_system: bool = True  # every session sends the same system prompt
    system_breakpoint: bool = False  # breakpoint styles: cache_control on the system prompt

    def __post_init__(self) -> None:
        for name in ("system_tokens", "turn_tokens", "output_tokens", "gap_seconds"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name} must not be negative")
        if self.turns < 1 or self.sessions < 1:
            raise ValueError("turns and sessions must be at least 1")

    def context_after(self, turn: int) -> int:
        """Tokens a session holds once turn `turn` (1-based) has been answered."""
        return self.system_tokens + turn * (self.turn_tokens + self.output_tokens)


# What `promptlint cost` and `promptlint capacity` assume for an option not given.
DEFAULT = Workload(
    system_tokens=4000, turns=12, turn_tokens=1500, output_tokens=400, gap_seconds=30.0
)
