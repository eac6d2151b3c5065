"""The `promptlint` command group.

Subcommands are imported only when they run (or when help lists them), so
`promptlint check` never pays for the proxy, the tokenizers or transformers.
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from promptlint import __version__
from promptlint.errors import UserError

# name -> "module:attribute", imported only when the command runs or help lists it. A
# module that fails to import is a packaging error and says so: it is never hidden.
COMMANDS: dict[str, str] = {
    "check": "promptlint.commands.check:check",
    "rules": "promptlint.commands.rules:rules",
    "proxy": "promptlint.commands.proxy:proxy",
    "sessions": "promptlint.commands.sessions:sessions",
    "explain": "promptlint.commands.explain:explain",
    "report": "promptlint.commands.report:report",
    "import": "promptlint.commands.import_logs:import_",
    "store": "promptlint.commands.store:store",
    "kv": "promptlint.commands.kv:kv",
    "capacity": "promptlint.commands.capacity:capacity",
    "cost": "promptlint.commands.cost:cost",
    "pricing": "promptlint.commands.pricing:pricing",
    # The probe is a plugin (docs/architecture.md): loaded by name only when it runs.
    "probe": "promptlint.gpu_probe.cli:probe",
}


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return self._load(cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # Each command's whole first sentence, wrapped in its column: click's default cuts
        # it to the terminal width and ends it in "...".
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=500)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def _load(self, name: str) -> click.Command | None:
        target = COMMANDS.get(name)
        if target is None:
            return None
        module_name, _, attr = target.partition(":")
        module = importlib.import_module(module_name)
        command = getattr(module, attr)
        assert isinstance(command, click.Command)
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="promptlint")
def cli() -> None:
    """Keep LLM prompt prefixes cacheable, and know what caching is worth."""


def main(argv: list[str] | None = None) -> None:
    """Entry point: bad input ends with one line on stderr and exit code 2."""
    try:
        rv = cli.main(args=argv, prog_name="promptlint", standalone_mode=False)
    except UserError as exc:
        click.echo(f"promptlint: error: {exc}", err=True)
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("promptlint: aborted", err=True)
        sys.exit(130)
    except click.UsageError as exc:
        # One line, as for every other bad input; --help has the rest.
        where = exc.ctx.command_path if exc.ctx is not None else "promptlint"
        click.echo(f"promptlint: error: {exc.format_message()} (see '{where} --help')", err=True)
        sys.exit(2)
    except click.ClickException as exc:
        click.echo(f"promptlint: error: {exc.format_message()}", err=True)
        sys.exit(2 if exc.exit_code == 1 else exc.exit_code)
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as exc:  # an internal bug: still one line, unless asked for the traceback
        if os.environ.get("PROMPTLINT_DEBUG"):
            raise
        click.echo(
            f"promptlint: internal error: {type(exc).__name__}: {exc} "
            "(set PROMPTLINT_DEBUG=1 for the traceback)",
            err=True,
        )
        sys.exit(2)
    sys.exit(rv if isinstance(rv, int) else 0)
