"""Reconstruction of chatchat-space/Langchain-Chatchat@49165d6af4438aa7e8a1f71ce276db55f4405151:libs/chatchat-server/chatchat/server/chat/chat.py (lines 76-130), trimmed; not the original text."""

from typing import List, Tuple, Union

from chatchat.server.agents_registry.agents_registry import agents_registry
from chatchat.server.db.repository.message_repository import filter_message
from langchain_chatchat.agents import PlatformToolsRunnable


def create_models_chains(history_len, prompts, models, tools, callbacks, conversation_id, metadata, use_mcp: bool = False):
    messages = filter_message(conversation_id=conversation_id, limit=history_len)
    messages = list(reversed(messages))
    history: List[Union[List, Tuple]] = []
    for message in messages:
        history.append({"role": "user", "content": message["query"]})
        history.append({"role": "assistant", "content": message["response"]})

    llm = models["action_model"]
    llm.callbacks = callbacks
    agent_executor = PlatformToolsRunnable.create_agent_executor(
        agent_type="platform-knowledge-mode",
        agents_registry=agents_registry,
        llm=llm,
        tools=tools,
        history=history,
        intermediate_steps=[],
        mcp_connections={},
    )
    full_chain = {"chat_input": lambda x: x["input"]} | agent_executor
    return full_chain, agent_executor
