import subprocess
import sys

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
