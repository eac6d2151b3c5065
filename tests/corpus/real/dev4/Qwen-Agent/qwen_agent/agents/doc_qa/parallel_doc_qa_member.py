"""Reconstruction of QwenLM/Qwen-Agent@31a4d36d123688581a9e9744427272b33ce940e0:qwen_agent/agents/doc_qa/parallel_doc_qa_member.py (lines 59-153), trimmed; not the original text."""

import copy
from typing import Iterator, List

from qwen_agent.agent import Agent
from qwen_agent.llm.schema import CONTENT, ROLE, SYSTEM, USER, Message

NO_RESPONSE = '<None>'
SYSTEM_PROMPT_TEMPLATE = {'en': 'You answer questions from one document excerpt. Reply as JSON; if it cannot answer, '
                                '{{"res": "none", "content": "{no_response}"}}.'}
PROMPT_TEMPLATE = {'en': '# Document:\n{ref_doc}\n\n# Question:\n{instruction}\n\nYour answer:'}


class ParallelDocQAMember(Agent):
    def _run(self, messages: List[Message], knowledge: str = '', lang: str = 'en', instruction: str = None,
             **kwargs) -> Iterator[List[Message]]:
        messages = copy.deepcopy(messages)
        system_prompt = SYSTEM_PROMPT_TEMPLATE[lang].format(no_response=NO_RESPONSE)
        if messages and messages[0][ROLE] == SYSTEM:
            messages[0][CONTENT] += '\n\n' + system_prompt
        else:
            messages.insert(0, Message(SYSTEM, system_prompt))
        # one call per chunk; its answer is consumed by the summary and never becomes history
        prompt = PROMPT_TEMPLATE[lang].format(ref_doc=knowledge, instruction=instruction)
        messages[-1] = Message(USER, prompt)
        return self._call_llm(messages=messages)
