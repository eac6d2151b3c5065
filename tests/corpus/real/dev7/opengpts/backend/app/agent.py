"""Reconstruction of langchain-ai/opengpts@8e7fef72e1f7fd1cd3518b4c6e1d6fbb33a4fe2c:backend/app/agent.py (lines 73-183), trimmed; not the original text."""

from langchain_core.runnables import RunnableBinding

from app.agent_types.tools_agent import get_tools_agent_executor
from app.tools import RETRIEVAL_DESCRIPTION, TOOLS, get_retrieval_tool

DEFAULT_SYSTEM_MESSAGE = "You are a helpful assistant."
CHECKPOINTER = None


class ConfigurableAgent(RunnableBinding):
    def __init__(
        self,
        *,
        tools,
        llm=None,
        system_message: str = DEFAULT_SYSTEM_MESSAGE,
        assistant_id=None,
        thread_id="",
        retrieval_description: str = RETRIEVAL_DESCRIPTION,
        interrupt_before_action: bool = False,
        **others,
    ) -> None:
        _tools = []
        for _tool in tools:
            if _tool["type"] == "retrieval":
                _tools.append(get_retrieval_tool(assistant_id, thread_id, retrieval_description))
            else:
                _returned_tools = TOOLS[_tool["type"]](**_tool.get("config", {}))
                if isinstance(_returned_tools, list):
                    _tools.extend(_returned_tools)
                else:
                    _tools.append(_returned_tools)
        _agent = get_tools_agent_executor(_tools, llm, system_message, interrupt_before_action, CHECKPOINTER)
        super().__init__(bound=_agent.with_config({"recursion_limit": 50}), kwargs={}, config={})
