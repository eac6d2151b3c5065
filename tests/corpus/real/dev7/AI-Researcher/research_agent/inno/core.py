"""Reconstruction of HKUDS/AI-Researcher@ea37a75b2958a8dd8500644357ca51a9360c5540:research_agent/inno/core.py (lines 93-141, 418-553, 555-663), trimmed; not the original text.

The Swarm-style loop: the active agent's instructions (a callback of context_variables) as the
system message, then the thread; for models without function calling the tools description is
appended to the thread's last message, in place. run_async works on a deep copy of the
messages it is given and returns only the messages it added.
"""

import copy
import json
from collections import defaultdict

import litellm
from litellm import BadRequestError, ContextWindowExceededError, acompletion, completion

from research_agent.constant import API_BASE_URL, MUST_ADD_USER, NOT_SUPPORT_FN_CALL, NOT_USE_FN_CALL
from research_agent.inno.fn_call_converter import (
    SYSTEM_PROMPT_SUFFIX_TEMPLATE,
    convert_fn_messages_to_non_fn_messages,
    convert_tools_to_description,
    interleave_user_into_messages,
)
from research_agent.inno.util import function_to_json

__CTX_VARS_NAME__ = "context_variables"


def truncate_message(message: str) -> str:
    return message[:40000]


class MetaChain:
    def get_chat_completion(self, agent, history: list, context_variables: dict, model_override: str, stream: bool):
        context_variables = defaultdict(str, context_variables)
        instructions = agent.instructions(context_variables) if callable(agent.instructions) else agent.instructions
        messages = [{"role": "system", "content": instructions}] + history
        tools = [function_to_json(f) for f in agent.functions]
        for tool in tools:
            tool["function"]["parameters"]["properties"].pop(__CTX_VARS_NAME__, None)
        create_params = {
            "model": model_override or agent.model,
            "messages": messages,
            "tools": tools or None,
            "tool_choice": agent.tool_choice,
            "stream": stream,
        }
        return completion(**create_params)

    async def get_chat_completion_async(self, agent, history: list, context_variables: dict, model_override: str):
        context_variables = defaultdict(str, context_variables)
        instructions = agent.instructions(context_variables) if callable(agent.instructions) else agent.instructions
        messages = [{"role": "system", "content": instructions}] + history
        tools = [function_to_json(f) for f in agent.functions]
        create_model = model_override or agent.model
        if create_model not in NOT_USE_FN_CALL:
            assert litellm.supports_function_calling(model=create_model)
            return await acompletion(
                model=create_model, messages=messages, tools=tools or None, tool_choice=agent.tool_choice, base_url=API_BASE_URL
            )
        last_content = messages[-1]["content"]
        tools_description = convert_tools_to_description(tools)
        # the dict is this run's copy of the last message: the caller's thread keeps it without the suffix
        messages[-1]["content"] = last_content + "\n[IMPORTANT] You MUST use the tools provided to complete the task.\n" + SYSTEM_PROMPT_SUFFIX_TEMPLATE.format(description=tools_description)  # expect: PL301
        if create_model in NOT_SUPPORT_FN_CALL:
            messages = convert_fn_messages_to_non_fn_messages(messages)
        if create_model in MUST_ADD_USER and messages[-1]["role"] != "user":
            messages = interleave_user_into_messages(messages)
        return await acompletion(model="deepseek-chat", messages=messages)

    async def try_completion_with_truncation(self, agent, history, context_variables, model_override):
        try:
            return await self.get_chat_completion_async(agent, history, context_variables, model_override)
        except (ContextWindowExceededError, BadRequestError) as e:
            if "context length" in str(e).lower() and history and isinstance(history[-1].get("content"), str):
                # only after an overflow, and only the newest message, once
                history[-1]["content"] = truncate_message(history[-1]["content"])
                return await self.get_chat_completion_async(agent, history, context_variables, model_override)
            raise

    async def run_async(self, agent, messages: list, context_variables: dict = {}, max_turns: int = 30):
        history = copy.deepcopy(messages)
        init_len = len(messages)
        while len(history) - init_len < max_turns:
            completion = await self.try_completion_with_truncation(agent, history, context_variables, None)
            message = completion.choices[0].message
            history.append(json.loads(message.model_dump_json()))
            if not message.tool_calls:
                break
            history.extend(self.handle_tool_calls(message.tool_calls, agent.functions, context_variables))
        return history[init_len:]

    def handle_tool_calls(self, tool_calls, functions, context_variables) -> list:
        return []
