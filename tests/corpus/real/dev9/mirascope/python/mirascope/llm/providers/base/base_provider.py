"""Reconstruction of Mirascope/mirascope@41d433578653411dbff96c6eaca4fa869aafc931:python/mirascope/llm/providers/base/base_provider.py (lines 56, 182-210, 894-925), trimmed; not the original text."""

from ...messages import user


class BaseProvider:
    def call(self, *, model_id, messages, toolkit, format, **params):
        raise NotImplementedError

    def resume(self, *, model_id, response, content, **params):
        """Continue a response: its messages, as kept, plus the new user content."""
        messages = response.messages + [user(content)]
        return self.call(
            model_id=model_id,
            messages=messages,
            toolkit=response.toolkit,
            format=response.format,
            **params,
        )
