"""The report's figures: plain data, filled by SQL aggregates and read by every renderer."""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

TOKEN_CLASSES = ("uncached_input", "cache_read", "cache_write", "output")


@dataclass
class Totals:
    requests: int = 0
    uncached_input_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_5m_tokens: int = 0
    cache_write_1h_tokens: int = 0
    output_tokens: int = 0
    cost_usd: Decimal = Decimal(0)
    cost_usd_without_cache: Decimal = Decimal(0)
    avoidable_usd: Decimal = Decimal(0)
    avoidable_tokens: int = 0
    breaks: int = 0

    @property
    def cache_write_tokens(self) -> int:
        return self.cache_write_5m_tokens + self.cache_write_1h_tokens

    @property
    def input_tokens(self) -> int:
        """Every prompt token, however it was billed."""
        return self.uncached_input_tokens + self.cache_read_tokens + self.cache_write_tokens

    @property
    def hit_rate(self) -> float:
        """Share of prompt tokens read from cache."""
        return self.cache_read_tokens / self.input_tokens if self.input_tokens else 0.0

    @property
    def saved_usd(self) -> Decimal:
        """What caching saved against the same traffic without any caching."""
        return self.cost_usd_without_cache - self.cost_usd

    def add(self, other: Totals) -> None:
        self.requests += other.requests
        self.uncached_input_tokens += other.uncached_input_tokens
        self.cache_read_tokens += other.cache_read_tokens
        self.cache_write_5m_tokens += other.cache_write_5m_tokens
        self.cache_write_1h_tokens += other.cache_write_1h_tokens
        self.output_tokens += other.output_tokens
        self.cost_usd += other.cost_usd
        self.cost_usd_without_cache += other.cost_usd_without_cache
        self.avoidable_usd += other.avoidable_usd
        self.avoidable_tokens += other.avoidable_tokens
        self.breaks += other.breaks


@dataclass
class Group(Totals):
    key: str = ""
    first_ts: str = ""
    last_ts: str = ""


@dataclass
class CauseRow:
    cause: str
    code: str | None
    avoidable: bool
    summary: str
    breaks: int
    requests: int
    sessions: int
    lost_tokens: int
    lost_usd: Decimal
    first_request_id: str
    first_ts: str
    first_session_id: str
    top_sessions: list[tuple[str, Decimal]] = field(default_factory=list)


@dataclass
class BreakLink:
    """One break shown in the HTML report, with the snippets that differ."""

    anchor: str
    request_id: str
    ts: str
    session_id: str
    cause: str
    code: str | None
    avoidable: bool
    segment: str
    token_offset: int
    lost_tokens: int
    lost_usd: Decimal
    before: str | None
    after: str | None
    count: int = 1  # breaks of this cause it stands for (in its session)
    total_lost_usd: Decimal = Decimal(0)  # their summed loss


@dataclass
class Turn:
    """One request of a session's timeline."""

    turn: int
    request_id: str
    ts: str
    model: str
    cached_tokens: int
    written_tokens: int
    uncached_tokens: int
    causes: list[str] = field(default_factory=list)  # its breaks (none: the prefix held)

    @property
    def prompt_tokens(self) -> int:
        return self.cached_tokens + self.written_tokens + self.uncached_tokens

    @property
    def hit_rate(self) -> float:
        return self.cached_tokens / self.prompt_tokens if self.prompt_tokens else 0.0


@dataclass
class SessionRow(Group):
    model: str = ""
    key_hash: str = ""
    break_links: list[BreakLink] = field(default_factory=list)
    timeline: list[Turn] = field(default_factory=list)  # its first turns (HTML report)


@dataclass
class DayCost:
    """Cost of one day, by token class (from per-model prices) and as billed."""

    day: str
    by_class: dict[str, Decimal]
    unpriced: Decimal
    cost_usd: Decimal
    cost_usd_without_cache: Decimal
    avoidable_usd: Decimal


@dataclass
class Report:
    by: str
    since: str | None
    until: str | None
    store: str
    generated_at: str
    total: Totals
    rows: list[Group]
    causes: list[CauseRow]
    days: list[DayCost] = field(default_factory=list)
    sessions: list[SessionRow] = field(default_factory=list)
    sessions_total: int = 0
    first_links: dict[str, BreakLink] = field(default_factory=dict)  # cause → first break
    cost_by_class: dict[str, Decimal] = field(default_factory=dict)
    assumptions: list[str] = field(default_factory=list)
    # Models with requests but no price: their cost is counted as 0 everywhere above.
    unpriced_models: list[str] = field(default_factory=list)
