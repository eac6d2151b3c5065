"""`promptlint check [PATH]...`: lint prompt-building code and templates for cache breakers."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import click

from promptlint.errors import UserError
from promptlint.findings import Finding, Severity


def cache_minimum(provider: str | None, model: str) -> int:
    """The minimum cacheable prefix where a request goes, from the price data's cache
    policies: what a one-shot template's static text must reach before moving it first pays.
    Imported here, not at start: only requests whose destination the code names read it."""
    from promptlint.cost.catalog import resolve

    return resolve(model, provider).policy.min_cacheable_tokens


def _split(values: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(part.strip() for v in values for part in v.split(",") if part.strip())


@click.command("check")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["text", "json", "sarif", "github"]),
    default="text",
    show_default=True,
)
@click.option("--select", multiple=True, help="Rule codes, prefixes or names (comma-separated).")
@click.option("--ignore", multiple=True, help="Rule codes, prefixes or names to skip.")
@click.option("--fix", is_flag=True, help="Apply safe fixes.")
@click.option(
    "--unsafe-fixes", is_flag=True, help="Also apply unsafe fixes (with --fix or --diff)."
)
@click.option("--diff", is_flag=True, help="Show the fixes as a diff; write nothing.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when there are findings.")
@click.option(
    "--config",
    "config_path",
    type=click.Path(path_type=Path, dir_okay=False),
    help="promptlint.toml or pyproject.toml (default: the nearest one).",
)
@click.option(
    "--jobs", "-j", type=int, default=None, help="Worker processes (default: one per core)."
)
@click.option(
    "--force-exclude",
    is_flag=True,
    help="Apply the config's exclude to paths named on the command line too (pre-commit).",
)
@click.option(
    "--color/--no-color", default=None, help="Colour the text output (default: on a tty)."
)
def check(
    paths: tuple[Path, ...],
    fmt: str,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    fix: bool,
    unsafe_fixes: bool,
    diff: bool,
    exit_zero: bool,
    config_path: Path | None,
    jobs: int | None,
    force_exclude: bool,
    color: bool | None,
) -> int:
    """Find what breaks the cacheable prompt prefix in Python code and templates.

    Exit codes: 0 no findings, 1 findings, 2 errors (bad config, unknown rule, unreadable file).
    """
    from promptlint.check import config as config_mod
    from promptlint.check.engine import RunOptions, run_check
    from promptlint.check.fixes import unified_diff
    from promptlint.check.render import render

    targets = list(paths) or [Path(".")]
    if config_path is not None:
        if not config_path.is_file():
            raise UserError(f"config file not found: {config_path}")
        cfg = config_mod.load_config(config_path)
    else:
        cfg = config_mod.load_config(config_mod.find_config(targets[0]))
    cfg.cache_minimum = cache_minimum
    if jobs is not None and jobs < 1:
        raise UserError("--jobs must be at least 1")
    options = RunOptions(
        select=_split(select),
        ignore=_split(ignore),
        fix=fix or diff,
        unsafe_fixes=unsafe_fixes,
        jobs=jobs,
        force_exclude=force_exclude,
    )
    result = run_check(targets, cfg, options)
    rules = result.rules
    if diff:
        for path, (before, after) in sorted(result.fixed.items()):
            click.echo(unified_diff(path, before, after), nl=False)
        n = len(result.fixed)
        click.echo(f"{n} file{'s' if n != 1 else ''} would be changed.", err=True)
        if result.errors:
            return 2
        return 0 if exit_zero or (not result.fixed and not _failing(result.findings)) else 1
    if fix:
        for path, (_, after) in result.fixed.items():
            Path(path).write_text(after, encoding="utf-8")
    use_colour = sys.stdout.isatty() if color is None else color
    output = render(result, fmt, rules, colour=use_colour and fmt == "text", unsafe=unsafe_fixes)
    if output:
        click.echo(output)
    if result.errors:
        return 2
    if _failing(result.findings) and not exit_zero:
        return 1
    return 0


def _failing(findings: Sequence[Finding]) -> bool:
    """Whether the hook fails: a warning or an error does; notes (severity info, such as a
    chat template's date input) are shown but never fail a commit on their own."""
    return any(f.severity is not Severity.INFO for f in findings)
