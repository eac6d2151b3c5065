"""Reconstruction of QwenLM/Qwen-Agent@31a4d36d123688581a9e9744427272b33ce940e0:qwen_agent/agents/virtual_memory_agent.py (lines 28-80), trimmed; not the original text."""

import copy
from typing import Iterator, List

from qwen_agent.agents.assistant import Assistant
from qwen_agent.llm.schema import FUNCTION, Message
from qwen_agent.settings import MAX_LLM_CALL_PER_RUN


class VirtualMemoryAgent(Assistant):
    retrieval_tool_name = 'retrieval'

    def _run(self, messages: List[Message], lang: str = 'en', **kwargs) -> Iterator[List[Message]]:
        ori_messages = messages
        messages = copy.deepcopy(messages)
        calls_left = MAX_LLM_CALL_PER_RUN
        response = []
        while calls_left > 0:
            calls_left -= 1
            output = []
            for output in self._call_llm(messages=messages + response,
                                         functions=[func.function for func in self.function_map.values()]):
                if output:
                    yield response + output
            response.extend(output)
            last = response[-1]
            if not last.function_call:
                break
            observation = self._call_tool(last.function_call.name, last.function_call.arguments, messages=messages)  # expect: PL104
            if last.function_call.name == self.retrieval_tool_name:
                # what the retrieval tool found goes into the system message, ahead of everything sent so far
                messages = self._prepend_knowledge_prompt(messages=ori_messages, lang=lang, knowledge=observation)
                observation = 'The retrieved content is now in the system message.'
            response.append(Message(role=FUNCTION, name=last.function_call.name, content=observation))
