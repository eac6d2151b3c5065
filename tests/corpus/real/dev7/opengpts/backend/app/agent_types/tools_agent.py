"""Reconstruction of langchain-ai/opengpts@8e7fef72e1f7fd1cd3518b4c6e1d6fbb33a4fe2c:backend/app/agent_types/tools_agent.py (lines 20-128), trimmed; not the original text."""

from langchain_core.messages import FunctionMessage, HumanMessage, SystemMessage, ToolMessage
from langgraph.graph import END
from langgraph.graph.message import MessageGraph
from langgraph.prebuilt import ToolExecutor, ToolInvocation

from app.message_types import LiberalToolMessage


def get_tools_agent_executor(tools, llm, system_message: str, interrupt_before_action: bool, checkpoint):
    async def _get_messages(messages):
        msgs = []
        for m in messages:
            if isinstance(m, LiberalToolMessage):
                _dict = m.model_dump()
                # the tool's output as stored in the thread, made a string the same way every turn
                _dict["content"] = str(_dict["content"])
                msgs.append(ToolMessage(**_dict))
            elif isinstance(m, FunctionMessage):
                msgs.append(HumanMessage(content=str(m.content)))
            else:
                msgs.append(m)
        return [SystemMessage(content=system_message)] + msgs

    llm_with_tools = llm.bind_tools(tools) if tools else llm
    agent = _get_messages | llm_with_tools
    tool_executor = ToolExecutor(tools)

    def should_continue(messages):
        return "continue" if messages[-1].tool_calls else "end"

    async def call_tool(messages):
        last_message = messages[-1]
        actions = [ToolInvocation(tool=c["name"], tool_input=c["args"]) for c in last_message.tool_calls]
        responses = await tool_executor.abatch(actions)
        return [
            LiberalToolMessage(tool_call_id=c["id"], name=c["name"], content=r)
            for c, r in zip(last_message.tool_calls, responses)
        ]

    workflow = MessageGraph()
    workflow.add_node("agent", agent)
    workflow.add_node("action", call_tool)
    workflow.set_entry_point("agent")
    workflow.add_conditional_edges("agent", should_continue, {"continue": "action", "end": END})
    workflow.add_edge("action", "agent")
    return workflow.compile(checkpointer=checkpoint, interrupt_before=["action"] if interrupt_before_action else None)
