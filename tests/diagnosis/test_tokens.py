"""Tokenizers offline: tiktoken from packaged data, Hugging Face files, labelled estimates."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from promptlint.diagnosis.analyzer import Analyzer
from promptlint.wire.tokens import CharEstimateTokenizer, TokenizerRegistry, common_prefix_len

from .helpers import SYSTEM, ex


def test_openai_models_use_exact_tiktoken_offline(monkeypatch: pytest.MonkeyPatch) -> None:
    # No network: tiktoken's own loader would try to download; ours never calls it.
    import tiktoken.load

    def no_download(*a: object, **k: object) -> bytes:
        raise AssertionError("tried to download")

    monkeypatch.setattr(tiktoken.load, "read_file", no_download)
    reg = TokenizerRegistry()
    o200k = reg.for_model("gpt-4o-2024-08-06", "openai")
    assert (o200k.name, o200k.exact) == ("tiktoken:o200k_base", True)
    assert list(reg.encode(o200k, "hello world")) == [24912, 2375]
    cl100k = reg.for_model("gpt-4-0613", "openai")
    assert cl100k.name == "tiktoken:cl100k_base"
    assert list(reg.encode(cl100k, "hello world")) == [15339, 1917]
    assert reg.for_model("gpt-5", "openai").name == "tiktoken:o200k_base"


def test_anthropic_is_a_labelled_estimate() -> None:
    tok = TokenizerRegistry().for_model("claude-sonnet-4-5", "anthropic")
    assert tok.exact is False and tok.name.startswith("estimate:")


def test_char_estimate_keeps_common_prefixes() -> None:
    est = CharEstimateTokenizer()
    a = est.encode("The quick brown fox jumps over the lazy dog at 10:31.")
    b = est.encode("The quick brown fox jumps over the lazy dog at 10:47.")
    n = common_prefix_len(a, b)
    assert 0 < n < len(a) and len(a) == len(b)


def _write_hf_tokenizer(folder: Path) -> None:
    from tokenizers import Tokenizer, models, pre_tokenizers, trainers

    tok = Tokenizer(models.WordLevel(unk_token="[UNK]"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    trainer = trainers.WordLevelTrainer(special_tokens=["[UNK]"])
    tok.train_from_iterator([SYSTEM, "hello world local model"], trainer=trainer)
    folder.mkdir(parents=True)
    tok.save(str(folder / "tokenizer.json"))


def test_local_model_uses_configured_hf_tokenizer(tmp_path: Path) -> None:
    _write_hf_tokenizer(tmp_path / "my-llama")
    reg = TokenizerRegistry(str(tmp_path))
    tok = reg.for_model("my-llama", "local")
    assert tok.exact and tok.name.startswith("hf:")
    assert len(reg.encode(tok, "hello world local model")) == 4
    # Without a tokenizer for it, a local model gets the labelled estimate.
    assert not reg.for_model("other-model", "local").exact


def test_vllm_completions_are_diagnosed_with_the_hf_tokenizer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write_hf_tokenizer(tmp_path / "my-llama")
    monkeypatch.setenv("PROMPTLINT_TOKENIZER_DIR", str(tmp_path))  # as the proxy would run
    a = Analyzer()
    head = "<|system|>\nToday is 2026-11-29.\n" + SYSTEM + "\n<|user|>\nhello world\n"
    a.analyze(ex({"model": "my-llama", "prompt": head}, n=0, api="openai-completions"))
    later = head.replace("2026-11-29", "2026-11-30") + "<|assistant|>\nhi\n<|user|>\nmore\n"
    rec = a.analyze(ex({"model": "my-llama", "prompt": later}, n=1, api="openai-completions"))
    br = rec.breaks[0]
    assert (br.cause, br.segment) == ("volatile-timestamp", "prompt")
    body = json.loads(rec.body or "{}")
    assert body["tokenizer"].startswith("hf:") and body["tokens_exact"] is True


class CountingTokenizer:
    name = "counting"
    exact = True

    def __init__(self) -> None:
        self.chars = 0

    def encode(self, text: str) -> list[int]:
        self.chars += len(text)
        return [ord(c) for c in text]


def test_growing_conversation_costs_only_new_tokens() -> None:
    a = Analyzer()
    counter = CountingTokenizer()
    a.tokens._by_key["openai:gpt-4o"] = counter
    msgs = [{"role": "system", "content": SYSTEM}]
    new_chars = len(SYSTEM)
    for n in range(30):
        text = f"user turn {n} " * 20
        msgs.append({"role": "user" if n % 2 == 0 else "assistant", "content": text})
        new_chars += len(text)
        a.analyze(ex({"model": "gpt-4o", "messages": msgs}, n=n))
    # Each segment is tokenized once however many requests carry it.
    assert counter.chars == new_chars
