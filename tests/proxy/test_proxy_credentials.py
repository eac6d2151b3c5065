"""No credential is ever written: not to the store, not to the spill file, not in headers."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import anthropic
import openai
from harness import ANTHROPIC_KEY, OPENAI_KEY, Harness, raw_request

from promptlint.proxy.headers import (
    KeyHasher,
    credential_of,
    recorded_headers,
    redact_path,
)

AZURE_KEY = "azure-TESTKEY-0123456789abcdefSECRET"
COOKIE = "session=COOKIE-SECRET-0123456789"
QUERY_KEY = "AIzaQUERYKEY0123456789SECRET"
SECRETS = [OPENAI_KEY, ANTHROPIC_KEY, AZURE_KEY, COOKIE, QUERY_KEY]


def _traffic(h: Harness) -> None:
    oa = h.track(openai.OpenAI(base_url=h.url + "/v1", api_key=OPENAI_KEY, max_retries=0))
    oa.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "a"}])
    list(
        oa.chat.completions.create(
            model="gpt-4o", messages=[{"role": "user", "content": "b"}], stream=True
        )
    )
    an = h.track(anthropic.Anthropic(base_url=h.url, api_key=ANTHROPIC_KEY, max_retries=0))
    an.messages.create(
        model="claude-sonnet-4-6", max_tokens=8, messages=[{"role": "user", "content": "c"}]
    )
    body = json.dumps({"model": "gpt-4o", "messages": [{"role": "user", "content": "d"}]}).encode()
    asyncio.run(
        raw_request(
            h.url + "/v1/chat/completions",
            body=body,
            headers={"api-key": AZURE_KEY, "Authorization": "Bearer x", "Cookie": COOKIE},
        )
    )
    asyncio.run(raw_request(h.url + f"/v1beta/models?key={QUERY_KEY}", method="GET"))


def _all_bytes(root: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file())


def test_no_credential_in_store_or_spill(tmp_path: Path) -> None:
    # Full bodies, a failing store first (spill), then a working one (replay): every place
    # a record can land.
    blocker = tmp_path / "db"
    blocker.write_text("not a directory")
    url = f"sqlite:///{blocker / 'recordings.db'}"
    h = Harness(tmp_path, store_url=url, record_bodies="full", writer="process").start()
    try:
        _traffic(h)
        h.settle()
        spill = (tmp_path / "state" / "proxy-spill.jsonl").read_bytes()
        assert spill.count(b"\n") == 5
        for secret in SECRETS:
            assert secret.encode() not in spill
        blocker.unlink()
        blocker.mkdir()
        _traffic(h)
        h.settle()
        deadline = time.monotonic() + 10
        while h.proxy.writer.spill_pending and time.monotonic() < deadline:
            time.sleep(0.05)
        records = h.records()
        assert len(records) == 10
    finally:
        h.stop()
    everything = _all_bytes(tmp_path)  # database, WAL, spill file, salt
    for secret in SECRETS:
        assert secret.encode() not in everything
        assert secret[8:24].encode() not in everything
    paths = [r for r in records if r.api == "other"]
    assert paths and all(r.key_hash.startswith("k_") for r in paths)
    hashes = {r.key_hash for r in records}
    assert len(hashes) == 4  # OpenAI, Anthropic, Azure-style api-key, query key


def test_salt_file_is_private_and_hashes_are_stable(tmp_path: Path) -> None:
    salt = tmp_path / "s" / "proxy.salt"
    a = KeyHasher.from_file(salt)
    assert salt.stat().st_mode & 0o777 == 0o600
    b = KeyHasher.from_file(salt)  # a restart reads the same salt
    assert a.hash(b"sk-1") == b.hash(b"sk-1") != a.hash(b"sk-2")
    assert "sk-1" not in a.hash(b"sk-1")
    other = KeyHasher.from_file(tmp_path / "t" / "proxy.salt")
    assert other.hash(b"sk-1") != a.hash(b"sk-1")  # salted: no cross-install dictionary
    assert a.hash(None) == a.hash(b"") == "anonymous"


def test_credential_helpers() -> None:
    raw = [
        (b"Authorization", b"Bearer sk-abc"),
        (b"Cookie", b"a=b"),
        (b"X-Api-Key", b"sk-ant"),
        (b"Anthropic-Version", b"2023-06-01"),
        (b"Connection", b"keep-alive"),
    ]
    assert credential_of(raw, "/v1/messages") == b"sk-abc"
    assert credential_of(raw[2:], "/v1/messages") == b"sk-ant"
    assert credential_of([], "/m?alt=sse&key=QK") == b"QK"
    assert credential_of([], "/m") is None
    assert recorded_headers(raw) == {"anthropic-version": "2023-06-01"}
    assert redact_path("/m?alt=sse&key=QK&api-key=Z") == "/m?alt=sse&key=REDACTED&api-key=REDACTED"
