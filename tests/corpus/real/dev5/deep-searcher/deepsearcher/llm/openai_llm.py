"""Reconstruction of zilliztech/deep-searcher@97df32e74dba06363be226709a8fcb18e061130a:deepsearcher/llm/openai_llm.py (lines 1-30), trimmed; not the original text."""

import os

from deepsearcher.llm.base import BaseLLM, ChatResponse


class OpenAI(BaseLLM):
    def __init__(self, model: str = "gpt-4o", **kwargs):
        from openai import OpenAI as OpenAI_

        self.model = model
        api_key = kwargs.pop("api_key", os.getenv("OPENAI_API_KEY"))
        base_url = kwargs.pop("base_url", os.getenv("OPENAI_BASE_URL"))
        self.client = OpenAI_(api_key=api_key, base_url=base_url, **kwargs)

    def chat(self, messages: list) -> ChatResponse:
        # the caller's messages, passed through
        completion = self.client.chat.completions.create(model=self.model, messages=messages)
        return ChatResponse(content=completion.choices[0].message.content, total_tokens=completion.usage.total_tokens)
