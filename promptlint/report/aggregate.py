"""The report's aggregates, computed in the database (GROUP BY), never by looping over rows.

Python only merges the small grouped results (days × models, causes, the top sessions).
Every money figure is a sum of the integer pico-dollar columns, so totals are exact and
the by-cause attribution adds up to the avoidable total to the last digit.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timezone
from decimal import Decimal
from typing import Any

from promptlint.causes import CAUSES, Cause
from promptlint.errors import UserError
from promptlint.report.fmt import UNKNOWN_MODEL
from promptlint.report.model import (
    TOKEN_CLASSES,
    BreakLink,
    CauseRow,
    DayCost,
    Group,
    Report,
    SessionRow,
    Totals,
    Turn,
)
from promptlint.report.prices_split import class_costs
from promptlint.store.pico import from_pico
from promptlint.store.sql import ONLY_BREAKS, SQLStore, range_where

# The HTML report's per-turn timelines: the costliest sessions, their first turns.
TIMELINE_SESSIONS = 5
TIMELINE_TURNS = 100

GROUP_COLUMNS = {
    "model": "model",
    "session": "session_id",
    "day": "day",
    "key": "key_hash",
    "agent": "source",
    "project": "project",
}
BY_CHOICES = (*GROUP_COLUMNS, "cause")
_ANCHOR_UNSAFE = re.compile(r"[^A-Za-z0-9_.-]")
_LINK_COLUMNS = (
    "request_id, seq, ts, session_id, cause, code, segment, token_offset, lost_tokens,"
    " lost_pusd, before_text, after_text, avoidable"
)

_SUMS = (
    "COUNT(*), SUM(uncached_input_tokens), SUM(cache_read_tokens),"
    " SUM(cache_write_5m_tokens), SUM(cache_write_1h_tokens), SUM(output_tokens),"
    " SUM(cost_pusd), SUM(cost_without_cache_pusd), MIN(ts), MAX(ts),"
    " SUM(break_count), SUM(avoidable_tokens), SUM(avoidable_pusd)"
)


def cause_info(cause: str) -> tuple[str | None, bool, str]:
    """(code, avoidable, summary); a cause this version does not know counts as unavoidable."""
    try:
        info = CAUSES[Cause(cause)]
    except ValueError:
        return None, False, "a cause recorded by another promptlint version"
    return info.code, info.avoidable, info.summary


def _where(where: str, extra: str) -> str:
    return f"{where} AND {extra}" if where else f" WHERE {extra}"


def _totals(target: Totals, row: tuple[Any, ...], offset: int = 0) -> None:
    """Fill token, money and break sums from a row laid out as _SUMS."""
    r = row[offset:]
    target.requests = int(r[0])
    target.uncached_input_tokens = int(r[1] or 0)
    target.cache_read_tokens = int(r[2] or 0)
    target.cache_write_5m_tokens = int(r[3] or 0)
    target.cache_write_1h_tokens = int(r[4] or 0)
    target.output_tokens = int(r[5] or 0)
    target.cost_usd = from_pico(r[6])
    target.cost_usd_without_cache = from_pico(r[7])
    if isinstance(target, Group):
        target.first_ts, target.last_ts = r[8] or "", r[9] or ""
    target.breaks, target.avoidable_tokens = int(r[10] or 0), int(r[11] or 0)
    target.avoidable_usd = from_pico(r[12])


class Aggregator:
    def __init__(
        self,
        store: SQLStore,
        since: str | None,
        until: str | None,
        step: Callable[[], None] | None = None,
    ) -> None:
        self.store = store
        self.since, self.until = since, until
        # Requests and breaks both carry the request time: neither query needs a join.
        self.where, self.params = range_where(since, until, "ts")
        # New-content rows say where a request's new tokens start; they are not breaks.
        self._breaks_where = _where(self.where, ONLY_BREAKS)
        self._step = step or (lambda: None)

    def q(self, sql: str, extra: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        rows = self.store.fetchall(sql, [*self.params, *extra])
        self._step()
        return rows

    # --- groups --------------------------------------------------------------------
    def grouped(self, column: str) -> list[tuple[str, str, Group]]:
        """(key, model, sums) per `column` value and model: one scan gives the rows, the
        totals and, per model, the tokens the per-class price split needs."""
        rows = self.q(
            f"SELECT {column}, model, {_SUMS} FROM requests{self.where}"
            f" GROUP BY {column}, model ORDER BY {column}, model"
        )
        out = []
        for row in rows:
            g = Group(key=str(row[0]))
            _totals(g, row, 2)
            out.append((str(row[0]), row[1], g))
        return out

    def groups(self, column: str) -> list[Group]:
        rows = self.q(
            f"SELECT {column}, {_SUMS} FROM requests{self.where}"
            f" GROUP BY {column} ORDER BY SUM(cost_pusd) DESC, {column}"
        )
        out = []
        for row in rows:
            g = Group(key=str(row[0]))
            _totals(g, row, 1)
            out.append(g)
        return out

    # --- causes --------------------------------------------------------------------
    def causes(self, top: int = 3) -> list[CauseRow]:
        # Avoidability is the flag stored with each break, so the by-cause rows add up to
        # the avoidable total (the per-request sums) whatever version wrote them.
        rows = self.q(
            "SELECT cause, avoidable, COUNT(*), COUNT(DISTINCT request_id),"
            " COUNT(DISTINCT session_id), SUM(lost_tokens), SUM(lost_pusd)"
            f" FROM breaks{self._breaks_where} GROUP BY cause, avoidable"
        )
        # The first break of each cause: its earliest time (an index scan on (cause, ts)),
        # then the few breaks at that time; ties go to the smallest request id and seq.
        first: dict[str, tuple[str, str, str]] = {}
        ties = self.q(
            "SELECT b.cause, b.request_id, b.seq, b.ts, b.session_id FROM breaks b JOIN"
            f" (SELECT cause, MIN(ts) AS ts FROM breaks{self._breaks_where} GROUP BY cause) m"
            " ON b.cause = m.cause AND b.ts = m.ts"
        )
        for cause, rid, _, ts, session in sorted(ties, key=lambda r: (r[0], r[1], r[2])):
            first.setdefault(cause, (rid, ts, session))
        tops: dict[str, list[tuple[str, Decimal]]] = {}
        for cause, session, lost in self.q(
            "SELECT cause, session_id, lost FROM (SELECT cause, session_id,"
            " SUM(lost_pusd) AS lost, ROW_NUMBER() OVER (PARTITION BY cause"
            " ORDER BY SUM(lost_pusd) DESC, session_id) AS rn"
            f" FROM breaks{self._breaks_where} GROUP BY cause, session_id) t WHERE rn <= ?"
            " ORDER BY cause, rn",
            (top,),
        ):
            tops.setdefault(cause, []).append((session, from_pico(lost)))
        out = []
        for cause, avoidable, n, nreq, nsess, lost_tokens, lost_pusd in rows:
            code, _, summary = cause_info(cause)
            f = first.get(cause, ("", "", ""))
            out.append(
                CauseRow(
                    cause=cause,
                    code=code,
                    avoidable=bool(avoidable),
                    summary=summary,
                    breaks=int(n),
                    requests=int(nreq),
                    sessions=int(nsess),
                    lost_tokens=int(lost_tokens or 0),
                    lost_usd=from_pico(lost_pusd),
                    first_request_id=f[0],
                    first_ts=f[1],
                    first_session_id=f[2],
                    top_sessions=tops.get(cause, []),
                )
            )
        out.sort(key=lambda c: (not c.avoidable, -c.lost_usd, c.cause))
        return out

    # --- sessions for the HTML table -------------------------------------------------
    def top_sessions(self, limit: int, breaks_each: int) -> tuple[list[SessionRow], int]:
        prompts = _where(self.where, "session_id <> ''")  # records.NO_SESSION: not a prompt
        rows = self.q(
            # A failed request that named no model does not make its session's model blank.
            "SELECT session_id, MIN(NULLIF(model, '')), MAX(NULLIF(model, '')), MIN(key_hash),"
            f" {_SUMS}, COUNT(*) OVER ()"
            f" FROM requests{prompts} GROUP BY session_id"
            " ORDER BY SUM(avoidable_pusd) DESC, SUM(cost_pusd) DESC, session_id LIMIT ?",
            (limit,),
        )
        sessions = []
        for row in rows:
            if row[1] is None:
                model = UNKNOWN_MODEL
            else:
                model = row[1] if row[1] == row[2] else f"{row[1]} +"
            s = SessionRow(key=row[0], model=model)
            s.key_hash = row[3]
            _totals(s, row, 4)
            sessions.append(s)
        total = int(rows[0][17]) if rows else 0
        if sessions and breaks_each > 0:
            by_id = {s.key: s for s in sessions}
            marks = ", ".join("?" * len(sessions))
            for link in self.first_break_per_cause(f"session_id IN ({marks})", tuple(by_id)):
                by_id[link.session_id].break_links.append(link)
            for s in sessions:
                s.break_links.sort(key=lambda b: (-b.total_lost_usd, b.cause))
                del s.break_links[breaks_each:]
        return sessions, total

    def timelines(self, sessions: list[SessionRow], max_turns: int) -> None:
        """Each session's first `max_turns` requests, in order, with the causes of their
        breaks: the per-turn view of the HTML report (two queries for all sessions)."""
        if not sessions:
            return
        by_id = {s.key: s for s in sessions}
        marks = ", ".join("?" * len(by_id))
        rows = self.q(
            "SELECT session_id, id, ts, model, cache_read_tokens,"
            " cache_write_5m_tokens + cache_write_1h_tokens, uncached_input_tokens FROM"
            " (SELECT *, ROW_NUMBER() OVER (PARTITION BY session_id ORDER BY ts, id) AS rn"
            f" FROM requests{_where(self.where, f'session_id IN ({marks})')}) t"
            " WHERE rn <= ? ORDER BY session_id, ts, id",
            (*by_id, max_turns),
        )
        turns: dict[str, Turn] = {}
        for session, rid, ts, model, cached, written, uncached in rows:
            timeline = by_id[session].timeline
            turn = Turn(len(timeline) + 1, rid, ts, model, int(cached), int(written), int(uncached))
            timeline.append(turn)
            turns[rid] = turn
        for rid, cause in self.q(
            f"SELECT request_id, cause FROM breaks"
            f"{_where(self._breaks_where, f'session_id IN ({marks})')} ORDER BY request_id, seq",
            tuple(by_id),
        ):
            if rid in turns:
                turns[rid].causes.append(cause)

    def first_break_per_cause(self, cond: str, args: tuple[Any, ...]) -> list[BreakLink]:
        """Per session and cause: the first break (with its snippets), the count and the loss."""
        rows = self.q(
            f"SELECT {_LINK_COLUMNS}, n, total FROM (SELECT {_LINK_COLUMNS},"
            " COUNT(*) OVER (PARTITION BY session_id, cause) AS n,"
            " SUM(lost_pusd) OVER (PARTITION BY session_id, cause) AS total,"
            " ROW_NUMBER() OVER (PARTITION BY session_id, cause ORDER BY ts, seq) AS rn"
            f" FROM breaks{_where(self._breaks_where, f'({cond})')}) t WHERE rn = 1"
            " ORDER BY ts, request_id, seq",
            args,
        )
        out = [self._link(row[:13]) for row in rows]
        for link, row in zip(out, rows, strict=True):
            link.count, link.total_lost_usd = int(row[13]), from_pico(row[14])
        return out

    def _link(self, row: tuple[Any, ...]) -> BreakLink:
        rid, seq, ts, session, cause, code, segment, offset, tokens, pusd, bef, aft, avoid = row
        known_code, _, _ = cause_info(cause)
        return BreakLink(
            anchor=f"b-{_ANCHOR_UNSAFE.sub('_', rid)}-{seq}",
            request_id=rid,
            ts=ts,
            session_id=session,
            cause=cause,
            code=code or known_code,
            avoidable=bool(avoid),
            segment=segment,
            token_offset=int(offset),
            lost_tokens=int(tokens),
            lost_usd=from_pico(pusd),
            before=bef,
            after=aft,
            total_lost_usd=from_pico(pusd),
        )

    def break_links(
        self, cond: str, args: tuple[Any, ...], partition: str, per: int
    ) -> list[BreakLink]:
        """The costliest `per` breaks in each `partition`, with their snippets."""
        rows = self.q(
            f"SELECT {_LINK_COLUMNS} FROM (SELECT {_LINK_COLUMNS}, ROW_NUMBER() OVER"
            f" (PARTITION BY {partition} ORDER BY lost_pusd DESC, ts, seq) AS rn"
            f" FROM breaks{_where(self._breaks_where, f'({cond})')}) t WHERE rn <= ?"
            " ORDER BY ts, request_id, seq",
            (*args, per),
        )
        return [self._link(row) for row in rows]


def build_report(
    store: SQLStore,
    by: str = "model",
    since: str | None = None,
    until: str | None = None,
    *,
    with_sessions: int = 0,
    breaks_per_session: int = 3,
    step: Callable[[], None] | None = None,
) -> Report:
    """Every figure of the report. `with_sessions` > 0 adds the top sessions (HTML)."""
    if by not in BY_CHOICES:
        raise UserError(f"unknown --by {by!r}: choose one of {', '.join(BY_CHOICES)}")
    agg = Aggregator(store, since, until, step)
    total = Totals()
    by_model: dict[str, Group] = {}
    by_day: dict[str, Group] = {}
    days: dict[str, DayCost] = {}
    cost_by_class = {c: Decimal(0) for c in TOKEN_CLASSES}
    unpriced_models: set[str] = set()
    unpriced_total = Decimal(0)
    # One scan of the requests: by day and model for the charts (HTML) and the by-model,
    # by-day and by-cause tables; by session or key and model for those tables.
    html = with_sessions > 0
    column = "day" if html or by in ("model", "day", "cause") else GROUP_COLUMNS[by]
    by_key: dict[str, Group] = {}
    tokens_by: dict[tuple[str, str], list[int]] = {}
    cost_by_pair: dict[tuple[str, str], Decimal] = {}
    for key, model, g in agg.grouped(column):
        total.add(g)
        tables = ((model, by_model), (key, by_day if column == "day" else by_key))
        for k, table in tables:
            acc = table.get(k)
            if acc is None:
                table[k] = acc = Group(key=k, first_ts=g.first_ts, last_ts=g.last_ts)
            acc.add(g)
            acc.first_ts, acc.last_ts = min(acc.first_ts, g.first_ts), max(acc.last_ts, g.last_ts)
        # Token sums per (day, model), or per model: priced once per pair, not per group.
        pair = (key if column == "day" else "", model)
        tk = tokens_by.setdefault(pair, [0, 0, 0, 0, 0])
        tk[0] += g.uncached_input_tokens
        tk[1] += g.cache_read_tokens
        tk[2] += g.cache_write_5m_tokens
        tk[3] += g.cache_write_1h_tokens
        tk[4] += g.output_tokens
        cost_by_pair[pair] = cost_by_pair.get(pair, Decimal(0)) + g.cost_usd
        if column != "day":
            continue
        d = days.setdefault(
            key,
            DayCost(key, {c: Decimal(0) for c in TOKEN_CLASSES}, Decimal(0), Decimal(0),
                    Decimal(0), Decimal(0)),
        )  # fmt: skip
        d.cost_usd += g.cost_usd
        d.cost_usd_without_cache += g.cost_usd_without_cache
        d.avoidable_usd += g.avoidable_usd
    for (day, model), (uncached, read, w5, w1, out) in tokens_by.items():
        split = class_costs(model, uncached, read, w5, w1, out)
        if split is None:
            if model:  # no model: not a prompt (HEAD /, a refused upgrade), nothing to price
                unpriced_models.add(model)
            unpriced_total += cost_by_pair[(day, model)]
            if day:
                days[day].unpriced += cost_by_pair[(day, model)]
            continue
        for c, v in split.items():
            cost_by_class[c] += v
            if day:
                days[day].by_class[c] += v
    causes = agg.causes()

    if by == "model":
        rows = sorted(by_model.values(), key=lambda g: (-g.cost_usd, g.key))
    elif by == "day":
        rows = [by_day[k] for k in sorted(by_day)]
    elif by == "cause":
        rows = []
    elif column == GROUP_COLUMNS[by]:
        rows = sorted(by_key.values(), key=lambda g: (-g.cost_usd, g.key))
    else:
        rows = agg.groups(GROUP_COLUMNS[by])

    assumptions = [
        "cost_usd is the cost recorded per request by the proxy (prices at the time of the"
        " request); cost_usd_without_cache is the same traffic priced with no caching",
        "avoidable_usd sums the lost_usd of breaks whose cause is avoidable (a fix in the"
        " prompt would have kept those tokens cached)",
    ]
    if unpriced_models:
        names = ", ".join(sorted(unpriced_models)[:10])
        assumptions.append(
            f"no price for {names}: their recorded cost is shown as 'unpriced' in the"
            " per-token-class split"
        )
    split_sum = sum(cost_by_class.values(), Decimal(0)) + unpriced_total
    if split_sum != total.cost_usd:
        assumptions.append(
            f"the per-token-class split uses today's prices and sums to {split_sum:f} USD;"
            f" the recorded bill is {total.cost_usd:f} USD"
        )
    if unpriced_total:
        cost_by_class["unpriced"] = unpriced_total

    sessions: list[SessionRow] = []
    sessions_total = 0
    first_links: dict[str, BreakLink] = {}
    if with_sessions > 0:
        sessions, sessions_total = agg.top_sessions(with_sessions, breaks_per_session)
        agg.timelines(sessions[:TIMELINE_SESSIONS], TIMELINE_TURNS)
        firsts = {(c.first_request_id, c.cause) for c in causes if c.first_request_id}
        if firsts:
            ids = tuple(sorted({rid for rid, _ in firsts}))
            marks = ", ".join("?" * len(ids))
            for link in agg.break_links(f"request_id IN ({marks})", ids, "request_id, cause", 1):
                if (link.request_id, link.cause) in firsts:
                    first_links[link.cause] = link
    return Report(
        by=by,
        since=since,
        until=until,
        store=store.name,
        generated_at=datetime.now(timezone.utc).isoformat(timespec="seconds"),
        total=total,
        rows=rows,
        causes=causes,
        days=[days[k] for k in sorted(days)],
        sessions=sessions,
        sessions_total=sessions_total,
        first_links=first_links,
        cost_by_class=cost_by_class,
        assumptions=assumptions,
        unpriced_models=sorted(unpriced_models),
    )


def query_count(by: str, with_sessions: bool) -> int:
    """How many queries build_report runs (for the progress bar)."""
    if with_sessions:
        return 9 + (0 if by in ("model", "day", "cause") else 1)
    return 4
