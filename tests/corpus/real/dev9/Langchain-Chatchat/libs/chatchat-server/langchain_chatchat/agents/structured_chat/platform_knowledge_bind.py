"""Reconstruction of chatchat-space/Langchain-Chatchat@49165d6af4438aa7e8a1f71ce276db55f4405151:libs/chatchat-server/langchain_chatchat/agents/structured_chat/platform_knowledge_bind.py (lines 55-133), trimmed; not the original text."""

import re
from datetime import datetime

from langchain_core.runnables import RunnablePassthrough


def render_knowledge_tools(tools) -> str:
    output = []
    for t in tools:
        desc = re.sub(r"\n+", " ", t.description)
        params = []
        for arg_name, arg_def in (t.args or {}).items():
            required = arg_def.get("required", True)
            params.append(f"- {arg_name}: {'(required)' if required else '(optional)'} {arg_def.get('description', '').strip()}")
        output.append(f"## {t.name}\nDescription: {desc}\nParameters:\n" + ("\n".join(params) if params else "- None"))
    return "\n\n".join(output)


def render_knowledge_mcp_tools(tools) -> str:
    return "\n\n".join(f"## {t.name}\n{t.description}" for t in tools)


def create_platform_knowledge_agent(llm, current_working_directory: str, tools, mcp_tools, prompt, *, llm_with_platform_tools=[]):
    prompt = prompt.partial(
        current_working_directory=current_working_directory,
        tools=render_knowledge_tools(list(tools)),
        datetime=datetime.now().isoformat(),
        mcp_tools=render_knowledge_mcp_tools(list(mcp_tools)),
    )
    agent = (
        RunnablePassthrough.assign(agent_scratchpad=lambda x: x["intermediate_steps"])
        | prompt
        | llm
    )
    return agent
