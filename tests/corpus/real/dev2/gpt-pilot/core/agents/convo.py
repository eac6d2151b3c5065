"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/agents/convo.py (lines 20-123), trimmed; not the original text."""

import json
import sys
from copy import deepcopy
from typing import Optional

import jsonref
from pydantic import BaseModel

from core.llm.convo import Convo
from core.llm.prompt import JinjaFileTemplate


class AgentConvo(Convo):
    prompt_loader: Optional[JinjaFileTemplate] = None

    def __init__(self, agent):
        self.agent_instance = agent
        super().__init__()
        system_message = self.render("system")
        self.system(system_message)

    @classmethod
    def _init_templates(cls):
        if cls.prompt_loader is None:
            cls.prompt_loader = JinjaFileTemplate(["core/prompts"])

    def _get_default_template_vars(self) -> dict:
        os = "Windows" if sys.platform == "win32" else "macOS" if sys.platform == "darwin" else "Linux"
        return {"state": self.agent_instance.current_state, "os": os}

    def render(self, name: str, **kwargs) -> str:
        self._init_templates()
        kwargs.update(self._get_default_template_vars())
        return self.prompt_loader(f"{self.agent_instance.agent_type}/{name}.prompt", **kwargs)

    def template(self, template_name: str, **kwargs) -> "AgentConvo":
        message = self.render(template_name, **kwargs)
        self.user(message)
        return self

    def fork(self) -> "AgentConvo":
        child = AgentConvo(self.agent_instance)
        child.messages = deepcopy(self.messages)
        return child

    def trim(self, trim_index: int, trim_count: int) -> "AgentConvo":
        self.messages = self.messages[:trim_index] + self.messages[trim_index + trim_count :]
        return self

    def require_schema(self, model: type[BaseModel]) -> "AgentConvo":
        def remove_defs(d):
            if isinstance(d, dict):
                return {k: remove_defs(v) for k, v in d.items() if k != "$defs"}
            if isinstance(d, list):
                return [remove_defs(v) for v in d]
            return d

        schema_txt = json.dumps(remove_defs(jsonref.loads(json.dumps(model.model_json_schema()))))
        self.user(f"IMPORTANT: your response MUST conform to this JSON schema:\n```\n{schema_txt}\n```.")
        return self

    def remove_last_x_messages(self, x: int) -> "AgentConvo":
        self.messages = self.messages[:-x]
        return self
