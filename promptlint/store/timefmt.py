"""Timestamps as the store keeps them, and the --since/--until bounds that select them.

Every timestamp is stored as UTC ISO-8601 text with microseconds and an explicit offset
(`2026-11-29T14:03:07.123456+00:00`): one fixed width, so text order is time order and
range filters compare strings the same way in SQLite and PostgreSQL.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

from promptlint.errors import UserError

_RELATIVE = re.compile(r"^(\d+)\s*([mhdw])$")
_UNITS = {"m": "minutes", "h": "hours", "d": "days", "w": "weeks"}


def parse_ts(text: str) -> datetime:
    """An ISO-8601 timestamp (`Z` or an offset; naive means UTC) as an aware UTC datetime."""
    s = text.strip()
    if s.endswith(("Z", "z")):
        s = s[:-1] + "+00:00"
    dt = datetime.fromisoformat(s)
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.astimezone(timezone.utc)


def canonical_ts(value: str | datetime) -> str:
    """The store's text form of a timestamp; raises ValueError for text that is not one."""
    dt = parse_ts(value) if isinstance(value, str) else value
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    return dt.astimezone(timezone.utc).isoformat(timespec="microseconds")


def _parse_bound(text: str, now: datetime) -> tuple[datetime, bool]:
    """(instant, date_only). Accepts 2026-11-29, 20261129, ISO datetimes, and 7d/24h/30m/2w ago."""
    s = text.strip()
    m = _RELATIVE.match(s)
    if m:
        return now - timedelta(**{_UNITS[m.group(2)]: int(m.group(1))}), False
    if re.fullmatch(r"\d{8}", s):
        s = f"{s[:4]}-{s[4:6]}-{s[6:]}"
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s):
        day = datetime.fromisoformat(s).replace(tzinfo=timezone.utc)
        return day, True
    return parse_ts(s), False


def time_bounds(
    since: str | None, until: str | None, now: datetime | None = None
) -> tuple[str | None, str | None]:
    """Canonical [since, until) text bounds. A date-only `until` includes that whole day."""
    now = now or datetime.now(timezone.utc)
    lo = hi = None
    try:
        if since:
            lo = canonical_ts(_parse_bound(since, now)[0])
        if until:
            instant, date_only = _parse_bound(until, now)
            hi = canonical_ts(instant + timedelta(days=1) if date_only else instant)
    except ValueError:
        bad = since if lo is None and since else until
        raise UserError(
            f"bad date {bad!r}: use YYYY-MM-DD, YYYYMMDD, an ISO-8601 time, or 7d/24h/30m/2w"
        ) from None
    if lo and hi and lo >= hi:
        raise UserError(f"--since {since} is not before --until {until}")
    return lo, hi
