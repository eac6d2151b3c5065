"""Reconstruction of QwenLM/Qwen-Agent@31a4d36d123688581a9e9744427272b33ce940e0:qwen_agent/agents/doc_qa/parallel_doc_qa.py (lines 97-160, 189-262), trimmed; not the original text."""

import copy
import json
from typing import Iterator, List

from qwen_agent.agents.assistant import Assistant
from qwen_agent.agents.doc_qa.parallel_doc_qa_member import ParallelDocQAMember
from qwen_agent.llm.schema import Message
from qwen_agent.utils.parallel_executor import parallel_exec


class ParallelDocQA(Assistant):
    def _run(self, messages: List[Message], lang: str = 'en', **kwargs) -> Iterator[List[Message]]:
        messages = copy.deepcopy(messages)
        user_question = messages[-1].content
        data = [
            {'index': i, 'messages': messages, 'lang': lang, 'knowledge': chunk, 'instruction': user_question}
            for i, chunk in enumerate(self._chunks(messages))
        ]
        results = parallel_exec(self._ask_member_agent, data, jitter=0.5)
        # the members finish in any order; their answers are put back in chunk order
        ordered_results = sorted(results, key=lambda x: x[0])
        member_res = '\n\n'.join(text for _, text in ordered_results)
        retrieve_content = self._retrieve_according_to_member_responses(messages=messages, lang=lang,
                                                                        user_question=user_question,
                                                                        member_res=member_res)
        return self.summary_agent.run(messages=messages, lang=lang, knowledge=retrieve_content)

    def _ask_member_agent(self, index: int, messages: List[Message], lang: str = 'en', knowledge: str = '',
                          instruction: str = '') -> tuple:
        *_, last = ParallelDocQAMember(llm=self.llm).run(messages=messages, knowledge=knowledge, lang=lang,
                                                         instruction=instruction)
        return index, last[-1].content

    def _retrieve_according_to_member_responses(self, messages: List[Message], lang: str = 'en',
                                                user_question: str = '', member_res: str = '') -> str:
        rag_query = f'{user_question}\n\n{member_res}'
        # passages retrieved for this question: they end up in the summary's system message
        retrieve_content = self.function_map['retrieval'].call(  # expect: PL104
            {'query': rag_query, 'files': self._get_files(messages)},
        )
        if not isinstance(retrieve_content, str):
            retrieve_content = json.dumps(retrieve_content, ensure_ascii=False, indent=4)
        return '\n\n'.join(f"## The content from {k['url']}:\n\n{k['text']}" for k in json.loads(retrieve_content))
