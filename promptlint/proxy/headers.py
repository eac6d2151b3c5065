"""Which headers cross the proxy, which are credentials, and the salted key hash."""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
from collections.abc import Iterable
from pathlib import Path

from multidict import CIMultiDict

# RFC 9110 §7.6.1 hop-by-hop headers, plus the legacy Proxy-Connection.
HOP_BY_HOP = frozenset(
    {
        "connection",
        "keep-alive",
        "proxy-authenticate",
        "proxy-authorization",
        "proxy-connection",
        "te",
        "trailer",
        "trailers",
        "transfer-encoding",
        "upgrade",
    }
)

# Never recorded, never hashed into anything but the key hash.
CREDENTIAL_HEADERS = frozenset(
    {
        "authorization",
        "proxy-authorization",
        "x-api-key",
        "api-key",
        "x-goog-api-key",
        "cookie",
        "set-cookie",
    }
)

# The headers that identify the caller, in order of preference.
_KEY_HEADERS = ("authorization", "x-api-key", "api-key", "x-goog-api-key")

# Query parameters that carry keys (Gemini `?key=`, Azure-style `api-key`).
_CREDENTIAL_QUERY = frozenset({"key", "api-key", "api_key", "apikey", "access_token", "token"})
_SECRETS = (
    # a credential in a query string, wherever a URL is quoted
    (
        re.compile(
            r"([?&](?:" + "|".join(re.escape(q) for q in sorted(_CREDENTIAL_QUERY)) + r")=)"
            r"[^&\s'\"<>]+",
            re.I,
        ),
        r"\1REDACTED",
    ),
    (re.compile(r"(\b(?:Bearer|Basic)\s+)[A-Za-z0-9._~+/=-]+", re.I), r"\1REDACTED"),
    (re.compile(r"\b(sk-(?:ant-)?)[A-Za-z0-9_-]{8,}"), r"\1REDACTED"),
    (re.compile(r"(://)[^/@\s'\"]+@"), r"\1REDACTED@"),  # user:password@host
)


def scrub_secrets(text: str) -> str:
    """`text` with credentials replaced: error texts quote URLs and headers, and go into
    records, logs and the client's 502 body."""
    for pattern, replacement in _SECRETS:
        text = pattern.sub(replacement, text)
    return text


def _connection_tokens(headers: Iterable[tuple[str, str]]) -> frozenset[str]:
    tokens: set[str] = set()
    for name, value in headers:
        if name.lower() == "connection":
            tokens.update(t.strip().lower() for t in value.split(",") if t.strip())
    return frozenset(tokens)


def upstream_request_headers(raw: Iterable[tuple[bytes, bytes]]) -> CIMultiDict[str]:
    """The client's headers as sent, minus hop-by-hop, Host and Content-Length.

    aiohttp recomputes Host from the upstream URL and Content-Length from the body;
    every other header (Accept-Encoding included) goes through unchanged.
    """
    pairs = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in raw]
    drop = HOP_BY_HOP | _connection_tokens(pairs) | {"host", "content-length"}
    out: CIMultiDict[str] = CIMultiDict()
    for name, value in pairs:
        if name.lower() not in drop:
            out.add(name, value)
    return out


def client_response_headers(raw: Iterable[tuple[bytes, bytes]]) -> CIMultiDict[str]:
    """The upstream's response headers, minus hop-by-hop (duplicates such as Set-Cookie kept)."""
    pairs = [(k.decode("latin-1"), v.decode("latin-1")) for k, v in raw]
    drop = HOP_BY_HOP | _connection_tokens(pairs)
    out: CIMultiDict[str] = CIMultiDict()
    for name, value in pairs:
        if name.lower() not in drop:
            out.add(name, value)
    return out


def recorded_headers(raw: Iterable[tuple[bytes, bytes]]) -> dict[str, str]:
    """Lower-case request headers for the recording, with every credential removed."""
    out: dict[str, str] = {}
    for k, v in raw:
        name = k.decode("latin-1").lower()
        if name in CREDENTIAL_HEADERS or name in HOP_BY_HOP:
            continue
        value = v.decode("latin-1")
        out[name] = f"{out[name]}, {value}" if name in out else value
    return out


def redact_path(raw_path: str) -> str:
    """The request path with credential-bearing query values replaced."""
    path, sep, query = raw_path.partition("?")
    if not sep:
        return path
    parts = []
    for item in query.split("&"):
        name = item.split("=", 1)[0]
        parts.append(f"{name}=REDACTED" if name.lower() in _CREDENTIAL_QUERY else item)
    return f"{path}?{'&'.join(parts)}"


def credential_of(raw: Iterable[tuple[bytes, bytes]], raw_path: str) -> bytes | None:
    """The caller's credential (key only, scheme such as `Bearer` removed), if any."""
    found: dict[str, bytes] = {}
    for k, v in raw:
        name = k.decode("latin-1").lower()
        if name in _KEY_HEADERS and name not in found:
            found[name] = v.strip()
    for name in _KEY_HEADERS:
        value = found.get(name)
        if value:
            if name == "authorization" and b" " in value:
                value = value.split(None, 1)[1].strip()
            return value
    _, sep, query = raw_path.partition("?")
    if sep:
        for item in query.split("&"):
            qname, _, qvalue = item.partition("=")
            if qname.lower() in _CREDENTIAL_QUERY and qvalue:
                return qvalue.encode("latin-1", "replace")
    return None


class KeyHasher:
    """HMAC-SHA256 of the credential under a local secret salt.

    The salt lives in a 0600 file so that hashes stay stable across restarts (sessions of
    one key group together) while a leaked store cannot be checked against a guessed key.
    """

    def __init__(self, salt: bytes) -> None:
        if len(salt) < 16:
            raise ValueError("salt too short")
        self._salt = salt

    @classmethod
    def from_file(cls, path: Path) -> KeyHasher:
        return cls(load_or_create_salt(path))

    def hash(self, credential: bytes | None) -> str:
        if not credential:
            return "anonymous"
        digest = hmac.new(self._salt, credential, hashlib.sha256).hexdigest()
        return f"k_{digest[:24]}"


def load_or_create_salt(path: Path) -> bytes:
    """Read the salt, creating it (32 random bytes, mode 0600) on first use."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        data = path.read_bytes().strip()
        if len(data) >= 32:
            os.chmod(path, 0o600)
            return bytes.fromhex(data.decode("ascii"))
    except FileNotFoundError:
        pass
    except ValueError:
        pass  # unreadable salt: replaced below (old hashes no longer group with new ones)
    salt = secrets.token_bytes(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(salt.hex() + "\n")
    os.chmod(path, 0o600)
    return salt
