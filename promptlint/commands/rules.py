"""`promptlint rules [CODE]`: list the rules, or print one rule's documentation."""

from __future__ import annotations

import json

import click

from promptlint.errors import UserError


@click.command("rules")
@click.argument("code", required=False)
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True
)
def rules(code: str | None, fmt: str) -> int:
    """List every rule, or show the docs of CODE (a code like PL101 or a name)."""
    from promptlint.check import registry

    catalogue = registry.all_rules()
    if code is not None:
        wanted = code.strip()
        chosen = [r for r in catalogue if wanted.upper() == r.CODE or wanted.lower() == r.NAME]
        if not chosen:
            raise UserError(f"unknown rule code or name: {code!r} (see `promptlint rules`)")
        catalogue = chosen
    if fmt == "json":
        click.echo(
            json.dumps(
                [
                    {
                        "code": r.CODE,
                        "name": r.NAME,
                        "language": r.LANGUAGE,
                        "severity": r.SEVERITY.value,
                        "message": r.MESSAGE,
                        "autofix": r.AUTOFIX,
                        "doc": r.doc(),
                    }
                    for r in catalogue
                ],
                indent=2,
            )
        )
        return 0
    if code is not None:
        for r in catalogue:
            fix = "fix available" if r.AUTOFIX else "no fix"
            click.echo(f"{r.CODE} {r.NAME} ({r.LANGUAGE}, {r.SEVERITY.value}, {fix})\n")
            click.echo(r.doc() + "\n")
        return 0
    width = max((len(r.NAME) for r in catalogue), default=10)
    for r in catalogue:
        fix = "fix" if r.AUTOFIX else "   "
        click.echo(f"{r.CODE}  {r.NAME:<{width}}  {r.LANGUAGE:<6}  {fix}  {r.MESSAGE}")
    return 0
