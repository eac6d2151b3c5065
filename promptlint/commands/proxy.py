"""`promptlint proxy`: the recording proxy in front of OpenAI- and Anthropic-style APIs."""

from __future__ import annotations

import ipaddress
from pathlib import Path

import click

from promptlint.errors import UserError
from promptlint.store.base import DEFAULT_STORE_URL

PUBLIC_OPENAI = "https://api.openai.com"
PUBLIC_ANTHROPIC = "https://api.anthropic.com"


def parse_listen(value: str) -> tuple[str, int]:
    host, sep, port_text = value.rpartition(":")
    if not sep or not host:
        raise UserError(f"--listen must be HOST:PORT, got {value!r}")
    host = host.strip("[]")
    try:
        port = int(port_text)
    except ValueError:
        raise UserError(f"--listen port must be a number, got {port_text!r}") from None
    if not 0 <= port <= 65535:
        raise UserError(f"--listen port out of range: {port}")
    return host, port


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


@click.command()
@click.option(
    "--listen",
    default="127.0.0.1:8787",
    show_default=True,
    help="HOST:PORT to listen on (loopback by default).",
)
@click.option("--upstream", help="One upstream for every API (e.g. a vLLM server).")
@click.option("--openai-upstream", help=f"OpenAI-style upstream [default: {PUBLIC_OPENAI}].")
@click.option(
    "--anthropic-upstream", help=f"Anthropic-style upstream [default: {PUBLIC_ANTHROPIC}]."
)
@click.option(
    "--store",
    "store_url",
    default=DEFAULT_STORE_URL,
    show_default=True,
    help="sqlite:///PATH or postgresql://… (a fleet of proxies can share one PostgreSQL).",
)
@click.option(
    "--record-bodies",
    type=click.Choice(["none", "redacted", "full"]),
    default="redacted",
    show_default=True,
    help="How much of each request body the recording keeps.",
)
@click.option(
    "--state-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path(".promptlint"),
    show_default=True,
    help="Where the key-hash salt (0600) and the spill file live.",
)
@click.option(
    "--max-body-mib",
    type=click.IntRange(min=1),
    default=256,
    show_default=True,
    help="Larger request bodies get a 413 from the proxy (counted in the metrics).",
)
@click.option(
    "--max-queue-mib",
    type=click.IntRange(min=1),
    default=512,
    show_default=True,
    help="Request bodies and response copies held for analysis; past it they are dropped "
    "(counted), never the record.",
)
@click.option(
    "--ca-bundle",
    type=click.Path(dir_okay=False, path_type=Path),
    help="PEM file of CAs to trust for HTTPS upstreams, besides the system's "
    "(SSL_CERT_FILE replaces the system's).",
)
@click.option(
    "--header-timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=10.0,
    show_default=True,
    help="Seconds a request's headers may take to arrive (slower clients get a 408).",
)
@click.option(
    "--idle-timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=30.0,
    show_default=True,
    help="Seconds a client connection may sit idle before the proxy closes it.",
)
@click.option(
    "--write-timeout",
    type=click.FloatRange(min=0.1),
    default=10.0,
    show_default=True,
    help="Seconds a store write may take; a slower (frozen) store spills, health says degraded.",
)
@click.option(
    "--max-connections",
    type=click.IntRange(min=0),
    default=None,
    help="Client connections open at once; past it new ones get a 503 at once (0: no cap) "
    "[default: half the open-file limit, less 64].",
)
def proxy(
    listen: str,
    upstream: str | None,
    openai_upstream: str | None,
    anthropic_upstream: str | None,
    store_url: str,
    record_bodies: str,
    state_dir: Path,
    max_body_mib: int,
    max_queue_mib: int,
    ca_bundle: Path | None,
    header_timeout: float,
    idle_timeout: float,
    write_timeout: float,
    max_connections: int | None,
) -> None:
    """Forward LLM API traffic unchanged and record cache usage and prefix breaks.

    Point OPENAI_BASE_URL at http://127.0.0.1:8787/v1 and ANTHROPIC_BASE_URL at
    http://127.0.0.1:8787.
    """
    host, port = parse_listen(listen)
    if upstream and (openai_upstream or anthropic_upstream):
        raise UserError("use either --upstream or --openai-upstream/--anthropic-upstream")
    if (
        store_url
        and "://" in store_url
        and not store_url.startswith(("sqlite://", "postgresql://", "postgres://"))
    ):
        raise UserError(f"unknown store URL {store_url!r}: use sqlite:///PATH or postgresql://…")

    import asyncio
    import logging

    from promptlint.proxy.server import ProxyConfig
    from promptlint.proxy.service import serve
    from promptlint.proxy.upstream import tls_context

    try:
        if ca_bundle is not None:
            tls_context(ca_bundle)  # a bad bundle is one line now, not a failure per request
        config = ProxyConfig(
            host=host,
            port=port,
            openai_upstream=upstream or openai_upstream or PUBLIC_OPENAI,
            anthropic_upstream=upstream or anthropic_upstream or PUBLIC_ANTHROPIC,
            store_url=store_url,
            record_bodies=record_bodies,
            state_dir=state_dir,
            max_body_bytes=max_body_mib * 1024 * 1024,
            max_queued_bytes=max_queue_mib * 1024 * 1024,
            ca_bundle=ca_bundle,
            header_timeout=header_timeout,
            idle_timeout=idle_timeout,
            write_timeout=write_timeout,
            max_connections=max_connections,
        )
        logging.basicConfig(level=logging.WARNING, format="promptlint proxy: %(message)s")
        if not _is_loopback(host):
            click.echo(
                f"promptlint proxy: warning: listening on {host}, reachable beyond this machine",
                err=True,
            )
        asyncio.run(serve(config))
    except ValueError as exc:
        raise UserError(str(exc)) from None
    except OSError as exc:
        raise UserError(f"cannot listen on {listen}: {exc.strerror or exc}") from None
