"""Reconstruction of All-Hands-AI/OpenHands@156d0686c46aafb0fa9d291da6421fb6f64dddc0:openhands/controller/agent.py (lines 59-93, 163-183), trimmed; not the original text."""

from openhands.events.action.message import SystemMessageAction


class Agent:
    def __init__(self, config, llm_registry):
        self.config = config
        self.tools: list = []
        self.mcp_tools: dict = {}

    def get_system_message(self) -> SystemMessageAction | None:
        # the controller calls this once, when the conversation starts, and stores the event
        system_message = self.prompt_manager.get_system_message(cli_mode=self.config.cli_mode)
        tools = getattr(self, "tools", None)
        return SystemMessageAction(content=system_message, tools=tools, agent_class=self.name)

    def set_mcp_tools(self, mcp_tools: list[dict]) -> None:
        for tool in mcp_tools:
            name = tool["function"]["name"]
            if name in self.mcp_tools:
                continue
            self.mcp_tools[name] = tool
            self.tools.append(tool)
