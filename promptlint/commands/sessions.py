"""`promptlint sessions`: recorded sessions with hit rate and avoidable-miss cost."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import click

from promptlint.store.base import DEFAULT_STORE_URL

COLUMNS = [
    ("session_id", "session"),
    ("model", "model"),
    ("requests", "requests"),
    ("first_ts", "first"),
    ("last_ts", "last"),
    ("input_tokens", "prompt tokens"),
    ("cache_read_tokens", "cached"),
    ("hit_rate", "hit rate"),
    ("cost_usd", "cost $"),
    ("avoidable_tokens", "avoidable tokens"),
    ("avoidable_usd", "avoidable $"),
]


def _jsonable(v: Any) -> Any:
    # Money stays Decimal (written as a plain number with its exact digits); the hit rate
    # is a ratio, rounded as in `report --format json`.
    if isinstance(v, float):
        return Decimal(str(round(v, 6)))
    return v


def _cell(key: str, v: Any) -> str:
    if v is None:
        return "-"
    if key == "hit_rate":
        return f"{float(v) * 100:.1f}%"
    if key.endswith("_ts") and isinstance(v, str):
        return v[:19].replace("T", " ")
    if isinstance(v, int):
        return f"{v:,}"
    return str(v)


@click.command()
@click.option("--store", "store_url", default=DEFAULT_STORE_URL, show_default=True)
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table")
@click.option("--since", default=None, help="Only sessions with requests at or after (ISO-8601).")
@click.option("--until", default=None, help="Only requests before (ISO-8601).")
def sessions(store_url: str, fmt: str, since: str | None, until: str | None) -> None:
    """Sessions: requests, hit rate by tokens, avoidable-miss tokens and dollars."""
    from promptlint.store import open_store

    with open_store(store_url, create=False) as store:
        rows = store.sessions(since=since, until=until)
    if fmt == "json":
        from promptlint.cost.money import dumps

        out = [{k: _jsonable(v) for k, v in row.items()} for row in rows]
        click.echo(dumps({"sessions": out}))
        return
    if not rows:
        click.echo("no sessions recorded")
        return
    from tabulate import tabulate

    cols = [(k, h) for k, h in COLUMNS if any(k in r for r in rows)]
    table = [[_cell(k, r.get(k)) for k, _ in cols] for r in rows]
    click.echo(tabulate(table, headers=[h for _, h in cols], disable_numparse=True))
