"""Run the proxy until SIGINT/SIGTERM, then flush what is queued."""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys

from promptlint.proxy.server import ProxyConfig, ProxyServer


async def serve(config: ProxyConfig) -> None:
    server = ProxyServer(config)
    await server.start()
    print(
        f"promptlint proxy listening on {server.url}\n"
        f"  OPENAI_BASE_URL={server.url}/v1     -> {server.upstreams.openai}\n"
        f"  ANTHROPIC_BASE_URL={server.url}  -> {server.upstreams.anthropic}\n"
        f"  store {config.store_url}, bodies {config.record_bodies}; "
        f"health {server.url}/-/health, metrics {server.url}/-/metrics",
        flush=True,
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # non-Unix loops
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await server.stop()
        lost = server.metrics.total_lost()
        pending = server.writer.spill_pending
        if lost or pending:
            print(
                f"promptlint proxy: {lost} records lost, {pending} waiting in "
                f"{config.spill_path} (replayed on next start)",
                file=sys.stderr,
                flush=True,
            )
