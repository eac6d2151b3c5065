"""Reconstruction of stanfordnlp/dspy@4ed377ee9110e912d4f5e1be43b317b87455053c:dspy/clients/lm.py (lines 209-260), trimmed; not the original text."""

import litellm

from dspy.clients.base_lm import BaseLM


class LM(BaseLM):
    def forward(self, prompt=None, messages=None, **kwargs):
        kwargs = {**self.kwargs, **kwargs}
        messages = messages or [{"role": "user", "content": prompt}]
        if self.use_developer_role and self.model_type == "responses":
            messages = [{**m, "role": "developer"} if m.get("role") == "system" else m for m in messages]
        return litellm.completion(model=self.model, messages=messages, num_retries=self.num_retries, **kwargs)
