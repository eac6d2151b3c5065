"""Reconstruction of SWE-agent/mini-swe-agent@a83fcae82d2a08f0ee0c688f9d137b3566c097f8:src/minisweagent/models/litellm_model.py
(lines 284-363), trimmed; not the original text.
"""

import time
from typing import Any, Literal

import litellm
from pydantic import BaseModel

from minisweagent.models.utils.actions_toolcall import (
    BASH_TOOL,
    format_toolcall_observation_messages,
    parse_toolcall_actions,
)
from minisweagent.models.utils.cache_control import set_cache_control


class LitellmModelConfig(BaseModel):
    model_name: str
    model_kwargs: dict[str, Any] = {}
    set_cache_control: Literal["default_end"] | None = None
    format_error_template: str = "{{ error }}"
    observation_template: str = "<returncode>{{output.returncode}}</returncode>\n<output>\n{{output.output}}</output>"


class LitellmModel:
    def __init__(self, **kwargs):
        self.config = LitellmModelConfig(**kwargs)

    def _query(self, messages: list[dict[str, str]], **kwargs):
        # clean: one constant tool; the messages are the agent's append-only history
        return litellm.completion(
            model=self.config.model_name,
            messages=messages,
            tools=[BASH_TOOL],
            **(self.config.model_kwargs | kwargs),
        )

    def _prepare_messages_for_api(self, messages: list[dict]) -> list[dict]:
        # clean: the same projection of every message on every request ("extra" dropped)
        prepared = [{k: v for k, v in msg.items() if k != "extra"} for msg in messages]
        return set_cache_control(prepared, mode=self.config.set_cache_control)

    def query(self, messages: list[dict[str, str]], **kwargs) -> dict:
        response = self._query(self._prepare_messages_for_api(messages), **kwargs)
        actions = parse_toolcall_actions(
            response.choices[0].message.tool_calls or [], format_error_template=self.config.format_error_template
        )
        message = response.choices[0].message.model_dump()
        message["extra"] = {"actions": actions, "response": response.model_dump(), "timestamp": time.time()}
        return message

    def format_message(self, **kwargs) -> dict:
        return kwargs

    def format_observation_messages(self, message: dict, outputs: list[dict], template_vars: dict | None = None):
        return format_toolcall_observation_messages(
            actions=message.get("extra", {}).get("actions", []),
            outputs=outputs,
            observation_template=self.config.observation_template,
            template_vars=template_vars,
        )

    def get_template_vars(self, **kwargs) -> dict[str, Any]:
        return self.config.model_dump()
