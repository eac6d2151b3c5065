"""Reconstruction of Aider-AI/aider@5dc9490bb35f9729ef2c95d00a19ccd30c26339c:aider/models.py
(lines 985-1080), trimmed; not the original text.

The client wrapper every aider request goes through.
"""

import hashlib
import json
import os
import time

import litellm

request_timeout = 600
RETRY_TIMEOUT = 60


class Model:
    def __init__(self, name, extra_params=None, use_temperature=True):
        self.name = name
        self.extra_params = extra_params or {}
        self.use_temperature = use_temperature
        self.info = {}
        self.system_prompt_prefix = None
        self.reminder = "user"

    def is_ollama(self):
        return self.name.startswith("ollama/")

    def token_count(self, messages):
        return len(json.dumps(messages)) // 4

    def send_completion(self, messages, functions, stream, temperature=None):
        kwargs = dict(model=self.name, stream=stream)
        if self.use_temperature is not False:
            kwargs["temperature"] = 0 if temperature is None else temperature
        if functions is not None:
            function = functions[0]
            kwargs["tools"] = [dict(type="function", function=function)]
            kwargs["tool_choice"] = {"type": "function", "function": {"name": function["name"]}}
        if self.extra_params:
            kwargs.update(self.extra_params)
        if self.is_ollama() and "num_ctx" not in kwargs:
            kwargs["num_ctx"] = int(self.token_count(messages) * 1.25) + 8192
        # clean: the JSON is only hashed to name the call; it is never sent
        key = json.dumps(kwargs, sort_keys=True).encode()
        hash_object = hashlib.sha1(key)
        if "timeout" not in kwargs:
            kwargs["timeout"] = request_timeout
        kwargs["messages"] = messages
        if "GITHUB_COPILOT_TOKEN" in os.environ:
            kwargs.setdefault("extra_headers", {"Copilot-Integration-Id": "vscode-chat"})
        # clean: sends the messages as given, nothing added ahead of them
        res = litellm.completion(**kwargs)
        return hash_object, res

    def simple_send_with_retries(self, messages):
        retry_delay = 0.125
        while True:
            try:
                _hash, response = self.send_completion(messages=messages, functions=None, stream=False)
                if not response or not response.choices:
                    return None
                return response.choices[0].message.content
            except litellm.exceptions.RateLimitError:
                retry_delay *= 2
                if retry_delay > RETRY_TIMEOUT:
                    return None
                time.sleep(retry_delay)
