"""Reconstruction of QwenLM/Qwen-Agent@31a4d36d123688581a9e9744427272b33ce940e0:qwen_agent/agents/doc_qa/parallel_doc_qa_summary.py (lines 29-89), trimmed; not the original text."""

import copy
from typing import Iterator, List

from qwen_agent.agent import Agent
from qwen_agent.llm.schema import CONTENT, ROLE, SYSTEM, USER, Message
from qwen_agent.utils.utils import extract_text_from_message

PROMPT_TEMPLATE = {'en': 'Answer only from the Knowledge Base below.\n\n# Knowledge Base\n\n{ref_doc}'}
PROMPT_END_TEMPLATE = {'en': '# Question\n{question}\n\n# Answering Guidelines\n- Use the Knowledge Base only.\n\nYour answer:'}


class ParallelDocQASummary(Agent):
    def _run(self, messages: List[Message], knowledge: str = '', lang: str = 'en', **kwargs) -> Iterator[List[Message]]:
        messages = copy.deepcopy(messages)
        # this question's retrieved passages (parallel_doc_qa.py), in the system message ahead of the history
        system_prompt = PROMPT_TEMPLATE[lang].format(ref_doc=knowledge)
        if messages and messages[0][ROLE] == SYSTEM:
            messages[0][CONTENT] += '\n\n' + system_prompt
        else:
            messages.insert(0, Message(SYSTEM, system_prompt))
        user_question = extract_text_from_message(messages[-1], add_upload_info=False)
        # only the latest question gets the answering guidelines; as history it goes back to bare text
        messages[-1] = Message(USER, PROMPT_END_TEMPLATE[lang].format(question=user_question))  # expect: PL301
        return self._call_llm(messages=messages)
