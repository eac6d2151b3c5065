"""Reconstruction of lavague-ai/LaVague@9024bb832c40291cd012916757f27ef60469b22d:lavague-core/lavague/core/memory.py (lines 6-65), trimmed; not the original text."""

from typing import Any


class ShortTermMemory:
    def __init__(self, user_data: Any = None) -> None:
        self.current_state: dict[str, Any] = {
            "external_observations": {"vision": "[SCREENSHOT]"},
            "internal_state": {"user_inputs": [user_data] if user_data else [], "agent_outputs": []},
        }
        self.previous_instructions = "[NONE]"
        self.last_engine = "[NONE]"

    def get_state(self) -> tuple[dict[str, Any], dict[str, str]]:
        past = {"previous_instructions": str(self.previous_instructions), "last_engine": self.last_engine}
        return self.current_state, past

    def update_state(self, instruction: str, last_engine: str, success: bool, output: Any) -> None:
        if not success:
            instruction = "[FAILED] " + instruction
        if output:
            self.current_state["internal_state"]["agent_outputs"].append(output)
        if self.previous_instructions == "[NONE]":
            self.previous_instructions = f"\n- {instruction}"
        else:
            self.previous_instructions += f"\n- {instruction}"
        self.last_engine = last_engine
