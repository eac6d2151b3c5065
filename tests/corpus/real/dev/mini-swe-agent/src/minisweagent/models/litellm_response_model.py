"""Reconstruction of SWE-agent/mini-swe-agent@a83fcae82d2a08f0ee0c688f9d137b3566c097f8:src/minisweagent/models/litellm_response_model.py
(lines 25-78), trimmed; not the original text.
"""

import time

import litellm

from minisweagent.models.litellm_model import LitellmModel

BASH_TOOL_RESPONSE_API = {
    "type": "function",
    "name": "bash",
    "description": "Run one bash command",
    "parameters": {"type": "object", "properties": {"command": {"type": "string"}}, "required": ["command"]},
}


class LitellmResponseModel(LitellmModel):
    def _prepare_messages_for_api(self, messages: list[dict]) -> list[dict]:
        # clean: stored response objects are flattened the same way on every request
        result = []
        for msg in messages:
            if msg.get("object") == "response":
                for item in msg.get("output", []):
                    result.append({k: v for k, v in item.items() if k != "extra"})
            else:
                result.append({k: v for k, v in msg.items() if k != "extra"})
        return result

    def _query(self, messages: list[dict[str, str]], **kwargs):
        # clean: stateless Responses call with a constant tool
        return litellm.responses(
            model=self.config.model_name,
            input=messages,
            tools=[BASH_TOOL_RESPONSE_API],
            **(self.config.model_kwargs | kwargs),
        )

    def query(self, messages: list[dict[str, str]], **kwargs) -> dict:
        response = self._query(self._prepare_messages_for_api(messages), **kwargs)
        message = response.model_dump()
        message["extra"] = {"actions": [], "timestamp": time.time()}
        return message
