"""Where a request goes, when the code says so, and what that cache needs.

A one-shot template only gains from moving its static text ahead of the inputs when that
text reaches the cache's minimum: 1024 tokens at OpenAI, up to 4096 for some Anthropic and
Gemini models, one block at a self-hosted engine. The code says where a request goes when
it builds the client with the SDK's own address or a literal one (`OpenAI()`,
`Anthropic(base_url="https://api.anthropic.com")`, `OpenAI(base_url="http://gpu1:8000/v1")`)
or names the provider in a LiteLLM model (`"ollama/llama3"`); the model, when a literal
names it, picks the provider's per-model minimum. Who serves an address is answered where
the proxy answers it (`wire.apis.provider_of`); the minimums are the price data's, handed
in by the command through `CheckConfig.cache_minimum` (the analysis knows no prices).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlsplit

import libcst as cst

from promptlint.check.config import CacheMinimum
from promptlint.python.catalogue import SDK_WRAPPERS
from promptlint.python.flow import Evaluator
from promptlint.python.index import Site, keyword_value
from promptlint.python.values import Static, Val, static_text
from promptlint.wire.apis import (
    ANTHROPIC_MESSAGES,
    LOCAL,
    OPENAI_CHAT,
    OPENAI_COMPLETIONS,
    OPENAI_RESPONSES,
    provider_of,
)

# Below this much static text a reorder is not worth a report, whatever the cache: at a
# self-hosted engine that caches every full block (16 tokens on vLLM's GPUs) it is what a
# paragraph saves.
ONE_SHOT_FLOOR_TOKENS = 100

# The SDKs' clients and the address they use when given none.
SDK_CLIENTS = {
    "openai.OpenAI": "https://api.openai.com/v1",
    "openai.AsyncOpenAI": "https://api.openai.com/v1",
    "anthropic.Anthropic": "https://api.anthropic.com",
    "anthropic.AsyncAnthropic": "https://api.anthropic.com",
}
# The module-level client of each SDK (`openai.chat.completions.create(...)`).
SDK_MODULES = {"openai": "https://api.openai.com/v1", "anthropic": "https://api.anthropic.com"}
# The attributes between a client and its request method.
_API_PATH = SDK_WRAPPERS | {
    "chat",
    "completions",
    "responses",
    "messages",
    "create",
    "parse",
    "stream",
}
# LiteLLM model prefixes served by a self-hosted engine.
LITELLM_ENGINES = frozenset(
    {"ollama", "ollama_chat", "hosted_vllm", "vllm", "lm_studio", "llamafile", "xinference"}
)
_WIRE_API = {
    "openai-chat": OPENAI_CHAT,
    "openai-responses": OPENAI_RESPONSES,
    "openai-completions": OPENAI_COMPLETIONS,
    "anthropic-messages": ANTHROPIC_MESSAGES,
}


@dataclass(frozen=True)
class Destination:
    # a cache policy's or LiteLLM's provider ("openai", "anthropic", "gemini", ...), LOCAL,
    # or None where the model's name says (LiteLLM's own routing)
    provider: str | None
    model: str = ""  # "" when no literal names it

    def one_shot_min_tokens(self, cache_minimum: CacheMinimum | None) -> int | None:
        """The static text a one-shot template needs before moving it first pays, or None
        when only the prices could say and none were handed in."""
        if self.provider == LOCAL:
            return ONE_SHOT_FLOOR_TOKENS
        if cache_minimum is None:
            return None
        return max(cache_minimum(self.provider, self.model), ONE_SHOT_FLOOR_TOKENS)


def destination(api: str, call: cst.Call, site: Site, ev: Evaluator) -> Destination | None:
    """Where the request `call` goes, or None when the code does not say (a client
    handed in, an address from the environment or settings, a project's own wrapper)."""
    model = _literal(keyword_value(call, "model"), site, ev)
    if api == "litellm":
        return _litellm(model, _literal(keyword_value(call, "api_base"), site, ev))
    if api == "genai":
        return Destination("gemini", model or "")
    wire = _WIRE_API.get(api)
    if wire is None:
        return None
    address = _client_address(_receiver(call.func), site, ev)
    if address is None:
        return None
    host = urlsplit(address).hostname or ""
    return Destination(provider_of(wire, model or "", host), model or "")


def _litellm(model: str | None, api_base: str | None) -> Destination | None:
    if model is None:
        return None
    path, _, name = model.partition("/")
    if name and path in LITELLM_ENGINES:
        return Destination(LOCAL, name)
    if api_base is not None:
        host = urlsplit(api_base).hostname or ""
        return Destination(provider_of(OPENAI_CHAT, model, host), model)
    # LiteLLM's own routing: a provider path ("anthropic/…") or the model's name.
    return Destination(path if name else None, model)


def _receiver(func: cst.BaseExpression) -> cst.BaseExpression:
    """`self.client` of `self.client.chat.completions.create`."""
    while isinstance(func, cst.Attribute) and func.attr.value in _API_PATH:
        func = func.value
    return func


def _client_address(expr: cst.BaseExpression, site: Site, ev: Evaluator) -> str | None:
    qname = ev.qualname(expr)
    if qname in SDK_MODULES:
        return SDK_MODULES[qname]
    made = ev.eval(expr, site.scope, site.at).node if not isinstance(expr, cst.Call) else expr
    if not isinstance(made, cst.Call):
        return None
    default = SDK_CLIENTS.get(ev.qualname(made.func) or "")
    if default is None:
        return None
    base_url = keyword_value(made, "base_url")
    if base_url is None:
        return default
    # The client may be made in another function: only a literal address is read there.
    if isinstance(base_url, cst.SimpleString):
        text = base_url.evaluated_value
        return text if isinstance(text, str) else None
    return None


def _literal(expr: cst.BaseExpression | None, site: Site, ev: Evaluator) -> str | None:
    """The text of a string whose every piece the code fixes, else None."""
    if expr is None:
        return None
    val: Val = ev.eval(expr, site.scope, site.at)
    if val.parts is None or not all(isinstance(p, Static) for p in val.parts):
        return None
    return static_text(val.parts)
