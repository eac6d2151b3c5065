"""Reconstruction of vanna-ai/vanna@365d0617c1a4567ffee1b19b40c27feb4206bfcf:src/vanna/core/agent/agent.py (lines 82-131, 571-646, 999-1011, 1160-1239), trimmed; not the original text."""

from typing import List, Optional

from vanna.core.enhancer import DefaultLlmContextEnhancer
from vanna.core.llm import LlmMessage, LlmRequest
from vanna.core.system_prompt import DefaultSystemPromptBuilder


class Agent:
    def __init__(self, llm_service, tool_registry, agent_memory=None, conversation_filters=None,
                 system_prompt_builder=None, llm_context_enhancer=None, config=None):
        self.llm_service = llm_service
        self.tool_registry = tool_registry
        self.system_prompt_builder = system_prompt_builder or DefaultSystemPromptBuilder()
        if llm_context_enhancer is None:
            llm_context_enhancer = DefaultLlmContextEnhancer(agent_memory)
        self.llm_context_enhancer = llm_context_enhancer
        self.conversation_filters = conversation_filters or []
        self.config = config

    async def _send_message(self, user, conversation, message: str):
        conversation.add_message({"role": "user", "content": message})
        tool_schemas = await self.tool_registry.get_schemas(user)
        # rebuilt for every user message, kept for the tool iterations of that message
        system_prompt = await self.system_prompt_builder.build_system_prompt(user, tool_schemas)
        if self.llm_context_enhancer and system_prompt is not None:
            system_prompt = await self.llm_context_enhancer.enhance_system_prompt(
                system_prompt, message, user
            )
        request = await self._build_llm_request(conversation, tool_schemas, user, system_prompt)
        tool_iterations = 0
        while tool_iterations < self.config.max_tool_iterations:
            response = await self.llm_service.send_request(request)
            if not response.is_tool_call():
                conversation.add_message({"role": "assistant", "content": response.content})
                break
            tool_iterations += 1
            conversation.add_message({"role": "assistant", "tool_calls": response.tool_calls})
            for tool_call in response.tool_calls:
                result = await self.tool_registry.execute(tool_call, user)
                conversation.add_message(
                    {"role": "tool", "content": result.result_for_llm, "tool_call_id": tool_call.id}
                )
            request = await self._build_llm_request(conversation, tool_schemas, user, system_prompt)

    async def _build_llm_request(self, conversation, tool_schemas: List, user,
                                 system_prompt: Optional[str] = None) -> LlmRequest:
        filtered_messages = conversation.messages
        for filter in self.conversation_filters:
            # none by default; each filter sees the whole stored conversation
            filtered_messages = await filter.filter_messages(filtered_messages)
        messages = []
        for msg in filtered_messages:
            messages.append(
                LlmMessage(role=msg.role, content=msg.content, tool_calls=msg.tool_calls,
                           tool_call_id=msg.tool_call_id)
            )
        if self.llm_context_enhancer:
            messages = await self.llm_context_enhancer.enhance_user_messages(messages, user)
        return LlmRequest(
            messages=messages,
            tools=tool_schemas if tool_schemas else None,
            user=user,
            system_prompt=system_prompt,
        )
