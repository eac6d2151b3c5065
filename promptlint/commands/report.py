"""`promptlint report`: cost as billed, cost without caching, and money lost by cause."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from promptlint.commands.import_logs import AGENT_NAMES
from promptlint.store.base import DEFAULT_STORE_URL

FORMATS = ("table", "json", "csv", "html")
# Above this many requests, reading the store takes long enough to show progress.
PROGRESS_THRESHOLD = 200_000


@click.command()
@click.option(
    "--store",
    "store_url",
    default=DEFAULT_STORE_URL,
    show_default=True,
    envvar="PROMPTLINT_STORE",
    help="sqlite:///PATH, a path, or postgresql://…",
)
@click.option(
    "--by",
    type=click.Choice(["model", "session", "day", "cause", "key", "agent", "project"]),
    default="model",
    show_default=True,
    help="One row per …",
)
@click.option("--since", help="From this time: YYYY-MM-DD, YYYYMMDD, ISO-8601, or 7d/24h ago.")
@click.option("--until", help="Up to this time (a date includes that whole UTC day).")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(FORMATS),
    default=None,
    help="Output format (default: table, or html when -o ends in .html).",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write to this file instead of stdout.",
)
@click.option(
    "--sessions",
    "top_sessions",
    type=click.IntRange(1, 10_000),
    default=50,
    show_default=True,
    help="HTML: how many sessions to list (those that lost most).",
)
@click.option(
    "--from",
    "from_agent",
    type=click.Choice(AGENT_NAMES),
    help="First import this agent's logs from its own folder into the store (as"
    " `promptlint import AGENT` does), then report.",
)
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Progress bar while reading (default: on for large stores on a terminal).",
)
def report(
    store_url: str,
    by: str,
    since: str | None,
    until: str | None,
    fmt: str | None,
    output: Path | None,
    top_sessions: int,
    from_agent: str | None,
    progress: bool | None,
) -> None:
    """Report what the recorded traffic cost, what caching saved, and what breaks lost.

    Cost is the cost recorded per request (per-model prices, cache reads and 5 m / 1 h
    writes); "without cache" prices the same tokens with no caching; "avoidable" is the
    money lost to prefix breaks whose cause a fix in the prompt code would remove.
    """
    from promptlint.errors import UserError
    from promptlint.report.aggregate import build_report, query_count
    from promptlint.store import open_store
    from promptlint.store.sql import SQLStore

    if from_agent is not None:
        from promptlint.commands.import_logs import run_import, say_unreadable

        imported = run_import(from_agent, [], store_url)
        click.echo(imported.line(), err=True)
        say_unreadable(imported)
    if fmt is None:
        fmt = (
            "html" if output is not None and output.suffix.lower() in (".html", ".htm") else "table"
        )
    with open_store(store_url, create=False) as store:
        if not isinstance(store, SQLStore):
            raise UserError(f"store {store_url!r} does not support reports")
        html = fmt == "html"
        sessions_n = top_sessions if html else 0
        if progress is None:
            progress = (
                sys.stderr.isatty() and store.count_requests(since, until) >= PROGRESS_THRESHOLD
            )
        steps = query_count(by, html)
        if progress:
            bar = click.progressbar(length=steps, label="Reading the store", file=sys.stderr)
            with bar:
                data = build_report(
                    store, by, since, until, with_sessions=sessions_n, step=lambda: bar.update(1)
                )
                bar.update(steps)
        else:
            data = build_report(store, by, since, until, with_sessions=sessions_n)
    if fmt == "json":
        from promptlint.report.render_data import render_json

        text = render_json(data)
    elif fmt == "csv":
        from promptlint.report.render_data import render_csv

        text = render_csv(data)
    elif fmt == "html":
        from promptlint.report.render_html import render_html

        text = render_html(data)
    else:
        from promptlint.report.render_text import render_table

        text = render_table(data)
    if output is None:
        click.echo(text, nl=False)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as e:
        raise UserError(f"cannot write {output}: {e.strerror}") from None
    click.echo(f"wrote {output} ({fmt}, {data.total.requests:,} requests)", err=True)
