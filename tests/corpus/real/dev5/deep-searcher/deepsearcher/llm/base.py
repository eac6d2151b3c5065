"""Reconstruction of zilliztech/deep-searcher@97df32e74dba06363be226709a8fcb18e061130a:deepsearcher/llm/base.py (lines 1-56), trimmed; not the original text."""

import ast


class ChatResponse:
    def __init__(self, content: str, total_tokens: int):
        self.content = content
        self.total_tokens = total_tokens


class BaseLLM:
    def chat(self, messages: list) -> ChatResponse:
        raise NotImplementedError

    @staticmethod
    def literal_eval(response_content: str):
        return ast.literal_eval(response_content.strip())
