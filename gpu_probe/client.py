"""Talking to a vLLM server over HTTP: streamed completions (TTFT, usage), metrics, tokenize."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass
from typing import Any

import aiohttp

from promptlint.errors import UserError

from .metrics import Sample, parse_prometheus


@dataclass
class Response:
    """One streamed request as the client saw it."""

    sent_at: float  # time.monotonic() when the request was sent
    first_token_at: float | None
    done_at: float
    prompt_tokens: int
    completion_tokens: int
    cached_tokens: int | None  # usage.prompt_tokens_details.cached_tokens (None: not reported)

    @property
    def ttft(self) -> float | None:
        return None if self.first_token_at is None else self.first_token_at - self.sent_at


class EngineClient:
    def __init__(self, base_url: str, session: aiohttp.ClientSession) -> None:
        self.base_url = base_url.rstrip("/")
        self.session = session
        self.model = ""
        self.max_model_len: int | None = None
        self.model_root: str | None = None

    async def connect(self) -> None:
        """Read the served model; fails with a one-line error when no vLLM answers."""
        try:
            async with self.session.get(f"{self.base_url}/v1/models") as resp:
                if resp.status != 200:
                    raise UserError(f"{self.base_url}/v1/models answered HTTP {resp.status}")
                body = await resp.json()
        except aiohttp.ClientError as exc:
            raise UserError(f"cannot reach a vLLM server at {self.base_url}: {exc}") from exc
        models = body.get("data") or []
        if not models:
            raise UserError(f"{self.base_url} serves no model")
        first = models[0]
        self.model = str(first.get("id"))
        self.max_model_len = first.get("max_model_len")
        self.model_root = first.get("root")

    async def metrics(self) -> list[Sample]:
        try:
            async with self.session.get(f"{self.base_url}/metrics") as resp:
                if resp.status != 200:
                    raise UserError(f"{self.base_url}/metrics answered HTTP {resp.status}")
                return parse_prometheus(await resp.text())
        except aiohttp.ClientError as exc:
            raise UserError(f"cannot read {self.base_url}/metrics: {exc}") from exc

    async def pause(self) -> None:
        """Stop the engine's scheduler, keeping its requests and its prefix cache: requests sent
        now wait in its queue until `resume`. Needs the server's development endpoints
        (`VLLM_SERVER_DEV_MODE=1`)."""
        # clear_cache defaults to true and, in vLLM 0.32, resets the prefix cache even in
        # "keep" mode, whatever the endpoint's documentation says.
        await self._post("/pause", {"mode": "keep", "clear_cache": "false"})

    async def resume(self) -> None:
        await self._post("/resume", {})

    async def is_paused(self) -> bool:
        """Asks the engine core (a round trip through its input queue, after earlier adds)."""
        try:
            async with self.session.get(f"{self.base_url}/is_paused") as resp:
                body = await resp.json() if resp.status == 200 else {}
        except aiohttp.ClientError as exc:
            raise UserError(f"cannot reach {self.base_url}/is_paused: {exc}") from exc
        return bool(body.get("is_paused"))

    async def _post(self, path: str, params: dict[str, str]) -> None:
        try:
            async with self.session.post(f"{self.base_url}{path}", params=params) as resp:
                if resp.status == 404:
                    raise UserError(
                        f"{self.base_url} has no {path}: start vLLM with VLLM_SERVER_DEV_MODE=1 "
                        "(and --scheduling-policy priority) for lockstep rounds, or pass "
                        "--arrival closed-loop"
                    )
                if resp.status != 200:
                    raise UserError(f"{path} answered HTTP {resp.status}: {await resp.text()}")
        except aiohttp.ClientError as exc:
            raise UserError(f"cannot reach {self.base_url}{path}: {exc}") from exc

    async def tokenize_chat(self, messages: list[dict[str, Any]]) -> list[int]:
        """The prompt token ids the server builds for these chat messages."""
        payload = {"model": self.model, "messages": messages, "add_generation_prompt": True}
        async with self.session.post(f"{self.base_url}/tokenize", json=payload) as resp:
            if resp.status != 200:
                raise UserError(f"/tokenize answered HTTP {resp.status}: {await resp.text()}")
            body = await resp.json()
        return [int(t) for t in body["tokens"]]

    async def complete(
        self,
        prompt: list[int] | None = None,
        messages: list[dict[str, Any]] | None = None,
        max_tokens: int = 1,
        cache_salt: str | None = None,
        priority: int | None = None,
        opened: asyncio.Event | None = None,
    ) -> Response:
        """Send one streamed request (token ids to /v1/completions, or chat messages).

        Greedy with `ignore_eos`, so a request returns exactly `max_tokens` tokens and the
        simulator knows how many KV slots its decode fills. `cache_salt` (vLLM ≥ 0.9) keys the
        first block, so one probe phase never hits blocks cached by another. `priority` orders
        the engine's queue (`--scheduling-policy priority`); `opened` is set when the server
        has answered with its headers (it hands the request to the engine right after).
        """
        body: dict[str, Any] = {
            "model": self.model,
            "max_tokens": max_tokens,
            "temperature": 0.0,
            "ignore_eos": True,
            "stream": True,
            "stream_options": {"include_usage": True},
        }
        if cache_salt is not None:
            body["cache_salt"] = cache_salt
        if priority is not None:
            body["priority"] = priority
        if messages is not None:
            url = f"{self.base_url}/v1/chat/completions"
            body["messages"] = messages
        else:
            url = f"{self.base_url}/v1/completions"
            body["prompt"] = prompt
        sent = time.monotonic()
        first: float | None = None
        usage: dict[str, Any] | None = None
        async with self.session.post(url, json=body) as resp:
            if resp.status != 200:
                text = (await resp.text())[:300]
                raise UserError(f"{url} answered HTTP {resp.status}: {text}")
            if opened is not None:
                opened.set()
            async for raw in resp.content:
                line = raw.decode("utf-8", "replace").strip()
                if not line.startswith("data:"):
                    continue
                data = line[5:].strip()
                if data == "[DONE]":
                    break
                chunk = json.loads(data)
                if chunk.get("usage"):
                    usage = chunk["usage"]
                if first is None and any(_has_output(c) for c in chunk.get("choices") or []):
                    first = time.monotonic()
        done = time.monotonic()
        if usage is None:
            raise UserError(f"{url} streamed no usage (does the server honour stream_options?)")
        details = usage.get("prompt_tokens_details") or {}
        cached = details.get("cached_tokens")
        return Response(
            sent_at=sent,
            first_token_at=first,
            done_at=done,
            prompt_tokens=int(usage.get("prompt_tokens") or 0),
            completion_tokens=int(usage.get("completion_tokens") or 0),
            cached_tokens=None if cached is None else int(cached),
        )


def _has_output(choice: dict[str, Any]) -> bool:
    """A chunk that carries a generated token (chat streams open with an empty role chunk)."""
    if "text" in choice:  # completions: one chunk per engine step, even if the text is ""
        return True
    delta = choice.get("delta") or {}
    return bool(
        delta.get("content") or delta.get("reasoning_content") or choice.get("finish_reason")
    )
