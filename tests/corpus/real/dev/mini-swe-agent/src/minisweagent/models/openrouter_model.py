"""Reconstruction of SWE-agent/mini-swe-agent@a83fcae82d2a08f0ee0c688f9d137b3566c097f8:src/minisweagent/models/openrouter_model.py
(lines 55-85), trimmed; not the original text.
"""

import json
import os

import requests

from minisweagent.models.litellm_model import LitellmModelConfig
from minisweagent.models.utils.actions_toolcall import BASH_TOOL


class OpenRouterModel:
    def __init__(self, **kwargs):
        self.config = LitellmModelConfig(**kwargs)
        self._api_url = "https://openrouter.ai/api/v1/chat/completions"
        self._api_key = os.getenv("OPENROUTER_API_KEY", "")

    def _query(self, messages: list[dict[str, str]], **kwargs):
        headers = {"Authorization": f"Bearer {self._api_key}", "Content-Type": "application/json"}
        payload = {
            "model": self.config.model_name,
            "messages": messages,
            "tools": [BASH_TOOL],
            "usage": {"include": True},
            **(self.config.model_kwargs | kwargs),
        }
        # clean: the request body itself; the messages keep the order they were built in
        response = requests.post(self._api_url, headers=headers, data=json.dumps(payload), timeout=60)
        response.raise_for_status()
        return response.json()
