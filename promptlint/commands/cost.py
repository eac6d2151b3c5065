"""`promptlint cost`: what a conversation (or recorded usage) costs, cached vs uncached."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import click

from promptlint.commands.workload import WorkloadFlags, workload_options
from promptlint.cost.money import usd_micro
from promptlint.errors import UserError

TOKEN_KEYS = (
    "input_tokens",
    "uncached_input_tokens",
    "cache_read_tokens",
    "cache_write_tokens",
    "cache_write_5m_tokens",
    "cache_write_1h_tokens",
    "output_tokens",
)


def _price(value: str | None, flag: str) -> Decimal | None:
    if value is None:
        return None
    try:
        d = Decimal(value)
    except InvalidOperation:
        raise UserError(f"{flag}: {value!r} is not a number") from None
    if not d.is_finite() or d < 0:
        raise UserError(f"{flag}: must be a non-negative number of USD per million tokens")
    return d


def _ratio(d: Decimal) -> Decimal:
    return d.quantize(Decimal("0.01"), rounding=ROUND_HALF_EVEN)


def _tokens(usage: Any) -> dict[str, int]:
    return {key: int(getattr(usage, key)) for key in TOKEN_KEYS}


@click.command("cost")
@click.argument("model", required=False)
@workload_options(sessions_help="Sessions, run one after another [1].")
@click.option(
    "--system-breakpoint",
    is_flag=True,
    help="Breakpoint styles: also cache_control on the system prompt.",
)
@click.option("--ttl", help="Cache TTL option of the provider (Anthropic: 5m or 1h).")
@click.option(
    "--period",
    type=click.Choice(["peak", "off-peak"]),
    help="Time-of-day price for providers with peak pricing (DeepSeek).",
)
@click.option(
    "--explicit-cache",
    is_flag=True,
    help="Gemini: keep the system prompt in an explicit cache (storage billed); --ttl is its TTL.",
)
@click.option("--storage-price", help="USD per million tokens per hour of explicit-cache storage.")
@click.option("--input-price", help="USD per million input tokens (what-if).")
@click.option("--output-price", help="USD per million output tokens.")
@click.option("--cache-read-price", help="USD per million cache-read tokens.")
@click.option("--cache-write-price", help="USD per million cache-write (5 m) tokens.")
@click.option(
    "--cache-write-1h-price", help="USD per million long-TTL write tokens (1 h; OpenAI: 12 h)."
)
@click.option(
    "--usage",
    "usage_file",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Price recorded usage (JSON/JSONL) instead of simulating; MODEL is the default model.",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["table", "json", "csv"]),
    default="table",
    show_default=True,
)
def cost(
    model: str | None,
    workload: WorkloadFlags,
    system_breakpoint: bool,
    ttl: str | None,
    period: str | None,
    explicit_cache: bool,
    storage_price: str | None,
    input_price: str | None,
    output_price: str | None,
    cache_read_price: str | None,
    cache_write_price: str | None,
    cache_write_1h_price: str | None,
    usage_file: Path | None,
    fmt: str,
) -> None:
    """Simulate a conversation on MODEL and print its cost per turn, cached vs uncached.

    Turn k sends the system prompt, every earlier turn (input and answer) and the new
    input; the provider's cache policy decides what is read and written. With --usage,
    price recorded usage objects instead.
    """
    overrides = {
        "input": _price(input_price, "--input-price"),
        "output": _price(output_price, "--output-price"),
        "cache_read": _price(cache_read_price, "--cache-read-price"),
        "cache_write_5m": _price(cache_write_price, "--cache-write-price"),
        "cache_write_1h": _price(cache_write_1h_price, "--cache-write-1h-price"),
    }
    storage = _price(storage_price, "--storage-price")
    if usage_file is not None:
        if workload.given() or ttl is not None or system_breakpoint or explicit_cache:
            raise UserError("--usage prices recorded usage: workload options do not apply")
        click.echo(_usage_report(usage_file, model, overrides, period, fmt), nl=False)
        return
    if model is None:
        raise UserError("missing MODEL (e.g. `promptlint cost claude-sonnet-4-5`)")
    from promptlint.cost.catalog import policy_for, price_of
    from promptlint.cost.simulate import simulate

    price = price_of(model)
    policy = policy_for(model)
    if not explicit_cache:
        if storage is not None:
            raise UserError("--storage-price applies only with --explicit-cache")
        policy = policy.with_ttl(ttl)
    price = _adjust(price, policy, overrides, period)
    shape = workload.workload(system_breakpoint=system_breakpoint)
    if system_breakpoint and not policy.reads_at_breakpoints:
        raise UserError(f"--system-breakpoint applies to breakpoint caching, not {policy.provider}")
    if explicit_cache:
        sim = _explicit(shape, policy, price, ttl, storage, system_breakpoint)
    else:
        sim = simulate(shape, policy, price)
    report = _sim_json(sim, shape, price, policy, model, period)
    if fmt == "json":
        from promptlint.cost.money import dumps

        click.echo(dumps(report))
    elif fmt == "csv":
        click.echo(_sim_csv(report), nl=False)
    else:
        click.echo(_sim_table(report, shape.sessions > 1))


def _explicit(
    workload: Any,
    policy: Any,
    price: Any,
    ttl: str | None,
    storage: Decimal | None,
    system_breakpoint: bool,
) -> Any:
    from promptlint.cost.simulate import parse_duration, simulate_explicit

    if policy.explicit_cache_ttl_seconds is None:
        raise UserError(f"--explicit-cache: {policy.provider} has no explicit caches here (Gemini)")
    if system_breakpoint:
        raise UserError("--explicit-cache and --system-breakpoint do not combine")
    try:
        ttl_seconds = policy.explicit_cache_ttl_seconds if ttl is None else parse_duration(ttl)
    except ValueError as exc:
        raise UserError(f"--ttl: {exc}") from None
    storage = storage if storage is not None else policy.storage_usd_per_mtok_hour
    if storage is None:
        raise UserError(f"no explicit-cache storage price known for {price.name}: --storage-price")
    try:
        return simulate_explicit(workload, policy, price, ttl_seconds, storage)
    except ValueError as exc:
        raise UserError(str(exc)) from None


def _adjust(price: Any, policy: Any, overrides: Mapping[str, Any], period: str | None) -> Any:
    if period is not None:
        if policy.off_peak_multiplier is None:
            raise UserError(f"--period: {policy.provider} has no peak/off-peak prices")
        if period != policy.listed_prices_are:
            price = price.scaled(policy.off_peak_multiplier, f"{policy.provider} {period}")
    return price.with_overrides(**overrides)


def _explicit_json(cache: Any) -> dict[str, Any] | None:
    if cache is None:
        return None
    return {
        "tokens": cache.tokens,
        "ttl_seconds": cache.ttl_seconds,
        "creations": cache.creations,
        "creation_cost_usd": cache.creation_cost_usd,
        "storage_token_hours": cache.storage_token_hours,
        "storage_cost_usd": cache.storage_cost_usd,
    }


def _price_block(price: Any) -> dict[str, Any]:
    return {
        "input": price.input,
        "cache_read": price.cache_read,
        "cache_write_5m": price.cache_write_5m,
        "cache_write_1h": price.cache_write_1h,
        "output": price.output,
    }


def _sim_json(
    sim: Any, w: Any, price: Any, policy: Any, requested: str, period: str | None
) -> dict[str, Any]:
    turns = []
    for t in sim.turns:
        turns.append(
            {
                "session": t.session,
                "turn": t.turn,
                "at_seconds": Decimal(str(t.at_seconds)),
                **_tokens(t.usage),
                "cost_usd": t.cost_usd,
                "cost_usd_without_cache": t.cost_usd_without_cache,
            }
        )
    assumptions = list(sim.assumptions)
    if period:
        assumptions.append(f"{period} prices")
    for key, origin in price.origins.items():
        if origin == "override":
            assumptions.append(f"{key} price overridden on the command line")
    return {
        "model": price.name,
        "requested_model": requested,
        "provider": sim.provider,
        "policy": {
            "style": sim.style,
            "min_cacheable_tokens": policy.min_cacheable_tokens,
            "granularity": policy.granularity,
            "ttl": sim.ttl,
            "ttl_seconds": (
                sim.explicit_cache.ttl_seconds if sim.explicit_cache else policy.ttl_seconds
            ),
            "writes_billed": policy.writes_billed,
        },
        "prices_usd_per_mtok": _price_block(price),
        "explicit_cache": _explicit_json(sim.explicit_cache),
        "price_source": price.source,
        "price_date": price.date,
        "workload": {
            "system_tokens": w.system_tokens,
            "turns": w.turns,
            "turn_tokens": w.turn_tokens,
            "output_tokens": w.output_tokens,
            "sessions": w.sessions,
            "gap_seconds": Decimal(str(w.gap_seconds)),
            "shared_system": w.shared_system,
            "system_breakpoint": w.system_breakpoint,
        },
        "turns": turns,
        "total": {
            **_tokens(sim.total),
            "cost_usd": sim.cost_usd,
            "cost_usd_without_cache": sim.cost_usd_without_cache,
            "saving_usd": sim.saving_usd,
            "single_request_cost_usd": sim.single_request_cost_usd,
            "multiple_without_cache": _ratio(sim.multiple(cached=False)),
            "multiple_with_cache": _ratio(sim.multiple(cached=True)),
        },
        "exact": False,
        "assumptions": assumptions,
    }


def _sim_table(report: Mapping[str, Any], show_session: bool) -> str:
    from tabulate import tabulate

    headers = ["turn", "input", "cache read", "cache write", "uncached", "output", "cost $"]
    if show_session:
        headers.insert(0, "session")
    rows = []
    for t in report["turns"]:
        row: list[Any] = [
            t["turn"],
            t["input_tokens"],
            t["cache_read_tokens"],
            t["cache_write_tokens"],
            t["uncached_input_tokens"],
            t["output_tokens"],
            usd_micro(t["cost_usd"]),
        ]
        if show_session:
            row.insert(0, t["session"])
        rows.append(row)
    tot = report["total"]
    total_row: list[Any] = [
        "total",
        tot["input_tokens"],
        tot["cache_read_tokens"],
        tot["cache_write_tokens"],
        tot["uncached_input_tokens"],
        tot["output_tokens"],
        usd_micro(tot["cost_usd"]),
    ]
    if show_session:
        total_row.insert(0, "")
    rows.append(total_row)
    from promptlint.cost.money import money

    pol = report["policy"]
    p = {k: money(v) for k, v in report["prices_usd_per_mtok"].items()}
    saving = tot["saving_usd"]
    pct = (
        (saving / tot["cost_usd_without_cache"] * 100).quantize(Decimal("0.1"))
        if tot["cost_usd_without_cache"]
        else Decimal(0)
    )
    writes = (
        f"write {p['cache_write_5m']} (long TTL {p['cache_write_1h']})"
        if pol["writes_billed"]
        else "no write fee"
    )
    explicit = report.get("explicit_cache")
    extra = []
    if explicit:
        extra.append(
            f"explicit cache: {explicit['tokens']} tokens created {explicit['creations']}x "
            f"(${usd_micro(explicit['creation_cost_usd'])} at the input price), stored "
            f"{explicit['storage_token_hours'].normalize():f} token-hours "
            f"(${usd_micro(explicit['storage_cost_usd'])}); the total includes both"
        )
    lines = [
        f"{report['model']} ({report['provider']}, {pol['style'].replace('-cache', '')} "
        f"caching, TTL {pol['ttl']}, "
        f"min {pol['min_cacheable_tokens']} tokens); $/Mtok input {p['input']}, "
        f"read {p['cache_read']}, {writes}, output {p['output']}",
        tabulate(
            rows,
            headers=headers,
            tablefmt="simple",
            disable_numparse=True,
            colalign=("right",) * len(headers),
        ),
        *extra,
        f"without caching: ${usd_micro(tot['cost_usd_without_cache'])}   "
        + (
            f"saving: ${usd_micro(saving)} ({pct}%)"
            if saving >= 0
            else f"caching costs ${usd_micro(-saving)} more than no caching (+{-pct}%)"
        ),
        f"one single-turn request (uncached): ${usd_micro(tot['single_request_cost_usd'])}; "
        f"a session costs {tot['multiple_without_cache']}x that uncached, "
        f"{tot['multiple_with_cache']}x cached",
        f"prices: {report['price_source']} (snapshot {report['price_date']}); estimate, "
        "see --format json for assumptions",
    ]
    return "\n".join(lines)


def _sim_csv(report: Mapping[str, Any]) -> str:
    from promptlint.cost.money import money

    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    cols = ["session", "turn", *TOKEN_KEYS, "cost_usd", "cost_usd_without_cache"]
    writer.writerow(cols)
    for t in report["turns"]:
        writer.writerow([_cell(t.get(c, ""), money) for c in cols])
    tot = report["total"]
    writer.writerow(
        [_cell({"session": "total", "turn": ""}.get(c, tot.get(c, "")), money) for c in cols]
    )
    return buf.getvalue()


def _cell(value: Any, money: Any) -> Any:
    return money(value) if isinstance(value, Decimal) else value


# ---------------------------------------------------------------- recorded usage


def _usage_report(
    path: Path,
    default_model: str | None,
    overrides: Mapping[str, Any],
    period: str | None,
    fmt: str,
) -> str:
    from promptlint.cost.catalog import policy_for, price_of
    from promptlint.cost.prices import cost_of, cost_without_cache
    from promptlint.wire.usage import Usage
    from promptlint.wire.usagefile import read_usage_file

    records = read_usage_file(path, default_model)
    by_model: dict[str, dict[str, Any]] = {}
    unsplit = 0
    for rec in records:
        if rec.model is None:
            raise UserError(f"{rec.where}: no model in the record: give MODEL as the default")
        try:
            price = price_of(rec.model)
        except UserError as exc:
            raise UserError(f"{rec.where}: {exc}") from None
        price = _adjust(price, policy_for(rec.model), overrides, period)
        row = by_model.setdefault(
            price.name,
            {
                "price": price,
                "usage": Usage(),
                "records": 0,
                "cost": Decimal(0),
                "without": Decimal(0),
            },
        )
        row["usage"] = row["usage"] + rec.usage
        row["records"] += 1
        row["cost"] += cost_of(rec.usage, price)
        row["without"] += cost_without_cache(rec.usage, price)
        unsplit += rec.unsplit_writes
    models = []
    total_usage = Usage()
    total_cost = total_without = Decimal(0)
    for name, row in by_model.items():
        models.append(
            {
                "model": name,
                "provider": row["price"].provider,
                "records": row["records"],
                **_tokens(row["usage"]),
                "cost_usd": row["cost"],
                "cost_usd_without_cache": row["without"],
                "price_source": row["price"].source,
                "price_date": row["price"].date,
            }
        )
        total_usage = total_usage + row["usage"]
        total_cost += row["cost"]
        total_without += row["without"]
    assumptions = []
    if unsplit:
        assumptions.append(
            f"{unsplit} record(s) had cache writes without the 5m/1h split: priced as 5m writes"
        )
    if period:
        assumptions.append(f"{period} prices")
    if any(v is not None for v in overrides.values()):
        assumptions.append("prices overridden on the command line")
    tot: dict[str, Any] = {
        **_tokens(total_usage),
        "cost_usd": total_cost,
        "cost_usd_without_cache": total_without,
        "saving_usd": total_without - total_cost,
    }
    report = {
        "file": str(path),
        "records": len(records),
        "models": models,
        "total": tot,
        "exact": True,
        "assumptions": assumptions,
    }
    if fmt == "json":
        from promptlint.cost.money import dumps

        return dumps(report) + "\n"
    if fmt == "csv":
        from promptlint.cost.money import money

        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        cols = ["model", "records", *TOKEN_KEYS, "cost_usd", "cost_usd_without_cache"]
        writer.writerow(cols)
        for m in models:
            writer.writerow([_cell(m[c], money) for c in cols])
        label: dict[str, Any] = {"model": "total", "records": len(records)}
        writer.writerow([_cell(label.get(c, tot.get(c, "")), money) for c in cols])
        return buf.getvalue()
    from tabulate import tabulate

    headers = [
        "model",
        "records",
        "input",
        "cache read",
        "cache write 5m",
        "cache write 1h",
        "uncached",
        "output",
        "cost $",
        "without cache $",
    ]
    rows = [
        [
            m["model"],
            m["records"],
            m["input_tokens"],
            m["cache_read_tokens"],
            m["cache_write_5m_tokens"],
            m["cache_write_1h_tokens"],
            m["uncached_input_tokens"],
            m["output_tokens"],
            usd_micro(m["cost_usd"]),
            usd_micro(m["cost_usd_without_cache"]),
        ]
        for m in models
    ]
    rows.append(
        [
            "total",
            len(records),
            tot["input_tokens"],
            tot["cache_read_tokens"],
            tot["cache_write_5m_tokens"],
            tot["cache_write_1h_tokens"],
            tot["uncached_input_tokens"],
            tot["output_tokens"],
            usd_micro(tot["cost_usd"]),
            usd_micro(tot["cost_usd_without_cache"]),
        ]
    )
    out = [
        tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True),
        f"saving from caching: ${usd_micro(tot['saving_usd'])}",
    ]
    out.extend(f"note: {a}" for a in assumptions)
    return "\n".join(out) + "\n"
