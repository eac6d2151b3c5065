"""`promptlint explain`: why a request (or a session) missed the cache, and what it cost.

promptlint explain A.json B.json [C.json ...]   # request bodies, offline
promptlint explain SESSION_OR_REQUEST [--store URL]
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from decimal import Decimal
from pathlib import Path
from typing import Any

import click

from promptlint.errors import UserError
from promptlint.store.base import DEFAULT_STORE_URL
from promptlint.wire.prompt import APIS

ASSUMPTIONS_OFFLINE = [
    "offline bodies carry no usage: prompt tokens are counted locally and cached tokens "
    "are predicted from the cache policy",
    "requests are taken to be sent in the given order, --gap seconds apart, with one key",
]


@click.command()
@click.argument("targets", nargs=-1, required=True)
@click.option("--store", "store_url", default=DEFAULT_STORE_URL, show_default=True)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@click.option(
    "--api", type=click.Choice(APIS), default=None, help="API of offline bodies (default: detect)"
)
@click.option(
    "--gap", type=float, default=10.0, show_default=True, help="Seconds between offline requests."
)
@click.option(
    "--advice",
    is_flag=True,
    help="Say what to do about each avoidable break (JSON always has it as `advice`).",
)
def explain(
    targets: tuple[str, ...], store_url: str, fmt: str, api: str | None, gap: float, advice: bool
) -> None:
    """Explain each prefix break: cause, position, before/after, lost tokens and dollars.

    Give two or more request bodies (JSON files) to compare them offline, or one
    request or session id to read from the store.
    """
    offline = len(targets) >= 2 or Path(targets[0]).is_file()
    if offline:
        if len(targets) < 2:
            raise UserError("give two or more request bodies (A.json B.json) or one id")
        data = _offline(targets, api, gap)
    else:
        data = _from_store(targets[0], store_url)
    if fmt == "json":
        from promptlint.cost.money import dumps

        click.echo(dumps(data))
        return
    from promptlint.cost.money import money
    from promptlint.diagnosis.render import request_text, timeline_text

    if not offline and len(data["timeline"]) > 1:  # a recorded session: its turns first
        for line in timeline_text(data["timeline"]):
            click.echo(line)
        click.echo("")
    for item in data["requests"]:
        for line in request_text(item, advice=advice):
            click.echo(line)
    click.echo(
        f"total lost: {data['lost_tokens']:,} tokens (${money(data['lost_usd'])})"
        + ("" if data["exact"] else "  [estimate]")
    )


def _load(path: str) -> tuple[dict[str, Any], dict[str, Any] | None]:
    p = Path(path)
    if not p.is_file():
        raise UserError(f"{path}: no such file")
    try:
        data = json.loads(p.read_bytes())
    except (ValueError, UnicodeDecodeError) as exc:
        raise UserError(f"{path}: not JSON: {exc}") from exc
    except RecursionError as exc:
        raise UserError(f"{path}: JSON nested too deeply") from exc
    if not isinstance(data, dict):
        raise UserError(f"{path}: not a request body (a JSON object)")
    # A captured exchange: {"request": {...}, "usage": {...}}.
    if isinstance(data.get("request"), dict):
        usage = data.get("usage")
        return data["request"], usage if isinstance(usage, dict) else None
    return data, None


def _offline(paths: tuple[str, ...], api: str | None, gap: float) -> dict[str, Any]:
    from promptlint.diagnosis.analyzer import Analyzer
    from promptlint.diagnosis.exchange import Exchange
    from promptlint.diagnosis.render import request_json
    from promptlint.wire.apis import detect_api
    from promptlint.wire.prompt import PromptParseError, parse_body

    analyzer = Analyzer(record_bodies="redacted")
    t0 = datetime(2026, 1, 1, tzinfo=timezone.utc)
    items = []
    for k, path in enumerate(paths):
        body, usage = _load(path)
        this_api = api or detect_api(body)
        try:
            parse_body(body, this_api)
        except PromptParseError as exc:
            raise UserError(f"{path}: {exc}") from exc
        exchange = Exchange(
            request_id=path,
            ts=t0 + timedelta(seconds=gap * k),
            api=this_api,
            path="",
            request_body=json.dumps(body).encode(),
            request_headers={"x-promptlint-session": "offline"},
            key_hash="offline",
            status=200,
            streamed=False,
            latency_ms=0.0,
            usage_raw=usage,
            response_model=None,
        )
        rec, details = analyzer.analyze_detailed(exchange)
        items.append(request_json(rec, details))
    return _summary(items, None)


def _from_store(target: str, store_url: str) -> dict[str, Any]:
    from promptlint.diagnosis.render import request_json
    from promptlint.store import open_store

    with open_store(store_url, create=False) as store:
        rec = store.request(target)
        if rec is not None:
            recs, session = [rec], rec.session_id
        else:
            recs, session = store.session_requests(target), target
    if not recs:
        raise UserError(f"no request or session {target!r} in {store_url}")
    return _summary([request_json(r) for r in recs], session)


def _summary(items: list[dict[str, Any]], session: str | None) -> dict[str, Any]:
    from promptlint.diagnosis.render import timeline

    return {
        "session_id": session or (items[-1]["session_id"] if items else None),
        "requests": items,
        "timeline": timeline(items),
        "lost_tokens": sum(i["lost_tokens"] for i in items),
        "lost_usd": sum((i["lost_usd"] for i in items), Decimal(0)),
        "exact": all(i["prompt_tokens_exact"] for i in items),
        "assumptions": [] if all(i["prompt_tokens_exact"] for i in items) else ASSUMPTIONS_OFFLINE,
    }
