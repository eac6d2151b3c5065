"""Reconstruction of OpenAutoCoder/Agentless@5ce5888b9f149beaace393957a55ea8ee46c9f71:agentless/util/api_requests.py (lines 22-164), trimmed; not the original text."""

import time

import anthropic
import openai


def create_chatgpt_config(
    message,
    max_tokens: int,
    temperature: float = 1,
    batch_size: int = 1,
    system_message: str = "You are a helpful assistant.",
    model: str = "gpt-3.5-turbo",
) -> dict:
    # a fixed system message, then the one-shot prompt (or a list of turns)
    if isinstance(message, list):
        messages = [{"role": "system", "content": system_message}] + message
    else:
        messages = [
            {"role": "system", "content": system_message},
            {"role": "user", "content": message},
        ]
    return {
        "model": model,
        "max_tokens": max_tokens,
        "temperature": temperature,
        "n": batch_size,
        "messages": messages,
    }


def request_chatgpt_engine(config, logger, base_url=None, max_retries=40):
    ret = None
    retries = 0
    client = openai.OpenAI(base_url=base_url)
    while ret is None and retries < max_retries:
        try:
            ret = client.chat.completions.create(**config)
        except openai.RateLimitError:
            time.sleep(5)
        retries += 1
    return ret


def create_anthropic_config(
    message,
    max_tokens: int,
    temperature: float = 1,
    batch_size: int = 1,
    model: str = "claude-2.1",
    tools: list | None = None,
) -> dict:
    if isinstance(message, list):
        messages = message
    else:
        messages = [{"role": "user", "content": [{"type": "text", "text": message}]}]
    config = {
        "model": model,
        "temperature": temperature,
        "max_tokens": max_tokens,
        "messages": messages,
    }
    if tools:
        config["tools"] = tools
    return config


def request_anthropic_engine(config, logger, max_retries=40, timeout=500, prompt_cache=False):
    ret = None
    retries = 0
    client = anthropic.Anthropic()
    while ret is None and retries < max_retries:
        start_time = time.time()
        try:
            if prompt_cache:
                # one breakpoint, on the first (task) message: tools and that message are cached
                config["messages"][0]["content"][0]["cache_control"] = {"type": "ephemeral"}
                ret = client.beta.prompt_caching.messages.create(**config)
            else:
                ret = client.messages.create(**config)
        except Exception:
            if time.time() - start_time >= timeout:
                logger.warning("timed out, retrying")
            time.sleep(10 * retries)
        retries += 1
    return ret
