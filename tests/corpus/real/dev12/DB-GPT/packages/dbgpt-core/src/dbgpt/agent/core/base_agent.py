"""Reconstruction of eosphoros-ai/DB-GPT@651fc13e6152d6a8d2f05d2ccfea08467f97a3ee:packages/dbgpt-core/src/dbgpt/agent/core/base_agent.py (lines 1055-1064, 1098-1121, 1285-1453), trimmed; not the original text."""

import json
from datetime import datetime
from typing import Any, Dict, List, Optional

from jinja2.sandbox import SandboxedEnvironment

from dbgpt.agent.core.profile.base import _DEFAULT_SYSTEM_TEMPLATE
from dbgpt.agent.core.role import Role
from dbgpt.core import ModelMessageRoleType


class ConversableAgent(Role):
    def _print_received_message(self, message, sender):
        content = json.dumps(message.content, ensure_ascii=False)
        if content is not None:
            print(content, flush=True)

    async def load_resource(self, question: str, is_retry_chat: bool = False):
        if self.resource:
            resource_prompt, resource_reference = await self.resource.get_prompt(
                lang=self.language, question=question
            )
            return resource_prompt, resource_reference
        return None, None

    async def generate_resource_variables(self, resource_prompt: Optional[str] = None):
        out_schema: Optional[str] = ""
        if self.actions and len(self.actions) > 0:
            out_schema = self.actions[0].ai_out_schema
        if not resource_prompt:
            resource_prompt = ""
        now_time = datetime.now().strftime("%Y-%m-%d %H:%M:%S")  # expect: PL101
        return {
            "resource_prompt": resource_prompt,
            "out_schema": out_schema,
            "now_time": now_time,
        }

    async def build_system_prompt(self, question=None, most_recent_memories=None,
                                  resource_vars=None, context=None, is_retry_chat=False):
        prompt_param = {"role": self.role, "name": self.name, "goal": self.goal,
                        "constraints": self.constraints, "examples": self.examples}
        if resource_vars:
            prompt_param.update(resource_vars)
        if context:
            prompt_param.update(context)
        _env = SandboxedEnvironment()
        return _env.from_string(_DEFAULT_SYSTEM_TEMPLATE).render(prompt_param)

    async def _load_thinking_messages(self, received_message, sender, observation=None,
                                      rely_messages=None, historical_dialogues=None,
                                      context=None, is_retry_chat=False,
                                      current_retry_counter=None):
        question = received_message.content
        observation = observation or question
        memories = await self.read_memories(observation)
        memory_list = memories if isinstance(memories, list) else []
        resource_prompt_str, resource_references = await self.load_resource(
            observation, is_retry_chat=is_retry_chat
        )
        resource_vars = await self.generate_resource_variables(resource_prompt_str)
        system_prompt = await self.build_system_prompt(
            question=question, resource_vars=resource_vars, context=context,
            is_retry_chat=is_retry_chat,
        )
        user_prompt = f"Observation: {observation}"
        agent_messages = []
        if system_prompt:
            agent_messages.append({"content": system_prompt, "role": ModelMessageRoleType.SYSTEM})
        if historical_dialogues and not memories:
            for i in range(len(historical_dialogues)):
                agent_messages.append(historical_dialogues[i])
        if memory_list:
            agent_messages.extend(memory_list)
        ctx_mgr = getattr(self, "_context_manager", None)
        if ctx_mgr is not None:
            agent_messages = await ctx_mgr.manage_context(
                messages=agent_messages, current_round=current_retry_counter or 0
            )
        agent_messages.append({"content": user_prompt, "role": ModelMessageRoleType.HUMAN})
        return agent_messages, resource_references
