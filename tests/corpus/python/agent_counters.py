"""Counters and ids: where they hurt and where they do not."""

import itertools
import logging
import os
import socket

from openai import OpenAI

client = OpenAI()
log = logging.getLogger(__name__)
_tool_ids = itertools.count()
_requests = itertools.count()


def extraction_tool(schema: dict) -> dict:
    n = next(_tool_ids)  # expect: PL102
    return {"type": "function", "function": {"name": f"extract_{n}", "parameters": schema}}


def extract(text: str, schema: dict):
    return client.chat.completions.create(
        model="gpt-4o-mini",
        tools=[extraction_tool(schema)],
        messages=[{"role": "user", "content": text}],
    )


def extract_logged(text: str, schema: dict):
    log.info("request %d on %s pid %d", next(_requests), socket.gethostname(), os.getpid())
    return client.chat.completions.create(
        model="gpt-4o-mini",
        tools=[{"type": "function", "function": {"name": "extract", "parameters": schema}}],
        messages=[
            {"role": "system", "content": f"Worker {socket.gethostname()}: extract fields."},  # expect: PL102
            {"role": "user", "content": text},
        ],
    )
