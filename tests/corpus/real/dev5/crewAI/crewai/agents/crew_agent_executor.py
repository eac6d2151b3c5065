"""Reconstruction of crewAIInc/crewAI@f4731f5025f861c78e3af0487cc80bf5e7c64782:lib/crewai/src/crewai/agents/crew_agent_executor.py (lines 170-206, 843-866, 1589-1601), trimmed; not the original text."""

import json
from typing import Any

from crewai.llms.cache import mark_cache_breakpoint
from crewai.utilities.agent_utils import get_llm_response


class CrewAgentExecutor:
    def __init__(self, llm: Any, prompt: dict[str, str]) -> None:
        self.llm = llm
        self.prompt = prompt
        self.messages: list[dict[str, Any]] = []

    def _setup_messages(self, inputs: dict[str, str]) -> None:
        if "system" in self.prompt:
            system_prompt = self._format_prompt(self.prompt["system"], inputs)
            user_prompt = self._format_prompt(self.prompt["user"], inputs)
            self.messages.append(mark_cache_breakpoint({"role": "system", "content": system_prompt}))
            self.messages.append(mark_cache_breakpoint({"role": "user", "content": user_prompt}))
        else:
            user_prompt = self._format_prompt(self.prompt["prompt"], inputs)
            self.messages.append(mark_cache_breakpoint({"role": "user", "content": user_prompt}))

    def invoke(self, inputs: dict[str, str]) -> str:
        self.messages = []
        self._setup_messages(inputs)
        return get_llm_response(self.llm, self.messages)

    def _append_assistant_tool_calls_message(self, parsed_calls: list[tuple[str, str, Any]]) -> None:
        self.messages.append(
            {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": call_id,
                        "type": "function",
                        "function": {
                            "name": name,
                            "arguments": args if isinstance(args, str) else json.dumps(args),
                        },
                    }
                    for call_id, name, args in parsed_calls
                ],
            }
        )

    @staticmethod
    def _format_prompt(prompt: str, inputs: dict[str, str]) -> str:
        prompt = prompt.replace("{input}", inputs["input"])
        prompt = prompt.replace("{tool_names}", inputs["tool_names"])
        return prompt.replace("{tools}", inputs["tools"])
