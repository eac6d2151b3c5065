"""`promptlint import claude-code | codex | gemini-cli | opencode [PATH]...`: agents' own
logs into the store."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING

import click

from promptlint.store.base import DEFAULT_STORE_URL

if TYPE_CHECKING:
    from promptlint.agentlogs.importer import ImportSummary

AGENT_NAMES = ("claude-code", "codex", "gemini-cli", "opencode")


def run_import(
    agent: str,
    paths: list[Path],
    store_url: str,
    since: str | None = None,
    project: str | None = None,
) -> ImportSummary:
    """Import `agent`'s logs into the store at `store_url`."""
    from promptlint.agentlogs.importer import AGENTS, import_logs, log_files
    from promptlint.errors import UserError
    from promptlint.store import open_store
    from promptlint.store.sql import SQLStore
    from promptlint.store.timefmt import parse_ts, time_bounds

    bound = time_bounds(since, None)[0] if since else None
    low = parse_ts(bound) if bound else None
    # The logs are found before the store is opened: a mistyped path must not leave an
    # empty database behind.
    files = log_files(AGENTS[agent], paths)
    with open_store(store_url) as store:
        if not isinstance(store, SQLStore):
            raise UserError(f"store {store_url!r} cannot hold imports")
        return import_logs(store, agent, files, since=low, project=project)


def say_unreadable(summary: ImportSummary) -> None:
    """Lines that are not JSON end the command with exit 2 once the rest is in the store:
    counted and said, never dropped unseen."""
    from promptlint.errors import UserError

    if summary.errors.count:
        raise UserError(
            f"{summary.errors.count} log lines could not be read (the rest was imported);"
            f" first: {summary.errors.first}"
        )


def _agent_command(agent: str) -> click.Command:
    @click.command(name=agent)
    @click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
    @click.option(
        "--store",
        "store_url",
        default=DEFAULT_STORE_URL,
        show_default=True,
        envvar="PROMPTLINT_STORE",
        help="sqlite:///PATH, a path, or postgresql://…",
    )
    @click.option("--since", help="Only calls from this time: YYYY-MM-DD, ISO-8601, 7d/24h ago.")
    @click.option("--project", help="Only calls whose working directory contains this text.")
    @click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
    def command(
        paths: tuple[Path, ...], store_url: str, since: str | None, project: str | None, fmt: str
    ) -> None:
        summary = run_import(agent, list(paths), store_url, since, project)
        click.echo(json.dumps(summary.as_dict(), indent=2) if fmt == "json" else summary.line())
        say_unreadable(summary)

    command.help = (
        f"Import {agent}'s logs (default: its own folder) into the store: cost, sessions and"
        " the cache breaks the logs show. Re-importing reads only what is new."
    )
    return command


@click.group(name="import")
def import_() -> None:
    """Read coding agents' own logs into the store (no proxy needed)."""


for _name in AGENT_NAMES:
    import_.add_command(_agent_command(_name))
