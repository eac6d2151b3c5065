"""Reconstruction of InternLM/lagent@16ca689e0d9679d405e1085a06522ed259beff76:lagent/agents/aggregator/tool_aggregator.py (lines 8-106), trimmed; not the original text."""

from typing import Dict, List

from lagent.agents.aggregator.default_aggregator import DefaultAggregator


class InternLMToolAggregator(DefaultAggregator):
    def __init__(self, environment_role="environment", environment_begin="", environment_end="", user_names=None, few_shot=None):
        self.environment_role = environment_role
        self.environment_begin = environment_begin
        self.environment_end = environment_end
        self.user_names = user_names or ["user"]
        self.few_shot = few_shot or []

    def aggregate(self, messages, name: str, parser, system_instruction=None) -> List[Dict[str, str]]:
        out: List[dict] = []
        history = messages.get_memory()
        if system_instruction:
            out.extend(self.aggregate_system_intruction(system_instruction))
        tool_instruction = parser.format_instruction()
        if tool_instruction:
            if isinstance(tool_instruction, str):
                tool_instruction = [dict(role="system", content=tool_instruction)]
            out.extend(tool_instruction)
        for shot in self.few_shot:
            out.extend(shot)
        tool_type = None
        for message in history:
            if message.sender == name:
                parsed = message.formatted
                if parsed["status"] == -1:
                    continue
                out.append(dict(role="assistant", content=parser.format_response(parsed)))
                tool_type = parsed["tool_type"]
            elif message.sender in self.user_names:
                out.append(dict(role="user", content=message.content))
            else:
                msg = dict(role=self.environment_role, content=self.environment_begin + str(message.content) + self.environment_end)
                if tool_type:
                    msg["name"] = tool_type
                out.append(msg)
        return out
