"""Reconstruction of strands-agents/sdk-python@1232230daa4385fd6470be29013eb2375d7a307c:src/strands/agent/agent.py (lines 221-280, 940-948, 1096-1118), trimmed; not the original text.

The system prompt is kept as given (a string becomes one text block); the default conversation
manager is the sliding window, applied after each invocation.
"""

from ..agent.conversation_manager.sliding_window_conversation_manager import (
    SlidingWindowConversationManager,
)
from ..tools.registry import ToolRegistry


class Agent:
    def __init__(self, model, system_prompt=None, conversation_manager=None, load_tools_from_directory=False):
        self.model = model
        self.messages = []
        self._system_prompt, self._system_prompt_content = self._initialize_system_prompt(system_prompt)
        self.conversation_manager = conversation_manager or SlidingWindowConversationManager()
        self.tool_registry = ToolRegistry()
        self.tool_registry.initialize_tools(load_tools_from_directory)

    @property
    def system_prompt(self):
        return self._system_prompt

    def _after_invocation(self):
        self.conversation_manager.apply_management(self)

    def _initialize_system_prompt(self, system_prompt):
        if isinstance(system_prompt, str):
            return system_prompt, [{"text": system_prompt}]
        if isinstance(system_prompt, list):
            text_parts = [block["text"] for block in system_prompt if "text" in block]
            return ("\n".join(text_parts) if text_parts else None), system_prompt
        return None, None
