"""`promptlint store`: schema migrations and JSONL export of the recordings."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from promptlint.store.base import DEFAULT_STORE_URL

STORE_OPTION = click.option(
    "--store", "store_url", default=DEFAULT_STORE_URL, show_default=True,
    envvar="PROMPTLINT_STORE", help="sqlite:///PATH, a path, or postgresql://…",
)  # fmt: skip


@click.group()
def store() -> None:
    """Manage the recordings store (SQLite file or PostgreSQL database)."""


@store.command()
@STORE_OPTION
def migrate(store_url: str) -> None:
    """Create the store, or bring its schema to this version of promptlint."""
    from promptlint.store import open_store
    from promptlint.store.schema import SCHEMA_VERSION
    from promptlint.store.sql import SQLStore

    with open_store(store_url, create=True, migrate=True) as s:
        assert isinstance(s, SQLStore)
        before, where = s.opened_version, s.location
    if before == SCHEMA_VERSION:
        click.echo(f"{where}: schema v{SCHEMA_VERSION}, up to date")
    elif before is None:
        click.echo(f"{where}: created with schema v{SCHEMA_VERSION}")
    else:
        click.echo(f"{where}: migrated schema v{before} → v{SCHEMA_VERSION}")


@store.command("export")
@STORE_OPTION
@click.option("--since", help="From this time: YYYY-MM-DD, ISO-8601, or 7d/24h ago.")
@click.option("--until", help="Up to this time (a date includes that whole UTC day).")
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write JSONL to this file (default: stdout).",
)
@click.option("--no-bodies", is_flag=True, help="Leave out recorded request bodies.")
def export_command(
    store_url: str, since: str | None, until: str | None, output: Path | None, no_bodies: bool
) -> None:
    """Export recordings as JSON Lines: one request (with its breaks) per line."""
    from promptlint.store import open_store
    from promptlint.store.export import export_jsonl

    with open_store(store_url, create=False) as s:
        if output is None:
            n = export_jsonl(s, sys.stdout, since, until, not no_bodies)
        else:
            from promptlint.errors import UserError

            try:
                with output.open("w", encoding="utf-8") as f:
                    n = export_jsonl(s, f, since, until, not no_bodies)
            except OSError as e:
                raise UserError(f"cannot write {output}: {e.strerror}") from None
            click.echo(f"wrote {n:,} requests to {output}", err=True)
