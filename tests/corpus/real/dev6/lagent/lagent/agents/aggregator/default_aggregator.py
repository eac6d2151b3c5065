"""Reconstruction of InternLM/lagent@16ca689e0d9679d405e1085a06522ed259beff76:lagent/agents/aggregator/default_aggregator.py (lines 7-44), trimmed; not the original text."""

from typing import Dict, List


class DefaultAggregator:
    def aggregate(self, messages, name: str, parser=None, system_instruction=None) -> List[Dict[str, str]]:
        out: List[Dict[str, str]] = []
        history = messages.get_memory()
        if system_instruction:
            out.extend(self.aggregate_system_intruction(system_instruction))
        for message in history:
            if message.sender == name:
                out.append(dict(role="assistant", content=str(message.content)))
            elif out and out[-1]["role"] == "user":
                out[-1]["content"] += message.content
            else:
                out.append(dict(role="user", content=message.content))
        return out

    @staticmethod
    def aggregate_system_intruction(system_intruction) -> List[dict]:
        if isinstance(system_intruction, str):
            system_intruction = dict(role="system", content=system_intruction)
        if isinstance(system_intruction, dict):
            system_intruction = [system_intruction]
        return system_intruction
