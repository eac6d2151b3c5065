"""Reconstruction of openai/swarm@6af0b4caf37dca4526dfd98e9fbd8ce36e7eeb22:swarm/core.py
(lines 26-140, 140-230), trimmed; not the original text.

Every request is [system: the active agent's instructions] + the whole history. Instructions may
be a callback of the context variables, which tool results can update; a handoff swaps the
active agent, and with it the system message, in front of the same history.
"""

import copy
import json
from collections import defaultdict

from openai import OpenAI

from .types import Agent, Result
from .util import function_to_json

__CTX_VARS_NAME__ = "context_variables"


class Swarm:
    def __init__(self, client=None):
        self.client = client or OpenAI()

    def get_chat_completion(self, agent: Agent, history: list, context_variables: dict, model_override: str, stream: bool, debug: bool):
        context_variables = defaultdict(str, context_variables)
        # called on every request: its output (and, after a handoff, another agent's) is the
        # system message ahead of the history
        instructions = agent.instructions(context_variables) if callable(agent.instructions) else agent.instructions  # expect: PL104
        messages = [{"role": "system", "content": instructions}] + history
        tools = [function_to_json(f) for f in agent.functions]
        for tool in tools:
            params = tool["function"]["parameters"]
            # clean: removes a key of a tool schema, not a message
            params["properties"].pop(__CTX_VARS_NAME__, None)
            if __CTX_VARS_NAME__ in params["required"]:
                params["required"].remove(__CTX_VARS_NAME__)
        create_params = {
            "model": model_override or agent.model,
            "messages": messages,
            "tools": tools or None,
            "tool_choice": agent.tool_choice,
            "stream": stream,
        }
        if tools:
            create_params["parallel_tool_calls"] = agent.parallel_tool_calls
        # clean: the request as built above
        return self.client.chat.completions.create(**create_params)

    def handle_function_result(self, result, debug) -> Result:
        if isinstance(result, Result):
            return result
        if isinstance(result, Agent):
            # clean: a dict literal with one constant key, kept in the history as a tool result
            return Result(value=json.dumps({"assistant": result.name}), agent=result)
        return Result(value=str(result))

    def handle_tool_calls(self, tool_calls, functions, context_variables: dict, debug: bool):
        function_map = {f.__name__: f for f in functions}
        messages, agent, new_context = [], None, {}
        for tool_call in tool_calls:
            args = json.loads(tool_call.function.arguments)
            func = function_map[tool_call.function.name]
            if __CTX_VARS_NAME__ in func.__code__.co_varnames:
                args[__CTX_VARS_NAME__] = context_variables
            result = self.handle_function_result(func(**args), debug)
            messages.append({"role": "tool", "tool_call_id": tool_call.id, "tool_name": tool_call.function.name, "content": result.value})
            new_context.update(result.context_variables)
            if result.agent:
                agent = result.agent
        return messages, agent, new_context

    def run(self, agent: Agent, messages: list, context_variables: dict = {}, model_override=None, stream=False, debug=False, max_turns=float("inf"), execute_tools=True):
        active_agent = agent
        context_variables = copy.deepcopy(context_variables)
        history = copy.deepcopy(messages)
        init_len = len(messages)
        while len(history) - init_len < max_turns and active_agent:
            completion = self.get_chat_completion(active_agent, history, context_variables, model_override, stream, debug)
            message = completion.choices[0].message
            message.sender = active_agent.name
            history.append(json.loads(message.model_dump_json()))
            if not message.tool_calls or not execute_tools:
                break
            tool_messages, new_agent, new_context = self.handle_tool_calls(message.tool_calls, active_agent.functions, context_variables, debug)
            history.extend(tool_messages)
            context_variables.update(new_context)
            if new_agent:
                active_agent = new_agent
        return history[init_len:], active_agent, context_variables
