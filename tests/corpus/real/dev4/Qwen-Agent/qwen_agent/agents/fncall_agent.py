"""Reconstruction of QwenLM/Qwen-Agent@31a4d36d123688581a9e9744427272b33ce940e0:qwen_agent/agents/fncall_agent.py (lines 27-108), trimmed; not the original text."""

import copy
from typing import Iterator, List

from qwen_agent.agent import Agent
from qwen_agent.llm.schema import FUNCTION, Message
from qwen_agent.settings import MAX_LLM_CALL_PER_RUN


class FnCallAgent(Agent):
    def _run(self, messages: List[Message], lang: str = 'en', **kwargs) -> Iterator[List[Message]]:
        messages = copy.deepcopy(messages)
        calls_left = MAX_LLM_CALL_PER_RUN
        response = []
        while calls_left > 0:
            calls_left -= 1
            extra_generate_cfg = {'lang': lang}
            if kwargs.get('seed') is not None:
                extra_generate_cfg['seed'] = kwargs['seed']
            # tools in the order the agent was configured with (a dict keeps insertion order)
            output_stream = self._call_llm(messages=messages,
                                           functions=[func.function for func in self.function_map.values()],
                                           extra_generate_cfg=extra_generate_cfg)
            output: List[Message] = []
            for output in output_stream:
                if output:
                    yield response + output
            if not output:
                break
            response.extend(output)
            messages.extend(output)
            used_any_tool = False
            for out in output:
                if out.function_call:
                    result = self._call_tool(out.function_call.name, out.function_call.arguments, messages=messages)
                    fn_msg = Message(role=FUNCTION, name=out.function_call.name, content=result,
                                     extra={'function_id': out.extra.get('function_id', '1')})
                    messages.append(fn_msg)
                    response.append(fn_msg)
                    used_any_tool = True
            if not used_any_tool:
                break
        yield response

    def _call_tool(self, tool_name, tool_args='{}', **kwargs):
        return self.function_map[tool_name].call(tool_args)
