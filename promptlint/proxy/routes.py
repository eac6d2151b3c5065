"""Which upstream serves a request (the API it speaks: `promptlint.wire.apis`)."""

from __future__ import annotations

from dataclasses import dataclass

from yarl import URL

from promptlint.wire.apis import ANTHROPIC_MESSAGES, OTHER

PUBLIC_OPENAI = "https://api.openai.com"
PUBLIC_ANTHROPIC = "https://api.anthropic.com"


@dataclass(frozen=True)
class Upstreams:
    openai: URL
    anthropic: URL

    @classmethod
    def parse(cls, openai: str, anthropic: str) -> Upstreams:
        return cls(_base(openai), _base(anthropic))

    def for_request(self, api: str, path: str, header_names: frozenset[str]) -> URL:
        """The upstream base for a request.

        Messages go to Anthropic; any other path goes to Anthropic only when the client
        speaks Anthropic (`x-api-key` or `anthropic-version`), else to the OpenAI upstream.
        """
        if api == ANTHROPIC_MESSAGES:
            return self.anthropic
        if api != OTHER:
            return self.openai
        if "anthropic-version" in header_names or "x-api-key" in header_names:
            return self.anthropic
        if path.rstrip("/").endswith("/messages/count_tokens"):
            return self.anthropic
        return self.openai


def _base(url: str) -> URL:
    u = URL(url)
    if u.scheme not in ("http", "https") or not u.host:
        raise ValueError(f"upstream must be an http(s) URL, got {u.with_user(None)!s}")
    if u.user is not None or u.password is not None:
        # It would show in /-/health and the banner, and clash with the clients' own
        # Authorization: the credential belongs to the client, never to the proxy.
        raise ValueError(
            f"upstream {u.with_user(None)!s} carries a user name or password: remove it;"
            " clients send their own credentials"
        )
    return u.with_query(None).with_fragment(None)


def target_url(base: URL, raw_path: str) -> URL:
    """Join the upstream base (which may carry a path prefix) and the raw request path."""
    prefix = base.raw_path.rstrip("/")
    return URL(f"{base.scheme}://{base.raw_authority}{prefix}{raw_path}", encoded=True)
