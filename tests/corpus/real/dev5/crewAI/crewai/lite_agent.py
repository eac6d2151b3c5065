"""Reconstruction of crewAIInc/crewAI@f4731f5025f861c78e3af0487cc80bf5e7c64782:lib/crewai/src/crewai/lite_agent.py (lines 836-902), trimmed; not the original text."""

import json
from typing import Any

from crewai.utilities.i18n import I18N_DEFAULT


class LiteAgent:
    role: str = ""
    goal: str = ""
    backstory: str = ""
    response_format: Any = None
    _parsed_tools: list[Any] = []

    def _get_default_system_prompt(self, response_format: Any = None) -> str:
        if self._parsed_tools:
            base_prompt = I18N_DEFAULT.slice("lite_agent_system_prompt_with_tools").format(
                role=self.role,
                backstory=self.backstory,
                goal=self.goal,
                tools="\n".join(t.description for t in self._parsed_tools),
                tool_names=", ".join(t.name for t in self._parsed_tools),
            )
        else:
            base_prompt = I18N_DEFAULT.slice("lite_agent_system_prompt_without_tools").format(
                role=self.role, backstory=self.backstory, goal=self.goal
            )
        active = response_format or self.response_format
        if active:
            schema_json = json.dumps(active.model_json_schema(), indent=2)
            base_prompt += I18N_DEFAULT.slice("lite_agent_response_format").format(response_format=schema_json)
        return base_prompt

    def _format_messages(self, messages: str | list[dict[str, Any]], response_format: Any = None) -> list[dict[str, Any]]:
        if isinstance(messages, str):
            messages = [{"role": "user", "content": messages}]
        system_prompt = self._get_default_system_prompt(response_format=response_format)
        formatted_messages: list[dict[str, Any]] = [{"role": "system", "content": system_prompt}]
        formatted_messages.extend(messages)
        return formatted_messages
