"""Reconstruction of Pythagora-io/gpt-pilot@186f98e3a75cc0b5e33c266b0ceccce176dc43ee:core/agents/convo.py (lines 20-123), trimmed; not the original text."""

import json
import sys
from typing import Optional

import jsonref
from pydantic import BaseModel

from core.config import get_config
from core.llm.convo import Convo
from core.llm.prompt import JinjaFileTemplate


class AgentConvo(Convo):
    prompt_loader: Optional[JinjaFileTemplate] = None

    def __init__(self, agent):
        self.agent_instance = agent
        super().__init__()
        try:
            system_message = self.render("system")
            self.system(system_message)
        except ValueError:
            pass

    @classmethod
    def _init_templates(cls):
        if cls.prompt_loader is not None:
            return
        config = get_config()
        cls.prompt_loader = JinjaFileTemplate(config.prompt.paths)

    def _get_default_template_vars(self) -> dict:
        if sys.platform == "win32":
            os = "Windows"
        elif sys.platform == "darwin":
            os = "macOS"
        else:
            os = "Linux"
        return {"state": self.agent_instance.current_state, "os": os}

    def render(self, name: str, **kwargs) -> str:
        self._init_templates()
        kwargs.update(self._get_default_template_vars())
        template_name = f"{self.agent_instance.agent_type}/{name}.prompt"
        return self.prompt_loader(template_name, **kwargs)

    def template(self, template_name: str, **kwargs) -> "AgentConvo":
        message = self.render(template_name, **kwargs)
        self.user(message)
        return self

    def trim(self, trim_index: int, trim_count: int) -> "AgentConvo":
        self.messages = self.messages[:trim_index] + self.messages[trim_index + trim_count :]
        return self

    def require_schema(self, model: BaseModel) -> "AgentConvo":
        def remove_defs(d):
            if isinstance(d, dict):
                return {k: remove_defs(v) for k, v in d.items() if k != "$defs"}
            elif isinstance(d, list):
                return [remove_defs(v) for v in d]
            return d

        schema_txt = json.dumps(remove_defs(jsonref.loads(json.dumps(model.model_json_schema()))))
        self.user(
            f"IMPORTANT: Your response MUST conform to this JSON schema:\n```\n{schema_txt}\n```."
            f"YOU MUST NEVER add any additional fields to your response, and NEVER add additional preamble like 'Here is your JSON'."
        )
        return self

    def remove_last_x_messages(self, x: int) -> "AgentConvo":
        self.messages = self.messages[:-x]
        return self
