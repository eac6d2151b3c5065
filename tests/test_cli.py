import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from promptlint.cli import cli


def test_help_lists_commands() -> None:
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    assert "Keep LLM prompt prefixes cacheable" in result.output


def test_help_gives_each_command_its_whole_first_sentence() -> None:
    from promptlint.cli import COMMANDS

    result = CliRunner().invoke(cli, ["--help"], terminal_width=80)
    commands = result.output.split("Commands:")[1]
    assert "..." not in commands
    for name in COMMANDS:
        assert f"  {name} " in commands
    assert "(the concurrency cliff)." in " ".join(commands.split())


def test_unknown_command_is_usage_error() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "promptlint", "no-such-command"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr


def test_bad_option_value_is_one_line_exit_2() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "promptlint", "cost", "gpt-4o", "--system", "abc"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("promptlint: error: ")
    assert "--system" in lines[0]


def test_a_missing_command_module_is_an_error_not_a_hidden_command(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from promptlint import cli as cli_module

    monkeypatch.setitem(cli_module.COMMANDS, "ghost", "promptlint.commands.ghost:ghost")
    with pytest.raises(ModuleNotFoundError, match=r"promptlint\.commands\.ghost"):
        cli_module.cli.get_command(click.Context(cli_module.cli), "ghost")
    assert "ghost" in cli_module.cli.list_commands(click.Context(cli_module.cli))
