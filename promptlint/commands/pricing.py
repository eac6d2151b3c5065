"""`promptlint pricing`: which prices and cache policy apply, and importing LiteLLM's list."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import click

from promptlint.errors import UserError


@click.group("pricing", invoke_without_command=True)
@click.pass_context
def pricing(ctx: click.Context) -> None:
    """Show the prices and cache policy used for a model, or import a new price list."""
    if ctx.invoked_subcommand is None:
        from promptlint.cost import catalog

        snap = catalog.snapshot()
        click.echo(f"price snapshot: {len(snap.models)} chat models, dated {snap.bundled.date}")
        click.echo(f"  source: {snap.bundled.source}")
        click.echo(f"  licence: {snap.license}")
        if snap.override is not None:
            click.echo(
                f"  override: {catalog.override_path()} ({snap.override_models} models, "
                f"dated {snap.override.date}; {snap.override.source})"
            )
        click.echo("cache policies: " + ", ".join(catalog.policy_providers()))
        click.echo("use `promptlint pricing show MODEL` or `promptlint pricing import FILE`")


@pricing.command("show")
@click.argument("model")
@click.option("--ttl", help="TTL option to show the policy with.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def show(model: str, ttl: str | None, fmt: str) -> None:
    """Print the prices and cache policy MODEL resolves to, and where each value comes from."""
    from promptlint.cost.catalog import policy_for, price_of

    price = price_of(model)
    policy = policy_for(model).with_ttl(ttl)
    prices: dict[str, Any] = {
        key: {"usd_per_mtok": getattr(price, key), "from": price.origins.get(key, "")}
        for key in ("input", "cache_read", "cache_write_5m", "cache_write_1h", "output")
    }
    tiers = [
        {
            "above_tokens": t.above_tokens,
            "input": t.input,
            "cache_read": t.cache_read,
            "cache_write_5m": t.cache_write_5m,
            "cache_write_1h": t.cache_write_1h,
            "output": t.output,
        }
        for t in price.tiers
    ]
    pol: dict[str, Any] = {
        "style": policy.style,
        "min_cacheable_tokens": policy.min_cacheable_tokens,
        "granularity": policy.granularity,
        "ttl": policy.ttl_name,
        "ttl_seconds": policy.ttl_seconds,
        "ttl_options": dict(policy.ttl_options),
        "writes_billed": policy.writes_billed,
        "caches_output": policy.caches_output,
    }
    for key in ("lookback_blocks", "max_breakpoints"):
        if getattr(policy, key) is not None:
            pol[key] = getattr(policy, key)
    for key in ("storage_usd_per_mtok_hour", "off_peak_multiplier"):
        if getattr(policy, key) is not None:
            pol[key] = getattr(policy, key)
    if policy.peak_windows_utc:
        pol["peak_windows_utc"] = list(policy.peak_windows_utc)
    if policy.listed_prices_are:
        pol["listed_prices_are"] = policy.listed_prices_are
    if policy.explicit_cache_ttl_seconds is not None:
        pol["explicit_cache_ttl_default"] = policy.explicit_cache_ttl_seconds
    report = {
        "requested_model": model,
        "model": price.name,
        "provider": policy.provider,
        "litellm_provider": price.litellm_provider,
        "price_source": price.source,
        "price_date": price.date,
        "prices": prices,
        "tiers": tiers,
        "policy": pol,
        "policy_sources": dict(policy.sources),
    }
    from promptlint.cost.money import dumps, money

    if fmt == "json":
        click.echo(dumps(report))
        return
    click.echo(
        f"{model} -> {price.name}  (provider {policy.provider}, LiteLLM '{price.litellm_provider}')"
    )
    click.echo(f"prices, USD per million tokens (snapshot {price.date}; {price.source}):")
    for key, entry in prices.items():
        click.echo(f"  {key:<15} {money(entry['usd_per_mtok']):>10}   {entry['from']}")
    for t in price.tiers:
        click.echo(
            f"  above {t.above_tokens:,} input tokens: input {t.input}, read {t.cache_read}, "
            f"write {t.cache_write_5m} (1h {t.cache_write_1h}), output {t.output}"
        )
    click.echo("cache policy:")
    for key, value in pol.items():
        source = policy.sources.get(key) or policy.sources.get(
            {"ttl": "ttl_options", "ttl_seconds": "ttl_options"}.get(key, ""), ""
        )
        click.echo(f"  {key:<22} {value!s:<22} {source}")


@pricing.command("import")
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.option("--date", "date", help="Date of the price list, YYYY-MM-DD [today, UTC].")
@click.option("--source", "source", help="Where the file came from [its file name].")
@click.option(
    "-o",
    "--output",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Write the snapshot here instead of the user override "
    "($PROMPTLINT_PRICES, else $XDG_DATA_HOME/promptlint/litellm_snapshot.json).",
)
def import_(file: Path, date: str | None, source: str | None, output: Path | None) -> None:
    """Import LiteLLM's model_prices_and_context_window.json as your price list.

    It is written as a user override: its models replace the bundled snapshot's, the rest
    stay as shipped. The installed package is never written.
    """
    from promptlint.cost import catalog
    from promptlint.cost.litellm_import import convert_litellm, dump_snapshot

    try:
        raw = json.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UserError(f"cannot read {file}: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise UserError(f"{file}: not a JSON price file ({exc})") from None
    date = date or datetime.now(timezone.utc).strftime("%Y-%m-%d")
    snapshot = convert_litellm(raw, date=date, source=source or f"LiteLLM {file.name}")
    target = output or catalog.override_path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(dump_snapshot(snapshot), encoding="utf-8")
    except OSError as exc:
        raise UserError(f"cannot write {target}: {exc.strerror or exc} (use -o FILE)") from None
    catalog.reload()
    models = snapshot["models"]
    cached = sum(1 for m in models.values() if "cache_read" in m or "cache_hit" in m)
    writes_1h = sum(1 for m in models.values() if "cache_write_1h" in m)
    click.echo(
        f"imported {len(models)} chat models ({cached} with cache-read prices, "
        f"{writes_1h} with 1h cache-write prices), dated {date} -> {target}"
    )


# click names the command after the function; keep the CLI name "import".
import_.name = "import"
